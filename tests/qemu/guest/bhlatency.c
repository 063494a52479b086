// SPDX-License-Identifier: MIT
/*
 * bhlatency: the doorbell → interrupt round trip as the loader sees it.
 * Through the loader's own API (no HIP runtime): a marker (a RELEASE_MEM
 * that writes the queue's fence and raises an interrupt, no dispatch) is
 * submitted, which rings the doorbell, and waited for, which sleeps until
 * the interrupt.  On the kmod backend that is: store the write pointer,
 * the NOTIFY ioctl, the ivshmem doorbell to the board's eventfd, its CP,
 * the MSI-X back, the wait ioctl waking.  Prints the distribution; the
 * numbers are reported, not judged (TCG timing is the host's load).
 *
 * Usage: bhlatency [ROUNDS]   (the backend as for any program: BAREHIP_BOARD)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <bh/backends.h>
#include <bh/loader.h>

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	unsigned rounds = argc > 1 ? (unsigned)strtoul(argv[1], NULL, 0) : 300;
	struct bh_error err = { 0 };
	struct bh_platform *plat;
	struct bh_device *dev = NULL;
	struct bh_queue *q = NULL;
	uint64_t *t, seq = 0;
	int ret = 1;

	if (rounds < 10 || rounds > 100000 || !(t = calloc(rounds, sizeof(*t)))) {
		fprintf(stderr, "usage: bhlatency [ROUNDS: 10..100000]\n");
		return 2;
	}
	plat = bh_platform_new(&err);
	if (!plat || bh_device_open(&dev, plat, &err) || bh_queue_create(dev, &q, &err)) {
		fprintf(stderr, "bhlatency: %s\n", err.message);
		goto out;
	}
	/* A few to warm up (first faults of the ring pages, caches). */
	for (unsigned i = 0; i < 10 + rounds; i++) {
		uint64_t start = now_ns();

		if (bh_queue_marker(q, 0, &seq, &err) || bh_queue_wait(q, seq, &err)) {
			fprintf(stderr, "bhlatency: marker %u: %s\n", i, err.message);
			goto out;
		}
		if (i >= 10)
			t[i - 10] = now_ns() - start;
	}
	if (bh_queue_completed(q) != seq) {
		fprintf(stderr, "bhlatency: the fence reads %llu, want %llu\n",
			(unsigned long long)bh_queue_completed(q), (unsigned long long)seq);
		goto out;
	}
	qsort(t, rounds, sizeof(*t), by_value);
	printf("latency: doorbell to interrupt as the loader sees it (%s backend, %s): "
	       "median %.1f us, min %.1f, p90 %.1f, max %.1f over %u markers\n", plat->name,
	       bh_device_get_info(dev)->name, t[rounds / 2] / 1e3, t[0] / 1e3,
	       t[rounds * 9 / 10] / 1e3, t[rounds - 1] / 1e3, rounds);
	ret = 0;
out:
	bh_queue_destroy(q);
	bh_device_close(dev);
	bh_platform_delete(plat);
	free(t);
	return ret;
}
