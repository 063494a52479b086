// SPDX-License-Identifier: MIT
/*
 * newlib's system calls on the qemu-virt-aarch64 board (newlib is built
 * with --disable-newlib-supplied-syscalls: these are all of them).
 *
 *   write    stdout and stderr go to the UART (\n as \r\n); other
 *            descriptors: EBADF (there is no file system);
 *   read     end of file (no input device);
 *   open     ENOENT: there is no file system (fopen returns NULL);
 *            access ENOENT, pread EBADF, getcwd "/";
 *   sbrk     the heap from the end of the image to the end of the RAM
 *            board.ld gives it; ENOMEM past it;
 *   exit     semihosting SYS_EXIT: QEMU exits with the status;
 *   time     the generic timer: gettimeofday and clock_gettime count
 *            from boot (there is no RTC), times() in its ticks.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>

#include "board.h"

#undef errno
extern int errno;

extern char __heap_start[], __heap_end[];

int _write(int fd, const char *buf, int n)
{
	if (fd != 1 && fd != 2) {
		errno = EBADF;
		return -1;
	}
	bh_uart_write(buf, (unsigned long)n);
	return n;
}

int _read(int fd, char *buf, int n)
{
	(void)fd;
	(void)buf;
	(void)n;
	return 0;
}

/* No file system: every open finds nothing. */
int _open(const char *path, int flags, int mode)
{
	(void)path;
	(void)flags;
	(void)mode;
	errno = ENOENT;
	return -1;
}

/* POSIX calls newlib leaves to the system, as a system with no files
 * answers them: the one directory is /, no path exists, no descriptor
 * but the console's is open. */
char *getcwd(char *buf, size_t size)
{
	if (!buf || size < 2) {
		errno = buf ? ERANGE : EINVAL;
		return NULL;
	}
	buf[0] = '/';
	buf[1] = 0;
	return buf;
}

int access(const char *path, int mode)
{
	(void)path;
	(void)mode;
	errno = ENOENT;
	return -1;
}

ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	(void)fd;
	(void)buf;
	(void)n;
	(void)off;
	errno = EBADF;
	return -1;
}

int _close(int fd)
{
	(void)fd;
	errno = EBADF;
	return -1;
}

int _fstat(int fd, struct stat *st)
{
	(void)fd;
	st->st_mode = S_IFCHR;	/* line-buffered console */
	return 0;
}

int _isatty(int fd)
{
	return fd >= 0 && fd <= 2;
}

int _lseek(int fd, int off, int whence)
{
	(void)fd;
	(void)off;
	(void)whence;
	errno = ESPIPE;
	return -1;
}

void *_sbrk(ptrdiff_t incr)
{
	static char *brk = __heap_start;
	char *old = brk;

	if (incr > __heap_end - brk || incr < __heap_start - brk) {
		errno = ENOMEM;
		return (void *)-1;
	}
	brk += incr;
	return old;
}

void _exit(int status)
{
	bh_board_exit(status);
}

int _kill(int pid, int sig)
{
	(void)pid;
	if (sig)
		_exit(128 + sig);	/* abort(): SIGABRT */
	return 0;
}

int _getpid(void)
{
	return 1;
}

static void since_boot(uint64_t *sec, uint64_t *nsec)
{
	uint64_t t = bh_timer_ticks(), hz = bh_timer_hz();

	*sec = t / hz;
	*nsec = (t % hz) * 1000000000ull / hz;
}

int _gettimeofday(struct timeval *tv, void *tz)
{
	uint64_t s, ns;

	(void)tz;
	since_boot(&s, &ns);
	tv->tv_sec = (time_t)s;
	tv->tv_usec = (suseconds_t)(ns / 1000);
	return 0;
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
	uint64_t s, ns;

	(void)id;		/* every clock counts from boot */
	since_boot(&s, &ns);
	ts->tv_sec = (time_t)s;
	ts->tv_nsec = (long)ns;
	return 0;
}

clock_t _times(struct tms *t)
{
	uint64_t ticks = bh_timer_ticks() / (bh_timer_hz() / CLOCKS_PER_SEC);

	t->tms_utime = (clock_t)ticks;
	t->tms_stime = t->tms_cutime = t->tms_cstime = 0;
	return (clock_t)ticks;
}

/* The constructors (C++ static objects, __attribute__((constructor)))
 * before main, from board.ld's .init_array: this newlib build has no
 * __libc_init_array for aarch64-none-elf. */
extern void (*__init_array_start[])(void), (*__init_array_end[])(void);
/*
 * The image's environment: the board names the backend it drives (as a
 * QEMU guest's tests set BAREHIP_BOARD=kmod), for programs that behave
 * differently on a board whose GPU model is barehip-sim on the host.
 */
static char env_board[] = "BAREHIP_BOARD=pci";
static char *board_environ[] = { env_board, 0 };
extern char **environ;

/* main as C programs may declare it, with no command line: the image's
 * name only. */
int main(int argc, char **argv);
static char image_name[] = "image", *image_argv[] = { image_name, 0 };

void bh_board_main(void)
{
	environ = board_environ;
	for (void (**f)(void) = __init_array_start; f < __init_array_end; f++)
		(*f)();
	exit(main(1, image_argv));
}
