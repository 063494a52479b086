/* SPDX-License-Identifier: MIT */
/*
 * PM4 type-3 packets and the compute SH registers (docs/facts/dispatch.md §6),
 * plus a tiny builder so that an emitter reads like the packet stream
 * it produces.
 */
#ifndef BH_PM4_H
#define BH_PM4_H

#include <stdbool.h>
#include <stdint.h>

#define PM4_TYPE3			(3u << 30)
#define PM4_HDR(op, ndw)		(PM4_TYPE3 | (((uint32_t)(ndw) - 1) & 0x3fff) << 16 | \
					 ((uint32_t)(op) & 0xff) << 8)
#define PM4_SHADER_COMPUTE		(1u << 1)
#define PM4_NOP_PAD			0xffff1000u	/* PACKET3(NOP, 0x3fff): 1 dword */

enum pm4_opcode {
	PM4_NOP = 0x10,
	PM4_DISPATCH_DIRECT = 0x15,
	PM4_WRITE_DATA = 0x37,
	PM4_WAIT_REG_MEM = 0x3c,
	PM4_WAIT_REG_MEM64 = 0x93,
	PM4_INDIRECT_BUFFER = 0x3f,
	PM4_EVENT_WRITE = 0x46,
	PM4_RELEASE_MEM = 0x49,
	PM4_ACQUIRE_MEM = 0x58,
	PM4_SET_SH_REG = 0x76,
	PM4_SET_UCONFIG_REG = 0x79,
};

/* Compute SH registers, dword addresses (identical on GFX9 and GFX11). */
#define PM4_SH_REG_BASE			0x2c00
#define REG_COMPUTE_DISPATCH_INITIATOR	0x2e00
#define REG_COMPUTE_START_X		0x2e04
#define REG_COMPUTE_NUM_THREAD_X	0x2e07
#define REG_COMPUTE_PGM_LO		0x2e0c
#define REG_COMPUTE_DISPATCH_SCRATCH_BASE_LO 0x2e10
#define REG_COMPUTE_PGM_RSRC1		0x2e12
#define REG_COMPUTE_RESOURCE_LIMITS	0x2e15
#define REG_COMPUTE_TMPRING_SIZE	0x2e18
#define REG_COMPUTE_RESTART_X		0x2e1b
#define REG_COMPUTE_USER_DATA_0		0x2e40
#define REG_COMPUTE_PGM_RSRC3_GFX90A	0x2e2d
#define REG_COMPUTE_PGM_RSRC3_GFX10	0x2e28

/* COMPUTE_DISPATCH_INITIATOR */
#define DISPATCH_COMPUTE_SHADER_EN	(1u << 0)
#define DISPATCH_PARTIAL_TG_EN		(1u << 1)
#define DISPATCH_FORCE_START_AT_000	(1u << 2)
#define DISPATCH_ORDER_MODE		(1u << 6)
#define DISPATCH_CS_W32_EN		(1u << 15)

/* COMPUTE_NUM_THREAD_* */
#define NUM_THREAD(full, partial)	((uint32_t)(full) | (uint32_t)(partial) << 16)
/* COMPUTE_TMPRING_SIZE (WAVES [11:0]; WAVESIZE [24:12] on GFX9, [26:12]
 * on GFX11: Mesa sid.h S_00B860_WAVESIZE, docs/facts/dispatch.md §3.3) */
#define TMPRING_SIZE(waves, wavesize)	((uint32_t)(waves) | (uint32_t)(wavesize) << 12)

/* COMPUTE_PGM_RSRC1 fields (AMDGPUUsage compute_pgm_rsrc1) */
#define RSRC1_PRIV			(1u << 20)

/* COMPUTE_PGM_RSRC2 fields */
#define RSRC2_SCRATCH_EN		(1u << 0)
#define RSRC2_USER_SGPR(x)		(((x) >> 1) & 0x1f)
#define RSRC2_LDS_SIZE_SHIFT		15
#define RSRC2_LDS_SIZE_MASK		(0x1ffu << RSRC2_LDS_SIZE_SHIFT)

/* kernel_code_properties */
#define KCP_PRIVATE_SEGMENT_BUFFER	(1u << 0)
#define KCP_DISPATCH_PTR		(1u << 1)
#define KCP_QUEUE_PTR			(1u << 2)
#define KCP_KERNARG_SEGMENT_PTR		(1u << 3)
#define KCP_DISPATCH_ID			(1u << 4)
#define KCP_FLAT_SCRATCH_INIT		(1u << 5)
#define KCP_PRIVATE_SEGMENT_SIZE	(1u << 6)
#define KCP_WAVEFRONT_SIZE32		(1u << 10)
#define KCP_USES_DYNAMIC_STACK		(1u << 11)

