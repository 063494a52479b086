# gfx11 on the sim board (issue 17): `make check-gfx11` builds the
# programs that pass on the gfx1100 model for gfx1100 alone (the RDNA3
# firmware is built for it whatever Kconfig selects) and runs each on
# the sim board modelling gfx1100 at wave32, at the configured -O level
# and at -O0: every device test and examples/saxpy.hip; and, at the
# configured level, the single-file host API programs (tests/programs;
# the multi-file ones need gfx90a and gfx942 by design).  make check runs
# them too ("prog@gfx1100", sanitized like the rest; the default
# code-object targets stay gfx90a and gfx942, and the kfd backend's runs
# stay on gfx9: the fake KFD's gfx11 is not checked here).
GFX11_TARGET := gfx1100
$(foreach t,$(filter-out $(TARGETS),$(GFX11_TARGET)),$(eval $(call fw_rules,$(t))))
GFX11_FW := $(BUILD)/lib/barehip/$(GFX11_TARGET)/libbhfw.a \
	$(foreach m,$(FW_MODES),$(foreach v,on off,$(BUILD)/lib/barehip/$(GFX11_TARGET)/oclc_$(m)-$(v).bc))
# Only pattern rules name them: keep make from deleting them as
# intermediates (barehip-cc needs them whenever it builds for gfx1100).
.SECONDARY: $(GFX11_FW)
GFX11_DIR := $(BUILD)/$(GFX11_TARGET)

GFX11_DEVICE := $(patsubst tests/device/%.hip,%,$(wildcard tests/device/*.hip))
GFX11_PROGRAMS := $(patsubst tests/programs/%.hip,%,$(wildcard tests/programs/*.hip))
GFX11_BINS := $(GFX11_DIR)/examples/saxpy \
	$(foreach t,$(GFX11_DEVICE),$(GFX11_DIR)/tests/device/$(t) $(GFX11_DIR)/tests/device/$(t)-O0) \
	$(foreach t,$(GFX11_PROGRAMS),$(GFX11_DIR)/tests/programs/$(t))

$(GFX11_DIR)/examples/%: examples/%.hip $(TOOLCHAIN) $(GFX11_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< ($(GFX11_TARGET))"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=$(GFX11_TARGET) -o $@ $<
$(GFX11_DIR)/tests/device/%: tests/device/%.hip $(TOOLCHAIN) $(GFX11_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< ($(GFX11_TARGET))"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=$(GFX11_TARGET) $(call test_flags,$<) -o $@ $<
$(GFX11_DIR)/tests/programs/%: tests/programs/%.hip $(TOOLCHAIN) $(GFX11_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< ($(GFX11_TARGET))"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=$(GFX11_TARGET) $(call test_flags,$<) -o $@ $<
$(GFX11_DIR)/tests/device/%-O0: tests/device/%.hip $(TOOLCHAIN) $(GFX11_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< ($(GFX11_TARGET), -O0)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) --offload-arch=$(GFX11_TARGET) $(call test_flags,$<) -O0 -o $@ \
		$<

GFX11_RUNS := $(addsuffix @$(GFX11_TARGET),$(GFX11_BINS))
CHECK_BINS += $(GFX11_BINS)
CHECK_RUNS += $(GFX11_RUNS)

# No unit-test binary here ("true"): make check runs the unit tests.
.PHONY: check-gfx11
check-gfx11: check-backends $(GFX11_BINS)
	$(Q)scripts/run-tests.sh $(GFX11_DIR) true -- $(GFX11_RUNS)
