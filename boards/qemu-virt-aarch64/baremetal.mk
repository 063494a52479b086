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
# The C++ library headers (libstdcxx.sh), once.
BM_CXX := $(BM_NEWLIB)/cxx
BM_CXX_STAMP := $(BM_CXX)/VERSION
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
# The board's configuration comes first: generated/autoconf.h is the
# build's, with no host threads, no host operating system and none of
# the hosted backends (sim, kmod, kfd): the pci backend is the board's.
BM_CONF := $(BM_DIR)/include/generated/autoconf.h
BM_INC := -I$(BM_DIR)/include -I$(BUILD)/include -Iloader/include -Ikit/include
# The runtime, the loader and the pci backend, with no threads
# (kit/runtime/nothread/pthread.h), as the board kit's libbarehip.a.
BM_LIB_SRCS := $(KIT_SRCS) $(BM_LOADER_SRCS) loader/platform/select_board.c
BM_LIB_OBJS := $(patsubst %.c,$(BM_DIR)/obj/%.o,$(BM_LIB_SRCS))
BM_LIB_CFLAGS = $(BM_CFLAGS) $(WARN) -D_GNU_SOURCE -Ikit/runtime/nothread $(BM_INC) \
	-Iloader/platform/uapi -MMD -MP
# The board kit barehip-cc --board qemu-virt-aarch64 links with
# (lib/boards/NAME: board.conf says how).
BM_KIT := $(BUILD)/lib/boards/qemu-virt-aarch64
BM_KIT_OBJS := $(addprefix $(BM_KIT)/,start.o board.o irq.o syscalls.o pci_host.o cxxrt.o)
# C++ on the board (docs/baremetal.md): libstdc++'s headers, no library.
# newlib has C99's complex functions, which the arm-none-eabi
# configuration did not take: std::abs of an infinite complex is then
# infinite, not NaN (libstdc++'s fallback divides inf by inf).
BM_CXX_DEFS := -D_GLIBCXX_USE_C99_COMPLEX=1 -D_GLIBCXX_USE_C99_COMPLEX_TR1=1
BM_KIT_CXXFLAGS := -nostdinc++ -isystem \"\$$board_dir/include/c++\" \
	-isystem \"\$$board_dir/include/c++/arm-none-eabi\" \
	-fno-exceptions -fno-rtti -fno-threadsafe-statics $(BM_CXX_DEFS)

$(BM_DEPS_STAMP): scripts/deps.sh
	$(Q)mkdir -p $(@D) && scripts/deps.sh baremetal && touch $@

$(BM_NEWLIB_LIB): $(BM_BOARD)/newlib.sh | $(BM_DEPS_STAMP)
	$(Q)$(BM_BOARD)/newlib.sh $(BM_NEWLIB) $(CLANG) $(LLVM_AR)

$(BM_CXX_STAMP): $(BM_BOARD)/libstdcxx.sh | $(BM_DEPS_STAMP)
	$(Q)$(BM_BOARD)/libstdcxx.sh $(BM_CXX)

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
# The C++ runtime support of the header-only C++ (cxxrt.cc).
BM_CXXRT_FLAGS = --target=aarch64-none-elf -std=c++17 -O2 -ffunction-sections -fdata-sections \
	-Wall -Wextra -Werror -nostdinc++ -isystem $(BM_CXX)/include \
	-isystem $(BM_CXX)/include/arm-none-eabi -isystem $(BM_BOARD)/include \
	-isystem $(BM_NEWLIB)/install/aarch64-none-elf/include -D_GNU_SOURCE \
	-fno-exceptions -fno-rtti -fno-threadsafe-statics $(BM_CXX_DEFS)
$(BM_DIR)/obj/cxxrt.o: $(BM_BOARD)/cxxrt.cc $(BM_CXX_STAMP) $(BM_NEWLIB_LIB)
	$(Q)mkdir -p $(@D)
	@echo "  CXX     $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(BM_CXXRT_FLAGS) -c $< -o $@
$(BM_CONF): $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	$(Q)sed -e '/^#define CONFIG_HOST_\(THREADS\|OS\) /d' \
		-e '/^#define CONFIG_BACKEND_\(SIM\|KMOD\|KFD\) /d' $< > $@.tmp && mv $@.tmp $@
