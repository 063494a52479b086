#!/bin/sh
# The C++ library headers of the board: GCC's libstdc++ 12 as Debian
# configures it for newlib (package libstdc++-arm-none-eabi-dev,
# Architecture: all), fetched with apt-get download and unpacked into
# DIR, not installed (installing it pulls in the whole arm-none-eabi
# gcc).  Only the headers are used: the board's C++ is the header-only
# part of the library (docs/baremetal.md, "C++ on the board").
# Usage: boards/qemu-virt-aarch64/libstdcxx.sh DIR
set -eu
dir=$1
pkg=libstdc++-arm-none-eabi-dev
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/barehip-cxx.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "  FETCH   $pkg -> $dir (headers only)"
# apt-get download runs as _apt where it can: give it a directory it may write.
chmod 777 "$work"
# A machine whose package lists are old or gone: update them once.
if ! (cd "$work" && apt-get download "$pkg" > download.log 2>&1) &&
	! { apt-get update > "$work/update.log" 2>&1 &&
	    (cd "$work" && apt-get download "$pkg" > download.log 2>&1); }; then
	echo "libstdcxx.sh: cannot download $pkg from Debian's archive:" >&2
	cat "$work/download.log" >&2
	exit 1
fi
dpkg-deb -x "$work"/"$(cd "$work" && ls ./*.deb | head -1)" "$work/x"
src=$(ls -d "$work"/x/usr/include/newlib/c++/*/ | head -1)
[ -f "$src/arm-none-eabi/bits/c++config.h" ] || {
	echo "libstdcxx.sh: $pkg has no arm-none-eabi/bits/c++config.h" >&2
	exit 1
}
rm -rf "$dir/include"
mkdir -p "$dir/include"
# The generic headers, and the target directory of the default multilib
# (its bits/ describe newlib; the arm/ and thumb/ multilib variants
# differ in nothing the board uses).
cp -r "$src"/. "$dir/include/"
rm -rf "$dir/include/arm-none-eabi/arm" "$dir/include/arm-none-eabi/thumb"
echo "$(basename "$src") from $(cd "$work" && ls ./*.deb | head -1)" > "$dir/VERSION"
