// SPDX-License-Identifier: MIT
/*
 * hiptest: barehip's HIP device tests inside the QEMU guest, on the sim
 * board as a PCI function (barehip-sim on the host) through barehip.ko
 * and the loader's kmod backend.  The programs in /hip are the static
 * binaries make check runs on the in-process sim board, unchanged: they
 * pick the kmod backend at run time (BAREHIP_BOARD, or /dev/barehip0).
 *
 * Around them: choosing the backend (and clear errors when it cannot
 * be had, or on a board it does not drive), one process at a time on
 * the board, nothing leaked in the module after each program exits (a
 * GPU fault included), the board's register protocol abused
 * (hip_board.c), the doorbell → interrupt latency the loader sees
 * (bhlatency), the unit tests, unloading, and a clean kernel log.
 * With the argument "unmap" (run.sh unmaptest, a board told to swallow
 * a GART unmap), only the tests of freeing on a board that does not
 * answer (hip_unmap.c).  Every check prints PASS or FAIL; the last line is
 * "hiptest: N passed, M failed".
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/file.h>
#include <sys/wait.h>

#include "kt.h"

#define NODE		"/dev/barehip0"
#define HIP_DIR		"/hip"
#define MAX_TESTS	256

/*
 * Run @argv with BAREHIP_BOARD=@board (NULL: unset) and the kmod
 * backend's statistics on; collect its output; kill it after the
 * timeout.
 */
