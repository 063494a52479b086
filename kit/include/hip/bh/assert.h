/*
 * barehip: assert() and abort() in device code.
 *
 * glibc's assert() calls __assert_fail, a host function; HIP code may
 * overload it for the device.  A failing assertion prints the message
 * hardware HIP prints (through the buffered device printf, so the host
 * shows it once the dispatch ends) and traps.  NDEBUG removes assert()
 * as in C.
 *
 * Both print a record whose format starts with the ASCII record
 * separator (\036, the loader's BH_PRINTF_ABORT_MARK; not printed): it
 * tells the host that the trap that follows is the program's own
 * abort, which every board reports as a plain trap or hardware
 * exception.  The runtime then terminates the process as ROCm does,
 * unless BAREHIP_DEVICE_ABORT=recover asks for hipErrorLaunchFailure
 * instead (docs/device-language.md, "assert and abort").  A full printf
 * buffer loses the mark: the trap is then an ordinary GPU fault.
 */
#pragma once

extern "C" {
__attribute__((weak, noinline, noreturn)) __device__ void
__assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
	printf("\036%s:%u: %s: Device-side assertion `%s' failed.\n", file, line, function,
	       assertion);
	__builtin_trap();
}

/* glibc's other assert entry (assert_perror) and CUDA's __assertfail. */
__attribute__((weak, noinline, noreturn)) __device__ void
__assertfail(const char *assertion, const char *file, unsigned int line, const char *function,
	     size_t charsize)
{
	(void)charsize;
	__assert_fail(assertion, file, line, function);
}

__attribute__((weak, noreturn)) __device__ void abort(void)
{
	printf("\036");
	__builtin_trap();
}
}
