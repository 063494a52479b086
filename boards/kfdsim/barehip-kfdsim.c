/* SPDX-License-Identifier: MIT */
/*
 * barehip-kfdsim: run a program on the fake amdkfd (kfdsim.h).
 *
 *   barehip-kfdsim [--gfx gfx90a|gfx942] [--gpus N] [--log FILE] -- COMMAND [ARG...]
 *
 * Sets BAREHIP_KFDSIM_GFX, BAREHIP_KFDSIM_GPUS (and BAREHIP_KFDSIM_LOG),
 * puts ../lib/libbarehip-kfdsim.so (beside this program's directory) in
 * front of LD_PRELOAD and execs COMMAND, whose status is then this
 * command's.  Only dynamically linked programs see the fake; a static
 * barehip program is built with `barehip-cc --kfdsim` instead.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define LIB_NAME "libbarehip-kfdsim.so"

static void usage(FILE *f)
{
	fprintf(f,
		"usage: barehip-kfdsim [--gfx gfx90a|gfx942] [--gpus N] [--log FILE] -- COMMAND [ARG...]\n"
		"\n"
		"Run COMMAND (a dynamically linked program: rocminfo, a libhsakmt or ROCr\n"
		"program) on a fake amdkfd: /dev/kfd, the render nodes and the KFD topology\n"
		"in sysfs as on a machine with N AMD GPUs, each the sim board's GPU model.\n"
		"\n"
		"  --gfx TARGET  every GPU's target: gfx90a (MI210, default) or gfx942 (MI300X)\n"
		"  --gpus N      how many GPUs, 1 to 8 (default 1)\n"
		"  --log FILE    append the fake's log (device opens, ioctls, mmaps, rewritten\n"
		"                paths) to FILE\n"
		"  --help        this text\n"
		"\n"
		"The exit status is COMMAND's (127 if it cannot be run, 2 for a usage error).\n");
}

static int fail(const char *fmt, const char *arg)
{
	fprintf(stderr, "barehip-kfdsim: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\nTry 'barehip-kfdsim --help'.\n");
	return 2;
}

/* The library: ../lib/ from the directory this program is in. */
static int find_lib(char *out, size_t size)
{
	char self[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *slash;

	if (n < 0)
		return -1;
	self[n] = 0;
	slash = strrchr(self, '/');
	if (!slash)
		return -1;
	*slash = 0;
	if (snprintf(out, size, "%s/../lib/" LIB_NAME, self) >= (int)size)
		return -1;
	return access(out, R_OK);
}

int main(int argc, char **argv)
{
	const char *gfx = NULL, *gpus = NULL, *log = NULL;
	char lib[PATH_MAX], *preload;
	const char *old;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			i++;
			break;
		}
		if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			usage(stdout);
			return 0;
		}
		if (!strcmp(a, "--gfx") || !strcmp(a, "--gpus") || !strcmp(a, "--log")) {
			if (i + 1 >= argc)
				return fail("%s needs a value", a);
			if (!strcmp(a, "--gfx"))
				gfx = argv[++i];
			else if (!strcmp(a, "--gpus"))
				gpus = argv[++i];
			else
				log = argv[++i];
			continue;
		}
		if (a[0] == '-')
			return fail("unknown option '%s'", a);
		break;			/* the command, without "--" */
	}
	if (i >= argc)
		return fail("%s", "no command given");
	if (gfx && strcmp(gfx, "gfx90a") && strcmp(gfx, "gfx942"))
		return fail("--gfx: '%s' is not modelled (gfx90a or gfx942)", gfx);
	if (gpus) {
		char *end;
		long n;

		errno = 0;
		n = strtol(gpus, &end, 10);
		if (errno || end == gpus || *end || n < 1 || n > 8)
			return fail("--gpus: '%s' is not a number from 1 to 8", gpus);
	}
	if (find_lib(lib, sizeof(lib)) < 0) {
		fprintf(stderr, "barehip-kfdsim: cannot find %s beside this program (../lib/)\n",
			LIB_NAME);
		return 127;
	}

	if ((gfx && setenv("BAREHIP_KFDSIM_GFX", gfx, 1)) ||
	    (gpus && setenv("BAREHIP_KFDSIM_GPUS", gpus, 1)) ||
	    (log && setenv("BAREHIP_KFDSIM_LOG", log, 1))) {
		perror("barehip-kfdsim: setenv");
		return 127;
	}
	old = getenv("LD_PRELOAD");
	if (old && *old) {
		size_t len = strlen(lib) + 1 + strlen(old) + 1;

		preload = malloc(len);
		if (!preload) {
			perror("barehip-kfdsim");
			return 127;
		}
		snprintf(preload, len, "%s:%s", lib, old);
	} else {
		preload = lib;
	}
	if (setenv("LD_PRELOAD", preload, 1)) {
		perror("barehip-kfdsim: setenv");
		return 127;
	}
	execvp(argv[i], argv + i);
	fprintf(stderr, "barehip-kfdsim: cannot run %s: %s\n", argv[i], strerror(errno));
	return errno == ENOENT ? 127 : 126;
}
