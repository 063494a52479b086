// SPDX-License-Identifier: MIT
/*
 * NT_AMDGPU_METADATA (code object v4/v5): the msgpack map with
 * amdhsa.version, amdhsa.target and amdhsa.kernels (docs/facts/dispatch.md §1.3).
 * Unknown keys are skipped; missing required keys and argument kinds the
 * loader cannot fill are errors.
 */
#include "internal.h"
#include "msgpack.h"

static const struct {
	const char *name;
	enum bh_arg_kind kind;
} arg_kinds[] = {
	{ "by_value", BH_ARG_BY_VALUE },
	{ "global_buffer", BH_ARG_GLOBAL_BUFFER },
	{ "dynamic_shared_pointer", BH_ARG_DYNAMIC_SHARED_POINTER },
	{ "hidden_none", BH_ARG_HIDDEN_NONE },
	{ "hidden_block_count_x", BH_ARG_HIDDEN_BLOCK_COUNT_X },
	{ "hidden_block_count_y", BH_ARG_HIDDEN_BLOCK_COUNT_Y },
	{ "hidden_block_count_z", BH_ARG_HIDDEN_BLOCK_COUNT_Z },
	{ "hidden_group_size_x", BH_ARG_HIDDEN_GROUP_SIZE_X },
	{ "hidden_group_size_y", BH_ARG_HIDDEN_GROUP_SIZE_Y },
	{ "hidden_group_size_z", BH_ARG_HIDDEN_GROUP_SIZE_Z },
	{ "hidden_remainder_x", BH_ARG_HIDDEN_REMAINDER_X },
	{ "hidden_remainder_y", BH_ARG_HIDDEN_REMAINDER_Y },
	{ "hidden_remainder_z", BH_ARG_HIDDEN_REMAINDER_Z },
	{ "hidden_global_offset_x", BH_ARG_HIDDEN_GLOBAL_OFFSET_X },
	{ "hidden_global_offset_y", BH_ARG_HIDDEN_GLOBAL_OFFSET_Y },
	{ "hidden_global_offset_z", BH_ARG_HIDDEN_GLOBAL_OFFSET_Z },
	{ "hidden_grid_dims", BH_ARG_HIDDEN_GRID_DIMS },
	{ "hidden_printf_buffer", BH_ARG_HIDDEN_PRINTF_BUFFER },
	{ "hidden_hostcall_buffer", BH_ARG_HIDDEN_HOSTCALL_BUFFER },
	{ "hidden_multigrid_sync_arg", BH_ARG_HIDDEN_MULTIGRID_SYNC_ARG },
	{ "hidden_heap_v1", BH_ARG_HIDDEN_HEAP_V1 },
	{ "hidden_default_queue", BH_ARG_HIDDEN_DEFAULT_QUEUE },
	{ "hidden_completion_action", BH_ARG_HIDDEN_COMPLETION_ACTION },
	{ "hidden_dynamic_lds_size", BH_ARG_HIDDEN_DYNAMIC_LDS_SIZE },
	{ "hidden_private_base", BH_ARG_HIDDEN_PRIVATE_BASE },
	{ "hidden_shared_base", BH_ARG_HIDDEN_SHARED_BASE },
	{ "hidden_queue_ptr", BH_ARG_HIDDEN_QUEUE_PTR },
};

static bool is_hidden(enum bh_arg_kind k)
{
	return k >= BH_ARG_HIDDEN_NONE;
}

/* Reads a u32-sized integer. */
static bool read_u32(struct mp_cursor *mp, uint32_t *out)
{
	uint64_t v;

	if (!mp_read_uint(mp, &v) || v > 0xffffffffu)
		return false;
	*out = (uint32_t)v;
	return true;
}

static int bad(struct bh_error *err, const char *what, const char *kernel)
{
	return bh_fail(err, BH_ENOEXEC, "metadata: %s%s%s%s", what,
		       kernel ? " in kernel '" : "", kernel ? kernel : "",
		       kernel ? "'" : "");
}

