# barehip.ko and the QEMU-hosted system tests (included by the Makefile).
#
#   make kmod         build barehip.ko against linux-headers-amd64
#   make check-qemu   boot Debian's kernel under QEMU and test the module,
#                     then the HIP device tests through it on barehip-sim
#
# The module and kmodtest do not depend on the configuration; barehip-sim
# and the HIP tests of hiptest are built from it like everything else.

QEMU_DIR := $(BUILD)/qemu
KMOD_DIR := $(BUILD)/kmod
KMOD_KO := $(KMOD_DIR)/barehip.ko
QEMU_DEPS_STAMP := $(BUILD)/.deps-qemu
EXTRA_DEPS_STAMPS += $(QEMU_DEPS_STAMP)
KMOD_SRCS := kmod/Kbuild $(wildcard kmod/*.c kmod/*.h kmod/uapi/*.h)

$(QEMU_DEPS_STAMP): scripts/deps.sh
	$(Q)mkdir -p $(@D) && scripts/deps.sh qemu && touch $@

# The kernel ABI of the installed headers; the file changes only when the
# ABI does (a Debian kernel update), and then the module is rebuilt.
$(KMOD_DIR)/abi: FORCE | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	$(Q)abi=$$(tests/qemu/kver.sh) && \
		if [ "$$(cat $@ 2>/dev/null)" != "$$abi" ]; then echo "$$abi" > $@; fi

# Out of tree, in a copy under $(BUILD): Kbuild writes next to the sources.
# The kernel's make must not inherit our command-line variables (BUILD,
# SANITIZE, ...), hence the clean environment.  Any warning fails.
$(KMOD_KO): $(KMOD_SRCS) $(KMOD_DIR)/abi
	$(Q)mkdir -p $(KMOD_DIR)/src/uapi
	$(Q)cp -p kmod/Kbuild kmod/*.c kmod/*.h $(KMOD_DIR)/src/
	$(Q)cp -p kmod/uapi/*.h $(KMOD_DIR)/src/uapi/
	@echo "  KMOD    $@"
	$(Q)kver=$$(cat $(KMOD_DIR)/abi) && \
	env -u MAKEFLAGS -u MFLAGS -u MAKEOVERRIDES -u MAKELEVEL \
		make -C /lib/modules/$$kver/build M=$(abspath $(KMOD_DIR)/src) modules \
		> $(KMOD_DIR)/build.log 2>&1 || { cat $(KMOD_DIR)/build.log; exit 1; }
	$(Q)if grep -i -E 'warning|error' $(KMOD_DIR)/build.log | grep -v 'Skipping BTF'; then \
		echo "kmod: the build must be warning-free ($(KMOD_DIR)/build.log)"; exit 1; fi
	$(Q)strip --strip-debug -o $@ $(KMOD_DIR)/src/barehip.ko
	@echo "  KMOD    barehip.ko: $$(stat -c %s $@) bytes stripped" \
		"($$(size -A $@ | awk '/^\.(text|data|rodata|bss)/ { s += $$2 } END { print s }')" \
		"in text and data)"

.PHONY: kmod check-qemu FORCE
FORCE:
kmod: $(KMOD_KO)

# Host side: the echo board (sim board header, ivshmem-doorbell server),
# on the sim board's PCI plumbing (boards/sim/server-pci.c).
QEMU_WARN := -std=c11 -D_GNU_SOURCE -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wvla -O2
SIM_PCI_SRCS := boards/sim/server-pci.c boards/sim/server-ivshmem.c
SIM_PCI_HDRS := boards/sim/server-pci.h boards/sim/server-ivshmem.h kmod/uapi/barehip.h
$(QEMU_DIR)/echo-board: tests/qemu/echo-board.c tests/qemu/echo-board.h $(SIM_PCI_SRCS) \
		$(SIM_PCI_HDRS) | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $@"
	$(Q)gcc $(QEMU_WARN) -o $@ tests/qemu/echo-board.c $(SIM_PCI_SRCS)

# barehip-sim: the sim board as a PCI function of a QEMU guest (the GPU
# model of libbarehip.a behind ivshmem-doorbell; boards/sim/server.c).
# A host tool, built with everything else.
BAREHIP_SIM := $(BUILD)/bin/barehip-sim
$(BAREHIP_SIM): boards/sim/server.c boards/sim/server-regs.h $(SIM_PCI_SRCS) $(SIM_PCI_HDRS) \
		$(LIBBAREHIP) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) boards/sim/server.c $(SIM_PCI_SRCS) \
		$(LIBBAREHIP) $(HOST_LDFLAGS) -lm -o $@
# Only a configuration with the model has it (not the amdgpu-kfd board).
ifneq ($(CONFIG_BACKEND_SIM),)
all: $(BAREHIP_SIM)
endif

# Guest side: static, the guest has no libc.
KMODTEST_SRCS := $(wildcard tests/qemu/guest/k*.c tests/qemu/guest/t_*.c)
$(QEMU_DIR)/kmodtest: $(KMODTEST_SRCS) tests/qemu/guest/kt.h tests/qemu/echo-board.h \
		kmod/uapi/barehip.h | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $@ (static)"
	$(Q)gcc $(QEMU_WARN) -static -o $@ $(KMODTEST_SRCS)
$(QEMU_DIR)/dbgexit: tests/qemu/guest/dbgexit.c | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	$(Q)gcc $(QEMU_WARN) -static -o $@ $<

# The guest's programs that use the loader: static, against libbarehip.a.
$(QEMU_DIR)/bhlatency: tests/qemu/guest/bhlatency.c $(LIBBAREHIP) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@ (static)"
	$(Q)$(HOSTCC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) $< $(LIBBAREHIP) -static -lm -o $@
$(QEMU_DIR)/bhunmap: tests/qemu/guest/bhunmap.c $(LIBBAREHIP) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@ (static)"
	$(Q)$(HOSTCC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) $< $(LIBBAREHIP) -static -lm -o $@
$(QEMU_DIR)/hiptest: tests/qemu/guest/hiptest.c tests/qemu/guest/hip_board.c \
		tests/qemu/guest/hip_unmap.c tests/qemu/guest/kt.c \
		tests/qemu/guest/t_dmesg.c tests/qemu/guest/kt.h boards/sim/server-regs.h \
		kmod/uapi/barehip.h | $(QEMU_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $@ (static)"
	$(Q)gcc $(QEMU_WARN) -static -o $@ $(filter %.c,$^)

$(QEMU_DIR)/initramfs.cpio: tests/qemu/init tests/qemu/mkinitramfs.sh $(KMOD_KO) \
		$(QEMU_DIR)/kmodtest $(QEMU_DIR)/dbgexit
	@echo "  CPIO    $@"
	$(Q)tests/qemu/mkinitramfs.sh $@ tests/qemu/init $(KMOD_KO) $(QEMU_DIR)/kmodtest \
		$(QEMU_DIR)/dbgexit

# The HIP device tests the guest runs through barehip.ko: static, as on
# the in-process board (the loader runs in the guest under TCG, the
# kernels on the host in barehip-sim: all of them take about a minute per
# target).  barehip.ko and the kmod backend do not depend on the GPU
# target, so make check runs them on one, QEMU_GFX (gfx1100 by default:
# wave32, the model's newest), and builds them for it alone; CHECK_FULL=1
# runs them on every modelled target.  The unit tests go along with their
# code objects, at the path they were built to read them from.
QEMU_GFX := $(if $(full),$(MODELLED),$(or $(filter gfx1100,$(MODELLED)),$(lastword $(MODELLED))))
QEMU_HIP_DIR := $(QEMU_DIR)/hip
QEMU_HIP_TESTS := $(patsubst tests/device/%.hip,%,$(wildcard tests/device/*.hip))
QEMU_HIP_BINS := $(addprefix $(QEMU_HIP_DIR)/device/,$(QEMU_HIP_TESTS))
# The host API programs too (streams, events, memory, faults...): the
# single-file ones, which need no files beside them.
QEMU_HIP_BINS += $(patsubst tests/programs/%.hip,$(QEMU_HIP_DIR)/programs/%,\
	$(wildcard tests/programs/*.hip))
# And those that need the board beside the host (barehip-sim runs it so).
QEMU_HIP_BINS += $(patsubst $(BUILD)/tests/%,$(QEMU_HIP_DIR)/%,$(ASYNC_PROGRAMS))
# As tests/programs/programs.mk builds them: hiprtc tells the build host
# (where it must compile) from another by the directory of its device
# library.
QEMU_CC_FLAGS :=
$(QEMU_HIP_DIR)/programs/hiprtc: $(HIPRTC_DIR)/libdevice.a
$(QEMU_HIP_DIR)/programs/hiprtc: QEMU_CC_FLAGS += -DRDC_DIR='"$(abspath $(HIPRTC_DIR))"'
# build/qemu/hip/X from tests/X.hip (device/, programs/, programs/async/).
$(QEMU_HIP_DIR)/%: tests/%.hip $(wildcard tests/device/*.h) $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (QEMU guest: $(QEMU_GFX))"
	$(Q)$(BAREHIP_CC) $(call arch_flags,$(QEMU_GFX)) $(QEMU_CC_FLAGS) $(call test_flags,$<) -o $@ $<
$(QEMU_DIR)/initramfs-hip.cpio: tests/qemu/init tests/qemu/mkinitramfs.sh $(KMOD_KO) \
		$(QEMU_DIR)/hiptest $(QEMU_DIR)/dbgexit $(QEMU_DIR)/bhlatency $(UNIT_BIN) $(UNIT_CO) \
		$(QEMU_HIP_BINS) $(BUILD)/bin/barehip-info
	@echo "  CPIO    $@"
	$(Q)tests/qemu/mkinitramfs.sh $@ tests/qemu/init $(KMOD_KO) $(QEMU_DIR)/hiptest \
		$(QEMU_DIR)/dbgexit $(QEMU_DIR)/bhlatency $(UNIT_BIN) $(BUILD)/bin/barehip-info \
		@hip $(QEMU_HIP_BINS) \
		@$(BUILD)/gen $(UNIT_CO)

# Freeing host memory on a board that does not answer (hiptest unmap;
# barehip-sim --inject): a small guest of its own, it boots in seconds.
$(QEMU_DIR)/initramfs-unmap.cpio: tests/qemu/init tests/qemu/mkinitramfs.sh $(KMOD_KO) \
		$(QEMU_DIR)/hiptest $(QEMU_DIR)/dbgexit $(QEMU_DIR)/bhunmap
	@echo "  CPIO    $@"
	$(Q)tests/qemu/mkinitramfs.sh $@ tests/qemu/init $(KMOD_KO) $(QEMU_DIR)/hiptest \
		$(QEMU_DIR)/dbgexit $(QEMU_DIR)/bhunmap

# The kernel matching the headers, fetched (not installed) once per ABI.
QEMU_CHECK_BUILD := $(QEMU_DIR)/initramfs.cpio $(QEMU_DIR)/echo-board \
	$(QEMU_DIR)/initramfs-hip.cpio $(QEMU_DIR)/initramfs-unmap.cpio $(BAREHIP_SIM)
CHECK_PREBUILD += $(QEMU_CHECK_BUILD)
# Its steps, counted as make check's other groups count theirs (each
# step's summary gives its time).
QEMU_STEPS = $(words kmodtest unmaptest $(QEMU_GFX))
check-qemu: $(QEMU_CHECK_BUILD) | $(QEMU_DEPS_STAMP)
	$(Q)if [ "$(SANITIZE)" = 1 ]; then \
		echo "check-qemu: the guest runs static programs: build without SANITIZE=1"; exit 1; fi
	$(Q)tests/qemu/getkernel.sh $(QEMU_DIR)/kernel
	@echo "== QEMU system test 1 of $(QEMU_STEPS): barehip.ko in Debian's kernel $$(tests/qemu/kver.sh)"
	$(Q)tests/qemu/run.sh kmodtest $(QEMU_DIR)/kernel/current/vmlinux $(QEMU_DIR)/initramfs.cpio \
		$(QEMU_DIR)/echo-board $(QEMU_DIR)
	@echo "== QEMU system test 2 of $(QEMU_STEPS): freeing host memory on a board that does not answer"
	$(Q)tests/qemu/run.sh unmaptest $(QEMU_DIR)/kernel/current/vmlinux \
		$(QEMU_DIR)/initramfs-unmap.cpio $(BAREHIP_SIM) $(QEMU_DIR)
	$(Q)n=2; for gfx in $(QEMU_GFX); do n=$$((n + 1)); \
		echo "== QEMU system test $$n of $(QEMU_STEPS): HIP device tests on barehip-sim ($$gfx) through barehip.ko"; \
		tests/qemu/run.sh hiptest:$$gfx $(QEMU_DIR)/kernel/current/vmlinux \
			$(QEMU_DIR)/initramfs-hip.cpio $(BAREHIP_SIM) $(QEMU_DIR) 300 || exit 1; \
	done

# make check runs it (outside the sanitized check-run).
check: check-qemu
