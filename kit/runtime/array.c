/* SPDX-License-Identifier: MIT */
/*
 * HIP arrays (kit/include/hip/bh/arrays.h): hipMallocArray,
 * hipMalloc3DArray, hipArrayCreate, hipArray3DCreate, their queries and
 * frees, and the copies to, from and between them.
 *
 * An array is linear device memory laid out as image.h says (rows of a
 * 256-byte-aligned pitch, slices of pitch * rows bytes), allocated on
 * the current device like hipMalloc's memory but marked so that hipFree
 * refuses it.  Live arrays are kept in a registry (a list under a
 * mutex): a handle is looked up there before it is read, so a freed or
 * foreign handle is hipErrorInvalidHandle, never a read of freed memory.
 *
 * Every copy is the runtime's pitched copy (bh_rt_copy3d, hipMemcpy2D,
 * hipMemcpy3D) of the array's rows, after the box has been checked
 * against the array: streams, asynchrony, stream capture and the checks
 * of the linear side are theirs.  Because slices are pitch * rows bytes,
 * row r of the whole array (all its slices) starts at base + r * pitch:
 * the 1-D copies (hipMemcpyAtoH, hipMemcpyToArray, ...) take the array
 * as that sequence of rows of width * bytes-per-texel bytes.
 *
 * Mipmapped arrays (of every shape) are one allocation in the layout of
 * linear mip chains (image.h) whose levels are arrays too.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "image.h"
#include "runtime.h"

hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, hipChannelFormatKind f)
{
	return (hipChannelFormatDesc){ x, y, z, w, f };
}

/* The limits of the image descriptor (T#): 14-bit width and height,
 * 13-bit depth and layer count. */
#define MAX_WIDTH 16384u
#define MAX_HEIGHT 16384u
#define MAX_SLICES 8192u
#define ARRAY_FLAGS (hipArrayLayered | hipArraySurfaceLoadStore | hipArrayCubemap | \
		     hipArrayTextureGather)

/* ------------------------------------------------------------ registry */
static pthread_mutex_t array_lock = PTHREAD_MUTEX_INITIALIZER;
static struct hipArray *arrays;		/* the live ones, under array_lock */

static bool listed_locked(const struct hipArray *a)
{
	for (const struct hipArray *x = arrays; x; x = x->next)
		if (x == a)
			return true;
	return false;
}

bool bh_rt_array_valid(const struct hipArray *a)
{
	bool found;

	if (!a)
		return false;
	pthread_mutex_lock(&array_lock);
	found = listed_locked(a);
	pthread_mutex_unlock(&array_lock);
	return found;
}

bool bh_rt_array_get(const struct hipArray *a, struct hipArray *out)
{
	bool found;

	if (!a)
		return false;
	pthread_mutex_lock(&array_lock);
	found = listed_locked(a);
	if (found)
		*out = *a;
	pthread_mutex_unlock(&array_lock);
	return found;
}

/* A copy of live array @a, taken under the lock (the caller reads the
 * copy: another thread may free @a meanwhile).  NULL is @null_code. */
static hipError_t lookup(const char *api, const char *what, const struct hipArray *a,
			 hipError_t null_code, struct hipArray *out)
{
	bool found;

	if (!a)
		return bh_rt_error(null_code, "%s: the %s array is NULL", api, what);
	pthread_mutex_lock(&array_lock);
	found = listed_locked(a);
	if (found)
		*out = *a;
	pthread_mutex_unlock(&array_lock);
	if (!found)
		return bh_rt_error(hipErrorInvalidHandle, "%s: the %s array %p is not a live array "
				   "(freed already, or not made by hipMallocArray, "
				   "hipMalloc3DArray, hipArrayCreate or hipArray3DCreate)", api,
				   what, (const void *)a);
	return hipSuccess;
}

static void mipmaps_teardown_locked(struct bh_rt_device *d);

void bh_rt_arrays_teardown(struct bh_rt_device *d)
{
	pthread_mutex_lock(&array_lock);
	for (struct hipArray **p = &arrays; *p;) {
		struct hipArray *a = *p;

		if (a->dev != d) {
			p = &a->next;
			continue;
		}
		*p = a->next;
		a->magic = 0;
		free(a);	/* its memory goes with the device's (bh_rt_free_all) */
	}
	mipmaps_teardown_locked(d);
	pthread_mutex_unlock(&array_lock);
}

/* ------------------------------------------------------------- formats */
static const char *kind_name(int f)
{
	switch (f) {
	case hipChannelFormatKindSigned: return "Signed";
	case hipChannelFormatKindUnsigned: return "Unsigned";
	case hipChannelFormatKindFloat: return "Float";
	case hipChannelFormatKindNone: return "None";
	}
	return "?";
}

/* The texel format of @d: channels, bits and the driver's format; NULL,
 * or why it is not one an array can have. */
static const char *desc_format(const hipChannelFormatDesc *d, unsigned int *nch,
			       unsigned int *bits, hipArray_Format *format)
{
	const int c[4] = { d->x, d->y, d->z, d->w };
	unsigned int n = 0;

	while (n < 4 && c[n])
		n++;
	if (!n)
		return "x is 0 bits: no channel";
	for (unsigned int i = n; i < 4; i++)
		if (c[i])
			return "a channel follows a channel of 0 bits";
	for (unsigned int i = 1; i < n; i++)
		if (c[i] != c[0])
			return "the channels differ in size";
	if (n == 3)
		return "3 channels (an array's texels have 1, 2 or 4)";
	if (c[0] != 8 && c[0] != 16 && c[0] != 32)
		return "channels of other than 8, 16 or 32 bits";
	switch (d->f) {
	case hipChannelFormatKindSigned:
		*format = c[0] == 8 ? HIP_AD_FORMAT_SIGNED_INT8 : c[0] == 16 ?
			  HIP_AD_FORMAT_SIGNED_INT16 : HIP_AD_FORMAT_SIGNED_INT32;
		break;
	case hipChannelFormatKindUnsigned:
		*format = c[0] == 8 ? HIP_AD_FORMAT_UNSIGNED_INT8 : c[0] == 16 ?
			  HIP_AD_FORMAT_UNSIGNED_INT16 : HIP_AD_FORMAT_UNSIGNED_INT32;
		break;
	case hipChannelFormatKindFloat:
		if (c[0] == 8)
			return "8-bit float channels (floats are 16 or 32 bits)";
		*format = c[0] == 16 ? HIP_AD_FORMAT_HALF : HIP_AD_FORMAT_FLOAT;
		break;
	default:
		return "the channel kind is not Signed, Unsigned or Float";
	}
	*nch = n;
	*bits = (unsigned int)c[0];
	return NULL;
}

/* The driver's form: the channel desc of @n channels of @format; NULL,
 * or why not. */
static const char *format_desc(hipArray_Format format, unsigned int n, hipChannelFormatDesc *d)
{
	int bits;
	hipChannelFormatKind f;

	switch (format) {
	case HIP_AD_FORMAT_UNSIGNED_INT8: bits = 8, f = hipChannelFormatKindUnsigned; break;
	case HIP_AD_FORMAT_UNSIGNED_INT16: bits = 16, f = hipChannelFormatKindUnsigned; break;
	case HIP_AD_FORMAT_UNSIGNED_INT32: bits = 32, f = hipChannelFormatKindUnsigned; break;
	case HIP_AD_FORMAT_SIGNED_INT8: bits = 8, f = hipChannelFormatKindSigned; break;
	case HIP_AD_FORMAT_SIGNED_INT16: bits = 16, f = hipChannelFormatKindSigned; break;
	case HIP_AD_FORMAT_SIGNED_INT32: bits = 32, f = hipChannelFormatKindSigned; break;
	case HIP_AD_FORMAT_HALF: bits = 16, f = hipChannelFormatKindFloat; break;
	case HIP_AD_FORMAT_FLOAT: bits = 32, f = hipChannelFormatKindFloat; break;
	default:
		return "Format is not a HIP_AD_FORMAT_*";
	}
	if (n != 1 && n != 2 && n != 4)
		return "NumChannels is not 1, 2 or 4";
	*d = (hipChannelFormatDesc){ bits, n > 1 ? bits : 0, n > 2 ? bits : 0, n > 3 ? bits : 0,
				     f };
	return NULL;
}

