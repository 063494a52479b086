/* SPDX-License-Identifier: MIT */
/*
 * Image resource (T#) and sampler (S#) descriptors, decoded into one form
 * for both generations (image_desc.c), and what the image instructions
 * (exec_image.c) read of them.  Field positions: Mesa's register files
 * (src/amd/registers gfx9.json, gfx11-rsrc.json: SQ_IMG_RSRC_WORD*,
 * SQ_IMG_SAMP_WORD*), which ROCr's image managers agree with.
 */
#ifndef BH_SIM_IMAGE_H
#define BH_SIM_IMAGE_H

#include "model.h"

/* Number formats (gfx9 IMG_NUM_FORMAT; gfx11's unified FORMAT maps here). */
enum img_nf { NF_UNORM, NF_SNORM, NF_USCALED, NF_SSCALED, NF_UINT, NF_SINT, NF_FLOAT, NF_SRGB };

/* SQ_RSRC_IMG_* (T# TYPE; gfx11's DIM field is TYPE - 8). */
enum {
	IMG_1D = 8, IMG_2D, IMG_3D, IMG_CUBE, IMG_1D_ARRAY, IMG_2D_ARRAY, IMG_2D_MSAA,
	IMG_2D_MSAA_ARRAY
};

/* SQ_SEL_XYZW01 (DST_SEL_*). */
enum { SEL_0 = 0, SEL_1 = 1, SEL_X = 4 };

/* SQ_TEX_CLAMP (S# CLAMP_X/Y/Z). */
enum { CLAMP_WRAP = 0, CLAMP_MIRROR = 1, CLAMP_LAST_TEXEL = 2, CLAMP_BORDER = 6 };

struct img_rsrc {
	uint64_t base;			/* byte address of texel (0, 0, 0) */
	uint8_t nch, bits, nf;		/* channels in memory, bits each, enum img_nf */
	uint8_t bpe;			/* bytes per texel */
	uint8_t type;			/* IMG_* */
	uint8_t sel[4];			/* DST_SEL_X..W */
	uint32_t width, height, depth;	/* texels; depth: slices of a 3D image, else 1 */
	uint32_t first_layer, layers;	/* arrays and cubes (6 faces per cube), else 0, 1 */
	uint32_t pitch;			/* texels from one row to the next (level 0) */
	/* Mip levels: MAX_MIP + 1 in the chain, BASE_LEVEL..LAST_LEVEL in view. */
	uint8_t levels, base_level, last_level;
	uint32_t lw[16], lh[16];	/* each level's size in texels */
	uint32_t ld[16];		/* each level's depth (3D: max(1, depth >> l)), else 1 */
	uint32_t lpitch[16];		/* each level's row pitch in texels */
	uint64_t loff[16];		/* each level's byte offset in a slice */
	uint64_t slice_bytes;		/* a slice: its whole mip chain */
};

struct img_samp {
	uint8_t clamp[3];		/* CLAMP_X/Y/Z */
	bool unnorm;			/* FORCE_UNNORMALIZED */
	bool cube_nowrap;		/* DISABLE_CUBE_WRAP: no filtering across cube faces */
	uint8_t mag, min;		/* XY_MAG_FILTER, XY_MIN_FILTER: 0 point, 1 bilinear */
	uint8_t zfilter;		/* Z_FILTER: 0 none (the XY filter), 1 point, 2 linear */
	uint8_t border;			/* BORDER_COLOR_TYPE */
	uint8_t mip_filter;		/* MIP_FILTER: 0 none, 1 point, 2 linear */
	float lod_bias, min_lod, max_lod;
};

/* OOB_SELECT of a V# (gfx10+; the model gives gfx9's rule these names):
 * what makes a buffer access out of range. */
enum {
	BUF_OOB_INDEX_OFFSET,		/* index >= NUM_RECORDS or offset >= STRIDE */
	BUF_OOB_INDEX,			/* index >= NUM_RECORDS */
	BUF_OOB_NONE,			/* only NUM_RECORDS == 0 */
	BUF_OOB_RAW,			/* offset + size > NUM_RECORDS */
};

/* A buffer resource (V#) read by a typed access (buffer_load_format_*):
 * its format is an img_rsrc's (nch, bits, nf, bpe, sel). */
struct buf_rsrc {
	uint64_t base;
	uint32_t stride, num_records;
	unsigned oob;			/* BUF_OOB_* */
	struct img_rsrc fmt;
};

/* Decode the V# at SGPRs src[0].. of @in: 0, or -1 after a fault naming
 * what the model refuses (swizzled or ADD_TID buffers, a format it does
 * not have, a T# where a V# belongs). */
int buf_rsrc_read(struct wave *w, const struct insn *in, struct buf_rsrc *b);

/* The four output components of texel @p of format @r (its channels
 * through DST_SEL; f32 bits, or integers for UINT/SINT). */
void img_texel_components(const struct img_rsrc *r, const uint8_t *p, uint32_t out[4]);

/*
 * Decode the T# at SGPRs src[0].. and the S# at src[1].. of @in into @r
 * and @s: 0, or -1 after a fault that names what the model refuses (a
 * tiled or compressed layout, a mip chain, MSAA, a format it does not
 * implement, a reserved value).
 */
int img_rsrc_read(struct wave *w, const struct insn *in, struct img_rsrc *r);
int img_samp_read(struct wave *w, const struct insn *in, struct img_samp *s);

#endif
