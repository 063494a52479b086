// The HIP module API, as HIP's module_api samples use it: device code
// built apart with `barehip-cc --genco` (kernels.hip) and loaded at run
// time from a file and from memory, its kernels launched with
// kernelParams and with the `extra` argument buffer (on the null stream
// and on a created one), its globals read and
// written through hipModuleGetGlobal + hipMemcpy, its constructor and
// destructor run at load and unload -- and every error a program can
// make, each with its HIP error code and a message naming the cause.
//
// MODULE_DIR (set by the Makefile) holds kernels.co (every target),
// kernels-gfxNNN.co (one target each) and kernels-gfxNNN.elf (bare code
// objects).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <unistd.h>

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

#define TABLE_SIZE 16

static int checks, failures;

static void check(bool ok, const char* what)
{
    checks++;
    if (!ok) {
        failures++;
        std::fprintf(stderr, "FAILED: %s\n", what);
    }
}

// @got must be @want, and the message must name @needle.
static void expect_error(hipError_t got, hipError_t want, const char* needle, const char* what)
{
    checks++;
    const char* msg = bh_get_last_error_message();
    if (got != want || (needle && !std::strstr(msg, needle))) {
        failures++;
        std::fprintf(stderr, "FAILED: %s: got %s (\"%s\"), want %s naming '%s'\n", what,
                     hipGetErrorName(got), msg, hipGetErrorName(want), needle ? needle : "");
    }
    (void)hipGetLastError();
}

static unsigned char* read_file(const char* path, size_t* size)
{
    FILE* f = std::fopen(path, "rb");
    if (!f) {
        std::perror(path);
        std::exit(EXIT_FAILURE);
    }
    std::fseek(f, 0, SEEK_END);
    *size = (size_t)std::ftell(f);
    std::fseek(f, 0, SEEK_SET);
    unsigned char* buf = (unsigned char*)std::malloc(*size);
    if (!buf || std::fread(buf, 1, *size, f) != *size) {
        std::fprintf(stderr, "cannot read %s\n", path);
        std::exit(EXIT_FAILURE);
    }
    std::fclose(f);
    return buf;
}

static void write_file(const char* path, const void* data, size_t size)
{
    FILE* f = std::fopen(path, "wb");
    if (!f || std::fwrite(data, 1, size, f) != size || std::fclose(f)) {
        std::perror(path);
        std::exit(EXIT_FAILURE);
    }
}

static int launch_read_boot(hipFunction_t f)
{
    int* d;
    int v = 0;
    HIP_CHECK(hipMalloc(&d, sizeof(int)));
    void* params[] = { &d };
    HIP_CHECK(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, params, nullptr));
    HIP_CHECK(hipMemcpy(&v, d, sizeof(int), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d));
    return v;
}

// scale() over 1000 floats with kernelParams; true if every one is right.
static bool launch_scale(hipFunction_t f, float a)
{
    const unsigned int n = 1000;
    float host[n], *d;
    for (unsigned int i = 0; i < n; i++)
        host[i] = (float)i - 300.0f;
    HIP_CHECK(hipMalloc(&d, sizeof(host)));
    HIP_CHECK(hipMemcpy(d, host, sizeof(host), hipMemcpyHostToDevice));
    unsigned int count = n;
    void* params[] = { &d, &a, &count };
    HIP_CHECK(hipModuleLaunchKernel(f, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, params,
                                    nullptr));
    HIP_CHECK(hipMemcpy(host, d, sizeof(host), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d));
    for (unsigned int i = 0; i < n; i++)
        if (host[i] != ((float)i - 300.0f) * a)
            return false;
    return true;
}

// The table_axpb arguments as the kernel lays them out: 20 bytes of
// arguments, 24 with the struct's padding.
struct AxpbArgs {
    int* out;
    long long base;
    int mul;
};

