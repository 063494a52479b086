// SPDX-License-Identifier: MIT
/*
 * The pci backend: a GPU reached over PCIe with no driver under the
 * program -- a board with no operating system (boards/qemu-virt-aarch64)
 * -- through what bh/pci.h's host gives: config space, windows for
 * BARs, a pool of DMA memory, a way to map physical ranges, a clock.
 * No firmware has touched the bus, so this file does what a BIOS and a
 * kernel driver would:
 *
 *   1. scan the buses for the device (every function of every device;
 *      bridges are not crossed: the board's devices sit on its root bus);
 *   2. size every BAR of it (all ones written, the mask read back) and
 *      place them: 64-bit prefetchable BARs in the 64-bit window, the
 *      rest in the 32-bit one, each aligned to its size;
 *   3. turn on memory decoding and bus mastering (INTx off: the backend
 *      polls, below);
 *   4. map the BARs: registers as device memory, the prefetchable BAR
 *      (the sim board's VRAM, registers and doorbells) write-combining;
 *   5. drive the board through its registers (simboard.c, shared with the
 *      kmod backend).
 *
 * The device it drives today is the sim board as QEMU's ivshmem-doorbell
 * function (1af4:1110), served on the host by barehip-sim: BAR0 has
 * ivshmem's registers (the doorbell register rings the model), BAR2 the
 * shared memory with the sim board header (kmod/uapi/barehip.h).  An AMD
 * GPU found on the way is named, not driven.
 *
 * Memory: VRAM is the BAR's VRAM window.  Host memory the GPU reaches is
 * the host's DMA pool, mapped once into the GPU's GART (one command at
 * open) at the start of the GART aperture, and mapped for the CPU at
 * that same address, so one pointer serves both, as with the other
 * backends.  Registered memory (hipHostRegister) is mapped into the
 * GART behind the pool, at its bus address, when the host can give one.
 *
 * Interrupts: MSI-X, when the host offers MSIs (bh/pci.h) and the
 * function has the capability: the backend programs the function's
 * MSI-X table (in one of its BARs) with the host's address and data for
 * each of the board's vectors, and waits -- for a command's answer, or
 * in the core's fence waits -- sleep until that vector's interrupt or
 * the deadline (on qemu-virt-aarch64: WFI, woken by the GIC).  Without
 * them it polls: the board's count of the interrupts it raised stands in
 * for them, read between pauses of the host's relax().
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bh/backends.h>
#include <bh/pci.h>
#include "../core/range.h"
#include "../../kmod/uapi/barehip.h"
#include "../core/error.h"
#include "simboard.h"

#define PCI_PAGE		4096ull
/* A board command is a doorbell and a look at the mailbox: microseconds,
 * unless the board's CP is busy with a long dispatch.
 * BAREHIP_PCI_CMD_TIMEOUT_MS overrides it. */
#define PCI_CMD_TIMEOUT_NS	(60ull * 1000000000ull)
/* While a queue waits on memory (WAIT_REG_MEM), look this often. */
#define PCI_STALL_POLL_NS	1000000ull
/* A sleep for an interrupt lasts at most this long, so that one that
 * never comes (a board or a bridge that drops it) costs a look, not the
 * whole timeout. */
#define PCI_SLEEP_MAX_NS	10000000ull

/* Config space (PCI Local Bus 3.0, type 0 header). */
#define CFG_ID			0x00
#define CFG_COMMAND		0x04
#define CFG_CLASS		0x08	/* revision 7:0, class 31:8 */
#define CFG_HEADER		0x0c	/* header type 23:16, bit 23 multi-function */
#define CFG_BAR0		0x10
#define CFG_CAP_PTR		0x34
#define STATUS_CAP_LIST		0x00100000u	/* in the COMMAND dword */
#define CAP_MSIX		0x11
#define MSIX_ENABLE		0x80000000u	/* message control, in the cap's dword */
#define MSIX_FUNC_MASK		0x40000000u
#define CMD_MEMORY		0x0002u
#define CMD_MASTER		0x0004u
#define CMD_INTX_OFF		0x0400u
#define BAR_IO			0x1u
#define BAR_64			0x4u
#define BAR_PREFETCH		0x8u

#define IVSHMEM_VENDOR		0x1af4u
#define IVSHMEM_DEVICE		0x1110u
#define IVSHMEM_REGS_BAR	0
#define IVSHMEM_REGS_SIZE	16u
#define IVSHMEM_DOORBELL	12u	/* (peer << 16) | vector */
#define IVSHMEM_SHM_BAR		2
#define AMD_VENDOR		0x1002u

struct pci_bar {
	uint64_t bus, size;
	bool io, is64, prefetch;
};

