// What the files of cxx_lang share: each is compiled as a different
// language (see main.cpp) and they call each other across languages.
#pragma once

#ifdef __cplusplus
extern "C" {
#endif
/* c_api.c (C): device memory through the HIP C API. */
int c_fill_device(int* device_buffer, int n, int first);
int c_device_count(void);
#ifdef __cplusplus
}
#endif

#ifdef __cplusplus
// kernels.cpp (-x hip): launches its kernel.
int launch_square(int* device_buffer, int n);
// host.cpp (-x c++): plain C++ over the HIP runtime API.
long long host_sum_device(const int* device_buffer, int n);
#endif
