// SPDX-License-Identifier: MIT
/*
 * hiprtc programs: HIP source compiled at run time into a code object
 * for hipModuleLoadData, or with -fgpu-rdc into device bitcode for the
 * link API (hiprtc_link.c).  docs/hiprtc.md is the user's guide.
 *
 * hiprtcCompileProgram runs clang-19 (and, without -fgpu-rdc, ld.lld-19
 * with barehip's firmware) in a private temporary directory
 * (hiprtc_toolchain.c): the source under the program's name, the
 * in-memory headers under their include names in headers/ (on the
 * include path), and <hip/hip_runtime.h> included first, as ROCm's
 * hiprtc makes the kernel language available without an #include.
 *
 * Name expressions, ROCm's way: each one is compiled into the program as
 *   extern "C" __device__ const void *const __hiprtc_name_expr_<cuid>_<i>
 *       = (const void *)(EXPRESSION);
 * which instantiates the template it names, and its mangled name is read
 * back from what the variable points to in the device bitcode (printed
 * as text by clang).  hiprtcGetLoweredName returns it.
 *
 * Every call is safe from several threads: handles are checked against
 * the live ones (a stale handle is an error, not a crash), and each
 * program has a lock (two threads may compile two programs at once).
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <hip/hip_version.h>

#include "hiprtc_internal.h"

/* ------------------------------------------------------------ handles */
static pthread_mutex_t handles_lock = PTHREAD_MUTEX_INITIALIZER;
static struct bh_rtc_object *handles;

void bh_rtc_register(struct bh_rtc_object *o, enum bh_rtc_kind kind,
		     void (*release)(struct bh_rtc_object *o))
{
	o->kind = kind;
	o->refs = 1;	/* the handle's own */
	o->release = release;
	pthread_mutex_lock(&handles_lock);
	o->next = handles;
	handles = o;
	pthread_mutex_unlock(&handles_lock);
}

struct bh_rtc_object *bh_rtc_get(const void *handle, enum bh_rtc_kind kind)
{
	struct bh_rtc_object *o;

	pthread_mutex_lock(&handles_lock);
	for (o = handles; o; o = o->next) {
		if (o == handle && o->kind == kind) {
			o->refs++;
			break;
		}
	}
	pthread_mutex_unlock(&handles_lock);
	return o;
}

void bh_rtc_put(struct bh_rtc_object *o)
{
	bool last;

	pthread_mutex_lock(&handles_lock);
	last = --o->refs == 0;
	pthread_mutex_unlock(&handles_lock);
	if (last)
		o->release(o);
}

bool bh_rtc_unregister(const void *handle, enum bh_rtc_kind kind)
{
	struct bh_rtc_object **p, *o = NULL;

	pthread_mutex_lock(&handles_lock);
	for (p = &handles; *p; p = &(*p)->next) {
		if (*p == handle && (*p)->kind == kind) {
			o = *p;
			*p = o->next;
			break;
		}
	}
	pthread_mutex_unlock(&handles_lock);
	if (o)
		bh_rtc_put(o);
	return o != NULL;
}

/* ------------------------------------------------------- the results */
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

/* The HIP version this hiprtc belongs to. */
hiprtcResult hiprtcVersion(int *major, int *minor)
{
	if (!major || !minor)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcVersion: %s is NULL",
				   !major ? "major" : "minor");
	*major = HIP_VERSION_MAJOR;
	*minor = HIP_VERSION_MINOR;
	return HIPRTC_SUCCESS;
}

/* ----------------------------------------------------------- programs */
struct name_expr {
	char *expr;
	char *lowered;		/* after a compile: the mangled name, or NULL */
};

struct _hiprtcProgram {
	struct bh_rtc_object obj;	/* first: the handle is the object */
	pthread_mutex_t lock;
	char *name;		/* for messages, and the source's file name */
	char *file;
	char *src;
	int nheaders;
	char **header_names, **headers;
	struct name_expr *names;
	int nnames, names_cap;
	char cuid[48];		/* names this program's symbols apart from others' */
	bool compiled;		/* a compile ran (successfully or not) */
	bool ok;		/* ... and succeeded */
	bool rdc;
	struct bh_rtc_buf log, code, bitcode;
};

