/* cxx_lang: a C file (compiled as C, as hipcc compiles .c) using the HIP
 * runtime API from C: the header is C. */
#ifdef __cplusplus
#error "a .c file must be compiled as C"
#endif
#include <stdlib.h>

#include <hip/hip_runtime_api.h>

#include "cxx_lang.h"

int c_fill_device(int *device_buffer, int n, int first)
{
	int *host = malloc((size_t)n * sizeof(int));
	hipError_t e;

	if (!host)
		return -1;
	for (int i = 0; i < n; i++)
		host[i] = first + i;
	e = hipMemcpy(device_buffer, host, (size_t)n * sizeof(int), hipMemcpyHostToDevice);
	free(host);
	return e == hipSuccess ? 0 : -1;
}

int c_device_count(void)
{
	int count = 0;

	return hipGetDeviceCount(&count) == hipSuccess ? count : -1;
}
