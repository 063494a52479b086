/* SPDX-License-Identifier: MIT */
/*
 * Internals of HIP arrays (array.c) and of texture and surface objects
 * (texobj.c, imgdesc_gfx9.c, imgdesc_gfx11.c).
 *
 * A barehip array is linear device memory, laid out as the image
 * descriptors of the sim board's model and of the hardware read a linear
 * (SW_MODE 0) image: texel (x, y, slice) at
 *   base + slice * slice_bytes + y * pitch + x * bpe,
 * pitch = width * bpe rounded up to 256 bytes (the linear pitch
 * alignment of addrlib and ROCr's imagePitchAlignment), slice_bytes =
 * pitch * height (no padding of the height).  base is 256-byte aligned
 * (the T# keeps address bits 47:8).
 */
#ifndef BH_RT_IMAGE_H
#define BH_RT_IMAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "runtime.h"

#define BH_ARRAY_MAGIC 0x62686172u		/* "bhar" */
#define BH_IMAGE_PITCH_ALIGN 256u

struct hipArray {
	uint32_t magic;			/* BH_ARRAY_MAGIC while alive */
	struct bh_rt_device *dev;	/* the device whose memory holds it */
	void *base;			/* device address, BH_IMAGE_PITCH_ALIGN-aligned */
	size_t bytes;			/* the allocation */
	hipChannelFormatDesc desc;	/* as made (hipArrayCreate: from Format/NumChannels) */
	hipArray_Format format;		/* the driver form of desc */
	unsigned int nch, bits;		/* channels (1, 2 or 4) and bits per channel */
	size_t bpe;			/* bytes per texel */
	/* As the caller gave them (hipExtent: 0 = the dimension is absent). */
	size_t width, height, depth;
	unsigned int flags;		/* hipArrayLayered, _SurfaceLoadStore, _Cubemap, _TextureGather */
	unsigned int type;		/* hipTextureType1D ... hipTextureTypeCubemapLayered */
	size_t pitch;			/* bytes from a row to the next */
	size_t slice_bytes;		/* bytes from a slice (3D slice, layer, face) to the next */
	size_t slices;			/* 3D: depth; layered: layers; cubemap: 6 * layers; else 1 */
	size_t rows;			/* max(height, 1) */
	/* array.c's own (added after the layout above). */
	struct bh_allocation *alloc;	/* the device memory (memory.c; hipFree refuses it);
					 * NULL for a level of a mipmapped array */
	struct hipArray *next;		/* the registry of live arrays (array.c) */
	struct hipMipmappedArray *mip;	/* the mipmapped array this is a level of, or NULL */
	unsigned int level;
};

#define BH_MAX_MIP_LEVELS 15u		/* 16384 texels down to 1 */

/*
 * A mipmapped array: one allocation holding the levels of an image in
 * the layout of linear mip chains (addrlib's Gfx11Lib::
 * HwlComputeSurfaceInfoLinear, which the gfx11 texture unit rebuilds
 * from the T#): per slice (3-D slice, layer, cube face) the whole chain,
 * the smallest level first, level 0 last; level l is ceil(size / 2^l)
 * texels (ceil(width / 2^l) * bpe rounded up to 256 bytes a row), and
 * slice s of every level is s chains from the start (a 3-D level uses
 * the first max(1, depth >> l) slices) -- its API size is
 * max(1, size >> l).  Each level is also a hipArray (level[l],
 * hipGetMipmappedArrayLevel) whose slices are slice_bytes (a chain)
 * apart; copies and objects use it like any array; they go with it.
 */
struct hipMipmappedArray {
	struct bh_rt_device *dev;
	void *base;			/* the chain's start (the smallest level) */
	struct bh_allocation *alloc;
	hipChannelFormatDesc desc;
	unsigned int nch, bits, flags, levels;
	size_t width, height, depth;	/* level 0, as given (hipExtent: 0 = absent) */
	unsigned int type;		/* hipTextureType1D ... hipTextureTypeCubemapLayered */
	size_t slice_bytes;		/* one slice's chain */
	struct hipArray *level[BH_MAX_MIP_LEVELS];
	struct hipMipmappedArray *next;	/* the registry of live ones (array.c) */
};

