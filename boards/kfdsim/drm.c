// SPDX-License-Identifier: MIT
/*
 * The DRM ioctls of the fake render nodes that the ROCm user space
 * makes: libhsakmt (topology_get_marketing_name) opens each GPU's
 * render node and calls libdrm_amdgpu's amdgpu_device_initialize, which
 * asks DRM_IOCTL_VERSION (it must be amdgpu 3.x: libdrm does not check
 * for a failed query and reads through NULL), then AMDGPU_INFO for
 * ACCEL_WORKING, DEV_INFO and GB_ADDR_CONFIG (READ_MMR_REG), and from
 * DEV_INFO's device id and revision names the board (amdgpu.ids).
 *
 * As amdgpu on Linux 6.1 (amdgpu_drv.c, amdgpu_kms.c amdgpu_info_ioctl):
 * version 3.49.0, "amdgpu", "20150101", "AMD GPU"; the INFO answers are
 * the figures the fake's topology gives, in the uapi layout of
 * drm_amdgpu_info_device (spelled out here: Debian ships amdgpu_drm.h
 * only in libdrm-dev).  Other queries are refused (EINVAL), as are
 * other DRM ioctls (the fake's ENOTTY, kfd.c).
 */
#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#include "internal.h"
#include "sim.h"

#define DRM_IOCTL_BASE		'd'
#define DRM_COMMAND_BASE	0x40
#define DRM_AMDGPU_INFO		0x05

#define AMDGPU_INFO_ACCEL_WORKING	0x00
#define AMDGPU_INFO_READ_MMR_REG	0x15
#define AMDGPU_INFO_DEV_INFO		0x16
#define AMDGPU_FAMILY_AI		141	/* Vega, Arcturus, Aldebaran, gfx 9.4.3 */
#define AMDGPU_VRAM_TYPE_HBM		6
#define GB_ADDR_CONFIG			0x263e	/* the dword offset libdrm reads */
/* gfx_v9_0.c: ALDEBARAN_GB_ADDR_CONFIG_GOLDEN */
#define GB_ADDR_CONFIG_GOLDEN		0x2a114042u

struct drm_version_args {
	int version_major, version_minor, version_patchlevel;
	uint64_t name_len, name;
	uint64_t date_len, date;
	uint64_t desc_len, desc;
};

struct drm_amdgpu_info_args {
	uint64_t return_pointer;
	uint32_t return_size;
	uint32_t query;
	union {
		struct {
			uint32_t dword_offset, count, instance, flags;
		} read_mmr_reg;
		uint32_t raw[4];
	};
};

/* struct drm_amdgpu_info_device as Linux 6.1 has it. */
struct drm_amdgpu_info_device {
	uint32_t device_id, chip_rev, external_rev, pci_rev, family;
	uint32_t num_shader_engines, num_shader_arrays_per_engine, gpu_counter_freq;
	uint64_t max_engine_clock, max_memory_clock;
	uint32_t cu_active_number, cu_ao_mask, cu_bitmap[4][4];
	uint32_t enabled_rb_pipes_mask, num_rb_pipes, num_hw_gfx_contexts, pcie_gen;
	uint64_t ids_flags, virtual_address_offset, virtual_address_max;
	uint32_t virtual_address_alignment, pte_fragment_size, gart_page_size, ce_ram_size;
	uint32_t vram_type, vram_bit_width, vce_harvest_config, gc_double_offchip_lds_buf;
	uint64_t prim_buf_gpu_addr, pos_buf_gpu_addr, cntl_sb_buf_gpu_addr, param_buf_gpu_addr;
	uint32_t prim_buf_size, pos_buf_size, cntl_sb_buf_size, param_buf_size;
	uint32_t wave_front_size, num_shader_visible_vgprs, num_cu_per_sh, num_tcc_blocks;
	uint32_t gs_vgt_table_depth, gs_prim_buffer_depth, max_gs_waves_per_vgt, _pad1;
	uint32_t cu_ao_bitmap[4][4];
	uint64_t high_va_offset, high_va_max;
	uint32_t pa_sc_tile_steering_override;
	uint64_t tcc_disabled_mask;
};
_Static_assert(sizeof(struct drm_amdgpu_info_device) == 368, "drm_amdgpu_info_device");

/* drm_copy_field: copy what fits, report the whole length. */
static int copy_field(uint64_t *len, uint64_t buf, const char *value)
{
	size_t n = strlen(value), c = n < *len ? n : (size_t)*len;

	*len = n;
	if (c && buf && kfdsim_copy_to_user(buf, value, c))
		return -EFAULT;
	return 0;
}

static int version(struct drm_version_args *v)
{
	v->version_major = 3;		/* KMS_DRIVER_MAJOR */
	v->version_minor = 49;		/* KMS_DRIVER_MINOR, Linux 6.1 */
	v->version_patchlevel = 0;
	if (copy_field(&v->name_len, v->name, "amdgpu") ||
	    copy_field(&v->date_len, v->date, "20150101") ||
	    copy_field(&v->desc_len, v->desc, "AMD GPU"))
		return -EFAULT;
	return 0;
}