static int parse_arg(struct mp_cursor *mp, struct bh_kernel_arg *a,
		     const char *kname, struct bh_error *err)
{
	uint32_t n, len;
	const char *key, *s;
	bool have_offset = false, have_size = false, have_kind = false;

	if (!mp_read_map(mp, &n))
		return bad(err, "an .args entry is not a map", kname);
	for (uint32_t i = 0; i < n; i++) {
		if (!mp_read_str(mp, &key, &len))
			return bad(err, "an .args key is not a string", kname);
		if (mp_str_eq(key, len, ".offset")) {
			have_offset = read_u32(mp, &a->offset);
		} else if (mp_str_eq(key, len, ".size")) {
			have_size = read_u32(mp, &a->size);
		} else if (mp_str_eq(key, len, ".value_kind")) {
			if (!mp_read_str(mp, &s, &len))
				return bad(err, ".value_kind is not a string", kname);
			for (unsigned k = 0; k < BH_ARRAY_SIZE(arg_kinds); k++)
				if (mp_str_eq(s, len, arg_kinds[k].name)) {
					a->kind = arg_kinds[k].kind;
					have_kind = true;
				}
			if (!have_kind)
				return bh_fail(err, BH_ENOTSUP,
					       "kernel '%s': argument kind '%.*s' is not "
					       "supported", kname, (int)len, s);
		} else if (!mp_skip(mp)) {
			return bad(err, "malformed .args entry", kname);
		}
		if (mp->bad)
			return bad(err, "malformed .args entry", kname);
	}
	if (!have_offset || !have_size || !have_kind)
		return bad(err, "an argument lacks .offset, .size or .value_kind", kname);
	return 0;
}

static int parse_args(struct bh_codeobj *co, struct mp_cursor *mp,
		      struct bh_kernel *k, struct bh_error *err)
{
	uint32_t n;

	if (k->args)
		return bad(err, "duplicate .args", k->name);
	if (!mp_read_array(mp, &n) || n > 4096)
		return bad(err, ".args is not a sane array", k->name);
	k->args = bh_zalloc(co->dev, n * sizeof(*k->args));
	if (!k->args)
		return bh_fail(err, BH_ENOMEM, "out of host memory");
	k->nargs = n;
	for (uint32_t i = 0; i < n; i++) {
		int ret = parse_arg(mp, &k->args[i], k->name ? k->name : "?", err);

		if (ret)
			return ret;
	}
	return 0;
}

/* Checks that need every key: run after the whole kernel map is read. */
static int check_kernel(struct bh_kernel *k, struct bh_error *err)
{
	bool hidden_seen = false;

	k->nexplicit = 0;
	k->explicit_size = 0;
	k->arg_kinds = 0;
	for (unsigned i = 0; i < k->nargs; i++) {
		const struct bh_kernel_arg *a = &k->args[i];

		if ((unsigned)a->kind < 64)
			k->arg_kinds |= 1ull << a->kind;

		if (a->size == 0 || a->offset > k->kernarg_size ||
		    a->size > k->kernarg_size - a->offset)
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': argument %u (offset %u size %u) lies "
				       "outside the %u-byte kernarg segment",
				       k->name, i, a->offset, a->size, k->kernarg_size);
		if (is_hidden(a->kind)) {
			hidden_seen = true;
			continue;
		}
		if (hidden_seen)
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': explicit argument %u follows hidden ones",
				       k->name, i);
		k->nexplicit++;
		k->explicit_size = BH_MAX(k->explicit_size, a->offset + a->size);
	}
	if (k->kernarg_align == 0 || (k->kernarg_align & (k->kernarg_align - 1)) ||
	    k->kernarg_align > 256)
		return bh_fail(err, BH_ENOEXEC, "kernel '%s': bad kernarg alignment %u",
			       k->name, k->kernarg_align);
	return 0;
}

/*
 * amdhsa.printf (buffered printf, clang -mprintf-kind=buffered): strings
 * "<id>:<n>:<hash>,<format>" where <hash> is the value each record
 * carries after its control dword: LLVM's MD5Hash of the format (the low
 * 64 bits of its MD5, read little-endian), written in hex without leading
 * zeros -- 1 to 16 digits (e.g. "0:0:659f5212069e522,..." for
 * "printf hash probe 34: %d\n").
 */
