// saxpy built by CMake's HIP language; it also checks what CMake learnt
// from barehip: the HIP version of the installation (hip-lang_VERSION)
// and that the board's GPU is among the architectures it compiled for.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CHECK(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) { \
	std::printf("FAIL: %s: %s\n", #call, hipGetErrorString(e_)); std::exit(1); } } while (0)

#ifdef BH_ARCHS_OVERRIDE
#define ARCHS BH_ARCHS_OVERRIDE	// this target's HIP_ARCHITECTURES
#else
#define ARCHS BH_HIP_ARCHITECTURES	// CMAKE_HIP_ARCHITECTURES
#endif

__global__ void saxpy(int n, float a, const float *x, float *y)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

int main()
{
	char version[32];
	std::snprintf(version, sizeof(version), "%d.%d.%d", HIP_VERSION_MAJOR, HIP_VERSION_MINOR,
		HIP_VERSION_PATCH);
	if (std::strcmp(version, BH_HIP_LANG_VERSION) != 0) {
		std::printf("FAIL: hip-lang_VERSION is '%s', hip_version.h says %s\n",
			BH_HIP_LANG_VERSION, version);
		return 1;
	}
	hipDeviceProp_t prop;
	CHECK(hipGetDeviceProperties(&prop, 0));
	std::string arch(prop.gcnArchName);
	arch = arch.substr(0, arch.find(':'));
	std::string archs = std::string(",") + ARCHS + ",";
	if (archs.find("," + arch + ",") == std::string::npos) {
		std::printf("FAIL: the board's %s is not among the architectures built: %s\n",
			arch.c_str(), ARCHS);
		return 1;
	}

	const int n = 10000;
	std::vector<float> x(n), y(n);
	for (int i = 0; i < n; i++) {
		x[i] = i * 0.25f;
		y[i] = 2.0f - i;
	}
	float *dx, *dy;
	CHECK(hipMalloc(&dx, n * sizeof(float)));
	CHECK(hipMalloc(&dy, n * sizeof(float)));
	CHECK(hipMemcpy(dx, x.data(), n * sizeof(float), hipMemcpyHostToDevice));
	CHECK(hipMemcpy(dy, y.data(), n * sizeof(float), hipMemcpyHostToDevice));
	saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
	CHECK(hipGetLastError());
	std::vector<float> got(n);
	CHECK(hipMemcpy(got.data(), dy, n * sizeof(float), hipMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		if (got[i] != 2.0f * x[i] + y[i]) {
			std::printf("FAIL: y[%d] = %g, want %g\n", i, got[i], 2.0f * x[i] + y[i]);
			return 1;
		}
	}
	CHECK(hipFree(dx));
	CHECK(hipFree(dy));
	std::printf("saxpy of %d on %s (built for %s), HIP %s\n", n, arch.c_str(), ARCHS, version);
	std::printf("PASS\n");
	return 0;
}