static void program_release(struct bh_rtc_object *o)
{
	struct _hiprtcProgram *p = (struct _hiprtcProgram *)o;

	for (int i = 0; i < p->nheaders; i++) {
		free(p->header_names[i]);
		free(p->headers[i]);
	}
	for (int i = 0; i < p->nnames; i++) {
		free(p->names[i].expr);
		free(p->names[i].lowered);
	}
	free(p->header_names);
	free(p->headers);
	free(p->names);
	free(p->name);
	free(p->file);
	free(p->src);
	bh_rtc_buf_free(&p->log);
	bh_rtc_buf_free(&p->code);
	bh_rtc_buf_free(&p->bitcode);
	pthread_mutex_destroy(&p->lock);
	free(p);
}

/* A live program, locked; NULL after printing why not. */
static struct _hiprtcProgram *program_get(const char *api, hiprtcProgram prog)
{
	struct bh_rtc_object *o = bh_rtc_get(prog, BH_RTC_PROGRAM);

	if (!o) {
		bh_rtc_fail(HIPRTC_ERROR_INVALID_PROGRAM, "%s: %p is not a program "
			    "(hiprtcCreateProgram makes one; destroyed ones are gone)", api,
			    (void *)prog);
		return NULL;
	}
	pthread_mutex_lock(&prog->lock);
	return prog;
}

static void program_put(struct _hiprtcProgram *p)
{
	pthread_mutex_unlock(&p->lock);
	bh_rtc_put(&p->obj);
}

/* An include name a header may be written under: relative, no "..". */
static bool include_name_ok(const char *n)
{
	if (!*n || n[0] == '/')
		return false;
	for (const char *c = n; *c; c += strcspn(c, "/"), c += *c == '/') {
		if (!strncmp(c, "..", 2) && (c[2] == '/' || !c[2]))
			return false;
	}
	return true;
}

static char *dup_or_null(const char *s)
{
	return s ? strdup(s) : NULL;
}

