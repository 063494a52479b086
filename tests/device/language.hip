// The HIP kernel language's basics, each used as a program would:
// function qualifiers and inlining, the launch forms (<<<>>> with shared
// memory and stream, hipLaunchKernelGGL, HIP_KERNEL_NAME and template
// kernels), __device__ / __constant__ variables reached from the host
// by symbol, static and dynamic (extern) __shared__ memory, __restrict__,
// inline assembly with AMDGPU constraints, and the target macros.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstring>
#include <cstdlib>

static int failures;
static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s (last message: %s)\n", what, bh_get_last_error_message());
        ++failures;
    }
}

// ---- qualifiers: one function for host and device; inlining control.
__host__ __device__ int triple(int x) { return 3 * x; }
__device__ __noinline__ int add_noinline(int a, int b) { return a + b; }
__device__ __forceinline__ int add_inline(int a, int b) { return a + b; }

__global__ void qualifiers(int* out)
{
    int i = threadIdx.x;
    out[i] = add_noinline(triple(i), add_inline(i, 1));     // 3i + i + 1
}

// ---- template kernels, launched by every form.
template <typename T, int Scale> __global__ void scale(T* v, T add)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    v[i] = v[i] * Scale + add;
}

// ---- symbols: a table the host fills, a counter the host reads back.
__constant__ float coeffs[4];
__device__ int calls;
__device__ double last_result;
__device__ int* table_ptr;  // a symbol of pointer type

__global__ void use_symbols(const float* __restrict__ x, float* __restrict__ y)
{
    int i = threadIdx.x;
    y[i] = coeffs[0] + x[i] * (coeffs[1] + x[i] * (coeffs[2] + x[i] * coeffs[3]));
    if (i == 0) {
        calls += 1;
        last_result = y[0];
    }
}

