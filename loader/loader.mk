# The loader (loader/core, loader/gfx, loader/platform) into libbarehip.a:
# a new .c file under loader/core or loader/gfx is picked up by wildcard.
# The core builds freestanding: only compiler headers plus the few libc
# routines declared in loader/core/klib.h (any embedded libc has them).
LOADER_SRCS := $(wildcard loader/core/*.c) $(wildcard loader/gfx/*.c)
PLATFORM_SRCS := $(if $(CONFIG_BACKEND_SIM),loader/platform/sim.c)
# The kmod backend, and the choice between backends at run time.
PLATFORM_SRCS += $(if $(CONFIG_BACKEND_KMOD),loader/platform/kmod.c) loader/platform/select.c
# The pci backend (a board with no operating system drives the GPU's BARs
# itself; OS-neutral, so the unit tests drive it natively) and the sim
# board's registers, which it shares with the kmod backend.
PLATFORM_SRCS += loader/platform/pci.c loader/platform/simboard.c
# pthread mutexes for the core (struct bh_platform's mutex_*).
PLATFORM_SRCS += loader/platform/lock.c
# The stock amdgpu driver through /dev/kfd.
PLATFORM_SRCS += $(if $(CONFIG_BACKEND_KFD),loader/platform/kfd.c)
LIB_SRCS += $(LOADER_SRCS) $(PLATFORM_SRCS)
LOADER_CFLAGS := -ffreestanding -fno-builtin-malloc

$(BUILD)/obj/loader/core/%.o: loader/core/%.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(LOADER_CFLAGS) -c $< -o $@
$(BUILD)/obj/loader/gfx/%.o: loader/gfx/%.c $(AUTOCONF)
	$(Q)mkdir -p $(@D)
	@echo "  CC      $<"
	$(Q)$(HOSTCC) $(HOST_CFLAGS) $(LOADER_CFLAGS) -c $< -o $@

# Only the allowed headers may appear in the freestanding loader core.
.PHONY: check-freestanding
check-freestanding:
	$(Q)bad=$$(grep -n '#include <' $(LOADER_SRCS) loader/core/*.h \
		$(filter-out %/kfd-sys.h,$(wildcard loader/include/bh/*.h)) \
		| grep -v -E '<(stddef|stdint|stdbool|stdarg|stdalign|limits)\.h>|<bh/[a-z_]+\.h>' || true); \
	if [ -n "$$bad" ]; then echo "loader core must stay freestanding:"; echo "$$bad"; exit 1; fi
