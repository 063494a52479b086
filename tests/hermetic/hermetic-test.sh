#!/bin/bash
# barehip-cc gives the same result whether or not a ROCm is installed
# (docs/barehip-cc.md, "ROCm on the same machine").  Each sample-style
# program is compiled twice, with a ROCm that clang detects and with none,
# each time in a private mount namespace (unshare -m) so that this
# machine's /usr is left alone:
#   - visible: Debian's ROCm 5.2.3 development packages, where installed
#     (make check installs them, scripts/deps.sh); else their files
#     unpacked into ROCM_ROOT (dpkg -x), laid over /usr; else a small
#     ROCm 5.2 made here (the files clang's detector looks for, and
#     headers that stop any compile that reads them) -- with ROCM_PATH
#     and HIP_PATH pointing at it too, which barehip-cc must ignore;
#   - hidden: the same paths covered with empty directories.
# clang-19 itself is asked first that it finds the ROCm in the visible
# case and none in the hidden one.  Then, for each program: the objects
# are identical, the programs link to identical executables and both run
# and print PASS; clang's -v and -H output (through -Xarch_*) names no
# ROCm path; and a source that includes a ROCm header barehip lacks
# (<hip/hiprtc.h>) stops with barehip's error in both cases.
# Usage: hermetic-test.sh BAREHIP_CC CLANG "CC_FLAGS" [ROCM_ROOT] -- PROGRAM.hip...
# (CC_FLAGS: what every test build takes, make check's sanitizers.)
set -u
cc=$1
clang=$2
cc_flags=$3
shift 3
rocm_root=""
if [ "${1:-}" != -- ]; then rocm_root=$1; shift; fi
[ "${1:-}" = -- ] && shift
arch_flags="--offload-arch=gfx90a --offload-arch=gfx1100"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/hermetic.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fails=0
checks=0
fail() { echo "  FAILED: $*"; fails=$((fails + 1)); }

# A private mount namespace: as root, or else inside a user namespace of
# our own (unshare -r: we are root there, and may mount).
ns="unshare -m"
if ! $ns true 2> "$tmp/unshare.err"; then
	ns="unshare -r -m"
	if ! $ns true 2>> "$tmp/unshare.err"; then
		echo "hermetic: SKIPPED, no private mount namespace here" \
			"(unshare: $(tail -1 "$tmp/unshare.err")); needs root or user namespaces: PASS"
		exit 0
	fi
fi

# Where Debian's packages put what clang's ROCm detector and a ROCm user
# find (HIP's version file, headers, device libraries), and ROCm's own
# prefix.
rocm_paths="/usr/share/hip /usr/include/hip /usr/lib/x86_64-linux-gnu/amdgcn /opt/rocm"
detect() { "$clang" -v --offload-arch=gfx90a -x hip -nogpulib -fsyntax-only /dev/null 2>&1 |
	grep 'Found HIP installation' ; }

# The visible case's mounts, as a shell prologue run inside the namespace.
if detect > "$tmp/found" && grep -q ': /usr,' "$tmp/found"; then
	how="Debian's packages, installed"
	visible=":"
elif [ -n "$rocm_root" ] && [ -f "$rocm_root/usr/share/hip/version" ]; then
	how="unpacked in $rocm_root, over /usr"
	visible="mount -t overlay overlay -o lowerdir=$rocm_root/usr:/usr /usr"
else
	# clang's detector wants share/hip/version (HIP 5+) under a
	# candidate prefix; a compile that reads any of these headers or
	# device libraries fails.
	how="a ROCm 5.2 made here, over /usr"
	fake=$tmp/fake/usr
	mkdir -p "$fake/share/hip" "$fake/include/hip" "$fake/lib/x86_64-linux-gnu/amdgcn/bitcode"
	printf 'HIP_VERSION_MAJOR=5\nHIP_VERSION_MINOR=2\nHIP_VERSION_PATCH=21153\n' \
		> "$fake/share/hip/version"
	for h in hip_runtime.h hip_runtime_api.h hiprtc.h hip_gl_interop.h hip_bfloat16.h hip_common.h; do
		echo "#error \"ROCm's $h was read\"" > "$fake/include/hip/$h"
	done
	for b in ocml ockl hip oclc_isa_version_90a; do
		echo "not bitcode" > "$fake/lib/x86_64-linux-gnu/amdgcn/bitcode/$b.bc"
	done
	visible="mount -t overlay overlay -o lowerdir=$fake:/usr /usr"
fi
visible="$visible && export ROCM_PATH=/usr HIP_PATH=/usr \
	HIP_DEVICE_LIB_PATH=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode"
mkdir -p "$tmp/empty"
hidden=":"
for p in $rocm_paths; do
	hidden="$hidden && { [ ! -d $p ] || mount --bind $tmp/empty $p; }"
done
hidden="$hidden && unset ROCM_PATH HIP_PATH HIP_DEVICE_LIB_PATH"

# in_ns visible|hidden COMMAND...: run COMMAND in a namespace of that kind.
in_ns() {
	local setup
	if [ "$1" = visible ]; then setup=$visible; else setup=$hidden; fi
	shift
	$ns bash -c "set -e; $setup; exec \"\$@\"" in_ns "$@"
}

