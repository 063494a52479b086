// SPDX-License-Identifier: MIT
/*
 * hiprtc: HIP's run-time compilation API (<hip/hiprtc.h>).
 *
 * This first part names results and the version; compiling and linking
 * come next and fail with HIPRTC_ERROR_INTERNAL_ERROR and a message
 * until then.
 */
#include <stdarg.h>
#include <stdio.h>

#include <hip/hip_version.h>
#include <hip/hiprtc.h>

static const char *const result_names[] = {
	[HIPRTC_SUCCESS] = "HIPRTC_SUCCESS",
	[HIPRTC_ERROR_OUT_OF_MEMORY] = "HIPRTC_ERROR_OUT_OF_MEMORY",
	[HIPRTC_ERROR_PROGRAM_CREATION_FAILURE] = "HIPRTC_ERROR_PROGRAM_CREATION_FAILURE",
	[HIPRTC_ERROR_INVALID_INPUT] = "HIPRTC_ERROR_INVALID_INPUT",
	[HIPRTC_ERROR_INVALID_PROGRAM] = "HIPRTC_ERROR_INVALID_PROGRAM",
	[HIPRTC_ERROR_INVALID_OPTION] = "HIPRTC_ERROR_INVALID_OPTION",
	[HIPRTC_ERROR_COMPILATION] = "HIPRTC_ERROR_COMPILATION",
	[HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE] = "HIPRTC_ERROR_BUILTIN_OPERATION_FAILURE",
	[HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION] =
		"HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION",
	[HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION] =
		"HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION",
	[HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID] = "HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID",
	[HIPRTC_ERROR_INTERNAL_ERROR] = "HIPRTC_ERROR_INTERNAL_ERROR",
};

const char *hiprtcGetErrorString(hiprtcResult result)
{
	unsigned int r = (unsigned int)result;

	if (result == HIPRTC_ERROR_LINKING)
		return "HIPRTC_ERROR_LINKING";
	if (r < sizeof(result_names) / sizeof(result_names[0]) && result_names[r])
		return result_names[r];
	return "Invalid HIPRTC error code";
}

hiprtcResult hiprtcVersion(int *major, int *minor)
{
	if (!major || !minor)
		return HIPRTC_ERROR_INVALID_INPUT;
	*major = HIP_VERSION_MAJOR;
	*minor = HIP_VERSION_MINOR;
	return HIPRTC_SUCCESS;
}

static hiprtcResult not_yet(const char *api)
{
	fprintf(stderr, "barehip: %s: %s: run-time compilation is not implemented yet\n",
		hiprtcGetErrorString(HIPRTC_ERROR_INTERNAL_ERROR), api);
	return HIPRTC_ERROR_INTERNAL_ERROR;
}

hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name,
				 int numHeaders, const char **headers, const char **includeNames)
{
	(void)prog, (void)src, (void)name, (void)numHeaders, (void)headers, (void)includeNames;
	return not_yet("hiprtcCreateProgram");
}

hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog)
{
	(void)prog;
	return not_yet("hiprtcDestroyProgram");
}

hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression)
{
	(void)prog, (void)name_expression;
	return not_yet("hiprtcAddNameExpression");
}

hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char **options)
{
	(void)prog, (void)numOptions, (void)options;
	return not_yet("hiprtcCompileProgram");
}

hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression,
				  const char **lowered_name)
{
	(void)prog, (void)name_expression, (void)lowered_name;
	return not_yet("hiprtcGetLoweredName");
}

hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet)
{
	(void)prog, (void)logSizeRet;
	return not_yet("hiprtcGetProgramLogSize");
}

hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log)
{
	(void)prog, (void)log;
	return not_yet("hiprtcGetProgramLog");
}

hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet)
{
	(void)prog, (void)codeSizeRet;
	return not_yet("hiprtcGetCodeSize");
}

hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code)
{
	(void)prog, (void)code;
	return not_yet("hiprtcGetCode");
}

hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size)
{
	(void)prog, (void)bitcode_size;
	return not_yet("hiprtcGetBitcodeSize");
}

hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode)
{
	(void)prog, (void)bitcode;
	return not_yet("hiprtcGetBitcode");
}

hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option *option_ptr,
			      void **option_vals_pptr, hiprtcLinkState *hip_link_state_ptr)
{
	(void)num_options, (void)option_ptr, (void)option_vals_pptr, (void)hip_link_state_ptr;
	return not_yet("hiprtcLinkCreate");
}

hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
			       const char *file_path, unsigned int num_options,
			       hiprtcJIT_option *options_ptr, void **option_values)
{
	(void)hip_link_state, (void)input_type, (void)file_path, (void)num_options,
		(void)options_ptr, (void)option_values;
	return not_yet("hiprtcLinkAddFile");
}

hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
			       void *image, size_t image_size, const char *name,
			       unsigned int num_options, hiprtcJIT_option *options_ptr,
			       void **option_values)
{
	(void)hip_link_state, (void)input_type, (void)image, (void)image_size, (void)name,
		(void)num_options, (void)options_ptr, (void)option_values;
	return not_yet("hiprtcLinkAddData");
}

hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void **bin_out, size_t *size_out)
{
	(void)hip_link_state, (void)bin_out, (void)size_out;
	return not_yet("hiprtcLinkComplete");
}

hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state)
{
	(void)hip_link_state;
	return not_yet("hiprtcLinkDestroy");
}
