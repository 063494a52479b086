// SPDX-License-Identifier: MIT
/*
 * The GPU model through its public face only (sim.h): kernels assembled
 * by llvm-mc-19 (tests/model/programs), PM4 written by hand from the
 * packet layouts in docs/facts/dispatch.md §6, expectations computed by hand.
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "model_programs.h"
#include "model_programs_gfx942.h"
#include "model_rig.h"
#include "mpfr_ref.h"
#include "sim.h"
#include "testlib.h"

static void test_partial_group_and_exec(void)
{
	struct bh_sim_fault f;
	uint32_t ctx = 0;
	uint64_t fence;

	reset_queue();
	fill_out(0xdeadbeef, 256);
	/* 3 groups of 64, the last of 10: 138 threads write 3i+1. */
	dispatch(prog_store_index, sizeof(prog_store_index) / 4, 3, 64, 10, 0);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	for (unsigned i = 0; i < 192; i++) {
		uint32_t want = i < 138 ? 3 * i + 1 : 0xdeadbeef;

		if (out_word(i) != want) {
			fprintf(stderr, "\n  out[%u] = 0x%x, want 0x%x\n", i, out_word(i), want);
			CU_FAIL("wrong result");
			break;
		}
	}
	memcpy(&fence, rig.ctl + FENCE_OFF, 8);
	CU_ASSERT_EQUAL(fence, 0x1122334455667788ull);
	CU_ASSERT_TRUE(bh_sim_take_interrupt(rig.sim, &ctx));
	CU_ASSERT_EQUAL(ctx, 77);
	/* The CP reports how far it read: everything we wrote. */
	uint32_t rptr;

	memcpy(&rptr, rig.ctl, 4);
	CU_ASSERT_EQUAL(rptr, rig.wptr % 256);
}

/*
 * A fault belongs to the queue whose work raised it: queue 1 stops on a
 * bad doorbell, and while nobody has taken that fault, queue 0's kernel
 * still runs to the end and only queue 1 reports it.
 */
static void test_fault_stays_with_its_queue(void)
{
	struct bh_sim_fault f;
	uint32_t ctx = 0;

	reset_queue();
	/* Queue 1 shares the ring memory; its rptr goes to the ctl page's end. */
	CU_ASSERT_EQUAL_FATAL(bh_sim_queue_init(rig.sim, 1, RING_VA, 1024, RING_VA + 8192 - 64), 0);
	bh_sim_doorbell(rig.sim, 1, 5000);	/* more than a ring ahead */
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 1, NULL), BH_SIM_QUEUE_ERROR);
	fill_out(0xdeadbeef, 256);
	dispatch(prog_store_index, sizeof(prog_store_index) / 4, 1, 64, 0, 0);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_IDLE);
	for (unsigned i = 0; i < 64; i++)
		if (out_word(i) != 3 * i + 1) {
			fprintf(stderr, "\n  out[%u] = 0x%x, want 0x%x\n", i, out_word(i), 3 * i + 1);
			CU_FAIL("queue 0 did not run past queue 1's fault");
			break;
		}
	CU_ASSERT_TRUE(bh_sim_take_interrupt(rig.sim, &ctx));
	CU_ASSERT_FALSE(bh_sim_take_queue_fault(rig.sim, 0, &f));
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_queue_fault(rig.sim, 1, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_STATE);
	CU_ASSERT_EQUAL(f.queue, 1);
	CU_ASSERT_STRING_EQUAL(bh_sim_fault_name(f.kind), "bad dispatch state");
	ASSERT_CONTAINS(f.message, "doorbell wptr 5000");
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));	/* taken once */
	CU_ASSERT_FALSE(bh_sim_take_queue_fault(rig.sim, BH_SIM_MAX_QUEUES, &f));
	/* A reset clears the queue; its next doorbell runs work again. */
	CU_ASSERT_EQUAL(bh_sim_queue_reset(rig.sim, 1), 0);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 1, NULL), BH_SIM_QUEUE_IDLE);
	bh_sim_queue_fini(rig.sim, 1);
}

static void test_barrier_across_waves(void)
{
	struct bh_sim_fault f;
	struct bh_sim_stats st0, st1;

	reset_queue();
	fill_out(0, 256);
	bh_sim_get_stats(rig.sim, &st0);
	dispatch(prog_lds_reverse, sizeof(prog_lds_reverse) / 4, 1, 256, 0, 1024);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	bh_sim_get_stats(rig.sim, &st1);
	CU_ASSERT_EQUAL(st1.waves - st0.waves, 4);
	for (unsigned t = 0; t < 256; t++)
		if (out_word(t) != 255 - t) {
			fprintf(stderr, "\n  out[%u] = %u, want %u\n", t, out_word(t), 255 - t);
			CU_FAIL("LDS reversal across waves is wrong");
			break;
		}
}

/*
 * The DS D16 forms rocPRIM's radix sort uses (tests/model/programs/
 * lds_d16.s): stores of a register's high half, loads into one half of a
 * register that keep the other, zero- and sign-extended.
 */
static void test_lds_d16(void)
{
	struct bh_sim_fault f;
	reset_queue();
	fill_out(0, 6 * 64);
	dispatch(prog_lds_d16, sizeof(prog_lds_d16) / 4, 1, 64, 0, 512);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	for (unsigned t = 0; t < 64; t++) {
		const uint32_t want[6] = { 0xaaaa0000u | t, t << 16 | 0x5555, 0x1234ff80,
					   0x00805678, 0xff805678, 0x12340080 };
		for (unsigned k = 0; k < 6; k++)
			if (out_word(64 * k + t) != want[k]) {
				fprintf(stderr, "\n  load %u of thread %u: 0x%08x, want 0x%08x\n", k, t,
					out_word(64 * k + t), want[k]);
				CU_FAIL("DS D16 load or store is wrong");
				return;
			}
	}
}
static void test_scalar_alu(void)
{
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0, 8);
	dispatch(prog_scalar_math, sizeof(prog_scalar_math) / 4, 1, 64, 0, 0);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(out_word(0), 0x10);		/* 0xfffffff0 + 0x20, carry */
	CU_ASSERT_EQUAL(out_word(1), 1);		/* 0 + 0 + SCC */
	CU_ASSERT_EQUAL(out_word(2), 7);		/* -16 < 0 */
	CU_ASSERT_EQUAL(out_word(3), 0x56);		/* bits [15:8] of 0x12345678 */
	CU_ASSERT_EQUAL(out_word(4), 48);		/* -16 * -3 */
}

/*
 * FLAT and DS with AccVGPR data and destinations (tests/model/programs/
 * acc_mem.s): a store from a1, a load into a2, LDS through a1 and a3, a
 * returning atomic with a5's operand and a4's result.
 */
static void test_acc_memory(void)
{
	static const uint32_t want[5] = { 0x11111111, 0x33333333, 0x11111111, 15, 10 };
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0xdeadbeef, 5);
	dispatch(prog_acc_mem, sizeof(prog_acc_mem) / 4, 1, 64, 0, 512);
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "acc_mem: %s\n", f.message);
		CU_FAIL_FATAL("acc_mem faulted");
	}
	for (unsigned i = 0; i < 5; i++) {
		if (out_word(i) != want[i])
			fprintf(stderr, "acc_mem out[%u] = %08x, expected %08x\n", i, out_word(i),
				want[i]);
		CU_ASSERT_EQUAL(out_word(i), want[i]);
	}
}

