// SPDX-License-Identifier: MIT
/*
 * barehip-run: launch one kernel of a code object with arguments from the
 * command line -- the smallest way to run GPU code with barehip (the
 * loader alone, no HIP runtime).  The usage text below (--help) says what
 * it takes; tests/tools/barehip-run-test.sh runs every form.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bh/backends.h>
#include <bh/loader.h>
#include <hip/hip_runtime_api.h>	/* bh_demangle */

/* kit/runtime/register.c: the code object for @gfx in a clang offload
 * bundle (what hipModuleLoad does with a --genco file). */
#define BUNDLE_MAGIC "__CLANG_OFFLOAD_BUNDLE__"
int bh_rt_bundle_select(const void *bundle, size_t size, const char *gfx, const void **co,
			size_t *co_size, char *found, size_t found_len);

static const char help[] =
	"usage: barehip-run CODEOBJ KERNEL [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]] [--lds BYTES]\n"
	"                   [--arg TYPE=VALUE]... [--dump N[:FORMAT[:COUNT]]]...\n"
	"       barehip-run CODEOBJ --list\n"
	"       barehip-run --help\n"
	"\n"
	"Launch one kernel of a code object on the board and print the buffers asked for.\n"
	"CODEOBJ is a code object (barehip-cc --device-only) or an offload bundle\n"
	"(barehip-cc --genco, as hipModuleLoad takes): the entry for the board's GPU\n"
	"is used.  KERNEL is its symbol (_Z5saxpyfPKfPf) or its C++ name, with or\n"
	"without the parameters: 'saxpy(float, float const*, float*)', saxpy, ns::k<int>.\n"
	"\n"
	"  --grid X[,Y[,Z]]    workgroups (HIP's gridDim), default 1\n"
	"  --block X[,Y[,Z]]   work-items per workgroup (blockDim), default 1\n"
	"  --lds BYTES         dynamic shared memory\n"
	"  --arg TYPE=VALUE    the next kernel argument, in order:\n"
	"      i8 i16 i32 i64 u8 u16 u32 u64 f32 f64=VALUE   a scalar\n"
	"      u64=ADDRESS                                   a raw pointer\n"
	"      buf=SIZE[:INIT]   a buffer of SIZE bytes, or NxTYPE (256xf32: 256 floats),\n"
	"                        zeroed unless INIT says:\n"
	"          @FILE                        the file's bytes (buf=@FILE: its size)\n"
	"          iota:TYPE[:START[:STEP]]     START, START+STEP, ... as TYPE (0, 1)\n"
	"          fill:TYPE:VALUE              every element VALUE\n"
	"          hex:BYTES                    the byte pattern repeated (hex:deadbeef)\n"
	"  --dump N[:FORMAT[:COUNT]]  print argument N's buffer after the kernel, as hex\n"
	"                      bytes (default) or i32 u32 i64 u64 f32 f64 values\n"
	"  --list              the code object's kernels, their C++ names and arguments\n"
	"  --help              this text\n"
	"\n"
	"A kernel that writes past the end of a buffer is reported, naming the argument\n"
	"(the buffer was too small for the launch).  Device printf output appears as\n"
	"the kernel ends.  Exit status: 0; 1 when loading or the kernel fails; 2 for a\n"
	"bad command line.\n";

#define MAX_ARGS 64
#define MAX_DUMPS 16

struct arg {
	char type[8];
	size_t size;		/* bytes in the kernarg */
	uint8_t value[8];
	struct bh_mem mem;	/* buffers */
	size_t bytes;		/* as asked for (the allocation may be larger) */
	bool is_buf;
	const char *spec;	/* buf=: what follows the '=' */
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
		"       %s CODEOBJ --list\n"
		"(%s --help says more)\n", prog, prog, prog);
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

struct scalar_type {
	const char *name;
	size_t size;
	char kind;	/* 'i' signed, 'u' unsigned, 'f' float, 'b' buffer */
};

