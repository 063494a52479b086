// Half precision: _Float16 arithmetic, conversions and packed pairs
// (clang emits f16 and packed VOP3P instructions for these).
#include "common.h"

#define N 1024

typedef _Float16 half2_t __attribute__((ext_vector_type(2)));

__global__ void halves(const _Float16 *a, const _Float16 *b, _Float16 *fma_out, float *widen,
		       half2_t *pairs)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	_Float16 x = a[i], y = b[i];
	fma_out[i] = x * y + (_Float16)1.5f;
	widen[i] = (float)x - (float)y * 0.5f;
	half2_t p = { x, y }, q = { y, x };
	pairs[i] = p * q + p;
}

int main(void)
{
	static _Float16 a[N], b[N], f[N];
	static float w[N];
	static half2_t pr[N];
	_Float16 *da, *db, *df;
	float *dw;
	half2_t *dp;

	for (int i = 0; i < N; i++) {
		a[i] = (_Float16)((float)((i * 37) % 199 - 99) * 0.125f);
		b[i] = (_Float16)((float)((i * 11) % 61 - 30) * 0.0625f);
	}
	CHECK(hipMalloc(&da, sizeof(a)));
	CHECK(hipMalloc(&db, sizeof(b)));
	CHECK(hipMalloc(&df, sizeof(f)));
	CHECK(hipMalloc(&dw, sizeof(w)));
	CHECK(hipMalloc(&dp, sizeof(pr)));
	CHECK(hipMemcpy(da, a, sizeof(a), hipMemcpyHostToDevice));
	CHECK(hipMemcpy(db, b, sizeof(b), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(halves, dim3(N / 256), dim3(256), 0, 0, da, db, df, dw, dp);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(f, df, sizeof(f), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(w, dw, sizeof(w), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(pr, dp, sizeof(pr), hipMemcpyDeviceToHost));
	for (int i = 0; i < N; i++) {
		/* The inputs are short binary fractions: products and sums are
		 * exact in f16 except where rounding is forced, which the host's
		 * _Float16 arithmetic (round to nearest even) reproduces, fused or not. */
		_Float16 x = a[i], y = b[i];
		float fx = (float)x, fy = (float)y;
		EXPECT((float)f[i] == (float)(_Float16)(fx * fy + 1.5f), "fma %d: %g", i, (float)f[i]);
		EXPECT(w[i] == fx - fy * 0.5f, "widen %d: %g", i, w[i]);
		EXPECT((float)pr[i][0] == (float)(_Float16)(fx * fy + fx) &&
		       (float)pr[i][1] == (float)(_Float16)(fy * fx + fy), "pair %d: %g %g", i,
		       (float)pr[i][0], (float)pr[i][1]);
	}
	return finish("half");
}
