# The sim board's GPU model: sources and the generated decode tables.
SIM_DIR := boards/sim/model
SIM_MODEL_SRCS := $(sort $(wildcard $(SIM_DIR)/*.c))
SIM_GEN_HEADERS := $(BUILD)/gen/isa_gfx90a.h $(BUILD)/gen/isa_gfx942.h
SIM_TEST_GEN_HEADERS := $(SIM_GEN_HEADERS)

# Opcode tables come from llvm-mc-19 encodings of the samples in isa/.
$(BUILD)/gen/isa_gfx90a.h: $(SIM_DIR)/isa/gfx9.insns $(SIM_DIR)/isa/gfx90a.insns $(SIM_DIR)/gen-isa.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) $(SIM_DIR)/gen-isa.py $(LLVM_MC) gfx90a $@ $(SIM_DIR)/isa/gfx9.insns \
		$(SIM_DIR)/isa/gfx90a.insns
$(BUILD)/gen/isa_gfx942.h: $(SIM_DIR)/isa/gfx9.insns $(SIM_DIR)/isa/gfx942.insns $(SIM_DIR)/gen-isa.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) $(SIM_DIR)/gen-isa.py $(LLVM_MC) gfx942 $@ $(SIM_DIR)/isa/gfx9.insns \
		$(SIM_DIR)/isa/gfx942.insns

# Reference data for the model's unit tests, also from llvm-mc-19.
GEN_VECTORS := $(PYTHON) tests/model/gen-vectors.py $(LLVM_MC)
SIM_TEST_GEN_HEADERS += $(BUILD)/gen/model_vectors.h $(BUILD)/gen/model_programs.h \
	$(BUILD)/gen/model_programs_gfx942.h $(BUILD)/gen/model_sem.h $(BUILD)/gen/model_decode_all.h
MODEL_PROGRAMS := store_index lds_reverse bad_store illegal spin scalar_math mode scratch_views siblings \
	new_forms bad_load sendmsg trig_preop fpmode minmax
MODEL_PROGRAMS_GFX942 := scratch_views

$(BUILD)/gen/model_vectors.h: tests/model/decode-gfx9.s tests/model/decode-gfx90a.s \
		tests/model/decode-gfx942.s tests/model/unimplemented.s tests/model/gen-vectors.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(GEN_VECTORS) gfx90a $@.1 vectors vec_gfx90a tests/model/decode-gfx9.s
	$(Q)$(GEN_VECTORS) gfx90a $@.2 vectors vec_gfx90a_only tests/model/decode-gfx90a.s
	$(Q)$(GEN_VECTORS) gfx942 $@.3 vectors vec_gfx942 tests/model/decode-gfx9.s
	$(Q)$(GEN_VECTORS) gfx942 $@.4 vectors vec_gfx942_only tests/model/decode-gfx942.s
	$(Q)$(GEN_VECTORS) gfx90a $@.5 vectors vec_unimplemented tests/model/unimplemented.s
	$(Q)cat $@.1 $@.2 $@.3 $@.4 $@.5 > $@ && rm -f $@.[1-5]

$(BUILD)/gen/model_programs.h: $(addprefix tests/model/programs/,$(addsuffix .s,$(MODEL_PROGRAMS))) \
		tests/model/gen-vectors.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(GEN_VECTORS) gfx90a $@ program $(foreach p,$(MODEL_PROGRAMS),prog_$(p) tests/model/programs/$(p).s)

# Exhaustive decoder vectors: every decode-table row in operand variants,
# with the fields llvm-mc's text names (tests/unit/test_model_decode.c).
$(BUILD)/gen/model_decode_all.h: tests/model/gen-decode.py $(SIM_DIR)/isa/gfx9.insns \
		$(SIM_DIR)/isa/gfx90a.insns $(SIM_DIR)/isa/gfx942.insns
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) tests/model/gen-decode.py $(LLVM_MC) gfx90a $@.1 dec_gfx90a \
		$(SIM_DIR)/isa/gfx9.insns $(SIM_DIR)/isa/gfx90a.insns
	$(Q)$(PYTHON) tests/model/gen-decode.py $(LLVM_MC) gfx942 $@.2 dec_gfx942 \
		$(SIM_DIR)/isa/gfx9.insns $(SIM_DIR)/isa/gfx942.insns
	$(Q)cat $@.1 $@.2 > $@ && rm -f $@.1 $@.2

# Per-instruction semantic tests: tests/model/semantics.txt, one program
# per instruction (tests/unit/test_model_sem.c).
$(BUILD)/gen/model_sem.h: tests/model/semantics.txt tests/model/gen-semantics.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) tests/model/gen-semantics.py $(LLVM_MC) gfx90a $@ tests/model/semantics.txt

# Programs that only assemble for gfx942 (architected scratch forms).
$(BUILD)/gen/model_programs_gfx942.h: \
		$(addprefix tests/model/programs-gfx942/,$(addsuffix .s,$(MODEL_PROGRAMS_GFX942))) \
		tests/model/gen-vectors.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(GEN_VECTORS) gfx942 $@ program \
		$(foreach p,$(MODEL_PROGRAMS_GFX942),prog942_$(p) tests/model/programs-gfx942/$(p).s)

# Real compiler output for the model: the kernels of tests/model/kernels
# built by clang-19 / ld.lld-19 for gfx90a and gfx942 at -O0..-O3 and
# embedded as code-object segments (tests/unit/test_model_kernels.c).
SIM_LLD := $(if $(LLD),$(LLD),ld.lld-19)
SIM_READELF := $(LLVM_READELF)
MODEL_KERNELS := $(wildcard tests/model/kernels/*.hip)
SIM_TEST_GEN_HEADERS += $(BUILD)/gen/model_kernels.h

$(BUILD)/gen/model_kernels.h: $(MODEL_KERNELS) tests/model/gen-kernels.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) tests/model/gen-kernels.py $(HOSTCC) $(SIM_LLD) $(SIM_READELF) \
		$(LLVM_OBJDUMP) $@.tmp $(MODEL_KERNELS) && mv $@.tmp $@
