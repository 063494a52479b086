// SPDX-License-Identifier: MIT
/*
 * The kernel log since the tests began: no oops, BUG, WARN, leak report
 * or memory-debugging complaint.  (The guest also runs with
 * panic_on_warn=1, so a WARN would already have stopped it.)
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/klog.h>

#include "kt.h"

#define MARK "kmodtest: tests begin"

static const char *const bad[] = {
	"Oops", "BUG:", "BUG ", "WARNING:", "Call Trace", "RIP:", "general protection",
	"leak", "Leak", "UBSAN", "KASAN", "corruption", "Bad page", "double free",
	"use-after-free", "refcount_t", "scheduling while atomic", "sleeping function",
	"hung_task", "soft lockup", "rcu_sched", "Poison overwritten", "Redzone",
	"probe of", "failed with error", "unbalanced", "nobody cared", "Disabling IRQ",
};

void test_dmesg_mark(void)
{
	int fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);

	if (fd >= 0) {
		if (write(fd, MARK "\n", strlen(MARK) + 1) < 0)
			perror("kmodtest: /dev/kmsg");
		close(fd);
	}
}

void test_dmesg(void)
{
	int size = klogctl(10 /* SYSLOG_ACTION_SIZE_BUFFER */, NULL, 0);
	char *log, *start, *line, *save;
	int n, hits = 0, barehip = 0;

	if (size <= 0 || !(log = malloc((size_t)size + 1))) {
		kt_check(0, "dmesg: read the kernel log", "klogctl");
		return;
	}
	n = klogctl(3 /* SYSLOG_ACTION_READ_ALL */, log, size);
	log[n > 0 ? n : 0] = 0;
	start = strstr(log, MARK);
	kt_check(start != NULL, "dmesg: tests marked in the log", "marker missing");
	if (!start)
		start = log;
	for (line = strtok_r(start, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		barehip += strstr(line, "barehip") != NULL;
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			if (strstr(line, bad[i])) {
				if (hits++ < 20)
					printf("dmesg: %s\n", line);
				break;
			}
		}
	}
	kt_check(hits == 0, "dmesg: no oops, BUG, WARN or leak since the tests began",
		 "%d suspicious lines", hits);
	kt_check(barehip > 0, "dmesg: the module logged its devices", "no barehip lines");
	free(log);
}
