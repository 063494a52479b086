# The sim board's GPU model: sources and the generated decode tables.
SIM_DIR := boards/sim/model
SIM_MODEL_SRCS := $(addprefix $(SIM_DIR)/,sim.c mem.c cp.c dispatch.c decode.c \
	operand.c exec_salu.c exec_valu.c exec_mem.c)
SIM_GEN_HEADERS := $(BUILD)/gen/isa_gfx90a.h $(BUILD)/gen/isa_gfx942.h
SIM_TEST_GEN_HEADERS := $(SIM_GEN_HEADERS)

# Opcode tables come from llvm-mc-19 encodings of the samples in isa/.
$(BUILD)/gen/isa_gfx90a.h: $(SIM_DIR)/isa/gfx9.insns $(SIM_DIR)/gen-isa.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) $(SIM_DIR)/gen-isa.py $(LLVM_MC) gfx90a $@ $(SIM_DIR)/isa/gfx9.insns
$(BUILD)/gen/isa_gfx942.h: $(SIM_DIR)/isa/gfx9.insns $(SIM_DIR)/isa/gfx942.insns $(SIM_DIR)/gen-isa.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) $(SIM_DIR)/gen-isa.py $(LLVM_MC) gfx942 $@ $(SIM_DIR)/isa/gfx9.insns \
		$(SIM_DIR)/isa/gfx942.insns
