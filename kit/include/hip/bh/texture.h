/*
 * barehip: texture-object fetch functions (ROCm's texture_indirect_functions.h)
 * and surface functions (seed 002), over the GPU's image instructions.
 *
 * A hipTextureObject_t points at 20 dwords of GPU-visible memory the
 * runtime fills (kit/runtime/texobj.c): the image resource descriptor
 * (T#, dwords 0-7), then barehip's own words 8-11 (bytes per texel,
 * height, width, depth or layers), then the sampler descriptor (S#,
 * dwords 12-15), then for linear memory the buffer descriptor (V#,
 * dwords 16-19) that tex1Dfetch reads.  A hipSurfaceObject_t points at the first 12.  Device
 * code loads them through the constant address space (s_load when the
 * object is uniform; LLVM loops over the lanes' objects when it is not)
 * and calls the llvm.amdgcn.image.* intrinsics by their names (clang-19
 * has no __builtin_amdgcn_image_* builtins for them).
 *
 * What a target has (LLVM's image-insts and extended-image-insts):
 *   gfx1100 (RDNA3): everything here;
 *   gfx90a (MI200): loads, stores and the plain image_sample only -- no
 *     LOD, gradient or gather4 instructions and no mip levels: tex*Lod and
 *     tex*Grad sample the one level, tex2Dgather samples four texels;
 *   gfx942 (MI300): no image instructions; clang sets
 *     __HIP_NO_IMAGE_SUPPORT and every function here is unavailable, as
 *     ROCm's __hip_img_chk__ makes it.
 * Programs guard image code with `#if !__HIP_NO_IMAGE_SUPPORT`, which is
 * set in the device pass only, so the host pass needs the declarations.
 *
 * Element types T: char, signed char, unsigned char, short, unsigned
 * short, int, unsigned int, float, and their 1-, 2- and 4-component
 * vectors (HIP's rule).  The image instruction returns four 32-bit
 * components (floats for normalized-float reads and float formats, the
 * integers for element-type reads of integer formats); T takes its
 * first components from them.
 *
 * The Lod and Grad forms pick mip levels of a mipmapped texture (gfx11;
 * of a one-level texture they sample its level).  The deprecated
 * texture-reference API (texture<T, dim, mode>) is not provided.
 */
#ifndef HIP_BH_TEXTURE_H
#define HIP_BH_TEXTURE_H

enum hipSurfaceBoundaryMode {
	hipBoundaryModeZero = 0,
	hipBoundaryModeTrap = 1,
	hipBoundaryModeClamp = 2
};

#if defined(__HIP_DEVICE_COMPILE__) && __HIP_NO_IMAGE_SUPPORT
#define __BH_IMG \
	__attribute__((unavailable("texture and surface functions need image " \
		"instructions, which this target lacks (gfx942 has none; "   \
		"hipDeviceAttributeImageSupport is 0); guard the call with "  \
		"#if !__HIP_NO_IMAGE_SUPPORT")))
#else
#define __BH_IMG
#endif
/*
 * gfx90a (MI200) has no LOD, gradient or gather4 instructions (LLVM: no
 * extended-image-insts), and no mip levels: there the Lod and Grad forms
 * are the plain sample (a one-level texture's LOD only picks the min or
 * mag filter, which barehip makes equal), and tex2Dgather samples the
 * four taps' centres (below).
 */
#if defined(__HIP_DEVICE_COMPILE__) && defined(__gfx90a__)
#define __BH_EXT(ext, base, unused) ((void)(unused), base)
#else
#define __BH_EXT(ext, base, unused) ext
#endif
#define __BH_EXT_IMG

typedef int __bh_i8v __attribute__((ext_vector_type(8)));
typedef int __bh_i4v __attribute__((ext_vector_type(4)));
typedef float __bh_f4v __attribute__((ext_vector_type(4)));
typedef const __attribute__((address_space(4))) __bh_i8v *__bh_tsharp_p;
typedef const __attribute__((address_space(4))) __bh_i4v *__bh_ssharp_p;
typedef const __attribute__((address_space(4))) unsigned int *__bh_words_p;

/* The object's words (see the top). */
#define __BH_T(o) (*(__bh_tsharp_p)(__SIZE_TYPE__)(o))
#define __BH_S(o) (*(__bh_ssharp_p)((__SIZE_TYPE__)(o) + 48))
#define __BH_V(o) (*(__bh_ssharp_p)((__SIZE_TYPE__)(o) + 64))
#define __BH_W(o, i) (((__bh_words_p)(__SIZE_TYPE__)(o))[i])

/*
 * The intrinsics, by name: (dmask, coordinates..., T#[, S#, unorm],
 * texfail, cache policy).  "s": sample (implicit LOD: gfx90a's only
 * form; in a compute wave its LOD is 0 for a single-level texture);
 * "lz": LOD 0; "l": an explicit LOD; "d": gradients.
 */
#define __BH_IMGFN(ret, name, llvm, ...) \
	extern "C" __device__ ret name(__VA_ARGS__) __asm("llvm.amdgcn.image." llvm)
