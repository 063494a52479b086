// SPDX-License-Identifier: MIT
/*
 * barehip-run: launch one kernel of a code object with arguments from the
 * command line -- the smallest way to run GPU code with barehip (the
 * loader alone, no HIP runtime).
 *
 *   barehip-run CODEOBJ KERNEL [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]] [--lds BYTES]
 *               [--arg TYPE=VALUE]... [--dump N[:FORMAT[:COUNT]]]...
 *   barehip-run CODEOBJ --list
 *
 * --grid counts workgroups (HIP's gridDim), --block work-items per
 * workgroup.  Each --arg is the next explicit kernel argument:
 *   i8 i16 i32 i64 u8 u16 u32 u64 f32 f64 =VALUE   a scalar
 *   buf=BYTES                                     a zeroed device buffer
 *   buf=@FILE                                     a buffer holding FILE
 * --dump prints argument N's buffer after the kernel ends, as hex bytes
 * (default) or i32, u32, i64, u64, f32 or f64 values (COUNT of them).
 * Device printf output appears as the kernel ends; errors name the kernel,
 * the dimensions and the cause, and set the exit status.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bh/backends.h>
#include <bh/loader.h>

#define MAX_ARGS 64
#define MAX_DUMPS 16

struct arg {
	char type[8];
	size_t size;		/* bytes in the kernarg */
	uint8_t value[8];
	struct bh_mem mem;	/* buffers */
	size_t bytes;		/* as asked for (the allocation may be larger) */
	bool is_buf;
};

static const char *prog = "barehip-run";

static void die(const char *fmt, const char *a, const char *b)
{
	fprintf(stderr, "%s: ", prog);
	fprintf(stderr, fmt, a, b);
	fputc('\n', stderr);
	exit(2);
}

static void usage(void)
{
	fprintf(stderr, "usage: %s CODEOBJ KERNEL [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]] "
		"[--lds BYTES] [--arg TYPE=VALUE]... [--dump N[:FORMAT[:COUNT]]]...\n"
		"       %s CODEOBJ --list\n", prog, prog);
	exit(2);
}

static void parse_dims(const char *s, uint32_t d[3], const char *what)
{
	char *end;

	d[0] = d[1] = d[2] = 1;
	for (int i = 0; i < 3; i++) {
		errno = 0;
		unsigned long v = strtoul(s, &end, 0);

		if (errno || end == s || v == 0 || v > 0xffffffffu)
			die("bad %s '%s' (want X[,Y[,Z]], each 1..2^32-1)", what, s);
		d[i] = (uint32_t)v;
		if (!*end)
			return;
		if (*end != ',' || i == 2)
			die("bad %s '%s' (want X[,Y[,Z]], each 1..2^32-1)", what, s);
		s = end + 1;
	}
}

static void *read_file(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	void *buf = NULL;
	long n = 0;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die("cannot read %s: %s", path, strerror(errno));
	buf = malloc(n ? (size_t)n : 1);
	if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n)
		die("cannot read %s: %s", path, strerror(errno));
	fclose(f);
	*size = (size_t)n;
	return buf;
}

/* TYPE=VALUE into @a; buffers are allocated later. */
static void parse_arg(const char *s, struct arg *a)
{
	static const struct { const char *name; size_t size; char kind; } types[] = {
		{ "i8", 1, 'i' }, { "i16", 2, 'i' }, { "i32", 4, 'i' }, { "i64", 8, 'i' },
		{ "u8", 1, 'u' }, { "u16", 2, 'u' }, { "u32", 4, 'u' }, { "u64", 8, 'u' },
		{ "f32", 4, 'f' }, { "f64", 8, 'f' }, { "buf", 8, 'b' },
	};
	const char *eq = strchr(s, '=');

	if (!eq)
		die("bad --arg '%s' (want TYPE=VALUE)%s", s, "");
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (strlen(types[i].name) != (size_t)(eq - s) || strncmp(s, types[i].name, (size_t)(eq - s)))
			continue;
		const char *v = eq + 1;
		char *end;

		snprintf(a->type, sizeof(a->type), "%s", types[i].name);
		a->size = types[i].size;
		errno = 0;
		if (types[i].kind == 'b') {
			a->is_buf = true;
			return;
		} else if (types[i].kind == 'f') {
			double d = strtod(v, &end);
			float f = (float)d;

			if (types[i].size == 4)
				memcpy(a->value, &f, 4);
			else
				memcpy(a->value, &d, 8);
		} else {
			uint64_t u = types[i].kind == 'i' ? (uint64_t)strtoll(v, &end, 0)
							  : strtoull(v, &end, 0);

			memcpy(a->value, &u, 8);	/* little-endian: low bytes first */
		}
		if (errno || end == v || *end)
			die("bad value in --arg '%s'%s", s, "");
		return;
	}
	die("unknown type in --arg '%s' (i8..i64, u8..u64, f32, f64, buf)%s", s, "");
}

