/* SPDX-License-Identifier: MIT */
/*
 * Peer access between devices.  barehip drives one device, so there is
 * no peer: queries say so, enabling access is an invalid-device error,
 * and a "peer" copy within device 0 is an ordinary device-to-device copy.
 */
#include "runtime.h"

static hipError_t one_device(const char *api, int dev)
{
	int n = 0;
	hipError_t e = hipGetDeviceCount(&n);

	if (e)
		return e;
	if (dev < 0 || dev >= n)
		return bh_rt_error(hipErrorInvalidDevice, "%s: device %d: this board has "
				   "%d device%s", api, dev, n, n == 1 ? "" : "s");
	return hipSuccess;
}

hipError_t hipDeviceCanAccessPeer(int *can, int dev, int peer)
{
	if (!can)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceCanAccessPeer: "
				   "canAccessPeer is NULL");
	hipError_t e = one_device("hipDeviceCanAccessPeer", dev);

	if (!e)
		e = one_device("hipDeviceCanAccessPeer", peer);
	if (e)
		return e;
	*can = 0;	/* a device is not its own peer (CUDA's answer too) */
	return bh_rt_success();
}

hipError_t hipDeviceEnablePeerAccess(int peer, unsigned int flags)
{
	hipError_t e = one_device("hipDeviceEnablePeerAccess", peer);

	if (e)
		return e;
	if (flags)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceEnablePeerAccess: flags "
				   "must be 0");
	return bh_rt_error(hipErrorInvalidDevice, "hipDeviceEnablePeerAccess: device %d "
			   "is the current device, not a peer", peer);
}

hipError_t hipDeviceDisablePeerAccess(int peer)
{
	hipError_t e = one_device("hipDeviceDisablePeerAccess", peer);

	if (e)
		return e;
	return bh_rt_error(hipErrorPeerAccessNotEnabled, "hipDeviceDisablePeerAccess: "
			   "peer access to device %d was never enabled", peer);
}

hipError_t hipMemcpyPeerAsync(void *dst, int dst_dev, const void *src, int src_dev,
			      size_t size, hipStream_t stream)
{
	hipError_t e = one_device("hipMemcpyPeer", dst_dev);

	if (!e)
		e = one_device("hipMemcpyPeer", src_dev);
	return e ? e : hipMemcpyAsync(dst, src, size, hipMemcpyDeviceToDevice, stream);
}

hipError_t hipMemcpyPeer(void *dst, int dst_dev, const void *src, int src_dev, size_t size)
{
	hipError_t e = hipMemcpyPeerAsync(dst, dst_dev, src, src_dev, size, NULL);

	return e ? e : hipStreamSynchronize(NULL);
}