#define __BH_SAMP __bh_i8v, __bh_i4v, bool, int, int
#define __BH_RSRC __bh_i8v, int, int
#ifdef __HIP_DEVICE_COMPILE__
/* A typed buffer load (V#, index, offset, soffset, cache policy):
 * buffer_load_format, what tex1Dfetch reads linear memory with. */
extern "C" __device__ __bh_f4v __bh_bl_fmt(__bh_i4v, int, int, int, int)
	__asm("llvm.amdgcn.struct.buffer.load.format.v4f32");
__BH_IMGFN(__bh_f4v, __bh_ld_1d, "load.1d.v4f32.i32", int, int, __BH_RSRC);
__BH_IMGFN(__bh_f4v, __bh_ld_2d, "load.2d.v4f32.i32", int, int, int, __BH_RSRC);
__BH_IMGFN(__bh_f4v, __bh_ld_3d, "load.3d.v4f32.i32", int, int, int, int, __BH_RSRC);
__BH_IMGFN(__bh_f4v, __bh_ld_1da, "load.1darray.v4f32.i32", int, int, int, __BH_RSRC);
__BH_IMGFN(__bh_f4v, __bh_ld_2da, "load.2darray.v4f32.i32", int, int, int, int, __BH_RSRC);
__BH_IMGFN(void, __bh_st_1d, "store.1d.v4f32.i32", __bh_f4v, int, int, __BH_RSRC);
__BH_IMGFN(void, __bh_st_2d, "store.2d.v4f32.i32", __bh_f4v, int, int, int, __BH_RSRC);
__BH_IMGFN(void, __bh_st_3d, "store.3d.v4f32.i32", __bh_f4v, int, int, int, int, __BH_RSRC);
__BH_IMGFN(void, __bh_st_1da, "store.1darray.v4f32.i32", __bh_f4v, int, int, int, __BH_RSRC);
__BH_IMGFN(void, __bh_st_2da, "store.2darray.v4f32.i32", __bh_f4v, int, int, int, int,
	   __BH_RSRC);
#if defined(__gfx90a__)
#define __BH_LZ(d) "sample." d ".v4f32.f32"
#else
#define __BH_LZ(d) "sample.lz." d ".v4f32.f32"
#endif
__BH_IMGFN(__bh_f4v, __bh_sm_1d, __BH_LZ("1d"), int, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sm_2d, __BH_LZ("2d"), int, float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sm_3d, __BH_LZ("3d"), int, float, float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sm_1da, __BH_LZ("1darray"), int, float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sm_2da, __BH_LZ("2darray"), int, float, float, float, __BH_SAMP);
#undef __BH_LZ
#if !defined(__gfx90a__)
__BH_IMGFN(__bh_f4v, __bh_sl_1d, "sample.l.1d.v4f32.f32", int, float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sl_2d, "sample.l.2d.v4f32.f32", int, float, float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sl_3d, "sample.l.3d.v4f32.f32", int, float, float, float, float,
	   __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sl_1da, "sample.l.1darray.v4f32.f32", int, float, float, float,
	   __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sl_2da, "sample.l.2darray.v4f32.f32", int, float, float, float, float,
	   __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sd_1d, "sample.d.1d.v4f32.f32.f32", int, float, float, float,
	   __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sd_2d, "sample.d.2d.v4f32.f32.f32", int, float, float, float, float,
	   float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sd_3d, "sample.d.3d.v4f32.f32.f32", int, float, float, float, float,
	   float, float, float, float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sd_1da, "sample.d.1darray.v4f32.f32.f32", int, float, float, float,
	   float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sd_2da, "sample.d.2darray.v4f32.f32.f32", int, float, float, float,
	   float, float, float, float, __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_g4_2d, "gather4.lz.2d.v4f32.f32", int, float, float, __BH_SAMP);
/* Cubes: (s, t, face) from __bh_cube_st (below); _d takes the face-space
 * derivatives ds/dx, dt/dx, ds/dy, dt/dy. */
__BH_IMGFN(__bh_f4v, __bh_sm_cube, "sample.lz.cube.v4f32.f32", int, float, float, float,
	   __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sl_cube, "sample.l.cube.v4f32.f32", int, float, float, float, float,
	   __BH_SAMP);
__BH_IMGFN(__bh_f4v, __bh_sd_cube, "sample.d.cube.v4f32.f32.f32", int, float, float, float,
	   float, float, float, float, __BH_SAMP);
#endif /* !__gfx90a__ */
#endif /* __HIP_DEVICE_COMPILE__ */
#undef __BH_IMGFN
#undef __BH_SAMP
#undef __BH_RSRC

