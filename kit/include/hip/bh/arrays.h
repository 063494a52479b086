/* SPDX-License-Identifier: MIT */
/*
 * barehip: HIP arrays, mipmapped arrays, texture and surface objects --
 * the types and calls.  Arrays work (kit/runtime/array.c): 1-D, 2-D, 3-D,
 * layered and cubemap arrays of 1, 2 or 4 channels of 8, 16 or 32 bits
 * (floats of 16 or 32), made, queried, freed and copied (the 2-D, 1-D,
 * 3-D and driver-style copies, an array on either side).  Mipmapped
 * arrays are refused with hipErrorNotSupported after their argument
 * checks.
 *
 * Included by <hip/hip_runtime_api.h>, inside its extern "C" block, after
 * hipArray_t, hipExtent, hipMemoryType and hipStream_t.  Enumerator values
 * are ROCm's (the ABI).
 */
#ifndef HIP_BH_ARRAYS_H
#define HIP_BH_ARRAYS_H

typedef const struct hipArray *hipArray_const_t;
typedef hipArray_t hiparray;
struct hipMipmappedArray;
typedef struct hipMipmappedArray *hipMipmappedArray_t;
typedef const struct hipMipmappedArray *hipMipmappedArray_const_t;
typedef hipMipmappedArray_t hipmipmappedArray;	/* HIP's other spelling (driver API) */

/* hipMallocArray / hipMalloc3DArray flags */
#define hipArrayDefault 0x00
#define hipArrayLayered 0x01
#define hipArraySurfaceLoadStore 0x02
#define hipArrayCubemap 0x04
#define hipArrayTextureGather 0x08

typedef enum hipChannelFormatKind {
	hipChannelFormatKindSigned = 0,
	hipChannelFormatKindUnsigned = 1,
	hipChannelFormatKindFloat = 2,
	hipChannelFormatKindNone = 3
} hipChannelFormatKind;

typedef struct hipChannelFormatDesc {
	int x, y, z, w;		/* bits per channel */
	enum hipChannelFormatKind f;
} hipChannelFormatDesc;

typedef enum hipArray_Format {
	HIP_AD_FORMAT_UNSIGNED_INT8 = 0x01,
	HIP_AD_FORMAT_UNSIGNED_INT16 = 0x02,
	HIP_AD_FORMAT_UNSIGNED_INT32 = 0x03,
	HIP_AD_FORMAT_SIGNED_INT8 = 0x08,
	HIP_AD_FORMAT_SIGNED_INT16 = 0x09,
	HIP_AD_FORMAT_SIGNED_INT32 = 0x0a,
	HIP_AD_FORMAT_HALF = 0x10,
	HIP_AD_FORMAT_FLOAT = 0x20
} hipArray_Format;

typedef struct HIP_ARRAY_DESCRIPTOR {
	size_t Width;
	size_t Height;
	enum hipArray_Format Format;
	unsigned int NumChannels;
} HIP_ARRAY_DESCRIPTOR;

typedef struct HIP_ARRAY3D_DESCRIPTOR {
	size_t Width;
	size_t Height;
	size_t Depth;
	enum hipArray_Format Format;
	unsigned int NumChannels;
	unsigned int Flags;
} HIP_ARRAY3D_DESCRIPTOR;

/* The driver-style copies: each side is host, device, unified or array
 * memory, as its hipMemoryType says. */
typedef struct hip_Memcpy2D {
	size_t srcXInBytes;
	size_t srcY;
	hipMemoryType srcMemoryType;
	const void *srcHost;
	hipDeviceptr_t srcDevice;
	hipArray_t srcArray;
	size_t srcPitch;
	size_t dstXInBytes;
	size_t dstY;
	hipMemoryType dstMemoryType;
	void *dstHost;
	hipDeviceptr_t dstDevice;
	hipArray_t dstArray;
	size_t dstPitch;
	size_t WidthInBytes;
	size_t Height;
} hip_Memcpy2D;