/* A copy of live mipmapped array @m in *@out: false if @m is not one. */
bool bh_rt_mipmap_get(const struct hipMipmappedArray *m, struct hipMipmappedArray *out);

/* texobj.c: @d's GPU has image instructions (gfx90a, gfx11). */
bool bh_rt_device_has_images(struct bh_rt_device *d);

/* @a is a live array (not NULL, made by barehip, not freed): looked up
 * in array.c's registry, so a freed or foreign pointer is never read. */
bool bh_rt_array_valid(const struct hipArray *a);
/* A copy of live array @a in *@out (another thread may free @a after):
 * false if @a is not one. */
bool bh_rt_array_get(const struct hipArray *a, struct hipArray *out);

/* ---------------------------------------------- image descriptors (T#) */
/* What a T# describes, in the terms both generations share. */
enum bh_img_nf { BH_NF_UNORM, BH_NF_SNORM, BH_NF_UINT, BH_NF_SINT, BH_NF_FLOAT, BH_NF_SRGB };
/* SQ_RSRC_IMG_* (the T#'s TYPE). */
enum { BH_IMG_1D = 8, BH_IMG_2D, BH_IMG_3D, BH_IMG_CUBE, BH_IMG_1D_ARRAY, BH_IMG_2D_ARRAY };

struct bh_img_view {
	uint64_t va;			/* texel (0, 0, 0); 256-byte aligned */
	unsigned int nch, bits;		/* channels (1, 2, 4), bits each (8, 16, 32) */
	enum bh_img_nf nf;
	unsigned int type;		/* BH_IMG_* */
	uint32_t width, height;		/* texels (1D: height 1) */
	uint32_t depth;			/* 3D: slices; arrays: layers; else 1 */
	uint32_t pitch;			/* texels from a row to the next */
	bool cube;			/* a cubemap array (6 faces per layer in depth) */
	unsigned int levels;		/* a mip chain (image.h's layout): 1D/2D, gfx11 */
	bool buffer;			/* linear memory: also a V# of width texels */
	/* A resource view (texobj.c's apply_view): the layers (slices) from
	 * first_layer to depth - 1, the levels base_level..last_level of a
	 * chain (levels > 1). */
	uint32_t first_layer;
	unsigned int base_level, last_level;
	/* A view of one level of a chain (a level array of a layered or 3-D
	 * chain: its slices are a chain apart): BASE_LEVEL = LAST_LEVEL =
	 * level of a chain of levels, whose start and level-0 size are
	 * chain_*; va, width, height, depth stay the level's (the object's
	 * words 8-11). */
	bool one_level;
	unsigned int level;
	uint64_t chain_va;
	uint32_t chain_width, chain_height, chain_depth;
};

/*
 * The 8-dword T# of @v for a generation (imgdesc_gfx9.c, imgdesc_gfx11.c):
 * linear, one mip level, the swizzle of its channels (R: X001, RG: XY01,
 * RGBA: XYZW, as ROCr's).  0, or -1 when the generation has no such
 * format.
 */
int bh_rt_tsharp_gfx9(const struct bh_img_view *v, uint32_t t[8]);
int bh_rt_tsharp_gfx11(const struct bh_img_view *v, uint32_t t[8]);
/*
 * The 4-dword V# of linear texture @v (@v->buffer), which tex1Dfetch reads
 * with a typed buffer load (texture.h): @v->width texels of
 * nch * bits / 8 bytes from @v->va, the T#'s format and swizzle, an
 * index past the end reading 0.  0, or -1 when the generation has no
 * such buffer format (sRGB).
 */
int bh_rt_vsharp_gfx9(const struct bh_img_view *v, uint32_t vs[4]);
int bh_rt_vsharp_gfx11(const struct bh_img_view *v, uint32_t vs[4]);
/* DST_SEL_X..W of @nch channels, packed as T# word 3 bits 11:0. */
uint32_t bh_rt_tsharp_swizzle(unsigned int nch);

#endif