/* Hand-computed: see tests/model/programs/new_forms.s. */
static void test_new_forms(void)
{
	static const uint32_t want[21] = {
		0x001188ff,		/* perm: 0x00, S0 byte 3, S1 byte 0, 0xff */
		0x00000008,		/* (0x8001 << 3) & 0xffff, high half zeroed */
		0x000a2222,		/* 5 + 5 into WORD_1, WORD_0 preserved */
		0xffff8000,		/* 0x80 in BYTE_1, sign-extended up, 0 below */
		0xc1000000, 0xc1000000,	/* 2 * -4, -4 * 2 */
		0x4700beef,		/* f16 7.0 into the high half */
		0x46004000,		/* f16 {2.0, 6.0} */
		0x40d00000,		/* 6.5f */
		0xffffffff, 0x00000001,	/* old value of the 64-bit add */
		0x00000000, 0x00000002,	/* 0x1ffffffff + 1 */
		0x00000007, 0x00000005,	/* swapped in by ds_cmpst_rtn_b64 */
		0x00000000, 0x3ff80000,	/* old f64 1.5 */
		0x00000000, 0x400e0000,	/* 1.5 + 2.25 = 3.75 */
		5, 0x77,		/* AccVGPR round trips */
	};
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0xdeadbeef, 21);
	dispatch(prog_new_forms, sizeof(prog_new_forms) / 4, 1, 64, 0, 512);
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "new_forms: %s\n", f.message);
		CU_FAIL_FATAL("new_forms faulted");
	}
	for (unsigned i = 0; i < 21; i++) {
		if (out_word(i) != want[i])
			fprintf(stderr, "new_forms out[%u] = %08x, expected %08x\n", i, out_word(i),
				want[i]);
		CU_ASSERT_EQUAL(out_word(i), want[i]);
	}
}

static void test_mode_register(void)
{
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0xdeadbeef, 6);
	dispatch(prog_mode, sizeof(prog_mode) / 4, 1, 64, 0, 0);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(out_word(0), 0x3f0);	/* RSRC1 FP_DENORM 0xf -> MODE[7:4], DX10, IEEE */
	CU_ASSERT_EQUAL(out_word(1), 0x00400000);	/* 2^-127 kept */
	CU_ASSERT_EQUAL(out_word(2), 0);		/* flushed after s_setreg */
	CU_ASSERT_EQUAL(out_word(3), 0);		/* clamp(NaN) = 0 under DX10_CLAMP */
	CU_ASSERT_EQUAL(out_word(4), 0x7fc00000);	/* ... passed through without it */
	CU_ASSERT_EQUAL(out_word(5), 0x2c0);	/* MODE[5:4] and MODE[8] cleared */
}

/*
 * global_atomic_pk_add_f16 (tests/model/programs/pk_add.s): each half rounded
 * once to nearest even, denormals kept, overflow to inf, a signalling NaN
 * quieted; GLC returns the old dword.  Hand-computed.
 */
static void test_pk_add_f16(void)
{
	static const uint32_t want[6] = {
		0x3c023c00, 0x00000002, 0x7e017c00,	/* the sums */
		0x3c003c00, 0x80010001, 0x7c017bff,	/* the old values */
	};
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0xdeadbeef, 6);
	dispatch(prog_pk_add, sizeof(prog_pk_add) / 4, 1, 64, 0, 0);
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "\n  pk_add: %s", f.message);
		CU_FAIL_FATAL("pk_add faulted");
	}
	for (unsigned i = 0; i < 6; i++) {
		if (out_word(i) != want[i])
			fprintf(stderr, "\n  pk_add out[%u] = %08x, expected %08x", i, out_word(i),
				want[i]);
		CU_ASSERT_EQUAL(out_word(i), want[i]);
	}
}

/*
 * gfx942 (tests/model/programs-gfx942/pk_add_bf16.s): global_atomic_pk_add_bf16
 * and ds_pk_add_rtn_f16/_bf16, each half rounded once to nearest even,
 * denormals kept; the returning forms give the old dword.  Hand-computed.
 */
static void test_pk_add_gfx942(void)
{
	static const uint32_t want[8] = {
		0x3fc03f82, 0x00000002,	/* global bf16 sums */
		0x3fc03f81, 0x80010001,	/* ... old values */
		0x3c023c00, 0x3fc03f82,	/* LDS f16, bf16 sums */
		0x3c003c00, 0x3fc03f81,	/* ... old values */
	};
	struct bh_sim_fault f;

	rig_teardown();
	rig_cfg.gfx = BH_SIM_GFX942;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
	fill_out(0xdeadbeef, 8);
	dispatch(prog942_pk_add_bf16, sizeof(prog942_pk_add_bf16) / 4, 1, 64, 0, 64);
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "\n  pk_add_bf16: %s", f.message);
		CU_FAIL("pk_add_bf16 faulted");
	}
	for (unsigned i = 0; i < 8; i++) {
		if (out_word(i) != want[i])
			fprintf(stderr, "\n  pk_add_bf16 out[%u] = %08x, expected %08x", i,
				out_word(i), want[i]);
		CU_ASSERT_EQUAL(out_word(i), want[i]);
	}
	rig_teardown();
	rig_cfg.gfx = BH_SIM_GFX90A;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
}

/* Hand-computed: see tests/model/programs/minmax.s. */
static void test_min_max(void)
{
	static const uint32_t want[22] = {
		0x7fc00001, 0x7fc00001, 0x3f800000, 0x3f800000,	/* sNaN quieted; qNaN loses */
		0x80000000, 0, 0x80000000, 0,			/* -0 below +0 */
		1, 0x7ff80000, 0, 0, 0, 0x80000000,		/* f64 */
		0x7e01, 0x3c00, 0x8000, 0,			/* f16 */
		0x40000000, 0x40000000, 0x40000000, 0x40800000,	/* min3, med3, max3 */
	};
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0xdeadbeef, 22);
	rig_rsrc1 = RSRC1_DEFAULT | 5;		/* 48 VGPRs */
	dispatch(prog_minmax, sizeof(prog_minmax) / 4, 1, 64, 0, 0);
	rig_rsrc1 = RSRC1_DEFAULT;
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "\n  minmax: %s", f.message);
		CU_FAIL_FATAL("minmax faulted");
	}
	for (unsigned i = 0; i < 22; i++) {
		if (out_word(i) != want[i])
			fprintf(stderr, "\n  minmax out[%u] = %08x, expected %08x", i, out_word(i),
				want[i]);
		CU_ASSERT_EQUAL(out_word(i), want[i]);
	}
}

/* ------------------------------------------------- rounding and denormals */
/*
 * tests/model/programs/fpmode.s under every MODE.FP_ROUND (the same mode
 * for f32 and f64/f16) and every FP_DENORM combination, against MPFR:
 * inputs flushed when the mode flushes denormal inputs, the exact result
 * rounded once in the mode with gradual underflow, then flushed when the
 * mode flushes denormal results.  Operands mix special values, random
 * bits, tiny values (denormal results) and near-cancelling pairs.
 */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint64_t rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

