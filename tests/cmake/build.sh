#!/bin/sh
# Configure and build one of the CMake test projects (tests/cmake) against
# an installed barehip prefix, the way a user would, in a build directory
# of its own.  The build directory is made afresh whenever the prefix or
# the project changed (so the compiler checks run again), and otherwise
# only brought up to date.
#
#   build.sh PREFIX SOURCE_DIR BUILD_DIR GENERATOR ROUTE SUFFIX [-DVAR=VALUE]...
#
# ROUTE is how the project is pointed at barehip:
#   compiler  -DCMAKE_HIP_COMPILER=PREFIX/bin/barehip-cc
#   hipcxx    HIPCXX=PREFIX/bin/barehip-cc in the environment
#   path      PREFIX/bin first on PATH, nothing else (CMake asks hipconfig)
#   prefix    -DCMAKE_PREFIX_PATH=PREFIX (find_package(hip); CMake's HIP
#             language finds PREFIX/clang++)
#   prefix-cc the same, and -DCMAKE_CXX_COMPILER=PREFIX/bin/barehip-cc
# The -D arguments after them go to cmake as well.
set -eu
[ $# -ge 6 ] || { echo "usage: $0 PREFIX SOURCE_DIR BUILD_DIR GENERATOR ROUTE SUFFIX [-DVAR=VALUE]..." >&2; exit 2; }
prefix=$1 src=$2 dir=$3 gen=$4 route=$5 suffix=$6
shift 6
defs="$*"
[ -x "$prefix/bin/barehip-cc" ] || { echo "$0: no barehip installed in $prefix" >&2; exit 1; }
# CMake's default architectures are the GPU the default board reports.
unset BAREHIP_SIM_GFX HIPCXX
# (Unix Makefiles builds are makes of their own, not of the caller's.)
unset MAKEFLAGS MFLAGS MAKELEVEL

# (The project's own files: not the scripts that build it.)
sum=$( { { find "$prefix" -type f -print0
	find "$src" -type f ! -name '*.mk' ! -name '*.sh' -print0; } | sort -z | xargs -0 md5sum
	echo "$gen $route $suffix $defs"; } |
	md5sum | cut -d' ' -f1)
if [ -f "$dir/.barehip-inputs" ] && [ "$(cat "$dir/.barehip-inputs")" = "$sum" ]; then
	exec cmake --build "$dir"
fi
rm -rf "$dir"
case "$route" in
compiler) set -- "$@" "-DCMAKE_HIP_COMPILER=$prefix/bin/barehip-cc" ;;
hipcxx) export HIPCXX="$prefix/bin/barehip-cc" ;;
path) export PATH="$prefix/bin:$PATH" ;;
prefix) set -- "$@" "-DCMAKE_PREFIX_PATH=$prefix" ;;
prefix-cc) set -- "$@" "-DCMAKE_PREFIX_PATH=$prefix" "-DCMAKE_CXX_COMPILER=$prefix/bin/barehip-cc" ;;
*) echo "$0: unknown route '$route' (compiler, hipcxx, path, prefix or prefix-cc)" >&2; exit 2 ;;
esac
echo "  CMAKE   $src ($gen, $route) in $dir"
cmake -S "$src" -B "$dir" -G "$gen" -DBH_NAME_SUFFIX="$suffix" "$@" > "$dir.configure.log" 2>&1 || {
	cat "$dir.configure.log"; exit 1; }
# What CMake learnt about the compiler, for the log.
{ grep -E "compiler identification|Check for working|barehip:" "$dir.configure.log"
	grep -E "^CMAKE_(HIP|CXX)_COMPILER:|^CMAKE_HIP_ARCHITECTURES:" "$dir/CMakeCache.txt"; } | sed 's/^/          /'
cmake --build "$dir" -j2
echo "$sum" > "$dir/.barehip-inputs"
