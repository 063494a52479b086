# The fake amdkfd for any dynamically linked program (boards/kfdsim):
# libbarehip-kfdsim.so (LD_PRELOAD, preload.c) holding the fake
# (core, kfd, board, topology) and the GPU model, all built -fPIC in an
# object dir of their own, never sanitized (an LD_PRELOAD library cannot
# carry ASan into a program built without it); and the wrapper command
# barehip-kfdsim that runs a program with it.  Their tests run Debian's
# rocminfo, libhsakmt and ROCr (scripts/deps.sh check) on the fake.
KFDSIM_PRELOAD := $(BUILD)/lib/libbarehip-kfdsim.so
KFDSIM_WRAPPER := $(BUILD)/bin/barehip-kfdsim
# The fake is kfdsim.mk's sources but sys.c (the static programs' entry).
KFDSIM_PIC_SRCS := boards/kfdsim/preload.c $(filter-out %/sys.c,$(KFDSIM_SRCS)) $(SIM_MODEL_SRCS)
KFDSIM_PIC_OBJS := $(patsubst %.c,$(BUILD)/obj-pic/%.o,$(KFDSIM_PIC_SRCS))
KFDSIM_PIC_CFLAGS := $(filter-out $(SAN_FLAGS),$(HOST_CFLAGS)) -fPIC -fvisibility=hidden\
	-Iboards/kfdsim

$(KFDSIM_PIC_OBJS): | $(SIM_GEN_HEADERS)
$(BUILD)/obj-pic/%.o: %.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (PIC)"
	$(Q)$(HOSTCC) $(KFDSIM_PIC_CFLAGS) -c $< -o $@

$(KFDSIM_PRELOAD): $(KFDSIM_PIC_OBJS) boards/kfdsim/preload.map
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) -shared -fPIC -Wl,--version-script=boards/kfdsim/preload.map \
		-Wl,-z,defs -Wl,-soname,libbarehip-kfdsim.so $(KFDSIM_PIC_OBJS) -ldl -lpthread -lm -o $@

$(KFDSIM_WRAPPER): boards/kfdsim/barehip-kfdsim.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $< $(HOST_LDFLAGS) -o $@

KFDSIM_TOOLS := $(KFDSIM_PRELOAD) $(KFDSIM_WRAPPER)
all: $(KFDSIM_TOOLS)

-include $(shell find $(BUILD)/obj-pic -name '*.d' 2>/dev/null)

# ---------------------------------------------------------------- tests
# Scripts run through a generated launcher naming the build's files (as
# tests/tools does); programs linked against Debian's libraries, without
# sanitizers (they run under LD_PRELOAD).
KFDSIM_TEST_DIR := $(BUILD)/tests/kfdsim
# rocminfo-gfx90a, -gfx942, and -gfx90a-x3 (three GPUs).
KFDSIM_ROCMINFO_TESTS := $(KFDSIM_TEST_DIR)/rocminfo-gfx90a $(KFDSIM_TEST_DIR)/rocminfo-gfx942 \
	$(KFDSIM_TEST_DIR)/rocminfo-gfx90a-x3
$(KFDSIM_ROCMINFO_TESTS): $(KFDSIM_TEST_DIR)/rocminfo-%: tests/kfdsim/rocminfo.sh $(KFDSIM_TOOLS)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s" %s %s\n' "$(abspath $<)" \
		"$(abspath $(KFDSIM_WRAPPER))" "$(firstword $(subst -x, ,$*))" \
		"$(or $(word 2,$(subst -x, ,$*)),1)" > $@ && chmod +x $@

KFDSIM_HSAKMT_BIN := $(KFDSIM_TEST_DIR)/hsakmt_test
$(KFDSIM_HSAKMT_BIN): tests/kfdsim/hsakmt_test.c
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(filter-out $(SAN_FLAGS) -MMD -MP,$(HOST_CFLAGS)) $< -lhsakmt -o $@
KFDSIM_HSAKMT_TESTS := $(KFDSIM_TEST_DIR)/hsakmt-gfx90a $(KFDSIM_TEST_DIR)/hsakmt-gfx942
# gfx942: libhsakmt 5.2's queue is refused (hsakmt_test.c says why).
$(KFDSIM_HSAKMT_TESTS): $(KFDSIM_TEST_DIR)/hsakmt-%: $(KFDSIM_HSAKMT_BIN) $(KFDSIM_TOOLS)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" --gfx %s -- "%s" %s\n' "$(abspath $(KFDSIM_WRAPPER))" \
		"$*" "$(abspath $(KFDSIM_HSAKMT_BIN))" "$(if $(filter gfx942,$*),--queue-refused)" \
		> $@ && chmod +x $@

