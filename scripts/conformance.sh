#!/bin/bash
# Build ROCm's conformance tests (hip-tests, catch/unit) with barehip-cc, run
# them on the board and count what passes.  docs/conformance.md explains the
# results and every documented skip.
#
# Usage: scripts/conformance.sh [options] HIP_TESTS_DIR [UNIT_DIR|UNIT_DIR/FILE.cc ...]
#   HIP_TESTS_DIR   a checkout of ROCm/hip-tests (or its catch/ folder)
#   UNIT_DIR        folders of catch/unit (default: the eleven barehip claims)
#   -j N            build and run N files at a time (default 2)
#   --timeout S     seconds one test case may run (default 300)
#   --out DIR       results (default: the repo's build/conformance)
#   --build-only    build, do not run
#   --rebuild       rebuild everything, even what is up to date
# Environment: BAREHIP_CC (default: the repo's build/bin/barehip-cc, so an
# installed prefix's bin/barehip-cc works too), CONFORMANCE_CFLAGS (extra
# compiler flags).
#
# How hip-tests is built here, and why (its CMake does the same on ROCm):
#  - every .cc/.cpp with a TEST_CASE is one test file, built into its own
#    executable (STANDALONE_TESTS) with hipTestMain (main.cc,
#    hip_test_context.cc, hip_test_features.cc), kernels/Set.cpp and the
#    directory's shared sources (table below);
#  - flags as hip-tests' CMake gives them on AMD: -std=c++17, the include
#    folders, -DKERNELS_PATH, -Wall -Wextra -Wvla -Werror -Wno-deprecated
#    -Wno-option-ignored;
#  - every test case runs in its own process, as CTest runs them
#    (catch_discover_tests), in the directory's output folder, where the
#    helper programs and --genco code objects the tests open are built;
#  - a case passes when Catch2 reports success, is skipped when it also
#    printed HIP_SKIP_THIS_TEST (hip-tests' HIP_SKIP_TEST; a case that prints
#    it and then fails counts as failed), and fails otherwise: failed
#    assertion, crash, or timeout;
#  - hip-tests' AMD exclusion list (hipTestMain/config/config_amd_linux) is
#    not applied before running: every case runs.  A case on that list that
#    passes counts as passed; one that fails counts as skipped (as that
#    list skips it on ROCm, which does not pass it either), with its error
#    in the TSV and the summary.
#  - barehip's own list, scripts/conformance-skips.tsv, names the few cases
#    a board cannot run (each with its reason, docs/conformance.md): they
#    are not run and count as skipped, with that reason.
#
# Output under --out: logs/DIR/FILE.build.log and FILE.run.log (per file),
# cases.tsv (every case), files.tsv (every file), summary.md (a table per
# directory and the failing files and cases with their first error line).
set -u
set -o pipefail
# hip-tests allocate more than the sim board's default 1 GiB at once (the
# pool tests: 512 + 513 MiB); VRAM is reserved lazily.
export BAREHIP_SIM_VRAM_MB=${BAREHIP_SIM_VRAM_MB:-4096}

repo=$(cd "$(dirname "$0")/.." && pwd)
jobs=2
timeout=300
out="$repo/build/conformance"
build_only=0
rebuild=0
default_dirs=(memory stream event device errorHandling occupancy kernel
	vector_types syncthreads threadfence launchBounds)

die() { echo "conformance.sh: $*" >&2; exit 2; }
usage() { sed -n '2,/^set -u/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-2}"; }

args=()
while [ $# -gt 0 ]; do
	case $1 in
	-j) [ $# -ge 2 ] || die "-j needs a number"; jobs=$2; shift 2 ;;
	-j[0-9]*) jobs=${1#-j}; shift ;;
	--timeout) [ $# -ge 2 ] || die "--timeout needs seconds"; timeout=$2; shift 2 ;;
	--out) [ $# -ge 2 ] || die "--out needs a folder"; out=$2; shift 2 ;;
	--build-only) build_only=1; shift ;;
	--rebuild) rebuild=1; shift ;;
	-h|--help) usage 0 ;;
	-*) die "unknown option $1 (--help lists them)" ;;
	*) args+=("$1"); shift ;;
	esac