struct pci_platform {
	struct bh_platform ops;
	const struct bh_pci_host *host;
	char name[32];			/* "pci 0000:00:03.0" */
	unsigned bus, dev, fn;
	bool found;
	struct pci_bar bar[6];
	volatile uint32_t *ivshmem;	/* BAR0 */
	uint8_t *shm;			/* BAR2 */
	struct barehip_sim_header header;
	struct bh_simboard sb;
	uint8_t *vram;
	struct bh_range vram_range;
	struct bh_range pool;		/* the DMA pool, at its GART (= CPU) address */
	struct bh_range gart;		/* the rest of the aperture: registered memory */
	uint64_t pool_va;
	uint64_t next32, next64;	/* the windows' next free bus address */
	uint64_t irqs_seen;		/* the board's interrupt count at the last look */
	bool msix;			/* the board's vectors interrupt through MSI-X */
	unsigned msix_cap;		/* its capability's config offset */
	uint64_t queue_seen;		/* the queue vector's count at the last look */
};

static struct pci_platform *to_pci(struct bh_platform *p)
{
	return (struct pci_platform *)p;
}

static void pci_log(struct bh_platform *p, const char *line)
{
	const struct bh_pci_host *h = to_pci(p)->host;

	h->log(h->ctx, line);
}

static uint64_t pci_now_ns(struct bh_platform *p)
{
	const struct bh_pci_host *h = to_pci(p)->host;

	return h->now_ns(h->ctx);
}

static void *grow(void *old, size_t bytes)
{
	if (!bytes) {
		free(old);
		return NULL;
	}
	return realloc(old, bytes);
}

/* ------------------------------------------------------------ config space */

static uint32_t cfg_read(struct pci_platform *pp, unsigned off)
{
	return pp->host->config_read(pp->host->ctx, pp->bus, pp->dev, pp->fn, off);
}

static void cfg_write(struct pci_platform *pp, unsigned off, uint32_t v)
{
	pp->host->config_write(pp->host->ctx, pp->bus, pp->dev, pp->fn, off, v);
}

static void set_command(struct pci_platform *pp, uint32_t set, uint32_t clear)
{
	uint32_t c = cfg_read(pp, CFG_COMMAND) & 0xffffu;	/* status bits are write-1-to-clear */

	cfg_write(pp, CFG_COMMAND, (c | set) & ~clear);
}

/*
 * Size BAR @i: all ones written, the mask read back, the value restored
 * (memory decoding is off meanwhile).  Returns the next BAR's index.
 */
static unsigned size_bar(struct pci_platform *pp, unsigned i)
{
	unsigned off = CFG_BAR0 + 4 * i;
	uint32_t lo = cfg_read(pp, off), mask, hi_mask = 0xffffffffu;
	struct pci_bar *b = &pp->bar[i];

	cfg_write(pp, off, 0xffffffffu);
	mask = cfg_read(pp, off);
	cfg_write(pp, off, lo);
	memset(b, 0, sizeof(*b));
	if (!mask)
		return i + 1;		/* not implemented */
	if (lo & BAR_IO) {
		b->io = true;
		b->size = (~(mask & ~3u) + 1) & 0xffffu;
		return i + 1;
	}
	b->prefetch = lo & BAR_PREFETCH;
	b->is64 = (lo & 6u) == BAR_64 && i < 5;
	if (b->is64) {
		uint32_t hi = cfg_read(pp, off + 4);

		cfg_write(pp, off + 4, 0xffffffffu);
		hi_mask = cfg_read(pp, off + 4);
		cfg_write(pp, off + 4, hi);
	}
	b->size = ~(((uint64_t)hi_mask << 32) | (mask & ~0xfu)) + 1;
	if (!b->is64)
		b->size &= 0xffffffffull;
	return i + (b->is64 ? 2 : 1);
}

