// SPDX-License-Identifier: MIT
/*
 * hiprtc's toolchain: barehip has no compiler library, so run-time
 * compilation runs clang-19 and ld.lld-19 as child processes, with
 * barehip's headers and firmware, exactly as barehip-cc compiles device
 * code (kit/tools/barehip-cc.in: device_bitcode, device_link).
 *
 * Where they are (docs/hiprtc.md):
 *   BAREHIP_HIPRTC_CLANG, BAREHIP_HIPRTC_LLD   the tools (else Kconfig's
 *       CLANG and LLD, by name through PATH or as paths);
 *   BAREHIP_HIPRTC_PREFIX   barehip's installation (include/hip,
 *       lib/barehip/<gfx>/): else the prefix recorded in prefix_slot --
 *       the build tree, rewritten by make install in the installed
 *       archive (scripts/set-hiprtc-prefix.py).
 * A host without them (an embedded one) gets HIPRTC_ERROR_COMPILATION
 * and a log that says what is missing.
 *
 * Each compile or link works in its own temporary directory (mkdtemp in
 * TMPDIR, else /tmp), removed with everything in it before the call
 * returns.  Children are started with posix_spawn (no fork of a large
 * process) in that directory, their stdout and stderr in a file there.
 */
#include "generated/autoconf.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef CONFIG_HOST_OS
#include <ftw.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#endif

#include "generated/bh_prefix.h"
#include "hiprtc_internal.h"
#include "runtime.h"

#ifdef CONFIG_HOST_OS
extern char **environ;
#endif

/*
 * The prefix the build recorded, after a marker that make install finds
 * in the installed archive to write the installed prefix over it (the
 * slot keeps its size).  Volatile: read at run time, never folded.
 */
#define PREFIX_MARK "barehip-hiprtc-prefix="
#define PREFIX_SLOT 1024
#ifdef CONFIG_HOST_OS
_Static_assert(sizeof(PREFIX_MARK BH_BUILD_PREFIX) <= PREFIX_SLOT,
	       "the build directory's path is too long for hiprtc's prefix slot");
static const volatile char prefix_slot[PREFIX_SLOT] = PREFIX_MARK BH_BUILD_PREFIX;
#endif

hiprtcResult bh_rtc_fail(hiprtcResult r, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	for (size_t n = strlen(msg); n && msg[n - 1] == '\n';)
		msg[--n] = '\0';
	fprintf(stderr, "barehip: %s: %s\n", hiprtcGetErrorString(r), msg);
	return r;
}

/* ------------------------------------------------------------ buffers */
static bool reserve(struct bh_rtc_buf *b, size_t n)
{
	if (b->oom)
		return false;
	if (b->size + n + 1 <= b->cap)
		return true;
	size_t cap = b->cap ? b->cap : 256;

	while (cap < b->size + n + 1)
		cap *= 2;
	char *p = realloc(b->data, cap);

	if (!p) {
		b->oom = true;
		return false;
	}
	b->data = p;
	b->cap = cap;
	return true;
}

void bh_rtc_buf_add(struct bh_rtc_buf *b, const void *p, size_t n)
{
	if (!reserve(b, n))
		return;
	memcpy(b->data + b->size, p, n);
	b->size += n;
	b->data[b->size] = '\0';
}

void bh_rtc_buf_printf(struct bh_rtc_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0 || !reserve(b, (size_t)n))
		return;
	va_start(ap, fmt);
	vsnprintf(b->data + b->size, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->size += (size_t)n;
}

void bh_rtc_buf_free(struct bh_rtc_buf *b)
{
	free(b->data);
	memset(b, 0, sizeof(*b));
}

void bh_rtc_arg(struct bh_rtc_argv *a, const char *s)
{
	if (a->oom)
		return;
	if (a->n + 2 > a->cap) {
		int cap = a->cap ? 2 * a->cap : 32;
		char **v = realloc(a->v, (size_t)cap * sizeof(*v));

		if (!v) {
			a->oom = true;
			return;
		}
		a->v = v;
		a->cap = cap;
	}
	a->v[a->n] = strdup(s);
	if (!a->v[a->n]) {
		a->oom = true;
		return;
	}
	a->v[++a->n] = NULL;
}

