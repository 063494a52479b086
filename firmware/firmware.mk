# The firmware (firmware/*.c, firmware/math/*.c): the device library
# barehip-cc links into every kernel, as LLVM bitcode archives, one per
# target (lib/barehip/<gfx>/libbhfw.a), and the oclc_* math-mode files.
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
# The targets with a wave64 firmware beside the native wave32 one (fw_rules).
fw_w64 = $(foreach t,$(filter gfx1%,$(1)),$(BUILD)/lib/barehip/$(t)/w64/libbhfw.a)
FW_LIBS := $(foreach t,$(TARGETS),$(BUILD)/lib/barehip/$(t)/libbhfw.a)
FW_MODES := finite_only_opt unsafe_math_opt daz_opt correctly_rounded_sqrt32
FW_LIBS += $(foreach t,$(TARGETS),$(foreach m,$(FW_MODES),$(foreach v,on off,\
	$(BUILD)/lib/barehip/$(t)/oclc_$(m)-$(v).bc)))
FW_LIBS += $(call fw_w64,$(TARGETS))

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
# gfx10+ runs wave32 natively and wave64 when a kernel is built with
# -mwavefrontsize64: the firmware (ballots, shuffles, reductions, grid
# sync, EXEC masks) differs by wave size, so those targets get a wave64
# archive too (w64/), which barehip-cc links into wave64 kernels.
$(BUILD)/obj/firmware/$(1)-w64/%.bc: firmware/%.c $$(wildcard firmware/*.h firmware/math/*.h) \
		loader/include/bh/devabi.h $$(AUTOCONF)
	$$(Q)mkdir -p $$(@D)
	@echo "  FW-CC   $$< ($(1), wave64)"
	$$(Q)$$(CLANG) $$(call FW_CFLAGS,$(1)) -mwavefrontsize64 -c $$< -o $$@
$(BUILD)/lib/barehip/$(1)/w64/libbhfw.a: \
		$$(patsubst firmware/%.c,$(BUILD)/obj/firmware/$(1)-w64/%.bc,$$(FW_SRCS))
	$$(Q)mkdir -p $$(@D)
	@echo "  FW-AR   $$@"
	$$(Q)rm -f $$@ && $$(LLVM_AR) rcs $$@ $$^
endef
$(foreach t,$(TARGETS),$(eval $(call fw_rules,$(t))))

# The gfx11 parts that are not selected targets still get a firmware:
# make check builds a subset of the tests for them (tests/gfx11) and
# make coverage checks every gfx11 part's mnemonics.  Only rules and
# names here; what needs them depends on FW_EXTRA_LIBS.
FW_EXTRA_TARGETS := $(filter-out $(TARGETS),gfx1100 gfx1103 gfx1151)
$(foreach t,$(FW_EXTRA_TARGETS),$(eval $(call fw_rules,$(t))))
fw_libs_of = $(foreach t,$(1),$(BUILD)/lib/barehip/$(t)/libbhfw.a \
	$(foreach m,$(FW_MODES),$(foreach v,on off,$(BUILD)/lib/barehip/$(t)/oclc_$(m)-$(v).bc))) \
	$(call fw_w64,$(1))
FW_EXTRA_LIBS := $(call fw_libs_of,$(FW_EXTRA_TARGETS))
# Only pattern rules name them: keep make from deleting them as
# intermediates (barehip-cc needs them whenever it builds for the target).
.SECONDARY: $(FW_EXTRA_LIBS)