hiprtcResult hiprtcCreateProgram(hiprtcProgram *prog, const char *src, const char *name,
				 int numHeaders, const char **headers, const char **includeNames)
{
	static unsigned long serial;
	struct _hiprtcProgram *p;
	const char *base;

	if (!prog)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcCreateProgram: prog is "
				   "NULL");
	if (!src)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcCreateProgram: src is NULL");
	if (numHeaders < 0 || (numHeaders && (!headers || !includeNames)))
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcCreateProgram: %d headers "
				   "with headers %p and includeNames %p", numHeaders,
				   (void *)headers, (void *)includeNames);
	for (int i = 0; i < numHeaders; i++) {
		if (!headers[i] || !includeNames[i])
			return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcCreateProgram: "
					   "header %d: %s is NULL", i,
					   headers[i] ? "its include name" : "its text");
		if (!include_name_ok(includeNames[i]))
			return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcCreateProgram: "
					   "header %d: '%s' is not a relative include name "
					   "(absolute and '..' names are refused)", i,
					   includeNames[i]);
	}
	p = calloc(1, sizeof(*p));
	if (!p)
		return bh_rtc_fail(HIPRTC_ERROR_OUT_OF_MEMORY, "hiprtcCreateProgram");
	pthread_mutex_init(&p->lock, NULL);
	/* The source's file name in the log: the name's last component. */
	p->name = strdup(name && *name ? name : "hiprtc_program.hip");
	base = p->name ? strrchr(p->name, '/') : NULL;
	base = base ? base + 1 : p->name;
	p->file = dup_or_null(base && *base && strcmp(base, ".") && strcmp(base, "..") &&
			      strcmp(base, "headers") ? base : "hiprtc_program.hip");
	p->src = strdup(src);
	p->nheaders = numHeaders;
	p->header_names = calloc((size_t)numHeaders + 1, sizeof(char *));
	p->headers = calloc((size_t)numHeaders + 1, sizeof(char *));
	bool oom = !p->name || !p->file || !p->src || !p->header_names || !p->headers;

	for (int i = 0; !oom && i < numHeaders; i++) {
		p->header_names[i] = strdup(includeNames[i]);
		p->headers[i] = strdup(headers[i]);
		oom = !p->header_names[i] || !p->headers[i];
	}
	if (oom) {
		if (!p->header_names || !p->headers)
			p->nheaders = 0;
		program_release(&p->obj);
		return bh_rtc_fail(HIPRTC_ERROR_OUT_OF_MEMORY, "hiprtcCreateProgram");
	}
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	snprintf(p->cuid, sizeof(p->cuid), "bhrtc%lx_%lx_%lx", (unsigned long)getpid(),
		 __atomic_add_fetch(&serial, 1, __ATOMIC_RELAXED),
		 (unsigned long)ts.tv_nsec ^ (unsigned long)ts.tv_sec);
	bh_rtc_register(&p->obj, BH_RTC_PROGRAM, program_release);
	*prog = p;
	return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcDestroyProgram(hiprtcProgram *prog)
{
	if (!prog)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcDestroyProgram: prog is "
				   "NULL");
	if (!bh_rtc_unregister(*prog, BH_RTC_PROGRAM))
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_PROGRAM, "hiprtcDestroyProgram: %p is "
				   "not a program", (void *)*prog);
	*prog = NULL;
	return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcAddNameExpression(hiprtcProgram prog, const char *name_expression)
{
	struct _hiprtcProgram *p;
	hiprtcResult r = HIPRTC_SUCCESS;

	if (!name_expression || !*name_expression)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcAddNameExpression: the "
				   "name expression is %s", name_expression ? "empty" : "NULL");
	p = program_get("hiprtcAddNameExpression", prog);
	if (!p)
		return HIPRTC_ERROR_INVALID_PROGRAM;
	if (p->compiled) {
		r = bh_rtc_fail(HIPRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION,
				"hiprtcAddNameExpression(%s, '%s'): the program is compiled "
				"already", p->name, name_expression);
	} else if (strchr(name_expression, '\n') || strchr(name_expression, ';')) {
		r = bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcAddNameExpression(%s, '%s'): "
				"a name expression is one expression on one line", p->name,
				name_expression);
	} else {
		bool dup = false;

		for (int i = 0; i < p->nnames; i++)
			dup |= !strcmp(p->names[i].expr, name_expression);
		if (!dup && p->nnames == p->names_cap) {
			int cap = p->names_cap ? 2 * p->names_cap : 8;
			struct name_expr *n = realloc(p->names, (size_t)cap * sizeof(*n));

			if (n) {
				p->names = n;
				p->names_cap = cap;
			}
		}
		if (!dup && p->nnames < p->names_cap &&
		    (p->names[p->nnames].expr = strdup(name_expression))) {
			p->names[p->nnames++].lowered = NULL;
		} else if (!dup) {
			r = bh_rtc_fail(HIPRTC_ERROR_OUT_OF_MEMORY, "hiprtcAddNameExpression");
		}
	}
	program_put(p);
	return r;
}

/* ------------------------------------------------------------ options */
/* What a compile's options say (bh_rtc_codegen: for the link too). */
struct compile_opts {
	struct bh_rtc_codegen cg;
	struct bh_rtc_argv clang;	/* the user's, for clang */
	bool rdc;
	bool arch_given;
};

/* Options that take the next one as their value. */
static bool takes_value(const char *o)
{
	static const char *const with[] = {
		"-I", "-D", "-U", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
		"-mllvm", "-Xclang", "-isysroot", "--include-directory",
	};

	for (size_t i = 0; i < sizeof(with) / sizeof(with[0]); i++)
		if (!strcmp(o, with[i]))
			return true;
	return false;
}

