#!/bin/bash
# barehip-cc's command line as hipcc users write it: --version, --help,
# errors (its own and clang's, passed through), languages by extension
# and by -x, --genco bundles for one and several targets, -fgpu-rdc
# device linking of several sources, target IDs with features, -c with
# several sources, -v.  What programs built this way do at run time is
# tested by tests/programs/ (module_api, rdc_lib, cxx_lang, multi_arch).
# And that no -O level shows the user a linker crash (the LTO fallback),
# --default-stream (the per-thread default stream's names), hipcc's and
# clang's other ways (link order and -lamdhip64, -E, -S, -M, -MD,
# --cuda-host-only/--cuda-device-only, -save-temps, --emit-static-lib,
# -fPIC/-pie, --dynamic, -shared, --offload-arch=native) and link errors
# in the user's terms.
# With --installed, the checks of an installed prefix instead (make
# install's layout: g++ linking -lamdhip64, --host-target's runtimes).
# Usage: barehip-cc-test.sh BAREHIP_CC CLANG_OFFLOAD_BUNDLER LLVM_READELF [FLAGS]
#        barehip-cc-test.sh --installed PREFIX CLANG_OFFLOAD_BUNDLER LLVM_READELF
# (FLAGS: what a program linked in this build needs, the sanitizers).
set -u
installed=""
if [ "$1" = --installed ]; then
	installed=$2
	shift
	set -- "$installed/bin/barehip-cc" "${@:2}"
