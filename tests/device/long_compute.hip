// A kernel that computes for a long time without touching memory is
// working, not stuck: the sim board's deadlock detector must let it run
// however small its window.  Here the window is 20,000 wave instructions
// (BAREHIP_SIM_DEADLOCK_WINDOW) and each wave runs a register-only loop of
// 20,000 rounds -- hundreds of thousands of instructions -- before its one
// store; the result is checked against the same arithmetic on the host.
// With the same window, a kernel that polls a flag nothing will set is
// still reported as a deadlock, and the message names the setting.
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

constexpr int rounds = 20000;

// xorshift32 mixed with a multiply: no closed form, so no compiler can
// shorten the loop.
__host__ __device__ uint32_t churn(uint32_t x)
{
    for (int i = 0; i < rounds; ++i) {
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        x = x * 0x9e3779b1u + static_cast<uint32_t>(i);
    }
    return x;
}

__global__ void compute(uint32_t* out)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    out[t] = churn(t + 1);
}

__global__ void poll_forever(const volatile int* flag, int* out)
{
    while (*flag == 0) {
    }
    *out = 1;
}

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

int main()
{
    setenv("BAREHIP_SIM_DEADLOCK_WINDOW", "20000", 1);
    constexpr unsigned blocks = 2, threads = 128, n = blocks * threads;
    uint32_t* out;
    uint32_t host[n];
    expect(hipMalloc(&out, sizeof(host)) == hipSuccess, "hipMalloc");
    compute<<<blocks, threads>>>(out);
    expect(hipDeviceSynchronize() == hipSuccess, "a long register-only loop completes");
    expect(hipMemcpy(host, out, sizeof(host), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    unsigned wrong = 0;
    for (unsigned t = 0; t < n; ++t)
        wrong += host[t] != churn(t + 1);
    expect(wrong == 0, "every thread's result matches the host's");

    int *flag, *done;
    expect(hipMalloc(&flag, 4) == hipSuccess && hipMalloc(&done, 4) == hipSuccess &&
           hipMemset(flag, 0, 4) == hipSuccess, "hipMalloc");
    poll_forever<<<1, 64>>>(flag, done);
    expect(hipDeviceSynchronize() == hipErrorLaunchFailure, "a poll nothing ends is reported");
    const char* board = std::getenv("BAREHIP_BOARD");
    if (!board || !std::strcmp(board, "sim")) {
        expect(std::strstr(bh_get_last_error_message(), "BAREHIP_SIM_DEADLOCK_WINDOW") != nullptr,
               "the message names the setting");
        expect(std::strstr(bh_get_last_error_message(), " poll@") != nullptr,
               "the message says the wave polls");
    }
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset");

    if (failures) {
        std::printf("long_compute: FAIL (%d checks)\n", failures);
        return 1;
    }
    std::printf("long_compute: PASS (%u threads x %d register-only rounds under a 20,000-"
                "instruction deadlock window; a poll forever still reported)\n", n, rounds);
    return 0;
}
