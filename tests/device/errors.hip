// Bad launches and GPU faults give clear errors and lose nothing: the
// process survives, the error names the kernel and the cause, and the
// device works again after hipDeviceReset.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>

__global__ void __launch_bounds__(64) small_blocks(int* out)
{
    out[threadIdx.x] = 1;
}

__global__ void write_through(int* p, int value)
{
    *p = value;     // with a bad pointer: a memory fault on the GPU
}

static int failures;

// __builtin_trap (what assert and abort lower to): s_trap 2.
__global__ void trap_in_lane(int* p, int lane)
{
    if ((int)threadIdx.x == lane)
        __builtin_trap();
    p[threadIdx.x] = 1;
}

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

int main()
{
    int* buf = nullptr;
    expect(hipMalloc(&buf, 4096) == hipSuccess, "hipMalloc");

    // Beyond __launch_bounds__(64): refused at launch, named; the code is
    // ROCm's (the seeds: "HIP would return launch failure").
    small_blocks<<<1, 128>>>(buf);
    expect(hipGetLastError() == hipErrorLaunchFailure, "launch bounds error code");
    expect(std::strstr(bh_get_last_error_message(), "small_blocks") != nullptr, "names the kernel");
    expect(std::strstr(bh_get_last_error_message(), "block (128,1,1)") != nullptr, "names the dims");
    expect(std::strstr(bh_get_last_error_message(), "__launch_bounds__") != nullptr, "names the cause");
    expect(hipGetLastError() == hipSuccess, "hipGetLastError clears");

    // Too many threads per block and an empty grid.
    small_blocks<<<1, dim3(32, 32, 2)>>>(buf);
    expect(hipGetLastError() == hipErrorInvalidConfiguration, "2048-thread block refused");
    small_blocks<<<0, 64>>>(buf);
    expect(hipGetLastError() == hipErrorInvalidConfiguration, "empty grid refused");

    // Bad host-side calls.
    expect(hipFree(reinterpret_cast<void*>(0x1234)) == hipErrorInvalidValue, "bad hipFree");
    int host = 0;
    expect(hipMemcpy(&host, buf + 1023, 8, hipMemcpyDeviceToHost) == hipErrorInvalidValue,
           "copy past the end of an allocation");

    // A good launch still works after all that.
    small_blocks<<<1, 64>>>(buf);
    expect(hipDeviceSynchronize() == hipSuccess, "good launch after errors");

    // A GPU memory fault: reported at synchronisation, with the kernel named.
    (void)hipGetLastError();    // clear the sticky error of the bad hipMemcpy
    write_through<<<1, 1>>>(reinterpret_cast<int*>(0x10), 7);
    expect(hipGetLastError() == hipSuccess, "faulting launch is accepted");
    expect(hipDeviceSynchronize() == hipErrorLaunchFailure, "fault reported");
    expect(std::strstr(bh_get_last_error_message(), "write_through") != nullptr, "fault names the kernel");
    expect(std::strstr(bh_get_last_error_message(), "memory violation") != nullptr, "fault names the cause");

    // Recovery.
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset");
    expect(hipMalloc(&buf, 4096) == hipSuccess, "hipMalloc after reset");
    write_through<<<1, 1>>>(buf, 42);
    expect(hipDeviceSynchronize() == hipSuccess, "launch after reset");
    expect(hipMemcpy(&host, buf, 4, hipMemcpyDeviceToHost) == hipSuccess && host == 42,
           "result after reset");

    // A trap in one lane: reported as a trap naming the kernel; after a
    // reset the same kernel runs without trapping.
    trap_in_lane<<<1, 64>>>(buf, 3);
    expect(hipDeviceSynchronize() == hipErrorLaunchFailure, "trap reported");
    expect(std::strstr(bh_get_last_error_message(), "trap_in_lane") != nullptr, "trap names the kernel");
    expect(std::strstr(bh_get_last_error_message(), "trap") != nullptr, "trap names the cause");
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset after the trap");
    expect(hipMalloc(&buf, 4096) == hipSuccess, "hipMalloc after the trap");
    trap_in_lane<<<1, 64>>>(buf, 64);   // no lane 64: nobody traps
    expect(hipDeviceSynchronize() == hipSuccess, "launch after the trap");
    expect(hipMemcpy(&host, buf + 63, 4, hipMemcpyDeviceToHost) == hipSuccess && host == 1,
           "result after the trap");
    hipFree(buf);

    if (failures) {
        std::printf("errors: FAIL (%d checks)\n", failures);
        return 1;
    }
    std::printf("errors: PASS (bad launches, bad pointers, a GPU fault and a trap reported; "
                "device recovered)\n");
    return 0;
}
