// Device global constructors and destructors: a __device__ constructor
// runs once when the program's device code is loaded, before any kernel;
// destructors run when the program exits (the runtime runs the code
// object's fini kernel before unloading it).
#include <hip/hip_runtime.h>

#include <cstdio>

__device__ int table[4];
__device__ int boots;

__attribute__((constructor)) __device__ void fill_table()
{
    for (int i = 0; i < 4; ++i)
        table[i] = (i + 1) * 10;
    boots += 1;
}

__global__ void read_table(int* out)
{
    out[threadIdx.x] = threadIdx.x < 4 ? table[threadIdx.x] : boots;
}

int main()
{
    int *d = nullptr, h[5] = { 0 };
    bool ok = hipMalloc(&d, sizeof(h)) == hipSuccess;
    for (int round = 0; round < 2 && ok; ++round) {   // the constructor runs once only
        read_table<<<1, 5>>>(d);
        ok = hipDeviceSynchronize() == hipSuccess &&
             hipMemcpy(h, d, sizeof(h), hipMemcpyDeviceToHost) == hipSuccess && h[0] == 10 &&
             h[3] == 40 && h[4] == 1;
    }
    hipFree(d);
    std::printf("ctors: %s (table %d %d %d %d, constructor ran %d time(s))\n", ok ? "PASS" : "FAIL",
                h[0], h[1], h[2], h[3], h[4]);
    return ok ? 0 : 1;
}
