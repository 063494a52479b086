// SPDX-License-Identifier: MIT
/*
 * The kmod backend: a board behind barehip.ko's /dev/barehipN
 * (kmod/uapi/barehip.h).  The module maps the board's windows and DMA
 * buffers and forwards its interrupts; everything above that — address
 * management, the GART, queue setup, doorbells, faults — happens here,
 * in user space, through the board's registers.
 *
 * The board it drives today is the sim board as a PCI function
 * (barehip-sim behind QEMU's ivshmem; boards/sim/server-regs.h has its
 * registers).  The loader core on top is the same as with the
 * in-process sim backend, line for line: only this file differs.
 *
 * Memory: VRAM is the board's VRAM window, mapped once; an allocation's
 * CPU pointer is its place in that window.  Host memory the GPU reaches
 * (BH_MEM_HOST, BH_MEM_SHARED) is DMA-coherent buffers of the module,
 * mapped into this process at the very address the GART maps them at
 * for the GPU, so one pointer works on both sides.  The guest kernel
 * gives physically contiguous buffers of a few MiB at most (no CMA in
 * Debian's kernel), so a larger allocation is several buffers mapped
 * back to back, one GART entry each.
 *
 * hipHostRegister: the program's own pages, pinned by the module
 * (BAREHIP_IOC_PIN), which returns each page's bus address; they are
 * mapped into the GART at an address of its aperture, one GART entry
 * per run of pages contiguous on the bus.  The GPU reaches them there,
 * not at their CPU address (the GART aperture is the board's): the
 * runtime hands out that address as the device pointer.
 *
 * A board that does not answer a command may still map what the command
 * was to unmap: such buffers are parked (see free_chunks), never freed
 * here, and the board is taken as lost from then on; so are pinned
 * ranges (release_reg), never unpinned here.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/mman.h>

#include <bh/backends.h>
#include "../core/range.h"
#include "../../kmod/uapi/barehip.h"
#include "simboard.h"

#define KMOD_DEFAULT_NODE	"/dev/barehip0"
#define KMOD_PAGE		4096ull
/* A board command is a doorbell and an interrupt: microseconds, unless
 * the board's CP is busy with a long dispatch (it serves one at a time).
 * BAREHIP_KMOD_CMD_TIMEOUT_MS overrides it (tests of a board that stops
 * answering need not wait a minute). */
#define KMOD_CMD_TIMEOUT_NS	(60ull * 1000000000ull)
/* The largest DMA buffer tried first: what the guest's page allocator
 * gives contiguously (MAX_ORDER); smaller ones after ENOMEM. */
#define KMOD_CHUNK_MAX		(4ull << 20)
#define KMOD_CHUNK_MIN		(64ull << 10)
/* While a queue waits on memory (WAIT_REG_MEM), wake this often so the
 * loader core can kick it, as the in-process board does. */
#define KMOD_STALL_POLL_NS	1000000ull

struct kmod_chunk {
	uint32_t handle;
	uint64_t offset, size;		/* within the allocation */
};

/*
 * A host allocation: DMA buffers mapped back to back at @va.  A parked
 * one (on kmod_platform.parked) keeps only the chunks the board may
 * still map, and its GART range stays reserved.
 */
struct kmod_alloc {
	struct kmod_alloc *next;
	uint64_t va, size;
	unsigned nchunks;
	struct kmod_chunk chunk[];
};

/*
 * A registered range: @size bytes of the program's pages at @host,
 * pinned in pieces (@pins, the module's handles) and mapped into the
 * GART at @va, run by run (@runs: each GART entry's offset).  A parked
 * one (on kmod_platform.parked_regs) keeps its pins and its GART range.
 */
struct kmod_reg {
	struct kmod_reg *next;
	uint64_t va, size, host;
	unsigned npins, nruns;
	uint32_t *pins;
	uint64_t *runs;
};

struct kmod_platform {
	struct bh_platform ops;
	char node[64];
	int fd;
	struct barehip_info info;
	struct bh_simboard sb;		/* the registers, doorbells, commands */
	uint8_t *vram;
	struct bh_range vram_range, gart;
	struct kmod_alloc *allocs;
	struct kmod_alloc *parked;	/* the board may map them: never freed here */
	unsigned parked_chunks;
	uint64_t parked_bytes;
	struct kmod_reg *registered;	/* hipHostRegister */
	struct kmod_reg *parked_regs;	/* the board may map them: never unpinned here */
	unsigned parked_pins;
	/* A lost board (sb.lost): barehip.ko resets it when the file is closed. */
	uint64_t cmd_irqs, queue_irqs;	/* interrupt counters last seen */
	uint64_t chunk_max;
	/*
	 * BAREHIP_KMOD_STATS: doorbells, interrupt wake-ups, and the time
	 * from the latest doorbell to the interrupt that ended a sleep (the
	 * round trip for short work; for a long kernel, its run time).
	 */
	uint64_t doorbell_at, doorbells, interrupts, samples, lat_sum, lat_min, lat_max;
};