static const struct scalar_type types[] = {
	{ "i8", 1, 'i' }, { "i16", 2, 'i' }, { "i32", 4, 'i' }, { "i64", 8, 'i' },
	{ "u8", 1, 'u' }, { "u16", 2, 'u' }, { "u32", 4, 'u' }, { "u64", 8, 'u' },
	{ "f32", 4, 'f' }, { "f64", 8, 'f' }, { "buf", 8, 'b' },
};

/* The scalar type named by @s[0..n), or NULL. */
static const struct scalar_type *type_named(const char *s, size_t n)
{
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (types[i].kind != 'b' && strlen(types[i].name) == n &&
		    !strncmp(s, types[i].name, n))
			return &types[i];
	return NULL;
}

/* @text as a value of @t, little-endian into @out (8 bytes): 0, or -1
 * when it is not a number. */
static int encode(const struct scalar_type *t, const char *text, uint8_t out[8])
{
	char *end;

	errno = 0;
	if (t->kind == 'f') {
		double d = strtod(text, &end);
		float f = (float)d;

		if (t->size == 4)
			memcpy(out, &f, 4);
		else
			memcpy(out, &d, 8);
	} else {
		uint64_t u = t->kind == 'i' ? (uint64_t)strtoll(text, &end, 0)
					    : strtoull(text, &end, 0);

		memcpy(out, &u, 8);	/* little-endian: low bytes first */
	}
	return errno || end == text || *end ? -1 : 0;
}

/* A buffer argument's contents (buf=SIZE[:INIT], the usage text). */
struct buf_init {
	unsigned long long bytes;	/* 0 with INIT_FILE: the file's size */
	enum { INIT_ZERO, INIT_FILE, INIT_IOTA, INIT_FILL, INIT_HEX } how;
	const struct scalar_type *type;
	const char *file;
	double fstart, fstep;
	long long istart, istep;
	uint8_t pattern[256];
	size_t plen;
};

static void bad_buf(const char *spec, const char *why)
{
	die("bad --arg buf=%s: %s", spec, why);
}

/* A copy of @s up to the next ':' (or its end) in @out; the rest after it. */
static const char *field(const char *s, char *out, size_t len)
{
	size_t n = strcspn(s, ":");

	snprintf(out, len, "%.*s", (int)(n < len ? n : len - 1), s);
	return s[n] ? s + n + 1 : NULL;
}

