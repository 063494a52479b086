#!/bin/bash
# The exhaustive f32 sweep of the device math library (tests/sweep/).
#
#  1. Cross-check: xcheck runs every unary f32 function of tests/sweep/
#     fns.h and every amdgcn builtin that firmware/math/host.h stands in
#     for in the gfx90a model on N inputs (specials + pseudo-random over
#     all exponents) and the host build (the same firmware/math C built
#     for x86-64 with -DBH_MATH_HOST) must give identical bits (NaN
#     payloads aside).  A function is swept only if its own record and
#     every builtin record are identical.
#  2. Sweep: every one of the 2^32 inputs (or every S-th with --stride S)
#     on the host build against MPFR (sweep.c), on both cores, niced.
#  3. docs/math-exhaustive.md from the result rows of every function swept
#     so far ($BUILD/sweep/rows/, one file per function; a strided run
#     does not replace a full row of the same firmware).
#
# Usage: scripts/sweep.sh BUILD [--stride S] [--n N] [--doc] [FN...]
#   FN: names of fns.h SWEEP_FNS (sin or sinf); default all of them.
#   --doc: only rewrite docs/math-exhaustive.md from the rows on record.
set -euo pipefail
build=$1
shift
stride=1
n=100000
fns=()
doc_only=0
while [ $# -gt 0 ]; do
	case $1 in
	--stride) stride=$2; shift 2 ;;
	--n) n=$2; shift 2 ;;
	--doc) doc_only=1; shift ;;
	*) fns+=("$1"); shift ;;
	esac
