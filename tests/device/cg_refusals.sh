#!/bin/bash
# What the cooperative-groups and __syncwarp headers refuse at compile
# time, each with a message that names the rule, and what they accept:
#   - thread_block_tile<N> with N above the target's wave size (64 on
#     gfx90a and gfx942, 32 on gfx1100 unless built -mwavefrontsize64) or
#     not a power of two;
#   - tiled_partition<N> of a tile smaller than N, or of a grid;
#   - labeled_partition with a label that is not an integer;
#   - __syncwarp with a 32-bit mask, at wave64 and at wave32 (seed 003).
# The kernels that use these (tests/device/cg_tiles.hip, cg_coalesced.hip)
# check what the accepted forms compute.
# Usage: cg_refusals.sh BAREHIP_CC
. "$(dirname "$0")/compile_lib.sh"

cat > "$tmp/k.hip" <<'EOF'
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(unsigned long long* p)
{
    auto block = cg::this_thread_block();
    p[threadIdx.x] = CODE;
}
EOF

# compile ARCH CODE [FLAGS...]: sets $out and $rc.
compile() {
	local arch=$1 code=$2
	shift 2
	out=$("$cc" --device-only --offload-arch="$arch" "$@" "-DCODE=$code" -c \
		-o "$tmp/k.o" "$tmp/k.hip" 2>&1)
	rc=$?
}
accepts() { # arch, code, flags...
	checks=$((checks + 1))
	compile "$@"
	if [ "$rc" -ne 0 ]; then
		echo "  FAILED: $1 refused $2:"
		echo "$out" | grep error: | head -3
		fails=$((fails + 1))
	fi
}
refuses() { # arch, code, message, flags...
	local arch=$1 code=$2 msg=$3
	shift 3
	checks=$((checks + 1))
	compile "$arch" "$code" "$@"
	if [ "$rc" -eq 0 ] || ! grep -q -- "$msg" <<<"$out"; then
		echo "  FAILED: $arch should refuse $code with \"$msg\"; got (rc $rc):"
		echo "$out" | grep error: | head -3
		fails=$((fails + 1))
	fi
}

tile() { echo "cg::tiled_partition<$1>(block).shfl(1ull, 0)"; }
wave_rule='N must be a power of two no larger than the wavefront size'
label_short='cg::labeled_partition(cg::coalesced_threads(), (short)threadIdx.x).size()'
sync64='(__syncwarp(~0ull), __syncwarp(), 1ull)'
sync32='(__syncwarp(0xffffffffu), 1ull)'
mask_rule='__syncwarp: the mask must be a 64-bit integer'

# What each wave size accepts, in one compile each.
accepts gfx90a "$(tile 64) + $label_short + $sync64"
accepts gfx1100 "$(tile 32) + $sync64"
accepts gfx1100 "$(tile 64)" -mwavefrontsize64
# Each refusal on its own.
refuses gfx1100 "$(tile 64)" "$wave_rule"
refuses gfx90a "$(tile 128)" "$wave_rule"
refuses gfx90a "$(tile 12)" "$wave_rule"
refuses gfx90a 'cg::tiled_partition<16>(cg::tiled_partition<8>(block)).size()' \
	"N must not exceed the parent tile's size"
refuses gfx90a 'cg::tiled_partition<16>(cg::this_grid()).size()' \
	'parent must be a thread_block or a thread_block_tile'
refuses gfx90a 'cg::labeled_partition(cg::coalesced_threads(), 1.5f).size()' \
	'the label must be an integer'
refuses gfx90a "$sync32" "$mask_rule"
refuses gfx1100 "$sync32" "$mask_rule"

finish cg_refusals "compile-time checks"
