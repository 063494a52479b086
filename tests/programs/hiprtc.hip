// Run-time compilation (<hip/hiprtc.h>, docs/hiprtc.md), as a HIP program
// uses it: kernels compiled while the program runs, for the board's GPU,
// loaded with hipModuleLoadData and launched with hipModuleLaunchKernel.
//   - a templated kernel and a device variable found through name
//     expressions (hiprtcGetLoweredName), a header passed in memory, -D;
//   - a compile error and its log;
//   - two programs compiled with -fgpu-rdc on two threads at once, their
//     bitcode linked with the link API into one code object;
//   - what each call refuses, a toolchain that is not there, and no
//     temporary file left behind.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

static int fails;

static void expect(bool ok, const char *what)
{
	if (!ok) {
		std::printf("FAILED: %s\n", what);
		fails++;
	}
}

#define HIP(call)                                                                  \
	do {                                                                       \
		hipError_t e_ = (call);                                            \
		if (e_ != hipSuccess) {                                            \
			std::printf("FAILED: %s: %s\n", #call, hipGetErrorString(e_)); \
			std::exit(1);                                              \
		}                                                                  \
	} while (0)

static std::string log_of(hiprtcProgram prog)
{
	size_t n = 0;

	if (hiprtcGetProgramLogSize(prog, &n) != HIPRTC_SUCCESS || !n)
		return "";
	std::string log(n, '\0');
	hiprtcGetProgramLog(prog, &log[0]);
	log.resize(n - 1);
	return log;
}

// A header the program includes, held in memory.
static const char *const scale_header = R"(
#pragma once
template <typename T> __device__ T times(T x, int n) { return x * T(n) + T(OFFSET); }
)";

static const char *const scale_source = R"(
#include "ops/scale.h"
__device__ int launches;
template <typename T, int N>
__global__ void scale(T *p, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = times(p[i], N);
	if (i == 0)
		atomicAdd(&launches, 1);
}
)";

static std::string arch;	// the board's target, as ROCm's samples pass it