typedef struct HIP_MEMCPY3D {
	size_t srcXInBytes;
	size_t srcY;
	size_t srcZ;
	size_t srcLOD;
	hipMemoryType srcMemoryType;
	const void *srcHost;
	hipDeviceptr_t srcDevice;
	hipArray_t srcArray;
	size_t srcPitch;
	size_t srcHeight;
	size_t dstXInBytes;
	size_t dstY;
	size_t dstZ;
	size_t dstLOD;
	hipMemoryType dstMemoryType;
	void *dstHost;
	hipDeviceptr_t dstDevice;
	hipArray_t dstArray;
	size_t dstPitch;
	size_t dstHeight;
	size_t WidthInBytes;
	size_t Height;
	size_t Depth;
} HIP_MEMCPY3D;

/* Texture and surface objects. */
struct __hip_texture;
typedef struct __hip_texture *hipTextureObject_t;
struct __hip_surface;
typedef struct __hip_surface *hipSurfaceObject_t;

#define hipTextureType1D 0x01
#define hipTextureType2D 0x02
#define hipTextureType3D 0x03
#define hipTextureTypeCubemap 0x0C
#define hipTextureType1DLayered 0xF1
#define hipTextureType2DLayered 0xF2
#define hipTextureTypeCubemapLayered 0xFC

enum hipTextureAddressMode {
	hipAddressModeWrap = 0,
	hipAddressModeClamp = 1,
	hipAddressModeMirror = 2,
	hipAddressModeBorder = 3
};
enum hipTextureFilterMode { hipFilterModePoint = 0, hipFilterModeLinear = 1 };
enum hipTextureReadMode { hipReadModeElementType = 0, hipReadModeNormalizedFloat = 1 };

typedef struct hipTextureDesc {
	enum hipTextureAddressMode addressMode[3];
	enum hipTextureFilterMode filterMode;
	enum hipTextureReadMode readMode;
	int sRGB;
	float borderColor[4];
	int normalizedCoords;
	unsigned int maxAnisotropy;
	enum hipTextureFilterMode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
} hipTextureDesc;

typedef enum hipResourceType {
	hipResourceTypeArray = 0x00,
	hipResourceTypeMipmappedArray = 0x01,
	hipResourceTypeLinear = 0x02,
	hipResourceTypePitch2D = 0x03
} hipResourceType;

typedef struct hipResourceDesc {
	enum hipResourceType resType;
	union {
		struct { hipArray_t array; } array;
		struct { hipMipmappedArray_t mipmap; } mipmap;
		struct {
			void *devPtr;
			struct hipChannelFormatDesc desc;
			size_t sizeInBytes;
		} linear;
		struct {
			void *devPtr;
			struct hipChannelFormatDesc desc;
			size_t width, height, pitchInBytes;
		} pitch2D;
	} res;
} hipResourceDesc;

/* A resource view's format (HIP's values; barehip takes views of the
 * whole resource only, so the format is not read). */