/* ------------------------------------------------------------- creation */
/*
 * The texture type of a @w x @h x @d array with @flags (hipExtent's
 * sizes, 0: absent) in *@type; false, and the reason in *@why, if it has none.
 */
static bool array_type(size_t w, size_t h, size_t d, unsigned int flags, unsigned int *type,
		       const char **why)
{
	const bool layered = flags & hipArrayLayered, cube = flags & hipArrayCubemap;

	*why = NULL;
	if (cube) {
		if (w != h)
			*why = "a cubemap's faces must be square (width == height)";
		else if (layered ? !d || d % 6 : d != 6)
			*why = layered ? "a layered cubemap's depth must be 6 * layers"
				       : "a cubemap's depth must be 6";
		*type = layered ? hipTextureTypeCubemapLayered : hipTextureTypeCubemap;
	} else if (layered) {
		if (!d)
			*why = "a layered array needs a layer count (depth)";
		*type = h ? hipTextureType2DLayered : hipTextureType1DLayered;
	} else if (d) {
		if (!h)
			*why = "a 3-D array needs a height (or hipArrayLayered for 1-D layers)";
		*type = hipTextureType3D;
	} else {
		*type = h ? hipTextureType2D : hipTextureType1D;
	}
	if (!*why && (flags & hipArrayTextureGather) && *type != hipTextureType2D)
		*why = "hipArrayTextureGather is for 2-D arrays only";
	return !*why;
}

/*
 * Make an array of @desc texels, @w x @h x @d as hipExtent gives them (0:
 * the dimension is absent; with hipArrayLayered @d is the layer count,
 * with hipArrayCubemap 6 faces or 6 * layers).  @desc is checked.
 */
static hipError_t make_array(const char *api, hipArray_t *out, const hipChannelFormatDesc *desc,
			     size_t w, size_t h, size_t d, unsigned int flags)
{
	const bool layered = flags & hipArrayLayered, cube = flags & hipArrayCubemap;
	unsigned int nch = 0, bits = 0, type;
	hipArray_Format format = HIP_AD_FORMAT_UNSIGNED_INT8;
	const char *why = desc_format(desc, &nch, &bits, &format);
	struct bh_rt_device *dev;
	hipError_t e;

#define REFUSE(...) bh_rt_error(hipErrorInvalidValue, "%s(%zu x %zu x %zu, flags 0x%x, " \
				"{%d, %d, %d, %d, %s}): " __VA_ARGS__)
#define ARGS api, w, h, d, flags, desc->x, desc->y, desc->z, desc->w, kind_name(desc->f)
	if (why)
		return REFUSE("%s", ARGS, why);
	if (flags & ~ARRAY_FLAGS)
		return REFUSE("unknown flags 0x%x", ARGS, flags & ~ARRAY_FLAGS);
	if (!w)
		return REFUSE("the width is 0", ARGS);
	if (!array_type(w, h, d, flags, &type, &why))
		return REFUSE("%s", ARGS, why);
	if (w > MAX_WIDTH || h > MAX_HEIGHT || d > MAX_SLICES)
		return REFUSE("larger than the largest array (%u x %u texels, %u %s)", ARGS,
			      MAX_WIDTH, MAX_HEIGHT, MAX_SLICES,
			      cube ? "faces (6 * layers)" : layered ? "layers" : "slices");
#undef REFUSE
#undef ARGS
	e = bh_rt_cur(&dev);
	if (e)
		return e;
	struct hipArray *a = calloc(1, sizeof(*a));

	if (!a)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	a->dev = dev;
	a->desc = *desc;
	a->format = format;
	a->nch = nch;
	a->bits = bits;
	a->bpe = (size_t)nch * bits / 8;
	a->width = w;
	a->height = h;
	a->depth = d;
	a->flags = flags;
	a->type = type;
	a->pitch = (w * a->bpe + BH_IMAGE_PITCH_ALIGN - 1) / BH_IMAGE_PITCH_ALIGN *
		   BH_IMAGE_PITCH_ALIGN;
	a->rows = h ? h : 1;
	a->slices = d ? d : 1;
	a->slice_bytes = a->pitch * a->rows;
	a->bytes = a->slice_bytes * a->slices;	/* at most 2^18 * 2^14 * 2^13 */
	char what[128];	/* names the array in an allocation failure */

	snprintf(what, sizeof(what), "%s(%zu x %zu x %zu, %u x %u-bit channels)", api, w, h, d,
		 nch, bits);
	e = bh_rt_array_mem_alloc(what, dev, a->bytes, &a->alloc);
	if (e) {
		free(a);
		return e;
	}
	a->base = (void *)(uintptr_t)a->alloc->mem.gpu_va;	/* 4 KiB-aligned */
	a->magic = BH_ARRAY_MAGIC;
	pthread_mutex_lock(&array_lock);
	a->next = arrays;
	arrays = a;
	pthread_mutex_unlock(&array_lock);
	BH_RT_LOG(3, "%s ( %zu x %zu x %zu, %u x %u bits, flags 0x%x ) = %p: %zu bytes at %p, "
		  "pitch %zu", api, w, h, d, nch, bits, flags, (void *)a, a->bytes, a->base,
		  a->pitch);
	*out = a;
	return bh_rt_success();
}

hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc, size_t width,
			  size_t height, unsigned int flags)
{
	if (!array || !desc)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocArray: %s is NULL",
				   array ? "desc" : "array");
	if (flags & (hipArrayLayered | hipArrayCubemap))
		return bh_rt_error(hipErrorInvalidValue, "hipMallocArray(%zu x %zu, flags 0x%x): "
				   "layered and cubemap arrays are made by hipMalloc3DArray",
				   width, height, flags);
	return make_array("hipMallocArray", array, desc, width, height, 0, flags);
}

hipError_t hipMalloc3DArray(hipArray_t *array, const hipChannelFormatDesc *desc,
			    hipExtent extent, unsigned int flags)
{
	if (!array || !desc)
		return bh_rt_error(hipErrorInvalidValue, "hipMalloc3DArray: %s is NULL",
				   array ? "desc" : "array");
	return make_array("hipMalloc3DArray", array, desc, extent.width, extent.height,
			  extent.depth, flags);
}

/* The driver's forms: Format and NumChannels instead of a channel desc. */
static hipError_t drv_create(const char *api, hipArray_t *array, size_t w, size_t h, size_t d,
			     hipArray_Format format, unsigned int n, unsigned int flags)
{
	hipChannelFormatDesc desc;
	const char *why = format_desc(format, n, &desc);

	if (why)
		return bh_rt_error(hipErrorInvalidValue, "%s(%zu x %zu x %zu, Format 0x%x, "
				   "NumChannels %u): %s", api, w, h, d, (unsigned int)format, n,
				   why);
	return make_array(api, array, &desc, w, h, d, flags);
}

