/*
 * barehip: <hip/hip_profile.h>, as ROCm's without a tracer attached:
 * the source markers compile to nothing (AMD_LOG_LEVEL logs the API
 * calls instead: docs/troubleshooting.md).
 */
#ifndef HIP_PROFILE_H
#define HIP_PROFILE_H
#define HIP_SCOPED_MARKER(markerName, group)
#define HIP_BEGIN_MARKER(markerName, group)
#define HIP_END_MARKER()
#endif /* HIP_PROFILE_H */
