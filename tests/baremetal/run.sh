#!/bin/sh
# Boot a bare-metal image on QEMU's virt machine and check it: the exit
# status QEMU returns (the image's, through semihosting) and a line its
# UART output must hold.  Prints the output, then PASS or FAIL.
# Usage: tests/baremetal/run.sh QEMU IMAGE STATUS PATTERN
qemu=$1 image=$2 want=$3 pattern=$4
log=$(mktemp) || exit 1
trap 'rm -f "$log"' EXIT
timeout 60 "$qemu" -M virt -cpu cortex-a57 -m 256M -nographic -semihosting \
	-monitor none -serial stdio -kernel "$image" < /dev/null > "$log" 2>&1
status=$?
out=$(tr -d '\r' < "$log")
# timeout's own status when the image hung.
[ "$status" = 124 ] && echo "$out" && echo "$(basename "$image"): FAIL (no exit within 60 s)" && exit 1
echo "$out" | sed 's/^/  /'
if [ "$status" = "$want" ] && echo "$out" | grep -q -- "$pattern"; then
	echo "$(basename "$image"): PASS (exit status $status, \"$pattern\" on the UART)"
	exit 0
fi
echo "$(basename "$image"): FAIL (exit status $status, want $want and \"$pattern\")"
exit 1
