/* SPDX-License-Identifier: MIT */
/*
 * Texture and surface objects: the descriptors device code reads
 * (kit/include/hip/bh/texture.h) and the host calls that make, query and
 * destroy them.
 *
 * An object is 20 dwords of coherent host memory the GPU reads
 * (BH_MEM_HOST): the T# (dwords 0-7, imgdesc_gfx9.c / imgdesc_gfx11.c),
 * bytes per texel, height, width and depth-or-layers (8-11, read by the
 * surface functions and the point-sampling snap), the S# (12-15) and,
 * for linear memory, the V# that tex1Dfetch reads (16-19; else zeros).
 * Its handle is its GPU address.
 *
 * Which devices have images: those whose targets have image
 * instructions, gfx90a and gfx11 (gfx942 has none: ImageSupport 0 and
 * every object call is hipErrorNotSupported there, as the texture
 * functions are unavailable in its device code).  Mipmapped textures
 * are gfx11's only (MI200 has no mip levels).  A linear-memory texture
 * is a typed buffer (a V#) of up to 2^27 texels, and also a 1D image
 * when it fits in one (16384 texels).
 */
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "image.h"

#define OBJ_DWORDS 20
#define MAX_IMAGE_DIM 16384u		/* T# WIDTH/HEIGHT: 14 bits */
#define MAX_IMAGE_DEPTH 8192u		/* T# DEPTH: 13 bits */
/* Texels of a linear texture, read through a V# (NUM_RECORDS is 32 bits):
 * ROCm's and CUDA's maxTexture1DLinear, 2^27. */
#define MAX_LINEAR_TEXELS (1u << 27)

struct texobj {
	struct texobj *next;
	uint64_t handle;		/* the GPU address of the words */
	struct bh_mem mem;
	struct bh_rt_device *dev;
	bool surface;
	hipResourceDesc res;
	hipTextureDesc tex;
	struct hipResourceViewDesc view;
	bool has_view;
};

static pthread_mutex_t objs_lock = PTHREAD_MUTEX_INITIALIZER;
static struct texobj *objs;

/* The device's generation with images: 9 (gfx90a), 11, or 0 (none). */
static int image_gen(struct bh_rt_device *d)
{
	const struct bh_device_info *i = bh_device_get_info(d->dev);

	if (!strcmp(i->gfx, "gfx90a"))
		return 9;
	return i->gfx_version / 10000 == 11 ? 11 : 0;
}

/* ROCr's channel-order swizzles: R (X,0,0,1), RG (X,Y,0,1), RGBA (X,Y,Z,W);
 * SQ_SEL_0 0, SQ_SEL_1 1, SQ_SEL_X..W 4..7. */
uint32_t bh_rt_tsharp_swizzle(unsigned int nch)
{
	static const uint8_t sel[3][4] = { { 4, 0, 0, 1 }, { 4, 5, 0, 1 }, { 4, 5, 6, 7 } };
	const uint8_t *s = sel[nch == 1 ? 0 : nch == 2 ? 1 : 2];

	return (uint32_t)s[0] | (uint32_t)s[1] << 3 | (uint32_t)s[2] << 6 | (uint32_t)s[3] << 9;
}

bool bh_rt_device_has_images(struct bh_rt_device *d)
{
	return image_gen(d) != 0;
}

/* Channels, bits and kind of @desc: 0, or an error naming @api. */
static hipError_t channels(const char *api, const hipChannelFormatDesc *desc, unsigned int *nch,
			   unsigned int *bits)
{
	int b[4] = { desc->x, desc->y, desc->z, desc->w };
	unsigned int n = 0;

	while (n < 4 && b[n])
		n++;
	for (unsigned int k = 0; k < 4; k++)
		if ((k < n && b[k] != b[0]) || (k >= n && b[k]))
			return bh_rt_error(hipErrorInvalidValue, "%s: channel format {%d, %d, %d, "
					   "%d}: channels must have equal widths and come first",
					   api, b[0], b[1], b[2], b[3]);
	if (n == 0 || n == 3 || (b[0] != 8 && b[0] != 16 && b[0] != 32))
		return bh_rt_error(hipErrorInvalidValue, "%s: channel format {%d, %d, %d, %d}: "
				   "1, 2 or 4 channels of 8, 16 or 32 bits", api, b[0], b[1],
				   b[2], b[3]);
	if (desc->f == hipChannelFormatKindFloat ? b[0] == 8 :
	    desc->f != hipChannelFormatKindSigned && desc->f != hipChannelFormatKindUnsigned)
		return bh_rt_error(hipErrorInvalidValue, "%s: channel kind %d with %d-bit channels "
				   "is no texture format", api, (int)desc->f, b[0]);
	*nch = n;
	*bits = (unsigned int)b[0];
	return hipSuccess;
}

/*
 * The T# TYPE of an array with @flags, @height and @depth (hipExtent's).
 * A cubemap is 6 faces per cube, layer by layer.  gfx11 samples it as a
 * cube image (@cube_image); gfx90a's texture unit has no cubes (Mesa:
 * MI200 lacks 3D/cube/mip support), so there, and for every surface, it
 * is a 2D array of faces the device code indexes itself (texture.h).
 */
static unsigned int image_type(unsigned int flags, size_t height, size_t depth, bool cube_image)
{
	if (flags & hipArrayCubemap)
		return cube_image ? BH_IMG_CUBE : BH_IMG_2D_ARRAY;
	if (flags & hipArrayLayered)
		return height ? BH_IMG_2D_ARRAY : BH_IMG_1D_ARRAY;
	return depth ? BH_IMG_3D : height ? BH_IMG_2D : BH_IMG_1D;
}