/* A random operand of @f: exponent field width @eb, fraction width @fb. */
static uint64_t gen_operand(unsigned eb, unsigned fb)
{
	uint64_t emax = (1ull << eb) - 1, r = rng(), sign = (r & 1) << (eb + fb);
	uint64_t frac = rng() & ((1ull << fb) - 1);
	static const unsigned kinds = 6;

	switch ((r >> 1) % kinds) {
	case 0: {	/* special: 0, inf, qNaN, sNaN, min/max subnormal, min normal, max, 1 */
		uint64_t sp[9] = { 0, emax << fb, emax << fb | 1ull << (fb - 1), emax << fb | 1, 1,
				   (1ull << fb) - 1, 1ull << fb, (emax - 1) << fb | ((1ull << fb) - 1),
				   (emax >> 1) << fb };
		return sign | sp[(r >> 8) % 9];
	}
	case 1:		/* any bits */
		return sign | (((r >> 8) % (emax + 1)) << fb) | frac;
	case 2:		/* tiny: denormal or barely normal */
		return sign | (((r >> 8) % 3) << fb) | frac;
	case 3:		/* just above half the exponent range: products underflow */
		return sign | (((emax >> 2) + (r >> 8) % 8) << fb) | frac;
	default:	/* around 1 */
		return sign | (((emax >> 1) - 4 + (r >> 8) % 8) << fb) | frac;
	}
}

/* Flush @b when @keep is false (a denormal mode bit clear). */
static uint64_t fl(enum ref_fmt f, uint64_t b, bool keep)
{
	return keep ? b : ref_flush(f, b);
}

static unsigned fp_failures;

static void fp_check(const char *what, unsigned mode, unsigned lane, enum ref_fmt f,
		     uint64_t got, uint64_t want)
{
	bool ok = ref_is_nan(f, want) ? ref_is_quiet_nan(f, got) : got == want;

	if (ok)
		return;
	if (fp_failures++ < 12)
		fprintf(stderr, "\n  %s MODE 0x%02x lane %u: got 0x%llx, want 0x%llx", what, mode,
			lane, (unsigned long long)got, (unsigned long long)want);
	CU_FAIL("FP result differs from MPFR");
}

struct fp_lane {
	uint32_t a, b, c, pad;
	uint64_t x, y, z, pad2;
	uint32_t ha, hb, hc, i;
};

static uint64_t in64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static void check_fp_lane(unsigned mode, unsigned lane, const struct fp_lane *in,
			  const uint8_t *out)
{
	unsigned rm = mode & 3, d32 = (mode >> 4) & 3, d64 = (mode >> 6) & 3;
	bool ki32 = d32 & 1, ko32 = d32 & 2, ki64 = d64 & 1, ko64 = d64 & 2;
	uint64_t a = fl(REF_F32, in->a, ki32), b = fl(REF_F32, in->b, ki32);
	uint64_t c = fl(REF_F32, in->c, ki32);
	uint64_t x = fl(REF_F64, in->x, ki64), y = fl(REF_F64, in->y, ki64);
	uint64_t z = fl(REF_F64, in->z, ki64);
	uint32_t o[19];

	memcpy(o, out, sizeof(o));
#define R32(op, p, q, r) fl(REF_F32, ref_op(op, REF_F32, REF_F32, rm, p, q, r), ko32)
	fp_check("v_add_f32", mode, lane, REF_F32, o[0], R32(REF_ADD, a, b, 0));
	fp_check("v_sub_f32", mode, lane, REF_F32, o[1], R32(REF_SUB, a, b, 0));
	fp_check("v_mul_f32", mode, lane, REF_F32, o[2], R32(REF_MUL, a, b, 0));
	fp_check("v_fma_f32", mode, lane, REF_F32, o[3], R32(REF_FMA, a, b, c));
	fp_check("v_cvt_f32_f64", mode, lane, REF_F32, o[4],
		 fl(REF_F32, ref_op(REF_CONVERT, REF_F64, REF_F32, rm, x, 0, 0), ko32));
	fp_check("v_cvt_f32_i32", mode, lane, REF_F32, o[5],
		 ref_from_int((int32_t)in->i, false, REF_F32, rm));
	fp_check("v_cvt_f32_u32", mode, lane, REF_F32, o[6],
		 ref_from_int(in->i, true, REF_F32, rm));
	/* f16: low halves; gfx9 zeroes the high half of the result. */
	uint64_t ha = fl(REF_F16, in->ha & 0xffff, ki64), hb = fl(REF_F16, in->hb & 0xffff, ki64);
	uint64_t hc = fl(REF_F16, in->hc & 0xffff, ki64);
#define R16(op, p, q, r) fl(REF_F16, ref_op(op, REF_F16, REF_F16, rm, p, q, r), ko64)
	fp_check("v_add_f16", mode, lane, REF_F16, o[7], R16(REF_ADD, ha, hb, 0));
	fp_check("v_mul_f16", mode, lane, REF_F16, o[8], R16(REF_MUL, ha, hb, 0));
	fp_check("v_fma_f16", mode, lane, REF_F16, o[9], R16(REF_FMA, ha, hb, hc));
	fp_check("v_cvt_f16_f32", mode, lane, REF_F16, o[10],
		 fl(REF_F16, ref_op(REF_CONVERT, REF_F32, REF_F16, rm, a, 0, 0), ko64));
	uint64_t ha1 = fl(REF_F16, in->ha >> 16, ki64), hb1 = fl(REF_F16, in->hb >> 16, ki64);
	uint64_t hc1 = fl(REF_F16, in->hc >> 16, ki64);

	fp_check("v_pk_fma_f16 lo", mode, lane, REF_F16, o[11] & 0xffff, R16(REF_FMA, ha, hb, hc));
	fp_check("v_pk_fma_f16 hi", mode, lane, REF_F16, o[11] >> 16, R16(REF_FMA, ha1, hb1, hc1));
#define R64(op, p, q, r) fl(REF_F64, ref_op(op, REF_F64, REF_F64, rm, p, q, r), ko64)
	fp_check("v_add_f64", mode, lane, REF_F64, in64(out + 48), R64(REF_ADD, x, y, 0));
	fp_check("v_mul_f64", mode, lane, REF_F64, in64(out + 56), R64(REF_MUL, x, y, 0));
	fp_check("v_fma_f64", mode, lane, REF_F64, in64(out + 64), R64(REF_FMA, x, y, z));
	/* gfx90a's legacy v_mac_f32: no denormals anywhere, product rounded. */
	uint64_t m = ref_flush(REF_F32, ref_op(REF_MUL, REF_F32, REF_F32, rm,
					       ref_flush(REF_F32, in->a),
					       ref_flush(REF_F32, in->b), 0));
	fp_check("v_mac_f32", mode, lane, REF_F32, o[18],
		 ref_flush(REF_F32, ref_op(REF_ADD, REF_F32, REF_F32, rm, m,
					   ref_flush(REF_F32, in->c), 0)));
#undef R32
#undef R16
#undef R64
}

