/* SPDX-License-Identifier: MIT */
/*
 * The model's own register and packet constants (docs/facts/dispatch.md §6).
 * Deliberately not shared with the loader: the model is an independent
 * check of what the loader emits.
 */
#ifndef BH_SIM_REGS_H
#define BH_SIM_REGS_H

#define PM4_NOP_PAD			0xffff1000u
#define PKT3_NOP			0x10
#define PKT3_DISPATCH_DIRECT		0x15
#define PKT3_WRITE_DATA			0x37
#define PKT3_WAIT_REG_MEM		0x3c
#define PKT3_WAIT_REG_MEM64		0x93
#define PKT3_INDIRECT_BUFFER		0x3f
#define PKT3_COPY_DATA			0x40
#define PKT3_EVENT_WRITE		0x46
#define PKT3_RELEASE_MEM		0x49
#define PKT3_ACQUIRE_MEM		0x58
#define PKT3_SET_SH_REG			0x76
#define PKT3_SET_UCONFIG_REG		0x79

#define EVENT_CS_PARTIAL_FLUSH		0x07	/* EVENT_WRITE EVENT_TYPE */
#define EVENT_INDEX_CS_PARTIAL_FLUSH	4

/* SH registers (dword addresses) */
#define mmCOMPUTE_START_X		0x2e04
#define mmCOMPUTE_NUM_THREAD_X		0x2e07
#define mmCOMPUTE_PGM_LO		0x2e0c
#define mmCOMPUTE_PGM_HI		0x2e0d
#define mmCOMPUTE_DISPATCH_SCRATCH_BASE_LO 0x2e10
#define mmCOMPUTE_DISPATCH_SCRATCH_BASE_HI 0x2e11
#define mmCOMPUTE_PGM_RSRC1		0x2e12
#define mmCOMPUTE_PGM_RSRC2		0x2e13
#define mmCOMPUTE_TMPRING_SIZE		0x2e18
/* COMPUTE_PGM_RSRC3 moved between generations: the target row has it. */
#define mmCOMPUTE_USER_DATA_0		0x2e40

#define SH(sim, reg) ((sim)->sh[(reg) - SH_REG_BASE])

#endif
