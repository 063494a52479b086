#!/bin/bash
# What __HIP_NO_HALF_CONVERSIONS__ and __HIP_NO_HALF_OPERATORS__ take out
# of hip_fp16.h, which is what ROCm's amd_hip_fp16.h takes out:
#   - __HIP_NO_HALF_CONVERSIONS__: __half's implicit conversions from and
#     to the arithmetic types (_Float16, float, double, the integers):
#     constructors, assignments and conversion operators.  Left: the
#     __half_raw ones, the conversion functions (__float2half & co) and
#     everything of __half2 (whose _Float16_2 conversions ROCm keeps);
#   - __HIP_NO_HALF_OPERATORS__: the operators of __half and __half2 --
#     + - * / (binary and unary), += -= *= /=, ++ and -- (both forms) and
#     the comparisons -- and the half __reduce_*_sync.  Left: the
#     intrinsics (__hadd, __hlt, __heq2, ...).  __half2 still converts to
#     _Float16_2, so c + d between two __half2 still builds through that
#     vector type (in ROCm too); its compound assignments, increments and
#     comparisons as bool do not.
# Each case is one line of a kernel; one compile per macro setting must
# report an error on exactly the lines expected to be refused.
# hip_bf16.h has no such macros (nor has ROCm's), so it is not tested here.
# Usage: half_macros.sh BAREHIP_CC
. "$(dirname "$0")/compile_lib.sh"

# Cases: "MODE|CODE", MODE = C (refused under __HIP_NO_HALF_CONVERSIONS__),
# O (refused under __HIP_NO_HALF_OPERATORS__) or - (always accepted).
cases=(
	"C|__half h = 1.0f; f[0] = __half2float(h);"
	"C|__half h = 2.0; f[0] = __half2float(h);"
	"C|__half h = (_Float16)3; f[0] = __half2float(h);"
	"C|__half h = 4; f[0] = __half2float(h);"
	"C|__half h(5u); f[0] = __half2float(h);"
	"C|a = 1.5f;"
	"C|a = 2.5;"
	"C|a = 7;"
	"C|f[0] = a;"
	"C|f[0] = (double)a;"
	"C|i[0] = a;"
	"C|i[0] = (unsigned long long)a;"
	"O|a = a + b;"
	"O|a = a - b;"
	"O|a = a * b;"
	"O|a = a / b;"
	"O|a = -b;"
	"O|a = +b;"
	"O|a += b;"
	"O|a -= b;"
	"O|a *= b;"
	"O|a /= b;"
	"O|++a;"
	"O|a++;"
	"O|--a;"
	"O|a--;"
	"O|i[0] = a == b;"
	"O|i[0] = a != b;"
	"O|i[0] = a < b;"
	"O|i[0] = a > b;"
	"O|i[0] = a <= b;"
	"O|i[0] = a >= b;"
	"O|c += d;"
	"O|c -= d;"
	"O|c *= d;"
	"O|c /= d;"
	"O|++c;"
	"O|c++;"
	"O|--c;"
	"O|c--;"
	"O|i[0] = (bool)(c == d);"
	"O|i[0] = (bool)(c != d);"
	"O|i[0] = (bool)(c < d);"
	"O|i[0] = (bool)(c > d);"
	"O|i[0] = (bool)(c <= d);"
	"O|i[0] = (bool)(c >= d);"
	"O|a = __reduce_add_sync(~0ull, a);"
	"O|a = __reduce_max_sync(~0ull, a);"
	"-|a = __float2half(1.0f); f[0] = __half2float(a);"
	"-|__half_raw r = a; a = r; __half h(r); a = __hadd(h, b);"
	"-|a = __int2half_rn(3); i[0] = __half2int_rz(a);"
	"-|a = __hmul(__hsub(a, b), __hdiv(a, b)); a = __hneg(a);"
	"-|i[0] = __heq(a, b) + __hlt(a, b) + __hge(a, b) + __hisnan(a);"
	"-|c = __hadd2(c, d); c = __hmul2(c, d); c = __heq2(c, d);"
	"-|i[0] = __hbeq2(c, d) + __hblt2(c, d);"
	"-|c = __half2(a, b); c = __halves2half2(a, b); a = __low2half(c);"
	"-|c = _Float16_2{1, 2}; __half2 e = c; d = e;"
	"-|c = __floats2half2_rn(1.0f, 2.0f); f[0] = __low2float(c);"
	"-|a = __shfl(a, 0); c = __shfl_xor(c, 1);"
	"-|a = hsqrt(a); c = h2exp(c);"
)

cat > "$tmp/head.hip" <<'EOF'
#define HIP_ENABLE_EXTRA_WARP_SYNC_TYPES
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
__global__ void k(__half* p, __half2* q, float* f, long long* i)
{
    __half a = p[0], b = p[1];
    __half2 c = q[0], d = q[1];
EOF
first=$(($(wc -l < "$tmp/head.hip") + 1))
{
	cat "$tmp/head.hip"
	for c in "${cases[@]}"; do
		echo "    { ${c#*|} }"
	done
	echo '    p[2] = a; q[2] = c;'
	echo '}'
} > "$tmp/k.hip"

# check NAME REFUSED_MODES FLAGS...: compile with FLAGS; the lines with a
# mode in REFUSED_MODES must have an error, the others none.
check() {
	local name=$1 refused=$2 n line mode code bad
	shift 2
	out=$("$cc" -ferror-limit=0 "$@" -c -o "$tmp/k.o" "$tmp/k.hip" 2>&1)
	# An error in the header itself (a guard that leaves it broken).
	if grep -q "hip_fp16.h:[0-9]*:[0-9]*: error" <<<"$out"; then
		echo "  FAILED: $name: hip_fp16.h itself does not build:"
		grep "hip_fp16.h:[0-9]*:[0-9]*: error" <<<"$out" | head -3
		fails=$((fails + 1))
	fi
	n=0
	for c in "${cases[@]}"; do
		line=$((first + n))
		n=$((n + 1))
		mode=${c%%|*}
		code=${c#*|}
		checks=$((checks + 1))
		if grep -q "k.hip:$line:[0-9]*: error" <<<"$out"; then
			bad=1
			[[ "$refused" == *"$mode"* ]] && bad=0
		else
			bad=0
			[[ "$refused" == *"$mode"* ]] && bad=1
		fi
		if [ "$bad" -ne 0 ]; then
			if [[ "$refused" == *"$mode"* ]]; then
				echo "  FAILED: $name: accepted '$code'"
			else
				echo "  FAILED: $name: refused '$code':"
				grep "k.hip:$line:[0-9]*: error" <<<"$out" | head -2
			fi
			fails=$((fails + 1))
		fi
	done
}

dev="--device-only --offload-arch=gfx90a"
check "no macro" "" $dev
check "__HIP_NO_HALF_CONVERSIONS__" "C" $dev -D__HIP_NO_HALF_CONVERSIONS__
check "__HIP_NO_HALF_OPERATORS__" "O" $dev -D__HIP_NO_HALF_OPERATORS__
# Both, for the host and every default target (wave64 and wave32).
check "both" "CO" -D__HIP_NO_HALF_CONVERSIONS__ -D__HIP_NO_HALF_OPERATORS__

finish half_macros "cases in 4 compiles"
