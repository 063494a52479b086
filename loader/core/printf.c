// SPDX-License-Identifier: MIT
/*
 * Device printf, buffered (clang -mprintf-kind=buffered; the device side
 * is firmware/printf.c).  The printf buffer is a header { u32 used,
 * u32 capacity } followed by records, each:
 *
 *   u32  control: record size in bytes (control dword included) << 2,
 *        bit 1 set when the format string is a constant identified by
 *        the hash that follows (the only form clang-19 emits for HIP);
 *   u64  hash of the format string, listed with the string itself in
 *        the code object's amdhsa.printf metadata ("id:n:hash,format");
 *   then one item per conversion, in order, each 8-byte aligned:
 *        integers, characters and pointers as 8 bytes (the value
 *        widened), floating point as an 8-byte double, %s as the
 *        string's bytes with their NUL, padded to 8; '*' widths and
 *        precisions are integers like any other.
 *
 * This file turns records back into text with the C library's own
 * formatting, one conversion at a time; every read is bounds-checked, a
 * malformed record ends decoding with a note, never a crash.  It also
 * sets up a queue's buffer and drains it (queue.c says when: once the
 * dispatches that write it have finished).
 */
#include "internal.h"

#define LINE_BYTES 1024
/* Widths and precisions beyond this are capped (formatted text stays small). */
#define MAX_WIDTH 512

static bool strchr_c(const char *set, char c)
{
	for (; *set; set++)
		if (*set == c)
			return true;
	return false;
}

struct outbuf {
	bh_printf_out_fn out;
	void *ctx;
	char buf[LINE_BYTES];
	size_t n;
};

static void flush(struct outbuf *o)
{
	if (o->n)
		o->out(o->ctx, o->buf, o->n);
	o->n = 0;
}

static void put(struct outbuf *o, const char *s, size_t len)
{
	while (len) {
		size_t k = BH_MIN(len, sizeof(o->buf) - o->n);

		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		len -= k;
		if (o->n == sizeof(o->buf))
			flush(o);
	}
}

static void putf(struct outbuf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void putf(struct outbuf *o, const char *fmt, ...)
{
	char tmp[1536];	/* a %.512f of 1e308 is 822 characters */
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof(tmp), fmt, ap);
	va_end(ap);
	if (n > 0)
		put(o, tmp, BH_MIN((size_t)n, sizeof(tmp) - 1));
}

/* The record's items, read in order. */
struct items {
	const uint8_t *p, *end;
};

static bool take64(struct items *it, uint64_t *v)
{
	if ((size_t)(it->end - it->p) < 8)
		return false;
	*v = bh_rd64(it->p);
	it->p += 8;
	return true;
}

/* A %s item: NUL-terminated bytes, padded to 8.  NULL if malformed. */
static const char *take_str(struct items *it)
{
	const uint8_t *s = it->p;
	size_t max = (size_t)(it->end - it->p), len = 0;

	while (len < max && s[len])
		len++;
	if (len == max)
		return NULL;
	size_t used = BH_ALIGN_UP(len + 1, (size_t)8);

	it->p += BH_MIN(used, max);
	return (const char *)s;
}

/*
 * One record's text.  Returns false when its items do not match its
 * format (the caller notes it and stops).
 */
