#!/bin/bash
# Debian's rocminfo (ROCr 5.2 on libhsakmt) on the fake amdkfd: it must
# exit 0 and list the simulated GPU as an HSA agent with the fake's
# figures.  Each check prints a line; on a failure, rocminfo's output and
# the fake's log follow.
# Usage: rocminfo.sh BAREHIP_KFDSIM GFX [GPUS]
set -u
wrapper=$1
gfx=$2
gpus=${3:-1}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/rocminfo.out
log=$tmp/kfdsim.log
failed=0

check() {	# check DESCRIPTION COMMAND...
	local what=$1
	shift
	if "$@"; then
		echo "ok:   $what"
	else
		echo "FAIL: $what"
		failed=1
	fi
}

rocminfo=$(command -v rocminfo || echo /usr/bin/rocminfo)
timeout 60 "$wrapper" --gfx "$gfx" --gpus "$gpus" --log "$log" -- "$rocminfo" >"$out" 2>&1
status=$?
check "rocminfo exits 0 (status $status)" test "$status" -eq 0
check "nothing on stderr from libdrm (amdgpu_device_initialize)" \
	bash -c "! grep -q '^amdgpu_' '$out'"
check "rocminfo's lsmod finds amdgpu, kmod content" \
	bash -c "grep -q 'ROCk module is loaded' '$out' && ! grep -q libkmod '$out'"

# The GPU agents' blocks: from "Agent N" to the next one.
awk '/^Agent [0-9]+/ { if (blk != "") print blk "\n@@"; blk = "" }
	{ blk = blk $0 "\n" } END { print blk }' "$out" |
	awk -v RS='@@' '/Device Type: *GPU/' > "$tmp/gpu"
field() {	# field LABEL: the first value of "LABEL: value" in the GPU block
	sed -n "s/^ *$1: *//p" "$tmp/gpu" | head -1 | sed 's/ *$//'
}

ngpu=$(grep -c 'Device Type: *GPU' "$out")
check "a CPU agent" grep -q 'Device Type: *CPU' "$out"
check "rocminfo opened /dev/kfd on the fake" grep -q '^open(/dev/kfd' "$log"
check "the GPU node's properties came from the fake" \
	grep -q 'topology/nodes/1/properties ->' "$log"

# ROCr drops a GPU whose gfx version its ISA table lacks (amd_topology.cpp
# DiscoverGpu: HSA_STATUS_ERROR_INVALID_ISA, "Ignore unrecognized GPUs"),
# as it would on real hardware: Debian's ROCr 5.2 knows gfx90a, not gfx942.
lib=$(ldd "$rocminfo" | sed -n 's/.*libhsa-runtime64.so.1 => \([^ ]*\).*/\1/p')
if ! tr "\\0" "\\n" < "${lib:-/usr/lib/x86_64-linux-gnu/libhsa-runtime64.so.1}" | grep -qx "$gfx"; then
	echo "note: this ROCr has no $gfx ISA: it ignores the GPU, as on hardware"
	check "no GPU agent (found $ngpu)" test "$ngpu" -eq 0
	if [ $failed -ne 0 ]; then
		echo "---- rocminfo output"; cat "$out"
		echo "---- the fake's log"; cat "$log" 2>/dev/null
		exit 1
	fi
	echo "PASS rocminfo on $gfx (CPU agent only)"
	exit 0
fi
check "$gpus GPU agent(s) (found $ngpu)" test "$ngpu" -eq "$gpus"
names=$(grep -c 'Marketing Name: *AMD Instinct' "$out")
check "each GPU named ($names)" test "$names" -eq "$gpus"
check "GPU agent name is $gfx (got '$(field Name)')" test "$(field Name)" = "$gfx"
# libhsakmt names the board through libdrm_amdgpu (the render node's
# DRM_IOCTL_VERSION and AMDGPU_INFO, then amdgpu.ids).
check "marketing name AMD Instinct MI210 (got '$(field 'Marketing Name')')" \
	test "$(field 'Marketing Name')" = "AMD Instinct MI210"
# The fake logs each GPU it builds: "gpu 0: node 1 ... cus N".
cus=$(sed -n 's/.*gpu 0: .* cus \([0-9]*\).*/\1/p' "$log" 2>/dev/null | head -1)
cu=$(field 'Compute Unit')
if [ -n "$cus" ]; then
	check "compute units $cu = the fake's $cus" test "$cu" = "$cus"
else
	check "compute units $cu > 0 (the fake's count not in its log)" test "${cu:-0}" -gt 0
fi
check "SIMDs per CU is 4 (got '$(field 'SIMDs per CU')')" test "$(field 'SIMDs per CU')" = 4
check "wavefront size 64 (got '$(field 'Wavefront Size')')" \
	test "$(field 'Wavefront Size')" = "64(0x40)"
check "workgroup max size 1024 (got '$(field 'Workgroup Max Size')')" \
	test "$(field 'Workgroup Max Size')" = "1024(0x400)"
# The model's targets run with SRAM ECC on (MI210, MI300X: RAS enabled).
check "ISA amdgcn-amd-amdhsa--$gfx:sramecc+:xnack-" \
	grep -q "Name: *amdgcn-amd-amdhsa--$gfx:sramecc+:xnack-" "$tmp/gpu"
pools=$(grep -c 'Segment: *GLOBAL' "$tmp/gpu")
check "GPU has a global memory pool ($pools)" test "$pools" -ge 1
check "GPU has a group (LDS) pool of 64KB" grep -q 'Segment: *GROUP' "$tmp/gpu"
vram=$(awk '/Segment: *GLOBAL; FLAGS: COARSE GRAINED/ { p = 1 } p && /Size:/ { print $2; exit }' "$tmp/gpu")
check "VRAM pool size non-zero (${vram:-none})" test -n "$vram" -a "${vram%%(*}" != 0

if [ $failed -ne 0 ]; then
	echo "---- rocminfo output"
	cat "$out"
	echo "---- the fake's log"
	cat "$log" 2>/dev/null
	exit 1
fi
echo "PASS rocminfo on $gpus $gfx"
