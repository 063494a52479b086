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

    // A node's parameters read back and replaced before instantiation:
    // a 3-D copy (a 4 x 3 box of a 16 x 4 pitched image), the same copy
    // in the driver's form, a fill, a host function and a kernel.
    {
        hipGraph_t pg;
        HIP_CHECK(hipGraphCreate(&pg, 0));
        std::vector<unsigned char> img(16 * 4), box(4 * 3, 0);
        for (int i = 0; i < 16 * 4; i++)
            img[i] = (unsigned char)i;
        unsigned char* img_d;
        HIP_CHECK(hipMalloc(&img_d, img.size()));
        HIP_CHECK(hipMemcpy(img_d, img.data(), img.size(), hipMemcpyHostToDevice));
        hipMemcpy3DParms p3 = {};
        p3.srcPtr = make_hipPitchedPtr(img_d, 16, 16, 4);
        p3.srcPos = make_hipPos(0, 0, 0);  // replaced below by (5, 1, 0)
        p3.dstPtr = make_hipPitchedPtr(box.data(), 4, 4, 3);
        p3.extent = make_hipExtent(4, 3, 1);
        p3.kind = hipMemcpyDeviceToHost;
        hipGraphNode_t cp, cp_drv, fl, hn, kn;
        HIP_CHECK(hipGraphAddMemcpyNode(&cp, pg, nullptr, 0, &p3));
        p3.srcPos = make_hipPos(5, 1, 0);
        HIP_CHECK(hipGraphMemcpyNodeSetParams(cp, &p3));
        hipMemcpy3DParms got = {};
        HIP_CHECK(hipGraphMemcpyNodeGetParams(cp, &got));
        expect(got.srcPos.x == 5 && got.srcPos.y == 1 && got.srcPtr.ptr == img_d &&
                   got.dstPtr.ptr == box.data() && got.extent.width == 4 &&
                   got.extent.height == 3 && got.kind == hipMemcpyDeviceToHost,
               "a memcpy node's parameters, set and read back");
        // The driver form: the same box of the image, into a device buffer.
        unsigned char* box_d;
        HIP_CHECK(hipMalloc(&box_d, 12));
        HIP_MEMCPY3D d3 = {};
        d3.srcMemoryType = hipMemoryTypeDevice;
        d3.srcDevice = img_d;
        d3.srcPitch = 16;
        d3.srcHeight = 4;
        d3.dstMemoryType = hipMemoryTypeDevice;
        d3.dstDevice = box_d;
        d3.dstPitch = 4;
        d3.dstHeight = 3;
        d3.WidthInBytes = 4;
        d3.Height = 3;
        d3.Depth = 1;
        HIP_CHECK(hipDrvGraphAddMemcpyNode(&cp_drv, pg, &cp, 1, &d3, nullptr));
        d3.srcXInBytes = 5;
        d3.srcY = 1;
        HIP_CHECK(hipDrvGraphMemcpyNodeSetParams(cp_drv, &d3));
        HIP_MEMCPY3D dgot = {};
        HIP_CHECK(hipDrvGraphMemcpyNodeGetParams(cp_drv, &dgot));
        expect(dgot.srcXInBytes == 5 && dgot.srcY == 1 && dgot.srcDevice == img_d &&
                   dgot.dstDevice == box_d && dgot.WidthInBytes == 4,
               "a driver memcpy node's parameters, set and read back");
        // A fill of box_d's last row, after the driver copy.
        hipMemsetParams mp = {};
        mp.dst = box_d + 8;
        mp.elementSize = 1;
        mp.width = 4;
        mp.height = 1;
        mp.value = 0x11;
        HIP_CHECK(hipGraphAddMemsetNode(&fl, pg, &cp_drv, 1, &mp));
        mp.value = 0xee;
        HIP_CHECK(hipGraphMemsetNodeSetParams(fl, &mp));
        hipMemsetParams mgot = {};
        HIP_CHECK(hipGraphMemsetNodeGetParams(fl, &mgot));
        expect(mgot.dst == box_d + 8 && mgot.value == 0xee && mgot.width == 4 &&
                   mgot.elementSize == 1 && mgot.height == 1,
               "a memset node's parameters, set and read back");
        int calls_a = 0, calls_b = 0;
        hipHostNodeParams hpa = {count_call, &calls_a}, hpb = {count_call, &calls_b}, hgot = {};
        HIP_CHECK(hipGraphAddHostNode(&hn, pg, &fl, 1, &hpa));
        HIP_CHECK(hipGraphHostNodeSetParams(hn, &hpb));
        HIP_CHECK(hipGraphHostNodeGetParams(hn, &hgot));
        expect(hgot.fn == count_call && hgot.userData == &calls_b,
               "a host node's parameters, set and read back");
        // A kernel node whose arguments are replaced: out_d += in_d * 2 + 1.
        for (int i = 0; i < N; i++)
            in[i] = float(i);
        HIP_CHECK(hipMemcpy(in_d, in.data(), N * sizeof(float), hipMemcpyHostToDevice));
        HIP_CHECK(hipMemset(out_d, 0, N * sizeof(float)));
        float k1 = 7.0f, c1 = 7.0f;
        void* args1[] = {&in_d, &out_d, &k1, &c1};
        hipKernelNodeParams kp1 = {};
        kp1.func = reinterpret_cast<void*>(scale_add);
        kp1.gridDim = dim3(N / 64);
        kp1.blockDim = dim3(64);
        kp1.kernelParams = args1;
        HIP_CHECK(hipGraphAddKernelNode(&kn, pg, nullptr, 0, &kp1));
        float k2 = 2.0f, c2 = 1.0f;
        void* args2[] = {&in_d, &out_d, &k2, &c2};
        kp1.kernelParams = args2;
        HIP_CHECK(hipGraphKernelNodeSetParams(kn, &kp1));
        hipKernelNodeParams kgot = {};
        HIP_CHECK(hipGraphKernelNodeGetParams(kn, &kgot));
        expect(kgot.func == reinterpret_cast<void*>(scale_add) && kgot.gridDim.x == N / 64 &&
                   *static_cast<float*>(kgot.kernelParams[2]) == 2.0f,
               "a kernel node's parameters, set and read back");
        // Wrong node types and bad parameters are refused, naming the node.
        expect_code(hipGraphMemcpyNodeGetParams(fl, &got), hipErrorInvalidValue,
                    "memcpy parameters of a memset node");
        expect_code(hipGraphMemsetNodeSetParams(cp, &mp), hipErrorInvalidValue,
                    "memset parameters for a memcpy node");
        expect_code(hipGraphHostNodeGetParams(hn, nullptr), hipErrorInvalidValue,
                    "NULL host parameters");
        mp.elementSize = 3;
        expect_code(hipGraphMemsetNodeSetParams(fl, &mp), hipErrorInvalidValue,
                    "a memset element of 3 bytes");
        hipHostNodeParams no_fn = {nullptr, nullptr};
        expect_code(hipGraphHostNodeSetParams(hn, &no_fn), hipErrorInvalidValue,
                    "a host node without a function");
        expect_code(hipGraphMemcpyNodeSetParams1D(cp, nullptr, box.data(), 4,
                                                  hipMemcpyDefault),
                    hipErrorInvalidValue, "a 1-D copy to NULL");
        hipGraphNode_t too_long;
        expect_code(hipGraphAddMemcpyNode1D(&too_long, pg, nullptr, 0, img.data(), img_d,
                                            2 * img.size(), hipMemcpyDeviceToHost),
                    hipErrorInvalidValue, "a copy node past the end of its device allocation");
        p3.extent = make_hipExtent(4, 4, 1);  // rows 1..4 of a 4-row image
        expect_code(hipGraphMemcpyNodeSetParams(cp, &p3), hipErrorInvalidValue,
                    "a 3-D copy node past the end of its allocation");
        p3.extent = make_hipExtent(4, 3, 1);
        kp1.func = reinterpret_cast<void*>(count_call);
        expect_code(hipGraphKernelNodeSetParams(kn, &kp1), hipErrorInvalidDeviceFunction,
                    "a host function as a kernel");
        // Replayed: what was set is what runs.
        hipGraphExec_t pexec;
        HIP_CHECK(hipGraphInstantiate(&pexec, pg, nullptr, nullptr, 0));
        HIP_CHECK(hipGraphLaunch(pexec, s));
        HIP_CHECK(hipStreamSynchronize(s));
        std::vector<unsigned char> box2(12);
        HIP_CHECK(hipMemcpy(box2.data(), box_d, 12, hipMemcpyDeviceToHost));
        HIP_CHECK(hipMemcpy(out.data(), out_d, N * sizeof(float), hipMemcpyDeviceToHost));
        bool boxes = true;
        for (int y = 0; y < 3; y++)
            for (int x = 0; x < 4; x++) {
                unsigned char want = (unsigned char)((1 + y) * 16 + 5 + x);
                boxes &= box[y * 4 + x] == want;
                boxes &= box2[y * 4 + x] == (y == 2 ? 0xee : want);
            }
        expect(boxes, "the copies and the fill ran with their new parameters");
        expect(calls_a == 0 && calls_b == 1, "the host node called its new function");
        bool kern = true;
        for (int i = 0; i < N; i++)
            kern &= out[i] == float(i) * 2.0f + 1.0f;
        expect(kern, "the kernel node ran with its new arguments");
        HIP_CHECK(hipGraphExecDestroy(pexec));
        HIP_CHECK(hipGraphDestroy(pg));
        HIP_CHECK(hipFree(img_d));
        HIP_CHECK(hipFree(box_d));
    }

    // Graphs hold no memory in barehip (no memory-allocation nodes).
    unsigned long long used = 1;
    HIP_CHECK(hipDeviceGetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &used));
    expect(used == 0, "graphs use no device memory");
    expect_code(hipDeviceGetGraphMemAttribute(-1, hipGraphMemAttrUsedMemCurrent, &used),
                hipErrorInvalidDevice, "graph memory of device -1");
    unsigned long long zero = 0, one = 1;
    HIP_CHECK(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &zero));
    expect_code(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemCurrent, &zero),
                hipErrorInvalidValue, "the current amount cannot be set");
    expect_code(hipDeviceSetGraphMemAttribute(0, hipGraphMemAttrUsedMemHigh, &one),
                hipErrorInvalidValue, "a watermark is reset only to 0");
    HIP_CHECK(hipDeviceGraphMemTrim(0));

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
