// SPDX-License-Identifier: GPL-2.0
/*
 * What board a bound PCI function is, and which of its BAR ranges user
 * space may map: an AMD GPU (VRAM BAR0, doorbells BAR2, registers BAR5,
 * as amdgpu uses them from Bonaire on), or the sim board, whose one
 * shared BAR (ivshmem BAR2) starts with a header that lays it out.
 */
#include <linux/ctype.h>
#include <linux/io.h>
#include <linux/iopoll.h>
#include <linux/pci.h>
#include <linux/string.h>

#include "barehip_drv.h"

/* ivshmem's BAR0 registers (QEMU's ivshmem-spec.txt). */
#define IVSHMEM_REGS_BAR	0
#define IVSHMEM_REGS_SIZE	16
#define IVSHMEM_DOORBELL	12
#define IVSHMEM_SHM_BAR		2

/*
 * The command mailbox of barehip-sim's register window
 * (boards/sim/server-regs.h, struct bhsim_regs): the module uses it only
 * to reset the board when a file that held DMA buffers goes away.
 */
#define BHSIM_REGS_MAGIC	0x47455242	/* "BREG" */
#define BHSIM_OFF_MAGIC		0
#define BHSIM_OFF_CMD_SEQ	192
#define BHSIM_OFF_CMD		196
#define BHSIM_OFF_ARGS		200
#define BHSIM_OFF_DONE_SEQ	248
#define BHSIM_OFF_STATUS	252
#define BHSIM_OFF_END		448	/* past the error string */
#define BHSIM_CMD_RESET		1
#define BHSIM_VECTOR_CMD	0

const char *barehip_board_name(u32 board)
{
	switch (board) {
	case BAREHIP_BOARD_AMD:
		return "amd";
	case BAREHIP_BOARD_SIM:
		return "sim";
	}
	return "unknown";
}

/*
 * The gfx target of the AMD devices whose id alone names it (amdgpu's
 * pciidlist: Aldebaran = MI210/MI250/MI250X; MI300X).  Others report
 * "" and the loader takes the target from its board configuration.
 */
static const struct {
	u16 device;
	char target[BAREHIP_TARGET_LEN];
} barehip_amd_targets[] = {
	{ 0x7408, "gfx90a" },
	{ 0x740c, "gfx90a" },
	{ 0x740f, "gfx90a" },
	{ 0x7410, "gfx90a" },
	{ 0x74a1, "gfx942" },
};

/* A window over [offset, offset + size) of @bar, requested for us. */
static void barehip_set_window(struct barehip_dev *bd, struct barehip_bar_window *w,
			       unsigned int region, int bar, u64 offset, u64 size, bool wc)
{
	w->region = region;
	w->phys = pci_resource_start(bd->pdev, bar) + offset;
	w->size = size;
	w->write_combine = wc;
}

/*
 * A whole BAR as a window, if it is memory and at least a page: a
 * smaller BAR shares its page with other devices' registers, so mapping
 * it page-granular would expose them.
 */
static int barehip_amd_window(struct barehip_dev *bd, struct barehip_bar_window *w,
			      unsigned int region, int bar, bool wc)
{
	struct pci_dev *pdev = bd->pdev;
	u64 len = pci_resource_len(pdev, bar);
	int ret;

	if (!(pci_resource_flags(pdev, bar) & IORESOURCE_MEM) || len < PAGE_SIZE)
		return 0;
	ret = pci_request_region(pdev, bar, BAREHIP_NAME);
	if (ret)
		return ret;
	if (wc) {
		ret = devm_arch_io_reserve_memtype_wc(&pdev->dev, pci_resource_start(pdev, bar),
						      len);
		if (ret)
			return ret;
	}
	barehip_set_window(bd, w, region, bar, 0, len, wc);
	return 0;
}

static int barehip_amd_probe(struct barehip_dev *bd)
{
	struct pci_dev *pdev = bd->pdev;
	unsigned int i;
	int ret;

	bd->board = BAREHIP_BOARD_AMD;
	ret = barehip_amd_window(bd, &bd->vram, BAREHIP_REGION_VRAM, 0, true);
	if (!ret)
		ret = barehip_amd_window(bd, &bd->doorbell, BAREHIP_REGION_DOORBELL, 2, false);
	if (!ret)
		ret = barehip_amd_window(bd, &bd->regs, BAREHIP_REGION_REGS, 5, false);
	if (ret)
		return ret;
	if (!bd->vram.size && !bd->doorbell.size && !bd->regs.size) {
		dev_err(&pdev->dev, "no memory BAR of a page or more (0, 2, 5): not binding\n");
		return -ENODEV;
	}
	for (i = 0; i < ARRAY_SIZE(barehip_amd_targets); i++) {
		if (pdev->vendor == PCI_VENDOR_ID_ATI &&
		    pdev->device == barehip_amd_targets[i].device)
			strscpy(bd->target, barehip_amd_targets[i].target, sizeof(bd->target));
	}
	return 0;
}