void hip_run(char *const argv[], const char *board, struct hip_run *r)
{
	uint64_t start = kt_now_ns(), deadline = start + HIP_PROGRAM_TIMEOUT_S * 1000000000ull;
	size_t used = 0;
	int pipefd[2], wstatus;
	pid_t pid;

	memset(r, 0, sizeof(*r));
	r->status = -1;
	if (pipe2(pipefd, O_CLOEXEC))
		return;
	pid = fork();
	if (pid == 0) {
		dup2(pipefd[1], 1);
		dup2(pipefd[1], 2);
		if (board)
			setenv("BAREHIP_BOARD", board, 1);
		else
			unsetenv("BAREHIP_BOARD");
		setenv("BAREHIP_KMOD_STATS", "1", 1);
		execv(argv[0], argv);
		fprintf(stderr, "exec %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(pipefd[1]);
	for (;;) {
		uint64_t now = kt_now_ns();
		struct pollfd p = { .fd = pipefd[0], .events = POLLIN };
		char sink[4096];
		ssize_t n;

		if (pid < 0 || now >= deadline) {
			if (pid > 0)
				kill(pid, SIGKILL);
			snprintf(r->out + used, HIP_OUT_MAX - used, "\n[killed after %d s]\n",
				 HIP_PROGRAM_TIMEOUT_S);
			break;
		}
		if (poll(&p, 1, (int)((deadline - now) / 1000000 + 1)) <= 0)
			continue;
		if (used < HIP_OUT_MAX - 1)
			n = read(pipefd[0], r->out + used, HIP_OUT_MAX - 1 - used);
		else
			n = read(pipefd[0], sink, sizeof(sink));
		if (n <= 0)
			break;
		if (used < HIP_OUT_MAX - 1)
			used += (size_t)n;
	}
	close(pipefd[0]);
	if (pid > 0 && waitpid(pid, &wstatus, 0) == pid)
		r->status = WIFEXITED(wstatus) ? WEXITSTATUS(wstatus) : 128 + WTERMSIG(wstatus);
	r->seconds = (kt_now_ns() - start) / 1e9;
}

int hip_find_line(const char *out, const char *what, char *line, size_t size)
{
	const char *hit = strstr(out, what), *start, *end;

	if (!hit)
		return -1;
	for (start = hit; start > out && start[-1] != '\n'; start--)
		;
	end = strchr(hit, '\n');
	if (!end)
		end = hit + strlen(hit);
	snprintf(line, size, "%.*s", (int)(end - start), start);
	return 0;
}

void hip_show_output(const struct hip_run *r)
{
	printf("---- output (status %d, %.1f s) ----\n%s\n---- end ----\n", r->status,
	       r->seconds, r->out);
}

static long long sysfs_num(const char *attr)
{
	char path[96];

	snprintf(path, sizeof(path), "/sys/class/barehip/barehip0/%s", attr);
	return kt_read_num(path);
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Before the module: the backend is asked for and cannot be had. */
static void test_no_node(const char *prog)
{
	static struct hip_run r;
	char *argv[] = { (char *)prog, NULL };

	hip_run(argv, "kmod", &r);
	kt_check(r.status != 0 && strstr(r.out, "cannot open " NODE) &&
		 strstr(r.out, "barehip.ko"),
		 "select: BAREHIP_BOARD=kmod without the module fails, naming " NODE,
		 "status %d, output: %.300s", r.status, r.out);
	hip_run(argv, "pci", &r);
	kt_check(r.status != 0 && strstr(r.out, "BAREHIP_BOARD='pci'"),
		 "select: an unknown BAREHIP_BOARD is named in the error",
		 "status %d, output: %.300s", r.status, r.out);
}

/* One HIP test program on the kmod backend. */
static void test_program(const char *prog, const char *name)
{
	static struct hip_run r;
	char *argv[] = { (char *)prog, NULL };
	char check[96], pass[256] = "", stats[256] = "";
	long long irqs = sysfs_num("irq_count"), bufs;
	unsigned long long doorbells = 0;
	const char *p;

	hip_run(argv, "kmod", &r);
	snprintf(check, sizeof(check), "hip %s: passes on the kmod backend", name);
	hip_find_line(r.out, "PASS", pass, sizeof(pass));
	kt_check(r.status == 0 && pass[0], check, "status %d%s", r.status,
		 pass[0] ? "" : ", no PASS line");
	if (r.status != 0 || !pass[0])
		hip_show_output(&r);
	printf("hip: %-12s %5.1f s  %s\n", name, r.seconds, pass);

	/*
	 * It drove the board: the backend rang doorbells, and the module
	 * counted the board's interrupts (each launch's fence raises one,
	 * though a fast board may answer before the loader needs to sleep).
	 */
	hip_find_line(r.out, "kmod stats: " NODE, stats, sizeof(stats));
	p = strstr(stats, NODE ": ");
	if (p)
		sscanf(p + strlen(NODE) + 2, "%llu doorbells", &doorbells);
	/* Programs that launch nothing here: device_hints only asks the
	 * device; hiprtc finds no compiler in the guest and checks the
	 * refusal (tests/programs/hiprtc.hip); board_size's 4 GiB kernel
	 * does not fit this board's 1.5 GiB of VRAM (run.sh); image_faults
	 * reads the sim board's own fault messages and steps aside here. */
	if (!strcmp(name, "device_hints") || !strcmp(name, "hiprtc") ||
	    !strcmp(name, "board_size") || !strcmp(name, "image_faults"))
		goto launched_nothing;
	snprintf(check, sizeof(check), "hip %s: doorbells rang, the board interrupted", name);
	kt_check(doorbells > 0 && sysfs_num("irq_count") > irqs, check,
		 "%s; irq_count %lld -> %lld", stats[0] ? stats : "no 'kmod stats:' line", irqs,
		 sysfs_num("irq_count"));

launched_nothing:
	/* The process is gone: the module holds nothing of it (nor its pins). */
	bufs = sysfs_num("dma_buffers");
	snprintf(check, sizeof(check), "hip %s: no DMA memory left behind", name);
	kt_check(bufs == 0 && sysfs_num("dma_bytes") == 0 && sysfs_num("pins") == 0, check,
		 "%lld buffers, %lld pinned ranges, %lld bytes", bufs, sysfs_num("pins"),
		 sysfs_num("dma_bytes"));
}

/* Without BAREHIP_BOARD, the node decides. */
static void test_auto(const char *prog)
{
	static struct hip_run r;
	char *argv[] = { (char *)prog, NULL };

	hip_run(argv, NULL, &r);
	kt_check(r.status == 0 && strstr(r.out, "kmod stats: " NODE),
		 "select: with " NODE " present, the kmod backend is the default",
		 "status %d, output: %.300s", r.status, r.out);
}

/* A board of the AMD layout (QEMU's edu, bound with ids=) is refused clearly. */
static void test_amd_board(const char *prog, const struct kt_pci *edu)
{
	static struct hip_run r;
	char *argv[] = { (char *)prog, NULL };
	char node[64], board[80];

	if (kt_node_of(edu->addr, node, sizeof(node), NULL, 0)) {
		kt_check(0, "select: kmod:NODE on an AMD-layout board", "edu has no node");
		return;
	}
	snprintf(board, sizeof(board), "kmod:%s", node);
	hip_run(argv, board, &r);
	kt_check(r.status != 0 && strstr(r.out, node) && strstr(r.out, "AMD GPU (1234:11e8)") &&
		 strstr(r.out, "sim board only"),
		 "select: kmod:NODE on an AMD-layout board says it is not driven yet",
		 "status %d, output: %.300s", r.status, r.out);
}

/* The board serves one process: a second one is told so, at once. */
static void test_busy(const char *prog)
{
	static struct hip_run r;
	char *argv[] = { (char *)prog, NULL };
	int fd = open(NODE, O_RDWR | O_CLOEXEC);

	kt_check(fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0, "busy: hold the board",
		 "%s", strerror(errno));
	hip_run(argv, "kmod", &r);
	kt_check(r.status != 0 && strstr(r.out, "in use by another process") &&
		 r.seconds < 30, "busy: a second process gets a clear error",
		 "status %d after %.1f s, output: %.300s", r.status, r.seconds, r.out);
	if (fd >= 0)
		close(fd);
	hip_run(argv, "kmod", &r);
	kt_check(r.status == 0, "busy: free again once the holder closes", "status %d",
		 r.status);
}

static void test_latency(void)
{
	static struct hip_run r;
	char *argv[] = { "/bin/bhlatency", "300", NULL };
	char line[256] = "", stats[256] = "";

	hip_run(argv, "kmod", &r);
	hip_find_line(r.out, "latency:", line, sizeof(line));
	hip_find_line(r.out, "kmod stats:", stats, sizeof(stats));
	kt_check(r.status == 0 && line[0] && strstr(stats, "doorbell to interrupt"),
		 "latency: markers through the loader", "status %d", r.status);
	if (r.status || !line[0])
		hip_show_output(&r);
	else
		printf("%s\nlatency: %s\n", line, stats);
}

/*
 * barehip-info finds the board behind the module by itself, and reports
 * the VRAM barehip-sim was given (@vram_mb, hiptest's "vram-mb=N"
 * argument: run.sh sets the board's BAREHIP_SIM_VRAM_MB; 0: unchecked).
 */
static void test_barehip_info(unsigned long vram_mb)
{
	static struct hip_run r;
	char *argv[] = { "/bin/barehip-info", NULL };
	char board[128] = "", target[128] = "", vram[128] = "";
	unsigned long mb = 0;

	hip_run(argv, NULL, &r);
	hip_find_line(r.out, " board ", board, sizeof(board));
	hip_find_line(r.out, " target ", target, sizeof(target));
	hip_find_line(r.out, "  VRAM ", vram, sizeof(vram));
	kt_check(r.status == 0 && strstr(board, "kmod") &&
		 (strstr(target, " gfx9") || strstr(target, " gfx11")),
		 "info: barehip-info reports the kmod board and its target",
		 "status %d, board '%s', target '%s'", r.status, board, target);
	if (vram_mb) {
		sscanf(vram, " VRAM %lu MiB", &mb);
		kt_check(mb == vram_mb, "info: the board's VRAM is the size barehip-sim was given",
			 "'%s', expected %lu MiB", vram, vram_mb);
	}
	if (r.status)
		hip_show_output(&r);
}

/* The unit tests, all of them (on the in-process sim board, in this kernel). */
static void test_unit(void)
{
	static struct hip_run r;
	char *argv[] = { "/bin/unit-tests", NULL };
	char line[128] = "";
	unsigned passed = 0, failed = 1;

	hip_run(argv, "sim", &r);
	for (const char *p = r.out; (p = strstr(p, " passed, ")); p++) {
		const char *s = p;

		while (s > r.out && s[-1] != '\n')
			s--;
		if (sscanf(s, "%u passed, %u failed", &passed, &failed) == 2)
			snprintf(line, sizeof(line), "%u passed, %u failed", passed, failed);
	}
	kt_check(r.status == 0 && line[0] && !failed && passed > 0, "unit: the unit tests",
		 "status %d, %s", r.status, line[0] ? line : "no summary");
	if (r.status || !line[0] || failed)
		hip_show_output(&r);
	else
		printf("unit: %s (%.1f s)\n", line, r.seconds);
}

/*
 * hiptest unmap (run.sh unmaptest): on a board that swallows its first
 * GART unmap, only the unmap tests, around loading and unloading.
 */
static int unmap_main(void)
{
	struct kt_pci sim;
	int ret;

	kt_check(kt_pci_find(0x1af4, 0x1110, &sim) == 0, "setup: the sim board's function",
		 "no 1af4:1110 in sysfs");
	test_dmesg_mark();
	ret = kt_module_load("gid=44");
	kt_check(ret == 0, "module: load", "%s", strerror(-ret));
	if (!kt_failed)
		test_unmap();
	ret = kt_module_unload();
	kt_check(ret == 0, "module: unloads after the programs", "%s", strerror(-ret));
	test_dmesg();
	printf("hiptest: %d passed, %d failed\n", kt_passed, kt_failed);
	return kt_failed ? 1 : 0;
}

int main(int argc, char **argv)
{
	char *tests[MAX_TESTS], path[300], state[64] = "";
	unsigned ntests = 0, unlisted = 0;
	struct kt_pci sim, edu;
	char node[64] = "";
	struct dirent *e;
	DIR *d;
	int ret;

	unsigned long vram_mb = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (argc > 1 && !strcmp(argv[1], "unmap"))
		return unmap_main();
	if (argc > 1 && sscanf(argv[1], "vram-mb=%lu", &vram_mb) != 1) {
		fprintf(stderr, "hiptest: unknown argument '%s' (unmap, vram-mb=N)\n", argv[1]);
		return 2;
	}
	d = opendir(HIP_DIR);
	/*
	 * All of them: a full table fails the setup check below rather than
	 * dropping programs unseen (readdir's order is not by name: 64 slots
	 * once left out the first 25 of 89, alphabetically).
	 */
	while (d && (e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue;
		if (ntests < MAX_TESTS)
			tests[ntests++] = strdup(e->d_name);
		else
			unlisted++;
	}
	if (d)
		closedir(d);
	qsort(tests, ntests, sizeof(tests[0]), by_name);
	kt_check(ntests >= 7 && !unlisted, "setup: HIP test programs in " HIP_DIR,
		 "%u found, %u more than hiptest runs (MAX_TESTS)", ntests, unlisted);
	kt_check(kt_pci_find(0x1af4, 0x1110, &sim) == 0, "setup: the sim board's function",
		 "no 1af4:1110 in sysfs");
	kt_check(kt_pci_find(0x1234, 0x11e8, &edu) == 0, "setup: the edu function",
		 "no 1234:11e8 in sysfs");
	if (kt_failed)
		goto out;

	snprintf(path, sizeof(path), HIP_DIR "/%s", tests[0]);
	test_no_node(path);

	test_dmesg_mark();
	ret = kt_module_load("gid=44 ids=1234:11e8");
	kt_check(ret == 0, "module: load", "%s", strerror(-ret));
	kt_node_of(sim.addr, node, sizeof(node), NULL, 0);
	kt_read_file("/sys/class/barehip/barehip0/irq_mode", state, sizeof(state));
	kt_check(!strcmp(node, NODE) && !strcmp(state, "msix 2"),
		 "module: " NODE " is the sim board with 2 MSI-X vectors",
		 "sim board at '%s', irq_mode '%s'", node, state);
	if (kt_failed)
		goto out;

	for (unsigned i = 0; i < ntests; i++) {
		snprintf(path, sizeof(path), HIP_DIR "/%s", tests[i]);
		test_program(path, tests[i]);
	}
	test_board_protocol(NODE);
	snprintf(path, sizeof(path), HIP_DIR "/%s", tests[0]);
	test_auto(path);
	test_amd_board(path, &edu);
	test_busy(path);
	test_latency();
	test_barehip_info(vram_mb);
	test_unit();

	ret = kt_module_unload();
	kt_check(ret == 0, "module: unloads after the programs", "%s", strerror(-ret));
	test_dmesg();
out:
	printf("hiptest: %d passed, %d failed\n", kt_passed, kt_failed);
	return kt_failed ? 1 : 0;
}
