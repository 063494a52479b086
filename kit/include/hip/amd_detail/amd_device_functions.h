/* barehip: <hip/amd_detail/amd_device_functions.h> (ROCm's device intrinsics), a forwarder for code that
 * includes it by name: barehip's <hip/device_functions.h> has it. */
#ifndef BH_AMD_DETAIL_AMD_DEVICE_FUNCTIONS_H
#define BH_AMD_DETAIL_AMD_DEVICE_FUNCTIONS_H
#include <hip/device_functions.h>
#endif
