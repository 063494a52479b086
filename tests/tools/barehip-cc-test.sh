#!/bin/bash
# barehip-cc's command line as hipcc users write it: --version, --help,
# errors (its own and clang's, passed through), languages by extension
# and by -x, --genco bundles for one and several targets, -fgpu-rdc
# device linking of several sources, target IDs with features, -c with
# several sources, -v.  What programs built this way do at run time is
# tested by tests/programs/ (module_api, rdc_lib, cxx_lang, multi_arch).
# And that no -O level shows the user a linker crash (the LTO fallback),
# and --default-stream (the per-thread default stream's names).
# Usage: barehip-cc-test.sh BAREHIP_CC CLANG_OFFLOAD_BUNDLER LLVM_READELF [FLAGS]
# (FLAGS: what a program linked in this build needs, the sanitizers).
set -u
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

cd "$tmp" || exit 1
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

if [ "$fails" -ne 0 ]; then
	echo "barehip-cc-test: FAILED $fails of $checks checks"
	exit 1
fi
echo "barehip-cc-test: PASS ($checks checks)"
