// A C++ translation unit compiled by the C++ compiler (g++, or clang++),
// not as HIP: it calls the HIP host API and the vecops library's
// launchers.
#include <hip/hip_runtime_api.h>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include "vecops.h"

#define CHECK(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) { \
	std::printf("FAIL: %s: %s\n", #call, hipGetErrorString(e_)); std::exit(1); } } while (0)

int main()
{
#ifdef __HIP__
	std::printf("FAIL: mixed_main.cpp was compiled as HIP\n");
	return 1;
#endif
	const int n = 5000;
	std::vector<float> x(n), y(n);
	std::vector<int> v(n);
	for (int i = 0; i < n; i++) {
		x[i] = 0.5f * i;
		y[i] = 1000.0f - i;
		v[i] = i % 97;
	}
	float *dx, *dy;
	int *dv, *dsum;
	CHECK(hipMalloc(&dx, n * sizeof(float)));
	CHECK(hipMalloc(&dy, n * sizeof(float)));
	CHECK(hipMalloc(&dv, n * sizeof(int)));
	CHECK(hipMalloc(&dsum, sizeof(int)));
	CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
	CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
	CHECK(hipMemcpy(dv, v.data(), n * sizeof(int), hipMemcpyHostToDevice));
	CHECK(vecops_axpy(3.0f, dx, dy, n));
	CHECK(vecops_sum(dv, n, dsum));
	std::vector<float> got(n);
	int sum = 0;
	CHECK(hipMemcpy(got.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(&sum, dsum, sizeof(int), hipMemcpyDeviceToHost));
	int bad = 0, want_sum = 0;
	for (int i = 0; i < n; i++) {
		if (got[i] != 3.0f * x[i] + y[i])
			bad++;
		want_sum += v[i];
	}
	if (bad || sum != want_sum) {
		std::printf("FAIL: axpy %d wrong of %d; sum %d, want %d\n", bad, n, sum, want_sum);
		return 1;
	}
	CHECK(hipFree(dx));
	CHECK(hipFree(dy));
	CHECK(hipFree(dv));
	CHECK(hipFree(dsum));
	std::printf("mixed: C++ main (%s, not HIP), HIP static library: axpy of %d and a sum of %d"
		" right\n", __VERSION__, n, sum);
	std::printf("PASS\n");
	return 0;
}
