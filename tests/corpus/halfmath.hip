// Scalar _Float16 arithmetic: add, sub, mul, div, min/max, sqrt,
// compares and conversions (clang emits the f16 VOP1/VOP2/VOPC forms,
// v_div_fixup_f16 and v_pack_b32_f16 for these).  References: the exact
// result in double rounded once to half; division and sqrt may differ by
// one half ulp-step (the hardware rcp/sqrt are 1 ulp).
#include "common.h"

#define N 512

__global__ void halfmath(const _Float16 *a, const _Float16 *b, _Float16 *o, int *io, float *fo)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	_Float16 x = a[i], y = b[i];
	o[i * 8 + 0] = x + y;
	o[i * 8 + 1] = x - y;
	o[i * 8 + 2] = x * y;
	o[i * 8 + 3] = x / y;
	o[i * 8 + 4] = x < y ? x : y;
	o[i * 8 + 5] = __builtin_fmaxf16(x, y);
	o[i * 8 + 6] = (_Float16)(int)x;
	o[i * 8 + 7] = __builtin_sqrtf16(x < (_Float16)0 ? -x : x);
	io[i] = (int)y + (x == y) + (x > y) * 2 + (x <= y) * 4;
	fo[i] = (float)x * 0.5f;
}

/* Rounding to integral halves and 16-bit integer conversions. */
__global__ void halfround(const _Float16 *a, _Float16 *o, short *s, unsigned short *u)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	_Float16 x = a[i];
	o[i * 5 + 0] = __builtin_floorf16(x);
	o[i * 5 + 1] = __builtin_ceilf16(x);
	o[i * 5 + 2] = __builtin_truncf16(x);
	o[i * 5 + 3] = __builtin_rintf16(x);
	o[i * 5 + 4] = (_Float16)(short)(i * 100 - 30000);
	s[i] = (short)x;
	u[i] = (unsigned short)(x < (_Float16)0 ? -x : x);
}

static _Float16 h(double d) { return (_Float16)d; }
static unsigned short bits(_Float16 v) { unsigned short u; memcpy(&u, &v, 2); return u; }

/* Same value, or neighbours in the f16 encoding (same sign). */
static int within_one(_Float16 got, _Float16 want)
{
	int g = bits(got), w = bits(want);
	return g == w || ((g ^ w) < 0x8000 && (g - w == 1 || w - g == 1));
}

int main(void)
{
	static _Float16 a[N], b[N], o[N * 8];
	static int io[N];
	static float fo[N];
	_Float16 *da, *db, *dout;
	int *dio;
	float *dfo;

	for (int i = 0; i < N; i++) {
		a[i] = h(((i * 7919) % 4001 - 2000) * 0.0137);
		b[i] = h(((i * 104729) % 3001 - 1500) * 0.0291 + 0.001);
		if (i % 17 == 0)
			b[i] = a[i];
		if (i % 29 == 0)
			a[i] = h(6.1e-5 * (i % 5 + 1));	/* near the f16 denormal range */
	}
	CHECK(hipMalloc(&da, sizeof(a)));
	CHECK(hipMalloc(&db, sizeof(b)));
	CHECK(hipMalloc(&dout, sizeof(o)));
	CHECK(hipMalloc(&dio, sizeof(io)));
	CHECK(hipMalloc(&dfo, sizeof(fo)));
	CHECK(hipMemcpy(da, a, sizeof(a), hipMemcpyHostToDevice));
	CHECK(hipMemcpy(db, b, sizeof(b), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(halfmath, dim3(N / 128), dim3(128), 0, 0, da, db, dout, dio, dfo);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(o, dout, sizeof(o), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(io, dio, sizeof(io), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(fo, dfo, sizeof(fo), hipMemcpyDeviceToHost));
	for (int i = 0; i < N; i++) {
		double x = (double)a[i], y = (double)b[i];
		_Float16 *r = &o[i * 8];
		EXPECT(bits(r[0]) == bits(h(x + y)), "%d: %g + %g = %g", i, x, y, (double)r[0]);
		EXPECT(bits(r[1]) == bits(h(x - y)), "%d: %g - %g = %g", i, x, y, (double)r[1]);
		EXPECT(bits(r[2]) == bits(h(x * y)), "%d: %g * %g = %g", i, x, y, (double)r[2]);
		EXPECT(within_one(r[3], h(x / y)), "%d: %g / %g = %g, expected %g", i, x, y,
		       (double)r[3], (double)h(x / y));
		EXPECT(bits(r[4]) == bits(h(x < y ? x : y)), "%d: min %g", i, (double)r[4]);
		EXPECT(bits(r[5]) == bits(h(x > y ? x : y)), "%d: max %g", i, (double)r[5]);
		EXPECT(bits(r[6]) == bits(h((double)(int)x)), "%d: (int)%g = %g", i, x, (double)r[6]);
		EXPECT(within_one(r[7], h(sqrt(fabs(x)))), "%d: sqrt(%g) = %g", i, fabs(x), (double)r[7]);
		EXPECT(io[i] == (int)y + (x == y) + (x > y) * 2 + (x <= y) * 4, "%d: compares %d", i, io[i]);
		EXPECT(fo[i] == (float)x * 0.5f, "%d: widen %g", i, fo[i]);
	}

	static _Float16 ro[N * 5];
	static short si[N];
	static unsigned short ui[N];
	_Float16 *dro;
	short *dsi;
	unsigned short *dui;

	CHECK(hipMalloc(&dro, sizeof(ro)));
	CHECK(hipMalloc(&dsi, sizeof(si)));
	CHECK(hipMalloc(&dui, sizeof(ui)));
	hipLaunchKernelGGL(halfround, dim3(N / 128), dim3(128), 0, 0, da, dro, dsi, dui);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(ro, dro, sizeof(ro), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(si, dsi, sizeof(si), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(ui, dui, sizeof(ui), hipMemcpyDeviceToHost));
	for (int i = 0; i < N; i++) {
		double x = (double)a[i];
		EXPECT(bits(ro[i * 5 + 0]) == bits(h(floor(x))), "%d: floor(%g) = %g", i, x, (double)ro[i * 5]);
		EXPECT(bits(ro[i * 5 + 1]) == bits(h(ceil(x))), "%d: ceil(%g)", i, x);
		EXPECT(bits(ro[i * 5 + 2]) == bits(h(trunc(x))), "%d: trunc(%g)", i, x);
		EXPECT(bits(ro[i * 5 + 3]) == bits(h(nearbyint(x))), "%d: rint(%g)", i, x);
		EXPECT(bits(ro[i * 5 + 4]) == bits(h((double)(short)(i * 100 - 30000))), "%d: short -> half", i);
		EXPECT(si[i] == (short)x, "%d: (short)%g = %d", i, x, si[i]);
		EXPECT(ui[i] == (unsigned short)fabs(x), "%d: (unsigned short)%g = %u", i, fabs(x), ui[i]);
	}
	return finish("halfmath");
}
