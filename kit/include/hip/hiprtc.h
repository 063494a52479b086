/*
 * barehip: <hip/hiprtc.h>, HIP's run-time compilation API, with ROCm's
 * names, types and values (kit/runtime/hiprtc.c; docs/hiprtc.md).
 *
 * barehip has no compiler library: hiprtcCompileProgram and
 * hiprtcLinkComplete run clang-19 and ld.lld-19 as child processes, with
 * barehip's device headers and firmware, as barehip-cc compiles device
 * code.  Where they are not installed, compiling fails with
 * HIPRTC_ERROR_COMPILATION and a log that says what is missing.
 * The code hiprtcGetCode returns is a code object for hipModuleLoadData.
 * Host code, C and C++; every function is safe from several threads
 * (one program or link state is not to be used by two at once).
 */
#ifndef HIP_HIPRTC_H
#define HIP_HIPRTC_H

#include <stdlib.h>
#include <hip/hip_common.h>
#include <hip/linker_types.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum hiprtcResult {
	HIPRTC_SUCCESS = 0,
	HIPRTC_ERROR_OUT_OF_MEMORY = 1,
	HIPRTC_ERROR_PROGRAM_CREATION_FAILURE = 2,
	HIPRTC_ERROR_INVALID_INPUT = 3,
	HIPRTC_ERROR_INVALID_PROGRAM = 4,
	HIPRTC_ERROR_INVALID_OPTION = 5,
	HIPRTC_ERROR_COMPILATION = 6,
	HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE = 7,
	HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION = 8,
	HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION = 9,
	HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID = 10,
	HIPRTC_ERROR_INTERNAL_ERROR = 11,
	HIPRTC_ERROR_LINKING = 100
} hiprtcResult;

/* The link options are the JIT linker's (<hip/linker_types.h>), as in ROCm. */
#define hiprtcJIT_option hipJitOption
#define HIPRTC_JIT_MAX_REGISTERS hipJitOptionMaxRegisters
#define HIPRTC_JIT_THREADS_PER_BLOCK hipJitOptionThreadsPerBlock
#define HIPRTC_JIT_WALL_TIME hipJitOptionWallTime
#define HIPRTC_JIT_INFO_LOG_BUFFER hipJitOptionInfoLogBuffer
#define HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES hipJitOptionInfoLogBufferSizeBytes
#define HIPRTC_JIT_ERROR_LOG_BUFFER hipJitOptionErrorLogBuffer
#define HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES hipJitOptionErrorLogBufferSizeBytes
#define HIPRTC_JIT_OPTIMIZATION_LEVEL hipJitOptionOptimizationLevel
#define HIPRTC_JIT_TARGET_FROM_HIPCONTEXT hipJitOptionTargetFromContext
#define HIPRTC_JIT_TARGET hipJitOptionTarget
#define HIPRTC_JIT_FALLBACK_STRATEGY hipJitOptionFallbackStrategy
#define HIPRTC_JIT_GENERATE_DEBUG_INFO hipJitOptionGenerateDebugInfo
#define HIPRTC_JIT_LOG_VERBOSE hipJitOptionLogVerbose
#define HIPRTC_JIT_GENERATE_LINE_INFO hipJitOptionGenerateLineInfo
#define HIPRTC_JIT_CACHE_MODE hipJitOptionCacheMode
#define HIPRTC_JIT_NEW_SM3X_OPT hipJitOptionSm3xOpt
#define HIPRTC_JIT_FAST_COMPILE hipJitOptionFastCompile
#define HIPRTC_JIT_GLOBAL_SYMBOL_NAMES hipJitOptionGlobalSymbolNames
#define HIPRTC_JIT_GLOBAL_SYMBOL_ADDRESS hipJitOptionGlobalSymbolAddresses
#define HIPRTC_JIT_GLOBAL_SYMBOL_COUNT hipJitOptionGlobalSymbolCount
#define HIPRTC_JIT_LTO hipJitOptionLto
#define HIPRTC_JIT_FTZ hipJitOptionFtz
#define HIPRTC_JIT_PREC_DIV hipJitOptionPrecDiv
#define HIPRTC_JIT_PREC_SQRT hipJitOptionPrecSqrt
#define HIPRTC_JIT_FMA hipJitOptionFma
#define HIPRTC_JIT_POSITION_INDEPENDENT_CODE hipJitOptionPositionIndependentCode
#define HIPRTC_JIT_MIN_CTA_PER_SM hipJitOptionMinCTAPerSM
#define HIPRTC_JIT_MAX_THREADS_PER_BLOCK hipJitOptionMaxThreadsPerBlock
#define HIPRTC_JIT_OVERRIDE_DIRECT_VALUES hipJitOptionOverrideDirectiveValues
#define HIPRTC_JIT_NUM_OPTIONS hipJitOptionNumOptions
#define HIPRTC_JIT_IR_TO_ISA_OPT_EXT hipJitOptionIRtoISAOptExt
#define HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT hipJitOptionIRtoISAOptCountExt