void bh_rtc_argf(struct bh_rtc_argv *a, const char *fmt, ...)
{
	char s[BH_RTC_PATH_MAX + 256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(s, sizeof(s), fmt, ap);
	va_end(ap);
	bh_rtc_arg(a, s);
}

void bh_rtc_argv_free(struct bh_rtc_argv *a)
{
	for (int i = 0; i < a->n; i++)
		free(a->v[i]);
	free(a->v);
	memset(a, 0, sizeof(*a));
}

/* -------------------------------------------------------------- tools */
#ifndef CONFIG_HOST_OS
/*
 * A host with no operating system (a bare-metal board) has no processes
 * to run clang in, and no files: hiprtc compiles nothing there, and says
 * so in the program's log.  The functions below that need the system are
 * never reached (bh_rtc_find_tools comes first) and fail the same way.
 */
#define NO_OS "hiprtc: this host has no operating system to run clang-19 and ld.lld-19 " \
	"in; compile the kernels ahead of time with barehip-cc (docs/baremetal.md)\n"

bool bh_rtc_find_tools(struct bh_rtc_tools *t, struct bh_rtc_buf *log)
{
	(void)t;
	bh_rtc_buf_printf(log, NO_OS);
	return false;
}
#else
static bool executable(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISREG(st.st_mode) && !access(path, X_OK);
}

/* @name as a path, or found through PATH, into @out. */
static bool find_program(const char *name, char *out, size_t len)
{
	if (strchr(name, '/')) {
		snprintf(out, len, "%s", name);
		return executable(out);
	}
	const char *path = getenv("PATH");

	if (!path || !*path)
		path = "/usr/local/bin:/usr/bin:/bin";
	for (const char *p = path; ; p++) {
		const char *end = strchr(p, ':');
		size_t dl = end ? (size_t)(end - p) : strlen(p);

		snprintf(out, len, "%.*s%s%s", (int)dl, p, dl ? "/" : "", name);
		if (executable(out))
			return true;
		if (!end)
			break;
		p = end;
	}
	return false;
}

static bool find_tool(const char *env, const char *configured, const char *what, char *out,
		      size_t len, struct bh_rtc_buf *log)
{
	const char *name = getenv(env);
	bool from_env = name && *name;

	if (!from_env)
		name = configured;
	if (find_program(name, out, len))
		return true;
	if (from_env)
		bh_rtc_buf_printf(log, "hiprtc: %s '%s' (%s) is not an executable\n", what,
				  name, env);
	else
		bh_rtc_buf_printf(log, "hiprtc: %s '%s' %s: barehip compiles at run time with "
				  "clang-19 and ld.lld-19 (set %s to its path)\n", what, name,
				  strchr(name, '/') ? "is not an executable" :
				  "was not found in PATH", env);
	return false;
}

bool bh_rtc_find_tools(struct bh_rtc_tools *t, struct bh_rtc_buf *log)
{
	const char *env = getenv("BAREHIP_HIPRTC_PREFIX");
	char header[BH_RTC_PATH_MAX + 64];
	bool ok = true;

	if (env && *env) {
		snprintf(t->prefix, sizeof(t->prefix), "%s", env);
	} else {
		size_t i, m = sizeof(PREFIX_MARK) - 1;

		for (i = 0; i + m < PREFIX_SLOT && i < sizeof(t->prefix) - 1 && prefix_slot[m + i];
		     i++)
			t->prefix[i] = prefix_slot[m + i];
		t->prefix[i] = '\0';
	}
	snprintf(header, sizeof(header), "%s/include/hip/hip_runtime.h", t->prefix);
	if (access(header, R_OK)) {
		bh_rtc_buf_printf(log, "hiprtc: barehip's headers are not in %s/include (%s); "
				  "set BAREHIP_HIPRTC_PREFIX to the barehip installation\n",
				  t->prefix, env && *env ? "BAREHIP_HIPRTC_PREFIX" :
				  "the prefix recorded when barehip was built or installed");
		ok = false;
	}
	ok &= find_tool("BAREHIP_HIPRTC_CLANG", CONFIG_CLANG, "the compiler", t->clang,
			sizeof(t->clang), log);
	ok &= find_tool("BAREHIP_HIPRTC_LLD", CONFIG_LLD, "the linker", t->lld, sizeof(t->lld),
			log);
	return ok;
}
#endif

/* ------------------------------------------------------------ codegen */
void bh_rtc_codegen_init(struct bh_rtc_codegen *cg)
{
	memset(cg, 0, sizeof(*cg));
	snprintf(cg->opt, sizeof(cg->opt), "%s", CONFIG_DEVICE_OPT);
	cg->m_crsqrt = true;
}

bool bh_rtc_codegen_flag(struct bh_rtc_codegen *cg, const char *f)
{
	static const struct {
		const char *flag;
		int mode;	/* 0 finite, 1 unsafe, 2 daz, 3 crsqrt, 4 wave64, 5 fast */
		bool on;
	} flags[] = {
		{ "-ffast-math", 5, true }, { "-fno-fast-math", 5, false },
		{ "-ffinite-math-only", 0, true }, { "-fno-finite-math-only", 0, false },
		{ "-funsafe-math-optimizations", 1, true },
		{ "-fno-unsafe-math-optimizations", 1, false },
		{ "-fgpu-flush-denormals-to-zero", 2, true },
		{ "-fno-gpu-flush-denormals-to-zero", 2, false },
		{ "-fhip-fp32-correctly-rounded-divide-sqrt", 3, true },
		{ "-fno-hip-fp32-correctly-rounded-divide-sqrt", 3, false },
		{ "-mwavefrontsize64", 4, true }, { "-mno-wavefrontsize64", 4, false },
	};

	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		if (strcmp(f, flags[i].flag))
			continue;
		switch (flags[i].mode) {
		case 0: cg->m_finite = flags[i].on; break;
		case 1: cg->m_unsafe = flags[i].on; break;
		case 2: cg->m_daz = flags[i].on; break;
		case 3: cg->m_crsqrt = flags[i].on; break;
		case 4: cg->wave64 = flags[i].on; break;
		default: cg->m_finite = cg->m_unsafe = flags[i].on; break;
		}
		return true;
	}
	return false;
}