/* Place BAR @i in its window and program it.  0 or a BH_E* code. */
static int assign_bar(struct pci_platform *pp, unsigned i, struct bh_error *err)
{
	const struct bh_pci_host *h = pp->host;
	struct pci_bar *b = &pp->bar[i];
	bool high = b->is64 && b->prefetch && h->mem64.size;
	const struct bh_pci_window *w = high ? &h->mem64 : &h->mem32;
	uint64_t *next = high ? &pp->next64 : &pp->next32;
	uint64_t at = (*next + b->size - 1) & ~(b->size - 1);
	unsigned off = CFG_BAR0 + 4 * i;

	if (!b->size || b->size & (b->size - 1))
		return bh_fail(err, BH_ENODEV, "pci backend: %s: BAR%u reports a size of %llu "
			    "bytes, not a power of two", pp->name, i,
			    (unsigned long long)b->size);
	if (at < *next || at - w->base > w->size || b->size > w->size - (at - w->base))
		return bh_fail(err, BH_ENOMEM, "pci backend: %s: BAR%u needs %llu bytes "
			    "(aligned to its size); the %s window of %s has %llu bytes at "
			    "0x%llx, %llu of them free", pp->name, i,
			    (unsigned long long)b->size, high ? "64-bit" : "32-bit", h->name,
			    (unsigned long long)w->size, (unsigned long long)w->base,
			    (unsigned long long)(w->base + w->size - *next));
	if (!b->is64 && at + b->size - 1 > 0xffffffffull)
		return bh_fail(err, BH_ENOMEM, "pci backend: %s: 32-bit BAR%u cannot go above "
			    "4 GiB: the 32-bit window of %s is not below 4 GiB", pp->name, i,
			    h->name);
	b->bus = at;
	*next = at + b->size;
	cfg_write(pp, off, (uint32_t)at | (cfg_read(pp, off) & 0xfu));
	if (b->is64)
		cfg_write(pp, off + 4, (uint32_t)(at >> 32));
	return 0;
}

/* Every memory BAR of the device sized and placed; I/O BARs are left off. */
static int assign_bars(struct pci_platform *pp, struct bh_error *err)
{
	int ret;

	set_command(pp, 0, CMD_MEMORY | CMD_MASTER);
	for (unsigned i = 0; i < 6;)
		i = size_bar(pp, i);
	for (unsigned i = 0; i < 6; i++)
		if (pp->bar[i].size && !pp->bar[i].io) {
			ret = assign_bar(pp, i, err);
			if (ret)
				return ret;
		}
	return 0;
}

/* ------------------------------------------------------------- the board */

static int sb_ring(void *ctx, uint32_t vector)
{
	struct pci_platform *pp = ctx;

	/* The registers' stores reach the board before its doorbell does. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	pp->ivshmem[IVSHMEM_DOORBELL / 4] = pp->header.model_peer << 16 | vector;
	return 0;
}

/*
 * A command's answer: its sequence number in the mailbox.  The doorbell
 * is rung again every PCI_SLEEP_MAX_NS until it comes: QEMU's ivshmem
 * drops a doorbell to a peer whose eventfds it has not yet been told of,
 * which it learns in its main loop after the machine has started -- a
 * board with no OS rings within milliseconds of reset (a Linux guest
 * boots for seconds first).  A second ring of one command is harmless:
 * the board answers by sequence number.
 */
static int sb_wait(void *ctx, uint32_t vector, uint64_t timeout_ns)
{
	struct pci_platform *pp = ctx;
	const struct bh_pci_host *h = pp->host;
	uint64_t start = h->now_ns(h->ctx), rung = start;

	for (uint64_t now = start; now - start < timeout_ns; now = h->now_ns(h->ctx)) {
		/* Counted before the look: an answer after it interrupts after
		 * it too, and the wait returns at once. */
		uint64_t seen = pp->msix ? h->msi_count(h->ctx, vector) : 0;

		if (__atomic_load_n(&pp->sb.regs->done_seq, __ATOMIC_ACQUIRE) == pp->sb.cmd_seq)
			break;
		if (now - rung >= PCI_SLEEP_MAX_NS) {
			sb_ring(pp, vector);
			rung = now;
		}
		if (pp->msix)
			h->msi_wait(h->ctx, vector, seen, timeout_ns - (now - start) < PCI_SLEEP_MAX_NS ?
				    timeout_ns - (now - start) : PCI_SLEEP_MAX_NS);
		else
			h->relax(h->ctx);
	}
	return 0;
}

static uint64_t sb_now_ns(void *ctx)
{
	return pci_now_ns(ctx);
}

static void sb_log(void *ctx, const char *line)
{
	pci_log(ctx, line);
}

/* The command timeout: BAREHIP_PCI_CMD_TIMEOUT_MS, else PCI_CMD_TIMEOUT_NS. */
static int cmd_timeout(struct pci_platform *pp, struct bh_error *err)
{
	return bh_simboard_set_timeout(&pp->sb, "pci backend", "BAREHIP_PCI_CMD_TIMEOUT_MS", PCI_CMD_TIMEOUT_NS, err);
}

/* A sim board header window: whole pages inside the BAR, past the header page. */
static bool window_ok(uint64_t off, uint64_t size, uint64_t bar_size)
{
	return size && !(off % PCI_PAGE) && !(size % PCI_PAGE) && off >= PCI_PAGE &&
	       off + size >= off && off + size <= bar_size;
}

static bool overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
	return a < b + blen && b < a + alen;
}

