/* SPDX-License-Identifier: MIT */
/*
 * hiprtc's shared parts (kit/runtime/hiprtc*.c; docs/hiprtc.md):
 * handles, growing buffers, argument vectors, and the toolchain --
 * clang-19 and ld.lld-19 run as child processes in a private temporary
 * directory, with barehip's headers and firmware, as barehip-cc runs them.
 */
#ifndef BH_HIPRTC_INTERNAL_H
#define BH_HIPRTC_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <hip/hiprtc.h>

/* Print "barehip: RESULT: message" (as the HIP runtime reports its
 * errors) and return @r. */
hiprtcResult bh_rtc_fail(hiprtcResult r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/*
 * Handles: programs and link states are checked against the live ones,
 * so a destroyed, uninitialised or foreign handle is an error, never a
 * crash.  bh_rtc_get takes a reference (NULL: not a live handle of that
 * kind); bh_rtc_put drops it; the object is freed when the last one goes
 * after bh_rtc_unregister.
 */
enum bh_rtc_kind { BH_RTC_PROGRAM = 1, BH_RTC_LINK };
struct bh_rtc_object {
	struct bh_rtc_object *next;
	enum bh_rtc_kind kind;
	int refs;
	void (*release)(struct bh_rtc_object *o);
};
void bh_rtc_register(struct bh_rtc_object *o, enum bh_rtc_kind kind,
		     void (*release)(struct bh_rtc_object *o));
struct bh_rtc_object *bh_rtc_get(const void *handle, enum bh_rtc_kind kind);
void bh_rtc_put(struct bh_rtc_object *o);
bool bh_rtc_unregister(const void *handle, enum bh_rtc_kind kind);

/* A growing byte buffer, kept NUL-terminated; @oom once an allocation failed. */
struct bh_rtc_buf {
	char *data;
	size_t size, cap;
	bool oom;
};
void bh_rtc_buf_add(struct bh_rtc_buf *b, const void *p, size_t n);
void bh_rtc_buf_printf(struct bh_rtc_buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void bh_rtc_buf_free(struct bh_rtc_buf *b);

/* An argument vector (NULL-terminated), its strings owned. */
struct bh_rtc_argv {
	char **v;
	int n, cap;
	bool oom;
};
void bh_rtc_arg(struct bh_rtc_argv *a, const char *s);
void bh_rtc_argf(struct bh_rtc_argv *a, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void bh_rtc_argv_free(struct bh_rtc_argv *a);

/* Where the compiler, the linker and barehip's headers and firmware are. */
#define BH_RTC_PATH_MAX 4096
struct bh_rtc_tools {
	char clang[BH_RTC_PATH_MAX];
	char lld[BH_RTC_PATH_MAX];
	char prefix[BH_RTC_PATH_MAX];
};
/* Find them (environment overrides, else what the build recorded); the
 * log says what is missing and how to point at it. */
bool bh_rtc_find_tools(struct bh_rtc_tools *t, struct bh_rtc_buf *log);

/* The device code generation a compile or link asks for (barehip-cc's
 * device_link: the firmware and math-mode files it links). */
struct bh_rtc_codegen {
	char arch[64];		/* a target ID: gfx90a, gfx90a:xnack- */
	char opt[3];		/* O0 .. O3 */
	bool wave64;
	bool m_finite, m_unsafe, m_daz, m_crsqrt;
	struct bh_rtc_argv lld_extra;	/* -mllvm pairs for the code generator */
};
void bh_rtc_codegen_init(struct bh_rtc_codegen *cg);
/* A compile or link flag that changes the math library's modes or the
 * wave size; true if it was one. */
bool bh_rtc_codegen_flag(struct bh_rtc_codegen *cg, const char *flag);
/* @arch as a target ID clang takes (features the processor lacks dropped). */
void bh_rtc_target_id(char *arch);
/* No target given: the current device's processor. */
bool bh_rtc_device_arch(struct bh_rtc_codegen *cg, struct bh_rtc_buf *log);

/* A private temporary directory; removed with everything in it. */
bool bh_rtc_tmpdir(char *dir, size_t len, struct bh_rtc_buf *log);
void bh_rtc_rmtree(const char *dir);
/* Write @name (relative, subdirectories made) under @dir. */
bool bh_rtc_write(const char *dir, const char *name, const void *p, size_t n,
		  struct bh_rtc_buf *log);
bool bh_rtc_read(const char *path, struct bh_rtc_buf *out, struct bh_rtc_buf *log);

/* Run @argv in @dir, its output appended to @log; 0 on exit status 0.
 * *@crashed: it died of a signal or printed LLVM's crash banner. */
int bh_rtc_run(const char *dir, char *const argv[], struct bh_rtc_buf *log, bool *crashed);
/* The clang-19 arguments of a device compile with barehip's headers
 * (barehip-cc's device_bitcode, up to the user's flags). */
void bh_rtc_clang_args(struct bh_rtc_argv *a, const struct bh_rtc_tools *t,
		       const struct bh_rtc_codegen *cg);
/* Link the bitcode files @inputs (paths relative to @dir; @lazy: inside
 * --start-lib, linked as archive members are) with barehip's firmware
 * into the code object @out (barehip-cc's device_link). */
bool bh_rtc_device_link(const struct bh_rtc_tools *t, const char *dir,
			const struct bh_rtc_codegen *cg, const struct bh_rtc_argv *inputs,
			const struct bh_rtc_argv *lazy, const char *out, struct bh_rtc_buf *log);

#endif