static int parse_printf(struct bh_codeobj *co, struct mp_cursor *mp, struct bh_error *err)
{
	uint32_t cnt, len;
	const char *s;

	if (co->printf_fmts || !mp_read_array(mp, &cnt) || cnt > 65536)
		return bad(err, "amdhsa.printf is not a sane array", NULL);
	co->printf_fmts = bh_zalloc(co->dev, (size_t)(cnt ? cnt : 1) * sizeof(*co->printf_fmts));
	if (!co->printf_fmts)
		return bh_fail(err, BH_ENOMEM, "out of host memory");
	co->nprintf = cnt;
	for (uint32_t i = 0; i < cnt; i++) {
		uint32_t colons = 0, p = 0, digits = 0;
		uint64_t hash = 0;

		if (!mp_read_str(mp, &s, &len))
			return bad(err, "an amdhsa.printf entry is not a string", NULL);
		while (p < len && colons < 2)
			colons += s[p++] == ':';
		if (colons != 2)
			return bad(err, "an amdhsa.printf entry is not \"id:n:hash,format\"", NULL);
		for (; p < len && s[p] != ','; p++, digits++) {
			char c = s[p];
			unsigned v = c >= '0' && c <= '9' ? (unsigned)(c - '0') :
				     c >= 'a' && c <= 'f' ? (unsigned)(c - 'a' + 10) :
				     c >= 'A' && c <= 'F' ? (unsigned)(c - 'A' + 10) : 16;

			if (v == 16 || digits == 16)
				return bad(err, "an amdhsa.printf entry's hash is not 1 to 16 hex "
					   "digits", NULL);
			hash = hash << 4 | v;
		}
		if (!digits)
			return bad(err, "an amdhsa.printf entry has no hash", NULL);
		if (p >= len || s[p] != ',')
			return bad(err, "an amdhsa.printf entry is not \"id:n:hash,format\"", NULL);
		p++;
		co->printf_fmts[i].hash = hash;
		co->printf_fmts[i].fmt = bh_codeobj_strdup(co, s + p, len - p);
		if (!co->printf_fmts[i].fmt)
			return bh_fail(err, BH_ENOMEM, "out of host memory");
	}
	return 0;
}

/* Required keys (AMDGPUUsage code object v3+ metadata), as bits. */
enum { REQ_NAME = 1, REQ_SYMBOL = 2, REQ_KARG_SIZE = 4, REQ_KARG_ALIGN = 8,
       REQ_WAVE = 16, REQ_ALL = 31 };

static int parse_kernel(struct bh_codeobj *co, struct mp_cursor *mp,
			struct bh_kernel *k, struct bh_error *err)
{
	uint32_t n, len, cnt;
	const char *key, *s;
	unsigned required = 0;
	int ret;