/* The sim board header at the start of BAR2, checked as barehip.ko does. */
static int check_header(struct pci_platform *pp, struct bh_error *err)
{
	struct barehip_sim_header *h = &pp->header;
	uint64_t bar = pp->bar[IVSHMEM_SHM_BAR].size;
	const char *nul;

	memcpy(h, pp->shm, sizeof(*h));
	if (h->magic != BAREHIP_SIM_MAGIC)
		return bh_fail(err, BH_ENODEV, "pci backend: %s: ivshmem without the sim board "
			    "header (magic 0x%08x, want 0x%08x): is barehip-sim serving it?",
			    pp->name, h->magic, BAREHIP_SIM_MAGIC);
	nul = memchr(h->target, 0, sizeof(h->target));
	if (h->version != BAREHIP_SIM_VERSION || h->header_size < sizeof(*h) ||
	    h->header_size > PCI_PAGE || h->flags || !nul || nul == h->target ||
	    h->model_peer > 0xffff || h->model_vectors < BHSIM_VECTORS)
		return bh_fail(err, BH_ENODEV, "pci backend: %s: a sim board header this backend "
			    "cannot use (version %u, size %u, flags 0x%x, model peer %u with %u "
			    "vectors; want version %u and %u vectors)", pp->name, h->version,
			    h->header_size, h->flags, h->model_peer, h->model_vectors,
			    BAREHIP_SIM_VERSION, BHSIM_VECTORS);
	if (!window_ok(h->regs_offset, h->regs_size, bar) ||
	    !window_ok(h->doorbell_offset, h->doorbell_size, bar) ||
	    !window_ok(h->vram_offset, h->vram_size, bar) ||
	    overlap(h->regs_offset, h->regs_size, h->doorbell_offset, h->doorbell_size) ||
	    overlap(h->regs_offset, h->regs_size, h->vram_offset, h->vram_size) ||
	    overlap(h->doorbell_offset, h->doorbell_size, h->vram_offset, h->vram_size) ||
	    h->regs_size < sizeof(struct bhsim_regs) ||
	    h->doorbell_size < BHSIM_MAX_QUEUES * 8)
		return bh_fail(err, BH_ENODEV, "pci backend: %s: the sim board header's windows "
			    "(registers 0x%llx+0x%llx, doorbells 0x%llx+0x%llx, VRAM 0x%llx+0x%llx) "
			    "do not fit the %llu-byte BAR", pp->name,
			    (unsigned long long)h->regs_offset, (unsigned long long)h->regs_size,
			    (unsigned long long)h->doorbell_offset,
			    (unsigned long long)h->doorbell_size,
			    (unsigned long long)h->vram_offset, (unsigned long long)h->vram_size,
			    (unsigned long long)bar);
	return 0;
}

/* ------------------------------------------------------------- discovery */

/*
 * The first ivshmem function on the buses.  Other functions are left as
 * they are; an AMD GPU is named in @seen (this backend does not drive
 * one yet).
 */
static bool find_device(struct pci_platform *pp, char *seen, size_t len)
{
	const struct bh_pci_host *h = pp->host;
	size_t n = 0;

	seen[0] = 0;
	for (unsigned bus = h->bus_first; bus <= h->bus_last; bus++)
		for (unsigned dev = 0; dev < 32; dev++)
			for (unsigned fn = 0; fn < 8; fn++) {
				uint32_t id = h->config_read(h->ctx, bus, dev, fn, CFG_ID);

				if ((id & 0xffffu) == 0xffffu) {
					if (!fn)
						break;	/* no device */
					continue;
				}
				if ((id & 0xffffu) == IVSHMEM_VENDOR && id >> 16 == IVSHMEM_DEVICE) {
					pp->bus = bus;
					pp->dev = dev;
					pp->fn = fn;
					return true;
				}
				if ((id & 0xffffu) == AMD_VENDOR && n < len)
					n += (size_t)snprintf(seen + n, len - n, "%san AMD GPU "
							      "(1002:%04x) at %02x:%02x.%u",
							      n ? "; " : "", id >> 16, bus,
							      dev, fn);
				if (!fn && !(h->config_read(h->ctx, bus, dev, 0, CFG_HEADER) &
					     0x800000u))
					break;	/* single-function */
			}
	return false;
}

