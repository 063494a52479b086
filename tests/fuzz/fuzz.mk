# libFuzzer targets (tests/fuzz): code-object loading, seeded with real
# code objects, and the device printf decoder; a short deterministic run
# of each in make check, long ones in `make fuzz`.
FUZZ_BIN := $(BUILD)/tests/fuzz_codeobj
FUZZ_FLAGS := -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# The sim backend names kernels by their C++ names (bh_demangle, kept with
# the runtime in kit/runtime/demangle.c).
FUZZ_SRCS := tests/fuzz/fuzz_codeobj.c $(LOADER_SRCS) $(PLATFORM_SRCS) $(SIM_MODEL_SRCS) \
	kit/runtime/demangle.c
FUZZ_CORPUS := $(BUILD)/fuzz-corpus

$(FUZZ_BIN): $(FUZZ_SRCS) $(AUTOCONF) | $(SIM_GEN_HEADERS)
	$(Q)mkdir -p $(@D)
	@echo "  FUZZ-LD $@"
	$(Q)$(HOSTCC) $(filter-out $(SAN_FLAGS) -MMD -MP,$(HOST_CFLAGS)) $(FUZZ_FLAGS) \
		$(FUZZ_SRCS) -lm -o $@

# Seeds: the unit tests' code objects, and copies of them whose kernel
# descriptors carry hostile entry offsets (scripts/codeobj-seeds.py); the
# dictionary holds 64-bit values that wrap.
FUZZ_DICT := tests/fuzz/codeobj.dict
$(FUZZ_CORPUS)/.seeded: $(UNIT_CO) $(BUILD)/examples/saxpy scripts/codeobj-seeds.py
	$(Q)mkdir -p $(@D)
	$(Q)$(PYTHON) scripts/codeobj-seeds.py $(@D) $(UNIT_CO) && touch $@

# The device printf decoder, seeded with well-formed records (one per
# format of tests/fuzz/fuzz_printf.c: control dword, hash, items).
FUZZ_PRINTF_BIN := $(BUILD)/tests/fuzz_printf
FUZZ_PRINTF_CORPUS := $(BUILD)/fuzz-printf-corpus
$(FUZZ_PRINTF_BIN): tests/fuzz/fuzz_printf.c $(LOADER_SRCS) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  FUZZ-LD $@"
	$(Q)$(HOSTCC) $(filter-out $(SAN_FLAGS) -MMD -MP,$(HOST_CFLAGS)) -Iloader/core $(FUZZ_FLAGS) \
		tests/fuzz/fuzz_printf.c $(LOADER_SRCS) -lm -o $@
$(FUZZ_PRINTF_CORPUS)/.seeded: scripts/printf-seeds.py
	$(Q)mkdir -p $(@D)
	$(Q)$(PYTHON) scripts/printf-seeds.py $(@D) && touch $@

CHECK_RUN_PREBUILD += $(FUZZ_BIN) $(FUZZ_CORPUS)/.seeded $(FUZZ_PRINTF_BIN) \
	$(FUZZ_PRINTF_CORPUS)/.seeded
.PHONY: fuzz fuzz-short
fuzz-short: $(FUZZ_BIN) $(FUZZ_CORPUS)/.seeded $(FUZZ_PRINTF_BIN) $(FUZZ_PRINTF_CORPUS)/.seeded
	$(Q)mkdir -p $(BUILD)/fuzz-work
	$(Q)mkdir -p $(BUILD)/fuzz-artifacts
	$(Q)$(FUZZ_BIN) -dict=$(FUZZ_DICT) -seed=1 -runs=20000 -max_len=65536 -artifact_prefix=$(BUILD)/fuzz-artifacts/ \
		$(BUILD)/fuzz-work $(FUZZ_CORPUS) \
		> $(BUILD)/fuzz-short.log 2>&1 || { tail -40 $(BUILD)/fuzz-short.log; exit 1; }
	$(Q)grep -E "^#[0-9]+.*DONE|Done [0-9]+ runs" $(BUILD)/fuzz-short.log | tail -1
	$(Q)mkdir -p $(BUILD)/fuzz-printf-work
	$(Q)$(FUZZ_PRINTF_BIN) -seed=1 -runs=20000 -max_len=4096 \
		-artifact_prefix=$(BUILD)/fuzz-artifacts/ $(BUILD)/fuzz-printf-work \
		$(FUZZ_PRINTF_CORPUS) > $(BUILD)/fuzz-printf-short.log 2>&1 || \
		{ tail -40 $(BUILD)/fuzz-printf-short.log; exit 1; }
	$(Q)grep -E "^#[0-9]+.*DONE|Done [0-9]+ runs" $(BUILD)/fuzz-printf-short.log | tail -1
fuzz: $(FUZZ_BIN) $(FUZZ_CORPUS)/.seeded $(FUZZ_PRINTF_BIN) $(FUZZ_PRINTF_CORPUS)/.seeded
	$(Q)mkdir -p $(BUILD)/fuzz-printf-work
	$(Q)$(FUZZ_PRINTF_BIN) -max_total_time=120 -max_len=4096 \
		-artifact_prefix=$(BUILD)/fuzz-artifacts/ $(BUILD)/fuzz-printf-work $(FUZZ_PRINTF_CORPUS)
	$(Q)mkdir -p $(BUILD)/fuzz-work
	$(Q)mkdir -p $(BUILD)/fuzz-artifacts
	$(Q)$(FUZZ_BIN) -dict=$(FUZZ_DICT) -max_total_time=600 -max_len=65536 -artifact_prefix=$(BUILD)/fuzz-artifacts/ \
		$(BUILD)/fuzz-work $(FUZZ_CORPUS)
check-run: fuzz-short