done
[ ${#args[@]} -ge 1 ] || usage
[[ $jobs =~ ^[1-9][0-9]*$ ]] || die "-j wants a positive number, not '$jobs'"
[[ $timeout =~ ^[1-9][0-9]*$ ]] || die "--timeout wants seconds, not '$timeout'"
# A wait for the GPU may take as long as a case may: the sim board's
# model runs the suite's long kernels (10^8 iterations and more) far
# slower than a GPU, beyond the default 30 s fence timeout on a busy host.
export BAREHIP_FENCE_TIMEOUT_MS=${BAREHIP_FENCE_TIMEOUT_MS:-$((timeout * 1000))}
# ... and the sim board's watchdog off: the case timeout bounds a kernel.
# hipHostMalloc_CoherentAccess spins on clock64() for 5 s of shader clock,
# which the model counts in instructions: more than the default 2e9.
export BAREHIP_SIM_WATCHDOG=${BAREHIP_SIM_WATCHDOG:-0}

catch=${args[0]}
[ -d "$catch/catch/unit" ] && catch="$catch/catch"
if [ ! -d "$catch/unit" ] || [ ! -f "$catch/hipTestMain/main.cc" ]; then
	die "$catch is not a hip-tests checkout (no catch/unit, catch/hipTestMain)"
fi
catch=$(cd "$catch" && pwd)

cc=${BAREHIP_CC:-$repo/build/bin/barehip-cc}
[ -x "$cc" ] || die "no barehip-cc at $cc (run make, or set BAREHIP_CC)"
command -v python3 > /dev/null || die "python3 is needed for the report"
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)

# ---------------------------------------------------------------------------
# What each directory's CMakeLists.txt adds beyond one executable per test
# file.  Directories not listed get the COMMON_SHARED_SRC their CMakeLists
# names; any other source that is neither a test nor listed here is reported.

# Sources linked into every test of the directory (COMMON_SHARED_SRC, or a
# non-test file in the directory's one TEST_SRC list).
declare -A shared=(
	[memory]="DriverContext.cc"
	[stream]="streamCommon.cc"
	[errorHandling]="error_handling_common.cc"
)
# One file built differently (its own CMake target): extra sources, flags.
declare -A file_sources=( [memory/inlineVar.cc]="memoryCommon.cc" )
declare -A file_flags=( [memory/inlineVar.cc]="-fgpu-rdc" )
# Helper programs (add_executable) the tests start by name from their
# working directory (hip::SpawnProc): SOURCE=NAME.
declare -A helpers=(
	[device]="getDeviceCount_exe.cc=getDeviceCount"
	[memory]="hipHostRegister_exe.cc=hipHostRegisterPerf
		hipMemAdvise_AlignedAllocMem_Exe.cc=hipMemAdviseTstAlignedAllocMem"
)
# Code objects built with --genco that the tests hipModuleLoad from their
# working directory: SOURCE=OUTPUT.
declare -A genco=( [occupancy]="simple_kernel.cc=simple_kernel.code" )
# Sources that are inputs of compile-failure checks (compileAndCaptureOutput.py),
# which hip-tests' CMakeLists has commented out: not built, not counted.
declare -A compile_fail_inputs=(
	[vector_types]="negative_*.cc"
	[syncthreads]="__syncthreads_*_negative_kernels.cc"
	[launchBounds]="launch_bounds_*_error_kernels.cc"
)

# ---------------------------------------------------------------------------
cflags=(-std=c++17 -I"$catch/include" -I"$catch/external/Catch2"
	-I"$catch/external/picojson" -I"$catch/kernels"
	-DKERNELS_PATH="\"$catch/kernels/\""
	-Wall -Wextra -Wvla -Werror -Wno-deprecated -Wno-option-ignored)
# shellcheck disable=SC2206
[ -n "${CONFORMANCE_CFLAGS:-}" ] && cflags=(${CONFORMANCE_CFLAGS} "${cflags[@]}")
libs=(-lpthread -ldl -lrt)

# The board the tests will run on (barehip-info asks as every program does),
# for scripts/conformance-skips.tsv.
info="$(dirname "$cc")/barehip-info"
board=$( [ -x "$info" ] && timeout 60 "$info" 2> /dev/null | awk '$1 == "board" { print $2; exit }')
board=${board:-unknown}
# Whether it has images (hipDeviceAttributeImageSupport: gfx90a and gfx11,
# not gfx942; docs/textures.md): without them hip-tests' CHECK_IMAGE_SUPPORT
# makes a case return early, which the report counts as skipped.
target=$( [ -x "$info" ] && timeout 60 "$info" 2> /dev/null | awk '$1 == "target" { print $2; exit }')
case "$target" in
gfx90a | gfx11*) export CONFORMANCE_IMAGES=1 ;;
*) export CONFORMANCE_IMAGES=0 ;;
esac
skips="$repo/scripts/conformance-skips.tsv"
# hip-tests' CMake builds the texture tests it lists as
# NOT_FOR_gfx90a_AND_ABOVE_TEST only when no gfx90a, gfx940, gfx941 or
# gfx942 is among the offload targets (they call the texture functions
# without __HIP_NO_IMAGE_SUPPORT guards, and MI200/MI300 cannot run them
# on ROCm).  barehip-cc builds every modelled target by default, so on a
# gfx11 board these files are built for that target alone (they run
# there); on any other board they are left out, as hip-tests' CMake
# leaves them out for gfx90a and above.
declare -A not_gfx90a=()
for d in texture; do
	cm="$catch/unit/$d/CMakeLists.txt"
	[ -f "$cm" ] || continue
	for f in $(sed -n '/^set(NOT_FOR_gfx90a_AND_ABOVE_TEST/,/^)/p' "$cm" | grep -o '[A-Za-z0-9_]*\.cc'); do
		not_gfx90a[$d/$f]=1
		case "$target" in
		gfx11*) file_flags[$d/$f]="${file_flags[$d/$f]:-} --offload-arch=$target" ;;
		esac
	done
