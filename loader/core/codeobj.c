// SPDX-License-Identifier: MIT
/*
 * Code-object loading: validate the ELF, copy PT_LOAD segments to device
 * memory at base + p_vaddr, apply the dynamic relocations, read the
 * symbol table and the metadata note (docs/facts/dispatch.md §1).  The file is
 * untrusted: every offset and size is checked before use.
 */
#include "elf.h"
#include "internal.h"

struct elf_view {
	const uint8_t *data;
	size_t size;
	uint16_t phnum, shnum;
	uint64_t phoff, shoff;
};

static bool in_file(const struct elf_view *e, uint64_t off, uint64_t len)
{
	return off <= e->size && len <= e->size - off;
}

static const uint8_t *shdr(const struct elf_view *e, unsigned i)
{
	return e->data + e->shoff + (uint64_t)i * ELF_SHDR_SIZE;
}

static const char *abi_name(unsigned v)
{
	switch (v) {
	case ELFABIVERSION_HSA_V2: return "v2";
	case ELFABIVERSION_HSA_V3: return "v3";
	case ELFABIVERSION_HSA_V4: return "v4";
	case ELFABIVERSION_HSA_V5: return "v5";
	case ELFABIVERSION_HSA_V6: return "v6";
	}
	return "unknown";
}

static int check_header(struct bh_device *dev, struct elf_view *e,
			unsigned *abi, struct bh_error *err)
{
	const uint8_t *h = e->data;

	if (e->size < ELF_EHDR_SIZE || memcmp(h, "\177ELF", 4) != 0)
		return bh_fail(err, BH_ENOEXEC, "code object is not an ELF file");
	if (h[4] != ELFCLASS64 || h[5] != ELFDATA2LSB)
		return bh_fail(err, BH_ENOEXEC, "code object is not little-endian ELF64");
	if (bh_rd16(h + 18) != EM_AMDGPU)
		return bh_fail(err, BH_ENOEXEC,
			       "code object is for machine %u, not EM_AMDGPU (224)",
			       bh_rd16(h + 18));
	if (h[7] != ELFOSABI_AMDGPU_HSA)
		return bh_fail(err, BH_ENOEXEC,
			       "code object OS ABI is %u, not AMDGPU HSA (64)", h[7]);
	*abi = h[8];
	/* v4 and v5 differ in the hidden kernel arguments, which the loader
	 * fills by the kind each one's metadata names, and in what the
	 * device library reads (barehip's firmware is built for v5). */
	if (*abi != ELFABIVERSION_HSA_V5 && *abi != ELFABIVERSION_HSA_V4)
		return bh_fail(err, BH_ENOEXEC,
			       "code object %s is not supported (this loader takes v4 and v5; "
			       "clang-19 makes v5 by default)", abi_name(*abi));
	if (bh_rd16(h + 16) != ET_DYN)
		return bh_fail(err, BH_ENOEXEC,
			       "code object is not ET_DYN (link it with ld.lld-19 -shared)");
	e->phoff = bh_rd64(h + 32);
	e->shoff = bh_rd64(h + 40);
	e->phnum = bh_rd16(h + 56);
	e->shnum = bh_rd16(h + 60);
	if (bh_rd16(h + 54) != ELF_PHDR_SIZE || bh_rd16(h + 58) != ELF_SHDR_SIZE ||
	    !in_file(e, e->phoff, (uint64_t)e->phnum * ELF_PHDR_SIZE) ||
	    !in_file(e, e->shoff, (uint64_t)e->shnum * ELF_SHDR_SIZE))
		return bh_fail(err, BH_ENOEXEC, "code object headers are truncated");

	uint32_t flags = bh_rd32(h + 48);
	const struct bh_device_info *di = &dev->info;

	if ((flags & EF_AMDGPU_MACH) != di->mach)
		return bh_fail(err, BH_ENOEXEC,
			       "code object is for mach 0x%03x, the device is %s (0x%03x)",
			       flags & EF_AMDGPU_MACH, di->gfx, di->mach);
	uint32_t x = flags & EF_AMDGPU_XNACK, s = flags & EF_AMDGPU_SRAMECC;

	if ((x == EF_AMDGPU_XNACK_ON && !di->xnack) ||
	    (x == EF_AMDGPU_XNACK_OFF && di->xnack))
		return bh_fail(err, BH_ENOEXEC,
			       "code object needs xnack%c, the device runs xnack%c",
			       x == EF_AMDGPU_XNACK_ON ? '+' : '-', di->xnack ? '+' : '-');
	if ((s == EF_AMDGPU_SRAMECC_ON && !di->sramecc) ||
	    (s == EF_AMDGPU_SRAMECC_OFF && di->sramecc))
		return bh_fail(err, BH_ENOEXEC,
			       "code object needs sramecc%c, the device runs sramecc%c",
			       s == EF_AMDGPU_SRAMECC_ON ? '+' : '-',
			       di->sramecc ? '+' : '-');
	return 0;
}

