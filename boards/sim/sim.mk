# The sim board's GPU model (boards/sim/model/*.c, into libbarehip.a;
# a new model file is picked up by wildcard) and its generated decode
# tables.  The model's own test data: tests/model/model.mk.
SIM_DIR := boards/sim/model
SIM_MODEL_SRCS := $(sort $(wildcard $(SIM_DIR)/*.c))
# Only programs that can run the sim board carry the model.
LIB_SRCS += $(if $(CONFIG_BACKEND_SIM),$(SIM_MODEL_SRCS))
HOST_CFLAGS += -I$(BUILD)/gen -I$(SIM_DIR)
SIM_GEN_HEADERS := $(BUILD)/gen/isa_gfx90a.h $(BUILD)/gen/isa_gfx942.h \
	$(BUILD)/gen/isa_gfx1100.h $(BUILD)/gen/isa_gfx1103.h $(BUILD)/gen/isa_gfx1151.h

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

# gfx11 (RDNA3) tables, read by decode_gfx11.c; gfx1151 adds gfx11.5's
# SALU float operations.
ISA_GFX11 := $(SIM_DIR)/isa/gfx11.insns
$(BUILD)/gen/isa_gfx1100.h $(BUILD)/gen/isa_gfx1103.h: $(BUILD)/gen/isa_%.h: $(ISA_GFX11) \
		$(SIM_DIR)/gen-isa.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) $(SIM_DIR)/gen-isa.py $(LLVM_MC) $* $@ $(ISA_GFX11)
$(BUILD)/gen/isa_gfx1151.h: $(ISA_GFX11) $(SIM_DIR)/isa/gfx1151.insns $(SIM_DIR)/gen-isa.py
	$(Q)mkdir -p $(@D)
	@echo "  GEN     $@"
	$(Q)$(PYTHON) $(SIM_DIR)/gen-isa.py $(LLVM_MC) gfx1151 $@ $(ISA_GFX11) $(SIM_DIR)/isa/gfx1151.insns
