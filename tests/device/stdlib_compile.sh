#!/bin/bash
# What barehip-cc must compile around the standard library and 'register'
# (tests/device/device_stdlib.hip runs the kernels):
#   - <algorithm>, <complex>, <cmath>, <new>, <memory>, <string> included
#     BEFORE hip/hip_runtime.h, then used in device code (clang's own
#     cuda_wrappers, with ROCm installed, fail this with "unknown type
#     name '__host__'");
#     -- the same where clang finds a ROCm 5 (a fake one here, by
#     ROCM_PATH), which makes it add those wrappers even with -nogpuinc;
#   - <memory>, <string>, <filesystem>, <execution>, <algorithm> after
#     hip_runtime.h, and the user's own __attribute__((__noinline__)) and
#     [[gnu::__noinline__]] (libstdc++ writes them; a __noinline__ macro
#     breaks them: clang's cuda_noinline_keyword makes it a keyword);
#   - 'register' in host and device code: silent at C++17 (the default)
#     and C++14, as with nvcc and HIP-Clang; -Wdeprecated-register warns,
#     -Werror=deprecated-register refuses.
# Usage: stdlib_compile.sh BAREHIP_CC
. "$(dirname "$0")/compile_lib.sh"

cat > "$tmp/order.hip" <<'EOF'
#include <algorithm>
#include <complex>
#include <cmath>
#include <new>
#include <memory>
#include <string>
#include <hip/hip_runtime.h>
__global__ void k(std::complex<float> *z, float *f)
{
    alignas(float) char buf[sizeof(float)];
    float *p = new (buf) float(std::sin(f[0]));
    z[0] = std::exp(z[1] * z[2] / z[3]) + std::abs(z[0]);
    f[1] = std::min(*p, std::max(f[2], 1.0f));
}
int main() { auto s = std::make_shared<std::string>("host"); return s->size() != 4; }
EOF
cat > "$tmp/after.hip" <<'EOF'
#include <hip/hip_runtime.h>
#include <memory>
#include <string>
#include <filesystem>
#include <execution>
#include <algorithm>
#include <vector>
__noinline__ __device__ int twice(int x) { return 2 * x; }
__attribute__((__noinline__)) __device__ int thrice(int x) { return 3 * x; }
[[gnu::__noinline__]] __host__ __device__ int inc(int x) { return x + 1; }
__global__ void k(int *p) { *p = inc(twice(thrice(1))); }
int main()
{
    auto s = std::make_shared<std::string>("host");
    std::vector<int> v{3, 1, 2};
    std::sort(std::execution::seq, v.begin(), v.end());
    return s->size() != 4 || v[0] != 1 || std::filesystem::path("a/b").filename() != "b";
}
EOF
cat > "$tmp/register.hip" <<'EOF'
#include <hip/hip_runtime.h>
__global__ void k(int *p)
{
    register int i = threadIdx.x;
    p[i] = i;
}
int main()
{
    register int n = 4;
    return n - 4;
}
EOF

# check NAME EXPECT(ok|fail) PATTERN(or empty: no diagnostics at all) FILE [FLAGS...]
check() {
	local name=$1 expect=$2 pat=$3 file=$4
	shift 4
	checks=$((checks + 1))
	out=$("$cc" --offload-arch=gfx90a "$@" -c -o "$tmp/o.o" \
		"$tmp/$file" 2>&1)
	rc=$?
	local bad=""
	if [ "$expect" = ok ] && [ "$rc" -ne 0 ]; then bad="did not compile"; fi
	if [ "$expect" = fail ] && [ "$rc" -eq 0 ]; then bad="compiled"; fi
	if [ -z "$pat" ] && [ -n "$out" ]; then bad="${bad:-printed diagnostics}"; fi
	if [ -n "$pat" ] && ! grep -q -- "$pat" <<<"$out"; then bad="${bad:-did not say \"$pat\"}"; fi
	if [ -n "$bad" ]; then
		echo "  FAILED: $name: $bad (rc $rc):"
		echo "$out" | grep -E 'error|warning' | head -3
		fails=$((fails + 1))
	fi
}

check "std headers before hip_runtime.h" ok "" order.hip --offload-arch=gfx1100
check "std headers before hip_runtime.h, C++14" ok "" order.hip -std=c++14

# A ROCm 5.7 as clang's detector sees one.  First make sure this clang
# detects it (its device pass then searches clang's cuda_wrappers), or
# the check below would prove nothing.
mkdir -p "$tmp/rocm/share/hip" "$tmp/rocm/bin"
printf 'HIP_VERSION_MAJOR=5\nHIP_VERSION_MINOR=7\nHIP_VERSION_PATCH=0\n' \
	> "$tmp/rocm/share/hip/version"
clang="$("$cc" --version | sed -n 's/^InstalledDir: //p')/clang"
checks=$((checks + 1))
if ! ROCM_PATH="$tmp/rocm" "$clang" -x hip --cuda-device-only --offload-arch=gfx90a -nogpulib \
	-nogpuinc -E -v -o /dev/null "$tmp/after.hip" 2>&1 | grep -q '/cuda_wrappers$'; then
	echo "  FAILED: $clang does not detect the fake ROCm at ROCM_PATH"
	fails=$((fails + 1))
fi
ROCM_PATH="$tmp/rocm" check "std headers before hip_runtime.h, ROCm 5.7 found" ok "" order.hip
check "<memory>, <filesystem>, <execution> .. after hip_runtime.h" ok "" after.hip
check "<memory>, <filesystem>, <execution> .. after hip_runtime.h, gfx1100" ok "" after.hip \
	--offload-arch=gfx1100
check "register, C++17" ok "" register.hip
check "register, C++14" ok "" register.hip -std=c++14
check "register, -Wdeprecated-register" ok "warning: .*'register'" register.hip \
	-Wdeprecated-register
check "register, -Wall" ok "" register.hip -Wall
check "register, -Werror=deprecated-register" fail "error: .*'register'" register.hip \
	-Werror=deprecated-register

finish stdlib_compile "compiles"