typedef enum hipResourceViewFormat {
	hipResViewFormatNone = 0x00,
	hipResViewFormatUnsignedChar1 = 0x01,
	hipResViewFormatUnsignedChar2 = 0x02,
	hipResViewFormatUnsignedChar4 = 0x03,
	hipResViewFormatSignedChar1 = 0x04,
	hipResViewFormatSignedChar2 = 0x05,
	hipResViewFormatSignedChar4 = 0x06,
	hipResViewFormatUnsignedShort1 = 0x07,
	hipResViewFormatUnsignedShort2 = 0x08,
	hipResViewFormatUnsignedShort4 = 0x09,
	hipResViewFormatSignedShort1 = 0x0a,
	hipResViewFormatSignedShort2 = 0x0b,
	hipResViewFormatSignedShort4 = 0x0c,
	hipResViewFormatUnsignedInt1 = 0x0d,
	hipResViewFormatUnsignedInt2 = 0x0e,
	hipResViewFormatUnsignedInt4 = 0x0f,
	hipResViewFormatSignedInt1 = 0x10,
	hipResViewFormatSignedInt2 = 0x11,
	hipResViewFormatSignedInt4 = 0x12,
	hipResViewFormatHalf1 = 0x13,
	hipResViewFormatHalf2 = 0x14,
	hipResViewFormatHalf4 = 0x15,
	hipResViewFormatFloat1 = 0x16,
	hipResViewFormatFloat2 = 0x17,
	hipResViewFormatFloat4 = 0x18,
	hipResViewFormatUnsignedBlockCompressed1 = 0x19,
	hipResViewFormatUnsignedBlockCompressed2 = 0x1a,
	hipResViewFormatUnsignedBlockCompressed3 = 0x1b,
	hipResViewFormatUnsignedBlockCompressed4 = 0x1c,
	hipResViewFormatSignedBlockCompressed4 = 0x1d,
	hipResViewFormatUnsignedBlockCompressed5 = 0x1e,
	hipResViewFormatSignedBlockCompressed5 = 0x1f,
	hipResViewFormatUnsignedBlockCompressed6H = 0x20,
	hipResViewFormatSignedBlockCompressed6H = 0x21,
	hipResViewFormatUnsignedBlockCompressed7 = 0x22,
} hipResourceViewFormat;

struct hipResourceViewDesc {
	enum hipResourceViewFormat format;
	size_t width, height, depth;
	unsigned int firstMipmapLevel, lastMipmapLevel;
	unsigned int firstLayer, lastLayer;
};

/* The driver API's forms. */
typedef enum HIPresourcetype_enum {
	HIP_RESOURCE_TYPE_ARRAY = 0x00,
	HIP_RESOURCE_TYPE_MIPMAPPED_ARRAY = 0x01,
	HIP_RESOURCE_TYPE_LINEAR = 0x02,
	HIP_RESOURCE_TYPE_PITCH2D = 0x03
} HIPresourcetype;
typedef enum HIPaddress_mode_enum {
	HIP_TR_ADDRESS_MODE_WRAP = 0,
	HIP_TR_ADDRESS_MODE_CLAMP = 1,
	HIP_TR_ADDRESS_MODE_MIRROR = 2,
	HIP_TR_ADDRESS_MODE_BORDER = 3
} HIPaddress_mode;
typedef enum HIPfilter_mode_enum {
	HIP_TR_FILTER_MODE_POINT = 0,
	HIP_TR_FILTER_MODE_LINEAR = 1
} HIPfilter_mode;
#define HIP_TRSA_OVERRIDE_FORMAT 0x01
#define HIP_TRSF_READ_AS_INTEGER 0x01
#define HIP_TRSF_NORMALIZED_COORDINATES 0x02
#define HIP_TRSF_SRGB 0x10

typedef struct HIP_TEXTURE_DESC_st {
	HIPaddress_mode addressMode[3];
	HIPfilter_mode filterMode;
	unsigned int flags;
	unsigned int maxAnisotropy;
	HIPfilter_mode mipmapFilterMode;
	float mipmapLevelBias;
	float minMipmapLevelClamp;
	float maxMipmapLevelClamp;
	float borderColor[4];
	int reserved[12];
} HIP_TEXTURE_DESC;

typedef struct HIP_RESOURCE_DESC_st {
	HIPresourcetype resType;
	union {
		struct { hipArray_t hArray; } array;
		struct { hipMipmappedArray_t hMipmappedArray; } mipmap;
		struct {
			hipDeviceptr_t devPtr;
			hipArray_Format format;
			unsigned int numChannels;
			size_t sizeInBytes;
		} linear;
		struct {
			hipDeviceptr_t devPtr;
			hipArray_Format format;
			unsigned int numChannels;
			size_t width, height, pitchInBytes;
		} pitch2D;
		struct { int reserved[32]; } reserved;
	} res;
	unsigned int flags;
} HIP_RESOURCE_DESC;