/* The element types and what T is made of (HIP's __hip_is_tex_surf_channel_type). */
template <typename __bhT> struct __bh_chan { static constexpr bool ok = false; };
#define __BH_CHAN(T, isf)                                                   \
	template <> struct __bh_chan<T> {                                   \
		static constexpr bool ok = true, flt = isf;                 \
		static constexpr int n = 1;                                 \
		typedef T elem;                                             \
	};                                                                  \
	template <> struct __bh_chan<HIP_vector_type<T, 1>> {               \
		static constexpr bool ok = true, flt = isf;                 \
		static constexpr int n = 1;                                 \
		typedef T elem;                                             \
	};                                                                  \
	template <> struct __bh_chan<HIP_vector_type<T, 2>> {               \
		static constexpr bool ok = true, flt = isf;                 \
		static constexpr int n = 2;                                 \
		typedef T elem;                                             \
	};                                                                  \
	template <> struct __bh_chan<HIP_vector_type<T, 4>> {               \
		static constexpr bool ok = true, flt = isf;                 \
		static constexpr int n = 4;                                 \
		typedef T elem;                                             \
	};
__BH_CHAN(char, false)
__BH_CHAN(signed char, false)
__BH_CHAN(unsigned char, false)
__BH_CHAN(short, false)
__BH_CHAN(unsigned short, false)
__BH_CHAN(int, false)
__BH_CHAN(unsigned int, false)
__BH_CHAN(float, true)
#undef __BH_CHAN

#define __BH_TEX_T(T) typename __bhEnable = typename __bh_enable_if<__bh_chan<T>::ok>::type
template <bool __bhB> struct __bh_enable_if {};
template <> struct __bh_enable_if<true> { typedef void type; };

/* T from the four components an image instruction returned. */
template <typename __bhT>
static __device__ inline __bhT __bh_from(__bh_f4v __bhv)
{
	typedef __bh_chan<__bhT> __bhC;
	typedef typename __bhC::elem __bhE;
	__bhT __bhr{};
	__bh_i4v __bhi = __builtin_bit_cast(__bh_i4v, __bhv);
	__bhE *__bhp = (__bhE *)&__bhr;

	for (int __bhk = 0; __bhk < __bhC::n; __bhk++)
		__bhp[__bhk] = __bhC::flt ? (__bhE)__bhv[__bhk] : (__bhE)__bhi[__bhk];
	return __bhr;
}

/* The four components a surface store takes from T (integers zero- or
 * sign-extended: the format keeps the low bits). */
template <typename __bhT>
static __device__ inline __bh_f4v __bh_to(__bhT __bhd)
{
	typedef __bh_chan<__bhT> __bhC;
	typedef typename __bhC::elem __bhE;
	const __bhE *__bhp = (const __bhE *)&__bhd;
	__bh_i4v __bhi = { 0, 0, 0, 0 };
	__bh_f4v __bhf = { 0, 0, 0, 0 };

	for (int __bhk = 0; __bhk < __bhC::n; __bhk++) {
		if (__bhC::flt)
			__bhf[__bhk] = (float)__bhp[__bhk];
		else
			__bhi[__bhk] = (int)__bhp[__bhk];
	}
	return __bhC::flt ? __bhf : __builtin_bit_cast(__bh_f4v, __bhi);
}

/*
 * Point sampling: the coordinate snapped to floor(c * size) / size (as
 * ROCm's ockl does for hardware whose coordinate precision would round
 * a coordinate just below a texel edge onto it).  @size is 1 for
 * unnormalized coordinates (S# FORCE_UNNORMALIZED, bit 15) and nothing
 * happens for linear filtering (XY_MAG_FILTER, S# bit 84).
 */
static __device__ inline float __bh_snap(hipTextureObject_t __bho, float __bhc, unsigned __bhw)
{
	__bh_i4v __bhs = __BH_S(__bho);

	if (__bhs[2] & (1 << 20))
		return __bhc;
	float __bhp = (__bhs[0] & (1 << 15)) ? 1.0f : (float)__BH_W(__bho, __bhw);

	return __builtin_floorf(__bhc * __bhp) * __builtin_amdgcn_rcpf(__bhp);
}
#define __BH_SNX(x) __bh_snap(__bho, x, 10)
#define __BH_SNY(y) __bh_snap(__bho, y, 9)
#define __BH_SNZ(z) __bh_snap(__bho, z, 11)
#define __BH_TS __BH_T(__bho), __BH_S(__bho), false, 0, 0

/*
 * Each fetch in HIP's two forms, T f(obj, args) and void f(T *, obj,
 * args): @attr (availability), @name, (params), (call of the image
 * intrinsic on __bho and the params).
 */
#define __BH_TEXFN(attr, name, params, call)                                  \
	template <typename __bhT, __BH_TEX_T(__bhT)>                          \
	__BH_FN __BH_IMG attr __bhT name(hipTextureObject_t __bho __BH_UNPAREN params) \
	__BH_BODY(return __bh_from<__bhT>(call);)                             \
	template <typename __bhT, __BH_TEX_T(__bhT)>                          \
	__BH_FN __BH_IMG attr void name(__bhT *__bhr, hipTextureObject_t __bho \
					__BH_UNPAREN params)                  \
	__BH_BODY(*__bhr = __bh_from<__bhT>(call);)
#define __BH_UNPAREN(...) __VA_ARGS__