static bool format_record(struct outbuf *o, const char *fmt, struct items *it)
{
	while (*fmt) {
		const char *pct = fmt;

		while (*pct && *pct != '%')
			pct++;
		put(o, fmt, (size_t)(pct - fmt));
		if (!*pct)
			break;
		fmt = pct + 1;
		if (*fmt == '%') {
			put(o, "%", 1);
			fmt++;
			continue;
		}
		/*
		 * Rebuild the conversion as "%<flags>*.*<conv>" with the width
		 * and precision passed as ints (literal or from the record),
		 * each capped at MAX_WIDTH so that no input can make the C
		 * library format gigabytes.
		 */
		char spec[16];
		size_t n = 0;
		int width = 0, prec = -1;

		spec[n++] = '%';
		while (*fmt && strchr_c("-+ #0", *fmt)) {
			if (n < 8)
				spec[n++] = *fmt;
			fmt++;
		}
		for (int part = 0; part < 2; part++) {
			int *dst = part ? &prec : &width;

			if (part == 1) {
				if (*fmt != '.')
					break;
				fmt++;
				prec = 0;
			}
			if (*fmt == '*') {
				uint64_t v;

				if (!take64(it, &v))
					return false;
				*dst = (int)(int64_t)v;
				fmt++;
			} else {
				while (*fmt >= '0' && *fmt <= '9') {
					if (*dst < MAX_WIDTH)
						*dst = *dst * 10 + (*fmt - '0');
					fmt++;
				}
			}
		}
		if (width < -MAX_WIDTH || width > MAX_WIDTH)
			width = width < 0 ? -MAX_WIDTH : MAX_WIDTH;
		if (prec > MAX_WIDTH)
			prec = MAX_WIDTH;
		if (prec < -1)
			prec = -1;	/* a negative '*' precision: as if omitted */
		spec[n++] = '*';
		if (prec >= 0) {
			spec[n++] = '.';
			spec[n++] = '*';
		}
		/* Length modifiers: the value is 8 bytes whatever they say. */
		int len = 0;	/* 0 int, 1 char, 2 short, 3 long long */

		if (fmt[0] == 'h' && fmt[1] == 'h')
			len = 1, fmt += 2;
		else if (fmt[0] == 'h')
			len = 2, fmt++;
		else if (fmt[0] == 'l' && fmt[1] == 'l')
			len = 3, fmt += 2;
		else if (*fmt == 'l' || *fmt == 'j' || *fmt == 'z' || *fmt == 't' || *fmt == 'L')
			len = 3, fmt++;
		char conv = *fmt ? *fmt++ : 0;
		uint64_t v = 0;

		switch (conv) {
		case 'd': case 'i': case 'u': case 'o': case 'x': case 'X': {
			if (!take64(it, &v))
				return false;
			bool sign = conv == 'd' || conv == 'i';
			long long sv = sign ? (len == 1 ? (signed char)v : len == 2 ? (short)v :
					       len == 3 ? (long long)v : (int)v)
					    : (long long)(len == 1 ? (unsigned char)v :
							  len == 2 ? (unsigned short)v :
							  len == 3 ? v : (unsigned int)v);

			spec[n++] = 'l';
			spec[n++] = 'l';
			spec[n++] = conv;
			spec[n] = 0;
			if (prec >= 0)
				putf(o, spec, width, prec, sv);
			else
				putf(o, spec, width, sv);
			break;
		}
		case 'c':
			if (!take64(it, &v))
				return false;
			spec[n++] = 'c';
			spec[n] = 0;
			if (prec >= 0)
				putf(o, spec, width, prec, (int)(unsigned char)v);
			else
				putf(o, spec, width, (int)(unsigned char)v);
			break;
		case 'p':
			if (!take64(it, &v))
				return false;
			putf(o, "0x%llx", (unsigned long long)v);
			break;
		case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A': {
			double d;

			if (!take64(it, &v))
				return false;
			memcpy(&d, &v, 8);
			spec[n++] = conv;
			spec[n] = 0;
			if (prec >= 0)
				putf(o, spec, width, prec, d);
			else
				putf(o, spec, width, d);
			break;
		}
		case 's': {
			const char *str = take_str(it);

			if (!str)
				return false;
			spec[n++] = 's';
			spec[n] = 0;
			if (prec >= 0)
				putf(o, spec, width, prec, str);
			else
				putf(o, spec, width, str);
			break;
		}
		default:
			/* %n and unknown conversions print as written, no item. */
			put(o, pct, (size_t)(fmt - pct));
			break;
		}
	}
	return true;
}

int bh_printf_decode(const uint8_t *data, size_t len, bh_printf_find_fn find, void *find_ctx,
		     bh_printf_out_fn out, void *out_ctx)
{
	struct outbuf o = { .out = out, .ctx = out_ctx };
	size_t at = 0;
	unsigned rec = 0;
	int ret = 0;
	bool aborting = false;

	while (at + 4 <= len) {
		uint32_t control = bh_rd32(data + at);
		uint32_t size = control >> 2;

		if (size < 12 || size % 4 || size > len - at || !(control & 2)) {
			putf(&o, "[barehip: printf record %u at byte %zu is malformed "
			     "(control 0x%08x)]\n", rec, at, control);
			ret = -1;
			break;
		}
		uint64_t hash = bh_rd64(data + at + 4);
		const char *fmt = find(find_ctx, hash);
		struct items it = { data + at + 12, data + at + size };

		if (fmt && *fmt == BH_PRINTF_ABORT_MARK) {
			aborting = true;
			fmt++;
		}
		if (!fmt) {
			putf(&o, "[barehip: printf format %016llx is in no loaded code object]\n",
			     (unsigned long long)hash);
		} else if (!format_record(&o, fmt, &it)) {
			putf(&o, "[barehip: printf record %u does not match its format \"%s\"]\n",
			     rec, fmt);
			ret = -1;
			break;
		}
		at += size;
		rec++;
	}
	flush(&o);
	return ret ? ret : aborting;
}

