/* SPDX-License-Identifier: MIT */
/*
 * The gfx11 (RDNA3) image resource descriptor of a linear image: Mesa's
 * gfx11-rsrc.json SQ_IMG_RSRC_WORD0..7 and its unified FORMAT table
 * (ROCr's image_manager_gfx11 fills the same bits).  The row pitch of 1D
 * and 2D images goes in word4 bits 13:0 (the DEPTH field, PITCH on
 * gfx10.3+, as ROCr writes it); arrays and 3D images have no pitch field
 * and the hardware takes addrlib's linear pitch, which is the runtime's
 * (a row rounded up to 256 bytes: image.h).
 */
#include "image.h"

/* The FORMAT of (channels, bits, number format); 0 = none. */
static unsigned int format(unsigned int nch, unsigned int bits, enum bh_img_nf nf)
{
	/* Rows: UNORM, SNORM, UINT, SINT, FLOAT, SRGB. */
	static const uint8_t f8[3][6] = {
		{ 1, 2, 5, 6, 0, 64 }, { 14, 15, 18, 19, 0, 65 }, { 42, 43, 46, 47, 0, 66 },
	};
	static const uint8_t f16[3][6] = {
		{ 7, 8, 11, 12, 13, 0 }, { 23, 24, 27, 28, 29, 0 }, { 51, 52, 55, 56, 57, 0 },
	};
	static const uint8_t f32[3][6] = {
		{ 0, 0, 20, 21, 22, 0 }, { 0, 0, 48, 49, 50, 0 }, { 0, 0, 61, 62, 63, 0 },
	};
	unsigned int c = nch == 1 ? 0 : nch == 2 ? 1 : nch == 4 ? 2 : 3;

	if (c > 2)
		return 0;
	return bits == 8 ? f8[c][nf] : bits == 16 ? f16[c][nf] : bits == 32 ? f32[c][nf] : 0;
}

int bh_rt_tsharp_gfx11(const struct bh_img_view *v, uint32_t t[8])
{
	unsigned int fmt = format(v->nch, v->bits, v->nf);
	/* A view of one level of a chain describes the chain (level 0's
	 * size at its start) and reads only that level. */
	uint64_t va = v->one_level ? v->chain_va : v->va;
	uint32_t width = v->one_level ? v->chain_width : v->width;
	uint32_t height = v->one_level ? v->chain_height : v->height;
	uint32_t slices = v->one_level ? v->chain_depth : v->depth;
	uint32_t w = width - 1;
	uint32_t depth;

	if (!fmt)
		return -1;
	if (v->type == BH_IMG_3D || v->type >= BH_IMG_CUBE)
		depth = slices - 1;			/* last slice / layer */
	else if (v->levels > 1)
		depth = 0;		/* a mip chain: addrlib's pitches, no custom one */
	else if (v->type == BH_IMG_1D || v->type == BH_IMG_2D)
		depth = (v->pitch - 1) & 0x3fff;		/* PITCH (with its MSB, bit 13) */
	else
		depth = 0;
	uint32_t last = v->levels > 1 ? v->levels - 1 : 0;
	uint32_t base_level = v->one_level ? v->level : v->levels > 1 ? v->base_level : 0;
	uint32_t last_level = v->one_level ? v->level : v->levels > 1 ? v->last_level : 0;

	t[0] = (uint32_t)(va >> 8);
	t[1] = ((uint32_t)(va >> 40) & 0xff) | last << 16 | fmt << 20 | (w & 3) << 30;
	t[2] = w >> 2 | (height - 1) << 14;
	/* MAX_MIP the chain's last level; BASE_LEVEL..LAST_LEVEL the levels
	 * read; SW_MODE 0: linear. */
	t[3] = bh_rt_tsharp_swizzle(v->nch) | base_level << 12 | last_level << 16 |
	       (uint32_t)v->type << 28;
	t[4] = depth | (v->first_layer & 0x1fff) << 16;		/* BASE_ARRAY */
	t[5] = 0;
	t[6] = 0;						/* no compression */
	t[7] = 0;
	return 0;
}

/*
 * The V# (SQ_BUF_RSRC_WORD0..3): FORMAT from the same table as the T#'s
 * (Mesa writes img_format into texel buffer descriptors; llvm-mc-19's
 * BUF_FMT_* agree), STRIDE the texel size, NUM_RECORDS in texels and
 * OOB_SELECT 0, radv's for texel buffers: index >= NUM_RECORDS (or an
 * offset beyond the texel) reads 0.  sRGB is no buffer format.
 */
int bh_rt_vsharp_gfx11(const struct bh_img_view *v, uint32_t vs[4])
{
	unsigned int fmt = format(v->nch, v->bits, v->nf);

	if (!fmt || v->nf == BH_NF_SRGB)
		return -1;
	vs[0] = (uint32_t)v->va;
	vs[1] = ((uint32_t)(v->va >> 32) & 0xffff) | (v->nch * v->bits / 8) << 16;
	vs[2] = v->width;
	vs[3] = bh_rt_tsharp_swizzle(v->nch) | fmt << 12;	/* OOB_SELECT 0, TYPE 0 */
	return 0;
}
