// SPDX-License-Identifier: MIT
/*
 * hiprtc's link API: device bitcode -- of programs compiled with
 * -fgpu-rdc (hiprtcGetBitcode), of barehip-cc -fgpu-rdc objects and of
 * static device libraries -- linked with barehip's firmware into one
 * code object for hipModuleLoadData, by ld.lld-19 as barehip-cc links
 * (hiprtc_toolchain.c).
 *
 * Inputs (hiprtcJITInputType):
 *   HIPRTC_JIT_INPUT_LLVM_BITCODE           bitcode, linked whole
 *   HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE   a clang offload bundle (a
 *       barehip-cc -fgpu-rdc object): its entry for the target, whole
 *   HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE   an ar archive of
 *       those: each member's entry, linked as archive members are (only
 *       what the other inputs need)
 * The CUDA kinds (cubin, PTX, fat binary, host object, library, NVVM)
 * and SPIR-V are refused.
 *
 * Options (hiprtcJIT_option): HIPRTC_JIT_IR_TO_ISA_OPT_EXT/_COUNT_EXT
 * (the code generator's: --offload-arch=/-mcpu= the target, -O0..-O3,
 * -mllvm pairs, the math and wave-size flags barehip-cc takes),
 * HIPRTC_JIT_OPTIMIZATION_LEVEL, the info and error log buffers (filled
 * by hiprtcLinkComplete, NUL-terminated, cut to their size).  CUDA's
 * others have no meaning for AMD code objects and are accepted unused,
 * as ROCm accepts them.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hiprtc_internal.h"

struct input {
	hiprtcJITInputType type;
	char *name;
	void *data;
	size_t size;
};

struct ihiprtcLinkState {
	struct bh_rtc_object obj;	/* first: the handle is the object */
	pthread_mutex_t lock;
	struct input *inputs;
	int ninputs, cap;
	struct bh_rtc_argv isa_opts;	/* HIPRTC_JIT_IR_TO_ISA_OPT_EXT */
	int opt_level;			/* -1: none given */
	char *info_log, *error_log;
	size_t info_log_size, error_log_size;
	struct bh_rtc_buf log, code;
};

static void link_release(struct bh_rtc_object *o)
{
	struct ihiprtcLinkState *l = (struct ihiprtcLinkState *)o;

	for (int i = 0; i < l->ninputs; i++) {
		free(l->inputs[i].name);
		free(l->inputs[i].data);
	}
	free(l->inputs);
	bh_rtc_argv_free(&l->isa_opts);
	bh_rtc_buf_free(&l->log);
	bh_rtc_buf_free(&l->code);
	pthread_mutex_destroy(&l->lock);
	free(l);
}

static struct ihiprtcLinkState *link_get(const char *api, hiprtcLinkState state)
{
	if (!bh_rtc_get(state, BH_RTC_LINK)) {
		bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "%s: %p is not a link state "
			    "(hiprtcLinkCreate makes one; destroyed ones are gone)", api,
			    (void *)state);
		return NULL;
	}
	pthread_mutex_lock(&state->lock);
	return state;
}

static void link_put(struct ihiprtcLinkState *l)
{
	pthread_mutex_unlock(&l->lock);
	bh_rtc_put(&l->obj);
}

/* The options of hiprtcLinkCreate (values as ROCm reads them: numbers in
 * the pointer-sized slot itself, buffers and arrays as pointers). */