static void parse_buf(const char *spec, struct buf_init *b)
{
	char size[64], how[16], a1[64], a2[64], a3[64];
	const char *rest;
	char *end;

	memset(b, 0, sizeof(*b));
	if (spec[0] == '@') {
		b->how = INIT_FILE;
		b->file = spec + 1;
		return;
	}
	rest = field(spec, size, sizeof(size));
	/* SIZE: bytes, or N x TYPE. */
	errno = 0;
	b->bytes = strtoull(size, &end, 0);
	if (*end == 'x' && end != size) {
		const struct scalar_type *t = type_named(end + 1, strlen(end + 1));

		if (!t)
			bad_buf(spec, "NxTYPE wants a type i8..u64, f32 or f64 (256xf32)");
		b->bytes *= t->size;
	} else if (*end || end == size || errno) {
		bad_buf(spec, "want a size in bytes, NxTYPE or @FILE");
	}
	if (!b->bytes || b->bytes > (1ull << 40))
		bad_buf(spec, "the size must be 1 byte to 1 TiB");
	if (!rest)
		return;
	if (rest[0] == '@') {
		b->how = INIT_FILE;
		b->file = rest + 1;
		return;
	}
	rest = field(rest, how, sizeof(how));
	if (!strcmp(how, "hex")) {
		b->how = INIT_HEX;
		if (!rest || !*rest || strlen(rest) % 2 || strlen(rest) / 2 > sizeof(b->pattern))
			bad_buf(spec, "hex: wants an even number of hex digits (at most 512)");
		for (const char *h = rest; *h; h += 2) {
			char two[3] = { h[0], h[1], 0 };
			unsigned long v = strtoul(two, &end, 16);

			if (*end || h[0] == '+' || h[0] == '-' || h[0] == ' ')
				bad_buf(spec, "hex: wants hex digits only");
			b->pattern[b->plen++] = (uint8_t)v;
		}
		return;
	}
	if (strcmp(how, "iota") && strcmp(how, "fill"))
		bad_buf(spec, "INIT is @FILE, iota:TYPE[:START[:STEP]], fill:TYPE:VALUE or hex:BYTES");
	if (!rest)
		bad_buf(spec, "iota and fill want a TYPE");
	rest = field(rest, a1, sizeof(a1));
	b->type = type_named(a1, strlen(a1));
	if (!b->type)
		bad_buf(spec, "the element TYPE is one of i8..i64, u8..u64, f32, f64");
	a2[0] = a3[0] = 0;
	if (rest)
		rest = field(rest, a2, sizeof(a2));
	if (rest)
		rest = field(rest, a3, sizeof(a3));
	if (rest)
		bad_buf(spec, "too many fields");
	if (b->bytes % b->type->size)
		bad_buf(spec, "the size is not a whole number of elements");
	uint8_t tmp[8];

	if (!strcmp(how, "fill")) {
		b->how = INIT_FILL;
		if (!a2[0] || a3[0] || encode(b->type, a2, b->pattern))
			bad_buf(spec, "fill wants one VALUE of the TYPE");
		b->plen = b->type->size;
		return;
	}
	b->how = INIT_IOTA;
	const char *start = a2[0] ? a2 : "0", *step = a3[0] ? a3 : "1";

	if (encode(b->type, start, tmp) || encode(b->type, step, tmp))
		bad_buf(spec, "iota's START and STEP are numbers of the TYPE");
	b->fstart = strtod(start, NULL);
	b->fstep = strtod(step, NULL);
	b->istart = strtoll(start, NULL, 0);
	b->istep = strtoll(step, NULL, 0);
}

/* Write @b's contents into the @bytes at @p (zeroed already). */
static void fill_buf(const struct buf_init *b, uint8_t *p, size_t bytes, const void *file,
		     size_t fsize)
{
	switch (b->how) {
	case INIT_ZERO:
		break;
	case INIT_FILE:
		memcpy(p, file, fsize);
		break;
	case INIT_HEX:
	case INIT_FILL:
		for (size_t i = 0; i < bytes; i++)
			p[i] = b->pattern[i % b->plen];
		break;
	case INIT_IOTA:
		for (size_t i = 0, n = bytes / b->type->size; i < n; i++) {
			uint8_t v[8];

			if (b->type->kind == 'f') {
				double d = b->fstart + (double)i * b->fstep;
				float f = (float)d;

				if (b->type->size == 4)
					memcpy(v, &f, 4);
				else
					memcpy(v, &d, 8);
			} else {
				uint64_t u = (uint64_t)b->istart + (uint64_t)i * (uint64_t)b->istep;

				memcpy(v, &u, 8);
			}
			memcpy(p + i * b->type->size, v, b->type->size);
		}
		break;
	}
}

/* TYPE=VALUE into @a; buffers are checked here, allocated later. */
static void parse_arg(const char *s, struct arg *a)
{
	const char *eq = strchr(s, '=');

	if (!eq)
		die("bad --arg '%s' (want TYPE=VALUE)%s", s, "");
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		if (strlen(types[i].name) != (size_t)(eq - s) || strncmp(s, types[i].name, (size_t)(eq - s)))
			continue;
		snprintf(a->type, sizeof(a->type), "%s", types[i].name);
		a->size = types[i].size;
		if (types[i].kind == 'b') {
			struct buf_init b;

			a->is_buf = true;
			a->spec = eq + 1;
			parse_buf(a->spec, &b);		/* refuses a bad one now */
			return;
		}
		if (encode(&types[i], eq + 1, a->value))
			die("bad value in --arg '%s'%s", s, "");
		return;
	}
	die("unknown type in --arg '%s' (i8..i64, u8..u64, f32, f64, buf)%s", s, "");
}

