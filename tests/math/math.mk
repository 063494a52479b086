# Device math accuracy (tests/math/*.hip): each program runs the real
# device math functions on the board against MPFR (tests/math/mtest.h);
# make check runs the fast sample on the modelled targets of MATH_GFX, make bench
# 100000 inputs per function and writes docs/math-accuracy.md.
$(BUILD)/tests/math/%: tests/math/%.hip tests/math/mtest.h $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $< -lmpfr -lgmp

MATH_TESTS := $(patsubst tests/math/%.hip,$(BUILD)/tests/math/%,$(wildcard tests/math/*.hip))
# The firmware's math is compiled per target, so each ISA family runs it:
# gfx90a for CDNA (gfx942 is of the same family; it differs mostly in
# memory and 8-bit float instructions) and gfx1100 for RDNA3;
# CHECK_FULL=1 adds gfx942.
MATH_GFX := $(if $(full),$(MODELLED),$(filter-out gfx942,$(MODELLED)))
MATH_RUNS := $(call on_gfx,$(MATH_TESTS),$(or $(MATH_GFX),$(MODELLED)))
CHECK_BINS += $(MATH_TESTS)
CHECK_RUNS += $(MATH_RUNS)
BENCH_BINS += $(MATH_TESTS)