static hiprtcResult link_options(struct ihiprtcLinkState *l, unsigned int n,
				 const hiprtcJIT_option *opts, void **vals)
{
	const char **isa = NULL;
	size_t nisa = 0;

	for (unsigned int i = 0; i < n; i++) {
		void *v = vals[i];

		switch (opts[i]) {
		case HIPRTC_JIT_IR_TO_ISA_OPT_EXT: isa = (const char **)v; break;
		case HIPRTC_JIT_IR_TO_ISA_OPT_COUNT_EXT: nisa = (size_t)(uintptr_t)v; break;
		case HIPRTC_JIT_OPTIMIZATION_LEVEL:
			l->opt_level = (int)(unsigned int)(uintptr_t)v;
			if (l->opt_level > 3)
				return bh_rtc_fail(HIPRTC_ERROR_INVALID_OPTION, "hiprtcLinkCreate: "
						   "optimization level %d (0 to 3)", l->opt_level);
			break;
		case HIPRTC_JIT_INFO_LOG_BUFFER: l->info_log = v; break;
		case HIPRTC_JIT_INFO_LOG_BUFFER_SIZE_BYTES:
			l->info_log_size = (size_t)(uintptr_t)v;
			break;
		case HIPRTC_JIT_ERROR_LOG_BUFFER: l->error_log = v; break;
		case HIPRTC_JIT_ERROR_LOG_BUFFER_SIZE_BYTES:
			l->error_log_size = (size_t)(uintptr_t)v;
			break;
		default:
			if ((unsigned int)opts[i] >= HIPRTC_JIT_NUM_OPTIONS)
				return bh_rtc_fail(HIPRTC_ERROR_INVALID_OPTION, "hiprtcLinkCreate: "
						   "option %u is no hiprtcJIT_option", opts[i]);
			break;	/* CUDA's: nothing to do for a code object */
		}
	}
	if (nisa && !isa)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_OPTION, "hiprtcLinkCreate: %zu "
				   "HIPRTC_JIT_IR_TO_ISA_OPT_EXT options and no array of them",
				   nisa);
	for (size_t i = 0; i < nisa; i++) {
		if (!isa[i])
			return bh_rtc_fail(HIPRTC_ERROR_INVALID_OPTION, "hiprtcLinkCreate: "
					   "HIPRTC_JIT_IR_TO_ISA_OPT_EXT option %zu is NULL", i);
		bh_rtc_arg(&l->isa_opts, isa[i]);
	}
	return l->isa_opts.oom ? HIPRTC_ERROR_OUT_OF_MEMORY : HIPRTC_SUCCESS;
}

hiprtcResult hiprtcLinkCreate(unsigned int num_options, hiprtcJIT_option *option_ptr,
			      void **option_vals_pptr, hiprtcLinkState *hip_link_state_ptr)
{
	struct ihiprtcLinkState *l;
	hiprtcResult r;

	if (!hip_link_state_ptr)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkCreate: "
				   "hip_link_state_ptr is NULL");
	if (num_options && (!option_ptr || !option_vals_pptr))
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkCreate: %u options "
				   "with options %p and values %p", num_options,
				   (void *)option_ptr, (void *)option_vals_pptr);
	l = calloc(1, sizeof(*l));
	if (!l)
		return bh_rtc_fail(HIPRTC_ERROR_OUT_OF_MEMORY, "hiprtcLinkCreate");
	pthread_mutex_init(&l->lock, NULL);
	l->opt_level = -1;
	r = link_options(l, num_options, option_ptr, option_vals_pptr);
	if (r != HIPRTC_SUCCESS) {
		link_release(&l->obj);
		return r;
	}
	bh_rtc_register(&l->obj, BH_RTC_LINK, link_release);
	*hip_link_state_ptr = l;
	return HIPRTC_SUCCESS;
}

static hiprtcResult add_input(const char *api, hiprtcLinkState state, hiprtcJITInputType type,
			      const void *data, size_t size, const char *name)
{
	struct ihiprtcLinkState *l;
	hiprtcResult r = HIPRTC_SUCCESS;

	l = link_get(api, state);
	if (!l)
		return HIPRTC_ERROR_INVALID_INPUT;
	if (l->ninputs == l->cap) {
		int cap = l->cap ? 2 * l->cap : 8;
		struct input *in = realloc(l->inputs, (size_t)cap * sizeof(*in));

		if (in) {
			l->inputs = in;
			l->cap = cap;
		}
	}
	struct input *in = l->ninputs < l->cap ? &l->inputs[l->ninputs] : NULL;

	if (in && (in->data = malloc(size)) && (in->name = strdup(name))) {
		memcpy(in->data, data, size);
		in->size = size;
		in->type = type;
		l->ninputs++;
	} else {
		if (in)
			free(in->data);
		r = bh_rtc_fail(HIPRTC_ERROR_OUT_OF_MEMORY, "%s(%s)", api, name);
	}
	link_put(l);
	return r;
}

