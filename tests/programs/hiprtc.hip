// Run-time compilation (<hip/hiprtc.h>, docs/hiprtc.md): the results'
// names and the version.
#include <hip/hip_runtime.h>
#include <hip/hiprtc.h>
#include <cstdio>
#include <cstring>

static int fails;

static void expect(bool ok, const char *what)
{
	if (!ok) {
		std::printf("FAILED: %s\n", what);
		fails++;
	}
}

int main()
{
	int major = -1, minor = -1;

	expect(hiprtcVersion(&major, &minor) == HIPRTC_SUCCESS, "hiprtcVersion succeeds");
	expect(major == HIP_VERSION_MAJOR && minor == HIP_VERSION_MINOR,
	       "hiprtcVersion is HIP's version");
	expect(hiprtcVersion(nullptr, &minor) == HIPRTC_ERROR_INVALID_INPUT,
	       "hiprtcVersion(NULL) is HIPRTC_ERROR_INVALID_INPUT");
	expect(!std::strcmp(hiprtcGetErrorString(HIPRTC_SUCCESS), "HIPRTC_SUCCESS"),
	       "the name of HIPRTC_SUCCESS");
	expect(!std::strcmp(hiprtcGetErrorString(HIPRTC_ERROR_COMPILATION),
			    "HIPRTC_ERROR_COMPILATION"), "the name of HIPRTC_ERROR_COMPILATION");
	expect(!std::strcmp(hiprtcGetErrorString(HIPRTC_ERROR_LINKING), "HIPRTC_ERROR_LINKING"),
	       "the name of HIPRTC_ERROR_LINKING");
	expect(!std::strcmp(hiprtcGetErrorString((hiprtcResult)42), "Invalid HIPRTC error code"),
	       "a value that is no result");
	if (fails)
		return 1;
	std::printf("PASS\n");
	return 0;
}
