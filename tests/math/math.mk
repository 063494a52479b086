# Device math accuracy (tests/math/*.hip): each program runs the real
# device math functions on the board against MPFR (tests/math/mtest.h);
# make check runs the fast sample on every modelled target, make bench
# 100000 inputs per function and writes docs/math-accuracy.md.
$(BUILD)/tests/math/%: tests/math/%.hip tests/math/mtest.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $< -lmpfr -lgmp

MATH_TESTS := $(patsubst tests/math/%.hip,$(BUILD)/tests/math/%,$(wildcard tests/math/*.hip))
MATH_RUNS := $(call on_modelled,$(MATH_TESTS))
CHECK_BINS += $(MATH_TESTS)
CHECK_RUNS += $(MATH_RUNS)
BENCH_BINS += $(MATH_TESTS)