/*
 * A target ID clang takes: the features the processor has, of those
 * given (AMDGPUUsage's processor table: sramecc on gfx906, gfx908,
 * gfx90a and gfx94x; xnack on gfx8, gfx9 and gfx101x).  A gcnArchName
 * such as "gfx1100:sramecc-:xnack-", which ROCm's samples pass as
 * --gpu-architecture=, becomes "gfx1100".
 */
void bh_rtc_target_id(char *arch)
{
	char cpu[32], out[64];
	size_t cl = strcspn(arch, ":");
	bool sramecc, xnack;

	if (cl >= sizeof(cpu))
		return;
	memcpy(cpu, arch, cl);
	cpu[cl] = '\0';
	sramecc = !strcmp(cpu, "gfx906") || !strcmp(cpu, "gfx908") || !strcmp(cpu, "gfx90a") ||
		  !strncmp(cpu, "gfx94", 5);
	/* Every gfx8 and gfx9 (gfx90a and gfx94x too), and gfx101x. */
	xnack = !strncmp(cpu, "gfx8", 4) || !strncmp(cpu, "gfx9", 4) ||
		!strncmp(cpu, "gfx101", 6);
	snprintf(out, sizeof(out), "%s", cpu);
	for (const char *f = arch + cl; *f == ':';) {
		size_t l = strcspn(f + 1, ":");

		if ((sramecc && !strncmp(f + 1, "sramecc", 7)) ||
		    (xnack && !strncmp(f + 1, "xnack", 5)) ||
		    (strncmp(f + 1, "sramecc", 7) && strncmp(f + 1, "xnack", 5)))
			snprintf(out + strlen(out), sizeof(out) - strlen(out), ":%.*s", (int)l,
				 f + 1);
		f += 1 + l;
	}
	strcpy(arch, out);
}

bool bh_rtc_device_arch(struct bh_rtc_codegen *cg, struct bh_rtc_buf *log)
{
	struct bh_rt_device *d;

	if (bh_rt_cur(&d)) {
		bh_rtc_buf_printf(log, "hiprtc: no GPU target given (--gpu-architecture=gfxNNN) "
				  "and no device to take it from: %s\n",
				  bh_get_last_error_message());
		return false;
	}
	snprintf(cg->arch, sizeof(cg->arch), "%s", bh_device_get_info(d->dev)->gfx);
	return true;
}

