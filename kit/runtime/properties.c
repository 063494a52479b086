// SPDX-License-Identifier: MIT
/*
 * Device properties and attributes, filled from what the board reports
 * (bh_device_info) and what one of its compute units holds
 * (bh_device_cu_limits).  A board that has or models something not at
 * all (the sim board: PCI location, DRAM timing) reports 0, and so does
 * the property; the sim board reports the caches of the product it
 * models (boards/sim/model/targets.c), which its model does not run.  The rest are facts of the HIP API on gfx9:
 * grids of 2^31-1 x 65535 x 65535 blocks, a 1024-thread block in any
 * one dimension, what barehip's kernel language provides (arch flags).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "generated/autoconf.h"
#include "image.h"
#include "runtime.h"
#include "hiprtc_internal.h"

static hipError_t device_info(const char *api, int device, struct bh_rt_device **out)
{
	return bh_rt_device_get(api, device, out);
}

static int clamp_int(uint64_t v)
{
	return v > INT32_MAX ? INT32_MAX : (int)v;
}

/* What barehip's device library provides on every gfx9 target. */
static void fill_arch(hipDeviceArch_t *a)
{
	a->hasGlobalInt32Atomics = a->hasGlobalFloatAtomicExch = 1;
	a->hasSharedInt32Atomics = a->hasSharedFloatAtomicExch = 1;
	a->hasFloatAtomicAdd = 1;
	a->hasGlobalInt64Atomics = a->hasSharedInt64Atomics = 1;
	a->hasDoubles = 1;
	a->hasWarpVote = a->hasWarpBallot = a->hasWarpShuffle = 1;
	a->hasFunnelShift = 1;		/* __funnelshift_l/r/lc/rc */
	a->hasThreadFenceSystem = 1;
	a->hasSyncThreadsExt = 1;	/* __syncthreads_count/and/or */
	a->has3dGrid = 1;
	a->hasDynamicParallelism = 0;
}

/*
 * The image limits of a GPU with image instructions (texobj.c): the T#'s
 * 14-bit width and height and 13-bit depth and layer fields; linear
 * textures are typed buffers (2^27 texels); cubemaps as square 2D layers
 * (6 per cube); gather4 and mipmaps on gfx11 only (gfx90a has no
 * extended image instructions and no mip levels).
 */
static void fill_images(hipDeviceProp_t *p, bool gather)
{
	const int w = 16384, d = 8192;

	p->arch.hasSurfaceFuncs = 1;
	p->textureAlignment = 256;
	p->texturePitchAlignment = 256;
	p->surfaceAlignment = 256;
	p->maxTexture1D = w;
	p->maxTexture1DLinear = 1 << 27;	/* a V#'s texels (texobj.c), ROCm's value */
	p->maxTexture2D[0] = p->maxTexture2D[1] = w;
	p->maxTexture2DLinear[0] = p->maxTexture2DLinear[1] = w;
	p->maxTexture2DLinear[2] = w * 16;		/* pitch bytes */
	p->maxTexture3D[0] = p->maxTexture3D[1] = w;
	p->maxTexture3D[2] = d;
	p->maxTexture1DLayered[0] = w;
	p->maxTexture1DLayered[1] = d;
	p->maxTexture2DLayered[0] = p->maxTexture2DLayered[1] = w;
	p->maxTexture2DLayered[2] = d;
	if (gather) {
		p->maxTexture2DGather[0] = p->maxTexture2DGather[1] = w;
		/* gfx11 samples mip chains (of every array shape). */
		p->maxTexture1DMipmap = w;
		p->maxTexture2DMipmap[0] = p->maxTexture2DMipmap[1] = w;
	}
	p->maxSurface1D = w;
	p->maxSurface2D[0] = p->maxSurface2D[1] = w;
	p->maxSurface3D[0] = p->maxSurface3D[1] = w;
	p->maxSurface3D[2] = d;
	p->maxSurface1DLayered[0] = w;
	p->maxSurface1DLayered[1] = d;
	p->maxSurface2DLayered[0] = p->maxSurface2DLayered[1] = w;
	p->maxSurface2DLayered[2] = d;
	p->maxTextureCubemap = p->maxSurfaceCubemap = w;
	p->maxTextureCubemapLayered[0] = p->maxSurfaceCubemapLayered[0] = w;
	p->maxTextureCubemapLayered[1] = p->maxSurfaceCubemapLayered[1] = d / 6;
}

