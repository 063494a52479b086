#!/bin/bash
# The figures barehip tracks (docs/benchmarks.md).  Deterministic counts
# only: byte sizes and callgrind instruction counts.
# Usage: scripts/bench.sh BUILD [core | kfd | math-accuracy | math-ocml]
#   core: sizes, host instructions per launch and model throughput alone
set -euo pipefail
build=$1
cc="$build/bin/barehip-cc"
out="$build/bench"
mkdir -p "$out"

scripts/deps.sh bench

# Device math accuracy (tests/math, built by make bench): every function
# against MPFR on the gfx90a model over its specials, hard cases and
# 100000 random inputs; docs/math-accuracy.md is rewritten from the rows.
# "scripts/bench.sh BUILD math-accuracy" runs this section alone.
math_accuracy() {
	echo "== device math accuracy (tests/math, 100000 random inputs per function plus specials)"
	local acc="$out/math-accuracy.rows" t
	: > "$acc"
	# Each row as test, function, max ulp, inputs, bound, pass, split by
	# tabs: a name may hold a '|' ("abs + |x| 2^-23.2"), the last four
	# fields never do.
	for t in "$build"/tests/math/*; do
		[ -x "$t" ] || continue
		BAREHIP_SIM_GFX=gfx90a "$t" --n 100000 --rows | grep '^ROW|' |
			awk -F'|' -v test="$(basename "$t")" '{
				name = $2
				for (i = 3; i <= NF - 4; i++)
					name = name "|" $i
				printf "%s\t%s\t%s\t%s\t%s\t%s\n", test, name, $(NF-3), $(NF-2), $(NF-1), $NF
			}' >> "$acc" || true
	done
	math_accuracy_doc "$acc" > docs/math-accuracy.md
	tail -1 docs/math-accuracy.md
}
math_accuracy_doc() { # rows file
	local rows pass
	rows=$(wc -l < "$1")
	pass=$(awk -F'\t' '$6 == "pass"' "$1" | wc -l)
	echo "# Device math accuracy"
	echo
	echo "Written by \`make bench\` (scripts/bench.sh): each function of the"
	echo "device math library run on the gfx90a model over its special values,"
	echo "its hard cases and 100,000 pseudo-random inputs (tests/math/mtest.h),"
	echo "compared with MPFR's correctly rounded result.  Max ulp is the largest"
	echo "distance in representable numbers from that result (inf: a wrong NaN,"
	echo "infinity or sign of zero); the bound is CUDA's documented maximum"
	echo "(docs/facts/devlib.md §4), 0 for exact functions.  Rows whose name says"
	echo "\"abs\" give an absolute error where CUDA documents one (the Bessel"
	echo "functions for large x, the fast sine and cosine); integer results"
	echo "(lrint, ilogb, the classification functions) count the distance"
	echo "between the integers; the rows of the modes test are measured under"
	echo "its fast-math flags, those of the unsafe test under"
	echo "-funsafe-math-optimizations, and its \"/bound\" rows give the share"
	echo "of the input-dependent fast bound used (1 = at the bound).  The half"
	echo "and bfloat16 rows (tests half and bf16) bound the transcendental"
	echo "functions at 1 ulp, where neither CUDA nor HIP documents a bound (each"
	echo "is the float function rounded once), and every conversion and"
	echo "arithmetic operation at 0; their unary functions run on all 2^16 inputs."
	echo
	# The summary: how many rows are within bound, and the ulp rows
	# (a bound of a whole number of ulps above 0) nearest their bound.
	awk -F'\t' -v rows="$rows" -v pass="$pass" '
		$5 ~ /^[0-9]+$/ && $5 > 0 && $2 !~ /abs|bound/ {
			r = ($3 == "inf") ? 1e300 : $3 / $5
			n++; name[n] = $2; ratio[n] = r; m[n] = $3; b[n] = $5
		}
		END {
			for (i = 1; i <= n; i++)
				for (j = i + 1; j <= n; j++)
					if (ratio[j] > ratio[i]) {
						t = ratio[i]; ratio[i] = ratio[j]; ratio[j] = t
						t = name[i]; name[i] = name[j]; name[j] = t
						t = m[i]; m[i] = m[j]; m[j] = t
						t = b[i]; b[i] = b[j]; b[j] = t
					}
			z = 0
			for (i = 1; i <= n; i++)
				if (m[i] == 0)
					z++
			printf "**%d of %d rows within bound.**  Rows with a bound of one ulp or", pass, rows
			printf " more: %d, of which %d without any error on the inputs tried.", n, z
			k = 0
			for (i = 1; i <= n; i++)
				if (ratio[i] >= 1)
					k++
			printf "  At their bound (%d):", k
			for (i = 1; i <= k; i++)
				printf "%s %s (%s ulp)", (i > 1 ? "," : ""), name[i], m[i]
			printf ".  Nearest below it:"
			for (i = k + 1; i <= k + 6 && i <= n; i++)
				printf "%s %s (%s of %s ulp)", (i > k + 1 ? "," : ""), name[i], m[i], b[i]
			printf ".\n"
		}' "$1"
	echo
	echo "| function | test | max ulp | inputs | bound | pass |"
	echo "|---|---|---|---|---|---|"
	awk -F'\t' '{ gsub(/\|/, "\\|", $2)
		printf "| %s | %s | %s | %s | %s | %s |\n", $2, $1, $3, $4, $5, $6 }' "$1"
	echo
	echo "$pass of $rows within bound."
}
if [ "${2:-}" = math-accuracy ]; then
	math_accuracy
	exit 0
fi

# Device math side by side with ROCm's ocml: every tests/math family built
# twice and run on the same inputs; "scripts/bench.sh BUILD math-ocml"
# runs this section alone.  Debian's rocm-device-libs (5.2.3) is installed
# for this comparison only; barehip never builds or runs against it.  The
# second build links ocml and its oclc controls into the device code as
# ROCm links them (-mlink-builtin-bitcode), which defines the __ocml_*
# names before barehip's firmware is searched.  Families built with their
# own mode flags (barehip-cc-flags: modes, unsafe) are left out: ocml is
# linked here in its default modes only.
math_ocml() {
	echo "== device math vs ROCm's ocml (gfx90a; wave instructions per call, median over batches of 64)"
	local bc=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode ocml_flags="" f src name
	for f in ocml oclc_isa_version_90a oclc_abi_version_500 oclc_daz_opt_off \
		oclc_unsafe_math_off oclc_finite_only_off oclc_correctly_rounded_sqrt_on \
		oclc_wavefrontsize64_on; do
		ocml_flags="$ocml_flags -Xarch_device -Xclang -Xarch_device -mlink-builtin-bitcode"
		ocml_flags="$ocml_flags -Xarch_device -Xclang -Xarch_device $bc/$f.bc"
	done
	local cmp_rows="$out/math-vs-ocml.rows"
	: > "$cmp_rows"
	for src in tests/math/*.hip; do
		name=$(basename "$src" .hip)
		if grep -q '^// barehip-cc-flags:' "$src"; then
			echo "  $name: built with its own mode flags, left out"
			continue
		fi
		"$cc" --offload-arch=gfx90a -o "$out/math-$name-bh" "$src" -lmpfr -lgmp
		# shellcheck disable=SC2086
		if ! "$cc" --offload-arch=gfx90a $ocml_flags -o "$out/math-$name-ocml" "$src" \
			-lmpfr -lgmp > "$out/math-$name-ocml.log" 2>&1; then
			echo "  $name: does not build against ocml 5.2.3 (see $out/math-$name-ocml.log)"
			continue
		fi
		BAREHIP_SIM_GFX=gfx90a "$out/math-$name-bh" --n 20000 --rows --cost \
			> "$out/math-$name-bh.txt" || true
		BAREHIP_SIM_GFX=gfx90a "$out/math-$name-ocml" --n 20000 --rows --cost \
			> "$out/math-$name-ocml.txt" || true
		# name<TAB>bh ulp<TAB>ocml ulp<TAB>bh cost<TAB>ocml cost.  A name
		# may hold '|' ("abs + |x|"): ROW's last four fields and COST's
		# last one never do.
		awk -F'|' '
			function key(last,   k, i) { k = $2; for (i = 3; i <= NF - last; i++) k = k "|" $i; return k }
			FNR == NR && $1 == "ROW" { bu[key(4)] = $(NF - 3); next }
			FNR == NR && $1 == "COST" { bc[key(1)] = $NF; next }
			$1 == "ROW" { k = key(4); ou[k] = $(NF - 3); order[++n] = k; next }
			$1 == "COST" { oc[key(1)] = $NF }
			END { for (i = 1; i <= n; i++) { f = order[i]
				if (f in bc && f in oc) printf "%s\t%s\t%s\t%s\t%s\n", f, bu[f], ou[f], bc[f], oc[f] } }
		' "$out/math-$name-bh.txt" "$out/math-$name-ocml.txt" >> "$cmp_rows"
	done
	{
		echo "| function | barehip max ulp | ocml max ulp | barehip insns/call | ocml insns/call | ratio |"
		echo "|---|---|---|---|---|---|"
		awk -F'\t' '{ r = ($5 > 0) ? $4 / $5 : 0; f = $1; gsub(/\|/, "\\|", f)
			printf "| %s | %s | %s | %s | %s | %.2f |\n", f, $2, $3, $4, $5, r }' "$cmp_rows"
		# "inf" (a wrong special value) is worse than any number.
		awk -F'\t' 'function u(x) { return x == "inf" ? 1e300 : x + 0 }
			$5 > 0 { n++; if ($4 <= $5 && u($2) <= u($3)) w++ }
			END { printf "\n%d of %d functions at ratio <= 1.0 with equal or better max ulp.\n", w, n }' \
			"$cmp_rows"
	} | tee "$out/math-vs-ocml.md"
}
if [ "${2:-}" = math-ocml ]; then
	math_ocml
	exit 0
fi

# The kfd backend: the launch path to the doorbell store, on the fake KFD
# (barehip-cc --kfdsim; the GPU model runs on the fake's board thread,
# outside what bh_queue_launch counts), beside the sim backend's figures
# above; and the binary a user ships for it (the amdgpu-kfd board, no
# model inside) beside ROCm's user space.  "scripts/bench.sh BUILD kfd"
# runs this section alone.
kfd_bench() {
	echo "== the kfd backend (through the fake KFD; callgrind)"
	"$cc" --kfdsim -O2 -o "$out/launch-kfd" tests/bench/launch.hip
	strip --strip-debug "$out/launch-kfd"
	local n a
	for a in 2 8 32; do
		for n in 100 1000; do
			BAREHIP_BOARD=kfd valgrind --tool=callgrind \
				--callgrind-out-file="$out/kfd.$n.$a.cg" "$out/launch-kfd" "$n" "$a" \
				> "$out/kfd.$n.$a.log" 2>&1
			grep -q PASS "$out/kfd.$n.$a.log" || { cat "$out/kfd.$n.$a.log"; exit 1; }
			callgrind_annotate --inclusive=yes "$out/kfd.$n.$a.cg" > "$out/kfd.$n.$a.txt"
		done
		local l1 l2 a1 a2
		l1=$(incl "$out/kfd.100.$a.txt" bh_queue_launch); l2=$(incl "$out/kfd.1000.$a.txt" bh_queue_launch)
		a1=$(incl "$out/kfd.100.$a.txt" hipLaunchKernel); a2=$(incl "$out/kfd.1000.$a.txt" hipLaunchKernel)
		printf "%-44s %10s\n" "kfd loader, $a args: steady per launch" "$(( (l2 - l1) / 900 ))"
		printf "%-44s %10s\n" "kfd API (hipLaunchKernel), $a args: steady" "$(( (a2 - a1) / 900 ))"
	done
	local stats
	stats=$(BAREHIP_BOARD=kfd BAREHIP_LOADER_STATS=1 "$out/launch-kfd" 1000 2 2>&1 >/dev/null |
		grep '^loader stats:')
	printf "%-44s %10s\n" "kfd PM4 dwords: first launch" \
		"$(echo "$stats" | sed 's/.*first_launch_dwords \([0-9]*\).*/\1/')"
	printf "%-44s %10s\n" "kfd PM4 dwords: steady state" \
		"$(echo "$stats" | sed 's/.*last_launch_dwords \([0-9]*\).*/\1/')"

	echo "== sizes: the amdgpu-kfd board (no GPU model) beside ROCm 5.2.3's user space (bytes)"
	# The board is another configuration: build it in a copy of this tree.
	local tree="$out/kfd-board"
	rm -rf "$tree" && mkdir -p "$tree"
	git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$tree"
	(cd "$tree" && make -s amdgpu-kfd_defconfig >/dev/null && make -s -j2 all >/dev/null) ||
		{ echo "the amdgpu-kfd board did not build"; exit 1; }
	strip -o "$out/saxpy-kfd.stripped" "$tree/build/examples/saxpy"
	printf "%-44s %10s\n" "static saxpy, amdgpu-kfd board, stripped" "$(size_of "$out/saxpy-kfd.stripped")"
	printf "%-44s %10s\n" "static saxpy, sim board, stripped" "$(size_of "$out/saxpy.stripped")"
	# saxpy's <iostream> brings libstdc++'s locales; a program that prints
	# with printf (tests/bench/launch.hip) shows what barehip itself costs,
	# and the link map says whose bytes they are.
	"$tree/build/bin/barehip-cc" -O2 -o "$out/launch-kfdboard" tests/bench/launch.hip \
		-Wl,-Map="$out/launch-kfdboard.map"
	strip -o "$out/launch-kfdboard.stripped" "$out/launch-kfdboard"
	printf "%-44s %10s\n" "printf-only program (launch.hip), stripped" \
		"$(size_of "$out/launch-kfdboard.stripped")"
	python3 - "$out/launch-kfdboard.map" <<'PY'
# A GNU ld map: " .section addr size file", the section name alone on
# its own line when it is long.
import re, sys, collections
size = collections.Counter()
pending = None
for line in open(sys.argv[1]):
    m = re.match(r"^ (\.\S+)\s*$", line)
    if m:
        pending = m.group(1)
        continue
    m = re.match(r"^ (\.\S+)?\s+0x([0-9a-f]+)\s+0x([0-9a-f]+)\s+(\S+)", line)
    name = (m.group(1) if m and m.group(1) else pending) if m else None
    pending = None
    if not m or not name or not re.match(r"\.(text|rodata|data|eh_frame|gcc_except|hip_fatbin)", name):
        continue
    if int(m.group(2), 16) == 0:
        continue    # discarded
    f = m.group(4)
    key = "code objects (.hip_fatbin)" if name.startswith(".hip_fatbin") else \
        re.sub(r"\(.*", "", f).split("/")[-1]
    size[key] += int(m.group(3), 16)
for key in ("libbarehip.a", "code objects (.hip_fatbin)", "libc.a"):
    print("%-44s %10d" % ("  of which " + key, size[key]))
PY
	# What the same program needs of ROCm (Debian's packages, their
	# Installed-Size in KiB); libc, libstdc++ and the like not counted.
	local total=0 p kib
	for p in libamdhip64-5 libhsa-runtime64-1 libhsakmt1 libamd-comgr2 libllvm15; do
		kib=$(apt-cache show "$p" 2>/dev/null | sed -n 's/^Installed-Size: //p' | head -1)
		printf "%-44s %10s\n" "ROCm 5.2.3: $p (installed)" "$(( ${kib:-0} * 1024 ))"
		total=$(( total + ${kib:-0} * 1024 ))
	done
	printf "%-44s %10s\n" "ROCm 5.2.3 user space, total" "$total"
	printf "%-44s %10s\n" "  ratio to the amdgpu-kfd saxpy (x)" \
		"$(( total / $(size_of "$out/saxpy-kfd.stripped") ))"
}
if [ "${2:-}" = kfd ]; then
	incl() { # inclusive Ir of a function in an annotate report
		local v
		v=$(grep -E "[ :*]$2( |$)" "$1" | head -1 | awk '{gsub(",","",$1); print $1}')
		echo "${v:-0}"
	}
	size_of() { stat -c %s "$1"; }
	strip -o "$out/saxpy.stripped" "$build/examples/saxpy"
	kfd_bench
	exit 0
