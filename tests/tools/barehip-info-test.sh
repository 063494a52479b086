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
# Every modelled product: marketing name, ISA string with its features
# (gfx9 only, as the HSA runtime names them), the part's compute units
# and caches (boards/sim/model/targets.c), in text and in JSON.
for t in "gfx90a|AMD Instinct MI210|:sramecc+:xnack-|104|L1 16 KiB per CU, L2 8 MiB, L3 none" \
	"gfx942|AMD Instinct MI300X|:sramecc+:xnack-|304|L1 32 KiB per CU, L2 4 MiB, L3 256 MiB" \
	"gfx1100|AMD Radeon RX 7900 XTX||96|L1 32 KiB per CU, L2 6 MiB, L3 96 MiB" \
	"gfx1103|AMD Radeon 780M||12|L1 32 KiB per CU, L2 2 MiB, L3 none" \
	"gfx1151|AMD Radeon 8060S||40|L1 32 KiB per CU, L2 2 MiB, L3 32 MiB"; do
	IFS='|' read -r gfx product feat cus caches <<<"$t"
	out=$(BAREHIP_BOARD=sim BAREHIP_SIM_GFX=$gfx "$info" 2>&1)
	expect "$gfx: exit 0" test $? -eq 0
	expect "$gfx: marketing name" grep -Fxq "  marketing name    $product" <<<"$out"
	expect "$gfx: ISA string" grep -Fxq "  ISA               amdgcn-amd-amdhsa--$gfx$feat" <<<"$out"
	expect "$gfx: compute units" grep -Eq "^  compute units +$cus \(" <<<"$out"
	expect "$gfx: caches" grep -Fq "  caches            $caches, LDS 64 KiB per CU" <<<"$out"
	expect "$gfx: block dims" grep -Fxq "  block dims max    1024 x 1024 x 1024" <<<"$out"
	expect "$gfx: grid dims" grep -Fq "  grid dims max     2147483647 x 65535 x 65535 blocks" <<<"$out"
	expect "$gfx: queues" grep -Eq "^  queues +8 \(PM4 compute" <<<"$out"
	json=$(BAREHIP_BOARD=sim BAREHIP_SIM_GFX=$gfx "$info" --json 2>&1)
	expect "$gfx --json: exit 0" test $? -eq 0
	expect "$gfx --json: valid JSON" python3 -m json.tool <<<"$json" >/dev/null
	expect "$gfx --json: the same facts" python3 -c '
import json, sys
d = json.loads(sys.argv[1])["devices"][0]
sys.exit(not (d["gfx"] == sys.argv[2] and d["marketing_name"] == sys.argv[3]
              and d["isa"] == "amdgcn-amd-amdhsa--" + sys.argv[2] + sys.argv[4]
              and d["compute_units"] == int(sys.argv[5])
              and d["max_workgroup_dims"] == [1024, 1024, 1024]
              and d["memory_pools"][0]["location"] == "vram"
              and d["memory_pools"][0]["size"] == 1 << 30
              and d["queues"]["max"] == 8 and d["clocks"]["timestamp_hz"] == 100000000))
' "$json" "$gfx" "$product" "$feat" "$cus"
done

# The VRAM size per run.
out=$(BAREHIP_BOARD=sim BAREHIP_SIM_VRAM_MB=16384 "$info" 2>&1)
expect "BAREHIP_SIM_VRAM_MB=16384: 16 GiB" grep -Eq "^  VRAM +16384 MiB$" <<<"$out"
out=$(BAREHIP_BOARD=sim BAREHIP_SIM_VRAM_MB=lots "$info" 2>&1)
expect "a bad BAREHIP_SIM_VRAM_MB fails" test $? -eq 1
expect "... naming the variable and the range" \
	grep -Fq "BAREHIP_SIM_VRAM_MB='lots' is not a VRAM size in MiB 16..196608" <<<"$out"

# ROCm's visible-device variables on the one-GPU sim board.
out=$(BAREHIP_BOARD=sim HIP_VISIBLE_DEVICES=0 "$info" 2>&1)
expect "HIP_VISIBLE_DEVICES=0 keeps device 0" test $? -eq 0
out=$(BAREHIP_BOARD=sim HIP_VISIBLE_DEVICES=1 "$info" 2>&1)
expect "HIP_VISIBLE_DEVICES=1 hides it" test $? -eq 1
expect "... saying so" grep -Fq "HIP_VISIBLE_DEVICES='1' hides the sim board's one GPU" <<<"$out"
out=$(BAREHIP_BOARD=sim CUDA_VISIBLE_DEVICES= "$info" 2>&1)
expect "an empty CUDA_VISIBLE_DEVICES hides it" grep -Fq "CUDA_VISIBLE_DEVICES='' hides" <<<"$out"

# The command line: --help on stdout with status 0, unknown arguments 2.
out=$("$info" --help 2>/dev/null)
expect "--help: exit 0" test $? -eq 0
expect "--help: usage on stdout" grep -q "^usage: barehip-info \[--json\]" <<<"$out"
out=$("$info" --frobnicate 2>&1 >/dev/null)
expect "an unknown argument: exit 2" test $? -eq 2
expect "... naming it on stderr" grep -Fq "unknown argument '--frobnicate'" <<<"$out"

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