fi
cc=$1
bundler=$2
readelf=$3
link_flags=${4:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
checks=0

expect() { # description, then a test command
	local what=$1
	shift
	checks=$((checks + 1))
	if ! "$@"; then
		echo "  FAILED: $what"
		fails=$((fails + 1))
	fi
}
# Run barehip-cc; $out is its output (stdout and stderr), $rc its status.
bcc() { out=$("$cc" "$@" 2>&1); rc=$?; }
targets_of() { "$bundler" -list -type=o "-input=$1" | LC_ALL=C sort | paste -sd' '; }
summary() {
	if [ "$fails" -ne 0 ]; then
		echo "barehip-cc-test${installed:+ --installed}: FAILED $fails of $checks checks"
		exit 1
	fi
	echo "barehip-cc-test${installed:+ --installed}: PASS ($checks checks)"
	exit 0
}
# No temporary file of barehip-cc's in a message.
no_temp_names() { ! grep -q 'barehip-cc\.[A-Za-z0-9]\{6\}/\|\bsrc[0-9]*\.o\b' <<<"$1"; }

# ---------------------------------------------- hipcc's and clang's ways
# (docs/barehip-cc.md, "hipcc command lines")
hipcc_checks() {
	local sanitized=0
	[ -z "$link_flags" ] || sanitized=1
	# Link order: a static library of the user's that calls HIP links
	# where the command line puts it, before barehip's runtime.
	cat > foo.hip <<'EOS'
#include <hip/hip_runtime.h>
__global__ void fill(int* p, int v) { p[threadIdx.x] = v; }
extern "C" int foo_fill(int* host, int n, int v)
{
    int* d;
    if (hipMalloc(&d, n * sizeof(int)) != hipSuccess) return 1;
    fill<<<1, n>>>(d, v);
    if (hipMemcpy(host, d, n * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess) return 1;
    return hipFree(d) != hipSuccess;
}
EOS
	cat > usefoo.c <<'EOS'
#include <stdio.h>
int foo_fill(int* host, int n, int v);
int main(void)
{
    int h[32];
    if (foo_fill(h, 32, 7) != 0 || h[0] != 7 || h[31] != 7) { printf("usefoo: FAILED\n"); return 1; }
    printf("usefoo: PASS\n");
    return 0;
}
EOS
	bcc --offload-arch=gfx90a -c foo.hip -o foo.o
	ar rcs libfoo.a foo.o
	# shellcheck disable=SC2086
	bcc $link_flags --offload-arch=gfx90a usefoo.c -L. -lfoo -o usefoo
	expect "-L. -lfoo (libfoo.a calls HIP): links before libbarehip.a" test "$rc" -eq 0
	expect "-L. -lfoo: the program runs" eval './usefoo | grep -q "usefoo: PASS"'
	# shellcheck disable=SC2086
	bcc $link_flags --offload-arch=gfx90a -lamdhip64 usefoo.c -L . -l foo -lamdhip64 -o usefoo2
	expect "-lamdhip64 (ROCm's runtime) is barehip's" \
		eval '[ "$rc" -eq 0 ] && ./usefoo2 | grep -q "usefoo: PASS"'
	# shellcheck disable=SC2086
	bcc $link_flags --offload-arch=gfx90a usefoo.c -o nofoo
	expect "a host link error names the user's file, no temporary object" eval \
		'[ "$rc" -ne 0 ] && grep -q "usefoo.c" <<<"$out" && grep -q "foo_fill" <<<"$out" &&
		 no_temp_names "$out"'

	# --emit-static-lib: an archive of the objects, as clang makes it.
	bcc --emit-static-lib --offload-arch=gfx90a foo.hip -o libfoo2.a
	expect "--emit-static-lib: an archive of foo.o" \
		eval '[ "$rc" -eq 0 ] && [ "$(ar t libfoo2.a)" = foo.o ]'
	# shellcheck disable=SC2086
	bcc $link_flags --offload-arch=gfx90a usefoo.c -L. -lfoo2 -o usefoo3
	expect "--emit-static-lib: the archive links and runs" \
		eval '[ "$rc" -eq 0 ] && ./usefoo3 | grep -q "usefoo: PASS"'
	cat > triple.hip <<'EOS'
#include <hip/hip_runtime.h>
__device__ int triple(int x) { return 3 * x; }
EOS
	cat > usetriple.hip <<'EOS'
#include <hip/hip_runtime.h>
#include <cstdio>
__device__ int triple(int x);
__global__ void k(int* p) { p[threadIdx.x] = triple(threadIdx.x); }
int main()
{
    int *d, h[64];
    if (hipMalloc(&d, sizeof(h)) != hipSuccess) return 1;
    k<<<1, 64>>>(d);
    if (hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost) != hipSuccess) return 1;
    for (int i = 0; i < 64; ++i)
        if (h[i] != 3 * i) { printf("usetriple: FAILED at %d\n", i); return 1; }
    printf("usetriple: PASS\n");
    return 0;
}
EOS
	bcc --emit-static-lib -fgpu-rdc --offload-arch=gfx90a triple.hip -o libtriple.a
	# shellcheck disable=SC2086
	bcc $link_flags -fgpu-rdc --offload-arch=gfx90a usetriple.hip -L. -ltriple -o usetriple
	expect "--emit-static-lib -fgpu-rdc: a device library the program's kernels call" \
		eval '[ "$rc" -eq 0 ] && ./usetriple | grep -q "usetriple: PASS"'

	# --cuda-host-only / --offload-host-only: the host object, no device code.
	for f in --cuda-host-only --offload-host-only; do
		bcc $f -c k.hip -o host-only.o
		expect "$f -c: a host object without a fat binary" eval '[ "$rc" -eq 0 ] &&
			! "$readelf" -S -W host-only.o | grep -q "\.hip_fatbin"'
	done
	bcc --offload-arch=gfx90a -c k.hip -o both.o
	expect "(a whole object has its fat binary)" grep -q '\.hip_fatbin' \
		<<<"$("$readelf" -S -W both.o)"
	# --cuda-device-only / --offload-device-only: clang's outputs.
	bcc --cuda-device-only --offload-arch=gfx942 -c k.hip -o dev.fb
	expect "--cuda-device-only -c -o: a bundle of the code object" \
		test "$(targets_of dev.fb)" = "hipv4-amdgcn-amd-amdhsa--gfx942 host-x86_64-unknown-linux-gnu-"
	rm -f k.hip-hip-amdgcn-amd-amdhsa.hipfb
	bcc --offload-device-only --offload-arch=gfx90a --offload-arch=gfx942 -c k.hip
	expect "--offload-device-only -c: clang's name, every target" \
		test "$(targets_of k.hip-hip-amdgcn-amd-amdhsa.hipfb)" = \
		"hipv4-amdgcn-amd-amdhsa--gfx90a hipv4-amdgcn-amd-amdhsa--gfx942 host-x86_64-unknown-linux-gnu-"
	bcc --cuda-device-only -fgpu-rdc --offload-arch=gfx90a --offload-arch=gfx942 -c k.hip
	expect "--cuda-device-only -fgpu-rdc -c: bitcode per target, clang's names" eval \
		'[ "$(head -c 2 k-hip-amdgcn-amd-amdhsa-gfx90a.bc)" = BC ] &&
		 [ "$(head -c 2 k-hip-amdgcn-amd-amdhsa-gfx942.bc)" = BC ]'

	# -E: preprocessed, to stdout (both sides, bundled as clang does) or -o.
	bcc -E --offload-arch=gfx90a k.hip
	expect "-E: both sides to stdout" eval '[ "$rc" -eq 0 ] &&
		grep -q "__CLANG_OFFLOAD_BUNDLE____START__ hip-amdgcn-amd-amdhsa-*gfx90a" <<<"$out" &&
		grep -q "__CLANG_OFFLOAD_BUNDLE____START__ host-" <<<"$out" &&
		grep -q "void first(int\* p)" <<<"$out"'
	rm -f k.o
	bcc -E --cuda-host-only -DVALUE=41 k.hip -o k.ii
	expect "-E --cuda-host-only -o: the host side's text, no object" eval '[ "$rc" -eq 0 ] &&
		grep -q "void first(int\* p)" k.ii && ! grep -q __CLANG_OFFLOAD_BUNDLE k.ii && [ ! -e k.o ]'
	# -S: assembly, as clang names it.
	bcc -S --offload-arch=gfx90a k.hip
	expect "-S: k.s with the device and the host assembly" eval '[ "$rc" -eq 0 ] &&
		grep -q "\.amdgcn_target" k.s && grep -q "__hip_module_ctor" k.s'
	bcc -S --cuda-device-only --offload-arch=gfx942 k.hip
	expect "-S --cuda-device-only: k-hip-amdgcn-amd-amdhsa-gfx942.s" eval '[ "$rc" -eq 0 ] &&
		grep -q "^first:" k-hip-amdgcn-amd-amdhsa-gfx942.s'

	# -M, -MM: the rule to stdout; an object is never written over.
	bcc -M k.hip
	expect "-M: k.o's rule to stdout, barehip's headers in it" eval '[ "$rc" -eq 0 ] &&
		grep -q "^k.o: k.hip" <<<"$out" && grep -q "hip_runtime.h" <<<"$out"'
	echo "an object" > keep.o
	bcc -MM -c k.hip -o keep.o
	expect "-MM -c -o keep.o: the rule names keep.o, which is left alone" eval '[ "$rc" -eq 0 ] &&
		grep -q "^keep.o: k.hip" <<<"$out" && [ "$(cat keep.o)" = "an object" ]'
	bcc -MM -MF rule.d -MT 'obj/k.o' k.hip
	expect "-MM -MF -MT: the rule in the file, its target as given" \
		eval '[ "$rc" -eq 0 ] && grep -q "^obj/k.o: k.hip" rule.d'
	# -MD/-MMD alongside -c or a link: the .d beside the object, the
	# user's object its target, never a temporary file.
	mkdir -p sub
	bcc --offload-arch=gfx90a -MD -c k.hip -o sub/k.o
	expect "-MD -c -o sub/k.o: sub/k.d for sub/k.o" \
		eval '[ "$rc" -eq 0 ] && [ -f sub/k.o ] && grep -q "^sub/k.o: k.hip" sub/k.d'
	bcc --offload-arch=gfx90a -fgpu-rdc -MMD -c k2.hip -o k2r.o
	expect "-MMD -fgpu-rdc -c: k2r.d for k2r.o" \
		eval '[ "$rc" -eq 0 ] && grep -q "^k2r.o: k2.hip" k2r.d && no_temp_names "$(cat k2r.d)"'
	rm -f usefoo.d
	# shellcheck disable=SC2086
	bcc $link_flags --offload-arch=gfx90a -MMD -MP usefoo.c -L. -lfoo -o usefoo4
	expect "-MMD in a link: usefoo.d for usefoo.o" eval '[ "$rc" -eq 0 ] &&
		grep -q "^usefoo.o: usefoo.c" usefoo.d && no_temp_names "$(cat usefoo.d)"'

	# -save-temps: the intermediate files in the current directory.
	mkdir -p st && cp k.hip st/ && cat >> st/k.hip <<'EOS'
int main() { return 0; }
EOS
	for f in -save-temps --save-temps; do
		# shellcheck disable=SC2086
		out=$(cd st && "$cc" $link_flags $f --offload-arch=gfx90a k.hip -o prog 2>&1)
		rc=$?
		expect "$f: the program, and clang's and barehip-cc's intermediate files" eval \
			'[ "$rc" -eq 0 ] && [ -x st/prog ] && [ -s st/k-hip-amdgcn-amd-amdhsa-gfx90a.hipi ] &&
			 [ "$(head -c 2 st/k-hip-amdgcn-amd-amdhsa-gfx90a.bc)" = BC ] &&
			 "$readelf" -h st/k-hip-amdgcn-amd-amdhsa-gfx90a.out | grep -q "EM_AMDGPU" &&
			 [ "$(targets_of st/k.hip-hip-amdgcn-amd-amdhsa.hipfb)" = \
			   "hipv4-amdgcn-amd-amdhsa--gfx90a host-x86_64-unknown-linux-gnu-" ] &&
			 [ -s st/k-host-x86_64-pc-linux-gnu.hipi ] && [ -s st/k-host-x86_64-pc-linux-gnu.o ]'
		rm -f st/k-* st/k.hip-* st/prog
	done

	# A program's own macros named like the headers' template parameters
	# (-DN=1024 is common) break nothing: barehip's headers use reserved
	# names.  T is left out: clang's own __clang_hip_math.h uses it.
	cat > macros.hip <<'EOS'
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_complex.h>
#include <hip/hip_ext.h>
#include <hip/hiprtc.h>
__global__ void k(float* o) { o[threadIdx.x] = N + __shfl_xor(1.0f, 1); }
EOS
	bcc --offload-arch=gfx90a -DN=4 -DM=5 -DP=6 -DI=7 -DF=8 -DU=9 -DS=1 -DB=2 -DX=3 -DC=4 \
		-DV=5 -DL=6 -c macros.hip -o macros.o
	expect "-DN=4 -DM=5 ...: every public header compiles" test "$rc" -eq 0

	# Vector types as ROCm's: v += s and v = v % s compile, v %= s and
	# the other integer-only OP= with a scalar do not (hip-tests'
	# Unit_VectorOperators_Negative_Parameters_RTC counts the errors).
	printf '#include <hip/hip_runtime.h>\n__global__ void k(int4* p, int s) { int4 v = *p; v += s; v = v %% s; v <<= v; *p = v; }\n' > vec_ok.hip
	bcc --offload-arch=gfx90a -Wall -Werror -c vec_ok.hip -o vec_ok.o
	expect "vector types: v += s, v = v % s, v <<= v compile" test "$rc" -eq 0
	for op in '%=' '^=' '|=' '&=' '>>=' '<<='; do
		printf '#include <hip/hip_runtime.h>\n__global__ void k(int4* p, int s) { int4 v = *p; v %s s; *p = v; }\n' "$op" > vec_bad.hip
		bcc --offload-arch=gfx90a -c vec_bad.hip -o vec_bad.o
		expect "vector types: v $op s does not compile (as in ROCm)" test "$rc" -ne 0
	done

	# Texture and surface functions: gfx1100 and gfx90a have them all
	# (gfx90a without the instructions for LOD, gradients and gather4:
	# bh/texture.h), gfx942 none (clang sets __HIP_NO_IMAGE_SUPPORT there).  Image code guarded by
	# !__HIP_NO_IMAGE_SUPPORT, as
	# hip-tests' hipArrayCommon.hh guards it, builds with -Werror (the host
	# pass parses it); an unguarded call is a device-pass error that says
	# why.  The guarded kernel uses its parameters outside the guard, so the
	# device pass's -Wunused-parameter does not hide the point.
	cat > tex.hip <<'EOS'
#include <hip/hip_runtime.h>
template <typename T>
__global__ void k(T* o, hipTextureObject_t t, hipSurfaceObject_t s) {
  (void)t; (void)s; o[0] = T();
#if !__HIP_NO_IMAGE_SUPPORT
  o[1] = tex1D<T>(t, 0.5f) + tex2D<T>(t, 1.f, 2.f) + tex2Dgather<T>(t, 0.f, 0.f, 1) +
         tex3DLod<T>(t, 1.f, 2.f, 3.f, 0.f) + tex1Dfetch<T>(t, 3) +
         texCubemapLayered<T>(t, 1.f, 0.f, 0.f, 1);
  tex2DGrad(o + 2, t, 1.f, 1.f, make_float2(0.f, 0.f), make_float2(0.f, 0.f));
  surf2Dwrite(o[0], s, 4, 2);
  surf3Dread(o + 3, s, 4, 2, 1);
  surfCubemapLayeredwrite(o[0], s, 4, 2, 5, 1);
#endif
}
template __global__ void k<float>(float*, hipTextureObject_t, hipSurfaceObject_t);
EOS
	bcc --offload-arch=gfx1100 --offload-arch=gfx942 -std=c++17 -Wall -Wextra -Werror \
		-c tex.hip -o tex.o
	expect "texture calls under !__HIP_NO_IMAGE_SUPPORT compile (gfx1100: all of them; gfx942: the host pass sees them)" \
		test "$rc" -eq 0
	sed 's/^#if !__HIP_NO_IMAGE_SUPPORT/#if 1/' tex.hip > tex-bad.hip
	bcc --offload-arch=gfx942 -std=c++17 -c tex-bad.hip -o tex-bad.o
	expect "an unguarded texture call on gfx942: a device-pass error naming the reason" eval \
		'[ "$rc" -ne 0 ] && grep -q "tex1D<float.* is unavailable: texture and surface functions need image instructions" <<<"$out"'
	bcc --offload-arch=gfx90a -std=c++17 -Wall -Wextra -Werror -c tex.hip -o tex-90a.o
	expect "texture calls on gfx90a, which has no LOD, gradient or gather4 instructions, compile" \
		test "$rc" -eq 0

	# -fPIC / -fPIE reach every pass; -pie makes a position-independent
	# program (static-pie when static), which runs.
	bcc -v -fPIC --offload-arch=gfx90a -c k.hip -o pic.o
	expect "-fPIC -c: the host and the device pass" eval '[ "$rc" -eq 0 ] &&
		[ "$(grep -c "^+ .*clang.* -fPIC" <<<"$out")" -ge 2 ]'
	bcc -fPIE -fgpu-rdc --offload-arch=gfx90a -c k2.hip -o pie-rdc.o
	expect "-fPIE -fgpu-rdc -c" test "$rc" -eq 0
	bcc -fPIC --genco --offload-arch=gfx90a k.hip -o pic.co
	expect "-fPIC --genco" test "$rc" -eq 0
	bcc -fPIC --cuda-device-only --offload-arch=gfx90a -c k.hip -o pic.fb
	expect "-fPIC --cuda-device-only" test "$rc" -eq 0
	# shellcheck disable=SC2086
	bcc $link_flags -fPIE -pie --offload-arch=gfx90a usefoo.c -L. -lfoo -o usefoo-pie
	expect "-fPIE -pie: a position-independent program that runs" eval '[ "$rc" -eq 0 ] &&
		"$readelf" -h usefoo-pie | grep -q "Type: *DYN" && ./usefoo-pie | grep -q "usefoo: PASS"'
	if [ "$sanitized" = 0 ]; then
		expect "-pie in a static link: static-pie, no interpreter" \
			eval '[ -x usefoo-pie ] && ! "$readelf" -l usefoo-pie | grep -q "INTERP"'
	fi

	# -shared: refused, naming why.
	bcc -shared -fPIC --offload-arch=gfx90a foo.hip -o libfoo.so
	expect "-shared: refused, naming the runtime's local-exec TLS" eval '[ "$rc" -eq 1 ] &&
		grep -q "error: -shared: .*local-exec TLS" <<<"$out" && [ ! -e libfoo.so ]'
	bcc -shared -fPIC --offload-arch=gfx90a -c foo.hip -o foo-pic.o
	expect "-shared with -c: compiles (nothing is linked)" test "$rc" -eq 0

	# A system library that ships only as .so: a static link refuses it,
	# naming it and --dynamic; --dynamic links it, the runtime still static.
	printf 'int bar_value(void) { return 42; }\n' > bar.c
	cc -shared -fPIC bar.c -o libbar.so
	cat > usebar.hip <<'EOS'
#include <hip/hip_runtime.h>
#include <cstdio>
extern "C" int bar_value(void);
__global__ void put(int* p, int v) { *p = v; }
int main()
{
    int *d, h = 0;
    if (hipMalloc(&d, sizeof(int)) != hipSuccess) return 1;
    put<<<1, 1>>>(d, bar_value());
    if (hipMemcpy(&h, d, sizeof(int), hipMemcpyDeviceToHost) != hipSuccess || h != 42) return 1;
    printf("usebar: PASS\n");
    return 0;
}
EOS
	if [ "$sanitized" = 0 ]; then
		bcc --offload-arch=gfx90a usebar.hip -L. -lbar -o usebar
		expect "-lbar (only libbar.so) in a static link: refused, naming it and --dynamic" \
			eval '[ "$rc" -eq 1 ] && grep -q "error: -lbar: .*\./libbar\.so.*--dynamic" <<<"$out"'
		bcc --offload-arch=gfx90a usebar.hip ./libbar.so -o usebar
		expect "libbar.so named in a static link: refused" \
			eval '[ "$rc" -eq 1 ] && grep -q "libbar.so. is a shared library.*--dynamic" <<<"$out"'
	fi
	# shellcheck disable=SC2086
	bcc $link_flags --dynamic --offload-arch=gfx90a usebar.hip -L. -lbar -Wl,-rpath,"$tmp" -o usebar
	expect "--dynamic: libbar.so linked dynamically, the program runs" eval '[ "$rc" -eq 0 ] &&
		"$readelf" -d usebar | grep -q "NEEDED.*\[libbar.so\]" && ./usebar | grep -q "usebar: PASS"'
	expect "--dynamic: the runtime stays in the program (no HIP library needed)" \
		eval '[ -x usebar ] && ! "$readelf" -d usebar | grep -q "NEEDED.*\(hip\|barehip\)"'

	# --offload-arch=native: the target of the board barehip-info sees.
	out=$(BAREHIP_SIM_GFX=gfx942 "$cc" -v --offload-arch=native -c k.hip -o native.o 2>&1)
	rc=$?
	expect "--offload-arch=native: the sim board's gfx942, only" eval '[ "$rc" -eq 0 ] &&
		grep -q -- "--offload-arch=gfx942" <<<"$out" && ! grep -q -- "--offload-arch=gfx90a" <<<"$out"'
	out=$(BAREHIP_BOARD=nowhere "$cc" --offload-arch=native -c k.hip -o native.o 2>&1)
	rc=$?
	expect "--offload-arch=native without a board: barehip-info's reason" eval '[ "$rc" -eq 1 ] &&
		grep -q "error: --offload-arch=native: barehip-info found no GPU: .*nowhere" <<<"$out"'

	# Link-time errors in the user's terms.
	cat > lds.hip <<'EOS'
#include <hip/hip_runtime.h>
template <int N> __global__ void big(float* p)
{
    __shared__ float s[N];
    s[threadIdx.x] = 1;
    __syncthreads();
    p[threadIdx.x] = s[N - 1 - threadIdx.x];
}
template __global__ void big<40000>(float*);
EOS
	bcc --offload-arch=gfx90a -c lds.hip -o lds.o
	expect "a kernel over its LDS: the kernel, the file, the sizes, no temporary names" eval \
		'[ "$rc" -ne 0 ] && grep -q "^barehip-cc: error: lds.hip: kernel .void big<40000>(float\*). uses 160000 bytes of LDS" <<<"$out" &&
		 grep -q "65536 bytes per workgroup gfx90a" <<<"$out" && no_temp_names "$out"'
	cat > undef.hip <<'EOS'
#include <hip/hip_runtime.h>
__device__ int helper(int x);
__global__ void use(int* p) { p[threadIdx.x] = helper(threadIdx.x); }
EOS
	bcc --offload-arch=gfx90a -c undef.hip -o undef.o
	expect "an undefined __device__ function: named with its caller and file; -fgpu-rdc" eval \
		'[ "$rc" -ne 0 ] && grep -q "^barehip-cc: error: undef.hip: undefined device function .helper(int)., called from .use(int\*)." <<<"$out" &&
		 grep -q "fgpu-rdc" <<<"$out" && no_temp_names "$out"'
	bcc -fgpu-rdc --offload-arch=gfx90a -c undef.hip -o undef-rdc.o
	# shellcheck disable=SC2086
	bcc $link_flags -fgpu-rdc --offload-arch=gfx90a undef-rdc.o st/k.hip -o undef-rdc
	expect "-fgpu-rdc, defined nowhere: the object that calls it, no temporary names" eval \
		'[ "$rc" -ne 0 ] && grep -q "error: undef-rdc.o: undefined device function .helper(int)." <<<"$out" &&
		 no_temp_names "$out"'
	# ROCm's llvm_ir_to_executable way (tests/programs/device_ir runs it):
	# one target's device code as one LLVM module, the device library in
	# it, which clang for the GPU makes a code object of.
	bcc --cuda-device-only -c -emit-llvm --offload-arch=gfx90a k.hip -o k-gfx90a.bc
	expect "--cuda-device-only -c -emit-llvm: bitcode ($out)" eval \
		'[ "$rc" -eq 0 ] && [ "$(head -c 2 k-gfx90a.bc)" = BC ]'
	bcc -target amdgcn-amd-amdhsa -mcpu=gfx90a k-gfx90a.bc -o k-gfx90a.co
	expect "-target amdgcn-amd-amdhsa makes a code object of it, needing no ROCm ($out)" eval \
		'[ "$rc" -eq 0 ] && "$readelf" -h k-gfx90a.co | grep -q "DYN (Shared object file)" &&
		 "$readelf" --dyn-syms k-gfx90a.co | grep -q "first.kd"'
	bcc --cuda-device-only -c -emit-llvm --offload-arch=gfx90a --offload-arch=gfx942 k.hip -o k2.bc
	expect "-emit-llvm -o with two targets: refused, naming why" eval \
		'[ "$rc" -eq 1 ] && grep -q "file per target: -o needs one --offload-arch" <<<"$out"'
	bcc -c -emit-llvm k.hip -o k-both.bc
	expect "-emit-llvm of both sides at once: refused, naming the ways" eval \
		'[ "$rc" -eq 1 ] && grep -q "add --cuda-device-only" <<<"$out"'
	# A fat binary made by hand beside -fgpu-rdc device code: one or the other.
	printf '\t.section .hip_fatbin,"a",@progbits\n\t.globl __hip_fatbin\n__hip_fatbin:\n\t.zero 8\n' > fb.s
	"$(dirname "$bundler")/clang" -c -x assembler fb.s -o fb.o
	bcc --offload-arch=gfx90a -fgpu-rdc -c k.hip -o k-rdc.o
	bcc --offload-arch=gfx90a -fgpu-rdc k-rdc.o fb.o -o both
	expect "-fgpu-rdc code and a hand-made __hip_fatbin: refused, naming the object" eval \
		'[ "$rc" -eq 1 ] && grep -q "k-rdc.o. carries -fgpu-rdc device code" <<<"$out"'
}

# ------------------------------------------------- an installed prefix
# (make install's layout, tests/tools/install.mk)
installed_checks() {
	local p=$installed
	expect "installed: barehip-cc, the runtime, the headers" eval \
		'[ -x "$p/bin/barehip-cc" ] && [ -f "$p/lib/libbarehip.a" ] &&
		 [ -f "$p/include/hip/hip_runtime.h" ] && [ -x "$p/bin/barehip-info" ]'
	expect "installed: libamdhip64.a is libbarehip.a" cmp -s "$p/lib/libamdhip64.a" "$p/lib/libbarehip.a"
	# ROCm's layout for build files that name its tools by path
	# ($(ROCM_INSTALL_DIR)/bin/hipcc, .../llvm/bin/clang, llvm-mc ...).
	expect "installed: bin/hipcc is barehip-cc" eval \
		'"$p/bin/hipcc" --version | grep -q "barehip-cc (barehip)"'
	local t
	for t in clang llvm-mc llvm-dis clang-offload-bundler ld.lld; do
		expect "installed: llvm/bin/$t runs" eval '"$p/llvm/bin/$t" --version > /dev/null 2>&1'
	done
	expect "installed: llvm/bin/clang is barehip's clang++" eval \
		'"$p/llvm/bin/clang" --version | grep -q "barehip-cc (barehip)"'
	# CMake's HIP language with only CMAKE_PREFIX_PATH finds PREFIX/clang++
	# (tests/cmake builds with it); bin/ has none, to shadow no one's.
	expect "installed: PREFIX/clang++ is barehip's, and bin/ has no clang++" eval \
		'"$p/clang++" --version | grep -q "barehip-cc (barehip)" && [ ! -e "$p/bin/clang++" ]'
	# A Makefile that builds the host with g++ and links ROCm's runtime
	# by name: the kernels from barehip-cc -c, -L<prefix>/lib -lamdhip64.
	cat > kern.hip <<'EOS'
#include <hip/hip_runtime.h>
__global__ void add_one(int* p) { p[threadIdx.x] += 1; }
extern "C" void launch_add_one(int* d, int n) { add_one<<<1, n>>>(d); }
EOS
	cat > main.cpp <<'EOS'
#include <hip/hip_runtime_api.h>
#include <cstdio>
#include <vector>
extern "C" void launch_add_one(int* d, int n);
int main()
{
    std::vector<int> h(64, 41);
    int* d;
    if (hipMalloc((void**)&d, h.size() * sizeof(int)) != hipSuccess) return 1;
    if (hipMemcpy(d, h.data(), h.size() * sizeof(int), hipMemcpyHostToDevice) != hipSuccess) return 1;
    launch_add_one(d, (int)h.size());
    if (hipMemcpy(h.data(), d, h.size() * sizeof(int), hipMemcpyDeviceToHost) != hipSuccess) return 1;
    for (int v : h)
        if (v != 42) { std::printf("g++ -lamdhip64: FAILED\n"); return 1; }
    std::printf("g++ -lamdhip64: PASS\n");
    return 0;
}
EOS
	bcc --offload-arch=gfx90a -c kern.hip -o kern.o
	expect "installed barehip-cc -c" test "$rc" -eq 0
	out=$(g++ -O2 -I"$p/include" -c main.cpp -o main.o 2>&1 &&
		g++ main.o kern.o -L"$p/lib" -lamdhip64 -o gpp-prog 2>&1)
	rc=$?
	expect "g++ main.o kern.o -L<prefix>/lib -lamdhip64 links" eval '[ "$rc" -eq 0 ] || { echo "$out"; false; }'
	expect "the g++-linked program runs" eval './gpp-prog | grep -q "g++ -lamdhip64: PASS"'
	bcc --offload-arch=gfx90a kern.hip main.cpp -o bcc-prog
	expect "installed barehip-cc links a program that runs" \
		eval '[ "$rc" -eq 0 ] && ./bcc-prog | grep -q "PASS"'
	# hiprtc in the installed runtime compiles with the installed
	# headers and firmware (the prefix make install wrote into it), and
	# -lhiprtc (ROCm's library name) is the runtime.
	cat > rtc.cpp <<'EOS'
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>
#include <string>
#include <vector>
int main()
{
    hiprtcProgram prog;
    const char *opts[] = { "-v" };    // clang's search list, into the log
    hiprtcCreateProgram(&prog, "extern \"C\" __global__ void k(int *p) { p[threadIdx.x] = 7; }",
                        "k.hip", 0, nullptr, nullptr);
    hiprtcResult r = hiprtcCompileProgram(prog, 1, opts);
    size_t n, size;
    hiprtcGetProgramLogSize(prog, &n);
    std::string log(n, '\0');
    hiprtcGetProgramLog(prog, &log[0]);
    std::printf("%s\n", log.c_str());
    if (r != HIPRTC_SUCCESS || hiprtcGetCodeSize(prog, &size) != HIPRTC_SUCCESS) return 1;
    std::vector<char> code(size);
    hiprtcGetCode(prog, code.data());
    hipModule_t m;
    hipFunction_t f;
    int *d, h[64] = {};
    if (hipModuleLoadData(&m, code.data()) || hipModuleGetFunction(&f, m, "k") ||
        hipMalloc((void **)&d, sizeof(h))) return 1;
    void *args[] = { &d };
    if (hipModuleLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, nullptr, args, nullptr) ||
        hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost)) return 1;
    for (int v : h)
        if (v != 7) return 1;
    std::printf("hiprtc: PASS\n");
    return 0;
}
EOS
	bcc --offload-arch=gfx90a rtc.cpp -lhiprtc -o rtc-prog
	expect "installed: -lhiprtc links a hiprtc program" eval '[ "$rc" -eq 0 ] || { echo "$out"; false; }'
	expect "installed: hiprtc compiles with the installed headers, and the kernel runs" eval \
		'env -u BAREHIP_HIPRTC_PREFIX ./rtc-prog > rtc.log 2>&1 && grep -q "hiprtc: PASS" rtc.log &&
		 grep -q "^ $p/include\$" rtc.log || { tail -5 rtc.log; false; }'
	# --host-target from the prefix: the cross runtimes make install put
	# there (wherever Debian's cross compilers were installed).
	local arch machine
	for arch in aarch64 riscv64; do
		case "$arch" in aarch64) machine=183 ;; riscv64) machine=243 ;; esac
		if ! command -v "$arch-linux-gnu-gcc" > /dev/null; then
			bcc --host-target="$arch-linux-gnu" kern.hip main.cpp -o "prog-$arch"
			expect "no $arch cross compiler: --host-target says the runtime is missing" \
				eval '[ "$rc" -eq 1 ] && grep -q "no .*lib/$arch-linux-gnu/libbarehip.a" <<<"$out"'
			continue
		fi
		expect "installed: lib/$arch-linux-gnu/libbarehip.a and its libamdhip64.a" eval \
			'cmp -s "$p/lib/$arch-linux-gnu/libbarehip.a" "$p/lib/$arch-linux-gnu/libamdhip64.a"'
		bcc --host-target="$arch-linux-gnu" --offload-arch=gfx90a kern.hip main.cpp -o "prog-$arch"
		expect "installed barehip-cc --host-target=$arch-linux-gnu links an $arch program" eval \
			'[ "$rc" -eq 0 ] && [ "$(od -An -tu2 -j18 -N2 "prog-$arch" | tr -d " ")" = "$machine" ]'
		if command -v "qemu-$arch-static" > /dev/null; then
			expect "the $arch program runs (qemu-$arch-static)" eval \
				'"qemu-$arch-static" "./prog-$arch" | grep -q "PASS"'
		fi
	done
	# --board from the prefix: the bare-metal kit make install put there
	# (where Debian's newlib source and aarch64 cross gcc were installed).
	if [ -f "$p/lib/boards/qemu-virt-aarch64/board.conf" ]; then
		bcc --board qemu-virt-aarch64 --offload-arch=gfx90a kern.hip main.cpp -o prog.elf
		expect "installed barehip-cc --board qemu-virt-aarch64 links an AArch64 image at 0x40080000" \
			eval '[ "$rc" -eq 0 ] && [ "$(od -An -tu2 -j18 -N2 prog.elf | tr -d " ")" = 183 ] &&
			      [ "$(od -An -tx8 -j24 -N8 prog.elf | tr -d " ")" = 0000000040080000 ]'
	else
		bcc --board qemu-virt-aarch64 kern.hip main.cpp -o prog.elf
		expect "no board kit: --board says which boards there are" \
			eval '[ "$rc" -eq 1 ] && grep -q "no such board" <<<"$out"'
	fi
}