fi
echo "== sizes (bytes)"
size_of() { stat -c %s "$1"; }
printf "%-44s %10s\n" "static saxpy executable" "$(size_of "$build/examples/saxpy")"
strip -o "$out/saxpy.stripped" "$build/examples/saxpy"
printf "%-44s %10s\n" "  stripped" "$(size_of "$out/saxpy.stripped")"
printf "%-44s %10s\n" "libbarehip.a" "$(size_of "$build/lib/libbarehip.a")"
for fw in "$build"/lib/barehip/*/libbhfw.a; do
	t=$(basename "$(dirname "$fw")")
	printf "%-44s %10s\n" "firmware $t (bitcode archive)" "$(size_of "$fw")"
	"$cc" --device-only --offload-arch="$t" -o "$out/saxpy.$t.co" examples/saxpy.hip
	printf "%-44s %10s\n" "saxpy code object $t" "$(size_of "$out/saxpy.$t.co")"
	llvm-objcopy-19 -O binary --only-section=.text "$out/saxpy.$t.co" "$out/saxpy.$t.text"
	printf "%-44s %10s\n" "  .text" "$(size_of "$out/saxpy.$t.text")"
done

echo
echo "== host instructions per launch (callgrind; the GPU model excluded)"
"$cc" -O2 -o "$out/launch" tests/bench/launch.hip
# valgrind 3.19 cannot read clang-19's DWARF 5; the symbol table is enough.
strip --strip-debug "$out/launch"
incl() { # inclusive Ir of a function in an annotate report
	local v
	v=$(grep -E "[ :*]$2( |$)" "$1" | head -1 | awk '{gsub(",","",$1); print $1}')
	echo "${v:-0}"
}
# The synchronous board (BAREHIP_SIM_SYNC=1): it runs the dispatch inside
# the doorbell, which is subtracted, so the figure is the host's own work
# (on the asynchronous board the CP thread's work and the wait would mix in).
run_cg() { # launches args [gfx] -> annotate report
	local g=${3:-} tag=$1.$2${3:+.$3}
	BAREHIP_SIM_SYNC=1 BAREHIP_SIM_GFX=$g valgrind --tool=callgrind --callgrind-out-file="$out/launch.$tag.cg" \
		"$out/launch" "$1" "$2" > "$out/launch.$tag.log" 2>&1
	grep -q PASS "$out/launch.$tag.log" || { cat "$out/launch.$tag.log"; exit 1; }
	callgrind_annotate --inclusive=yes "$out/launch.$tag.cg" > "$out/launch.$tag.txt"
}
# Loader: bh_queue_launch; API: hipLaunchKernel (the <<<>>> stub's call),
# each minus the doorbell (where the in-process model runs the dispatch).
for a in 2 8 32; do
	for n in 1 100 1000; do run_cg $n $a; done
	f=$(incl "$out/launch.1.$a.txt" bh_queue_launch); fd=$(incl "$out/launch.1.$a.txt" bh_sim_doorbell)
	fa=$(incl "$out/launch.1.$a.txt" hipLaunchKernel)
	l1=$(incl "$out/launch.100.$a.txt" bh_queue_launch); d1=$(incl "$out/launch.100.$a.txt" bh_sim_doorbell)
	l2=$(incl "$out/launch.1000.$a.txt" bh_queue_launch); d2=$(incl "$out/launch.1000.$a.txt" bh_sim_doorbell)
	a1=$(incl "$out/launch.100.$a.txt" hipLaunchKernel); a2=$(incl "$out/launch.1000.$a.txt" hipLaunchKernel)
	printf "%-44s %10s\n" "loader, $a args: first launch" "$(( f - fd ))"
	printf "%-44s %10s\n" "loader, $a args: steady state per launch" "$(( ((l2 - d2) - (l1 - d1)) / 900 ))"
	printf "%-44s %10s\n" "API (hipLaunchKernel), $a args: first" "$(( fa - fd ))"
	printf "%-44s %10s\n" "API (hipLaunchKernel), $a args: steady" "$(( ((a2 - d2) - (a1 - d1)) / 900 ))"
	if [ "$a" = 2 ]; then
		model=$(( (d2 - d1) / 900 ))
		t1=$(grep -E "PROGRAM TOTALS" "$out/launch.1000.2.txt" | awk '{gsub(",","",$1); print $1}')
	fi
done
printf "%-44s %10s\n" "model: host instructions per tick dispatch" "$model"
printf "%-44s %10s\n" "whole program, 1000 launches (2 args)" "$t1"
stats=$(BAREHIP_LOADER_STATS=1 "$out/launch" 1000 2 2>&1 >/dev/null | grep '^loader stats:')
printf "%-44s %10s\n" "PM4 dwords: first launch" "$(echo "$stats" | sed 's/.*first_launch_dwords \([0-9]*\).*/\1/')"
printf "%-44s %10s\n" "PM4 dwords: steady state" "$(echo "$stats" | sed 's/.*last_launch_dwords \([0-9]*\).*/\1/')"
# The same launches on the gfx1100 model (wave32; the gfx11 loader row:
# its ACQUIRE_MEM, RSRC3 and scratch registers), beside gfx90a's above.
for n in 1 100 1000; do run_cg $n 2 gfx1100; done
f=$(incl "$out/launch.1.2.gfx1100.txt" bh_queue_launch); fd=$(incl "$out/launch.1.2.gfx1100.txt" bh_sim_doorbell)
l1=$(incl "$out/launch.100.2.gfx1100.txt" bh_queue_launch); d1=$(incl "$out/launch.100.2.gfx1100.txt" bh_sim_doorbell)
l2=$(incl "$out/launch.1000.2.gfx1100.txt" bh_queue_launch); d2=$(incl "$out/launch.1000.2.gfx1100.txt" bh_sim_doorbell)
printf "%-44s %10s\n" "gfx1100 loader, 2 args: first launch" "$(( f - fd ))"
printf "%-44s %10s\n" "gfx1100 loader, 2 args: steady per launch" "$(( ((l2 - d2) - (l1 - d1)) / 900 ))"
stats=$(BAREHIP_SIM_GFX=gfx1100 BAREHIP_LOADER_STATS=1 "$out/launch" 1000 2 2>&1 >/dev/null |
	grep '^loader stats:')
