/* SPDX-License-Identifier: MIT */
/*
 * kmodtest: the guest side of the QEMU tests of barehip.ko.  A static
 * program run as the guest's init payload; every check prints one
 * "PASS: name" or "FAIL: name: why" line, and main() ends with
 * "kmodtest: N passed, M failed".
 *
 * Expectations come from outside the module: sysfs and /proc (the PCI
 * core's view), the sim board header read through sysfs before the
 * module is loaded, QEMU's edu device's documented registers, and the
 * echo board on the host, which reads and writes guest memory itself.
 */
#ifndef KT_H
#define KT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "../../../kmod/uapi/barehip.h"
#include "../echo-board.h"

#define KT_PAGE 4096ul
#define KT_MS 1000000ull	/* ns */

/* ------------------------------------------------------------ checks */
extern int kt_passed, kt_failed;
/* Prints PASS or FAIL (with the printf-style detail) and counts it. */
void kt_check(int ok, const char *name, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* 0 if @ret is not negative, else errno: the result of a syscall. */
int kt_err(long ret);
/* Check that a syscall result is @want_errno (0: success). */
void kt_expect(long ret, int want_errno, const char *name);
uint64_t kt_now_ns(void);
void kt_sleep_ms(unsigned ms);

/* ------------------------------------------------------- sysfs, proc */
int kt_read_file(const char *path, char *buf, size_t size);
/* A number from a sysfs file (decimal or 0x hex); -1 if unreadable. */
long long kt_read_num(const char *path);
int kt_write_file(const char *path, const char *text);
int kt_exists(const char *path);

struct kt_pci {
	char addr[16];		/* 0000:00:03.0 */
	char dir[64];		/* /sys/bus/pci/devices/<addr> */
	unsigned vendor, device, subsystem_vendor, subsystem_device, class, revision;
	unsigned domain, bus, devfn;
	uint64_t bar_size[6];
	uint64_t bar_start[6];
};
/* Find the first PCI function with these ids; 0 or -1. */
int kt_pci_find(unsigned vendor, unsigned device, struct kt_pci *out);
/* Sum of the /proc/interrupts counts of lines naming @name. */
long long kt_proc_interrupts(const char *name);

/* ------------------------------------------------------------ module */
int kt_module_load(const char *params);	/* 0 or -errno */
int kt_module_unload(void);			/* 0 or -errno */
/* The barehip node of a PCI function: "/dev/barehipN" and its sysfs dir. */
int kt_node_of(const char *pci_addr, char *dev, size_t devlen, char *cls, size_t clslen);
int kt_open_node(const char *pci_addr, int flags);	/* fd, or -1 */

/* ----------------------------------------------------------- ioctls */
int kt_info(int fd, struct barehip_info *info);		/* 0 or -errno */
int kt_dma_alloc(int fd, uint64_t length, struct barehip_dma_alloc *out);
int kt_dma_free(int fd, uint32_t handle);
/* Wait for counter @vector to move from *count; *count = the new value. */
int kt_wait(int fd, uint32_t vector, uint64_t *count, uint64_t timeout_ns);
/* The counter of @vector now (BAREHIP_VECTOR_ANY: the total). */
uint64_t kt_irq_count(int fd, uint32_t vector);
int kt_notify(int fd, uint32_t vector);
/* MAP_SHARED read/write; NULL (errno set) on failure. */
void *kt_map(int fd, uint64_t offset, size_t len);

/* Touch memory that may have gone: 0, or the signal it raised. */
int kt_probe_read(const volatile uint32_t *p, uint32_t *value);
int kt_probe_write(volatile uint32_t *p, uint32_t value);

/* -------------------------------------------------------- echo board */
struct kt_board {
	int fd;
	struct barehip_info info;
	volatile struct echo_mailbox *mbox;
	void *regs;
	uint32_t seq;
};
int kt_board_open(struct kt_board *b, const char *pci_addr);
void kt_board_close(struct kt_board *b);
/*
 * One request: fill the mailbox, ring @vector, sleep until the board's
 * interrupt on @vector.  Returns the board's status (>= 0) or -errno.
 */
int kt_board_request(struct kt_board *b, unsigned vector, uint32_t op, uint64_t addr,
		     uint64_t length, uint64_t *checksum);

/* --------------------------------------------------------- the tests */
struct kt_env {
	struct kt_pci sim, edu;
	struct barehip_sim_header header;	/* read through sysfs, pre-module */
	unsigned gid;
};
void test_module_bad_params(void);
void test_module_load(struct kt_env *env, const char *params);
void test_nodes(struct kt_env *env, const char *sim_irq, const char *edu_irq);
void test_module_unload(struct kt_env *env);
void test_info(struct kt_env *env);
void test_mmap(struct kt_env *env);
void test_dma(struct kt_env *env);
void test_pin(struct kt_env *env);
void test_abuse(struct kt_env *env);
void test_irq(struct kt_env *env);
void test_intx(struct kt_env *env);
void test_unbind(struct kt_env *env);
void test_sim_header(struct kt_env *env);
/* hiptest: the sim board's register protocol, abused (hip_board.c). */
void test_board_protocol(const char *node);

/* hiptest: a program run in the guest, its output collected (hiptest.c). */
#define HIP_OUT_MAX		262144	/* arrays.hip logs each refused copy: > 64 KiB */
/* Guest seconds a program may take: TCG runs the loader 10-30x slower. */
#define HIP_PROGRAM_TIMEOUT_S	90
struct hip_run {
	int status;		/* exit status, or 128 + signal, or -1 */
	double seconds;
	char out[HIP_OUT_MAX];	/* stdout and stderr, interleaved */
};
/* Run @argv with BAREHIP_BOARD=@board (NULL: unset); kill it after the timeout. */
void hip_run(char *const argv[], const char *board, struct hip_run *r);
/* The line of @out that contains @what, copied into @line; 0 or -1. */
int hip_find_line(const char *out, const char *what, char *line, size_t size);
void hip_show_output(const struct hip_run *r);
/* hiptest unmap: host memory freed while the board does not answer (hip_unmap.c). */
void test_unmap(void);
void test_dmesg_mark(void);
void test_dmesg(void);

#endif /* KT_H */