done

start=$(date +%s)
# Stopped (Ctrl-C, kill): the build and run jobs stop too, not only this
# shell (xargs and its workers would go on).  The process tree is read
# from /proc (no procps on a minimal system).
children_of() {
	local f pid comm state ppid rest
	for f in /proc/[0-9]*/stat; do
		read -r pid comm state ppid rest < "$f" 2> /dev/null || continue
		[ "$ppid" = "$1" ] && echo "$pid"
	done
}
kill_tree() {
	local c
	kill -STOP "$1" 2> /dev/null
	for c in $(children_of "$1"); do kill_tree "$c"; done
	kill -TERM "$1" 2> /dev/null
	kill -CONT "$1" 2> /dev/null
}
trap 'trap - INT TERM; for c in $(children_of $$); do kill_tree "$c"; done; exit 130' INT TERM
elapsed() {
	local s=$(($(date +%s) - start))
	printf '%d:%02d' $((s / 60)) $((s % 60))
}

# Stamp of what every object depends on besides its own source: the
# compiler driver, barehip's headers and libraries, hip-tests' headers.
root=$(cd "$(dirname "$cc")/.." && pwd)
newest=$(find "$cc" "$root/include" "$root/lib" "$catch/include" \
	"$catch/external" "$catch/hipTestMain" "$catch/kernels" -type f \
	-printf '%T@\n' 2> /dev/null | sort -n | tail -1)
touch -d "@${newest%.*}" "$out/.deps-stamp"
[ $rebuild = 1 ] && touch "$out/.deps-stamp"

