/* SPDX-License-Identifier: (GPL-2.0 WITH Linux-syscall-note) OR MIT */
/*
 * barehip.ko user API: what /dev/barehipN offers a user-mode GPU driver
 * (the loader's kmod backend), and the layout header the sim board puts
 * at the start of its shared BAR.  Shared by the module, the loader, the
 * sim board's server and the tests.
 *
 * Versioning: every ioctl argument starts with __u32 argsz, the size of
 * the struct as the caller knows it.  The module accepts any argsz from
 * the first version's size up; bytes it does not know must be zero
 * (-EINVAL otherwise), and it writes back at most argsz bytes.  Fields
 * are only ever appended.  The ioctl number's size bits are ignored, so
 * an old binary keeps working when a struct grows.
 *
 * mmap: the register, doorbell and VRAM windows and each DMA buffer are
 * mapped MAP_SHARED at the offsets the module returns (struct
 * barehip_info, struct barehip_dma_alloc); a mapping must lie inside its
 * window or buffer.
 *
 * Pinning (BAREHIP_IOC_PIN; a module from before it answers ENOTTY): the
 * caller's own pages, held in RAM and mapped for the device,
 * their bus addresses returned page by page, until BAREHIP_IOC_UNPIN or
 * close.  They count against the same per-device limit as DMA buffers.
 */
#ifndef _UAPI_BAREHIP_H
#define _UAPI_BAREHIP_H

#if defined(__linux__) || defined(__KERNEL__)
#include <linux/ioctl.h>
#include <linux/types.h>
#else
/* A board with no operating system (the loader's pci backend reads the
 * sim board header only; the ioctls are Linux's). */
#include <stdint.h>
typedef uint16_t __u16;
typedef uint32_t __u32;
typedef uint64_t __u64;
typedef uint32_t __le32;
typedef uint64_t __le64;
#endif

#define BAREHIP_UAPI_VERSION	1

/* ------------------------------------------------------------------ */
/* The sim board: a header at offset 0 of the ivshmem shared BAR (BAR2). */

#define BAREHIP_SIM_MAGIC	0x4d495342	/* "BSIM" in memory order */
#define BAREHIP_SIM_VERSION	1
#define BAREHIP_TARGET_LEN	16

/*
 * All little-endian.  Windows are page aligned, whole pages, inside the
 * BAR, clear of the header page and of each other; the module refuses
 * to bind a BAR whose header breaks any of that.
 */
struct barehip_sim_header {
	__le32 magic;		/* BAREHIP_SIM_MAGIC */
	__le32 version;		/* BAREHIP_SIM_VERSION */
	__le32 header_size;	/* sizeof(struct barehip_sim_header) or more */
	__le32 flags;		/* none defined: 0 */
	__le32 model_peer;	/* ivshmem peer id of the GPU model */
	__le32 model_vectors;	/* doorbell vectors the model listens on */
	char target[BAREHIP_TARGET_LEN];	/* "gfx90a", NUL-terminated */
	__le64 regs_offset;	/* the board's register window */
	__le64 regs_size;
	__le64 doorbell_offset;	/* the doorbell page(s) */
	__le64 doorbell_size;
	__le64 vram_offset;	/* VRAM */
	__le64 vram_size;
};

/* ------------------------------------------------------------------ */
/* /dev/barehipN */

#define BAREHIP_BOARD_AMD	1	/* VRAM BAR0, doorbells BAR2, registers BAR5 */
#define BAREHIP_BOARD_SIM	2	/* the sim board behind ivshmem */

#define BAREHIP_IRQ_NONE	0
#define BAREHIP_IRQ_INTX	1
#define BAREHIP_IRQ_MSI		2
#define BAREHIP_IRQ_MSIX	3

#define BAREHIP_MAX_VECTORS	32

/* A window the caller can mmap: @size bytes at file offset @mmap_offset. */
struct barehip_window {
	__u64 mmap_offset;
	__u64 size;		/* 0: the board has no such window */
};

struct barehip_info {
	__u32 argsz;
	__u32 board;		/* BAREHIP_BOARD_* */
	__u16 vendor;
	__u16 device;
	__u16 subsystem_vendor;
	__u16 subsystem_device;
	__u32 pci_class;	/* 0xBBSSPP: base class, subclass, prog-if */
	__u32 pci_revision;
	__u32 pci_domain;
	__u32 pci_bus;
	__u32 pci_devfn;
	__u32 irq_mode;		/* BAREHIP_IRQ_* */
	__u32 irq_vectors;	/* vectors delivering interrupts */
	__u32 signature;	/* sim: BAREHIP_SIM_MAGIC; AMD: 0 */
	__u32 board_version;	/* sim: the header's version; AMD: 0 */
	__u32 flags;		/* none defined: 0 */
	char target[BAREHIP_TARGET_LEN];	/* "gfx90a", or "" if unknown */
	__u64 bar_size[6];
	struct barehip_window regs;
	struct barehip_window doorbell;
	struct barehip_window vram;
	__u32 model_vectors;	/* sim: vectors BAREHIP_IOC_NOTIFY may ring */
	__u32 dma_bits;		/* bus address width of DMA buffers */
	__u64 dma_max_size;	/* largest single DMA buffer, bytes */
};