/* --dump FORMAT: its element size, or 0 when it is not one. */
static size_t dump_elem(const char *fmt, size_t flen)
{
	static const char *const names[] = { "hex", "i32", "u32", "i64", "u64", "f32", "f64" };
	static const size_t sizes[] = { 1, 4, 4, 8, 8, 4, 8 };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i]) == flen && !strncmp(fmt, names[i], flen))
			return sizes[i];
	return 0;
}

static void check_dump(const char *spec)
{
	const char *fmt = spec && *spec ? spec : "hex";
	const char *colon = strchr(fmt, ':');
	size_t flen = colon ? (size_t)(colon - fmt) : strlen(fmt);
	char *end;

	if (!dump_elem(fmt, flen))
		die("bad --dump format '%s' (hex, i32, u32, i64, u64, f32 or f64)%s", fmt, "");
	if (colon && (strtoull(colon + 1, &end, 0), *end || end == colon + 1))
		die("bad --dump count in '%s'%s", fmt, "");
}

static void dump(const struct arg *a, unsigned n, const char *spec)
{
	const char *fmt = spec && *spec ? spec : "hex";
	const char *colon = strchr(fmt, ':');
	size_t flen = colon ? (size_t)(colon - fmt) : strlen(fmt);
	size_t elem = dump_elem(fmt, flen);
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

/* ------------------------------------------------------- C++ names */
/* The parameter list of a demangled name: the last top-level "(...)". */
static const char *params_of(const char *pretty)
{
	size_t n = strlen(pretty);
	int depth = 0;

	if (!n || pretty[n - 1] != ')')
		return NULL;
	for (size_t i = n; i-- > 0;) {
		if (pretty[i] == ')')
			depth++;
		else if (pretty[i] == '(' && --depth == 0)
			return pretty + i;
	}
	return NULL;
}

/* The type of parameter @idx of @pretty ("float const*"), or "" when the
 * name has no parameter list (an extern "C" kernel). */
static void param_type(const char *pretty, unsigned idx, char *out, size_t len)
{
	const char *p = params_of(pretty);
	unsigned at = 0;
	int depth = 0;

	out[0] = 0;
	if (!p)
		return;
	for (const char *s = ++p; *s; s++) {
		if (*s == '(' || *s == '<' || *s == '[')
			depth++;
		else if ((*s == ')' || *s == '>' || *s == ']') && depth-- == 0) {
			if (at == idx)
				snprintf(out, len, "%.*s", (int)(s - p), p);
			return;
		} else if (*s == ',' && depth == 0) {
			if (at++ == idx) {
				snprintf(out, len, "%.*s", (int)(s - p), p);
				return;
			}
			p = s + 1;
			while (*p == ' ')
				p++;
		}
	}
}

/* "kernel 'saxpy(float, float const*, float*)' argument 2 (float*)". */
static void arg_name(const struct bh_kernel *k, unsigned idx, char *out, size_t len)
{
	char pretty[512], type[128];

	bh_demangle(k->name, pretty, sizeof(pretty));
	param_type(pretty, idx, type, sizeof(type));
	snprintf(out, len, "kernel '%s' argument %u%s%s%s", pretty, idx, type[0] ? " (" : "",
		 type, type[0] ? ")" : "");
}

/* @a equals @b but for spaces. */
static bool same_but_spaces(const char *a, const char *b)
{
	for (;;) {
		while (*a == ' ')
			a++;
		while (*b == ' ')
			b++;
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++, b++;
	}
}

/*
 * The kernel @want names: its symbol, or its C++ name with the
 * parameters ("saxpy(float, float const*, float*)", spaces aside) or
 * without them ("saxpy", "ns::k<int>": a function template's demangled
 * name starts with its return type, which is not part of the match).
 * NULL after saying why (no such kernel, or several).
 */
static const struct bh_kernel *find_kernel(const struct bh_codeobj *co, const char *want,
					   const char *path)
{
	const struct bh_kernel *k = bh_codeobj_find_kernel(co, want), *hit = NULL;
	unsigned hits = 0;
	char names[1024] = "";

	if (k)
		return k;
	for (unsigned i = 0; i < bh_codeobj_kernel_count(co); i++) {
		const struct bh_kernel *c = bh_codeobj_kernel(co, i);
		char pretty[512], base[512];
		const char *p, *name;

		if (c->kind != BH_KERNEL_NORMAL)
			continue;
		bh_demangle(c->name, pretty, sizeof(pretty));
		p = params_of(pretty);
		snprintf(base, sizeof(base), "%.*s", (int)(p ? p - pretty : (long)strlen(pretty)),
			 pretty);
		/* Drop a template's return type: the text before the last
		 * space outside <...>. */
		name = base;
		for (int depth = 0, j = 0; base[j]; j++) {
			if (base[j] == '<')
				depth++;
			else if (base[j] == '>')
				depth--;
			else if (base[j] == ' ' && depth == 0)
				name = base + j + 1;
		}
		bool match = same_but_spaces(want, pretty) || same_but_spaces(want, name) ||
			     same_but_spaces(want, base);
		/* "ns::fill" for every instance of the template ns::fill<T>. */
		size_t nlen = strlen(name);

		if (!match && nlen && name[nlen - 1] == '>') {
			size_t j = nlen;

			for (int depth = 0; j-- > 0;) {
				if (name[j] == '>')
					depth++;
				else if (name[j] == '<' && --depth == 0)
					break;
			}
			char plain[512];

			snprintf(plain, sizeof(plain), "%.*s", (int)j, name);
			match = same_but_spaces(want, plain);
		}

		if (p && name != base) {	/* "void ns::k<int>(int*)" as "ns::k<int>(int*)" */
			char sig[512];

			snprintf(sig, sizeof(sig), "%s%s", name, p);
			match = match || same_but_spaces(want, sig);
		}
		if (!match)
			continue;
		hit = c;
		hits++;
		size_t used = strlen(names);

		snprintf(names + used, sizeof(names) - used, "%s'%s'", used ? ", " : "", pretty);
	}
	if (hits == 1)
		return hit;
	if (hits > 1)
		fprintf(stderr, "%s: '%s' names %u kernels in %s: %s (name one of them in full)\n",
			prog, want, hits, path, names);
	else
		fprintf(stderr, "%s: no kernel '%s' in %s (--list shows them)\n", prog, want, path);
	return NULL;
}

static void list(const struct bh_codeobj *co)
{
	for (unsigned i = 0; i < bh_codeobj_kernel_count(co); i++) {
		const struct bh_kernel *k = bh_codeobj_kernel(co, i);
		char pretty[512];

		bh_demangle(k->name, pretty, sizeof(pretty));
		printf("%s", k->name);
		if (strcmp(pretty, k->name))
			printf(" = %s", pretty);
		printf(" (%u explicit argument bytes", k->explicit_size);
		for (unsigned a = 0; a < k->nexplicit; a++)
			printf("%s%u@%u", a ? ", " : ": ", k->args[a].size, k->args[a].offset);
		printf("; max %u threads per block)\n", k->max_flat_workgroup_size);
	}
}

/* Room after each buffer, filled with CANARY: a kernel that writes
 * there wrote past the end of the buffer it was given. */
#define GUARD_BYTES 4096
#define CANARY 0xa5

/* The first byte of @a's guard a kernel changed, or -1. */
static long long guard_hit(const struct arg *a)
{
	const uint8_t *p = (const uint8_t *)a->mem.cpu;

	for (size_t i = a->bytes; i < a->mem.size; i++)
		if (p[i] != CANARY)
			return (long long)(i - a->bytes);
	return -1;
}

/* Allocate and fill argument @i's buffer; 0, or 1 after saying why. */
static int make_buffer(struct bh_device *dev, const struct bh_kernel *k, unsigned i,
		       struct arg *a)
{
	struct bh_error err = { 0 };
	struct buf_init b;
	size_t fsize = 0;
	void *file = NULL;
	char who[700];

	arg_name(k, i, who, sizeof(who));
	parse_buf(a->spec, &b);
	if (b.how == INIT_FILE) {
		file = read_file(b.file, &fsize);
		if (!b.bytes)
			b.bytes = fsize ? fsize : 1;
		if (fsize > b.bytes) {
			fprintf(stderr, "%s: %s: buf=%s: the file's %zu bytes do not fit in %llu\n",
				prog, who, a->spec, fsize, b.bytes);
			free(file);
			return 1;
		}
	}
	if (bh_mem_alloc(dev, b.bytes + GUARD_BYTES, BH_MEM_HOST, &a->mem, &err)) {
		fprintf(stderr, "%s: %s: %s\n", prog, who, err.message);
		free(file);
		return 1;
	}
	a->bytes = b.bytes;
	memset(a->mem.cpu, 0, b.bytes);
	memset((uint8_t *)a->mem.cpu + b.bytes, CANARY, a->mem.size - b.bytes);
	fill_buf(&b, a->mem.cpu, b.bytes, file, fsize);
	free(file);
	memcpy(a->value, &a->mem.gpu_va, 8);
	return 0;
}

/* The code object in @image for the device: @image itself, or its
 * entry in an offload bundle (barehip-cc --genco). */
static int pick_code(const struct bh_device *dev, const char *path, const void *image,
		     size_t size, const void **co, size_t *co_size)
{
	const struct bh_device_info *info = bh_device_get_info(dev);
	char found[256];

	*co = image;
	*co_size = size;
	if (size < strlen(BUNDLE_MAGIC) || memcmp(image, BUNDLE_MAGIC, strlen(BUNDLE_MAGIC)))
		return 0;
	switch (bh_rt_bundle_select(image, size, info->gfx, co, co_size, found, sizeof(found))) {
	case 0:
		return 0;
	case BH_ENOENT:
		fprintf(stderr, "%s: %s: the bundle has no code object for %s (it has: %s)\n",
			prog, path, info->gfx, found[0] ? found : "none");
		return 1;
	default:
		fprintf(stderr, "%s: %s: %s\n", prog, path, found);
		return 1;
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

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
			fputs(help, stdout);
			return 0;
		}
	}
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
			char *end;

			lds = strtoul(v, &end, 0), i++;
			if (*end || end == v || lds > 0xffffffffu)
				die("bad --lds '%s' (want bytes)%s", v, "");
		} else if (!strcmp(o, "--arg") && v) {
			if (nargs == MAX_ARGS)
				die("more than %s arguments%s", "64", "");
			parse_arg(v, &args[nargs++]), i++;
		} else if (!strcmp(o, "--dump") && v) {
			char *end;

			if (ndumps == MAX_DUMPS)
				die("more than %s --dump options%s", "16", "");
			dump_idx[ndumps] = (unsigned)strtoul(v, &end, 0);
			if (end == v || (*end && *end != ':'))
				die("bad --dump '%s' (want N[:FORMAT[:COUNT]])%s", v, "");
			dumps[ndumps] = strchr(v, ':') ? strchr(v, ':') + 1 : NULL;
			check_dump(dumps[ndumps++]);
			i++;
		} else if (o[0] != '-' && !kname) {
			kname = o;
		} else {
			fprintf(stderr, "%s: unknown or incomplete option '%s'\n", prog, o);
			usage();
		}
	}

	size_t size, co_size;
	void *image = read_file(path, &size);
	const void *code;
	struct bh_error err = { 0 };
	struct bh_platform *plat = bh_platform_new(&err);
	struct bh_device *dev = NULL;
	struct bh_queue *q = NULL;
	struct bh_codeobj *co = NULL;
	int status = 1;

	if (!plat || bh_device_open(&dev, plat, &err)) {
		fprintf(stderr, "%s: %s: %s\n", prog, path, err.message);
		goto out;
	}
	if (pick_code(dev, path, image, size, &code, &co_size))
		goto out;
	if (bh_queue_create(dev, &q, &err) || bh_codeobj_load(dev, code, co_size, &co, &err)) {
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
		char text[1024];

		bh_demangle_text(err.message, text, sizeof(text));
		fprintf(stderr, "%s: %s\n", prog, text);
		goto out;
	}
	if (!kname)
		usage();
	const struct bh_kernel *k = find_kernel(co, kname, path);
	char pretty[512];

	if (!k)
		goto out;
	bh_demangle(k->name, pretty, sizeof(pretty));
	if (nargs != k->nexplicit) {
		fprintf(stderr, "%s: kernel '%s' takes %u arguments, %u given\n", prog, pretty,
			k->nexplicit, nargs);
		goto out;
	}
	uint8_t *raw = calloc(1, k->explicit_size ? k->explicit_size : 1);

	if (!raw)
		goto out;
	for (unsigned i = 0; i < nargs; i++) {
		const struct bh_kernel_arg *ka = &k->args[i];
		struct arg *a = &args[i];
		char who[700];

		if (a->size != ka->size) {
			arg_name(k, i, who, sizeof(who));
			fprintf(stderr, "%s: %s is %u bytes; --arg %s is %zu\n", prog, who, ka->size,
				a->type, a->size);
			free(raw);
			goto out;
		}
		if (a->is_buf && make_buffer(dev, k, i, a)) {
			free(raw);
			goto out;
		}
		memcpy(raw + ka->offset, a->value, a->size);
	}
	for (unsigned i = 0; i < ndumps; i++) {
		if (dump_idx[i] >= nargs || !args[dump_idx[i]].is_buf) {
			fprintf(stderr, "%s: --dump %u: argument %u is not a buffer\n", prog,
				dump_idx[i], dump_idx[i]);
			free(raw);
			goto out;
		}
	}
	struct bh_launch l = { .dynamic_lds = (uint32_t)lds, .raw_args = raw,
			       .raw_size = k->explicit_size };
	uint64_t seq;

	for (int d = 0; d < 3; d++) {
		uint64_t items = (uint64_t)grid[d] * block[d];

		if (items > 0xffffffffu) {
			fprintf(stderr, "%s: kernel '%s': grid x block in dimension %d exceeds "
				"2^32 work-items\n", prog, pretty, d);
			free(raw);
			goto out;
		}
		l.grid[d] = (uint32_t)items;
		l.block[d] = block[d];
	}
	if (bh_queue_launch(q, k, &l, &seq, &err) || bh_queue_wait(q, seq, &err)) {
		char text[1024];

		bh_demangle_text(err.message, text, sizeof(text));
		fprintf(stderr, "%s: %s\n", prog, text);
		free(raw);
		goto out;
	}
	free(raw);
	status = 0;
	/* A buffer too small for the launch: the kernel wrote past it. */
	for (unsigned i = 0; i < nargs; i++) {
		long long at = args[i].is_buf ? guard_hit(&args[i]) : -1;
		char who[700];

		if (at < 0)
			continue;
		arg_name(k, i, who, sizeof(who));
		fprintf(stderr, "%s: %s: the kernel wrote past the end of its %zu-byte buffer "
			"(byte %zu changed): buf=%s is too small for this launch\n", prog, who,
			args[i].bytes, args[i].bytes + (size_t)at, args[i].spec);
		status = 1;
	}
	for (unsigned i = 0; i < ndumps && !status; i++)
		dump(&args[dump_idx[i]], dump_idx[i], dumps[i]);
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
