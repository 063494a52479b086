# The device tests (tests/device/*.hip): a HIP program per device feature,
# each self-verifying ("PASS"), built at -O2 and at -O0 and run on every
# modelled target.  A new test is a new .hip file here.
$(BUILD)/tests/device/%: tests/device/%.hip $(wildcard tests/device/*.h) $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $<"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call test_flags,$<) -o $@ $<

# Every device test also runs built at -O0: unoptimised code exercises
# scratch and far more of the ISA than -O2 does.  It runs once per
# scratch mode: on the fake KFD's gfx90a (the private segment buffer,
# which the kfd backend sets up: DEVICE_O0_KFD) and on the sim board's
# gfx1100 (architected flat scratch, at wave32: DEVICE_O0_SIM), and is
# built for those targets only; CHECK_FULL=1 builds it for every target
# and runs it wherever the -O2 build runs.
DEVICE_O0_SIM := $(or $(filter gfx1100,$(MODELLED)),$(lastword $(MODELLED)))
DEVICE_O0_KFD := $(firstword $(KFD_GFX))
$(BUILD)/tests/device/%-O0: tests/device/%.hip $(wildcard tests/device/*.h) $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (-O0)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(call arch_flags,$(DEVICE_O0_SIM) $(DEVICE_O0_KFD)) \
		$(call test_flags,$<) -O0 -o $@ $<

DEVICE_O2 := $(patsubst tests/device/%.hip,$(BUILD)/tests/device/%,$(wildcard tests/device/*.hip))
DEVICE_O0 := $(addsuffix -O0,$(DEVICE_O2))
DEVICE_TESTS := $(DEVICE_O2) $(DEVICE_O0)
# ... and on the kfd backend, through the fake KFD (make check's builds
# link it: boards/kfdsim/kfdsim.mk): -O2 on KFD_RUN_GFX.
ifneq ($(full),)
DEVICE_RUNS := $(call on_modelled,$(DEVICE_TESTS)) $(call on_kfd,$(DEVICE_TESTS))
else
DEVICE_RUNS := $(call on_modelled,$(DEVICE_O2)) $(call on_gfx,$(DEVICE_O0),$(DEVICE_O0_SIM)) \
	$(call on_kfd_run,$(DEVICE_O2)) $(call on_kfd_gfx,$(DEVICE_O0),$(DEVICE_O0_KFD))
endif
CHECK_BINS += $(DEVICE_TESTS)
CHECK_RUNS += $(DEVICE_RUNS)
# The model's host threads (boards/sim/model/pool.c).  make check runs
# everything at the default (one per core: 2 on CI); these run the
# tests whose workgroups wait on each other (grid sync, GWS, atomics,
# the deadlock detector, a long loop) at 1 thread, the single-threaded
# order, at 2 explicitly, and at 4 (more threads than cores), and a few
# at 4 on gfx1100 and on the fake KFD.
THREADS_SUBSET := gridsync gws atomics_all interblock threadfence deadlock long_compute \
	coop_groups heap heap_storm
THREADS_BINS := $(addprefix $(BUILD)/tests/device/,$(THREADS_SUBSET))
CHECK_RUNS += $(foreach n,1 2 4,$(addsuffix @$(firstword $(MODELLED))/t$(n),$(THREADS_BINS)))
CHECK_RUNS += $(if $(filter gfx1100,$(MODELLED)),$(addsuffix @gfx1100/t4,$(addprefix \
	$(BUILD)/tests/device/,gridsync gws deadlock heap_storm)))
CHECK_RUNS += $(if $(KFDSIM_LIB),$(addsuffix @kfd-$(firstword $(KFD_GFX))/t4,$(addprefix \
	$(BUILD)/tests/device/,gridsync atomics_all)))

# Compile-time checks, each a script that runs barehip-cc on programs
# that must or must not build: what the cooperative-groups and
# __syncwarp headers refuse; what barehip-cc compiles around the
# standard library and 'register' (include order, libstdc++ headers after
# hip_runtime.h, -Wdeprecated-register); the warp _sync functions' mask
# rule at wave64 and wave32 and what HIP_DISABLE_WARP_SYNC_BUILTINS
# removes; what __HIP_NO_HALF_CONVERSIONS__ and __HIP_NO_HALF_OPERATORS__
# take out of hip_fp16.h.
COMPILE_SCRIPT_TESTS := cg_refusals stdlib_compile warp_sync_refusals half_macros \
	headers_compile
$(addprefix $(BUILD)/tests/device/,$(COMPILE_SCRIPT_TESTS)): $(BUILD)/tests/device/%: \
		tests/device/%.sh tests/device/compile_lib.sh $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	$(Q)printf '#!/bin/sh\nexec "%s" "%s"\n' "$(abspath $<)" "$(abspath $(BAREHIP_CC))" > $@ \
		&& chmod +x $@
TOOL_TESTS += $(addprefix $(BUILD)/tests/device/,$(COMPILE_SCRIPT_TESTS))
