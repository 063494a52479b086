// A kernel calling a __device__ function of another file, and one
// reading that file's __device__ variable: linked by barehip-cc
// -fgpu-rdc from a static library of device code (rdc_device.hip).
#include <hip/hip_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(call) do { hipError_t e_ = (call); if (e_ != hipSuccess) { \
	std::printf("FAIL: %s: %s\n", #call, hipGetErrorString(e_)); std::exit(1); } } while (0)

extern __device__ int bh_poly_calls;
extern __device__ int bh_poly(int x);

__global__ void poly_kernel(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = bh_poly(in[i]);
}

__global__ void read_calls(int *calls)
{
	*calls = bh_poly_calls;
}

int main()
{
	const int n = 777;
	std::vector<int> in(n);
	for (int i = 0; i < n; i++)
		in[i] = i - 300;
	int *din, *dout, *dcalls;
	CHECK(hipMalloc(&din, n * sizeof(int)));
	CHECK(hipMalloc(&dout, n * sizeof(int)));
	CHECK(hipMalloc(&dcalls, sizeof(int)));
	CHECK(hipMemcpy(din, in.data(), n * sizeof(int), hipMemcpyHostToDevice));
	poly_kernel<<<(n + 127) / 128, 128>>>(din, dout, n);
	CHECK(hipGetLastError());
	read_calls<<<1, 1>>>(dcalls);
	CHECK(hipGetLastError());
	std::vector<int> out(n);
	int calls = 0;
	CHECK(hipMemcpy(out.data(), dout, n * sizeof(int), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(&calls, dcalls, sizeof(int), hipMemcpyDeviceToHost));
	for (int i = 0; i < n; i++) {
		int x = in[i];
		if (out[i] != 3 * x * x + 2 * x + 1) {
			std::printf("FAIL: poly(%d) = %d, want %d\n", x, out[i], 3 * x * x + 2 * x + 1);
			return 1;
		}
	}
	if (calls != n) {
		std::printf("FAIL: bh_poly_calls is %d, want %d\n", calls, n);
		return 1;
	}
	std::printf("rdc: %d calls across files and a device variable right\n", n);
	std::printf("PASS\n");
	return 0;
}