printf "%-44s %10s\n" "gfx1100 PM4 dwords: first launch" "$(echo "$stats" | sed 's/.*first_launch_dwords \([0-9]*\).*/\1/')"
printf "%-44s %10s\n" "gfx1100 PM4 dwords: steady state" "$(echo "$stats" | sed 's/.*last_launch_dwords \([0-9]*\).*/\1/')"

kfd_bench

echo "== code sizes (size -t of the objects in libbarehip.a: text / data / bss)"
part() { # name objects...
	local n=$1
	shift
	size -t "$@" | tail -1 | awk -v n="$n" '{printf "%-44s %10s %8s %8s\n", n, $1, $2, $3}'
}
part "loader core (loader/core, loader/gfx)" "$build"/obj/loader/core/*.o "$build"/obj/loader/gfx/*.o
part "HIP runtime (kit/runtime)" "$build"/obj/kit/runtime/*.o
part "loader core + runtime" "$build"/obj/loader/core/*.o "$build"/obj/loader/gfx/*.o \
	"$build"/obj/kit/runtime/*.o
part "sim backend + GPU model" "$build"/obj/loader/platform/*.o "$build"/obj/boards/sim/model/*.o

echo
echo "== sim model throughput (BAREHIP_SIM_THREADS 1, 2 and one per core; counts from BAREHIP_SIM_STATS, wall time from the host)"
# Lane-ops are counted by the model (VALU instructions x active lanes);
# only the divisor, wall-clock seconds, is a timing.  Each kernel runs at
# 1 host thread, 2 and $(nproc) (if more), with the ratio to 1 thread.
model_rate() { # name gfx threads binary args... -> sets rate (G lane-ops/s), gbps
	local kname=$1 name="$1 on $2, $3 thr" gfx=$2 thr=$3 bin=$4
	shift 4
	local t0 t1 stats
	t0=$(date +%s%N)
	stats=$(BAREHIP_SIM_GFX=$gfx BAREHIP_SIM_THREADS=$thr BAREHIP_SIM_STATS=1 "$bin" "$@" \
		2>&1 >/dev/null | grep '^sim stats:')
	t1=$(date +%s%N)
	local ns=$(( t1 - t0 ))
	local lops gbytes insns
	lops=$(echo "$stats" | sed 's/.*valu_lane_ops \([0-9]*\).*/\1/')
	gbytes=$(echo "$stats" | sed 's/.*global_bytes \([0-9]*\).*/\1/')
	insns=$(echo "$stats" | sed 's/.* instructions \([0-9]*\) .*/\1/')
	rate=$(awk -v l="$lops" -v n="$ns" 'BEGIN { printf "%.2f", l / n }')
	gbps=$(awk -v b="$gbytes" -v n="$ns" 'BEGIN { printf "%.2f", b / n }')
	if [ "$thr" = 1 ]; then
		printf "%-44s %10s\n" "$kname on $gfx: wave instructions" "$insns"
		printf "%-44s %10s\n" "$kname on $gfx: VALU lane-ops" "$lops"
		printf "%-44s %10s\n" "$kname on $gfx: global bytes" "$gbytes"
	fi
	printf "%-44s %10s\n" "$name: seconds" "$(awk -v n="$ns" 'BEGIN { printf "%.2f", n / 1e9 }')"
	printf "%-44s %10s\n" "$name: G lane-ops / s" "$rate"
	printf "%-44s %10s\n" "$name: GB/s (global)" "$gbps"
}
"$cc" -O2 -o "$out/alu" tests/bench/alu.hip
"$cc" -O2 -o "$out/stream" tests/bench/stream.hip
ncores=$(nproc)
bench_threads="1 2"
[ "$ncores" -gt 2 ] && bench_threads="$bench_threads $ncores"
# gfx90a runs wave64, gfx1100 wave32: the same kernels, side by side.
for g in gfx90a gfx1100; do
	for k in "ALU-bound (tests/bench/alu.hip)|alu|5000" "memory-bound (tests/bench/stream.hip)|stream|16"; do
		name=${k%%|*}; rest=${k#*|}; bin=${rest%%|*}; arg=${rest#*|}
		one=
		for thr in $bench_threads; do
			model_rate "$name" $g "$thr" "$out/$bin" "$arg"
			[ "$thr" = 1 ] && one=$rate
			[ "$thr" != 1 ] && printf "%-44s %10s\n" "$name on $g: scaling $thr thr / 1" \
				"$(awk -v a="$rate" -v b="$one" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')"
		done
	done
done

echo
echo "== the public samples' slowest cases: wall time at 1 and N model threads (gfx90a)"
# A 3x3 convolution over 4096x4096, 10 launches, and a 1024x1024 tiled
# matrix multiply; each checks its result.  Seconds are host wall time.
"$cc" -O2 -o "$out/conv3x3" tests/bench/conv3x3.hip
"$cc" -O2 -o "$out/matmul" tests/bench/matmul.hip
for k in "conv3x3 4096x4096, 10 launches|conv3x3" "matmul 1024x1024|matmul"; do
	name=${k%%|*}; bin=${k#*|}
	one=
	for thr in $bench_threads; do
		t0=$(date +%s%N)
		BAREHIP_SIM_GFX=gfx90a BAREHIP_SIM_THREADS=$thr "$out/$bin" > "$out/$bin.$thr.log" 2>&1 ||
			{ cat "$out/$bin.$thr.log"; exit 1; }
		t1=$(date +%s%N)
		sec=$(awk -v n="$(( t1 - t0 ))" 'BEGIN { printf "%.2f", n / 1e9 }')
		printf "%-44s %10s\n" "$name, $thr thr: seconds" "$sec"
		[ "$thr" = 1 ] && one=$sec
		[ "$thr" != 1 ] && printf "%-44s %10s\n" "$name: speed-up $thr thr / 1" \
			"$(awk -v a="$sec" -v b="$one" 'BEGIN { printf "%.2fx", (a > 0 ? b / a : 0) }')"
	done
done

echo
echo "== grid sync cost on gfx90a: GWS barrier vs memory barrier (model instruction counts)"
# 64 one-wave blocks; (instructions at 101 syncs - at 1) / 100 per sync.
"$cc" -O2 -o "$out/gridsync" tests/bench/gridsync.hip
# One model thread: with several, waiting waves spin a varying number of
# times while others run, and the count is no longer deterministic.
sync_insns() { # syncs mode
	BAREHIP_SIM_THREADS=1 BAREHIP_SIM_GFX=gfx90a BAREHIP_SIM_STATS=1 "$out/gridsync" "$1" "$2" 2>&1 >/dev/null |
		sed -n 's/^sim stats:.* instructions \([0-9]*\) .*/\1/p'
}
for m in gws nogws; do
	a=$(sync_insns 1 $m)
	b=$(sync_insns 101 $m)
	printf "%-44s %10s\n" "grid sync ($m): wave instructions per sync" "$(( (b - a) / 100 ))"
done

echo
echo "== textures: a bilinear 2x upscale (512x512 -> 1024x1024), tex2D vs by hand (model counts; a wave is 64 pixels on gfx90a, 32 on gfx1100)"
# tests/bench/texture.hip: the texture unit's filtering (one image_sample
# a pixel) against four global loads and the weights in VALU code; each
# checks its result.  One model thread: deterministic counts.
"$cc" -O2 -o "$out/texture" tests/bench/texture.hip
tex_stat() { # gfx mode -> "instructions-per-wave lane-ops-per-pixel"
	BAREHIP_SIM_THREADS=1 BAREHIP_SIM_GFX=$1 BAREHIP_SIM_STATS=1 "$out/texture" "$2" 2>&1 >/dev/null |
		sed -n 's/^sim stats:.* waves \([0-9]*\) instructions \([0-9]*\) .* valu_lane_ops \([0-9]*\) .*/\1 \2 \3/p' |
		awk '{ printf "%.1f %.1f", $2 / $1, $3 / (1024 * 1024) }'
}
for g in gfx90a gfx1100; do
	read -r ti tl <<< "$(tex_stat $g tex)"
	read -r mi ml <<< "$(tex_stat $g manual)"
	printf "%-44s %10s\n" "tex2D on $g: wave instructions / wave" "$ti"
	printf "%-44s %10s\n" "by hand on $g: wave instructions / wave" "$mi"
	printf "%-44s %10s\n" "tex2D on $g: VALU lane-ops / pixel" "$tl"
	printf "%-44s %10s\n" "by hand on $g: VALU lane-ops / pixel" "$ml"
	printf "%-44s %10s\n" "by hand / tex2D on $g: instructions" \
		"$(awk -v a="$mi" -v b="$ti" 'BEGIN { printf "%.2fx", (b > 0 ? a / b : 0) }')"
done

echo
echo "== bare metal: saxpy as a qemu-virt-aarch64 image (QEMU/TCG, barehip-sim gfx90a; docs/baremetal.md)"
# tests/baremetal/saxpy.hip linked with the board kit; the parts of the
# image from ld.lld's map (tests/baremetal/size.py); boot to the first
# kernel's completion in real time; a launch's host cost in guest
# instructions (QEMU -icount shift=0: the PMU's cycles are instructions).
bm="$out/bm-saxpy"
"$cc" --board qemu-virt-aarch64 --offload-arch=gfx90a -O2 -Wl,-Map="$bm.map" -o "$bm.elf" \
	tests/baremetal/saxpy.hip
llvm-strip-19 -o "$bm.stripped" "$bm.elf"
printf "%-44s %10s\n" "image, stripped ELF (bytes)" "$(size_of "$bm.stripped")"
python3 tests/baremetal/size.py "$bm.map" "$build/baremetal/obj" llvm-nm-19
bm_run() { # extra QEMU options -> the image's output
	BAREHIP_BM_QEMU_ARGS="$1" tests/baremetal/run.sh qemu-system-aarch64 "$bm.elf" 0 PASS \
		"$build/bin/barehip-sim" --gfx gfx90a
}
for i in 1 2 3; do
	bm_run "" | sed -n 's/.*boot to the first kernel.s completion: \([0-9.]*\) ms.*/\1/p'
done | sort -n | awk '{ v[NR] = $1 } END { printf "%-44s %10s\n", "boot to first kernel done, ms (median of 3)", v[2] }'
printf "%-44s %10s\n" "launch, guest instructions (-icount)" \
	"$(bm_run "-icount shift=0" | sed -n 's/.* us and \([0-9]*\) PMU cycles each.*/\1/p')"
[ "${2:-}" = core ] && exit 0

echo
echo "== sim model instruction coverage (make coverage; docs/model-coverage.md)"
make --no-print-directory BUILD="$build" coverage | grep '^isa-coverage'

echo
math_accuracy

echo
math_ocml

echo
echo "== exhaustive f32 sweep, every 257th input (scripts/sweep.sh; make sweep for all 2^32)"
# docs/math-exhaustive.md; a full sweep of a function already on record
# for this firmware is kept, not replaced by the strided one.
scripts/sweep.sh "$build" --stride 257 ||
	echo "sweep: a function is over its bound or not cross-checked (docs/math-exhaustive.md)"
