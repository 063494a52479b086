# The archives a program links (linker/public-*.syms say what each
# exports and why): libbarehip.a for users, the plain archive for the
# unit tests, and the symbol check make check runs over both kinds.
# The archive users link holds one object, partially linked from all of
# LIB_OBJS, in which only the names of linker/public-host.syms stay global:
# a program may define its own decode() or fail() (scripts/check-symbols.sh
# checks it).  The tests that call internals link LIBBAREHIP_ALL.
LIBBAREHIP_ALL := $(BUILD)/obj/libbarehip-all.a
$(LIBBAREHIP_ALL): $(LIB_OBJS) | check-backends
	$(Q)mkdir -p $(@D)
	@echo "  AR      $@"
	$(Q)rm -f $@ && $(LLVM_AR) rcs $@ $^
PUBLIC_SYMS := linker/public-host.syms $(if $(filter 1,$(SANITIZE)),linker/public-sanitizer.syms)
$(LIBBAREHIP): $(LIB_OBJS) $(PUBLIC_SYMS) linker/procaddr-table.sh | check-backends
	$(Q)mkdir -p $(@D) $(BUILD)/obj
	@echo "  AR      $@ (public names only)"
	$(Q)$(LLD) -r -o $(BUILD)/obj/libbarehip-runtime.o $(LIB_OBJS)
	$(Q)linker/procaddr-table.sh $(LLVM_NM) $(BUILD)/obj/libbarehip-runtime.o \
		> $(BUILD)/obj/procaddr_table.c
	$(Q)$(HOSTCC) $(filter-out -MMD -MP,$(HOST_CFLAGS)) -c $(BUILD)/obj/procaddr_table.c \
		-o $(BUILD)/obj/procaddr_table.o
	$(Q)$(LLD) -r -o $(BUILD)/obj/libbarehip.o $(BUILD)/obj/libbarehip-runtime.o \
		$(BUILD)/obj/procaddr_table.o
	$(Q)$(LLVM_OBJCOPY) --wildcard $(addprefix --keep-global-symbols=,$(PUBLIC_SYMS)) \
		$(BUILD)/obj/libbarehip.o
	$(Q)rm -f $@ && $(LLVM_AR) rcs $@ $(BUILD)/obj/libbarehip.o

# Every installed archive defines only its documented public names.
.PHONY: check-symbols
check-symbols: $(LIBBAREHIP) $(FW_LIBS)
	$(Q)scripts/check-symbols.sh $(LLVM_NM) $(subst $(space),$(comma),$(strip $(PUBLIC_SYMS))) \
		$(LIBBAREHIP)
	$(Q)scripts/check-symbols.sh $(LLVM_NM) linker/public-firmware.syms $(filter %.a,$(FW_LIBS))
