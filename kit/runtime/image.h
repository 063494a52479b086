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
	struct bh_allocation *alloc;	/* the device memory (memory.c; hipFree refuses it) */
	struct hipArray *next;		/* the registry of live arrays (array.c) */
};

/* @a is a live array (not NULL, made by barehip, not freed): looked up
 * in array.c's registry, so a freed or foreign pointer is never read. */
bool bh_rt_array_valid(const struct hipArray *a);

#endif
