#!/bin/bash
# barehip-run against the kernels of tests/tools/run_kernels.hip: scalar
# and buffer arguments of every width, dumps, device printf, buffers
# from files, device constructors and destructors, a code object v4
# (clang-19 -mcode-object-version=4, tests/model/kernels/saxpy.hip), and
# each error a user can make, with its message and exit status.
# Usage: barehip-run-test.sh BAREHIP_RUN CODEOBJ CODEOBJ_V4
set -u
run=$1
co=$2
co4=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fails=0

expect() { # description, then a test command
	local what=$1
	shift
	if ! "$@"; then
		echo "  FAILED: $what"
		fails=$((fails + 1))
	fi
}

out=$("$run" "$co" scale --grid 4 --block 64 --arg buf=1024 --arg f32=2.5 --arg u32=250 \
	--dump 0:f32:6 2>&1)
expect "scale: 250 floats, dumped as f32" grep -q "0 2.5 5 7.5 10 12.5" <<<"$out"
out=$("$run" "$co" scale --grid 4 --block 64 --arg buf=1024 --arg f32=1 --arg u32=250 \
	--dump 0:f32 2>&1)
expect "scale: items past n stay zero" grep -Eq "^ +992: 248 249( 0){6}$" <<<"$out"

out=$("$run" "$co" mix --arg buf=16 --arg i64=-5000000000 --arg i16=-7 --arg u8=200 \
	--arg f64=1.25 --dump 0:i64 2>&1)
expect "mix: i64, i16, u8 and f64 arguments" grep -q " -4999999807 5" <<<"$out"

out=$("$run" "$co" say --grid 3 --block 64 --arg i32=7 2>&1)
expect "say: device printf from every block" \
	test "$(grep -c '^say 7 from block' <<<"$out")" -eq 3

printf '\001\000\000\000\002\000\000\000\003\000\000\000\004\000\000\000' > "$tmp/in.bin"
out=$("$run" "$co" sum --arg "buf=@$tmp/in.bin" --arg buf=4 --arg u32=4 --dump 1:i32 2>&1)
expect "sum: a buffer from a file" grep -q "^ *0: 10$" <<<"$out"
out=$("$run" "$co" sum --arg "buf=@$tmp/in.bin" --arg buf=4 --arg u32=4 --dump 0 2>&1)
expect "sum: hex dump of the input" grep -q "01 00 00 00 02 00 00 00 03" <<<"$out"

out=$("$run" "$co" read_boot --arg buf=4 --dump 0:i32 2>&1)
expect "device constructor ran before the kernel" grep -q "^ *0: 42$" <<<"$out"
expect "device destructor ran before unloading" grep -q "^fini ran: 42$" <<<"$out"

# Code object v4: hidden arguments by their v4 kinds, group sizes from the
# dispatch packet.  y = 3 * x + y with x = 1.0 and y = 2.0 in 4 items.
one='\000\000\200\077'
two='\000\000\000\100'
printf "$one$one$one$one" > "$tmp/x.bin"
printf "$two$two$two$two" > "$tmp/y.bin"
out=$("$run" "$co4" _Z5saxpyfPKfPfj --grid 2 --block 64 --arg f32=3 --arg "buf=@$tmp/x.bin" \
	--arg "buf=@$tmp/y.bin" --arg u32=4 --dump 2:f32 2>&1)
expect "code object v4 runs" grep -q "^ *0: 5 5 5 5$" <<<"$out"

# Errors: a message naming the problem and a failing status.
err() { # expected status, expected text, command...
	local want=$1 text=$2
	shift 2
	local o s
	o=$("$@" 2>&1)
	s=$?
	[ "$s" -eq "$want" ] && grep -q -- "$text" <<<"$o" || { echo "    got ($s): $o"; false; }
}
expect "too few arguments" err 1 "takes 3 arguments, 2 given" "$run" "$co" scale --arg buf=4 --arg f32=1
expect "wrong argument size" err 1 "argument 1 is 4 bytes; --arg f64 is 8" \
	"$run" "$co" scale --arg buf=4 --arg f64=1 --arg u32=1
expect "unknown kernel" err 1 "no kernel 'nope'" "$run" "$co" nope
expect "launch bounds" err 1 "__launch_bounds__" "$run" "$co" bounded --block 128 --arg buf=512
expect "bad --grid" err 2 "bad --grid" "$run" "$co" scale --grid 0
expect "bad --arg type" err 2 "unknown type" "$run" "$co" scale --arg q32=1
expect "bad --arg value" err 2 "bad value" "$run" "$co" scale --arg i32=12x
expect "not a code object" err 1 "" "$run" "$tmp/in.bin" scale
expect "--list" err 0 "bounded" "$run" "$co" --list

if [ $fails -ne 0 ]; then
	echo "barehip-run: FAIL ($fails checks)"
	exit 1
fi
echo "barehip-run: PASS (arguments, dumps, printf, files, init/fini, code object v4 and 9 error cases)"
