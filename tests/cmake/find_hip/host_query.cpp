// A host-only C++ program (compiled by the C++ compiler, linked with
// hip::host): it asks the board about its GPU, moves memory through it,
// and checks what find_package(hip) said (hip_VERSION, GPU_TARGETS).
#include <hip/hip_runtime_api.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CHECK(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) { \
	std::printf("FAIL: %s: %s\n", #call, hipGetErrorString(e_)); std::exit(1); } } while (0)

int main()
{
#ifndef __HIP_PLATFORM_AMD__
	std::printf("FAIL: hip::host did not define __HIP_PLATFORM_AMD__\n");
	return 1;
#endif
	char version[32];
	std::snprintf(version, sizeof(version), "%d.%d.%d", HIP_VERSION_MAJOR, HIP_VERSION_MINOR,
		HIP_VERSION_PATCH);
	if (std::strcmp(version, BH_HIP_VERSION) != 0) {
		std::printf("FAIL: hip_VERSION is '%s', hip_version.h says %s\n", BH_HIP_VERSION,
			version);
		return 1;
	}
	int count = 0;
	CHECK(hipGetDeviceCount(&count));
	if (count < 1) {
		std::printf("FAIL: no device\n");
		return 1;
	}
	hipDeviceProp_t prop;
	CHECK(hipGetDeviceProperties(&prop, 0));
	std::string arch(prop.gcnArchName);
	arch = arch.substr(0, arch.find(':'));
	// GPU_TARGETS defaults to the GPUs the board reports.
	std::string targets = std::string(",") + BH_GPU_TARGETS + ",";
	if (targets.find("," + arch + ",") == std::string::npos) {
		std::printf("FAIL: GPU_TARGETS (%s) does not name the board's %s\n", BH_GPU_TARGETS,
			arch.c_str());
		return 1;
	}

	const size_t n = 1 << 16;
	std::vector<unsigned char> in(n), out(n);
	for (size_t i = 0; i < n; i++)
		in[i] = (unsigned char)(i * 7 + 3);
	unsigned char *a, *b;
	CHECK(hipMalloc(&a, n));
	CHECK(hipMalloc(&b, n));
	CHECK(hipMemcpy(a, in.data(), n, hipMemcpyHostToDevice));
	CHECK(hipMemcpy(b, a, n, hipMemcpyDeviceToDevice));
	CHECK(hipMemset(a, 0x5a, n / 2));
	CHECK(hipMemcpy(out.data(), b, n, hipMemcpyDeviceToHost));
	if (std::memcmp(in.data(), out.data(), n) != 0) {
		std::printf("FAIL: device-to-device copy changed the data\n");
		return 1;
	}
	CHECK(hipMemcpy(out.data(), a, n, hipMemcpyDeviceToHost));
	for (size_t i = 0; i < n; i++) {
		unsigned char want = i < n / 2 ? 0x5a : in[i];
		if (out[i] != want) {
			std::printf("FAIL: byte %zu is %#x after hipMemset, want %#x\n", i, out[i], want);
			return 1;
		}
	}
	CHECK(hipFree(a));
	CHECK(hipFree(b));
	std::printf("host_query: %s (%s), HIP %s, GPU_TARGETS %s\n", prop.name, arch.c_str(), version,
		BH_GPU_TARGETS);
	std::printf("PASS\n");
	return 0;
}
