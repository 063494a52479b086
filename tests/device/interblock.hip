// Workgroups that wait for each other through global memory: block b
// spins until block b+1 has published its value, so the blocks finish in
// reverse order of their ids.  This needs the blocks to run concurrently
// (as on hardware); one block at a time would deadlock.
#include <hip/hip_runtime.h>

#include <cstdio>

constexpr int blocks = 6;

__global__ void chain(int* flags, int* values)
{
    const int b = blockIdx.x;
    int carried = 0;
    if (threadIdx.x == 0) {
        if (b + 1 < blocks) {
            while (__hip_atomic_load(&flags[b + 1], __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT) == 0)
                __builtin_amdgcn_s_sleep(1);
            carried = values[b + 1];
        }
        values[b] = carried + b + 1;
        __hip_atomic_store(&flags[b], 1, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
    }
}

int main()
{
    int *flags, *values;
    int host[blocks];
    if (hipMalloc(&flags, sizeof(host)) || hipMalloc(&values, sizeof(host)) ||
        hipMemset(flags, 0, sizeof(host)))
        return 1;
    chain<<<blocks, 64>>>(flags, values);
    if (hipDeviceSynchronize() || hipMemcpy(host, values, sizeof(host), hipMemcpyDeviceToHost))
        return 1;
    int bad = 0;
    for (int b = 0; b < blocks; ++b) {
        int want = 0;
        for (int k = b; k < blocks; ++k)
            want += k + 1;
        if (host[b] != want && bad++ < 3)
            std::printf("  block %d: %d, want %d\n", b, host[b], want);
    }
    if (bad) {
        std::printf("interblock: FAIL\n");
        return 1;
    }
    std::printf("interblock: PASS (%d blocks handing a value down through memory)\n", blocks);
    return 0;
}