cd "$tmp" || exit 1
if [ -n "$installed" ]; then
	installed_checks
	summary
fi
cat > k.hip <<'EOF'
#include <hip/hip_runtime.h>
extern "C" __global__ void first(int* p) { p[threadIdx.x] = 1; }
EOF
cat > k2.hip <<'EOF'
#include <hip/hip_runtime.h>
__device__ int helper(int x) { return x * 3; }
extern "C" __global__ void second(int* p) { p[threadIdx.x] = helper(threadIdx.x); }
EOF

bcc --version
expect "--version: status 0" test "$rc" -eq 0
expect "--version: the HIP version" grep -q "^HIP version: [0-9]*\.[0-9]*\.[0-9]*$" <<<"$out"
expect "--version: clang's version" grep -q "clang version" <<<"$out"
bcc --help
expect "--help: status 0 and the modes" \
	eval '[ "$rc" -eq 0 ] && grep -q -- "--genco" <<<"$out" && grep -q -- "-fgpu-rdc" <<<"$out"'

bcc --bogus k.hip
expect "a bad option: status 1" test "$rc" -eq 1
expect "a bad option: named" grep -q "^barehip-cc: error: unknown option '--bogus'" <<<"$out"
bcc -O2
expect "no input files" eval '[ "$rc" -eq 1 ] && grep -q "no input files" <<<"$out"'
bcc notes.txt
expect "an unknown file type" grep -q "don't know what to do with 'notes.txt'" <<<"$out"
bcc -x fortran k.hip
expect "an unknown -x language" grep -q "unsupported language '-x fortran'" <<<"$out"

