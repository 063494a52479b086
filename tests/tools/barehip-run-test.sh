#!/bin/bash
# barehip-run against the kernels of tests/tools/run_kernels.hip: scalar
# and buffer arguments of every width, dumps, device printf, buffers
# from files, device constructors and destructors, a code object v4
# (clang-19 -mcode-object-version=4, tests/model/kernels/saxpy.hip), and
# each error a user can make, with its message and exit status; --help;
# kernels named as C++ spells them; buffers filled from an iota, a value
# or a byte pattern; buffers too small for the launch; an offload bundle
# (barehip-cc --genco) as hipModuleLoad takes it.
# Usage: barehip-run-test.sh BAREHIP_RUN CODEOBJ CODEOBJ_V4 GENCO GENCO_TARGET
set -u
run=$1
co=$2
co4=$3
genco=$4
genco_gfx=$5
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

# --help: the usage on stdout, status 0; a bad option: status 2.
out=$("$run" --help 2>/dev/null)
expect "--help: exit 0" test $? -eq 0
expect "--help: usage and the buffer forms on stdout" \
	grep -q "iota:TYPE\[:START\[:STEP\]\]" <<<"$out"
expect "an unknown option" err 2 "unknown or incomplete option '--frob'" "$run" "$co" scale --frob

# Kernels by their C++ names: the full signature (spaces aside), the bare
# name, a template instance; a name with several instances is refused.
saxpy_args=(--grid 1 --block 64 --arg f32=2 --arg buf=8xf32:iota:f32 --arg buf=8xf32:fill:f32:1
	--arg u32=8 --dump 2:f32)
out=$("$run" "$co" 'saxpy(float, float const*, float*, unsigned int)' "${saxpy_args[@]}" 2>&1)
expect "the demangled signature, iota and fill buffers" grep -q "^ *0: 1 3 5 7 9 11 13 15$" <<<"$out"
out=$("$run" "$co" 'saxpy(float,float const*,float*,unsigned int)' "${saxpy_args[@]}" 2>&1)
expect "... spaces aside" grep -q "^ *0: 1 3 5 7 9 11 13 15$" <<<"$out"
out=$("$run" "$co" saxpy "${saxpy_args[@]}" 2>&1)
expect "the bare name" grep -q "^ *0: 1 3 5 7 9 11 13 15$" <<<"$out"
out=$("$run" "$co" _Z5saxpyfPKfPfj "${saxpy_args[@]}" 2>&1)
expect "the symbol" grep -q "^ *0: 1 3 5 7 9 11 13 15$" <<<"$out"
out=$("$run" "$co" saxpy --block 64 --arg f32=1 --arg buf=8xf32:iota:f32:1:0.5 \
	--arg buf=32:hex:0000803f --arg u32=8 --dump 2:f32 2>&1)
expect "iota with a start and step, a hex pattern" grep -q "^ *0: 2 2.5 3 3.5 4 4.5 5 5.5$" <<<"$out"
out=$("$run" "$co" 'ns::fill<int>' --block 64 --arg buf=4xi32 --arg i32=7 --arg u32=4 \
	--dump 0:i32 2>&1)
expect "a template instance: ns::fill<int>" grep -q "^ *0: 7 7 7 7$" <<<"$out"
out=$("$run" "$co" 'ns::fill<double>(double*, double, unsigned int)' --block 64 \
	--arg buf=2xf64:iota:i64:5 --arg f64=2.5 --arg u32=1 --dump 0:i64 2>&1)
expect "a template with its signature; iota of i64" grep -q "^ *0: 4612811918334230528 6$" <<<"$out"
expect "a template name of two instances" err 1 "'ns::fill' names 2 kernels" \
	"$run" "$co" ns::fill --arg buf=4 --arg i32=1 --arg u32=1
expect "--list shows C++ names" err 0 "_Z5saxpyfPKfPfj = saxpy(float, float const\*, float\*, unsigned int)" \
	"$run" "$co" --list

# Buffers too small for the launch: the kernel writes past one; refused,
# naming the argument by its position and C++ type.
expect "a buffer too small for the launch" \
	err 1 "kernel 'void ns::fill<int>(int\*, int, unsigned int)' argument 0 (int\*): the kernel wrote past the end of its 16-byte buffer" \
	"$run" "$co" 'ns::fill<int>' --block 64 --arg buf=4xi32 --arg i32=7 --arg u32=16
expect "a file bigger than its buffer" err 1 "argument 1 (float const\*): buf=4:@$tmp/in.bin: the file's 16 bytes do not fit in 4" \
	"$run" "$co" saxpy --arg f32=1 --arg "buf=4:@$tmp/in.bin" --arg buf=4 --arg u32=1
expect "a wrong size names the argument's type" err 1 "argument 2 (float\*) is 8 bytes; --arg f32 is 4" \
	"$run" "$co" saxpy --arg f32=1 --arg buf=4 --arg f32=1 --arg u32=1
