/* SPDX-License-Identifier: MIT */
/*
 * POSIX threads for a runtime built with CONFIG_HOST_THREADS off: a host
 * with one thread and no operating system (a bare-metal board,
 * docs/baremetal.md).  On the include path of that build only, ahead of
 * the C library's headers.
 *
 * The runtime's locks guard state shared between host threads; with one
 * thread there is nothing to guard, so a mutex only counts how deep it
 * is held (recursive use, as register.c's lock allows, is fine).  A
 * one-time initialisation runs once; thread keys hold one value each.
 * The runtime never waits on a condition variable in this build (host
 * operations run inline: hostop.c): a wait would wait for a thread that
 * does not exist, so it stops the program with a message instead of
 * hanging.  pthread_create fails with EAGAIN.
 */
#ifndef BH_NOTHREAD_PTHREAD_H
#define BH_NOTHREAD_PTHREAD_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>
#include <time.h>

/* newlib's <sys/types.h> may have typedefs of these names for its own
 * threads (RTEMS-style), included above once: ours take other names. */
#define pthread_mutex_t		bh_nt_mutex_t
#define pthread_mutexattr_t	bh_nt_mutexattr_t
#define pthread_cond_t		bh_nt_cond_t
#define pthread_once_t		bh_nt_once_t
#define pthread_key_t		bh_nt_key_t
#define pthread_t		bh_nt_thread_t
#define pthread_attr_t		bh_nt_attr_t

typedef struct {
	unsigned depth;
} pthread_mutex_t;
typedef struct {
	int type;
} pthread_mutexattr_t;
typedef struct {
	int unused;
} pthread_cond_t;
typedef int pthread_once_t;
typedef unsigned pthread_key_t;
typedef unsigned long pthread_t;
typedef int pthread_attr_t;

#define PTHREAD_MUTEX_INITIALIZER	{ 0 }
#define PTHREAD_COND_INITIALIZER	{ 0 }
#define PTHREAD_ONCE_INIT		0
#define PTHREAD_MUTEX_NORMAL		0
#define PTHREAD_MUTEX_RECURSIVE		1
#define BH_NOTHREAD_KEYS		8

static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
	(void)a;
	m->depth = 0;
	return 0;
}

static inline int pthread_mutex_destroy(pthread_mutex_t *m)
{
	(void)m;
	return 0;
}

static inline int pthread_mutex_lock(pthread_mutex_t *m)
{
	m->depth++;
	return 0;
}

static inline int pthread_mutex_unlock(pthread_mutex_t *m)
{
	m->depth--;
	return 0;
}

static inline int pthread_mutexattr_init(pthread_mutexattr_t *a)
{
	a->type = PTHREAD_MUTEX_NORMAL;
	return 0;
}

static inline int pthread_mutexattr_settype(pthread_mutexattr_t *a, int type)
{
	a->type = type;
	return 0;
}

static inline int pthread_mutexattr_destroy(pthread_mutexattr_t *a)
{
	(void)a;
	return 0;
}

static inline int pthread_once(pthread_once_t *once, void (*fn)(void))
{
	if (!*once) {
		*once = 1;
		fn();
	}
	return 0;
}

static inline pthread_t pthread_self(void)
{
	return 1;
}

/* No thread ends but the program's: key destructors never run. */
static inline int pthread_key_create(pthread_key_t *key, void (*destructor)(void *))
{
	static unsigned next;

	(void)destructor;
	if (next == BH_NOTHREAD_KEYS)
		return EAGAIN;
	*key = next++;
	return 0;
}

static inline void **bh_nothread_key_slot(pthread_key_t key)
{
	static void *values[BH_NOTHREAD_KEYS];

	return &values[key % BH_NOTHREAD_KEYS];
}

static inline int pthread_setspecific(pthread_key_t key, const void *value)
{
	*bh_nothread_key_slot(key) = (void *)(unsigned long)value;
	return 0;
}

static inline void *pthread_getspecific(pthread_key_t key)
{
	return *bh_nothread_key_slot(key);
}

static inline int pthread_create(pthread_t *t, const pthread_attr_t *a, void *(*fn)(void *),
				 void *arg)
{
	(void)t;
	(void)a;
	(void)fn;
	(void)arg;
	return EAGAIN;
}

static inline int pthread_join(pthread_t t, void **ret)
{
	(void)t;
	(void)ret;
	return ESRCH;
}

static inline int pthread_detach(pthread_t t)
{
	(void)t;
	return ESRCH;
}

static inline int pthread_cond_signal(pthread_cond_t *c)
{
	(void)c;
	return 0;
}

static inline int pthread_cond_broadcast(pthread_cond_t *c)
{
	(void)c;
	return 0;
}

static inline void bh_nothread_no_wait(void)
{
	fputs("barehip: a wait for another host thread in a runtime without threads "
	      "(CONFIG_HOST_THREADS off); stopping\n", stderr);
	abort();
}

static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	(void)c;
	(void)m;
	bh_nothread_no_wait();
	return 0;
}

static inline int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m,
					 const struct timespec *t)
{
	(void)c;
	(void)m;
	(void)t;
	bh_nothread_no_wait();
	return 0;
}

#endif /* BH_NOTHREAD_PTHREAD_H */