static void templates_and_headers()
{
	hiprtcProgram prog;
	const char *hdr[] = { scale_header }, *hdr_names[] = { "ops/scale.h" };

	expect(hiprtcCreateProgram(&prog, scale_source, "scale.hip", 1, hdr, hdr_names) ==
	       HIPRTC_SUCCESS, "hiprtcCreateProgram with a header");
	const char *lowered = nullptr;
	expect(hiprtcGetLoweredName(prog, "scale<float, 3>", &lowered) ==
	       HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION, "lowered names before compiling");
	expect(hiprtcAddNameExpression(prog, "scale<float, 3>") == HIPRTC_SUCCESS &&
	       hiprtcAddNameExpression(prog, "&scale<int, (2 + 5)>") == HIPRTC_SUCCESS &&
	       hiprtcAddNameExpression(prog, "&launches") == HIPRTC_SUCCESS,
	       "hiprtcAddNameExpression");
	std::string opt_arch = "--gpu-architecture=" + arch;
	const char *opts[] = { opt_arch.c_str(), "-D", "OFFSET=1", "-std=c++17", "-O3" };
	hiprtcResult r = hiprtcCompileProgram(prog, 5, opts);
	if (r != HIPRTC_SUCCESS)
		std::printf("log:\n%s\n", log_of(prog).c_str());
	expect(r == HIPRTC_SUCCESS, "hiprtcCompileProgram of a template kernel");
	size_t log_size = 1;
	expect(hiprtcGetProgramLogSize(prog, &log_size) == HIPRTC_SUCCESS && log_size == 0,
	       "a clean compile's log is empty (size 0, as ROCm's)");
	expect(hiprtcAddNameExpression(prog, "scale<double, 1>") ==
	       HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION, "a name after compiling");

	const char *fname = nullptr, *iname = nullptr, *vname = nullptr;
	expect(hiprtcGetLoweredName(prog, "scale<float, 3>", &fname) == HIPRTC_SUCCESS &&
	       !std::strcmp(fname, "_Z5scaleIfLi3EEvPT_j"), "lowered name of scale<float, 3>");
	expect(hiprtcGetLoweredName(prog, "&scale<int, (2 + 5)>", &iname) == HIPRTC_SUCCESS &&
	       !std::strcmp(iname, "_Z5scaleIiLi7EEvPT_j"), "lowered name of &scale<int, (2 + 5)>");
	expect(hiprtcGetLoweredName(prog, "&launches", &vname) == HIPRTC_SUCCESS &&
	       !std::strcmp(vname, "launches"), "lowered name of a device variable");
	expect(hiprtcGetLoweredName(prog, "scale<char, 1>", &lowered) ==
	       HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID, "a name expression never added");
	size_t bc = 0;
	expect(hiprtcGetBitcodeSize(prog, &bc) == HIPRTC_ERROR_INVALID_PROGRAM,
	       "no bitcode without -fgpu-rdc");

	size_t size = 0;
	expect(hiprtcGetCodeSize(prog, &size) == HIPRTC_SUCCESS && size > 0, "code size");
	std::vector<char> code(size);
	expect(hiprtcGetCode(prog, code.data()) == HIPRTC_SUCCESS, "hiprtcGetCode");
	// The lowered names stay valid until the program is destroyed.
	std::string fs = fname ? fname : "", is = iname ? iname : "", vs = vname ? vname : "";
	expect(hiprtcDestroyProgram(&prog) == HIPRTC_SUCCESS && prog == nullptr,
	       "hiprtcDestroyProgram");
	if (fails)
		return;

	hipModule_t mod;
	hipFunction_t ff, fi;
	HIP(hipModuleLoadData(&mod, code.data()));
	HIP(hipModuleGetFunction(&ff, mod, fs.c_str()));
	HIP(hipModuleGetFunction(&fi, mod, is.c_str()));
	unsigned n = 1000;
	std::vector<float> hf(n);
	std::vector<int> hi(n);
	for (unsigned i = 0; i < n; i++) {
		hf[i] = 0.5f * i;
		hi[i] = (int)i - 7;
	}
	float *df;
	int *di;
	HIP(hipMalloc(&df, n * sizeof(float)));
	HIP(hipMalloc(&di, n * sizeof(int)));
	HIP(hipMemcpy(df, hf.data(), n * sizeof(float), hipMemcpyHostToDevice));
	HIP(hipMemcpy(di, hi.data(), n * sizeof(int), hipMemcpyHostToDevice));
	void *af[] = { &df, &n }, *ai[] = { &di, &n };
	HIP(hipModuleLaunchKernel(ff, (n + 255) / 256, 1, 1, 256, 1, 1, 0, nullptr, af, nullptr));
	HIP(hipModuleLaunchKernel(fi, (n + 127) / 128, 1, 1, 128, 1, 1, 0, nullptr, ai, nullptr));
	std::vector<float> rf(n);
	std::vector<int> ri(n);
	HIP(hipMemcpy(rf.data(), df, n * sizeof(float), hipMemcpyDeviceToHost));
	HIP(hipMemcpy(ri.data(), di, n * sizeof(int), hipMemcpyDeviceToHost));
	int bad = 0;
	for (unsigned i = 0; i < n; i++)
		bad += rf[i] != hf[i] * 3 + 1 || ri[i] != hi[i] * 7 + 1;
	expect(bad == 0, "scale<float, 3> and scale<int, 7> computed x * N + OFFSET");
	hipDeviceptr_t dv;
	size_t vbytes = 0;
	int launches = 0;
	HIP(hipModuleGetGlobal(&dv, &vbytes, mod, vs.c_str()));
	HIP(hipMemcpy(&launches, dv, sizeof(int), hipMemcpyDeviceToHost));
	expect(vbytes == sizeof(int) && launches == 2, "the device variable by its lowered name");
	HIP(hipFree(df));
	HIP(hipFree(di));
	HIP(hipModuleUnload(mod));
}

