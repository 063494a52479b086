/* SPDX-License-Identifier: MIT */
/*
 * <linux/kfd_ioctl.h> includes <drm/drm.h>, which Debian ships in
 * libdrm-dev, not with the kernel's other UAPI headers (linux-libc-dev).
 * kfd_ioctl.h uses nothing of it but the fixed-size types and the ioctl
 * macros, so this stands in for it: barehip needs no libdrm.
 */
#ifndef BH_UAPI_DRM_H
#define BH_UAPI_DRM_H
#include <linux/ioctl.h>
#include <linux/types.h>
#endif