static struct kmod_platform *to_kmod(struct bh_platform *p)
{
	return (struct kmod_platform *)p;
}

static uint64_t kmod_now_ns(struct bh_platform *p)
{
	struct timespec ts;

	(void)p;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static void *grow(void *old, size_t bytes)
{
	if (!bytes) {
		free(old);
		return NULL;
	}
	return realloc(old, bytes);
}

static void kmod_log(struct bh_platform *p, const char *line)
{
	(void)p;
	fprintf(stderr, "barehip: %s\n", line);
}

/* Why an allocation failed: the core only says that it did. */
static void kmod_logf(struct kmod_platform *kp, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static void kmod_logf(struct kmod_platform *kp, const char *fmt, ...)
{
	char line[BH_ERROR_MAX];
	int n = snprintf(line, sizeof(line), "%s: ", kp->node);
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
	va_end(ap);
	kmod_log(&kp->ops, line);
}

static int fail(struct bh_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static int fail(struct bh_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}

/* ------------------------------------------------------------ the module */

/* Wait until interrupt counter @vector moves from *@seen; 0 or -errno. */
static int wait_irq(struct kmod_platform *kp, uint32_t vector, uint64_t *seen,
		    uint64_t timeout_ns)
{
	struct barehip_wait_irq w = {
		.argsz = sizeof(w), .vector = vector, .count = *seen, .timeout_ns = timeout_ns,
	};

	if (ioctl(kp->fd, BAREHIP_IOC_WAIT_IRQ, &w))
		return -errno;
	*seen = w.count;
	return 0;
}

/* The counter's value now (no wait: it differs from ~0). */
static uint64_t irq_count(struct kmod_platform *kp, uint32_t vector)
{
	uint64_t c = ~0ull;

	return wait_irq(kp, vector, &c, 0) ? 0 : c;
}

static int notify(struct kmod_platform *kp, uint32_t vector)
{
	struct barehip_notify n = { .argsz = sizeof(n), .vector = vector };

	return ioctl(kp->fd, BAREHIP_IOC_NOTIFY, &n) ? -errno : 0;
}

/* ------------------------------------------------------------- the board */

/* What became of a board command (board_cmd's return value). */
enum {
	CMD_DONE = BH_SIMBOARD_DONE,
	CMD_REFUSED = BH_SIMBOARD_REFUSED,
	CMD_NO_ANSWER = BH_SIMBOARD_NO_ANSWER,
	CMD_NOT_SENT = BH_SIMBOARD_NOT_SENT,
};

static int board_cmd(struct kmod_platform *kp, uint32_t cmd, uint64_t a0, uint64_t a1,
		     uint64_t a2, uint64_t a3, char *why, size_t len)
{
	return bh_simboard_cmd(&kp->sb, cmd, a0, a1, a2, a3, why, len);
}

/* The transport under the board's registers: barehip.ko's ioctls. */
static int sb_ring(void *ctx, uint32_t vector)
{
	return notify(ctx, vector);
}

static int sb_wait(void *ctx, uint32_t vector, uint64_t timeout_ns)
{
	struct kmod_platform *kp = ctx;
	int ret = wait_irq(kp, vector, vector == BHSIM_VECTOR_CMD ? &kp->cmd_irqs :
							       &kp->queue_irqs, timeout_ns);

	/* A signal or the timeout: look again (the caller owns the deadline). */
	return ret == -EINTR || ret == -ETIMEDOUT ? 0 : ret;
}

static uint64_t sb_now_ns(void *ctx)
{
	return kmod_now_ns(ctx);
}

static void sb_log(void *ctx, const char *line)
{
	kmod_log(ctx, line);
}

/* The command timeout: BAREHIP_KMOD_CMD_TIMEOUT_MS, else KMOD_CMD_TIMEOUT_NS. */
static int cmd_timeout(struct kmod_platform *kp, struct bh_error *err)
{
	return bh_simboard_set_timeout(&kp->sb, "kmod backend", "BAREHIP_KMOD_CMD_TIMEOUT_MS", KMOD_CMD_TIMEOUT_NS, err);
}

/* ------------------------------------------------------ registered memory */

static void free_reg(struct kmod_reg *r)
{
	free(r->pins);
	free(r->runs);
	free(r);
}

/*
 * Unregister: the GPU lets go first (a GART unmap per run), then the
 * module unpins.  If an unmap got no answer, or was not sent to a lost
 * board, the board may still map the pages: the pins are kept (closing
 * the node unpins them once barehip.ko has reset the board) and so is
 * the GART range, as free_chunks does with DMA buffers.
 */
static void release_reg(struct kmod_platform *kp, struct kmod_reg *r)
{
	bool may_map = false, lost = false;
	uint64_t lost_va = 0;
	char why[256];

	for (unsigned i = 0; i < r->nruns; i++) {
		uint64_t va = r->va + r->runs[i];
		int ret = board_cmd(kp, BHSIM_CMD_GART_UNMAP, va, 0, 0, 0, why, sizeof(why));

		if (ret == CMD_REFUSED)
			kmod_logf(kp, "%s", why);	/* it holds nothing there */
		if (ret == CMD_NO_ANSWER && !lost) {
			lost = true;
			lost_va = va;
		}
		may_map |= ret == CMD_NO_ANSWER || ret == CMD_NOT_SENT;
	}
	if (may_map) {
		if (lost)
			kmod_logf(kp, "GART unmap of 0x%llx: %s: the board may still map the "
				  "registered host memory at 0x%llx (%llu bytes), so its pages stay "
				  "pinned, its GPU address not reused, until barehip.ko has reset "
				  "the board (at close)", (unsigned long long)lost_va, kp->sb.lost_cause,
				  (unsigned long long)r->host, (unsigned long long)r->size);
		kp->parked_pins += r->npins;
		r->next = kp->parked_regs;
		kp->parked_regs = r;
		return;
	}
	for (unsigned i = 0; i < r->npins; i++) {
		struct barehip_unpin u = { .argsz = sizeof(u), .handle = r->pins[i] };

		if (ioctl(kp->fd, BAREHIP_IOC_UNPIN, &u))
			kmod_logf(kp, "unpinning handle %u: %s", u.handle, strerror(errno));
	}
	bh_range_free(&kp->gart, r->va);
	free_reg(r);
}

/*
 * Pin [@r->host + @off, + @len) and map it at @r->va + @off, a GART
 * entry per run of pages contiguous on the bus.  0, or -1 with errno
 * (the cause logged); what was pinned and mapped stays in @r.
 */
static int pin_and_map(struct kmod_platform *kp, struct kmod_reg *r, uint64_t off, uint64_t len,
		       uint64_t *bus)
{
	struct barehip_pin pin = {
		.argsz = sizeof(pin), .addr = r->host + off, .length = len,
		.bus_addrs = (uint64_t)(uintptr_t)bus,
	};
	uint64_t npages = len / KMOD_PAGE;
	char why[256];
	int e;

	if (ioctl(kp->fd, BAREHIP_IOC_PIN, &pin)) {
		e = errno;
		kmod_logf(kp, "pinning %llu bytes at 0x%llx: %s%s",
			  (unsigned long long)len, (unsigned long long)pin.addr, strerror(e),
			  e == EFAULT ? " (not mapped, or not writable, in this process)" :
			  e == ENOMEM ? " (out of memory, or barehip.ko's dma_max_mb limit)" : "");
		errno = e;
		return -1;
	}
	r->pins[r->npins++] = pin.handle;
	for (uint64_t i = 0, j; i < npages; i = j) {
		uint64_t va = r->va + off + i * KMOD_PAGE;
		int ret;

		for (j = i + 1; j < npages && bus[j] == bus[j - 1] + KMOD_PAGE; j++)
			;
		ret = board_cmd(kp, BHSIM_CMD_GART_MAP, va, bus[i], (j - i) * KMOD_PAGE, 0, why,
				sizeof(why));
		/* Unanswered, the map may have happened: release_reg parks it. */
		if (ret == CMD_DONE || ret == CMD_NO_ANSWER)
			r->runs[r->nruns++] = off + i * KMOD_PAGE;
		if (ret) {
			kmod_logf(kp, "cannot map the registered page(s) at 0x%llx "
				  "(%llu bytes) for the GPU: %s", (unsigned long long)
				  (r->host + off + i * KMOD_PAGE),
				  (unsigned long long)((j - i) * KMOD_PAGE), why);
			errno = EIO;
			return -1;
		}
	}
	return 0;
}

/*
 * hipHostRegister: the program's pages [@host, @host + @size) (page
 * aligned, as the core passes them), pinned and mapped at a GART
 * address, which becomes the memory's GPU address; the CPU pointer
 * stays the program's own.
 */
static int kmod_mem_register(struct bh_platform *p, void *host, uint64_t size, struct bh_mem *out)
{
	struct kmod_platform *kp = to_kmod(p);
	uint64_t npages = size / KMOD_PAGE, piece_pages = BAREHIP_PIN_MAX_SIZE / KMOD_PAGE;
	uint64_t npieces = (npages + piece_pages - 1) / piece_pages;
	struct kmod_reg *r = calloc(1, sizeof(*r));
	uint64_t *bus = NULL;
	int e = ENOMEM;

	if (r) {
		r->pins = calloc(npieces, sizeof(*r->pins));
		r->runs = calloc(npages, sizeof(*r->runs));
		bus = calloc(npages < piece_pages ? npages : piece_pages, sizeof(*bus));
	}
	if (!r || !r->pins || !r->runs || !bus) {
		kmod_logf(kp, "registering %llu bytes at %p: out of host memory",
			  (unsigned long long)size, host);
		goto err_free;
	}
	r->host = (uint64_t)(uintptr_t)host;
	r->size = size;
	if (bh_range_alloc(&kp->gart, size, KMOD_PAGE, &r->va)) {
		kmod_logf(kp, "registering %llu bytes at %p: the GART aperture has "
			  "no room for them", (unsigned long long)size, host);
		goto err_free;
	}
	for (uint64_t off = 0; off < size; off += BAREHIP_PIN_MAX_SIZE) {
		uint64_t len = size - off < BAREHIP_PIN_MAX_SIZE ? size - off :
								    BAREHIP_PIN_MAX_SIZE;

		if (pin_and_map(kp, r, off, len, bus)) {
			e = errno;
			release_reg(kp, r);	/* unmaps and unpins what was done */
			free(bus);
			errno = e;
			return -1;
		}
	}
	free(bus);
	r->next = kp->registered;
	kp->registered = r;
	out->cpu = host;
	out->gpu_va = r->va;
	out->size = size;
	out->domain = BH_MEM_HOST;
	return 0;

err_free:
	if (r)
		free_reg(r);
	free(bus);
	errno = e;
	return -1;
}

/* ------------------------------------------------------------ open/close */

static void *map_window(struct kmod_platform *kp, const struct barehip_window *w)
{
	void *p = mmap(NULL, w->size, PROT_READ | PROT_WRITE, MAP_SHARED, kp->fd,
		       (off_t)w->mmap_offset);

	return p == MAP_FAILED ? NULL : p;
}

static int check_board(struct kmod_platform *kp, struct bh_error *err)
{
	const struct barehip_info *in = &kp->info;

	if (in->board != BAREHIP_BOARD_SIM)
		return fail(err, BH_ENOTSUP, "kmod backend: %s is an AMD GPU (%04x:%04x); this "
			    "backend drives the sim board only so far", kp->node, in->vendor,
			    in->device);
	if (in->model_vectors < BHSIM_VECTORS || in->irq_mode != BAREHIP_IRQ_MSIX ||
	    in->irq_vectors < BHSIM_VECTORS)
		return fail(err, BH_ENODEV, "kmod backend: %s has %u doorbell and %u interrupt "
			    "vectors (irq mode %u); the sim board needs %u of each, MSI-X", kp->node,
			    in->model_vectors, in->irq_vectors, in->irq_mode, BHSIM_VECTORS);
	if (in->regs.size < sizeof(struct bhsim_regs) ||
	    in->doorbell.size < BHSIM_MAX_QUEUES * 8 || !in->vram.size)
		return fail(err, BH_ENODEV, "kmod backend: %s: the board's windows are too small "
			    "(registers %llu, doorbells %llu, VRAM %llu bytes)", kp->node,
			    (unsigned long long)in->regs.size,
			    (unsigned long long)in->doorbell.size,
			    (unsigned long long)in->vram.size);
	return 0;
}

static int map_board(struct kmod_platform *kp, struct bh_error *err)
{
	kp->sb.regs = map_window(kp, &kp->info.regs);
	kp->sb.doorbell = map_window(kp, &kp->info.doorbell);
	kp->vram = map_window(kp, &kp->info.vram);
	if (!kp->sb.regs || !kp->sb.doorbell || !kp->vram)
		return fail(err, BH_ENODEV, "kmod backend: cannot map the windows of %s: %s",
			    kp->node, strerror(errno));
	return bh_simboard_check(&kp->sb, "kmod backend", kp->info.target, kp->info.vram.size,
				 err);
}

static void fill_info(struct kmod_platform *kp, struct bh_device_info *info)
{
	bh_simboard_fill_info(&kp->sb, info);
	info->pci_domain = (uint16_t)kp->info.pci_domain;
	info->pci_bus = (uint8_t)kp->info.pci_bus;
	info->pci_device = (uint8_t)(kp->info.pci_devfn >> 3);
	info->pci_function = (uint8_t)(kp->info.pci_devfn & 7);
}

static void unmap_board(struct kmod_platform *kp)
{
	if (kp->sb.regs)
		munmap(kp->sb.regs, kp->info.regs.size);
	if (kp->sb.doorbell)
		munmap(kp->sb.doorbell, kp->info.doorbell.size);
	if (kp->vram)
		munmap(kp->vram, kp->info.vram.size);
	kp->sb.regs = NULL;
	kp->sb.doorbell = NULL;
	kp->vram = NULL;
	if (kp->fd >= 0)
		close(kp->fd);	/* the module frees what DMA memory is left */
	kp->fd = -1;
}

static int kmod_open(struct bh_platform *p, struct bh_device_info *info, struct bh_error *err)
{
	struct kmod_platform *kp = to_kmod(p);
	char why[256];
	int ret;

	kp->fd = open(kp->node, O_RDWR | O_CLOEXEC);
	if (kp->fd < 0)
		return fail(err, BH_ENODEV, "kmod backend: cannot open %s: %s%s", kp->node,
			    strerror(errno), errno == ENOENT ? " (is barehip.ko loaded? "
			    "docs/kmod.md)" : errno == EACCES ? " (the node belongs to the "
			    "video group)" : "");
	/* The board holds one process's mappings and queues at a time. */
	if (flock(kp->fd, LOCK_EX | LOCK_NB)) {
		ret = fail(err, BH_EBUSY, "kmod backend: %s is in use by another process: %s",
			   kp->node, strerror(errno));
		goto out;
	}
	kp->info.argsz = sizeof(kp->info);
	if (ioctl(kp->fd, BAREHIP_IOC_INFO, &kp->info)) {
		ret = fail(err, BH_ENODEV, "kmod backend: %s: device info: %s", kp->node,
			   strerror(errno));
		goto out;
	}
	/*
	 * Whether the module pins user memory (hipHostRegister): handle 0 is
	 * never valid (EINVAL); a module from before BAREHIP_IOC_PIN does not
	 * know the command (ENOTTY), and the board then reports that it
	 * cannot register (hipDeviceAttributeHostRegisterSupported 0).
	 */
	{
		struct barehip_unpin u = { .argsz = sizeof(u) };

		kp->ops.mem_register = ioctl(kp->fd, BAREHIP_IOC_UNPIN, &u) && errno == ENOTTY ?
				       NULL : kmod_mem_register;
	}
	ret = cmd_timeout(kp, err);
	if (!ret)
		ret = check_board(kp, err);
	if (!ret)
		ret = map_board(kp, err);
	if (ret)
		goto out;

	kp->cmd_irqs = irq_count(kp, BHSIM_VECTOR_CMD);
	kp->queue_irqs = irq_count(kp, BHSIM_VECTOR_QUEUE);
	if (board_cmd(kp, BHSIM_CMD_RESET, ~0ull, 0, 0, 0, why, sizeof(why))) {
		ret = fail(err, BH_ENODEV, "kmod backend: %s: %s", kp->node, why);
		goto out;
	}
	/* Faults of an earlier process are not ours. */
	bh_simboard_ack_faults(&kp->sb);
	fill_info(kp, info);
	bh_range_init(&kp->vram_range, kp->sb.regs->vram_base, kp->sb.regs->vram_size, grow);
	bh_range_init(&kp->gart, kp->sb.regs->gart_base, kp->sb.regs->gart_size, grow);
	kp->chunk_max = KMOD_CHUNK_MAX;
	return 0;
out:
	unmap_board(kp);
	return ret;
}

static void print_stats(struct kmod_platform *kp)
{
	const char *stats = getenv("BAREHIP_KMOD_STATS");

	if (!stats || !*stats || !strcmp(stats, "0"))
		return;
	fprintf(stderr, "kmod stats: %s: %llu doorbells, %llu sleeps ended by an interrupt",
		kp->node, (unsigned long long)kp->doorbells, (unsigned long long)kp->interrupts);
	if (kp->samples)
		fprintf(stderr, "; doorbell to interrupt %.1f us mean, %.1f min, %.1f max over %llu",
			kp->lat_sum / 1e3 / (double)kp->samples, kp->lat_min / 1e3,
			kp->lat_max / 1e3, (unsigned long long)kp->samples);
	fprintf(stderr, "\n");
}

static void kmod_close(struct bh_platform *p)
{
	struct kmod_platform *kp = to_kmod(p);
	char why[256];

	print_stats(kp);
	/* Leave the board with no mapping of memory the module frees now. */
	if (kp->sb.regs && !kp->sb.lost &&
	    board_cmd(kp, BHSIM_CMD_RESET, ~0ull, 0, 0, 0, why, sizeof(why)))
		kmod_logf(kp, "at close: %s", why);
	/*
	 * A lost board may still map every buffer.  The module frees them
	 * once it has reset the board (on close, or at remove if that reset
	 * goes unanswered too): the handles are left to it, not freed here.
	 */
	if (kp->sb.lost)
		kmod_logf(kp, "at close: %s; the %u DMA buffers (%llu bytes) and %u pinned ranges "
			  "of registered memory it may still map, and the rest, are left to "
			  "barehip.ko to free after it resets the board", kp->sb.lost_why,
			  kp->parked_chunks, (unsigned long long)kp->parked_bytes, kp->parked_pins);
	for (int list = 0; list < 2; list++) {
		struct kmod_reg **head = list ? &kp->parked_regs : &kp->registered;

		/* The pages are the program's: only the bookkeeping goes
		 * (closing the node unpins them). */
		while (*head) {
			struct kmod_reg *r = *head;

			*head = r->next;
			free_reg(r);
		}
	}
	for (int list = 0; list < 2; list++) {
		struct kmod_alloc **head = list ? &kp->parked : &kp->allocs;

		while (*head) {
			struct kmod_alloc *a = *head;

			*head = a->next;
			/* A parked one's CPU mapping went at its free already:
			 * what sits there now is not ours. */
			if (list == 0)
				munmap((void *)(uintptr_t)a->va, a->size);
			free(a);
		}
	}
	unmap_board(kp);
	bh_range_fini(&kp->vram_range);
	bh_range_fini(&kp->gart);
}

/* ---------------------------------------------------------------- memory */

/*
 * Take a chunk's CPU mapping down and give its DMA buffer back, or, if
 * the board may still map it, only the CPU mapping: the handle keeps the
 * buffer until the module frees it after a board reset.  true if parked.
 */
static bool release_chunk(struct kmod_platform *kp, uint64_t va, uint32_t handle, uint64_t size,
			  bool board_may_map)
{
	struct barehip_dma_free f = { .argsz = sizeof(f), .handle = handle };

	munmap((void *)(uintptr_t)va, size);
	if (board_may_map) {
		kp->parked_chunks++;
		kp->parked_bytes += size;
		return true;
	}
	if (ioctl(kp->fd, BAREHIP_IOC_DMA_FREE, &f))
		kmod_logf(kp, "DMA free of handle %u: %s", handle, strerror(errno));
	return false;
}

/*
 * The GPU lets go first (GART unmap), then the CPU, then the module.  A
 * chunk the board unmapped, or refused to unmap (it holds nothing
 * there), is freed; one whose unmap got no answer, or was not sent to a
 * lost board, stays allocated: it is kept in @a, which the caller parks
 * with its GART range still reserved (a new buffer there would be
 * reached through the stale entry).  The allocation that lost the board
 * says so, once; later ones are parked quietly (kmod_close counts them).
 * Returns the number kept.
 */
static unsigned free_chunks(struct kmod_platform *kp, struct kmod_alloc *a)
{
	unsigned kept = 0;
	uint64_t kept_bytes = 0, lost_va = 0;
	bool lost = false;
	char why[256];

	for (unsigned i = 0; i < a->nchunks; i++) {
		const struct kmod_chunk c = a->chunk[i];
		uint64_t va = a->va + c.offset;
		int ret = board_cmd(kp, BHSIM_CMD_GART_UNMAP, va, 0, 0, 0, why, sizeof(why));

		if (ret == CMD_REFUSED)
			kmod_logf(kp, "%s", why);	/* it holds nothing there */
		if (ret == CMD_NO_ANSWER) {
			lost = true;
			lost_va = va;
		}
		if (release_chunk(kp, va, c.handle, c.size,
				  ret == CMD_NO_ANSWER || ret == CMD_NOT_SENT)) {
			a->chunk[kept++] = c;
			kept_bytes += c.size;
		}
	}
	a->nchunks = kept;
	if (lost)
		kmod_logf(kp, "GART unmap of 0x%llx: %s: the board may still map the host "
			  "allocation at 0x%llx (%llu bytes in %u DMA buffers), so it is kept, its "
			  "address not reused, until barehip.ko has reset the board (at close)",
			  (unsigned long long)lost_va, kp->sb.lost_cause, (unsigned long long)a->va,
			  (unsigned long long)kept_bytes, kept);
	return kept;
}

/* After free_chunks: free @a and its GART range, or park both. */
static void retire_alloc(struct kmod_platform *kp, struct kmod_alloc *a)
{
	if (a->nchunks) {
		a->next = kp->parked;
		kp->parked = a;
		return;
	}
	bh_range_free(&kp->gart, a->va);
	free(a);
}

/* One DMA buffer at @a->va + @off, mapped for the CPU and the GPU. */
static int add_chunk(struct kmod_platform *kp, struct kmod_alloc *a, uint64_t off,
		     uint64_t size)
{
	struct barehip_dma_alloc d = { .argsz = sizeof(d), .length = size };
	struct barehip_dma_free f = { .argsz = sizeof(f) };
	void *want = (void *)(uintptr_t)(a->va + off), *got;
	char why[256];
	int ret;

	if (ioctl(kp->fd, BAREHIP_IOC_DMA_ALLOC, &d))
		return -errno;
	f.handle = d.handle;
	got = mmap(want, d.length, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_FIXED_NOREPLACE,
		   kp->fd, (off_t)d.mmap_offset);
	if (got != want) {
		kmod_logf(kp, "cannot map a DMA buffer at 0x%llx: %s",
			  (unsigned long long)(a->va + off),
			  got == MAP_FAILED ? strerror(errno) : "the address is taken");
		if (got != MAP_FAILED)
			munmap(got, d.length);
		ioctl(kp->fd, BAREHIP_IOC_DMA_FREE, &f);
		return -EEXIST;
	}
	ret = board_cmd(kp, BHSIM_CMD_GART_MAP, a->va + off, d.bus_addr, d.length, 0, why,
			sizeof(why));
	if (ret) {
		kmod_logf(kp, "cannot map 0x%llx (%llu bytes) for the GPU: %s%s",
			  (unsigned long long)(a->va + off), (unsigned long long)d.length, why,
			  ret == CMD_NO_ANSWER ? "; the board may map it, so it is kept, its "
			  "address not reused, until barehip.ko has reset the board (at close)" :
			  "");
		/* Unanswered, the map may have happened: free_chunks parks it. */
		if (ret == CMD_NO_ANSWER)
			a->chunk[a->nchunks++] = (struct kmod_chunk){ d.handle, off, d.length };
		else
			release_chunk(kp, a->va + off, d.handle, d.length, false);
		return -EIO;
	}
	a->chunk[a->nchunks++] = (struct kmod_chunk){ d.handle, off, d.length };
	return 0;
}

static int alloc_host(struct kmod_platform *kp, uint64_t size, uint64_t align,
		      struct bh_mem *out)
{
	uint64_t max_chunks = (size + KMOD_CHUNK_MIN - 1) / KMOD_CHUNK_MIN;
	struct kmod_alloc *a = calloc(1, sizeof(*a) + max_chunks * sizeof(a->chunk[0]));
	uint64_t off = 0;

	if (!a)
		return -1;
	if (bh_range_alloc(&kp->gart, size, align, &a->va)) {
		kmod_logf(kp, "the GART aperture has no room for %llu bytes",
			  (unsigned long long)size);
		free(a);
		return -1;
	}
	a->size = size;
	while (off < size) {
		uint64_t len = size - off < kp->chunk_max ? size - off : kp->chunk_max;
		int ret = add_chunk(kp, a, off, len);

		/* Contiguous memory runs short: smaller buffers from now on. */
		if (ret == -ENOMEM && kp->chunk_max > KMOD_CHUNK_MIN) {
			kp->chunk_max /= 2;
			continue;
		}
		if (ret) {
			if (ret == -ENOMEM)
				kmod_logf(kp, "out of DMA memory after %llu of %llu bytes",
					  (unsigned long long)off, (unsigned long long)size);
			else if (ret != -EEXIST && ret != -EIO)
				kmod_logf(kp, "DMA allocation: %s", strerror(-ret));
			free_chunks(kp, a);
			retire_alloc(kp, a);
			return -1;
		}
		off += len;
	}
	a->next = kp->allocs;
	kp->allocs = a;
	out->cpu = (void *)(uintptr_t)a->va;
	out->gpu_va = a->va;
	return 0;
}

static int kmod_mem_alloc(struct bh_platform *p, uint64_t size, uint64_t align,
			  unsigned domain, struct bh_mem *out)
{
	struct kmod_platform *kp = to_kmod(p);
	uint64_t va;

	size = (size + KMOD_PAGE - 1) & ~(KMOD_PAGE - 1);
	if (domain == BH_MEM_VRAM) {
		if (bh_range_alloc(&kp->vram_range, size, align, &va))
			return -1;
		out->cpu = kp->vram + (va - kp->sb.regs->vram_base);
		out->gpu_va = va;
	} else if (alloc_host(kp, size, align, out)) {
		return -1;
	}
	out->size = size;
	out->domain = domain;
	return 0;
}

static void kmod_mem_free(struct bh_platform *p, struct bh_mem *mem)
{
	struct kmod_platform *kp = to_kmod(p);

	if (mem->domain == BH_MEM_VRAM) {
		bh_range_free(&kp->vram_range, mem->gpu_va);
		return;
	}
	for (struct kmod_reg **pr = &kp->registered; *pr; pr = &(*pr)->next) {
		struct kmod_reg *r = *pr;

		if (r->va != mem->gpu_va)
			continue;
		*pr = r->next;
		release_reg(kp, r);
		return;
	}
	for (struct kmod_alloc **pa = &kp->allocs; *pa; pa = &(*pa)->next) {
		struct kmod_alloc *a = *pa;

		if (a->va != mem->gpu_va)
			continue;
		*pa = a->next;
		free_chunks(kp, a);
		retire_alloc(kp, a);
		return;
	}
	kmod_logf(kp, "freeing 0x%llx, which is not a host allocation",
		  (unsigned long long)mem->gpu_va);
}

/* ---------------------------------------------------------------- queues */

static int kmod_queue_create(struct bh_platform *p, const struct bh_mem *ring,
			     uint64_t rptr_va, struct bh_error *err)
{
	return bh_simboard_queue_create(&to_kmod(p)->sb, ring, rptr_va, err);
}

static void kmod_queue_destroy(struct bh_platform *p, int qid)
{
	bh_simboard_queue_destroy(&to_kmod(p)->sb, qid);
}

static int kmod_queue_alloc_gws(struct bh_platform *p, int qid, struct bh_error *err)
{
	return bh_simboard_queue_alloc_gws(&to_kmod(p)->sb, qid, err);
}

static int kmod_queue_reset(struct bh_platform *p, int qid)
{
	return bh_simboard_queue_reset(&to_kmod(p)->sb, qid);
}

static void kmod_doorbell(struct bh_platform *p, int qid, uint64_t wptr)
{
	struct kmod_platform *kp = to_kmod(p);
	int ret = bh_simboard_doorbell(&kp->sb, qid, wptr);

	kp->doorbell_at = kmod_now_ns(p);
	kp->doorbells++;
	/* If this fails the fence never comes: the wait times out and says so. */
	if (ret)
		kmod_logf(kp, "doorbell of queue %d: %s", qid, strerror(-ret));
}

static int kmod_take_fault(struct bh_platform *p, int qid, struct bh_gpu_fault *out)
{
	return bh_simboard_take_fault(&to_kmod(p)->sb, qid, out);
}

static void kmod_wait_interrupt(struct bh_platform *p, uint64_t timeout_ns)
{
	struct kmod_platform *kp = to_kmod(p);
	uint64_t seen = kp->queue_irqs;

	if (timeout_ns > KMOD_STALL_POLL_NS && bh_simboard_stalled(&kp->sb))
		timeout_ns = KMOD_STALL_POLL_NS;
	/* A timeout, a signal or a gone device: the core looks again and
	 * keeps its own deadline. */
	if (wait_irq(kp, BHSIM_VECTOR_QUEUE, &seen, timeout_ns) || seen == kp->queue_irqs)
		return;
	kp->queue_irqs = seen;
	kp->interrupts++;
	if (kp->doorbell_at) {
		uint64_t lat = kmod_now_ns(p) - kp->doorbell_at;

		kp->lat_sum += lat;
		kp->lat_min = kp->samples && kp->lat_min < lat ? kp->lat_min : lat;
		kp->lat_max = kp->lat_max > lat ? kp->lat_max : lat;
		kp->samples++;
		kp->doorbell_at = 0;
	}
}

static void *kmod_host_alloc(struct bh_platform *p, size_t size)
{
	(void)p;
	return malloc(size);
}

static void kmod_host_free(struct bh_platform *p, void *ptr)
{
	(void)p;
	free(ptr);
}

static void kmod_print(struct bh_platform *p, const char *text, size_t len)
{
	(void)p;
	fwrite(text, 1, len, stdout);
	fflush(stdout);
}

struct bh_platform *bh_platform_kmod_new(const char *node)
{
	struct kmod_platform *kp = calloc(1, sizeof(*kp));

	if (!kp)
		return NULL;
	snprintf(kp->node, sizeof(kp->node), "%s", node && *node ? node : KMOD_DEFAULT_NODE);
	kp->fd = -1;
	bh_simboard_init(&kp->sb);
	kp->sb.name = kp->node;
	kp->sb.ctx = kp;
	kp->sb.ring = sb_ring;
	kp->sb.wait = sb_wait;
	kp->sb.now_ns = sb_now_ns;
	kp->sb.log = sb_log;
	kp->ops = (struct bh_platform){
		.name = "kmod",
		.ctx = kp,
		.open = kmod_open,
		.close = kmod_close,
		.mem_alloc = kmod_mem_alloc,
		.mem_free = kmod_mem_free,
		.queue_create = kmod_queue_create,
		.queue_destroy = kmod_queue_destroy,
		.queue_alloc_gws = kmod_queue_alloc_gws,
		.queue_reset = kmod_queue_reset,
		.doorbell = kmod_doorbell,
		.take_fault = kmod_take_fault,
		.wait_interrupt = kmod_wait_interrupt,
		.now_ns = kmod_now_ns,
		.host_alloc = kmod_host_alloc,
		.host_free = kmod_host_free,
		.log = kmod_log,
		.print = kmod_print,
	};
	return &kp->ops;
}

void bh_platform_kmod_delete(struct bh_platform *p)
{
	free(p);
}
