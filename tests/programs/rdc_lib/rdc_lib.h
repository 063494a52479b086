// The device library's interface (rdc_lib: -fgpu-rdc objects in an ar
// archive, linked with the program's own device code per target).
#pragma once
#include <hip/hip_runtime.h>

#define POLY_DEGREE 4

extern __device__ float norm_scale;
extern __constant__ float poly_coef[POLY_DEGREE + 1];
__device__ float dot3(const float* a, const float* b);
__device__ float scaled_twice(float x);
__device__ float horner(float x);
__device__ float poly_plus_dot(float x, const float* a, const float* b);
__global__ void normalize_sq(float* v, int n);
