/* SPDX-License-Identifier: MIT */
/*
 * barehip-kfdsim: a fake amdkfd backed by the sim board's GPU model, in
 * the process that uses it.  A program sees /dev/kfd, the render nodes
 * /dev/dri/renderD128.. and the KFD topology in sysfs as on a machine
 * with N AMD GPUs and amdgpu loaded.  Two ways in:
 *   - preload.c: an LD_PRELOAD library (and the wrapper command
 *     build/bin/barehip-kfdsim) interposing the C library's file, ioctl
 *     and mmap calls, for any dynamically linked program (rocminfo,
 *     libhsakmt, ROCr);
 *   - sys.c: bh_kfd_sys_override (loader/include/bh/kfd-sys.h), linked
 *     into a static barehip program by `barehip-cc --kfdsim`.
 * Both call only the functions below.  The ioctls follow amdkfd
 * (kfd_chardev.c, kfd_queue.c, kfd_events.c): the same argument checks
 * and errnos, the same process model, the same mmap offset encoding.
 *
 * Configuration comes from the environment, read once at kfdsim_init:
 *   BAREHIP_KFDSIM_GFX   gfx90a (default) or gfx942: every GPU's target
 *   BAREHIP_KFDSIM_GPUS  how many GPUs (1..8, default 1)
 *   BAREHIP_KFDSIM_GWS   64 (default) or 0: the global wave sync
 *                        resources each GPU has (0: as amdgpu without
 *                        HWS GWS support, ALLOC_QUEUE_GWS is ENODEV)
 * Files: core.c (configuration, the fds, the process), topology.c (the
 * sysfs tree), kfd.c (the /dev/kfd ioctls and the mmaps), memory.c (the
 * buffer objects), queue.c (the queues), event.c (the events), board.c
 * (the model behind each GPU, run by a board thread), sys.c
 * (bh_kfd_sys_override); internal.h holds what they share.
 * A program linking libbarehip-kfdsim.a for sys.c must name
 * bh_kfd_sys_override undefined (-Wl,--undefined=bh_kfd_sys_override):
 * kfd-sys.h's weak reference alone pulls nothing from an archive.
 */
#ifndef BH_KFDSIM_H
#define BH_KFDSIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define KFDSIM_MAX_GPUS 8
#define KFDSIM_FIRST_RENDER_MINOR 128

/* One simulated GPU as the topology and the ioctls both describe it. */
struct kfdsim_gpu {
	unsigned node;			/* topology node (0 is the CPU) */
	uint32_t gpu_id;		/* nodes/N/gpu_id, non-zero */
	unsigned render_minor;		/* /dev/dri/renderD<minor> */
	const struct bh_sim_target *target;	/* the model's row (sim.h) */
	unsigned num_cus;
	uint64_t vram_size;		/* bytes the mem bank reports */
	uint64_t gtt_size;		/* system memory the GPU may map */
	uint16_t pci_domain;
	uint8_t pci_bus, pci_device, pci_function;
	uint32_t device_id;		/* PCI device id (0x740f MI210, 0x74a1 MI300X) */
	unsigned num_gws;		/* GWS resources (topology num_gws), 0 or 64 */
};

/*
 * Sets the fake up on first call (later calls return the first result):
 * reads the environment, builds the GPUs and writes the sysfs tree into a
 * private directory removed at exit.  0, or -1 with the reason in @why
 * (256 bytes) and on stderr.  Thread-safe.
 */
int kfdsim_init(char *why);

/* The GPUs (after kfdsim_init). */
unsigned kfdsim_gpu_count(void);
const struct kfdsim_gpu *kfdsim_gpu(unsigned i);
/* HDP flush requests this process made on GPU @i (through the MMIO remap
 * page) that the board has seen: at least 1 after any, 0 if none. */
uint64_t kfdsim_hdp_flushes(unsigned i);

/*
 * Paths.  kfdsim_sysfs_path: for a path inside the faked sysfs
 * (/sys/devices/virtual/kfd/..., /sys/class/kfd/..., /sys/class/drm/
 * renderD*, the render nodes' PCI device directories), the same path in
 * the private tree, in @buf; NULL for any other path (also relative ones,
 * and ones under the real /sys the fake does not replace).
 * kfdsim_is_device: /dev/kfd or /dev/dri/renderD<minor> of a fake GPU.
 */
const char *kfdsim_sysfs_path(const char *path, char *buf, size_t size);
bool kfdsim_is_device(const char *path);

/*
 * File descriptors of the fake devices are real descriptors (of an
 * anonymous file), so the kernel never hands their numbers to anything
 * else; the fake keeps what each one is.
 */
int kfdsim_open(const char *path, int flags);		/* fd, or -1 + errno */
bool kfdsim_owns(int fd);
int kfdsim_close(int fd);				/* 0, or -1 + errno */
int kfdsim_ioctl(int fd, unsigned long request, void *arg);	/* as ioctl(2) */
/* mmap of a fake device fd (/dev/kfd: doorbells and events; render node:
 * buffer objects).  MAP_FAILED + errno as mmap(2). */
void *kfdsim_mmap(void *addr, size_t len, int prot, int flags, int fd, off_t offset);
/* Tells the fake a range is being unmapped (before the real munmap). */
void kfdsim_munmap_notify(void *addr, size_t len);

/* topology.c: write the sysfs tree for @gpus under @root.  0 or -1 + @why. */
int kfdsim_topology_write(const char *root, const struct kfdsim_gpu *gpus, unsigned n,
			  char *why);

#ifdef __cplusplus
}
#endif
#endif /* BH_KFDSIM_H */
