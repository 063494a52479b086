// SPDX-License-Identifier: MIT
/*
 * The platform's mutexes for a hosted backend (sim, kmod, kfd): plain
 * pthread mutexes behind struct bh_platform's mutex_* operations, so
 * that the freestanding loader core can lock without libc.  Installed
 * by select.c on every platform it makes.
 */
#include <pthread.h>
#include <stdlib.h>

#include <bh/backends.h>

static void *lock_create(struct bh_platform *p)
{
	pthread_mutex_t *m = malloc(sizeof(*m));

	(void)p;
	if (m && pthread_mutex_init(m, NULL)) {
		free(m);
		m = NULL;
	}
	return m;
}

static void lock_lock(struct bh_platform *p, void *m)
{
	(void)p;
	pthread_mutex_lock(m);
}

static void lock_unlock(struct bh_platform *p, void *m)
{
	(void)p;
	pthread_mutex_unlock(m);
}

static void lock_destroy(struct bh_platform *p, void *m)
{
	(void)p;
	if (m) {
		pthread_mutex_destroy(m);
		free(m);
	}
}

void bh_platform_install_locks(struct bh_platform *p)
{
	if (!p || p->mutex_create)
		return;		/* the backend brought its own */
	p->mutex_create = lock_create;
	p->mutex_lock = lock_lock;
	p->mutex_unlock = lock_unlock;
	p->mutex_destroy = lock_destroy;
}
