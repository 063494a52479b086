# The exhaustive f32 sweep (tests/sweep, scripts/sweep.sh): `make sweep
# [FN=sinf]`, a strided subset of it in make bench, and in make check
# its host build cross-checked against the model (xcheck-smoke).

# The device math library's C built for the host with firmware/math/host.h
# for the amdgcn builtins (the files with rounding-mode asm, rounded.h,
# left out), cross-checked bit for bit against the model, then run on all
# 2^32 inputs of each unary f32 function against MPFR (not in make check).
# The device compile's contraction is clang's C default (FW_CFLAGS set
# none); -mfma makes the host's llvm.fmuladd an FMA too.
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
BENCH_BINS += $(SWEEP_DIR)/sweep $(SWEEP_DIR)/xcheck
# make check: the cross-check alone on 2000 inputs per function (< 1 s):
# host.h and the model must not drift apart between sweeps.
SWEEP_SMOKE := $(SWEEP_DIR)/xcheck-smoke
$(SWEEP_SMOKE): $(SWEEP_DIR)/sweep $(SWEEP_DIR)/xcheck
	$(Q)printf '#!/bin/sh\nset -e\nf="%s"\n"%s" --n 2000 "$$f.bin" > /dev/null\n%s\n' \
		"$(abspath $(SWEEP_DIR)/smoke)" "$(abspath $(SWEEP_DIR)/xcheck)" \
		'"$(abspath $(SWEEP_DIR)/sweep)" --xcheck "$$f.bin" > "$$f.txt" || { cat "$$f.txt"; exit 1; }; tail -1 "$$f.txt"' \
		> $@ && chmod +x $@
TOOL_TESTS += $(SWEEP_SMOKE)
