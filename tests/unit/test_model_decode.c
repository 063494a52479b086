// SPDX-License-Identifier: MIT
/*
 * The GPU model's decoder against llvm-mc-19: every instruction in
 * tests/model/decode-*.s was assembled at build time; the decoder must
 * find the same mnemonic and length in each encoding, and real but
 * unimplemented instructions must fault with their PC and dwords.
 */
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "model_vectors.h"
#include "testlib.h"

#define PC BH_SIM_VRAM_BASE

static struct bh_sim *make_sim(enum bh_sim_gfx gfx)
{
	struct bh_sim_config cfg = { .gfx = gfx, .vram_size = 1 << 20, .num_cus = 1 };

	return bh_sim_create(&cfg, NULL);
}

/* llvm-mc's mnemonic minus the encoding suffix the table does not keep. */
static void mnemonic(const char *text, char *out, size_t size)
{
	size_t n = strcspn(text, " ");
	/* _e64_dpp: gfx11 VOP3 with a DPP word */
	static const char *const suffixes[] = { "_e64_dpp", "_e32", "_e64", "_sdwa", "_dpp" };

	if (n >= size)
		n = size - 1;
	memcpy(out, text, n);
	out[n] = 0;
	for (unsigned i = 0; i < 5; i++) {
		size_t s = strlen(suffixes[i]);

		if (n > s && !strcmp(out + n - s, suffixes[i])) {
			out[n - s] = 0;
			break;
		}
	}
}

static void check_vector(struct bh_sim *sim, const char *text, const uint32_t *dw,
			 unsigned n)
{
	uint32_t *mem = bh_sim_vram(sim);
	struct insn in;
	char want[64];

	memset(mem, 0, 64);
	memcpy(mem, dw, 4 * n);
	mnemonic(text, want, sizeof(want));
	if (decode(sim, PC, &in)) {
		struct bh_sim_fault f;

		bh_sim_take_fault(sim, &f);
		fprintf(stderr, "\n  %s: %s\n", text, f.message);
		CU_FAIL("llvm-mc's encoding does not decode");
		return;
	}
	/* FLAT rows name the operation; the segment prefix comes from bits. */
	const char *got = in.desc->name;
	const char *cmp = want;

	if (in.desc->fmt == FMT_FLAT) {
		static const char *const seg[] = { "flat_", "scratch_", "global_", "?" };

		cmp = strchr(want, '_') + 1;
		if (strncmp(want, seg[in.seg], strlen(seg[in.seg]))) {
			fprintf(stderr, "\n  %s: decoded segment %u\n", text, in.seg);
			CU_FAIL("FLAT segment disagrees with llvm-mc");
		}
	}
	if (strcmp(got, cmp) || in.len != n) {
		fprintf(stderr, "\n  %s: decoded %s, %u dwords (llvm-mc: %u)\n", text, got,
			in.len, n);
		CU_FAIL("decoder disagrees with llvm-mc");
	}
}

/* ----------------------------------------------- operands and modifiers */
struct dec_vec {
	const char *text;
	uint32_t dw[3];
	unsigned n;
	const char *fields;	/* "key=value ..." parsed from llvm-mc's text */
	unsigned row;		/* the table sample it varies */
};

#include "model_decode_all.h"
#include "model_decode_gfx11.h"

/* The decoded value of field @key, as gen-decode.py names them; -1 for
 * a key this test does not know (a generator/test mismatch). */