/* ---------------------------------------------------------- temp files */
#ifndef CONFIG_HOST_OS
bool bh_rtc_tmpdir(char *dir, size_t len, struct bh_rtc_buf *log)
{
	(void)dir, (void)len;
	bh_rtc_buf_printf(log, NO_OS);
	return false;
}

void bh_rtc_rmtree(const char *dir)
{
	(void)dir;
}

bool bh_rtc_write(const char *dir, const char *name, const void *p, size_t n,
		  struct bh_rtc_buf *log)
{
	(void)dir, (void)name, (void)p, (void)n;
	bh_rtc_buf_printf(log, NO_OS);
	return false;
}

bool bh_rtc_read(const char *path, struct bh_rtc_buf *out, struct bh_rtc_buf *log)
{
	(void)path, (void)out;
	bh_rtc_buf_printf(log, NO_OS);
	return false;
}

int bh_rtc_run(const char *dir, char *const argv[], struct bh_rtc_buf *log, bool *crashed)
{
	(void)dir, (void)argv;
	*crashed = false;
	bh_rtc_buf_printf(log, NO_OS);
	return -1;
}
#else
bool bh_rtc_tmpdir(char *dir, size_t len, struct bh_rtc_buf *log)
{
	const char *base = getenv("TMPDIR");

	if (!base || !*base)
		base = "/tmp";
	snprintf(dir, len, "%s/barehip-hiprtc.XXXXXX", base);
	if (mkdtemp(dir))
		return true;
	bh_rtc_buf_printf(log, "hiprtc: cannot make a temporary directory in %s: %s\n", base,
			  strerror(errno));
	return false;
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st, (void)type, (void)ftw;
	remove(path);
	return 0;
}

void bh_rtc_rmtree(const char *dir)
{
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

bool bh_rtc_write(const char *dir, const char *name, const void *p, size_t n,
		  struct bh_rtc_buf *log)
{
	char path[2 * BH_RTC_PATH_MAX];
	int fd;

	if ((size_t)snprintf(path, sizeof(path), "%s/%s", dir, name) >= sizeof(path)) {
		bh_rtc_buf_printf(log, "hiprtc: the name '%s' is too long\n", name);
		return false;
	}
	/* Subdirectories of an include name ("sys/config.h"). */
	for (char *s = strchr(path + strlen(dir) + 1, '/'); s; s = strchr(s + 1, '/')) {
		*s = '\0';
		if (mkdir(path, 0700) && errno != EEXIST) {
			bh_rtc_buf_printf(log, "hiprtc: cannot make %s: %s\n", path,
					  strerror(errno));
			return false;
		}
		*s = '/';
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
	if (fd < 0) {
		bh_rtc_buf_printf(log, "hiprtc: cannot write %s: %s\n", path, strerror(errno));
		return false;
	}
	for (const char *c = p; n;) {
		ssize_t w = write(fd, c, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			bh_rtc_buf_printf(log, "hiprtc: cannot write %s: %s\n", path,
					  strerror(errno));
			close(fd);
			return false;
		}
		c += w;
		n -= (size_t)w;
	}
	return !close(fd);
}

bool bh_rtc_read(const char *path, struct bh_rtc_buf *out, struct bh_rtc_buf *log)
{
	char chunk[65536];
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		bh_rtc_buf_printf(log, "hiprtc: cannot read %s: %s\n", path, strerror(errno));
		return false;
	}
	for (;;) {
		ssize_t r = read(fd, chunk, sizeof(chunk));

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			bh_rtc_buf_printf(log, "hiprtc: cannot read %s: %s\n", path,
					  strerror(errno));
			close(fd);
			return false;
		}
		if (r == 0)
			break;
		bh_rtc_buf_add(out, chunk, (size_t)r);
	}
	close(fd);
	if (out->oom)
		bh_rtc_buf_printf(log, "hiprtc: out of memory reading %s\n", path);
	return !out->oom;
}