static hiprtcResult check_type(const char *api, hiprtcJITInputType t, const char *name)
{
	if (t == HIPRTC_JIT_INPUT_LLVM_BITCODE || t == HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE ||
	    t == HIPRTC_JIT_INPUT_LLVM_ARCHIVES_OF_BUNDLED_BITCODE)
		return HIPRTC_SUCCESS;
	return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "%s(%s): input type %d is not one "
			   "barehip links (LLVM bitcode, bundled bitcode, archives of bundled "
			   "bitcode)", api, name, (int)t);
}

hiprtcResult hiprtcLinkAddData(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
			       void *image, size_t image_size, const char *name,
			       unsigned int num_options, hiprtcJIT_option *options_ptr,
			       void **option_values)
{
	const char *n = name && *name ? name : "(data)";
	hiprtcResult r;

	(void)num_options, (void)options_ptr, (void)option_values;	/* none per input */
	if (!image || !image_size)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkAddData(%s): %s", n,
				   image ? "the image is empty" : "the image is NULL");
	r = check_type("hiprtcLinkAddData", input_type, n);
	if (r != HIPRTC_SUCCESS)
		return r;
	return add_input("hiprtcLinkAddData", hip_link_state, input_type, image, image_size, n);
}

hiprtcResult hiprtcLinkAddFile(hiprtcLinkState hip_link_state, hiprtcJITInputType input_type,
			       const char *file_path, unsigned int num_options,
			       hiprtcJIT_option *options_ptr, void **option_values)
{
	struct bh_rtc_buf data = { 0 }, why = { 0 };
	struct bh_rtc_object *o;
	hiprtcResult r;

	(void)num_options, (void)options_ptr, (void)option_values;
	/* The state first, as ROCm checks it: a bad one is the error. */
	o = bh_rtc_get(hip_link_state, BH_RTC_LINK);
	if (!o)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkAddFile: %p is not a "
				   "link state", (void *)hip_link_state);
	bh_rtc_put(o);
	if (!file_path)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkAddFile: file_path is "
				   "NULL");
	r = check_type("hiprtcLinkAddFile", input_type, file_path);
	if (r != HIPRTC_SUCCESS)
		return r;
	if (!bh_rtc_read(file_path, &data, &why) || !data.size) {
		r = bh_rtc_fail(HIPRTC_ERROR_PROGRAM_CREATION_FAILURE, "hiprtcLinkAddFile: %s",
				why.size ? why.data : "the file is empty");
	} else {
		r = add_input("hiprtcLinkAddFile", hip_link_state, input_type, data.data,
			      data.size, file_path);
	}
	bh_rtc_buf_free(&data);
	bh_rtc_buf_free(&why);
	return r;
}

/* --------------------------------------------------------- unbundling */
/* clang's offload bundle: "__CLANG_OFFLOAD_BUNDLE__", a 64-bit count,
 * then per entry its offset, size, ID length and ID. */
#define BUNDLE_MAGIC "__CLANG_OFFLOAD_BUNDLE__"


/* An entry ID naming HIP device code for processor @cpu:
 * "hip-amdgcn-amd-amdhsa--gfx90a", with a target ID's features or not. */
static bool entry_for(const char *id, size_t idl, const char *cpu)
{
	const char *kind = "hip-amdgcn-amd-amdhsa-";
	size_t kl = strlen(kind), cl = strlen(cpu);

	if (idl < kl + 1 + cl || strncmp(id, kind, kl))
		return false;
	const char *t = id + kl + (id[kl] == '-');
	size_t tl = idl - (size_t)(t - id);

	return tl >= cl && !strncmp(t, cpu, cl) && (tl == cl || t[cl] == ':');
}

