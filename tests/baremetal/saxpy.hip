// SAXPY on a board with no operating system: the HIP program is the
// whole image.  It finds the GPU on the PCIe bus (barehip-sim behind
// QEMU's ivshmem-doorbell function), fills x and y on the device, runs
// y = a*x + y with a grid-stride loop, and checks every element on the
// host.  Built with barehip-cc --board qemu-virt-aarch64.
//
// It also reports what docs/baremetal.md records: the time from the
// board's reset to the first kernel's completion (the generic timer
// starts with the machine), and a launch's cost on the host CPU, as the
// mean over 64 launches queued without a wait: in microseconds, and in
// PMU cycles, which are instructions when QEMU runs with -icount
// shift=0 (make bench) and virtual nanoseconds otherwise.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                                    \
    do {                                                                                   \
        hipError_t e_ = (expr);                                                            \
        if (e_ != hipSuccess) {                                                            \
            std::printf("saxpy: %s failed: %s\n", #expr, hipGetErrorString(e_));          \
            std::exit(1);                                                                  \
        }                                                                                  \
    } while (0)

__host__ __device__ inline float x_of(unsigned i) { return static_cast<float>(i % 1013) * 0.25f - 100.0f; }
__host__ __device__ inline float y_of(unsigned i) { return static_cast<float>((i * 7u) % 331) - 165.5f; }

__global__ void fill(float *x, float *y, unsigned n)
{
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
        x[i] = x_of(i);
        y[i] = y_of(i);
    }
}

__global__ void saxpy(float a, const float *__restrict__ x, float *__restrict__ y, unsigned n)
{
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
        y[i] = a * x[i] + y[i];
}

__global__ void empty() {}

static uint64_t ticks()
{
    uint64_t v;
    asm volatile("isb\n\tmrs %0, cntvct_el0" : "=r"(v));
    return v;
}

static uint64_t ticks_hz()
{
    uint64_t v;
    asm volatile("mrs %0, cntfrq_el0" : "=r"(v));
    return v;
}

// The PMU's cycle counter (PMCCNTR_EL0): QEMU counts it from its virtual
// clock at 1 GHz, which -icount shift=0 advances 1 ns per instruction.
static void pmu_on()
{
    asm volatile("msr pmcr_el0, %0\n\t"
                 "msr pmcntenset_el0, %1\n\t"
                 "msr pmccfiltr_el0, xzr\n\tisb" ::"r"(uint64_t{ 1 | 4 }),
                 "r"(uint64_t{ 1ull << 31 }));
}

static uint64_t pmu_cycles()
{
    uint64_t v;
    asm volatile("isb\n\tmrs %0, pmccntr_el0" : "=r"(v));
    return v;
}

int main()
{
    const unsigned n = 1u << 20, block = 256;
    const float a = 2.5f;
    float *x, *y;

    hipDeviceProp_t prop;
    HIP_CHECK(hipGetDeviceProperties(&prop, 0));
    std::printf("saxpy on %s (%s), %d CUs\n", prop.name, prop.gcnArchName,
                prop.multiProcessorCount);
    HIP_CHECK(hipMalloc(&x, n * sizeof(float)));
    HIP_CHECK(hipMalloc(&y, n * sizeof(float)));
    const unsigned grid = 4 * static_cast<unsigned>(prop.multiProcessorCount);

    fill<<<grid, block>>>(x, y, n);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipDeviceSynchronize());
    const uint64_t first = ticks();
    std::printf("boot to the first kernel's completion: %.1f ms\n",
                1e3 * static_cast<double>(first) / static_cast<double>(ticks_hz()));

    saxpy<<<grid, block>>>(a, x, y, n);
    HIP_CHECK(hipGetLastError());
    std::vector<float> out(n);
    HIP_CHECK(hipMemcpy(out.data(), y, n * sizeof(float), hipMemcpyDeviceToHost));
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++) {
        const float want = a * x_of(i) + y_of(i);
        if (std::fabs(out[i] - want) > 1e-5f * std::fabs(want) + 1e-6f && bad++ < 5)
            std::printf("  y[%u] = %g, want %g\n", i, out[i], want);
    }
    std::printf("saxpy: %u of %u elements wrong\n", bad, n);

    // A launch's cost on the host: 64 empty kernels queued, then one wait.
    pmu_on();
    const uint64_t c0 = pmu_cycles(), t0 = ticks();
    for (int i = 0; i < 64; i++)
        empty<<<1, 64>>>();
    const uint64_t c1 = pmu_cycles(), t1 = ticks();
    HIP_CHECK(hipDeviceSynchronize());
    std::printf("launch: %.1f us and %llu PMU cycles each (mean of 64)\n",
                1e6 * static_cast<double>(t1 - t0) / static_cast<double>(ticks_hz()) / 64,
                static_cast<unsigned long long>((c1 - c0) / 64));

    HIP_CHECK(hipFree(x));
    HIP_CHECK(hipFree(y));
    std::printf("saxpy: %s\n", bad ? "FAIL" : "PASS");
    return bad != 0;
}