/* The T# view of @res (and its channel desc in *@desc): 0, or an error. */
static hipError_t resource_view(const char *api, struct bh_rt_device *d,
				const hipResourceDesc *res, bool surface, struct bh_img_view *v,
				hipChannelFormatDesc *desc)
{
	hipError_t e;

	memset(v, 0, sizeof(*v));
	switch (res->resType) {
	case hipResourceTypeArray: {
		struct hipArray copy, *a = &copy;

		if (!bh_rt_array_get(res->res.array.array, &copy))
			return bh_rt_error(hipErrorInvalidHandle, "%s: res.array.array %p is not "
					   "a live array", api, (const void *)res->res.array.array);
		if (a->dev != d)
			return bh_rt_error(hipErrorInvalidValue, "%s: the array is on device %d, "
					   "not the current device %d", api, a->dev->ordinal,
					   d->ordinal);
		*desc = a->desc;
		v->va = (uint64_t)(uintptr_t)a->base;
		v->width = (uint32_t)a->width;
		v->height = (uint32_t)a->rows;
		v->depth = (uint32_t)a->slices;
		v->pitch = (uint32_t)(a->pitch / a->bpe);
		v->cube = a->flags & hipArrayCubemap;
		v->type = image_type(a->flags, a->height, a->depth,
				     image_gen(d) == 11 && !surface);
		/*
		 * A level of a layered, cube or 3-D mip chain: its slices are a
		 * chain apart, which only the chain's T# says (BASE_LEVEL =
		 * LAST_LEVEL = the level); MI200 has no mip levels.
		 */
		if (a->mip && a->slices > 1 && a->slice_bytes != a->pitch * a->rows) {
			struct hipMipmappedArray m;

			if (image_gen(d) != 11)
				return bh_rt_error(hipErrorNotSupported, "%s: level %u of a "
						   "mipmapped %s array: its slices are a mip chain "
						   "apart, which needs mip levels in the texture unit "
						   "(gfx90a has none)", api, a->level,
						   v->type == BH_IMG_3D ? "3-D" : "layered");
			if (!bh_rt_mipmap_get(a->mip, &m))
				return bh_rt_error(hipErrorInvalidHandle, "%s: the mipmapped array "
						   "of level %u is gone", api, a->level);
			v->one_level = true;
			v->level = a->level;
			v->levels = m.levels;
			v->chain_va = (uint64_t)(uintptr_t)m.base;
			v->chain_width = (uint32_t)m.width;
			v->chain_height = m.height ? (uint32_t)m.height : 1;
			v->chain_depth = m.depth ? (uint32_t)m.depth : 1;
		}
		break;
	}
	case hipResourceTypeMipmappedArray: {
		struct hipMipmappedArray m;

		if (surface)
			return bh_rt_error(hipErrorInvalidValue, "%s: a surface is made of an "
					   "array, not a mipmapped array", api);
		if (!bh_rt_mipmap_get(res->res.mipmap.mipmap, &m))
			return bh_rt_error(hipErrorInvalidHandle, "%s: res.mipmap.mipmap %p is not "
					   "a live mipmapped array", api,
					   (const void *)res->res.mipmap.mipmap);
		if (m.dev != d)
			return bh_rt_error(hipErrorInvalidValue, "%s: the mipmapped array is on "
					   "device %d, not the current device %d", api,
					   m.dev->ordinal, d->ordinal);
		if (image_gen(d) != 11)
			return bh_rt_error(hipErrorNotSupported, "%s: MI200's texture unit has no "
					   "mip levels (gfx90a): sample a level's array instead "
					   "(hipGetMipmappedArrayLevel)", api);
		*desc = m.desc;
		v->va = (uint64_t)(uintptr_t)m.base;
		v->width = (uint32_t)m.width;
		v->height = m.height ? (uint32_t)m.height : 1;
		v->depth = m.depth ? (uint32_t)m.depth : 1;
		v->pitch = (uint32_t)(m.level[0]->pitch / m.level[0]->bpe);
		v->cube = m.flags & hipArrayCubemap;
		v->type = image_type(m.flags, m.height, m.depth, true);
		v->levels = m.levels;
		v->base_level = 0;
		v->last_level = m.levels - 1;
		break;
	}
	case hipResourceTypeLinear:
	case hipResourceTypePitch2D: {
		bool linear = res->resType == hipResourceTypeLinear;
		const void *ptr = linear ? res->res.linear.devPtr : res->res.pitch2D.devPtr;
		unsigned int nch, bits;
		size_t bpe, width, height, pitch;

		*desc = linear ? res->res.linear.desc : res->res.pitch2D.desc;
		e = channels(api, desc, &nch, &bits);
		if (e)
			return e;
		bpe = nch * bits / 8;
		width = linear ? res->res.linear.sizeInBytes / bpe : res->res.pitch2D.width;
		height = linear ? 1 : res->res.pitch2D.height;
		pitch = linear ? width * bpe : res->res.pitch2D.pitchInBytes;
		if (!ptr || (uintptr_t)ptr % BH_IMAGE_PITCH_ALIGN)
			return bh_rt_error(hipErrorInvalidValue, "%s: devPtr %p is not aligned to "
					   "hipDeviceAttributeTextureAlignment (%u bytes)", api, ptr,
					   BH_IMAGE_PITCH_ALIGN);
		if (linear && (!width || width > MAX_LINEAR_TEXELS))
			return bh_rt_error(hipErrorInvalidValue, "%s: %zu bytes of %zu-byte texels: "
					   "a linear texture has 1 to %u texels "
					   "(hipDeviceAttributeMaxTexture1DLinear)", api,
					   res->res.linear.sizeInBytes, bpe, MAX_LINEAR_TEXELS);
		if (!linear && (!width || !height || width > MAX_IMAGE_DIM ||
				height > MAX_IMAGE_DIM))
			return bh_rt_error(hipErrorInvalidValue, "%s: %zu x %zu texels: a pitch-2D "
					   "texture has 1 to %u texels per row and rows", api, width,
					   height, MAX_IMAGE_DIM);
		if (!linear && (pitch % BH_IMAGE_PITCH_ALIGN || pitch < width * bpe))
			return bh_rt_error(hipErrorInvalidValue, "%s: pitchInBytes %zu: a multiple "
					   "of %u bytes of at least the row's %zu", api, pitch,
					   BH_IMAGE_PITCH_ALIGN, width * bpe);
		if (!bh_rt_find_allocation(ptr, pitch * (height - 1) + width * bpe))
			return bh_rt_error(hipErrorInvalidValue, "%s: devPtr %p and the %zu x %zu "
					   "texels after it are not device memory", api, ptr, width,
					   height);
		v->va = (uint64_t)(uintptr_t)ptr;
		v->width = (uint32_t)width;
		v->height = (uint32_t)height;
		v->depth = 1;
		/* A linear texture's T# has one row: its pitch is its width. */
		v->pitch = linear ? (uint32_t)width : (uint32_t)(pitch / bpe);
		v->type = linear ? BH_IMG_1D : BH_IMG_2D;
		v->buffer = linear;
		break;
	}
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s: resType %d is not a resource type",
				   api, (int)res->resType);
	}
	e = channels(api, desc, &v->nch, &v->bits);
	if (e)
		return e;
	v->nf = desc->f == hipChannelFormatKindFloat ? BH_NF_FLOAT :
		desc->f == hipChannelFormatKindSigned ? BH_NF_SINT : BH_NF_UINT;
	return hipSuccess;
}