static void test_fp_modes(void)
{
	struct fp_lane lanes[64];
	unsigned runs = 0;

	fp_failures = 0;
	rig_rsrc1 = RSRC1_DEFAULT | 4;		/* 40 VGPRs */
	for (unsigned mode = 0; mode < 256 && fp_failures < 12; mode++) {
		/* FP_ROUND: one mode for both fields; every FP_DENORM. */
		if (((mode >> 2) & 3) != (mode & 3))
			continue;
		for (unsigned batch = 0; batch < 2; batch++) {
			struct bh_sim_fault f;

			for (unsigned l = 0; l < 64; l++) {
				struct fp_lane *p = &lanes[l];

				memset(p, 0, sizeof(*p));
				p->a = (uint32_t)gen_operand(8, 23);
				p->b = (uint32_t)gen_operand(8, 23);
				p->c = (uint32_t)gen_operand(8, 23);
				p->x = gen_operand(11, 52);
				p->y = gen_operand(11, 52);
				p->z = gen_operand(11, 52);
				p->ha = (uint32_t)(gen_operand(5, 10) | gen_operand(5, 10) << 16);
				p->hb = (uint32_t)(gen_operand(5, 10) | gen_operand(5, 10) << 16);
				p->hc = (uint32_t)(gen_operand(5, 10) | gen_operand(5, 10) << 16);
				p->i = (uint32_t)rng();
				if (l % 4 == 1) {	/* near-cancelling pairs */
					p->b = (p->a ^ 0x80000000u) + (uint32_t)(rng() % 3);
					p->y = (p->x ^ 0x8000000000000000ull) + rng() % 3;
				}
			}
			memcpy(rig.vram + OUT_OFF, lanes, sizeof(lanes));
			memcpy(rig.vram + OUT_OFF + 0x3000, &mode, 4);
			reset_queue();
			dispatch(prog_fpmode, sizeof(prog_fpmode) / 4, 1, 64, 0, 0);
			if (bh_sim_take_fault(rig.sim, &f)) {
				fprintf(stderr, "\n  fpmode MODE 0x%02x: %s", mode, f.message);
				CU_FAIL("fpmode faulted");
				break;
			}
			for (unsigned l = 0; l < 64; l++)
				check_fp_lane(mode, l, &lanes[l], rig.vram + OUT_OFF + 0x1000 + 128 * l);
			runs++;
		}
	}
	rig_rsrc1 = RSRC1_DEFAULT;
	CU_ASSERT_EQUAL(runs, 4 * 16 * 2);
}

static void test_memory_fault(void)
{
	struct bh_sim_fault f;

	reset_queue();
	dispatch(prog_bad_store, sizeof(prog_bad_store) / 4, 1, 64, 0, 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_MEMORY);
	CU_ASSERT_EQUAL(f.address, 0x1000);
	/* v_mov with a literal (8 bytes) and one with an inline 0 (4 bytes). */
	CU_ASSERT_EQUAL(f.pc, BH_SIM_VRAM_BASE + CODE_OFF + 12);
	CU_ASSERT_EQUAL(f.dwords[0], prog_bad_store[3]);
	CU_ASSERT_EQUAL(f.dwords[1], prog_bad_store[4]);
	CU_ASSERT_EQUAL(f.access, BH_SIM_ACCESS_WRITE);
	CU_ASSERT_EQUAL(f.workgroup[0], 0);
	CU_ASSERT_EQUAL(f.wave, 0);
	/* The queue stopped: a new doorbell does nothing. */
	uint64_t before;

	memcpy(&before, rig.ctl + FENCE_OFF, 8);
	release_mem(2, 0, RING_VA + 4096 + FENCE_OFF, 42, 0);
	doorbell();
	uint64_t after;

	memcpy(&after, rig.ctl + FENCE_OFF, 8);
	CU_ASSERT_EQUAL(after, before);
}

/*
 * A read fault in the second workgroup names it, the access and the
 * address; after the queue is reset the next dispatch runs correctly.
 */
static void test_read_fault_then_reset(void)
{
	struct bh_sim_fault f;

	reset_queue();
	dispatch(prog_bad_load, sizeof(prog_bad_load) / 4, 2, 64, 0, 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_MEMORY);
	CU_ASSERT_EQUAL(f.access, BH_SIM_ACCESS_READ);
	CU_ASSERT_EQUAL(f.address, 0x2000);		/* lane 0 first */
	CU_ASSERT_EQUAL(f.workgroup[0], 1);
	ASSERT_CONTAINS(f.message, "read");
	reset_queue();
	fill_out(0xdeadbeef, 64);
	dispatch(prog_store_index, sizeof(prog_store_index) / 4, 1, 64, 0, 0);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(out_word(0), 1);
	CU_ASSERT_EQUAL(out_word(63), 3 * 63 + 1);
}

static void test_sendmsg(void)
{
	struct bh_sim_fault f;
	uint32_t ctx = 0;

	reset_queue();
	dispatch(prog_sendmsg, sizeof(prog_sendmsg) / 4, 1, 64, 0, 0);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_TRUE(bh_sim_take_interrupt(rig.sim, &ctx));
	CU_ASSERT_EQUAL(ctx, 0x123);			/* MSG_INTERRUPT, M0 */
	CU_ASSERT_TRUE(bh_sim_take_interrupt(rig.sim, &ctx));
	CU_ASSERT_EQUAL(ctx, 77);			/* the RELEASE_MEM after it */
	/* The second workgroup sends MSG_GS: refused loudly. */
	reset_queue();
	dispatch(prog_sendmsg, sizeof(prog_sendmsg) / 4, 2, 64, 0, 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
	ASSERT_CONTAINS(f.message, "s_sendmsg message 2");
}

/*
 * The trace of one selected wave: its instructions with operands and the
 * registers they changed, nothing from other workgroups.
 */
static void test_trace_one_wave(void)
{
	char path[] = "/tmp/bh-trace-XXXXXX", text[8192];
	int fd = mkstemp(path), saved = dup(2);
	struct bh_sim_fault f;

	CU_ASSERT_FATAL(fd >= 0 && saved >= 0);
	rig_teardown();
	rig_cfg.trace = 2;
	rig_cfg.trace_wg[0] = 1;
	rig_cfg.trace_wave = 0;
	CU_ASSERT_EQUAL_FATAL(rig_setup(), 0);
	fflush(stderr);
	dup2(fd, 2);
	dispatch(prog_store_index, sizeof(prog_store_index) / 4, 2, 64, 0, 0);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	ssize_t n = pread(fd, text, sizeof(text) - 1, 0);

	close(fd);
	unlink(path);
	text[n > 0 ? n : 0] = 0;
	ASSERT_CONTAINS(text, "wg (1,0,0) wave 0 pc 0x1000001000");
	ASSERT_CONTAINS(text, "v_and_b32 v1, 0x3ff, v0");
	ASSERT_CONTAINS(text, "s_lshl_b32 s3, s2, 6");
	ASSERT_CONTAINS(text, "-> s3=0x40");		/* workgroup 1 * 64 */
	ASSERT_CONTAINS(text, "v1[64 lanes]: 0=0x40 1=0x41");
	CU_ASSERT_PTR_NULL(strstr(text, "wg (0,0,0)"));
	rig_teardown();
	rig_cfg.trace = 0;
	CU_ASSERT_EQUAL(rig_setup(), 0);
}

static double out_f64(unsigned i)
{
	uint64_t b = out_word(2 * i) | (uint64_t)out_word(2 * i + 1) << 32;
	double d;

	memcpy(&d, &b, 8);
	return d;
}

/*
 * v_trig_preop_f64 against the C library's 2/pi (M_2_PIl, 64 bits):
 * segment 0 is 2/pi truncated to 53 bits, segment 1 the next 53 bits
 * (checkable to the 11 that long double still has), the exponent shift
 * moves the window by one bit, and huge inputs are scaled by 2^128.
 */
static void test_trig_preop(void)
{
	struct bh_sim_fault f;
	long double t = M_2_PIl;

	reset_queue();
	fill_out(0, 10);
	dispatch(prog_trig_preop, sizeof(prog_trig_preop) / 4, 1, 64, 0, 0);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	double seg0 = out_f64(0), seg1 = out_f64(1), seg2 = out_f64(2);

	CU_ASSERT_EQUAL(seg0, (double)(floorl(t * 0x1p53L) / 0x1p53L));
	CU_ASSERT_TRUE(fabsl((long double)seg1 - (t - seg0)) <= 0x1p-64L);
	CU_ASSERT_TRUE(seg1 > 0 && seg1 < 0x1p-53);
	CU_ASSERT_TRUE(seg2 >= 0 && seg2 < 0x1p-106);
	/* x = 2^55: bits 1..53 of 2/pi, i.e. frac(4/pi) / 2 truncated */
	CU_ASSERT_EQUAL(out_f64(3), (double)(floorl(fmodl(2 * t, 1) * 0x1p53L) / 0x1p54L));
	/* x = 2^1000: shift 946, scale 2^(-53 - 946 + 128) */
	CU_ASSERT_TRUE(out_f64(4) > 0 && out_f64(4) < 0x1p-818);
}

static void test_illegal_instruction(void)
{
	struct bh_sim_fault f;

	reset_queue();
	dispatch(prog_illegal, sizeof(prog_illegal) / 4, 1, 64, 0, 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
	CU_ASSERT_EQUAL(f.pc, BH_SIM_VRAM_BASE + CODE_OFF + 4);
	CU_ASSERT_EQUAL(f.dwords[0], prog_illegal[1]);
	ASSERT_CONTAINS(f.message, "not implemented");
}

static void test_watchdog(void)
{
	struct bh_sim_fault f;

	reset_queue();
	dispatch(prog_spin, sizeof(prog_spin) / 4, 1, 64, 0, 0);
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_WATCHDOG);
}

static void test_bad_packets(void)
{
	struct bh_sim_fault f;

	reset_queue();
	emit(HDR(0x99, 3));		/* no such opcode on the MEC */
	emit(0);
	emit(0);
	doorbell();
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_PACKET);
	CU_ASSERT_EQUAL(f.dwords[0], HDR(0x99, 3));

	reset_queue();
	emit(0x80000000u);		/* type-2 filler */
	doorbell();
	CU_ASSERT_EQUAL(bh_sim_take_fault(rig.sim, &f), 1);

	reset_queue();
	emit(HDR(0x3f, 4));		/* INDIRECT_BUFFER without VALID */
	emit(0);
	emit(0);
	emit(16);
	doorbell();
	CU_ASSERT_EQUAL(bh_sim_take_fault(rig.sim, &f), 1);
	ASSERT_CONTAINS(f.message, "VALID");
}

