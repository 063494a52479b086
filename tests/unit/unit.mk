# The unit tests (tests/unit): one CUnit binary of every test_*.c (a new
# file is a new suite; unit_list.h names them), linked with libbarehip.a,
# and the code objects some of them load.
UNIT_SRCS := $(wildcard tests/unit/test_*.c)
UNIT_OBJS := $(patsubst %.c,$(BUILD)/obj/%.o,$(UNIT_SRCS) tests/unit/main.c tests/unit/testlib.c \
	tests/unit/model_rig.c \
	tests/unit/mpfr_ref.c)
UNIT_BIN := $(BUILD)/tests/unit-tests
UNIT_LIST := $(BUILD)/gen/unit_list.h

$(UNIT_LIST): $(UNIT_SRCS) tests/unit/unit.mk
	$(Q)mkdir -p $(@D)
	$(Q)for f in $(sort $(notdir $(basename $(UNIT_SRCS)))); do \
		echo "BH_TEST_SUITE($${f#test_})"; done > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/tests/unit/%.o: tests/unit/%.c $(UNIT_LIST) $(SIM_TEST_GEN_HEADERS) $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) -I$(BUILD)/gen -Itests/unit -Iloader/core -Ikit/runtime \
		-DBH_TEST_GEN_DIR='"$(BUILD)/gen"' -include suites.h -c $< -o $@

$(UNIT_BIN): $(UNIT_OBJS) $(LIBBAREHIP_ALL)
	$(Q)mkdir -p $(@D)
	@echo "  LD      $@"
	$(Q)$(HOSTCC) $(UNIT_OBJS) $(LIBBAREHIP_ALL) $(HOST_LDFLAGS) -Wl,--undefined=__cxa_demangle \
		-lcunit -lmpfr -lgmp -lstdc++ -lm -o $@

# Code objects the unit tests load (real clang-19/ld.lld-19 output).
UNIT_CO := $(foreach t,$(KFD_GFX),$(BUILD)/gen/testk.$(t).co)
$(BUILD)/gen/testk.%.co: tests/unit/testk.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	$(Q)$(BAREHIP_CC) --device-only --offload-arch=$* -O2 -o $@ $<

CHECK_BINS += $(UNIT_BIN) $(UNIT_CO)
