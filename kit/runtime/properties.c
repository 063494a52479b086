// SPDX-License-Identifier: MIT
/*
 * Device properties and attributes, filled from what the board reports
 * (bh_device_info).  Limits without a board fact are the gfx9 hardware
 * limits (grid 2^31-1 workgroups in x, 65535 in y/z as HIP reports).
 */
#include <stdio.h>
#include <string.h>

#include "runtime.h"

static hipError_t device_info(int device, const struct bh_device_info **out)
{
	hipError_t e = bh_rt_init();

	if (e)
		return e;
	if (device != 0)
		return bh_rt_error(hipErrorInvalidDevice,
				   "device %d: this board has one device (0)", device);
	*out = bh_device_get_info(bh_rt.dev);
	return hipSuccess;
}

hipError_t hipGetDeviceProperties(hipDeviceProp_t *p, int device)
{
	const struct bh_device_info *i;
	hipError_t e;

	if (!p)
		return bh_rt_error(hipErrorInvalidValue, "hipGetDeviceProperties: prop is NULL");
	e = device_info(device, &i);
	if (e)
		return e;
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", i->name);
	snprintf(p->gcnArchName, sizeof(p->gcnArchName), "%s:sramecc%c:xnack%c", i->gfx,
		 i->sramecc ? '+' : '-', i->xnack ? '+' : '-');
	p->totalGlobalMem = i->vram_size;
	p->sharedMemPerBlock = i->lds_size;
	p->maxSharedMemoryPerMultiProcessor = i->lds_size;
	p->regsPerBlock = 512 * 64;	/* one wave's full VGPR file: 512 x 64 lanes */
	p->warpSize = (int)i->wave_size;
	p->maxThreadsPerBlock = (int)i->max_workgroup_size;
	p->maxThreadsDim[0] = p->maxThreadsDim[1] = p->maxThreadsDim[2] = 1024;
	p->maxGridSize[0] = 0x7fffffff;
	p->maxGridSize[1] = p->maxGridSize[2] = 65535;
	p->clockRate = (int)(i->clock_hz / 1000);
	p->clockInstructionRate = p->clockRate;
	p->wallClockRate = (int)(i->timestamp_hz / 1000);
	p->totalConstMem = i->vram_size;
	p->major = (int)(i->gfx_version / 10000);
	p->minor = (int)(i->gfx_version / 100 % 100);
	p->gcnArch = p->major * 100 + p->minor * 10 + (int)(i->gfx_version % 100);
	p->multiProcessorCount = (int)i->num_cus;
	p->maxThreadsPerMultiProcessor = (int)(i->simds_per_cu * i->max_waves_per_simd * i->wave_size);
	p->canMapHostMemory = 1;
	p->concurrentKernels = 1;
	p->cooperativeLaunch = 1;	/* hipLaunchCooperativeKernel */
	p->managedMemory = i->unified_memory;
	p->computeMode = 0;
	return bh_rt_success();
}

hipError_t hipDeviceGetAttribute(int *value, hipDeviceAttribute_t attr, int device)
{
	hipDeviceProp_t p;
	hipError_t e;

	if (!value)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetAttribute: value is NULL");
	e = hipGetDeviceProperties(&p, device);
	if (e)
		return e;
	switch (attr) {
	case hipDeviceAttributeMaxThreadsPerBlock: *value = p.maxThreadsPerBlock; break;
	case hipDeviceAttributeMaxBlockDimX: *value = p.maxThreadsDim[0]; break;
	case hipDeviceAttributeMaxBlockDimY: *value = p.maxThreadsDim[1]; break;
	case hipDeviceAttributeMaxBlockDimZ: *value = p.maxThreadsDim[2]; break;
	case hipDeviceAttributeMaxGridDimX: *value = p.maxGridSize[0]; break;
	case hipDeviceAttributeMaxGridDimY: *value = p.maxGridSize[1]; break;
	case hipDeviceAttributeMaxGridDimZ: *value = p.maxGridSize[2]; break;
	case hipDeviceAttributeMaxSharedMemoryPerBlock: *value = (int)p.sharedMemPerBlock; break;
	case hipDeviceAttributeWarpSize: *value = p.warpSize; break;
	case hipDeviceAttributeClockRate: *value = p.clockRate; break;
	case hipDeviceAttributeMemoryClockRate: *value = p.memoryClockRate; break;
	case hipDeviceAttributeMultiprocessorCount: *value = p.multiProcessorCount; break;
	case hipDeviceAttributeComputeCapabilityMajor: *value = p.major; break;
	case hipDeviceAttributeComputeCapabilityMinor: *value = p.minor; break;
	case hipDeviceAttributeMaxThreadsPerMultiProcessor:
		*value = p.maxThreadsPerMultiProcessor;
		break;
	case hipDeviceAttributeWallClockRate: *value = p.wallClockRate; break;
	case hipDeviceAttributeCooperativeLaunch: *value = p.cooperativeLaunch; break;
	case hipDeviceAttributeIntegrated: *value = p.integrated; break;
	case hipDeviceAttributeConcurrentKernels: *value = p.concurrentKernels; break;
	default:
		return bh_rt_error(hipErrorInvalidValue,
				   "hipDeviceGetAttribute: attribute %d is not supported", (int)attr);
	}
	return bh_rt_success();
}
