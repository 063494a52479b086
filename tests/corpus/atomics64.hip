// Atomics on 64-bit integers, floats and doubles, in global memory and
// in LDS, with every operation's returned old value checked.
#include "common.h"

#define N 256

struct result {
	long long smin, smax;
	unsigned long long uadd, uor, uand, uxor, umin, umax, exch_sum;
	float fadd, fmin, fmax;
	double dadd, dmin, dmax;
	float lds_fadd;
	double lds_dadd;
	long long lds_smin;
	unsigned long long lds_uadd;
	unsigned long long cas_count;
};

#define A(op, p, v) __hip_atomic_##op(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT)
#define AW(op, p, v) __hip_atomic_##op(p, v, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP)

__global__ void atomics(struct result *r, unsigned long long *slot, unsigned long long *olds)
{
	__shared__ float lf;
	__shared__ double ld;
	__shared__ long long lmin;
	__shared__ unsigned long long lu;
	int t = threadIdx.x;
	long long sv = (long long)(t - 100) * 0x100000001ll;
	unsigned long long uv = 1ull << (t & 63) | (unsigned long long)t << 40;

	if (t == 0) {
		lf = 0.0f;
		ld = 0.0;
		lmin = 0x7fffffffffffffffll;
		lu = 0;
	}
	__syncthreads();
	A(fetch_min, &r->smin, sv);
	A(fetch_max, &r->smax, sv);
	unsigned long long old = A(fetch_add, &r->uadd, (unsigned long long)t * 0x10000000ull);
	olds[t] = old;
	A(fetch_or, &r->uor, uv);
	A(fetch_and, &r->uand, ~uv | 0xff00000000000000ull);
	A(fetch_xor, &r->uxor, uv);
	A(fetch_min, &r->umin, uv);
	A(fetch_max, &r->umax, uv);
	A(fetch_add, &r->exch_sum, A(exchange, slot, (unsigned long long)t + 1));
	A(fetch_add, &r->fadd, 0.5f * (float)t);
	A(fetch_min, &r->fmin, (float)t - 77.5f);
	A(fetch_max, &r->fmax, (float)t - 77.5f);
	A(fetch_add, &r->dadd, 0.25 * t);
	A(fetch_min, &r->dmin, t * 1.5 - 99.0);
	A(fetch_max, &r->dmax, t * 1.5 - 99.0);
	AW(fetch_add, &lf, 1.5f);
	AW(fetch_add, &ld, 0.75);
	AW(fetch_min, &lmin, sv);
	AW(fetch_add, &lu, (unsigned long long)t << 33);
	/* a CAS loop: every thread increments once */
	unsigned long long cur = __hip_atomic_load(&r->cas_count, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
	while (!__hip_atomic_compare_exchange_strong(&r->cas_count, &cur, cur + 1, __ATOMIC_RELAXED,
						      __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT))
		;
	__syncthreads();
	if (t == 0) {
		r->lds_fadd = lf;
		r->lds_dadd = ld;
		r->lds_smin = lmin;
		r->lds_uadd = lu;
	}
}

int main(void)
{
	struct result h, *d;
	unsigned long long *slot, last, *dolds, olds[N];

	memset(&h, 0, sizeof(h));
	h.smin = 0x7fffffffffffffffll;
	h.smax = -0x7fffffffffffffffll - 1;
	h.uand = ~0ull;
	h.umin = ~0ull;
	h.fmin = INFINITY;
	h.fmax = -INFINITY;
	h.dmin = INFINITY;
	h.dmax = -INFINITY;
	CHECK(hipMalloc(&d, sizeof(h)));
	CHECK(hipMalloc(&slot, sizeof(*slot)));
	CHECK(hipMalloc(&dolds, sizeof(olds)));
	CHECK(hipMemset(slot, 0, sizeof(*slot)));
	CHECK(hipMemcpy(d, &h, sizeof(h), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(atomics, dim3(1), dim3(N), 0, 0, d, slot, dolds);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(&h, d, sizeof(h), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(&last, slot, sizeof(last), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(olds, dolds, sizeof(olds), hipMemcpyDeviceToHost));

	unsigned long long uor = 0, uand = ~0ull, uxor = 0, umin = ~0ull, umax = 0, uadd = 0;
	unsigned long long lu = 0;
	long long smin = 0x7fffffffffffffffll, smax = -0x7fffffffffffffffll - 1;
	for (int t = 0; t < N; t++) {
		long long sv = (long long)(t - 100) * 0x100000001ll;
		unsigned long long uv = 1ull << (t & 63) | (unsigned long long)t << 40;
		smin = sv < smin ? sv : smin;
		smax = sv > smax ? sv : smax;
		uadd += (unsigned long long)t * 0x10000000ull;
		uor |= uv;
		uand &= ~uv | 0xff00000000000000ull;
		uxor ^= uv;
		umin = uv < umin ? uv : umin;
		umax = uv > umax ? uv : umax;
		lu += (unsigned long long)t << 33;
	}
	EXPECT(h.smin == smin && h.smax == smax, "s64 min/max %lld %lld", h.smin, h.smax);
	EXPECT(h.uadd == uadd, "u64 add %llx, expected %llx", h.uadd, uadd);
	EXPECT(h.uor == uor && h.uand == uand && h.uxor == uxor, "u64 or/and/xor %llx %llx %llx",
	       h.uor, h.uand, h.uxor);
	EXPECT(h.umin == umin && h.umax == umax, "u64 min/max %llx %llx", h.umin, h.umax);
	/* The adds happened in some order: sorted by the old value each
	 * returned, every old value is the previous one plus the previous
	 * thread's addend, starting at 0 and ending at the total. */
	int order[N];
	for (int t = 0; t < N; t++)
		order[t] = t;
	for (int i = 1; i < N; i++)
		for (int j = i; j > 0 && olds[order[j]] < olds[order[j - 1]]; j--) {
			int x = order[j]; order[j] = order[j - 1]; order[j - 1] = x;
		}
	unsigned long long expect_old = 0;
	for (int i = 0; i < N; i++) {
		EXPECT(olds[order[i]] == expect_old, "returned old value %d: %llx, expected %llx", i,
		       olds[order[i]], expect_old);
		expect_old += (unsigned long long)order[i] * 0x10000000ull;
	}
	/* exchange: the values seen are 0 and all of 1..N except the last one left behind */
	EXPECT(h.exch_sum + last == (unsigned long long)N * (N + 1) / 2, "exchange chain %llu + %llu",
	       h.exch_sum, last);
	EXPECT(h.fadd == 0.5f * N * (N - 1) / 2, "f32 add %g", h.fadd);
	EXPECT(h.fmin == -77.5f && h.fmax == N - 1 - 77.5f, "f32 min/max %g %g", h.fmin, h.fmax);
	EXPECT(h.dadd == 0.25 * N * (N - 1) / 2, "f64 add %g", h.dadd);
	EXPECT(h.dmin == -99.0 && h.dmax == (N - 1) * 1.5 - 99.0, "f64 min/max %g %g", h.dmin, h.dmax);
	EXPECT(h.lds_fadd == 1.5f * N && h.lds_dadd == 0.75 * N, "LDS f32/f64 add %g %g", h.lds_fadd,
	       h.lds_dadd);
	EXPECT(h.lds_smin == -100 * 0x100000001ll, "LDS s64 min %lld", h.lds_smin);
	EXPECT(h.lds_uadd == lu, "LDS u64 add %llx", h.lds_uadd);
	EXPECT(h.cas_count == N, "CAS loop count %llu", h.cas_count);
	return finish("atomics64");
}
