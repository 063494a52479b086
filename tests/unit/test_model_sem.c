// SPDX-License-Identifier: MIT
/*
 * Per-instruction semantics of the GPU model against expectations worked
 * out by hand from the ISA text (tests/model/semantics.txt, turned into
 * programs by gen-semantics.py): shift counts past the width, carries,
 * saturating conversions, NaN/inf/±0/denormal arithmetic, omod/clamp
 * (under both settings of DX10_CLAMP), compares and classes, f16 and f64
 * rounding ties.  Each block runs as one wave: lane i checks vector i,
 * and one more lane with its EXEC bit clear must leave the destination
 * untouched (and get VCC = 0 from a compare).  The gfx11 tables
 * (semantics-gfx11.txt on gfx1100, semantics-gfx1151.txt on gfx1151) run
 * the same way at wave32.
 */
#include <stdio.h>
#include <string.h>

#include "model_rig.h"
#include "testlib.h"

struct sem_vec {
	uint64_t in[3];
	unsigned vcc_in;
	uint64_t want;
	int nan;		/* 0 exact, 1/2/3: a quiet f32/f64/f16 NaN */
	int vcc_out;		/* -1: not checked */
	int line;		/* in semantics.txt */
};

struct sem_block {
	const char *insn;
	const uint32_t *prog;
	size_t words;
	const struct sem_vec *vecs;
	unsigned n;
	bool wide;		/* 64-bit destination */
	bool cmp;		/* a compare: inactive lanes get VCC = 0 */
	bool no_dx10_clamp;	/* RSRC1.DX10_CLAMP clear: a clamped NaN passes */
};

#include "model_sem.h"
#include "model_sem_gfx11.h"

#define SENTINEL 0x5e5e5e5ea5a5a5a5ull

static bool quiet_nan(int kind, uint64_t v)
{
	switch (kind) {
	case 1: return (v & 0x7fc00000u) == 0x7fc00000u;
	case 2: return (v & 0x7ff8000000000000ull) == 0x7ff8000000000000ull;
	default: return (v & 0x7e00) == 0x7e00;
	}
}

static unsigned failures;

static const char *sem_file = "semantics.txt";

static void run_block(const struct sem_block *b, unsigned lanes)
{
	uint8_t *mem = rig.vram + OUT_OFF;
	uint64_t exec = 0, vcc = 0;
	struct bh_sim_fault f;

	/* Lane n (the masked one) repeats vector 0 with its EXEC bit clear. */
	for (unsigned l = 0; l <= b->n; l++) {
		const struct sem_vec *v = &b->vecs[l < b->n ? l : 0];
		uint64_t words[4] = { v->in[0], v->in[1], v->in[2], SENTINEL };

		memcpy(mem + 0x100 + 32 * l, words, 32);
		if (l < b->n)
			exec |= 1ull << l;
		vcc |= (uint64_t)(v->vcc_in & 1) << l;
	}
	memcpy(mem, &exec, 8);
	memcpy(mem + 8, &vcc, 8);
	reset_queue();
	rig_rsrc1 = b->no_dx10_clamp ? RSRC1_DEFAULT & ~RSRC1_DX10_CLAMP : RSRC1_DEFAULT;
	rig_initiator = lanes == 32 ? RIG_CS_W32_EN : 0;
	dispatch(b->prog, b->words, 1, lanes, 0, 0);
	rig_rsrc1 = RSRC1_DEFAULT;
	rig_initiator = 0;
	if (bh_sim_take_fault(rig.sim, &f)) {
		fprintf(stderr, "\n  %s: %s", b->insn, f.message);
		CU_FAIL("the instruction faulted");
		return;
	}
	for (unsigned l = 0; l <= b->n; l++) {
		const struct sem_vec *v = &b->vecs[l < b->n ? l : 0];
		uint32_t o[3];
		uint64_t got, want = l < b->n ? v->want : SENTINEL;

		memcpy(o, mem + 0x1000 + 16 * l, 12);
		got = b->wide || l == b->n ? o[0] | (uint64_t)o[1] << 32 : o[0];
		if (b->cmp && l < b->n)		/* compares write only VCC */
			want = b->wide ? SENTINEL : (uint32_t)SENTINEL;
		bool ok = l < b->n && v->nan && !b->cmp ? quiet_nan(v->nan, got) : got == want;
		int vcc_want = l < b->n ? v->vcc_out : b->cmp ? 0 : -1;

		if (vcc_want >= 0 && (int)o[2] != vcc_want)
			ok = false;
		if (ok)
			continue;
		CU_FAIL("instruction result differs from the semantic table");
		if (failures++ < 20)
			fprintf(stderr, "\n  %s:%d %s%s%s: got 0x%llx vcc=%u, want %s0x%llx "
				"vcc=%d", sem_file, v->line, b->insn, b->no_dx10_clamp ? " [DX10_CLAMP=0]" : "",
				l == b->n ? " (EXEC-masked lane)" : "",
				(unsigned long long)got, o[2], v->nan && l < b->n ? "NaN, not " : "",
				(unsigned long long)want, vcc_want);
	}
}

static void run_table(const char *file, const struct sem_block *blocks, size_t n,
		      unsigned lanes)
{
	unsigned vectors = 0;

	failures = 0;
	sem_file = file;
	for (size_t i = 0; i < n; i++) {
		run_block(&blocks[i], lanes);
		vectors += blocks[i].n;
	}
	printf("\n  %zu blocks, %u vectors, EXEC-masked lane in each ", n, vectors);
}

#define RUN_TABLE(file, blocks, lanes) \
	run_table(file, blocks, sizeof(blocks) / sizeof(blocks[0]), lanes)

static void test_semantics(void)
{
	RUN_TABLE("semantics.txt", sem_blocks, 64);
}

static void test_semantics_gfx1100(void)
{
	RUN_TABLE("semantics-gfx11.txt", sem11_blocks, 32);
}

static void test_semantics_gfx1151(void)
{
	RUN_TABLE("semantics-gfx1151.txt", sem1151_blocks, 32);
}

/* The rig on another target for one suite; back to gfx90a after it. */
static int setup_gfx1100(void)
{
	rig_cfg.gfx = BH_SIM_GFX1100;
	return rig_setup();
}

static int setup_gfx1151(void)
{
	rig_cfg.gfx = BH_SIM_GFX1151;
	return rig_setup();
}

static int teardown_gfx11(void)
{
	int ret = rig_teardown();

	rig_cfg.gfx = BH_SIM_GFX90A;
	return ret;
}

CU_ErrorCode bh_tests_model_sem(void)
{
	CU_pSuite s = CU_add_suite("model_sem", rig_setup, rig_teardown);
	CU_pSuite s11 = CU_add_suite("model_sem_gfx1100", setup_gfx1100, teardown_gfx11);
	CU_pSuite s1151 = CU_add_suite("model_sem_gfx1151", setup_gfx1151, teardown_gfx11);

	if (!s || !s11 || !s1151)
		return CU_get_error();
	CU_add_test(s, "per-instruction edge cases (semantics.txt)", test_semantics);
	CU_add_test(s11, "gfx11 at wave32 (semantics-gfx11.txt)", test_semantics_gfx1100);
	CU_add_test(s1151, "gfx11.5 scalar float (semantics-gfx1151.txt)", test_semantics_gfx1151);
	return CU_get_error();
}
