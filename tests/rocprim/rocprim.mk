# rocPRIM on barehip (tests/rocprim, docs/rocprim.md): a program per
# family of Debian's librocprim-dev (header-only, a check dependency:
# scripts/deps.sh), built with barehip-cc for gfx90a (wave64) and gfx1100
# (wave32) and run on both, each checking its results against the host.
# ROCPRIM_INCLUDE: where rocprim/ is (make check: the installed package;
# for a tree unpacked with dpkg -x: ROCPRIM_INCLUDE=<root>/usr/include).
ROCPRIM_INCLUDE ?= /usr/include
# (not -isystem /usr/include: that reorders the system directories and
# breaks libstdc++'s #include_next)
ROCPRIM_FLAGS := $(if $(filter /usr/include /usr/include/,$(ROCPRIM_INCLUDE)),,-isystem $(ROCPRIM_INCLUDE))
ROCPRIM_TESTS := reduce scan radix_sort histogram select merge_sort run_length_encode \
	segmented_reduce block_warp
ROCPRIM_TARGETS := gfx90a gfx1100
ifeq ($(filter $(ROCPRIM_TARGETS),$(MODELLED)),$(ROCPRIM_TARGETS))
ROCPRIM_BINS := $(addprefix $(BUILD)/tests/rocprim/,$(ROCPRIM_TESTS))
$(ROCPRIM_BINS): $(BUILD)/tests/rocprim/%: tests/rocprim/%.hip tests/rocprim/common.hpp $(TOOLCHAIN)
	$(Q)mkdir -p $(@D)
	$(Q)test -f $(ROCPRIM_INCLUDE)/rocprim/rocprim.hpp || { echo "barehip: no rocPRIM in" \
		"$(ROCPRIM_INCLUDE) (install librocprim-dev: scripts/deps.sh check, or set" \
		"ROCPRIM_INCLUDE)" >&2; exit 1; }
	@echo "  HIPCC   $< (rocPRIM)"
	$(Q)$(BAREHIP_CC) $(CC_FLAGS) $(addprefix --offload-arch=,$(ROCPRIM_TARGETS)) $(ROCPRIM_FLAGS) \
		-o $@ $<
CHECK_BINS += $(ROCPRIM_BINS)
CHECK_RUNS += $(foreach t,$(ROCPRIM_TARGETS),$(addsuffix @$(t),$(ROCPRIM_BINS)))
endif