int main()
{
    hipDeviceProp_t prop;
    HIP_CHECK(hipGetDeviceProperties(&prop, 0));
    // The device's target ("gfx1100" of "gfx1100", "gfx90a" of
    // "gfx90a:sramecc+:xnack-"), and another one the build also made.
    char gfx[16];
    std::snprintf(gfx, sizeof(gfx), "%.*s", (int)std::strcspn(prop.gcnArchName, ":"),
                  prop.gcnArchName);
    const char* other = std::strcmp(gfx, "gfx90a") == 0 ? "gfx942" : "gfx90a";
    char all_co[512], other_co[512], own_elf[512], other_elf[512];
    std::snprintf(all_co, sizeof(all_co), "%s/kernels.co", MODULE_DIR);
    std::snprintf(other_co, sizeof(other_co), "%s/kernels-%s.co", MODULE_DIR, other);
    std::snprintf(own_elf, sizeof(own_elf), "%s/kernels-%s.elf", MODULE_DIR, gfx);
    std::snprintf(other_elf, sizeof(other_elf), "%s/kernels-%s.elf", MODULE_DIR, other);

    // ---- A module from a file: every kernel, its constructor ran.
    hipModule_t mod;
    HIP_CHECK(hipModuleLoad(&mod, all_co));
    hipFunction_t f_scale, f_axpb, f_boot, f_reverse;
    HIP_CHECK(hipModuleGetFunction(&f_scale, mod, "scale"));
    HIP_CHECK(hipModuleGetFunction(&f_axpb, mod, "table_axpb"));
    HIP_CHECK(hipModuleGetFunction(&f_boot, mod, "read_boot"));
    HIP_CHECK(hipModuleGetFunction(&f_reverse, mod, "reverse_block"));
    check(launch_read_boot(f_boot) == 4242, "the module's device constructor ran at load");
    check(launch_scale(f_scale, 2.5f), "scale with kernelParams");

    // ---- Its global: size, initial value, written and read by the host.
    hipDeviceptr_t table;
    size_t table_bytes = 0;
    HIP_CHECK(hipModuleGetGlobal(&table, &table_bytes, mod, "table"));
    check(table_bytes == TABLE_SIZE * sizeof(int), "hipModuleGetGlobal: the table's size");
    int values[TABLE_SIZE];
    HIP_CHECK(hipMemcpy(values, table, sizeof(values), hipMemcpyDeviceToHost));
    bool initial = true;
    for (int i = 0; i < TABLE_SIZE; i++)
        initial &= values[i] == i + 1;
    check(initial, "the table's initial value read through hipMemcpy");
    for (int i = 0; i < TABLE_SIZE; i++)
        values[i] = 3 * i - 7;
    HIP_CHECK(hipMemcpy(table, values, sizeof(values), hipMemcpyHostToDevice));
    size_t only_bytes = 0;
    HIP_CHECK(hipModuleGetGlobal(nullptr, &only_bytes, mod, "table"));
    check(only_bytes == table_bytes, "hipModuleGetGlobal with no dptr");

    // ---- extra: one buffer laid out as the kernel's arguments.
    int* d_out;
    HIP_CHECK(hipMalloc(&d_out, TABLE_SIZE * sizeof(int)));
    AxpbArgs args = { d_out, 1000, -3 };
    size_t args_size = sizeof(args);
    void* extra[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE,
                      &args_size, HIP_LAUNCH_PARAM_END };
    HIP_CHECK(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 64, 1, 1, 0, nullptr, nullptr, extra));
    int out[TABLE_SIZE], squared[TABLE_SIZE];
    HIP_CHECK(hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost));
    HIP_CHECK(hipMemcpy(squared, table, sizeof(squared), hipMemcpyDeviceToHost));
    bool axpb_ok = true, squared_ok = true;
    for (int i = 0; i < TABLE_SIZE; i++) {
        axpb_ok &= out[i] == (3 * i - 7) * -3 + 1000;
        squared_ok &= squared[i] == (3 * i - 7) * (3 * i - 7);
    }
    check(axpb_ok, "extra: the kernel read the host-written table and its arguments");
    check(squared_ok, "the kernel's writes to the global, read back with hipMemcpy");

    // The arguments' own 20 bytes, without the padding, and in another
    // order of the pairs.
    args = { d_out, -5, 2 };
    args_size = 20;
    void* extra2[] = { HIP_LAUNCH_PARAM_BUFFER_SIZE, &args_size, HIP_LAUNCH_PARAM_BUFFER_POINTER,
                       &args, HIP_LAUNCH_PARAM_END };
    HIP_CHECK(hipModuleLaunchKernel(f_axpb, 1, 1, 1, TABLE_SIZE, 1, 1, 0, nullptr, nullptr,
                                    extra2));
    HIP_CHECK(hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost));
    bool exact_ok = true;
    for (int i = 0; i < TABLE_SIZE; i++)
        exact_ok &= out[i] == squared[i] * 2 - 5;
    check(exact_ok, "extra with the arguments' exact size, pairs in another order");


    // ---- Argument errors.
    args_size = 16;
    expect_error(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 16, 1, 1, 0, nullptr, nullptr, extra),
                 hipErrorInvalidValue, "take 20", "extra: a buffer too small");
    args_size = 32;
    expect_error(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 16, 1, 1, 0, nullptr, nullptr, extra),
                 hipErrorInvalidValue, "is 32 bytes", "extra: a buffer too large");
    args_size = sizeof(args);
    void* bad_key[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, (void*)0x7, &args_size,
                        HIP_LAUNCH_PARAM_END };
    expect_error(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 16, 1, 1, 0, nullptr, nullptr, bad_key),
                 hipErrorInvalidValue, "extra[2]", "extra: an unknown key");
    void* no_size[] = { HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_END };
    expect_error(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 16, 1, 1, 0, nullptr, nullptr, no_size),
                 hipErrorInvalidValue, "BUFFER_SIZE", "extra: no size");
    void* params[] = { &d_out };
    expect_error(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 16, 1, 1, 0, nullptr, params, extra),
                 hipErrorInvalidValue, "both", "kernelParams and extra together");
    expect_error(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 16, 1, 1, 0, nullptr, nullptr, nullptr),
                 hipErrorInvalidValue, "3 arguments", "no arguments for a kernel that takes 3");
    expect_error(hipModuleLaunchKernel(f_axpb, 0, 1, 1, 16, 1, 1, 0, nullptr, nullptr, extra),
                 hipErrorInvalidValue, "table_axpb", "an empty grid");
    expect_error(hipModuleLaunchKernel(f_axpb, 1, 1, 1, 0, 1, 1, 0, nullptr, nullptr, extra),
                 hipErrorInvalidConfiguration, "table_axpb", "an empty block");
    expect_error(hipModuleLaunchKernel(nullptr, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr),
                 hipErrorInvalidImage, "NULL", "a launch of no function");

    // ---- Attributes, and the launch bounds they report, enforced.
    int value = 0;
    HIP_CHECK(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f_reverse));
    check(value == 128, "HIP_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK is __launch_bounds__");
    HIP_CHECK(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, f_reverse));
    check(value == 1024, "HIP_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES is the static LDS");
    HIP_CHECK(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_NUM_REGS, f_reverse));
    check(value > 0, "HIP_FUNC_ATTRIBUTE_NUM_REGS");
    HIP_CHECK(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_BINARY_VERSION, f_reverse));
    check(value == prop.major * 10 + prop.minor, "HIP_FUNC_ATTRIBUTE_BINARY_VERSION");
    expect_error(hipFuncGetAttribute(&value, HIP_FUNC_ATTRIBUTE_MAX, f_reverse),
                 hipErrorInvalidValue, "attribute", "an unknown attribute");
    int occupancy = 0;
    HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&occupancy, f_reverse, 128, 0));
    check(occupancy > 0, "hipModuleOccupancyMaxActiveBlocksPerMultiprocessor");
    int data[256], *d_data;
    for (int i = 0; i < 256; i++)
        data[i] = i * 7;
    HIP_CHECK(hipMalloc(&d_data, sizeof(data)));
    HIP_CHECK(hipMemcpy(d_data, data, sizeof(data), hipMemcpyHostToDevice));
    void* rev_params[] = { &d_data };
    HIP_CHECK(hipModuleLaunchKernel(f_reverse, 2, 1, 1, 128, 1, 1, 0, nullptr, rev_params,
                                    nullptr));
    HIP_CHECK(hipMemcpy(data, d_data, sizeof(data), hipMemcpyDeviceToHost));
    bool reversed = true;
    for (int i = 0; i < 256; i++)
        reversed &= data[i] == (i / 128 * 128 + 127 - i % 128) * 7;
    check(reversed, "reverse_block: static LDS and __syncthreads in a module kernel");
    check(hipModuleLaunchKernel(f_reverse, 1, 1, 1, 256, 1, 1, 0, nullptr, rev_params,
                                nullptr) != hipSuccess &&
              std::strstr(bh_get_last_error_message(), "__launch_bounds__"),
          "a block larger than __launch_bounds__ is refused");
    (void)hipGetLastError();

    // ---- new and delete in a module kernel: 256 threads x 100 nodes,
    // three times, through the device heap.
    hipFunction_t f_list;
    HIP_CHECK(hipModuleGetFunction(&f_list, mod, "heap_list"));
    long long* d_sums;
    HIP_CHECK(hipMalloc(&d_sums, 256 * sizeof(long long)));
    bool listed = true;
    for (int round = 0; round < 3; round++) {
        int nodes = 100;
        void* list_params[] = { &d_sums, &nodes };
        HIP_CHECK(hipMemset(d_sums, 0, 256 * sizeof(long long)));
        HIP_CHECK(hipModuleLaunchKernel(f_list, 2, 1, 1, 128, 1, 1, 0, nullptr, list_params,
                                        nullptr));
        long long sums[256];
        HIP_CHECK(hipMemcpy(sums, d_sums, sizeof(sums), hipMemcpyDeviceToHost));
        for (int t = 0; t < 256; t++)
            listed &= sums[t] == t * 1000LL * nodes + nodes * (nodes - 1) / 2;
    }
    HIP_CHECK(hipFree(d_sums));
    check(listed, "heap_list: new and delete in a --genco module kernel");

    // ---- Lookup errors.
    hipFunction_t f_none;
    expect_error(hipModuleGetFunction(&f_none, mod, "no_such_kernel"), hipErrorNotFound,
                 "no_such_kernel", "an unknown kernel name");
    check(std::strstr(bh_get_last_error_message(), "scale") != nullptr,
          "the unknown-kernel message lists the kernels there are");
    check(std::strstr(bh_get_last_error_message(), "_Z5twicePi = twice(int*)") != nullptr,
          "a C++ kernel by the symbol to pass, and its name");
    hipFunction_t f_twice;
    HIP_CHECK(hipModuleGetFunction(&f_twice, mod, "_Z5twicePi"));
    expect_error(hipModuleGetFunction(&f_none, mod, ""), hipErrorInvalidValue, "name",
                 "an empty kernel name");
    expect_error(hipModuleGetGlobal(&table, &table_bytes, mod, "no_such_global"),
                 hipErrorNotFound, "no_such_global", "an unknown global");

    // ---- A second module from memory: a copy of its own, globals apart.
    size_t image_size;
    unsigned char* image = read_file(all_co, &image_size);
    hipModule_t mod2;
    HIP_CHECK(hipModuleLoadData(&mod2, image));
    std::memset(image, 0, image_size);  // the module must not need it any more
    std::free(image);
    hipFunction_t f2_boot, f2_scale;
    HIP_CHECK(hipModuleGetFunction(&f2_boot, mod2, "read_boot"));
    HIP_CHECK(hipModuleGetFunction(&f2_scale, mod2, "scale"));
    check(launch_scale(f2_scale, -0.5f), "a module loaded from memory runs");
    hipDeviceptr_t table2;
    HIP_CHECK(hipModuleGetGlobal(&table2, nullptr, mod2, "table"));
    HIP_CHECK(hipMemcpy(values, table2, sizeof(values), hipMemcpyDeviceToHost));
    initial = table2 != table;
    for (int i = 0; i < TABLE_SIZE; i++)
        initial &= values[i] == i + 1;
    check(initial, "the second module's table is its own, still initial");

    // A bare code object of the device's target, with a JIT option
    // (meaningless for a code object; ignored as ROCm does).
    unsigned char* elf = read_file(own_elf, &image_size);
    hipModule_t mod3;
    hipJitOption opt = hipJitOptionMaxRegisters;
    void* opt_value = (void*)(uintptr_t)64;
    HIP_CHECK(hipModuleLoadDataEx(&mod3, elf, 1, &opt, &opt_value));
    hipFunction_t f3_scale;
    HIP_CHECK(hipModuleGetFunction(&f3_scale, mod3, "scale"));
    check(launch_scale(f3_scale, 4.0f), "a bare code object loaded from memory runs");
    HIP_CHECK(hipModuleUnload(mod3));

    // ---- Load errors.
    hipModule_t bad;
    expect_error(hipModuleLoad(&bad, "/nonexistent/kernels.co"), hipErrorFileNotFound,
                 "/nonexistent/kernels.co", "a missing file");
    const char junk[] = "this is no code object, just text that goes on for a while.....";
    expect_error(hipModuleLoadData(&bad, junk), hipErrorInvalidImage, "neither",
                 "a corrupt image in memory");
    expect_error(hipModuleLoad(&bad, other_co), hipErrorNoBinaryForGpu, other,
                 "a bundle for the other target only");
    check(std::strstr(bh_get_last_error_message(), gfx) != nullptr,
          "the wrong-target message names the device's target");
    unsigned char* other_image = read_file(other_elf, &image_size);
    expect_error(hipModuleLoadData(&bad, other_image), hipErrorNoBinaryForGpu, other,
                 "a bare code object for the other target");
    std::free(other_image);
    elf[4] = 1;  // ELFCLASS32
    expect_error(hipModuleLoadData(&bad, elf), hipErrorInvalidImage, "ELF64",
                 "a code object with a corrupt header");
    std::free(elf);

    char tmpdir[] = "/tmp/module_api.XXXXXX";
    if (!mkdtemp(tmpdir)) {
        std::perror("mkdtemp");
        return EXIT_FAILURE;
    }
    char trunc_path[600];
    std::snprintf(trunc_path, sizeof(trunc_path), "%s/truncated.co", tmpdir);
    image = read_file(all_co, &image_size);
    write_file(trunc_path, image, 300);  // the header, not the code objects
    expect_error(hipModuleLoad(&bad, trunc_path), hipErrorInvalidImage, "past",
                 "a truncated bundle file");
    write_file(trunc_path, image, 0);
    expect_error(hipModuleLoad(&bad, trunc_path), hipErrorInvalidImage, "0 bytes",
                 "an empty file");
    std::free(image);
    unlink(trunc_path);
    rmdir(tmpdir);

    // ---- Unload: the destructor runs; the handles are gone.
    int* d_mark;
    int mark = 0;
    HIP_CHECK(hipMalloc(&d_mark, sizeof(int)));
    HIP_CHECK(hipMemset(d_mark, 0, sizeof(int)));
    hipDeviceptr_t fini_mark;
    size_t fini_bytes;
    HIP_CHECK(hipModuleGetGlobal(&fini_mark, &fini_bytes, mod, "fini_mark"));
    check(fini_bytes == sizeof(int*), "the pointer global's size");
    HIP_CHECK(hipMemcpy(fini_mark, &d_mark, sizeof(d_mark), hipMemcpyHostToDevice));
    HIP_CHECK(hipModuleUnload(mod));
    HIP_CHECK(hipMemcpy(&mark, d_mark, sizeof(int), hipMemcpyDeviceToHost));
    check(mark == 4243, "hipModuleUnload ran the module's device destructor");
    expect_error(hipModuleLaunchKernel(f_scale, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra),
                 hipErrorInvalidResourceHandle, "not a function of a loaded module",
                 "a function of an unloaded module");
    expect_error(hipModuleUnload(mod), hipErrorInvalidResourceHandle, "not a loaded module",
                 "unloading twice");
    expect_error(hipModuleGetFunction(&f_none, mod, "scale"), hipErrorInvalidResourceHandle,
                 "not a loaded module", "a function of an unloaded module's handle");

    // ---- After hipDeviceReset the module is loaded afresh on its next use.
    HIP_CHECK(hipDeviceReset());
    check(launch_read_boot(f2_boot) == 4242, "after hipDeviceReset: reloaded, constructor ran");
    HIP_CHECK(hipModuleGetGlobal(&table2, nullptr, mod2, "table"));
    HIP_CHECK(hipMemcpy(values, table2, sizeof(values), hipMemcpyDeviceToHost));
    check(values[0] == 1 && values[TABLE_SIZE - 1] == TABLE_SIZE,
          "after hipDeviceReset: the globals are initial again");

    // On a stream of its own: the same launch path as <<<>>>.
    hipFunction_t f2_axpb;
    HIP_CHECK(hipModuleGetFunction(&f2_axpb, mod2, "table_axpb"));
    hipStream_t stream;
    HIP_CHECK(hipStreamCreate(&stream));
    HIP_CHECK(hipMalloc(&d_out, TABLE_SIZE * sizeof(int)));
    args = { d_out, 7, 5 };
    HIP_CHECK(hipModuleLaunchKernel(f2_axpb, 1, 1, 1, TABLE_SIZE, 1, 1, 0, stream, nullptr,
                                    extra2));
    HIP_CHECK(hipStreamSynchronize(stream));
    HIP_CHECK(hipStreamDestroy(stream));
    HIP_CHECK(hipMemcpy(out, d_out, sizeof(out), hipMemcpyDeviceToHost));
    HIP_CHECK(hipFree(d_out));
    bool stream_ok = true;
    for (int i = 0; i < TABLE_SIZE; i++)
        stream_ok &= out[i] == (i + 1) * 5 + 7;
    check(stream_ok, "a launch on a created stream");
    HIP_CHECK(hipModuleUnload(mod2));

    if (failures) {
        std::printf("module_api: FAILED %d of %d checks on %s\n", failures, checks, gfx);
        return EXIT_FAILURE;
    }
    std::printf("module_api: PASS (%d checks on %s: file and memory images, bundles and "
                "bare code objects, kernelParams and extra, globals, errors)\n",
                checks, gfx);
    return 0;
}
