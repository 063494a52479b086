/* SPDX-License-Identifier: MIT */
/*
 * What <linux/kfd_ioctl.h> takes from <drm/drm.h>: the __u32/__u64
 * types and the _IOR/_IOW macros.  Debian ships drm.h only with
 * libdrm-dev, which barehip does not otherwise need; this stand-in is
 * on the include path of the fake KFD and its test alone.
 */
#ifndef BH_KFDSIM_DRM_H
#define BH_KFDSIM_DRM_H
#include <linux/types.h>
#include <linux/ioctl.h>
#endif
