// tests/programs/hiprtc.hip links this, compiled by barehip-cc -fgpu-rdc -c
// (a host object with device bitcode bundled in) and archived as a static
// device library, with a program it compiled at run time: what
// hiprtc.hip's lib_source defines, built ahead of time.
#include <hip/hip_runtime.h>

__device__ int bias = 40;
__device__ float twice_plus(float x) { return 2.0f * x + (float)bias; }