static void dump(const struct arg *a, unsigned n, const char *spec)
{
	const char *fmt = spec && *spec ? spec : "hex";
	const char *colon = strchr(fmt, ':');
	size_t flen = colon ? (size_t)(colon - fmt) : strlen(fmt);
	size_t elem = !strncmp(fmt, "hex", flen) ? 1 : (!strncmp(fmt, "i64", flen) ||
		      !strncmp(fmt, "u64", flen) || !strncmp(fmt, "f64", flen)) ? 8 : 4;
	size_t count = a->bytes / elem;

	if (colon)
		count = (size_t)strtoull(colon + 1, NULL, 0);
	if (count > a->bytes / elem)
		count = a->bytes / elem;
	printf("arg %u (%zu bytes, %.*s):", n, a->bytes, (int)flen, fmt);
	for (size_t i = 0; i < count; i++) {
		const uint8_t *p = (const uint8_t *)a->mem.cpu + i * elem;

		if (i % (elem == 1 ? 16 : 8) == 0)
			printf("\n  %6zu:", i * elem);
		if (elem == 1) {
			printf(" %02x", *p);
		} else if (!strncmp(fmt, "f32", flen)) {
			float f;

			memcpy(&f, p, 4);
			printf(" %.9g", f);
		} else if (!strncmp(fmt, "f64", flen)) {
			double d;

			memcpy(&d, p, 8);
			printf(" %.17g", d);
		} else if (elem == 8) {
			uint64_t v;

			memcpy(&v, p, 8);
			printf(fmt[0] == 'i' ? " %lld" : " %llu", (unsigned long long)v);
		} else {
			uint32_t v;

			memcpy(&v, p, 4);
			if (fmt[0] == 'i')
				printf(" %d", (int32_t)v);
			else
				printf(" %u", v);
		}
	}
	printf("\n");
}

static void list(const struct bh_codeobj *co)
{
	for (unsigned i = 0; i < bh_codeobj_kernel_count(co); i++) {
		const struct bh_kernel *k = bh_codeobj_kernel(co, i);

		printf("%s (%u explicit argument bytes", k->name, k->explicit_size);
		for (unsigned a = 0; a < k->nexplicit; a++)
			printf("%s%u@%u", a ? ", " : ": ", k->args[a].size, k->args[a].offset);
		printf("; max %u threads per block)\n", k->max_flat_workgroup_size);
	}
}