static uint64_t le(const unsigned char *p, int bytes)
{
	uint64_t v = 0;

	for (int i = bytes - 1; i >= 0; i--)
		v = v << 8 | p[i];
	return v;
}

/* A host object clang bundled device code into (barehip-cc -fgpu-rdc -c:
 * clang-offload-bundler -type=o): an ELF64 section per entry, named
 * "__CLANG_OFFLOAD_BUNDLE__<entry ID>". */
static int elf_entry(const unsigned char *b, size_t size, const char *cpu,
		     const unsigned char **out, size_t *out_size)
{
	size_t ml = sizeof(BUNDLE_MAGIC) - 1;

	if (size < 64 || memcmp(b, "\177ELF", 4) || b[4] != 2 || b[5] != 1)
		return -1;	/* not a 64-bit little-endian ELF file */
	uint64_t shoff = le(b + 0x28, 8), shentsize = le(b + 0x3a, 2), shnum = le(b + 0x3c, 2);
	uint64_t shstrndx = le(b + 0x3e, 2);

	if (shentsize < 64 || shstrndx >= shnum || shoff > size ||
	    shnum > (size - shoff) / shentsize)
		return -1;
	const unsigned char *strsh = b + shoff + shstrndx * shentsize;
	uint64_t stroff = le(strsh + 0x18, 8), strsize = le(strsh + 0x20, 8);

	if (stroff > size || strsize > size - stroff)
		return -1;
	for (uint64_t i = 0; i < shnum; i++) {
		const unsigned char *sh = b + shoff + i * shentsize;
		uint64_t name = le(sh, 4), off = le(sh + 0x18, 8), sz = le(sh + 0x20, 8);

		if (name >= strsize || off > size || sz > size - off)
			continue;
		const char *n = (const char *)b + stroff + name;
		size_t nl = strnlen(n, strsize - name);

		if (nl > ml && !strncmp(n, BUNDLE_MAGIC, ml) && entry_for(n + ml, nl - ml, cpu)) {
			*out = b + off;
			*out_size = sz;
			return 1;
		}
	}
	return 0;
}

/* The bitcode entry for processor @cpu of a clang offload bundle, in
 * either of clang's forms; false with the reason in @log. */
static bool unbundle(const unsigned char *b, size_t size, const char *cpu, const char *what,
		     const unsigned char **out, size_t *out_size, struct bh_rtc_buf *log)
{
	size_t ml = sizeof(BUNDLE_MAGIC) - 1, pos;
	int elf = elf_entry(b, size, cpu, out, out_size);
	uint64_t n;

	if (elf == 1)
		return true;
	if (elf < 0 && (size < ml + 8 || memcmp(b, BUNDLE_MAGIC, ml))) {
		bh_rtc_buf_printf(log, "hiprtc: %s is not a clang offload bundle%s\n", what,
				  size >= 4 && !memcmp(b, "CCOB", 4) ? " barehip reads (a "
				  "compressed one)" : "");
		return false;
	}
	n = elf < 0 ? le(b + ml, 8) : 0;
	pos = ml + 8;
	for (uint64_t i = 0; i < n; i++) {
		if (pos + 24 > size)
			break;
		uint64_t off = le(b + pos, 8), sz = le(b + pos + 8, 8), idl = le(b + pos + 16, 8);
		const char *id = (const char *)b + pos + 24;

		if (idl > size - pos - 24)
			break;
		pos += 24 + idl;
		if (off > size || sz > size - off)
			break;
		if (entry_for(id, idl, cpu)) {
			*out = b + off;
			*out_size = sz;
			return true;
		}
	}
	bh_rtc_buf_printf(log, "hiprtc: %s has no device bitcode for %s (compile it with "
			  "--offload-arch=%s -fgpu-rdc)\n", what, cpu, cpu);
	return false;
}

/* Write each input's bitcode for @cpu into @dir: whole inputs to
 * @whole, archive members to @lazy. */