static uint32_t address_mode(enum hipTextureAddressMode m, bool normalized)
{
	switch (m) {
	case hipAddressModeWrap:
		return normalized ? 0 : 2;		/* WRAP; unnormalized: clamp */
	case hipAddressModeMirror:
		return normalized ? 1 : 2;		/* MIRROR */
	case hipAddressModeBorder:
		return 6;				/* CLAMP_BORDER */
	default:
		return 2;				/* CLAMP_LAST_TEXEL */
	}
}

/* The S# of @t (of a cubemap: @cube; of a mip chain: @mip): 0, or an
 * error naming @api. */
static hipError_t sampler(const char *api, const hipTextureDesc *t, bool cube, bool mip,
			  uint32_t s[4])
{
	uint32_t border = 0;
	bool uses_border = false;
	const float *c = t->borderColor;

	for (int k = 0; k < 3; k++) {
		if ((unsigned int)t->addressMode[k] > hipAddressModeBorder)
			return bh_rt_error(hipErrorInvalidValue, "%s: addressMode[%d] %d is not an "
					   "address mode", api, k, (int)t->addressMode[k]);
		uses_border |= t->addressMode[k] == hipAddressModeBorder;
	}
	if ((unsigned int)t->filterMode > hipFilterModeLinear)
		return bh_rt_error(hipErrorInvalidValue, "%s: filterMode %d is not a filter mode",
				   api, (int)t->filterMode);
	if (t->maxAnisotropy > 1)
		return bh_rt_error(hipErrorNotSupported, "%s: maxAnisotropy %u: anisotropic "
				   "filtering is not supported", api, t->maxAnisotropy);
	if (!mip && t->mipmapLevelBias != 0.0f)
		return bh_rt_error(hipErrorNotSupported, "%s: mipmapLevelBias %g on a texture "
				   "without mip levels", api, (double)t->mipmapLevelBias);
	if (mip) {
		/* The S#'s LOD fields: 4.8 fixed point, the bias signed 6.8. */
		if ((unsigned int)t->mipmapFilterMode > hipFilterModeLinear)
			return bh_rt_error(hipErrorInvalidValue, "%s: mipmapFilterMode %d is not a "
					   "filter mode", api, (int)t->mipmapFilterMode);
		if (!(t->mipmapLevelBias >= -32.0f && t->mipmapLevelBias < 32.0f))
			return bh_rt_error(hipErrorInvalidValue, "%s: mipmapLevelBias %g: the "
					   "hardware's is in [-32, 32)", api,
					   (double)t->mipmapLevelBias);
		if (!(t->minMipmapLevelClamp >= 0.0f) || !(t->maxMipmapLevelClamp >= 0.0f) ||
		    t->minMipmapLevelClamp > t->maxMipmapLevelClamp)
			return bh_rt_error(hipErrorInvalidValue, "%s: mip level clamps %g..%g: "
					   "0 <= min <= max", api, (double)t->minMipmapLevelClamp,
					   (double)t->maxMipmapLevelClamp);
		if (!t->normalizedCoords)
			return bh_rt_error(hipErrorInvalidValue, "%s: a mipmapped texture needs "
					   "normalized coordinates (CUDA's rule)", api);
	}
	/* The hardware's border colours without a colour table. */
	if (uses_border) {
		if (!c[0] && !c[1] && !c[2] && !c[3])
			border = 0;		/* transparent black */
		else if (!c[0] && !c[1] && !c[2] && c[3] == 1.0f)
			border = 1;		/* opaque black */
		else if (c[0] == 1.0f && c[1] == 1.0f && c[2] == 1.0f && c[3] == 1.0f)
			border = 2;		/* opaque white */
		else
			return bh_rt_error(hipErrorNotSupported, "%s: borderColor {%g, %g, %g, %g}: "
					   "only {0,0,0,0}, {0,0,0,1} and {1,1,1,1} are supported",
					   api, (double)c[0], (double)c[1], (double)c[2],
					   (double)c[3]);
	}
	bool norm = t->normalizedCoords != 0;

	s[0] = address_mode(t->addressMode[0], norm) | address_mode(t->addressMode[1], norm) << 3 |
	       address_mode(t->addressMode[2], norm) << 6 | (uint32_t)!norm << 15;
	/*
	 * A cubemap is fetched by direction: its coordinates are always
	 * normalized and each face clamps to its edges (CLAMP_LAST_TEXEL,
	 * DISABLE_CUBE_WRAP: no filtering across faces); addressMode and
	 * normalizedCoords do not apply.
	 */
	if (cube)
		s[0] = 2 | 2 << 3 | 2 << 6 | 1u << 28;
	s[1] = 4095u << 12;			/* MIN_LOD 0, MAX_LOD 15.996 (as ROCr) */
	s[2] = (uint32_t)t->filterMode << 20 | (uint32_t)t->filterMode << 22;	/* Z, MIP: none */
	s[3] = border << 30;
	if (mip) {
		float lo = t->minMipmapLevelClamp, hi = t->maxMipmapLevelClamp;
		uint32_t min_lod = (uint32_t)lrintf((lo > 15.99609375f ? 15.99609375f : lo) * 256);
		uint32_t max_lod = (uint32_t)lrintf((hi > 15.99609375f ? 15.99609375f : hi) * 256);
		int32_t bias = (int32_t)lrintf(t->mipmapLevelBias * 256);

		s[1] = min_lod | max_lod << 12;
		/* MIP_FILTER: 1 point, 2 linear; LOD_BIAS in bits 13:0. */
		s[2] |= ((uint32_t)t->mipmapFilterMode + 1) << 26 | ((uint32_t)bias & 0x3fff);
	}
	return hipSuccess;
}

