/*
 * barehip: __ldg(p), a load through the read-only data cache on CUDA,
 * for every type ROCm's hip_ldg.h has it for (__half and __half2: in
 * hip_fp16.h).  On AMD GPUs it is a plain load.
 */
#ifndef HIP_BH_LDG_H
#define HIP_BH_LDG_H

#define __BH_LDG(T) \
	__device__ inline static T __ldg(const T *p) { return *p; }
__BH_LDG(char)
__BH_LDG(signed char)
__BH_LDG(unsigned char)
__BH_LDG(short)
__BH_LDG(unsigned short)
__BH_LDG(int)
__BH_LDG(unsigned int)
__BH_LDG(long)
__BH_LDG(unsigned long)
__BH_LDG(long long)
__BH_LDG(unsigned long long)
__BH_LDG(float)
__BH_LDG(double)
__BH_LDG(char2)
__BH_LDG(char4)
__BH_LDG(short2)
__BH_LDG(short4)
__BH_LDG(int2)
__BH_LDG(int4)
__BH_LDG(longlong2)
__BH_LDG(uchar2)
__BH_LDG(uchar4)
__BH_LDG(ushort2)
__BH_LDG(uint2)
__BH_LDG(uint4)
__BH_LDG(ulonglong2)
__BH_LDG(float2)
__BH_LDG(float4)
__BH_LDG(double2)
#undef __BH_LDG

#endif /* HIP_BH_LDG_H */
