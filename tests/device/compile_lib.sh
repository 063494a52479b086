# Sourced by the compile-time test scripts of this directory (cg_refusals,
# stdlib_compile, warp_sync_refusals, half_macros): their common start and
# their summary line.  $1 of the sourcing script is the barehip-cc to test.
set -u
cc=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0
checks=0

# finish NAME WHAT: print NAME's verdict, "PASS (<checks> WHAT)" or the
# failure count, and exit with the matching status.
finish() {
	if [ "$fails" -ne 0 ]; then
		echo "$1: FAIL ($fails of $checks checks)"
		exit 1
	fi
	echo "$1: PASS ($checks $2)"
	exit 0
}
