// Relocatable device code (-fgpu-rdc), as in HIP's static device library
// samples: this file's kernels call device functions of a static device
// library (vector_ops.hip and polynomial.hip compiled with -fgpu-rdc -c
// and archived with ar), use its __device__ and __constant__ variables
// (set from the host with hipMemcpyToSymbol), and launch a kernel defined
// in the library.  barehip-cc links the device code of all of them per
// target into one code object.
#include <hip/hip_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "rdc_lib.h"

#define HIP_CHECK(expression)                                                  \
    do {                                                                       \
        const hipError_t status = (expression);                                \
        if (status != hipSuccess) {                                            \
            std::fprintf(stderr, "HIP error %d (%s) at %s:%d: %s\n", status,   \
                         hipGetErrorString(status), __FILE__, __LINE__,        \
                         #expression);                                         \
            std::exit(EXIT_FAILURE);                                           \
        }                                                                      \
    } while (0)

#define N 200

// A static kernel: its name is made unique with this file's ID.
static __global__ void evaluate(const float* x, const float* vec, float* out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N)
        out[i] = poly_plus_dot(x[i], vec + 3 * i, vec + 3 * ((i + 1) % N)) +
                 scaled_twice(x[i]);
}

static float host_horner(const float* c, float x)
{
    float acc = c[POLY_DEGREE];
    for (int d = POLY_DEGREE - 1; d >= 0; d--)
        acc = acc * x + c[d];
    return acc;
}

static float host_dot3(const float* a, const float* b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static bool close_to(float got, float want)
{
    return std::fabs(got - want) <= 1e-5f * (1.0f + std::fabs(want));
}

int main()
{
    const float coef[POLY_DEGREE + 1] = { 0.5f, -1.25f, 0.75f, 2.0f, -0.125f };
    const float scale = 3.0f;
    static float x[N], vec[3 * N], out[N];
    for (int i = 0; i < N; i++) {
        x[i] = (float)(i - 100) / 37.0f;
        for (int c = 0; c < 3; c++)
            vec[3 * i + c] = (float)((i * 7 + c * 3) % 11) - 4.5f;
    }
    HIP_CHECK(hipMemcpyToSymbol(poly_coef, coef, sizeof(coef)));
    HIP_CHECK(hipMemcpyToSymbol(norm_scale, &scale, sizeof(scale)));

    float *d_x, *d_vec, *d_out;
    HIP_CHECK(hipMalloc(&d_x, sizeof(x)));
    HIP_CHECK(hipMalloc(&d_vec, sizeof(vec)));
    HIP_CHECK(hipMalloc(&d_out, sizeof(out)));
    HIP_CHECK(hipMemcpy(d_x, x, sizeof(x), hipMemcpyHostToDevice));
    HIP_CHECK(hipMemcpy(d_vec, vec, sizeof(vec), hipMemcpyHostToDevice));

    evaluate<<<(N + 63) / 64, 64>>>(d_x, d_vec, d_out);
    HIP_CHECK(hipGetLastError());
    HIP_CHECK(hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost));
    int bad = 0;
    for (int i = 0; i < N; i++) {
        float want = host_horner(coef, x[i]) +
                     host_dot3(vec + 3 * i, vec + 3 * ((i + 1) % N)) + 0.5f +
                     2.0f * x[i] * scale;
        if (!close_to(out[i], want) && bad++ < 5)
            std::fprintf(stderr, "evaluate[%d] = %g, want %g\n", i, out[i], want);
    }

    // The library's own kernel, launched from here.
    normalize_sq<<<(N + 127) / 128, 128>>>(d_vec, N);
    HIP_CHECK(hipGetLastError());
    static float normed[3 * N];
    HIP_CHECK(hipMemcpy(normed, d_vec, sizeof(normed), hipMemcpyDeviceToHost));
    for (int i = 0; i < N; i++) {
        float len2 = host_dot3(vec + 3 * i, vec + 3 * i);
        for (int c = 0; c < 3; c++)
            if (!close_to(normed[3 * i + c], vec[3 * i + c] * (scale / len2)) && bad++ < 10)
                std::fprintf(stderr, "normalize_sq[%d][%d] = %g, want %g\n", i, c,
                             normed[3 * i + c], vec[3 * i + c] * (scale / len2));
    }
    HIP_CHECK(hipFree(d_x));
    HIP_CHECK(hipFree(d_vec));
    HIP_CHECK(hipFree(d_out));
    if (bad) {
        std::printf("rdc_lib: FAILED (%d wrong values)\n", bad);
        return EXIT_FAILURE;
    }
    std::printf("rdc_lib: PASS (%d polynomials and %d vectors through a static device "
                "library)\n", N, N);
    return 0;
}
