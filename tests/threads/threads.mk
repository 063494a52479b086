# Host threads (tests/threads): HIP programs in which several threads use
# the runtime at once.  make check runs them with ASan+UBSan (the check
# build) on the sim board and the fake KFD, and again built against a
# ThreadSanitizer libbarehip.a.
THREAD_DIR := $(BUILD)/tests/threads
THREAD_TESTS := $(patsubst tests/threads/%.hip,$(THREAD_DIR)/%,$(wildcard tests/threads/*.hip))
# modules loads module_api's code object (tests/programs/programs.mk).
ifdef MODULE_CO_DIR
THREAD_FLAGS_modules = -DMODULE_DIR='"$(abspath $(MODULE_CO_DIR))"'
else
THREAD_TESTS := $(filter-out %/modules,$(THREAD_TESTS))
endif
# default_stream: the per-thread default stream as a compile mode, and
# the same source built for the legacy one.
THREAD_FLAGS_default_stream = --default-stream per-thread
THREAD_FLAGS_default_stream_legacy = --default-stream legacy
$(THREAD_DIR)/default_stream_legacy: tests/threads/default_stream.hip

ifneq ($(SANITIZE),thread)
$(if $(MODULE_CO_DIR),$(THREAD_DIR)/modules: $(MODULE_CO_DIR)/kernels.co)
$(THREAD_DIR)/%: tests/threads/%.hip tests/threads/threads.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -pthread $(THREAD_FLAGS_$*) -o $@ $<
CHECK_BINS += $(THREAD_TESTS)
CHECK_RUNS += $(THREAD_TESTS)
# And on the kfd backend through the fake KFD, whose models run beside the
# program's threads on CP threads of their own, with an interrupt thread
# per GPU (gfx90a: the host side is the same).
CHECK_RUNS += $(if $(filter gfx90a,$(KFD_GFX)),$(addsuffix @kfd-gfx90a,$(if $(KFDSIM_LIB),$(THREAD_TESTS))))

# ThreadSanitizer: a make of its own in TSAN_BUILD (SANITIZE=thread)
# builds libbarehip.a, barehip-cc and the headers there, nothing else:
# the device libraries are this build's (TSAN_DEVICE_LIBS, linked in).
# Only the first time, or after a change of the library's sources, is
# that a few minutes; the programs take seconds each.
# THREADS_TSAN=0 leaves these runs out (a quicker check).
THREADS_TSAN ?= 1
TSAN_BUILD := $(BUILD)/tsan
TSAN_TESTS := $(patsubst $(THREAD_DIR)/%,$(TSAN_BUILD)/tests/threads/%,$(THREAD_TESTS))
.PHONY: tsan-threads
tsan-threads: $(FW_LIBS) $(if $(MODULE_CO_DIR),$(MODULE_CO_DIR)/kernels.co)
	$(Q)$(MAKE) --no-print-directory BUILD=$(TSAN_BUILD) SANITIZE=thread \
		TSAN_DEVICE_LIBS=$(abspath $(BUILD)/lib/barehip) \
		MODULE_CO_DIR=$(if $(MODULE_CO_DIR),$(abspath $(MODULE_CO_DIR))) $(TSAN_TESTS)
ifeq ($(THREADS_TSAN),1)
CHECK_RUN_PREBUILD += tsan-threads
CHECK_RUNS += $(TSAN_TESTS)
endif
else
# Inside that make: the programs against this libbarehip.a.
$(BUILD)/lib/barehip:
	$(Q)mkdir -p $(@D) && ln -sfn $(TSAN_DEVICE_LIBS) $@
$(THREAD_DIR)/%: tests/threads/%.hip tests/threads/threads.h $(BAREHIP_CC) $(LIBBAREHIP) \
		$(HEADERS) | $(BUILD)/lib/barehip
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (ThreadSanitizer)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -pthread $(THREAD_FLAGS_$*) -o $@ $<
endif
