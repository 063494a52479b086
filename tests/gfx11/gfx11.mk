# gfx11 on the sim board (issue 17).  gfx1100 is a default code-object
# target, so every test program carries it and make check runs each on
# the model of gfx1100 at wave32 like on gfx90a and gfx942
# (on_modelled: "prog@gfx1100").  The kfd backend's runs stay on gfx9:
# the fake KFD refuses gfx11 by name.
#
# gfx1103 (Radeon 780M: 1024 VGPRs per SIMD, 12 CUs) and gfx1151
# (RDNA3.5: its own scalar float ops) are not default targets; a
# representative subset is built for both in one binary and run on each
# model: saxpy, the warp and block collectives at 32 lanes, atomics,
# scratch, the heap, printf, clocks, grid sync, occupancy and the device
# query, a math family and two corpus kernels.
#
# make check-gfx11 runs just the gfx11 runs.
GFX11_SUBSET_FW := $(FW_EXTRA_LIBS)
GFX11_SUBSET_DIR := $(BUILD)/gfx11-subset
GFX11_SUBSET_ARCH := $(foreach t,gfx1103 gfx1151,--offload-arch=$(t))

GFX11_SUBSET_DEVICE := warp_shfl warp_reduce warp_vote warp_match crosslane syncthreads_red \
	atomics atomic_api privates heap printf clocks gridsync gws language properties
GFX11_SUBSET_PROGRAMS := device_query occupancy cooperative_groups warp_intrinsics streams
GFX11_SUBSET_MATH := trig explog
GFX11_SUBSET_CORPUS := reduce matmul
GFX11_SUBSET_BINS := $(GFX11_SUBSET_DIR)/examples/saxpy \
	$(foreach t,$(GFX11_SUBSET_DEVICE),$(GFX11_SUBSET_DIR)/tests/device/$(t)) \
	$(GFX11_SUBSET_DIR)/tests/device/privates-O0 \
	$(foreach t,$(GFX11_SUBSET_PROGRAMS),$(GFX11_SUBSET_DIR)/tests/programs/$(t)) \
	$(foreach t,$(GFX11_SUBSET_MATH),$(GFX11_SUBSET_DIR)/tests/math/$(t)) \
	$(foreach t,$(GFX11_SUBSET_CORPUS),$(GFX11_SUBSET_DIR)/tests/corpus/$(t))

$(GFX11_SUBSET_DIR)/examples/%: examples/%.hip $(TOOLCHAIN) $(GFX11_SUBSET_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1103, gfx1151)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_SUBSET_ARCH) -o $@ $<
$(GFX11_SUBSET_DIR)/tests/device/%-O0: tests/device/%.hip $(TOOLCHAIN) $(GFX11_SUBSET_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1103, gfx1151, -O0)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_SUBSET_ARCH) $(call test_flags,$<) -O0 -o $@ $<
$(GFX11_SUBSET_DIR)/tests/device/%: tests/device/%.hip $(TOOLCHAIN) $(GFX11_SUBSET_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1103, gfx1151)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_SUBSET_ARCH) $(call test_flags,$<) -o $@ $<
$(GFX11_SUBSET_DIR)/tests/programs/%: tests/programs/%.hip $(TOOLCHAIN) $(GFX11_SUBSET_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1103, gfx1151)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_SUBSET_ARCH) $(call test_flags,$<) -o $@ $<
$(GFX11_SUBSET_DIR)/tests/math/%: tests/math/%.hip tests/math/mtest.h $(TOOLCHAIN) $(GFX11_SUBSET_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1103, gfx1151)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_SUBSET_ARCH) $(call test_flags,$<) -o $@ $< \
		-lmpfr -lgmp
$(GFX11_SUBSET_DIR)/tests/corpus/%: tests/corpus/%.hip tests/corpus/common.h $(TOOLCHAIN) \
		$(GFX11_SUBSET_FW)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1103, gfx1151)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_SUBSET_ARCH) -Itests/corpus -o $@ $<

GFX11_SUBSET_RUNS := $(foreach b,$(GFX11_SUBSET_BINS),$(b)@gfx1103 $(b)@gfx1151)
CHECK_BINS += $(GFX11_SUBSET_BINS)
CHECK_RUNS += $(GFX11_SUBSET_RUNS)

# Wave64 on gfx11 (-mwavefrontsize64: CS_W32_EN clear, barehip-cc links
# the wave64 firmware), by the same model code as wave32, on gfx1100:
# saxpy, the warp program and the device tests, less the two that check
# the device code's warpSize equals the device's native one (a wave64
# build on a wave32 device does not, by design: language, properties).
# make check runs the device tests that depend on the wave size (the
# gfx11 subset's, and cooperative groups, lane functions, ds_swizzle,
# block barriers, intrinsics, launch bounds); CHECK_FULL=1 runs every
# device test.
ifneq ($(filter gfx1100,$(TARGETS)),)
GFX11_W64_DIR := $(BUILD)/gfx1100-w64
GFX11_W64_DEVICE := $(filter-out language properties,$(if $(full),$(patsubst \
	tests/device/%.hip,%,$(wildcard tests/device/*.hip)),$(GFX11_SUBSET_DEVICE) cg_coalesced \
	cg_tiles coop_groups ds_swizzle lane_functions syncthreads intrinsics launch_bounds))
GFX11_W64_BINS := $(GFX11_W64_DIR)/examples/saxpy $(GFX11_W64_DIR)/tests/programs/warp_intrinsics \
	$(foreach t,$(GFX11_W64_DEVICE),$(GFX11_W64_DIR)/tests/device/$(t))
GFX11_W64_FLAGS := --offload-arch=gfx1100 -mwavefrontsize64
$(GFX11_W64_DIR)/examples/%: examples/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1100, wave64)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_W64_FLAGS) -o $@ $<
$(GFX11_W64_DIR)/tests/device/%: tests/device/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1100, wave64)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_W64_FLAGS) $(call test_flags,$<) -o $@ $<
$(GFX11_W64_DIR)/tests/programs/%: tests/programs/%.hip $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	@echo "  HIPCC   $< (gfx1100, wave64)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(GFX11_W64_FLAGS) $(call test_flags,$<) -o $@ $<
CHECK_BINS += $(GFX11_W64_BINS)
CHECK_RUNS += $(addsuffix @gfx1100,$(GFX11_W64_BINS))
endif

# No unit-test binary here ("true"): make check runs the unit tests.
.PHONY: check-gfx11
check-gfx11: check-backends $(CHECK_BINS)
	$(Q)scripts/run-tests.sh $(BUILD) true -- \
		$(filter %@gfx1100 %@gfx1103 %@gfx1151,$(CHECK_RUNS))
