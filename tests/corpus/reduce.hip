// Block reductions the way HIP libraries write them: a wave-level tree
// through ds_bpermute (what __shfl_xor compiles to), DPP row shifts, and
// LDS for the partial sums of the waves.  int, float and double; at
// either wave size (warpSize: 64 on gfx9, 32 on gfx11).
#include "common.h"

__device__ static int shfl_xor(int v, int mask)
{
	int lane = __builtin_amdgcn_mbcnt_hi(~0u, __builtin_amdgcn_mbcnt_lo(~0u, 0u));
	return __builtin_amdgcn_ds_bpermute((lane ^ mask) << 2, v);
}

__device__ static float shfl_xor_f(float v, int mask)
{
	return __builtin_bit_cast(float, shfl_xor(__builtin_bit_cast(int, v), mask));
}

__device__ static double shfl_xor_d(double v, int mask)
{
	long long b = __builtin_bit_cast(long long, v);
	int lo = shfl_xor((int)b, mask), hi = shfl_xor((int)(b >> 32), mask);
	return __builtin_bit_cast(double, (long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo));
}

template <typename T> __device__ T wave_sum(T v)
{
	for (int m = warpSize / 2; m > 0; m >>= 1) {
		if constexpr (sizeof(T) == 8) v += shfl_xor_d(v, m);
		else if constexpr (__is_same(T, float)) v += shfl_xor_f(v, m);
		else v += shfl_xor(v, m);
	}
	return v;
}

template <typename T> __global__ void block_sum(const T *in, T *out, int n)
{
	__shared__ T part[32];	/* one per wave: 1024 threads / 32 lanes */
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T v = i < n ? in[i] : T(0);
	v = wave_sum(v);
	if (threadIdx.x % warpSize == 0)
		part[threadIdx.x / warpSize] = v;
	__syncthreads();
	if (threadIdx.x == 0) {
		T s = 0;
		for (unsigned w = 0; w < (blockDim.x + warpSize - 1) / warpSize; w++)
			s += part[w];
		out[blockIdx.x] = s;
	}
}

/* Inclusive prefix sum in a row of 16 lanes by DPP row_shr, as rocPRIM's scans do. */
__global__ void row_scan(const int *in, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[i];
	v += __builtin_amdgcn_update_dpp(0, v, 0x111, 0xf, 0xf, false);	/* row_shr:1 */
	v += __builtin_amdgcn_update_dpp(0, v, 0x112, 0xf, 0xf, false);	/* row_shr:2 */
	v += __builtin_amdgcn_update_dpp(0, v, 0x114, 0xf, 0xf, false);	/* row_shr:4 */
	v += __builtin_amdgcn_update_dpp(0, v, 0x118, 0xf, 0xf, false);	/* row_shr:8 */
	out[i] = v;
}

template <typename T> static void run_sum(const char *what, T (*gen)(int))
{
	const int n = 5000, block = 256, grid = (n + block - 1) / block;
	T *h = (T *)malloc(n * sizeof(T)), *r = (T *)malloc(grid * sizeof(T)), *din, *dout;
	for (int i = 0; i < n; i++)
		h[i] = gen(i);
	CHECK(hipMalloc(&din, n * sizeof(T)));
	CHECK(hipMalloc(&dout, grid * sizeof(T)));
	CHECK(hipMemcpy(din, h, n * sizeof(T), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(block_sum<T>, dim3(grid), dim3(block), 0, 0, din, dout, n);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(r, dout, grid * sizeof(T), hipMemcpyDeviceToHost));
	for (int b = 0; b < grid; b++) {
		double ref = 0;
		for (int i = b * block; i < n && i < (b + 1) * block; i++)
			ref += (double)h[i];
		EXPECT(fabs((double)r[b] - ref) <= 1e-4 * fabs(ref) + 1e-6,
		       "%s block %d: %g, expected %g", what, b, (double)r[b], ref);
	}
	CHECK(hipFree(din));
	CHECK(hipFree(dout));
	free(h);
	free(r);
}

static int gi(int i) { return (i * 7919) % 1000 - 500; }
static float gf(int i) { return (float)((i * 37) % 101) * 0.25f - 12.0f; }
static double gd(int i) { return ((i * 53) % 211) * 0.125 - 13.0; }

int main(void)
{
	run_sum<int>("int", gi);
	run_sum<float>("float", gf);
	run_sum<double>("double", gd);

	int h[256], r[256], *din, *dout;
	for (int i = 0; i < 256; i++)
		h[i] = gi(i);
	CHECK(hipMalloc(&din, sizeof(h)));
	CHECK(hipMalloc(&dout, sizeof(h)));
	CHECK(hipMemcpy(din, h, sizeof(h), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(row_scan, dim3(2), dim3(128), 0, 0, din, dout);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(r, dout, sizeof(r), hipMemcpyDeviceToHost));
	for (int i = 0; i < 256; i++) {
		int s = 0;
		for (int j = i & ~15; j <= i; j++)
			s += h[j];
		EXPECT(r[i] == s, "row scan lane %d: %d, expected %d", i, r[i], s);
	}
	return finish("reduce");
}
