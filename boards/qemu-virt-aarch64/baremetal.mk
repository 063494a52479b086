# The bare-metal board qemu-virt-aarch64 (included by the Makefile;
# docs/baremetal.md): C programs with newlib, booted on QEMU's virt
# machine with no operating system.
#
# So far the board itself: start-up (FP, stack, vectors, the identity
# map with caches), the PL011 UART, the generic timer, the exception
# report, newlib's system calls and the exit status through
# semihosting.  The PCI platform backend and the HIP runtime on it are
# the next parts of issue 23.
#
# newlib is built from Debian's newlib-source with clang-19 into
# $(BM_NEWLIB), once (newlib.sh).  The long-double helper newlib's
# strtod and printf call (__trunctfdf2) comes from the libgcc of Debian's
# aarch64 cross gcc: soft-float C with no OS in it.

BM_BOARD := boards/qemu-virt-aarch64
BM_DIR := $(BUILD)/baremetal
BM_NEWLIB := $(BUILD)/newlib-aarch64
BM_NEWLIB_LIB := $(BM_NEWLIB)/install/aarch64-none-elf/lib/libc.a
BM_DEPS_STAMP := $(BUILD)/.deps-baremetal
EXTRA_DEPS_STAMPS += $(BM_DEPS_STAMP)
BM_QEMU := qemu-system-aarch64
BM_LIBGCC = $(shell aarch64-linux-gnu-gcc -print-libgcc-file-name)
BM_CFLAGS := --target=aarch64-none-elf -std=c11 -O2 -ffunction-sections -fdata-sections \
	-Wall -Wextra -Werror -isystem $(BM_NEWLIB)/install/aarch64-none-elf/include \
	-D_POSIX_TIMERS=1 -D_POSIX_MONOTONIC_CLOCK=200112L -I$(BM_BOARD)
# board.c runs before the MMU is on, where an unaligned access faults.
BM_BOARD_CFLAGS := -ffreestanding -mstrict-align
BM_BOARD_OBJS := $(BM_DIR)/obj/start.o $(BM_DIR)/obj/board.o $(BM_DIR)/obj/irq.o \
	$(BM_DIR)/obj/syscalls.o
# The loader on the board: its core and the pci backend (loader/platform/
# pci.c, simboard.c) over the board's PCI host (pci_host.c).
BM_LOADER_SRCS := $(LOADER_SRCS) loader/platform/pci.c loader/platform/simboard.c
BM_LOADER_OBJS := $(patsubst %.c,$(BM_DIR)/obj/%.o,$(BM_LOADER_SRCS)) \
	$(BM_DIR)/obj/pci_host.o
BM_INC := -I$(BUILD)/include -Iloader/include -Ikit/include

$(BM_DEPS_STAMP): scripts/deps.sh
	$(Q)mkdir -p $(@D) && scripts/deps.sh baremetal && touch $@

$(BM_NEWLIB_LIB): $(BM_BOARD)/newlib.sh | $(BM_DEPS_STAMP)
	$(Q)$(BM_BOARD)/newlib.sh $(BM_NEWLIB) $(CLANG) $(LLVM_AR)