# fresh TARGET SOURCE...: TARGET exists and is newer than its sources, the
# directory's headers and the dependency stamp.
fresh() {
	local target=$1 f
	shift
	[ -e "$target" ] && [ "$target" -nt "$out/.deps-stamp" ] || return 1
	for f in "$@" "$(dirname "$1")"/*.h "$(dirname "$1")"/*.hh; do
		[ -e "$f" ] || continue
		[ "$target" -nt "$f" ] || return 1
	done
}

# compile LOG OUTPUT SOURCE [FLAGS...]: compile to an object, appending to LOG.
compile() {
	local log=$1 obj=$2 src=$3
	shift 3
	fresh "$obj" "$src" && return 0
	echo "\$ barehip-cc -c $src -o $obj $*" >> "$log"
	"$cc" "${cflags[@]}" "$@" -c "$src" -o "$obj" >> "$log" 2>&1
}

# first_error LOG: the first line a compiler or linker reports as an error.
first_error() {
	{ grep -m1 -E 'error:|error |undefined (reference|symbol)' "$1" ||
		tail -n1 "$1"; } | sed "s|$catch/||g"
}

# progress COUNTER TOTAL MESSAGE: "[N of TOTAL, elapsed] MESSAGE", N counted
# across the parallel jobs.
progress() {
	local n
	# shellcheck disable=SC2016 # the inner shell expands it
	n=$(flock "$1" sh -c 'n=$(($(cat "$0" 2> /dev/null || echo 0) + 1));
		echo $n > "$0"; echo $n' "$1")
	echo "[$n of $2, $(elapsed)] $3"
}

# ---------------------------------------------------------------------------
# The work list: DIR FILE pairs.
dirs=()
declare -A only_files=()
for a in "${args[@]:1}"; do
	a=${a%/}
	case $a in
	*/*) dirs+=("${a%%/*}"); only_files[${a%%/*}]+=" ${a#*/}" ;;
	*) dirs+=("$a") ;;
	esac