expect "a bad buffer form" err 2 "bad --arg buf=8:iota:q8" "$run" "$co" scale --arg buf=8:iota:q8
expect "a fill of a partial element" err 2 "not a whole number of elements" \
	"$run" "$co" scale --arg buf=6:fill:f32:1
expect "a bad --dump format" err 2 "bad --dump format 'f99'" "$run" "$co" scale --dump 0:f99

# An offload bundle (barehip-cc --genco): the board's entry is loaded;
# a board it has no entry for is refused, naming what it has.
out=$(BAREHIP_SIM_GFX=$genco_gfx "$run" "$genco" saxpy "${saxpy_args[@]}" 2>&1)
expect "a --genco bundle" grep -q "^ *0: 1 3 5 7 9 11 13 15$" <<<"$out"
other=gfx1103
[ "$genco_gfx" = gfx1103 ] && other=gfx90a
expect "a bundle without the board's target" \
	err 1 "the bundle has no code object for $other (it has: $genco_gfx" \
	env BAREHIP_SIM_GFX=$other "$run" "$genco" saxpy

# The sim board's per-kernel line (BAREHIP_SIM_STATS=1, a small rocprof):
# the kernel's C++ name, grid, block, waves, instructions, lane-ops and
# the bytes it read and wrote (saxpy of 100 floats: x and y read, y
# written), the device constructor's and destructor's too, then the
# run's totals as before.
stats() { BAREHIP_BOARD=sim BAREHIP_SIM_GFX=$genco_gfx "$@"; }
out=$(stats env BAREHIP_SIM_STATS=1 "$run" "$co" saxpy --grid 2 --block 64 --arg f32=2 \
	--arg buf=100xf32:iota:f32 --arg buf=100xf32 --arg u32=100 2>&1)
expect "BAREHIP_SIM_STATS: a line per kernel" grep -Eq "^sim kernel: saxpy\(float, float const\*, float\*, unsigned int\) grid \(2,1,1\) block \(64,1,1\): [0-9]+ waves, [0-9]+ wave instructions, [0-9]+ lane-ops, read 800 B, written 400 B, LDS 0 B, [0-9.]+ ms$" <<<"$out"
expect "... for the device constructor and destructor too" \
	test "$(grep -Ec '^sim kernel: amdgcn\.device\.(init|fini) grid \(1,1,1\)' <<<"$out")" -eq 2
expect "... and the run's totals at exit" grep -q "^sim stats: dispatches 3 " <<<"$out"
# BAREHIP_SIM_PROGRESS: a long kernel says how far it is.
out=$(stats env BAREHIP_SIM_PROGRESS=0.05 BAREHIP_SIM_THREADS=1 "$run" "$co" spin --grid 4 \
	--block 64 --arg u32=400000 --arg buf=256xu32 2>&1)
expect "BAREHIP_SIM_PROGRESS: progress lines" \
	grep -Eq "^sim progress: spin: [0-4] of 4 workgroups done \([0-9]+%\), [0-4] running, [0-9]+ wave instructions, [0-9.]+ s$" <<<"$out"
expect "a bad BAREHIP_SIM_PROGRESS" err 1 "BAREHIP_SIM_PROGRESS='soon' is not a number of seconds" \
	env BAREHIP_BOARD=sim BAREHIP_SIM_PROGRESS=soon "$run" "$co" --list

# The instruction trace names PM4 packets and shows memory operands: the
# address a scalar load reads, the first and last EXEC lanes' addresses
# of a vector load or store (saxpy of 4 floats: 4 lanes).
out=$(stats env BAREHIP_SIM_TRACE=0,0,0:0 "$run" "$co" saxpy --block 64 --arg f32=2 \
	--arg buf=4xf32:iota:f32 --arg buf=4xf32 --arg u32=4 2>&1)
expect "trace: packets by name" grep -q "^sim: CP packet DISPATCH_DIRECT (0x15), 5 dwords$" <<<"$out"
expect "trace: SET_SH_REG's registers" \
	grep -Eq "^sim: CP packet SET_SH_REG \(0x76\), [0-9]+ dwords: [0-9]+ registers? from 0x2e[0-9a-f]{2}$" <<<"$out"
expect "trace: a scalar load's address" grep -Eq "s_load_dword.* @0x[0-9a-f]+$" <<<"$out"
expect "trace: a vector access's lane addresses" \
	grep -Eq "@lane 0 0x[0-9a-f]+ \.\. lane 3 0x[0-9a-f]+ \(4 lanes\)$" <<<"$out"

if [ $fails -ne 0 ]; then
	echo "barehip-run: FAIL ($fails checks)"
	exit 1
fi
echo "barehip-run: PASS (arguments, dumps, printf, files, init/fini, code object v4, C++ names, filled buffers, --genco, --help and the error cases)"