/* Span of all PT_LOAD segments (they start at vaddr 0 in lld output). */
static int load_span(const struct elf_view *e, uint64_t *span,
		     struct bh_error *err)
{
	*span = 0;
	for (unsigned i = 0; i < e->phnum; i++) {
		const uint8_t *ph = e->data + e->phoff + (uint64_t)i * ELF_PHDR_SIZE;

		if (bh_rd32(ph) != PT_LOAD)
			continue;
		uint64_t off = bh_rd64(ph + 8), va = bh_rd64(ph + 16);
		uint64_t filesz = bh_rd64(ph + 32), memsz = bh_rd64(ph + 40);

		if (filesz > memsz || !in_file(e, off, filesz) ||
		    va > (1ull << 40) || memsz > (1ull << 40))
			return bh_fail(err, BH_ENOEXEC,
				       "PT_LOAD segment %u is malformed "
				       "(offset 0x%llx filesz 0x%llx memsz 0x%llx)",
				       i, (unsigned long long)off,
				       (unsigned long long)filesz,
				       (unsigned long long)memsz);
		*span = BH_MAX(*span, va + memsz);
	}
	if (*span == 0)
		return bh_fail(err, BH_ENOEXEC, "code object has no PT_LOAD segment");
	return 0;
}

static void copy_segments(const struct elf_view *e, uint8_t *stage)
{
	for (unsigned i = 0; i < e->phnum; i++) {
		const uint8_t *ph = e->data + e->phoff + (uint64_t)i * ELF_PHDR_SIZE;

		if (bh_rd32(ph) == PT_LOAD)
			memcpy(stage + bh_rd64(ph + 16), e->data + bh_rd64(ph + 8),
			       bh_rd64(ph + 32));
	}
}

struct symtab {
	const uint8_t *syms;
	uint64_t count;
	const char *str;
	uint64_t strsize;
};

static int find_dynsym(const struct elf_view *e, struct symtab *st,
		       struct bh_error *err)
{
	memset(st, 0, sizeof(*st));
	for (unsigned i = 0; i < e->shnum; i++) {
		const uint8_t *sh = shdr(e, i);

		if (bh_rd32(sh + 4) != SHT_DYNSYM)
			continue;
		uint64_t off = bh_rd64(sh + 24), size = bh_rd64(sh + 32);
		uint32_t link = bh_rd32(sh + 40);

		if (!in_file(e, off, size) || link >= e->shnum)
			return bh_fail(err, BH_ENOEXEC, ".dynsym is malformed");
		const uint8_t *ssh = shdr(e, link);
		uint64_t soff = bh_rd64(ssh + 24), ssize = bh_rd64(ssh + 32);

		if (!in_file(e, soff, ssize) || ssize == 0 ||
		    e->data[soff + ssize - 1] != 0)
			return bh_fail(err, BH_ENOEXEC, ".dynstr is malformed");
		st->syms = e->data + off;
		st->count = size / ELF_SYM_SIZE;
		st->str = (const char *)e->data + soff;
		st->strsize = ssize;
		return 0;
	}
	return bh_fail(err, BH_ENOEXEC, "code object has no .dynsym");
}