$(BM_DIR)/obj/loader/%.o: loader/%.c $(BM_NEWLIB_LIB) $(BM_CONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(BM_LIB_CFLAGS) -c $< -o $@
$(BM_DIR)/obj/kit/%.o: kit/%.c $(BM_NEWLIB_LIB) $(BM_CONF) | $(HEADERS)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $< (aarch64 bare metal)"
	$(Q)$(CLANG) $(BM_LIB_CFLAGS) -c $< -o $@
# As natively (linker/linker.mk): one object, only the public names global.
$(BM_KIT)/libbarehip.a: $(BM_LIB_OBJS) linker/public-host.syms linker/procaddr-table.sh
	$(Q)mkdir -p $(@D)
	@echo "  AR      $@ (aarch64 bare metal, public names only)"
	$(Q)$(LLD) -r -o $(BM_DIR)/obj/libbarehip-runtime.o $(BM_LIB_OBJS)
	$(Q)linker/procaddr-table.sh $(LLVM_NM) $(BM_DIR)/obj/libbarehip-runtime.o \
		> $(BM_DIR)/obj/procaddr_table.c
	$(Q)$(CLANG) $(BM_LIB_CFLAGS) -c $(BM_DIR)/obj/procaddr_table.c \
		-o $(BM_DIR)/obj/procaddr_table.o
	$(Q)$(LLD) -r -o $(BM_DIR)/obj/libbarehip.o $(BM_DIR)/obj/libbarehip-runtime.o \
		$(BM_DIR)/obj/procaddr_table.o
	$(Q)$(LLVM_OBJCOPY) --wildcard --keep-global-symbols=linker/public-host.syms \
		$(BM_DIR)/obj/libbarehip.o
	$(Q)rm -f $@ && $(LLVM_AR) rcs $@ $(BM_DIR)/obj/libbarehip.o
$(BM_KIT_OBJS): $(BM_KIT)/%.o: $(BM_DIR)/obj/%.o
	$(Q)mkdir -p $(@D) && cp $< $@
# The kit: the board's objects, linker script, C library and headers,
# and board.conf, which barehip-cc reads (paths from $$board_dir).
$(BM_KIT)/board.conf: $(BM_KIT)/libbarehip.a $(BM_KIT_OBJS) $(BM_BOARD)/board.ld \
		$(wildcard $(BM_BOARD)/include/*.h) \
		$(BM_NEWLIB_LIB) $(BM_CXX_STAMP) $(BM_BOARD)/baremetal.mk
	$(Q)mkdir -p $(@D)/include
	$(Q)cp $(BM_BOARD)/board.ld $(BM_NEWLIB)/install/aarch64-none-elf/lib/libc.a \
		$(BM_NEWLIB)/install/aarch64-none-elf/lib/libm.a $(@D)/
	$(Q)cp $(BM_LIBGCC) $(@D)/libgcc.a
	$(Q)rm -rf $(@D)/include/c && cp -r $(BM_NEWLIB)/install/aarch64-none-elf/include $(@D)/include/c
	$(Q)rm -rf $(@D)/include/c++ && cp -r $(BM_CXX)/include $(@D)/include/c++
	$(Q)rm -rf $(@D)/include/board && cp -r $(BM_BOARD)/include $(@D)/include/board
	@echo "  GEN     $@"
	$(Q){ echo '# qemu-virt-aarch64 for barehip-cc --board (made by baremetal.mk)'; \
	  echo 'board_triple=aarch64-none-elf'; \
	  echo 'board_cflags="-isystem \"\$$board_dir/include/board\" -isystem \"\$$board_dir/include/c\" -D_GNU_SOURCE -D_POSIX_TIMERS=1 -D_POSIX_MONOTONIC_CLOCK=200112L"'; \
	  echo 'board_cxxflags="$(BM_KIT_CXXFLAGS) $$board_cflags"'; \
	  echo 'board_ldscript=$$board_dir/board.ld'; \
	  echo 'board_ldflags=-Wl,-z,max-page-size=4096'; \
	  echo 'board_objs="$(foreach o,$(notdir $(BM_KIT_OBJS)),\"\$$board_dir/$(o)\")"'; \
	  echo 'board_libs="\"\$$board_dir/libc.a\" \"\$$board_dir/libm.a\" \"\$$board_dir/libgcc.a\""'; \
	} > $@.tmp && mv $@.tmp $@
.PHONY: baremetal
baremetal: $(BM_KIT)/board.conf
# make bench boots saxpy on the board (scripts/bench.sh).
BENCH_BINS += $(BM_KIT)/board.conf $(BAREHIP_SIM)
# make install installs the kit (lib/boards/NAME) where it can be built:
# Debian's newlib source and the aarch64 cross gcc (for libgcc) are there.
INSTALL_BOARDS := $(if $(wildcard /usr/src/newlib/newlib-*.tar.*),$(if $(shell command -v \
	aarch64-linux-gnu-gcc 2>/dev/null),$(BM_KIT)/board.conf))
-include $(BM_LIB_OBJS:.o=.d)
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

# A C program with the runtime (the board kit's libbarehip.a), linked
# here, not by barehip-cc: C with no C++ start-up (its GOT has no
# .init_array beside it, board.ld places it).
$(BM_DIR)/runtime_c.elf: $(BM_DIR)/obj/runtime_c.o $(BM_KIT)/libbarehip.a \
		$(BM_BOARD_OBJS) $(BM_DIR)/obj/pci_host.o $(BM_BOARD)/board.ld $(BM_NEWLIB_LIB)
	@echo "  LD      $@ (aarch64 bare metal)"
	$(Q)$(LLD) -T $(BM_BOARD)/board.ld --gc-sections -o $@ $(BM_BOARD_OBJS) $< \
		$(BM_DIR)/obj/pci_host.o $(BM_KIT)/libbarehip.a \
		-L$(BM_NEWLIB)/install/aarch64-none-elf/lib --start-group -lc -lm $(BM_LIBGCC) \
		--end-group

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
$(eval $(call bm_test,runtime_c,0,baremetal runtime_c: PASS,--vram-mb 64))
$(eval $(call bm_test,fault,132,exception: synchronous$(BM_COMMA) ESR 0x0000000096000005.*FAR 0x0000000200000000))

# HIP programs as bare-metal images (barehip-cc --board qemu-virt-aarch64)
# against barehip-sim on the machine's PCIe bus: the board's saxpy, and
# every device test and host API program that fits the board's C++
# (tests/baremetal/fits.sh says which, and why the others do not).  One
# GPU target, gfx90a by default (QEMU's hiptest runs gfx1100 through
# barehip.ko); CHECK_FULL=1 adds the other modelled targets.
BM_GFX := $(if $(full),$(MODELLED),$(or $(filter gfx90a,$(MODELLED)),$(firstword $(MODELLED))))
BM_HIP_SRCS := tests/baremetal/saxpy.hip $(shell tests/baremetal/fits.sh tests/device/*.hip \
	tests/programs/*.hip)
BM_HIP_ELFS := $(patsubst tests/%.hip,$(BM_DIR)/hip/%.elf,$(BM_HIP_SRCS))
BM_CC_DEPS = $(TOOLCHAIN) $(BM_KIT)/board.conf
$(BM_DIR)/hip/%.elf: tests/%.hip $(BM_CC_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (qemu-virt-aarch64)"
	$(Q)$(BAREHIP_CC) --board qemu-virt-aarch64 $(foreach g,$(BM_GFX),--offload-arch=$(g)) \
		$(call test_flags,$<) -o $@ $<
# C++ on the board (docs/baremetal.md): the header-only library subset
# with cxxrt.cc, as host C++ through barehip-cc --board; and a new that
# cannot allocate, which must say so and stop with abort()'s status.
$(BM_DIR)/cxx.elf: tests/baremetal/cxx.cpp $(BM_CC_DEPS)
	@echo "  CXX     $< (qemu-virt-aarch64)"
	$(Q)$(BAREHIP_CC) --board qemu-virt-aarch64 -x c++ -O2 -o $@ $<
$(BM_DIR)/cxx_oom.elf: tests/baremetal/cxx.cpp $(BM_CC_DEPS)
	@echo "  CXX     $< (qemu-virt-aarch64, -DCXX_OOM)"
	$(Q)$(BAREHIP_CC) --board qemu-virt-aarch64 -x c++ -O2 -DCXX_OOM -o $@ $<
$(eval $(call bm_test,cxx,0,baremetal cxx: PASS))
$(eval $(call bm_test,cxx_oom,134,barehip board: C++: out of memory: operator new of 68719476736 bytes))
# bm_hip_test ELF GFX: a make check step booting ELF with barehip-sim
# modelling GFX; the program must exit 0 and print PASS.  (Named
# NAME-GFX-test: run-tests.sh reads "prog@gfx" as prog on the in-process
# model of gfx.)
define bm_hip_test
$(1:.elf=)-$(2)-test: $(1) tests/baremetal/run.sh $(BAREHIP_SIM)
	$$(Q)printf '#!/bin/sh\nexec "%s" "%s" "%s" 0 PASS "%s" --gfx %s\n' \
		"$$(abspath tests/baremetal/run.sh)" "$(BM_QEMU)" "$$(abspath $$<)" \
		"$$(abspath $(BAREHIP_SIM))" "$(2)" > $$@ && chmod +x $$@
TOOL_TESTS += $(1:.elf=)-$(2)-test
endef
$(foreach e,$(BM_HIP_ELFS),$(foreach g,$(BM_GFX),$(eval $(call bm_hip_test,$(e),$(g)))))
.PRECIOUS: $(BM_DIR)/obj/%.o $(BM_DIR)/hip/%.elf