static long long field(const struct insn *in, const char *key)
{
	uint32_t w = in->sdwa_word;
	static const struct { const char *k; int shift, bits; } sdwa[] = {
		{ "dsel", 8, 3 }, { "dunused", 11, 2 }, { "s0sel", 16, 3 }, { "s1sel", 24, 3 },
		{ "dppctrl", 8, 9 }, { "boundctrl", 19, 1 }, { "bankmask", 24, 4 },
		{ "rowmask", 28, 4 },
	};

	for (unsigned i = 0; i < sizeof(sdwa) / sizeof(sdwa[0]); i++)
		if (!strcmp(key, sdwa[i].k))
			return (w >> sdwa[i].shift) & ((1u << sdwa[i].bits) - 1);
	if (!strcmp(key, "sdwaneg"))
		return ((w >> 20) & 1) | ((w >> 28) & 1) << 1;
	if (!strcmp(key, "sdwaabs"))
		return ((w >> 21) & 1) | ((w >> 29) & 1) << 1;
	if (!strcmp(key, "sdwasext"))
		return ((w >> 19) & 1) | ((w >> 27) & 1) << 1;
	if (!strcmp(key, "dppneg"))
		return ((w >> 20) & 1) | ((w >> 22) & 1) << 1;
	if (!strcmp(key, "dppabs"))
		return ((w >> 21) & 1) | ((w >> 23) & 1) << 1;
	if (!strcmp(key, "dpp8sel")) return in->dpp8 ? (long long)(w >> 8) : -2;
	if (!strcmp(key, "fi")) return in->dpp_fi;
	if (!strcmp(key, "dsty")) return in->dst_y;
	if (!strcmp(key, "srcy0")) return in->src_y[0];
	if (!strcmp(key, "srcy1")) return in->src_y[1];
	if (!strcmp(key, "dst")) return in->dst;
	if (!strcmp(key, "sdst")) return in->sdst;
	if (!strcmp(key, "src0")) return in->src[0];
	if (!strcmp(key, "src1")) return in->src[1];
	if (!strcmp(key, "src2")) return in->src[2];
	if (!strcmp(key, "lit")) return in->literal;
	if (!strcmp(key, "abs")) return in->abs;
	if (!strcmp(key, "neg")) return in->neg;
	if (!strcmp(key, "clamp")) return in->clamp;
	if (!strcmp(key, "omod")) return in->omod;
	if (!strcmp(key, "opsel")) return in->op_sel;
	if (!strcmp(key, "opselhi")) return in->op_sel_hi;
	if (!strcmp(key, "opselhi2")) return in->op_sel_hi & 3;
	if (!strcmp(key, "simm16")) return (uint16_t)in->simm16;
	if (!strcmp(key, "addr")) return in->addr;
	if (!strcmp(key, "data")) return in->data;
	if (!strcmp(key, "data1")) return in->src[2];
	if (!strcmp(key, "saddr")) return in->saddr;
	if (!strcmp(key, "soff")) return in->saddr;
	if (!strcmp(key, "srsrc")) return in->src[0];
	if (!strcmp(key, "off")) return in->offset;
	if (!strcmp(key, "off0")) return in->offset & 0xff;
	if (!strcmp(key, "off1")) return in->offset1;
	if (!strcmp(key, "gds") || !strcmp(key, "lds") || !strcmp(key, "imm")) return in->imm;
	if (!strcmp(key, "offen")) return in->offen;
	if (!strcmp(key, "idxen")) return in->idxen;
	if (!strcmp(key, "cpol")) return in->cpol;
	if (!strcmp(key, "glc")) return in->cpol & 1;
	if (!strcmp(key, "seg")) return in->seg;
	if (!strcmp(key, "sve")) return in->sve;
	if (!strcmp(key, "dmask")) return in->dmask;
	if (!strcmp(key, "dim")) return in->dim;
	if (!strcmp(key, "unorm")) return in->unorm;
	if (!strcmp(key, "d16")) return in->d16;
	if (!strcmp(key, "a16")) return in->a16;
	if (!strcmp(key, "tfe")) return in->tfe;
	if (!strcmp(key, "lwe")) return in->lwe;
	if (!strcmp(key, "r128")) return in->r128;
	if (!strcmp(key, "da")) return in->da;
	if (!strcmp(key, "acc")) return in->acc;
	if (!strcmp(key, "ssamp")) return in->src[1];
	if (!strcmp(key, "nsa")) return in->nsa;
	if (!strncmp(key, "nsa", 3) && key[3] >= '0' && key[3] <= '3' && !key[4])
		return in->nsa_addr[key[3] - '0'];
	return -1;
}