static void test_release_mem_and_ring_wrap(void)
{
	uint32_t v32, ctx;
	struct bh_sim_fault f;

	reset_queue();
	/* 8-dword packets, 200 of them: six trips round a 256-dword ring. */
	for (uint32_t i = 1; i <= 200; i++) {
		release_mem(1, i % 2 ? 1 : 0, RING_VA + 4096 + FENCE_OFF + 16, i, i);
		doorbell();
		memcpy(&v32, rig.ctl + FENCE_OFF + 16, 4);
		if (v32 != i) {
			CU_FAIL("RELEASE_MEM 32-bit data missing");
			break;
		}
	}
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	/* 100 interrupts were raised; the IH ring keeps the newest 64. */
	unsigned n = 0;
	uint32_t last = 0;

	while (bh_sim_take_interrupt(rig.sim, &ctx)) {
		n++;
		last = ctx;
	}
	CU_ASSERT_EQUAL(n, 64);
	CU_ASSERT_EQUAL(last, 199);
	/* A NOP pad and a packet straddling the ring's end. */
	while (rig.wptr % 256 != 252)
		emit(0xffff1000u);
	release_mem(1, 0, RING_VA + 4096 + FENCE_OFF + 16, 1234, 0);
	doorbell();
	memcpy(&v32, rig.ctl + FENCE_OFF + 16, 4);
	CU_ASSERT_EQUAL(v32, 1234);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
}

/* Scalar and vector siblings (tests/model/programs/siblings.s). */
static void test_siblings(void)
{
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0xdeadbeef, 512);
	dispatch(prog_siblings, sizeof(prog_siblings) / 4, 1, 64, 0, 0);
	CU_ASSERT_FALSE_FATAL(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(out_word(0), 0x0fff0fff);	/* ~(0xf0f0f0f0 & 0xff00ff00) */
	CU_ASSERT_EQUAL(out_word(1), 0x1f0);		/* 5 ones, shifted by 4 */
	CU_ASSERT_EQUAL(out_word(2), 7);		/* |3 - 10| */
	CU_ASSERT_EQUAL(out_word(3), 0xffffffff);	/* hi(-2 * 2^30) = hi(-2^31) */
	CU_ASSERT_EQUAL(out_word(4), 29);		/* -8: 29 sign bits after the MSB */
	CU_ASSERT_EQUAL(out_word(5), 0x80000001);
	CU_ASSERT_EQUAL(out_word(6), 0xffffffff);	/* 0xf0[7:4] = 0b1111 -> -1 */
	CU_ASSERT_EQUAL(out_word(7), 0xffffffff);
	CU_ASSERT_EQUAL(out_word(8), 0xffffff00);	/* (2^40 - 1) << 8 */
	CU_ASSERT_EQUAL(out_word(9), 0x0000ffff);
	CU_ASSERT_EQUAL(out_word(10), 0xffffffff);	/* VCC after v_cmpx: lanes 0..31 */
	CU_ASSERT_EQUAL(out_word(11), 0);
	CU_ASSERT_EQUAL(out_word(12), 1);		/* -20 < -16 signed */
	CU_ASSERT_EQUAL(out_word(13), 2);		/* 0xffffffec < 0xfff0 unsigned: no */
	CU_ASSERT_EQUAL(out_word(14), 0xffffff0f);	/* ~(0xf0 ^ 0) */
	CU_ASSERT_EQUAL(out_word(15), 16);		/* zeros in 0xf0f0f0f0 */
	for (unsigned t = 0; t < 64; t++) {
		uint32_t ffbh = t ? (uint32_t)__builtin_clz(t) : 0xffffffffu;
		float med = t < 1 ? 1.0f : t > 4 ? 4.0f : (float)t;
		uint32_t med_bits;
		uint64_t mad = (uint64_t)(-3 * (int64_t)t);

		memcpy(&med_bits, &med, 4);
		CU_ASSERT_EQUAL(out_word(64 + t), t < 10 ? 10 : t > 20 ? 20 : t);
		CU_ASSERT_EQUAL(out_word(128 + t), t < 32 ? 1 : 0xdeadbeef);
		CU_ASSERT_EQUAL(out_word(192 + 2 * t), (uint32_t)mad);
		CU_ASSERT_EQUAL(out_word(193 + 2 * t), (uint32_t)(mad >> 32));
		CU_ASSERT_EQUAL(out_word(320 + t), (uint32_t)__builtin_popcount(t) + 50);
		CU_ASSERT_EQUAL(out_word(384 + t), ffbh);
		CU_ASSERT_EQUAL(out_word(448 + t), med_bits);
	}
}

/* ------------------------------------------------ more CP packets */
#define IB_OFF 0x20000		/* indirect buffers, in VRAM */
#define CTL_VA (RING_VA + 4096)