printf 'int x = ;\n' > bad.hip
bcc -c bad.hip -o bad.o
expect "clang's error passes through: status" test "$rc" -ne 0
expect "clang's error passes through: its text" \
	grep -q "^bad.hip:1:9: error: expected expression" <<<"$out"

bcc --genco --offload-arch=gfx942 k.hip -o one.co
expect "--genco, one target: a bundle of it" \
	test "$(targets_of one.co)" = "hipv4-amdgcn-amd-amdhsa--gfx942 host-x86_64-unknown-linux-gnu-"
bcc --genco --offload-arch=gfx90a --offload-arch=gfx942 --offload-arch=gfx90a k.hip -o two.co
expect "--genco, two targets (one repeated): one entry each" \
	test "$(targets_of two.co)" = "hipv4-amdgcn-amd-amdhsa--gfx90a hipv4-amdgcn-amd-amdhsa--gfx942 host-x86_64-unknown-linux-gnu-"
bcc --genco k.hip
expect "--genco without -o: clang's file name" test -f k.hip-hip-amdgcn-amd-amdhsa.hipfb

bcc --genco k.hip k2.hip -o both.co
expect "--genco of two sources needs -fgpu-rdc" grep -q "needs -fgpu-rdc" <<<"$out"
bcc --genco -fgpu-rdc --offload-arch=gfx90a k.hip k2.hip -o both.co
"$bundler" -unbundle -type=o -targets=hipv4-amdgcn-amd-amdhsa--gfx90a -input=both.co \
	-output=both.elf 2>/dev/null