/* Make the object's words on @d: 0, or an error. */
static hipError_t publish(const char *api, struct bh_rt_device *d, const struct bh_img_view *v,
			  const uint32_t *s, struct texobj *o)
{
	struct bh_error err = { 0 };
	uint32_t w[OBJ_DWORDS] = { 0 };
	int gen = image_gen(d);

	/* A linear texture wider than an image row has no T# (zeros: an
	 * image instruction on it faults); tex1Dfetch reads its V#. */
	if ((!v->buffer || v->width <= MAX_IMAGE_DIM) &&
	    (gen == 9 ? bh_rt_tsharp_gfx9 : bh_rt_tsharp_gfx11)(v, w))
		return bh_rt_error(hipErrorNotSupported, "%s: %u channels of %u bits (number "
				   "format %d) is no image format of this GPU", api, v->nch, v->bits,
				   (int)v->nf);
	if (v->buffer && (gen == 9 ? bh_rt_vsharp_gfx9 : bh_rt_vsharp_gfx11)(v, w + 16))
		return bh_rt_error(hipErrorNotSupported, "%s: %u channels of %u bits (number "
				   "format %d) is no buffer format of this GPU", api, v->nch,
				   v->bits, (int)v->nf);
	w[8] = v->nch * v->bits / 8;
	w[9] = v->height;
	w[10] = v->width;
	w[11] = v->depth - v->first_layer;	/* the layers (slices) in view */
	if (s)
		memcpy(w + 12, s, 16);
	if (bh_mem_alloc(d->dev, sizeof(w), BH_MEM_HOST, &o->mem, &err))
		return bh_rt_api_loader_error(api, &err, hipErrorOutOfMemory);
	memcpy(o->mem.cpu, w, sizeof(w));
	bh_device_flush_writes(d->dev);
	o->handle = o->mem.gpu_va;
	o->dev = d;
	pthread_mutex_lock(&objs_lock);
	o->next = objs;
	objs = o;
	pthread_mutex_unlock(&objs_lock);
	return hipSuccess;
}

/* The device, checked to have images. */
static hipError_t image_device(const char *api, struct bh_rt_device **out)
{
	hipError_t e = bh_rt_init();

	if (!e)
		e = bh_rt_cur(out);
	if (e)
		return e;
	if (!image_gen(*out))
		return bh_rt_error(hipErrorNotSupported, "%s: device %d (%s) has no image "
				   "instructions (hipDeviceAttributeImageSupport is 0)", api,
				   (*out)->ordinal, bh_device_get_info((*out)->dev)->gfx);
	return hipSuccess;
}

/* The resource view format of channel desc @d (hipResViewFormatNone if
 * it has none). */
static enum hipResourceViewFormat view_format(const hipChannelFormatDesc *d)
{
	unsigned int n = (unsigned int)(!!d->x + !!d->y + !!d->z + !!d->w);
	unsigned int col = n == 1 ? 0 : n == 2 ? 1 : n == 4 ? 2 : 3;
	int row;

