#!/bin/sh
# Fail on any global symbol an archive defines outside its public names.
# Usage: check-symbols.sh NM SYMS[,SYMS...] ARCHIVE...
#   SYMS: the allowed names, one glob a line, '#' comments (linker/public-*.syms)
set -eu
nm=$1
syms=$2
shift 2
# shellcheck disable=SC2046
globs=$(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' $(echo "$syms" | tr ',' ' '))
status=0
for a in "$@"; do
	[ -f "$a" ] || { echo "check-symbols: $a: no such archive" >&2; exit 2; }
	# Every defined global (weak included), without nm's member lines.
	names=$("$nm" --defined-only --extern-only --format=just-symbols "$a" |
		grep -v -e '^$' -e ':$' | sort -u)
	bad=$(echo "$names" |
		while read -r s; do
			ok=0
			for g in $globs; do
				# shellcheck disable=SC2254
				case "$s" in $g) ok=1; break ;; esac
			done
			[ $ok = 1 ] || echo "$s"
		done)
	total=$(echo "$names" | grep -c .)
	if [ -n "$bad" ]; then
		n=$(echo "$bad" | wc -l)
		echo "check-symbols: $a defines $n global(s) outside $syms:"
		echo "$bad" | head -40 | sed 's/^/    /'
		status=1
	else
		echo "check-symbols: $a: $total public globals, none outside $syms"
	fi
done
exit $status