static void fill_properties(hipDeviceProp_t *p, struct bh_rt_device *d)
{
	const struct bh_device_info *i = bh_device_get_info(d->dev);
	struct bh_cu_limits cu;
	/* Registers of one CU: every SIMD's VGPR file, each 32-bit VGPR
	 * one register per lane; a block may spread over all SIMDs. */
	int cu_regs;

	bh_device_cu_limits(d->dev, &cu);
	cu_regs = clamp_int((uint64_t)cu.vgprs_per_simd * i->wave_size * cu.simds);
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", i->name);
	bh_rt_device_uuid(d, &p->uuid);
	/* As ROCm's agent ISA name: only the features the processor has
	 * (gfx90a:sramecc+:xnack-, but plain gfx1100). */
	snprintf(p->gcnArchName, sizeof(p->gcnArchName), "%s:sramecc%c:xnack%c", i->gfx,
		 i->sramecc ? '+' : '-', i->xnack ? '+' : '-');
	bh_rtc_target_id(p->gcnArchName);
	p->totalGlobalMem = i->vram_size;
	/* HIP's limit for one allocation and for constants: all of VRAM,
	 * clamped to int as hipDeviceGetAttribute reports it. */
	p->memPitch = (size_t)clamp_int(i->vram_size);
	p->totalConstMem = (size_t)clamp_int(i->vram_size);
	p->sharedMemPerBlock = i->lds_size;
	p->sharedMemPerBlockOptin = i->lds_size;
	p->sharedMemPerMultiprocessor = cu.lds_bytes;
	p->maxSharedMemoryPerMultiProcessor = cu.lds_bytes;
	p->regsPerBlock = cu_regs;
	p->regsPerMultiprocessor = cu_regs;
	p->warpSize = (int)i->wave_size;
	p->maxThreadsPerBlock = (int)i->max_workgroup_size;
	p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] =
		(int)i->max_workgroup_size;
	p->maxGridSize[0] = INT32_MAX;
	p->maxGridSize[1] = p->maxGridSize[2] = 65535;
	p->maxThreadsPerMultiProcessor = (int)(cu.simds * cu.waves_per_simd * i->wave_size);
	p->maxBlocksPerMultiProcessor = (int)cu.workgroups;
	p->multiProcessorCount = (int)i->num_cus;
	p->executionUnitsPerMultiprocessor = (int)cu.simds;
	p->clockRate = clamp_int(i->clock_hz / 1000);
	/* clock()/clock64() read s_memtime, the shader clock; on gfx11,
	 * which has no 64-bit cycle counter (only SHADER_CYCLES, 20 bits),
	 * the 64-bit REALTIME counter (kit/include/hip/bh/intrinsics.h),
	 * so the rate of their timer is the wall clock's there. */
	p->clockInstructionRate = i->gfx_version / 10000 == 11 ?
		clamp_int(i->timestamp_hz / 1000) : p->clockRate;
	p->wallClockRate = clamp_int(i->timestamp_hz / 1000);
	p->memoryClockRate = clamp_int(i->memory_clock_hz / 1000);
	p->memoryBusWidth = (int)i->memory_bus_width;
	p->l2CacheSize = clamp_int(i->l2_size);
	p->persistingL2CacheMaxSize = p->l2CacheSize;
	/* gfx9 CUs have a vector L1 in front of the L2; a board that
	 * models no caches reports neither. */
	p->globalL1CacheSupported = p->localL1CacheSupported = i->l2_size != 0;
	p->major = (int)(i->gfx_version / 10000);
	p->minor = (int)(i->gfx_version / 100 % 100);
	p->gcnArch = p->major * 100 + p->minor * 10 + (int)(i->gfx_version % 100);
	p->pciDomainID = i->pci_domain;
	p->pciBusID = i->pci_bus;
	p->pciDeviceID = i->pci_device;
	p->integrated = i->integrated;
	p->ECCEnabled = i->sramecc;
	p->hostNativeAtomicSupported = i->host_atomics;
	p->canMapHostMemory = 1;		/* every board maps host memory (BH_MEM_HOST) */
	p->hostRegisterSupported = i->host_register;	/* hipHostRegister */
	p->memoryPoolsSupported = 1;		/* mempool.c, on every board */
	p->managedMemory = i->unified_memory;
	p->concurrentManagedAccess = i->unified_memory;
	p->directManagedMemAccessFromHost = i->unified_memory;
	p->unifiedAddressing = i->unified_memory;
	p->computeMode = hipComputeModeDefault;
	p->concurrentKernels = 1;
	p->cooperativeLaunch = 1;		/* hipLaunchCooperativeKernel */
	/* The loader stops a launch that runs past the fence timeout. */
	p->kernelExecTimeoutEnabled = CONFIG_LOADER_FENCE_TIMEOUT_MS != 0;
	fill_arch(&p->arch);
	if (bh_rt_device_has_images(d))
		fill_images(p, i->gfx_version / 10000 == 11);
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t *p, int device)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!p)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDeviceProperties: prop is NULL");
	e = device_info("hipGetDeviceProperties", device, &d);
	if (e)
		return e;
	fill_properties(p, d);
	return bh_rt_success();
}

