// The pci backend through the loader alone, on the bare-metal board:
// find the sim board on the PCIe bus (barehip-sim behind QEMU's
// ivshmem-doorbell function), assign its BARs, map VRAM and the DMA
// pool, make a compute queue, and have the GPU's command processor write
// host memory and VRAM in order, with a fence after each.  Every value
// is read back by the CPU through its own mappings; the board's answers
// and fences arrive as MSI-X interrupts through the GIC.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <bh/loader.h>
#include <bh/pci.h>
#include <bh/platform.h>
#include "board.h"

static int failed;

#define CHECK(cond, ...)                                                                           \
	do {                                                                                       \
		if (cond) {                                                                        \
			printf("  ok: " __VA_ARGS__);                                              \
		} else {                                                                           \
			printf("  FAIL: " __VA_ARGS__);                                            \
			failed++;                                                                  \
		}                                                                                  \
		printf("\n");                                                                      \
	} while (0)

int main(void)
{
	struct bh_platform *plat = bh_platform_pci_new(bh_board_pci_host());
	struct bh_error err = { 0 };
	struct bh_device *dev;
	struct bh_queue *q;
	struct bh_mem host, vram, reg;
	uint64_t seq = 0;
	static uint32_t registered[2048] __attribute__((aligned(4096)));

	printf("baremetal pci_loader\n");
	if (!plat || bh_device_open(&dev, plat, &err)) {
		printf("  FAIL: open: %s\nbaremetal pci_loader: FAIL\n", err.message);
		return 1;
	}
	const struct bh_device_info *info = bh_device_get_info(dev);

	printf("  device: %s (%s), %u CUs, %llu MiB VRAM, PCI %02x:%02x.%u\n", info->name, info->gfx,
	       info->num_cus, (unsigned long long)(info->vram_size >> 20), info->pci_bus,
	       info->pci_device, info->pci_function);
	CHECK(!strncmp(info->gfx, "gfx", 3), "the board names its target (%s)", info->gfx);

	CHECK(!bh_mem_alloc(dev, 1 << 20, BH_MEM_HOST, &host, &err), "1 MiB of DMA memory %s",
	      err.message);
	CHECK(!bh_mem_alloc(dev, 1 << 20, BH_MEM_VRAM, &vram, &err), "1 MiB of VRAM %s",
	      err.message);
	CHECK(host.cpu == (void *)(uintptr_t)host.gpu_va,
	      "DMA memory: one address for the CPU and the GPU (0x%llx)",
	      (unsigned long long)host.gpu_va);
	memset(host.cpu, 0, 4096);
	memset(vram.cpu, 0, 4096);
	CHECK(!bh_queue_create(dev, &q, &err), "a compute queue %s", err.message);

	// The CP writes in order; each write has its fence.
	for (unsigned i = 0; i < 64; i++)
		if (bh_queue_write_mem(q, host.gpu_va + 8 * i, 0x1000ull * i + 7, 8, &seq, &err) ||
		    bh_queue_write_mem(q, vram.gpu_va + 4 * i, 0xa000u + i, 4, &seq, &err))
			break;
	CHECK(!bh_queue_wait(q, seq, &err), "128 GPU writes, fence %llu signalled %s",
	      (unsigned long long)seq, err.message);
	unsigned bad = 0;

	for (unsigned i = 0; i < 64; i++)
		bad += ((uint64_t *)host.cpu)[i] != 0x1000ull * i + 7 ||
		       ((volatile uint32_t *)vram.cpu)[i] != 0xa000u + i;
	CHECK(!bad, "the CPU reads every value the GPU wrote, in DMA memory and in VRAM (%u wrong)",
	      bad);

	// The board's answers and fences came as MSI-X through the GIC.
	CHECK(bh_board_msi_count(0) > 0 && bh_board_msi_count(1) > 0,
	      "interrupts: %llu command answers and %llu queue interrupts as MSI-X",
	      (unsigned long long)bh_board_msi_count(0), (unsigned long long)bh_board_msi_count(1));

	// hipHostRegister's path: the program's own RAM, mapped into the GART.
	registered[5] = 1;
	if (bh_mem_register(dev, registered, sizeof(registered), &reg, &err)) {
		CHECK(0, "registering a static array: %s", err.message);
	} else {
		bh_queue_write_mem(q, reg.gpu_va + 20, 0xfeedu, 4, &seq, &err);
		CHECK(!bh_queue_wait(q, seq, &err) && registered[5] == 0xfeedu,
		      "the GPU writes registered RAM through the GART (0x%x)", registered[5]);
		bh_mem_free(dev, &reg);
	}

	// A wait the GPU never satisfies: the fence timeout, a clean error.
	bh_set_fence_timeout_ms(300);
	((uint32_t *)host.cpu)[1000] = 0;
	bh_queue_wait_mem(q, host.gpu_va + 4000, 1, ~0u, BH_WAIT_EQ, &err);
	bh_queue_marker(q, 0, &seq, &err);
	int r = bh_queue_wait(q, seq, &err);

	CHECK(r && strstr(err.message, "did not finish within 300 ms"), "a fence that never comes: '%s'", err.message);
	((uint32_t *)host.cpu)[1000] = 1;	/* let the queue drain */
	bh_queue_destroy(q);
	bh_mem_free(dev, &vram);
	bh_mem_free(dev, &host);
	bh_device_close(dev);
	bh_platform_pci_delete(plat);
	printf("baremetal pci_loader: %s (%d failed)\n", failed ? "FAIL" : "PASS", failed);
	return failed != 0;
}