hipError_t hipArrayCreate(hipArray_t *array, const HIP_ARRAY_DESCRIPTOR *desc)
{
	if (!array || !desc)
		return bh_rt_error(hipErrorInvalidValue, "hipArrayCreate: %s is NULL",
				   array ? "pAllocateArray" : "pHandle");
	return drv_create("hipArrayCreate", array, desc->Width, desc->Height, 0, desc->Format,
			  desc->NumChannels, 0);
}

hipError_t hipArray3DCreate(hipArray_t *array, const HIP_ARRAY3D_DESCRIPTOR *desc)
{
	if (!array || !desc)
		return bh_rt_error(hipErrorInvalidValue, "hipArray3DCreate: %s is NULL",
				   array ? "pAllocateArray" : "array");
	return drv_create("hipArray3DCreate", array, desc->Width, desc->Height, desc->Depth,
			  desc->Format, desc->NumChannels, desc->Flags);
}

/* Free @array once the device's streams are done with it (as hipFree);
 * of two threads freeing it, one does and the other is told it is not
 * an array any more. */
static hipError_t free_array(const char *api, hipArray_t array)
{
	hipError_t e;
	bool found;

	if (!array)
		return bh_rt_error(hipErrorInvalidValue, "%s: the array is NULL", api);
	e = bh_rt_init();
	if (e)
		return e;
	pthread_mutex_lock(&array_lock);
	found = listed_locked(array);
	/*
	 * A level of a mipmapped array is the mipmapped array's: it goes
	 * with hipFreeMipmappedArray.  ROCm makes a new array object for each
	 * hipGetMipmappedArrayLevel, which its users free (hip-tests'
	 * hipTextureMipmapObj*): freeing a level succeeds, releases nothing,
	 * and the level stays usable until its mipmapped array is freed.
	 */
	if (found && array->mip) {
		pthread_mutex_unlock(&array_lock);
		BH_RT_LOG(3, "%s(%p): a level of mipmapped array %p: nothing to free", api,
			  (void *)array, (void *)array->mip);
		return bh_rt_success();
	}
	for (struct hipArray **p = &arrays; found && *p; p = &(*p)->next)
		if (*p == array) {
			*p = array->next;
			break;
		}
	pthread_mutex_unlock(&array_lock);
	/* ROCm's code for an array freed already or never made (hip-tests'
	 * hipArray.cc DoubleFree, TrippleDestroy, Invalid ask for it). */
	if (!found)
		return bh_rt_error(hipErrorContextIsDestroyed, "%s(%p): not a live array (freed "
				   "already, or not made by hipMallocArray, hipMalloc3DArray, "
				   "hipArrayCreate or hipArray3DCreate)", api, (void *)array);
	e = bh_rt_array_mem_free(api, array->alloc);
	if (e) {		/* still allocated: still an array */
		pthread_mutex_lock(&array_lock);
		array->next = arrays;
		arrays = array;
		pthread_mutex_unlock(&array_lock);
		return e;
	}
	array->magic = 0;
	free(array);
	return bh_rt_success();
}

hipError_t hipArrayDestroy(hipArray_t array)
{
	return free_array("hipArrayDestroy", array);
}

hipError_t hipFreeArray(hipArray_t array)
{
	return free_array("hipFreeArray", array);
}

/* ------------------------------------------------------------- queries */
hipError_t hipArrayGetInfo(hipChannelFormatDesc *desc, hipExtent *extent, unsigned int *flags,
			   hipArray_t array)
{
	struct hipArray a;
	hipError_t e = lookup("hipArrayGetInfo", "queried", array, hipErrorInvalidHandle, &a);

	if (e)
		return e;
	if (desc)
		*desc = a.desc;
	if (extent)
		*extent = (hipExtent){ a.width, a.height, a.depth };
	if (flags)
		*flags = a.flags;
	return bh_rt_success();
}

hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR *desc, hipArray_t array)
{
	struct hipArray a;
	hipError_t e = lookup("hipArrayGetDescriptor", "queried", array, hipErrorInvalidHandle,
			      &a);

	if (e)
		return e;
	if (!desc)
		return bh_rt_error(hipErrorInvalidValue, "hipArrayGetDescriptor: "
				   "pArrayDescriptor is NULL");
	*desc = (HIP_ARRAY_DESCRIPTOR){ a.width, a.height, a.format, a.nch };
	return bh_rt_success();
}

hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR *desc, hipArray_t array)
{
	struct hipArray a;
	hipError_t e = lookup("hipArray3DGetDescriptor", "queried", array, hipErrorInvalidHandle,
			      &a);

	if (e)
		return e;
	if (!desc)
		return bh_rt_error(hipErrorInvalidValue, "hipArray3DGetDescriptor: "
				   "pArrayDescriptor is NULL");
	*desc = (HIP_ARRAY3D_DESCRIPTOR){ a.width, a.height, a.depth, a.format, a.nch, a.flags };
	return bh_rt_success();
}

hipError_t hipGetChannelDesc(hipChannelFormatDesc *desc, hipArray_const_t array)
{
	struct hipArray a;
	hipError_t e;

	if (!desc)
		return bh_rt_error(hipErrorInvalidValue, "hipGetChannelDesc: desc is NULL");
	e = lookup("hipGetChannelDesc", "queried", array, hipErrorInvalidHandle, &a);
	if (e)
		return e;
	*desc = a.desc;
	return bh_rt_success();
}

/* ---------------------------------------------------- mipmapped arrays */
static struct hipMipmappedArray *mipmaps;	/* the live ones, under array_lock */

static bool mip_listed_locked(const struct hipMipmappedArray *m)
{
	for (const struct hipMipmappedArray *x = mipmaps; x; x = x->next)
		if (x == m)
			return true;
	return false;
}

bool bh_rt_mipmap_get(const struct hipMipmappedArray *m, struct hipMipmappedArray *out)
{
	bool found;

	if (!m)
		return false;
	pthread_mutex_lock(&array_lock);
	found = mip_listed_locked(m);
	if (found)
		*out = *m;
	pthread_mutex_unlock(&array_lock);
	return found;
}

/* Mipmapped arrays of a device going away (their memory goes with it). */
static void mipmaps_teardown_locked(struct bh_rt_device *d)
{
	for (struct hipMipmappedArray **p = &mipmaps; *p;) {
		struct hipMipmappedArray *m = *p;

		if (m->dev != d) {
			p = &m->next;
			continue;
		}
		*p = m->next;
		free(m);	/* its levels are in the arrays list, freed there */
	}
}

static unsigned int max_levels(size_t w, size_t h)
{
	size_t m = w > h ? w : h;
	unsigned int n = 1;

	while (m >>= 1)
		n++;
	return n;
}

/*
 * Make a mipmapped array of @levels levels (clamped to the chain's, as
 * CUDA does) of any array shape: 1D, 2D, 3D (each level has half the
 * depth), layered and cubemap (every level has all the layers or faces).
 * One allocation in the layout of image.h: per slice (3-D slice, layer or
 * face) the whole chain, smallest level first.
 */