/* The BARs the sim board needs: registers in BAR0, shared memory in BAR2. */
static int check_bars(struct pci_platform *pp, struct bh_error *err)
{
	const struct pci_bar *r = &pp->bar[IVSHMEM_REGS_BAR], *s = &pp->bar[IVSHMEM_SHM_BAR];

	if (!r->size || r->io || r->size < IVSHMEM_REGS_SIZE)
		return bh_fail(err, BH_ENODEV, "pci backend: %s: no usable BAR0 (ivshmem's registers: "
			    "%s)", pp->name, !r->size ? "not implemented" : r->io ? "an I/O BAR" :
			    "too small");
	if (!s->size || s->io || s->size < 2 * PCI_PAGE)
		return bh_fail(err, BH_ENODEV, "pci backend: %s: no usable BAR2 (the shared memory "
			    "of the sim board: %s)", pp->name, !s->size ? "not implemented" :
			    s->io ? "an I/O BAR" : "smaller than two pages");
	return 0;
}

static int map_bars(struct pci_platform *pp, struct bh_error *err)
{
	const struct bh_pci_host *h = pp->host;
	const struct pci_bar *r = &pp->bar[IVSHMEM_REGS_BAR], *s = &pp->bar[IVSHMEM_SHM_BAR];

	pp->ivshmem = h->map(h->ctx, r->bus, r->size < PCI_PAGE ? PCI_PAGE : r->size,
			     BH_PCI_MAP_DEVICE, 0);
	pp->shm = h->map(h->ctx, s->bus, s->size,
			 s->prefetch ? BH_PCI_MAP_WC : BH_PCI_MAP_DEVICE, 0);
	if (!pp->ivshmem || !pp->shm)
		return bh_fail(err, BH_ENODEV, "pci backend: %s: %s cannot map BAR%u at 0x%llx "
			    "(%llu bytes)", pp->name, h->name, pp->ivshmem ? 2 : 0,
			    (unsigned long long)(pp->ivshmem ? s->bus : r->bus),
			    (unsigned long long)(pp->ivshmem ? s->size : r->size));
	return 0;
}

/*
 * The DMA pool at the start of the GART aperture, for the GPU (one GART
 * entry) and for the CPU (the host maps it there).
 */
static int map_pool(struct pci_platform *pp, struct bh_error *err)
{
	const struct bh_pci_host *h = pp->host;
	const struct bhsim_regs *r = pp->sb.regs;
	char why[256];
	int ret;

	if (!h->dma_size || h->dma_size % PCI_PAGE || h->dma_bus % PCI_PAGE ||
	    h->dma_size > r->gart_size)
		return bh_fail(err, BH_ENOMEM, "pci backend: %s: the DMA pool of %s (%llu bytes at "
			    "0x%llx) is empty, not whole pages or larger than the GART aperture "
			    "(%llu bytes)", pp->name, h->name, (unsigned long long)h->dma_size,
			    (unsigned long long)h->dma_bus, (unsigned long long)r->gart_size);
	pp->pool_va = r->gart_base;
	if (h->map(h->ctx, h->dma_bus, h->dma_size, BH_PCI_MAP_RAM, pp->pool_va) !=
	    (void *)(uintptr_t)pp->pool_va)
		return bh_fail(err, BH_ENOMEM, "pci backend: %s: %s cannot map its DMA pool at the "
			    "GPU address 0x%llx", pp->name, h->name,
			    (unsigned long long)pp->pool_va);
	ret = bh_simboard_cmd(&pp->sb, BHSIM_CMD_GART_MAP, pp->pool_va, h->dma_bus, h->dma_size,
			      0, why, sizeof(why));
	if (ret)
		return bh_fail(err, BH_ENODEV, "pci backend: %s: the DMA pool: %s", pp->name, why);
	bh_range_init(&pp->pool, pp->pool_va, h->dma_size, grow);
	bh_range_init(&pp->gart, r->gart_base + h->dma_size, r->gart_size - h->dma_size, grow);
	return 0;
}

/* The function stops interrupting, decoding and reaching RAM. */
static void stop_device(struct pci_platform *pp)
{
	if (pp->msix)
		cfg_write(pp, pp->msix_cap, cfg_read(pp, pp->msix_cap) & ~MSIX_ENABLE);
	pp->msix = false;
	set_command(pp, 0, CMD_MEMORY | CMD_MASTER);
}

/* The config offset of capability @id, or 0. */
static unsigned find_cap(struct pci_platform *pp, unsigned id)
{
	unsigned off, hops = 0;

	if (!(cfg_read(pp, CFG_COMMAND) & STATUS_CAP_LIST))
		return 0;
	for (off = cfg_read(pp, CFG_CAP_PTR) & 0xfcu; off >= 0x40 && hops < 48; hops++) {
		uint32_t cap = cfg_read(pp, off);

		if ((cap & 0xffu) == id)
			return off;
		off = cap >> 8 & 0xfcu;
	}
	return 0;
}