int main(int argc, char **argv)
{
	struct arg args[MAX_ARGS] = { 0 };
	const char *dumps[MAX_DUMPS];
	unsigned nargs = 0, ndumps = 0, dump_idx[MAX_DUMPS];
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 1, 1, 1 };
	unsigned long lds = 0;
	bool want_list = false;
	const char *path, *kname = NULL;

	if (argc < 3)
		usage();
	path = argv[1];
	for (int i = 2; i < argc; i++) {
		const char *o = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(o, "--list")) {
			want_list = true;
		} else if (!strcmp(o, "--grid") && v) {
			parse_dims(v, grid, "--grid"), i++;
		} else if (!strcmp(o, "--block") && v) {
			parse_dims(v, block, "--block"), i++;
		} else if (!strcmp(o, "--lds") && v) {
			lds = strtoul(v, NULL, 0), i++;
		} else if (!strcmp(o, "--arg") && v) {
			if (nargs == MAX_ARGS)
				die("more than %s arguments%s", "64", "");
			parse_arg(v, &args[nargs++]), i++;
		} else if (!strcmp(o, "--dump") && v) {
			if (ndumps == MAX_DUMPS)
				die("more than %s --dump options%s", "16", "");
			dump_idx[ndumps] = (unsigned)strtoul(v, NULL, 0);
			dumps[ndumps++] = strchr(v, ':') ? strchr(v, ':') + 1 : NULL;
			i++;
		} else if (o[0] != '-' && !kname) {
			kname = o;
		} else {
			usage();
		}
	}

	size_t size;
	void *image = read_file(path, &size);
	struct bh_error err = { 0 };
	struct bh_platform *plat = bh_platform_new(&err);
	struct bh_device *dev = NULL;
	struct bh_queue *q = NULL;
	struct bh_codeobj *co = NULL;
	int status = 1;

	if (!plat || bh_device_open(&dev, plat, &err) || bh_queue_create(dev, &q, &err) ||
	    bh_codeobj_load(dev, image, size, &co, &err)) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, err.message);
		goto out;
	}
	if (want_list) {
		list(co);
		status = 0;
		goto out;
	}
	/* Device global constructors, as a HIP runtime runs them at load. */
	if (bh_queue_run_init_kernels(q, co, &err)) {
		fprintf(stderr, "%s: %s\n", prog, err.message);
		goto out;
	}
	if (!kname)
		usage();
	const struct bh_kernel *k = bh_codeobj_find_kernel(co, kname);

	if (!k) {
		fprintf(stderr, "%s: no kernel '%s' in %s (--list shows them)\n", prog, kname, path);
		goto out;
	}
	if (nargs != k->nexplicit) {
		fprintf(stderr, "%s: kernel '%s' takes %u arguments, %u given\n", prog, k->name,
			k->nexplicit, nargs);
		goto out;
	}
	uint8_t *raw = calloc(1, k->explicit_size ? k->explicit_size : 1);

	if (!raw)
		goto out;
	for (unsigned i = 0; i < nargs; i++) {
		const struct bh_kernel_arg *ka = &k->args[i];
		struct arg *a = &args[i];

		if (a->size != ka->size) {
			fprintf(stderr, "%s: kernel '%s' argument %u is %u bytes; --arg %s is %zu\n",
				prog, k->name, i, ka->size, a->type, a->size);
			free(raw);
			goto out;
		}
		if (a->is_buf) {
			const char *spec = NULL;
			int seen = 0;

			/* Find this buffer's --arg text again for its size/file. */
			for (int j = 2; j < argc; j++)
				if (!strcmp(argv[j], "--arg") && j + 1 < argc && seen++ == (int)i)
					spec = strchr(argv[j + 1], '=') + 1;
			size_t fsize = 0;
			void *init = spec && spec[0] == '@' ? read_file(spec + 1, &fsize) : NULL;
			char *end;
			unsigned long long bytes = init ? fsize : strtoull(spec ? spec : "", &end, 0);

			if (!init && (!spec || *end || !bytes)) {
				fprintf(stderr, "%s: --arg buf=%s: want a size in bytes or @FILE\n",
					prog, spec ? spec : "");
				free(raw);
				goto out;
			}
			if (bh_mem_alloc(dev, bytes ? bytes : 1, BH_MEM_HOST, &a->mem, &err)) {
				fprintf(stderr, "%s: argument %u: %s\n", prog, i, err.message);
				free(init);
				free(raw);
				goto out;
			}
			memset(a->mem.cpu, 0, a->mem.size);
			a->bytes = bytes;
			if (init)
				memcpy(a->mem.cpu, init, fsize);
			free(init);
			memcpy(a->value, &a->mem.gpu_va, 8);
		}
		memcpy(raw + ka->offset, a->value, a->size);
	}
	struct bh_launch l = { .dynamic_lds = (uint32_t)lds, .raw_args = raw,
			       .raw_size = k->explicit_size };
	uint64_t seq;

	for (int d = 0; d < 3; d++) {
		uint64_t items = (uint64_t)grid[d] * block[d];

		if (items > 0xffffffffu) {
			fprintf(stderr, "%s: kernel '%s': grid x block in dimension %d exceeds "
				"2^32 work-items\n", prog, k->name, d);
			free(raw);
			goto out;
		}
		l.grid[d] = (uint32_t)items;
		l.block[d] = block[d];
	}
	if (bh_queue_launch(q, k, &l, &seq, &err) || bh_queue_wait(q, seq, &err)) {
		fprintf(stderr, "%s: %s\n", prog, err.message);
		free(raw);
		goto out;
	}
	free(raw);
	status = 0;
	for (unsigned i = 0; i < ndumps; i++) {
		if (dump_idx[i] >= nargs || !args[dump_idx[i]].is_buf) {
			fprintf(stderr, "%s: --dump %u: argument %u is not a buffer\n", prog,
				dump_idx[i], dump_idx[i]);
			status = 1;
			continue;
		}
		dump(&args[dump_idx[i]], dump_idx[i], dumps[i]);
	}
out:
	/* Destructors before unloading (not after a GPU fault: the queue is
	 * stopped). */
	if (co && q && !want_list && !bh_queue_faulted(q) &&
	    bh_queue_run_fini_kernels(q, co, &err)) {
		fprintf(stderr, "%s: %s\n", prog, err.message);
		status = 1;
	}
	for (unsigned i = 0; i < nargs; i++)
		if (args[i].is_buf && args[i].mem.size)
			bh_mem_free(dev, &args[i].mem);
	if (co && bh_codeobj_unload(co, &err))
		fprintf(stderr, "%s: %s\n", prog, err.message);
	if (q)
		bh_queue_destroy(q);
	if (dev)
		bh_device_close(dev);
	bh_platform_delete(plat);
	free(image);
	return status;
}
