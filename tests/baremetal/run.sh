#!/bin/bash
# Boot a bare-metal image on QEMU's virt machine and check it: the exit
# status QEMU returns (the image's, through semihosting) and a line its
# UART output must hold.  Prints the output, then PASS or FAIL.
#
# Usage: tests/baremetal/run.sh QEMU IMAGE STATUS PATTERN [SIM [SIM-ARGS...]]
#
# With SIM (barehip-sim), the machine gets the sim board on its PCIe bus:
# SIM serves QEMU's ivshmem-doorbell function from the host, and the
# guest's RAM is a memfd SIM shares, so the board reaches the DMA memory
# the image gives it by bus (guest-physical) address.  SIM-ARGS go to it
# (--gfx, --vram-mb, ...).  BAREHIP_BM_QEMU_ARGS adds QEMU options
# (make bench: -icount shift=0), BAREHIP_BM_TIMEOUT the time limit in
# seconds (120).  Everything this starts is stopped, and its scratch
# directory removed, however it ends.
set -u
qemu=$1 image=$2 want=$3 pattern=$4
shift 4
sim=${1:-}
[ $# -gt 0 ] && shift
# The board's RAM: board.h's BH_RAM_MIN.
ram_mb=1024
limit=${BAREHIP_BM_TIMEOUT:-120}

work=$(mktemp -d "${TMPDIR:-/tmp}/barehip-bm.XXXXXX") || exit 1
sim_pid=
cleanup() {
	if [ -n "$sim_pid" ]; then
		kill "$sim_pid" 2>/dev/null && sleep 0.2 && kill -9 "$sim_pid" 2>/dev/null
		wait "$sim_pid" 2>/dev/null
	fi
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

machine=(-M virt -m ${ram_mb}M)
if [ -n "$sim" ]; then
	# The board must listen before QEMU starts: QEMU reads the setup
	# messages while realizing the device.
	"$sim" "$work/ivsh.sock" --ram-mb $ram_mb --ram-base 0x40000000 \
		--timeout $((limit + 10)) "$@" > "$work/sim.out" 2> "$work/sim.err" &
	sim_pid=$!
	for _ in $(seq 100); do
		grep -q "^barehip-sim: ready" "$work/sim.out" 2>/dev/null && break
		kill -0 "$sim_pid" 2>/dev/null || break
		sleep 0.05
	done
	ram=$(sed -n "s/^barehip-sim: ready ram=//p" "$work/sim.out")
	if [ -z "$ram" ]; then
		echo "$(basename "$image"): FAIL (barehip-sim did not start)"
		cat "$work/sim.err"
		exit 1
	fi
	machine=(-M virt,memory-backend=ram -m ${ram_mb}M
		-object memory-backend-file,id=ram,share=on,mem-path="$ram",size=${ram_mb}M
		-chardev socket,path="$work/ivsh.sock",id=ivsh
		-device ivshmem-doorbell,chardev=ivsh,vectors=2)
fi
start=$(date +%s%N)
# shellcheck disable=SC2086 # a list of options
timeout "$limit" "$qemu" "${machine[@]}" -cpu cortex-a57 ${BAREHIP_BM_QEMU_ARGS:-} -nographic \
	-semihosting -monitor none -serial stdio -kernel "$image" < /dev/null > "$work/log" 2>&1
status=$?
ms=$((($(date +%s%N) - start) / 1000000))
out=$(tr -d '\r' < "$work/log")
if [ -n "$sim_pid" ]; then
	# The board leaves when QEMU does; its summary line is worth keeping.
	for _ in $(seq 40); do
		kill -0 "$sim_pid" 2>/dev/null || break
		sleep 0.05
	done
	out="$out
$(cat "$work/sim.err")"
fi
# timeout's own status when the image hung.
if [ "$status" = 124 ]; then
	echo "$out" | sed 's/^/  /'
	echo "$(basename "$image"): FAIL (no exit within $limit s)"
	exit 1
fi
echo "$out" | sed 's/^/  /'
if [ "$status" = "$want" ] && echo "$out" | grep -q -- "$pattern"; then
	echo "$(basename "$image"): PASS (exit status $status, \"$pattern\" on the UART, $((ms / 1000)).$((ms % 1000 / 100)) s)"
	exit 0
fi
echo "$(basename "$image"): FAIL (exit status $status, want $want and \"$pattern\")"
exit 1