#define hiprtcJITInputType hipJitInputType
#define HIPRTC_JIT_INPUT_CUBIN hipJitInputCubin
#define HIPRTC_JIT_INPUT_PTX hipJitInputPtx
#define HIPRTC_JIT_INPUT_FATBINARY hipJitInputFatBinary
#define HIPRTC_JIT_INPUT_OBJECT hipJitInputObject
#define HIPRTC_JIT_INPUT_LIBRARY hipJitInputLibrary
#define HIPRTC_JIT_INPUT_NVVM hipJitInputNvvm
#define HIPRTC_JIT_NUM_LEGACY_INPUT_TYPES hipJitNumLegacyInputTypes
#define HIPRTC_JIT_INPUT_LLVM_BITCODE hipJitInputLLVMBitcode
#define HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE hipJitInputLLVMBundledBitcode
#define HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE hipJitInputLLVMArchivesOfBundledBitcode
#define HIPRTC_JIT_INPUT_SPIRV hipJitInputSpirv
#define HIPRTC_JIT_NUM_INPUT_TYPES hipJitNumInputTypes

typedef struct _hiprtcProgram *hiprtcProgram;
typedef struct ihiprtcLinkState *hiprtcLinkState;

/* The result's name ("HIPRTC_ERROR_COMPILATION"), as ROCm; "Invalid
 * HIPRTC error code" for a value that is none. */
const char *hiprtcGetErrorString(hiprtcResult result);
/* The HIP version this hiprtc belongs to (HIP_VERSION_MAJOR/MINOR). */
hiprtcResult hiprtcVersion(int *major, int *minor);

/*
 * A program: its source, a name for messages (may be NULL), and
 * @numHeaders headers held in memory: headers[i] is the text of the
 * header the source includes as includeNames[i] ("#include \"name\"" or
 * <name>).
 */
hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name,
				 int numHeaders, const char **headers,
				 const char **includeNames);
hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog);
/* Before compiling: a kernel or variable named by a C++ expression
 * ("scale<float>", "&ns::k<3>"), whose mangled name hiprtcGetLoweredName
 * gives after it. */
hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression);
/* Options as hipcc/ROCm's hiprtc take them: --gpu-architecture=gfxNNN
 * (or --offload-arch=), -D, -U, -I, -std=, -O0..3, -fgpu-rdc, -g, -ffast-math
 * and other clang code-generation flags.  The log says why it failed. */
hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char **options);
hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression,
				  const char **lowered_name);
/* The log of the last compile, NUL-terminated; its size counts the NUL
 * (0: an empty log, of which hiprtcGetProgramLog writes nothing). */
hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet);
hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log);
/* The code object (hipModuleLoadData); not for a -fgpu-rdc program. */
hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet);
hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code);
/* The device bitcode of a -fgpu-rdc program, for hiprtcLinkAddData. */
hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size);
hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode);

/*
 * Linking bitcode (HIPRTC_JIT_INPUT_LLVM_BITCODE and the bundled kinds)
 * into one code object.  hiprtcLinkComplete's *bin_out belongs to the
 * link state: valid until hiprtcLinkDestroy.
 */
hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option *option_ptr,
			      void **option_vals_pptr, hiprtcLinkState *hip_link_state_ptr);
hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
			       const char *file_path, unsigned int num_options,
			       hiprtcJIT_option *options_ptr, void **option_values);
hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
			       void *image, size_t image_size, const char *name,
			       unsigned int num_options, hiprtcJIT_option *options_ptr,
			       void **option_values);
hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void **bin_out,
				size_t *size_out);
hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state);

#ifdef __cplusplus
}
#endif

#endif