/* The host pass parses the kernels that call them and never emits them:
 * declarations there, definitions in the device pass. */
#ifdef __HIP_DEVICE_COMPILE__
#define __BH_CALL(...) __VA_ARGS__
#define __BH_FN static __device__ inline
#define __BH_BODY(...) { __VA_ARGS__ }
#else
#define __BH_CALL(...) (__bh_f4v{})
#define __BH_FN __device__
#define __BH_BODY(...) ;
#endif

/* tex1Dfetch: texel @x of a linear-memory texture, no filtering or
 * addressing: a typed buffer load through the object's V# (up to 2^27
 * texels, where a 1D image has 16384), 0 past the end. */
__BH_TEXFN(, tex1Dfetch, (, int __bhx), __BH_CALL(__bh_bl_fmt(__BH_V(__bho), __bhx, 0, 0, 0)))
__BH_TEXFN(, tex1D, (, float __bhx), __BH_CALL(__bh_sm_1d(15, __BH_SNX(__bhx), __BH_TS)))
__BH_TEXFN(, tex2D, (, float __bhx, float __bhy),
	   __BH_CALL(__bh_sm_2d(15, __BH_SNX(__bhx), __BH_SNY(__bhy), __BH_TS)))
__BH_TEXFN(, tex3D, (, float __bhx, float __bhy, float __bhz),
	   __BH_CALL(__bh_sm_3d(15, __BH_SNX(__bhx), __BH_SNY(__bhy), __BH_SNZ(__bhz), __BH_TS)))
/* Layers are rounded to the nearest (even) and clamped by the hardware. */
__BH_TEXFN(, tex1DLayered, (, float __bhx, int __bhl),
	   __BH_CALL(__bh_sm_1da(15, __BH_SNX(__bhx), (float)__bhl, __BH_TS)))
__BH_TEXFN(, tex2DLayered, (, float __bhx, float __bhy, int __bhl),
	   __BH_CALL(__bh_sm_2da(15, __BH_SNX(__bhx), __BH_SNY(__bhy), (float)__bhl, __BH_TS)))
__BH_TEXFN(__BH_EXT_IMG, tex1DLod, (, float __bhx, float __bhlod),
	   __BH_CALL(__BH_EXT(__bh_sl_1d(15, __bhx, __bhlod, __BH_TS), __bh_sm_1d(15, __bhx, __BH_TS), __bhlod)))
__BH_TEXFN(__BH_EXT_IMG, tex2DLod, (, float __bhx, float __bhy, float __bhlod),
	   __BH_CALL(__BH_EXT(__bh_sl_2d(15, __bhx, __bhy, __bhlod, __BH_TS), __bh_sm_2d(15, __bhx, __bhy, __BH_TS), __bhlod)))
__BH_TEXFN(__BH_EXT_IMG, tex3DLod, (, float __bhx, float __bhy, float __bhz, float __bhlod),
	   __BH_CALL(__BH_EXT(__bh_sl_3d(15, __bhx, __bhy, __bhz, __bhlod, __BH_TS), __bh_sm_3d(15, __bhx, __bhy, __bhz, __BH_TS), __bhlod)))
__BH_TEXFN(__BH_EXT_IMG, tex1DLayeredLod, (, float __bhx, int __bhl, float __bhlod),
	   __BH_CALL(__BH_EXT(__bh_sl_1da(15, __bhx, (float)__bhl, __bhlod, __BH_TS), __bh_sm_1da(15, __bhx, (float)__bhl, __BH_TS), __bhlod)))
__BH_TEXFN(__BH_EXT_IMG, tex2DLayeredLod, (, float __bhx, float __bhy, int __bhl, float __bhlod),
	   __BH_CALL(__BH_EXT(__bh_sl_2da(15, __bhx, __bhy, (float)__bhl, __bhlod, __BH_TS), __bh_sm_2da(15, __bhx, __bhy, (float)__bhl, __BH_TS), __bhlod)))
__BH_TEXFN(__BH_EXT_IMG, tex1DGrad, (, float __bhx, float __bhdx, float __bhdy),
	   __BH_CALL(__BH_EXT(__bh_sd_1d(15, __bhdx, __bhdy, __bhx, __BH_TS), __bh_sm_1d(15, __bhx, __BH_TS), __bhdx + __bhdy)))
__BH_TEXFN(__BH_EXT_IMG, tex2DGrad, (, float __bhx, float __bhy, float2 __bhdx, float2 __bhdy),
	   __BH_CALL(__BH_EXT(__bh_sd_2d(15, __bhdx.x, __bhdx.y, __bhdy.x, __bhdy.y, __bhx, __bhy,
					 __BH_TS),
			      __bh_sm_2d(15, __bhx, __bhy, __BH_TS), __bhdx.x + __bhdy.x)))
