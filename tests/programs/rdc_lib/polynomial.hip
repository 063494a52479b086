// Part of a static device library: Horner's rule over coefficients in
// __constant__ memory, and a function that calls into vector_ops.hip
// (another member of the archive).
#include <hip/hip_runtime.h>

#include "rdc_lib.h"

__constant__ float poly_coef[POLY_DEGREE + 1];

static __device__ float twice(float x) { return 2.0f * x + 0.0f; }

__device__ float horner(float x)
{
    float acc = poly_coef[POLY_DEGREE];
    for (int d = POLY_DEGREE - 1; d >= 0; d--)
        acc = acc * x + poly_coef[d];
    return acc;
}

__device__ float poly_plus_dot(float x, const float* a, const float* b)
{
    return horner(x) + dot3(a, b) + twice(0.25f);
}