static void compile_error()
{
	hiprtcProgram prog;
	const char *src = "__global__ void broken(int *p)\n{\n\tp[0] = undeclared_thing;\n}\n";

	expect(hiprtcCreateProgram(&prog, src, "broken.hip", 0, nullptr, nullptr) ==
	       HIPRTC_SUCCESS, "hiprtcCreateProgram");
	std::string opt_arch = "--offload-arch=" + arch;
	const char *opts[] = { opt_arch.c_str() };
	expect(hiprtcCompileProgram(prog, 1, opts) == HIPRTC_ERROR_COMPILATION,
	       "a compile error is HIPRTC_ERROR_COMPILATION");
	std::string log = log_of(prog);
	expect(log.find("broken.hip:3:") != std::string::npos &&
	       log.find("undeclared_thing") != std::string::npos &&
	       log.find("error") != std::string::npos,
	       "the log names the file, line and identifier");
	size_t size;
	expect(hiprtcGetCodeSize(prog, &size) == HIPRTC_ERROR_INVALID_PROGRAM,
	       "no code after a failed compile");
	const char *bad_opts[] = { "-o", "x.o" };
	expect(hiprtcCompileProgram(prog, 2, bad_opts) == HIPRTC_ERROR_INVALID_OPTION,
	       "an option hiprtc does not take");
	hiprtcDestroyProgram(&prog);
}

// Two -fgpu-rdc programs: one defines a device function and variable,
// the other's kernel calls and reads them; linked into one code object.
// (__half and HIP_PI_F need no #include, as in ROCm's hiprtc.)
static const char *const lib_source = R"(
__device__ int bias = 40;
__device__ float twice_plus(float x) { return 2.0f * x + (float)bias; }
)";
static const char *const main_source = R"(
extern __device__ int bias;
__device__ float twice_plus(float x);
extern "C" __global__ void apply(float *p, unsigned n)
{
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = twice_plus(p[i]) + (float)bias + __half2float(__float2half(0.0f)) * HIP_PI_F;
}
)";

static void rdc_bitcode(const char *src, const char *name, std::vector<char> *out,
			hiprtcResult *result)
{
	hiprtcProgram prog;
	std::string opt_arch = "--gpu-architecture=" + arch;
	const char *opts[] = { "-fgpu-rdc", opt_arch.c_str() };
	size_t size = 0;

	*result = hiprtcCreateProgram(&prog, src, name, 0, nullptr, nullptr);
	if (*result != HIPRTC_SUCCESS)
		return;
	*result = hiprtcCompileProgram(prog, 2, opts);
	if (*result == HIPRTC_SUCCESS)
		*result = hiprtcGetBitcodeSize(prog, &size);
	if (*result == HIPRTC_SUCCESS) {
		out->resize(size);
		*result = hiprtcGetBitcode(prog, out->data());
	}
	if (*result != HIPRTC_SUCCESS)
		std::printf("%s: %s\n", name, log_of(prog).c_str());
	size_t code;
	if (*result == HIPRTC_SUCCESS && hiprtcGetCodeSize(prog, &code) != HIPRTC_ERROR_INVALID_PROGRAM)
		*result = HIPRTC_ERROR_INTERNAL_ERROR;	// an -fgpu-rdc program has no code object
	hiprtcDestroyProgram(&prog);
}

