// Global wave sync (GWS): the GPU's 64 counters for waves of different
// workgroups to meet or take turns, through clang's ds_gws builtins.
// barehip gives them to the queue of the first cooperative launch (as
// ROCm gives them to its cooperative queue), so these kernels are
// launched with hipLaunchCooperativeKernel on the null stream.  A
// resource keeps its state between kernels: one kernel sets it up with
// ds_gws_init, the next uses it (as ROCm's own GWS tests do).
//   1. a semaphore of 1 as a mutex around a non-atomic update;
//   2. a barrier between workgroups, re-armed by itself each round;
//   3. sema_br handing out credits that waiting workgroups take;
//   4. misuse: GWS on a queue without it, and a barrier that waits for
//      more workgroups than exist, are reported, and the device recovers.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

// Resource ids (M0[21:16] + offset); grid sync itself uses resource 0.
constexpr unsigned MUTEX = 1, BARRIER = 2, CREDITS = 3;

__global__ void gws_init(unsigned value, unsigned resource)
{
    __builtin_amdgcn_ds_gws_init(value, resource);
}

// Each workgroup's first wave takes the mutex, reads the total, yields
// (so other waves run in between), writes it back plus one.  Without
// the mutex updates are lost; "inside" catches two waves in at once.
__global__ void locked_increments(unsigned* total, unsigned* inside, unsigned* overlap,
                                  int rounds)
{
    if (threadIdx.x != 0)
        return;
    for (int r = 0; r < rounds; ++r) {
        __builtin_amdgcn_ds_gws_sema_p(MUTEX);
        if (__hip_atomic_fetch_add(inside, 1u, __ATOMIC_ACQUIRE, __HIP_MEMORY_SCOPE_AGENT))
            __hip_atomic_fetch_add(overlap, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        const unsigned t = __hip_atomic_load(total, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        __builtin_amdgcn_s_sleep(2);
        __hip_atomic_store(total, t + 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        __hip_atomic_fetch_sub(inside, 1u, __ATOMIC_RELEASE, __HIP_MEMORY_SCOPE_AGENT);
        __builtin_amdgcn_ds_gws_sema_v(MUTEX);
    }
}

// Block b writes its slot, all meet at the GWS barrier, then b reads
// block b+1's slot: right only if the barrier waited for every block.
// Slow blocks dawdle so that a missing barrier shows.
__global__ void neighbours(int* slots, unsigned* wrong, int rounds)
{
    const unsigned b = blockIdx.x, nb = gridDim.x;
    for (int r = 0; r < rounds; ++r) {
        if (threadIdx.x == 0) {
            for (unsigned i = 0; i < 3 * b; ++i)
                __builtin_amdgcn_s_sleep(1);
            __hip_atomic_store(&slots[b], r * 1000 + static_cast<int>(b), __ATOMIC_RELAXED,
                               __HIP_MEMORY_SCOPE_AGENT);
            __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent");
            __builtin_amdgcn_ds_gws_barrier(nb - 1, BARRIER);
            __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent");
        }
        __syncthreads();
        const int want = r * 1000 + static_cast<int>((b + 1) % nb);
        if (__hip_atomic_load(&slots[(b + 1) % nb], __ATOMIC_RELAXED,
                              __HIP_MEMORY_SCOPE_AGENT) != want)
            __hip_atomic_fetch_add(wrong, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
        // Nobody overwrites a slot before every block has read it: all
        // of this block's waves have read (the __syncthreads) before its
        // first wave tells the other blocks so (the barrier).
        __syncthreads();
        if (threadIdx.x == 0)
            __builtin_amdgcn_ds_gws_barrier(nb - 1, BARRIER);
        __syncthreads();
    }
}

// Block 0 hands out nb - 1 credits at once (sema_br); every other block
// waits for one (sema_p) and records that it got through.
__global__ void credits(unsigned* passed)
{
    if (threadIdx.x != 0)
        return;
    if (blockIdx.x == 0) {
        for (int i = 0; i < 50; ++i)
            __builtin_amdgcn_s_sleep(1);    // let the others queue up first
        __builtin_amdgcn_ds_gws_sema_br(gridDim.x - 1, CREDITS);
    } else {
        __builtin_amdgcn_ds_gws_sema_p(CREDITS);
        __hip_atomic_fetch_add(passed, 1u, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    }
}

__global__ void sema_v_only()
{
    __builtin_amdgcn_ds_gws_sema_v(MUTEX);
}

__global__ void overfull_barrier(unsigned waiting_for)
{
    if (threadIdx.x == 0)
        __builtin_amdgcn_ds_gws_barrier(waiting_for - 1, BARRIER);
}

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

template <typename... A>
static hipError_t coop(void (*k)(A...), unsigned blocks, unsigned threads, A... a)
{
    void* args[] = { &a... };
    const hipError_t e = hipLaunchCooperativeKernel(reinterpret_cast<const void*>(k),
                                                    dim3(blocks), dim3(threads), args, 0, 0);
    return e ? e : hipDeviceSynchronize();
}

int main()
{
    setenv("BAREHIP_SIM_DEADLOCK_WINDOW", "300000", 1);
    hipDeviceProp_t prop;
    expect(hipGetDeviceProperties(&prop, 0) == hipSuccess, "hipGetDeviceProperties");
    // As many workgroups as surely fit at once (a cooperative launch's
    // rule), at most 64.
    unsigned blocks = static_cast<unsigned>(prop.multiProcessorCount) * 2;
    if (blocks > 64)
        blocks = 64;
    unsigned *total, *inside, *overlap, *wrong, *passed;
    int* slots;
    expect(hipMalloc(&total, 4) == hipSuccess && hipMalloc(&inside, 4) == hipSuccess &&
           hipMalloc(&overlap, 4) == hipSuccess && hipMalloc(&wrong, 4) == hipSuccess &&
           hipMalloc(&passed, 4) == hipSuccess && hipMalloc(&slots, 64 * 4) == hipSuccess,
           "hipMalloc");
    for (unsigned* p : { total, inside, overlap, wrong, passed })
        expect(hipMemset(p, 0, 4) == hipSuccess, "hipMemset");

    // 1. A mutex: the semaphore starts at 1.
    const int rounds = 4;
    expect(coop(gws_init, 1, 1, 1u, MUTEX) == hipSuccess, "init the mutex");
    expect(coop(locked_increments, blocks, 64u, total, inside, overlap, rounds) == hipSuccess,
           "locked increments");
    unsigned h_total = 0, h_overlap = 1;
    expect(hipMemcpy(&h_total, total, 4, hipMemcpyDeviceToHost) == hipSuccess &&
           hipMemcpy(&h_overlap, overlap, 4, hipMemcpyDeviceToHost) == hipSuccess, "copy");
    expect(h_total == blocks * rounds, "every locked increment counted");
    expect(h_overlap == 0, "never two waves inside the mutex");

    // 2. A barrier of all the blocks: armed with blocks - 1.
    expect(coop(gws_init, 1, 1, blocks - 1, BARRIER) == hipSuccess, "init the barrier");
    expect(coop(neighbours, blocks, 128u, slots, wrong, 3) == hipSuccess, "barrier rounds");
    unsigned h_wrong = 1;
    expect(hipMemcpy(&h_wrong, wrong, 4, hipMemcpyDeviceToHost) == hipSuccess, "copy");
    expect(h_wrong == 0, "every read after the barrier saw this round's value");

    // 3. Credits: the semaphore starts at 0, sema_br adds blocks - 1.
    expect(coop(gws_init, 1, 1, 0u, CREDITS) == hipSuccess, "init the credits");
    expect(coop(credits, blocks, 64u, passed) == hipSuccess, "credits");
    unsigned h_passed = 0;
    expect(hipMemcpy(&h_passed, passed, 4, hipMemcpyDeviceToHost) == hipSuccess, "copy");
    expect(h_passed == blocks - 1, "every waiting block got a credit");

    // 4. Misuse.  A stream of its own has its own queue, without GWS.
    const char* board = std::getenv("BAREHIP_BOARD");
    const bool sim = !board || !std::strcmp(board, "sim");
    hipStream_t s;
    expect(hipStreamCreate(&s) == hipSuccess, "hipStreamCreate");
    sema_v_only<<<1, 64, 0, s>>>();
    expect(hipStreamSynchronize(s) == hipErrorLaunchFailure, "ds_gws on a queue without GWS reported");
    expect(std::strstr(bh_get_last_error_message(), "sema_v_only") != nullptr,
           "names the kernel");
    if (sim)
        expect(std::strstr(bh_get_last_error_message(), "no GWS") != nullptr, "says why");
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset");
    // A barrier for one more wave than arrive: nothing can release it.
    expect(coop(gws_init, 1, 1, 2u, BARRIER) == hipSuccess, "init a barrier of 3");
    expect(coop(overfull_barrier, 2, 64u, 3u) == hipErrorLaunchFailure, "deadlock reported");
    if (sim)
        expect(std::strstr(bh_get_last_error_message(), " gws@") != nullptr,
               "says the waves wait in GWS");
    expect(hipDeviceReset() == hipSuccess, "hipDeviceReset");
    // Working again: a fresh queue, GWS taken anew.
    expect(coop(gws_init, 1, 1, 1u, BARRIER) == hipSuccess &&
               coop(overfull_barrier, 2, 64u, 2u) == hipSuccess,
           "a barrier of 2 after the reset");

    if (failures) {
        std::printf("gws: FAIL (%d checks)\n", failures);
        return 1;
    }
    std::printf("gws: PASS (mutex over %u blocks x %d rounds, barrier, credits, misuse "
                "reported)\n", blocks, rounds);
    return 0;
}