static const char *sym_name(const struct symtab *st, uint64_t i)
{
	uint32_t n = bh_rd32(st->syms + i * ELF_SYM_SIZE);

	return n < st->strsize ? st->str + n : "";
}

static int apply_relocations(struct bh_codeobj *co, const struct elf_view *e,
			     const struct symtab *st, uint8_t *stage,
			     uint64_t span, struct bh_error *err)
{
	for (unsigned i = 0; i < e->shnum; i++) {
		const uint8_t *sh = shdr(e, i);

		if (bh_rd32(sh + 4) != SHT_RELA)
			continue;
		uint64_t off = bh_rd64(sh + 24), size = bh_rd64(sh + 32);

		if (!in_file(e, off, size) || size % ELF_RELA_SIZE)
			return bh_fail(err, BH_ENOEXEC, "relocation section %u is malformed", i);
		for (uint64_t r = 0; r < size / ELF_RELA_SIZE; r++) {
			const uint8_t *rel = e->data + off + r * ELF_RELA_SIZE;
			uint64_t where = bh_rd64(rel), info = bh_rd64(rel + 8);
			uint64_t addend = bh_rd64(rel + 16), value;
			uint32_t type = (uint32_t)info, sym = (uint32_t)(info >> 32);

			if (type == R_AMDGPU_NONE)
				continue;
			if (where > span || span - where < 8)
				return bh_fail(err, BH_ENOEXEC,
					       "relocation at 0x%llx is outside the image",
					       (unsigned long long)where);
			if (type == R_AMDGPU_RELATIVE64) {
				value = co->base + addend;
			} else if (type == R_AMDGPU_ABS64) {
				if (sym >= st->count)
					return bh_fail(err, BH_ENOEXEC,
						       "relocation names symbol %u of %llu",
						       sym, (unsigned long long)st->count);
				const uint8_t *s = st->syms + (uint64_t)sym * ELF_SYM_SIZE;

				if (bh_rd16(s + 6) == SHN_UNDEF)
					return bh_fail(err, BH_ENOEXEC,
						       "undefined symbol '%s' (the loader "
						       "links no other objects)",
						       sym_name(st, sym));
				value = co->base + bh_rd64(s + 8) + addend;
			} else {
				return bh_fail(err, BH_ENOEXEC,
					       "unsupported relocation type %u at 0x%llx "
					       "(only R_AMDGPU_RELATIVE64 and "
					       "R_AMDGPU_ABS64 are dynamic)",
					       type, (unsigned long long)where);
			}
			bh_wr64(stage + where, value);
		}
	}
	return 0;
}

static int read_symbols(struct bh_codeobj *co, const struct symtab *st,
			uint64_t span, struct bh_error *err)
{
	unsigned n = 0;

	co->syms = bh_zalloc(co->dev, (size_t)st->count * sizeof(*co->syms));
	if (!co->syms)
		return bh_fail(err, BH_ENOMEM, "out of host memory");
	for (uint64_t i = 1; i < st->count; i++) {
		const uint8_t *s = st->syms + i * ELF_SYM_SIZE;
		uint64_t value = bh_rd64(s + 8), size = bh_rd64(s + 16);

		if ((s[4] & 0xf) != STT_OBJECT || bh_rd16(s + 6) == SHN_UNDEF)
			continue;
		if (value > span || size > span - value)
			return bh_fail(err, BH_ENOEXEC,
				       "symbol '%s' lies outside the image",
				       sym_name(st, i));
		const char *name = sym_name(st, i);

		co->syms[n].name = bh_codeobj_strdup(co, name, strlen(name));
		co->syms[n].gpu_va = co->base + value;
		co->syms[n].size = size;
		if (!co->syms[n].name)
			return bh_fail(err, BH_ENOMEM, "out of host memory");
		n++;
	}
	co->nsyms = n;
	return 0;
}

