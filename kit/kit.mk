# The kit: the HIP runtime (kit/runtime/*.c, into libbarehip.a), the
# headers, barehip-cc (kit/tools/barehip-cc.in) and the host tools
# barehip-info and barehip-run; TOOLCHAIN is what a HIP build needs.
KIT_SRCS := $(wildcard kit/runtime/*.c)
LIB_SRCS += $(KIT_SRCS)
BAREHIP_CC := $(BUILD)/bin/barehip-cc
HEADERS := $(patsubst kit/include/%,$(BUILD)/include/%,$(shell find kit/include -type f))

$(BUILD)/include/%: kit/include/%
	$(Q)mkdir -p $(@D) && cp $< $@

# include/bh_rocm_guard/hip/NAME for each header name ROCm ships: an
# #error naming it, so that barehip-cc never reaches ROCm's copy
# (kit/rocm-headers.list; barehip's own include/hip is searched first).
ROCM_GUARD := $(BUILD)/include/bh_rocm_guard
ROCM_GUARD_STAMP := $(ROCM_GUARD)/.stamp
$(ROCM_GUARD_STAMP): kit/rocm-headers.list
	@echo "  GEN     $(ROCM_GUARD)"
	$(Q)rm -rf $(ROCM_GUARD) && sed -e '/^#/d' -e '/^$$/d' $< | while read -r h; do \
		mkdir -p $(ROCM_GUARD)/hip/$$(dirname $$h) && \
		printf '%s\n' "/* barehip: ROCm ships <hip/$$h>; barehip does not (kit/rocm-headers.list). */" \
			"#error \"<hip/$$h> is a ROCm header barehip does not provide (docs/barehip-cc.md: ROCm on the same machine); barehip-cc never reads ROCm's headers\"" \
			> $(ROCM_GUARD)/hip/$$h || exit 1; done && touch $@
HEADERS += $(ROCM_GUARD_STAMP)

# hiprtc's prefix (kit/runtime/hiprtc_toolchain.c): where run-time
# compilation finds barehip's headers and firmware -- this build tree,
# which is a prefix like an installed one; make install writes the
# installed prefix over it in the installed archive
# (scripts/set-hiprtc-prefix.py).  Rewritten only when it changes.
RTC_PREFIX_H := $(BUILD)/include/generated/bh_prefix.h
$(RTC_PREFIX_H): FORCE
	$(Q)mkdir -p $(@D)
	$(Q)printf '#define BH_BUILD_PREFIX "%s"\n' "$(abspath $(BUILD))" > $@.tmp
	$(Q)cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
HEADERS += $(RTC_PREFIX_H)
$(BUILD)/obj/kit/runtime/hiprtc_toolchain.o: $(RTC_PREFIX_H)
.PHONY: FORCE
FORCE:

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

# Host tools: barehip-info (what the board reports), barehip-run (launch
# one kernel of a code object from the command line, loader only).
HOST_TOOLS := $(BUILD)/bin/barehip-info $(BUILD)/bin/barehip-run
$(HOST_TOOLS): $(BUILD)/bin/%: kit/tools/%.c $(LIBBAREHIP) $(HEADERS)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -Ikit/include $< $(LIBBAREHIP) $(HOST_LDFLAGS) \
		-Wl,--undefined=__cxa_demangle -lstdc++ -lm -o $@
include kit/cmake/cmake.mk