// ---- shared memory: static, and dynamic (its size set at launch) in
// both spellings, which alias the same dynamic region.
__global__ void reverse_dynamic(int* v)
{
    extern __shared__ int dyn[];
    HIP_DYNAMIC_SHARED(int, dyn_too)
    __shared__ int total;
    int i = threadIdx.x, n = blockDim.x;
    if (i == 0)
        total = 0;
    dyn[i] = v[i];
    __syncthreads();
    __hip_atomic_fetch_add(&total, dyn_too[i], __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
    __syncthreads();
    v[i] = dyn[n - 1 - i] + 1000 * total;
}

// ---- inline assembly: the seed's multiply-accumulate.  gfx942 and gfx11
// dropped v_mac_f32, so the target macros pick v_fmac_f32 there.
__global__ void mac(float* out, const float* in, float a)
{
    int i = threadIdx.x;
#if defined(__gfx942__) || defined(__GFX11__)
    asm volatile("v_fmac_f32_e32 %0, %2, %3" : "=v"(out[i]) : "0"(out[i]), "v"(a), "v"(in[i]));
#else
    asm volatile("v_mac_f32_e32 %0, %2, %3" : "=v"(out[i]) : "0"(out[i]), "v"(a), "v"(in[i]));
#endif
}

// ---- target macros, as seen by device code.
__global__ void macros(int* out)
{
#if defined(__HIP_DEVICE_COMPILE__)
    out[0] = 1;
#endif
#if defined(__GFX9__)
    out[1] = 9;
#elif defined(__GFX11__)
    out[1] = 11;
#endif
#if defined(__gfx90a__)
    out[2] = 0x90a;
#elif defined(__gfx942__)
    out[2] = 0x942;
#elif defined(__gfx1100__)
    out[2] = 0x1100;
#elif defined(__gfx1103__)
    out[2] = 0x1103;
#elif defined(__gfx1151__)
    out[2] = 0x1151;
#endif
#if defined(__HIP_PLATFORM_AMD__) && defined(__HIP__)
    out[3] = 1;
#endif
    out[4] = warpSize;
}

int main()
{
    hipDeviceProp_t prop;
    expect(hipGetDeviceProperties(&prop, 0) == hipSuccess, "properties");
    int* d;
    expect(hipMalloc(&d, 1024 * sizeof(int)) == hipSuccess, "hipMalloc");
    int h[1024];

    // Qualifiers.
    qualifiers<<<1, 64>>>(d);
    expect(hipMemcpy(h, d, 64 * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    bool ok = true;
    for (int i = 0; i < 64; ++i)
        ok = ok && h[i] == 4 * i + 1;
    expect(ok && triple(5) == 15, "__host__ __device__, __noinline__, __forceinline__");

    // Launch forms: <<<g, b, shared, stream>>>, hipLaunchKernelGGL with
    // HIP_KERNEL_NAME around a template with two arguments.
    for (int i = 0; i < 256; ++i)
        h[i] = i;
    expect(hipMemcpy(d, h, 256 * sizeof(int), hipMemcpyHostToDevice) == hipSuccess, "copy");
    scale<int, 2><<<dim3(4), dim3(64), 0, 0>>>(d, 1);                       // 2i + 1
    hipLaunchKernelGGL(HIP_KERNEL_NAME(scale<int, 3>), dim3(2), dim3(128), 0, 0, d, -1);
    expect(hipDeviceSynchronize() == hipSuccess, "template launches");
    expect(hipMemcpy(h, d, 256 * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    ok = true;
    for (int i = 0; i < 256; ++i)
        ok = ok && h[i] == 3 * (2 * i + 1) - 1;
    expect(ok, "template kernels by <<<>>> and hipLaunchKernelGGL");

    // Symbols: fill the constant table by symbol, read the counters back
    // by symbol and through their device address.
    const float c[4] = {1.0f, 0.5f, 0.25f, 0.125f};
    expect(hipMemcpyToSymbol(coeffs, c, sizeof(c)) == hipSuccess, "hipMemcpyToSymbol");
    expect(hipMemcpyToSymbol(HIP_SYMBOL(coeffs), &c[1], sizeof(float), sizeof(float)) ==
               hipSuccess, "hipMemcpyToSymbol with offset");
    int zero = 0;
    expect(hipMemcpyToSymbolAsync(calls, &zero, sizeof(int), 0, hipMemcpyHostToDevice, 0) ==
               hipSuccess, "hipMemcpyToSymbolAsync");
    float *x, *y;
    expect(hipMalloc(&x, 64 * sizeof(float)) == hipSuccess, "hipMalloc");
    expect(hipMalloc(&y, 64 * sizeof(float)) == hipSuccess, "hipMalloc");
    float hx[64], hy[64];
    for (int i = 0; i < 64; ++i)
        hx[i] = (float)i / 8;
    expect(hipMemcpy(x, hx, sizeof(hx), hipMemcpyHostToDevice) == hipSuccess, "copy");
    use_symbols<<<1, 64>>>(x, y);
    use_symbols<<<1, 64>>>(x, y);
    expect(hipMemcpy(hy, y, sizeof(hy), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    ok = true;
    for (int i = 0; i < 64; ++i)   // exact: every term is a short binary fraction
        ok = ok && hy[i] == 1.0f + hx[i] * (0.5f + hx[i] * (0.25f + hx[i] * 0.125f));
    expect(ok, "__constant__ table written by symbol");
    int ncalls = 0;
    expect(hipMemcpyFromSymbol(&ncalls, calls, sizeof(int)) == hipSuccess, "hipMemcpyFromSymbol");
    expect(ncalls == 2, "__device__ counter read by symbol");
    void* addr = nullptr;
    size_t size = 0;
    expect(hipGetSymbolAddress(&addr, HIP_SYMBOL(last_result)) == hipSuccess, "address");
    expect(hipGetSymbolSize(&size, last_result) == hipSuccess && size == sizeof(double), "size");
    double last = 0;
    expect(hipMemcpy(&last, addr, sizeof(double), hipMemcpyDeviceToHost) == hipSuccess &&
               last == 1.0, "hipMemcpy from a symbol's address");
    expect(hipGetSymbolSize(&size, coeffs) == hipSuccess && size == sizeof(c), "array size");
    // Every way a program names a symbol, as ROCm takes them: the variable,
    // HIP_SYMBOL(var) (which is var), its address (&HIP_SYMBOL(var), as
    // hip-tests spells it on AMD), that address as const void* and as
    // void*, and a variable of pointer type (the variable, not what it
    // points to).
    const void* cv = &HIP_SYMBOL(last_result);
    void* v = const_cast<void*>(cv);
    size_t s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
    expect(hipGetSymbolSize(&s1, last_result) == hipSuccess &&
               hipGetSymbolSize(&s2, HIP_SYMBOL(last_result)) == hipSuccess &&
               hipGetSymbolSize(&s3, &HIP_SYMBOL(last_result)) == hipSuccess &&
               hipGetSymbolSize(&s4, cv) == hipSuccess && hipGetSymbolSize(&s5, v) == hipSuccess &&
               s1 == 8 && s2 == 8 && s3 == 8 && s4 == 8 && s5 == 8,
           "a symbol named as var, HIP_SYMBOL(var), &var, const void*, void*");
    int* dev_ints = nullptr;
    expect(hipMalloc(&dev_ints, 4 * sizeof(int)) == hipSuccess, "hipMalloc");
    void* pa = nullptr;
    void* pb = nullptr;
    expect(hipMemcpyToSymbol(table_ptr, &dev_ints, sizeof(dev_ints)) == hipSuccess &&
               hipGetSymbolSize(&size, HIP_SYMBOL(table_ptr)) == hipSuccess &&
               size == sizeof(int*) && hipGetSymbolAddress(&pa, table_ptr) == hipSuccess &&
               hipGetSymbolAddress(&pb, &table_ptr) == hipSuccess && pa == pb,
           "a pointer-typed symbol, passed itself or by address");
    int* back = nullptr;
    expect(hipMemcpyFromSymbol(&back, HIP_SYMBOL(table_ptr), sizeof(back)) == hipSuccess &&
               back == dev_ints, "a pointer-typed symbol holds what was copied to it");
    hipFree(dev_ints);
    expect(hipMemcpyToSymbol(coeffs, c, sizeof(c), 8) == hipErrorInvalidValue,
           "a copy past the end of the variable is refused");
    expect(std::strstr(bh_get_last_error_message(), "coeffs") != nullptr, "error names it");
    expect(hipMemcpyToSymbol(hx, c, 4) == hipErrorInvalidSymbol, "not a symbol is refused");
    // A copy in the wrong direction is refused by all four forms, naming the rule.
    int one = 1;
    expect(hipMemcpyToSymbol(calls, &one, sizeof(int), 0, hipMemcpyDeviceToHost) ==
               hipErrorInvalidMemcpyDirection &&
               std::strstr(bh_get_last_error_message(), "HostToDevice") != nullptr,
           "hipMemcpyToSymbol refuses DeviceToHost");
    expect(hipMemcpyFromSymbol(&one, calls, sizeof(int), 0, hipMemcpyHostToDevice) ==
               hipErrorInvalidMemcpyDirection &&
               std::strstr(bh_get_last_error_message(), "DeviceToHost") != nullptr,
           "hipMemcpyFromSymbol refuses HostToDevice");
    expect(hipMemcpyToSymbolAsync(calls, &one, sizeof(int), 0, hipMemcpyDeviceToHost, 0) ==
               hipErrorInvalidMemcpyDirection, "hipMemcpyToSymbolAsync refuses DeviceToHost");
    expect(hipMemcpyFromSymbolAsync(&one, calls, sizeof(int), 0, hipMemcpyHostToDevice, 0) ==
               hipErrorInvalidMemcpyDirection, "hipMemcpyFromSymbolAsync refuses HostToDevice");
    expect(hipMemcpyFromSymbolAsync(&one, calls, sizeof(int), 1, hipMemcpyDeviceToHost, 0) ==
               hipErrorInvalidValue &&
               std::strstr(bh_get_last_error_message(), "4 bytes at offset 1") != nullptr,
           "hipMemcpyFromSymbolAsync refuses a range past the end");
    (void)hipGetLastError();

    // Dynamic shared memory sized at launch.
    for (int i = 0; i < 200; ++i)
        h[i] = i;
    expect(hipMemcpy(d, h, 200 * sizeof(int), hipMemcpyHostToDevice) == hipSuccess, "copy");
    reverse_dynamic<<<1, 200, 200 * sizeof(int)>>>(d);
    expect(hipMemcpy(h, d, 200 * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    ok = true;
    for (int i = 0; i < 200; ++i)
        ok = ok && h[i] == 199 - i + 1000 * (199 * 200 / 2);
    expect(ok, "extern __shared__ and HIP_DYNAMIC_SHARED");

    // Inline assembly: out += a * in.
    float hin[64], hout[64];
    for (int i = 0; i < 64; ++i) {
        hin[i] = (float)i;
        hout[i] = 1.0f;
    }
    expect(hipMemcpy(x, hin, sizeof(hin), hipMemcpyHostToDevice) == hipSuccess, "copy");
    expect(hipMemcpy(y, hout, sizeof(hout), hipMemcpyHostToDevice) == hipSuccess, "copy");
    mac<<<1, 64>>>(y, x, 2.0f);
    expect(hipMemcpy(hout, y, sizeof(hout), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    ok = true;
    for (int i = 0; i < 64; ++i)
        ok = ok && hout[i] == 1.0f + 2.0f * i;
    expect(ok, "inline asm v_mac_f32 / v_fmac_f32");

    // Target macros: the device saw its own target.
    expect(hipMemset(d, 0, 5 * sizeof(int)) == hipSuccess, "memset");
    macros<<<1, 1>>>(d);
    expect(hipMemcpy(h, d, 5 * sizeof(int), hipMemcpyDeviceToHost) == hipSuccess, "copy");
    // "gfx942:sramecc+:xnack-" -> 0x942, "gfx1100:..." -> 0x1100; the family
    // is the major version, 9 or 11.
    const int gfx = (int)std::strtol(prop.gcnArchName + 3, nullptr, 16);
    expect(h[0] == 1 && h[1] == prop.major && h[2] == gfx && h[3] == 1 &&
               h[4] == prop.warpSize,
           "__HIP_DEVICE_COMPILE__, __GFX9__/__GFX11__, __gfx*__, __HIP_PLATFORM_AMD__, warpSize");

    std::printf("language: %s (qualifiers, launch forms, template kernels, symbols, "
                "dynamic shared, inline asm, target macros on %s)\n",
                failures ? "FAIL" : "PASS", prop.gcnArchName);
    return failures ? 1 : 0;
}
