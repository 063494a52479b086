// SPDX-License-Identifier: MIT
/*
 * hiptest unmap: host memory of the GPU freed while the board does not
 * answer.  barehip-sim runs with --inject ignore:gart-unmap:2 (run.sh
 * unmaptest): the first two GART unmaps it is sent are neither done nor
 * answered, as by a hung board, so the board keeps mapping the buffer.
 * bhunmap (one allocation, its free, a second allocation) runs twice:
 *
 *   - the unmap swallowed: the loader reports it (address, size, cause),
 *     barehip.ko still holds the buffer after the free, the board counts
 *     as lost (the second allocation fails at once, at another address:
 *     the parked one is never handed out again), and once the process
 *     has closed the board the module has reset it and freed everything;
 *   - the injection spent, the normal case: the buffer goes at once, the
 *     second allocation gets the very same address back (so the first
 *     case's different address is the parking's doing), nothing is left.
 *
 * and "bhunmap register" (hipHostRegister's pinned pages) the same two
 * ways, between them (the board swallows two unmaps): unanswered, the
 * pages stay pinned after the unregister, the board is lost, and only
 * the close unpins them; answered, they are unpinned at once and the
 * range is registered again at the same GPU address.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kt.h"

/* Short, so the unanswered unmap costs seconds; TCG answers in ms. */
#define CMD_TIMEOUT_MS	"5000"

struct report {
	unsigned long long va, size, va2;
	long long open, alloc, freed, closed_bufs, closed_bytes;
	double free_ms, second_ms;
	int parsed, second_ok;
	char cannot_map[256], lost[256];
};

static long long sysfs_num(const char *attr)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/class/barehip/barehip0/%s", attr);
	return kt_read_num(path);
}

static void bhunmap(struct hip_run *r, struct report *rep)
{
	char *argv[] = { "/bin/bhunmap", NULL };
	char line[512];
	const char *p;

	memset(rep, 0, sizeof(*rep));
	setenv("BAREHIP_KMOD_CMD_TIMEOUT_MS", CMD_TIMEOUT_MS, 1);
	hip_run(argv, "kmod", r);
	unsetenv("BAREHIP_KMOD_CMD_TIMEOUT_MS");
	if (!hip_find_line(r->out, "bhunmap: va=", line, sizeof(line)) &&
	    sscanf(line, "bhunmap: va=0x%llx size=%llu bufs: open=%lld alloc=%lld freed=%lld "
		   "free_ms=%lf", &rep->va, &rep->size, &rep->open, &rep->alloc, &rep->freed,
		   &rep->free_ms) == 6)
		rep->parsed++;
	if (!hip_find_line(r->out, "bhunmap: second: ", line, sizeof(line))) {
		rep->second_ok = sscanf(line, "bhunmap: second: ok va=0x%llx ms=%lf", &rep->va2,
					&rep->second_ms) == 2;
		if (rep->second_ok ||
		    sscanf(line, "bhunmap: second: failed ms=%lf", &rep->second_ms) == 1)
			rep->parsed++;
	}
	if (!hip_find_line(r->out, "bhunmap: closed: ", line, sizeof(line)) &&
	    sscanf(line, "bhunmap: closed: bufs=%lld bytes=%lld", &rep->closed_bufs,
		   &rep->closed_bytes) == 2)
		rep->parsed++;
	hip_find_line(r->out, "GART unmap of 0x", rep->lost, sizeof(rep->lost));
	p = strstr(r->out, "cannot map 0x");
	if (p)
		hip_find_line(p, "cannot map 0x", rep->cannot_map, sizeof(rep->cannot_map));
}

/* The process is gone: the module holds nothing of it. */
static void check_nothing_left(const char *name)
{
	char check[128];

	snprintf(check, sizeof(check), "unmap %s: no DMA memory left after the process", name);
	kt_check(sysfs_num("dma_buffers") == 0 && sysfs_num("dma_bytes") == 0 &&
		 sysfs_num("pins") == 0, check, "%lld buffers, %lld pinned ranges, %lld bytes",
		 sysfs_num("dma_buffers"), sysfs_num("pins"), sysfs_num("dma_bytes"));
}

