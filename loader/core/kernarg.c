// SPDX-License-Identifier: MIT
/*
 * Launch validation and the kernarg segment: explicit arguments from
 * .args, then every hidden v5 argument the metadata lists, filled from
 * the launch (docs/facts/dispatch.md §4).  Bytes no argument covers are zero.
 */
#include "internal.h"

static const char dim_name[3] = { 'x', 'y', 'z' };

static uint32_t div_up(uint32_t a, uint32_t b)
{
	return b ? (uint32_t)(((uint64_t)a + b - 1) / b) : 0;
}

void bh_describe_launch(char *buf, size_t size, const struct bh_kernel *k,
			const struct bh_launch *l)
{
	bh_snprintf(buf, size, "kernel '%s' grid (%u,%u,%u) block (%u,%u,%u)",
		    k && k->name ? k->name : "(null)",
		    div_up(l->grid[0], l->block[0]), div_up(l->grid[1], l->block[1]),
		    div_up(l->grid[2], l->block[2]),
		    l->block[0], l->block[1], l->block[2]);
}

/* The launch description is formatted only when there is an error. */
static int launch_fail(struct bh_error *err, int code, const struct bh_kernel *k,
		       const struct bh_launch *l, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));

static int launch_fail(struct bh_error *err, int code, const struct bh_kernel *k,
		       const struct bh_launch *l, const char *fmt, ...)
{
	char what[256], why[256];
	va_list ap;

	bh_describe_launch(what, sizeof(what), k, l);
	va_start(ap, fmt);
	vsnprintf(why, sizeof(why), fmt, ap);
	va_end(ap);
	return bh_fail(err, code, "%s: %s", what, why);
}

int bh_launch_validate(const struct bh_device *dev, const struct bh_kernel *k,
		       const struct bh_launch *l, struct bh_error *err)
{
	uint64_t threads = 1;

	if (!k)
		return bh_fail(err, BH_EINVAL, "launch of a null kernel");
	for (int d = 0; d < 3; d++) {
		if (l->block[d] == 0 || l->grid[d] == 0)
			return launch_fail(err, BH_EINVAL, k, l, "%s.%c is zero",
					   l->block[d] == 0 ? "block" : "grid", dim_name[d]);
		threads *= l->block[d];
		if (l->block[d] > 1024)
			return launch_fail(err, BH_EINVAL, k, l,
					   "block.%c = %u exceeds the device limit 1024",
					   dim_name[d], l->block[d]);
		if (k->reqd_workgroup_size[d] && l->block[d] != k->reqd_workgroup_size[d])
			return launch_fail(err, BH_EINVAL, k, l,
					   "block.%c = %u but the kernel requires "
					   "reqd_work_group_size %u", dim_name[d],
					   l->block[d], k->reqd_workgroup_size[d]);
	}
	if (threads > dev->info.max_workgroup_size)
		return launch_fail(err, BH_EINVAL, k, l,
				   "%llu threads per block exceed the device limit %u",
				   (unsigned long long)threads, dev->info.max_workgroup_size);
	if (threads > k->max_flat_workgroup_size)
		return launch_fail(err, BH_EBOUNDS, k, l,
				   "%llu threads per block exceed the kernel's "
				   "__launch_bounds__ (max_flat_workgroup_size %u)",
				   (unsigned long long)threads, k->max_flat_workgroup_size);
	uint64_t lds = (uint64_t)k->group_segment_fixed_size + l->dynamic_lds;

	if (lds > dev->info.lds_size)
		return launch_fail(err, BH_ERANGE, k, l,
				   "%llu bytes of LDS (%u static + %u dynamic) exceed "
				   "the device's %u", (unsigned long long)lds,
				   k->group_segment_fixed_size, l->dynamic_lds,
				   dev->info.lds_size);
	if (l->raw_args && l->raw_size != k->explicit_size)
		return launch_fail(err, BH_EINVAL, k, l,
				   "%zu bytes of arguments given, the kernel takes %u",
				   l->raw_size, k->explicit_size);
	if (!l->raw_args && !l->args && k->nexplicit)
		return launch_fail(err, BH_EINVAL, k, l,
				   "the kernel takes %u arguments, none given", k->nexplicit);
	return 0;
}