/* A path option's value, made absolute: clang runs in the temporary
 * directory, the user's relative paths are the program's. */
static void path_arg(struct bh_rtc_argv *a, const char *prefix, const char *path)
{
	char cwd[BH_RTC_PATH_MAX];

	if (path[0] != '/' && path[0] && getcwd(cwd, sizeof(cwd)))
		bh_rtc_argf(a, "%s%s/%s", prefix, cwd, path);
	else
		bh_rtc_argf(a, "%s%s", prefix, path);
}

static bool is_path_option(const char *o, size_t *joined)
{
	static const char *const paths[] = {
		"-I", "-include", "-imacros", "-isystem", "-iquote", "-idirafter",
		"--include-directory=",
	};

	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++) {
		size_t l = strlen(paths[i]);

		if (!strncmp(o, paths[i], l) && (o[l] || paths[i][l - 1] != '=')) {
			/* -include takes its value apart only; -Ifoo, -isystemfoo joined */
			if (!strcmp(paths[i], "-include") && o[l])
				continue;
			*joined = l;
			return true;
		}
	}
	return false;
}

/* hiprtc chooses what it makes: options that would change it are refused. */
static const char *refused(const char *o)
{
	static const char *const outputs[] = {
		"-o", "-c", "-S", "-E", "-M", "-MM", "-MD", "-MMD", "-MF", "-emit-llvm",
		"-fsyntax-only", "-x", "--cuda-host-only", "--offload-host-only",
		"--cuda-device-only", "--offload-device-only", "-###", "--genco", "-shared",
	};

	for (size_t i = 0; i < sizeof(outputs) / sizeof(outputs[0]); i++)
		if (!strcmp(o, outputs[i]))
			return outputs[i];
	if (!strncmp(o, "-o", 2) || !strncmp(o, "-x", 2))
		return o;
	return NULL;
}

