// cxx_lang: plain host C++ (barehip-cc -x c++, or HIP_COMPILE_CXX_AS_HIP=0),
// calling the HIP runtime API without any device code.
#ifdef __HIP__
#error "host.cpp must be compiled as host C++ (-x c++)"
#endif
#include <hip/hip_runtime_api.h>

#include <numeric>
#include <vector>

#include "cxx_lang.h"

long long host_sum_device(const int* device_buffer, int n)
{
    std::vector<int> host(static_cast<size_t>(n));
    if (hipMemcpy(host.data(), device_buffer, host.size() * sizeof(int),
                  hipMemcpyDeviceToHost) != hipSuccess)
        return -1;
    return std::accumulate(host.begin(), host.end(), 0LL);
}