syms=$("$readelf" --syms -W both.elf 2>&1)
expect "--genco -fgpu-rdc: one code object with both files' kernels" \
	eval 'grep -q " first.kd$" <<<"$syms" && grep -q " second.kd$" <<<"$syms"'
bcc --genco k.hip k.o
expect "--genco takes no objects" grep -q "takes HIP sources" <<<"$out"

bcc --device-only --offload-arch=gfx90a:xnack- k.hip -o x.elf
expect "a target ID with a feature: the code object says xnack-" \
	grep -q "xnack-" <<<"$("$readelf" -h x.elf 2>&1)"

cat > c_only.c <<'EOF'
#ifdef __cplusplus
#error "compiled as C++"
#endif
int f(void) { return 1; }
EOF
bcc -c c_only.c
expect ".c is compiled as C" eval '[ "$rc" -eq 0 ] && [ -f c_only.o ]'
cat > host_only.cpp <<'EOF'
#ifdef __HIP__
#error "compiled as HIP"
#endif
int g() { return 2; }
EOF
bcc -c host_only.cpp
expect ".cpp is compiled as HIP by default (hipcc's rule)" grep -q "compiled as HIP" <<<"$out"
bcc -x c++ -c host_only.cpp -o h1.o
expect "-x c++ compiles host C++" test "$rc" -eq 0
out=$(HIP_COMPILE_CXX_AS_HIP=0 "$cc" -c host_only.cpp -o h2.o 2>&1)
expect "HIP_COMPILE_CXX_AS_HIP=0 compiles .cpp as host C++" test -f h2.o
bcc -x c++ -c host_only.cpp -x none k.hip
expect "-x none: back to languages by extension" eval '[ "$rc" -eq 0 ] && [ -f k.o ]'

