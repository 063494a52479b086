// SPDX-License-Identifier: MIT
/*
 * The BAR windows: each maps the right bytes (checked against what the
 * host board wrote and reads, and against QEMU's edu registers), and
 * every mapping that strays outside a window is refused.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>

#include "kt.h"

static void expect_map_fails(int fd, uint64_t off, size_t len, int flags, const char *name)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE, flags, fd, (off_t)off);
	int err = p == MAP_FAILED ? errno : 0;

	kt_check(err == EINVAL, name, "mmap(off 0x%llx, len 0x%zx): %s",
		 (unsigned long long)off, len, err ? strerror(err) : "mapped");
	if (p != MAP_FAILED)
		munmap(p, len);
}

static void test_sim_windows(struct kt_env *env)
{
	struct kt_board b;
	struct barehip_info *in = &b.info;
	volatile uint32_t *vram, *db, *db_tail;
	uint64_t sum = 0, want;
	size_t bad = 0;
	void *p;

	if (kt_board_open(&b, env->sim.addr)) {
		kt_check(0, "mmap sim: open board", "%s", strerror(errno));
		return;
	}
	vram = kt_map(b.fd, in->vram.mmap_offset, in->vram.size);
	kt_check(vram != NULL, "mmap sim: whole VRAM window", "%s", strerror(errno));
	if (vram) {
		/* Host -> guest: the pattern the board wrote before boot. */
		for (size_t i = 0; i < ECHO_VRAM_PATTERN_BYTES / 4; i++)
			bad += vram[i] != echo_pattern(ECHO_VRAM_SEED, i);
		kt_check(bad == 0, "mmap sim: VRAM shows the board's pattern",
			 "%zu of %u words differ", bad, ECHO_VRAM_PATTERN_BYTES / 4);
		/* Guest -> host: the board checksums what we wrote, where we wrote it. */
		for (size_t i = 0; i < 65536 / 4; i++)
			vram[(1u << 20) / 4 + i] = echo_pattern(0xabc, i);
		want = echo_fnv1a((const volatile uint8_t *)vram + (1u << 20), 65536);
		kt_check(kt_board_request(&b, 0, ECHO_OP_VRAM, 1u << 20, 65536, &sum) == ECHO_OK &&
			 sum == want, "mmap sim: the board sees guest VRAM writes in place",
			 "checksum 0x%llx, want 0x%llx", (unsigned long long)sum,
			 (unsigned long long)want);
		/* The last page of the window is reachable, the next one is not. */
		vram[in->vram.size / 4 - 1] = 0x1234abcd;
		kt_check(vram[in->vram.size / 4 - 1] == 0x1234abcd, "mmap sim: last VRAM page",
			 "readback differs");
		munmap((void *)vram, in->vram.size);
	}

	/* A mapping that starts inside a window sees that window's offset. */
	db = kt_map(b.fd, in->doorbell.mmap_offset, 2 * KT_PAGE);
	db_tail = kt_map(b.fd, in->doorbell.mmap_offset + KT_PAGE, KT_PAGE);
	kt_check(db && db_tail, "mmap sim: doorbell window, whole and from page 1", "%s",
		 strerror(errno));
	if (db && db_tail) {
		db_tail[3] = 0xd00dbe11;
		kt_check(db[KT_PAGE / 4 + 3] == 0xd00dbe11, "mmap sim: offset mappings alias",
			 "0x%x", db[KT_PAGE / 4 + 3]);
	}
	if (db)
		munmap((void *)db, 2 * KT_PAGE);
	if (db_tail)
		munmap((void *)db_tail, KT_PAGE);

	/* Bounds, page-granular. */
	expect_map_fails(b.fd, in->vram.mmap_offset, in->vram.size + KT_PAGE, MAP_SHARED,
			 "mmap bounds: VRAM one page too long");
	expect_map_fails(b.fd, in->vram.mmap_offset + in->vram.size, KT_PAGE, MAP_SHARED,
			 "mmap bounds: VRAM at its end");
	expect_map_fails(b.fd, in->vram.mmap_offset + in->vram.size - KT_PAGE, 2 * KT_PAGE,
			 MAP_SHARED, "mmap bounds: VRAM straddling its end");
	expect_map_fails(b.fd, in->regs.mmap_offset, in->regs.size + KT_PAGE, MAP_SHARED,
			 "mmap bounds: registers one page too long");
	expect_map_fails(b.fd, in->doorbell.mmap_offset + in->doorbell.size, KT_PAGE, MAP_SHARED,
			 "mmap bounds: doorbell at its end");
	expect_map_fails(b.fd, in->vram.mmap_offset, KT_PAGE, MAP_PRIVATE,
			 "mmap bounds: private mapping refused");
	expect_map_fails(b.fd, 0, KT_PAGE, MAP_SHARED, "mmap bounds: offset 0 is no window");
	expect_map_fails(b.fd, 5ull << 40, KT_PAGE, MAP_SHARED, "mmap bounds: unknown region 5");
	expect_map_fails(b.fd, 0xffffull << 40, KT_PAGE, MAP_SHARED,
			 "mmap bounds: unknown region 0xffff");
	p = mmap(NULL, KT_PAGE, PROT_READ, MAP_SHARED, b.fd, (off_t)(in->vram.mmap_offset + 100));
	kt_check(p == MAP_FAILED && errno == EINVAL, "mmap bounds: unaligned offset refused",
		 "%s", p == MAP_FAILED ? strerror(errno) : "mapped");

	/* A window mapping cannot be grown past what was checked. */
	p = kt_map(b.fd, in->vram.mmap_offset + in->vram.size - KT_PAGE, KT_PAGE);
	if (p) {
		void *q = mremap(p, KT_PAGE, 2 * KT_PAGE, MREMAP_MAYMOVE);

		kt_check(q == MAP_FAILED, "mmap bounds: mremap cannot grow a window",
			 "mremap grew it");
		munmap(q == MAP_FAILED ? p : q, q == MAP_FAILED ? KT_PAGE : 2 * KT_PAGE);
	}
	kt_board_close(&b);
}

