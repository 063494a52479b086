/* SPDX-License-Identifier: MIT */
/*
 * The sim board as a PCI function: what its register window and
 * doorbell page hold.  barehip-sim (server.c) serves them; the loader's
 * kmod backend (loader/platform/kmod.c) programs them through the
 * windows /dev/barehipN maps.  They stand in for what a kernel driver
 * does with MMIO on a real board: read the board's identity, program
 * the GART and the compute queues (HQDs), ring doorbells, and learn of
 * faults.  Everything else (rings, fences, kernels) lives in GPU memory
 * exactly as with the in-process sim board.
 *
 * The board is both peer 0 of the ivshmem device and the GPU model:
 *
 *   vector BHSIM_VECTOR_CMD    the command mailbox: the host fills the
 *                              arguments, bumps cmd_seq and rings; the
 *                              board answers (done_seq = cmd_seq) and
 *                              raises the same vector as an MSI-X.
 *   vector BHSIM_VECTOR_QUEUE  doorbells: the host stores a queue's
 *                              64-bit dword wptr in its doorbell slot
 *                              and rings; the board runs its CP.  RELEASE_MEM
 *                              interrupts and faults come back as this
 *                              vector's MSI-X.
 *
 * Little-endian, naturally aligned, one writer per field (noted as
 * host: or board:).  Version 1.  The board serves one process at a
 * time: BHSIM_CMD_RESET forgets every mapping and queue.
 */
#ifndef BH_SERVER_REGS_H
#define BH_SERVER_REGS_H

#include <stdint.h>

#define BHSIM_REGS_MAGIC	0x47455242u	/* "BREG" in memory order */
#define BHSIM_REGS_VERSION	3u	/* 2: num_se; 3: num_gws, QUEUE_GWS */

#define BHSIM_VECTOR_CMD	0u
#define BHSIM_VECTOR_QUEUE	1u
#define BHSIM_VECTORS		2u

#define BHSIM_MAX_QUEUES	8u	/* = BH_SIM_MAX_QUEUES */

/* The layout of the shared BAR barehip-sim presents. */
#define BHSIM_REGS_OFFSET	0x10000u
#define BHSIM_REGS_SIZE		0x10000u
#define BHSIM_DOORBELL_OFFSET	0x20000u
#define BHSIM_DOORBELL_SIZE	0x1000u	/* slot q: 64-bit wptr at 8 * q */
#define BHSIM_VRAM_OFFSET	0x100000u

enum bhsim_cmd {
	/* args[0]: deadlock window in wave instructions, ~0: the board's
	 * default.  A fresh model: no mappings, queues or faults; VRAM and
	 * the doorbell slots read as zero. */
	BHSIM_CMD_RESET = 1,
	/* args: GPU VA, bus (guest-physical) address, bytes; 4 KiB aligned,
	 * inside the GART aperture, contiguous guest RAM. */
	BHSIM_CMD_GART_MAP = 2,
	BHSIM_CMD_GART_UNMAP = 3,	/* args[0]: the GPU VA mapped */
	/* args: queue, ring VA, ring bytes, rptr report VA (as the model's
	 * bh_sim_queue_init); the queue's doorbell slot is cleared. */
	BHSIM_CMD_QUEUE_INIT = 4,
	BHSIM_CMD_QUEUE_FINI = 5,	/* args[0]: queue */
	BHSIM_CMD_QUEUE_RESET = 6,	/* args[0]: queue; drop what it has not run */
	/* args: queue, count: the queue gets GWS resources 0..count-1 (0:
	 * none), as the model's bh_sim_queue_set_gws. */
	BHSIM_CMD_QUEUE_GWS = 7,
};

/* A fault as the model reported it (struct bh_sim_fault). */
struct bhsim_fault {
	char kind[32];		/* "memory violation", "trap", ... */
	uint64_t pc;
	uint64_t address;
	uint32_t dwords[3];
	uint32_t wave;
	uint32_t workgroup[3];
	uint32_t access;	/* enum bh_sim_access */
	char message[256];
};

/* Queue states (enum bh_sim_queue_state). */
#define BHSIM_QUEUE_INACTIVE	0u
#define BHSIM_QUEUE_IDLE	1u
#define BHSIM_QUEUE_STALLED	2u
#define BHSIM_QUEUE_ERROR	3u
#define BHSIM_QUEUE_BUSY	4u	/* the CP runs its work (asynchronous board) */

struct bhsim_queue_regs {
	uint32_t state;		/* board: BHSIM_QUEUE_*, after its last run */
	uint32_t fault_seq;	/* board: bumped after @fault is written */
	uint64_t rptr;		/* board: dwords the CP has consumed */
	struct bhsim_fault fault;	/* board: the queue's last fault */
};

struct bhsim_regs {
	/* board: identity, written before QEMU connects. */
	uint32_t magic;		/* BHSIM_REGS_MAGIC */
	uint32_t version;	/* BHSIM_REGS_VERSION */
	char target[16];	/* "gfx90a" */
	char name[64];		/* "barehip sim (gfx90a)" */
	uint32_t mach;		/* EF_AMDGPU_MACH_* */
	uint32_t gfx_version;	/* 90010 */
	uint32_t wave_size, num_cus, simds_per_cu, max_waves_per_simd;
	uint32_t lds_size, max_workgroup_size;
	uint32_t architected_scratch, xnack, sramecc, max_queues;
	uint32_t num_se;	/* shader engines (gfx11 TMPRING counts per SE); 0 = n/a */
	uint32_t num_gws;	/* GWS resources a queue can get (QUEUE_GWS) */
	uint64_t clock_hz, timestamp_hz;
	uint64_t vram_base, vram_size;	/* GPU VA of VRAM (= the VRAM window) */
	uint64_t gart_base, gart_size;	/* the GART aperture */

	/* The command mailbox (vector BHSIM_VECTOR_CMD). */
	uint32_t cmd_seq;	/* host: written last, after cmd and args */
	uint32_t cmd;		/* host: enum bhsim_cmd */
	uint64_t args[6];	/* host */
	uint32_t done_seq;	/* board: the command answered, written last */
	int32_t status;		/* board: 0, or -1 with @error */
	char error[192];	/* board: why, one line */

	/* Queues (vector BHSIM_VECTOR_QUEUE). */
	uint32_t fault_ack[BHSIM_MAX_QUEUES];	/* host: the fault_seq it has taken */
	struct bhsim_queue_regs queue[BHSIM_MAX_QUEUES];

	/* board: counters since the board started. */
	uint64_t doorbells, commands, interrupts, faults;
};

_Static_assert(sizeof(struct bhsim_regs) <= BHSIM_REGS_SIZE, "register window too small");

#endif /* BH_SERVER_REGS_H */