__BH_TEXFN(__BH_EXT_IMG, tex3DGrad,
	   (, float __bhx, float __bhy, float __bhz, float4 __bhdx, float4 __bhdy),
	   __BH_CALL(__BH_EXT(__bh_sd_3d(15, __bhdx.x, __bhdx.y, __bhdx.z, __bhdy.x, __bhdy.y,
					 __bhdy.z, __bhx, __bhy, __bhz, __BH_TS),
			      __bh_sm_3d(15, __bhx, __bhy, __bhz, __BH_TS), __bhdx.x + __bhdy.x)))
__BH_TEXFN(__BH_EXT_IMG, tex1DLayeredGrad, (, float __bhx, int __bhl, float __bhdx, float __bhdy),
	   __BH_CALL(__BH_EXT(__bh_sd_1da(15, __bhdx, __bhdy, __bhx, (float)__bhl, __BH_TS), __bh_sm_1da(15, __bhx, (float)__bhl, __BH_TS), __bhdx + __bhdy)))
__BH_TEXFN(__BH_EXT_IMG, tex2DLayeredGrad,
	   (, float __bhx, float __bhy, int __bhl, float2 __bhdx, float2 __bhdy),
	   __BH_CALL(__BH_EXT(__bh_sd_2da(15, __bhdx.x, __bhdx.y, __bhdy.x, __bhdy.y, __bhx,
					  __bhy, (float)__bhl, __BH_TS),
			      __bh_sm_2da(15, __bhx, __bhy, (float)__bhl, __BH_TS),
			      __bhdx.x + __bhdy.x)))
/*
 * tex2Dgather: component @comp (0 x/red ... 3 w/alpha, CUDA's meaning)
 * of the four bilinear taps, in the order (i0, j1), (i1, j1), (i1, j0),
 * (i0, j0).
 */
/* The channel is the instruction's DMASK, an immediate: one call each.
 * gfx90a: the four taps of a bilinear fetch at (x, y) -- x - 0.5 with 8
 * fractional bits, as the model's gather4 and filter take it -- each
 * sampled at its centre, where any filter weighs that texel 1. */
#ifdef __HIP_DEVICE_COMPILE__
#if defined(__gfx90a__)
static __device__ inline __bh_f4v __bh_gather(hipTextureObject_t __bho, float __bhx, float __bhy,
					      int __bhc)
{
	bool __bhu = __BH_S(__bho)[0] & (1 << 15);
	float __bhw = __bhu ? 1.0f : (float)__BH_W(__bho, 10);
	float __bhh = __bhu ? 1.0f : (float)__BH_W(__bho, 9);
	float __bhp[2] = { __bhx * __bhw - 0.5f, __bhy * __bhh - 0.5f }, __bhi[2];
	__bh_f4v __bhr;

	for (int __bhk = 0; __bhk < 2; __bhk++) {
		float __bht = __builtin_truncf(__bhp[__bhk]);

		__bhi[__bhk] = __builtin_floorf(__bht + __builtin_roundf((__bhp[__bhk] - __bht) *
									  256.0f) / 256.0f);
	}
	for (int __bht = 0; __bht < 4; __bht++) {
		/* (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
		float __bhtx = __bhi[0] + (__bht == 1 || __bht == 2) + 0.5f;
		float __bhty = __bhi[1] + (__bht < 2) + 0.5f;

		__bhr[__bht] = __bh_sm_2d(15, __bhtx / __bhw, __bhty / __bhh, __BH_TS)[__bhc & 3];
	}
	return __bhr;
}
#else
static __device__ inline __bh_f4v __bh_gather(hipTextureObject_t __bho, float __bhx, float __bhy,
					      int __bhc)
{
	switch (__bhc & 3) {
	case 0: return __bh_g4_2d(1, __bhx, __bhy, __BH_TS);
	case 1: return __bh_g4_2d(2, __bhx, __bhy, __BH_TS);
	case 2: return __bh_g4_2d(4, __bhx, __bhy, __BH_TS);
	default: return __bh_g4_2d(8, __bhx, __bhy, __BH_TS);
	}
}
#endif
#endif
/* No point-filter snap: gather4 takes the bilinear footprint whatever
 * the filter mode (hip-tests' tex2Dgather with hipFilterModePoint). */
__BH_TEXFN(__BH_EXT_IMG, tex2Dgather, (, float __bhx, float __bhy, int __bhc = 0),
	   __BH_CALL(__bh_gather(__bho, __bhx, __bhy, __bhc)))

/*
 * Surfaces.  @x is in bytes (CUDA's and HIP's rule), so the element is
 * x / sizeof(T).  Boundary modes: Zero reads 0 and drops writes outside
 * the surface (the hardware's own behaviour); Clamp clamps each
 * coordinate to the surface; Trap traps the wave (a GPU fault the host
 * sees as hipErrorLaunchFailure, naming the kernel).  Layers and faces
 * are checked against the surface like the other coordinates.
 */
static __device__ inline int __bh_edge(int __bhv, unsigned __bhn, int __bhmode)
{
	if (__bhmode == hipBoundaryModeClamp)
		return __bhv < 0 ? 0 : __bhv >= (int)__bhn ? (int)__bhn - 1 : __bhv;
	if (__bhmode == hipBoundaryModeTrap && (__bhv < 0 || __bhv >= (int)__bhn))
		__builtin_trap();
	return __bhv;
}
#define __BH_EX(o) __bh_edge(__bhx / (int)sizeof(__bhT), __BH_W(o, 10), __bhm)
#define __BH_EY(o) __bh_edge(__bhy, __BH_W(o, 9), __bhm)
#define __BH_EZ(o, v) __bh_edge(v, __BH_W(o, 11), __bhm)
#define __BH_R(o) __BH_T(o), 0, 0

#define __BH_SURFFN(name, params, load, store)                                 \
	template <typename __bhT, __BH_TEX_T(__bhT)>                           \
	__BH_FN __BH_IMG void name##read(__bhT *__bhr, hipSurfaceObject_t __bho \
					 __BH_UNPAREN params,                  \
					 int __bhm = hipBoundaryModeZero)      \
	__BH_BODY(*__bhr = __bh_from<__bhT>(__BH_CALL(load));)                 \
	template <typename __bhT, __BH_TEX_T(__bhT)>                           \
	__BH_FN __BH_IMG __bhT name##read(hipSurfaceObject_t __bho __BH_UNPAREN params, \
					  int __bhm = hipBoundaryModeZero)     \
	__BH_BODY(return __bh_from<__bhT>(__BH_CALL(load));)                   \
	template <typename __bhT, __BH_TEX_T(__bhT)>                           \
	__BH_FN __BH_IMG void name##write(__bhT __bhd, hipSurfaceObject_t __bho \
					  __BH_UNPAREN params,                 \
					  int __bhm = hipBoundaryModeZero)     \
	__BH_BODY(__BH_CALL(store);)

