# Host threads (tests/threads): HIP programs in which several threads use
# the runtime at once.  They run in make check with ASan (the check
# build) on the default target, and again built against a
# ThreadSanitizer libbarehip.a (TSAN_BUILD, below).
THREAD_DIR := $(BUILD)/tests/threads
THREAD_TESTS := $(patsubst tests/threads/%.hip,$(THREAD_DIR)/%,$(wildcard tests/threads/*.hip))
# modules loads module_api's code object (tests/programs/programs.mk).
ifdef MODULE_CO_DIR
THREAD_FLAGS_modules = -DMODULE_DIR='"$(abspath $(MODULE_CO_DIR))"'
$(THREAD_DIR)/modules: $(MODULE_CO_DIR)/kernels.co
else
THREAD_TESTS := $(filter-out %/modules,$(THREAD_TESTS))
endif
$(THREAD_DIR)/%: tests/threads/%.hip tests/threads/threads.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -pthread $(THREAD_FLAGS_$*) -o $@ $<
CHECK_BINS += $(THREAD_TESTS)
CHECK_RUNS += $(THREAD_TESTS)