# ROCr on gfx90a (Debian's ROCr 5.2 has no gfx942): hsa_init, the
# agents, an AQL queue, and a dispatch of store.hip's kernel -- the code
# object loaded and frozen (ROCr's blit kernel copies it, a PM4_IB
# packet invalidates the code caches), the packet, its completion
# signal and the results (tests/kfdsim/rocr_test.c).  Under a second;
# ROCr's own waits (the blit copies') have no timeout, so the launcher
# has one.
KFDSIM_ROCR_BIN := $(KFDSIM_TEST_DIR)/rocr_test
$(KFDSIM_ROCR_BIN): tests/kfdsim/rocr_test.c
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(filter-out $(SAN_FLAGS) -MMD -MP,$(HOST_CFLAGS)) $< -lhsa-runtime64 -o $@
# store.hip as ROCr 5.2 loads it: code object v4, no barehip firmware.
KFDSIM_STORE_CO := $(KFDSIM_TEST_DIR)/store.co
$(KFDSIM_STORE_CO): tests/kfdsim/store.hip
	$(Q)mkdir -p $(@D)
	@echo "  CLANG   $< (code object v4)"
	$(Q)$(CLANG) -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=gfx90a \
		-mcode-object-version=4 -O2 -c -emit-llvm -o $@.bc $<
	$(Q)$(SIM_LLD) -shared -plugin-opt=mcpu=gfx90a -o $@ $@.bc
KFDSIM_ROCR_TEST := $(KFDSIM_TEST_DIR)/rocr-gfx90a
$(KFDSIM_ROCR_TEST): $(KFDSIM_ROCR_BIN) $(KFDSIM_STORE_CO) $(KFDSIM_TOOLS)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec timeout 60 "%s" --gfx gfx90a -- "%s" "%s"\n' \
		"$(abspath $(KFDSIM_WRAPPER))" "$(abspath $(KFDSIM_ROCR_BIN))" \
		"$(abspath $(KFDSIM_STORE_CO))" > $@ && chmod +x $@

# The library's own contract: paths, device files, dups.
KFDSIM_PRELOAD_BIN := $(KFDSIM_TEST_DIR)/preload_test
$(KFDSIM_PRELOAD_BIN): tests/kfdsim/preload_test.c
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(filter-out $(SAN_FLAGS) -MMD -MP,$(HOST_CFLAGS)) $< -o $@
KFDSIM_PRELOAD_TEST := $(KFDSIM_TEST_DIR)/preload-gfx90a
$(KFDSIM_PRELOAD_TEST): $(KFDSIM_PRELOAD_BIN) $(KFDSIM_TOOLS)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" -- "%s"\n' "$(abspath $(KFDSIM_WRAPPER))" \
		"$(abspath $(KFDSIM_PRELOAD_BIN))" > $@ && chmod +x $@

CHECK_BINS += $(KFDSIM_TOOLS) $(KFDSIM_HSAKMT_BIN) $(KFDSIM_ROCR_BIN) $(KFDSIM_STORE_CO) \
	$(KFDSIM_PRELOAD_BIN)
TOOL_TESTS += $(KFDSIM_PRELOAD_TEST) $(KFDSIM_ROCMINFO_TESTS) $(KFDSIM_HSAKMT_TESTS) \
	$(KFDSIM_ROCR_TEST)

# make install: the wrapper beside the other tools, the library in lib/
# (where the wrapper looks: ../lib from its own directory).
.PHONY: install-kfdsim
install: install-kfdsim
install-kfdsim: $(KFDSIM_TOOLS)
	$(Q)install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib
	$(Q)install -m 755 $(KFDSIM_WRAPPER) $(DESTDIR)$(PREFIX)/bin/
	$(Q)install -m 755 $(KFDSIM_PRELOAD) $(DESTDIR)$(PREFIX)/lib/

# The ROCr test alone (make check runs it too).
.PHONY: kfdsim-rocr-dispatch
kfdsim-rocr-dispatch: $(KFDSIM_ROCR_TEST)
	$(Q)$(KFDSIM_ROCR_TEST) || \
		{ echo "kfdsim-rocr-dispatch: failed (status $$?)"; exit 1; }
