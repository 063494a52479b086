#!/bin/bash
# barehip-cc's command line as hipcc users write it: --version, --help,
# errors (its own and clang's, passed through), languages by extension
# and by -x, --genco bundles for one and several targets, -fgpu-rdc
# device linking of several sources, target IDs with features, -c with
# several sources, -v.  What programs built this way do at run time is
# tested by tests/programs/ (module_api, rdc_lib, cxx_lang, multi_arch).
# Usage: barehip-cc-test.sh BAREHIP_CC CLANG_OFFLOAD_BUNDLER LLVM_READELF
set -u
cc=$1
bundler=$2
readelf=$3
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

if [ "$fails" -ne 0 ]; then
	echo "barehip-cc-test: FAILED $fails of $checks checks"
	exit 1
fi
echo "barehip-cc-test: PASS ($checks checks)"