static bool write_inputs(struct ihiprtcLinkState *l, const char *dir, const char *cpu,
			 struct bh_rtc_argv *whole, struct bh_rtc_argv *lazy)
{
	int files = 0;

	for (int i = 0; i < l->ninputs; i++) {
		const struct input *in = &l->inputs[i];
		const unsigned char *d = in->data, *bc;
		size_t bcs;
		char name[64];

		if (in->type == HIPRTC_JIT_INPUT_LLVM_BITCODE) {
			snprintf(name, sizeof(name), "input%d.bc", files++);
			if (!bh_rtc_write(dir, name, d, in->size, &l->log))
				return false;
			bh_rtc_arg(whole, name);
			continue;
		}
		if (in->type == HIPRTC_JIT_INPUT_LLVM_BUNDLED_BITCODE) {
			if (!unbundle(d, in->size, cpu, in->name, &bc, &bcs, &l->log))
				return false;
			snprintf(name, sizeof(name), "input%d.bc", files++);
			if (!bh_rtc_write(dir, name, bc, bcs, &l->log))
				return false;
			bh_rtc_arg(whole, name);
			continue;
		}
		/* An ar archive: "!<arch>\n", then 60-byte member headers (GNU
		 * long names in the "//" member; "/" is the symbol table). */
		if (in->size < 8 || memcmp(d, "!<arch>\n", 8)) {
			bh_rtc_buf_printf(&l->log, "hiprtc: %s is not an ar archive\n", in->name);
			return false;
		}
		for (size_t pos = 8; pos + 60 <= in->size;) {
			const char *h = (const char *)d + pos;
			size_t msize = strtoul(h + 48, NULL, 10);
			char member[300];

			if (msize > in->size - pos - 60) {
				bh_rtc_buf_printf(&l->log, "hiprtc: %s: a member runs past the "
						  "archive's end\n", in->name);
				return false;
			}
			snprintf(member, sizeof(member), "%s(%.16s)", in->name, h);
			pos += 60;
			if (h[0] != '/' || (h[1] != ' ' && h[1] != '/')) {
				if (!unbundle(d + pos, msize, cpu, member, &bc, &bcs, &l->log))
					return false;
				snprintf(name, sizeof(name), "input%d.bc", files++);
				if (!bh_rtc_write(dir, name, bc, bcs, &l->log))
					return false;
				bh_rtc_arg(lazy, name);
			}
			pos += msize + (msize & 1);
		}
	}
	return !whole->oom && !lazy->oom;
}

/* The code generator's options: the target, the level, -mllvm, modes. */
static bool isa_options(struct ihiprtcLinkState *l, struct bh_rtc_codegen *cg, bool *arch)
{
	const struct bh_rtc_argv *o = &l->isa_opts;

	for (int i = 0; i < o->n; i++) {
		const char *s = o->v[i];

		if (!strncmp(s, "--offload-arch=", 15) || !strncmp(s, "-mcpu=", 6) ||
		    !strncmp(s, "--gpu-architecture=", 19)) {
			snprintf(cg->arch, sizeof(cg->arch), "%s", strchr(s, '=') + 1);
			bh_rtc_target_id(cg->arch);
			*arch = true;
		} else if (s[0] == '-' && s[1] == 'O' && s[2] >= '0' && s[2] <= '3' && !s[3]) {
			snprintf(cg->opt, sizeof(cg->opt), "%s", s + 1);
		} else if (!strcmp(s, "-mllvm") && i + 1 < o->n) {
			bh_rtc_arg(&cg->lld_extra, "-mllvm");
			bh_rtc_arg(&cg->lld_extra, o->v[++i]);
		} else if (!bh_rtc_codegen_flag(cg, s) && strcmp(s, "-g")) {
			bh_rtc_buf_printf(&l->log, "hiprtc: link option '%s' is not one barehip's "
					  "linker takes (--offload-arch=, -O0..-O3, -mllvm OPT, "
					  "the math and wave-size flags)\n", s);
			return false;
		}
	}
	return true;
}

