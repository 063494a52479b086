# The corpus (tests/corpus): typical HIP kernels that prove the sim model
# runs what clang emits.  Built at -O2 and -O0, each run on every modelled
# target (run-tests.sh: "prog@gfx942" runs with BAREHIP_SIM_GFX=gfx942).
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
CORPUS_RUNS := $(call on_modelled,$(CORPUS))
CHECK_BINS += $(CORPUS)
CHECK_RUNS += $(CORPUS_RUNS)
