#!/bin/bash
# Boot the guest under QEMU (TCG, q35) with the sim board served by a
# host program, run one guest test program in it, and judge the result.
#
# Usage: run.sh TEST VMLINUX INITRAMFS BOARD LOG_DIR [TIMEOUT_SECONDS]
#   TEST kmodtest: BOARD is the echo board; the guest also has QEMU's edu
#        device (barehip.ko's own tests).
#   TEST hiptest[:GFX]: BOARD is barehip-sim (modelling GFX, default
#        gfx90a); the guest runs the HIP device tests through barehip.ko
#        and the loader's kmod backend.
#   TEST unmaptest: BOARD is barehip-sim swallowing its first two GART unmaps
#        (--inject); the guest runs "hiptest unmap".
#
# Pass: QEMU exits 1 (isa-debug-exit with guest status 0; a panic would
# exit 0), the guest printed "INIT_DONE rc=0" and no FAIL line.  The
# console ($LOG_DIR/console-TEST.log) is printed in full on failure.
# Everything this starts is stopped, and its scratch directory removed,
# however it ends.
set -u
run=$1 vmlinux=$2 initrd=$3 board=$4 logdir=$5 limit=${6:-150}
test=${run%%:*}
args=

case "$run" in
kmodtest)
	board_args=
	devices=(-device ivshmem-doorbell,chardev=ivsh,vectors=4,addr=0x3 -device edu,addr=0x4)
	;;
hiptest | hiptest:gfx*)
	# 1.5 GiB of VRAM: a 2 GiB BAR.  The largest use is scratch for every
	# wave a 304-CU gfx942 holds at once (the privates test: 323 MB).  The
	# size is given as users give it to any sim board (not Kconfig's 1
	# GiB, so that the guest's barehip-info check sees it was taken).
	# edu stands in for an AMD board the kmod backend does not drive yet.
	gfx=gfx90a
	[ "$run" = "$test" ] || gfx=${run#*:}
	export BAREHIP_SIM_VRAM_MB=1536
	args=vram-mb=$BAREHIP_SIM_VRAM_MB
	board_args="--gfx $gfx"
	devices=(-device ivshmem-doorbell,chardev=ivsh,vectors=2,addr=0x3 -device edu,addr=0x4)
	;;
unmaptest)
	test=hiptest
	args=unmap
	board_args="--vram-mb 64 --inject ignore:gart-unmap:2"
	devices=(-device ivshmem-doorbell,chardev=ivsh,vectors=2,addr=0x3)
	;;
*)
	echo "run.sh: unknown test '$run' (kmodtest, hiptest, hiptest:GFX, unmaptest)"
	exit 2
	;;
esac
name=$(basename "$board")

work=$(mktemp -d "${TMPDIR:-/tmp}/barehip-qemu.XXXXXX")
board_pid= qemu_pid=
cleanup() {
	for pid in $qemu_pid $board_pid; do
		kill "$pid" 2>/dev/null && sleep 0.2 && kill -9 "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mkdir -p "$logdir"
console="$logdir/console-${run/:/-}.log"
rm -f "$console"

# Guest RAM: the kernel unpacks the initramfs (every HIP test program,
# about 160 MB) into a tmpfs of half the RAM left beside it, so 768 MiB
# (512 MiB stopped fitting at 158 MB: "Initramfs unpacking failed: write
# error"), and 1024 since the unit tests' in-process board (4 GiB of VRAM
# by default) needs about 480 MB beside a 185 MB initramfs (768: OOM).  The board's memfd is backed as the guest touches it.
ram_mb=1024

# The board must listen before QEMU starts: QEMU reads the setup
# messages while realizing the device and fails if nobody answers.
# shellcheck disable=SC2086 # board_args is a list of words
"$board" "$work/ivsh.sock" --ram-mb $ram_mb --timeout $((limit + 10)) $board_args \
	> "$work/board.out" 2> "$work/board.err" &
board_pid=$!
for _ in $(seq 100); do
	grep -q "^$name: ready" "$work/board.out" 2>/dev/null && break
	kill -0 "$board_pid" 2>/dev/null || break
	sleep 0.05
done
ram=$(sed -n "s/^$name: ready ram=//p" "$work/board.out")
if [ -z "$ram" ]; then
	echo "qemu: $name did not start:"
	cat "$work/board.err"
	exit 1
fi

# Guest RAM is the board's memfd (through /proc), so the board can DMA.
append="console=ttyS0 panic=-1 oops=panic panic_on_warn=1 quiet mitigations=off nokaslr"
append="$append audit=0 apparmor=0 security=none tsc=reliable no_timer_check"
append="$append cryptomgr.notests pci=noaer slub_debug=FZPU,kmalloc-* bhtest=$test"
[ -z "$args" ] || append="$append bhargs=$args"
start=$(date +%s%N)
timeout -k 5 "$limit" qemu-system-x86_64 \
	-machine q35,memory-backend=ram -accel tcg -m ${ram_mb}M \
	-object memory-backend-file,id=ram,share=on,mem-path="$ram",size=${ram_mb}M \
	-nographic -nic none -no-reboot \
	-kernel "$vmlinux" -initrd "$initrd" -append "$append" \
	-chardev socket,path="$work/ivsh.sock",id=ivsh \
	"${devices[@]}" \
	-device isa-debug-exit,iobase=0xf4,iosize=0x04 \
	< /dev/null > "$work/console.raw" 2>&1 &
qemu_pid=$!
wait "$qemu_pid"
rc=$?
qemu_pid=
ms=$((($(date +%s%N) - start) / 1000000))
elapsed=$((ms / 1000)).$((ms % 1000 / 100))

# The board leaves when QEMU does; give it a moment to report.
for _ in $(seq 40); do
	kill -0 "$board_pid" 2>/dev/null || break
	sleep 0.05
done

# SeaBIOS and the kernel send terminal resets: keep the log readable.
sed -e 's/\x1b\[[0-9;?]*[A-Za-z]//g' -e 's/\x1bc//g' -e 's/\r//g' \
	"$work/console.raw" > "$console"
cat "$work/board.err" >> "$console"

fails=$(grep -c '^FAIL' "$console")
summary=$(grep -E "^$test: [0-9]+ passed" "$console" | tail -1)
grep -E '^(latency|abuse|hip|unit|FAIL)' "$console" | sed 's/^/   /'
echo "   ${summary:-$test: no summary}  (QEMU exit $rc, ${elapsed}s)"
if [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
	why="timed out after ${limit}s"
elif [ "$rc" -ne 1 ]; then
	why="QEMU exit status $rc (1 = guest status 0; 0 = the guest died)"
elif ! grep -q '^INIT_DONE rc=0' "$console"; then
	why="no INIT_DONE rc=0 from the guest"
elif [ "$fails" -ne 0 ]; then
	why="$fails guest checks failed"
else
	exit 0
fi
echo "qemu: FAILED: $why; the guest console ($console):"
sed 's/^/   | /' "$console"
exit 1
