// SPDX-License-Identifier: MIT
/*
 * Per-instruction semantics of the GPU model against expectations worked
 * out by hand from the ISA text (tests/model/semantics.txt, turned into
 * programs by gen-semantics.py): shift counts past the width, carries,
 * saturating conversions, NaN/inf/±0/denormal arithmetic, omod/clamp
 * (under both settings of DX10_CLAMP), compares and classes, f16 and f64
 * rounding ties.  Each block runs as one wave: lane i checks vector i,
 * and one more lane with its EXEC bit clear must leave the destination
 * untouched (and get VCC = 0 from a compare).
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

static void run_block(const struct sem_block *b)
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
	dispatch(b->prog, b->words, 1, 64, 0, 0);
	rig_rsrc1 = RSRC1_DEFAULT;
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
		CU_FAIL("instruction result differs from semantics.txt");
		if (failures++ < 20)
			fprintf(stderr, "\n  semantics.txt:%d %s%s%s: got 0x%llx vcc=%u, want %s0x%llx "
				"vcc=%d", v->line, b->insn, b->no_dx10_clamp ? " [DX10_CLAMP=0]" : "",
				l == b->n ? " (EXEC-masked lane)" : "",
				(unsigned long long)got, o[2], v->nan && l < b->n ? "NaN, not " : "",
				(unsigned long long)want, vcc_want);
	}
}

static void test_semantics(void)
{
	unsigned vectors = 0;

	failures = 0;
	for (size_t i = 0; i < sizeof(sem_blocks) / sizeof(sem_blocks[0]); i++) {
		run_block(&sem_blocks[i]);
		vectors += sem_blocks[i].n;
	}
	printf("\n  %zu instructions, %u vectors, EXEC-masked lane in each ",
	       sizeof(sem_blocks) / sizeof(sem_blocks[0]), vectors);
}

CU_ErrorCode bh_tests_model_sem(void)
{
	CU_pSuite s = CU_add_suite("model_sem", rig_setup, rig_teardown);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "per-instruction edge cases (semantics.txt)", test_semantics);
	return CU_get_error();
}