/* QEMU's edu device (docs/specs/edu.rst): ids at 0x00, liveness at 0x04. */
static void test_edu_window(struct kt_env *env)
{
	struct barehip_info in;
	volatile uint32_t *r;
	int fd = kt_open_node(env->edu.addr, O_RDWR);

	if (fd < 0 || kt_info(fd, &in)) {
		kt_check(0, "mmap edu: open", "%s", strerror(errno));
		return;
	}
	r = kt_map(fd, in.vram.mmap_offset, in.vram.size);
	kt_check(r != NULL, "mmap edu: BAR0 window", "%s", strerror(errno));
	if (r) {
		kt_check(r[0] == 0x010000ed, "mmap edu: identification register", "0x%08x", r[0]);
		r[1] = 0x12345678;
		kt_check(r[1] == ~0x12345678u, "mmap edu: liveness register inverts", "0x%08x",
			 r[1]);
		munmap((void *)r, in.vram.size);
	}
	/* edu has no such windows; try where the sim board has them. */
	{
		struct barehip_info sim;
		int sfd = kt_open_node(env->sim.addr, O_RDWR);

		if (sfd >= 0 && !kt_info(sfd, &sim)) {
			expect_map_fails(fd, sim.doorbell.mmap_offset, KT_PAGE, MAP_SHARED,
					 "mmap edu: absent doorbell window");
			expect_map_fails(fd, sim.regs.mmap_offset, KT_PAGE, MAP_SHARED,
					 "mmap edu: absent register window");
		}
		if (sfd >= 0)
			close(sfd);
	}
	close(fd);
}

void test_mmap(struct kt_env *env)
{
	test_sim_windows(env);
	test_edu_window(env);
}