static hiprtcResult parse_options(struct _hiprtcProgram *p, int n, const char **options,
				  struct compile_opts *co)
{
	for (int i = 0; i < n; i++) {
		const char *o = options[i];
		const char *arch = NULL;
		size_t joined;

		if (!o) {
			bh_rtc_buf_printf(&p->log, "hiprtc: option %d is NULL\n", i);
			return HIPRTC_ERROR_INVALID_INPUT;
		}
		if (!strncmp(o, "--gpu-architecture=", 19))
			arch = o + 19;
		else if (!strncmp(o, "--offload-arch=", 15))
			arch = o + 15;
		else if (!strncmp(o, "--amdgpu-target=", 16))
			arch = o + 16;
		else if ((!strcmp(o, "--gpu-architecture") || !strcmp(o, "-arch")) && i + 1 < n &&
			 options[i + 1])
			arch = options[++i];
		if (arch) {
			if (co->arch_given && strncmp(arch, co->cg.arch, strcspn(co->cg.arch, ":"))) {
				bh_rtc_buf_printf(&p->log, "hiprtc: two GPU targets (%s and %s): a "
						  "program is compiled for one\n", co->cg.arch,
						  arch);
				return HIPRTC_ERROR_INVALID_OPTION;
			}
			if (strncmp(arch, "gfx", 3) || strlen(arch) >= sizeof(co->cg.arch)) {
				bh_rtc_buf_printf(&p->log, "hiprtc: '%s' is not an AMD GPU target "
						  "(gfx90a, gfx942, gfx1100 ...)\n", o);
				return HIPRTC_ERROR_INVALID_OPTION;
			}
			snprintf(co->cg.arch, sizeof(co->cg.arch), "%s", arch);
			bh_rtc_target_id(co->cg.arch);
			co->arch_given = true;
			continue;
		}
		if (!strcmp(o, "-fgpu-rdc") || !strcmp(o, "-fno-gpu-rdc")) {
			co->rdc = !strcmp(o, "-fgpu-rdc");
			continue;
		}
		/* ROCm's: no effect on barehip's (a deprecated option; ISA dumps). */
		if (!strcmp(o, "-hip-pch") || !strcmp(o, "--save-temps") ||
		    !strcmp(o, "-save-temps"))
			continue;
		if (o[0] == '-' && o[1] == 'O') {
			/* As barehip-cc: O0..O3; other levels compile at O2. */
			const char *l = o + 1;

			snprintf(co->cg.opt, sizeof(co->cg.opt), "%s",
				 !strcmp(l, "O0") || !strcmp(l, "O1") || !strcmp(l, "O2") ||
				 !strcmp(l, "O3") ? l : "O2");
			continue;
		}
		if (refused(o)) {
			bh_rtc_buf_printf(&p->log, "hiprtc: option '%s' is not for hiprtc, which "
					  "chooses what it makes (a code object, or bitcode with "
					  "-fgpu-rdc)\n", o);
			return HIPRTC_ERROR_INVALID_OPTION;
		}
		bh_rtc_codegen_flag(&co->cg, o);
		if (!strcmp(o, "-mllvm") && i + 1 < n && options[i + 1]) {
			/* For the code generator too, which runs in the link. */
			bh_rtc_arg(&co->cg.lld_extra, "-mllvm");
			bh_rtc_arg(&co->cg.lld_extra, options[i + 1]);
		}
		if (is_path_option(o, &joined)) {
			if (o[joined]) {
				char opt[32];

				snprintf(opt, sizeof(opt), "%.*s", (int)joined, o);
				path_arg(&co->clang, opt, o + joined);
			} else if (i + 1 < n && options[i + 1]) {
				bh_rtc_arg(&co->clang, o);
				path_arg(&co->clang, "", options[++i]);
			} else {
				bh_rtc_buf_printf(&p->log, "hiprtc: option '%s' needs a value\n", o);
				return HIPRTC_ERROR_INVALID_OPTION;
			}
			continue;
		}
		bh_rtc_arg(&co->clang, o);
		if (takes_value(o)) {
			if (i + 1 >= n || !options[i + 1]) {
				bh_rtc_buf_printf(&p->log, "hiprtc: option '%s' needs a value\n", o);
				return HIPRTC_ERROR_INVALID_OPTION;
			}
			bh_rtc_arg(&co->clang, options[++i]);
		}
	}
	return HIPRTC_SUCCESS;
}

/* ------------------------------------------------------------ compile */
/* The source as compiled: the program's, then one variable per name
 * expression (on its own line of "hiprtc name expressions"). */
static bool write_source(struct _hiprtcProgram *p, const char *dir)
{
	struct bh_rtc_buf s = { 0 };
	bool ok;

	bh_rtc_buf_add(&s, p->src, strlen(p->src));
	if (p->nnames)
		bh_rtc_buf_printf(&s, "\n#line 1 \"hiprtc name expressions\"\n");
	for (int i = 0; i < p->nnames; i++)
		bh_rtc_buf_printf(&s, "extern \"C\" __device__ __attribute__((used)) const void "
				  "*const __hiprtc_name_expr_%s_%d = (const void *)(%s);\n",
				  p->cuid, i, p->names[i].expr);
	ok = !s.oom && bh_rtc_write(dir, p->file, s.data ? s.data : "", s.size, &p->log);
	bh_rtc_buf_free(&s);
	return ok;
}

/* The symbol @var's initializer points to, in clang's text IR:
 *   @var = ... constant ptr @_Z9my_kernelILi3EfEvPT0_, align 8
 *   @var = ... constant ptr addrspacecast (ptr addrspace(1) @_ZN2ns1vE to ptr) */
static char *pointee(const char *ir, const char *var)
{
	size_t vl = strlen(var);

	for (const char *l = ir; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : NULL) {
		if (l[0] != '@' || strncmp(l + 1, var, vl) || l[1 + vl] != ' ')
			continue;
		const char *eol = strchr(l, '\n');
		const char *at = strchr(l + 1 + vl, '@');
		size_t n;

		if (!at || (eol && at > eol))
			return NULL;
		at++;
		if (*at == '"') {	/* @"name with . or $" */
			at++;
			n = strcspn(at, "\"\n");
		} else {
			n = strcspn(at, " ,)\n");
		}
		char *s = malloc(n + 1);

		if (s) {
			memcpy(s, at, n);
			s[n] = '\0';
		}
		return s;
	}
	return NULL;
}

