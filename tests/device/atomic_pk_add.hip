// unsafeAtomicAdd and atomicAdd on __half2 and __hip_bfloat162, from many
// threads to one address and to many addresses, in global memory and in
// LDS.  unsafeAtomicAdd is the packed hardware add where the target has it
// (global_atomic_pk_add_f16 on gfx90a; flat/global pk_add_f16 and _bf16 on
// gfx942), a compare-and-swap loop elsewhere.  The addends are chosen so
// that every partial sum is exact in the format (f16: 11 significant bits,
// bf16: 8), whatever order the threads run in; the old values returned
// must all differ (each add saw a distinct partial sum).
#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

constexpr int kBlocks = 8, kThreads = 256, kN = kBlocks * kThreads;

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

struct Out {
    __half2 h_one;             // kN x (1, 0.5) -> (2048, 1024)
    __hip_bfloat162 b_one;     // first 256 threads x (1, 0.5) -> (256, 128)
    __half2 h_safe;            // atomicAdd, kN x (0.5, 0.25) -> (1024, 512)
    __half2 h_lds[kBlocks];    // via LDS: 256 x (1, -1) per block
    __hip_bfloat162 b_lds[kBlocks];
};

__global__ void adds(Out* o, __half2* many_h, __hip_bfloat162* many_b, float* old_h,
                     float* old_b)
{
    __shared__ __half2 sh;
    __shared__ __hip_bfloat162 sb;
    int t = blockIdx.x * blockDim.x + threadIdx.x;

    if (threadIdx.x == 0) {
        sh = __floats2half2_rn(0.0f, 0.0f);
        sb = __floats2bfloat162_rn(0.0f, 0.0f);
    }
    __syncthreads();
    __half2 oh = unsafeAtomicAdd(&o->h_one, __floats2half2_rn(1.0f, 0.5f));
    old_h[t] = __low2float(oh);
    if (t < 256) {
        __hip_bfloat162 ob = unsafeAtomicAdd(&o->b_one, __floats2bfloat162_rn(1.0f, 0.5f));
        old_b[t] = __low2float(ob);
    }
    atomicAdd(&o->h_safe, __floats2half2_rn(0.5f, 0.25f));
    // Many addresses: kN / 64 = 32 adds to each slot t % 64.
    unsafeAtomicAdd(&many_h[t % 64], __floats2half2_rn((float)(t % 64) / 4, -1.0f));
    unsafeAtomicAdd(&many_b[t % 64], __floats2bfloat162_rn(1.0f, (float)(1 << (t % 8))));
    unsafeAtomicAdd(&sh, __floats2half2_rn(1.0f, -1.0f));
    unsafeAtomicAdd(&sb, __floats2bfloat162_rn(0.5f, -2.0f));
    __syncthreads();
    if (threadIdx.x == 0) {
        o->h_lds[blockIdx.x] = sh;
        o->b_lds[blockIdx.x] = sb;
    }
}

// One thread, a sum that must round: 1 + 2^-11 + 2^-11 is a tie twice
// in f16 (to even: stays 1); 1 + 3*2^-11 rounds up to 1 + 2^-9.  bf16:
// 1 + 2^-8 ties to 1; 1.5 + 2^-8 ties to even 1.5 (0x3fc0).
__global__ void rounding(__half2* h, __hip_bfloat162* b, __half2* oldh)
{
    *oldh = unsafeAtomicAdd(h, __floats2half2_rn(0x1p-11f, 3 * 0x1p-11f));
    unsafeAtomicAdd(b, __floats2bfloat162_rn(0x1p-8f, 0x1p-8f));
}