	if (col > 2)
		return hipResViewFormatNone;
	if (d->f == hipChannelFormatKindFloat)
		row = d->x == 16 ? 6 : d->x == 32 ? 7 : -1;
	else if (d->f == hipChannelFormatKindUnsigned || d->f == hipChannelFormatKindSigned)
		row = (d->x == 8 ? 0 : d->x == 16 ? 2 : d->x == 32 ? 4 : -10) +
		      (d->f == hipChannelFormatKindSigned);
	else
		row = -1;
	if (row < 0)
		return hipResViewFormatNone;
	/* UnsignedChar1 = 1, three a kind: uchar, schar, ushort, short, uint,
	 * int, half, float. */
	return (enum hipResourceViewFormat)(1 + row * 3 + (int)col);
}

/*
 * A resource view, as CUDA defines cudaResourceViewDesc: of an array or a
 * mipmapped array only; the format none or the resource's own (barehip
 * reinterprets nothing); width, height and depth 0 or the resource's
 * (the width also in bytes: hip-tests pass that, and ROCm takes it); mip
 * levels firstMipmapLevel..lastMipmapLevel of a mip chain (the view's
 * level 0 is firstMipmapLevel; else both 0); layers firstLayer..lastLayer
 * of a layered array (cubes of a layered cubemap; else both 0).  The
 * hardware has each: BASE_LEVEL/LAST_LEVEL and BASE_ARRAY/DEPTH in the
 * T#.  An all-zero view is the whole resource -- except that, as in
 * CUDA, its last level and layer are 0.
 */
static hipError_t apply_view(const char *api, const struct hipResourceViewDesc *view,
			     hipResourceType type, const hipChannelFormatDesc *desc,
			     struct bh_img_view *v)
{
	const bool layered = v->type == BH_IMG_1D_ARRAY || v->type == BH_IMG_2D_ARRAY ||
			     v->type == BH_IMG_CUBE;
	const bool mip = v->levels > 1 && !v->one_level;
	const unsigned int per = v->cube ? 6 : 1;	/* slices a layer */
	const uint32_t layers = layered ? v->depth / per : 1;
	const size_t bpe = v->nch * v->bits / 8;
	static const struct hipResourceViewDesc none;

	if (!memcmp(view, &none, sizeof(none)) &&
	    type != hipResourceTypeArray && type != hipResourceTypeMipmappedArray)
		return hipSuccess;
	if (type != hipResourceTypeArray && type != hipResourceTypeMipmappedArray)
		return bh_rt_error(hipErrorInvalidValue, "%s: a resource view is for arrays and "
				   "mipmapped arrays (resType %d)", api, (int)type);
	if (view->format != hipResViewFormatNone && view->format != view_format(desc))
		return bh_rt_error(hipErrorInvalidValue, "%s: resource view format 0x%x is not "
				   "the resource's own (0x%x): barehip does not reinterpret texels",
				   api, (unsigned int)view->format, (unsigned int)view_format(desc));
	if ((view->width && view->width != v->width && view->width != v->width * bpe) ||
	    (view->height && view->height != (v->type == BH_IMG_1D ||
					      v->type == BH_IMG_1D_ARRAY ? 0 : v->height)) ||
	    (view->depth && view->depth != (v->type == BH_IMG_3D ? v->depth : 0)))
		return bh_rt_error(hipErrorInvalidValue, "%s: resource view of %zu x %zu x %zu: a "
				   "view has the resource's size (%u x %u x %u) or 0", api,
				   view->width, view->height, view->depth, v->width, v->height,
				   v->type == BH_IMG_3D ? v->depth : 0);
	if (view->firstMipmapLevel > view->lastMipmapLevel ||
	    (!mip && view->lastMipmapLevel) || (mip && view->lastMipmapLevel >= v->levels))
		return bh_rt_error(hipErrorInvalidValue, "%s: resource view levels %u..%u: the "
				   "resource has %u", api, view->firstMipmapLevel,
				   view->lastMipmapLevel, mip ? v->levels : 1);
	if (view->firstLayer > view->lastLayer || view->lastLayer >= layers)
		return bh_rt_error(hipErrorInvalidValue, "%s: resource view layers %u..%u: the "
				   "resource has %u", api, view->firstLayer, view->lastLayer,
				   layers);
	if (mip) {
		v->base_level = view->firstMipmapLevel;
		v->last_level = view->lastMipmapLevel;
	}
	if (layered) {
		v->first_layer = view->firstLayer * per;
		v->depth = (view->lastLayer + 1) * per;
	}
	return hipSuccess;
}