struct dec_counts {
	unsigned vectors, fields, rows;
	unsigned by_fmt[FMT_COUNT];
};

static unsigned dec_failures;

/* Decode one vector and compare every field its text names. */
static void check_fields(struct bh_sim *sim, const struct dec_vec *v, struct dec_counts *c)
{
	uint32_t *mem = bh_sim_vram(sim);
	struct insn in;
	char buf[512], *save = NULL;

	memset(mem, 0, 64);
	memcpy(mem, v->dw, 4 * v->n);
	check_vector(sim, v->text, v->dw, v->n);	/* mnemonic and length */
	if (decode(sim, PC, &in)) {
		struct bh_sim_fault f;

		bh_sim_take_fault(sim, &f);
		return;
	}
	c->vectors++;
	c->by_fmt[in.desc->fmt]++;
	snprintf(buf, sizeof(buf), "%s", v->fields);
	for (char *kv = strtok_r(buf, " ", &save); kv; kv = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(kv, '=');
		long long want = strtoll(eq + 1, NULL, 10), got;

		*eq = 0;
		got = field(&in, kv);
		c->fields++;
		if (got == want)
			continue;
		if (dec_failures++ < 25)
			fprintf(stderr, "\n  %s: %s decoded %lld, llvm-mc says %lld", v->text, kv,
				got, want);
		CU_FAIL("decoded field disagrees with llvm-mc");
	}
}

static void check_all_fields(enum bh_sim_gfx gfx, const struct bh_sim_isa *isa,
			     const struct dec_vec *vec, size_t n, unsigned rows, const char *name)
{
	static const char *const fmt_names[FMT_COUNT] = {
		"SOP2", "SOPK", "SOP1", "SOPC", "SOPP", "SMEM", "VALU", "VOP3P", "DS", "FLAT", "MUBUF",
		"VOPD", "MIMG",
	};
	struct bh_sim *sim = make_sim(gfx);
	struct bh_sim_target as_isa;

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	const struct bh_sim_target *row = sim->target;

	/* No target row uses a gfx11 table yet: decode through a copy of
	 * the board's row that names it (decode() dispatches on it). */
	if (isa) {
		as_isa = *sim->target;
		as_isa.isa = isa;
		sim->target = &as_isa;
		sim->ops = decode_table(isa);
	}
	struct dec_counts c = { 0 };
	bool *seen = calloc(rows, sizeof(*seen));

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	CU_ASSERT_PTR_NOT_NULL_FATAL(seen);
	dec_failures = 0;
	for (size_t i = 0; i < n; i++) {
		check_fields(sim, &vec[i], &c);
		if (vec[i].row < rows)
			seen[vec[i].row] = true;
	}
	for (unsigned r = 0; r < rows; r++)
		c.rows += seen[r];
	/* every table row has vectors (gen-decode.py also refuses otherwise) */
	CU_ASSERT_EQUAL(c.rows, rows);
	printf("\n  %s: %u vectors, %u fields, %u/%u table rows:", name, c.vectors, c.fields,
	       c.rows, rows);
	for (unsigned f = 0; f < FMT_COUNT; f++)
		printf(" %s %u", fmt_names[f], c.by_fmt[f]);
	printf(" ");
	free(seen);
	sim->target = row;
	bh_sim_destroy(sim);
}

static void test_gfx90a_fields(void)
{
	check_all_fields(BH_SIM_GFX90A, NULL, dec_gfx90a, sizeof(dec_gfx90a) / sizeof(dec_gfx90a[0]),
			 DEC_GFX90A_ROWS, "gfx90a");
}