$(BM_DIR)/obj/start.o: $(BM_BOARD)/start.S | $(BM_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  AS      $< (aarch64 bare metal)"
	$(Q)$(CLANG) --target=aarch64-none-elf -c $< -o $@
$(BM_DIR)/obj/board.o: $(BM_BOARD)/board.c $(BM_BOARD)/board.h | $(BM_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(filter-out -isystem $(BM_NEWLIB)/%,$(BM_CFLAGS)) $(BM_BOARD_CFLAGS) -c $< -o $@
# The IRQ handler runs inside any code; start.S saves the general registers only.
$(BM_DIR)/obj/irq.o: $(BM_BOARD)/irq.c $(BM_BOARD)/board.h | $(BM_DEPS_STAMP)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(filter-out -isystem $(BM_NEWLIB)/%,$(BM_CFLAGS)) -ffreestanding \
		-mgeneral-regs-only -c $< -o $@
$(BM_DIR)/obj/syscalls.o: $(BM_BOARD)/syscalls.c $(BM_BOARD)/board.h $(BM_NEWLIB_LIB)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(BM_CFLAGS) -c $< -o $@
$(BM_DIR)/obj/pci_host.o: $(BM_BOARD)/pci_host.c $(BM_BOARD)/board.h $(BM_NEWLIB_LIB) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(BM_CFLAGS) $(WARN) $(BM_INC) -c $< -o $@
$(BM_DIR)/obj/loader/%.o: loader/%.c $(BM_NEWLIB_LIB) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(BM_CFLAGS) $(WARN) $(BM_INC) -MMD -MP -c $< -o $@
$(BM_DIR)/obj/%.o: tests/baremetal/%.c $(BM_NEWLIB_LIB) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(BM_CFLAGS) $(BM_INC) -c $< -o $@
$(BM_DIR)/%.elf: $(BM_DIR)/obj/%.o $(BM_BOARD_OBJS) $(BM_BOARD)/board.ld $(BM_NEWLIB_LIB)
	@echo "  LD      $@ (aarch64 bare metal)"
	$(Q)$(LLD) -T $(BM_BOARD)/board.ld --gc-sections -o $@ $(BM_BOARD_OBJS) $< \
		-L$(BM_NEWLIB)/install/aarch64-none-elf/lib --start-group -lc -lm $(BM_LIBGCC) \
		--end-group
# The loader-level test: the loader and the pci backend, no HIP runtime.
$(BM_DIR)/pci_loader.elf: $(BM_DIR)/obj/pci_loader.o $(BM_LOADER_OBJS) $(BM_BOARD_OBJS) \
		$(BM_BOARD)/board.ld $(BM_NEWLIB_LIB)
	@echo "  LD      $@ (aarch64 bare metal)"
	$(Q)$(LLD) -T $(BM_BOARD)/board.ld --gc-sections -o $@ $(BM_BOARD_OBJS) $< \
		$(BM_LOADER_OBJS) -L$(BM_NEWLIB)/install/aarch64-none-elf/lib --start-group -lc -lm \
		$(BM_LIBGCC) --end-group
-include $(BM_LOADER_OBJS:.o=.d)

# bm_test NAME STATUS PATTERN [SIM-ARGS]: a make check step booting
# NAME.elf, which must exit with STATUS and print PATTERN.  With SIM-ARGS
# (at least "-"), the machine has the sim board on its PCIe bus:
# barehip-sim serving it, with those arguments.
define bm_test
$(BM_DIR)/$(1)-test: $(BM_DIR)/$(1).elf tests/baremetal/run.sh $(if $(4),$(BAREHIP_SIM))
	$$(Q)printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s" "%s" %s\n' "$$(abspath tests/baremetal/run.sh)" \
		"$(BM_QEMU)" "$$(abspath $$<)" "$(2)" "$(3)" \
		'$(if $(4),"$(abspath $(BAREHIP_SIM))" $(filter-out -,$(4)))' > $$@ && chmod +x $$@
TOOL_TESTS += $(BM_DIR)/$(1)-test
endef
$(eval $(call bm_test,hello,0,baremetal hello: PASS))
# A read of unmapped memory (8 GiB): a translation fault at level 1
# (ESR 0x96000005: a data abort, DFSC 0b000101 -- with the MMU off it
# would be an external abort), reported by the vector, status 128 + 4.
BM_COMMA := ,
$(eval $(call bm_test,pci_loader,0,baremetal pci_loader: PASS,--vram-mb 64))
$(eval $(call bm_test,fault,132,exception: synchronous$(BM_COMMA) ESR 0x0000000096000005.*FAR 0x0000000200000000))
.PRECIOUS: $(BM_DIR)/obj/%.o
