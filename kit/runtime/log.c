// SPDX-License-Identifier: MIT
/*
 * AMD_LOG_LEVEL: the log ROCm's HIP users turn on to see why a launch
 * failed.  The levels are ROCm's: 0 nothing (the default), 1 errors,
 * 2 warnings, 3 information, 4 debug.  barehip logs, in ROCm's line
 * shape (":level:file:line : microseconds us: [pid:N tid:0xN] text") on
 * stderr:
 *   level 1+  a launch beyond the kernel's __launch_bounds__: the launch
 *             configuration, the bounds and the kernel's name (the
 *             seeds' "launch_bounds" section); any other launch refused
 *             (a grid past 2^32 work-items, ...) with barehip's message;
 *   level 3+  every kernel launch with its configuration, and what it
 *             returned; every allocation and free (hipMalloc & co: size,
 *             address, device), every synchronous copy (destination,
 *             source, extent, kind), every code object loaded;
 *   level 4   the kernels of each code object loaded.
 * Kernel names are demangled.
 * barehip's own one-line error (bh_get_last_error_message, printed as
 * "barehip: hipError...: ...") does not depend on the level.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "runtime.h"

static pthread_once_t once = PTHREAD_ONCE_INIT;
static int level;
static int known;		/* level is read (after the once) */

static void read_level(void)
{
	const char *v = getenv("AMD_LOG_LEVEL");
	char *end;
	long n;

	if (!v || !*v)
		return;
	n = strtol(v, &end, 10);
	if (*end || n < 0 || n > 4) {
		fprintf(stderr, "barehip: AMD_LOG_LEVEL=%s is not a level 0 to 4; logging "
			"stays off\n", v);
		return;
	}
	level = (int)n;
}

int bh_rt_log_level(void)
{
	/* Every launch asks: after the first time, one load, no once. */
	if (!__atomic_load_n(&known, __ATOMIC_ACQUIRE)) {
		pthread_once(&once, read_level);
		__atomic_store_n(&known, 1, __ATOMIC_RELEASE);
	}
	return level;
}

void bh_rt_log(int at, const char *file, int line, const char *fmt, ...)
{
	struct timespec ts;
	char raw[1024], text[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(raw, sizeof(raw), fmt, ap);
	va_end(ap);
	bh_demangle_text(raw, text, sizeof(text));
	clock_gettime(CLOCK_MONOTONIC, &ts);
	/* One fprintf: lines of several threads do not interleave. */
	fprintf(stderr, ":%d:barehip/%-12s:%-4d: %010lld us: [pid:%-5d tid:0x%lx] %s\n", at, file,
		line, (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000, (int)getpid(),
		(unsigned long)pthread_self(), text);
}
