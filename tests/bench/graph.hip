// Graph replay against the same launches made directly: REPLAYS times ten
// launches of an almost empty kernel, either <<<>>> on a stream (direct) or
// one captured graph of ten launches replayed with hipGraphLaunch (graph).
// Run under callgrind on the synchronous board; the host instructions per
// kernel are hipLaunchKernel's or hipGraphLaunch's, minus the doorbell
// (where the in-process model runs the dispatch), divided by the kernels.
// usage: graph direct|graph [REPLAYS]
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void tick(int* p, int add)
{
    if (threadIdx.x == 0)
        p[blockIdx.x] += add;
}

int main(int argc, char** argv)
{
    const bool graph = argc > 1 && std::strcmp(argv[1], "graph") == 0;
    const int replays = argc > 2 ? std::atoi(argv[2]) : 100;
    hipStream_t s;
    int* p = nullptr;
    if (hipStreamCreate(&s) || hipMalloc(&p, 4 * sizeof(int)) || hipMemset(p, 0, 4 * sizeof(int)))
        return 1;
    hipGraphExec_t exec = nullptr;
    if (graph) {
        hipGraph_t g;
        if (hipStreamBeginCapture(s, hipStreamCaptureModeGlobal))
            return 1;
        for (int i = 0; i < 10; ++i)
            tick<<<4, 64, 0, s>>>(p, 1);
        if (hipStreamEndCapture(s, &g) || hipGraphInstantiate(&exec, g, nullptr, nullptr, 0) ||
            hipGraphDestroy(g))
            return 1;
    }
    for (int r = 0; r < replays; ++r) {
        if (graph) {
            if (hipGraphLaunch(exec, s))
                return 1;
        } else {
            for (int i = 0; i < 10; ++i)
                tick<<<4, 64, 0, s>>>(p, 1);
        }
    }
    int host[4];
    if (hipStreamSynchronize(s) || hipMemcpy(host, p, sizeof(host), hipMemcpyDeviceToHost))
        return 1;
    const bool ok = host[0] == 10 * replays && host[3] == 10 * replays;
    std::printf("graph: %s (%s, %d kernels)\n", ok ? "PASS" : "FAIL", graph ? "graph" : "direct",
                10 * replays);
    return ok ? 0 : 1;
}
