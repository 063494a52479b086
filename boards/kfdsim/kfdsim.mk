# The fake amdkfd (boards/kfdsim): libbarehip-kfdsim.a, which a test
# program links beside libbarehip.a (the model: bh_sim_* are public
# names there), and its test, tests/kfdsim/test_fake_kfd.c.  preload.c
# (the LD_PRELOAD library) has its own fragment, preload.mk.
KFDSIM_DIR := boards/kfdsim
KFDSIM_SRCS := $(addprefix $(KFDSIM_DIR)/,core.c kfd.c memory.c queue.c event.c drm.c board.c topology.c sys.c)
KFDSIM_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(KFDSIM_SRCS))
KFDSIM_LIB := $(BUILD)/obj/libbarehip-kfdsim.a

$(KFDSIM_OBJS): | $(SIM_GEN_HEADERS)
# <linux/kfd_ioctl.h> includes <drm/drm.h> (libdrm-dev): a stand-in.
$(KFDSIM_OBJS): HOST_CFLAGS += -I$(KFDSIM_DIR)/uapi
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
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -I$(KFDSIM_DIR)/uapi -c $< -o $@
$(KFDSIM_TEST): $(BUILD)/obj/tests/kfdsim/test_fake_kfd.o $(KFDSIM_LIB) $(LIBBAREHIP)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $< $(KFDSIM_LINK) $(LIBBAREHIP) $(HOST_LDFLAGS) -lpthread -lm -o $@

CHECK_BINS += $(KFDSIM_TEST)
CHECK_RUNS += $(KFDSIM_TEST)@gfx90a $(KFDSIM_TEST)@gfx942