bcc -c k.hip k2.hip
expect "-c with several sources: an object each" eval '[ -f k.o ] && [ -f k2.o ]'
bcc -c k.hip k2.hip -o two.o
expect "-c -o with several sources is refused" grep -q "several sources" <<<"$out"
bcc -v --offload-arch=gfx90a -c k.hip -o v.o
expect "-v prints each command" grep -q "^+ .*clang-offload-bundler" <<<"$out"

# No -O level may show the user a linker crash.  ld.lld-19's LTO has
# crashed ("Function register usage analysis") at O0 and, on some
# programs, at O1.  First the real linker at every level on a program
# with what that analysis walks (recursion, indirect and virtual calls,
# noinline callers of printf and malloc), each build run; then a linker
# that crashes like ld.lld-19 at the first LTO level barehip-cc uses for
# each -O (O0 links at O1; -Os, -Oz, -Og, -Ofast at O2): the build must
# still succeed, silently, and only a linker that crashes at every level
# may show its crash.
cat > calls.hip <<'EOF'
#include <hip/hip_runtime.h>
#include <cstdio>
__device__ __noinline__ int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
__device__ __noinline__ int twice(int x) { return 2 * x; }
__device__ __noinline__ int thrice(int x) { return 3 * x; }
typedef int (*fn_t)(int);
__device__ fn_t table[2] = {twice, thrice};
struct Base { __device__ virtual int f(int x) { return x + 1; } };
struct Derived : Base { __device__ int f(int x) override { return x + 2; } };
__device__ __noinline__ void say(int v) { if (v < 0) printf("negative %d\n", v); }
__device__ __noinline__ int* grab(int n) { return (int*)malloc(n * sizeof(int)); }
__global__ void k(int* out, int sel)
{
    int i = threadIdx.x;
    Derived d;
    Base b;
    Base* p = sel ? static_cast<Base*>(&d) : &b;
    int v = fact(i % 5) + table[sel & 1](i) + p->f(i);
    say(v);
    int* m = grab(1);
    if (m) { m[0] = 1; v += m[0]; free(m); } else { v += 1; }
    out[i] = v;
}
int main()
{
    int* d;
    int h[64];
    const int f[5] = {1, 1, 2, 6, 24};
    if (hipMalloc(&d, sizeof(h)) != hipSuccess) return 1;
    k<<<1, 64>>>(d, 1);
    if (hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost) != hipSuccess) return 1;
    for (int i = 0; i < 64; ++i)
        if (h[i] != f[i % 5] + 3 * i + i + 2 + 1) { printf("wrong at %d: %d\n", i, h[i]); return 1; }
    printf("calls: PASS\n");
    return 0;
}
EOF
levels="O0 O1 O2 O3 Os Oz Og Ofast"
first_lto() { case "$1" in O0|O1) echo O1 ;; O3) echo O3 ;; *) echo O2 ;; esac; }
for l in $levels; do
	# shellcheck disable=SC2086
	bcc $link_flags --offload-arch=gfx90a -$l calls.hip -o calls-$l
	expect "-$l: the real ld.lld links calls.hip" eval '[ "$rc" -eq 0 ]'
	[ "$rc" -eq 0 ] && expect "-$l: calls.hip runs" eval './calls-$l | grep -q "calls: PASS"'