static bool read_lowered_names(struct _hiprtcProgram *p, const struct bh_rtc_tools *t,
			       const char *dir, const struct compile_opts *co)
{
	struct bh_rtc_argv a = { 0 };
	struct bh_rtc_buf ir = { 0 };
	char path[BH_RTC_PATH_MAX + 32];
	bool crashed, ok = true;

	bh_rtc_arg(&a, t->clang);
	bh_rtc_arg(&a, "-x");
	bh_rtc_arg(&a, "ir");
	bh_rtc_arg(&a, "--target=amdgcn-amd-amdhsa");
	bh_rtc_argf(&a, "-mcpu=%.*s", (int)strcspn(co->cg.arch, ":"), co->cg.arch);
	bh_rtc_arg(&a, "-nogpulib");
	bh_rtc_arg(&a, "-O0");
	bh_rtc_arg(&a, "-S");
	bh_rtc_arg(&a, "-emit-llvm");
	bh_rtc_arg(&a, "program.bc");
	bh_rtc_arg(&a, "-o");
	bh_rtc_arg(&a, "program.ll");
	snprintf(path, sizeof(path), "%s/program.ll", dir);
	if (a.oom || bh_rtc_run(dir, a.v, &p->log, &crashed) || !bh_rtc_read(path, &ir, &p->log)) {
		bh_rtc_buf_printf(&p->log, "hiprtc: the name expressions' lowered names could "
				  "not be read\n");
		ok = false;
	}
	for (int i = 0; ok && i < p->nnames; i++) {
		char var[96];

		snprintf(var, sizeof(var), "__hiprtc_name_expr_%s_%d", p->cuid, i);
		p->names[i].lowered = pointee(ir.data, var);
		if (!p->names[i].lowered) {
			bh_rtc_buf_printf(&p->log, "hiprtc: name expression '%s' names no kernel "
					  "or device variable\n", p->names[i].expr);
			ok = false;
		}
	}
	bh_rtc_argv_free(&a);
	bh_rtc_buf_free(&ir);
	return ok;
}

