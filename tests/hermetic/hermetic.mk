# barehip-cc with and without a ROCm installed (tests/hermetic): the
# sample-style programs compile to identical objects and executables, and
# pass, with Debian's ROCm packages visible and hidden (a private mount
# namespace each).  make check has the packages installed
# (scripts/deps.sh); elsewhere HERMETIC_ROCM_ROOT may name a tree they
# were unpacked into with dpkg -x (else the script makes a small ROCm).
HERMETIC_ROCM_ROOT ?=
HERMETIC_PROGRAMS := tests/hermetic/std_first.hip examples/saxpy.hip \
	tests/programs/hello_world.hip
HERMETIC_TEST := $(BUILD)/tests/hermetic/hermetic-test
$(HERMETIC_TEST): tests/hermetic/hermetic-test.sh $(HERMETIC_PROGRAMS) $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s" "%s" "%s" %s -- %s\n' "$(abspath $<)" \
		"$(abspath $(BAREHIP_CC))" "$(CLANG)" "$(CC_FLAGS)" "$(HERMETIC_ROCM_ROOT)" \
		"$(abspath $(HERMETIC_PROGRAMS))" > $@ && chmod +x $@
TOOL_TESTS += $(HERMETIC_TEST)
