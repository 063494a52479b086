// Grid sync cost on the model (make bench): 64 one-wave blocks, each
// doing `syncs` grid.sync() calls.  On gfx90a the launch's queue holds
// the GWS resources and every sync after the first is one ds_gws_barrier
// per block; with "nogws" another stream's cooperative launch takes them
// first, so this launch's syncs use the memory barrier (an atomic counter
// and a polled generation).  The difference between two sync counts,
// from the model's instruction counter, is the cost per sync.
#include <hip/hip_runtime.h>
#include <hip/hip_cooperative_groups.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void syncs(int n, unsigned* out)
{
    cooperative_groups::grid_group g = cooperative_groups::this_grid();
    for (int i = 0; i < n; ++i)
        g.sync();
    if (threadIdx.x == 0)
        out[blockIdx.x] = n;
}

int main(int argc, char** argv)
{
    int n = argc > 1 ? std::atoi(argv[1]) : 10;
    const bool nogws = argc > 2 && !std::strcmp(argv[2], "nogws");
    unsigned* out;
    hipStream_t holder, s;
    if (hipMalloc(&out, 64 * sizeof(unsigned)) || hipStreamCreate(&holder) ||
        hipStreamCreate(&s))
        return 1;
    int zero = 0;
    void* none[] = { &zero, &out };
    // The first cooperative launch's queue takes the GWS resources.
    if (nogws && (hipLaunchCooperativeKernel(reinterpret_cast<const void*>(syncs), dim3(1),
                                             dim3(64), none, 0, holder) ||
                  hipStreamSynchronize(holder)))
        return 1;
    void* args[] = { &n, &out };
    if (hipLaunchCooperativeKernel(reinterpret_cast<const void*>(syncs), dim3(64), dim3(64), args,
                                   0, s) ||
        hipStreamSynchronize(s))
        return 1;
    std::printf("gridsync: PASS (%d syncs%s)\n", n, nogws ? ", memory barrier" : "");
    return 0;
}