static uint32_t ctl_word(unsigned off)
{
	uint32_t v;

	memcpy(&v, rig.ctl + off, 4);
	return v;
}

/* WRITE_DATA to memory (DST_SEL 5), optionally without address increment. */
static unsigned write_data(uint32_t *out, uint64_t va, const uint32_t *v, unsigned n,
			   bool one_addr)
{
	unsigned k = 0;

	out[k++] = HDR(0x37, n + 4);
	out[k++] = 5u << 8 | (one_addr ? 1u << 16 : 0) | 1u << 20;
	out[k++] = (uint32_t)va;
	out[k++] = (uint32_t)(va >> 32);
	for (unsigned i = 0; i < n; i++)
		out[k++] = v[i];
	return k;
}

static void test_cp_packets(void)
{
	struct bh_sim_fault f;
	uint32_t pk[16], vals[3] = { 0x11, 0x22, 0x33 }, ctx = 0;
	uint8_t *ib0 = rig.vram + IB_OFF, *ib1 = rig.vram + IB_OFF + 0x100;
	uint64_t ib0_va = BH_SIM_VRAM_BASE + IB_OFF, ib1_va = ib0_va + 0x100;
	unsigned n;

	reset_queue();
	memset(rig.ctl + 0x100, 0, 0x100);
	/* WRITE_DATA: three consecutive dwords, then three to one address. */
	emit_words(pk, write_data(pk, CTL_VA + 0x100, vals, 3, false));
	emit_words(pk, write_data(pk, CTL_VA + 0x110, vals, 3, true));
	/* Accepted and without effect in a synchronous, coherent model. */
	emit(HDR(0x46, 2));			/* EVENT_WRITE CS_PARTIAL_FLUSH */
	emit(7u | 4u << 8);
	emit(HDR(0x58, 7));			/* ACQUIRE_MEM, GFX9 form */
	emit(0x28c00000u);
	emit(0xffffffffu);
	emit(0xff);
	emit(0);
	emit(0);
	emit(10);
	emit(HDR(0x79, 3));			/* SET_UCONFIG_REG SCRATCH_REG0-ish */
	emit(0x40);
	emit(0x1234);
	/* WAIT_REG_MEM: memory, "==", on a value that is already there. */
	emit(HDR(0x3c, 7));
	emit(3u | 1u << 4);
	emit((uint32_t)(CTL_VA + 0x104));
	emit((uint32_t)(CTL_VA >> 32));
	emit(0x22);
	emit(0xffffffffu);
	emit(4);
	/* An IB that writes a dword and calls a nested IB with a RELEASE_MEM. */
	n = write_data(pk, CTL_VA + 0x120, &vals[2], 1, false);
	memcpy(ib0, pk, 4 * n);
	uint32_t call[4] = { HDR(0x3f, 4), (uint32_t)ib1_va, (uint32_t)(ib1_va >> 32),
			     1u << 23 | 8 };
	memcpy(ib0 + 4 * n, call, sizeof(call));
	uint32_t rel[8] = { HDR(0x49, 8), 0x00238514u, 1u << 29 | 1u << 24,
			    (uint32_t)(CTL_VA + 0x124), (uint32_t)((CTL_VA + 0x124) >> 32),
			    0xabcd, 0, 99 };
	memcpy(ib1, rel, sizeof(rel));
	emit(HDR(0x3f, 4));
	emit((uint32_t)ib0_va);
	emit((uint32_t)(ib0_va >> 32));
	emit(1u << 23 | (n + 4));
	doorbell();
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(ctl_word(0x100), 0x11);
	CU_ASSERT_EQUAL(ctl_word(0x104), 0x22);
	CU_ASSERT_EQUAL(ctl_word(0x108), 0x33);
	CU_ASSERT_EQUAL(ctl_word(0x110), 0x33);		/* WR_ONE_ADDR: the last one */
	CU_ASSERT_EQUAL(ctl_word(0x114), 0);
	CU_ASSERT_EQUAL(ctl_word(0x120), 0x33);		/* from the IB */
	CU_ASSERT_EQUAL(ctl_word(0x124), 0xabcd);	/* from the nested IB */
	CU_ASSERT_TRUE(bh_sim_take_interrupt(rig.sim, &ctx));
	CU_ASSERT_EQUAL(ctx, 99);
	CU_ASSERT_EQUAL(ctl_word(0), rig.wptr % 256);	/* rptr: the ring, not the IBs */
}

/*
 * COPY_DATA from memory, an immediate, the timestamp and an SH register,
 * to memory and to a register; an IB that CHAINs to a second IB, whose
 * packets replace the rest of the first (a WRITE_DATA after the chain
 * never runs).  Field layouts: Mesa sid.h.
 */
static void expect_refused(const uint32_t *pk, unsigned n, enum bh_sim_fault_kind kind,
			   const char *why);

static void test_copy_data_and_chained_ib(void)
{
	struct bh_sim_fault f;
	uint32_t pk[16], v = 0x5a5a0001, tag = 0x77;
	uint8_t *ib0 = rig.vram + IB_OFF, *ib1 = rig.vram + IB_OFF + 0x100;
	uint64_t ib0_va = BH_SIM_VRAM_BASE + IB_OFF, ib1_va = ib0_va + 0x100;
	uint64_t before = bh_sim_clock(rig.sim);
	unsigned n;

	reset_queue();
	memset(rig.ctl + 0x300, 0, 0x100);
	memcpy(rig.ctl + 0x300, &v, 4);
	/* memory -> memory, 32-bit */
	uint32_t c1[6] = { HDR(0x40, 6), 1u | 5u << 8, (uint32_t)(CTL_VA + 0x300),
			   (uint32_t)(CTL_VA >> 32), (uint32_t)(CTL_VA + 0x304), (uint32_t)(CTL_VA >> 32) };
	/* immediate -> memory, 64-bit */
	uint32_t c2[6] = { HDR(0x40, 6), 5u | 5u << 8 | 1u << 16, 0x01020304, 0x05060708,
			   (uint32_t)(CTL_VA + 0x308), (uint32_t)(CTL_VA >> 32) };
	/* timestamp -> memory, 64-bit */
	uint32_t c3[6] = { HDR(0x40, 6), 9u | 5u << 8 | 1u << 16, 0, 0,
			   (uint32_t)(CTL_VA + 0x310), (uint32_t)(CTL_VA >> 32) };
	/* immediate -> SH register COMPUTE_USER_DATA_0 (0x2e40), then back to memory */
	uint32_t c4[6] = { HDR(0x40, 6), 5u | 0u << 8, 0xfeedf00d, 0, 0x2e40, 0 };
	uint32_t c5[6] = { HDR(0x40, 6), 0u | 5u << 8, 0x2e40, 0, (uint32_t)(CTL_VA + 0x318),
			   (uint32_t)(CTL_VA >> 32) };

	emit_words(c1, 6);
	emit_words(c2, 6);
	emit_words(c3, 6);
	emit_words(c4, 6);
	emit_words(c5, 6);
	/* ib0: CHAIN to ib1, then a WRITE_DATA that must not run */
	uint32_t chain[4] = { HDR(0x3f, 4), (uint32_t)ib1_va, (uint32_t)(ib1_va >> 32),
			      1u << 23 | 1u << 20 };
	memcpy(ib0, chain, sizeof(chain));
	n = write_data(pk, CTL_VA + 0x320, &tag, 1, false);
	memcpy(ib0 + sizeof(chain), pk, 4 * n);
	n = write_data(pk, CTL_VA + 0x324, &tag, 1, false);
	memcpy(ib1, pk, 4 * n);
	chain[3] |= (uint32_t)(n);	/* ib1's size */
	memcpy(ib0, chain, sizeof(chain));
	emit(HDR(0x3f, 4));
	emit((uint32_t)ib0_va);
	emit((uint32_t)(ib0_va >> 32));
	emit(1u << 23 | (uint32_t)(4 + n));
	doorbell();
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(ctl_word(0x304), 0x5a5a0001);
	CU_ASSERT_EQUAL(ctl_word(0x308), 0x01020304);
	CU_ASSERT_EQUAL(ctl_word(0x30c), 0x05060708);
	uint64_t ts = ctl_word(0x310) | (uint64_t)ctl_word(0x314) << 32;
	CU_ASSERT_TRUE(ts >= before && ts <= bh_sim_clock(rig.sim));
	CU_ASSERT_EQUAL(ctl_word(0x318), 0xfeedf00d);
	CU_ASSERT_EQUAL(ctl_word(0x320), 0);		/* after the chain: skipped */
	CU_ASSERT_EQUAL(ctl_word(0x324), 0x77);		/* the chained IB ran */

	/* Chaining from the ring and GDS sources are refused. */
	uint32_t ring_chain[4] = { HDR(0x3f, 4), (uint32_t)ib1_va, (uint32_t)(ib1_va >> 32),
				   1u << 23 | 1u << 20 | 4 };
	uint32_t gds[6] = { HDR(0x40, 6), 3u | 5u << 8, 0, 0, (uint32_t)(CTL_VA + 0x330),
			    (uint32_t)(CTL_VA >> 32) };
	expect_refused(ring_chain, 4, BH_SIM_FAULT_BAD_PACKET, "ring");
	expect_refused(gds, 6, BH_SIM_FAULT_BAD_PACKET, "GDS");
}

