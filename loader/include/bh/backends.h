/* SPDX-License-Identifier: MIT */
/* Constructors of the platform backends built into this configuration. */
#ifndef BH_BACKENDS_H
#define BH_BACKENDS_H

#include "platform.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The in-process sim board (boards/sim), configured from Kconfig. */
struct bh_platform *bh_platform_sim_new(void);
void bh_platform_sim_delete(struct bh_platform *p);

/* A board behind barehip.ko: @node is its /dev/barehipN (NULL: the first). */
struct bh_platform *bh_platform_kmod_new(const char *node);
void bh_platform_kmod_delete(struct bh_platform *p);

/* GPU @index (among the visible ones: ROCR_VISIBLE_DEVICES,
 * HIP_VISIBLE_DEVICES) of the stock amdgpu driver through /dev/kfd
 * (loader/platform/kfd.c).  The GPUs of a process share its /dev/kfd. */
struct bh_platform *bh_platform_kfd_new(unsigned index);
void bh_platform_kfd_delete(struct bh_platform *p);
/* How many GPUs the KFD topology shows this process (0: none). */
unsigned bh_platform_kfd_count(void);
/* Whether /dev/kfd is there with a GPU this barehip runs. */
bool bh_platform_kfd_present(void);

/*
 * The backend this program runs on, from BAREHIP_BOARD: "sim" (the
 * in-process sim board), "kmod" (/dev/barehip0), "kmod:/dev/barehipN" or
 * "kfd" (the stock amdgpu driver).  Unset or empty: kmod if /dev/barehip0
 * exists, else kfd if /dev/kfd has a GPU this barehip runs, else sim.  NULL with
 * @err filled if that backend is not built in or the name is bad.
 */
struct bh_platform *bh_platform_new(struct bh_error *err);
/*
 * How many devices that backend offers (the kfd backend: every visible
 * GPU; sim and kmod: one), at least 1: when it has none, device 0's
 * bring-up says why.
 */
unsigned bh_platform_count(void);
/* Device @index (< bh_platform_count()) of that backend; as above. */
struct bh_platform *bh_platform_new_index(unsigned index, struct bh_error *err);
/* Give @p pthread mutexes (loader/platform/lock.c) unless it has its own:
 * the loader core is then safe from several host threads. */
void bh_platform_install_locks(struct bh_platform *p);
/* Delete what bh_platform_new made (after bh_device_close). */
void bh_platform_delete(struct bh_platform *p);

#ifdef __cplusplus
}
#endif
#endif
