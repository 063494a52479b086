// SPDX-License-Identifier: MIT
/*
 * The board's dispatch workers: host threads that run the workgroups of
 * a dispatch (dispatch.c) alongside the thread that calls
 * dispatch_direct.  They are made with the board and live as long as
 * it: a dispatch only wakes them (a launch must stay cheap), and one
 * whose workgroups all fit one worker's share wakes none.
 *
 * Worker 0 is the CP's thread; workers 1..nworkers-1 are threads
 * waiting on pool_cv until a running dispatch has resident slots of
 * theirs (pool_want), then running rounds over all running dispatches
 * (dispatch.c, engine_work) until none has.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "model.h"

#define MAX_WORKERS 256

static void *worker_main(void *arg)
{
	struct sim_worker *wk = arg;
	struct bh_sim *sim = wk->sim;

	for (;;) {
		pthread_mutex_lock(&sim->pool_lock);
		while (wk->id >= sim->pool_want && !sim->pool_exit)
			pthread_cond_wait(&sim->pool_cv, &sim->pool_lock);
		if (sim->pool_exit) {
			pthread_mutex_unlock(&sim->pool_lock);
			return NULL;
		}
		sim->pool_running++;
		pthread_mutex_unlock(&sim->pool_lock);
		/* Until no running dispatch has slots of it (it counts itself
		 * out of pool_running there, under pool_lock). */
		engine_work(wk);
	}
}

static unsigned online_cores(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > MAX_WORKERS ? MAX_WORKERS : (unsigned)n;
}

int sim_pool_start(struct bh_sim *sim, char *why)
{
	unsigned n = sim->cfg.threads ? sim->cfg.threads : online_cores();

	/* The trace is one stream in one order: one worker. */
	if (sim->cfg.trace || n < 1)
		n = 1;
	if (n > MAX_WORKERS) {
		if (why)
			snprintf(why, 256, "%u host threads for the model: at most %u", n,
				 MAX_WORKERS);
		return -1;
	}
	pthread_mutex_init(&sim->pool_lock, NULL);
	pthread_cond_init(&sim->pool_cv, NULL);
	pthread_cond_init(&sim->done_cv, NULL);
	sim->pool_ready = true;
	sim->workers = aligned_alloc(64, n * sizeof(*sim->workers));
	if (!sim->workers)
		goto oom;
	memset(sim->workers, 0, n * sizeof(*sim->workers));
	sim->nworkers = n;
	for (unsigned i = 0; i < n; i++) {
		struct sim_worker *wk = &sim->workers[i];

		wk->sim = sim;
		wk->id = i;
		wk->icache = calloc(1, sizeof(*wk->icache));
		if (!wk->icache)
			goto oom;
		wk->icache->generation = 1;
	}
	for (unsigned i = 1; i < n; i++) {
		if (pthread_create(&sim->workers[i].thread, NULL, worker_main, &sim->workers[i])) {
			if (why)
				snprintf(why, 256, "cannot start model host thread %u of %u", i, n);
			return -1;
		}
		sim->workers[i].started = true;
	}
	return 0;
oom:
	if (why)
		snprintf(why, 256, "out of memory for %u model workers", n);
	return -1;
}

/* Safe on a pool that started partly (or not at all): bh_sim_create's failure path. */
void sim_pool_stop(struct bh_sim *sim)
{
	if (!sim->pool_ready)
		return;
	pthread_mutex_lock(&sim->pool_lock);
	sim->pool_exit = true;
	pthread_cond_broadcast(&sim->pool_cv);
	pthread_mutex_unlock(&sim->pool_lock);
	for (unsigned i = 0; sim->workers && i < sim->nworkers; i++) {
		if (sim->workers[i].started)
			pthread_join(sim->workers[i].thread, NULL);
		free(sim->workers[i].icache);
	}
	free(sim->workers);
	sim->workers = NULL;
	pthread_cond_destroy(&sim->pool_cv);
	pthread_cond_destroy(&sim->done_cv);
	pthread_mutex_destroy(&sim->pool_lock);
}