/*
 * WAIT_REG_MEM on a value not yet there stalls the queue (no fault); the
 * packets after it run once the host writes the value and polls.  A
 * faulted queue reports ERROR until reset, then runs new work.
 */
static void test_wait_stall_and_queue_reset(void)
{
	struct bh_sim_fault f;
	uint32_t zero = 0, one = 1, tag = 0x5150, pk[8];
	uint64_t rptr;
	uint32_t wait[7] = { HDR(0x3c, 7), 3u | 1u << 4, (uint32_t)(CTL_VA + 0x400),
			     (uint32_t)(CTL_VA >> 32), 1, 0xffffffffu, 4 };

	reset_queue();
	memcpy(rig.ctl + 0x400, &zero, 4);
	memcpy(rig.ctl + 0x404, &zero, 4);
	emit_words(wait, 7);
	emit_words(pk, write_data(pk, CTL_VA + 0x404, &tag, 1, false));
	doorbell();
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, &rptr), BH_SIM_QUEUE_STALLED);
	CU_ASSERT_EQUAL(rptr, 0);			/* still at the WAIT_REG_MEM */
	CU_ASSERT_EQUAL(ctl_word(0x404), 0);
	CU_ASSERT_EQUAL(bh_sim_poll(rig.sim), 1);	/* nothing changed yet */
	memcpy(rig.ctl + 0x400, &one, 4);
	CU_ASSERT_EQUAL(bh_sim_poll(rig.sim), 0);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, &rptr), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(rptr, rig.wptr);
	CU_ASSERT_EQUAL(ctl_word(0x404), 0x5150);

	/* An unknown packet: ERROR until reset; then new work runs. */
	emit(HDR(0x99, 2));
	emit(0);
	doorbell();
	CU_ASSERT_EQUAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_PACKET);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, NULL), BH_SIM_QUEUE_ERROR);
	CU_ASSERT_EQUAL(bh_sim_queue_reset(rig.sim, 0), 0);
	CU_ASSERT_EQUAL(bh_sim_queue_status(rig.sim, 0, &rptr), BH_SIM_QUEUE_IDLE);
	CU_ASSERT_EQUAL(rptr, rig.wptr);
	tag = 0x6160;
	emit_words(pk, write_data(pk, CTL_VA + 0x408, &tag, 1, false));
	doorbell();
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(ctl_word(0x408), 0x6160);
	CU_ASSERT_EQUAL(bh_sim_queue_reset(rig.sim, BH_SIM_MAX_QUEUES), -1);
}

/* One packet on a fresh queue must be refused as @kind, naming @why. */
static void expect_refused(const uint32_t *pk, unsigned n, enum bh_sim_fault_kind kind,
			   const char *why)
{
	struct bh_sim_fault f;

	reset_queue();
	emit_words(pk, n);
	doorbell();
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, kind);
	if (kind == BH_SIM_FAULT_BAD_PACKET)
		CU_ASSERT_EQUAL(f.dwords[0], pk[0]);
	if (!test_contains(f.message, why))
		fprintf(stderr, "\n  message: %s\n", f.message);
	ASSERT_CONTAINS(f.message, why);
}

static void test_cp_refusals(void)
{
	uint64_t ib_va = BH_SIM_VRAM_BASE + IB_OFF;
	uint32_t zero = 0;
	/* WAIT_REG_MEM "==" 1 on a zero dword: can never complete. */
	uint32_t wait[7] = { HDR(0x3c, 7), 3u | 1u << 4, (uint32_t)(CTL_VA + 0x200),
			     (uint32_t)(CTL_VA >> 32), 1, 0xffffffffu, 4 };
	/* EVENT_WRITE of CACHE_FLUSH_AND_INV_EVENT (0x16): not modelled. */
	uint32_t event[2] = { HDR(0x46, 2), 0x16 };
	/* ACQUIRE_MEM in the 8-dword GFX10 form. */
	uint32_t acquire[8] = { HDR(0x58, 8) };
	/* SET_SH_REG running past 0x3000. */
	uint32_t sh[4] = { HDR(0x76, 4), 0x3ff, 1, 2 };
	/* An IB that calls itself: nesting is bounded. */
	uint32_t self[4] = { HDR(0x3f, 4), (uint32_t)ib_va, (uint32_t)(ib_va >> 32),
			     1u << 23 | 4 };
	/* A packet whose COUNT runs past the write pointer. */
	uint32_t trunc[2] = { HDR(0x49, 8), 0 };
	/* WRITE_DATA to a register (DST_SEL 0). */
	uint32_t wreg[5] = { HDR(0x37, 5), 0, 0x2e00, 0, 1 };

	uint32_t call_wait[4] = { HDR(0x3f, 4), (uint32_t)(ib_va + 0x80), (uint32_t)(ib_va >> 32),
				  1u << 23 | 7 };

	memcpy(rig.ctl + 0x200, &zero, 4);
	/* A false WAIT_REG_MEM inside an IB cannot stall in this model. */
	memcpy(rig.vram + IB_OFF + 0x80, wait, sizeof(wait));
	{
		struct bh_sim_fault f;

		reset_queue();
		emit_words(call_wait, 4);
		doorbell();
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_PACKET);
		CU_ASSERT_EQUAL(f.dwords[0], wait[0]);	/* the packet in the IB */
		ASSERT_CONTAINS(f.message, "inside an IB");
	}
	expect_refused(event, 2, BH_SIM_FAULT_BAD_PACKET, "CS_PARTIAL_FLUSH");
	expect_refused(acquire, 8, BH_SIM_FAULT_BAD_PACKET, "7 dwords");
	expect_refused(sh, 4, BH_SIM_FAULT_BAD_PACKET, "range");
	memcpy(rig.vram + IB_OFF, self, sizeof(self));
	expect_refused(self, 4, BH_SIM_FAULT_BAD_PACKET, "deep");
	expect_refused(trunc, 2, BH_SIM_FAULT_BAD_PACKET, "write pointer");
	expect_refused(wreg, 5, BH_SIM_FAULT_BAD_PACKET, "destination");
}