	if (!mp_read_map(mp, &n))
		return bad(err, "an amdhsa.kernels entry is not a map", NULL);
	k->codeobj = co;
	k->max_flat_workgroup_size = 1024;
	for (uint32_t i = 0; i < n; i++) {
		bool ok = true;

		if (!mp_read_str(mp, &key, &len))
			return bad(err, "a kernel key is not a string", k->name);
		if (mp_str_eq(key, len, ".name") || mp_str_eq(key, len, ".symbol")) {
			bool is_name = key[1] == 'n';

			ok = mp_read_str(mp, &s, &len);
			if (ok) {
				const char *d = bh_codeobj_strdup(co, s, len);

				if (!d)
					return bh_fail(err, BH_ENOMEM, "out of host memory");
				*(is_name ? &k->name : &k->symbol) = d;
				required |= is_name ? REQ_NAME : REQ_SYMBOL;
			}
		} else if (mp_str_eq(key, len, ".kernarg_segment_size")) {
			ok = read_u32(mp, &k->kernarg_size);
			required |= REQ_KARG_SIZE;
		} else if (mp_str_eq(key, len, ".kernarg_segment_align")) {
			ok = read_u32(mp, &k->kernarg_align);
			required |= REQ_KARG_ALIGN;
		} else if (mp_str_eq(key, len, ".group_segment_fixed_size")) {
			ok = read_u32(mp, &k->group_segment_fixed_size);
		} else if (mp_str_eq(key, len, ".private_segment_fixed_size")) {
			ok = read_u32(mp, &k->private_segment_fixed_size);
		} else if (mp_str_eq(key, len, ".wavefront_size")) {
			ok = read_u32(mp, &k->wavefront_size);
			required |= REQ_WAVE;
		} else if (mp_str_eq(key, len, ".sgpr_count")) {
			ok = read_u32(mp, &k->sgpr_count);
		} else if (mp_str_eq(key, len, ".vgpr_count")) {
			ok = read_u32(mp, &k->vgpr_count);
		} else if (mp_str_eq(key, len, ".agpr_count")) {
			ok = read_u32(mp, &k->agpr_count);
		} else if (mp_str_eq(key, len, ".max_flat_workgroup_size")) {
			ok = read_u32(mp, &k->max_flat_workgroup_size);
		} else if (mp_str_eq(key, len, ".uses_dynamic_stack")) {
			ok = mp_read_bool(mp, &k->uses_dynamic_stack);
		} else if (mp_str_eq(key, len, ".reqd_workgroup_size")) {
			ok = mp_read_array(mp, &cnt) && cnt == 3 &&
			     read_u32(mp, &k->reqd_workgroup_size[0]) &&
			     read_u32(mp, &k->reqd_workgroup_size[1]) &&
			     read_u32(mp, &k->reqd_workgroup_size[2]);
		} else if (mp_str_eq(key, len, ".kind")) {
			ok = mp_read_str(mp, &s, &len);
			if (ok && mp_str_eq(s, len, "init"))
				k->kind = BH_KERNEL_INIT;
			else if (ok && mp_str_eq(s, len, "fini"))
				k->kind = BH_KERNEL_FINI;
			else if (ok && !mp_str_eq(s, len, "normal"))
				return bh_fail(err, BH_ENOEXEC, "kernel '%s': unknown .kind '%.*s'",
					       k->name ? k->name : "?", (int)len, s);
		} else if (mp_str_eq(key, len, ".args")) {
			ret = parse_args(co, mp, k, err);
			if (ret)
				return ret;
		} else {
			ok = mp_skip(mp);
		}
		if (!ok || mp->bad)
			return bad(err, "a kernel field has the wrong type", k->name);
	}
	if (required != REQ_ALL)
		return bad(err, "a kernel lacks .name, .symbol, .kernarg_segment_size, "
			   ".kernarg_segment_align or .wavefront_size", k->name);
	return check_kernel(k, err);
}

int bh_metadata_parse(struct bh_codeobj *co, const uint8_t *note, size_t size,
		      struct bh_error *err)
{
	struct mp_cursor mp;
	uint32_t n, len, cnt;
	const char *key, *s;
	bool have_kernels = false;
	int ret;

	mp_init(&mp, note, size);
	if (!mp_read_map(&mp, &n))
		return bad(err, "the note is not a msgpack map", NULL);
	for (uint32_t i = 0; i < n; i++) {
		if (!mp_read_str(&mp, &key, &len))
			return bad(err, "a top-level key is not a string", NULL);
		if (mp_str_eq(key, len, "amdhsa.target")) {
			if (!mp_read_str(&mp, &s, &len))
				return bad(err, "amdhsa.target is not a string", NULL);
			len = BH_MIN(len, (uint32_t)sizeof(co->target) - 1);
			memcpy(co->target, s, len);
			co->target[len] = 0;
		} else if (mp_str_eq(key, len, "amdhsa.kernels")) {
			if (have_kernels || !mp_read_array(&mp, &cnt) || cnt > 65536)
				return bad(err, "amdhsa.kernels is not a sane array", NULL);
			co->kernels = bh_zalloc(co->dev, (size_t)cnt * sizeof(*co->kernels));
			if (!co->kernels)
				return bh_fail(err, BH_ENOMEM, "out of host memory");
			co->nkernels = cnt;
			have_kernels = true;
			for (uint32_t k = 0; k < cnt; k++) {
				ret = parse_kernel(co, &mp, &co->kernels[k], err);
				if (ret)
					return ret;
			}
		} else if (mp_str_eq(key, len, "amdhsa.printf")) {
			ret = parse_printf(co, &mp, err);
			if (ret)
				return ret;
		} else if (!mp_skip(&mp)) {
			return bad(err, "malformed top-level value", NULL);
		}
	}
	if (!have_kernels)
		return bad(err, "no amdhsa.kernels", NULL);
	return 0;
}
