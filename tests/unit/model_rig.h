/* SPDX-License-Identifier: MIT */
/*
 * A bare rig around the GPU model for unit tests: one gfx90a board, a
 * 1 KiB ring in GART memory, and dispatches of llvm-mc-assembled
 * programs with hand-written PM4 (layouts: docs/facts/dispatch.md §6).  The
 * program gets the data buffer (VRAM + OUT_OFF) in s[0:1].
 */
#ifndef BH_TEST_MODEL_RIG_H
#define BH_TEST_MODEL_RIG_H

#include <stddef.h>
#include <stdint.h>

#include "sim.h"

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

extern struct rig rig;
extern struct bh_sim_config rig_cfg;	/* change between rig_teardown and rig_setup */

/* RSRC1 of the next dispatch: 16 VGPRs (granule 8), f32/f64 denormals
 * kept, IEEE_MODE and DX10_CLAMP set as clang sets them. */
#define RSRC1_DEFAULT 0x00af0001u
#define RSRC1_DX10_CLAMP (1u << 21)
extern uint32_t rig_rsrc1;
/* DISPATCH_INITIATOR bits added to the next dispatch (CS_W32_EN: wave32). */
#define RIG_CS_W32_EN (1u << 15)
extern uint32_t rig_initiator;

int rig_setup(void);
int rig_teardown(void);
/* Re-arm the queue (a fault stops it, as on hardware). */
void reset_queue(void);
void emit(uint32_t dw);
void emit_words(const uint32_t *w, unsigned n);
void set_sh(uint32_t reg, const uint32_t *v, unsigned n);
void release_mem(uint32_t data_sel, uint32_t int_sel, uint64_t va, uint64_t data, uint32_t ctx);
void doorbell(void);
/* One dispatch of @prog: @groups x 1 x 1 groups of @full threads, the
 * last one @partial threads (0: full), @lds bytes of LDS. */
void dispatch(const uint32_t *prog, size_t words, uint32_t groups, uint32_t full,
	      uint32_t partial, uint32_t lds);
uint32_t out_word(unsigned i);
void fill_out(uint32_t v, unsigned n);

#endif