int main()
{
    Out *o;
    __half2 *many_h, *rh, *roh;
    __hip_bfloat162 *many_b, *rb;
    float *old_h, *old_b;

    hipMalloc(&o, sizeof(Out));
    hipMalloc(&many_h, 64 * sizeof(__half2));
    hipMalloc(&many_b, 64 * sizeof(__hip_bfloat162));
    hipMalloc(&old_h, kN * sizeof(float));
    hipMalloc(&old_b, 256 * sizeof(float));
    hipMalloc(&rh, sizeof(__half2));
    hipMalloc(&roh, sizeof(__half2));
    hipMalloc(&rb, sizeof(__hip_bfloat162));
    hipMemset(o, 0, sizeof(Out));
    hipMemset(many_h, 0, 64 * sizeof(__half2));
    hipMemset(many_b, 0, 64 * sizeof(__hip_bfloat162));
    hipLaunchKernelGGL(adds, dim3(kBlocks), dim3(kThreads), 0, 0, o, many_h, many_b, old_h, old_b);

    __half2 r0 = __floats2half2_rn(1.0f, 1.0f);
    __hip_bfloat162 b0 = __floats2bfloat162_rn(1.0f, 1.5f);
    hipMemcpy(rh, &r0, sizeof r0, hipMemcpyHostToDevice);
    hipMemcpy(rb, &b0, sizeof b0, hipMemcpyHostToDevice);
    hipLaunchKernelGGL(rounding, dim3(1), dim3(1), 0, 0, rh, rb, roh);
    if (hipDeviceSynchronize() != hipSuccess) {
        std::printf("FAILED: kernel error\n");
        return 1;
    }

    Out h;
    std::vector<__half2> mh(64);
    std::vector<__hip_bfloat162> mb(64);
    std::vector<float> oh(kN), ob(256);
    hipMemcpy(&h, o, sizeof h, hipMemcpyDeviceToHost);
    hipMemcpy(mh.data(), many_h, 64 * sizeof(__half2), hipMemcpyDeviceToHost);
    hipMemcpy(mb.data(), many_b, 64 * sizeof(__hip_bfloat162), hipMemcpyDeviceToHost);
    hipMemcpy(oh.data(), old_h, kN * sizeof(float), hipMemcpyDeviceToHost);
    hipMemcpy(ob.data(), old_b, 256 * sizeof(float), hipMemcpyDeviceToHost);

    expect(__low2float(h.h_one) == 2048.0f && __high2float(h.h_one) == 1024.0f,
           "half2 one address: (2048, 1024)");
    expect(__low2float(h.b_one) == 256.0f && __high2float(h.b_one) == 128.0f,
           "bfloat162 one address: (256, 128)");
    expect(__low2float(h.h_safe) == 1024.0f && __high2float(h.h_safe) == 512.0f,
           "half2 atomicAdd: (1024, 512)");
    std::vector<int> seen(kN, 0);
    for (int t = 0; t < kN; t++)
        if (oh[t] >= 0 && oh[t] < kN && oh[t] == (int)oh[t])
            seen[(int)oh[t]]++;
    bool all = true;
    for (int k = 0; k < kN; k++)
        all = all && seen[k] == 1;
    expect(all, "half2 old values are 0..2047, each once");
    std::vector<int> seenb(256, 0);
    for (int t = 0; t < 256; t++)
        if (ob[t] >= 0 && ob[t] < 256 && ob[t] == (int)ob[t])
            seenb[(int)ob[t]]++;
    all = true;
    for (int k = 0; k < 256; k++)
        all = all && seenb[k] == 1;
    expect(all, "bfloat162 old values are 0..255, each once");
    all = true;
    for (int s = 0; s < 64; s++) {
        all = all && __low2float(mh[s]) == 32.0f * s / 4 && __high2float(mh[s]) == -32.0f;
        all = all && __low2float(mb[s]) == 32.0f && __high2float(mb[s]) == 32.0f * (1 << (s % 8));
    }
    expect(all, "many addresses: exact per-slot sums");
    all = true;
    for (int b = 0; b < kBlocks; b++) {
        all = all && __low2float(h.h_lds[b]) == 256.0f && __high2float(h.h_lds[b]) == -256.0f;
        all = all && __low2float(h.b_lds[b]) == 128.0f && __high2float(h.b_lds[b]) == -512.0f;
    }
    expect(all, "LDS: (256, -256) and (128, -512) per block");

    __half2 rhh, rohh;
    __hip_bfloat162 rbh;
    hipMemcpy(&rhh, rh, sizeof rhh, hipMemcpyDeviceToHost);
    hipMemcpy(&rohh, roh, sizeof rohh, hipMemcpyDeviceToHost);
    hipMemcpy(&rbh, rb, sizeof rbh, hipMemcpyDeviceToHost);
    expect(__low2float(rhh) == 1.0f && __high2float(rhh) == 1.0f + 0x1p-9f,
           "half2 rounding: 1 + 2^-11 ties to 1, 1 + 3*2^-11 rounds to 1 + 2^-9");
    expect(__low2float(rohh) == 1.0f && __high2float(rohh) == 1.0f, "half2 old value returned");
    expect(__low2float(rbh) == 1.0f && __high2float(rbh) == 1.5f,
           "bfloat162 rounding: ties to even");
    if (failures)
        return 1;
    std::printf("atomic_pk_add: PASS\n");
    return 0;
}
