// SPDX-License-Identifier: MIT
/* PM4 packet builder (layouts: docs/facts/dispatch.md §6.3). */
#include "pm4.h"

void pm4_init(struct pm4_builder *b, uint32_t *buf, uint32_t cap)
{
	b->buf = buf;
	b->cap = cap;
	b->len = 0;
	b->overflow = false;
}

void pm4_emit(struct pm4_builder *b, uint32_t dw)
{
	if (b->len >= b->cap) {
		b->overflow = true;
		return;
	}
	b->buf[b->len++] = dw;
}

void pm4_set_sh_regs(struct pm4_builder *b, uint32_t reg,
		     const uint32_t *values, uint32_t n)
{
	pm4_emit(b, PM4_HDR(PM4_SET_SH_REG, n + 1));
	pm4_emit(b, reg - PM4_SH_REG_BASE);
	for (uint32_t i = 0; i < n; i++)
		pm4_emit(b, values[i]);
}

void pm4_set_sh_reg(struct pm4_builder *b, uint32_t reg, uint32_t value)
{
	pm4_set_sh_regs(b, reg, &value, 1);
}

void pm4_dispatch_direct(struct pm4_builder *b, const uint32_t dim[3],
			 uint32_t initiator)
{
	pm4_emit(b, PM4_HDR(PM4_DISPATCH_DIRECT, 4) | PM4_SHADER_COMPUTE);
	pm4_emit(b, dim[0]);
	pm4_emit(b, dim[1]);
	pm4_emit(b, dim[2]);
	pm4_emit(b, initiator);
}

/* GFX9 form: COUNT 5; size 0xffffffff/0xffffff and base 0 mean "all". */
void pm4_acquire_mem_gfx9(struct pm4_builder *b, uint32_t coher_cntl)
{
	pm4_emit(b, PM4_HDR(PM4_ACQUIRE_MEM, 6));
	pm4_emit(b, coher_cntl);
	pm4_emit(b, 0xffffffff);	/* COHER_SIZE */
	pm4_emit(b, 0x00ffffff);	/* COHER_SIZE_HI */
	pm4_emit(b, 0);			/* COHER_BASE_LO */
	pm4_emit(b, 0);			/* COHER_BASE_HI */
	pm4_emit(b, 0x0000000a);	/* POLL_INTERVAL */
}

/*
 * GFX10+ form: COUNT 6; COHER_CNTL 0, the same "everything" range and
 * poll interval, and the cache actions in GCR_CNTL (Linux gfx_v11_0.c
 * gfx_v11_0_emit_mem_sync).
 */
void pm4_acquire_mem_gfx10(struct pm4_builder *b, uint32_t gcr_cntl)
{
	pm4_emit(b, PM4_HDR(PM4_ACQUIRE_MEM, 7));
	pm4_emit(b, 0);			/* COHER_CNTL */
	pm4_emit(b, 0xffffffff);	/* COHER_SIZE */
	pm4_emit(b, 0x00ffffff);	/* COHER_SIZE_HI */
	pm4_emit(b, 0);			/* COHER_BASE_LO */
	pm4_emit(b, 0);			/* COHER_BASE_HI */
	pm4_emit(b, 0x0000000a);	/* POLL_INTERVAL */
	pm4_emit(b, gcr_cntl);		/* GCR_CNTL */
}

void pm4_release_mem(struct pm4_builder *b, uint32_t event_dw1,
		     uint32_t data_sel, uint32_t int_sel, uint64_t addr,
		     uint64_t data, uint32_t ctxid)
{
	pm4_emit(b, PM4_HDR(PM4_RELEASE_MEM, 7));
	pm4_emit(b, event_dw1);
	pm4_emit(b, RELEASE_DATA_SEL(data_sel) | RELEASE_INT_SEL(int_sel));
	pm4_emit(b, (uint32_t)addr);
	pm4_emit(b, (uint32_t)(addr >> 32));
	pm4_emit(b, (uint32_t)data);
	pm4_emit(b, (uint32_t)(data >> 32));
	pm4_emit(b, ctxid);
}

/* Wait until the queue's earlier dispatches have finished. */
void pm4_cs_partial_flush(struct pm4_builder *b)
{
	pm4_emit(b, PM4_HDR(PM4_EVENT_WRITE, 1));
	pm4_emit(b, EVENT_CS_PARTIAL_FLUSH | EVENT_INDEX_CS_PARTIAL_FLUSH << 8);
}

/* Write @n dwords to memory, confirmed before the next packet runs. */
void pm4_write_data(struct pm4_builder *b, uint64_t addr, const uint32_t *data, uint32_t n)
{
	pm4_emit(b, PM4_HDR(PM4_WRITE_DATA, n + 3));
	pm4_emit(b, WRITE_DATA_DST_MEM | WRITE_DATA_WR_CONFIRM);
	pm4_emit(b, (uint32_t)addr);
	pm4_emit(b, (uint32_t)(addr >> 32));
	for (uint32_t i = 0; i < n; i++)
		pm4_emit(b, data[i]);
}

/* Stall the queue until (dword at @addr & @mask) @func @ref: the CP polls. */
void pm4_wait_reg_mem(struct pm4_builder *b, enum pm4_wait_function func, uint64_t addr,
		      uint32_t ref, uint32_t mask)
{
	pm4_emit(b, PM4_HDR(PM4_WAIT_REG_MEM, 6));
	pm4_emit(b, WAIT_REG_MEM_FUNCTION(func) | WAIT_REG_MEM_SPACE_MEMORY);
	pm4_emit(b, (uint32_t)addr);
	pm4_emit(b, (uint32_t)(addr >> 32));
	pm4_emit(b, ref);
	pm4_emit(b, mask);
	pm4_emit(b, WAIT_REG_MEM_POLL_INTERVAL);
}

/* The same on the qword at @addr (8-byte aligned): WAIT_REG_MEM64, the
 * reference and mask in two dwords each, low first. */
void pm4_wait_reg_mem64(struct pm4_builder *b, enum pm4_wait_function func, uint64_t addr,
			uint64_t ref, uint64_t mask)
{
	pm4_emit(b, PM4_HDR(PM4_WAIT_REG_MEM64, 8));
	pm4_emit(b, WAIT_REG_MEM_FUNCTION(func) | WAIT_REG_MEM_SPACE_MEMORY);
	pm4_emit(b, (uint32_t)addr);
	pm4_emit(b, (uint32_t)(addr >> 32));
	pm4_emit(b, (uint32_t)ref);
	pm4_emit(b, (uint32_t)(ref >> 32));
	pm4_emit(b, (uint32_t)mask);
	pm4_emit(b, (uint32_t)(mask >> 32));
	pm4_emit(b, WAIT_REG_MEM_POLL_INTERVAL);
}
