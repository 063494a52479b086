// SPDX-License-Identifier: MIT
/* The model rig of the unit tests (model_rig.h). */
#include <stdlib.h>
#include <string.h>

#include "model_rig.h"
#include "testlib.h"

struct rig rig;

/* One host thread: the rig's programs assert the model's single-threaded
 * order (test_model_pool.c runs it on more). */
struct bh_sim_config rig_cfg = { .gfx = BH_SIM_GFX90A, .vram_size = 16 << 20,
					 .num_cus = 1, .max_instructions = 100000, .threads = 1 };

int rig_setup(void)
{
	rig.sim = bh_sim_create(&rig_cfg, NULL);
	rig.ring = aligned_alloc(4096, 4096);
	rig.ctl = aligned_alloc(4096, 4096);
	if (rig.ring)
		memset(rig.ring, 0, 4096);
	if (rig.ctl)
		memset(rig.ctl, 0, 4096);
	if (!rig.sim || !rig.ring || !rig.ctl ||
	    bh_sim_gart_map(rig.sim, RING_VA, rig.ring, 4096) ||
	    bh_sim_gart_map(rig.sim, RING_VA + 4096, rig.ctl, 4096) ||
	    bh_sim_queue_init(rig.sim, 0, RING_VA, 1024, RING_VA + 4096))
		return 1;
	rig.vram = bh_sim_vram(rig.sim);
	rig.wptr = 0;
	return 0;
}

int rig_teardown(void)
{
	bh_sim_destroy(rig.sim);
	free(rig.ring);
	free(rig.ctl);
	return 0;
}

void reset_queue(void)
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

void emit(uint32_t dw)
{
	rig.ring[rig.wptr++ % 256] = dw;
}

void set_sh(uint32_t reg, const uint32_t *v, unsigned n)
{
	emit(HDR(SET_SH, n + 2));
	emit(reg - 0x2c00);
	for (unsigned i = 0; i < n; i++)
		emit(v[i]);
}

void release_mem(uint32_t data_sel, uint32_t int_sel, uint64_t va, uint64_t data, uint32_t ctx)
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

void doorbell(void)
{
	bh_sim_doorbell(rig.sim, 0, rig.wptr);
}

uint32_t rig_rsrc1 = RSRC1_DEFAULT;
uint32_t rig_initiator;

void dispatch(const uint32_t *prog, size_t words, uint32_t groups, uint32_t full,
	      uint32_t partial, uint32_t lds)
{
	uint64_t code = BH_SIM_VRAM_BASE + CODE_OFF, out = BH_SIM_VRAM_BASE + OUT_OFF;
	uint32_t pgm[2] = { (uint32_t)(code >> 8), (uint32_t)(code >> 40) };
	/* 2 user SGPRs + TGID_X. */
	uint32_t rsrc[2] = { rig_rsrc1, (2u << 1) | (1u << 7) | ((lds + 511) / 512) << 15 };
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
	emit(1u | (partial ? 2u : 0) | rig_initiator);	/* COMPUTE_SHADER_EN, PARTIAL_TG_EN */
	release_mem(2, 2, RING_VA + 4096 + FENCE_OFF, 0x1122334455667788ull, 77);
	doorbell();
}

uint32_t out_word(unsigned i)
{
	uint32_t v;

	memcpy(&v, rig.vram + OUT_OFF + 4 * i, 4);
	return v;
}

void fill_out(uint32_t v, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		memcpy(rig.vram + OUT_OFF + 4 * i, &v, 4);
}


void emit_words(const uint32_t *w, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		emit(w[i]);
}