static hiprtcResult compile(struct _hiprtcProgram *p, struct compile_opts *co)
{
	struct bh_rtc_tools *t = malloc(sizeof(*t));
	struct bh_rtc_argv a = { 0 }, in = { 0 };
	char dir[BH_RTC_PATH_MAX], path[BH_RTC_PATH_MAX + 32];
	hiprtcResult r = HIPRTC_ERROR_COMPILATION;
	bool crashed, have_dir = false;

	if (!t)
		return HIPRTC_ERROR_OUT_OF_MEMORY;
	if (!bh_rtc_find_tools(t, &p->log))
		goto out;
	if (!co->arch_given && !bh_rtc_device_arch(&co->cg, &p->log))
		goto out;
	if (!bh_rtc_tmpdir(dir, sizeof(dir), &p->log))
		goto out;
	have_dir = true;
	for (int i = 0; i < p->nheaders; i++) {
		char name[BH_RTC_PATH_MAX];

		snprintf(name, sizeof(name), "headers/%s", p->header_names[i]);
		if (!bh_rtc_write(dir, name, p->headers[i], strlen(p->headers[i]), &p->log))
			goto out;
	}
	if (!write_source(p, dir))
		goto out;

	bh_rtc_clang_args(&a, t, &co->cg);
	bh_rtc_arg(&a, "-Iheaders");
	bh_rtc_arg(&a, "-include");
	bh_rtc_arg(&a, "hip/bh/rtc.h");
	bh_rtc_argf(&a, "-cuid=%s", p->cuid);
	if (co->rdc)
		bh_rtc_arg(&a, "-fgpu-rdc");
	for (int i = 0; i < co->clang.n; i++)
		bh_rtc_arg(&a, co->clang.v[i]);
	bh_rtc_arg(&a, "-emit-llvm");
	bh_rtc_arg(&a, "-c");
	bh_rtc_arg(&a, p->file);
	bh_rtc_arg(&a, "-o");
	bh_rtc_arg(&a, "program.bc");
	if (a.oom || co->clang.oom || co->cg.lld_extra.oom) {
		r = HIPRTC_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	if (bh_rtc_run(dir, a.v, &p->log, &crashed))
		goto out;
	if (p->nnames && !read_lowered_names(p, t, dir, co))
		goto out;
	if (co->rdc) {
		snprintf(path, sizeof(path), "%s/program.bc", dir);
		if (!bh_rtc_read(path, &p->bitcode, &p->log))
			goto out;
	} else {
		bh_rtc_arg(&in, "program.bc");
		if (!bh_rtc_device_link(t, dir, &co->cg, &in, NULL, "program.co", &p->log))
			goto out;
		snprintf(path, sizeof(path), "%s/program.co", dir);
		if (!bh_rtc_read(path, &p->code, &p->log))
			goto out;
	}
	r = HIPRTC_SUCCESS;
out:
	if (have_dir)
		bh_rtc_rmtree(dir);
	bh_rtc_argv_free(&a);
	bh_rtc_argv_free(&in);
	free(t);
	return r;
}

hiprtcResult hiprtcCompileProgram(hiprtcProgram prog, int numOptions, const char **options)
{
	struct compile_opts co = { 0 };
	struct _hiprtcProgram *p;
	hiprtcResult r;

	if (numOptions < 0 || (numOptions && !options))
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcCompileProgram: %d options "
				   "at %p", numOptions, (void *)options);
	p = program_get("hiprtcCompileProgram", prog);
	if (!p)
		return HIPRTC_ERROR_INVALID_PROGRAM;
	/* A new compile replaces what the last one made. */
	p->log.size = 0;
	if (p->log.data)
		p->log.data[0] = '\0';
	p->code.size = p->bitcode.size = 0;
	for (int i = 0; i < p->nnames; i++) {
		free(p->names[i].lowered);
		p->names[i].lowered = NULL;
	}
	bh_rtc_codegen_init(&co.cg);
	r = parse_options(p, numOptions, options, &co);
	if (r == HIPRTC_SUCCESS)
		r = compile(p, &co);
	p->compiled = true;
	p->ok = r == HIPRTC_SUCCESS;
	p->rdc = co.rdc;
	if (p->log.oom)
		r = HIPRTC_ERROR_OUT_OF_MEMORY;
	if (r != HIPRTC_SUCCESS)
		bh_rtc_fail(r, "hiprtcCompileProgram(%s)%s%s", p->name,
			    p->log.size ? ": the program's log says why:\n" : "",
			    p->log.size ? p->log.data : "");
	bh_rtc_argv_free(&co.clang);
	bh_rtc_argv_free(&co.cg.lld_extra);
	program_put(p);
	return r;
}

hiprtcResult hiprtcGetLoweredName(hiprtcProgram prog, const char *name_expression,
				  const char **lowered_name)
{
	struct _hiprtcProgram *p;
	hiprtcResult r = HIPRTC_ERROR_NAME_EXPRESSION_NOT_VALID;

	if (!name_expression || !lowered_name)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcGetLoweredName: %s is NULL",
				   !name_expression ? "name_expression" : "lowered_name");
	p = program_get("hiprtcGetLoweredName", prog);
	if (!p)
		return HIPRTC_ERROR_INVALID_PROGRAM;
	if (!p->compiled || !p->ok) {
		r = bh_rtc_fail(HIPRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION,
				"hiprtcGetLoweredName(%s, '%s'): the program is not compiled%s",
				p->name, name_expression, p->compiled ? " (its compile failed)" :
				"");
		program_put(p);
		return r;
	}
	for (int i = 0; i < p->nnames; i++) {
		if (!strcmp(p->names[i].expr, name_expression) && p->names[i].lowered) {
			*lowered_name = p->names[i].lowered;
			r = HIPRTC_SUCCESS;
		}
	}
	if (r != HIPRTC_SUCCESS)
		bh_rtc_fail(r, "hiprtcGetLoweredName(%s, '%s'): not a name expression of the "
			    "program (hiprtcAddNameExpression adds them before compiling)",
			    p->name, name_expression);
	program_put(p);
	return r;
}

