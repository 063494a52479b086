#!/bin/bash
# barehip-info on the sim board for each modelled target, and its clear
# refusals: a board name that does not exist, a kmod node that is not
# there.  Expectations are the gfx9 facts of docs/facts/dispatch.md §3.4 (wave 64,
# 64 KiB LDS, 1024 threads) and each target's mach number; first, the HIP
# version (7.0.0, docs/device-language.md "HIP version") as the runtime's
# two version calls report it.
# Usage: barehip-info-test.sh BAREHIP_INFO
set -u
info=$1
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

for t in gfx90a:0x03f gfx942:0x04c; do
	gfx=${t%:*}
	mach=${t#*:}
	out=$(BAREHIP_BOARD=sim BAREHIP_SIM_GFX=$gfx "$info" 2>&1)
	expect "$gfx: exit 0" test $? -eq 0
	expect "$gfx: HIP version first" grep -Eq "^HIP version 7\.0\.0 \(hipRuntimeGetVersion \
70000000, hipDriverGetVersion 70000000\)$" <<<"$(head -1 <<<"$out")"
	expect "$gfx: device name" grep -q "^device 0: barehip sim ($gfx)" <<<"$out"
	expect "$gfx: board" grep -Eq "^ +board +sim$" <<<"$out"
	expect "$gfx: target and mach" grep -Eq "^ +target +$gfx \(mach $mach," <<<"$out"
	expect "$gfx: wave size" grep -Eq "^ +wave size +64$" <<<"$out"
	expect "$gfx: LDS" grep -Eq "^ +LDS per workgroup +65536 bytes$" <<<"$out"
	expect "$gfx: max block" grep -Eq "^ +max block +1024 threads$" <<<"$out"
done
out=$(BAREHIP_BOARD=nosuch "$info" 2>&1)
expect "a bad board name fails" test $? -eq 1
expect "... and says which names work" grep -q "BAREHIP_BOARD='nosuch' names no board: use sim, kfd, kmod" <<<"$out"
out=$(BAREHIP_BOARD=kmod:/nonexistent/barehip7 "$info" 2>&1)
expect "a missing kmod node fails" test $? -eq 1
expect "... naming the node (or the missing backend)" \
	grep -Eq "/nonexistent/barehip7|without the kmod backend" <<<"$out"

if [ $fails -ne 0 ]; then
	echo "barehip-info-test: FAIL ($fails of $checks checks)"
	exit 1
fi
echo "barehip-info-test: PASS ($checks checks)"