static hipError_t make_mipmapped(const char *api, hipMipmappedArray_t *out,
				 const hipChannelFormatDesc *desc, hipExtent extent,
				 unsigned int levels, unsigned int flags)
{
	unsigned int nch = 0, bits = 0, type = 0;
	hipArray_Format format = HIP_AD_FORMAT_UNSIGNED_INT8;
	const char *why = desc_format(desc, &nch, &bits, &format);
	size_t w = extent.width, h = extent.height, d = extent.depth;
	struct bh_rt_device *dev;
	hipError_t e;

	if (!why && flags & ~ARRAY_FLAGS)
		why = "unknown flags";
	if (!why && !w)
		why = "the width is 0";
	if (!why && !levels)
		why = "0 levels";
	if (!why)
		array_type(w, h, d, flags, &type, &why);
	if (!why && (w > MAX_WIDTH || h > MAX_HEIGHT || d > MAX_SLICES))
		why = "larger than the largest array (16384 x 16384 texels, 8192 slices)";
	if (why)
		return bh_rt_error(hipErrorInvalidValue, "%s(%zu x %zu x %zu, %u levels, flags "
				   "0x%x): %s", api, extent.width, extent.height, extent.depth,
				   levels, flags, why);
	const bool is3d = type == hipTextureType3D;
	/* Levels halve the width, height and a 3-D array's depth. */
	size_t longest = h > w ? h : w;

	if (is3d && d > longest)
		longest = d;
	if (levels > max_levels(longest, 0))
		levels = max_levels(longest, 0);
	e = bh_rt_cur(&dev);
	if (e)
		return e;
	struct hipMipmappedArray *m = calloc(1, sizeof(*m));
	struct hipArray *lv[BH_MAX_MIP_LEVELS] = { NULL };
	size_t bpe = (size_t)nch * bits / 8, at = 0, off[BH_MAX_MIP_LEVELS];
	size_t slices = d ? d : 1;

	if (!m)
		return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
	/* The chain of one slice, smallest level first (image.h). */
	for (int l = (int)levels - 1; l >= 0; l--) {
		size_t cw = ((w - 1) >> l) + 1, ch = h ? ((h - 1) >> l) + 1 : 1;
		size_t pitch = (cw * bpe + BH_IMAGE_PITCH_ALIGN - 1) / BH_IMAGE_PITCH_ALIGN *
			       BH_IMAGE_PITCH_ALIGN;
		struct hipArray *a = calloc(1, sizeof(*a));

		lv[l] = a;
		if (!a)
			break;
		off[l] = at;
		a->dev = dev;
		a->desc = *desc;
		a->format = format;
		a->nch = nch;
		a->bits = bits;
		a->bpe = bpe;
		a->width = w >> l ? w >> l : 1;
		a->height = !h ? 0 : h >> l ? h >> l : 1;
		/* A 3-D level has max(1, depth >> l) slices; layers and faces stay. */
		a->depth = is3d ? (d >> l ? d >> l : 1) : d;
		a->flags = flags;
		a->type = type;
		a->pitch = pitch;
		a->rows = a->height ? a->height : 1;
		a->slices = a->depth ? a->depth : 1;
		a->mip = m;
		a->level = (unsigned int)l;
		at += pitch * ch;
	}
	for (unsigned int l = 0; l < levels; l++)
		if (!lv[l]) {
			for (unsigned int k = 0; k < levels; k++)
				free(lv[k]);
			free(m);
			return bh_rt_error(hipErrorOutOfMemory, "%s: out of host memory", api);
		}
	/* Every slice holds the whole chain: slices are a chain apart (a
	 * level of one slice is an ordinary array). */
	for (unsigned int l = 0; l < levels; l++) {
		lv[l]->slice_bytes = lv[l]->slices > 1 ? at : lv[l]->pitch * lv[l]->rows;
		lv[l]->bytes = at * (lv[l]->slices - 1) + lv[l]->pitch * lv[l]->rows;
	}
	char what[160];

	snprintf(what, sizeof(what), "%s(%zu x %zu x %zu, %u levels, %u x %u-bit channels)", api,
		 w, h, d, levels, nch, bits);
	e = bh_rt_array_mem_alloc(what, dev, at * slices, &m->alloc);
	if (e) {
		for (unsigned int l = 0; l < levels; l++)
			free(lv[l]);
		free(m);
		return e;
	}
	m->dev = dev;
	m->base = (void *)(uintptr_t)m->alloc->mem.gpu_va;
	m->desc = *desc;
	m->nch = nch;
	m->bits = bits;
	m->flags = flags;
	m->levels = levels;
	m->width = w;
	m->height = h;
	m->depth = d;
	m->type = type;
	m->slice_bytes = at;
	pthread_mutex_lock(&array_lock);
	for (unsigned int l = 0; l < levels; l++) {
		lv[l]->base = (uint8_t *)m->base + off[l];
		lv[l]->magic = BH_ARRAY_MAGIC;
		lv[l]->next = arrays;
		arrays = lv[l];
		m->level[l] = lv[l];
	}
	m->next = mipmaps;
	mipmaps = m;
	pthread_mutex_unlock(&array_lock);
	BH_RT_LOG(3, "%s ( %zu x %zu x %zu, %u levels, %u x %u bits ) = %p: %zu bytes at %p",
		  api, w, h, d, levels, nch, bits, (void *)m, at * slices, m->base);
	*out = m;
	return bh_rt_success();
}

hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmapped,
				   const hipChannelFormatDesc *desc, hipExtent extent,
				   unsigned int levels, unsigned int flags)
{
	if (!mipmapped || !desc)
		return bh_rt_error(hipErrorInvalidValue, "hipMallocMipmappedArray: %s is NULL",
				   mipmapped ? "desc" : "mipmappedArray");
	return make_mipmapped("hipMallocMipmappedArray", mipmapped, desc, extent, levels, flags);
}

hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t *mipmapped,
				   HIP_ARRAY3D_DESCRIPTOR *desc, unsigned int levels)
{
	static const char api[] = "hipMipmappedArrayCreate";
	hipChannelFormatDesc cd;
	const char *why;

	if (!mipmapped || !desc)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   mipmapped ? "pMipmappedArrayDesc" : "pHandle");
	why = format_desc(desc->Format, desc->NumChannels, &cd);
	if (why)
		return bh_rt_error(hipErrorInvalidValue, "%s(Format 0x%x, NumChannels %u): %s",
				   api, (unsigned int)desc->Format, desc->NumChannels, why);
	return make_mipmapped(api, mipmapped, &cd,
			      make_hipExtent(desc->Width, desc->Height, desc->Depth), levels,
			      desc->Flags);
}

/* Free @m and its levels once the device's streams are done with them. */
static hipError_t free_mipmapped(const char *api, hipMipmappedArray_t m)
{
	hipError_t e;
	bool found;

	if (!m)
		return bh_rt_error(hipErrorInvalidValue, "%s: the mipmapped array is NULL", api);
	e = bh_rt_init();
	if (e)
		return e;
	pthread_mutex_lock(&array_lock);
	found = mip_listed_locked(m);
	if (found) {
		for (struct hipMipmappedArray **p = &mipmaps; *p; p = &(*p)->next)
			if (*p == m) {
				*p = m->next;
				break;
			}
		/* Its levels stop being arrays with it. */
		for (struct hipArray **p = &arrays; *p;) {
			if ((*p)->mip == m)
				*p = (*p)->next;
			else
				p = &(*p)->next;
		}
	}
	pthread_mutex_unlock(&array_lock);
	if (!found)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p): not a live mipmapped array "
				   "(freed already, or not made by hipMallocMipmappedArray or "
				   "hipMipmappedArrayCreate)", api, (void *)m);
	e = bh_rt_array_mem_free(api, m->alloc);
	pthread_mutex_lock(&array_lock);
	if (e) {		/* still allocated: still a mipmapped array */
		for (unsigned int l = 0; l < m->levels; l++) {
			m->level[l]->next = arrays;
			arrays = m->level[l];
		}
		m->next = mipmaps;
		mipmaps = m;
	}
	pthread_mutex_unlock(&array_lock);
	if (e)
		return e;
	for (unsigned int l = 0; l < m->levels; l++) {
		m->level[l]->magic = 0;
		free(m->level[l]);
	}
	free(m);
	return bh_rt_success();
}

hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmapped)
{
	return free_mipmapped("hipFreeMipmappedArray", mipmapped);
}

hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t mipmapped)
{
	return free_mipmapped("hipMipmappedArrayDestroy", mipmapped);
}

static hipError_t get_level(const char *api, hipArray_t *out, hipMipmappedArray_const_t m,
			    unsigned int level)
{
	struct hipMipmappedArray copy;

	if (!out)
		return bh_rt_error(hipErrorInvalidValue, "%s: levelArray is NULL", api);
	if (!m)
		return bh_rt_error(hipErrorInvalidValue, "%s: the mipmapped array is NULL", api);
	if (!bh_rt_mipmap_get(m, &copy))
		return bh_rt_error(hipErrorInvalidHandle, "%s(%p): not a live mipmapped array",
				   api, (const void *)m);
	if (level >= copy.levels)
		return bh_rt_error(hipErrorInvalidValue, "%s(%p, level %u): it has %u levels", api,
				   (const void *)m, level, copy.levels);
	*out = copy.level[level];
	return bh_rt_success();
}

hipError_t hipGetMipmappedArrayLevel(hipArray_t *level_array, hipMipmappedArray_const_t mipmapped,
				     unsigned int level)
{
	return get_level("hipGetMipmappedArrayLevel", level_array, mipmapped, level);
}

hipError_t hipMipmappedArrayGetLevel(hipArray_t *level_array, hipMipmappedArray_t mipmapped,
				     unsigned int level)
{
	return get_level("hipMipmappedArrayGetLevel", level_array, mipmapped, level);
}

/* --------------------------------------------------------------- boxes */
static size_t row_bytes(const struct hipArray *a)
{
	return a->width * a->bpe;
}

/*
 * Bytes from a row to the next as the copies count rows: the pitch, or
 * in an array of one row a slice (a 1-D layered array's rows are its
 * layers).  The slices of a level of a layered or 3-D mip chain are a
 * whole chain apart (image.h), not pitch * rows.
 */
static size_t row_stride(const struct hipArray *a)
{
	return a->rows == 1 ? a->slice_bytes : a->pitch;
}

/* Whether @a's slices are not rows * pitch apart (a level of a layered or
 * 3-D mip chain): a pitched copy of it takes its slice stride. */
static bool sparse_slices(const struct hipArray *a)
{
	return a->slices > 1 && a->slice_bytes != a->pitch * a->rows;
}

/*
 * The box of @w bytes x @h rows x @d slices at (@x bytes, row @y, slice
 * @z) of array @a (a copy from lookup), checked to lie inside its texels
 * (not its pitch padding); *@start: where it begins.  In a 1-D layered
 * array a copy of one slice at slice 0 may name the layers as rows (the
 * 2-D copies, and ROCm's driver copies, do): with one row to a slice,
 * row r is layer r.
 */
static hipError_t in_array(const char *api, const char *side, const struct hipArray *a, size_t x,
			   size_t y, size_t z, size_t w, size_t h, size_t d, uint8_t **start)
{
	const size_t row = row_bytes(a);
	const size_t ylim = a->rows == 1 && d == 1 && z == 0 ? a->slices : a->rows;

	if (x > row || w > row - x || y > ylim || h > ylim - y || z > a->slices ||
	    d > a->slices - z)
		return bh_rt_error(hipErrorInvalidValue, "%s: the %s box of %zu bytes x %zu rows "
				   "x %zu slices at (%zu bytes, row %zu, slice %zu) runs outside "
				   "the array of %zu x %zu x %zu texels (%zu bytes a row, %zu rows, "
				   "%zu slices)", api, side, w, h, d, x, y, z, a->width, a->height,
				   a->depth, row, a->rows, a->slices);
	*start = (uint8_t *)a->base + z * a->slice_bytes + y * row_stride(a) + x;
	return hipSuccess;
}

static hipError_t check_kind(const char *api, hipMemcpyKind kind)
{
	if ((unsigned int)kind > hipMemcpyDefault && kind != hipMemcpyDeviceToDeviceNoCU)
		return bh_rt_error(hipErrorInvalidMemcpyDirection, "%s: kind %d is not a copy "
				   "direction", api, (int)kind);
	return hipSuccess;
}

/* ---------------------------------------------------------- 2-D copies */
/*
 * The 2-D copies to and from arrays, checked in ROCm's order: the
 * direction, the linear side (NULL: hipErrorInvalidValue; a pitch of 0
 * or below the row: hipErrorInvalidPitchValue), then the array (NULL or
 * not one: hipErrorInvalidHandle, as ROCm's hipMemcpy2DValidateArray),
 * then the box in the array.  @to: into the array.
 */
static hipError_t copy2d(const char *api, bool to, const struct hipArray *array, size_t wOffset,
			 size_t hOffset, const void *buf, size_t pitch, size_t width,
			 size_t height, hipMemcpyKind kind, bool async, hipStream_t stream)
{
	struct hipArray a;
	uint8_t *start;
	hipError_t e = check_kind(api, kind);

	if (e)
		return e;
	if (!buf)
		return bh_rt_error(hipErrorInvalidValue, "%s: the linear side is NULL", api);
	if (!pitch || pitch < width)
		return bh_rt_error(hipErrorInvalidPitchValue, "%s: pitch %zu is below the row of "
				   "%zu bytes", api, pitch, width);
	e = lookup(api, to ? "destination" : "source", array, hipErrorInvalidHandle, &a);
	if (!e)
		e = in_array(api, to ? "destination" : "source", &a, wOffset, hOffset, 0, width,
			     height, 1, &start);
	if (e)
		return e;
	if (to)
		return bh_rt_copy3d(api, start, row_stride(&a), 0, buf, pitch, 0, width, height, 1,
				    kind, async, stream);
	return bh_rt_copy3d(api, (void *)(uintptr_t)buf, pitch, 0, start, row_stride(&a), 0,
			    width, height, 1, kind, async, stream);
}

hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			      size_t spitch, size_t width, size_t height, hipMemcpyKind kind)
{
	return copy2d("hipMemcpy2DToArray", true, dst, wOffset, hOffset, src, spitch, width,
		      height, kind, false, NULL);
}

hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
				   const void *src, size_t spitch, size_t width, size_t height,
				   hipMemcpyKind kind, hipStream_t stream)
{
	return copy2d("hipMemcpy2DToArrayAsync", true, dst, wOffset, hOffset, src, spitch, width,
		      height, kind, true, stream);
}

hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
				size_t hOffset, size_t width, size_t height, hipMemcpyKind kind)
{
	return copy2d("hipMemcpy2DFromArray", false, src, wOffset, hOffset, dst, dpitch, width,
		      height, kind, false, NULL);
}

hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src,
				     size_t wOffset, size_t hOffset, size_t width, size_t height,
				     hipMemcpyKind kind, hipStream_t stream)
{
	return copy2d("hipMemcpy2DFromArrayAsync", false, src, wOffset, hOffset, dst, dpitch,
		      width, height, kind, true, stream);
}

hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
				   hipArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
				   size_t width, size_t height, hipMemcpyKind kind)
{
	static const char api[] = "hipMemcpy2DArrayToArray";
	struct hipArray d, s;
	uint8_t *dstart, *sstart;
	hipError_t e = check_kind(api, kind);

	if (!e)
		e = lookup(api, "destination", dst, hipErrorInvalidHandle, &d);
	if (!e)
		e = lookup(api, "source", src, hipErrorInvalidHandle, &s);
	if (!e)
		e = in_array(api, "destination", &d, wOffsetDst, hOffsetDst, 0, width, height, 1,
			     &dstart);
	if (!e)
		e = in_array(api, "source", &s, wOffsetSrc, hOffsetSrc, 0, width, height, 1,
			     &sstart);
	if (e)
		return e;
	return bh_rt_copy3d(api, dstart, row_stride(&d), 0, sstart, row_stride(&s), 0, width,
			    height, 1, kind, false, NULL);
}

/* ---------------------------------------------------------- 1-D copies */
/*
 * One side of a 1-D copy: @count bytes from offset @off of array @a (its
 * rows one after another, width * bpe bytes each), or at @ptr (@a NULL).
 */
struct flat {
	const struct hipArray *a;
	uint8_t *ptr;
	size_t off;
};

static hipError_t flat_check(const char *api, const char *side, const struct flat *f,
			     size_t count)
{
	size_t off;

	if (!f->a) {
		if (!f->ptr)
			return bh_rt_error(hipErrorInvalidValue, "%s: the %s pointer is NULL", api,
					   side);
		/* The whole span in its allocation before the first piece moves. */
		if (count && bh_rt_allocation_at(f->ptr, &off) &&
		    !bh_rt_find_allocation(f->ptr, count))
			return bh_rt_error(hipErrorInvalidValue, "%s: the %s's %zu bytes at %p run "
					   "past the end of its allocation", api, side, count,
					   (void *)f->ptr);
		return hipSuccess;
	}
	const size_t total = row_bytes(f->a) * f->a->rows * f->a->slices;

	if (f->off > total || count > total - f->off)
		return bh_rt_error(hipErrorInvalidValue, "%s: %zu bytes at offset %zu run past the "
				   "end of the %s array's %zu bytes (%zu rows of %zu bytes)", api,
				   count, f->off, side, total, f->a->rows * f->a->slices,
				   row_bytes(f->a));
	return hipSuccess;
}

/* Where @f's byte @at is, and how many bytes follow in its row (linear
 * memory: all). */
static uint8_t *flat_at(const struct flat *f, size_t at, size_t *room)
{
	if (!f->a) {
		*room = SIZE_MAX;
		return f->ptr + f->off + at;
	}
	const size_t row = row_bytes(f->a), r = (f->off + at) / row, x = (f->off + at) % row;

	*room = row - x;
	return (uint8_t *)f->a->base + (r / f->a->rows) * f->a->slice_bytes +
	       (r % f->a->rows) * f->a->pitch + x;
}

/* Whole rows from @f's byte @at that one pitched copy may take: to the end
 * of the slice where slices are not rows * pitch apart, else all. */
static size_t flat_rows(const struct flat *f, size_t at)
{
	if (!f->a || !sparse_slices(f->a))
		return SIZE_MAX;
	return f->a->rows - (f->off + at) / row_bytes(f->a) % f->a->rows;
}

/*
 * Copy @count bytes between two sides, at least one an array: whole rows
 * as one pitched copy where the array sides are at a row's start (and of
 * one row length), else a row's remainder at a time.  Everything is
 * checked before the first byte moves.
 */
static hipError_t flat_copy(const char *api, struct flat dst, struct flat src, size_t count,
			    hipMemcpyKind kind, bool async, hipStream_t stream)
{
	hipError_t e = check_kind(api, kind);

	if (!e)
		e = flat_check(api, "destination", &dst, count);
	if (!e)
		e = flat_check(api, "source", &src, count);
	for (size_t done = 0; !e && done < count;) {
		size_t droom, sroom, left = count - done;
		uint8_t *d = flat_at(&dst, done, &droom), *s = flat_at(&src, done, &sroom);
		size_t drow = dst.a ? row_bytes(dst.a) : 0, srow = src.a ? row_bytes(src.a) : 0;
		size_t row = drow ? drow : srow;

		if ((!dst.a || droom == drow) && (!src.a || sroom == srow) &&
		    (!drow || !srow || drow == srow) && left >= row) {
			size_t n = left / row, dn = flat_rows(&dst, done), sn = flat_rows(&src, done);

			n = n < dn ? n : dn;
			n = n < sn ? n : sn;
			e = bh_rt_copy3d(api, d, dst.a ? dst.a->pitch : row, 0, s,
					 src.a ? src.a->pitch : row, 0, row, n, 1, kind, async,
					 stream);
			done += n * row;
			continue;
		}
		size_t piece = left < droom ? left : droom;

		piece = piece < sroom ? piece : sroom;
		e = bh_rt_copy3d(api, d, piece, 0, s, piece, 0, piece, 1, 1, kind, async, stream);
		done += piece;
	}
	return e;
}

/* An array side of a 1-D copy, by handle (NULL: hipErrorInvalidValue). */
static hipError_t flat_array(const char *api, const char *side, const struct hipArray *array,
			     size_t off, struct hipArray *copy, struct flat *f)
{
	hipError_t e = lookup(api, side, array, hipErrorInvalidValue, copy);

	*f = (struct flat){ copy, NULL, off };
	return e;
}

static struct flat linear(const void *p)
{
	return (struct flat){ NULL, (uint8_t *)(uintptr_t)p, 0 };
}

/* hipMemcpyToArray / FromArray: (@wOffset bytes, row @hOffset), then on
 * through the following rows. */
static hipError_t row_offset(const char *api, const struct hipArray *a, size_t wOffset,
			     size_t hOffset, size_t count, size_t *off)
{
	const size_t row = row_bytes(a);

	if (wOffset > row || (wOffset == row && count) ||
	    __builtin_mul_overflow(hOffset, row, off) ||
	    __builtin_add_overflow(*off, wOffset, off))
		return bh_rt_error(hipErrorInvalidValue, "%s: (%zu bytes, row %zu) is outside the "
				   "array's rows of %zu bytes", api, wOffset, hOffset, row);
	return hipSuccess;
}

hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			    size_t count, hipMemcpyKind kind)
{
	static const char api[] = "hipMemcpyToArray";
	struct hipArray a;
	struct flat d;
	size_t off = 0;
	hipError_t e = flat_array(api, "destination", dst, 0, &a, &d);

	if (!e)
		e = row_offset(api, &a, wOffset, hOffset, count, &off);
	if (e)
		return e;
	d.off = off;
	return flat_copy(api, d, linear(src), count, kind, false, NULL);
}

hipError_t hipMemcpyFromArray(void *dst, hipArray_const_t src, size_t wOffset, size_t hOffset,
			      size_t count, hipMemcpyKind kind)
{
	static const char api[] = "hipMemcpyFromArray";
	struct hipArray a;
	struct flat s;
	size_t off = 0;
	hipError_t e = flat_array(api, "source", src, 0, &a, &s);

	if (!e)
		e = row_offset(api, &a, wOffset, hOffset, count, &off);
	if (e)
		return e;
	s.off = off;
	return flat_copy(api, linear(dst), s, count, kind, false, NULL);
}

/* The driver's copies take a 1-D array (CUDA's cuMemcpyAtoH & co; ROCm
 * refuses a 2-D one, hip-tests' hipMemcpyAtoH.cc "2D array"). */
static hipError_t one_d(const char *api, const char *side, const struct hipArray *a)
{
	if (a->height || a->depth)
		return bh_rt_error(hipErrorInvalidValue, "%s: the %s array (%zu x %zu x %zu) is "
				   "not 1-D: the driver's 1-D copies take 1-D arrays (hipMemcpy2D"
				   "ToArray, hipMemcpyToArray and hipMemcpy3D take any)", api,
				   side, a->width, a->height, a->depth);
	return hipSuccess;
}

