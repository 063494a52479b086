#!/bin/bash
# The HIP headers user code includes by name (docs/headers.md):
#   - every provided one in one HIP translation unit, for gfx90a and
#     gfx1100 and in reverse order, used in host and device code
#     (HIP_INF_F, hip_bfloat16, hipDataType, HIP_SCOPED_MARKER,
#     hipExtLaunchKernelGGL ...), with no diagnostics;
#   - each one ROCm allows in host-only code, alone, compiled by g++,
#     clang++ (as C++, not HIP) and gcc (C) with -Wall -Wextra -Werror;
#   - hip_runtime_api.h brings <string.h> (memset without including it);
#   - the absent ones are absent (docs/headers.md says why);
#   - hip_bfloat16 and HIP_INF_F/HIP_NAN_F values on the host.
# Usage: headers_compile.sh BAREHIP_CC
. "$(dirname "$0")/compile_lib.sh"
inc=$(cd "$(dirname "$cc")/../include" && pwd)

provided="hip/hip_runtime.h hip/hip_runtime_api.h hip/hip_common.h hip/hip_version.h
hip/hip_ext.h hip/driver_types.h hip/library_types.h hip/hip_profile.h hip/hip_bfloat16.h
hip/hip_math_constants.h hip/math_functions.h hip/device_functions.h hip/hip_complex.h
hip/hip_fp16.h hip/hip_bf16.h hip/hip_vector_types.h hip/hip_cooperative_groups.h
hip/amd_detail/amd_hip_runtime.h hip/amd_detail/amd_hip_runtime_pt_api.h
hip/amd_detail/host_defines.h hip/amd_detail/amd_hip_common.h hip/amd_detail/amd_hip_fp16.h
hip/amd_detail/amd_hip_bf16.h hip/amd_detail/amd_hip_bfloat16.h hip/amd_detail/amd_hip_complex.h
hip/amd_detail/amd_hip_vector_types.h hip/amd_detail/amd_hip_cooperative_groups.h
hip/amd_detail/amd_hip_math_constants.h hip/amd_detail/amd_math_functions.h
hip/amd_detail/amd_device_functions.h hip/amd_detail/amd_warp_functions.h
hip/amd_detail/amd_warp_sync_functions.h hip/amd_detail/amd_hip_atomic.h
hip/amd_detail/amd_hip_unsafe_atomics.h hip/amd_detail/hip_ldg.h hip/amd_detail/hip_assert.h
hip/amd_detail/hip_cooperative_groups_helper.h hip/hiprtc.h hip/linker_types.h"
# Host-only (g++, clang++ -x c++, gcc): what ROCm allows there, but the
# half types (hip_fp16.h, hip_bf16.h: HIP only in barehip, docs/headers.md).
host_only=$(echo "$provided" | tr ' ' '\n' | grep -v -e fp16 -e 'bf16\.h' -e hip_ext.h)
absent="hip/hip_fp8.h hip/hip_texture_types.h hip/texture_types.h
hip/surface_types.h hip/hip_gl_interop.h hip/channel_descriptor.h"

body() {
	cat <<'EOF'
__global__ void k(float *f, hip_bfloat16 *b, int *n)
{
	HIP_SCOPED_MARKER("k", "test");
	f[0] = HIP_INF_F;
	f[1] = HIP_PI_F + (float)HIP_PI;
	b[0] = hip_bfloat16(f[2]);
	f[3] = float(b[1]);
	n[0] = (int)HIP_R_16BF + __shfl(n[1], 0) + (int)__hadd(__half(1.0f), __half(2.0f));
	hipFloatComplex z = make_hipFloatComplex(1.0f, 2.0f);
	f[4] = hipCabsf(z);
}
int main()
{
	void *p = nullptr;
	hipDataType t = HIP_C_32F;
	hipEvent_t e0 = nullptr, e1 = nullptr;
	if (hipExtMallocWithFlags(&p, 64, hipDeviceMallocFinegrained) != hipSuccess)
		return 1;
	hipExtLaunchKernelGGL(k, dim3(1), dim3(1), 0, 0, e0, e1, 0, (float *)p,
			      (hip_bfloat16 *)p, (int *)p);
	memset(&t, 0, sizeof(t));
	return (int)t + (int)hip_bfloat16(HIP_ONE_F) - 1;
}
EOF
}
{ for h in $provided; do echo "#include <$h>"; done; body; } > "$tmp/all.hip"
{ for h in $(echo "$provided" | tr ' ' '\n' | tac); do echo "#include <$h>"; done; body; } \
	> "$tmp/reverse.hip"

