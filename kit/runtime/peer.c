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

/*
 * AMD's link query.  Arguments as ROCm checks them: no pointer, the same
 * device twice or a negative ordinal is a wrong value, an ordinal beyond
 * the devices a wrong device.  barehip reaches one device from another
 * only through the host, so every pair is linked by PCIe (HSA's link
 * type 2, HSA_AMD_LINK_INFO_TYPE_PCIE) over two hops: to the host and
 * from it.
 */
#define HSA_LINK_TYPE_PCIE 2

hipError_t hipExtGetLinkTypeAndHopCount(int dev1, int dev2, uint32_t *linktype,
					uint32_t *hopcount)
{
	static const char api[] = "hipExtGetLinkTypeAndHopCount";

	if (!linktype || !hopcount)
		return bh_rt_error(hipErrorInvalidValue, "%s: %s is NULL", api,
				   linktype ? "hopcount" : "linktype");
	if (dev1 == dev2 || dev1 < 0 || dev2 < 0)
		return bh_rt_error(hipErrorInvalidValue, "%s(%d, %d): %s", api, dev1, dev2,
				   dev1 == dev2 ? "a device has no link to itself"
						: "a device ordinal is negative");
	hipError_t e = exists(api, dev1);

	if (!e)
		e = exists(api, dev2);
	if (e)
		return e;
	*linktype = HSA_LINK_TYPE_PCIE;
	*hopcount = 2;
	return bh_rt_success();
}
