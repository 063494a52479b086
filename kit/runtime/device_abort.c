// SPDX-License-Identifier: MIT
/*
 * What a kernel's abort() or failed assert does to the host program.
 *
 * HIP on ROCm ends the program: the device prints the assertion, traps,
 * and ROCr's queue-error handler prints the cause and calls abort().
 * barehip does the same by default.  A program may instead ask for
 * barehip's recoverable behaviour, where the trap is an ordinary GPU
 * fault: the launch fails with hipErrorLaunchFailure, the device stays
 * stopped until hipDeviceReset().  BAREHIP_DEVICE_ABORT=terminate|recover
 * sets the mode at start-up; bh_set_device_abort_mode() changes it.
 *
 * The loader tells an abort from other GPU faults by the mark the
 * device's abort()/__assert_fail print first (BH_EABORT); other faults
 * (memory violations, illegal instructions, a plain __builtin_trap)
 * stay recoverable errors in both modes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runtime.h"

static int mode = -1;		/* -1: not read from the environment yet */
static pthread_mutex_t mode_lock = PTHREAD_MUTEX_INITIALIZER;

static int env_mode(void)
{
	const char *v = getenv("BAREHIP_DEVICE_ABORT");

	if (!v || !*v || !strcmp(v, "terminate"))
		return BH_DEVICE_ABORT_TERMINATE;
	if (!strcmp(v, "recover"))
		return BH_DEVICE_ABORT_RECOVER;
	fprintf(stderr, "barehip: BAREHIP_DEVICE_ABORT=%s is neither \"terminate\" nor "
		"\"recover\"; a device abort terminates the program\n", v);
	return BH_DEVICE_ABORT_TERMINATE;
}

static int current(void)
{
	pthread_mutex_lock(&mode_lock);
	if (mode < 0)
		mode = env_mode();
	int m = mode;

	pthread_mutex_unlock(&mode_lock);
	return m;
}

int bh_set_device_abort_mode(int m)
{
	if (m != BH_DEVICE_ABORT_TERMINATE && m != BH_DEVICE_ABORT_RECOVER)
		return -1;
	int old = current();

	pthread_mutex_lock(&mode_lock);
	mode = m;
	pthread_mutex_unlock(&mode_lock);
	return old;
}

void bh_rt_device_abort(const char *api_message)
{
	if (current() == BH_DEVICE_ABORT_RECOVER)
		return;
	char text[1024];

	bh_demangle_text(api_message, text, sizeof(text));
	/* The assertion text went to stdout through the device printf. */
	fflush(stdout);
	fprintf(stderr, "barehip: %s\n"
		"barehip: a kernel called abort() or failed an assert: terminating the "
		"program, as HIP does (BAREHIP_DEVICE_ABORT=recover returns "
		"hipErrorLaunchFailure instead)\n", text);
	fflush(stderr);
	abort();
}