done
dir="$build/sweep"
rows="$dir/rows"
mkdir -p "$rows"
all=$(sed -n '/^#define SWEEP_FNS/,/^$/p' tests/sweep/fns.h | grep -o 'X([a-z0-9_]*' | sed 's/X(//')
if [ ${#fns[@]} -eq 0 ]; then
	read -r -a fns <<< "$(echo $all)"
fi
# sinf -> sin (the HIP name of __ocml_sin_f32).
for i in "${!fns[@]}"; do
	f=${fns[$i]}
	if ! echo "$all" | grep -qx "$f" && echo "$all" | grep -qx "${f%f}"; then
		fns[$i]=${f%f}
	fi
	echo "$all" | grep -qx "${fns[$i]}" || { echo "sweep: $f: not a swept function (tests/sweep/fns.h)"; exit 2; }
done
# The firmware both binaries were built from (the Makefile records it).
# This run uses its own copies: a rebuild meanwhile (others edit
# firmware/math) must not change the code under a long sweep.
run="$dir/run.$$"
mkdir -p "$run"
trap 'rm -rf "$run"' EXIT
cp "$dir/sweep" "$dir/sweep.fw" "$dir/xcheck" "$dir/xcheck.fw" "$run/"
fw=$(cat "$run/sweep.fw")
if [ "$fw" != "$(cat "$run/xcheck.fw")" ]; then
	echo "sweep: $dir/sweep and $dir/xcheck were built from different firmware: run make sweep"
	exit 1
fi
if [ "$fw" != "$(cat firmware/math/*.c firmware/math/*.h | sha256sum | cut -c1-12)" ]; then
	echo "sweep: note: firmware/math changed since $dir/sweep was built; the rows name the built one"
fi

# docs/math-exhaustive.md from the rows on record (rewritten after each
# function, so an interrupted run leaves a current table).
write_doc() {
	{
		echo "# Exhaustive f32 accuracy (host build of the device math library)"
		echo
		echo "Written by \`make sweep\` (\`make sweep FN=sinf\` for one function) and"
		echo "\`make bench\` (scripts/sweep.sh).  The C of firmware/math is built for the"
		echo "x86-64 host, firmware/math/host.h standing in for the amdgcn builtins with"
		echo "the sim model's semantics (the model has no callable function per"
		echo "instruction, so host.h repeats its host-libm expressions)."
		echo
		echo "- Cross-check: before a sweep, tests/sweep/xcheck.hip runs every function"
		echo "  below, the other unary f32 functions of tests/sweep/fns.h and every builtin"
		echo "  host.h replaces in the gfx90a model; the host build must give the same"
		echo "  bits on the same inputs (special values and 100,000 pseudo-random inputs"
		echo "  over all exponents per function; NaN payloads included, none differed)."
		echo "  Only a function whose record is identical is swept."
		echo "- Sweep: every one of the 2^32 inputs (inputs 4294967296) through the host"
		echo "  build, compared with MPFR's correctly rounded f32 result.  A glibc"
		echo "  double value decides first where it is at least 2^-40 (relative) away"
		echo "  from an f32 rounding boundary (glibc's test suite fails any double result"
		echo "  over 9 ulps, under 2^-48 relative; its table of known errors, and"
		echo "  Zimmermann et al.'s measurements, give a few ulps for these functions,"
		echo "  so this is an empirical bound with a margin of 2^8); one input in 4096 is"
		echo "  recomputed with MPFR and any disagreement stops the sweep"
		echo "  (tests/sweep/sweep.c)."
		echo "- Max ulp is the distance in f32 values from the correctly rounded result"
		echo "  (tests/math/mtest.h's rule; NaN, infinities and signed zeros must match);"
		echo "  the bound is CUDA's (docs/facts/devlib.md §4).  Seconds are wall time on two"
		echo "  shared cores at nice 10."
		echo "- \`make bench\` sweeps every 257th input only (16.7 million per function,"
		echo "  about a minute for all); a full sweep takes 5-8 minutes per function"
		echo "  on two busy cores, hours for all of them."
		echo "- Firmware is a hash of firmware/math/*.c and *.h the binaries were built"
		echo "  from; a row of an older firmware is history, not a measurement of the"
		echo "  current code."
		echo
		echo "| function | inputs | max ulp | worst input | got | want | bound | over bound | pass | seconds | cross-check inputs | firmware | date |"
		echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|"
		for f in $all; do
			[ -f "$rows/$f.row" ] || continue
			awk -F'|' '{ printf "| %sf | %s%s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
				$2, $3, ($4 == 1 ? "" : " (every " $4 "th)"), $5, $6, $7, $8, $9, $10, $11,
				$12, $14, substr($17, 4), $15 }' "$rows/$f.row"
		done
		echo
		full=$(cat "$rows"/*.row 2>/dev/null | awk -F'|' '$4 == 1' | wc -l)
		passn=$(cat "$rows"/*.row 2>/dev/null | awk -F'|' '$4 == 1 && $11 == "pass"' | wc -l)
		echo "$full functions swept over all 2^32 inputs, $passn of them within bound."
	} > docs/math-exhaustive.md
}

if [ "$doc_only" = 1 ]; then
	write_doc
	tail -1 docs/math-exhaustive.md
	exit 0
fi

echo "== cross-check: host build against the gfx90a model ($n random inputs per function)"
BAREHIP_SIM_GFX=gfx90a "$run/xcheck" --n "$n" "$dir/xcheck.bin"
"$run/sweep" --xcheck "$dir/xcheck.bin" > "$dir/xcheck.txt" || true
grep -v '|identical|' "$dir/xcheck.txt" || true
if grep -q '^XCHECK|__builtin_amdgcn_[a-z0-9_]*|[0-9]*|DIFFER' "$dir/xcheck.txt"; then
	echo "sweep: a builtin of host.h differs from the model: no function is swept"
	exit 1
fi

echo "== sweep (stride $stride; firmware $fw)"
rc=0
for f in "${fns[@]}"; do
	line=$(grep "^XCHECK|$f|" "$dir/xcheck.txt" || true)
	if ! echo "$line" | grep -q '|identical|'; then
		echo "  $f: not swept: the cross-check does not show the host build identical ($line)"
		rc=1
		continue
	fi
	xn=$(echo "$line" | cut -d'|' -f3)
	old="$rows/$f.row"
	if [ "$stride" != 1 ] && [ -f "$old" ] && grep -q "|1|fw=$fw|" "$old"; then
		echo "  $f: a full sweep of this firmware is on record; strided run skipped"
		continue
	fi
	out=$(nice -n 10 "$run/sweep" --rows --stride "$stride" "$f") || rc=1
	echo "$out"
	# SWEEP|fn|inputs|stride|maxulp|worst|got|want|bound|over|pass|secs|faults
	echo "$out" | awk -F'|' -v fw="$fw" -v xn="$xn" -v date="$(date -u +%Y-%m-%d)" \
		'$1 == "SWEEP" { print $0 "|" xn "|" date "|" $4 "|fw=" fw "|" }' > "$old"
	write_doc
done

write_doc
tail -1 docs/math-exhaustive.md
exit $rc
