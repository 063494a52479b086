#!/bin/bash
# ROCm's public samples (rocm-examples), unmodified, built against an
# installed barehip with their own build files and run on the board
# (docs/samples.md).
#
# usage: scripts/samples.sh [OPTION]... ROCM_EXAMPLES_DIR
#   --prefix DIR   the installed barehip (make install PREFIX=DIR); default:
#                  installed afresh into WORK/prefix by this repository's
#                  make install
#   --work DIR     where the builds go (default build/samples); the source
#                  tree is never written: the Makefile builds run in a copy
#   --only LIST    comma-separated sample names (default: every sample)
#   --make-only, --cmake-only   one build system
#   --generator G  CMake's generator (default "Unix Makefiles")
#
# Each sample is built twice, as a ROCm user builds it:
#   Makefile: make ROCM_INSTALL_DIR=PREFIX HIP_ARCHITECTURES=<board's gfx>
#   CMake:    cmake -DCMAKE_HIP_COMPILER=PREFIX/bin/barehip-cc
#                   -DROCM_ROOT=PREFIX -DCMAKE_PREFIX_PATH=PREFIX
# and each program it builds runs on the board (BAREHIP_BOARD, else the sim
# board) with its default arguments.  A program passes when it exits with
# status 0 and prints no "failed".  Samples that need what barehip does
# not have are skipped, each with the reason; a sample that runs but
# does nothing on this board says so ("no-op"); one that fails for a
# known, named reason is "XFAIL" (and "XPASS" once it passes).  The table
# at the end gives each sample's result and times per build system; the
# exit status is 1 when any other build or run failed.
set -u
here=$(cd "$(dirname "$0")/.." && pwd)
prefix=
work=$here/build/samples
only=
systems="make cmake"
generator="Unix Makefiles"
usage() { sed -n '5,13p' "$0" | sed 's/^# \{0,1\}//'; }
while [ $# -gt 0 ]; do
	case "$1" in
	--prefix) prefix=${2:?--prefix needs a directory}; shift 2 ;;
	--work) work=${2:?--work needs a directory}; shift 2 ;;
	--only) only=${2:?--only needs a list}; shift 2 ;;
	--make-only) systems=make; shift ;;
	--cmake-only) systems=cmake; shift ;;
	--generator) generator=${2:?--generator needs a name}; shift 2 ;;
	-h|--help) usage; exit 0 ;;
	-*) echo "samples.sh: unknown option '$1' (see --help)" >&2; exit 2 ;;
	*) break ;;
	esac
done
[ $# -eq 1 ] || { usage >&2; exit 2; }
rex=$(cd "$1" 2>/dev/null && pwd) ||
	{ echo "samples.sh: $1: no such directory" >&2; exit 2; }
[ -d "$rex/HIP-Basic" ] && [ -d "$rex/Common" ] ||
	{ echo "samples.sh: $rex is not rocm-examples (no HIP-Basic/ and Common/)" >&2; exit 2; }
mkdir -p "$work" && work=$(cd "$work" && pwd)

start=$SECONDS
if [ -z "$prefix" ]; then
	prefix=$work/prefix
	echo "== make install PREFIX=$prefix"
	make -C "$here" --no-print-directory install PREFIX="$prefix" > "$work/install.log" 2>&1 ||
		{ echo "samples.sh: make install failed (see $work/install.log)" >&2; exit 1; }
fi
prefix=$(cd "$prefix" 2>/dev/null && pwd) && [ -x "$prefix/bin/barehip-cc" ] ||
	{ echo "samples.sh: ${prefix:-prefix}: not an installed barehip (no bin/barehip-cc)" >&2; exit 2; }
# The board's target: what CMake's default architectures are, and what a
# user passes to the Makefiles that list architectures themselves.
gfx=$("$prefix/bin/rocm_agent_enumerator" -t GPU | head -n 1)
[ -n "$gfx" ] || { echo "samples.sh: the board reports no GPU" >&2; exit 1; }

# Samples that need what barehip does not offer, with the reason.
skip_reason() {
	case "$1" in
	hello_world_cuda) echo "CUDA only (built for GPU_RUNTIME=CUDA)" ;;
	hipify) echo "needs hipify-perl and a CUDA source" ;;
	opengl_interop) echo "needs OpenGL (GLFW)" ;;
	vulkan_interop) echo "needs Vulkan (GLFW, glslangValidator)" ;;
	runtime_compilation) echo "needs hipRTC (runtime compilation)" ;;
	monte_carlo_pi) echo "needs hipRAND and hipCUB" ;;
	esac
}
# Samples that fail on barehip for a known reason, with the reason.
xfail_reason() {
	case "$1" in
	esac
}
# Output that says the sample did nothing on this board, and why.
noop_pattern='requires at least 2 GPU devices'
# The programs a sample builds (rocm-examples' EXAMPLE names).
programs() {
	local ex
	ex=$(sed -n 's/^EXAMPLE *:= *//p' "$rex/$1/Makefile" 2>/dev/null)
	[ -n "$ex" ] || ex=$(sed -n 's/^set(example_name \([^ )]*\))/\1/p' "$rex/$1/CMakeLists.txt")
	case "$1" in */static_host_library) echo "$ex ${ex}_cxx" ;; *) echo "$ex" ;; esac
}

