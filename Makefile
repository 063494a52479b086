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
#   make gfx90a | gfx942   make the sim board model that GPU
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

CONFIG_GOALS := menuconfig olddefconfig savedefconfig defconfig clean distclean \
	deps help $(addsuffix _defconfig,$(BOARDS)) gfx90a gfx942
ifneq ($(filter-out $(CONFIG_GOALS),$(if $(MAKECMDGOALS),$(MAKECMDGOALS),all)),)
NEED_CONFIG := 1
endif

# ---------------------------------------------------------------- deps
# A fresh Debian 12 machine gets its packages here, once per build dir.
DEPS_STAMP := $(BUILD)/.deps-build
CHECK_DEPS_STAMP := $(BUILD)/.deps-check

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

.PHONY: menuconfig olddefconfig savedefconfig gfx90a gfx942
menuconfig: $(DEPS_STAMP) | .config
	$(Q)$(call KCONFIG_RUN,menuconfig) Kconfig
olddefconfig: $(DEPS_STAMP) | .config
	$(Q)$(call KCONFIG_RUN,olddefconfig) Kconfig
savedefconfig: $(DEPS_STAMP) | .config
	$(Q)$(call KCONFIG_RUN,savedefconfig) --kconfig Kconfig --out defconfig
	@echo "barehip: wrote ./defconfig"

# Make the sim board model another GPU (its target is selected with it).
gfx90a gfx942: $(DEPS_STAMP) | .config
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
	$(if $(CONFIG_TARGET_GFX1100),gfx1100)

# A recipe, not $(error): a stale config.mk must not block its own remake.
.PHONY: check-backends
check-backends:
	$(Q)if [ -n "$(CONFIG_BACKEND_KFD)" ]; then \
		echo "barehip: the kfd backend is not written yet;" \
			"disable it in 'make menuconfig' (Backends)"; exit 1; fi

# ---------------------------------------------------------------- flags
HOSTCC := $(CLANG)
SAN_FLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
WARN := -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wvla
HOST_CFLAGS := -std=c11 $(WARN) -O2 -g -D_GNU_SOURCE -I$(BUILD)/include \
	-Iloader/include -Iboards/sim/model -Ikit/include -MMD -MP
ifeq ($(SANITIZE),1)
HOST_CFLAGS += $(SAN_FLAGS)
HOST_LDFLAGS := $(SAN_FLAGS)
else
HOST_LDFLAGS := -static
endif
# The loader core builds freestanding: only compiler headers plus the few
# libc routines declared in loader/core/klib.h (any embedded libc has them).
LOADER_CFLAGS := -ffreestanding -fno-builtin-malloc

# ----------------------------------------------------------- libbarehip
ifdef NEED_CONFIG
include boards/sim/sim.mk
endif