# hipcheck NAME FILE [FLAGS...]: barehip-cc compiles it without a diagnostic.
hipcheck() {
	local name=$1 file=$2
	shift 2
	checks=$((checks + 1))
	if ! out=$("$cc" "$@" -c -o "$tmp/o.o" "$tmp/$file" 2>&1) || [ -n "$out" ]; then
		echo "  FAILED: $name:"
		echo "$out" | grep -E 'error|warning' | head -3
		fails=$((fails + 1))
	fi
}
hipcheck "every provided header, HIP, gfx90a" all.hip --offload-arch=gfx90a
hipcheck "every provided header, HIP, gfx1100" all.hip --offload-arch=gfx1100
hipcheck "every provided header, HIP, reverse order" reverse.hip --offload-arch=gfx90a

# hostcheck COMPILER... -- each host-only header alone.
hostcheck() {
	local lang=$1 ext=$2
	shift 2
	for h in $host_only; do
		checks=$((checks + 1))
		printf '#include <%s>\nint main(void) { return 0; }\n' "$h" > "$tmp/h.$ext"
		if ! out=$("$@" -Wall -Wextra -Werror -I"$inc" -fsyntax-only "$tmp/h.$ext" 2>&1); then
			echo "  FAILED: <$h> host-only ($lang):"
			echo "$out" | grep -E 'error' | head -3
			fails=$((fails + 1))
		fi
	done
}
hostcheck g++ cpp g++ -x c++
hostcheck "clang++ as C++" cpp clang++-19 -x c++
hostcheck gcc c gcc -x c -std=c11

# memset through hip_runtime_api.h alone (ROCm's brings <string.h>).
printf '#include <hip/hip_runtime_api.h>\nint main(void) { char b[4]; memset(b, 0, 4); return b[0]; }\n' \
	> "$tmp/memset.c"
checks=$((checks + 1))
if ! out=$(gcc -std=c11 -Wall -Werror -I"$inc" -fsyntax-only "$tmp/memset.c" 2>&1); then
	echo "  FAILED: memset without <string.h>: $out" | head -3
	fails=$((fails + 1))
fi

for h in $absent; do
	checks=$((checks + 1))
	printf '#include <%s>\n' "$h" > "$tmp/absent.cpp"
	# -MM lists only headers found through -I: an installed ROCm's own
	# header in /usr/include/hip is not barehip's.
	if g++ -I"$inc" -MM "$tmp/absent.cpp" 2>/dev/null | grep -q "$inc/$h"; then
		echo "  FAILED: <$h> exists; docs/headers.md lists it as absent"
		fails=$((fails + 1))
	fi
done

# Values on the host: hip_bfloat16 rounding, NaN and truncation; the constants.
cat > "$tmp/values.cpp" <<'EOF'
#include <hip/hip_bfloat16.h>
#include <hip/hip_math_constants.h>
#include <cmath>
#include <cstdio>
#include <cstring>
static unsigned bits(float f) { unsigned u; std::memcpy(&u, &f, 4); return u; }
static float from(unsigned u) { float f; std::memcpy(&f, &u, 4); return f; }
int main()
{
	int bad = 0;
	bad += hip_bfloat16(1.0f).data != 0x3f80;
	bad += hip_bfloat16(from(0x3f808000)).data != 0x3f80;   /* tie: to even */
	bad += hip_bfloat16(from(0x3f818000)).data != 0x3f82;   /* tie: to even (up) */
	bad += hip_bfloat16(from(0x3f808001)).data != 0x3f81;   /* above half: up */
	bad += hip_bfloat16(from(0x3f80ffff), hip_bfloat16::truncate).data != 0x3f80;
	bad += !std::isnan(hip_bfloat16(NAN)) || !std::isnan(float(hip_bfloat16(NAN)));
	bad += !std::isnan(hip_bfloat16(from(0x7f800001)));      /* low-bit NaN stays NaN */
	bad += !std::isinf(hip_bfloat16(HIP_INF_F));
	bad += float(hip_bfloat16(2.5f) * hip_bfloat16(2.0f)) != 5.0f;
	bad += hip_bfloat16_to_float(float_to_hip_bfloat16(-3.0f)) != -3.0f;
	bad += bits(HIP_NAN_F) != 0x7fffffffu || !std::isinf(HIP_INF) || !std::isnan(HIP_NAN);
	bad += bits(HIP_NEG_ZERO_F) != 0x80000000u || HIP_MIN_DENORM_F != from(1);
	bad += std::fabs(HIP_PI - 3.14159265358979) > 1e-14;
	std::printf("%d\n", bad);
	return bad != 0;
}
EOF
checks=$((checks + 1))
if ! g++ -Wall -Wextra -Werror -I"$inc" -o "$tmp/values" "$tmp/values.cpp" 2>"$tmp/err" ||
	! "$tmp/values" > /dev/null; then
	echo "  FAILED: hip_bfloat16 / constants values on the host:"
	head -3 "$tmp/err"
	fails=$((fails + 1))
fi

finish headers_compile "checks"
