// The sim board's watchdog: a dispatch that issues more wave instructions
// than BAREHIP_SIM_WATCHDOG (default: Kconfig SIM_MAX_INSTRUCTIONS, 2e9)
// is stopped with a watchdog fault that names the kernel.  The same knob
// works on the fake KFD's model, where the fault is KFD's hardware
// exception.  scripts/
// conformance.sh sets it to 0, off, for hip-tests' kernels that spin on
// the shader clock for seconds.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void spin(unsigned *out, unsigned n)
{
    unsigned v = threadIdx.x;
    for (unsigned i = 0; i < n; i++)
        v = v * 1664525u + 1013904223u;
    out[threadIdx.x] = v;
}

int main()
{
    // Set before the first HIP call: the board reads it when it starts.
    setenv("BAREHIP_SIM_WATCHDOG", "100000", 1);
    unsigned *out;
    int failures = 0;
    if (hipMalloc(&out, 64 * sizeof(unsigned)) != hipSuccess) {
        std::printf("watchdog: FAIL (hipMalloc)\n");
        return 1;
    }
    // About 3 instructions per iteration: 1000 iterations fit, 10^6 do not.
    spin<<<1, 64>>>(out, 1000);
    if (hipDeviceSynchronize() != hipSuccess) {
        std::printf("  a short kernel was stopped: %s\n", bh_get_last_error_message());
        failures++;
    }
    // Through barehip.ko (QEMU's guest) or the pci backend (a bare-metal
    // board) the model is barehip-sim on the host, which reads its own
    // environment: nothing to see here.
    const char *board = std::getenv("BAREHIP_BOARD");
    if (board && (!std::strcmp(board, "kmod") || !std::strcmp(board, "pci"))) {
        std::printf("watchdog: PASS (%s: the knob is barehip-sim's, on the host)\n", board);
        return failures;
    }
    spin<<<1, 64>>>(out, 1000000);
    hipError_t e = hipDeviceSynchronize();
    const char *msg = bh_get_last_error_message();
    // The sim board says "watchdog"; through KFD (the fake one runs the
    // same model) the fault is KFD's generic hardware exception.
    bool kfd = board && !std::strcmp(board, "kfd");
    if (e == hipSuccess || !std::strstr(msg, "spin") ||
        !std::strstr(msg, kfd ? "hardware exception" : "watchdog")) {
        std::printf("  a long kernel: %s (%s), want a watchdog fault naming spin\n",
                    hipGetErrorName(e), msg);
        failures++;
    }
    if (failures) {
        std::printf("watchdog: FAIL (%d)\n", failures);
        return 1;
    }
    std::printf("watchdog: PASS (a 100000-instruction watchdog stopped the long kernel)\n");
    return 0;
}