static int find_metadata(const struct elf_view *e, const uint8_t **desc,
			 size_t *size, struct bh_error *err)
{
	for (unsigned i = 0; i < e->shnum; i++) {
		const uint8_t *sh = shdr(e, i);

		if (bh_rd32(sh + 4) != SHT_NOTE)
			continue;
		uint64_t off = bh_rd64(sh + 24), len = bh_rd64(sh + 32), pos = 0;

		if (!in_file(e, off, len))
			return bh_fail(err, BH_ENOEXEC, "note section is truncated");
		while (len - pos >= 12) {
			const uint8_t *n = e->data + off + pos;
			uint64_t namesz = bh_rd32(n), descsz = bh_rd32(n + 4);
			uint32_t type = bh_rd32(n + 8);
			uint64_t nalign = BH_ALIGN_UP(namesz, 4ull);
			uint64_t dalign = BH_ALIGN_UP(descsz, 4ull);

			if (nalign + dalign > len - pos - 12)
				return bh_fail(err, BH_ENOEXEC, "note record is truncated");
			if (type == NT_AMDGPU_METADATA && namesz == 7 &&
			    memcmp(n + 12, "AMDGPU", 7) == 0) {
				*desc = n + 12 + nalign;
				*size = descsz;
				return 0;
			}
			pos += 12 + nalign + dalign;
		}
	}
	return bh_fail(err, BH_ENOEXEC,
		       "code object has no NT_AMDGPU_METADATA note");
}

/*
 * Whether the @len bytes at image offset @va lie inside one executable
 * PT_LOAD segment (the loaded text).  Unsigned 64-bit throughout: every
 * value may come from an untrusted image.
 */
static bool in_text(const struct elf_view *e, uint64_t va, uint64_t len)
{
	for (unsigned i = 0; i < e->phnum; i++) {
		const uint8_t *ph = e->data + e->phoff + (uint64_t)i * ELF_PHDR_SIZE;

		if (bh_rd32(ph) != PT_LOAD || !(bh_rd32(ph + 4) & PF_X))
			continue;
		uint64_t start = bh_rd64(ph + 16), memsz = bh_rd64(ph + 40);

		/* load_span bounded start and memsz by 2^40 each. */
		if (va >= start && va - start <= memsz && len <= memsz - (va - start))
			return true;
	}
	return false;
}

static int resolve_kernels(struct bh_codeobj *co, const struct elf_view *e,
			   const uint8_t *stage, uint64_t span, struct bh_error *err)
{
	for (unsigned i = 0; i < co->nkernels; i++) {
		struct bh_kernel *k = &co->kernels[i];
		struct bh_symbol sym;

		if (bh_codeobj_find_symbol(co, k->symbol, &sym) || sym.size < 64)
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': descriptor symbol '%s' is missing",
				       k->name, k->symbol);
		uint64_t off = sym.gpu_va - co->base;

		if (off % 64)
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': descriptor is not 64-byte aligned", k->name);
		memcpy(&k->kd, stage + off, sizeof(k->kd));
		k->kd_va = sym.gpu_va;
		/*
		 * The offset is signed (AMDGPUUsage: "possibly negative") and
		 * untrusted: add it modulo 2^64, in unsigned arithmetic, and
		 * accept only a result inside the image's executable segment
		 * with room for an instruction, 256-byte aligned.
		 */
		uint64_t entry = off + (uint64_t)k->kd.kernel_code_entry_byte_offset;

		if (entry >= span || entry % 256 || !in_text(e, entry, 4))
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': entry offset %lld is outside the "
				       "image's code or not 256-byte aligned", k->name,
				       (long long)k->kd.kernel_code_entry_byte_offset);
		k->entry_va = co->base + entry;
		if (k->kd.kernarg_size && k->kd.kernarg_size != k->kernarg_size)
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': descriptor kernarg size %u != metadata %u",
				       k->name, k->kd.kernarg_size, k->kernarg_size);
		int ret = bh_kd_validate(co->dev->gfx, k, err);

		if (ret)
			return ret;
	}
	return 0;
}

const char *bh_codeobj_strdup(struct bh_codeobj *co, const char *s, size_t len)
{
	if (len + 1 > co->strings_size - co->strings_used)
		return NULL;
	char *d = co->strings + co->strings_used;

	memcpy(d, s, len);
	d[len] = 0;
	co->strings_used += len + 1;
	return d;
}