hiprtcResult hiprtcGetProgramLogSize(hiprtcProgram prog, size_t *logSizeRet)
{
	struct _hiprtcProgram *p;

	if (!logSizeRet)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcGetProgramLogSize: "
				   "logSizeRet is NULL");
	p = program_get("hiprtcGetProgramLogSize", prog);
	if (!p)
		return HIPRTC_ERROR_INVALID_PROGRAM;
	/* As ROCm: 0 for an empty log (callers print it only when there is
	 * one); else the text with its NUL. */
	*logSizeRet = p->log.size ? p->log.size + 1 : 0;
	program_put(p);
	return HIPRTC_SUCCESS;
}

hiprtcResult hiprtcGetProgramLog(hiprtcProgram prog, char *log)
{
	struct _hiprtcProgram *p;

	if (!log)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcGetProgramLog: log is NULL");
	p = program_get("hiprtcGetProgramLog", prog);
	if (!p)
		return HIPRTC_ERROR_INVALID_PROGRAM;
	if (p->log.size) {	/* an empty log writes nothing: its size is 0 */
		memcpy(log, p->log.data, p->log.size);
		log[p->log.size] = '\0';
	}
	program_put(p);
	return HIPRTC_SUCCESS;
}

/* The code object or the bitcode of a compiled program, or why not. */
static hiprtcResult output(const char *api, hiprtcProgram prog, bool bitcode, char *dst,
			   size_t *size)
{
	struct _hiprtcProgram *p;
	hiprtcResult r = HIPRTC_SUCCESS;

	if (!dst && !size)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "%s: the output pointer is NULL",
				   api);
	p = program_get(api, prog);
	if (!p)
		return HIPRTC_ERROR_INVALID_PROGRAM;
	const struct bh_rtc_buf *b = bitcode ? &p->bitcode : &p->code;

	if (!p->compiled || !p->ok)
		r = bh_rtc_fail(HIPRTC_ERROR_INVALID_PROGRAM, "%s(%s): the program is not "
				"compiled%s", api, p->name,
				p->compiled ? " (its compile failed: see its log)" : "");
	else if (bitcode != p->rdc)
		r = bh_rtc_fail(HIPRTC_ERROR_INVALID_PROGRAM, "%s(%s): %s", api, p->name,
				bitcode ? "the program has no bitcode: it is compiled without "
				"-fgpu-rdc, into a code object (hiprtcGetCode)" :
				"the program has no code object: it is compiled with -fgpu-rdc, "
				"into bitcode for the link API (hiprtcGetBitcode)");
	else if (size)
		*size = b->size;
	else
		memcpy(dst, b->data, b->size);
	program_put(p);
	return r;
}

hiprtcResult hiprtcGetCodeSize(hiprtcProgram prog, size_t *codeSizeRet)
{
	return output("hiprtcGetCodeSize", prog, false, NULL, codeSizeRet);
}

hiprtcResult hiprtcGetCode(hiprtcProgram prog, char *code)
{
	return output("hiprtcGetCode", prog, false, code, NULL);
}

hiprtcResult hiprtcGetBitcodeSize(hiprtcProgram prog, size_t *bitcode_size)
{
	return output("hiprtcGetBitcodeSize", prog, true, NULL, bitcode_size);
}

hiprtcResult hiprtcGetBitcode(hiprtcProgram prog, char *bitcode)
{
	return output("hiprtcGetBitcode", prog, true, bitcode, NULL);
}
