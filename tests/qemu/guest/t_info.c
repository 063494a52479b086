// SPDX-License-Identifier: MIT
/*
 * BAREHIP_IOC_INFO against what the PCI core (sysfs) and the sim board
 * header (read through sysfs before the module was loaded) say, and the
 * argsz versioning rules.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>

#include "kt.h"

static void check_pci(const char *who, const struct barehip_info *in, const struct kt_pci *p)
{
	char name[96];

	snprintf(name, sizeof(name), "info %s: PCI ids match sysfs", who);
	kt_check(in->vendor == p->vendor && in->device == p->device &&
		 in->subsystem_vendor == p->subsystem_vendor &&
		 in->subsystem_device == p->subsystem_device, name,
		 "%04x:%04x (%04x:%04x), sysfs %04x:%04x (%04x:%04x)", in->vendor, in->device,
		 in->subsystem_vendor, in->subsystem_device, p->vendor, p->device,
		 p->subsystem_vendor, p->subsystem_device);
	snprintf(name, sizeof(name), "info %s: class and revision match sysfs", who);
	kt_check(in->pci_class == p->class && in->pci_revision == p->revision, name,
		 "class %06x rev %u, sysfs %06x rev %u", in->pci_class, in->pci_revision,
		 p->class, p->revision);
	snprintf(name, sizeof(name), "info %s: location matches the address", who);
	kt_check(in->pci_domain == p->domain && in->pci_bus == p->bus && in->pci_devfn == p->devfn,
		 name, "%04x:%02x devfn %02x vs %s", in->pci_domain, in->pci_bus, in->pci_devfn,
		 p->addr);
	snprintf(name, sizeof(name), "info %s: BAR sizes match sysfs", who);
	kt_check(!memcmp(in->bar_size, p->bar_size, sizeof(in->bar_size)), name,
		 "BAR0 %llu/%llu BAR2 %llu/%llu", (unsigned long long)in->bar_size[0],
		 (unsigned long long)p->bar_size[0], (unsigned long long)in->bar_size[2],
		 (unsigned long long)p->bar_size[2]);
}

static void test_info_sim(struct kt_env *env)
{
	const struct barehip_sim_header *h = &env->header;
	struct barehip_info in;
	char msi[160];
	int fd = kt_open_node(env->sim.addr, O_RDWR);
	long long vectors;

	kt_check(fd >= 0, "info sim: open", "%s", strerror(errno));
	if (fd < 0)
		return;
	kt_check(kt_info(fd, &in) == 0, "info sim: ioctl", "%s", strerror(errno));
	kt_check(in.argsz == sizeof(in), "info sim: argsz = bytes filled", "%u", in.argsz);
	kt_check(in.board == BAREHIP_BOARD_SIM, "info sim: board", "%u", in.board);
	check_pci("sim", &in, &env->sim);
	kt_check(in.signature == h->magic && in.signature == BAREHIP_SIM_MAGIC &&
		 in.board_version == h->version, "info sim: signature and version from the header",
		 "0x%x v%u, header 0x%x v%u", in.signature, in.board_version, h->magic, h->version);
	kt_check(!strcmp(in.target, h->target) && !strcmp(in.target, ECHO_TARGET),
		 "info sim: target from the header", "'%s', header '%.16s'", in.target, h->target);
	kt_check(in.regs.size == h->regs_size && in.doorbell.size == h->doorbell_size &&
		 in.vram.size == h->vram_size, "info sim: window sizes from the header",
		 "regs %llu doorbell %llu vram %llu", (unsigned long long)in.regs.size,
		 (unsigned long long)in.doorbell.size, (unsigned long long)in.vram.size);
	kt_check(in.regs.mmap_offset && in.doorbell.mmap_offset && in.vram.mmap_offset &&
		 in.regs.mmap_offset != in.doorbell.mmap_offset &&
		 in.doorbell.mmap_offset != in.vram.mmap_offset &&
		 !(in.vram.mmap_offset % KT_PAGE), "info sim: distinct page-aligned mmap offsets",
		 "0x%llx 0x%llx 0x%llx", (unsigned long long)in.regs.mmap_offset,
		 (unsigned long long)in.doorbell.mmap_offset,
		 (unsigned long long)in.vram.mmap_offset);
	kt_check(in.model_vectors == h->model_vectors, "info sim: model vectors from the header",
		 "%u vs %u", in.model_vectors, h->model_vectors);
	/* The PCI core lists the MSI-X vectors it enabled in msi_irqs/. */
	snprintf(msi, sizeof(msi), "%s/msi_irqs", env->sim.dir);
	vectors = 0;
	{
		char path[200];

		for (unsigned irq = 0; irq < 512; irq++) {
			snprintf(path, sizeof(path), "%s/%u", msi, irq);
			vectors += kt_exists(path);
		}
	}
	kt_check(in.irq_mode == BAREHIP_IRQ_MSIX && in.irq_vectors == ECHO_VECTORS &&
		 vectors == ECHO_VECTORS, "info sim: MSI-X, one vector per ivshmem vector",
		 "mode %u vectors %u, msi_irqs %lld", in.irq_mode, in.irq_vectors, vectors);
	kt_check(in.dma_bits == 64 && in.dma_max_size >= (1u << 20), "info sim: DMA limits",
		 "%u bits, max %llu", in.dma_bits, (unsigned long long)in.dma_max_size);
	close(fd);
}