/*
 * MSI-X for the board's vectors, if the host offers MSIs and the
 * function has the capability with a table in a memory BAR: each entry
 * gets the host's address and data, unmasked, and the function's MSI-X
 * is enabled.  Otherwise the backend polls (a log line says why, unless
 * the host has no MSIs at all).
 */
static void setup_msix(struct pci_platform *pp)
{
	const struct bh_pci_host *h = pp->host;
	unsigned cap = find_cap(pp, CAP_MSIX), bir, entries;
	volatile uint32_t *table;
	uint32_t t;

	if (!h->msi)
		return;
	if (!cap) {
		bh_simboard_logf(&pp->sb, "no MSI-X capability: waits poll");
		return;
	}
	entries = (cfg_read(pp, cap) >> 16 & 0x7ffu) + 1;
	t = cfg_read(pp, cap + 4);
	bir = t & 7u;
	if (entries < BHSIM_VECTORS || bir > 5 || !pp->bar[bir].size || pp->bar[bir].io ||
	    (t & ~7u) + 16ull * BHSIM_VECTORS > pp->bar[bir].size) {
		bh_simboard_logf(&pp->sb, "MSI-X with %u entries, table in BAR%u: not usable, "
				 "waits poll", entries, bir);
		return;
	}
	table = h->map(h->ctx, pp->bar[bir].bus, pp->bar[bir].size, BH_PCI_MAP_DEVICE, 0);
	if (!table)
		return;
	table += (t & ~7u) / 4;
	for (unsigned v = 0; v < BHSIM_VECTORS; v++) {
		uint64_t addr;
		uint32_t data;

		if (h->msi(h->ctx, v, &addr, &data)) {
			bh_simboard_logf(&pp->sb, "%s has no MSI for vector %u: waits poll", h->name,
					 v);
			return;
		}
		table[4 * v] = (uint32_t)addr;
		table[4 * v + 1] = (uint32_t)(addr >> 32);
		table[4 * v + 2] = data;
		table[4 * v + 3] = 0;	/* unmasked */
	}
	cfg_write(pp, cap, (cfg_read(pp, cap) | MSIX_ENABLE) & ~MSIX_FUNC_MASK);
	pp->msix = true;
	pp->msix_cap = cap;
	pp->queue_seen = h->msi_count(h->ctx, BHSIM_VECTOR_QUEUE);
}

static int pci_open(struct bh_platform *p, struct bh_device_info *info, struct bh_error *err)
{
	struct pci_platform *pp = to_pci(p);
	const struct bh_pci_host *h = pp->host;
	char seen[160], why[256];
	int ret;

	if (!find_device(pp, seen, sizeof(seen)))
		return bh_fail(err, BH_ENODEV, "pci backend: no sim board on %s's buses %u-%u "
			    "(QEMU: -device ivshmem-doorbell served by barehip-sim)%s%s%s", h->name,
			    h->bus_first, h->bus_last, seen[0] ? "; found " : "", seen,
			    seen[0] ? ", which this backend does not drive yet" : "");
	snprintf(pp->name, sizeof(pp->name), "pci 0000:%02x:%02x.%u", pp->bus, pp->dev, pp->fn);
	pp->next32 = h->mem32.base;
	pp->next64 = h->mem64.base;
	ret = cmd_timeout(pp, err);
	if (!ret)
		ret = assign_bars(pp, err);
	if (!ret)
		ret = check_bars(pp, err);
	if (ret)
		return ret;
	/* Only now does the function answer its addresses, and reach RAM. */
	set_command(pp, CMD_MEMORY | CMD_MASTER | CMD_INTX_OFF, 0);
	ret = map_bars(pp, err);
	if (!ret)
		ret = check_header(pp, err);
	if (ret)
		goto off;
	setup_msix(pp);
	pp->sb.regs = (struct bhsim_regs *)(pp->shm + pp->header.regs_offset);
	pp->sb.doorbell = (uint64_t *)(pp->shm + pp->header.doorbell_offset);
	pp->vram = pp->shm + pp->header.vram_offset;
	ret = bh_simboard_check(&pp->sb, "pci backend", pp->header.target, pp->header.vram_size,
				err);
	if (ret)
		goto off;
	if (bh_simboard_cmd(&pp->sb, BHSIM_CMD_RESET, ~0ull, 0, 0, 0, why, sizeof(why))) {
		ret = bh_fail(err, BH_ENODEV, "pci backend: %s: %s", pp->name, why);
		goto off;
	}
	bh_simboard_ack_faults(&pp->sb);
	pp->irqs_seen = __atomic_load_n(&pp->sb.regs->interrupts, __ATOMIC_ACQUIRE);
	ret = map_pool(pp, err);
	if (ret)
		goto off;
	bh_simboard_fill_info(&pp->sb, info);
	info->pci_bus = (uint8_t)pp->bus;
	info->pci_device = (uint8_t)pp->dev;
	info->pci_function = (uint8_t)pp->fn;
	bh_range_init(&pp->vram_range, pp->sb.regs->vram_base, pp->sb.regs->vram_size, grow);
	return 0;
off:
	stop_device(pp);
	return ret;
}

