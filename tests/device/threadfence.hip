// Memory fences.  __threadfence(): the classic "last block" sum -- each
// block writes its partial sum, fences, then takes a ticket from an
// atomic counter; the block that draws the last ticket knows every other
// partial is visible and adds them up.  __threadfence_system(): the same
// with the partials and the total in managed memory the host reads.
// __threadfence_block(): one wave hands a message to another through
// __shared__ memory and a flag.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

constexpr unsigned block_size = 128, blocks = 24;

__device__ unsigned tickets = 0;

// Sums in[] into *total, @system selecting __threadfence_system.
__global__ void sum_last_block(const int* in, int* partial, int* total, bool system)
{
    __shared__ int part[block_size];
    __shared__ bool am_last;
    const unsigned t = threadIdx.x;
    part[t] = in[blockIdx.x * block_size + t];
    __syncthreads();
    for (unsigned s = block_size / 2; s > 0; s /= 2) {
        if (t < s)
            part[t] += part[t + s];
        __syncthreads();
    }
    if (t == 0) {
        partial[blockIdx.x] = part[0];
        // The partial must be visible to the other blocks before the
        // ticket that tells them it is there.
        if (system)
            __threadfence_system();
        else
            __threadfence();
        unsigned ticket = __hip_atomic_fetch_add(&tickets, 1u, __ATOMIC_RELAXED,
                                                 __HIP_MEMORY_SCOPE_AGENT);
        am_last = ticket == gridDim.x - 1;
    }
    __syncthreads();
    if (am_last && t == 0) {
        __threadfence(); // see the partials the other tickets announced
        int sum = 0;
        for (unsigned b = 0; b < gridDim.x; ++b)
            sum += __hip_atomic_load(&partial[b], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        *total = sum;
        tickets = 0; // ready for the next launch
    }
}

// Wave 1 writes a message and raises a flag; wave 0 waits for the flag
// and reads the message.  The fences order the message before the flag.
__global__ void pass_message(int* out)
{
    __shared__ int message[64];
    __shared__ int flag;
    const unsigned t = threadIdx.x;
    if (t == 0)
        flag = 0;
    __syncthreads();
    if (t >= 64) {
        message[t - 64] = (int)(t * t) + blockIdx.x;
        __threadfence_block();
        if (t == 64)
            __hip_atomic_store(&flag, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    } else {
        while (__hip_atomic_load(&flag, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP) == 0)
            __builtin_amdgcn_s_sleep(1);
        __threadfence_block();
        out[blockIdx.x * 64 + t] = message[t];
    }
}

static bool ok(hipError_t e, const char* what)
{
    if (e != hipSuccess)
        std::printf("threadfence: FAIL (%s: %s)\n", what, hipGetErrorString(e));
    return e == hipSuccess;
}

int main()
{
    const unsigned n = block_size * blocks;
    std::vector<int> in(n);
    int want = 0;
    for (unsigned i = 0; i < n; ++i) {
        in[i] = (int)(i * 37 % 1001) - 480;
        want += in[i];
    }
    unsigned bad = 0;

    int *d_in, *d_partial, *d_total;
    if (!ok(hipMalloc(&d_in, n * sizeof(int)), "hipMalloc") ||
        !ok(hipMalloc(&d_partial, blocks * sizeof(int)), "hipMalloc") ||
        !ok(hipMalloc(&d_total, sizeof(int)), "hipMalloc") ||
        !ok(hipMemcpy(d_in, in.data(), n * sizeof(int), hipMemcpyHostToDevice), "hipMemcpy"))
        return 1;
    for (int round = 0; round < 2; ++round) { // twice: the counter resets itself
        int total = 0;
        sum_last_block<<<blocks, block_size>>>(d_in, d_partial, d_total, false);
        if (!ok(hipDeviceSynchronize(), "sum_last_block") ||
            !ok(hipMemcpy(&total, d_total, sizeof(int), hipMemcpyDeviceToHost), "hipMemcpy"))
            return 1;
        if (total != want && bad++ < 5)
            std::printf("  __threadfence sum, round %d: %d, want %d\n", round, total, want);
    }

    // System scope: the host reads the managed results directly.
    int *m_partial, *m_total;
    if (!ok(hipMallocManaged(&m_partial, blocks * sizeof(int), hipMemAttachGlobal), "managed") ||
        !ok(hipMallocManaged(&m_total, sizeof(int), hipMemAttachGlobal), "managed"))
        return 1;
    *m_total = 0;
    sum_last_block<<<blocks, block_size>>>(d_in, m_partial, m_total, true);
    if (!ok(hipDeviceSynchronize(), "sum_last_block (system)"))
        return 1;
    if (*m_total != want && bad++ < 5)
        std::printf("  __threadfence_system sum: %d, want %d\n", *m_total, want);
    for (unsigned b = 0; b < blocks; ++b) {
        int part = 0;
        for (unsigned i = 0; i < block_size; ++i)
            part += in[b * block_size + i];
        if (m_partial[b] != part && bad++ < 5)
            std::printf("  block %u partial %d, want %d\n", b, m_partial[b], part);
    }

    // Block scope.
    const unsigned msg_blocks = 4;
    std::vector<int> msg(msg_blocks * 64, -1);
    int* d_msg;
    if (!ok(hipMalloc(&d_msg, msg.size() * sizeof(int)), "hipMalloc"))
        return 1;
    pass_message<<<msg_blocks, 128>>>(d_msg);
    if (!ok(hipDeviceSynchronize(), "pass_message") ||
        !ok(hipMemcpy(msg.data(), d_msg, msg.size() * sizeof(int), hipMemcpyDeviceToHost),
            "hipMemcpy"))
        return 1;
    for (unsigned b = 0; b < msg_blocks; ++b)
        for (unsigned t = 0; t < 64; ++t) {
            const int w = (int)((t + 64) * (t + 64)) + (int)b;
            if (msg[b * 64 + t] != w && bad++ < 5)
                std::printf("  message block %u slot %u: %d, want %d\n", b, t, msg[b * 64 + t], w);
        }

    hipFree(d_in);
    hipFree(d_partial);
    hipFree(d_total);
    hipFree(m_partial);
    hipFree(m_total);
    hipFree(d_msg);
    if (bad) {
        std::printf("threadfence: FAIL (%u mismatches)\n", bad);
        return 1;
    }
    std::printf("threadfence: PASS (last-block sum of %u blocks at agent and system scope; "
                "block-scope message between waves)\n", blocks);
    return 0;
}