static hipError_t create_texture(const char *api, hipTextureObject_t *out,
				 const hipResourceDesc *res, const hipTextureDesc *t,
				 const struct hipResourceViewDesc *view)
{
	struct bh_rt_device *d;
	struct bh_img_view v;
	hipChannelFormatDesc desc;
	uint32_t s[4];
	hipError_t e;

	if (!out || !res || !t)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   !out ? "pTexObject" : !res ? "pResDesc" : "pTexDesc");
	*out = NULL;
	e = image_device(api, &d);
	if (!e)
		e = resource_view(api, d, res, false, &v, &desc);
	if (!e)
		e = sampler(api, t, v.cube, v.levels > 1 && !v.one_level, s);
	if (e)
		return e;
	if (view) {
		e = apply_view(api, view, res->resType, &desc, &v);
		if (e)
			return e;
	}
	bool normalized = t->readMode == hipReadModeNormalizedFloat;

	if ((unsigned int)t->readMode > hipReadModeNormalizedFloat)
		return bh_rt_error(hipErrorInvalidValue, "%s: readMode %d is not a read mode", api,
				   (int)t->readMode);
	/* Normalized reads of 8- and 16-bit integers (32-bit ones stay
	 * integers, floats floats, as in ROCm). */
	if (normalized && v.bits <= 16 && v.nf != BH_NF_FLOAT)
		v.nf = v.nf == BH_NF_SINT ? BH_NF_SNORM : BH_NF_UNORM;
	if (t->sRGB) {
		if (v.nf != BH_NF_UNORM || v.bits != 8)
			return bh_rt_error(hipErrorNotSupported, "%s: sRGB needs 8-bit unsigned "
					   "channels read as normalized floats", api);
		/* A typed buffer has no sRGB format; ROCm's code for it. */
		if (res->resType == hipResourceTypeLinear)
			return bh_rt_error(hipErrorInvalidValue, "%s: sRGB is not supported for "
					   "hipResourceTypeLinear (a typed buffer has no sRGB "
					   "format)", api);
		v.nf = BH_NF_SRGB;
	}
	if (t->filterMode == hipFilterModeLinear && (v.nf == BH_NF_UINT || v.nf == BH_NF_SINT))
		return bh_rt_error(hipErrorInvalidValue, "%s: linear filtering of %u-bit integers "
				   "read as such (hipReadModeElementType): only normalized or float "
				   "textures filter", api, v.bits);
	/* MI200's texture unit has no 3D filtering (ROCm refuses it too). */
	if (image_gen(d) == 9 && t->filterMode == hipFilterModeLinear &&
	    (v.type == BH_IMG_3D || v.type >= BH_IMG_1D_ARRAY))
		return bh_rt_error(hipErrorNotSupported, "%s: linear filtering of 3D and layered "
				   "textures is not supported on gfx90a", api);
	struct texobj *o = calloc(1, sizeof(*o));

	if (!o)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	o->res = *res;
	o->tex = *t;
	if (view) {
		o->view = *view;
		o->has_view = true;
	}
	e = publish(api, d, &v, s, o);
	if (e) {
		free(o);
		return e;
	}
	*out = (hipTextureObject_t)(uintptr_t)o->handle;
	return bh_rt_success();
}

hipError_t hipCreateTextureObject(hipTextureObject_t *tex, const hipResourceDesc *res,
				  const hipTextureDesc *desc,
				  const struct hipResourceViewDesc *view)
{
	return create_texture("hipCreateTextureObject", tex, res, desc, view);
}

hipError_t hipCreateSurfaceObject(hipSurfaceObject_t *surf, const hipResourceDesc *res)
{
	static const char api[] = "hipCreateSurfaceObject";
	struct bh_rt_device *d;
	struct bh_img_view v;
	hipChannelFormatDesc desc;
	hipError_t e;

	if (!surf || !res)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   !surf ? "pSurfObject" : "pResDesc");
	*surf = NULL;
	if (res->resType != hipResourceTypeArray)
		return bh_rt_error(hipErrorInvalidValue, "%s: resType %d: a surface is made of an "
				   "array (hipResourceTypeArray)", api, (int)res->resType);
	e = image_device(api, &d);
	if (!e)
		e = resource_view(api, d, res, true, &v, &desc);
	if (e)
		return e;
	struct texobj *o = calloc(1, sizeof(*o));

	if (!o)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	o->surface = true;
	o->res = *res;
	e = publish(api, d, &v, NULL, o);
	if (e) {
		free(o);
		return e;
	}
	*surf = (hipSurfaceObject_t)(uintptr_t)o->handle;
	return bh_rt_success();
}

/* The live object of @handle (and of its kind), or NULL; under objs_lock. */
static struct texobj **find(uint64_t handle, bool surface)
{
	for (struct texobj **p = &objs; *p; p = &(*p)->next)
		if ((*p)->handle == handle && (*p)->surface == surface)
			return p;
	return NULL;
}

static hipError_t destroy(const char *api, uint64_t handle, bool surface)
{
	struct texobj *o = NULL, **p;

	if (!handle)
		return bh_rt_success();		/* as ROCm: nothing to destroy */
	pthread_mutex_lock(&objs_lock);
	p = find(handle, surface);
	if (p) {
		o = *p;
		*p = o->next;
	}
	pthread_mutex_unlock(&objs_lock);
	if (!o)
		return bh_rt_error(hipErrorInvalidValue, "%s(0x%llx): not a live %s object", api,
				   (unsigned long long)handle, surface ? "surface" : "texture");
	/* Kernels still running may read it: let them finish (as hipFree). */
	(void)bh_rt_streams_synchronize(o->dev, api);
	bh_mem_free(o->dev->dev, &o->mem);
	free(o);
	return bh_rt_success();
}

hipError_t hipDestroyTextureObject(hipTextureObject_t tex)
{
	return destroy("hipDestroyTextureObject", (uint64_t)(uintptr_t)tex, false);
}

hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surf)
{
	return destroy("hipDestroySurfaceObject", (uint64_t)(uintptr_t)surf, true);
}

/* Copy a field of the live object @handle: 0, or hipErrorInvalidValue. */
static hipError_t query(const char *api, uint64_t handle, bool surface, void *out, int what)
{
	struct texobj **p;
	hipError_t e = hipSuccess;

	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: the output pointer is NULL", api);
	pthread_mutex_lock(&objs_lock);
	p = find(handle, surface);
	if (!p)
		e = hipErrorInvalidValue;
	else if (what == 0)
		*(hipResourceDesc *)out = (*p)->res;
	else if (what == 1)
		*(hipTextureDesc *)out = (*p)->tex;
	else if ((*p)->has_view)
		*(struct hipResourceViewDesc *)out = (*p)->view;
	else
		memset(out, 0, sizeof(struct hipResourceViewDesc));
	pthread_mutex_unlock(&objs_lock);
	if (e)
		return bh_rt_error(e, "%s(0x%llx): not a live %s object", api,
				   (unsigned long long)handle, surface ? "surface" : "texture");
	return bh_rt_success();
}

hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *res, hipTextureObject_t tex)
{
	return query("hipGetTextureObjectResourceDesc", (uint64_t)(uintptr_t)tex, false, res, 0);
}

hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *desc, hipTextureObject_t tex)
{
	return query("hipGetTextureObjectTextureDesc", (uint64_t)(uintptr_t)tex, false, desc, 1);
}

hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc *view,
					       hipTextureObject_t tex)
{
	return query("hipGetTextureObjectResourceViewDesc", (uint64_t)(uintptr_t)tex, false,
		     view, 2);
}

hipError_t hipGetSurfaceObjectResourceDesc(hipResourceDesc *res, hipSurfaceObject_t surf)
{
	return query("hipGetSurfaceObjectResourceDesc", (uint64_t)(uintptr_t)surf, true, res, 0);
}

/* ------------------------------------------------------ driver forms */
static hipChannelFormatKind kind_of(hipArray_Format f)
{
	return f == HIP_AD_FORMAT_HALF || f == HIP_AD_FORMAT_FLOAT ? hipChannelFormatKindFloat :
	       f >= HIP_AD_FORMAT_SIGNED_INT8 && f <= HIP_AD_FORMAT_SIGNED_INT32 ?
	       hipChannelFormatKindSigned : hipChannelFormatKindUnsigned;
}

static int bits_of(hipArray_Format f)
{
	switch (f) {
	case HIP_AD_FORMAT_UNSIGNED_INT8: case HIP_AD_FORMAT_SIGNED_INT8: return 8;
	case HIP_AD_FORMAT_UNSIGNED_INT16: case HIP_AD_FORMAT_SIGNED_INT16:
	case HIP_AD_FORMAT_HALF: return 16;
	case HIP_AD_FORMAT_UNSIGNED_INT32: case HIP_AD_FORMAT_SIGNED_INT32:
	case HIP_AD_FORMAT_FLOAT: return 32;
	default: return 0;
	}
}

static hipChannelFormatDesc drv_desc(hipArray_Format f, unsigned int n)
{
	int b = bits_of(f);

	return (hipChannelFormatDesc){ b, n > 1 ? b : 0, n > 2 ? b : 0, n > 3 ? b : 0,
				       kind_of(f) };
}

hipError_t hipTexObjectCreate(hipTextureObject_t *tex, const HIP_RESOURCE_DESC *res,
			      const HIP_TEXTURE_DESC *desc, const HIP_RESOURCE_VIEW_DESC *view)
{
	static const char api[] = "hipTexObjectCreate";
	hipResourceDesc r;
	hipTextureDesc t;
	struct hipResourceViewDesc v;

	if (!tex || !res || !desc)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   !tex ? "pTexObject" : !res ? "pResDesc" : "pTexDesc");
	memset(&r, 0, sizeof(r));
	memset(&t, 0, sizeof(t));
	r.resType = (hipResourceType)res->resType;
	switch (res->resType) {
	case HIP_RESOURCE_TYPE_ARRAY:
		r.res.array.array = res->res.array.hArray;
		break;
	case HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY:
		r.res.mipmap.mipmap = res->res.mipmap.hMipmappedArray;
		break;
	case HIP_RESOURCE_TYPE_LINEAR:
		r.res.linear.devPtr = res->res.linear.devPtr;
		r.res.linear.desc = drv_desc(res->res.linear.format, res->res.linear.numChannels);
		r.res.linear.sizeInBytes = res->res.linear.sizeInBytes;
		break;
	case HIP_RESOURCE_TYPE_PITCH2D:
		r.res.pitch2D.devPtr = res->res.pitch2D.devPtr;
		r.res.pitch2D.desc = drv_desc(res->res.pitch2D.format,
					      res->res.pitch2D.numChannels);
		r.res.pitch2D.width = res->res.pitch2D.width;
		r.res.pitch2D.height = res->res.pitch2D.height;
		r.res.pitch2D.pitchInBytes = res->res.pitch2D.pitchInBytes;
		break;
	default:
		break;
	}
	for (int k = 0; k < 3; k++)
		t.addressMode[k] = (enum hipTextureAddressMode)desc->addressMode[k];
	t.filterMode = (enum hipTextureFilterMode)desc->filterMode;
	t.readMode = desc->flags & HIP_TRSF_READ_AS_INTEGER ? hipReadModeElementType :
							       hipReadModeNormalizedFloat;
	t.normalizedCoords = !!(desc->flags & HIP_TRSF_NORMALIZED_COORDINATES);
	t.sRGB = !!(desc->flags & HIP_TRSF_SRGB);
	memcpy(t.borderColor, desc->borderColor, sizeof(t.borderColor));
	t.maxAnisotropy = desc->maxAnisotropy;
	t.mipmapFilterMode = (enum hipTextureFilterMode)desc->mipmapFilterMode;
	t.mipmapLevelBias = desc->mipmapLevelBias;
	t.minMipmapLevelClamp = desc->minMipmapLevelClamp;
	t.maxMipmapLevelClamp = desc->maxMipmapLevelClamp;
	if (view) {
		v = (struct hipResourceViewDesc){ (enum hipResourceViewFormat)view->format,
						  view->width, view->height,
						  view->depth, view->firstMipmapLevel,
						  view->lastMipmapLevel, view->firstLayer,
						  view->lastLayer };
	}
	return create_texture(api, tex, &r, &t, view ? &v : NULL);
}

