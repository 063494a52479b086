/* SPDX-License-Identifier: MIT */
/* The few ELF64 facts the code-object loader needs (docs/facts/dispatch.md §1). */
#ifndef BH_ELF_H
#define BH_ELF_H

#define ELF_EHDR_SIZE		64
#define ELF_PHDR_SIZE		56
#define ELF_SHDR_SIZE		64
#define ELF_SYM_SIZE		24
#define ELF_RELA_SIZE		24

#define ELFCLASS64		2
#define ELFDATA2LSB		1
#define ET_DYN			3
#define EM_AMDGPU		224
#define ELFOSABI_AMDGPU_HSA	64
#define ELFABIVERSION_HSA_V2	0
#define ELFABIVERSION_HSA_V3	1
#define ELFABIVERSION_HSA_V4	2
#define ELFABIVERSION_HSA_V5	3
#define ELFABIVERSION_HSA_V6	4

#define PT_LOAD			1
#define PF_X			1	/* p_flags: executable */
#define SHT_RELA		4
#define SHT_NOTE		7
#define SHT_DYNSYM		11
#define STT_OBJECT		1
#define SHN_UNDEF		0

#define EF_AMDGPU_MACH		0x0ff
#define EF_AMDGPU_XNACK		0x300
#define EF_AMDGPU_XNACK_ANY	0x100
#define EF_AMDGPU_XNACK_OFF	0x200
#define EF_AMDGPU_XNACK_ON	0x300
#define EF_AMDGPU_SRAMECC	0xc00
#define EF_AMDGPU_SRAMECC_ANY	0x400
#define EF_AMDGPU_SRAMECC_OFF	0x800
#define EF_AMDGPU_SRAMECC_ON	0xc00

#define R_AMDGPU_NONE		0
#define R_AMDGPU_ABS64		3
#define R_AMDGPU_RELATIVE64	13

#define NT_AMDGPU_METADATA	32

#endif
