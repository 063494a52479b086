// 64-bit integer division and remainder, float and double division and
// square root, checked bit for bit against the host.
#include "common.h"

#define N 4096

struct io {
	long long sa, sb;
	unsigned long long ua, ub;
	float fa, fb;
	double da, db;
	long long sq, sr;
	unsigned long long uq, ur;
	float fq, fs;
	double dq, ds;
};

__global__ void divsqrt(struct io *v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	struct io x = v[i];
	x.sq = x.sa / x.sb;
	x.sr = x.sa % x.sb;
	x.uq = x.ua / x.ub;
	x.ur = x.ua % x.ub;
	x.fq = x.fa / x.fb;
	x.fs = __builtin_sqrtf(x.fa);
	x.dq = x.da / x.db;
	x.ds = __builtin_sqrt(x.da);
	v[i] = x;
}

static unsigned long long rng = 88172645463325252ull;
static unsigned long long next(void)
{
	rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
	return rng;
}

static int same_f(float a, float b) { return memcmp(&a, &b, 4) == 0 || (isnan(a) && isnan(b)); }
static int same_d(double a, double b) { return memcmp(&a, &b, 8) == 0 || (isnan(a) && isnan(b)); }

int main(void)
{
	static struct io h[N];
	struct io *d;

	for (int i = 0; i < N; i++) {
		unsigned long long r = next(), s = next();
		int shift = (int)(s % 64);
		h[i].sa = (long long)r >> (i % 61);
		h[i].sb = ((long long)s >> shift) | 1;
		if (i % 7 == 0) h[i].sb = -h[i].sb;
		h[i].ua = next() >> (i % 17);
		h[i].ub = (next() >> (i % 64)) | (i & 1);
		if (!h[i].ub) h[i].ub = 3;
		uint32_t fa = (uint32_t)next(), fb = (uint32_t)next();
		memcpy(&h[i].fa, &fa, 4);
		memcpy(&h[i].fb, &fb, 4);
		unsigned long long da = next(), db = next();
		memcpy(&h[i].da, &da, 8);
		memcpy(&h[i].db, &db, 8);
		if (i % 5 == 0) { h[i].fa = fabsf(h[i].fa); h[i].da = fabs(h[i].da); }
	}
	h[0].sa = -0x7fffffffffffffffll - 1; h[0].sb = 1;	/* INT64_MIN / 1 */
	h[1].fb = 0.0f; h[1].db = 0.0;				/* x / 0 */
	h[2].fa = 1e-40f; h[2].fb = 3.0f;			/* denormal numerator */
	h[3].da = 4.9e-324; h[3].db = 0.5;
	CHECK(hipMalloc(&d, sizeof(h)));
	CHECK(hipMemcpy(d, h, sizeof(h), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(divsqrt, dim3(N / 256), dim3(256), 0, 0, d, N);
	CHECK(hipDeviceSynchronize());
	static struct io r[N];
	CHECK(hipMemcpy(r, d, sizeof(r), hipMemcpyDeviceToHost));
	for (int i = 0; i < N; i++) {
		const struct io *x = &h[i], *y = &r[i];
		EXPECT(y->sq == x->sa / x->sb && y->sr == x->sa % x->sb, "%d: %lld / %lld", i, x->sa, x->sb);
		EXPECT(y->uq == x->ua / x->ub && y->ur == x->ua % x->ub, "%d: %llu / %llu", i, x->ua, x->ub);
		EXPECT(same_f(y->fq, x->fa / x->fb), "%d: %a / %a = %a, expected %a", i, x->fa, x->fb, y->fq,
		       x->fa / x->fb);
		EXPECT(same_f(y->fs, sqrtf(x->fa)), "%d: sqrtf(%a) = %a, expected %a", i, x->fa, y->fs,
		       sqrtf(x->fa));
		EXPECT(same_d(y->dq, x->da / x->db), "%d: %a / %a = %a, expected %a", i, x->da, x->db, y->dq,
		       x->da / x->db);
		EXPECT(same_d(y->ds, sqrt(x->da)), "%d: sqrt(%a) = %a, expected %a", i, x->da, y->ds,
		       sqrt(x->da));
	}
	return finish("divsqrt");
}
