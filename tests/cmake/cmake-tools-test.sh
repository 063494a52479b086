#!/bin/bash
# What CMake's HIP language asks barehip's prefix, answered as CMake 3.25
# parses it (docs/cmake.md "What CMake asks"), and the small tools beside
# the CMake packages: rocm_agent_enumerator, hipconfig, lib/barehip/bin/
# clang++; and their refusals.  The CMake projects themselves are built
# and run by make check-cmake.
# Usage: cmake-tools-test.sh PREFIX   (an installed prefix or the build dir)
set -u
root=$(cd "$1" && pwd)
cc=$root/bin/barehip-cc
fails=0
checks=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

expect() { # description, then a test command
	local what=$1
	shift
	checks=$((checks + 1))
	if ! "$@"; then
		echo "  FAILED: $what"
		fails=$((fails + 1))
	fi
}

version=$(sed -n 's/^#define HIP_VERSION_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\).*/\2/p' \
	"$root/include/hip/hip_version.h" | paste -sd.)
expect "the HIP version is known" grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+$' <<<"$version"

# CMakeDetermineHIPCompiler: "-v -print-targets", status 0, and the ROCm
# root from stderr by CMake's own expression.
"$cc" -v -print-targets > out.txt 2> err.txt
expect "-v -print-targets: status 0" test $? -eq 0
expect "-print-targets lists amdgcn" grep -q "amdgcn *- AMD GCN GPUs" out.txt
found=$(sed -n 's/^.*Found HIP installation: *\([^,]*\),.*$/\1/p' err.txt | head -n 1)
expect "'Found HIP installation' names the prefix ($found)" test "$found" = "$root"
expect "... with the HIP version" grep -q "^Found HIP installation: $root, version $version$" err.txt
expect "... where CMake finds hip-lang" test -f "$found/lib/cmake/hip-lang/hip-lang-config.cmake"
expect "-print-targets without -v prints no banner" \
	test -z "$("$cc" -print-targets 2>&1 >/dev/null)"
"$cc" -v > out.txt 2>&1
expect "-v alone: status 0, as clang -v" test $? -eq 0
expect "-v alone: the banner" grep -q "^Found HIP installation: $root" out.txt
# The compiler-id compile: clang's -v shows the device pass's -target-cpu
# (CMake's last resort for CMAKE_HIP_ARCHITECTURES).
printf '#include <hip/hip_runtime.h>\n__global__ void k(int *p) { *p = 1; }\n' > k.hip
"$cc" -v --offload-arch=gfx90a -c k.hip -o k.o > out.txt 2>&1
expect "-v compile: status 0" test $? -eq 0
expect "-v compile: clang's -v shows -target-cpu gfx90a" grep -q " -target-cpu gfx90a " out.txt
expect "-v compile: clang's include search list (CMake's implicit includes)" \
	grep -q "^#include <...> search starts here:" out.txt

# A C++ implicit library CMake adds to mixed links: -lgcc_s in a static link.
printf 'int main(void) { return 0; }\n' > m.c
"$cc" m.c -lgcc_s -o m > out.txt 2>&1
expect "-lgcc_s in a static link is left to libgcc_eh ($(head -c 200 out.txt))" test -x m
"$cc" --hip-link m.c -o m2 > out.txt 2>&1
expect "--hip-link is accepted" test -x m2

# rocm_agent_enumerator: the board's GPU, gfx000 for the CPU, as ROCm's.
enum=$root/bin/rocm_agent_enumerator
out=$(BAREHIP_SIM_GFX=gfx942 "$enum")
expect "enumerator: gfx000 then the board's GPU" test "$out" = "$(printf 'gfx000\ngfx942')"
expect "enumerator -t GPU: the GPU only" test "$(BAREHIP_SIM_GFX=gfx1100 "$enum" -t GPU)" = gfx1100
expect "enumerator -t CPU: gfx000 only" test "$("$enum" -t CPU)" = gfx000
out=$("$enum" -t DSP 2>&1)
expect "enumerator -t DSP: status 2" test $? -eq 2
expect "... naming the types" grep -q "the agent type is ALL, CPU or GPU" <<<"$out"
out=$("$enum" --bogus 2>&1)
expect "enumerator: an unknown argument is refused" test $? -eq 2
out=$(BAREHIP_BOARD=nosuch "$enum" -t GPU 2>&1)
expect "enumerator: no board fails (CMake falls back)" test $? -ne 0
expect "... saying why (barehip-info's words)" grep -q "nosuch" <<<"$out"

# hipconfig: what CMake asks (--hipclangpath, --rocmpath) and ROCm users do.
hc=$root/bin/hipconfig
expect "hipconfig --rocmpath" test "$("$hc" --rocmpath)" = "$root"
expect "hipconfig --path" test "$("$hc" -p)" = "$root"
expect "hipconfig --version" test "$("$hc" --version)" = "$version"
expect "hipconfig --platform" test "$("$hc" --platform)" = amd
expect "hipconfig -n ends with a newline" test "$("$hc" --compiler -n | od -c | head -n 1 |
	tr -s ' ')" = "0000000 c l a n g \n"
expect "hipconfig --check" grep -q "complete" <<<"$("$hc" --check)"
expect "hipconfig --cpp_config" grep -q -- "-D__HIP_PLATFORM_AMD__=1 -I$root/include" \
	<<<"$("$hc" --cpp_config)"
out=$("$hc" --frobnicate 2>&1)
expect "hipconfig: an unknown option is refused (status 2)" test $? -eq 2
expect "... by name" grep -q "unknown option '--frobnicate'" <<<"$out"
clangxx=$("$hc" --hipclangpath)/clang++
expect "hipconfig --hipclangpath holds clang++" test -x "$clangxx"
expect "that clang++ reports the same HIP installation" \
	grep -q "^Found HIP installation: $root, version" <<<"$("$clangxx" -v -print-targets 2>&1)"
printf '#ifdef __HIP__\n#error compiled as HIP\n#endif\nint main() { return 0; }\n' > plain.cpp
"$clangxx" -c plain.cpp -o plain.o > out.txt 2>&1
expect "clang++ compiles C++ as C++ ($(head -c 200 out.txt))" test -f plain.o
"$clangxx" -x hip -c k.hip -o k2.o --offload-arch=gfx90a > out.txt 2>&1
expect "clang++ -x hip compiles HIP ($(head -c 200 out.txt))" test -f k2.o

# The version files: 7.0 is found, 6.x and 8.x are not.
if command -v cmake > /dev/null; then
	for want in "hip-lang $version:0" "hip 7.0:0" "hip 6.2:1" "hip 8.0:1" "hip 7.0...8.0:0"; do
		pkg=${want%% *}
		ver=${want#* }
		rc=${ver#*:}
		ver=${ver%:*}
		mkdir -p find
		{
			echo "cmake_minimum_required(VERSION 3.21)"
			echo "project(find_$pkg LANGUAGES NONE)"
			printf 'find_package(%s %s CONFIG REQUIRED PATHS "%s" NO_DEFAULT_PATH)\n' \
				"$pkg" "$ver" "$root/lib/cmake/$pkg"
		} > find/CMakeLists.txt
		rm -rf find/build
		cmake -S find -B find/build > out.txt 2>&1
		got=$?
		[ "$got" -eq 0 ] || got=1
		expect "find_package($pkg $ver): status $rc" test "$got" -eq "$rc"
	done
fi

echo "$checks checks, $fails failed"
[ "$fails" -eq 0 ] && echo PASS
