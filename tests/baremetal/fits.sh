#!/bin/sh
# Whether a HIP test program fits the bare-metal board's C++ (docs/
# baremetal.md, "C++ on the board"): every header it includes is one the
# board has -- the C library's, the header-only part of libstdc++, HIP's
# -- and it asks for no operating system (processes, files, threads,
# signals).  Prints the files that fit; with -v, each one that does not
# and why.
# Usage: tests/baremetal/fits.sh [-v] FILE...
verbose=0
[ "${1:-}" = -v ] && verbose=1 && shift
# The headers of the subset (C++ names, and the C ones both ways).
ok='hip/.*|cstdio|cstring|cstdlib|cmath|cstdint|cinttypes|climits|cfloat|cassert|cstddef|cstdarg|ctime|vector|string|algorithm|numeric|type_traits|new|limits|array|utility|tuple|initializer_list|iterator|memory|functional|complex|bitset|optional|stdio\.h|string\.h|stdlib\.h|math\.h|stdint\.h|inttypes\.h|limits\.h|float\.h|assert\.h|stddef\.h|stdarg\.h|time\.h'
# Programs that fit by their headers but check what the board cannot
# give, and why.
unfit() {
	case "$(basename "$1" .hip)" in
	error_paths) echo "names kernels demangled in messages: the board has no C++ ABI" \
		"library's __cxa_demangle, so its messages name them mangled" ;;
	esac
}
for f in "$@"; do
	why=$(unfit "$f")
	if [ -n "$why" ]; then
		[ "$verbose" = 1 ] && echo "$f: not on the board: $why" >&2
		continue
	fi
	bad=$(sed -n 's/^[ \t]*#[ \t]*include[ \t]*<\([^>]*\)>.*/\1/p' "$f" | grep -Ev "^($ok)\$" | tr '\n' ' ')
	local_h=$(sed -n 's/^[ \t]*#[ \t]*include[ \t]*"\([^"]*\)".*/\1/p' "$f" | tr '\n' ' ')
	if [ -z "$bad" ] && [ -z "$local_h" ]; then
		echo "$f"
	elif [ "$verbose" = 1 ]; then
		echo "$f: not on the board: <${bad% }>${local_h:+ \"${local_h% }\"}" >&2
	fi
done