__BH_SURFFN(surf1D, (, int __bhx), __bh_ld_1d(15, __BH_EX(__bho), __BH_R(__bho)),
	    __bh_st_1d(__bh_to(__bhd), 15, __BH_EX(__bho), __BH_R(__bho)))
__BH_SURFFN(surf2D, (, int __bhx, int __bhy),
	    __bh_ld_2d(15, __BH_EX(__bho), __BH_EY(__bho), __BH_R(__bho)),
	    __bh_st_2d(__bh_to(__bhd), 15, __BH_EX(__bho), __BH_EY(__bho), __BH_R(__bho)))
__BH_SURFFN(surf3D, (, int __bhx, int __bhy, int __bhz),
	    __bh_ld_3d(15, __BH_EX(__bho), __BH_EY(__bho), __BH_EZ(__bho, __bhz), __BH_R(__bho)),
	    __bh_st_3d(__bh_to(__bhd), 15, __BH_EX(__bho), __BH_EY(__bho), __BH_EZ(__bho, __bhz),
		       __BH_R(__bho)))
__BH_SURFFN(surf1DLayered, (, int __bhx, int __bhl),
	    __bh_ld_1da(15, __BH_EX(__bho), __BH_EZ(__bho, __bhl), __BH_R(__bho)),
	    __bh_st_1da(__bh_to(__bhd), 15, __BH_EX(__bho), __BH_EZ(__bho, __bhl), __BH_R(__bho)))
__BH_SURFFN(surf2DLayered, (, int __bhx, int __bhy, int __bhl),
	    __bh_ld_2da(15, __BH_EX(__bho), __BH_EY(__bho), __BH_EZ(__bho, __bhl), __BH_R(__bho)),
	    __bh_st_2da(__bh_to(__bhd), 15, __BH_EX(__bho), __BH_EY(__bho), __BH_EZ(__bho, __bhl),
			__BH_R(__bho)))

/*
 * Cubemaps.  A direction (x, y, z) picks a face by its major axis and a
 * point on it (v_cubeid/sc/tc/ma; CUDA's cubemap table): s = sc / |ma|,
 * t = tc / |ma| in [-1, 1], the face coordinate (s + 1) / 2.  gfx11
 * samples a cube image: it takes 1 + the face coordinate (Mesa's
 * ac_prepare_cube_coords: sc / |cubema| + 1.5, cubema being 2 ma) and
 * the face as layer * 8 + face.  gfx90a's texture unit has no cubes: the
 * runtime makes the cubemap a 2D array of faces, sampled here at the
 * face coordinate in layer 6 * layer + face (point filtering only, as
 * every layered texture there).  Each face clamps to its edges (no
 * filtering across faces).
 */
#ifdef __HIP_DEVICE_COMPILE__
struct __bh_cube_c {
	float s, t, face;	/* s, t: 1 + face coordinate */
	float inv, sc, tc, ma;	/* 1 / |cubema|, and the face's own axes */
};

