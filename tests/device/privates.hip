// Private memory and calls: a per-thread array indexed at run time
// (scratch), a small array kept in registers and indexed by a value the
// whole wave shares (the compiler's VGPR index mode, s_set_gpr_idx_on),
// calls through a function pointer, and recursion (a dynamic stack).
// Expected values are computed by the same C++ on the host.
#include <hip/hip_runtime.h>

#include <cstdio>

__host__ __device__ __noinline__ int square(int x) { return x * x; }
__host__ __device__ __noinline__ int cube(int x) { return x * x * x; }
__host__ __device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

__host__ __device__ int work(const int* in, int i, int which)
{
    int table[40];
    for (int k = 0; k < 40; ++k)
        table[k] = in[(i + k) % 64] * k;
    int (*fn)(int) = which ? cube : square;
    return table[(in[i] & 0x7fffffff) % 40] + fn(i % 13) + fib(i % 12);
}

__global__ void privates(const int* in, int* out, int which)
{
    const int i = threadIdx.x;
    out[i] = work(in, i, which);
}

// A 16-float array in registers, read and written at indices every lane
// shares (n and j are kernel arguments): a weighted prefix sum and a
// rotation through the array.
__host__ __device__ float in_registers(const float* in, int i, int n, int j)
{
    float v[16];
    for (int k = 0; k < 16; ++k)
        v[k] = in[(i + k) % 64];
    v[j & 15] += 1000.0f;   // a write at a uniform run-time index
    float s = 0;
    for (int k = 0; k < n; ++k)   // reads at uniform run-time indices
        s += v[k] * (float)(k + 1);
    return s + v[(j + 5) & 15];
}

__global__ void registers(const float* in, float* out, int n, int j)
{
    const int i = threadIdx.x;
    out[i] = in_registers(in, i, n, j);
}

int main()
{
    int in[64], out[64];
    for (int i = 0; i < 64; ++i)
        in[i] = i * 7919 % 1000;
    int *d_in, *d_out;
    if (hipMalloc(&d_in, sizeof(in)) || hipMalloc(&d_out, sizeof(out)) ||
        hipMemcpy(d_in, in, sizeof(in), hipMemcpyHostToDevice))
        return 1;
    int bad = 0;
    for (int which = 0; which < 2; ++which) {
        privates<<<1, 64>>>(d_in, d_out, which);
        if (hipDeviceSynchronize() || hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost))
            return 1;
        for (int i = 0; i < 64; ++i)
            if (out[i] != work(in, i, which) && bad++ < 3)
                std::printf("  which %d thread %d: %d, want %d\n", which, i, out[i],
                            work(in, i, which));
    }
    float fin[64], fout[64], *d_fin, *d_fout;
    for (int i = 0; i < 64; ++i)
        fin[i] = (float)(i * 37 % 101) / 4;   // exact in float: the sums are too
    if (hipMalloc(&d_fin, sizeof(fin)) || hipMalloc(&d_fout, sizeof(fout)) ||
        hipMemcpy(d_fin, fin, sizeof(fin), hipMemcpyHostToDevice))
        return 1;
    for (int n : {0, 1, 7, 16})
        for (int j : {0, 3, 15}) {
            registers<<<1, 64>>>(d_fin, d_fout, n, j);
            if (hipDeviceSynchronize() ||
                hipMemcpy(fout, d_fout, sizeof(fout), hipMemcpyDeviceToHost))
                return 1;
            for (int i = 0; i < 64; ++i)
                if (fout[i] != in_registers(fin, i, n, j) && bad++ < 3)
                    std::printf("  registers n %d j %d thread %d: %g, want %g\n", n, j, i,
                                fout[i], in_registers(fin, i, n, j));
        }
    if (bad) {
        std::printf("privates: FAIL (%d values)\n", bad);
        return 1;
    }
    std::printf("privates: PASS (scratch arrays, register arrays at uniform indices, indirect "
                "calls, recursion)\n");
    return 0;
}