int bh_device_set_printf_size(struct bh_device *dev, uint64_t bytes, struct bh_error *err)
{
	int ret = 0;

	bh_lock(dev, dev->lock);
	if (dev->printf_used)
		ret = bh_fail(err, BH_EBUSY, "a kernel that calls printf has run already with "
			      "the %llu-byte printf buffer; set its size before the first one",
			      (unsigned long long)dev->printf_size);
	else if (bytes < 64 || bytes > (1ull << 30))
		ret = bh_fail(err, BH_EINVAL, "a printf buffer of %llu bytes: it must be "
			      "between 64 bytes and 1 GiB", (unsigned long long)bytes);
	else
		dev->printf_size = bytes;
	bh_unlock(dev, dev->lock);
	return ret;
}

uint64_t bh_device_printf_size(const struct bh_device *dev)
{
	uint64_t bytes;

	bh_lock(dev, dev->lock);
	bytes = dev->printf_size;
	bh_unlock(dev, dev->lock);
	return bytes;
}

/*
 * The queue's printf buffer: the header says nothing is used yet and how
 * many bytes of records fit after it.  From now on the device's printf
 * size is fixed.
 */
int bh_printf_buffer_alloc(struct bh_device *dev, struct bh_mem *buf, struct bh_error *err)
{
	uint64_t bytes;
	int ret;

	bh_lock(dev, dev->lock);
	dev->printf_used = true;
	bytes = dev->printf_size;
	bh_unlock(dev, dev->lock);
	ret = bh_mem_alloc(dev, bytes, BH_MEM_HOST, buf, err);
	if (ret)
		return ret;
	memset(buf->cpu, 0, bytes);
	bh_wr32((uint8_t *)buf->cpu + 4, (uint32_t)(bytes - 8));
	return 0;
}

/*
 * A record's format, in any code object loaded on the device: every
 * load links itself into dev->codeobjs with its amdhsa.printf table, so
 * a record of any of them decodes wherever its kernel ran.
 */
static const char *find_format(void *ctx, uint64_t hash)
{
	const struct bh_device *dev = ctx;

	for (const struct bh_codeobj *co = dev->codeobjs; co; co = co->next)
		for (unsigned i = 0; i < co->nprintf; i++)
			if (co->printf_fmts[i].hash == hash)
				return co->printf_fmts[i].fmt;
	return NULL;
}

static void print_text(void *ctx, const char *text, size_t len)
{
	struct bh_platform *plat = ctx;

	plat->print(plat, text, len);
}

/*
 * Decode and print what the device wrote to @buf, then empty it.  The
 * caller knows no dispatch is still appending.  Records print in buffer
 * order, so one thread's lines keep their order.
 */
bool bh_printf_drain(struct bh_device *dev, struct bh_mem *buf)
{
	uint8_t *p = buf->cpu;
	uint32_t used, cap, dev_cap;
	bool aborting;

	if (!p || buf->size <= 8)
		return false;
	/*
	 * The header is device memory any kernel can overwrite: the
	 * capacity that bounds every read is the host's own (the size of
	 * the allocation), never the one the buffer says.  A changed
	 * capacity is put back, and said, so later records fit again.
	 */
	cap = (uint32_t)BH_MIN(buf->size - 8, dev->printf_size - 8);
	used = __atomic_load_n((uint32_t *)p, __ATOMIC_ACQUIRE);
	dev_cap = bh_rd32(p + 4);
	/* Notes about the buffer go to the log (stderr), not among the
	 * program's output. */
	if (dev_cap != cap) {
		bh_log(dev, "the device printf buffer's header was overwritten (capacity %u, "
		       "not %u); ignored", dev_cap, cap);
		bh_wr32(p + 4, cap);
	}
	if (!used)
		return false;
	/*
	 * Full: the record that did not fit reserved room up to the end and
	 * wrote nothing there (the buffer is zeroed after every drain), and
	 * the records after it start past the end.  So the records end at
	 * the first zero control word; decoding stops there, not with a
	 * "malformed record".
	 */
	size_t len = BH_MIN(used, cap);

	if (used > cap) {
		size_t at = 0;

		while (at + 4 <= len) {
			uint32_t size = bh_rd32(p + 8 + at) >> 2;

			if (!bh_rd32(p + 8 + at) || size < 12 || size % 4 || size > len - at)
				break;
			at += size;
		}
		if (at + 4 > len || !bh_rd32(p + 8 + at))
			len = at;
	}
	/* The device lock keeps the code objects (their formats) loaded. */
	bh_lock(dev, dev->lock);
	aborting = bh_printf_decode(p + 8, len, find_format, dev, print_text, dev->plat) == 1;
	bh_unlock(dev, dev->lock);
	if (used > cap)
		bh_log(dev, "%u bytes of device printf output lost: the %u-byte buffer was full "
		       "(hipDeviceSetLimit(hipLimitPrintfFifoSize, bytes) before the first "
		       "kernel that prints makes it larger)", used - cap, cap + 8);
	memset(p + 8, 0, BH_MIN(used, cap));
	__atomic_store_n((uint32_t *)p, 0, __ATOMIC_RELEASE);
	return aborting;
}