static void pci_close(struct bh_platform *p)
{
	struct pci_platform *pp = to_pci(p);
	char why[256];

	/* The board lets go of our memory; then the function stops reaching RAM. */
	if (!pp->sb.lost &&
	    bh_simboard_cmd(&pp->sb, BHSIM_CMD_RESET, ~0ull, 0, 0, 0, why, sizeof(why)))
		bh_simboard_logf(&pp->sb, "at close: %s", why);
	stop_device(pp);
	bh_range_fini(&pp->vram_range);
	bh_range_fini(&pp->pool);
	bh_range_fini(&pp->gart);
}

/* ---------------------------------------------------------------- memory */

static int pci_mem_alloc(struct bh_platform *p, uint64_t size, uint64_t align,
			 unsigned domain, struct bh_mem *out)
{
	struct pci_platform *pp = to_pci(p);
	uint64_t va;

	size = (size + PCI_PAGE - 1) & ~(PCI_PAGE - 1);
	if (domain == BH_MEM_VRAM) {
		if (bh_range_alloc(&pp->vram_range, size, align, &va))
			return -1;
		out->cpu = pp->vram + (va - pp->sb.regs->vram_base);
	} else {
		if (bh_range_alloc(&pp->pool, size, align, &va)) {
			bh_simboard_logf(&pp->sb, "the DMA pool of %s (%llu bytes) has no room "
					 "for %llu bytes", pp->host->name,
					 (unsigned long long)pp->host->dma_size,
					 (unsigned long long)size);
			return -1;
		}
		out->cpu = (void *)(uintptr_t)va;
	}
	out->gpu_va = va;
	out->size = size;
	out->domain = domain;
	return 0;
}

/* hipHostRegister: the program's own RAM, at its bus address, behind the pool. */
static int pci_mem_register(struct bh_platform *p, void *host, uint64_t size, struct bh_mem *out)
{
	struct pci_platform *pp = to_pci(p);
	const struct bh_pci_host *h = pp->host;
	uint64_t bus = h->bus_address(h->ctx, host, size), va;
	char why[256];

	if (bus == ~0ull) {
		bh_simboard_logf(&pp->sb, "registering %llu bytes at %p: %s says that is not RAM "
				 "the device reaches", (unsigned long long)size, host, h->name);
		errno = EINVAL;
		return -1;
	}
	if (bh_range_alloc(&pp->gart, size, PCI_PAGE, &va)) {
		bh_simboard_logf(&pp->sb, "registering %llu bytes at %p: the GART aperture has no "
				 "room for them", (unsigned long long)size, host);
		errno = ENOMEM;
		return -1;
	}
	if (bh_simboard_cmd(&pp->sb, BHSIM_CMD_GART_MAP, va, bus, size, 0, why, sizeof(why))) {
		bh_simboard_logf(&pp->sb, "registering %llu bytes at %p: %s",
				 (unsigned long long)size, host, why);
		bh_range_free(&pp->gart, va);
		errno = EINVAL;
		return -1;
	}
	out->cpu = host;
	out->gpu_va = va;
	out->size = size;
	out->domain = BH_MEM_HOST;
	return 0;
}

static void pci_mem_free(struct bh_platform *p, struct bh_mem *mem)
{
	struct pci_platform *pp = to_pci(p);
	char why[256];

	if (mem->domain == BH_MEM_VRAM) {
		bh_range_free(&pp->vram_range, mem->gpu_va);
		return;
	}
	if (mem->gpu_va >= pp->pool_va && mem->gpu_va - pp->pool_va < pp->host->dma_size) {
		bh_range_free(&pp->pool, mem->gpu_va);
		return;
	}
	/* Registered: the GPU lets go; if the board does not answer, the
	 * GPU address stays taken (the board may still map it). */
	if (bh_simboard_cmd(&pp->sb, BHSIM_CMD_GART_UNMAP, mem->gpu_va, 0, 0, 0, why,
			    sizeof(why)) == BH_SIMBOARD_DONE)
		bh_range_free(&pp->gart, mem->gpu_va);
	else
		bh_simboard_logf(&pp->sb, "unregistering 0x%llx: %s",
				 (unsigned long long)mem->gpu_va, why);
}

/* ---------------------------------------------------------------- queues */

