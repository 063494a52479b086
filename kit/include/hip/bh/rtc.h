/*
 * What a hiprtc program sees without an #include (kit/runtime/hiprtc.c
 * includes this first): the kernel language and the device types ROCm's
 * built-in hiprtc header carries -- half and bfloat16, the math
 * constants, complex numbers, cooperative groups.
 */
#ifndef BH_RTC_H
#define BH_RTC_H
#include <hip/hip_runtime.h>
#include <hip/hip_fp16.h>
#include <hip/hip_bf16.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_math_constants.h>
#include <hip/hip_complex.h>
#include <hip/hip_cooperative_groups.h>
#endif
