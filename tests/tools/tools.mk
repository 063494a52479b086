# The host tools' tests (tests/tools), scripts run by make check:
# barehip-run and barehip-info.  barehip-cc-test is built beside the
# multi-file programs (tests/programs/programs.mk), which it runs after.

# barehip-run on a code object of tests/tools/run_kernels.hip (first target).
TOOL_CO := $(BUILD)/tests/tools/run_kernels.co
RUN_TEST := $(BUILD)/tests/tools/barehip-run-test
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
# The same kernels as an offload bundle (barehip-cc --genco, what
# hipModuleLoad takes), for the first target only.
TOOL_GENCO := $(BUILD)/tests/tools/run_kernels.genco
$(TOOL_GENCO): tests/tools/run_kernels.hip $(TOOLCHAIN) $(HEADERS)
	$(Q)mkdir -p $(@D)
	@echo "  GENCO   $< ($(firstword $(TARGETS)))"
	$(Q)$(BAREHIP_CC) --genco --offload-arch=$(firstword $(TARGETS)) -o $@ $<
$(RUN_TEST): tests/tools/barehip-run-test.sh $(TOOL_CO) $(TOOL_CO4) $(TOOL_GENCO) \
		$(BUILD)/bin/barehip-run
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s" "%s" "%s"\n' "$(abspath $<)" \
		"$(abspath $(BUILD)/bin/barehip-run)" "$(abspath $(TOOL_CO))" \
		"$(abspath $(TOOL_CO4))" "$(abspath $(TOOL_GENCO))" "$(firstword $(TARGETS))" \
		> $@ && chmod +x $@

# barehip-info on each modelled target, and its refusals.
INFO_TEST := $(BUILD)/tests/tools/barehip-info-test
$(INFO_TEST): tests/tools/barehip-info-test.sh $(BUILD)/bin/barehip-info
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s"\n' "$(abspath $<)" \
		"$(abspath $(BUILD)/bin/barehip-info)" > $@ && chmod +x $@
TOOL_TESTS += $(RUN_TEST) $(INFO_TEST)