/*
 * Register ranges whose end wraps round 2^32: a SET_SH_REG at offset
 * 0xffffd3fe (register 0xfffffffe) with 4 values, and COPY_DATA from and
 * to register 0xffffffff, 64-bit.  In 32-bit arithmetic their ends come
 * to 2 and 1, below the SH file's end, and the model wrote and read 16 GiB
 * past its register array (barehip-sim: a guest-to-host write).  Each is a
 * BAD_PACKET fault; the SH file is untouched (a later COPY_DATA reads the
 * value a valid packet put there).
 */
static void test_cp_register_wrap(void)
{
	uint32_t sh[6] = { HDR(0x76, 6), 0xffffd3feu, 1, 2, 3, 4 };
	uint32_t sh_neg[3] = { HDR(0x76, 3), 0xffffffffu, 5 };
	uint32_t from_reg[6] = { HDR(0x40, 6), 0u | 5u << 8 | 1u << 16, 0xffffffffu, 0,
				 (uint32_t)(CTL_VA + 0x500), (uint32_t)(CTL_VA >> 32) };
	uint32_t to_reg[6] = { HDR(0x40, 6), 5u | 0u << 8 | 1u << 16, 7, 8, 0xffffffffu, 0 };
	/* 64-bit from the SH file's last register: one past its end. */
	uint32_t last[6] = { HDR(0x40, 6), 0u | 5u << 8 | 1u << 16, 0x2fff, 0,
			     (uint32_t)(CTL_VA + 0x500), (uint32_t)(CTL_VA >> 32) };
	uint32_t set[3] = { HDR(0x76, 3), 0x240, 0x600d };	/* USER_DATA_0 */
	uint32_t back[6] = { HDR(0x40, 6), 0u | 5u << 8, 0x2e40, 0,
			     (uint32_t)(CTL_VA + 0x508), (uint32_t)(CTL_VA >> 32) };
	struct bh_sim_fault f;

	expect_refused(sh, 6, BH_SIM_FAULT_BAD_PACKET, "range");
	expect_refused(sh_neg, 3, BH_SIM_FAULT_BAD_PACKET, "range");
	expect_refused(from_reg, 6, BH_SIM_FAULT_BAD_PACKET, "source register");
	expect_refused(to_reg, 6, BH_SIM_FAULT_BAD_PACKET, "destination register");
	expect_refused(last, 6, BH_SIM_FAULT_BAD_PACKET, "source register");
	reset_queue();
	emit_words(set, 3);
	emit_words(to_reg, 6);
	doorbell();
	CU_ASSERT_EQUAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(bh_sim_queue_reset(rig.sim, 0), 0);	/* keeps the SH file */
	emit_words(back, 6);
	doorbell();
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(ctl_word(0x508), 0x600d);
}

/* DISPATCH_DIRECT programming the model refuses as BAD_STATE. */
static void test_dispatch_refusals(void)
{
	struct bh_sim_fault f;
	uint32_t threads[6] = { 0, 0, 0, 64 | 100u << 16, 1, 1 };
	uint32_t base[3] = { HDR(0x15, 5) | 2, 2, 1 };

	/* PARTIAL (100) larger than FULL (64) with PARTIAL_TG_EN. */
	reset_queue();
	set_sh(0x2e04, threads, 6);
	emit_words(base, 3);
	emit(1);
	emit(3);
	doorbell();
	CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_STATE);
	ASSERT_CONTAINS(f.message, "PARTIAL");
	/* COMPUTE_SHADER_EN clear; USE_THREAD_DIMENSIONS set. */
	threads[3] = 64;
	for (unsigned i = 0; i < 2; i++) {
		reset_queue();
		set_sh(0x2e04, threads, 6);
		emit_words(base, 3);
		emit(1);
		emit(i ? 0x21 : 0);
		doorbell();
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(rig.sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_BAD_STATE);
		ASSERT_CONTAINS(f.message, i ? "USE_THREAD_DIMENSIONS" : "COMPUTE_SHADER_EN");
	}
}

CU_ErrorCode bh_tests_model_exec(void)
{
	CU_pSuite s = CU_add_suite("model_exec", rig_setup, rig_teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "partial last group and EXEC", test_partial_group_and_exec);
	CU_add_test(s, "a fault stays with its queue", test_fault_stays_with_its_queue);
	CU_add_test(s, "s_barrier across four waves with LDS", test_barrier_across_waves);
	CU_add_test(s, "DS D16 loads and stores (half a register)", test_lds_d16);
	CU_add_test(s, "scalar ALU and SCC", test_scalar_alu);
	CU_add_test(s, "FLAT and DS with AccVGPR data (the ACC bit)", test_acc_memory);
	CU_add_test(s, "MODE via s_getreg/s_setreg", test_mode_register);
	CU_add_test(s, "rounding and denormal modes against MPFR", test_fp_modes);
	CU_add_test(s, "IEEE-mode min/max: sNaN, qNaN, signed zeros", test_min_max);
	CU_add_test(s, "packed f16 atomic add: rounding, denormals, NaN", test_pk_add_f16);
	CU_add_test(s, "gfx942 packed bf16 and LDS atomic adds", test_pk_add_gfx942);
	CU_add_test(s, "perm, 16-bit, SDWA dst, packed, f16, mix, LDS 64-bit, AccVGPR",
		    test_new_forms);
	CU_add_test(s, "scalar and vector siblings", test_siblings);
	CU_add_test(s, "memory fault: pc, dwords, address", test_memory_fault);
	CU_add_test(s, "illegal instruction fault", test_illegal_instruction);
	CU_add_test(s, "s_sendmsg: MSG_INTERRUPT, others refused", test_sendmsg);
	CU_add_test(s, "instruction trace of one selected wave", test_trace_one_wave);
	CU_add_test(s, "v_trig_preop_f64 against M_2_PIl", test_trig_preop);
	CU_add_test(s, "read fault in workgroup 1, then a good dispatch", test_read_fault_then_reset);
	CU_add_test(s, "watchdog", test_watchdog);
	CU_add_test(s, "bad PM4 packets", test_bad_packets);
	CU_add_test(s, "RELEASE_MEM, interrupts, ring wrap", test_release_mem_and_ring_wrap);
	CU_add_test(s, "WRITE_DATA, WAIT_REG_MEM, nested IBs and no-op packets", test_cp_packets);
	CU_add_test(s, "packets the CP refuses", test_cp_refusals);
	CU_add_test(s, "COPY_DATA and chained INDIRECT_BUFFERs", test_copy_data_and_chained_ib);
	CU_add_test(s, "register ranges that wrap in 32 bits", test_cp_register_wrap);
	CU_add_test(s, "WAIT_REG_MEM stalls and resumes; queue error and reset",
		    test_wait_stall_and_queue_reset);
	CU_add_test(s, "dispatch programming the model refuses", test_dispatch_refusals);
	return CU_get_error();
}
