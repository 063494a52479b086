// printf-style logging: threads append variable-length records to one
// buffer through an atomic write offset, as a device printf does.
#include "common.h"

#define CAP 16384

struct logbuf {
	unsigned offset;
	unsigned dropped;
	unsigned char data[CAP];
};

/* A record: 4-byte header (length, tag), then the formatted payload. */
__device__ static void log_record(struct logbuf *b, unsigned tag, const char *s, int value)
{
	char tmp[48];
	unsigned n = 0;
	while (s[n] && n < 24) {
		tmp[n] = s[n];
		n++;
	}
	/* decimal formatting of value, as printf("%d") would */
	unsigned u = value < 0 ? 0u - (unsigned)value : (unsigned)value;
	char dig[12];
	int k = 0;
	do {
		dig[k++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	if (value < 0)
		tmp[n++] = '-';
	while (k)
		tmp[n++] = dig[--k];
	unsigned len = (4 + n + 3) & ~3u;
	unsigned at = __hip_atomic_fetch_add(&b->offset, len, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
	if (at + len > CAP) {
		__hip_atomic_fetch_add(&b->dropped, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
		return;
	}
	unsigned hdr = n | tag << 16;
	__builtin_memcpy(b->data + at, &hdr, 4);
	for (unsigned i = 0; i < n; i++)
		b->data[at + 4 + i] = (unsigned char)tmp[i];
}

__global__ void logger(struct logbuf *b)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	if (t % 3 == 0)
		log_record(b, (unsigned)t, "thread ", t * 1000 - 77777);
	else if (t % 3 == 1)
		log_record(b, (unsigned)t, "value=", -t);
}

int main(void)
{
	static struct logbuf h;
	struct logbuf *d;
	const int threads = 4 * 128;
	int seen[4 * 128] = { 0 };

	CHECK(hipMalloc(&d, sizeof(h)));
	CHECK(hipMemset(d, 0, sizeof(h)));
	hipLaunchKernelGGL(logger, dim3(4), dim3(128), 0, 0, d);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(&h, d, sizeof(h), hipMemcpyDeviceToHost));
	EXPECT(h.dropped == 0, "%u records dropped", h.dropped);
	unsigned at = 0, records = 0;
	while (at < h.offset && at < CAP) {
		unsigned hdr;
		memcpy(&hdr, h.data + at, 4);
		unsigned n = hdr & 0xffff, t = hdr >> 16;
		char want[64], got[64];
		if (t >= (unsigned)threads || n >= sizeof(got)) {
			EXPECT(0, "bad record header %08x at %u", hdr, at);
			break;
		}
		if (t % 3 == 0)
			snprintf(want, sizeof(want), "thread %d", (int)t * 1000 - 77777);
		else
			snprintf(want, sizeof(want), "value=%d", -(int)t);
		memcpy(got, h.data + at + 4, n);
		got[n] = 0;
		EXPECT(strcmp(got, want) == 0, "record of thread %u: '%s', expected '%s'", t, got, want);
		seen[t]++;
		records++;
		at += (4 + n + 3) & ~3u;
	}
	EXPECT(at == h.offset, "records end at %u, offset is %u", at, h.offset);
	for (int t = 0; t < threads; t++)
		EXPECT(seen[t] == (t % 3 != 2), "thread %d logged %d records", t, seen[t]);
	return finish("logbuf");
}
