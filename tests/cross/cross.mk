# Cross-arch host tests (included by the Makefile; docs/cross-arch.md).
#
#   make check-cross   build the loader, the runtime and the sim board
#                      (libbarehip.a) and the unit tests as static aarch64
#                      and riscv64 programs with Debian's gcc cross
#                      compilers, and the HIP programs of tests/programs
#                      with barehip-cc --host-target, and run them under
#                      qemu-ARCH-static, called explicitly (no binfmt
#                      registration), the HIP programs on both modelled
#                      targets
#
# The unit tests' libraries (CUnit, MPFR, GMP) for each target come from
# Debian's archive into a sysroot under $(CROSS_DIR) (tests/cross/sysroot.sh),
# made once and kept: remove $(CROSS_DIR)/ARCH/sysroot to make it again.

CROSS_ARCHES := aarch64 riscv64
# The single-file HIP programs (tests/programs/*.hip): each exercises a
# part of the runtime (kit/runtime), which the unit tests do not.  Two
# spend their time in the GPU model (hundreds of resident workgroups):
# 15 s and 4.5 s a run under qemu-aarch64 against 0.1-1.7 s for the
# others, so they run natively only.  hiprtc runs clang-19 and ld.lld-19
# (natively, as children of the emulated program) a dozen times: 30 s a
# run under qemu-aarch64 (it passes there, checked by hand).
CROSS_SLOW_PROGRAMS := occupancy cooperative_groups hiprtc
CROSS_PROGRAMS := $(filter-out $(CROSS_SLOW_PROGRAMS:%=tests/programs/%.hip),\
	$(wildcard tests/programs/*.hip))
CROSS_GFX := $(filter gfx90a gfx942,$(TARGETS))
# What a cross run checks is the host side on another ISA; the GPU target
# does not change it.  So make check builds each arch's programs for one
# target and runs them there, aarch64 on gfx942 and riscv64 on gfx90a
# (both targets stay covered); CHECK_FULL=1 builds for every target and
# runs on both.
cross_gfx = $(if $(full),$(CROSS_GFX),$(if $(filter riscv64,$(1)),$(firstword $(CROSS_GFX)),\
	$(lastword $(CROSS_GFX))))
CROSS_DIR := $(BUILD)/cross
CROSS_DEPS_STAMP := $(BUILD)/.deps-cross
EXTRA_DEPS_STAMPS += $(CROSS_DEPS_STAMP)
# The project's host flags (warnings included), less the sanitizers: the
# cross programs are static, and gcc builds them, not clang.
CROSS_CFLAGS := $(filter-out $(SAN_FLAGS),$(HOST_CFLAGS))
CROSS_UNIT_SRCS := $(patsubst $(BUILD)/obj/%.o,%.c,$(UNIT_OBJS))
# As the native unit tests: they read their code objects from $(BUILD)/gen.
CROSS_UNIT_FLAGS := -I$(BUILD)/gen -Itests/unit -Iloader/core -Ikit/runtime \
	-DBH_TEST_GEN_DIR='"$(BUILD)/gen"' -include suites.h

$(CROSS_DEPS_STAMP): scripts/deps.sh
	$(Q)mkdir -p $(@D) && scripts/deps.sh cross && touch $@

# The private apt tree both sysroots are fetched through (one apt-get
# update, so the two architectures never race for its lock).
$(CROSS_DIR)/apt/.updated: | $(CROSS_DEPS_STAMP)
	$(Q)tests/cross/sysroot.sh apt $(CROSS_DIR)

# cross_rules ARCH: the sysroot, libbarehip.a, unit-tests of one target.
define cross_rules
CROSS_CC_$(1) := $(1)-linux-gnu-gcc
CROSS_USR_$(1) := $(CROSS_DIR)/$(1)/sysroot/usr
CROSS_OBJ_$(1) := $(CROSS_DIR)/$(1)/obj
CROSS_LIB_$(1) := $(CROSS_DIR)/$(1)/lib/libbarehip.a
CROSS_UNIT_$(1) := $(CROSS_DIR)/$(1)/unit-tests
CROSS_LIB_OBJS_$(1) := $$(patsubst %.c,$$(CROSS_OBJ_$(1))/%.o,$$(LIB_SRCS))
CROSS_UNIT_OBJS_$(1) := $$(patsubst %.c,$$(CROSS_OBJ_$(1))/%.o,$$(CROSS_UNIT_SRCS))

$(CROSS_DIR)/$(1)/sysroot/.complete: | $(CROSS_DIR)/apt/.updated
	$$(Q)tests/cross/sysroot.sh $(1) $(CROSS_DIR)

$$(CROSS_OBJ_$(1))/loader/core/%.o: loader/core/%.c $$(AUTOCONF) | $$(CROSS_DEPS_STAMP) \
		$$(SIM_GEN_HEADERS)
	$$(Q)mkdir -p $$(@D)
	@echo "  CC      $$< ($(1))"
	$$(Q)$$(CROSS_CC_$(1)) $$(CROSS_CFLAGS) $$(LOADER_CFLAGS) -c $$< -o $$@
$$(CROSS_OBJ_$(1))/loader/gfx/%.o: loader/gfx/%.c $$(AUTOCONF) | $$(CROSS_DEPS_STAMP) \
		$$(SIM_GEN_HEADERS)
	$$(Q)mkdir -p $$(@D)
	@echo "  CC      $$< ($(1))"
	$$(Q)$$(CROSS_CC_$(1)) $$(CROSS_CFLAGS) $$(LOADER_CFLAGS) -c $$< -o $$@
$$(CROSS_OBJ_$(1))/tests/unit/%.o: tests/unit/%.c $$(UNIT_LIST) $$(SIM_TEST_GEN_HEADERS) \
		$$(AUTOCONF) | $(CROSS_DIR)/$(1)/sysroot/.complete
	$$(Q)mkdir -p $$(@D)
	@echo "  CC      $$< ($(1))"
	$$(Q)$$(CROSS_CC_$(1)) $$(CROSS_CFLAGS) -I$$(CROSS_USR_$(1))/include \
		-I$$(CROSS_USR_$(1))/include/$(1)-linux-gnu $$(CROSS_UNIT_FLAGS) -c $$< -o $$@
# hiprtc's recorded prefix (kit/kit.mk), generated before its first build.
$$(CROSS_OBJ_$(1))/kit/runtime/hiprtc_toolchain.o: $$(RTC_PREFIX_H)
$$(CROSS_OBJ_$(1))/%.o: %.c $$(AUTOCONF) | $$(CROSS_DEPS_STAMP) $$(SIM_GEN_HEADERS)
	$$(Q)mkdir -p $$(@D)
	@echo "  CC      $$< ($(1))"
	$$(Q)$$(CROSS_CC_$(1)) $$(CROSS_CFLAGS) -c $$< -o $$@

# As natively: users get one object with only the public names global
# (linker/public-host.syms); the unit tests, which call internals, the
# plain archive.
# hipGetProcAddress's table is generated from the partially linked runtime,
# as natively (linker/linker.mk).
$$(CROSS_LIB_$(1)): $$(CROSS_LIB_OBJS_$(1)) linker/public-host.syms linker/procaddr-table.sh
	$$(Q)mkdir -p $$(@D)
	@echo "  AR      $$@ (public names only)"
	$$(Q)$(1)-linux-gnu-ld -r -o $$(@:.a=-runtime.o) $$(CROSS_LIB_OBJS_$(1))
	$$(Q)linker/procaddr-table.sh $(LLVM_NM) $$(@:.a=-runtime.o) > $$(@:.a=-procaddr.c)
	$$(Q)$$(CROSS_CC_$(1)) $$(CROSS_CFLAGS) -c $$(@:.a=-procaddr.c) -o $$(@:.a=-procaddr.o)
	$$(Q)$(1)-linux-gnu-ld -r -o $$(@:.a=.o) $$(@:.a=-runtime.o) $$(@:.a=-procaddr.o)
	$$(Q)$(1)-linux-gnu-objcopy --wildcard --keep-global-symbols=linker/public-host.syms \
		$$(@:.a=.o)
	$$(Q)rm -f $$@ && $(1)-linux-gnu-ar rcs $$@ $$(@:.a=.o)
$$(CROSS_LIB_$(1):.a=-all.a): $$(CROSS_LIB_OBJS_$(1))
	$$(Q)mkdir -p $$(@D)
	@echo "  AR      $$@"
	$$(Q)rm -f $$@ && $(1)-linux-gnu-ar rcs $$@ $$^

$$(CROSS_UNIT_$(1)): $$(CROSS_UNIT_OBJS_$(1)) $$(CROSS_LIB_$(1):.a=-all.a)
	@echo "  LD      $$@ (static)"
	$$(Q)$$(CROSS_CC_$(1)) -static -o $$@ $$(CROSS_UNIT_OBJS_$(1)) $$(CROSS_LIB_$(1):.a=-all.a) \
		-L$$(CROSS_USR_$(1))/lib/$(1)-linux-gnu -Wl,--undefined=__cxa_demangle -lcunit -lmpfr \
		-lgmp -lstdc++ -lm

# HIP programs for this host: barehip-cc --host-target links the library
# from $(BUILD)/lib/TRIPLE/ (the same device code objects as natively).
$(BUILD)/lib/$(1)-linux-gnu/libbarehip.a: $$(CROSS_LIB_$(1))
	$$(Q)mkdir -p $$(@D) && cp $$< $$@
$(CROSS_DIR)/$(1)/programs/%: tests/programs/%.hip $$(TOOLCHAIN) \
		$(BUILD)/lib/$(1)-linux-gnu/libbarehip.a
	$$(Q)mkdir -p $$(@D)
	@echo "  HIPCC   $$< ($(1) host)"
	$$(Q)$$(BAREHIP_CC) --host-target=$(1)-linux-gnu $$(call arch_flags,$$(call cross_gfx,$(1))) \
		$$(call test_flags,$$<) -o $$@ $$<
CROSS_PROGS_$(1) := $$(patsubst tests/programs/%.hip,$(CROSS_DIR)/$(1)/programs/%,$$(CROSS_PROGRAMS))
endef
$(foreach a,$(CROSS_ARCHES),$(eval $(call cross_rules,$(a))))

# make install installs the runtime of each target whose cross compiler
# is there (lib/TRIPLE/libbarehip.a), for barehip-cc --host-target.
INSTALL_CROSS_LIBS := $(foreach a,$(CROSS_ARCHES),\
	$(if $(shell command -v $(a)-linux-gnu-gcc 2>/dev/null),$(BUILD)/lib/$(a)-linux-gnu/libbarehip.a))

# One run per target, each with its summary; any failure fails check.
.PHONY: check-cross
CROSS_CHECK_BUILD := $(foreach a,$(CROSS_ARCHES),$(CROSS_LIB_$(a)) $(CROSS_UNIT_$(a)) \
	$(CROSS_PROGS_$(a))) $(UNIT_CO)
CHECK_PREBUILD += $(CROSS_CHECK_BUILD)
check-cross: $(CROSS_CHECK_BUILD)
	$(Q)scripts/check-symbols.sh $(LLVM_NM) linker/public-host.syms \
		$(foreach a,$(CROSS_ARCHES),$(CROSS_LIB_$(a)))
	$(Q)status=0; $(foreach a,$(CROSS_ARCHES),tests/cross/run.sh $(a) $(CROSS_DIR)/$(a)/logs \
		$(CROSS_UNIT_$(a)) $(foreach p,$(CROSS_PROGS_$(a)),$(addprefix $(p)@,$(call cross_gfx,$(a)))) \
		|| status=1;) exit $$status

-include $(shell find $(CROSS_DIR) -name '*.d' -path '*/obj/*' 2>/dev/null)

# make check runs it (outside the sanitized check-run).
check: check-cross