done
real_lld=$(sed -n 's/^LLD=\${BAREHIP_CC_LLD:-"\(.*\)"}$/\1/p' "$cc")
expect "barehip-cc names its ld.lld" test -n "$real_lld"
cat > fake-lld <<EOF
#!/bin/sh
# An ld.lld that crashes as ld.lld-19 did, in LTO at the levels in \$FAKE_LLD_CRASH.
lvl=
for a in "\$@"; do
	case "\$a" in --lto-newpm-passes=lto\<*) lvl=\${a#--lto-newpm-passes=lto<}; lvl=\${lvl%%>*} ;; esac
done
case " \$FAKE_LLD_CRASH " in *" \$lvl "*)
	echo "PLEASE submit a bug report to https://github.com/llvm/llvm-project/issues/ and include the crash backtrace." >&2
	echo "1.	Running pass 'Function register usage analysis' on module 'ld-temp.o'." >&2
	kill -SEGV \$\$ ;;
esac
exec "$real_lld" "\$@"
EOF
chmod +x fake-lld
for l in $levels; do
	# shellcheck disable=SC2086
	out=$(BAREHIP_CC_LLD=$tmp/fake-lld FAKE_LLD_CRASH=$(first_lto $l) "$cc" $link_flags \
		--offload-arch=gfx90a -$l calls.hip -o crash-$l 2>&1)
	rc=$?
	expect "-$l: a linker crash at LTO $(first_lto $l) does not reach the user" \
		eval '[ "$rc" -eq 0 ] && ! grep -q "PLEASE\|register usage" <<<"$out"'