done
[ ${#dirs[@]} -eq 0 ] && dirs=("${default_dirs[@]}")
mapfile -t dirs < <(printf '%s\n' "${dirs[@]}" | awk '!seen[$0]++')

tests=()
for d in "${dirs[@]}"; do
	src="$catch/unit/$d"
	[ -d "$src" ] || die "no directory $src"
	mkdir -p "$out/$d" "$out/logs/$d" || die "cannot create $out/$d"
	[ -n "${shared[$d]+x}" ] || shared[$d]=$(tr '\n' ' ' < "$src/CMakeLists.txt" |
		sed -n 's/.*set( *COMMON_SHARED_SRC \([^)]*\)).*/\1/p')
	# shellcheck disable=SC2086,SC2116 # the echo joins the lists by spaces
	known=" $(echo ${shared[$d]} ${helpers[$d]:-} ${genco[$d]:-}) "
	for v in "${!file_sources[@]}"; do
		[ "${v%%/*}" = "$d" ] && known+=" ${file_sources[$v]} "
	done
	for f in "$src"/*.cc "$src"/*.cpp; do
		[ -f "$f" ] || continue
		name=$(basename "$f")
		if grep -q -E '^\s*(TEMPLATE_)?TEST_CASE' "$f"; then
			case "$target" in
			gfx11*) ;;
			*) [ -n "${not_gfx90a[$d/$name]+x}" ] && continue ;;
			esac
			if [ -n "${only_files[$d]+x}" ] &&
				[[ " ${only_files[$d]} " != *" $name "* ]]; then
				continue
			fi
			tests+=("$d $name")
			continue
		fi
		[[ $known == *" $name"[\ =]* ]] && continue
		# shellcheck disable=SC2254
		case $name in ${compile_fail_inputs[$d]:-/}) continue ;; esac
		echo "note: $d/$name has no TEST_CASE and no rule here; not built"
	done
	if [ -n "${only_files[$d]+x}" ]; then
		for name in ${only_files[$d]}; do
			[ -f "$src/$name" ] || die "no test file $src/$name"
		done
	fi
done
[ ${#tests[@]} -gt 0 ] || die "no test files found"
total=${#tests[@]}
echo "conformance: ${#dirs[@]} directories, $total test files, compiler $cc, board $board"

# ---------------------------------------------------------------------------
# Step 1: what every test links or needs at run time.
common_log="$out/logs/common.build.log"
: > "$common_log"
main_objs=()
for f in hipTestMain/main.cc hipTestMain/hip_test_context.cc \
	hipTestMain/hip_test_features.cc kernels/Set.cpp; do
	o="$out/main/$(basename "${f%.*}").o"
	mkdir -p "$out/main"
	main_objs+=("$o")
	echo "[$(elapsed)] build $f"
	compile "$common_log" "$o" "$catch/$f" ||
		die "hip-tests' test main does not build: $(first_error "$common_log") (log: $common_log)"
done

declare -A dir_broken=()
for d in "${dirs[@]}"; do
	src="$catch/unit/$d"
	log="$out/logs/$d/common.build.log"
	: > "$log"
	for s in ${shared[$d]}; do
		echo "[$(elapsed)] build $d/$s (linked into every $d test)"
		compile "$log" "$out/$d/${s%.*}.o" "$src/$s" ||
			dir_broken[$d]="shared source $s: $(first_error "$log")"
	done
	for h in ${helpers[$d]:-}; do
		echo "[$(elapsed)] build $d/${h#*=} (helper program)"
		fresh "$out/$d/${h#*=}" "$src/${h%%=*}" && continue
		"$cc" "${cflags[@]}" "$src/${h%%=*}" -o "$out/$d/${h#*=}" "${libs[@]}" \
			>> "$log" 2>&1 ||
			echo "  helper ${h#*=} failed: $(first_error "$log") (the tests that run it fail)"
	done
	for g in ${genco[$d]:-}; do
		echo "[$(elapsed)] build $d/${g#*=} (--genco code object)"
		fresh "$out/$d/${g#*=}" "$src/${g%%=*}" && continue
		"$cc" --genco -std=c++17 "$src/${g%%=*}" -o "$out/$d/${g#*=}" >> "$log" 2>&1 ||
			echo "  code object ${g#*=} failed: $(first_error "$log") (the tests that load it fail)"
	done
done

# ---------------------------------------------------------------------------
# Step 2: build each test file into its own executable.
# Writes logs/DIR/FILE.build.log and FILE.build (ok, or the first error).
build_one() {
	local d=$1 name=$2 src="$catch/unit/$1/$2"
	local exe="$out/$1/${2%.*}" obj="$out/$1/${2%.*}.o"
	local log="$out/logs/$1/$2.build.log" status="$out/logs/$1/$2.build"
	local objs=("$obj") s extra=() fflags=()
	# shellcheck disable=SC2206
	[ -n "${file_flags[$d/$name]+x}" ] && fflags=(${file_flags[$d/$name]})
	for s in ${shared[$d]} ${file_sources[$d/$name]:-}; do
		objs+=("$out/$d/${s%.*}.o")
		extra+=("$catch/unit/$d/$s")
	done
	if [ -n "${dir_broken[$d]:-}" ]; then
		echo "${dir_broken[$d]}" > "$status"
	elif fresh "$exe" "$src" "${objs[@]:1}" "${main_objs[@]}" &&
		[ "$(head -c2 "$status" 2> /dev/null)" = ok ]; then
		:
	else
		: > "$log"
		rm -f "$exe"
		for s in ${file_sources[$d/$name]:-}; do
			compile "$log" "$out/$d/${s%.*}.o" "$catch/unit/$d/$s" "${fflags[@]}" ||
				break
		done
		if compile "$log" "$obj" "$src" "${fflags[@]}" &&
			echo "\$ barehip-cc -o $exe ..." >> "$log" &&
			"$cc" "${fflags[@]}" "${objs[@]}" "${main_objs[@]}" -o "$exe" \
				"${libs[@]}" >> "$log" 2>&1; then
			echo ok > "$status"
		else
			first_error "$log" > "$status"
		fi
	fi
	progress "$out/.count-build" "$total" "build $d/$name: $(cat "$status")"
}

# Step 3: run each case of a test file in its own process.
# Writes logs/DIR/FILE.run.log and cases/DIR/FILE/N.xml, N.exit, N.name.
run_one() {
	local d=$1 name=$2 exe="$out/$1/${2%.*}"
	local log="$out/logs/$1/$2.run.log" dir="$out/cases/$1/$2"
	local i=0 case spec rc listed passed=0 other=0 reason
	rm -rf "$dir" && mkdir -p "$dir"
	: > "$log"
	if [ "$(head -c2 "$out/logs/$d/$name.build" 2> /dev/null)" != ok ]; then
		progress "$out/.count-run" "$total" "run $d/$name: not built"
		return 0
	fi
	# Catch2 2.x exits with the number of cases it listed (at most 255):
	# the listing failed only when that is not what it printed.
	(cd "$out/$d" && timeout -k 5 60 "$exe" --list-test-names-only) > "$dir/list" 2>> "$log"
	rc=$?
	listed=$(grep -c . "$dir/list")
	[ "$listed" -gt 255 ] && listed=255
	if [ "$rc" -ne "$listed" ]; then
		echo "listing the cases failed (exit $rc, $listed listed)" >> "$log"
	fi
	while IFS= read -r case; do
		[ -n "$case" ] || continue
		i=$((i + 1))
		# Catch2 reads its argument as a test spec: escape its special
		# characters so the name matches only itself.
		spec=$(printf '%s' "$case" | sed 's/[][\\,"~*]/\\&/g')
		printf '%s\n' "$case" > "$dir/$i.name"
		echo "=== $case" >> "$log"
		reason=$(awk -F '\t' -v b="$board" -v c="$case" \
			'($1 == b || $1 == "*") && $2 == c { print $3; exit }' "$skips" 2> /dev/null)
		if [ -n "$reason" ]; then
			printf '%s\n' "$reason" > "$dir/$i.skip"
			echo "not run on the $board board: $reason" >> "$log"
			other=$((other + 1))
			continue
		fi
		(cd "$out/$d" && timeout -k 5 "$timeout" "$exe" "$spec" -r xml \
			-o "$dir/$i.xml") >> "$log" 2>&1
		rc=$?
		echo "$rc" > "$dir/$i.exit"
		echo "=== exit $rc" >> "$log"
		if [ $rc = 0 ]; then passed=$((passed + 1)); else other=$((other + 1)); fi
	done < "$dir/list"
	progress "$out/.count-run" "$total" \
		"run $d/$name: $i cases, $passed exited 0, $other did not or were not run"
}

export -f build_one run_one compile fresh first_error progress elapsed
export out catch cc timeout total start board skips
# Arrays and associative arrays do not cross "export": hand them over as
# declarations the jobs evaluate.
decls=$(declare -p cflags libs main_objs shared file_sources file_flags dir_broken)
export decls

run_jobs() { # FUNCTION: one "DIR FILE" per line on stdin, $jobs at a time
	# shellcheck disable=SC2016 # the job's shell expands them
	xargs -P "$jobs" -L 1 bash -c 'eval "$decls"; '"$1"' "$0" "$1"'
}

rm -f "$out/.count-build" "$out/.count-run"
# In the background, waited for: a signal's trap runs at once (bash runs
# it only after a foreground command ends).
printf '%s\n' "${tests[@]}" | run_jobs build_one &
wait $!
if [ $build_only = 0 ]; then
	printf '%s\n' "${tests[@]}" | run_jobs run_one &
	wait $!
fi

# ---------------------------------------------------------------------------
# Step 4: the tables.
printf '%s\n' "${tests[@]}" > "$out/files.list"
python3 "$repo/scripts/conformance-report.py" "$out" "$catch" "$build_only" "$timeout" ||
	die "the report failed"
echo "[$(elapsed)] results: $out/summary.md, $out/cases.tsv, $out/files.tsv"