static void codeobj_free(struct bh_codeobj *co)
{
	struct bh_device *dev = co->dev;

	for (unsigned i = 0; i < co->nkernels; i++)
		bh_free(dev, co->kernels[i].args);
	bh_free(dev, co->kernels);
	bh_free(dev, co->syms);
	bh_free(dev, co->printf_fmts);
	bh_free(dev, co->strings);
	bh_mem_free(dev, &co->mem);
	bh_free(dev, co);
}

/*
 * Segments are written straight into the (host-visible) device memory
 * and relocated there; nothing runs from it before the load succeeds.
 */
static int load(struct bh_codeobj *co, struct elf_view *e, struct bh_error *err)
{
	struct bh_device *dev = co->dev;
	const uint8_t *note = NULL;
	struct symtab st;
	uint64_t span;
	size_t note_size = 0;
	uint8_t *image;
	int ret;

	ret = check_header(dev, e, &co->abi_version, err);
	if (!ret)
		ret = load_span(e, &span, err);
	if (!ret && span > dev->info.vram_size)
		ret = bh_fail(err, BH_ENOEXEC, "code object spans %llu bytes, more than "
			      "the device's memory", (unsigned long long)span);
	if (!ret)
		ret = find_dynsym(e, &st, err);
	if (!ret)
		ret = find_metadata(e, &note, &note_size, err);
	if (ret)
		return ret;

	co->strings_size = 2 * (note_size + st.strsize) + 64;
	co->strings = bh_zalloc(dev, co->strings_size);
	if (!co->strings)
		return bh_fail(err, BH_ENOMEM, "out of host memory");
	ret = bh_mem_alloc(dev, span, BH_MEM_VRAM, &co->mem, err);
	if (ret)
		return ret;
	if (!co->mem.cpu)
		return bh_fail(err, BH_ENOTSUP,
			       "%s: VRAM is not host-visible and staged uploads "
			       "are not implemented", dev->info.name);
	image = co->mem.cpu;
	co->base = co->mem.gpu_va;
	memset(image, 0, span);
	copy_segments(e, image);
	ret = apply_relocations(co, e, &st, image, span, err);
	if (!ret)
		ret = read_symbols(co, &st, span, err);
	if (!ret)
		ret = bh_metadata_parse(co, note, note_size, err);
	if (!ret)
		ret = resolve_kernels(co, e, image, span, err);
	return ret;
}

static int too_many(struct bh_device *dev, struct bh_error *err)
{
	return bh_fail(err, BH_ERANGE,
		       "%u code objects are loaded already (CONFIG_LOADER_MAX_CODE_OBJECTS)",
		       __atomic_load_n(&dev->ncodeobjs, __ATOMIC_RELAXED));
}

int bh_codeobj_load(struct bh_device *dev, const void *image, size_t size,
		    struct bh_codeobj **out, struct bh_error *err)
{
	struct elf_view e = { .data = image, .size = size };
	struct bh_codeobj *co;
	int ret;

	*out = NULL;
	if (!image)
		return bh_fail(err, BH_EINVAL, "no code object given");
	if (__atomic_load_n(&dev->ncodeobjs, __ATOMIC_RELAXED) >= CONFIG_LOADER_MAX_CODE_OBJECTS)
		return too_many(dev, err);
	co = bh_zalloc(dev, sizeof(*co));
	if (!co)
		return bh_fail(err, BH_ENOMEM, "out of host memory");
	co->dev = dev;
	ret = load(co, &e, err);
	if (ret) {
		codeobj_free(co);
		return ret;
	}
	/* Loads on other threads may have filled the table meanwhile. */
	bh_lock(dev, dev->lock);
	if (dev->ncodeobjs >= CONFIG_LOADER_MAX_CODE_OBJECTS) {
		bh_unlock(dev, dev->lock);
		codeobj_free(co);
		return too_many(dev, err);
	}
	__atomic_store_n(&dev->ncodeobjs, dev->ncodeobjs + 1, __ATOMIC_RELAXED);
	co->load_id = ++dev->loads;
	co->next = dev->codeobjs;
	dev->codeobjs = co;
	bh_unlock(dev, dev->lock);
	*out = co;
	return 0;
}

