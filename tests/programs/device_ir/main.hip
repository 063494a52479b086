// A program whose device code is built by hand, the way ROCm's
// llvm_ir_to_executable and assembly_to_executable samples build theirs:
//   barehip-cc --cuda-device-only -c -emit-llvm --offload-arch=GFX main.hip
//       each target's device code as one LLVM module, barehip's device
//       library linked in (it could be edited here: llvm-dis, llvm-as)
//   barehip-cc -target amdgcn-amd-amdhsa -mcpu=GFX main-GFX.bc -o main-GFX.co
//       clang for the GPU: a code object
//   clang-offload-bundler ... -output=main.hipfb, and fatbin.s
//       (.incbin of it as __hip_fatbin in .hip_fatbin): the fat binary
//   barehip-cc --cuda-host-only -c main.hip; barehip-cc main.o fatbin.o
//       the host side refers to __hip_fatbin, as clang's link script
//       makes it refer with ROCm
// (tests/programs/programs.mk has the commands).  The kernels use the
// device library (sqrt, the work-item functions) and device printf.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                  \
    do {                                                                             \
        hipError_t e_ = (call);                                                      \
        if (e_ != hipSuccess) {                                                      \
            std::printf("%s failed: %s\n", #call, hipGetErrorString(e_));            \
            return 1;                                                                \
        }                                                                            \
    } while (0)

template <typename T>
__global__ void root_and_scale(T* out, const T* in, T scale, unsigned n)
{
    const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = sqrt(in[i]) * scale;
}

__global__ void hello(int value)
{
    if (threadIdx.x == 0 && blockIdx.x == 0)
        printf("device code from LLVM IR says %d\n", value);
}

int main()
{
    constexpr unsigned n = 1000;
    std::vector<float> in(n), out(n);
    for (unsigned i = 0; i < n; ++i)
        in[i] = float(i * i);
    float *d_in, *d_out;
    CHECK(hipMalloc(&d_in, n * sizeof(float)));
    CHECK(hipMalloc(&d_out, n * sizeof(float)));
    CHECK(hipMemcpy(d_in, in.data(), n * sizeof(float), hipMemcpyHostToDevice));
    root_and_scale<<<(n + 255) / 256, 256>>>(d_out, d_in, 2.0f, n);
    CHECK(hipGetLastError());
    hello<<<1, 64>>>(42);
    CHECK(hipGetLastError());
    CHECK(hipMemcpy(out.data(), d_out, n * sizeof(float), hipMemcpyDeviceToHost));
    for (unsigned i = 0; i < n; ++i) {
        if (out[i] != 2.0f * float(i)) {
            std::printf("FAILED: out[%u] = %g, expected %g\n", i, out[i], 2.0 * i);
            return 1;
        }
    }
    CHECK(hipFree(d_in));
    CHECK(hipFree(d_out));
    hipDeviceProp_t prop;
    CHECK(hipGetDeviceProperties(&prop, 0));
    std::printf("%u square roots from a hand-made fat binary on %s: PASS\n", n, prop.gcnArchName);
    return 0;
}