/* A DMA-coherent buffer owned by the open file that allocated it. */
struct barehip_dma_alloc {
	__u32 argsz;
	__u32 flags;		/* none defined: 0 */
	__u64 length;		/* in: bytes; out: rounded up to pages */
	__u32 handle;		/* out: names the buffer in this open file */
	__u32 reserved;		/* 0 */
	__u64 bus_addr;		/* out: the address the device uses */
	__u64 mmap_offset;	/* out: map it here */
};

struct barehip_dma_free {
	__u32 argsz;
	__u32 handle;
};

/*
 * Sleep until interrupt counter @vector (or the total, for
 * BAREHIP_VECTOR_ANY) differs from @count, or @timeout_ns passes
 * (-ETIMEDOUT; 0 does not sleep).  @count returns the counter.
 */
#define BAREHIP_VECTOR_ANY	0xffffffffu
struct barehip_wait_irq {
	__u32 argsz;
	__u32 flags;		/* none defined: 0 */
	__u32 vector;
	__u32 reserved;		/* 0 */
	__u64 count;		/* in: last seen; out: now */
	__u64 timeout_ns;
};

/* Sim board: ring the model's doorbell vector @vector (< model_vectors). */
struct barehip_notify {
	__u32 argsz;
	__u32 vector;
};

/*
 * read() on /dev/barehipN blocks (unless O_NONBLOCK) until an interrupt
 * arrives that this open file has not yet read, then returns one event.
 * poll() reports POLLIN while there is one.
 */
struct barehip_irq_event {
	__u64 count;		/* interrupts since the device was bound */
	__u32 vectors;		/* bit v: vector v fired since the last read */
	__u32 reserved;
};

/*
 * Pin the caller's pages [addr, addr + length) (page aligned, whole
 * pages, at most BAREHIP_PIN_MAX_SIZE, mapped writable in the calling
 * process) and map them for the device.  The bus address of page i is
 * written to ((__u64 *)bus_addrs)[i], an array of length / page size
 * entries.  The pages stay pinned until BAREHIP_IOC_UNPIN of @handle or
 * close (which, like freeing DMA buffers at close, first resets the
 * board).  Errors: EINVAL (flags, reserved, length 0, unaligned, too
 * long, wraps), EFAULT (a page not mapped, or not writable; bus_addrs
 * not writable), ENOMEM (the device's dma_max_mb limit, no memory, no
 * handle left), ENODEV (device gone).
 */
#define BAREHIP_PIN_MAX_SIZE	(1ULL << 28)
struct barehip_pin {
	__u32 argsz;
	__u32 flags;		/* none defined: 0 */
	__u64 addr;		/* in: user address, page aligned */
	__u64 length;		/* in: bytes, whole pages */
	__u64 bus_addrs;	/* in: user pointer to __u64[length / page size] */
	__u32 handle;		/* out: names the pinned range in this open file */
	__u32 reserved;		/* 0 */
};

struct barehip_unpin {
	__u32 argsz;
	__u32 handle;
};

#define BAREHIP_IOC_MAGIC	0xBE
#define BAREHIP_IOC_INFO	_IOWR(BAREHIP_IOC_MAGIC, 0x00, struct barehip_info)
#define BAREHIP_IOC_DMA_ALLOC	_IOWR(BAREHIP_IOC_MAGIC, 0x01, struct barehip_dma_alloc)
#define BAREHIP_IOC_DMA_FREE	_IOW(BAREHIP_IOC_MAGIC, 0x02, struct barehip_dma_free)
#define BAREHIP_IOC_WAIT_IRQ	_IOWR(BAREHIP_IOC_MAGIC, 0x03, struct barehip_wait_irq)
#define BAREHIP_IOC_NOTIFY	_IOW(BAREHIP_IOC_MAGIC, 0x04, struct barehip_notify)
#define BAREHIP_IOC_PIN		_IOWR(BAREHIP_IOC_MAGIC, 0x05, struct barehip_pin)
#define BAREHIP_IOC_UNPIN	_IOW(BAREHIP_IOC_MAGIC, 0x06, struct barehip_unpin)

#endif /* _UAPI_BAREHIP_H */
