// Relocatable device code: a __device__ function and a __device__
// variable that kernels in other files use (rdc_main.hip).
#include <hip/hip_runtime.h>

__device__ int bh_poly_calls;

__device__ int bh_poly(int x)
{
	atomicAdd(&bh_poly_calls, 1);
	return 3 * x * x + 2 * x + 1;
}
