# The sim model's test data (tests/model): reference vectors, programs
# and compiled kernels, generated into $(BUILD)/gen for the unit tests
# (SIM_TEST_GEN_HEADERS); and the model's instruction coverage of every
# HIP program (check-coverage in make check, make coverage).

# Reference data for the model's unit tests, also from llvm-mc-19.
GEN_VECTORS := $(PYTHON) tests/model/gen-vectors.py $(LLVM_MC)
SIM_TEST_GEN_HEADERS := $(SIM_GEN_HEADERS) $(BUILD)/gen/model_vectors.h $(BUILD)/gen/model_programs.h \
	$(BUILD)/gen/model_programs_gfx942.h $(BUILD)/gen/model_sem.h $(BUILD)/gen/model_decode_all.h \
	$(BUILD)/gen/model_decode_gfx11.h $(BUILD)/gen/model_programs_gfx1100.h \
	$(BUILD)/gen/model_sem_gfx11.h
MODEL_PROGRAMS := pk_add store_index lds_reverse bad_store illegal spin scalar_math mode scratch_views siblings \
	gws_release_all gws_rid gws_exec0 gws_mixed gws_reinit gws_wait \
	new_forms bad_load sendmsg trig_preop fpmode minmax pool_atomics pool_flag pool_fault pool_long \
	acc_mem lds_d16
MODEL_PROGRAMS_GFX942 := scratch_views scratch_below pk_add_bf16
MODEL_PROGRAMS_GFX1100 := wave32 relative

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

# The same for the gfx11 tables (decode_gfx11.c), one set per target.
$(BUILD)/gen/model_decode_gfx11.h: tests/model/gen-decode.py $(SIM_DIR)/isa/gfx11.insns \
		$(SIM_DIR)/isa/gfx1151.insns
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) tests/model/gen-decode.py $(LLVM_MC) gfx1100 $@.1 dec_gfx1100 $(SIM_DIR)/isa/gfx11.insns
	$(Q)$(PYTHON) tests/model/gen-decode.py $(LLVM_MC) gfx1103 $@.2 dec_gfx1103 $(SIM_DIR)/isa/gfx11.insns
	$(Q)$(PYTHON) tests/model/gen-decode.py $(LLVM_MC) gfx1151 $@.3 dec_gfx1151 \
		$(SIM_DIR)/isa/gfx11.insns $(SIM_DIR)/isa/gfx1151.insns
	$(Q)cat $@.1 $@.2 $@.3 > $@ && rm -f $@.[1-3]

# Per-instruction semantic tests: tests/model/semantics.txt, one program
# per instruction (tests/unit/test_model_sem.c).
$(BUILD)/gen/model_sem.h: tests/model/semantics.txt tests/model/gen-semantics.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) tests/model/gen-semantics.py $(LLVM_MC) gfx90a $@ tests/model/semantics.txt

# The same for gfx11 at wave32: semantics-gfx11.txt on gfx1100, the
# gfx11.5 scalar float ops of semantics-gfx1151.txt on gfx1151.
$(BUILD)/gen/model_sem_gfx11.h: tests/model/semantics-gfx11.txt tests/model/semantics-gfx1151.txt \
		tests/model/gen-semantics.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) tests/model/gen-semantics.py $(LLVM_MC) gfx1100 $@.1 \
		tests/model/semantics-gfx11.txt sem11
	$(Q)$(PYTHON) tests/model/gen-semantics.py $(LLVM_MC) gfx1151 $@.2 \
		tests/model/semantics-gfx1151.txt sem1151
	$(Q)cat $@.1 $@.2 > $@ && rm -f $@.1 $@.2

# Programs that only assemble for gfx942 (architected scratch forms).
$(BUILD)/gen/model_programs_gfx942.h: \
		$(addprefix tests/model/programs-gfx942/,$(addsuffix .s,$(MODEL_PROGRAMS_GFX942))) \
		tests/model/gen-vectors.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(GEN_VECTORS) gfx942 $@ program \
		$(foreach p,$(MODEL_PROGRAMS_GFX942),prog942_$(p) tests/model/programs-gfx942/$(p).s)

# gfx11 programs (wave32; tests/unit/test_model_gfx11.c).
$(BUILD)/gen/model_programs_gfx1100.h: \
		$(addprefix tests/model/programs-gfx1100/,$(addsuffix .s,$(MODEL_PROGRAMS_GFX1100))) \
		tests/model/gen-vectors.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(GEN_VECTORS) gfx1100 $@ program \
		$(foreach p,$(MODEL_PROGRAMS_GFX1100),prog1100_$(p) tests/model/programs-gfx1100/$(p).s)

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

# Instruction coverage: device code objects of every HIP program at
# -O0..-O3 for each target, checked against the model's decode tables.
# make check covers -O3 for the selected targets (-O0 and -O2 also run),
# and -O1 too under CHECK_FULL=1 (-O1 is not a subset of -O3: on gfx942
# the device tests' -O1 code has 13 mnemonics their -O3 code has not);
# make coverage covers all four levels, and every gfx11 part (gfx1103 and
# gfx1151 too), and writes docs/model-coverage.md.
COV_SRCS := $(wildcard tests/device/*.hip tests/programs/*.hip tests/math/*.hip tests/corpus/*.hip examples/*.hip)
# Every gfx11 part is covered whether or not it is a selected target.
COV_TARGETS := $(TARGETS) $(FW_EXTRA_TARGETS)
cov_objs = $(foreach s,$(COV_SRCS),$(foreach t,$(2),$(foreach o,$(1),\
	$(BUILD)/cov/$(subst /,-,$(basename $(s))).$(t).O$(o).co)))
define COV_RULE
$(BUILD)/cov/$(subst /,-,$(basename $(1))).$(2).O$(3).co: $(1) tests/corpus/common.h $$(TOOLCHAIN) \
		$$(call fw_libs_of,$(filter $(FW_EXTRA_TARGETS),$(2)))
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(BAREHIP_CC) --device-only --offload-arch=$(2) -O$(3) $$(call test_flags,$(1)) -Itests/corpus -o $$@ $$<
endef
$(foreach s,$(COV_SRCS),$(foreach t,$(COV_TARGETS),$(foreach o,0 1 2 3,\
	$(eval $(call COV_RULE,$(s),$(t),$(o))))))

CHECK_COV_LEVELS := $(if $(full),1 3,3)
CHECK_RUN_PREBUILD += $(call cov_objs,$(CHECK_COV_LEVELS),$(TARGETS))
.PHONY: check-coverage coverage
check-coverage: $(call cov_objs,$(CHECK_COV_LEVELS),$(TARGETS))
	$(Q)$(PYTHON) scripts/isa-coverage.py $(BUILD)/gen $(LLVM_OBJDUMP) $^
coverage: $(call cov_objs,0 1 2 3,$(COV_TARGETS))
	$(Q)$(PYTHON) scripts/isa-coverage.py $(BUILD)/gen $(LLVM_OBJDUMP) \
		--report docs/model-coverage.md $^