/* RELEASE_MEM */
#define RELEASE_EVENT_TYPE(x)		((uint32_t)(x) & 0x3f)
#define RELEASE_EVENT_INDEX(x)		(((uint32_t)(x) & 0xf) << 8)
#define RELEASE_GFX9_TCL1_ACTION	(1u << 16)
#define RELEASE_GFX9_TC_ACTION		(1u << 17)
#define RELEASE_GFX9_TC_WB_ACTION	(1u << 15)
#define RELEASE_GFX9_TC_MD_ACTION	(1u << 21)
/* RELEASE_MEM dw1 GCR fields, GFX10+ (Linux nvd.h PACKET3_RELEASE_MEM_GCR_*) */
#define RELEASE_GCR_GLM_WB		(1u << 12)
#define RELEASE_GCR_GLM_INV		(1u << 13)
#define RELEASE_GCR_GLV_INV		(1u << 14)
#define RELEASE_GCR_GL1_INV		(1u << 15)
#define RELEASE_GCR_GL2_INV		(1u << 20)
#define RELEASE_GCR_GL2_WB		(1u << 21)
#define RELEASE_GCR_SEQ			(1u << 22)
#define RELEASE_CACHE_POLICY(x)		(((uint32_t)(x) & 3) << 25)
#define RELEASE_DATA_SEL(x)		((uint32_t)(x) << 29)
#define RELEASE_INT_SEL(x)		((uint32_t)(x) << 24)
#define EVENT_CACHE_FLUSH_AND_INV_TS	0x14
#define EVENT_CS_PARTIAL_FLUSH		0x07
#define EVENT_INDEX_CS_PARTIAL_FLUSH	4

/* WAIT_REG_MEM dw1 (§6.3): FUNCTION [2:0] compares (value & mask) with the
 * reference; MEM_SPACE [5:4] 1 = memory; OPERATION [7:6] 0 = wait. */
enum pm4_wait_function {
	PM4_WAIT_ALWAYS = 0,
	PM4_WAIT_LT = 1,
	PM4_WAIT_LE = 2,
	PM4_WAIT_EQ = 3,
	PM4_WAIT_NE = 4,
	PM4_WAIT_GE = 5,
	PM4_WAIT_GT = 6,
};
#define WAIT_REG_MEM_FUNCTION(x)	((uint32_t)(x) & 7)
#define WAIT_REG_MEM_SPACE_MEMORY	(1u << 4)
/* POLL_INTERVAL: tinygrad's value (docs/facts/kfd-and-pm4-practice.md §2.3). */
#define WAIT_REG_MEM_POLL_INTERVAL	4

/* RELEASE_MEM DATA_SEL */
#define RELEASE_DATA_NONE		0
#define RELEASE_DATA_32			1
#define RELEASE_DATA_64			2
#define RELEASE_DATA_GPU_CLOCK		3	/* 64-bit timestamp */
/* RELEASE_MEM INT_SEL */
#define RELEASE_INT_NONE		0
#define RELEASE_INT_AFTER_WRITE		2	/* interrupt once the write is confirmed */

/* WRITE_DATA dw1 */
#define WRITE_DATA_DST_MEM		(5u << 8)
#define WRITE_DATA_WR_CONFIRM		(1u << 20)

/* ACQUIRE_MEM COHER_CNTL, GFX9 */
#define COHER_TC_WB			(1u << 18)
#define COHER_TCL1			(1u << 22)
#define COHER_TC			(1u << 23)
#define COHER_SH_KCACHE			(1u << 27)
#define COHER_SH_ICACHE			(1u << 29)

/* ACQUIRE_MEM GCR_CNTL (dw7), GFX10+ (Linux nvd.h
 * PACKET3_ACQUIRE_MEM_GCR_CNTL_*; Mesa pkt3.json GCR_CNTL) */
#define GCR_GLI_INV_ALL			(1u << 0)	/* GLI_INV [1:0] = 1 (ALL) */
#define GCR_GLM_WB			(1u << 4)
#define GCR_GLM_INV			(1u << 5)
#define GCR_GLK_WB			(1u << 6)
#define GCR_GLK_INV			(1u << 7)
#define GCR_GLV_INV			(1u << 8)
#define GCR_GL1_INV			(1u << 9)
#define GCR_GL2_INV			(1u << 14)
#define GCR_GL2_WB			(1u << 15)

/* The builder writes into a caller buffer and refuses to overflow. */
struct pm4_builder {
	uint32_t *buf;
	uint32_t cap;
	uint32_t len;
	bool overflow;
};

void pm4_init(struct pm4_builder *b, uint32_t *buf, uint32_t cap);
void pm4_emit(struct pm4_builder *b, uint32_t dw);
void pm4_set_sh_reg(struct pm4_builder *b, uint32_t reg, uint32_t value);
void pm4_set_sh_regs(struct pm4_builder *b, uint32_t reg,
		     const uint32_t *values, uint32_t n);
void pm4_dispatch_direct(struct pm4_builder *b, const uint32_t dim[3],
			 uint32_t initiator);
void pm4_acquire_mem_gfx9(struct pm4_builder *b, uint32_t coher_cntl);
void pm4_acquire_mem_gfx10(struct pm4_builder *b, uint32_t gcr_cntl);
void pm4_cs_partial_flush(struct pm4_builder *b);
void pm4_write_data(struct pm4_builder *b, uint64_t addr, const uint32_t *data, uint32_t n);
void pm4_release_mem(struct pm4_builder *b, uint32_t event_dw1,
		     uint32_t data_sel, uint32_t int_sel, uint64_t addr,
		     uint64_t data, uint32_t ctxid);
void pm4_wait_reg_mem64(struct pm4_builder *b, enum pm4_wait_function func, uint64_t addr,
			uint64_t ref, uint64_t mask);
void pm4_wait_reg_mem(struct pm4_builder *b, enum pm4_wait_function func, uint64_t addr,
		      uint32_t ref, uint32_t mask);

#endif