/* One window of the sim header: page aligned, whole pages, in the BAR. */
static bool barehip_sim_window_ok(struct pci_dev *pdev, const char *name, u64 off, u64 size,
				  u64 bar_size)
{
	u64 end;

	if (!size || !IS_ALIGNED(off, PAGE_SIZE) || !IS_ALIGNED(size, PAGE_SIZE)) {
		dev_err(&pdev->dev, "sim header: %s window 0x%llx+0x%llx is not whole pages\n",
			name, off, size);
		return false;
	}
	if (off < PAGE_SIZE || check_add_overflow(off, size, &end) || end > bar_size) {
		dev_err(&pdev->dev,
			"sim header: %s window 0x%llx+0x%llx is not inside the BAR (0x%llx) past the header page\n",
			name, off, size, bar_size);
		return false;
	}
	return true;
}

static bool barehip_overlap(u64 a, u64 alen, u64 b, u64 blen)
{
	return a < b + blen && b < a + alen;
}

/* Check everything in the header before any of it is used. */
static int barehip_sim_check(struct pci_dev *pdev, const struct barehip_sim_header *h,
			     u64 bar_size)
{
	u64 ro = le64_to_cpu(h->regs_offset), rs = le64_to_cpu(h->regs_size);
	u64 dof = le64_to_cpu(h->doorbell_offset), ds = le64_to_cpu(h->doorbell_size);
	u64 vo = le64_to_cpu(h->vram_offset), vs = le64_to_cpu(h->vram_size);
	const char *nul = memchr(h->target, 0, sizeof(h->target));
	const char *c;

	if (le32_to_cpu(h->version) != BAREHIP_SIM_VERSION) {
		dev_err(&pdev->dev, "sim header version %u; this module knows %u\n",
			le32_to_cpu(h->version), BAREHIP_SIM_VERSION);
		return -ENODEV;
	}
	if (le32_to_cpu(h->header_size) < sizeof(*h) ||
	    le32_to_cpu(h->header_size) > PAGE_SIZE || le32_to_cpu(h->flags)) {
		dev_err(&pdev->dev, "sim header: size %u or flags 0x%x invalid\n",
			le32_to_cpu(h->header_size), le32_to_cpu(h->flags));
		return -ENODEV;
	}
	if (!nul || nul == h->target) {
		dev_err(&pdev->dev, "sim header: target is empty or not NUL-terminated\n");
		return -ENODEV;
	}
	for (c = h->target; c < nul; c++) {
		if (!isalnum(*c) && *c != '-' && *c != '_') {
			dev_err(&pdev->dev, "sim header: target has a bad character 0x%02x\n",
				(unsigned char)*c);
			return -ENODEV;
		}
	}
	if (le32_to_cpu(h->model_peer) > 0xffff || le32_to_cpu(h->model_vectors) > 0x10000) {
		dev_err(&pdev->dev, "sim header: model peer %u / vectors %u out of range\n",
			le32_to_cpu(h->model_peer), le32_to_cpu(h->model_vectors));
		return -ENODEV;
	}
	if (!barehip_sim_window_ok(pdev, "register", ro, rs, bar_size) ||
	    !barehip_sim_window_ok(pdev, "doorbell", dof, ds, bar_size) ||
	    !barehip_sim_window_ok(pdev, "VRAM", vo, vs, bar_size))
		return -ENODEV;
	if (barehip_overlap(ro, rs, dof, ds) || barehip_overlap(ro, rs, vo, vs) ||
	    barehip_overlap(dof, ds, vo, vs)) {
		dev_err(&pdev->dev, "sim header: windows overlap\n");
		return -ENODEV;
	}
	return 0;
}

