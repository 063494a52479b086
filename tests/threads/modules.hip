// Modules loaded and unloaded while other threads launch: two threads
// load tests/programs/module_api's code object (hipModuleLoad from the
// file, hipModuleLoadData from memory), launch its `scale` kernel on
// their own stream, check the result and unload it, over and over; two
// more threads meanwhile launch this program's own kernel on theirs.
// Every result is compared with what the host computes.
//
// MODULE_DIR (set by the Makefile) holds kernels.co.
#include "threads.h"

#include <fstream>
#include <iterator>
#include <string>

#define N 512
#define ROUNDS 15

__global__ void square(const float* x, float* y, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = x[i] * x[i];
}

static std::vector<char> image;

static void module_user(int id)
{
    hipStream_t s;
    float* d;
    std::vector<float> h(N);
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipMalloc(&d, N * sizeof(float)));
    for (int r = 0; r < ROUNDS; ++r) {
        hipModule_t m;
        hipFunction_t f;
        if (id == 0)
            HIP_CHECK(hipModuleLoad(&m, MODULE_DIR "/kernels.co"));
        else
            HIP_CHECK(hipModuleLoadData(&m, image.data()));
        HIP_CHECK(hipModuleGetFunction(&f, m, "scale"));
        for (int i = 0; i < N; ++i)
            h[i] = (float)(i + r);
        HIP_CHECK(hipMemcpyAsync(d, h.data(), N * sizeof(float), hipMemcpyHostToDevice, s));
        float a = (float)(id + 2);
        unsigned int n = N;
        void* params[] = { &d, &a, &n };
        HIP_CHECK(hipModuleLaunchKernel(f, N / 128, 1, 1, 128, 1, 1, 0, s, params, nullptr));
        HIP_CHECK(hipMemcpyAsync(h.data(), d, N * sizeof(float), hipMemcpyDeviceToHost, s));
        HIP_CHECK(hipStreamSynchronize(s));
        int bad = -1;
        for (int i = 0; i < N && bad < 0; ++i)
            if (h[i] != (float)(i + r) * a)
                bad = i;
        check(bad < 0, "a module's kernel, launched between its load and unload", id, bad);
        HIP_CHECK(hipModuleUnload(m));
    }
    HIP_CHECK(hipFree(d));
    HIP_CHECK(hipStreamDestroy(s));
}

static void launcher(int id)
{
    hipStream_t s;
    float *dx, *dy;
    std::vector<float> hx(N), hy(N);
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipMalloc(&dx, N * sizeof(float)));
    HIP_CHECK(hipMalloc(&dy, N * sizeof(float)));
    for (int r = 0; r < 4 * ROUNDS; ++r) {
        for (int i = 0; i < N; ++i)
            hx[i] = (float)(i % 100 + id + r);
        HIP_CHECK(hipMemcpyAsync(dx, hx.data(), N * sizeof(float), hipMemcpyHostToDevice, s));
        square<<<N / 128, 128, 0, s>>>(dx, dy, N);
        HIP_CHECK(hipGetLastError());
        HIP_CHECK(hipMemcpyAsync(hy.data(), dy, N * sizeof(float), hipMemcpyDeviceToHost, s));
        HIP_CHECK(hipStreamSynchronize(s));
        int bad = -1;
        for (int i = 0; i < N && bad < 0; ++i)
            if (hy[i] != hx[i] * hx[i])
                bad = i;
        check(bad < 0, "the program's own kernel while modules come and go", id, bad);
    }
    HIP_CHECK(hipFree(dx));
    HIP_CHECK(hipFree(dy));
    HIP_CHECK(hipStreamDestroy(s));
}

int main()
{
    std::ifstream f(MODULE_DIR "/kernels.co", std::ios::binary);
    image.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
    if (image.empty()) {
        std::printf("threads_modules: FAIL (cannot read %s/kernels.co)\n", MODULE_DIR);
        return 1;
    }
    on_threads(4, [](int id) {
        if (id < 2)
            module_user(id);
        else
            launcher(id);
    });
    return finish("threads_modules", "hipModuleLoad/LoadData, launch, unload on 2 threads "
                  "while 2 others launch");
}