/* Store the low @size bytes of @v little-endian at @p. */
static void put(uint8_t *p, uint32_t size, uint64_t v)
{
	for (uint32_t i = 0; i < size && i < 8; i++)
		p[i] = (uint8_t)(v >> (8 * i));
}


int bh_kernarg_build(const struct bh_kernel *k, const struct bh_launch *l,
		     uint8_t *out, size_t out_size, struct bh_error *err)
{
	return bh_kernarg_build_ex(k, l, NULL, out, out_size, err);
}

int bh_kernarg_build_ex(const struct bh_kernel *k, const struct bh_launch *l,
			const struct bh_hidden_ptrs *h, uint8_t *out, size_t out_size,
			struct bh_error *err)
{
	if (out_size < k->kernarg_size)
		return bh_fail(err, BH_ERANGE,
			       "kernel '%s': %u bytes of kernarg exceed the %zu-byte slot",
			       k->name, k->kernarg_size, out_size);
	memset(out, 0, k->kernarg_size);
	if (l->raw_args) {
		memcpy(out, l->raw_args, l->raw_size);
	} else {
		for (unsigned i = 0; i < k->nexplicit; i++) {
			const struct bh_kernel_arg *a = &k->args[i];

			if (!l->args[i])
				return bh_fail(err, BH_EINVAL,
					       "kernel '%s': argument %u is a null pointer",
					       k->name, i);
			memcpy(out + a->offset, l->args[i], a->size);
		}
	}
	/*
	 * The values of the hidden kinds a launch decides, computed once (a
	 * table lookup per argument, not a switch with divisions).  Block
	 * counts are full workgroups only; the partial one is the remainder.
	 * Global offsets are 0 for HIP.  The hostcall buffer has no
	 * provider (barehip's firmware never calls the host): 0, so that any
	 * use faults visibly; so is the multigrid record outside a
	 * cooperative launch.
	 */
	uint64_t vals[BH_ARG_KIND_COUNT] = { 0 };

	for (int d = 0; d < 3; d++) {
		vals[BH_ARG_HIDDEN_BLOCK_COUNT_X + d] = l->grid[d] / l->block[d];
		vals[BH_ARG_HIDDEN_GROUP_SIZE_X + d] = l->block[d];
		vals[BH_ARG_HIDDEN_REMAINDER_X + d] = l->grid[d] % l->block[d];
	}
	vals[BH_ARG_HIDDEN_GRID_DIMS] = l->grid[2] > 1 || l->block[2] > 1 ? 3 :
					l->grid[1] > 1 || l->block[1] > 1 ? 2 : 1;
	vals[BH_ARG_HIDDEN_DYNAMIC_LDS_SIZE] = l->dynamic_lds;
	vals[BH_ARG_HIDDEN_PRINTF_BUFFER] = h ? h->printf_buffer : 0;
	vals[BH_ARG_HIDDEN_QUEUE_PTR] = h ? h->queue_ptr : 0;
	vals[BH_ARG_HIDDEN_HEAP_V1] = h ? h->heap : 0;
	vals[BH_ARG_HIDDEN_MULTIGRID_SYNC_ARG] = h ? h->multigrid_sync : 0;
	for (unsigned i = k->nexplicit; i < k->nargs; i++) {
		const struct bh_kernel_arg *a = &k->args[i];
		uint64_t v = (unsigned)a->kind < BH_ARG_KIND_COUNT ? vals[a->kind] : 0;
		uint8_t *p = out + a->offset;

		switch (a->size) {
		case 2: bh_wr16(p, (uint16_t)v); break;
		case 4: bh_wr32(p, (uint32_t)v); break;
		case 8: bh_wr64(p, v); break;
		default: put(p, a->size, v); break;
		}
	}
	return 0;
}
