#!/bin/bash
# Run the unit-test binary, then every device test program, and print
# one closing line "N passed, N failed" (unit cases + device programs).
# Usage: run-tests.sh BUILD UNIT_BIN -- DEVICE_TEST...
set -u
build=$1
unit=$2
shift 3
log_dir="$build/test-logs"
mkdir -p "$log_dir"

passed=0
failed=0
failures=()

echo "== unit tests ($unit)"
"$unit" > "$log_dir/unit.log" 2>&1
status=$?
cat "$log_dir/unit.log"
line=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$log_dir/unit.log" | tail -1)
if [ -n "$line" ]; then
	passed=$((passed + $(echo "$line" | cut -d' ' -f1)))
	failed=$((failed + $(echo "$line" | cut -d' ' -f3)))
fi
if [ $status -ne 0 ] && [ -z "$line" ]; then
	failed=$((failed + 1))
	failures+=("unit-tests (exit $status, no summary)")
elif [ $status -ne 0 ]; then
	failures+=("unit-tests")
fi

total=$#
start=$SECONDS
i=0
for t in "$@"; do
	# "prog@gfx942": run prog on the sim board modelling that target;
	# "prog@kfd-gfx942": on the kfd backend, through the fake KFD linked
	# into test builds (barehip-cc --kfdsim) emulating that target;
	# "prog@kfd3-gfx90a": the same with three such GPUs.  A "/tN" tail
	# ("prog@gfx90a/t4") runs the model on N host threads
	# (BAREHIP_SIM_THREADS; else the default, one per core).
	gfx=
	board=
	gpus=1
	threads=
	case "$t" in *@*) gfx=${t##*@}; t=${t%@*} ;; esac
	case "$gfx" in */t*) threads=${gfx##*/t}; gfx=${gfx%/t*} ;; esac
	case "$gfx" in
	kfd-*) board=kfd; gfx=${gfx#kfd-} ;;
	kfd[0-9]-*) board=kfd; gpus=${gfx#kfd}; gpus=${gpus%%-*}; gfx=${gfx#kfd[0-9]-} ;;
	?*) board=sim ;;
	esac
	i=$((i + 1))
	name=$(basename "$t")${gfx:+ on $gfx}${board:+ ($board)}
	[ "$gpus" -gt 1 ] && name="$name x$gpus"
	[ -n "$threads" ] && name="$name, $threads host threads"
	case "$t" in */check/*) ;; *) name="$name (static)" ;; esac
	echo "== device test $i of $total ($((SECONDS - start)) s): $name"
	log="$log_dir/$(echo "$name" | tr -c 'A-Za-z0-9_.\n-' _).log"
	if [ -n "$threads" ]; then
		export BAREHIP_SIM_THREADS=$threads
	else
		unset BAREHIP_SIM_THREADS
	fi
	if [ "$board" = kfd ]; then
		# One GPU unless the name asks for more (a test may pick its own).
		if [ "$gpus" -gt 1 ]; then
			BAREHIP_BOARD=kfd BAREHIP_KFDSIM_GFX=$gfx BAREHIP_KFDSIM_GPUS=$gpus "$t" \
				> "$log" 2>&1
		else
			BAREHIP_BOARD=kfd BAREHIP_KFDSIM_GFX=$gfx "$t" > "$log" 2>&1
		fi
	else
		BAREHIP_SIM_GFX=$gfx "$t" > "$log" 2>&1
	fi
	status=$?
	sed 's/^/   /' "$log"
	if [ $status -eq 0 ] && grep -q 'PASS' "$log"; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		failures+=("$name (exit $status)")
	fi
done

echo
if [ ${#failures[@]} -gt 0 ]; then
	echo "failed: ${failures[*]}"
fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
