#!/bin/bash
# Run one target's cross-built programs under qemu-ARCH-static, called
# explicitly (nothing relies on binfmt_misc): the unit tests, then HIP
# programs ("prog@gfx942" runs prog with BAREHIP_SIM_GFX=gfx942), and
# print one summary line for the target.  Fails when a program is not a
# static ARCH binary, when qemu or a program fails or times out, when a
# HIP program prints no PASS, or when any unit test failed.
# Usage: run.sh ARCH LOGDIR UNIT_TESTS [PROGRAM[@gfxNNN]...]
set -u
arch=$1
logdir=$2
unit=$3
shift 3
qemu=qemu-$arch-static
mkdir -p "$logdir"

fail() {
	echo "cross-arch $arch: FAILED: $*"
	exit 1
}

# The ELF machine (e_machine, bytes 18-19, little endian) proves each
# program really is for the target, so a pass cannot come from the host.
case "$arch" in
aarch64) want=183 ;;
riscv64) want=243 ;;
*) fail "unknown architecture" ;;
esac
check_elf() {
	machine=$(od -An -tu2 -j18 -N2 "$1" 2>/dev/null | tr -d ' ')
	[ "$machine" = "$want" ] || fail "$1 is not an $arch ELF program (e_machine ${machine:-?})"
}
command -v "$qemu" > /dev/null || fail "$qemu is missing (scripts/deps.sh cross)"

now_ms() { echo $(($(date +%s%N) / 1000000)); }
secs() { printf '%d.%01d' $(($1 / 1000)) $(($1 % 1000 / 100)); }

echo "== cross-arch host tests: $arch ($qemu $unit)"
check_elf "$unit"
log="$logdir/unit-tests.log"
start=$(now_ms)
timeout 600 "$qemu" "$unit" > "$log" 2>&1
status=$?
unit_ms=$(($(now_ms) - start))
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log" | tail -1)
run=$(sed -n 's/^ *tests *\([0-9]*\) *\([0-9]*\) .*/\2/p' "$log" | tail -1)
if [ $status -ne 0 ] || [ -z "$line" ]; then
	cat "$log"
	[ $status -eq 124 ] && fail "unit-tests timed out after 600 s"
	fail "unit-tests exited with status $status${line:+ ($line)}"
fi
passed=${line%% passed*}
failed=${line#* passed, }
failed=${failed%% failed}
if [ "$failed" -ne 0 ] || [ -z "$run" ] || [ "$run" -eq 0 ] || [ "$passed" -ne "$run" ]; then
	cat "$log"
	fail "$passed of ${run:-?} unit tests passed, $failed failed"
fi
suites=$(sed -n 's/^Suite: //p' "$log" | wc -l)
echo "   unit-tests: $passed of $run passed ($suites suites, $(secs $unit_ms) s)"

prog_ok=0
prog_failed=()
start=$(now_ms)
i=0
for t in "$@"; do
	gfx=
	i=$((i + 1))
	case "$t" in *@*) gfx=${t##*@}; t=${t%@*} ;; esac
	# Where the run is, as make check's other groups say it.
	name="$i of $# ($(secs $(($(now_ms) - start))) s): $(basename "$t")${gfx:+ on $gfx}"
	check_elf "$t"
	plog="$logdir/$(basename "$t")${gfx:+.$gfx}.log"
	BAREHIP_SIM_GFX=$gfx timeout 300 "$qemu" "$t" > "$plog" 2>&1
	status=$?
	if [ $status -eq 0 ] && grep -q 'PASS' "$plog"; then
		prog_ok=$((prog_ok + 1))
		echo "   $name: $(grep 'PASS' "$plog" | tail -1)"
	else
		sed 's/^/   /' "$plog"
		prog_failed+=("$name (exit $status)")
	fi
done
prog_ms=$(($(now_ms) - start))
[ ${#prog_failed[@]} -eq 0 ] ||
	fail "HIP programs failed: ${prog_failed[*]} ($prog_ok of $# passed)"

summary="$passed of $run unit tests passed"
[ $# -eq 0 ] || summary="$summary, $prog_ok of $# HIP program runs passed"
echo "cross-arch $arch: $summary ($(secs $((unit_ms + prog_ms))) s under $qemu)"