/* The driver's: the direction is the call's; @to: into the array. */
static hipError_t drv_flat(const char *api, bool to, const struct hipArray *array, size_t off,
			   const void *p, size_t count, hipMemcpyKind kind, bool async,
			   hipStream_t stream)
{
	struct hipArray a;
	struct flat f;
	hipError_t e = flat_array(api, to ? "destination" : "source", array, off, &a, &f);

	if (!e)
		e = one_d(api, to ? "destination" : "source", &a);
	if (e)
		return e;
	return to ? flat_copy(api, f, linear(p), count, kind, async, stream)
		  : flat_copy(api, linear(p), f, count, kind, async, stream);
}

hipError_t hipMemcpyAtoH(void *dst, hipArray_t src, size_t srcOffset, size_t count)
{
	return drv_flat("hipMemcpyAtoH", false, src, srcOffset, dst, count,
			hipMemcpyDeviceToHost, false, NULL);
}

hipError_t hipMemcpyHtoA(hipArray_t dst, size_t dstOffset, const void *src, size_t count)
{
	return drv_flat("hipMemcpyHtoA", true, dst, dstOffset, src, count, hipMemcpyHostToDevice,
			false, NULL);
}

hipError_t hipMemcpyAtoHAsync(void *dst, hipArray_t src, size_t srcOffset, size_t count,
			      hipStream_t stream)
{
	return drv_flat("hipMemcpyAtoHAsync", false, src, srcOffset, dst, count,
			hipMemcpyDeviceToHost, true, stream);
}

hipError_t hipMemcpyHtoAAsync(hipArray_t dst, size_t dstOffset, const void *src, size_t count,
			      hipStream_t stream)
{
	return drv_flat("hipMemcpyHtoAAsync", true, dst, dstOffset, src, count,
			hipMemcpyHostToDevice, true, stream);
}

hipError_t hipMemcpyAtoD(hipDeviceptr_t dst, hipArray_t src, size_t srcOffset, size_t count)
{
	return drv_flat("hipMemcpyAtoD", false, src, srcOffset, dst, count,
			hipMemcpyDeviceToDevice, false, NULL);
}

hipError_t hipMemcpyDtoA(hipArray_t dst, size_t dstOffset, hipDeviceptr_t src, size_t count)
{
	return drv_flat("hipMemcpyDtoA", true, dst, dstOffset, src, count,
			hipMemcpyDeviceToDevice, false, NULL);
}

hipError_t hipMemcpyAtoA(hipArray_t dst, size_t dstOffset, hipArray_t src, size_t srcOffset,
			 size_t count)
{
	static const char api[] = "hipMemcpyAtoA";
	struct hipArray d, s;
	struct flat fd, fs;
	hipError_t e = flat_array(api, "destination", dst, dstOffset, &d, &fd);

	if (!e)
		e = flat_array(api, "source", src, srcOffset, &s, &fs);
	if (!e)
		e = one_d(api, "destination", &d);
	if (!e)
		e = one_d(api, "source", &s);
	if (e)
		return e;
	return flat_copy(api, fd, fs, count, hipMemcpyDeviceToDevice, false, NULL);
}

/* ----------------------------------------------------- 3-D array copies */
/* An array side of hipMemcpy3D as a pitched pointer: its box checked, x
 * in bytes. */
static hipError_t array_side(const char *api, const char *side, const struct hipArray *handle,
			     hipPos pos, hipExtent bytes, hipPitchedPtr *p, hipPos *bpos,
			     size_t *slice)
{
	struct hipArray a;
	uint8_t *start;
	size_t x;
	hipError_t e = lookup(api, side, handle, hipErrorInvalidValue, &a);

	if (e)
		return e;
	if (__builtin_mul_overflow(pos.x, a.bpe, &x))
		return bh_rt_error(hipErrorInvalidValue, "%s: %s position x %zu overflows", api,
				   side, pos.x);
	e = in_array(api, side, &a, x, pos.y, pos.z, bytes.width, bytes.height, bytes.depth,
		     &start);
	if (e)
		return e;
	*p = make_hipPitchedPtr(a.base, row_stride(&a), row_bytes(&a), a.rows);
	*bpos = make_hipPos(x, pos.y, pos.z);
	*slice = sparse_slices(&a) ? a.slice_bytes : 0;
	return hipSuccess;
}

/*
 * As CUDA and ROCm define hipMemcpy3D with an array: the array side's
 * position and the extent's width are in texels of that array (the
 * destination's where both are arrays); a pointer side's position is in
 * bytes.  A side is an array or a pointer, not both.
 */
hipError_t bh_rt_array_params(const char *api, const hipMemcpy3DParms *in, hipMemcpy3DParms *out,
			      size_t slice[2])
{
	struct hipArray a;
	const struct hipArray *by = in->dstArray ? in->dstArray : in->srcArray;
	hipExtent bytes = in->extent;
	hipError_t e;

	if ((in->srcArray && in->srcPtr.ptr) || (in->dstArray && in->dstPtr.ptr))
		return bh_rt_error(hipErrorInvalidValue, "%s: both %s and %s are given (a side is "
				   "an array or a pitched pointer)", api,
				   in->srcArray && in->srcPtr.ptr ? "srcArray" : "dstArray",
				   in->srcArray && in->srcPtr.ptr ? "srcPtr" : "dstPtr");
	e = lookup(api, in->dstArray ? "dstArray" : "srcArray", by, hipErrorInvalidValue, &a);
	if (e)
		return e;
	if (__builtin_mul_overflow(bytes.width, a.bpe, &bytes.width))
		return bh_rt_error(hipErrorInvalidValue, "%s: an extent of %zu texels overflows",
				   api, in->extent.width);
	*out = *in;
	out->srcArray = out->dstArray = NULL;
	out->extent = bytes;
	slice[0] = slice[1] = 0;
	if (in->srcArray)
		e = array_side(api, "srcArray", in->srcArray, in->srcPos, bytes, &out->srcPtr,
			       &out->srcPos, &slice[0]);
	if (!e && in->dstArray)
		e = array_side(api, "dstArray", in->dstArray, in->dstPos, bytes, &out->dstPtr,
			       &out->dstPos, &slice[1]);
	return e;
}

/* -------------------------------------------------- driver-style copies */
/*
 * One side of a driver-style copy: its memory as a pitched pointer, or a
 * refusal.  Host memory is taken at the host pointer, device and unified
 * memory at the device pointer (one address space on every board); an
 * array is its memory at its own pitch and rows (the given pitch and
 * height are ignored, as ROCm does), with the box at (@x, @y, @z) of
 * @w bytes x @h rows x @d slices checked against it.
 */
struct side {
	const void *base;
	size_t pitch, height;
	size_t slice;		/* an array's sparse slice stride (sparse_slices), else 0 */
};

