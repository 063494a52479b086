// The legacy forms of the older seeds (000, 001), which old HIP code
// still uses:
//   - a kernel whose first parameter is a hipLaunchParm, launched with
//     hipLaunchKernel (which passes it), with hipLaunchKernelGGL and with
//     <<< >>> (where the caller passes it, here 0) -- and hipLaunchKernel
//     the runtime API function, an argument array, still there beside it;
//   - __hip_launch_bounds__(MAX_THREADS_PER_BLOCK, MIN_WARPS_PER_EU),
//     which bounds the block size as __launch_bounds__ does;
//   - the coordinate macros hipThreadIdx_x, hipBlockIdx_x, hipBlockDim_x
//     and hipGridDim_x, on every axis.
// It reads as the seeds' kernel-launch example, completed.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

// Seed 001's example: a __host__ __device__ helper and a kernel that
// takes hipLaunchParm first.
__host__ __device__ float PlusOne(float x)
{
    return x + 1.0f;
}

__global__ void MyKernel(hipLaunchParm lp, const float* a, const float* b, float* c, unsigned N)
{
    (void)lp;
    unsigned gid = hipBlockIdx_x * hipBlockDim_x + hipThreadIdx_x;
    if (gid < N)
        c[gid] = a[gid] + PlusOne(b[gid]);
}

// A kernel with nothing but hipLaunchParm: hipLaunchKernel with no
// kernel arguments.
__device__ int launches;
__global__ void CountLaunch(hipLaunchParm)
{
    if (hipThreadIdx_x == 0 && hipBlockIdx_x == 0)
        atomicAdd(&launches, 1);
}

// Every coordinate macro on every axis, one record per thread, in a
// kernel bounded to 128 threads per block with 2 waves per EU.
struct Coords {
    unsigned thread[3], block[3], blockDim[3], gridDim[3];
};

__global__ void __hip_launch_bounds__(128, 2) Where(hipLaunchParm, Coords* out)
{
    unsigned block = (hipBlockIdx_z * hipGridDim_y + hipBlockIdx_y) * hipGridDim_x + hipBlockIdx_x;
    unsigned thread =
        (hipThreadIdx_z * hipBlockDim_y + hipThreadIdx_y) * hipBlockDim_x + hipThreadIdx_x;
    Coords& c = out[block * hipBlockDim_x * hipBlockDim_y * hipBlockDim_z + thread];
    c = {{hipThreadIdx_x, hipThreadIdx_y, hipThreadIdx_z},
         {hipBlockIdx_x, hipBlockIdx_y, hipBlockIdx_z},
         {hipBlockDim_x, hipBlockDim_y, hipBlockDim_z},
         {hipGridDim_x, hipGridDim_y, hipGridDim_z}};
}

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

// c = a + b + 1 for N elements, launched three ways.
static void vector_add()
{
    const unsigned N = 1000, blockSize = 256, grid = (N + blockSize - 1) / blockSize;
    std::vector<float> a(N), b(N), c(N);
    for (unsigned i = 0; i < N; ++i) {
        a[i] = (float)i;
        b[i] = 0.5f * (float)i;
    }
    float *da, *db, *dc;
    hipMalloc(&da, N * sizeof(float));
    hipMalloc(&db, N * sizeof(float));
    hipMalloc(&dc, N * sizeof(float));
    hipMemcpy(da, a.data(), N * sizeof(float), hipMemcpyHostToDevice);
    hipMemcpy(db, b.data(), N * sizeof(float), hipMemcpyHostToDevice);

    for (int how = 0; how < 4; ++how) {
        hipMemset(dc, 0, N * sizeof(float));
        if (how == 0)
            hipLaunchKernel(MyKernel, dim3(grid), dim3(blockSize), 0, 0, da, db, dc, N);
        else if (how == 1)
            hipLaunchKernelGGL(MyKernel, dim3(grid), dim3(blockSize), 0, 0, 0, da, db, dc, N);
        else if (how == 2)
            MyKernel<<<dim3(grid), dim3(blockSize), 0, 0>>>(0, da, db, dc, N);
        else {
            // The runtime API's hipLaunchKernel: every argument by address.
            hipLaunchParm lp = 0;
            unsigned n = N;
            void* args[] = {&lp, &da, &db, &dc, &n};
            expect(hipLaunchKernel(reinterpret_cast<const void*>(MyKernel), dim3(grid),
                                   dim3(blockSize), args, 0, 0) == hipSuccess,
                   "hipLaunchKernel (runtime API) returns hipSuccess");
        }
        expect(hipGetLastError() == hipSuccess, "MyKernel launch");
        hipMemcpy(c.data(), dc, N * sizeof(float), hipMemcpyDeviceToHost);
        unsigned bad = 0;
        for (unsigned i = 0; i < N; ++i)
            bad += c[i] != a[i] + PlusOne(b[i]);
        const char* name[] = {"hipLaunchKernel", "hipLaunchKernelGGL", "<<< >>>",
                              "hipLaunchKernel (runtime API, args array)"};
        std::printf("  MyKernel(hipLaunchParm, ...) by %s: %u of %u wrong\n", name[how], bad,
                    N);
        expect(bad == 0, "c = a + PlusOne(b)");
    }
    hipFree(da);
    hipFree(db);
    hipFree(dc);

    // hipLaunchKernel of a kernel that has no other parameter.
    int zero = 0, n = -1;
    hipMemcpyToSymbol(launches, &zero, sizeof(zero));
    hipLaunchKernel(CountLaunch, dim3(1), dim3(64), 0, 0);
    hipLaunchKernel(CountLaunch, dim3(3), dim3(64), 0, 0);
    hipMemcpyFromSymbol(&n, launches, sizeof(n));
    expect(n == 2, "CountLaunch(hipLaunchParm) launched twice");
}

