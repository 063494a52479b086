#!/bin/sh
# Fetch the Debian kernel that matches the installed linux-headers-amd64
# and decompress it to an ELF vmlinux that QEMU boots through PVH (the
# XZ bzImage costs ~3 s more to decompress under TCG).  The image package
# is downloaded and unpacked, never installed: its postinst would run
# update-initramfs twice and pull in udev.
# Usage: getkernel.sh OUTDIR   -> OUTDIR/<abi>/vmlinux, OUTDIR/current -> <abi>
set -eu
out=$1

abi=$(tests/qemu/kver.sh)
dir="$out/$abi"
if [ -s "$dir/vmlinux" ]; then
	ln -sfn "$abi" "$out/current"
	exit 0
fi

tmp="$out/.fetch.$$"
trap 'rm -rf "$tmp"' EXIT INT TERM
rm -rf "$tmp" && mkdir -p "$tmp"
echo "  KERNEL  linux-image-$abi (download, unpack, decompress)"
# apt-get download writes into the current directory; as root it warns
# that the download is unsandboxed, which is harmless here.
download() {
	(cd "$tmp" && apt-get download -qq "linux-image-$abi" 2>&1 | grep -v -i unsandboxed || true)
	ls "$tmp"/linux-image-"$abi"_*.deb 2>/dev/null | head -1
}
deb=$(download)
if [ -z "$deb" ]; then
	# Stale package lists: refresh them once.
	sudo=""
	[ "$(id -u)" -ne 0 ] && sudo="sudo"
	$sudo apt-get update -qq || true
	deb=$(download)
fi
if [ -z "$deb" ]; then
	echo "getkernel: linux-image-$abi, the kernel of the installed headers, cannot be" \
		"downloaded; if the archive has moved on, upgrade the headers:" \
		"apt-get install linux-headers-amd64" >&2
	exit 1
fi
dpkg-deb --fsys-tarfile "$deb" | tar -x -C "$tmp" "./boot/vmlinuz-$abi" "./boot/config-$abi"

# The bzImage carries the kernel as an XZ stream after the setup code.
bz="$tmp/boot/vmlinuz-$abi"
off=$(LC_ALL=C grep -obUaP '\xfd7zXZ\x00' "$bz" | head -1 | cut -d: -f1)
if [ -z "$off" ]; then
	echo "getkernel: no XZ stream in $bz" >&2
	exit 1
fi
# xz stops with an error at the bytes after the stream; the ELF check
# below is what tells success.
tail -c +$((off + 1)) "$bz" | xz -dc > "$tmp/vmlinux" 2>/dev/null || true
if [ "$(head -c 4 "$tmp/vmlinux" | od -An -c | tr -d ' ')" != '177ELF' ]; then
	echo "getkernel: decompressed kernel is not an ELF file" >&2
	exit 1
fi
mkdir -p "$dir"
mv "$tmp/boot/config-$abi" "$dir/config"
mv "$tmp/vmlinux" "$dir/vmlinux"
ln -sfn "$abi" "$out/current"
