/*
 * barehip: <hip/linker_types.h>, as ROCm's: the options and input kinds
 * of the JIT linker (hiprtcLink*, hipModuleLoadDataEx).  Values as
 * ROCm's (and CUDA's CUjit_option / CUjitInputType where they come from
 * there).  Host and device, C and C++.
 */
#ifndef HIP_LINKER_TYPES_H
#define HIP_LINKER_TYPES_H

typedef enum hipJitOption {
	hipJitOptionMaxRegisters = 0,
	hipJitOptionThreadsPerBlock,
	hipJitOptionWallTime,
	hipJitOptionInfoLogBuffer,
	hipJitOptionInfoLogBufferSizeBytes,
	hipJitOptionErrorLogBuffer,
	hipJitOptionErrorLogBufferSizeBytes,
	hipJitOptionOptimizationLevel,
	hipJitOptionTargetFromContext,
	hipJitOptionTarget,
	hipJitOptionFallbackStrategy,
	hipJitOptionGenerateDebugInfo,
	hipJitOptionLogVerbose,
	hipJitOptionGenerateLineInfo,
	hipJitOptionCacheMode,
	hipJitOptionSm3xOpt,
	hipJitOptionFastCompile,
	hipJitOptionGlobalSymbolNames,
	hipJitOptionGlobalSymbolAddresses,
	hipJitOptionGlobalSymbolCount,
	hipJitOptionLto,
	hipJitOptionFtz,
	hipJitOptionPrecDiv,
	hipJitOptionPrecSqrt,
	hipJitOptionFma,
	hipJitOptionPositionIndependentCode,
	hipJitOptionMinCTAPerSM,
	hipJitOptionMaxThreadsPerBlock,
	hipJitOptionOverrideDirectiveValues,
	hipJitOptionNumOptions,
	/* HIP only: compiler options for the bitcode-to-ISA step of a link
	 * (a const char ** array, and its count). */
	hipJitOptionIRtoISAOptExt = 10000,
	hipJitOptionIRtoISAOptCountExt
} hipJitOption;

typedef enum hipJitInputType {
	hipJitInputCubin = 0,
	hipJitInputPtx,
	hipJitInputFatBinary,
	hipJitInputObject,
	hipJitInputLibrary,
	hipJitInputNvvm,
	hipJitNumLegacyInputTypes,
	/* HIP only */
	hipJitInputLLVMBitcode = 100,
	hipJitInputLLVMBundledBitcode = 101,
	hipJitInputLLVMArchivesOfBundledBitcode = 102,
	hipJitInputSpirv = 103,
	hipJitNumInputTypes = 10
} hipJitInputType;

typedef enum hipJitCacheMode {
	hipJitCacheOptionNone = 0,
	hipJitCacheOptionCG,
	hipJitCacheOptionCA
} hipJitCacheMode;

typedef enum hipJitFallback {
	hipJitPreferPTX = 0,
	hipJitPreferBinary
} hipJitFallback;

typedef enum hipLibraryOption_e {
	hipLibraryHostUniversalFunctionAndDataTable = 0,
	hipLibraryBinaryIsPreserved = 1
} hipLibraryOption;

#endif