/* The driver API's resource view formats (the same values). */
typedef enum HIPresourceViewFormat_enum {
	HIP_RES_VIEW_FORMAT_NONE = 0x00,
	HIP_RES_VIEW_FORMAT_UINT_1X8 = 0x01,
	HIP_RES_VIEW_FORMAT_UINT_2X8 = 0x02,
	HIP_RES_VIEW_FORMAT_UINT_4X8 = 0x03,
	HIP_RES_VIEW_FORMAT_SINT_1X8 = 0x04,
	HIP_RES_VIEW_FORMAT_SINT_2X8 = 0x05,
	HIP_RES_VIEW_FORMAT_SINT_4X8 = 0x06,
	HIP_RES_VIEW_FORMAT_UINT_1X16 = 0x07,
	HIP_RES_VIEW_FORMAT_UINT_2X16 = 0x08,
	HIP_RES_VIEW_FORMAT_UINT_4X16 = 0x09,
	HIP_RES_VIEW_FORMAT_SINT_1X16 = 0x0a,
	HIP_RES_VIEW_FORMAT_SINT_2X16 = 0x0b,
	HIP_RES_VIEW_FORMAT_SINT_4X16 = 0x0c,
	HIP_RES_VIEW_FORMAT_UINT_1X32 = 0x0d,
	HIP_RES_VIEW_FORMAT_UINT_2X32 = 0x0e,
	HIP_RES_VIEW_FORMAT_UINT_4X32 = 0x0f,
	HIP_RES_VIEW_FORMAT_SINT_1X32 = 0x10,
	HIP_RES_VIEW_FORMAT_SINT_2X32 = 0x11,
	HIP_RES_VIEW_FORMAT_SINT_4X32 = 0x12,
	HIP_RES_VIEW_FORMAT_FLOAT_1X16 = 0x13,
	HIP_RES_VIEW_FORMAT_FLOAT_2X16 = 0x14,
	HIP_RES_VIEW_FORMAT_FLOAT_4X16 = 0x15,
	HIP_RES_VIEW_FORMAT_FLOAT_1X32 = 0x16,
	HIP_RES_VIEW_FORMAT_FLOAT_2X32 = 0x17,
	HIP_RES_VIEW_FORMAT_FLOAT_4X32 = 0x18,
	HIP_RES_VIEW_FORMAT_UNSIGNED_BC1 = 0x19,
	HIP_RES_VIEW_FORMAT_UNSIGNED_BC2 = 0x1a,
	HIP_RES_VIEW_FORMAT_UNSIGNED_BC3 = 0x1b,
	HIP_RES_VIEW_FORMAT_UNSIGNED_BC4 = 0x1c,
	HIP_RES_VIEW_FORMAT_SIGNED_BC4 = 0x1d,
	HIP_RES_VIEW_FORMAT_UNSIGNED_BC5 = 0x1e,
	HIP_RES_VIEW_FORMAT_SIGNED_BC5 = 0x1f,
	HIP_RES_VIEW_FORMAT_UNSIGNED_BC6H = 0x20,
	HIP_RES_VIEW_FORMAT_SIGNED_BC6H = 0x21,
	HIP_RES_VIEW_FORMAT_UNSIGNED_BC7 = 0x22,
} HIPresourceViewFormat;

typedef struct HIP_RESOURCE_VIEW_DESC_st {
	HIPresourceViewFormat format;
	size_t width, height, depth;
	unsigned int firstMipmapLevel, lastMipmapLevel;
	unsigned int firstLayer, lastLayer;
	unsigned int reserved[16];
} HIP_RESOURCE_VIEW_DESC;

hipChannelFormatDesc hipCreateChannelDesc(int x, int y, int z, int w, hipChannelFormatKind f);

/* 16-bit float (half) texels of 1, 2 or 4 channels, as ROCm's
 * channel_descriptor.h names them. */