/* Attributes that are a property, by field. */
#define PROP(attr, expr) case attr: *value = (int)(expr); break

hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device)
{
	struct bh_rt_device *d;
	hipDeviceProp_t p;
	hipError_t e;

	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetAttribute: value is NULL");
	e = device_info("hipDeviceGetAttribute", device, &d);
	if (e)
		return e;
	fill_properties(&p, d);
	switch (attr) {
	PROP(hipDeviceAttributeEccEnabled, p.ECCEnabled);
	PROP(hipDeviceAttributeAccessPolicyMaxWindowSize, p.accessPolicyMaxWindowSize);
	PROP(hipDeviceAttributeAsyncEngineCount, p.asyncEngineCount);
	PROP(hipDeviceAttributeCanMapHostMemory, p.canMapHostMemory);
	PROP(hipDeviceAttributeCanUseHostPointerForRegisteredMem,
	     p.canUseHostPointerForRegisteredMem);
	PROP(hipDeviceAttributeClockRate, p.clockRate);
	PROP(hipDeviceAttributeComputeMode, p.computeMode);
	PROP(hipDeviceAttributeComputePreemptionSupported, p.computePreemptionSupported);
	PROP(hipDeviceAttributeConcurrentKernels, p.concurrentKernels);
	PROP(hipDeviceAttributeConcurrentManagedAccess, p.concurrentManagedAccess);
	PROP(hipDeviceAttributeCooperativeLaunch, p.cooperativeLaunch);
	PROP(hipDeviceAttributeCooperativeMultiDeviceLaunch, p.cooperativeMultiDeviceLaunch);
	PROP(hipDeviceAttributeDeviceOverlap, p.deviceOverlap);
	PROP(hipDeviceAttributeDirectManagedMemAccessFromHost, p.directManagedMemAccessFromHost);
	PROP(hipDeviceAttributeGlobalL1CacheSupported, p.globalL1CacheSupported);
	PROP(hipDeviceAttributeHostNativeAtomicSupported, p.hostNativeAtomicSupported);
	PROP(hipDeviceAttributeIntegrated, p.integrated);
	PROP(hipDeviceAttributeIsMultiGpuBoard, p.isMultiGpuBoard);
	PROP(hipDeviceAttributeKernelExecTimeout, p.kernelExecTimeoutEnabled);
	PROP(hipDeviceAttributeL2CacheSize, p.l2CacheSize);
	PROP(hipDeviceAttributeLocalL1CacheSupported, p.localL1CacheSupported);
	PROP(hipDeviceAttributeLuidDeviceNodeMask, p.luidDeviceNodeMask);
	PROP(hipDeviceAttributeComputeCapabilityMajor, p.major);
	PROP(hipDeviceAttributeManagedMemory, p.managedMemory);
	PROP(hipDeviceAttributeMaxBlocksPerMultiProcessor, p.maxBlocksPerMultiProcessor);
	PROP(hipDeviceAttributeMaxBlockDimX, p.maxThreadsDim[0]);
	PROP(hipDeviceAttributeMaxBlockDimY, p.maxThreadsDim[1]);
	PROP(hipDeviceAttributeMaxBlockDimZ, p.maxThreadsDim[2]);
	PROP(hipDeviceAttributeMaxGridDimX, p.maxGridSize[0]);
	PROP(hipDeviceAttributeMaxGridDimY, p.maxGridSize[1]);
	PROP(hipDeviceAttributeMaxGridDimZ, p.maxGridSize[2]);
	PROP(hipDeviceAttributeMaxSurface1D, p.maxSurface1D);
	PROP(hipDeviceAttributeMaxTexture1DWidth, p.maxTexture1D);
	PROP(hipDeviceAttributeMaxTexture1DLinear, p.maxTexture1DLinear);
	PROP(hipDeviceAttributeMaxTexture1DMipmap, p.maxTexture1DMipmap);
	PROP(hipDeviceAttributeMaxTexture2DWidth, p.maxTexture2D[0]);
	PROP(hipDeviceAttributeMaxTexture2DHeight, p.maxTexture2D[1]);
	PROP(hipDeviceAttributeMaxTexture3DWidth, p.maxTexture3D[0]);
	PROP(hipDeviceAttributeMaxTexture3DHeight, p.maxTexture3D[1]);
	PROP(hipDeviceAttributeMaxTexture3DDepth, p.maxTexture3D[2]);
	PROP(hipDeviceAttributeMaxTextureCubemap, p.maxTextureCubemap);
	PROP(hipDeviceAttributeMaxThreadsPerBlock, p.maxThreadsPerBlock);
	PROP(hipDeviceAttributeMaxThreadsPerMultiProcessor, p.maxThreadsPerMultiProcessor);
	PROP(hipDeviceAttributeMaxPitch, p.memPitch);
	PROP(hipDeviceAttributeMemoryBusWidth, p.memoryBusWidth);
	PROP(hipDeviceAttributeMemoryClockRate, p.memoryClockRate);
	PROP(hipDeviceAttributeComputeCapabilityMinor, p.minor);
	PROP(hipDeviceAttributeMultiGpuBoardGroupID, p.multiGpuBoardGroupID);
	PROP(hipDeviceAttributeMultiprocessorCount, p.multiProcessorCount);
	PROP(hipDeviceAttributePageableMemoryAccess, p.pageableMemoryAccess);
	PROP(hipDeviceAttributePageableMemoryAccessUsesHostPageTables,
	     p.pageableMemoryAccessUsesHostPageTables);
	PROP(hipDeviceAttributePciBusId, p.pciBusID);
	PROP(hipDeviceAttributePciDeviceId, p.pciDeviceID);
	PROP(hipDeviceAttributePciDomainID, p.pciDomainID);
	PROP(hipDeviceAttributePersistingL2CacheMaxSize, p.persistingL2CacheMaxSize);
	PROP(hipDeviceAttributeMaxRegistersPerBlock, p.regsPerBlock);
	PROP(hipDeviceAttributeMaxRegistersPerMultiprocessor, p.regsPerMultiprocessor);
	PROP(hipDeviceAttributeReservedSharedMemPerBlock, p.reservedSharedMemPerBlock);
	PROP(hipDeviceAttributeMaxSharedMemoryPerBlock, p.sharedMemPerBlock);
	PROP(hipDeviceAttributeSharedMemPerBlockOptin, p.sharedMemPerBlockOptin);
	PROP(hipDeviceAttributeSharedMemPerMultiprocessor, p.sharedMemPerMultiprocessor);
	PROP(hipDeviceAttributeSingleToDoublePrecisionPerfRatio,
	     p.singleToDoublePrecisionPerfRatio);
	PROP(hipDeviceAttributeStreamPrioritiesSupported, p.streamPrioritiesSupported);
	PROP(hipDeviceAttributeSurfaceAlignment, p.surfaceAlignment);
	PROP(hipDeviceAttributeTccDriver, p.tccDriver);
	PROP(hipDeviceAttributeTextureAlignment, p.textureAlignment);
	PROP(hipDeviceAttributeTexturePitchAlignment, p.texturePitchAlignment);
	PROP(hipDeviceAttributeTotalConstantMemory, p.totalConstMem);
	PROP(hipDeviceAttributeTotalGlobalMem, clamp_int(p.totalGlobalMem));
	PROP(hipDeviceAttributeUnifiedAddressing, p.unifiedAddressing);
	PROP(hipDeviceAttributeWarpSize, p.warpSize);
	PROP(hipDeviceAttributeMemoryPoolsSupported, p.memoryPoolsSupported);
	PROP(hipDeviceAttributeVirtualMemoryManagementSupported, 0);
	PROP(hipDeviceAttributeHostRegisterSupported, p.hostRegisterSupported);
	PROP(hipDeviceAttributeMemoryPoolSupportedHandleTypes, p.memoryPoolSupportedHandleTypes);
	PROP(hipDeviceAttributeClockInstructionRate, p.clockInstructionRate);
	PROP(hipDeviceAttributeMaxSharedMemoryPerMultiprocessor,
	     p.maxSharedMemoryPerMultiProcessor);
	PROP(hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc,
	     p.cooperativeMultiDeviceUnmatchedFunc);
	PROP(hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim,
	     p.cooperativeMultiDeviceUnmatchedGridDim);
	PROP(hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim,
	     p.cooperativeMultiDeviceUnmatchedBlockDim);
	PROP(hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem,
	     p.cooperativeMultiDeviceUnmatchedSharedMem);
	PROP(hipDeviceAttributeIsLargeBar, p.isLargeBar);
	PROP(hipDeviceAttributeAsicRevision, p.asicRevision);
	PROP(hipDeviceAttributeCanUseStreamWaitValue, 1);
	PROP(hipDeviceAttributeImageSupport, bh_rt_device_has_images(d));
	PROP(hipDeviceAttributePhysicalMultiProcessorCount, p.multiProcessorCount);
	/* Fine-grained (coherent) host memory: BH_MEM_HOST on every board. */
	PROP(hipDeviceAttributeFineGrainSupport, 1);
	PROP(hipDeviceAttributeWallClockRate, p.wallClockRate);
	/* The HDP flush registers' addresses: a pointer, stored through
	 * @value as ROCm does (the caller passes a pointer's room), NULL
	 * where the board maps no such register for the host. */
	case hipDeviceAttributeHdpMemFlushCntl:
		memcpy(value, &p.hdpMemFlushCntl, sizeof(p.hdpMemFlushCntl));
		break;
	case hipDeviceAttributeHdpRegFlushCntl:
		memcpy(value, &p.hdpRegFlushCntl, sizeof(p.hdpRegFlushCntl));
		break;
	default:
		/* Unknown values, the unused slots, and the multi-value
		 * attributes HIP has no int for (LUID, max threads dim,
		 * layered textures). */
		return bh_rt_error(hipErrorInvalidValue,
				   "hipDeviceGetAttribute: attribute %d is not an int attribute "
				   "of this device", (int)attr);
	}
	return bh_rt_success();
}
#undef PROP