static void test_gfx942_fields(void)
{
	check_all_fields(BH_SIM_GFX942, NULL, dec_gfx942, sizeof(dec_gfx942) / sizeof(dec_gfx942[0]),
			 DEC_GFX942_ROWS, "gfx942");
}

#define GFX11_FIELDS(t, T)							\
static void test_##t##_fields(void)						\
{										\
	check_all_fields(BH_SIM_GFX90A, &isa_##t, dec_##t,			\
			 sizeof(dec_##t) / sizeof(dec_##t[0]), DEC_##T##_ROWS, #t);	\
}
GFX11_FIELDS(gfx1100, GFX1100)
GFX11_FIELDS(gfx1103, GFX1103)
GFX11_FIELDS(gfx1151, GFX1151)

/* gfx11 encodings the decoder must refuse: SDWA (gone on gfx11) and an
 * encoding no gfx11 format has. */
static void test_gfx11_rejects(void)
{
	static const uint32_t bad[][2] = {
		{ 0x7e0002f9u, 0x00060601u },	/* v_mov_b32_sdwa as gfx9 encodes it */
		{ 0xfc000000u, 0 },
	};
	struct bh_sim *sim = make_sim(BH_SIM_GFX90A);

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	sim->ops = decode_table(&isa_gfx1100);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct insn in;
		struct bh_sim_fault f;

		memcpy(bh_sim_vram(sim), bad[i], 8);
		CU_ASSERT_EQUAL(decode_gfx11(sim, PC, &in), -1);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
	}
	bh_sim_destroy(sim);
}

#define CHECK_ALL(sim, vec) do {					\
		for (size_t i = 0; i < sizeof(vec) / sizeof(vec[0]); i++)	\
			check_vector(sim, vec[i].text, vec[i].dw, vec[i].n);	\
	} while (0)

static void test_gfx90a_against_llvm_mc(void)
{
	struct bh_sim *sim = make_sim(BH_SIM_GFX90A);

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	CHECK_ALL(sim, vec_gfx90a);
	CHECK_ALL(sim, vec_gfx90a_only);
	bh_sim_destroy(sim);
}

static void test_gfx942_against_llvm_mc(void)
{
	struct bh_sim *sim = make_sim(BH_SIM_GFX942);

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	CHECK_ALL(sim, vec_gfx942);
	CHECK_ALL(sim, vec_gfx942_only);
	bh_sim_destroy(sim);
}

/* gfx940 additions are not gfx90a instructions. */
static void test_gfx942_only_rejected_on_gfx90a(void)
{
	struct bh_sim *sim = make_sim(BH_SIM_GFX90A);
	struct insn in;
	struct bh_sim_fault f;

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	memcpy(bh_sim_vram(sim), vec_gfx942_only[0].dw, 8);	/* v_lshl_add_u64 */
	CU_ASSERT_EQUAL(decode(sim, PC, &in), -1);
	CU_ASSERT_EQUAL(bh_sim_take_fault(sim, &f), 1);
	CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
	bh_sim_destroy(sim);
}

static void test_unimplemented_fault_with_pc_and_dwords(void)
{
	struct bh_sim *sim = make_sim(BH_SIM_GFX90A);

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	for (size_t i = 0; i < sizeof(vec_unimplemented) / sizeof(vec_unimplemented[0]); i++) {
		struct insn in;
		struct bh_sim_fault f;
		uint8_t *mem = bh_sim_vram(sim);

		memset(mem, 0, 256);
		memcpy(mem + 0x40, vec_unimplemented[i].dw, 4 * vec_unimplemented[i].n);
		CU_ASSERT_EQUAL(decode(sim, PC + 0x40, &in), -1);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
		CU_ASSERT_EQUAL(f.pc, PC + 0x40);
		CU_ASSERT_EQUAL(f.dwords[0], vec_unimplemented[i].dw[0]);
		ASSERT_CONTAINS(f.message, "pc 0x1000000040");
	}
	bh_sim_destroy(sim);
}