done
expect "the program relinked after a crash runs" eval './crash-O1 | grep -q "calls: PASS"'
out=$(BAREHIP_CC_LLD=$tmp/fake-lld FAKE_LLD_CRASH=O1 "$cc" -v --offload-arch=gfx90a -O1 \
	--device-only k.hip -o v1.co 2>&1)
expect "-v says the linker crashed and another level was used" \
	grep -q "crashed in LTO at O1" <<<"$out"
out=$(BAREHIP_CC_LLD=$tmp/fake-lld FAKE_LLD_CRASH="O1 O2 O3" "$cc" --offload-arch=gfx90a -O1 \
	--device-only k.hip -o all.co 2>&1)
rc=$?
expect "a linker that crashes at every level is reported, not hidden" \
	eval '[ "$rc" -ne 0 ] && grep -q "PLEASE" <<<"$out"'

# The default stream: each spelling reaches both HIP passes; per-thread
# launches call hipLaunchKernel_spt and the header maps the stream calls
# (the object's undefined names); legacy keeps hipLaunchKernel; host C
# takes the macro; a bad value is named (tests/threads/default_stream
# checks what the program then does).
cat > ds.hip <<'EOF2'
#include <hip/hip_runtime.h>
__global__ void ds_kernel(int* p) { p[threadIdx.x] = 1; }
void ds_run(int* p) { ds_kernel<<<1, 64>>>(p); hipMemcpyAsync(p, p, 4, hipMemcpyDefault); }
EOF2
for spelling in "--default-stream per-thread" --default-stream=per-thread \
	-fgpu-default-stream=per-thread; do
	# shellcheck disable=SC2086
	bcc -v --offload-arch=gfx90a $spelling -c ds.hip -o ds.o
	expect "$spelling: compiles" test "$rc" -eq 0
	expect "$spelling: clang's flag in the host and the device pass" eval \
		'[ "$(grep -c -- "-fgpu-default-stream=per-thread" <<<"$out")" -ge 2 ]'
	expect "$spelling: <<<>>> calls hipLaunchKernel_spt, hipMemcpyAsync is its _spt" eval \
		'nm ds.o | grep -q " U hipLaunchKernel_spt$" && nm ds.o | grep -q " U hipMemcpyAsync_spt$"'
done
bcc --offload-arch=gfx90a --default-stream legacy -c ds.hip -o ds-legacy.o
expect "--default-stream legacy: hipLaunchKernel, hipMemcpyAsync" eval \
	'[ "$rc" -eq 0 ] && nm ds-legacy.o | grep -q " U hipLaunchKernel$" &&
	 nm ds-legacy.o | grep -q " U hipMemcpyAsync$" && ! nm ds-legacy.o | grep -q _spt'
printf '#include <hip/hip_runtime_api.h>\nint f(void *p) { return hipMemset(p, 0, 4); }\n' > ds.c
bcc --default-stream per-thread -c ds.c -o ds-c.o
expect "--default-stream per-thread: host C calls hipMemset_spt" eval \
	'[ "$rc" -eq 0 ] && nm ds-c.o | grep -q " U hipMemset_spt$"'
bcc --default-stream sideways -c ds.hip
expect "--default-stream sideways: refused, named" eval '[ "$rc" -eq 1 ] &&
	grep -q "error: --default-stream: .sideways. is not a default stream: per-thread or legacy" <<<"$out"'
bcc -fgpu-default-stream=null2 -c ds.hip
expect "-fgpu-default-stream=null2: refused, named" eval '[ "$rc" -eq 1 ] &&
	grep -q "error: -fgpu-default-stream: .null2. is not a default stream" <<<"$out"'
bcc --default-stream
expect "--default-stream without a value" grep -q "needs an argument" <<<"$out"

hipcc_checks
summary
