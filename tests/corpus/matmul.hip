// Tiled matrix multiply through LDS with barriers, the classic HIP
// example: 16x16 tiles, matrices whose sizes are not tile multiples.
#include "common.h"

#define TILE 16

__global__ void matmul(const float *a, const float *b, float *c, int m, int n, int k)
{
	__shared__ float ta[TILE][TILE], tb[TILE][TILE + 1];
	int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
	float acc = 0.0f;

	for (int t = 0; t < k; t += TILE) {
		ta[threadIdx.y][threadIdx.x] = row < m && t + threadIdx.x < k ? a[row * k + t + threadIdx.x] : 0.0f;
		tb[threadIdx.y][threadIdx.x] = col < n && t + threadIdx.y < k ? b[(t + threadIdx.y) * n + col] : 0.0f;
		__syncthreads();
		for (int i = 0; i < TILE; i++)
			acc += ta[threadIdx.y][i] * tb[i][threadIdx.x];
		__syncthreads();
	}
	if (row < m && col < n)
		c[row * n + col] = acc;
}

int main(void)
{
	const int m = 45, n = 37, k = 50;
	static float a[m * k], b[k * n], c[m * n];
	float *da, *db, *dc;

	for (int i = 0; i < m * k; i++)
		a[i] = (float)((i * 13) % 17) - 8.0f;
	for (int i = 0; i < k * n; i++)
		b[i] = (float)((i * 7) % 11) * 0.5f - 2.0f;
	CHECK(hipMalloc(&da, sizeof(a)));
	CHECK(hipMalloc(&db, sizeof(b)));
	CHECK(hipMalloc(&dc, sizeof(c)));
	CHECK(hipMemcpy(da, a, sizeof(a), hipMemcpyHostToDevice));
	CHECK(hipMemcpy(db, b, sizeof(b), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(matmul, dim3((n + TILE - 1) / TILE, (m + TILE - 1) / TILE), dim3(TILE, TILE),
			   0, 0, da, db, dc, m, n, k);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(c, dc, sizeof(c), hipMemcpyDeviceToHost));
	for (int i = 0; i < m; i++)
		for (int j = 0; j < n; j++) {
			float ref = 0;	/* exact: small integers and halves */
			for (int x = 0; x < k; x++)
				ref += a[i * k + x] * b[x * n + j];
			EXPECT(c[i * n + j] == ref, "c[%d][%d] = %g, expected %g", i, j, c[i * n + j], ref);
		}
	return finish("matmul");
}
