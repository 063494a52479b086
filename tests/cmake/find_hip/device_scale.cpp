// HIP in a .cpp file of a C++ project: with barehip-cc as the C++
// compiler, hip::device compiles it as HIP for GPU_TARGETS, as ROCm's
// hip::device does with hipcc or clang++.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) { \
	std::printf("FAIL: %s: %s\n", #call, hipGetErrorString(e_)); std::exit(1); } } while (0)

__global__ void scale(double *v, double s, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = v[i] * s + i;
}

int main()
{
	const int n = 3000;
	std::vector<double> v(n);
	for (int i = 0; i < n; i++)
		v[i] = 1.0 / (i + 1);
	double *d;
	CHECK(hipMalloc(&d, n * sizeof(double)));
	CHECK(hipMemcpy(d, v.data(), n * sizeof(double), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(scale, dim3((n + 63) / 64), dim3(64), 0, 0, d, 4.0, n);
	CHECK(hipGetLastError());
	std::vector<double> got(n);
	CHECK(hipMemcpy(got.data(), d, n * sizeof(double), hipMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		if (got[i] != v[i] * 4.0 + i) {
			std::printf("FAIL: v[%d] = %.17g, want %.17g\n", i, got[i], v[i] * 4.0 + i);
			return 1;
		}
	}
	CHECK(hipFree(d));
	std::printf("device_scale: a kernel in a .cpp file (hip::device), %d doubles right\n", n);
	std::printf("PASS\n");
	return 0;
}
