# The fake amdkfd (boards/kfdsim): libbarehip-kfdsim.a, which a test
# program links beside libbarehip.a (the model: bh_sim_* are public
# names there), and its test, tests/kfdsim/test_fake_kfd.c.  preload.c
# (the LD_PRELOAD library) has its own fragment, preload.mk.
KFDSIM_DIR := boards/kfdsim
KFDSIM_SRCS := $(addprefix $(KFDSIM_DIR)/,core.c kfd.c memory.c queue.c event.c drm.c board.c topology.c sys.c)
KFDSIM_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(KFDSIM_SRCS))
KFDSIM_LIB := $(BUILD)/lib/libbarehip-kfdsim.a

$(KFDSIM_OBJS): | $(SIM_GEN_HEADERS)
$(KFDSIM_LIB): $(KFDSIM_OBJS)
	$(Q)mkdir -p $(@D)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(LLVM_AR) rcs $@ $^

# bh_kfd_sys_override is only weakly referenced (kfd-sys.h), and a weak
# reference pulls nothing from an archive: a program that wants the fake
# names it undefined.  barehip-cc --kfdsim links the same way.
KFDSIM_LINK := -Wl,--undefined=bh_kfd_sys_override $(KFDSIM_LIB)

# The test drives the fake only through bh_kfd_sys_override, as the
# kfd backend will.
KFDSIM_TEST := $(BUILD)/tests/kfdsim/test_fake_kfd
$(BUILD)/obj/tests/kfdsim/%.o: tests/kfdsim/%.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -c $< -o $@
$(KFDSIM_TEST): $(BUILD)/obj/tests/kfdsim/test_fake_kfd.o $(KFDSIM_LIB) $(LIBBAREHIP)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $< $(KFDSIM_LINK) $(LIBBAREHIP) $(HOST_LDFLAGS) -lpthread -lm -o $@

# barehip-cc --kfdsim needs the archive: it is part of the toolchain, and
# every test build (make check's) links the fake, so each test program
# can also run with BAREHIP_BOARD=kfd (tests list those runs by on_kfd).
TOOLCHAIN += $(KFDSIM_LIB)
ifeq ($(SANITIZE),1)
CC_FLAGS += --kfdsim
endif

# The kfd backend through the loader alone, on the fake: ring wrap, more
# queues than the GPU gives, a hang and the queue's re-creation, a memory
# fault and recovery (tests/kfdsim/backend_test.c, its kernels in
# backendk.hip).
KFD_BACKEND_TEST := $(BUILD)/tests/kfdsim/backend_test
KFD_BACKEND_COS := $(foreach t,$(KFD_GFX),$(BUILD)/tests/kfdsim/backendk.$(t).co)
$(BUILD)/tests/kfdsim/backendk.%.co: tests/kfdsim/backendk.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< ($*)"
	$(Q)$(BAREHIP_CC) --device-only --offload-arch=$* -O2 -o $@ $<
$(BUILD)/obj/tests/kfdsim/backend_test.o: HOST_CFLAGS += -Iboards/kfdsim \
	-DBACKENDK_DIR='"$(abspath $(BUILD)/tests/kfdsim)"'
$(KFD_BACKEND_TEST): $(BUILD)/obj/tests/kfdsim/backend_test.o $(KFDSIM_LIB) $(LIBBAREHIP) \
		$(KFD_BACKEND_COS)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $< $(KFDSIM_LINK) $(LIBBAREHIP) $(HOST_LDFLAGS) -lpthread -lm -o $@

CHECK_BINS += $(KFDSIM_TEST) $(KFD_BACKEND_TEST)
CHECK_RUNS += $(call on_kfd,$(KFDSIM_TEST) $(KFD_BACKEND_TEST))
