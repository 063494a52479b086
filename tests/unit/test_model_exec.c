// SPDX-License-Identifier: MIT
/*
 * The GPU model through its public face only (sim.h): kernels assembled
 * by llvm-mc-19 (tests/model/programs), PM4 written by hand from the
 * packet layouts in ref/dispatch.md §6, expectations computed by hand.
 */
#include <stdlib.h>
#include <string.h>

#include "model_programs.h"
#include "sim.h"
#include "testlib.h"

#define HDR(op, ndw) (0xc0000000u | (uint32_t)((ndw) - 2) << 16 | (uint32_t)(op) << 8)
#define SET_SH 0x76
#define RING_VA (BH_SIM_GART_BASE)
#define CODE_OFF 0x1000
#define OUT_OFF 0x10000
#define FENCE_OFF 0x800	/* in the GART page after the ring */

struct rig {
	struct bh_sim *sim;
	uint32_t *ring;		/* 1024 bytes = 256 dwords */
	uint8_t *ctl;		/* rptr at 0, fence at FENCE_OFF */
	uint64_t wptr;
	uint8_t *vram;
};

static struct rig rig;

static int setup(void)
{
	struct bh_sim_config cfg = { .gfx = BH_SIM_GFX90A, .vram_size = 16 << 20,
				     .num_cus = 1, .max_instructions = 100000 };

	rig.sim = bh_sim_create(&cfg, NULL);
	rig.ring = aligned_alloc(4096, 4096);
	rig.ctl = aligned_alloc(4096, 4096);
	if (!rig.sim || !rig.ring || !rig.ctl ||
	    bh_sim_gart_map(rig.sim, RING_VA, rig.ring, 4096) ||
	    bh_sim_gart_map(rig.sim, RING_VA + 4096, rig.ctl, 4096) ||
	    bh_sim_queue_init(rig.sim, 0, RING_VA, 1024, RING_VA + 4096))
		return 1;
	rig.vram = bh_sim_vram(rig.sim);
	rig.wptr = 0;
	return 0;
}

static int teardown(void)
{
	bh_sim_destroy(rig.sim);
	free(rig.ring);
	free(rig.ctl);
	return 0;
}

/* Re-arm the queue (a fault stops it, as on hardware). */
static void reset_queue(void)
{
	struct bh_sim_fault f;
	uint32_t ctx;

	while (bh_sim_take_fault(rig.sim, &f))
		;
	while (bh_sim_take_interrupt(rig.sim, &ctx))
		;
	CU_ASSERT_EQUAL(bh_sim_queue_init(rig.sim, 0, RING_VA, 1024, RING_VA + 4096), 0);
	rig.wptr = 0;
}

static void emit(uint32_t dw)
{
	rig.ring[rig.wptr++ % 256] = dw;
}

static void set_sh(uint32_t reg, const uint32_t *v, unsigned n)
{
	emit(HDR(SET_SH, n + 2));
	emit(reg - 0x2c00);
	for (unsigned i = 0; i < n; i++)
		emit(v[i]);
}

static void release_mem(uint32_t data_sel, uint32_t int_sel, uint64_t va, uint64_t data,
			uint32_t ctx)
{
	emit(HDR(0x49, 8));
	emit(0x00238514u);
	emit(data_sel << 29 | int_sel << 24);
	emit((uint32_t)va);
	emit((uint32_t)(va >> 32));
	emit((uint32_t)data);
	emit((uint32_t)(data >> 32));
	emit(ctx);
}

static void doorbell(void)
{
	bh_sim_doorbell(rig.sim, 0, rig.wptr);
}

/* One dispatch of @prog: @groups x 1 x 1 groups of @full threads, the
 * last one @partial threads (0: full), @lds bytes of LDS. */
static void dispatch(const uint32_t *prog, size_t words, uint32_t groups, uint32_t full,
		     uint32_t partial, uint32_t lds)
{
	uint64_t code = BH_SIM_VRAM_BASE + CODE_OFF, out = BH_SIM_VRAM_BASE + OUT_OFF;
	uint32_t pgm[2] = { (uint32_t)(code >> 8), (uint32_t)(code >> 40) };
	/* 16 VGPRs (granule 8), f32 denormals kept; 2 user SGPRs + TGID_X. */
	uint32_t rsrc[2] = { 0x000f0001, (2u << 1) | (1u << 7) | ((lds + 511) / 512) << 15 };
	uint32_t threads[6] = { 0, 0, 0, full | partial << 16, 1, 1 };
	uint32_t user[2] = { (uint32_t)out, (uint32_t)(out >> 32) };
	uint32_t zero = 0;

	memcpy(rig.vram + CODE_OFF, prog, words * 4);
	set_sh(0x2e0c, pgm, 2);
	set_sh(0x2e12, rsrc, 2);
	set_sh(0x2e18, &zero, 1);
	set_sh(0x2e04, threads, 6);
	set_sh(0x2e40, user, 2);
	emit(HDR(0x15, 5) | 2);
	emit(groups);
	emit(1);
	emit(1);
	emit(1u | (partial ? 2u : 0));		/* COMPUTE_SHADER_EN, PARTIAL_TG_EN */
	release_mem(2, 2, RING_VA + 4096 + FENCE_OFF, 0x1122334455667788ull, 77);
	doorbell();
}

static uint32_t out_word(unsigned i)
{
	uint32_t v;

	memcpy(&v, rig.vram + OUT_OFF + 4 * i, 4);
	return v;
}

static void fill_out(uint32_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		memcpy(rig.vram + OUT_OFF + 4 * i, &v, 4);
}

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

static void test_mode_register(void)
{
	struct bh_sim_fault f;

	reset_queue();
	fill_out(0xdeadbeef, 4);
	dispatch(prog_mode, sizeof(prog_mode) / 4, 1, 64, 0, 0);
	CU_ASSERT_FALSE(bh_sim_take_fault(rig.sim, &f));
	CU_ASSERT_EQUAL(out_word(0), 0xf0);		/* RSRC1 FP_DENORM 0xf -> MODE[7:4] */
	CU_ASSERT_EQUAL(out_word(1), 0x00400000);	/* 2^-127 kept */
	CU_ASSERT_EQUAL(out_word(2), 0);		/* flushed after s_setreg */
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
	/* The queue stopped: a new doorbell does nothing. */
	uint64_t before;

	memcpy(&before, rig.ctl + FENCE_OFF, 8);
	release_mem(2, 0, RING_VA + 4096 + FENCE_OFF, 42, 0);
	doorbell();
	uint64_t after;

	memcpy(&after, rig.ctl + FENCE_OFF, 8);
	CU_ASSERT_EQUAL(after, before);
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

CU_ErrorCode bh_tests_model_exec(void)
{
	CU_pSuite s = CU_add_suite("model_exec", setup, teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "partial last group and EXEC", test_partial_group_and_exec);
	CU_add_test(s, "s_barrier across four waves with LDS", test_barrier_across_waves);
	CU_add_test(s, "scalar ALU and SCC", test_scalar_alu);
	CU_add_test(s, "MODE via s_getreg/s_setreg", test_mode_register);
	CU_add_test(s, "memory fault: pc, dwords, address", test_memory_fault);
	CU_add_test(s, "illegal instruction fault", test_illegal_instruction);
	CU_add_test(s, "watchdog", test_watchdog);
	CU_add_test(s, "bad PM4 packets", test_bad_packets);
	CU_add_test(s, "RELEASE_MEM, interrupts, ring wrap", test_release_mem_and_ring_wrap);
	return CU_get_error();
}
