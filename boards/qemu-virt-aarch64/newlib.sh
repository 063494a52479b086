#!/bin/sh
# Build newlib for aarch64-none-elf from Debian's newlib-source with
# clang-19 and the LLVM tools, into DIR (make keeps it: built once).
# Usage: boards/qemu-virt-aarch64/newlib.sh DIR CLANG LLVM_AR
#
# The choices, and why:
#  - --disable-newlib-supplied-syscalls: the board supplies them
#    (syscalls.c);
#  - PREFER_SIZE_OVER_SPEED: newlib's C string functions; its AArch64
#    assembly ones (memchr.S ...) use GNU as syntax (vend.2d[0]) that
#    LLVM's assembler refuses, and smaller code suits the field;
#  - -Wno-error=...: newlib 3.3 predates clang 16's errors for implicit
#    function declarations and int/pointer mismatches (warnings before).
set -eu
dir=$1 clang=$2 ar=$3
src=/usr/src/newlib
tarball=$(ls "$src"/newlib-*.tar.* 2> /dev/null | head -1)
[ -n "$tarball" ] || { echo "newlib.sh: no newlib source in $src (newlib-source)" >&2; exit 2; }
dir=$(mkdir -p "$dir" && cd "$dir" && pwd)
rm -rf "$dir/src" "$dir/build" "$dir/install"
mkdir -p "$dir/src" "$dir/build"
echo "  NEWLIB  $tarball -> $dir/install (aarch64-none-elf, about a minute)"
tar -xf "$tarball" -C "$dir/src"
top=$(ls -d "$dir"/src/*/ | head -1)
cc="$clang --target=aarch64-none-elf -O2 -ffunction-sections -fdata-sections \
-DPREFER_SIZE_OVER_SPEED -Wno-error=implicit-function-declaration \
-Wno-error=int-conversion -Wno-error=incompatible-pointer-types"
tools=$(dirname "$(command -v "$ar")")
ver=${ar##*-}
cd "$dir/build"
if ! { "$top/configure" --target=aarch64-none-elf --prefix="$dir/install" \
	--disable-multilib --disable-newlib-supplied-syscalls --disable-nls \
	--enable-newlib-io-long-long --enable-newlib-io-c99-formats \
	CC_FOR_TARGET="$cc" AS_FOR_TARGET="$clang --target=aarch64-none-elf" \
	AR_FOR_TARGET="$ar" RANLIB_FOR_TARGET="$tools/llvm-ranlib-$ver" \
	NM_FOR_TARGET="$tools/llvm-nm-$ver" > configure.log 2>&1 &&
	make -j"$(nproc)" all-target-newlib > make.log 2>&1 &&
	make install-target-newlib > install.log 2>&1; }; then
	echo "newlib.sh: the newlib build failed; the end of its log:" >&2
	tail -20 "$dir"/build/*.log >&2
	exit 1
fi
rm -rf "$dir/src" "$dir/build"
[ -f "$dir/install/aarch64-none-elf/lib/libc.a" ]
