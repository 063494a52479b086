// SPDX-License-Identifier: MIT
/*
 * Peer access between devices.  A kernel reaches only its own device's
 * memory and host memory: barehip maps no device's VRAM for another
 * (KFD could, over PCIe or XGMI; not done yet), so no device is a peer
 * of another, and enabling access is refused as unsupported.  Copies
 * between devices work all the same: the host moves the bytes (through
 * both devices' CPU-visible VRAM), in order on the given stream.
 */
#include "runtime.h"

static hipError_t exists(const char *api, int dev)
{
	struct bh_rt_device *d;

	return bh_rt_device_get(api, dev, &d);
}

hipError_t hipDeviceCanAccessPeer(int *can, int dev, int peer)
{
	if (!can)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceCanAccessPeer: "
				   "canAccessPeer is NULL");
	hipError_t e = exists("hipDeviceCanAccessPeer", dev);

	if (!e)
		e = exists("hipDeviceCanAccessPeer", peer);
	if (e)
		return e;
	*can = 0;	/* a device is not its own peer (CUDA's answer too) */
	return bh_rt_success();
}

hipError_t hipDeviceEnablePeerAccess(int peer, unsigned int flags)
{
	hipError_t e = exists("hipDeviceEnablePeerAccess", peer);
	int cur = bh_rt_current()->ordinal;

	if (e)
		return e;
	if (flags)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceEnablePeerAccess: flags "
				   "must be 0");
	if (peer == cur)
		return bh_rt_error(hipErrorInvalidDevice, "hipDeviceEnablePeerAccess: device %d "
				   "is the current device, not a peer", peer);
	return bh_rt_error(hipErrorPeerAccessUnsupported, "hipDeviceEnablePeerAccess: device "
			   "%d cannot map device %d's memory (barehip maps no peer VRAM; copy "
			   "with hipMemcpyPeer)", cur, peer);
}

hipError_t hipDeviceDisablePeerAccess(int peer)
{
	hipError_t e = exists("hipDeviceDisablePeerAccess", peer);

	if (e)
		return e;
	return bh_rt_error(hipErrorPeerAccessNotEnabled, "hipDeviceDisablePeerAccess: "
			   "peer access to device %d was never enabled", peer);
}

/* The pointers name their devices (one address space); the ordinals
 * must exist. */
hipError_t hipMemcpyPeerAsync(void *dst, int dst_dev, const void *src, int src_dev,
			      size_t size, hipStream_t stream)
{
	hipError_t e = exists("hipMemcpyPeer", dst_dev);

	if (!e)
		e = exists("hipMemcpyPeer", src_dev);
	return e ? e : hipMemcpyAsync(dst, src, size, hipMemcpyDeviceToDevice, stream);
}

/* Synchronous with the legacy streams of both devices (memory.c). */
hipError_t hipMemcpyPeer(void *dst, int dst_dev, const void *src, int src_dev, size_t size)
{
	hipError_t e = exists("hipMemcpyPeer", dst_dev);

	if (!e)
		e = exists("hipMemcpyPeer", src_dev);
	return e ? e : hipMemcpy(dst, src, size, hipMemcpyDeviceToDevice);
}