samples=()
for d in "$rex"/HIP-Basic/*/ "$rex"/Applications/*/; do
	s=${d%/}; s=${s#"$rex"/}
	if [ -n "$only" ]; then
		case ",$only," in *",${s#*/},"*) ;; *) continue ;; esac
	fi
	samples+=("$s")
done
[ ${#samples[@]} -gt 0 ] || { echo "samples.sh: no sample matches '$only'" >&2; exit 2; }

# The Makefile builds write into the sample directories: a fresh copy.
if [[ " $systems " == *" make "* ]]; then
	rm -rf "$work/make" && mkdir -p "$work/make" &&
		cp -r "$rex/HIP-Basic" "$rex/Applications" "$rex/Common" "$work/make/" || exit 1
	[ -d "$rex/External" ] && cp -r "$rex/External" "$work/make/"
fi
mkdir -p "$work/logs"

# run SYSTEM SAMPLE DIR BUILD_SECONDS: run each program of SAMPLE found
# in DIR; prints the result (status 0: passed, 3: a no-op).
run_programs() {
	local sys=$1 s=$2 dir=$3 built=$4 p log rc t0=$SECONDS noop=""
	for p in $(programs "$s"); do
		log=$work/logs/${s#*/}.$sys.$p.run.log
		[ -x "$dir/$p" ] || { echo "no program $p after the build"; return 1; }
		(cd "$dir" && exec "./$p") > "$log" 2>&1
		rc=$?
		if [ $rc -ne 0 ]; then echo "$p exited $rc (${log#"$work"/})"; return 1; fi
		if grep -qi 'failed' "$log"; then echo "$p printed a failure (${log#"$work"/})"; return 1; fi
		grep -q "$noop_pattern" "$log" && noop=$(grep -m1 "$noop_pattern" "$log")
	done
	if [ -n "$noop" ]; then echo "$noop"; return 3; fi
	echo "build ${built} s, run $((SECONDS - t0)) s"
}

build_make() {
	local s=$1 dir=$work/make/$1 log=$work/logs/${1#*/}.make.build.log t0=$SECONDS
	[ -f "$dir/Makefile" ] || { echo "no Makefile"; return 2; }
	make -C "$dir" ROCM_INSTALL_DIR="$prefix" HIP_ARCHITECTURES="$gfx" > "$log" 2>&1 ||
		{ echo "build failed (${log#"$work"/})"; return 1; }
	run_programs make "$s" "$dir" $((SECONDS - t0))
}

build_cmake() {
	local s=$1 dir=$work/cmake/${1#*/} log=$work/logs/${1#*/}.cmake.build.log t0=$SECONDS
	[ -f "$rex/$s/CMakeLists.txt" ] || { echo "no CMakeLists.txt"; return 2; }
	rm -rf "$dir"
	{ cmake -S "$rex/$s" -B "$dir" -G "$generator" \
		-DCMAKE_HIP_COMPILER="$prefix/bin/barehip-cc" \
		-DROCM_ROOT="$prefix" -DCMAKE_PREFIX_PATH="$prefix" &&
		cmake --build "$dir"; } > "$log" 2>&1 ||
		{ echo "build failed (${log#"$work"/})"; return 1; }
	run_programs cmake "$s" "$dir" $((SECONDS - t0))
}

n=${#samples[@]}
i=0
failed=0 passed=0 others=0
declare -A result
for s in "${samples[@]}"; do
	i=$((i + 1))
	why=$(skip_reason "${s#*/}")
	xfail=$(xfail_reason "${s#*/}")
	if [ -n "$why" ]; then
		echo "== sample $i of $n ($((SECONDS - start)) s): $s skipped: $why"
		for sys in $systems; do result[$s.$sys]="skipped: $why"; done
		others=$((others + 1))
		continue
	fi
	for sys in $systems; do
		echo "== sample $i of $n ($((SECONDS - start)) s): $s, $sys"
		r=$(build_$sys "$s")
		rc=$?
		case $rc:$xfail in
		0:) result[$s.$sys]="pass ($r)"; passed=$((passed + 1)) ;;
		0:*) result[$s.$sys]="XPASS ($r): expected to fail: $xfail"
			failed=$((failed + 1)) ;;
		2:*) result[$s.$sys]="n/a: $r"; others=$((others + 1)) ;;
		3:*) result[$s.$sys]="no-op: $r"; others=$((others + 1)) ;;
		*:) result[$s.$sys]="FAIL: $r"; failed=$((failed + 1)) ;;
		*) result[$s.$sys]="XFAIL: $xfail ($r)"; others=$((others + 1)) ;;
		esac
		echo "   ${result[$s.$sys]}"
	done
done

echo
echo "barehip samples: $rex against $prefix, board $gfx, $((SECONDS - start)) s:" \
	"$passed passed, $failed failed, $others other (skipped, n/a, no-op, XFAIL)"
echo "| sample | Makefile | CMake |"
echo "|---|---|---|"
for s in "${samples[@]}"; do
	echo "| $s | ${result[$s.make]:--} | ${result[$s.cmake]:--} |"
done
[ $failed -eq 0 ] || { echo "$failed builds or runs failed"; exit 1; }