LOADER_SRCS := $(wildcard loader/core/*.c) $(wildcard loader/gfx/*.c)
PLATFORM_SRCS := $(if $(CONFIG_BACKEND_SIM),loader/platform/sim.c)
# The kmod backend, and the choice between backends at run time.
PLATFORM_SRCS += $(if $(CONFIG_BACKEND_KMOD),loader/platform/kmod.c) loader/platform/select.c
KIT_SRCS := $(wildcard kit/runtime/*.c)
LIB_SRCS := $(LOADER_SRCS) $(PLATFORM_SRCS) $(KIT_SRCS) $(SIM_MODEL_SRCS)
LIB_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(LIB_SRCS))
HOST_CFLAGS += -I$(BUILD)/gen -I$(SIM_DIR)
$(LIB_OBJS): | $(SIM_GEN_HEADERS)
LIBBAREHIP := $(BUILD)/lib/libbarehip.a

$(BUILD)/obj/loader/core/%.o: loader/core/%.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(LOADER_CFLAGS) -c $< -o $@
$(BUILD)/obj/loader/gfx/%.o: loader/gfx/%.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(LOADER_CFLAGS) -c $< -o $@
$(BUILD)/obj/%.o: %.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -c $< -o $@

# The archive users link holds one object, partially linked from all of
# LIB_OBJS, in which only the names of linker/public-host.syms stay global:
# a program may define its own decode() or fail() (scripts/check-symbols.sh
# checks it).  The tests that call internals link LIBBAREHIP_ALL.
LIBBAREHIP_ALL := $(BUILD)/obj/libbarehip-all.a
$(LIBBAREHIP_ALL): $(LIB_OBJS) | check-backends
	$(Q)mkdir -p $(@D)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(LLVM_AR) rcs $@ $^
PUBLIC_SYMS := linker/public-host.syms $(if $(filter 1,$(SANITIZE)),linker/public-sanitizer.syms)
$(LIBBAREHIP): $(LIB_OBJS) $(PUBLIC_SYMS) | check-backends
	$(Q)mkdir -p $(@D) $(BUILD)/obj
	@echo "  AR      $@ (public names only)"
	$(Q)$(LLD) -r -o $(BUILD)/obj/libbarehip.o $(LIB_OBJS)
	$(Q)$(LLVM_OBJCOPY) --wildcard $(addprefix --keep-global-symbols=,$(PUBLIC_SYMS)) \
		$(BUILD)/obj/libbarehip.o
	$(Q)rm -f $@ && $(LLVM_AR) rcs $@ $(BUILD)/obj/libbarehip.o

# Only the allowed headers may appear in the freestanding loader core.
.PHONY: check-freestanding
check-freestanding:
	$(Q)bad=$$(grep -n '#include <' $(LOADER_SRCS) loader/core/*.h loader/include/bh/*.h \
		| grep -v -E '<(stddef|stdint|stdbool|stdarg|stdalign|limits)\.h>|<bh/[a-z_]+\.h>' || true); \
	if [ -n "$$bad" ]; then echo "loader core must stay freestanding:"; echo "$$bad"; exit 1; fi

# ------------------------------------------------------------- firmware
FW_SRCS := $(wildcard firmware/*.c firmware/math/*.c)
# -nostdlibinc rather than -ffreestanding: the latter marks every function
# "no-builtins", which stops LTO from inlining the firmware into kernels.
# -fdenormal-fp-math=dynamic: the firmware runs in whatever denormal mode
# the kernel was built for; with the default ("ieee") the inliner refuses
# to inline it into kernels built with -fgpu-flush-denormals-to-zero, and
# every builtin became a real call.
FW_CFLAGS = --target=amdgcn-amd-amdhsa -mcpu=$(1) -nogpulib -nostdlibinc -fvisibility=hidden \
	-fdenormal-fp-math=dynamic \
	-std=c11 $(WARN) -$(DEVICE_OPT) -emit-llvm -Ifirmware -Iloader/include -I$(BUILD)/include \
	$(if $(CONFIG_DEVICE_DEBUG_INFO),-g) -mcode-object-version=$(CONFIG_DEVICE_CODE_OBJECT_VERSION)
FW_LIBS := $(foreach t,$(TARGETS),$(BUILD)/lib/barehip/$(t)/libbhfw.a)
FW_MODES := finite_only_opt unsafe_math_opt daz_opt correctly_rounded_sqrt32
FW_LIBS += $(foreach t,$(TARGETS),$(foreach m,$(FW_MODES),$(foreach v,on off,\
	$(BUILD)/lib/barehip/$(t)/oclc_$(m)-$(v).bc)))

define fw_rules
$(BUILD)/obj/firmware/$(1)/%.bc: firmware/%.c $$(wildcard firmware/*.h firmware/math/*.h) loader/include/bh/devabi.h \
		$$(AUTOCONF)
	$$(Q)mkdir -p $$(@D)
	@echo "  FW-CC   $$< ($(1))"
	$$(Q)$$(CLANG) $$(call FW_CFLAGS,$(1)) -c $$< -o $$@
# The math modes (firmware/modes/mode.c): one bitcode file per control
# and value, outside the archive; barehip-cc links one of each.
$(BUILD)/lib/barehip/$(1)/oclc_%.bc: firmware/modes/mode.c $$(AUTOCONF)
	$$(Q)mkdir -p $$(@D)
	@echo "  FW-CC   $$@"
	$$(Q)$$(CLANG) $$(call FW_CFLAGS,$(1)) -DMODE_NAME=__oclc_$$(word 1,$$(subst -, ,$$*)) \
		-DMODE_VALUE=$$(if $$(filter on,$$(word 2,$$(subst -, ,$$*))),1,0) -c $$< -o $$@
$(BUILD)/lib/barehip/$(1)/libbhfw.a: $$(patsubst firmware/%.c,$(BUILD)/obj/firmware/$(1)/%.bc,$$(FW_SRCS))
	$$(Q)mkdir -p $$(@D)
	@echo "  FW-AR   $$@"
	$$(Q)rm -f $$@ && $$(LLVM_AR) rcs $$@ $$^
endef
$(foreach t,$(TARGETS),$(eval $(call fw_rules,$(t))))

# Every installed archive defines only its documented public names
# (linker/public-*.syms say which, and why).
.PHONY: check-symbols
check-symbols: $(LIBBAREHIP) $(FW_LIBS)
	$(Q)scripts/check-symbols.sh $(LLVM_NM) $(subst $(space),$(comma),$(strip $(PUBLIC_SYMS))) $(LIBBAREHIP)
	$(Q)scripts/check-symbols.sh $(LLVM_NM) linker/public-firmware.syms $(filter %.a,$(FW_LIBS))

# ---------------------------------------------------------------- kit
BAREHIP_CC := $(BUILD)/bin/barehip-cc
HEADERS := $(patsubst kit/include/%,$(BUILD)/include/%,$(shell find kit/include -type f))

$(BUILD)/include/%: kit/include/%
	$(Q)mkdir -p $(@D) && cp $< $@

$(BAREHIP_CC): kit/tools/barehip-cc.in $(CONFIG_MK)
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)sed -e 's|@CLANG@|$(CLANG)|g' -e 's|@LLD@|$(LLD)|g' \
		-e 's|@BUNDLER@|$(OFFLOAD_BUNDLER)|g' -e 's|@TARGETS@|$(strip $(TARGETS))|g' \
		-e 's|@NM@|$(LLVM_NM)|g' \
		-e 's|@OPT@|$(DEVICE_OPT)|g' -e 's|@COV@|$(CONFIG_DEVICE_CODE_OBJECT_VERSION)|g' \
		-e 's|@DEBUG@|$(if $(CONFIG_DEVICE_DEBUG_INFO),-g)|g' $< > $@.tmp
	$(Q)chmod +x $@.tmp && mv $@.tmp $@

TOOLCHAIN := $(BAREHIP_CC) $(LIBBAREHIP) $(FW_LIBS) $(HEADERS)

# HIP programs: examples/*.hip and tests/device/*.hip, built by barehip-cc.
CC_FLAGS := $(if $(filter 1,$(SANITIZE)),$(SAN_FLAGS))
$(BUILD)/examples/%: examples/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -o $@ $<
# A test that needs compiler flags names them in a line of its own:
# "// barehip-cc-flags: -munsafe-fp-atomics".
test_flags = $(shell sed -n 's|^// barehip-cc-flags: ||p' $(1))
$(BUILD)/tests/device/%: tests/device/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $<

# Host API programs (tests/programs/*.hip): small complete HIP programs in
# the style of the public HIP samples, each self-verifying; built once and
# run on each modelled target.
$(BUILD)/tests/programs/%: tests/programs/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $<

# Host API programs of several files (tests/programs/<name>/), built the
# way hipcc users build them: module_api loads --genco code objects at
# run time (for every target, for each one alone, and bare ones);
# rdc_lib links -fgpu-rdc objects and a static device library (an ar
# archive of them, found with -L/-l); cxx_lang mixes a default .cpp
# (HIP), -x hip, -x c++ and C; multi_arch takes several --offload-arch
# (multi_arch_one one, and checks the other target's refusal).  They
# need both gfx90a and gfx942 selected; each runs on both.
# tests/tools/barehip-cc-test.sh checks the command line itself.
PROG_DIR := $(BUILD)/tests/programs
MULTI_PROGRAMS :=
MULTI_PROGRAM_RUNS :=
ifeq ($(filter gfx90a gfx942,$(TARGETS)),gfx90a gfx942)
MODULE_CO_DIR := $(PROG_DIR)/module_api.d
MODULE_COS := $(MODULE_CO_DIR)/kernels.co $(foreach t,gfx90a gfx942,\
	$(MODULE_CO_DIR)/kernels-$(t).co $(MODULE_CO_DIR)/kernels-$(t).elf)
$(MODULE_CO_DIR)/kernels.co: tests/programs/module_api/kernels.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  GENCO   $<"
	$(Q)$(BAREHIP_CC) --genco -o $@ $<
$(MODULE_CO_DIR)/kernels-%.co: tests/programs/module_api/kernels.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  GENCO   $< ($*)"
	$(Q)$(BAREHIP_CC) --genco --offload-arch=$* -o $@ $<
$(MODULE_CO_DIR)/kernels-%.elf: tests/programs/module_api/kernels.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< ($* code object)"
	$(Q)$(BAREHIP_CC) --device-only --offload-arch=$* -o $@ $<
$(PROG_DIR)/module_api: tests/programs/module_api/main.hip $(MODULE_COS) $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -DMODULE_DIR='"$(abspath $(MODULE_CO_DIR))"' -o $@ $<

RDC_DIR := $(PROG_DIR)/rdc_lib.d
$(RDC_DIR)/%.o: tests/programs/rdc_lib/%.hip tests/programs/rdc_lib/rdc_lib.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-fgpu-rdc -c)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -fgpu-rdc -c -o $@ $<
$(RDC_DIR)/librdcmath.a: $(RDC_DIR)/vector_ops.o $(RDC_DIR)/polynomial.o
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(LLVM_AR) rcsD $@ $^
$(PROG_DIR)/rdc_lib: $(RDC_DIR)/main.o $(RDC_DIR)/librdcmath.a
	@echo "  HIPLD   $@ (-fgpu-rdc)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -fgpu-rdc -o $@ $< -L$(RDC_DIR) -lrdcmath

CXX_LANG_DIR := $(PROG_DIR)/cxx_lang.d
CXX_LANG_DEPS := tests/programs/cxx_lang/cxx_lang.h $(TOOLCHAIN)
$(CXX_LANG_DIR)/kernels.o: tests/programs/cxx_lang/kernels.cpp $(CXX_LANG_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-x hip)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -x hip -c -o $@ $<
$(CXX_LANG_DIR)/host.o: tests/programs/cxx_lang/host.cpp $(CXX_LANG_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-x c++)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -x c++ -c -o $@ $<
$(CXX_LANG_DIR)/c_api.o: tests/programs/cxx_lang/c_api.c $(CXX_LANG_DEPS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (C)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -c -o $@ $<
$(PROG_DIR)/cxx_lang: tests/programs/cxx_lang/main.cpp $(addprefix $(CXX_LANG_DIR)/,\
		kernels.o host.o c_api.o)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -o $@ $< $(filter %.o,$^)

$(PROG_DIR)/multi_arch: tests/programs/multi_arch/main.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx942 and gfx90a)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=gfx942 --offload-arch=gfx90a -o $@ $<
$(PROG_DIR)/multi_arch_one: tests/programs/multi_arch/main.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx90a only)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=gfx90a -DONLY_TARGET='"gfx90a"' -o $@ $<

CC_TOOL_TEST := $(BUILD)/tests/tools/barehip-cc-test
$(CC_TOOL_TEST): tests/tools/barehip-cc-test.sh $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s"\n' "$(abspath $<)" \
		"$(abspath $(BAREHIP_CC))" "$(OFFLOAD_BUNDLER)" "$(LLVM_READELF)" > $@ && chmod +x $@

MULTI_PROGRAMS := $(addprefix $(PROG_DIR)/,module_api rdc_lib cxx_lang multi_arch multi_arch_one)
MULTI_PROGRAM_RUNS := $(foreach t,$(MULTI_PROGRAMS),$(t)@gfx90a $(t)@gfx942) $(CC_TOOL_TEST)
MULTI_PROGRAMS += $(CC_TOOL_TEST)
endif

# Device math accuracy (tests/math/*.hip): each program runs the real
# device math functions on the board against MPFR (tests/math/mtest.h);
# make check runs the fast sample, make bench 100000 inputs per function
# and writes docs/math-accuracy.md.
$(BUILD)/tests/math/%: tests/math/%.hip tests/math/mtest.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $< -lmpfr -lgmp

# Every device test also runs built at -O0: unoptimised code exercises
# scratch (private segment buffer or architected flat scratch) and far
# more of the ISA than -O2 does.
$(BUILD)/tests/device/%-O0: tests/device/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-O0)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -O0 -o $@ $<

# The corpus (tests/corpus): typical HIP kernels that prove the sim model
# runs what clang emits.  Built at -O2 and -O0, each run on both modelled
# targets (run-tests.sh: "prog@gfx942" runs with BAREHIP_SIM_GFX=gfx942).
$(BUILD)/tests/corpus/%: tests/corpus/%.hip tests/corpus/common.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -Itests/corpus -o $@ $<
$(BUILD)/tests/corpus/%-O0: tests/corpus/%.hip tests/corpus/common.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-O0)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -Itests/corpus -O0 -o $@ $<
CORPUS := $(patsubst tests/corpus/%.hip,$(BUILD)/tests/corpus/%,$(wildcard tests/corpus/*.hip))
CORPUS += $(addsuffix -O0,$(CORPUS))
CORPUS_RUNS := $(foreach t,$(CORPUS),$(t)@gfx90a $(t)@gfx942)

# Instruction coverage: device code objects of every HIP program at
# -O0..-O3 for each target, checked against the model's decode tables.
# make check covers -O1 and -O3 (-O0 and -O2 also run); make coverage
# covers all four and writes docs/model-coverage.md.
COV_SRCS := $(wildcard tests/device/*.hip tests/programs/*.hip tests/math/*.hip tests/corpus/*.hip examples/*.hip)
cov_objs = $(foreach s,$(COV_SRCS),$(foreach t,$(TARGETS),$(foreach o,$(1),\
	$(BUILD)/cov/$(subst /,-,$(basename $(s))).$(t).O$(o).co)))
define COV_RULE
$(BUILD)/cov/$(subst /,-,$(basename $(1))).$(2).O$(3).co: $(1) tests/corpus/common.h $$(TOOLCHAIN)
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(BAREHIP_CC) --device-only --offload-arch=$(2) -O$(3) $$(call test_flags,$(1)) -Itests/corpus -o $$@ $$<
endef
$(foreach s,$(COV_SRCS),$(foreach t,$(TARGETS),$(foreach o,0 1 2 3,\
	$(eval $(call COV_RULE,$(s),$(t),$(o))))))

.PHONY: check-coverage coverage
check-coverage: $(call cov_objs,1 3)
	$(Q)$(PYTHON) scripts/isa-coverage.py $(BUILD)/gen $(LLVM_OBJDUMP) $^
coverage: $(call cov_objs,0 1 2 3)
	$(Q)$(PYTHON) scripts/isa-coverage.py $(BUILD)/gen $(LLVM_OBJDUMP) \
		--report docs/model-coverage.md $^

EXAMPLES := $(patsubst examples/%.hip,$(BUILD)/examples/%,$(wildcard examples/*.hip))
DEVICE_TESTS := $(patsubst tests/device/%.hip,$(BUILD)/tests/device/%,$(wildcard tests/device/*.hip))
DEVICE_TESTS += $(addsuffix -O0,$(DEVICE_TESTS))
# Each runs on every modelled target that is configured.
DEVICE_RUNS := $(foreach t,$(DEVICE_TESTS),$(foreach g,$(filter gfx90a gfx942,$(TARGETS)),$(t)@$(g)))
MATH_TESTS := $(patsubst tests/math/%.hip,$(BUILD)/tests/math/%,$(wildcard tests/math/*.hip))
MATH_RUNS := $(foreach t,$(MATH_TESTS),$(foreach g,$(filter gfx90a gfx942,$(TARGETS)),$(t)@$(g)))
PROGRAMS := $(patsubst tests/programs/%.hip,$(BUILD)/tests/programs/%,$(wildcard tests/programs/*.hip))
PROGRAM_RUNS := $(foreach t,$(PROGRAMS),$(foreach g,$(filter gfx90a gfx942,$(TARGETS)),$(t)@$(g)))
# The multi-file programs (tests/programs/<name>/, above).
PROGRAMS += $(MULTI_PROGRAMS)
PROGRAM_RUNS += $(MULTI_PROGRAM_RUNS)

# Host tools: barehip-info (what the board reports), barehip-run (launch
# one kernel of a code object from the command line, loader only).
$(BUILD)/bin/barehip-info $(BUILD)/bin/barehip-run: $(BUILD)/bin/%: kit/tools/%.c $(LIBBAREHIP) \
		$(HEADERS)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -Ikit/include $< $(LIBBAREHIP) $(HOST_LDFLAGS) -lm -o $@

.PHONY: all
all: check-backends check-freestanding $(TOOLCHAIN) $(BUILD)/bin/barehip-info \
	$(BUILD)/bin/barehip-run $(EXAMPLES)

.PHONY: run
run: all
	@echo "barehip: running examples/saxpy.hip on the $(BOARD) board ($(call unquote,$(CONFIG_SIM_TARGET)))"
	$(Q)$(BUILD)/examples/saxpy

# ---------------------------------------------------------------- tests
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(UNIT_SRCS) tests/unit/main.c tests/unit/testlib.c \
	tests/unit/model_rig.c \
	tests/unit/mpfr_ref.c)
UNIT_BIN := $(BUILD)/tests/unit-tests
UNIT_LIST := $(BUILD)/gen/unit_list.h

$(UNIT_LIST): $(UNIT_SRCS) Makefile
	$(Q)mkdir -p $(@D)
	$(Q)for f in $(sort $(notdir $(basename $(UNIT_SRCS)))); do \
		echo "BH_TEST_SUITE($${f#test_})"; done > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/tests/unit/%.o: tests/unit/%.c $(UNIT_LIST) $(SIM_TEST_GEN_HEADERS) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -I$(BUILD)/gen -Itests/unit -Iloader/core -Ikit/runtime \
		-DBH_TEST_GEN_DIR='"$(BUILD)/gen"' -include suites.h -c $< -o $@

$(UNIT_BIN): $(UNIT_OBJS) $(LIBBAREHIP_ALL)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(UNIT_OBJS) $(LIBBAREHIP_ALL) $(HOST_LDFLAGS) -lcunit -lmpfr -lgmp -lm -o $@

# Code objects the unit tests load (real clang-19/ld.lld-19 output).
UNIT_CO := $(foreach t,$(filter gfx90a gfx942,$(TARGETS)),$(BUILD)/gen/testk.$(t).co)
$(BUILD)/gen/testk.%.co: tests/unit/testk.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	$(Q)$(BAREHIP_CC) --device-only --offload-arch=$* -O2 -o $@ $<

# libFuzzer target for code-object parsing (a short deterministic run in
# check, a long one in `make fuzz`), seeded with real code objects.
FUZZ_BIN := $(BUILD)/tests/fuzz_codeobj
FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
FUZZ_SRCS := tests/fuzz/fuzz_codeobj.c $(LOADER_SRCS) $(PLATFORM_SRCS) $(SIM_MODEL_SRCS)
FUZZ_CORPUS := $(BUILD)/fuzz-corpus

$(FUZZ_BIN): $(FUZZ_SRCS) $(AUTOCONF) | $(SIM_GEN_HEADERS)
	$(Q)mkdir -p $(@D)
	@echo "  FUZZ-LD $@"
	$(Q)$(HOSTCC) $(filter-out $(SAN_FLAGS) -MMD -MP,$(HOST_CFLAGS)) $(FUZZ_FLAGS) \
		$(FUZZ_SRCS) -lm -o $@

$(FUZZ_CORPUS)/.seeded: $(UNIT_CO) $(BUILD)/examples/saxpy
	$(Q)mkdir -p $(@D)
	$(Q)cp $(UNIT_CO) $(@D)/ && touch $@

# The device printf decoder, seeded with well-formed records (one per
# format of tests/fuzz/fuzz_printf.c: control dword, hash, items).
FUZZ_PRINTF_BIN := $(BUILD)/tests/fuzz_printf
FUZZ_PRINTF_CORPUS := $(BUILD)/fuzz-printf-corpus
$(FUZZ_PRINTF_BIN): tests/fuzz/fuzz_printf.c $(LOADER_SRCS) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  FUZZ-LD $@"
	$(Q)$(HOSTCC) $(filter-out $(SAN_FLAGS) -MMD -MP,$(HOST_CFLAGS)) -Iloader/core $(FUZZ_FLAGS) \
		tests/fuzz/fuzz_printf.c $(LOADER_SRCS) -lm -o $@
$(FUZZ_PRINTF_CORPUS)/.seeded: scripts/printf-seeds.py
	$(Q)mkdir -p $(@D)
	$(Q)$(PYTHON) scripts/printf-seeds.py $(@D) && touch $@

.PHONY: fuzz fuzz-short
fuzz-short: $(FUZZ_BIN) $(FUZZ_CORPUS)/.seeded $(FUZZ_PRINTF_BIN) $(FUZZ_PRINTF_CORPUS)/.seeded
	$(Q)mkdir -p $(BUILD)/fuzz-work
	$(Q)mkdir -p $(BUILD)/fuzz-artifacts
	$(Q)$(FUZZ_BIN) -seed=1 -runs=20000 -max_len=65536 -artifact_prefix=$(BUILD)/fuzz-artifacts/ \
		$(BUILD)/fuzz-work $(FUZZ_CORPUS) \
		> $(BUILD)/fuzz-short.log 2>&1 || { tail -40 $(BUILD)/fuzz-short.log; exit 1; }
	$(Q)grep -E "^#[0-9]+.*DONE|Done [0-9]+ runs" $(BUILD)/fuzz-short.log | tail -1
	$(Q)mkdir -p $(BUILD)/fuzz-printf-work
	$(Q)$(FUZZ_PRINTF_BIN) -seed=1 -runs=20000 -max_len=4096 \
		-artifact_prefix=$(BUILD)/fuzz-artifacts/ $(BUILD)/fuzz-printf-work \
		$(FUZZ_PRINTF_CORPUS) > $(BUILD)/fuzz-printf-short.log 2>&1 || \
		{ tail -40 $(BUILD)/fuzz-printf-short.log; exit 1; }
	$(Q)grep -E "^#[0-9]+.*DONE|Done [0-9]+ runs" $(BUILD)/fuzz-printf-short.log | tail -1
fuzz: $(FUZZ_BIN) $(FUZZ_CORPUS)/.seeded $(FUZZ_PRINTF_BIN) $(FUZZ_PRINTF_CORPUS)/.seeded
	$(Q)mkdir -p $(BUILD)/fuzz-printf-work
	$(Q)$(FUZZ_PRINTF_BIN) -max_total_time=120 -max_len=4096 \
		-artifact_prefix=$(BUILD)/fuzz-artifacts/ $(BUILD)/fuzz-printf-work $(FUZZ_PRINTF_CORPUS)
	$(Q)mkdir -p $(BUILD)/fuzz-work
	$(Q)mkdir -p $(BUILD)/fuzz-artifacts
	$(Q)$(FUZZ_BIN) -max_total_time=600 -max_len=65536 -artifact_prefix=$(BUILD)/fuzz-artifacts/ \
		$(BUILD)/fuzz-work $(FUZZ_CORPUS)

CHECK_BUILD := $(BUILD)/check
.PHONY: check check-run
# The tests run sanitized (ASan+UBSan, dynamic link) from $(CHECK_BUILD);
# the examples also run as shipped: static, from $(BUILD).
check: $(CHECK_DEPS_STAMP) all
	$(Q)$(MAKE) --no-print-directory BUILD=$(CHECK_BUILD) SANITIZE=1 \
		STATIC_EXAMPLES="$(EXAMPLES)" check-run
# barehip-run on a code object of tests/tools/run_kernels.hip (first target).
TOOL_CO := $(BUILD)/tests/tools/run_kernels.co
TOOL_TESTS := $(BUILD)/tests/tools/barehip-run-test
$(TOOL_CO): tests/tools/run_kernels.hip $(TOOLCHAIN) $(HEADERS)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (code object)"
	$(Q)$(BAREHIP_CC) --device-only --offload-arch=$(firstword $(TARGETS)) -o $@ $<
# A code object v4 (no firmware: the raw-builtin saxpy of the model tests).
TOOL_CO4 := $(BUILD)/tests/tools/saxpy_v4.co
$(TOOL_CO4): tests/model/kernels/saxpy.hip
	$(Q)mkdir -p $(@D)
	@echo "  CLANG   $< (code object v4)"
	$(Q)$(CLANG) -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=$(firstword $(TARGETS)) \
		-mcode-object-version=4 -O2 -c -emit-llvm -o $@.bc $<
	$(Q)$(SIM_LLD) -shared -plugin-opt=mcpu=$(firstword $(TARGETS)) -o $@ $@.bc
$(TOOL_TESTS): tests/tools/barehip-run-test.sh $(TOOL_CO) $(TOOL_CO4) $(BUILD)/bin/barehip-run
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s"\n' "$(abspath $<)" \
		"$(abspath $(BUILD)/bin/barehip-run)" "$(abspath $(TOOL_CO))" \
		"$(abspath $(TOOL_CO4))" > $@ && chmod +x $@

# barehip-info on each modelled target, and its refusals.
INFO_TEST := $(BUILD)/tests/tools/barehip-info-test
$(INFO_TEST): tests/tools/barehip-info-test.sh $(BUILD)/bin/barehip-info
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s"\n' "$(abspath $<)" \
		"$(abspath $(BUILD)/bin/barehip-info)" > $@ && chmod +x $@
TOOL_TESTS += $(INFO_TEST)

check-run: check-freestanding check-symbols check-coverage $(UNIT_BIN) $(DEVICE_TESTS) $(PROGRAMS) $(MATH_TESTS) $(CORPUS) $(EXAMPLES) \
		$(UNIT_CO) $(TOOL_TESTS) fuzz-short
	$(Q)scripts/run-tests.sh $(BUILD) $(UNIT_BIN) -- $(DEVICE_RUNS) $(PROGRAM_RUNS) $(MATH_RUNS) $(CORPUS_RUNS) $(TOOL_TESTS) $(EXAMPLES) \
		$(STATIC_EXAMPLES)

# ------------------------------------------------- kmod and QEMU tests
# barehip.ko (make kmod) and the QEMU-hosted system tests of it (make
# check-qemu; part of make check): tests/qemu/qemu.mk.
include tests/qemu/qemu.mk
check: check-qemu

# ------------------------------------------------ cross-arch host tests
# The loader, runtime, sim board, unit tests and HIP programs as static
# aarch64 and riscv64 programs under qemu-user (make check-cross; part
# of make check): tests/cross/cross.mk.
include tests/cross/cross.mk
check: check-cross

# ---------------------------------------------------------------- bench
.PHONY: bench
bench: all $(patsubst tests/math/%.hip,$(BUILD)/tests/math/%,$(wildcard tests/math/*.hip)) \
		$(BUILD)/sweep/sweep $(BUILD)/sweep/xcheck
	$(Q)scripts/bench.sh $(BUILD)

# ---------------------------------------------------------------- sweep
# The exhaustive f32 sweep (tests/sweep/, scripts/sweep.sh): the device
# math library's C built for the host with firmware/math/host.h for the
# amdgcn builtins (the files with rounding-mode asm, rounded.h, left out),
# cross-checked bit for bit against the model, then run on all 2^32
# inputs of each unary f32 function against MPFR.  Not part of make
# check; `make sweep FN=sinf` sweeps one function, make bench a strided
# subset of all.  The device compile's contraction is clang's C default
# (FW_CFLAGS set none); -mfma makes the host's llvm.fmuladd an FMA too.
SWEEP_DIR := $(BUILD)/sweep
SWEEP_FW := $(patsubst firmware/math/%.c,$(SWEEP_DIR)/fw/%.o,\
	$(filter-out $(shell grep -l '"rounded.h"' firmware/math/*.c),$(wildcard firmware/math/*.c)))
# Which firmware a binary was built from (scripts/sweep.sh requires the
# host build and the device program to agree, and records it).
SWEEP_FW_HASH = cat firmware/math/*.c firmware/math/*.h | sha256sum | cut -c1-12
SWEEP_CFLAGS := --target=x86_64-linux-gnu -std=c11 $(WARN) -O2 -mfma -fvisibility=hidden
$(SWEEP_DIR)/fw/%.o: firmware/math/%.c $(wildcard firmware/math/*.h)
	$(Q)mkdir -p $(@D)
	@echo "  SWEEP-CC $<"
	$(Q)$(CLANG) $(SWEEP_CFLAGS) -DBH_MATH_HOST -Ifirmware -c $< -o $@
$(SWEEP_DIR)/sweep: tests/sweep/sweep.c tests/sweep/fns.h firmware/math/host.h $(SWEEP_FW)
	$(Q)mkdir -p $(@D)
	@echo "  SWEEP-LD $@"
	$(Q)$(CLANG) $(filter-out -mfma,$(SWEEP_CFLAGS)) -D_GNU_SOURCE -Ifirmware/math -Itests/sweep \
		-o $@ $< $(SWEEP_FW) -lmpfr -lgmp -lm -lpthread
	$(Q)$(SWEEP_FW_HASH) > $@.fw
$(SWEEP_DIR)/xcheck: tests/sweep/xcheck.hip tests/sweep/fns.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) -O2 -Itests/sweep -o $@ $<
	$(Q)$(SWEEP_FW_HASH) > $@.fw
.PHONY: sweep
sweep: $(SWEEP_DIR)/sweep $(SWEEP_DIR)/xcheck
	$(Q)scripts/sweep.sh $(BUILD) $(FN)
# make check: the cross-check alone on 2000 inputs per function (< 1 s):
# host.h and the model must not drift apart between sweeps.
SWEEP_SMOKE := $(SWEEP_DIR)/xcheck-smoke
$(SWEEP_SMOKE): $(SWEEP_DIR)/sweep $(SWEEP_DIR)/xcheck
	$(Q)printf '#!/bin/sh\nset -e\nf="%s"\n"%s" --n 2000 "$$f.bin" > /dev/null\n%s\n' \
		"$(abspath $(SWEEP_DIR)/smoke)" "$(abspath $(SWEEP_DIR)/xcheck)" \
		'"$(abspath $(SWEEP_DIR)/sweep)" --xcheck "$$f.bin" > "$$f.txt" || { cat "$$f.txt"; exit 1; }; tail -1 "$$f.txt"' \
		> $@ && chmod +x $@
TOOL_TESTS += $(SWEEP_SMOKE)
check-run: $(SWEEP_SMOKE)

# -------------------------------------------------------------- install
.PHONY: install
install: all
	$(Q)install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include
	$(Q)install -m 755 $(BAREHIP_CC) $(BUILD)/bin/barehip-info $(BUILD)/bin/barehip-run \
		$(DESTDIR)$(PREFIX)/bin/
	$(Q)install -m 644 $(LIBBAREHIP) $(DESTDIR)$(PREFIX)/lib/
	$(Q)for t in $(TARGETS); do install -d $(DESTDIR)$(PREFIX)/lib/barehip/$$t && \
		install -m 644 $(BUILD)/lib/barehip/$$t/libbhfw.a $(BUILD)/lib/barehip/$$t/oclc_*.bc \
			$(DESTDIR)$(PREFIX)/lib/barehip/$$t/; done
	$(Q)cp -r $(BUILD)/include/hip $(DESTDIR)$(PREFIX)/include/
	@echo "barehip: installed into $(DESTDIR)$(PREFIX)"

.PHONY: clean distclean help
clean:
	rm -rf $(BUILD)
distclean: clean
	rm -f .config .config.old defconfig

help:
	@sed -n '3,14p' Makefile | sed 's/^# \{0,1\}//'

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
