#!/bin/sh
# The guest's initramfs: busybox-static, /init, barehip.ko (debug info
# stripped) and the static test programs.  Uncompressed: the kernel
# unpacks it faster than it would gunzip it under TCG.
# Usage: mkinitramfs.sh OUT.cpio INIT KO [@DIR] FILE...
# Files go to /bin, or to /DIR after an @DIR argument; programs are
# stripped, code objects (*.co) copied as they are.
set -eu
out=$1 init=$2 ko=$3
shift 3

root="$out.root"
rm -rf "$root"
mkdir -p "$root/bin" "$root/lib" "$root/proc" "$root/sys" "$root/dev" "$root/etc" "$root/tmp"
# The guest has no libc: busybox must be the static build.
if readelf -l /bin/busybox | grep -q 'program interpreter'; then
	echo "mkinitramfs: /bin/busybox is dynamic; install busybox-static" >&2
	exit 1
fi
cp /bin/busybox "$root/bin/busybox"
install -m 755 "$init" "$root/init"
strip --strip-debug -o "$root/lib/barehip.ko" "$ko"
dir=bin
for p in "$@"; do
	case "$p" in
	@*) dir=${p#@}; mkdir -p "$root/$dir"; continue ;;
	*.co) cp "$p" "$root/$dir/" ;;
	*) strip -o "$root/$dir/$(basename "$p")" "$p" ;;
	esac
done
(cd "$root" && find . | LC_ALL=C sort | cpio -o -H newc --quiet) > "$out.tmp"
mv "$out.tmp" "$out"
rm -rf "$root"
