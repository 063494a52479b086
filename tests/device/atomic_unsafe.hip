// barehip-cc-flags: -munsafe-fp-atomics
// -munsafe-fp-atomics: float and double atomicAdd may use the hardware
// floating-point atomics (global_atomic_add_f32/f64, ds_add_f32/f64)
// instead of compare-and-swap loops.  They are exact for these sums;
// safeAtomicAdd still loops.  Memory here is ordinary device memory
// (the hardware FP atomics are undefined on fine-grained host memory).
#include <hip/hip_runtime.h>

#include <cstdio>

#if defined(__HIP_DEVICE_COMPILE__) && !defined(__AMDGCN_UNSAFE_FP_ATOMICS__)
#error "-munsafe-fp-atomics defines __AMDGCN_UNSAFE_FP_ATOMICS__ in the device pass"
#endif

__global__ void sums(float* f, double* d, float* per_block_f, double* per_block_d)
{
    __shared__ float sf;
    __shared__ double sd;
    if (threadIdx.x == 0) {
        sf = 0.0f;
        sd = 0.0;
    }
    __syncthreads();
    atomicAdd(&f[0], 0.5f);                   // global f32
    atomicAdd(&d[0], 0.125);                  // global f64
    safeAtomicAdd(&f[1], 2.0f);
    atomicAdd(&sf, 1.0f);                     // LDS f32
    atomicAdd(&sd, 3.0);                      // LDS f64
    __syncthreads();
    if (threadIdx.x == 0) {
        per_block_f[blockIdx.x] = sf;
        per_block_d[blockIdx.x] = sd;
    }
}

int main()
{
    const int blocks = 16, threads = 256, n = blocks * threads;
    float *f, *pf;
    double *d, *pd;
    hipMalloc(&f, 2 * sizeof(float));
    hipMalloc(&d, sizeof(double));
    hipMalloc(&pf, blocks * sizeof(float));
    hipMalloc(&pd, blocks * sizeof(double));
    hipMemset(f, 0, 2 * sizeof(float));
    hipMemset(d, 0, sizeof(double));
    sums<<<blocks, threads>>>(f, d, pf, pd);
    float hf[2], hpf[blocks];
    double hd, hpd[blocks];
    bool ok = hipDeviceSynchronize() == hipSuccess;
    hipMemcpy(hf, f, sizeof(hf), hipMemcpyDeviceToHost);
    hipMemcpy(&hd, d, sizeof(hd), hipMemcpyDeviceToHost);
    hipMemcpy(hpf, pf, sizeof(hpf), hipMemcpyDeviceToHost);
    hipMemcpy(hpd, pd, sizeof(hpd), hipMemcpyDeviceToHost);
    ok = ok && hf[0] == 0.5f * n && hf[1] == 2.0f * n && hd == 0.125 * n;
    for (int b = 0; b < blocks; ++b)
        ok = ok && hpf[b] == (float)threads && hpd[b] == 3.0 * threads;
    if (!ok)
        std::printf("  got %g %g %g, block 0: %g %g\n", hf[0], hf[1], hd, hpf[0], hpd[0]);
    std::printf("atomic_unsafe: %s (hardware FP atomics: %d float and double adds, global "
                "and LDS)\n", ok ? "PASS" : "FAIL", n);
    return ok ? 0 : 1;
}
