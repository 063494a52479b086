#!/bin/bash
# The warp _sync functions at compile time (seed 003, "Warp cross-lane
# functions"):
#   - every one of them (__shfl*_sync, __ballot/__any/__all_sync,
#     __match_any/__match_all_sync, the __reduce_*_sync of warp.h and of
#     hip_fp16.h, __syncwarp) refuses a mask that is not a 64-bit integer,
#     at wave64 (gfx90a) and at wave32 (gfx1100) alike, with a message that
#     names the rule, and accepts an unsigned long long;
#   - HIP_DISABLE_WARP_SYNC_BUILTINS removes exactly those (and, as in
#     ROCm, cooperative groups' reduce) and leaves the functions without
#     _sync (__ballot, __any, __all, __activemask, the shuffles, match) and
#     the rest of cooperative groups in place.
# What the accepted forms compute is checked by tests/device/warp_*.hip.
# Usage: warp_sync_refusals.sh BAREHIP_CC
. "$(dirname "$0")/compile_lib.sh"

# Each _sync function, called with the mask M.
sync_calls=(
	"__shfl_sync(M, v, 0)"
	"__shfl_up_sync(M, v, 1u)"
	"__shfl_down_sync(M, v, 1u)"
	"__shfl_xor_sync(M, v, 1)"
	"__ballot_sync(M, v)"
	"__any_sync(M, v)"
	"__all_sync(M, v)"
	"__match_any_sync(M, v)"
	"__match_all_sync(M, v, &pred)"
	"__reduce_add_sync(M, v)"
	"__reduce_min_sync(M, v)"
	"__reduce_max_sync(M, v)"
	"__reduce_and_sync(M, u)"
	"__reduce_or_sync(M, u)"
	"__reduce_xor_sync(M, u)"
	"__reduce_add_sync(M, h)"
	"__reduce_min_sync(M, h)"
	"__reduce_max_sync(M, h)"
	"(__syncwarp(M), 0)"
)
# The functions without _sync, which HIP_DISABLE_WARP_SYNC_BUILTINS keeps.
plain_calls=(
	"__ballot(v)" "__any(v)" "__all(v)" "__activemask()"
	"__shfl(v, 0)" "__shfl_up(v, 1u)" "__shfl_down(v, 1u)" "__shfl_xor(v, 1)"
	"__shfl(h, 0)" "__match_any(v)" "__match_all(v, &pred)"
	"cg::tiled_partition<4>(cg::this_thread_block()).shfl(v, 0)"
)

# write_kernel CALL...: one kernel summing every call (the half ones
# converted to float; hip_fp16.h only where a call takes a half, which
# keeps the single-call compiles short).
write_kernel() {
	{
		echo '#define HIP_ENABLE_EXTRA_WARP_SYNC_TYPES'
		echo '#include <hip/hip_runtime.h>'
		if [[ "$*" == *"cg::"* ]]; then
			echo '#include <hip/hip_cooperative_groups.h>'
			echo 'namespace cg = cooperative_groups;'
		fi
		if [[ "$*" == *", h"* || "$*" == *"(h"* ]]; then
			echo '#include <hip/hip_fp16.h>'
			echo '#define HALF_VAR __half h = __float2half(p[threadIdx.x]);'
		else
			echo '#define HALF_VAR'
		fi
		echo '__global__ void k(float* p, MASK_T mask)'
		echo '{'
		echo '    int v = (int)threadIdx.x, pred;'
		echo '    unsigned int u = threadIdx.x;'
		echo '    HALF_VAR'
		echo '    float sum = 0;'
		local c
		for c in "$@"; do
			echo "    sum += (float)(${c//M/mask});"
		done
		echo '    p[threadIdx.x] = sum;'
		echo '}'
	} > "$tmp/k.hip"
}
# compile ARCH [FLAGS...]: sets $out and $rc.
compile() {
	local arch=$1
	shift
	out=$("$cc" --device-only --offload-arch="$arch" -ferror-limit=0 "$@" -c \
		-o "$tmp/k.o" "$tmp/k.hip" 2>&1)
	rc=$?
}
fail() {
	echo "  FAILED: $*"
	fails=$((fails + 1))
}

mask_rule='must be a 64-bit integer'
# refuses ARCH CALL MASK_TYPE: one call with a mask of MASK_TYPE must fail
# to build, with the mask rule's message (-fsyntax-only: the front end is
# all that matters, and barehip-cc's link step then fails on its own, so
# the message is what tells).
refuses() {
	checks=$((checks + 1))
	write_kernel "$2"
	compile "$1" "-DMASK_T=$3" -fsyntax-only
	if [ "$rc" -eq 0 ] || ! grep -q -- "$mask_rule" <<<"$out"; then
		fail "$1 should refuse ${2//M/($3)mask} with \"$mask_rule\" (rc $rc)"
		echo "$out" | grep error: | head -2
	fi
}
for arch in gfx90a gfx1100; do
	# All of them with a 64-bit mask: accepted.
	write_kernel "${sync_calls[@]}"
	checks=$((checks + 1))
	compile "$arch" '-DMASK_T=unsigned long long'
	[ "$rc" -eq 0 ] || { fail "$arch refused the _sync functions with a 64-bit mask:"; \
		echo "$out" | grep error: | head -3; }
	# Each with a 32-bit mask (CUDA's 0xffffffff), one compile per call
	# (the check is instantiated once per mask type in a translation
	# unit, so a second call in the same one would not be reported).
	for c in "${sync_calls[@]}"; do
		refuses "$arch" "$c" 'unsigned int'
	done
	# Other mask types that are not a 64-bit integer.
	refuses "$arch" "__ballot_sync(M, v)" 'int'
	refuses "$arch" "__shfl_sync(M, v, 0)" 'double'
	refuses "$arch" "(__syncwarp(M), 0)" 'unsigned short'
done

# HIP_DISABLE_WARP_SYNC_BUILTINS: the plain functions still build ...
write_kernel "${plain_calls[@]}"
checks=$((checks + 1))
compile gfx90a -DHIP_DISABLE_WARP_SYNC_BUILTINS '-DMASK_T=unsigned long long'
[ "$rc" -eq 0 ] || { fail "HIP_DISABLE_WARP_SYNC_BUILTINS removed a function without _sync:"; \
	echo "$out" | grep error: | head -3; }
# ... and every _sync one is gone (one compile: each call must be named
# as undeclared).
write_kernel "${sync_calls[@]}"
compile gfx90a -DHIP_DISABLE_WARP_SYNC_BUILTINS '-DMASK_T=unsigned long long'
[ "$rc" -ne 0 ] || fail "HIP_DISABLE_WARP_SYNC_BUILTINS left every _sync function in place"
for c in "${sync_calls[@]}"; do
	name=${c#(}
	name=${name%%(*}
	checks=$((checks + 1))
	grep -q -- "undeclared identifier '$name'" <<<"$out" ||
		fail "HIP_DISABLE_WARP_SYNC_BUILTINS did not remove $name"
done

finish warp_sync_refusals "compile-time checks"