static void test_no_answer(void)
{
	static struct hip_run r;
	struct report rep;
	char va[32], size[32];
	unsigned long long other = 0;
	int failed = kt_failed;
	const char *p;

	bhunmap(&r, &rep);
	kt_check(r.status == 0 && rep.parsed == 3, "unmap no answer: bhunmap reports",
		 "status %d, %d of 3 report lines", r.status, rep.parsed);
	if (r.status || rep.parsed != 3) {
		hip_show_output(&r);
		return;
	}
	snprintf(va, sizeof(va), "0x%llx", rep.va);
	snprintf(size, sizeof(size), "%llu bytes", rep.size);
	kt_check(strstr(rep.lost, "no answer within " CMD_TIMEOUT_MS " ms") &&
		 strstr(rep.lost, va) && strstr(rep.lost, size) && strstr(rep.lost, "kept"),
		 "unmap no answer: the loader names the unanswered unmap, the address and size",
		 "want 'no answer within " CMD_TIMEOUT_MS " ms', '%s', '%s', 'kept' in: '%s'", va,
		 size, rep.lost);
	kt_check(rep.alloc > rep.open && rep.freed == rep.alloc,
		 "unmap no answer: the module still holds the buffer after the free",
		 "dma_buffers: %lld at open, %lld allocated, %lld after the free", rep.open,
		 rep.alloc, rep.freed);
	p = strstr(rep.cannot_map, "cannot map 0x");
	if (p)
		other = strtoull(p + strlen("cannot map "), NULL, 16);
	kt_check(!rep.second_ok && rep.second_ms < 1000 && other && other != rep.va &&
		 strstr(rep.cannot_map, "board is lost"),
		 "unmap no answer: the board is lost, a new allocation fails at once, not at the "
		 "parked address", "second allocation %s after %.0f ms, parked %s; '%s'",
		 rep.second_ok ? "succeeded" : "failed", rep.second_ms, va, rep.cannot_map);
	kt_check(rep.closed_bufs == 0 && rep.closed_bytes == 0 &&
		 strstr(r.out, "left to barehip.ko"),
		 "unmap no answer: closing the board frees it all (the module resets the board)",
		 "after close: %lld buffers, %lld bytes", rep.closed_bufs, rep.closed_bytes);
	if (kt_failed > failed)
		hip_show_output(&r);
	else
		printf("unmap: %.*s\n", (int)(strchr(r.out, '\0') - r.out), r.out);
	check_nothing_left("no answer");
}

struct reg_report {
	unsigned long long va, host, size, va2;
	long long open, reg, freed, closed_pins, closed_bytes;
	double free_ms, second_ms;
	int parsed, second_ok;
	char lost[512], read_only[128], pin_error[512];
};

static void bhunmap_register(struct hip_run *r, struct reg_report *rep)
{
	char *argv[] = { "/bin/bhunmap", "register", NULL };
	char line[512];

	memset(rep, 0, sizeof(*rep));
	setenv("BAREHIP_KMOD_CMD_TIMEOUT_MS", CMD_TIMEOUT_MS, 1);
	hip_run(argv, "kmod", r);
	unsetenv("BAREHIP_KMOD_CMD_TIMEOUT_MS");
	if (!hip_find_line(r->out, "bhunmap: register va=", line, sizeof(line)) &&
	    sscanf(line, "bhunmap: register va=0x%llx host=0x%llx size=%llu pins: open=%lld "
		   "reg=%lld freed=%lld free_ms=%lf", &rep->va, &rep->host, &rep->size,
		   &rep->open, &rep->reg, &rep->freed, &rep->free_ms) == 7)
		rep->parsed++;
	if (!hip_find_line(r->out, "bhunmap: second: ", line, sizeof(line))) {
		rep->second_ok = sscanf(line, "bhunmap: second: ok va=0x%llx ms=%lf", &rep->va2,
					&rep->second_ms) == 2;
		if (rep->second_ok ||
		    sscanf(line, "bhunmap: second: failed ms=%lf", &rep->second_ms) == 1)
			rep->parsed++;
	}
	if (!hip_find_line(r->out, "bhunmap: closed: ", line, sizeof(line)) &&
	    sscanf(line, "bhunmap: closed: pins=%lld bytes=%lld", &rep->closed_pins,
		   &rep->closed_bytes) == 2)
		rep->parsed++;
	hip_find_line(r->out, "GART unmap of 0x", rep->lost, sizeof(rep->lost));
	hip_find_line(r->out, "bhunmap: read-only: ", rep->read_only, sizeof(rep->read_only));
	hip_find_line(r->out, ": pinning 4096 bytes at 0x", rep->pin_error,
		      sizeof(rep->pin_error));
}

