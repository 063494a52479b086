/*
 * barehip: assert() and abort() in device code.
 *
 * glibc's assert() calls __assert_fail, a host function; HIP code may
 * overload it for the device.  A failing assertion prints the message
 * hardware HIP prints (through the buffered device printf, so the host
 * shows it once the dispatch ends) and traps.  The trap stops the
 * kernel, and the launch reports "s_trap 2 (llvm.trap: abort or failed
 * assert)" with the kernel's name and dimensions.  NDEBUG removes
 * assert() as in C.
 */
#pragma once

extern "C" {
__attribute__((weak, noinline, noreturn)) __device__ void
__assert_fail(const char *assertion, const char *file, unsigned int line, const char *function)
{
	printf("%s:%u: %s: Device-side assertion `%s' failed.\n", file, line, function,
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
	__builtin_trap();
}
}