int bh_codeobj_unload(struct bh_codeobj *co, struct bh_error *err)
{
	if (!co)
		return 0;
	struct bh_device *dev = co->dev;
	unsigned inflight = __atomic_load_n(&co->inflight, __ATOMIC_ACQUIRE);

	if (inflight)
		return bh_fail(err, BH_EBUSY,
			       "code object %s still has %u launches in flight",
			       co->target, inflight);
	/* Out of the list (printf formats) before its memory goes. */
	bh_lock(dev, dev->lock);
	__atomic_store_n(&dev->ncodeobjs, dev->ncodeobjs - 1, __ATOMIC_RELAXED);
	for (struct bh_codeobj **p = &dev->codeobjs; *p; p = &(*p)->next)
		if (*p == co) {
			*p = co->next;
			break;
		}
	bh_unlock(dev, dev->lock);
	codeobj_free(co);
	return 0;
}

unsigned bh_codeobj_kernel_count(const struct bh_codeobj *co)
{
	return co->nkernels;
}

const struct bh_kernel *bh_codeobj_kernel(const struct bh_codeobj *co,
					  unsigned i)
{
	return i < co->nkernels ? &co->kernels[i] : NULL;
}

const struct bh_kernel *bh_codeobj_find_kernel(const struct bh_codeobj *co,
					       const char *name)
{
	for (unsigned i = 0; name && i < co->nkernels; i++)
		if (!strcmp(co->kernels[i].name, name) ||
		    !strcmp(co->kernels[i].symbol, name))
			return &co->kernels[i];
	return NULL;
}

int bh_codeobj_find_symbol(const struct bh_codeobj *co, const char *name,
			   struct bh_symbol *out)
{
	for (unsigned i = 0; name && i < co->nsyms; i++) {
		if (!strcmp(co->syms[i].name, name)) {
			*out = co->syms[i];
			return 0;
		}
	}
	return BH_ENOENT;
}

const char *bh_codeobj_target(const struct bh_codeobj *co)
{
	return co->target;
}

/*
 * Copy between the host and the code object's loaded image (its global
 * variables: hipMemcpyToSymbol, managed-variable pointers).  The range
 * must lie inside the image.  Callers order this against kernels that
 * use the variable (the runtime drains the queue first).
 */
static int image_range(const struct bh_codeobj *co, uint64_t va, size_t size,
		       uint8_t **cpu, struct bh_error *err)
{
	if (va < co->mem.gpu_va || va - co->mem.gpu_va > co->mem.size ||
	    size > co->mem.size - (va - co->mem.gpu_va))
		return bh_fail(err, BH_EINVAL, "0x%llx + %zu bytes is not inside the code "
			       "object (0x%llx, %llu bytes)", (unsigned long long)va, size,
			       (unsigned long long)co->mem.gpu_va,
			       (unsigned long long)co->mem.size);
	if (!co->mem.cpu)
		return bh_fail(err, BH_ENOTSUP, "%s: code objects are not host-visible",
			       co->dev->info.name);
	*cpu = (uint8_t *)co->mem.cpu + (va - co->mem.gpu_va);
	return 0;
}

int bh_codeobj_write(struct bh_codeobj *co, uint64_t va, const void *src, size_t size,
		     struct bh_error *err)
{
	uint8_t *p = NULL;
	int ret = image_range(co, va, size, &p, err);

	if (!ret)
		memcpy(p, src, size);
	return ret;
}

void *bh_codeobj_host_view(const struct bh_codeobj *co, uint64_t va, size_t size)
{
	if (!co->mem.cpu || va < co->mem.gpu_va || va - co->mem.gpu_va > co->mem.size ||
	    size > co->mem.size - (va - co->mem.gpu_va))
		return NULL;
	return (uint8_t *)co->mem.cpu + (va - co->mem.gpu_va);
}

int bh_codeobj_read(const struct bh_codeobj *co, uint64_t va, void *dst, size_t size,
		    struct bh_error *err)
{
	uint8_t *p = NULL;
	int ret = image_range(co, va, size, &p, err);

	if (!ret)
		memcpy(dst, p, size);
	return ret;
}