static void coordinates()
{
    const dim3 grid(2, 3, 2), block(4, 2, 3); // 24 threads per block
    const unsigned threads = 4 * 2 * 3, total = 2 * 3 * 2 * threads;
    Coords* d;
    hipMalloc(&d, total * sizeof(Coords));
    hipMemset(d, 0xff, total * sizeof(Coords));
    hipLaunchKernel(Where, grid, block, 0, 0, d);
    expect(hipGetLastError() == hipSuccess, "Where launch");
    std::vector<Coords> got(total);
    hipMemcpy(got.data(), d, total * sizeof(Coords), hipMemcpyDeviceToHost);
    unsigned bad = 0, i = 0;
    for (unsigned bz = 0; bz < 2; ++bz)
        for (unsigned by = 0; by < 3; ++by)
            for (unsigned bx = 0; bx < 2; ++bx)
                for (unsigned tz = 0; tz < 3; ++tz)
                    for (unsigned ty = 0; ty < 2; ++ty)
                        for (unsigned tx = 0; tx < 4; ++tx, ++i) {
                            const Coords& c = got[i];
                            bad += c.thread[0] != tx || c.thread[1] != ty || c.thread[2] != tz ||
                                   c.block[0] != bx || c.block[1] != by || c.block[2] != bz ||
                                   c.blockDim[0] != 4 || c.blockDim[1] != 2 ||
                                   c.blockDim[2] != 3 || c.gridDim[0] != 2 ||
                                   c.gridDim[1] != 3 || c.gridDim[2] != 2;
                        }
    std::printf("  hipThreadIdx/hipBlockIdx/hipBlockDim/hipGridDim _x/_y/_z: %u of %u "
                "threads wrong\n",
                bad, total);
    expect(bad == 0, "coordinate macros");

    // __hip_launch_bounds__(128, 2): the kernel says so, and a bigger
    // block is refused at launch.
    hipFuncAttributes attr;
    expect(hipFuncGetAttributes(&attr, Where) == hipSuccess && attr.maxThreadsPerBlock == 128,
           "hipFuncGetAttributes(Where).maxThreadsPerBlock == 128");
    hipLaunchKernel(Where, dim3(1), dim3(256), 0, 0, d);
    expect(hipGetLastError() == hipErrorLaunchFailure,
           "a 256-thread block refused by __hip_launch_bounds__(128, 2)");
    hipFree(d);
}

int main()
{
    vector_add();
    coordinates();
    if (failures) {
        std::printf("legacy_forms: FAIL (%d checks)\n", failures);
        return 1;
    }
    std::printf("legacy_forms: PASS (hipLaunchParm kernels by hipLaunchKernel, "
                "hipLaunchKernelGGL and <<< >>>; __hip_launch_bounds__; hip*Idx/Dim macros)\n");
    return 0;
}
