# barehip: the one build.
#
#   make sim_defconfig | <board>_defconfig   select a board
#   make menuconfig | olddefconfig | savedefconfig
#   make            build the runtime, firmware, tools and examples
#   make run        build and run examples/saxpy.hip on the board
#   make check      every test (unit, device; host code under ASan+UBSan)
#   make bench      the tracked figures
#   make sweep [FN=sinf]   all 2^32 inputs of the unary f32 math functions
#   make fuzz       ten minutes of libFuzzer on code-object loading
#   make install PREFIX=/opt/barehip
#   make gfx90a | gfx942 | gfx1100 | gfx1103 | gfx1151
#                   make the sim board model that GPU
#   make check-gfx11   saxpy and the device tests on the gfx1100 model
#   make check-cmake   the CMake projects of tests/cmake, from make install
#
# Configuration comes only from .config (Kconfig); without one, the build
# behaves as if `make sim_defconfig` had been run.

SHELL := /bin/bash
.DEFAULT_GOAL := all
.DELETE_ON_ERROR:
.SUFFIXES:

BUILD ?= build
PREFIX ?= /usr/local
SANITIZE ?= 0
V ?= 0
ifeq ($(V),0)
Q := @
else
Q :=
endif

# Debian's kconfiglib (python3-kconfiglib) ships its tools as modules.
PYTHON := /usr/bin/python3
KLIB := /usr/lib/python3/dist-packages
KCONFIG_RUN = KCONFIG_CONFIG=.config $(PYTHON) $(KLIB)/$(1).py
BOARDS := $(notdir $(patsubst %/,%,$(dir $(wildcard boards/*/defconfig))))

SIM_GFX_GOALS := gfx90a gfx942 gfx1100 gfx1103 gfx1151
CONFIG_GOALS := menuconfig olddefconfig savedefconfig defconfig clean distclean \
	deps help $(addsuffix _defconfig,$(BOARDS)) $(SIM_GFX_GOALS)
ifneq ($(filter-out $(CONFIG_GOALS),$(if $(MAKECMDGOALS),$(MAKECMDGOALS),all)),)
NEED_CONFIG := 1
endif

# ---------------------------------------------------------------- deps
# A fresh Debian 12 machine gets its packages here, once per build dir.
DEPS_STAMP := $(BUILD)/.deps-build
CHECK_DEPS_STAMP := $(BUILD)/.deps-check
# The fragments' own stamps (QEMU, the cross sysroots), for deps-all.
EXTRA_DEPS_STAMPS :=

$(DEPS_STAMP): scripts/deps.sh
	$(Q)mkdir -p $(@D) && scripts/deps.sh build && touch $@
$(CHECK_DEPS_STAMP): scripts/deps.sh
	$(Q)mkdir -p $(@D) && scripts/deps.sh check && touch $@

.PHONY: deps
deps: $(DEPS_STAMP) $(CHECK_DEPS_STAMP)

# -------------------------------------------------------------- kconfig
.config: | $(DEPS_STAMP)
	@echo "barehip: no .config, using boards/sim/defconfig"
	$(Q)$(call KCONFIG_RUN,defconfig) --kconfig Kconfig boards/sim/defconfig

%_defconfig: boards/%/defconfig $(DEPS_STAMP)
	$(Q)$(call KCONFIG_RUN,defconfig) --kconfig Kconfig $<

.PHONY: menuconfig olddefconfig savedefconfig $(SIM_GFX_GOALS)
menuconfig: $(DEPS_STAMP) | .config
	$(Q)$(call KCONFIG_RUN,menuconfig) Kconfig
olddefconfig: $(DEPS_STAMP) | .config
	$(Q)$(call KCONFIG_RUN,olddefconfig) Kconfig
savedefconfig: $(DEPS_STAMP) | .config
	$(Q)$(call KCONFIG_RUN,savedefconfig) --kconfig Kconfig --out defconfig
	@echo "barehip: wrote ./defconfig"

# Make the sim board model another GPU (its target is selected with it).
$(SIM_GFX_GOALS): $(DEPS_STAMP) | .config
	$(Q)$(call KCONFIG_RUN,setconfig) --kconfig Kconfig SIM_$(shell echo $@ | tr a-z A-Z)=y
	@echo "barehip: sim board now models $@"

AUTOCONF := $(BUILD)/include/generated/autoconf.h
CONFIG_MK := $(BUILD)/config.mk

$(CONFIG_MK): .config Kconfig $(DEPS_STAMP)
	$(Q)mkdir -p $(dir $(AUTOCONF))
	$(Q)$(call KCONFIG_RUN,olddefconfig) Kconfig >/dev/null
	$(Q)$(PYTHON) $(KLIB)/genconfig.py --header-path $(AUTOCONF).tmp \
		--config-out $@.tmp Kconfig
	$(Q)cmp -s $(AUTOCONF).tmp $(AUTOCONF) || mv $(AUTOCONF).tmp $(AUTOCONF)
	$(Q)rm -f $(AUTOCONF).tmp
	$(Q)mv $@.tmp $@

$(AUTOCONF): $(CONFIG_MK)

ifdef NEED_CONFIG
include $(CONFIG_MK)
endif

unquote = $(patsubst "%",%,$(1))
comma := ,
space := $(eval) $(eval)
CLANG := $(call unquote,$(CONFIG_CLANG))
LLD := $(call unquote,$(CONFIG_LLD))
LLVM_MC := $(call unquote,$(CONFIG_LLVM_MC))
LLVM_OBJDUMP := $(call unquote,$(CONFIG_LLVM_OBJDUMP))
LLVM_OBJCOPY := $(call unquote,$(CONFIG_LLVM_OBJCOPY))
LLVM_READELF := $(call unquote,$(CONFIG_LLVM_READELF))
LLVM_AR := $(call unquote,$(CONFIG_LLVM_AR))
# barehip-cc's -fgpu-rdc link reads undefined symbols with llvm-nm (the
# one beside llvm-ar).
LLVM_NM := $(subst llvm-ar,llvm-nm,$(LLVM_AR))
OFFLOAD_BUNDLER := $(call unquote,$(CONFIG_OFFLOAD_BUNDLER))
DEVICE_OPT := $(call unquote,$(CONFIG_DEVICE_OPT))
BOARD := $(call unquote,$(CONFIG_BOARD_NAME))
TARGETS := $(if $(CONFIG_TARGET_GFX90A),gfx90a) $(if $(CONFIG_TARGET_GFX942),gfx942) \
	$(if $(CONFIG_TARGET_GFX1100),gfx1100) $(if $(CONFIG_TARGET_GFX1103),gfx1103) \
	$(if $(CONFIG_TARGET_GFX1151),gfx1151)

# A recipe, not $(error): a stale config.mk must not block its own remake.
.PHONY: check-backends
check-backends:
	$(Q)if [ -z "$(CONFIG_BACKEND_SIM)$(CONFIG_BACKEND_KMOD)$(CONFIG_BACKEND_KFD)" ]; then \
		echo "barehip: no backend selected; enable one in 'make menuconfig'" \
			"(Backends)"; exit 1; fi

# ---------------------------------------------------------------- flags
HOSTCC := $(CLANG)
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
HOST_CFLAGS := -std=c11 $(WARN) -O2 -g -D_GNU_SOURCE -I$(BUILD)/include \
	-Iloader/include -Iboards/sim/model -Ikit/include -Iloader/platform/uapi -MMD -MP
# SANITIZE=thread: ThreadSanitizer, for the thread tests only (tests/threads).
TSAN_FLAGS := -fsanitize=thread -fno-omit-frame-pointer
ifeq ($(SANITIZE),1)
HOST_CFLAGS += $(SAN_FLAGS)
HOST_LDFLAGS := $(SAN_FLAGS)
else ifeq ($(SANITIZE),thread)
HOST_CFLAGS += $(TSAN_FLAGS)
HOST_LDFLAGS := $(TSAN_FLAGS)
else
HOST_LDFLAGS := -static
endif
# HIP programs are built by barehip-cc (kit/kit.mk).  A test that needs
# compiler flags names them in a line of its own:
# "// barehip-cc-flags: -munsafe-fp-atomics".
CC_FLAGS := $(if $(filter 1,$(SANITIZE)),$(SAN_FLAGS),$(if $(filter thread,$(SANITIZE)),$(TSAN_FLAGS)))
test_flags = $(shell sed -n 's|^// barehip-cc-flags: ||p' $(1))
# The selected targets the sim board models; a test "prog@gfx1100" runs
# prog on it (every program carries a code object for each of them).
# tests/gfx11/gfx11.mk adds gfx1103 and gfx1151, which are not default
# targets, on a representative subset.
MODELLED := $(filter gfx90a gfx942 gfx1100 gfx1103 gfx1151,$(TARGETS))
# on_gfx PROGS,GFX...: each program on each of those targets.
on_gfx = $(foreach t,$(1),$(foreach g,$(2),$(t)@$(g)))
on_modelled = $(call on_gfx,$(1),$(MODELLED))
# make check runs every test, in a covering matrix rather than the whole
# product of test x target x -O level x backend x host arch: every device
# test runs at -O2 on every modelled target, at -O0 on one target of each
# scratch mode, and on the kfd backend once per -O level; the QEMU and
# cross-arch runs take one GPU target each (docs/building.md lists the
# choices).  CHECK_FULL=1 runs the whole product, as before (about twice
# as long).  Rules test $(full) to choose.
CHECK_FULL ?=
full := $(filter 1 y yes,$(CHECK_FULL))
# arch_flags GFX...: barehip-cc flags for a test built for only the
# targets it runs on (nothing under CHECK_FULL: every selected target).
arch_flags = $(if $(full),,$(foreach g,$(sort $(1)),--offload-arch=$(g)))
# "prog@kfd-gfx942": prog on the kfd backend, driving the fake KFD (linked
# into every test build, boards/kfdsim) emulating that target.  The fake
# emulates the gfx9 parts only (its gfx11 is refused by name).
KFD_GFX := $(filter gfx90a gfx942,$(TARGETS))
on_kfd_gfx = $(if $(KFDSIM_LIB),$(call on_gfx,$(1),$(addprefix kfd-,$(2))))
# on_kfd: on the fake KFD of every gfx9 target (the kfd backend's own
# tests); on_kfd_run: the tests of the rest of the tree, which ask the
# kfd backend what any backend is asked: on one target, gfx942 by
# default (KFD_RUN_GFX), every one under CHECK_FULL.
on_kfd = $(call on_kfd_gfx,$(1),$(KFD_GFX))
KFD_RUN_GFX := $(if $(full),$(KFD_GFX),$(lastword $(KFD_GFX)))
on_kfd_run = $(call on_kfd_gfx,$(1),$(KFD_RUN_GFX))

# ------------------------------------------------- per-directory rules
# Each directory's rules are in a fragment beside it, <dir>/<dir>.mk, in
# the spirit of Kbuild's obj-y: it adds its library sources to LIB_SRCS,
# what make check builds to CHECK_BINS, what it runs to CHECK_RUNS (in
# run order; "prog@gfx942" runs prog on the model of that target),
# scripted tests to TOOL_TESTS, what make bench needs to BENCH_BINS.
# Prerequisites expand when read: a fragment comes after what it uses.
LIB_SRCS :=
CHECK_BINS :=
CHECK_RUNS :=
TOOL_TESTS :=
BENCH_BINS :=
# What make check builds before it runs anything (check-build below),
# empty here, before any fragment adds to them: one emptied after
# tests/model/model.mk once dropped its coverage objects, which were
# then built one at a time at the start of the test run.
CHECK_PREBUILD :=
CHECK_RUN_PREBUILD :=
LIBBAREHIP := $(BUILD)/lib/libbarehip.a

include firmware/firmware.mk
include loader/loader.mk
include kit/kit.mk
ifdef NEED_CONFIG
include boards/sim/sim.mk
ifneq ($(CONFIG_BACKEND_SIM),)
ifneq ($(CONFIG_BACKEND_KFD),)
include boards/kfdsim/kfdsim.mk
include boards/kfdsim/preload.mk
endif
endif
include tests/model/model.mk
endif

# ----------------------------------------------------------- libbarehip
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
# The headers are copied before any object builds: a new source has no .d
# file yet to say it reads them.
$(LIB_OBJS): | $(SIM_GEN_HEADERS) $(HEADERS)

$(BUILD)/obj/%.o: %.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -c $< -o $@

include linker/linker.mk

# ------------------------------------------------------------- examples
EXAMPLES := $(patsubst examples/%.hip,$(BUILD)/examples/%,$(wildcard examples/*.hip))
$(BUILD)/examples/%: examples/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -o $@ $<

.PHONY: all
all: check-backends check-freestanding $(TOOLCHAIN) $(HOST_TOOLS) $(EXAMPLES)

.PHONY: run
run: all
	@echo "barehip: running examples/saxpy.hip on the $(BOARD) board ($(call unquote,$(CONFIG_SIM_TARGET)))"
	$(Q)$(BUILD)/examples/saxpy

# ---------------------------------------------------------------- tests
CHECK_BUILD := $(BUILD)/check
.PHONY: check check-run
# The tests run sanitized (ASan+UBSan, dynamic link) from $(CHECK_BUILD);
# the examples also run as shipped: static, from $(BUILD).  tests/qemu
# (barehip.ko under QEMU) and tests/cross (aarch64 and riscv64 under
# qemu-user) add their own checks to check.
check: $(CHECK_DEPS_STAMP) check-build all
	$(Q)$(MAKE) --no-print-directory BUILD=$(CHECK_BUILD) SANITIZE=1 \
		STATIC_EXAMPLES="$(EXAMPLES)" TOP_BUILD=$(BUILD) check-run

# make check builds everything first, on every core (CHECK_JOBS, nproc
# by default), then runs the tests one at a time: their output reads in
# order, and the timing-sensitive ones (QEMU latencies, deadlock and
# timeout windows) do not compete with compilers.  A fragment whose
# check step needs something built adds it to CHECK_PREBUILD (built in
# $(BUILD)) or CHECK_RUN_PREBUILD (in the sanitized $(CHECK_BUILD)).
CHECK_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
.PHONY: check-build check-build-all check-build-san check-run-build
# Packages first, one apt at a time (deps-all: every fragment's stamp).
check-build: $(CHECK_DEPS_STAMP)
	$(Q)$(MAKE) --no-print-directory -j1 deps-all
	$(Q)$(MAKE) --no-print-directory -j1 BUILD=$(CHECK_BUILD) SANITIZE=1 deps-all
	$(Q)$(MAKE) --no-print-directory -j$(CHECK_JOBS) check-build-all
check-build-san:
	$(Q)$(MAKE) --no-print-directory BUILD=$(CHECK_BUILD) SANITIZE=1 check-run-build

include tests/unit/unit.mk
include tests/device/device.mk
include tests/programs/programs.mk
include tests/math/math.mk
include tests/corpus/corpus.mk
include tests/tools/tools.mk
include tests/sweep/sweep.mk
include tests/fuzz/fuzz.mk
include tests/qemu/qemu.mk
include tests/cross/cross.mk
include boards/qemu-virt-aarch64/baremetal.mk
include tests/tools/install.mk
include tests/gfx11/gfx11.mk
include tests/threads/threads.mk
include tests/cmake/cmake.mk
include tests/hermetic/hermetic.mk
include tests/rocprim/rocprim.mk

.PHONY: deps-all
deps-all: $(DEPS_STAMP) $(CHECK_DEPS_STAMP) $(EXTRA_DEPS_STAMPS)
check-build-all: all $(CHECK_PREBUILD) check-build-san
check-run-build: $(CHECK_BINS) $(EXAMPLES) $(TOOL_TESTS) $(CHECK_RUN_PREBUILD)

# The unit tests first, then every CHECK_RUNS and TOOL_TESTS program
# (a fragment may add a step too: tests/fuzz's fuzz-short).
check-run: check-freestanding check-symbols check-coverage $(CHECK_BINS) $(EXAMPLES) $(TOOL_TESTS)
	$(Q)scripts/run-tests.sh $(BUILD) $(UNIT_BIN) -- $(CHECK_RUNS) $(TOOL_TESTS) $(EXAMPLES) \
		$(STATIC_EXAMPLES)

# ---------------------------------------------------------------- bench
.PHONY: bench
bench: all $(BENCH_BINS)
	$(Q)scripts/bench.sh $(BUILD)

# -------------------------------------------------------------- install
# The installed layout: bin/ (barehip-cc and the host tools), lib/
# (libbarehip.a, and libamdhip64.a naming it, so that a Makefile linking
# ROCm's runtime with -L<prefix>/lib -lamdhip64 gets barehip's; the
# firmware per target in lib/barehip/), include/, and lib/TRIPLE/ with
# the aarch64 and riscv64 runtimes for barehip-cc --host-target=TRIPLE,
# built where Debian's cross compilers are installed (INSTALL_CROSS_LIBS,
# tests/cross/cross.mk), and lib/boards/NAME with the bare-metal boards'
# kits for barehip-cc --board NAME (INSTALL_BOARDS, baremetal.mk).
# tests/tools/install.mk tests the layout.
# install_into DIR[,PREFIX]: install into DIR (make install:
# $(DESTDIR)$(PREFIX)), for use from PREFIX (DIR by default): hiprtc in
# the installed runtimes finds the headers and firmware there
# (scripts/set-hiprtc-prefix.py).  libhiprtc.a names the runtime too
# (ROCm's samples find_library(hiprtc)).
define install_into
	$(Q)install -d $(1)/bin $(1)/lib $(1)/include
	$(Q)install -m 755 $(BAREHIP_CC) $(HOST_TOOLS) $(1)/bin/
	$(Q)install -m 644 $(LIBBAREHIP) $(1)/lib/
	$(Q)scripts/set-hiprtc-prefix.py $(abspath $(or $(2),$(1))) $(1)/lib/libbarehip.a
	$(Q)ln -sf libbarehip.a $(1)/lib/libamdhip64.a
	$(Q)ln -sf libbarehip.a $(1)/lib/libhiprtc.a
	$(Q)for t in $(TARGETS); do install -d $(1)/lib/barehip/$$t && \
		install -m 644 $(BUILD)/lib/barehip/$$t/libbhfw.a $(BUILD)/lib/barehip/$$t/oclc_*.bc \
			$(1)/lib/barehip/$$t/ && \
		if [ -f $(BUILD)/lib/barehip/$$t/w64/libbhfw.a ]; then \
			install -d $(1)/lib/barehip/$$t/w64 && \
			install -m 644 $(BUILD)/lib/barehip/$$t/w64/libbhfw.a \
				$(1)/lib/barehip/$$t/w64/; fi; done
	$(Q)for l in $(INSTALL_CROSS_LIBS); do d=$(1)/lib/$$(basename $$(dirname $$l)) && \
		install -d $$d && install -m 644 $$l $$d/ && ln -sf libbarehip.a $$d/libamdhip64.a && \
		ln -sf libbarehip.a $$d/libhiprtc.a && \
		scripts/set-hiprtc-prefix.py $(abspath $(or $(2),$(1))) $$d/libbarehip.a; done
	$(Q)cp -r $(BUILD)/include/hip $(BUILD)/include/bh_std $(ROCM_GUARD) $(1)/include/
	$(Q)for k in $(INSTALL_BOARDS); do d=$(1)/lib/boards/$$(basename $$(dirname $$k)) && \
		rm -rf $$d && install -d $$d && cp -r $$(dirname $$k)/. $$d/; done
	$(call install_cmake_pkg,$(1))
endef

.PHONY: install
install: all $(INSTALL_CROSS_LIBS) $(INSTALL_BOARDS)
	$(call install_into,$(DESTDIR)$(PREFIX),$(PREFIX))
	@echo "barehip: installed into $(DESTDIR)$(PREFIX)$(if $(INSTALL_CROSS_LIBS), \
		(host runtimes for $(notdir $(patsubst %/,%,$(dir $(INSTALL_CROSS_LIBS))))))"

.PHONY: clean distclean help
clean:
	rm -rf $(BUILD)
distclean: clean
	rm -f .config .config.old defconfig

help:
	@sed -n '3,16p' Makefile | sed 's/^# \{0,1\}//'

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
