/*
 * barehip: <hip/driver_types.h>.  ROCm keeps the memory and copy types
 * here (hipMemcpyKind, hipPitchedPtr, hipExtent, hipPos, hipMemcpy3DParms,
 * hipPointerAttribute_t ...); barehip declares them in hip_runtime_api.h,
 * which this header brings in.  Texture and array types: issue 22.
 */
#ifndef HIP_DRIVER_TYPES_H
#define HIP_DRIVER_TYPES_H
#include <hip/hip_runtime_api.h>
#endif /* HIP_DRIVER_TYPES_H */