/* The log into the user's buffers, as much as fits. */
static void copy_log(char *buf, size_t size, const struct bh_rtc_buf *log)
{
	if (!buf || !size)
		return;
	size_t n = log->size < size - 1 ? log->size : size - 1;

	if (n)
		memcpy(buf, log->data, n);
	buf[n] = '\0';
}

hiprtcResult hiprtcLinkComplete(hiprtcLinkState hip_link_state, void **bin_out, size_t *size_out)
{
	struct ihiprtcLinkState *l;
	struct bh_rtc_codegen cg;
	struct bh_rtc_argv whole = { 0 }, lazy = { 0 };
	struct bh_rtc_tools *t;
	char dir[BH_RTC_PATH_MAX], cpu[64], path[BH_RTC_PATH_MAX + 32];
	hiprtcResult r = HIPRTC_ERROR_LINKING;
	bool arch = false, have_dir = false;

	if (!bin_out || !size_out)
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkComplete: %s is NULL",
				   !bin_out ? "bin_out" : "size_out");
	l = link_get("hiprtcLinkComplete", hip_link_state);
	if (!l)
		return HIPRTC_ERROR_INVALID_INPUT;
	t = malloc(sizeof(*t));
	l->log.size = 0;
	bh_rtc_buf_free(&l->code);
	bh_rtc_codegen_init(&cg);
	if (l->opt_level >= 0)
		cg.opt[1] = (char)('0' + l->opt_level);	/* 0..3: link_options */
	if (!t) {
		r = HIPRTC_ERROR_OUT_OF_MEMORY;
		goto out;
	}
	if (!l->ninputs) {
		bh_rtc_buf_printf(&l->log, "hiprtc: nothing to link (hiprtcLinkAddData and "
				  "hiprtcLinkAddFile add the inputs)\n");
		goto out;
	}
	if (!isa_options(l, &cg, &arch) || !bh_rtc_find_tools(t, &l->log) ||
	    (!arch && !bh_rtc_device_arch(&cg, &l->log)) ||
	    !bh_rtc_tmpdir(dir, sizeof(dir), &l->log))
		goto out;
	have_dir = true;
	snprintf(cpu, sizeof(cpu), "%.*s", (int)strcspn(cg.arch, ":"), cg.arch);
	if (!write_inputs(l, dir, cpu, &whole, &lazy))
		goto out;
	if (!bh_rtc_device_link(t, dir, &cg, &whole, &lazy, "linked.co", &l->log))
		goto out;
	snprintf(path, sizeof(path), "%s/linked.co", dir);
	if (!bh_rtc_read(path, &l->code, &l->log))
		goto out;
	*bin_out = l->code.data;
	*size_out = l->code.size;
	r = HIPRTC_SUCCESS;
out:
	if (have_dir)
		bh_rtc_rmtree(dir);
	copy_log(l->info_log, l->info_log_size, r == HIPRTC_SUCCESS ? &l->log : &(struct bh_rtc_buf){ 0 });
	copy_log(l->error_log, l->error_log_size, r == HIPRTC_SUCCESS ? &(struct bh_rtc_buf){ 0 } : &l->log);
	if (r != HIPRTC_SUCCESS)
		bh_rtc_fail(r, "hiprtcLinkComplete: %s", l->log.size ? l->log.data : "");
	bh_rtc_argv_free(&whole);
	bh_rtc_argv_free(&lazy);
	bh_rtc_argv_free(&cg.lld_extra);
	free(t);
	link_put(l);
	return r;
}

hiprtcResult hiprtcLinkDestroy(hiprtcLinkState hip_link_state)
{
	if (!bh_rtc_unregister(hip_link_state, BH_RTC_LINK))
		return bh_rtc_fail(HIPRTC_ERROR_INVALID_INPUT, "hiprtcLinkDestroy: %p is not a "
				   "link state", (void *)hip_link_state);
	return HIPRTC_SUCCESS;
}