static void test_register_no_answer(void)
{
	static struct hip_run r;
	struct reg_report rep;
	char host[32], size[32];
	int failed = kt_failed;

	bhunmap_register(&r, &rep);
	kt_check(r.status == 0 && rep.parsed == 3, "unmap register no answer: bhunmap reports",
		 "status %d, %d of 3 report lines", r.status, rep.parsed);
	if (r.status || rep.parsed != 3) {
		hip_show_output(&r);
		return;
	}
	snprintf(host, sizeof(host), "0x%llx", rep.host);
	snprintf(size, sizeof(size), "%llu bytes", rep.size);
	kt_check(strstr(rep.lost, "no answer within " CMD_TIMEOUT_MS " ms") &&
		 strstr(rep.lost, "registered host memory") && strstr(rep.lost, host) &&
		 strstr(rep.lost, size) && strstr(rep.lost, "stay pinned"),
		 "unmap register no answer: the loader names the unanswered unmap, the memory "
		 "and its size", "want 'no answer within " CMD_TIMEOUT_MS " ms', '%s', '%s', "
		 "'stay pinned' in: '%s'", host, size, rep.lost);
	kt_check(rep.reg == rep.open + 1 && rep.freed == rep.reg,
		 "unmap register no answer: the pages stay pinned after the unregister",
		 "pins: %lld at open, %lld registered, %lld after the unregister", rep.open,
		 rep.reg, rep.freed);
	kt_check(!rep.second_ok && rep.second_ms < 1000 && strstr(r.out, "board is lost"),
		 "unmap register no answer: the board is lost, registering again fails at once",
		 "second registration %s after %.0f ms", rep.second_ok ? "succeeded" : "failed",
		 rep.second_ms);
	kt_check(rep.closed_pins == 0 && rep.closed_bytes == 0 &&
		 strstr(r.out, "1 pinned ranges") && strstr(r.out, "left to barehip.ko"),
		 "unmap register no answer: closing the board unpins them (the module resets it)",
		 "after close: %lld pins, %lld bytes", rep.closed_pins, rep.closed_bytes);
	if (kt_failed > failed)
		hip_show_output(&r);
	else
		printf("unmap: %.*s\n", (int)(strchr(r.out, '\0') - r.out), r.out);
	check_nothing_left("register no answer");
}

static void test_register_answered(void)
{
	static struct hip_run r;
	struct reg_report rep;

	bhunmap_register(&r, &rep);
	kt_check(r.status == 0 && rep.parsed == 3 && !rep.lost[0] && !strstr(r.out, "lost"),
		 "unmap register answered: bhunmap reports, no board lost", "status %d, %d of 3 "
		 "report lines, '%s'", r.status, rep.parsed, rep.lost);
	if (r.status || rep.parsed != 3) {
		hip_show_output(&r);
		return;
	}
	{
		char at[64];
		const char *p = strstr(rep.read_only, "refused at ");

		snprintf(at, sizeof(at), "pinning 4096 bytes at %s: Bad address",
			 p ? p + strlen("refused at ") : "?");
		kt_check(p && strstr(rep.pin_error, at) && strstr(rep.pin_error, "not writable"),
			 "unmap register answered: a read-only page is refused, the log names "
			 "the pinning, the address and the cause", "'%s'; '%s'", rep.read_only,
			 rep.pin_error);
	}
	kt_check(rep.reg == rep.open + 1 && rep.freed == rep.open,
		 "unmap register answered: the unregister unpins at once",
		 "pins: %lld at open, %lld registered, %lld after the unregister", rep.open,
		 rep.reg, rep.freed);
	kt_check(rep.second_ok && rep.va2 == rep.va,
		 "unmap register answered: registering again gets the same GPU address back",
		 "second registration %s at 0x%llx, the first was at 0x%llx",
		 rep.second_ok ? "succeeded" : "failed", rep.va2, rep.va);
	kt_check(rep.closed_pins == 0 && rep.closed_bytes == 0,
		 "unmap register answered: nothing pinned after close", "after close: %lld pins, "
		 "%lld bytes", rep.closed_pins, rep.closed_bytes);
	check_nothing_left("register answered");
}

static void test_answered(void)
{
	static struct hip_run r;
	struct report rep;

	bhunmap(&r, &rep);
	kt_check(r.status == 0 && rep.parsed == 3 && !rep.lost[0] && !strstr(r.out, "lost"),
		 "unmap answered: bhunmap reports, no board lost", "status %d, %d of 3 report "
		 "lines, '%s'", r.status, rep.parsed, rep.lost);
	if (r.status || rep.parsed != 3) {
		hip_show_output(&r);
		return;
	}
	kt_check(rep.alloc == rep.open + 1 && rep.freed == rep.open,
		 "unmap answered: the module frees the buffer at once",
		 "dma_buffers: %lld at open, %lld allocated, %lld after the free", rep.open,
		 rep.alloc, rep.freed);
	kt_check(rep.second_ok && rep.va2 == rep.va,
		 "unmap answered: a new allocation gets the freed address back",
		 "second allocation %s at 0x%llx, the first was at 0x%llx",
		 rep.second_ok ? "succeeded" : "failed", rep.va2, rep.va);
	kt_check(rep.closed_bufs == 0 && rep.closed_bytes == 0,
		 "unmap answered: closing the board frees it all", "after close: %lld buffers, "
		 "%lld bytes", rep.closed_bufs, rep.closed_bytes);
	check_nothing_left("answered");
}

void test_unmap(void)
{
	/* First: the board swallows the first two unmaps it gets. */
	test_no_answer();
	test_register_no_answer();
	test_answered();
	test_register_answered();
}