static int barehip_sim_probe(struct barehip_dev *bd)
{
	struct pci_dev *pdev = bd->pdev;
	u64 bar_size = pci_resource_len(pdev, IVSHMEM_SHM_BAR);
	struct barehip_sim_header h;
	void __iomem *p;
	int ret;

	if (!(pci_resource_flags(pdev, IVSHMEM_SHM_BAR) & IORESOURCE_MEM) ||
	    bar_size < 2 * PAGE_SIZE ||
	    !(pci_resource_flags(pdev, IVSHMEM_REGS_BAR) & IORESOURCE_MEM) ||
	    pci_resource_len(pdev, IVSHMEM_REGS_BAR) < IVSHMEM_REGS_SIZE) {
		dev_info(&pdev->dev, "ivshmem without a shared BAR: not a sim board\n");
		return -ENODEV;
	}
	ret = pci_request_region(pdev, IVSHMEM_SHM_BAR, BAREHIP_NAME);
	if (ret)
		return ret;
	p = pci_iomap_range(pdev, IVSHMEM_SHM_BAR, 0, sizeof(h));
	if (!p)
		return -ENOMEM;
	memcpy_fromio(&h, p, sizeof(h));
	pci_iounmap(pdev, p);

	/* Other ivshmem users are none of our business: stay quiet. */
	if (le32_to_cpu(h.magic) != BAREHIP_SIM_MAGIC) {
		dev_info(&pdev->dev, "ivshmem BAR2 has no sim board signature: not binding\n");
		return -ENODEV;
	}
	ret = barehip_sim_check(pdev, &h, bar_size);
	if (ret)
		return ret;

	ret = pcim_iomap_regions(pdev, BIT(IVSHMEM_REGS_BAR), BAREHIP_NAME);
	if (ret)
		return ret;
	bd->ivshmem_regs = pcim_iomap_table(pdev)[IVSHMEM_REGS_BAR];

	bd->board = BAREHIP_BOARD_SIM;
	bd->signature = le32_to_cpu(h.magic);
	bd->board_version = le32_to_cpu(h.version);
	bd->model_peer = le32_to_cpu(h.model_peer);
	bd->model_vectors = le32_to_cpu(h.model_vectors);
	strscpy(bd->target, h.target, sizeof(bd->target));
	barehip_set_window(bd, &bd->regs, BAREHIP_REGION_REGS, IVSHMEM_SHM_BAR,
			   le64_to_cpu(h.regs_offset), le64_to_cpu(h.regs_size), false);
	barehip_set_window(bd, &bd->doorbell, BAREHIP_REGION_DOORBELL, IVSHMEM_SHM_BAR,
			   le64_to_cpu(h.doorbell_offset), le64_to_cpu(h.doorbell_size), false);
	barehip_set_window(bd, &bd->vram, BAREHIP_REGION_VRAM, IVSHMEM_SHM_BAR,
			   le64_to_cpu(h.vram_offset), le64_to_cpu(h.vram_size), true);
	/* The mailbox, for the module's own board reset (barehip_board_quiesce). */
	if (bd->regs.size >= BHSIM_OFF_END) {
		bd->sim_regs = devm_ioremap(&pdev->dev, bd->regs.phys, BHSIM_OFF_END);
		if (!bd->sim_regs)
			return -ENOMEM;
	}
	return devm_arch_io_reserve_memtype_wc(&pdev->dev, bd->vram.phys, bd->vram.size);
}

/*
 * Make the board forget every GART mapping and queue, and wait for its
 * answer: called before the DMA memory of a closed file is freed, so
 * the board cannot write into pages the kernel reuses (a process killed
 * before its orderly close left them mapped).  0 when the board is
 * quiet: it answered, or the device is gone (remove freed the memory
 * with bus mastering off), or barehip drives nothing on it (an AMD GPU,
 * a sim board without barehip-sim's registers).  -ETIMEDOUT or -EIO
 * otherwise: the caller must not free the memory then.
 */
int barehip_board_quiesce(struct barehip_dev *bd)
{
	void __iomem *r = bd->sim_regs;
	u32 seq, done;
	int ret = 0;

	down_read(&bd->remove_sem);
	if (bd->dead || !r || ioread32(r + BHSIM_OFF_MAGIC) != BHSIM_REGS_MAGIC)
		goto out;
	mutex_lock(&bd->board_lock);
	seq = ioread32(r + BHSIM_OFF_CMD_SEQ) + 1;
	iowrite32(BHSIM_CMD_RESET, r + BHSIM_OFF_CMD);
	iowrite32(~0u, r + BHSIM_OFF_ARGS);	/* args[0] = ~0: default settings */
	iowrite32(~0u, r + BHSIM_OFF_ARGS + 4);
	iowrite32(seq, r + BHSIM_OFF_CMD_SEQ);	/* last: the command is complete */
	barehip_board_notify(bd, BHSIM_VECTOR_CMD);
	ret = read_poll_timeout(ioread32, done, done == seq, 100,
				barehip_board_timeout_ms * USEC_PER_MSEC, false,
				r + BHSIM_OFF_DONE_SEQ);
	if (!ret && ioread32(r + BHSIM_OFF_STATUS))
		ret = -EIO;
	mutex_unlock(&bd->board_lock);
	if (ret)
		dev_warn(&bd->pdev->dev, "board reset on close %s (%d)\n",
			 ret == -ETIMEDOUT ? "timed out" : "failed", ret);
out:
	up_read(&bd->remove_sem);
	return ret;
}

/* ivshmem is the sim board if its BAR says so; everything else is AMD. */
int barehip_board_probe(struct barehip_dev *bd)
{
	struct pci_dev *pdev = bd->pdev;

	if (pdev->vendor == PCI_VENDOR_ID_REDHAT_QUMRANET && pdev->device == 0x1110)
		return barehip_sim_probe(bd);
	return barehip_amd_probe(bd);
}

/* The ivshmem doorbell register: peer id in bits 31:16, vector in 15:0. */
void barehip_board_notify(struct barehip_dev *bd, u32 vector)
{
	iowrite32((bd->model_peer << 16) | vector, bd->ivshmem_regs + IVSHMEM_DOORBELL);
}