static inline hipChannelFormatDesc hipCreateChannelDescHalf(void)
{
	return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf1(void)
{
	return hipCreateChannelDesc(16, 0, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf2(void)
{
	return hipCreateChannelDesc(16, 16, 0, 0, hipChannelFormatKindFloat);
}
static inline hipChannelFormatDesc hipCreateChannelDescHalf4(void)
{
	return hipCreateChannelDesc(16, 16, 16, 16, hipChannelFormatKindFloat);
}

/* Arrays.  Sizes: width up to 16384, height 16384, depth or layers 8192
 * (a cubemap's 6 * layers too).  Offsets of the 2-D and 1-D copies are in
 * bytes (wOffset) and rows (hOffset); the 1-D driver copies (AtoH, HtoA,
 * AtoD, DtoA, AtoA) take the array as its rows one after another.
 * Mipmapped arrays: hipErrorNotSupported after the argument checks. */
hipError_t hipMallocArray(hipArray_t *array, const hipChannelFormatDesc *desc, size_t width,
			  size_t height, unsigned int flags);
hipError_t hipMalloc3DArray(hipArray_t *array, const hipChannelFormatDesc *desc,
			    hipExtent extent, unsigned int flags);
hipError_t hipArrayCreate(hipArray_t *array, const HIP_ARRAY_DESCRIPTOR *desc);
hipError_t hipArray3DCreate(hipArray_t *array, const HIP_ARRAY3D_DESCRIPTOR *desc);
hipError_t hipArrayDestroy(hipArray_t array);
hipError_t hipFreeArray(hipArray_t array);
hipError_t hipArrayGetInfo(hipChannelFormatDesc *desc, hipExtent *extent, unsigned int *flags,
			   hipArray_t array);
hipError_t hipArrayGetDescriptor(HIP_ARRAY_DESCRIPTOR *desc, hipArray_t array);
hipError_t hipArray3DGetDescriptor(HIP_ARRAY3D_DESCRIPTOR *desc, hipArray_t array);
hipError_t hipGetChannelDesc(hipChannelFormatDesc *desc, hipArray_const_t array);
#ifdef __cplusplus
hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmapped,
				   const hipChannelFormatDesc *desc, hipExtent extent,
				   unsigned int levels, unsigned int flags = 0);
#else
hipError_t hipMallocMipmappedArray(hipMipmappedArray_t *mipmapped,
				   const hipChannelFormatDesc *desc, hipExtent extent,
				   unsigned int levels, unsigned int flags);
#endif
hipError_t hipFreeMipmappedArray(hipMipmappedArray_t mipmapped);
hipError_t hipMipmappedArrayCreate(hipMipmappedArray_t *pHandle,
				   HIP_ARRAY3D_DESCRIPTOR *pMipmappedArrayDesc,
				   unsigned int numMipmapLevels);
hipError_t hipMipmappedArrayDestroy(hipMipmappedArray_t hMipmappedArray);
hipError_t hipMipmappedArrayGetLevel(hipArray_t *pLevelArray, hipMipmappedArray_t hMipMappedArray,
				     unsigned int level);
hipError_t hipGetMipmappedArrayLevel(hipArray_t *level_array, hipMipmappedArray_const_t mipmapped,
				     unsigned int level);
hipError_t hipMemcpy2DToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			      size_t spitch, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DToArrayAsync(hipArray_t dst, size_t wOffset, size_t hOffset,
				   const void *src, size_t spitch, size_t width, size_t height,
				   hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2DFromArray(void *dst, size_t dpitch, hipArray_const_t src, size_t wOffset,
				size_t hOffset, size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpy2DFromArrayAsync(void *dst, size_t dpitch, hipArray_const_t src,
				     size_t wOffset, size_t hOffset, size_t width, size_t height,
				     hipMemcpyKind kind, hipStream_t stream);
hipError_t hipMemcpy2DArrayToArray(hipArray_t dst, size_t wOffsetDst, size_t hOffsetDst,
				   hipArray_const_t src, size_t wOffsetSrc, size_t hOffsetSrc,
				   size_t width, size_t height, hipMemcpyKind kind);
hipError_t hipMemcpyToArray(hipArray_t dst, size_t wOffset, size_t hOffset, const void *src,
			    size_t count, hipMemcpyKind kind);
hipError_t hipMemcpyFromArray(void *dst, hipArray_const_t src, size_t wOffset, size_t hOffset,
			      size_t count, hipMemcpyKind kind);
hipError_t hipMemcpyAtoH(void *dst, hipArray_t src, size_t srcOffset, size_t count);
hipError_t hipMemcpyHtoA(hipArray_t dst, size_t dstOffset, const void *src, size_t count);
hipError_t hipMemcpyAtoHAsync(void *dst, hipArray_t src, size_t srcOffset, size_t count,
			      hipStream_t stream);
hipError_t hipMemcpyHtoAAsync(hipArray_t dst, size_t dstOffset, const void *src, size_t count,
			      hipStream_t stream);
hipError_t hipMemcpyAtoD(hipDeviceptr_t dst, hipArray_t src, size_t srcOffset, size_t count);
hipError_t hipMemcpyDtoA(hipArray_t dst, size_t dstOffset, hipDeviceptr_t src, size_t count);
hipError_t hipMemcpyAtoA(hipArray_t dst, size_t dstOffset, hipArray_t src, size_t srcOffset,
			 size_t count);

/* Driver-style copies: each side host, device, unified or array memory
 * (an array at its own pitch: srcPitch/dstPitch are ignored for it). */
hipError_t hipMemcpyParam2D(const hip_Memcpy2D *copy);
hipError_t hipMemcpyParam2DAsync(const hip_Memcpy2D *copy, hipStream_t stream);
hipError_t hipDrvMemcpy2DUnaligned(const hip_Memcpy2D *copy);
hipError_t hipDrvMemcpy3D(const HIP_MEMCPY3D *copy);
hipError_t hipDrvMemcpy3DAsync(const HIP_MEMCPY3D *copy, hipStream_t stream);

/* Texture and surface objects (kit/runtime/texobj.c). */
hipError_t hipCreateTextureObject(hipTextureObject_t *tex, const hipResourceDesc *res,
				  const hipTextureDesc *desc,
				  const struct hipResourceViewDesc *view);
hipError_t hipDestroyTextureObject(hipTextureObject_t tex);
hipError_t hipTexObjectCreate(hipTextureObject_t *tex, const HIP_RESOURCE_DESC *res,
			      const HIP_TEXTURE_DESC *desc, const HIP_RESOURCE_VIEW_DESC *view);
hipError_t hipTexObjectDestroy(hipTextureObject_t tex);
hipError_t hipCreateSurfaceObject(hipSurfaceObject_t *surf, const hipResourceDesc *res);
hipError_t hipDestroySurfaceObject(hipSurfaceObject_t surf);
hipError_t hipGetTextureObjectResourceDesc(hipResourceDesc *res, hipTextureObject_t tex);
hipError_t hipGetTextureObjectTextureDesc(hipTextureDesc *desc, hipTextureObject_t tex);
hipError_t hipGetTextureObjectResourceViewDesc(struct hipResourceViewDesc *view,
					       hipTextureObject_t tex);
hipError_t hipGetSurfaceObjectResourceDesc(hipResourceDesc *res, hipSurfaceObject_t surf);
hipError_t hipTexObjectGetResourceDesc(HIP_RESOURCE_DESC *pResDesc, hipTextureObject_t texObject);
hipError_t hipTexObjectGetTextureDesc(HIP_TEXTURE_DESC *pTexDesc, hipTextureObject_t texObject);
hipError_t hipTexObjectGetResourceViewDesc(HIP_RESOURCE_VIEW_DESC *pResViewDesc,
					   hipTextureObject_t texObject);

#endif /* HIP_BH_ARRAYS_H */
