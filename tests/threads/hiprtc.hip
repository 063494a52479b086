// Run-time compilation from several threads at once (docs/hiprtc.md):
// three threads each compile their own kernel template instance (a name
// expression, a header in memory), load it and launch it on their own
// stream, and check the result; a fourth meanwhile creates and destroys
// programs and link states and calls the API on stale handles, which
// must fail cleanly (never crash, never touch the live programs).
#include "threads.h"

#include <hip/hiprtc.h>

#include <chrono>
#include <cstring>
#include <string>

#define N 256

static const char* const source = R"(
#include "factor.h"
template <int K>
__global__ void mul(int* p) { p[threadIdx.x] = (int)threadIdx.x * K * FACTOR; }
)";
static const char* header[] = { "#define FACTOR 3\n" };
static const char* header_name[] = { "factor.h" };
static std::string arch;
static std::atomic<int> compilers_left{3};

static void compiler(int id)
{
    hiprtcProgram prog;
    const int k = id + 2;
    const std::string expr = "mul<" + std::to_string(k) + ">";
    const std::string opt = "--offload-arch=" + arch;
    const char* opts[] = { opt.c_str() };

    check(hiprtcCreateProgram(&prog, source, "mul.hip", 1, header, header_name) ==
          HIPRTC_SUCCESS, "hiprtcCreateProgram", id);
    check(hiprtcAddNameExpression(prog, expr.c_str()) == HIPRTC_SUCCESS,
          "hiprtcAddNameExpression", id);
    hiprtcResult r = hiprtcCompileProgram(prog, 1, opts);
    check(r == HIPRTC_SUCCESS, "hiprtcCompileProgram", id);
    const char* lowered = nullptr;
    size_t size = 0;
    if (r == HIPRTC_SUCCESS &&
        hiprtcGetLoweredName(prog, expr.c_str(), &lowered) == HIPRTC_SUCCESS &&
        hiprtcGetCodeSize(prog, &size) == HIPRTC_SUCCESS) {
        std::vector<char> code(size);
        hiprtcGetCode(prog, code.data());
        hipModule_t m;
        hipFunction_t f;
        hipStream_t s;
        int* d;
        HIP_CHECK(hipStreamCreate(&s));
        HIP_CHECK(hipMalloc(&d, N * sizeof(int)));
        HIP_CHECK(hipModuleLoadData(&m, code.data()));
        HIP_CHECK(hipModuleGetFunction(&f, m, lowered));
        void* args[] = { &d };
        HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, N, 1, 1, 0, s, args, nullptr));
        std::vector<int> h(N);
        HIP_CHECK(hipMemcpyAsync(h.data(), d, N * sizeof(int), hipMemcpyDeviceToHost, s));
        HIP_CHECK(hipStreamSynchronize(s));
        int bad = -1;
        for (int i = 0; i < N && bad < 0; ++i)
            if (h[i] != i * k * 3)
                bad = i;
        check(bad < 0, "the run-time compiled kernel's result", id, bad);
        HIP_CHECK(hipModuleUnload(m));
        HIP_CHECK(hipFree(d));
        HIP_CHECK(hipStreamDestroy(s));
    } else {
        check(false, "the lowered name and the code", id);
    }
    check(hiprtcDestroyProgram(&prog) == HIPRTC_SUCCESS, "hiprtcDestroyProgram", id);
}

// Handles come and go while the compilers run; stale ones are refused.
static void churn(int id)
{
    int rounds = 0;
    // (Each refusal prints its line on stderr: a round every 20 ms.)
    while (compilers_left.load() > 0 || rounds < 20) {
        hiprtcProgram p;
        hiprtcLinkState l;
        size_t size;
        check(hiprtcCreateProgram(&p, "", "empty.hip", 0, nullptr, nullptr) == HIPRTC_SUCCESS,
              "create an empty program", id, rounds);
        check(hiprtcLinkCreate(0, nullptr, nullptr, &l) == HIPRTC_SUCCESS,
              "create a link state", id, rounds);
        hiprtcProgram stale = p;
        hiprtcDestroyProgram(&p);
        hiprtcLinkDestroy(l);
        check(hiprtcGetProgramLogSize(stale, &size) == HIPRTC_ERROR_INVALID_PROGRAM,
              "a stale program is refused", id, rounds);
        check(hiprtcLinkDestroy(l) == HIPRTC_ERROR_INVALID_INPUT,
              "a stale link state is refused", id, rounds);
        ++rounds;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

int main()
{
    hipDeviceProp_t props;
    HIP_CHECK(hipGetDeviceProperties(&props, 0));
    arch = props.gcnArchName;
    on_threads(4, [](int id) {
        if (id < 3) {
            compiler(id);
            --compilers_left;
        } else {
            churn(id);
        }
    });
    return finish("threads_hiprtc", "3 threads compile, load and launch their own kernels "
                  "while 1 creates, destroys and misuses handles");
}