hipError_t hipTexObjectDestroy(hipTextureObject_t tex)
{
	return destroy("hipTexObjectDestroy", (uint64_t)(uintptr_t)tex, false);
}

/* The driver form of channel desc @d: its format (0 when it has none). */
static hipArray_Format drv_format(const hipChannelFormatDesc *d)
{
	switch (d->f) {
	case hipChannelFormatKindFloat:
		return d->x == 16 ? HIP_AD_FORMAT_HALF : HIP_AD_FORMAT_FLOAT;
	case hipChannelFormatKindSigned:
		return d->x == 8 ? HIP_AD_FORMAT_SIGNED_INT8 :
		       d->x == 16 ? HIP_AD_FORMAT_SIGNED_INT16 : HIP_AD_FORMAT_SIGNED_INT32;
	default:
		return d->x == 8 ? HIP_AD_FORMAT_UNSIGNED_INT8 :
		       d->x == 16 ? HIP_AD_FORMAT_UNSIGNED_INT16 : HIP_AD_FORMAT_UNSIGNED_INT32;
	}
}

static unsigned int drv_channels(const hipChannelFormatDesc *d)
{
	return (unsigned int)(!!d->x + !!d->y + !!d->z + !!d->w);
}

/*
 * The driver API's queries (hipTexObjectGetResourceDesc & co): what the
 * object was made from, in the driver's forms, whichever API made it.
 */
hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC *out, hipTextureObject_t tex)
{
	static const char api[] = "hipTexObjectGetResourceDesc";
	hipResourceDesc r;
	hipError_t e;

	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: pResDesc is NULL", api);
	e = query(api, (uint64_t)(uintptr_t)tex, false, &r, 0);
	if (e)
		return e;
	memset(out, 0, sizeof(*out));
	out->resType = (HIPresourcetype)r.resType;
	switch (r.resType) {
	case hipResourceTypeArray:
		out->res.array.hArray = r.res.array.array;
		break;
	case hipResourceTypeMipmappedArray:
		out->res.mipmap.hMipmappedArray = r.res.mipmap.mipmap;
		break;
	case hipResourceTypeLinear:
		out->res.linear.devPtr = (hipDeviceptr_t)r.res.linear.devPtr;
		out->res.linear.format = drv_format(&r.res.linear.desc);
		out->res.linear.numChannels = drv_channels(&r.res.linear.desc);
		out->res.linear.sizeInBytes = r.res.linear.sizeInBytes;
		break;
	case hipResourceTypePitch2D:
		out->res.pitch2D.devPtr = (hipDeviceptr_t)r.res.pitch2D.devPtr;
		out->res.pitch2D.format = drv_format(&r.res.pitch2D.desc);
		out->res.pitch2D.numChannels = drv_channels(&r.res.pitch2D.desc);
		out->res.pitch2D.width = r.res.pitch2D.width;
		out->res.pitch2D.height = r.res.pitch2D.height;
		out->res.pitch2D.pitchInBytes = r.res.pitch2D.pitchInBytes;
		break;
	default:
		break;
	}
	return bh_rt_success();
}

hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC *out, hipTextureObject_t tex)
{
	static const char api[] = "hipTexObjectGetTextureDesc";
	hipTextureDesc t;
	hipError_t e;

	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: pTexDesc is NULL", api);
	e = query(api, (uint64_t)(uintptr_t)tex, false, &t, 1);
	if (e)
		return e;
	memset(out, 0, sizeof(*out));
	for (int k = 0; k < 3; k++)
		out->addressMode[k] = (HIPaddress_mode)t.addressMode[k];
	out->filterMode = (HIPfilter_mode)t.filterMode;
	out->flags = (t.readMode == hipReadModeElementType ? HIP_TRSF_READ_AS_INTEGER : 0) |
		     (t.normalizedCoords ? HIP_TRSF_NORMALIZED_COORDINATES : 0) |
		     (t.sRGB ? HIP_TRSF_SRGB : 0);
	out->maxAnisotropy = t.maxAnisotropy;
	out->mipmapFilterMode = (HIPfilter_mode)t.mipmapFilterMode;
	out->mipmapLevelBias = t.mipmapLevelBias;
	out->minMipmapLevelClamp = t.minMipmapLevelClamp;
	out->maxMipmapLevelClamp = t.maxMipmapLevelClamp;
	memcpy(out->borderColor, t.borderColor, sizeof(out->borderColor));
	return bh_rt_success();
}

hipError_t hipTexObjectGetResourceViewDesc(HIP_RESOURCE_VIEW_DESC *out, hipTextureObject_t tex)
{
	static const char api[] = "hipTexObjectGetResourceViewDesc";
	struct hipResourceViewDesc v;
	hipError_t e;

	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: pResViewDesc is NULL", api);
	e = query(api, (uint64_t)(uintptr_t)tex, false, &v, 2);
	if (e)
		return e;
	memset(out, 0, sizeof(*out));
	out->format = (HIPresourceViewFormat)v.format;
	out->width = v.width;
	out->height = v.height;
	out->depth = v.depth;
	out->firstMipmapLevel = v.firstMipmapLevel;
	out->lastMipmapLevel = v.lastMipmapLevel;
	out->firstLayer = v.firstLayer;
	out->lastLayer = v.lastLayer;
	return bh_rt_success();
}