static __device__ inline __bh_cube_c __bh_cube_st(float __bhx, float __bhy, float __bhz)
{
	__bh_cube_c __bhc;

	__bhc.face = __builtin_amdgcn_cubeid(__bhx, __bhy, __bhz);
	__bhc.sc = __builtin_amdgcn_cubesc(__bhx, __bhy, __bhz);
	__bhc.tc = __builtin_amdgcn_cubetc(__bhx, __bhy, __bhz);
	__bhc.ma = __builtin_amdgcn_cubema(__bhx, __bhy, __bhz);
	__bhc.inv = 1.0f / __builtin_fabsf(__bhc.ma);
	__bhc.s = __builtin_fmaf(__bhc.sc, __bhc.inv, 1.5f);
	__bhc.t = __builtin_fmaf(__bhc.tc, __bhc.inv, 1.5f);
	return __bhc;
}

/* (sc, tc, 2 ma) of a direction derivative @d on face @face (the face's
 * own linear map, not a new face choice). */
static __device__ inline void __bh_cube_axes(float __bhface, float4 __bhd, float *__bhsc,
					     float *__bhtc, float *__bhma)
{
	switch ((int)__bhface) {
	case 0: *__bhsc = -__bhd.z; *__bhtc = -__bhd.y; *__bhma = 2.0f * __bhd.x; break;
	case 1: *__bhsc = __bhd.z; *__bhtc = -__bhd.y; *__bhma = 2.0f * __bhd.x; break;
	case 2: *__bhsc = __bhd.x; *__bhtc = __bhd.z; *__bhma = 2.0f * __bhd.y; break;
	case 3: *__bhsc = __bhd.x; *__bhtc = -__bhd.z; *__bhma = 2.0f * __bhd.y; break;
	case 4: *__bhsc = __bhd.x; *__bhtc = -__bhd.y; *__bhma = 2.0f * __bhd.z; break;
	default: *__bhsc = -__bhd.x; *__bhtc = -__bhd.y; *__bhma = 2.0f * __bhd.z; break;
	}
}

/* d(sc / |ma|) and d(tc / |ma|) of a direction derivative @d: the
 * face-space derivative of s and t (quotient rule). */
static __device__ inline void __bh_cube_deriv(const __bh_cube_c &__bhc, float4 __bhd,
					      float *__bhds, float *__bhdt)
{
	float __bhdsc, __bhdtc, __bhdma;
	float __bhsg = __bhc.ma < 0.0f ? -1.0f : 1.0f;

	__bh_cube_axes(__bhc.face, __bhd, &__bhdsc, &__bhdtc, &__bhdma);
	*__bhds = (__bhdsc - __bhc.sc * __bhsg * __bhdma * __bhc.inv) * __bhc.inv;
	*__bhdt = (__bhdtc - __bhc.tc * __bhsg * __bhdma * __bhc.inv) * __bhc.inv;
}

/* The layer, rounded to nearest even and clamped to the cubes there are. */
static __device__ inline float __bh_cube_layer(hipTextureObject_t __bho, int __bhl)
{
	int __bhn = (int)__BH_W(__bho, 11) / 6;

	return (float)(__bhl < 0 ? 0 : __bhl >= __bhn ? __bhn - 1 : __bhl);
}

enum { __BH_CUBE_LZ, __BH_CUBE_L, __BH_CUBE_D };

static __device__ inline __bh_f4v __bh_cube(hipTextureObject_t __bho, float __bhx, float __bhy,
					    float __bhz, float __bhlayer, int __bhkind, float __bhlod,
					    float4 __bhdx, float4 __bhdy)
{
	__bh_cube_c __bhc = __bh_cube_st(__bhx, __bhy, __bhz);
#if defined(__gfx90a__)
	/* One level, no cube images: the point sample of face layer * 6 + face. */
	(void)__bhkind, (void)__bhlod, (void)__bhdx, (void)__bhdy;
	return __bh_sm_2da(15, __BH_SNX(__bhc.s - 1.0f), __BH_SNY(__bhc.t - 1.0f),
			   __builtin_fmaf(__bhlayer, 6.0f, __bhc.face), __BH_TS);
#else
	float __bhf = __builtin_fmaf(__bhlayer, 8.0f, __bhc.face);

	if (__bhkind == __BH_CUBE_L)
		return __bh_sl_cube(15, __bhc.s, __bhc.t, __bhf, __bhlod, __BH_TS);
	if (__bhkind == __BH_CUBE_D) {
		float __bhdsx, __bhdtx, __bhdsy, __bhdty;

		/* The face coordinate is (s + 1) / 2: half the derivative. */
		__bh_cube_deriv(__bhc, __bhdx, &__bhdsx, &__bhdtx);
		__bh_cube_deriv(__bhc, __bhdy, &__bhdsy, &__bhdty);
		return __bh_sd_cube(15, 0.5f * __bhdsx, 0.5f * __bhdtx, 0.5f * __bhdsy,
				    0.5f * __bhdty, __bhc.s, __bhc.t, __bhf, __BH_TS);
	}
	return __bh_sm_cube(15, __bhc.s, __bhc.t, __bhf, __BH_TS);
#endif
}
#endif
#define __BH_CUBECALL(l, kind, lod, dx, dy) \
	__BH_CALL(__bh_cube(__bho, __bhx, __bhy, __bhz, l, kind, lod, dx, dy))