/* -------------------------------------------------------------- run */
int bh_rtc_run(const char *dir, char *const argv[], struct bh_rtc_buf *log, bool *crashed)
{
	char out[BH_RTC_PATH_MAX + 32];
	posix_spawn_file_actions_t fa;
	struct bh_rtc_buf text = { 0 };
	pid_t pid;
	int status = 0, rc;

	*crashed = false;
	snprintf(out, sizeof(out), "%s/.output", dir);
	if (posix_spawn_file_actions_init(&fa)) {
		bh_rtc_buf_printf(log, "hiprtc: out of memory starting %s\n", argv[0]);
		return -1;
	}
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	posix_spawn_file_actions_adddup2(&fa, 1, 2);
	posix_spawn_file_actions_addchdir_np(&fa, dir);
	rc = posix_spawn(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		bh_rtc_buf_printf(log, "hiprtc: cannot run %s: %s\n", argv[0], strerror(rc));
		return -1;
	}
	while (waitpid(pid, &status, 0) < 0) {
		if (errno == EINTR)
			continue;
		/* SIGCHLD ignored by the program: no status to collect; what
		 * the child made is checked by the caller. */
		status = 0;
		break;
	}
	bh_rtc_read(out, &text, log);
	remove(out);
	if (text.size)
		bh_rtc_buf_add(log, text.data, text.size);
	*crashed = WIFSIGNALED(status) ||
		   (text.data && strstr(text.data, "PLEASE submit a bug report"));
	bh_rtc_buf_free(&text);
	if (WIFSIGNALED(status)) {
		bh_rtc_buf_printf(log, "hiprtc: %s died of signal %d\n", argv[0],
				  WTERMSIG(status));
		return -1;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}
#endif

void bh_rtc_clang_args(struct bh_rtc_argv *a, const struct bh_rtc_tools *t,
		       const struct bh_rtc_codegen *cg)
{
	bh_rtc_arg(a, t->clang);
	bh_rtc_arg(a, "-x");
	bh_rtc_arg(a, "hip");
	bh_rtc_arg(a, "--cuda-device-only");
	bh_rtc_argf(a, "--offload-arch=%s", cg->arch);
	bh_rtc_arg(a, "-nogpulib");
	bh_rtc_arg(a, "-nogpuinc");
	bh_rtc_argf(a, "-I%s/include", t->prefix);
	/* barehip-cc's hermetic flags: no ROCm is ever read. */
	bh_rtc_arg(a, "-Wno-register");
	bh_rtc_arg(a, "-isystem");
	bh_rtc_argf(a, "%s/include/bh_rocm_guard", t->prefix);
	bh_rtc_arg(a, "--start-no-unused-arguments");
	bh_rtc_argf(a, "--rocm-path=%s/lib/barehip/no-rocm", t->prefix);
	bh_rtc_argf(a, "--hip-path=%s/lib/barehip/no-rocm", t->prefix);
	bh_rtc_arg(a, "-nohipwrapperinc");
	bh_rtc_arg(a, "--end-no-unused-arguments");
	bh_rtc_arg(a, "-isystem");
	bh_rtc_argf(a, "%s/include/bh_std", t->prefix);
	bh_rtc_argf(a, "-mcode-object-version=%d", CONFIG_DEVICE_CODE_OBJECT_VERSION);
	bh_rtc_arg(a, "-mprintf-kind=buffered");
	bh_rtc_argf(a, "-%s", cg->opt);
#ifdef CONFIG_DEVICE_DEBUG_INFO
	bh_rtc_arg(a, "-g");
#endif
}

/* lld's -mattr for a target ID's features: gfx90a:xnack- is -xnack. */
static void feature_attrs(struct bh_rtc_argv *a, const char *arch)
{
	const char *f = strchr(arch, ':');
	char attrs[128] = "";
	size_t n = 0;

	if (!f)
		return;
	for (f++; *f;) {
		size_t l = strcspn(f, ":");

		if (l > 1 && n < sizeof(attrs))
			n += (size_t)snprintf(attrs + n, sizeof(attrs) - n, "%s%c%.*s",
					      n ? "," : "", f[l - 1], (int)(l - 1), f);
		f += l;
		if (*f)
			f++;
	}
	bh_rtc_argf(a, "-plugin-opt=-mattr=%s", attrs);
}

bool bh_rtc_device_link(const struct bh_rtc_tools *t, const char *dir,
			const struct bh_rtc_codegen *cg, const struct bh_rtc_argv *inputs,
			const struct bh_rtc_argv *lazy, const char *out, struct bh_rtc_buf *log)
{
	char cpu[64], fw[BH_RTC_PATH_MAX + 128];
	const char *modes[4][2] = {
		{ "finite_only_opt", cg->m_finite ? "on" : "off" },
		{ "unsafe_math_opt", cg->m_unsafe ? "on" : "off" },
		{ "daz_opt", cg->m_daz ? "on" : "off" },
		{ "correctly_rounded_sqrt32", cg->m_crsqrt ? "on" : "off" },
	};
	/* As barehip-cc: ld.lld-19's LTO once crashed at O0 (O0 kernels
	 * carry optnone, so O1 leaves them as they are), and a link that
	 * crashes is tried again at O2, O3, O1. */
	const char *levels[4] = { cg->opt, "O2", "O3", "O1" };
	struct bh_rtc_buf attempt = { 0 };
	bool crashed = false;
	int rc = -1;

	snprintf(cpu, sizeof(cpu), "%.*s", (int)strcspn(cg->arch, ":"), cg->arch);
	snprintf(fw, sizeof(fw), "%s/lib/barehip/%s/%slibbhfw.a", t->prefix, cpu,
		 cg->wave64 && !strncmp(cpu, "gfx1", 4) ? "w64/" : "");
	if (access(fw, R_OK)) {
		bh_rtc_buf_printf(log, "hiprtc: no firmware for %s in %s/lib/barehip (%s%s): "
				  "barehip was not built for that target (Kconfig)\n", cpu,
				  t->prefix, fw, cg->wave64 ? ", wave64" : "");
		return false;
	}
	if (!strcmp(levels[0], "O0"))
		levels[0] = "O1";
	for (int l = 0; l < 4; l++) {
		struct bh_rtc_argv a = { 0 };
		bool tried = false;

		for (int k = 0; k < l; k++)
			tried |= !strcmp(levels[k], levels[l]);
		if (tried)
			continue;
		bh_rtc_arg(&a, t->lld);
		bh_rtc_arg(&a, "-m");
		bh_rtc_arg(&a, "elf64_amdgpu");
		bh_rtc_arg(&a, "--no-undefined");
		bh_rtc_arg(&a, "-shared");
		bh_rtc_arg(&a, "-plugin-opt=-amdgpu-internalize-symbols");
		bh_rtc_argf(&a, "-plugin-opt=mcpu=%s", cpu);
		feature_attrs(&a, cg->arch);
		bh_rtc_argf(&a, "-plugin-opt=%s", levels[l]);
		bh_rtc_argf(&a, "--lto-newpm-passes=lto<%s>,amdgpu-attributor", levels[l]);
		for (int i = 0; i < cg->lld_extra.n; i++)
			bh_rtc_arg(&a, cg->lld_extra.v[i]);
		bh_rtc_arg(&a, "-o");
		bh_rtc_arg(&a, out);
		for (int i = 0; i < inputs->n; i++)
			bh_rtc_arg(&a, inputs->v[i]);
		if (lazy && lazy->n) {
			bh_rtc_arg(&a, "--start-lib");
			for (int i = 0; i < lazy->n; i++)
				bh_rtc_arg(&a, lazy->v[i]);
			bh_rtc_arg(&a, "--end-lib");
		}
		for (int i = 0; i < 4; i++)
			bh_rtc_argf(&a, "%s/lib/barehip/%s/oclc_%s-%s.bc", t->prefix, cpu,
				    modes[i][0], modes[i][1]);
		bh_rtc_arg(&a, fw);
		if (a.oom) {
			bh_rtc_argv_free(&a);
			bh_rtc_buf_printf(log, "hiprtc: out of memory\n");
			break;
		}
		attempt.size = 0;
		rc = bh_rtc_run(dir, a.v, &attempt, &crashed);
		bh_rtc_argv_free(&a);
		if (!crashed)
			break;
	}
	if (attempt.size)
		bh_rtc_buf_add(log, attempt.data, attempt.size);
	bh_rtc_buf_free(&attempt);
	return rc == 0 && !crashed;
}
