// A user program may name its own functions what it likes.  libbarehip.a
// is linked statically into every HIP program, so any internal name it
// left global (a decoder's decode(), a loader's pm4_emit()) would make
// this program fail to link with "multiple definition".  Every name below
// was once global in the archive, or is a name a newcomer would pick; the
// program defines them all with C linkage, calls its own, and runs a
// kernel and a device printf through the runtime that has the same names
// inside it.  scripts/check-symbols.sh checks the archive for the rest.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>

// Each returns its own tag, so the program can tell its definitions were
// the ones called (and not an internal function of the same name).
#define USER_FUNCTIONS(X)                                                      \
    X(decode) X(decode_table) X(decode_tables_init) X(step) X(fail) X(run)     \
    X(init) X(check) X(die) X(usage) X(dispatch) X(dispatch_direct) X(launch) \
    X(raise_irq) X(wave_fault) X(sim_fault) X(wave_set_mode)                   \
    X(mp_init) X(mp_peek) X(mp_skip) X(mp_read_map) X(mp_read_str)             \
    X(mp_str_eq) X(pm4_init) X(pm4_emit) X(pm4_set_sh_reg) X(pm4_release_mem)  \
    X(pm4_dispatch_direct) X(pm4_write_data) X(aql_run) X(mem_translate)       \
    X(flat_translate) X(trace_before) X(trace_after) X(trace_selected)         \
    X(vgpr_ok) X(rd_s64) X(wr_s32) X(wr_s64) X(rd_v64) X(dpp_write_mask)       \
    X(mode_unsupported) X(exec_host_rounded) X(x_v_add_f32) X(x_s_mov_b32)     \
    X(queue_init) X(ring_doorbell) X(codeobj_load) X(printf_decode)

enum {
#define TAG(name) tag_##name,
    USER_FUNCTIONS(TAG)
#undef TAG
    tag_count
};

#define DEFINE(name)                                                           \
    extern "C" int name(void);                                                 \
    extern "C" int name(void) { return 1000 + tag_##name; }
USER_FUNCTIONS(DEFINE)
#undef DEFINE

// Data names too: a variable clashes with a function of the same name.
extern "C" int regs[4];
extern "C" int regs[4] = {1, 2, 3, 4};
extern "C" const char* target = "user";

__global__ void scale(float* data, float factor, unsigned int n)
{
    const unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) data[i] *= factor;
    if (i == 0) printf("common_names: kernel ran, n = %u\n", n);
}

int main()
{
    int failures = 0;
    int tag = 0;
#define CALL(name)                                                             \
    if (name() != 1000 + tag++) {                                              \
        std::printf("  FAILED: %s() is not the program's own\n", #name);      \
        ++failures;                                                            \
    }
    USER_FUNCTIONS(CALL)
#undef CALL
    if (regs[3] != 4 || target[0] != 'u') {
        std::printf("  FAILED: the program's own data\n");
        ++failures;
    }

    // The runtime (with decode, pm4_emit, ... of its own inside) still works.
    const unsigned int n = 1000;
    float host[n];
    for (unsigned int i = 0; i < n; ++i) host[i] = static_cast<float>(i);
    float* dev = nullptr;
    if (hipMalloc(&dev, sizeof host) != hipSuccess ||
        hipMemcpy(dev, host, sizeof host, hipMemcpyHostToDevice) != hipSuccess) {
        std::printf("  FAILED: hipMalloc/hipMemcpy: %s\n", bh_get_last_error_message());
        return EXIT_FAILURE;
    }
    scale<<<(n + 255) / 256, 256>>>(dev, 2.0f, n);
    if (hipDeviceSynchronize() != hipSuccess ||
        hipMemcpy(host, dev, sizeof host, hipMemcpyDeviceToHost) != hipSuccess) {
        std::printf("  FAILED: the kernel: %s\n", bh_get_last_error_message());
        return EXIT_FAILURE;
    }
    for (unsigned int i = 0; i < n; ++i) {
        if (host[i] != 2.0f * static_cast<float>(i)) {
            std::printf("  FAILED: element %u is %g, expected %g\n", i, host[i], 2.0f * i);
            ++failures;
            break;
        }
    }
    (void)hipFree(dev);

    if (failures) {
        std::printf("common_names: FAIL (%d)\n", failures);
        return EXIT_FAILURE;
    }
    std::printf("common_names: PASS (%d user functions, 2 variables, 1 kernel)\n",
                static_cast<int>(tag_count));
    return EXIT_SUCCESS;
}
