#!/bin/sh
# Install the Debian packages barehip needs, if any are missing.
# Quick (one dpkg-query) when everything is already there.
# Usage: scripts/deps.sh [package-set...]   sets: build (default), check, bench, qemu, cross,
#        baremetal
set -eu

# clang-tools-19 carries clang-offload-bundler; libclang-rt-19-dev the
# sanitizer runtimes (both are only "Recommends" of clang-19).
build_pkgs="make clang-19 clang-tools-19 lld-19 llvm-19 python3-kconfiglib"
# The fake amdkfd's oracles (boards/kfdsim/preload.mk): Debian's ROCm 5.2
# rocminfo, thunk (libhsakmt) and runtime (ROCr, with its headers for
# tests/kfdsim/rocr_test.c), run on the fake.
# Debian's rocPRIM 5.3 (header-only; it pulls in libamdhip64-dev, HIP
# 5.2's headers and runtime, and comgr with the ROCm device libraries):
# tests/rocprim compiles it with barehip-cc, and tests/hermetic checks
# that barehip-cc gives the same result with that ROCm installed as
# without.  User libraries and oracles only: barehip itself never reads
# them.
check_pkgs="libcunit1-dev libclang-rt-19-dev libmpfr-dev
	rocminfo libhsakmt1 libhsakmt-dev libhsa-runtime64-1 libhsa-runtime-dev
	librocprim-dev libamdhip64-dev"
# The QEMU-hosted system tests (tests/qemu): barehip.ko builds against
# linux-headers-amd64; the matching kernel image is fetched by
# tests/qemu/getkernel.sh, never installed (its postinst runs
# update-initramfs twice and upgrades udev).
qemu_pkgs="qemu-system-x86 linux-headers-amd64 busybox-static cpio xz-utils gcc libc6-dev"
bench_pkgs="valgrind binutils"
# The cross-arch host tests (tests/cross): Debian's aarch64 and riscv64
# cross compilers (g++ for the libstdc++ that barehip-cc --host-target
# links), qemu-user-static (called explicitly, no binfmt), and what
# tests/cross/sysroot.sh needs to unpack the target libraries (dpkg-dev)
# and cross-build them from Debian's sources for riscv64 (m4 for GMP,
# autotools-dev for CUnit's config.sub).
cross_pkgs="gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross
	gcc-riscv64-linux-gnu g++-riscv64-linux-gnu libc6-dev-riscv64-cross qemu-user-static
	dpkg-dev m4 autotools-dev xz-utils make"

# The bare-metal board (boards/qemu-virt-aarch64): QEMU's virt machine,
# newlib's source (built with clang-19 for aarch64-none-elf), and the
# aarch64 cross gcc for its libgcc's long-double helpers.
baremetal_pkgs="qemu-system-arm newlib-source xz-utils gcc-aarch64-linux-gnu make"

want=""
[ $# -eq 0 ] && set -- build
for set in "$@"; do
	case "$set" in
	build) want="$want $build_pkgs" ;;
	check) want="$want $build_pkgs $check_pkgs $qemu_pkgs $cross_pkgs $baremetal_pkgs" ;;
	baremetal) want="$want $baremetal_pkgs" ;;
	qemu) want="$want $qemu_pkgs" ;;
	cross) want="$want $cross_pkgs" ;;
	bench) want="$want $build_pkgs $bench_pkgs" ;;
	*) echo "deps.sh: unknown package set '$set'" >&2; exit 2 ;;
	esac
done

missing=""
for p in $want; do
	st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
	case "$st" in
	*" installed") ;;
	*) missing="$missing $p" ;;
	esac
done
[ -z "$missing" ] && exit 0

echo "barehip: installing Debian packages:$missing"
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
# shellcheck disable=SC2086
$sudo apt-get install -y -qq --no-install-recommends $missing