echo "ROCm visible: $how"
checks=$((checks + 2))
in_ns visible bash -c "$(declare -f detect); clang=$clang; detect" > "$tmp/vis.found" ||
	fail "clang-19 finds no ROCm in the visible case: the test would prove nothing"
in_ns hidden bash -c "$(declare -f detect); clang=$clang; detect" > "$tmp/hid.found" &&
	fail "clang-19 still finds a ROCm in the hidden case: $(cat "$tmp/hid.found")"
[ -s "$tmp/vis.found" ] && echo "  clang-19 alone: $(cat "$tmp/vis.found") (visible), none (hidden)"

# Each program: compiled (same output path both times: it seeds the
# compilation-unit ID), linked, run, in each case.
for src in "$@"; do
	name=$(basename "$src" .hip)
	checks=$((checks + 1))
	ok=1
	for case in visible hidden; do
		mkdir -p "$tmp/$case"
		if ! in_ns $case "$cc" $cc_flags $arch_flags -c "$src" -o "$tmp/obj.o" \
			> "$tmp/$case/$name.log" 2>&1; then
			fail "$name does not compile with ROCm $case:"
			head -5 "$tmp/$case/$name.log"
			ok=0
			continue
		fi
		mv "$tmp/obj.o" "$tmp/$case/$name.o"
		in_ns $case "$cc" $cc_flags $arch_flags "$tmp/$case/$name.o" -o "$tmp/$case/$name" \
			>> "$tmp/$case/$name.log" 2>&1 || { fail "$name does not link with ROCm $case"; ok=0; }
	done
	[ "$ok" = 1 ] || continue
	cmp -s "$tmp/visible/$name.o" "$tmp/hidden/$name.o" ||
		{ fail "$name: the objects differ with ROCm visible and hidden"; continue; }
	cmp -s "$tmp/visible/$name" "$tmp/hidden/$name" ||
		{ fail "$name: the executables differ with ROCm visible and hidden"; continue; }
	for case in visible hidden; do
		if ! in_ns $case "$tmp/$case/$name" > "$tmp/$case/$name.run" 2>&1 ||
			! grep -q PASS "$tmp/$case/$name.run"; then
			fail "$name does not pass with ROCm $case:"
			tail -3 "$tmp/$case/$name.run"
			ok=0
		fi
	done
	[ "$ok" = 1 ] && echo "  $name: identical objects and executables; runs and passes in both"
done

# What clang reads and what its driver found: nothing of ROCm's.
checks=$((checks + 1))
first=$1
in_ns visible "$cc" $arch_flags -Xarch_host -v -Xarch_device -v -Xarch_host -H -Xarch_device -H \
	-c "$first" -o "$tmp/v.o" > "$tmp/verbose.log" 2>&1 || fail "-v -H compile of $first failed"
if grep -n -E "Found HIP|Found ROCm|cuda_wrappers|/usr/include/hip|/usr/share/hip|/opt/rocm|amdgcn/bitcode|${rocm_root:-/nonexistent/}|$tmp/fake" \
	"$tmp/verbose.log" > "$tmp/leaks"; then
	fail "clang's -v/-H output names ROCm paths:"
	head -5 "$tmp/leaks"
else
	echo "  -v/-H of $(basename "$first"): $(grep -c '^\.' "$tmp/verbose.log") headers read, none of ROCm's"
fi

# A ROCm header barehip does not provide is refused by name, in both
# cases; one it provides (hiprtc.h) is its own.  Neither is ever read
# from /usr/include/hip.
checks=$((checks + 1))
printf '#include <hip/hip_runtime.h>\n#include <hip/hip_gl_interop.h>\nint main() { return 0; }\n' \
	> "$tmp/ext.hip"
printf '#include <hip/hip_runtime.h>\n#include <hip/hiprtc.h>\nint main() { return 0; }\n' \
	> "$tmp/rtc.hip"
for case in visible hidden; do
	if in_ns $case "$cc" --offload-arch=gfx90a -c "$tmp/ext.hip" -o "$tmp/ext.o" \
		> "$tmp/ext-$case.log" 2>&1; then
		fail "<hip/hip_gl_interop.h> with ROCm $case: compiled; barehip has none"
	elif ! grep -q "is a ROCm header barehip does not provide" "$tmp/ext-$case.log"; then
		fail "<hip/hip_gl_interop.h> with ROCm $case: not barehip's refusal:"
		grep error "$tmp/ext-$case.log" | head -2
	fi
	in_ns $case "$cc" --offload-arch=gfx90a -Xarch_device -H -c "$tmp/rtc.hip" \
		-o "$tmp/rtc.o" > "$tmp/rtc-$case.log" 2>&1 ||
		fail "<hip/hiprtc.h> with ROCm $case: $(grep error "$tmp/rtc-$case.log" | head -1)"
	grep -E '^\.+ .*hiprtc\.h' "$tmp/rtc-$case.log" | grep -q -v '/usr/' ||
		fail "<hip/hiprtc.h> came from outside barehip with ROCm $case"
done

if [ "$fails" -ne 0 ]; then
	echo "hermetic: $fails of $checks checks FAILED"
	exit 1
fi
echo "hermetic: $checks checks, the same with ROCm visible ($how) and hidden: PASS"
