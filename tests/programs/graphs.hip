// Graphs: work recorded once and replayed.  A stream capture turns the
// launches, copies, fills and host functions made on a stream (and on the
// streams it forks to with events) into a graph; hipGraphInstantiate and
// hipGraphLaunch replay it on any stream, each replay reading the inputs
// anew.  The same graph built node by node with explicit dependencies
// gives the same answer.  What barehip does not support is refused with
// hipErrorNotSupported (docs/graphs.md).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expression)                                                  \
    do {                                                                       \
        const hipError_t status = (expression);                                \
        if (status != hipSuccess) {                                            \
            std::fprintf(stderr, "HIP error %d (%s) at %s:%d: %s\n", status,   \
                         hipGetErrorString(status), __FILE__, __LINE__,        \
                         #expression);                                         \
            std::exit(EXIT_FAILURE);                                           \
        }                                                                      \
    } while (0)

static int failures;

static void expect(bool ok, const char* what)
{
    if (!ok) {
        std::printf("  FAILED: %s\n", what);
        ++failures;
    }
}

static void expect_code(hipError_t got, hipError_t want, const char* what)
{
    if (got != want) {
        std::printf("  FAILED: %s: %s, expected %s\n", what, hipGetErrorName(got),
                    hipGetErrorName(want));
        ++failures;
    }
}

constexpr int N = 256;

__global__ void scale_add(const float* in, float* out, float k, float c)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < N)
        out[i] = in[i] * k + c + out[i];
}

static int host_calls;
static void count_call(void* data) { ++*static_cast<int*>(data); }