// Link @main_bc with @file, load the result and run apply(): 2x + 80.
static bool run_apply(const void *image, const char *what)
{
	hipModule_t mod;
	hipFunction_t f;
	HIP(hipModuleLoadData(&mod, image));
	HIP(hipModuleGetFunction(&f, mod, "apply"));
	unsigned n = 300;
	std::vector<float> h(n), back(n);
	for (unsigned i = 0; i < n; i++)
		h[i] = (float)i;
	float *d;
	HIP(hipMalloc(&d, n * sizeof(float)));
	HIP(hipMemcpy(d, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
	void *args[] = { &d, &n };
	HIP(hipModuleLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
	HIP(hipMemcpy(back.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
	int bad = 0;
	for (unsigned i = 0; i < n; i++)
		bad += back[i] != 2.0f * h[i] + 80.0f;
	expect(bad == 0, what);
	HIP(hipFree(d));
	HIP(hipModuleUnload(mod));
	return bad == 0;
}

static void link_prebuilt(std::vector<char> &main_bc, hiprtcJITInputType type, const char *file)
{
	hiprtcLinkState link;
	void *bin = nullptr;
	size_t size = 0;
	char what[256];

	std::snprintf(what, sizeof(what), "a kernel linked with %s", file);
	expect(hiprtcLinkCreate(0, nullptr, nullptr, &link) == HIPRTC_SUCCESS, "hiprtcLinkCreate");
	expect(hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_LLVM_BITCODE, main_bc.data(),
				 main_bc.size(), "main", 0, nullptr, nullptr) == HIPRTC_SUCCESS &&
	       hiprtcLinkAddFile(link, type, file, 0, nullptr, nullptr) == HIPRTC_SUCCESS,
	       what);
	if (hiprtcLinkComplete(link, &bin, &size) == HIPRTC_SUCCESS)
		run_apply(bin, what);
	else
		expect(false, what);
	hiprtcLinkDestroy(link);
}

static void link_two_programs()
{
	std::vector<char> lib, main_bc;
	hiprtcResult r1, r2;
	// Compiled on two threads at once.
	std::thread t1(rdc_bitcode, lib_source, "lib.hip", &lib, &r1);
	std::thread t2(rdc_bitcode, main_source, "main.hip", &main_bc, &r2);
	t1.join();
	t2.join();
	expect(r1 == HIPRTC_SUCCESS && r2 == HIPRTC_SUCCESS,
	       "two -fgpu-rdc programs compiled on two threads");
	if (r1 != HIPRTC_SUCCESS || r2 != HIPRTC_SUCCESS)
		return;

	char error_log[4096] = "";
	const char *isa_opts[] = { "-O2" };
	hiprtcJIT_option options[] = { HIPRTC_JIT_IR_TO_ISA_OPT_EXT,
				       HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT,
				       HIPRTC_JIT_ERROR_LOG_BUFFER,
				       HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	void *values[] = { (void *)isa_opts, (void *)(size_t)1, error_log,
			   (void *)sizeof(error_log) };
	hiprtcLinkState link;
	expect(hiprtcLinkCreate(4, options, values, &link) == HIPRTC_SUCCESS, "hiprtcLinkCreate");
	expect(hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_LLVM_BITCODE, main_bc.data(),
				 main_bc.size(), "main", 0, nullptr, nullptr) == HIPRTC_SUCCESS &&
	       hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_LLVM_BITCODE, lib.data(), lib.size(),
				 "lib", 0, nullptr, nullptr) == HIPRTC_SUCCESS,
	       "hiprtcLinkAddData of both");
	expect(hiprtcLinkAddData(link, HIPRTC_JIT_INPUT_PTX, lib.data(), lib.size(), "ptx", 0,
				 nullptr, nullptr) == HIPRTC_ERROR_INVALID_INPUT, "PTX is refused");
	expect(hiprtcLinkAddFile(link, HIPRTC_JIT_INPUT_LLVM_BITCODE, "/nonexistent/x.bc", 0,
				 nullptr, nullptr) == HIPRTC_ERROR_PROGRAM_CREATION_FAILURE,
	       "a file that is not there");
	void *bin = nullptr;
	size_t size = 0;
	hiprtcResult r = hiprtcLinkComplete(link, &bin, &size);
	if (r != HIPRTC_SUCCESS)
		std::printf("link error log:\n%s\n", error_log);
	expect(r == HIPRTC_SUCCESS && bin && size, "hiprtcLinkComplete");
	if (r == HIPRTC_SUCCESS) {
		hipModule_t mod;
		hipFunction_t f;
		HIP(hipModuleLoadData(&mod, bin));
		HIP(hipModuleGetFunction(&f, mod, "apply"));
		unsigned n = 300;
		std::vector<float> h(n), back(n);
		for (unsigned i = 0; i < n; i++)
			h[i] = (float)i;
		float *d;
		HIP(hipMalloc(&d, n * sizeof(float)));
		HIP(hipMemcpy(d, h.data(), n * sizeof(float), hipMemcpyHostToDevice));
		void *args[] = { &d, &n };
		HIP(hipModuleLaunchKernel(f, 3, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr));
		HIP(hipMemcpy(back.data(), d, n * sizeof(float), hipMemcpyDeviceToHost));
		int bad = 0;
		for (unsigned i = 0; i < n; i++)
			bad += back[i] != 2.0f * h[i] + 80.0f;
		expect(bad == 0, "the linked kernel called the other program's function");
		HIP(hipFree(d));
		HIP(hipModuleUnload(mod));
	}
	expect(hiprtcLinkDestroy(link) == HIPRTC_SUCCESS, "hiprtcLinkDestroy");
#ifdef RDC_DIR
	// The same function and variable from device code built ahead of
	// time (tests/programs/hiprtc/device_lib.hip): a barehip-cc -fgpu-rdc
	// object, and a static device library holding it.
	link_prebuilt(main_bc, HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE, RDC_DIR "/device_lib.o");
	link_prebuilt(main_bc, HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE,
		      RDC_DIR "/libdevice.a");
#endif
	expect(hiprtcLinkDestroy(link) == HIPRTC_ERROR_INVALID_INPUT, "a destroyed link state");

	// An undefined function: the link fails and its error log says which.
	hiprtcLinkState lonely;
	void *lvalues[] = { error_log, (void *)sizeof(error_log) };
	hiprtcJIT_option lopts[] = { HIPRTC_JIT_ERROR_LOG_BUFFER,
				     HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
	error_log[0] = '\0';
	hiprtcLinkCreate(2, lopts, lvalues, &lonely);
	hiprtcLinkAddData(lonely, HIPRTC_JIT_INPUT_LLVM_BITCODE, main_bc.data(), main_bc.size(),
			  "main", 0, nullptr, nullptr);
	expect(hiprtcLinkComplete(lonely, &bin, &size) == HIPRTC_ERROR_LINKING &&
	       std::strstr(error_log, "twice_plus"), "an undefined symbol: HIPRTC_ERROR_LINKING");
	hiprtcLinkDestroy(lonely);
}

static void refusals()
{
	hiprtcProgram prog = nullptr;
	const char *name = nullptr;
	size_t size;
	int major = -1, minor = -1;

	expect(hiprtcVersion(&major, &minor) == HIPRTC_SUCCESS && major == HIP_VERSION_MAJOR &&
	       minor == HIP_VERSION_MINOR, "hiprtcVersion is HIP's version");
	expect(hiprtcVersion(nullptr, &minor) == HIPRTC_ERROR_INVALID_INPUT, "hiprtcVersion(NULL)");
	expect(!std::strcmp(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION),
			    "HIPRTC_ERROR_COMPILATION") &&
	       !std::strcmp(hiprtcGetErrorString(HIPRTC_ERROR_LINKING), "HIPRTC_ERROR_LINKING") &&
	       !std::strcmp(hiprtcGetErrorString((hiprtcResult)42), "Invalid HIPRTC error code"),
	       "hiprtcGetErrorString");
	expect(hiprtcCreateProgram(&prog, nullptr, "x", 0, nullptr, nullptr) ==
	       HIPRTC_ERROR_INVALID_INPUT, "a NULL source");
	const char *hdr[] = { "" }, *abs_name[] = { "/etc/passwd" };
	expect(hiprtcCreateProgram(&prog, "", "x", 1, hdr, abs_name) == HIPRTC_ERROR_INVALID_INPUT,
	       "an absolute include name");
	expect(hiprtcCreateProgram(&prog, "", "x", 0, nullptr, nullptr) == HIPRTC_SUCCESS,
	       "an empty program");
	hiprtcProgram stale = prog;
	hiprtcDestroyProgram(&prog);
	expect(hiprtcGetProgramLogSize(stale, &size) == HIPRTC_ERROR_INVALID_PROGRAM &&
	       hiprtcGetLoweredName(stale, "k", &name) == HIPRTC_ERROR_INVALID_PROGRAM &&
	       hiprtcCompileProgram(stale, 0, nullptr) == HIPRTC_ERROR_INVALID_PROGRAM,
	       "a destroyed program");
	expect(hiprtcDestroyProgram(&stale) == HIPRTC_ERROR_INVALID_PROGRAM,
	       "destroying twice");
	expect(hiprtcLinkDestroy((hiprtcLinkState)&size) == HIPRTC_ERROR_INVALID_INPUT,
	       "a link state that is none");
	expect(hiprtcLinkComplete(nullptr, nullptr, nullptr) == HIPRTC_ERROR_INVALID_INPUT,
	       "hiprtcLinkComplete(NULL)");

	// A host without the compiler: HIPRTC_ERROR_COMPILATION, and the log
	// says what is missing.
	setenv("BAREHIP_HIPRTC_CLANG", "/nonexistent/clang-19", 1);
	hiprtcCreateProgram(&prog, "__global__ void k() {}", "k.hip", 0, nullptr, nullptr);
	expect(hiprtcCompileProgram(prog, 0, nullptr) == HIPRTC_ERROR_COMPILATION &&
	       log_of(prog).find("/nonexistent/clang-19") != std::string::npos &&
	       log_of(prog).find("BAREHIP_HIPRTC_CLANG") != std::string::npos,
	       "no compiler: the log names it");
	hiprtcDestroyProgram(&prog);
	unsetenv("BAREHIP_HIPRTC_CLANG");
}

// A host without clang-19, ld.lld-19 or barehip's headers (the QEMU
// guest runs this program too: an embedded host): the compile fails
// with HIPRTC_ERROR_COMPILATION and a log that says what is missing.
// Accepted only away from the build tree (RDC_DIR is in it).
static bool no_toolchain_here()
{
	hiprtcProgram prog;
	hiprtcCreateProgram(&prog, "__global__ void k() {}", "k.hip", 0, nullptr, nullptr);
	hiprtcResult r = hiprtcCompileProgram(prog, 0, nullptr);
	std::string log = log_of(prog);
	hiprtcDestroyProgram(&prog);
	if (r == HIPRTC_SUCCESS)
		return false;
	bool missing = log.find("was not found") != std::string::npos ||
		       log.find("is not an executable") != std::string::npos ||
		       log.find("barehip's headers are not in") != std::string::npos;
#ifdef RDC_DIR
	bool build_host = access(RDC_DIR, F_OK) == 0;
#else
	bool build_host = true;
#endif
	expect(r == HIPRTC_ERROR_COMPILATION && missing && !build_host,
	       "a compile on a host without the toolchain: HIPRTC_ERROR_COMPILATION, the log "
	       "names what is missing (and only away from the build tree)");
	if (!fails)
		std::printf("no toolchain on this host, as the log says:\n%sPASS\n", log.c_str());
	else
		std::printf("log:\n%s", log.c_str());
	return true;
}

int main()
{
	// Every temporary file goes in a TMPDIR of our own, where hiprtc's
	// directories (barehip-hiprtc.*) must be gone at the end.
	static char tmp[] = "/tmp/hiprtc-test.XXXXXX";
	if (!mkdtemp(tmp))
		return 1;
	setenv("TMPDIR", tmp, 1);
	std::atexit([] { rmdir(tmp); });	// after the fake KFD removes its own

	hipDeviceProp_t props;
	HIP(hipGetDeviceProperties(&props, 0));
	arch = props.gcnArchName;

	refusals();
	if (no_toolchain_here())
		return fails ? 1 : 0;
	templates_and_headers();
	compile_error();
	link_two_programs();

	// (The fake KFD of a kfd-board run keeps a directory there until exit.)
	DIR *d = opendir(tmp);
	int left = 0;
	for (dirent *e; d && (e = readdir(d));)
		left += !std::strncmp(e->d_name, "barehip-hiprtc", 14);
	if (d)
		closedir(d);
	expect(left == 0, "no temporary file left behind");
	if (fails)
		return 1;
	std::printf("PASS\n");
	return 0;
}