static void dev_info(unsigned gi, struct drm_amdgpu_info_device *d)
{
	const struct kfdsim_gpu *g = kfdsim_gpu(gi);
	const struct bh_sim_target *t = g->target;
	unsigned se = kfdsim_array_count(g);

	memset(d, 0, sizeof(*d));
	d->device_id = g->device_id;
	d->chip_rev = 0;
	d->pci_rev = t->gfx == BH_SIM_GFX942 ? 0 : 2;	/* the PCI dir's revision */
	d->external_rev = d->chip_rev + 0x3c;		/* aldebaran: rev_id + 0x3C */
	d->family = AMDGPU_FAMILY_AI;
	d->num_shader_engines = se;
	d->num_shader_arrays_per_engine = 1;
	d->gpu_counter_freq = (uint32_t)(t->timestamp_hz / 1000);	/* kHz */
	d->max_engine_clock = t->clock_hz / 1000;			/* kHz */
	d->max_memory_clock = 1600000;				/* kHz (mem_clk_max) */
	d->cu_active_number = g->num_cus;
	for (unsigned i = 0; i < se && i < 16; i++) {
		unsigned per = g->num_cus / se + (i < g->num_cus % se);

		d->cu_bitmap[i % 4][i / 4] = per >= 32 ? ~0u : (1u << per) - 1;
	}
	d->num_hw_gfx_contexts = 8;
	d->virtual_address_offset = 1ull << 20;		/* AMDGPU_VA_RESERVED_SIZE */
	d->virtual_address_max = 1ull << 47;		/* AMDGPU_GMC_HOLE_START */
	d->virtual_address_alignment = 4096;
	d->pte_fragment_size = 2u << 20;
	d->gart_page_size = 4096;
	d->vram_type = AMDGPU_VRAM_TYPE_HBM;
	d->vram_bit_width = 4096;
	d->wave_front_size = t->wave_size;
	d->num_shader_visible_vgprs = 256;
	d->num_cu_per_sh = g->num_cus / se;
	d->num_tcc_blocks = 16;
	d->high_va_offset = 0xffff800000000000ull;	/* AMDGPU_GMC_HOLE_END */
	d->high_va_max = 0xffff800000000000ull | (1ull << 47);
}

static int info(unsigned gi, struct drm_amdgpu_info_args *a)
{
	uint32_t size = a->return_size;
	uint64_t out = a->return_pointer;

	if (!size || !out)
		return -EINVAL;
	switch (a->query) {
	case AMDGPU_INFO_ACCEL_WORKING: {
		uint32_t one = 1;

		return kfdsim_copy_to_user(out, &one, size < 4 ? size : 4) ? -EFAULT : 0;
	}
	case AMDGPU_INFO_DEV_INFO: {
		struct drm_amdgpu_info_device d;

		dev_info(gi, &d);
		return kfdsim_copy_to_user(out, &d, size < sizeof(d) ? size : sizeof(d)) ?
			       -EFAULT : 0;
	}
	case AMDGPU_INFO_READ_MMR_REG: {
		/* Only registers amdgpu lets user space read; of those, the
		 * one libdrm asks for. */
		uint32_t v = GB_ADDR_CONFIG_GOLDEN;

		if (a->read_mmr_reg.dword_offset != GB_ADDR_CONFIG || a->read_mmr_reg.count != 1)
			return -EINVAL;
		if (size < 4)
			return -EINVAL;
		return kfdsim_copy_to_user(out, &v, 4) ? -EFAULT : 0;
	}
	default:
		return -EINVAL;
	}
}

int kfdsim_drm_ioctl(unsigned gi, unsigned long request, void *arg)
{
	unsigned nr = _IOC_NR(request), size = _IOC_SIZE(request);
	int ret;

	if (_IOC_TYPE(request) != DRM_IOCTL_BASE) {
		errno = ENOTTY;
		return -1;
	}
	if (nr == 0x00 && size >= sizeof(struct drm_version_args)) {
		struct drm_version_args v;

		if (kfdsim_copy_from_user(&v, (uintptr_t)arg, sizeof(v))) {
			errno = EFAULT;
			return -1;
		}
		ret = version(&v);
		if (!ret && kfdsim_copy_to_user((uintptr_t)arg, &v, sizeof(v)))
			ret = -EFAULT;
	} else if (nr == DRM_COMMAND_BASE + DRM_AMDGPU_INFO &&
		   size >= sizeof(struct drm_amdgpu_info_args)) {
		struct drm_amdgpu_info_args a;

		if (kfdsim_copy_from_user(&a, (uintptr_t)arg, sizeof(a))) {
			errno = EFAULT;
			return -1;
		}
		ret = info(gi, &a);
	} else {
		ret = -ENOTTY;		/* not modelled */
	}
	if (ret) {
		errno = -ret;
		return -1;
	}
	return 0;
}