static hipError_t side_base(const char *api, const char *side, hipMemoryType type,
			    const void *host, const void *device, hipArray_const_t array,
			    size_t pitch, size_t height, const size_t box[6], struct side *out)
{
	struct hipArray a;
	uint8_t *start;
	hipError_t e;

	*out = (struct side){ NULL, pitch, height, 0 };
	switch (type) {
	case hipMemoryTypeHost:
		out->base = host;
		break;
	case hipMemoryTypeDevice:
	case hipMemoryTypeUnified:
	case hipMemoryTypeManaged:
		out->base = device;
		break;
	case hipMemoryTypeArray:
		e = lookup(api, side, array, hipErrorInvalidValue, &a);
		if (!e)
			e = in_array(api, side, &a, box[0], box[1], box[2], box[3], box[4], box[5],
				     &start);
		if (e)
			return e;
		*out = (struct side){ a.base, row_stride(&a), a.rows,
				      sparse_slices(&a) ? a.slice_bytes : 0 };
		return hipSuccess;
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s: %sMemoryType %d is not a memory "
				   "type", api, side, (int)type);
	}
	if (!out->base)
		return bh_rt_error(hipErrorInvalidValue, "%s: the %s %s pointer is NULL", api,
				   side, type == hipMemoryTypeHost ? "host" : "device");
	return hipSuccess;
}

static hipError_t param2d(const char *api, const hip_Memcpy2D *c, bool async, hipStream_t stream)
{
	struct side src, dst;
	hipError_t e;

	if (!c)
		return bh_rt_error(hipErrorInvalidValue, "%s: pCopy is NULL", api);
	e = side_base(api, "src", c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
		      c->srcPitch, 0, (const size_t[6]){ c->srcXInBytes, c->srcY, 0,
							  c->WidthInBytes, c->Height, 1 }, &src);
	if (!e)
		e = side_base(api, "dst", c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
			      c->dstPitch, 0, (const size_t[6]){ c->dstXInBytes, c->dstY, 0,
								  c->WidthInBytes, c->Height, 1 },
			      &dst);
	if (e)
		return e;
	/* ROCm's rules for the linear sides (hip-tests' hipMemcpyParam2D.cc
	 * and _old.cc): a pitch of 0 means rows of WidthInBytes, packed; a
	 * pitch below the row is hipErrorInvalidValue. */
	struct side *sd[2] = { &src, &dst };
	const size_t x[2] = { c->srcXInBytes, c->dstXInBytes };
	const hipMemoryType t[2] = { c->srcMemoryType, c->dstMemoryType };

	for (int k = 0; k < 2; k++) {
		if (t[k] == hipMemoryTypeArray)
			continue;
		if (!sd[k]->pitch)
			sd[k]->pitch = c->WidthInBytes;
		if (c->Height > 1 && (sd[k]->pitch < x[k] || sd[k]->pitch - x[k] < c->WidthInBytes))
			return bh_rt_error(hipErrorInvalidValue, "%s: %s rows of %zu bytes at x %zu "
					   "do not fit its pitch of %zu bytes", api,
					   k ? "dst" : "src", c->WidthInBytes, x[k], sd[k]->pitch);
	}
	if ((src.pitch && c->srcY > SIZE_MAX / src.pitch) ||
	    (dst.pitch && c->dstY > SIZE_MAX / dst.pitch))
		return bh_rt_error(hipErrorInvalidValue, "%s: the start row overflows the "
				   "address space", api);
	const uint8_t *s = (const uint8_t *)src.base + c->srcY * src.pitch + c->srcXInBytes;
	uint8_t *d = (uint8_t *)(uintptr_t)dst.base + c->dstY * dst.pitch + c->dstXInBytes;

	if (async)
		return hipMemcpy2DAsync(d, dst.pitch, s, src.pitch, c->WidthInBytes, c->Height,
					hipMemcpyDefault, stream);
	return hipMemcpy2D(d, dst.pitch, s, src.pitch, c->WidthInBytes, c->Height,
			   hipMemcpyDefault);
}

hipError_t hipMemcpyParam2D(const hip_Memcpy2D *copy)
{
	return param2d("hipMemcpyParam2D", copy, false, NULL);
}

hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *copy, hipStream_t stream)
{
	return param2d("hipMemcpyParam2DAsync", copy, true, stream);
}

hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D *copy)
{
	return param2d("hipDrvMemcpy2DUnaligned", copy, false, NULL);
}

/* A driver-style 3-D copy as the runtime's: @c's sides resolved. */
hipError_t bh_rt_drv3d_params(const char *api, const HIP_MEMCPY3D *c, hipMemcpy3DParms *p,
			      size_t slice[2])
{
	struct side src, dst;
	hipError_t e;

	if (!c)
		return bh_rt_error(hipErrorInvalidValue, "%s: pCopy is NULL", api);
	if (c->srcLOD || c->dstLOD)
		return bh_rt_error(hipErrorInvalidValue, "%s: srcLOD and dstLOD must be 0", api);
	/* A slice height of 0 on a pitched side: the slices are the rows the
	 * copy reaches (hip-tests' driver 3-D copies leave srcHeight and
	 * dstHeight 0 and expect the copy to work, as it does on ROCm). */
	size_t src_height = c->srcHeight ? c->srcHeight : c->srcY + c->Height;
	size_t dst_height = c->dstHeight ? c->dstHeight : c->dstY + c->Height;

	e = side_base(api, "src", c->srcMemoryType, c->srcHost, c->srcDevice, c->srcArray,
		      c->srcPitch, src_height, (const size_t[6]){ c->srcXInBytes, c->srcY,
		      c->srcZ, c->WidthInBytes, c->Height, c->Depth }, &src);
	if (!e)
		e = side_base(api, "dst", c->dstMemoryType, c->dstHost, c->dstDevice, c->dstArray,
			      c->dstPitch, dst_height, (const size_t[6]){ c->dstXInBytes,
			      c->dstY, c->dstZ, c->WidthInBytes, c->Height, c->Depth }, &dst);
	if (e)
		return e;
	*p = (hipMemcpy3DParms){
		.srcPos = { c->srcXInBytes, c->srcY, c->srcZ },
		.srcPtr = { (void *)(uintptr_t)src.base, src.pitch, c->WidthInBytes, src.height },
		.dstPos = { c->dstXInBytes, c->dstY, c->dstZ },
		.dstPtr = { (void *)(uintptr_t)dst.base, dst.pitch, c->WidthInBytes, dst.height },
		.extent = { c->WidthInBytes, c->Height, c->Depth },
		.kind = hipMemcpyDefault,
	};
	slice[0] = src.slice;
	slice[1] = dst.slice;
	return hipSuccess;
}

static hipError_t drv3d(const char *api, const HIP_MEMCPY3D *c, bool async, hipStream_t stream)
{
	hipMemcpy3DParms p;
	size_t slice[2];
	hipError_t e = bh_rt_drv3d_params(api, c, &p, slice);

	if (e)
		return e;
	/* A pitch below the row is hipErrorInvalidValue in the driver API
	 * (hipMemcpy3D's is hipErrorInvalidPitchValue): ROCm's, hip-tests'
	 * hipDrvMemcpy3D Negative_Parameters. */
	for (int k = 0; k < 2; k++) {
		const hipPitchedPtr *q = k ? &p.dstPtr : &p.srcPtr;
		size_t x = k ? p.dstPos.x : p.srcPos.x;

		if (!(k ? p.dstArray : p.srcArray) && q->ptr && p.extent.width &&
		    (q->pitch < x || q->pitch - x < p.extent.width))
			return bh_rt_error(hipErrorInvalidValue, "%s: %s rows of %zu bytes at x %zu "
					   "do not fit its pitch of %zu bytes", api,
					   k ? "dst" : "src", p.extent.width, x, q->pitch);
	}
	return bh_rt_copy3d_params(api, &p, slice, async, stream);
}

hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *copy)
{
	return drv3d("hipDrvMemcpy3D", copy, false, NULL);
}

hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D *copy, hipStream_t stream)
{
	return drv3d("hipDrvMemcpy3DAsync", copy, true, stream);
}