static void test_info_edu(struct kt_env *env)
{
	struct barehip_info in;
	int fd = kt_open_node(env->edu.addr, O_RDWR);

	kt_check(fd >= 0, "info edu: open", "%s", strerror(errno));
	if (fd < 0)
		return;
	kt_check(kt_info(fd, &in) == 0, "info edu: ioctl", "%s", strerror(errno));
	kt_check(in.board == BAREHIP_BOARD_AMD, "info edu: AMD layout (bound by ids=)", "%u",
		 in.board);
	check_pci("edu", &in, &env->edu);
	/* edu has only BAR0 (1 MiB of registers): that is the "VRAM" window. */
	kt_check(in.vram.size == env->edu.bar_size[0] && in.vram.size == (1u << 20) &&
		 in.doorbell.size == 0 && in.regs.size == 0,
		 "info edu: windows follow the BARs", "vram %llu doorbell %llu regs %llu",
		 (unsigned long long)in.vram.size, (unsigned long long)in.doorbell.size,
		 (unsigned long long)in.regs.size);
	kt_check(in.signature == 0 && in.target[0] == 0 && in.model_vectors == 0,
		 "info edu: no signature, unknown target", "0x%x '%s'", in.signature, in.target);
	kt_check(in.irq_mode == BAREHIP_IRQ_MSI && in.irq_vectors == 1,
		 "info edu: MSI (edu has no MSI-X)", "mode %u vectors %u", in.irq_mode,
		 in.irq_vectors);
	close(fd);
}

/* argsz is the version: bigger is fine if the tail is zero, smaller is not. */
static void test_info_argsz(struct kt_env *env)
{
	struct {
		struct barehip_info info;
		uint8_t tail[KT_PAGE];
	} big;
	int fd = kt_open_node(env->sim.addr, O_RDWR);
	unsigned cmd_small;

	if (fd < 0)
		return;
	memset(&big, 0, sizeof(big));
	big.info.argsz = sizeof(big.info) + 8;
	kt_expect(ioctl(fd, BAREHIP_IOC_INFO, &big), 0, "argsz: larger struct, zero tail accepted");
	kt_check(big.info.argsz == sizeof(big.info), "argsz: returns the bytes filled", "%u",
		 big.info.argsz);
	memset(&big, 0, sizeof(big));
	big.info.argsz = KT_PAGE;
	kt_expect(ioctl(fd, BAREHIP_IOC_INFO, &big), 0, "argsz: a page, zero tail accepted");
	memset(&big, 0, sizeof(big));
	big.info.argsz = sizeof(big.info) + 8;
	big.tail[5] = 1;
	kt_expect(ioctl(fd, BAREHIP_IOC_INFO, &big), EINVAL,
		  "argsz: unknown non-zero tail refused");
	memset(&big, 0, sizeof(big));
	big.info.argsz = sizeof(big.info) - 1;
	kt_expect(ioctl(fd, BAREHIP_IOC_INFO, &big), EINVAL, "argsz: one byte short refused");
	big.info.argsz = KT_PAGE + 1;
	kt_expect(ioctl(fd, BAREHIP_IOC_INFO, &big), EINVAL, "argsz: over a page refused");
	/* The command's own size bits do not matter: argsz does. */
	cmd_small = _IOC(_IOC_READ | _IOC_WRITE, BAREHIP_IOC_MAGIC, 0x00, 8);
	memset(&big, 0, sizeof(big));
	big.info.argsz = sizeof(big.info);
	kt_expect(ioctl(fd, cmd_small, &big), 0, "argsz: command size bits ignored");
	kt_check(big.info.board == BAREHIP_BOARD_SIM, "argsz: ... and the info is filled", "%u",
		 big.info.board);
	close(fd);
}

void test_info(struct kt_env *env)
{
	test_info_sim(env);
	test_info_edu(env);
	test_info_argsz(env);
}
