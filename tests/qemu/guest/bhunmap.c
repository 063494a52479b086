// SPDX-License-Identifier: MIT
/*
 * bhunmap: free host memory of the GPU, as the loader's kmod backend does
 * it, and report what barehip.ko holds around it.  Through the loader's
 * own API: one host allocation, its free (the backend's GART unmap, then
 * munmap and DMA free), and a second allocation of the same size.  Under
 * barehip-sim --inject ignore:gart-unmap the unmap gets no answer; hiptest
 * (hip_unmap.c) judges the report:
 *
 *   bhunmap: va=0x.. size=N bufs: open=N alloc=N freed=N free_ms=T
 *   bhunmap: second: ok va=0x.. ms=T   |   bhunmap: second: failed ms=T: why
 *   bhunmap: closed: bufs=N bytes=N
 *
 * With the argument "register", the same for registered memory
 * (hipHostRegister): pages of the process pinned by barehip.ko and
 * mapped into the GART (bh_mem_register), unregistered, registered again:
 *
 *   bhunmap: register va=0x.. host=0x.. size=N pins: open=N reg=N freed=N free_ms=T
 *   bhunmap: second: ok va=0x.. ms=T   |   bhunmap: second: failed ms=T: why
 *   bhunmap: closed: pins=N bytes=N
 *
 * after first registering a read-only page, which must fail:
 *
 *   bhunmap: read-only: refused at 0x..   |   bhunmap: read-only: registered
 *
 * The backend's own messages (stderr) go along with it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <sys/mman.h>

#include <bh/backends.h>
#include <bh/loader.h>

#define SIZE		(64ull << 10)	/* one DMA buffer */
#define SYSFS		"/sys/class/barehip/barehip0/"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static long long sysfs_num(const char *attr)
{
	char path[96];
	long long v = -1;
	FILE *f;

	snprintf(path, sizeof(path), SYSFS "%s", attr);
	f = fopen(path, "r");
	if (f) {
		if (fscanf(f, "%lld", &v) != 1)
			v = -1;
		fclose(f);
	}
	return v;
}

/* Three pages of the process, registered from an offset inside the first. */
static int registered(struct bh_device *dev)
{
	struct bh_error err = { 0 };
	struct bh_mem m = { 0 }, m2 = { 0 };
	uint8_t *host = aligned_alloc(4096, 3 * 4096);
	long long open_pins = sysfs_num("pins"), reg_pins, freed_pins;
	uint64_t va, size;
	double t;
	int ret;

	void *ro = mmap(NULL, 4096, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (!host || ro == MAP_FAILED)
		return 1;
	/* The GPU would write it: barehip.ko pins only writable pages. */
	if (bh_mem_register(dev, ro, 4096, &m, &err)) {
		printf("bhunmap: read-only: refused at %p\n", ro);
	} else {
		printf("bhunmap: read-only: registered\n");
		bh_mem_free(dev, &m);
	}
	munmap(ro, 4096);
	memset(host, 0x11, 3 * 4096);
	if (bh_mem_register(dev, host + 100, 2 * 4096, &m, &err)) {
		fprintf(stderr, "bhunmap: register: %s\n", err.message);
		return 1;
	}
	va = m.gpu_va;
	size = m.size;
	reg_pins = sysfs_num("pins");
	t = now_ms();
	bh_mem_free(dev, &m);
	t = now_ms() - t;
	freed_pins = sysfs_num("pins");
	printf("bhunmap: register va=0x%llx host=%p size=%llu pins: open=%lld reg=%lld freed=%lld "
	       "free_ms=%.0f\n", (unsigned long long)va, (void *)host, (unsigned long long)size,
	       open_pins, reg_pins, freed_pins, t);

	t = now_ms();
	ret = bh_mem_register(dev, host + 100, 2 * 4096, &m2, &err);
	t = now_ms() - t;
	if (ret) {
		printf("bhunmap: second: failed ms=%.0f: %s\n", t, err.message);
	} else {
		printf("bhunmap: second: ok va=0x%llx ms=%.0f\n", (unsigned long long)m2.gpu_va, t);
		bh_mem_free(dev, &m2);
	}
	bh_device_close(dev);
	printf("bhunmap: closed: pins=%lld bytes=%lld\n", sysfs_num("pins"),
	       sysfs_num("dma_bytes"));
	free(host);
	return 0;
}

int main(int argc, char **argv)
{
	struct bh_error err = { 0 };
	struct bh_platform *plat;
	struct bh_device *dev = NULL;
	struct bh_mem m = { 0 }, m2 = { 0 };
	long long open_bufs, alloc_bufs, freed_bufs;
	uint64_t va;
	double t;
	int ret;

	setvbuf(stdout, NULL, _IONBF, 0);
	plat = bh_platform_new(&err);
	if (!plat || bh_device_open(&dev, plat, &err)) {
		fprintf(stderr, "bhunmap: %s\n", err.message);
		return 1;
	}
	if (argc > 1 && !strcmp(argv[1], "register"))
		return registered(dev);
	open_bufs = sysfs_num("dma_buffers");
	if (bh_mem_alloc(dev, SIZE, BH_MEM_HOST, &m, &err)) {
		fprintf(stderr, "bhunmap: host allocation: %s\n", err.message);
		bh_device_close(dev);
		return 1;
	}
	va = m.gpu_va;
	((volatile char *)m.cpu)[0] = 1;	/* it is the process's memory too */
	alloc_bufs = sysfs_num("dma_buffers");
	t = now_ms();
	bh_mem_free(dev, &m);
	t = now_ms() - t;
	freed_bufs = sysfs_num("dma_buffers");
	printf("bhunmap: va=0x%llx size=%llu bufs: open=%lld alloc=%lld freed=%lld free_ms=%.0f\n",
	       (unsigned long long)va, SIZE, open_bufs, alloc_bufs, freed_bufs, t);

	t = now_ms();
	ret = bh_mem_alloc(dev, SIZE, BH_MEM_HOST, &m2, &err);
	t = now_ms() - t;
	if (ret) {
		printf("bhunmap: second: failed ms=%.0f: %s\n", t, err.message);
	} else {
		printf("bhunmap: second: ok va=0x%llx ms=%.0f\n", (unsigned long long)m2.gpu_va, t);
		bh_mem_free(dev, &m2);
	}
	bh_device_close(dev);
	printf("bhunmap: closed: bufs=%lld bytes=%lld\n", sysfs_num("dma_buffers"),
	       sysfs_num("dma_bytes"));
	return 0;
}