/*
 * Encodings that are no instruction at all: a format the gfx9 ISA does
 * not have (top six bits 111111), and FLAT with the reserved segment 3.
 */
static void test_unknown_encoding_rejected(void)
{
	static const uint32_t bad[][2] = {
		{ 0xfc000000u, 0 },
		{ 0xdc50c000u, 0x02000000u },	/* flat_load_dword v2, v[0:1] with SEG = 3 */
	};
	struct bh_sim *sim = make_sim(BH_SIM_GFX90A);

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct insn in;
		struct bh_sim_fault f;

		memcpy(bh_sim_vram(sim), bad[i], 8);
		CU_ASSERT_EQUAL(decode(sim, PC, &in), -1);
		CU_ASSERT_EQUAL_FATAL(bh_sim_take_fault(sim, &f), 1);
		CU_ASSERT_EQUAL(f.kind, BH_SIM_FAULT_ILLEGAL_INSTRUCTION);
		CU_ASSERT_EQUAL(f.pc, PC);
		CU_ASSERT_EQUAL(f.dwords[0], bad[i][0]);
	}
	bh_sim_destroy(sim);
}

/*
 * The ACC bit (gfx90a/942): FLAT and MUBUF dword 1 bit 23, DS dword 0
 * bit 25 make the data and destination AccVGPRs.  Encodings from
 * llvm-mc-19 --show-encoding (gfx90a; the same on gfx942), with the
 * register numbers and the bit its text implies.
 */
static void test_acc_bit(void)
{
	static const struct {
		const char *text;
		uint32_t dw[2];
		bool acc;
		unsigned data, dst;
	} vec[] = {
		{ "flat_store_dwordx2 v[18:19], a[4:5]", { 0xdc740000u, 0x00800412u }, true, 4, 0 },
		{ "flat_load_dword a3, v[0:1]", { 0xdc500000u, 0x03800000u }, true, 0, 3 },
		{ "flat_load_dword v3, v[0:1]", { 0xdc500000u, 0x03000000u }, false, 0, 3 },
		{ "global_load_dwordx2 a[6:7], v0, s[0:1]", { 0xdc548000u, 0x06800000u }, true, 0, 6 },
		{ "flat_atomic_add a1, v[0:1], a2 glc", { 0xdd090000u, 0x01800200u }, true, 2, 1 },
		{ "buffer_store_dword a2, off, s[0:3], 0", { 0xe0700000u, 0x80800200u }, true, 2, 0 },
		{ "buffer_load_dword a5, v1, s[4:7], 0 offen", { 0xe0501000u, 0x80810501u }, true, 5, 0 },
		{ "ds_write_b32 v0, a1", { 0xda1a0000u, 0x00000100u }, true, 1, 0 },
		{ "ds_read_b32 a2, v0", { 0xda6c0000u, 0x02000000u }, true, 0, 2 },
		{ "ds_read_b32 v2, v0", { 0xd86c0000u, 0x02000000u }, false, 0, 2 },
		{ "scratch_load_dword a7, off, s2", { 0xdc504000u, 0x07820000u }, true, 0, 7 },
	};

	for (int g = 0; g < 2; g++) {
		struct bh_sim *sim = make_sim(g ? BH_SIM_GFX942 : BH_SIM_GFX90A);

		CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
		for (size_t i = 0; i < sizeof(vec) / sizeof(vec[0]); i++) {
			struct insn in;

			if (g && strstr(vec[i].text, "atomic"))
				continue;	/* gfx942's atomics take no AccVGPR data */
			memset(bh_sim_vram(sim), 0, 16);
			memcpy(bh_sim_vram(sim), vec[i].dw, 8);
			CU_ASSERT_EQUAL_FATAL(decode(sim, PC, &in), 0);
			if (in.acc != vec[i].acc || in.data != vec[i].data ||
			    (vec[i].dst && in.dst != vec[i].dst))
				fprintf(stderr, "\n  %s: acc %d data %u dst %u", vec[i].text, in.acc,
					in.data, in.dst);
			CU_ASSERT_EQUAL(in.acc, vec[i].acc);
			CU_ASSERT_EQUAL(in.data, vec[i].data);
			if (vec[i].dst)
				CU_ASSERT_EQUAL(in.dst, vec[i].dst);
		}
		bh_sim_destroy(sim);
	}
}