int main()
{
    std::vector<float> in(N), out(N);
    float *in_d, *out_d;
    HIP_CHECK(hipMalloc(&in_d, N * sizeof(float)));
    HIP_CHECK(hipMalloc(&out_d, N * sizeof(float)));

    // Capture: fork to a second stream for the fill, join back with an event.
    hipStream_t s, side, other;
    hipEvent_t fork, filled;
    HIP_CHECK(hipStreamCreate(&s));
    HIP_CHECK(hipStreamCreate(&side));
    HIP_CHECK(hipStreamCreate(&other));
    HIP_CHECK(hipEventCreate(&fork));
    HIP_CHECK(hipEventCreate(&filled));

    hipStreamCaptureStatus cap_status;
    HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
    HIP_CHECK(hipStreamIsCapturing(s, &cap_status));
    expect(cap_status == hipStreamCaptureStatusActive, "the stream is capturing");
    HIP_CHECK(hipEventRecord(fork, s));
    HIP_CHECK(hipStreamWaitEvent(side, fork, 0));
    HIP_CHECK(hipMemsetAsync(out_d, 0, N * sizeof(float), side));
    HIP_CHECK(hipEventRecord(filled, side));
    HIP_CHECK(hipMemcpyAsync(in_d, in.data(), N * sizeof(float), hipMemcpyHostToDevice, s));
    HIP_CHECK(hipStreamWaitEvent(s, filled, 0));
    scale_add<<<N / 64, 64, 0, s>>>(in_d, out_d, 2.0f, 1.0f);
    HIP_CHECK(hipMemcpyAsync(out.data(), out_d, N * sizeof(float), hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipLaunchHostFunc(s, count_call, &host_calls));
    expect_code(hipStreamSynchronize(s), hipErrorStreamCaptureUnsupported,
                "hipStreamSynchronize of a capturing stream");
    hipGraph_t graph;
    expect_code(hipStreamEndCapture(s, &graph), hipErrorStreamCaptureInvalidated,
                "the capture that synchronised is invalidated");

    // Again, without the mistake.
    HIP_CHECK(hipStreamBeginCapture(s, hipStreamCaptureModeGlobal));
    HIP_CHECK(hipEventRecord(fork, s));
    HIP_CHECK(hipStreamWaitEvent(side, fork, 0));
    HIP_CHECK(hipMemsetAsync(out_d, 0, N * sizeof(float), side));
    HIP_CHECK(hipEventRecord(filled, side));
    HIP_CHECK(hipMemcpyAsync(in_d, in.data(), N * sizeof(float), hipMemcpyHostToDevice, s));
    HIP_CHECK(hipStreamWaitEvent(s, filled, 0));
    scale_add<<<N / 64, 64, 0, s>>>(in_d, out_d, 2.0f, 1.0f);
    HIP_CHECK(hipMemcpyAsync(out.data(), out_d, N * sizeof(float), hipMemcpyDeviceToHost, s));
    HIP_CHECK(hipLaunchHostFunc(s, count_call, &host_calls));
    HIP_CHECK(hipStreamEndCapture(s, &graph));
    HIP_CHECK(hipStreamIsCapturing(side, &cap_status));
    expect(cap_status == hipStreamCaptureStatusNone, "the forked stream left the capture");
    expect(host_calls == 0, "nothing ran during the capture");

    size_t nodes = 0, roots = 0;
    HIP_CHECK(hipGraphGetNodes(graph, nullptr, &nodes));
    HIP_CHECK(hipGraphGetRootNodes(graph, nullptr, &roots));
    expect(nodes == 5, "five nodes: fill, copy in, kernel, copy out, host function");
    expect(roots == 2, "two roots: the fill and the first copy");

    hipGraphExec_t exec;
    HIP_CHECK(hipGraphInstantiate(&exec, graph, nullptr, nullptr, 0));
    HIP_CHECK(hipGraphDestroy(graph));  // the exec is its own
    for (int round = 1; round <= 3; round++) {
        for (int i = 0; i < N; i++)
            in[i] = float(i * round);
        HIP_CHECK(hipGraphLaunch(exec, other));
        HIP_CHECK(hipStreamSynchronize(other));
        bool ok = host_calls == round;
        for (int i = 0; i < N; i++)
            ok &= out[i] == float(i * round) * 2.0f + 1.0f;
        expect(ok, "a replay reads the inputs anew and runs every node once");
    }
    HIP_CHECK(hipGraphExecDestroy(exec));

    // The same, node by node: fill and copy in, then the kernel, then out.
    hipGraph_t g;
    hipGraphNode_t fill, copy_in, kernel, copy_out, host;
    HIP_CHECK(hipGraphCreate(&g, 0));
    hipMemsetParams mp = {};
    mp.dst = out_d;
    mp.elementSize = 4;
    mp.width = N;
    mp.height = 1;
    mp.value = 0;
    HIP_CHECK(hipGraphAddMemsetNode(&fill, g, nullptr, 0, &mp));
    HIP_CHECK(hipGraphAddMemcpyNode1D(&copy_in, g, nullptr, 0, in_d, in.data(),
                                      N * sizeof(float), hipMemcpyHostToDevice));
    float k = 3.0f, c = 0.5f;
    void* args[] = {&in_d, &out_d, &k, &c};
    hipKernelNodeParams kp = {};
    kp.func = reinterpret_cast<void*>(scale_add);
    kp.gridDim = dim3(N / 64);
    kp.blockDim = dim3(64);
    kp.kernelParams = args;
    hipGraphNode_t before[] = {fill, copy_in};
    HIP_CHECK(hipGraphAddKernelNode(&kernel, g, before, 2, &kp));
    k = 100.0f;  // the node keeps the values it was given
    HIP_CHECK(hipGraphAddMemcpyNode1D(&copy_out, g, &kernel, 1, out.data(), out_d,
                                      N * sizeof(float), hipMemcpyDeviceToHost));
    hipHostNodeParams hp = {count_call, &host_calls};
    HIP_CHECK(hipGraphAddHostNode(&host, g, &copy_out, 1, &hp));
    hipGraphNodeType type;
    HIP_CHECK(hipGraphNodeGetType(kernel, &type));
    expect(type == hipGraphNodeTypeKernel, "a kernel node's type");
    HIP_CHECK(hipGraphInstantiate(&exec, g, nullptr, nullptr, 0));
    for (int i = 0; i < N; i++)
        in[i] = float(i);
    HIP_CHECK(hipGraphLaunch(exec, nullptr));
    HIP_CHECK(hipDeviceSynchronize());
    bool ok = host_calls == 4;
    for (int i = 0; i < N; i++)
        ok &= out[i] == float(i) * 3.0f + 0.5f;
    expect(ok, "an explicit graph runs in dependency order");

    // A cycle cannot be instantiated; unsupported nodes are refused.
    hipGraphExec_t bad;
    HIP_CHECK(hipGraphAddDependencies(g, &host, &fill, 1));
    expect_code(hipGraphInstantiate(&bad, g, nullptr, nullptr, 0), hipErrorInvalidValue,
                "a cycle");
    hipGraphNode_t child;
    expect_code(hipGraphAddChildGraphNode(&child, g, nullptr, 0, g), hipErrorNotSupported,
                "child graph nodes");
    expect_code(hipGraphAddEventRecordNode(&child, g, nullptr, 0, fork), hipErrorNotSupported,
                "event nodes");
    hipGraphExecUpdateResult result;
    expect_code(hipGraphExecUpdate(exec, g, &child, &result), hipErrorNotSupported,
                "graph updates");
    expect(result == hipGraphExecUpdateErrorNotSupported, "the update result says why");
    expect_code(hipStreamBeginCapture(nullptr, hipStreamCaptureModeGlobal),
                hipErrorStreamCaptureUnsupported, "capture of the legacy stream");
    HIP_CHECK(hipGraphExecDestroy(exec));
    HIP_CHECK(hipGraphDestroy(g));

    HIP_CHECK(hipEventDestroy(fork));
    HIP_CHECK(hipEventDestroy(filled));
    HIP_CHECK(hipStreamDestroy(s));
    HIP_CHECK(hipStreamDestroy(side));
    HIP_CHECK(hipStreamDestroy(other));
    HIP_CHECK(hipFree(in_d));
    HIP_CHECK(hipFree(out_d));
    if (failures) {
        std::printf("graphs: %d FAILED\n", failures);
        return 1;
    }
    std::printf("graphs: PASS\n");
    return 0;
}