#define __BH_F4Z float4(0.0f, 0.0f, 0.0f, 0.0f)

__BH_TEXFN(, texCubemap, (, float __bhx, float __bhy, float __bhz),
	   __BH_CUBECALL(0.0f, __BH_CUBE_LZ, 0.0f, __BH_F4Z, __BH_F4Z))
__BH_TEXFN(, texCubemapLayered, (, float __bhx, float __bhy, float __bhz, int __bhl),
	   __BH_CUBECALL(__bh_cube_layer(__bho, __bhl), __BH_CUBE_LZ, 0.0f, __BH_F4Z, __BH_F4Z))
__BH_TEXFN(__BH_EXT_IMG, texCubemapLod, (, float __bhx, float __bhy, float __bhz, float __bhlod),
	   __BH_CUBECALL(0.0f, __BH_CUBE_L, __bhlod, __BH_F4Z, __BH_F4Z))
__BH_TEXFN(__BH_EXT_IMG, texCubemapLayeredLod,
	   (, float __bhx, float __bhy, float __bhz, int __bhl, float __bhlod),
	   __BH_CUBECALL(__bh_cube_layer(__bho, __bhl), __BH_CUBE_L, __bhlod, __BH_F4Z,
			 __BH_F4Z))
__BH_TEXFN(__BH_EXT_IMG, texCubemapGrad,
	   (, float __bhx, float __bhy, float __bhz, float4 __bhdx, float4 __bhdy),
	   __BH_CUBECALL(0.0f, __BH_CUBE_D, 0.0f, __bhdx, __bhdy))
__BH_TEXFN(__BH_EXT_IMG, texCubemapLayeredGrad,
	   (, float __bhx, float __bhy, float __bhz, int __bhl, float4 __bhdx, float4 __bhdy),
	   __BH_CUBECALL(__bh_cube_layer(__bho, __bhl), __BH_CUBE_D, 0.0f, __bhdx, __bhdy))
#undef __BH_CUBECALL
#undef __BH_F4Z
#undef __BH_TEXFN

/*
 * Cubemap surfaces are 2D arrays of faces (layer * 6 + face).  The face
 * and the layer take the boundary mode like the other coordinates; with
 * hipBoundaryModeZero one outside reads 0 and drops the write.
 */
static __device__ inline int __bh_face(hipSurfaceObject_t __bho, int __bhf, int __bhl, int __bhm)
{
	int __bhn = (int)__BH_W(__bho, 11) / 6;

	__bhf = __bh_edge(__bhf, 6, __bhm);
	__bhl = __bh_edge(__bhl, (unsigned)__bhn, __bhm);
	if ((unsigned)__bhf >= 6 || (unsigned)__bhl >= (unsigned)__bhn)
		return -1;		/* beyond every layer: the hardware's 0 */
	return __bhl * 6 + __bhf;
}
__BH_SURFFN(surfCubemap, (, int __bhx, int __bhy, int __bhf),
	    __bh_ld_2da(15, __BH_EX(__bho), __BH_EY(__bho), __bh_face(__bho, __bhf, 0, __bhm),
			__BH_R(__bho)),
	    __bh_st_2da(__bh_to(__bhd), 15, __BH_EX(__bho), __BH_EY(__bho),
			__bh_face(__bho, __bhf, 0, __bhm), __BH_R(__bho)))
/* Layered cubemaps take one index, layerFace = layer * 6 + face (CUDA's and
 * HIP's signature), with the boundary mode over all the faces. */
__BH_SURFFN(surfCubemapLayered, (, int __bhx, int __bhy, int __bhlf),
	    __bh_ld_2da(15, __BH_EX(__bho), __BH_EY(__bho), __BH_EZ(__bho, __bhlf), __BH_R(__bho)),
	    __bh_st_2da(__bh_to(__bhd), 15, __BH_EX(__bho), __BH_EY(__bho), __BH_EZ(__bho, __bhlf),
			__BH_R(__bho)))
/* ROCm's surfCubemapLayeredwrite takes the data by pointer: accepted too. */
template <typename __bhT, __BH_TEX_T(__bhT)>
__BH_FN __BH_IMG void surfCubemapLayeredwrite(const __bhT *__bhd, hipSurfaceObject_t __bho,
					      int __bhx, int __bhy, int __bhlf,
					      int __bhm = hipBoundaryModeZero)
__BH_BODY(surfCubemapLayeredwrite(*__bhd, __bho, __bhx, __bhy, __bhlf, __bhm);)
#undef __BH_SURFFN
#undef __BH_CALL
#undef __BH_FN
#undef __BH_BODY
#undef __BH_UNPAREN
#undef __BH_EX
#undef __BH_EY
#undef __BH_EZ
#undef __BH_R
#undef __BH_TS
#undef __BH_SNX
#undef __BH_SNY
#undef __BH_SNZ
#undef __BH_IMG
#undef __BH_EXT_IMG
#undef __BH_EXT

#endif /* HIP_BH_TEXTURE_H */