/* A few decoded fields, checked by hand against the ISA's field layout. */
static void test_fields(void)
{
	struct bh_sim *sim = make_sim(BH_SIM_GFX90A);
	struct insn in;
	/* global_load_dword v0, v1, s[4:5] offset:-4 */
	static const char text[] = "global_load_dword v0, v1, s[4:5] offset:-4";

	CU_ASSERT_PTR_NOT_NULL_FATAL(sim);
	for (size_t i = 0; i < sizeof(vec_gfx90a) / sizeof(vec_gfx90a[0]); i++) {
		if (strcmp(vec_gfx90a[i].text, text))
			continue;
		memcpy(bh_sim_vram(sim), vec_gfx90a[i].dw, 8);
		CU_ASSERT_EQUAL_FATAL(decode(sim, PC, &in), 0);
		CU_ASSERT_EQUAL(in.seg, 2);
		CU_ASSERT_EQUAL(in.offset, -4);
		CU_ASSERT_EQUAL(in.saddr, 4);
		CU_ASSERT_EQUAL(in.addr, 1);
		CU_ASSERT_EQUAL(in.dst, 0);
	}
	/* s_add_u32 s0, s1, 0x12345678: SOP2 with a literal. */
	memcpy(bh_sim_vram(sim), vec_gfx90a[0].dw, 8);
	CU_ASSERT_EQUAL_FATAL(decode(sim, PC, &in), 0);
	CU_ASSERT_EQUAL(in.literal, 0x12345678);
	CU_ASSERT_EQUAL(in.src[0], 1);
	CU_ASSERT_EQUAL(in.src[1], 255);
	bh_sim_destroy(sim);
}

CU_ErrorCode bh_tests_model_decode(void)
{
	CU_pSuite s = CU_add_suite("model_decode", NULL, NULL);

	if (!s)
		return CU_get_error();
	CU_add_test(s, "gfx90a encodings match llvm-mc", test_gfx90a_against_llvm_mc);
	CU_add_test(s, "gfx942 encodings match llvm-mc", test_gfx942_against_llvm_mc);
	CU_add_test(s, "gfx940 additions rejected on gfx90a", test_gfx942_only_rejected_on_gfx90a);
	CU_add_test(s, "unimplemented: fault with pc and dwords",
		    test_unimplemented_fault_with_pc_and_dwords);
	CU_add_test(s, "unknown encodings rejected", test_unknown_encoding_rejected);
	CU_add_test(s, "the ACC bit: AccVGPR data and destinations", test_acc_bit);
	CU_add_test(s, "decoded fields", test_fields);
	CU_add_test(s, "every table row: operands and modifiers as llvm-mc (gfx90a)",
		    test_gfx90a_fields);
	CU_add_test(s, "every table row: operands and modifiers as llvm-mc (gfx942)",
		    test_gfx942_fields);
	CU_add_test(s, "every table row: operands and modifiers as llvm-mc (gfx1100)",
		    test_gfx1100_fields);
	CU_add_test(s, "every table row: operands and modifiers as llvm-mc (gfx1103)",
		    test_gfx1103_fields);
	CU_add_test(s, "every table row: operands and modifiers as llvm-mc (gfx1151)",
		    test_gfx1151_fields);
	CU_add_test(s, "gfx11: SDWA and unknown encodings rejected", test_gfx11_rejects);
	return CU_get_error();
}
