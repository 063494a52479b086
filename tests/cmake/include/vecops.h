/* vecops: a static library of HIP code (vecops.hip) with a plain C++
 * interface, so that code compiled by any C++ compiler can call it. */
#ifndef VECOPS_H
#define VECOPS_H

#include <hip/hip_runtime_api.h>

/* y[i] = a * x[i] + y[i] for the n device floats at x and y, on the
 * null stream; returns the launch's error. */
hipError_t vecops_axpy(float a, const float *x, float *y, int n);

/* *sum = the sum of the n device ints at v (sum is device memory). */
hipError_t vecops_sum(const int *v, int n, int *sum);

#endif