static int pci_queue_create(struct bh_platform *p, const struct bh_mem *ring, uint64_t rptr_va,
			    struct bh_error *err)
{
	return bh_simboard_queue_create(&to_pci(p)->sb, ring, rptr_va, err);
}

static void pci_queue_destroy(struct bh_platform *p, int qid)
{
	bh_simboard_queue_destroy(&to_pci(p)->sb, qid);
}

static int pci_queue_alloc_gws(struct bh_platform *p, int qid, struct bh_error *err)
{
	return bh_simboard_queue_alloc_gws(&to_pci(p)->sb, qid, err);
}

static int pci_queue_reset(struct bh_platform *p, int qid)
{
	return bh_simboard_queue_reset(&to_pci(p)->sb, qid);
}

static void pci_doorbell(struct bh_platform *p, int qid, uint64_t wptr)
{
	bh_simboard_doorbell(&to_pci(p)->sb, qid, wptr);
}

static int pci_take_fault(struct bh_platform *p, int qid, struct bh_gpu_fault *out)
{
	return bh_simboard_take_fault(&to_pci(p)->sb, qid, out);
}

/*
 * Until the queue vector's interrupt, or @timeout_ns -- at most
 * PCI_STALL_POLL_NS while a queue waits on memory, so that the core can
 * kick it, as the kmod backend does.  One that came since the last look
 * counts, as a pending interrupt would.  Without MSI-X, the board's
 * count of the interrupts it raised stands in for them (an interrupt
 * status register, polled).
 */
static void pci_wait_interrupt(struct bh_platform *p, uint64_t timeout_ns)
{
	struct pci_platform *pp = to_pci(p);
	const struct bh_pci_host *h = pp->host;
	uint64_t start = h->now_ns(h->ctx), n;

	if (timeout_ns > PCI_STALL_POLL_NS && bh_simboard_stalled(&pp->sb))
		timeout_ns = PCI_STALL_POLL_NS;
	if (pp->msix) {
		n = h->msi_count(h->ctx, BHSIM_VECTOR_QUEUE);
		if (n == pp->queue_seen)
			h->msi_wait(h->ctx, BHSIM_VECTOR_QUEUE, n, timeout_ns < PCI_SLEEP_MAX_NS ?
				    timeout_ns : PCI_SLEEP_MAX_NS);
		pp->queue_seen = h->msi_count(h->ctx, BHSIM_VECTOR_QUEUE);
		return;
	}
	while ((n = __atomic_load_n(&pp->sb.regs->interrupts, __ATOMIC_ACQUIRE)) == pp->irqs_seen &&
	       h->now_ns(h->ctx) - start < timeout_ns)
		h->relax(h->ctx);
	pp->irqs_seen = n;
}

static void *pci_host_alloc(struct bh_platform *p, size_t size)
{
	(void)p;
	return malloc(size);
}

static void pci_host_free(struct bh_platform *p, void *ptr)
{
	(void)p;
	free(ptr);
}

static void pci_print(struct bh_platform *p, const char *text, size_t len)
{
	const struct bh_pci_host *h = to_pci(p)->host;

	h->print(h->ctx, text, len);
}

struct bh_platform *bh_platform_pci_new(const struct bh_pci_host *host)
{
	struct pci_platform *pp = calloc(1, sizeof(*pp));

	if (!pp)
		return NULL;
	pp->host = host;
	snprintf(pp->name, sizeof(pp->name), "pci");
	bh_simboard_init(&pp->sb);
	pp->sb.name = pp->name;
	pp->sb.ctx = pp;
	pp->sb.ring = sb_ring;
	pp->sb.wait = sb_wait;
	pp->sb.now_ns = sb_now_ns;
	pp->sb.log = sb_log;
	pp->ops = (struct bh_platform){
		.name = "pci",
		.ctx = pp,
		.open = pci_open,
		.close = pci_close,
		.mem_alloc = pci_mem_alloc,
		.mem_free = pci_mem_free,
		.mem_register = pci_mem_register,
		.queue_create = pci_queue_create,
		.queue_destroy = pci_queue_destroy,
		.queue_alloc_gws = pci_queue_alloc_gws,
		.queue_reset = pci_queue_reset,
		.doorbell = pci_doorbell,
		.take_fault = pci_take_fault,
		.wait_interrupt = pci_wait_interrupt,
		.now_ns = pci_now_ns,
		.host_alloc = pci_host_alloc,
		.host_free = pci_host_free,
		.log = pci_log,
		.print = pci_print,
	};
	if (!host->bus_address)
		pp->ops.mem_register = NULL;
	return &pp->ops;
}

void bh_platform_pci_delete(struct bh_platform *p)
{
	free(p);
}
