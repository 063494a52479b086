// SPDX-License-Identifier: MIT
/*
 * Events, as kfd_events.c has them.  Signal events own a 64-bit slot of
 * the event page (ids 1..4095, bounded by the part of the page user mode
 * has mapped; id 0 is reserved, as amdkfd reserves it to drop the CP's
 * interrupts without a context id); the others take ids from 4096 up.  A slot reads
 * UNSIGNALED (~0) until the GPU writes it; the interrupt that follows
 * sets the event and rearms the slot (kfd_signal_event_interrupt).
 * set_event auto-resets only if it woke a waiter, as amdkfd's does.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "internal.h"

#define FIRST_NONSIGNAL_ID	KFD_SIGNAL_EVENT_LIMIT
#define TIMEOUT_INFINITE	0xffffffffu

int kfdsim_events_init(struct kfdsim_proc *p)
{
	pthread_condattr_t ca;

	pthread_mutex_init(&p->ev_lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&p->ev_cond, &ca);
	pthread_condattr_destroy(&ca);
	p->own_page_fd = -1;
	p->signal_fd = -1;
	p->next_other_id = FIRST_NONSIGNAL_ID;
	p->signal_count = 1;	/* kfd_event_init_process: id 0 is taken */
	return 0;
}

void kfdsim_events_fini(struct kfdsim_proc *p)
{
	for (unsigned i = 0; i < p->cap_events; i++)
		free(p->events[i]);
	free(p->events);
	if (p->own_page_fd >= 0) {
		munmap(p->slots, KFDSIM_EVENT_PAGE_SIZE);
		close(p->own_page_fd);
	}
	pthread_cond_destroy(&p->ev_cond);
	pthread_mutex_destroy(&p->ev_lock);
}

static struct kfdsim_event *lookup(struct kfdsim_proc *p, uint32_t id)
{
	for (unsigned i = 0; i < p->cap_events; i++)
		if (p->events[i] && p->events[i]->id == id)
			return p->events[i];
	return NULL;
}

static int insert(struct kfdsim_proc *p, struct kfdsim_event *ev)
{
	for (unsigned i = 0; i < p->cap_events; i++)
		if (!p->events[i]) {
			p->events[i] = ev;
			p->nevents++;
			return 0;
		}
	unsigned cap = p->cap_events ? 2 * p->cap_events : 64;
	struct kfdsim_event **e = realloc(p->events, cap * sizeof(*e));

	if (!e)
		return -ENOMEM;
	memset(e + p->cap_events, 0, (cap - p->cap_events) * sizeof(*e));
	e[p->cap_events] = ev;
	p->events = e;
	p->cap_events = cap;
	p->nevents++;
	return 0;
}

/* The fake's own event page, made on the first signal event. */
static int own_page(struct kfdsim_proc *p)
{
	int fd = memfd_create("kfdsim-events", MFD_CLOEXEC);
	void *m;

	if (fd < 0)
		return -ENOMEM;
	if (ftruncate(fd, KFDSIM_EVENT_PAGE_SIZE)) {
		close(fd);
		return -ENOMEM;
	}
	m = mmap(NULL, KFDSIM_EVENT_PAGE_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (m == MAP_FAILED) {
		close(fd);
		return -ENOMEM;
	}
	memset(m, 0xff, KFDSIM_EVENT_PAGE_SIZE);
	p->own_page_fd = fd;
	p->signal_fd = fd;
	p->slots = m;
	/* "Oldest user mode expects 256 event slots" */
	p->signal_mapped_size = 256 * 8;
	return 0;
}

/* The caller (kfd.c) has checked the BO as kfd_kmap_event_page does. */
int kfdsim_event_create(struct kfdsim_proc *p, struct kfd_ioctl_create_event_args *a,
			void *user_page, uint64_t user_size, uint64_t handle, int fd)
{
	struct kfdsim_event *ev;
	uint32_t id = 0;
	int err;

	if (user_page) {	/* kfd_event_page_set */
		memset(user_page, 0xff, KFDSIM_EVENT_PAGE_SIZE);
		p->slots = user_page;
		/* amdkfd takes the BO's size; ids past 4095 would not be
		 * signal ids, so the fake stops at the page. */
		p->signal_mapped_size = user_size > KFDSIM_EVENT_PAGE_SIZE ?
					KFDSIM_EVENT_PAGE_SIZE : user_size;
		p->signal_handle = handle;
		p->signal_fd = fd;
	}
	a->event_page_offset = 0;
	ev = calloc(1, sizeof(*ev));
	if (!ev)
		return -ENOMEM;
	ev->type = a->event_type;
	ev->auto_reset = a->auto_reset != 0;
	if (a->event_type == KFD_IOC_EVENT_SIGNAL || a->event_type == KFD_IOC_EVENT_DEBUG_EVENT) {
		if (!p->slots && (err = own_page(p))) {
			free(ev);
			return err;
		}
		uint32_t limit = (uint32_t)(p->signal_mapped_size / 8);

		/* create_signal_event: full when every mapped slot is taken */
		if (p->signal_count == limit) {
			free(ev);
			return -ENOSPC;
		}
		/* idr_alloc(&p->event_idr, ev, 0, signal_mapped_size / 8); 0 is taken */
		for (id = 1; id < limit; id++)
			if (!lookup(p, id))
				break;
		if (id >= limit) {
			free(ev);
			return -ENOSPC;
		}
		ev->id = id;
		__atomic_store_n(&p->slots[id], KFDSIM_UNSIGNALED_SLOT, __ATOMIC_RELAXED);
		p->signal_count++;
		a->event_page_offset = KFDSIM_MMAP_EVENTS;
		a->event_slot_index = id;
	} else {
		/* idr_alloc(.., KFD_FIRST_NONSIGNAL_EVENT_ID, KFD_LAST_NONSIGNAL_EVENT_ID) */
		id = p->next_other_id;
		while (lookup(p, id))
			id = id == 0xfffffffeu ? FIRST_NONSIGNAL_ID : id + 1;
		p->next_other_id = id + 1;
		ev->id = id;
	}
	if ((err = insert(p, ev))) {
		free(ev);
		return err;
	}
	a->event_id = ev->id;
	a->event_trigger_data = ev->id;
	return 0;
}

int kfdsim_event_destroy(struct kfdsim_proc *p, uint32_t id)
{
	struct kfdsim_event *ev = lookup(p, id);

	if (!ev)
		return -EINVAL;
	/* Waiters on it see the event gone (destroy_event wakes them). */
	for (struct kfdsim_wait *w = p->waits; w; w = w->next)
		for (unsigned i = 0; i < w->n; i++)
			if (w->w[i].ev == ev) {
				w->w[i].ev = NULL;
				w->w[i].gone = true;
			}
	pthread_cond_broadcast(&p->ev_cond);
	if (ev->type == KFD_IOC_EVENT_SIGNAL || ev->type == KFD_IOC_EVENT_DEBUG_EVENT)
		p->signal_count--;
	for (unsigned i = 0; i < p->cap_events; i++)
		if (p->events[i] == ev)
			p->events[i] = NULL;
	p->nevents--;
	free(ev);
	return 0;
}

/* set_event: wake the waiters; auto-reset only if one was woken. */
static void set_event(struct kfdsim_proc *p, struct kfdsim_event *ev)
{
	bool woke = false;

	for (struct kfdsim_wait *w = p->waits; w; w = w->next)
		for (unsigned i = 0; i < w->n; i++)
			if (w->w[i].ev == ev) {
				w->w[i].activated = true;
				woke = true;
			}
	ev->signaled = !ev->auto_reset || !woke;
	if (woke)
		pthread_cond_broadcast(&p->ev_cond);
}

int kfdsim_event_set(struct kfdsim_proc *p, uint32_t id)
{
	struct kfdsim_event *ev = lookup(p, id);

	/* Only signal events can be signalled by the CPU. */
	if (!ev || ev->type != KFD_IOC_EVENT_SIGNAL)
		return -EINVAL;
	set_event(p, ev);
	return 0;
}

int kfdsim_event_reset(struct kfdsim_proc *p, uint32_t id)
{
	struct kfdsim_event *ev = lookup(p, id);

	/* Like SET_EVENT, only for events the CPU may signal. */
	if (!ev || ev->type != KFD_IOC_EVENT_SIGNAL)
		return -EINVAL;
	ev->signaled = false;
	return 0;
}

/* Interrupts come from the board (kfd_signal_event_interrupt, 32 valid bits). */
static void signal_from_interrupt(struct kfdsim_proc *p, struct kfdsim_event *ev)
{
	if (ev->type != KFD_IOC_EVENT_SIGNAL && ev->type != KFD_IOC_EVENT_DEBUG_EVENT)
		return;
	__atomic_store_n(&p->slots[ev->id], KFDSIM_UNSIGNALED_SLOT, __ATOMIC_RELAXED);
	set_event(p, ev);
}

static bool slot_signaled(struct kfdsim_proc *p, uint32_t id)
{
	return id < p->signal_mapped_size / 8 &&
	       __atomic_load_n(&p->slots[id], __ATOMIC_ACQUIRE) != KFDSIM_UNSIGNALED_SLOT;
}

void kfdsim_event_interrupt(struct kfdsim_proc *p, uint32_t ctxid)
{
	struct kfdsim_event *ev;

	pthread_mutex_lock(&p->ev_lock);
	if (!p->slots)
		goto out;
	ev = ctxid < KFD_SIGNAL_EVENT_LIMIT && slot_signaled(p, ctxid) ? lookup(p, ctxid) : NULL;
	if (ev) {
		signal_from_interrupt(p, ev);
	} else {
		/* The id in the payload was not a signalled event: search them all. */
		for (unsigned i = 0; i < p->cap_events; i++) {
			ev = p->events[i];
			if (ev && ev->id < KFD_SIGNAL_EVENT_LIMIT && slot_signaled(p, ev->id))
				signal_from_interrupt(p, ev);
		}
	}
out:
	pthread_mutex_unlock(&p->ev_lock);
}

void kfdsim_event_vm_fault(struct kfdsim_proc *p, const struct kfd_hsa_memory_exception_data *d)
{
	pthread_mutex_lock(&p->ev_lock);
	for (unsigned i = 0; i < p->cap_events; i++) {
		struct kfdsim_event *ev = p->events[i];

		if (ev && ev->type == KFD_IOC_EVENT_MEMORY) {
			ev->mem = *d;
			set_event(p, ev);
		}
	}
	pthread_mutex_unlock(&p->ev_lock);
}

void kfdsim_event_hw_exception(struct kfdsim_proc *p, const struct kfd_hsa_hw_exception_data *d)
{
	pthread_mutex_lock(&p->ev_lock);
	for (unsigned i = 0; i < p->cap_events; i++) {
		struct kfdsim_event *ev = p->events[i];

		if (ev && ev->type == KFD_IOC_EVENT_HW_EXCEPTION) {
			ev->hw = *d;
			set_event(p, ev);
		}
	}
	pthread_mutex_unlock(&p->ev_lock);
}

static unsigned condition(struct kfdsim_wait *w, bool all)
{
	unsigned done = 0;

	for (unsigned i = 0; i < w->n; i++) {
		if (w->w[i].gone)
			return KFD_IOC_WAIT_RESULT_FAIL;
		if (w->w[i].activated) {
			if (!all)
				return KFD_IOC_WAIT_RESULT_COMPLETE;
			done++;
		}
	}
	return done == w->n ? KFD_IOC_WAIT_RESULT_COMPLETE : KFD_IOC_WAIT_RESULT_TIMEOUT;
}

/* copy_signaled_event_data: the exception data of the events that fired. */
static int copy_out(struct kfdsim_wait *w, uint64_t events)
{
	for (unsigned i = 0; i < w->n; i++) {
		struct kfdsim_event *ev = w->w[i].ev;
		uint64_t dst = events + i * sizeof(struct kfd_event_data);

		if (!ev)
			return -EINVAL;	/* destroyed after it fired */
		if (!w->w[i].activated)
			continue;
		if (ev->type == KFD_IOC_EVENT_MEMORY &&
		    kfdsim_copy_to_user(dst, &ev->mem, sizeof(ev->mem)))
			return -EFAULT;
		if (ev->type == KFD_IOC_EVENT_HW_EXCEPTION &&
		    kfdsim_copy_to_user(dst, &ev->hw, sizeof(ev->hw)))
			return -EFAULT;
	}
	return 0;
}

/* Called without ev_lock. */
int kfdsim_event_wait(struct kfdsim_proc *p, struct kfd_ioctl_wait_events_args *a)
{
	struct kfdsim_wait w = { NULL, NULL, a->num_events };
	struct timespec deadline;
	int ret = 0;

	w.w = calloc(a->num_events ? a->num_events : 1, sizeof(*w.w));
	if (!w.w)
		return -ENOMEM;
	clock_gettime(CLOCK_MONOTONIC, &deadline);
	deadline.tv_sec += a->timeout / 1000;
	deadline.tv_nsec += (long)(a->timeout % 1000) * 1000000;
	if (deadline.tv_nsec >= 1000000000) {
		deadline.tv_sec++;
		deadline.tv_nsec -= 1000000000;
	}
	pthread_mutex_lock(&p->ev_lock);
	for (unsigned i = 0; i < a->num_events; i++) {
		struct kfd_event_data d;

		if (kfdsim_copy_from_user(&d, a->events_ptr + i * sizeof(d), sizeof(d))) {
			ret = -EFAULT;
			goto out;
		}
		struct kfdsim_event *ev = lookup(p, d.event_id);

		if (!ev) {
			ret = -EINVAL;
			goto out;
		}
		/* init_event_waiter: a signalled event fires now (and auto-resets). */
		w.w[i].ev = ev;
		w.w[i].activated = ev->signaled;
		ev->signaled = ev->signaled && !ev->auto_reset;
	}
	w.next = p->waits;
	p->waits = &w;
	for (;;) {
		a->wait_result = condition(&w, a->wait_for_all != 0);
		if (a->wait_result != KFD_IOC_WAIT_RESULT_TIMEOUT || a->timeout == 0)
			break;
		if (a->timeout == TIMEOUT_INFINITE)
			pthread_cond_wait(&p->ev_cond, &p->ev_lock);
		else if (pthread_cond_timedwait(&p->ev_cond, &p->ev_lock, &deadline) == ETIMEDOUT) {
			a->wait_result = condition(&w, a->wait_for_all != 0);
			break;
		}
	}
	for (struct kfdsim_wait **pp = &p->waits; *pp; pp = &(*pp)->next)
		if (*pp == &w) {
			*pp = w.next;
			break;
		}
	if (a->wait_result == KFD_IOC_WAIT_RESULT_COMPLETE)
		ret = copy_out(&w, a->events_ptr);
out:
	pthread_mutex_unlock(&p->ev_lock);
	free(w.w);
	/* An error fails the wait; a destroyed event fails it with EIO. */
	if (ret)
		a->wait_result = KFD_IOC_WAIT_RESULT_FAIL;
	else if (a->wait_result == KFD_IOC_WAIT_RESULT_FAIL)
		ret = -EIO;
	return ret;
}

int kfdsim_event_mmap_fd(struct kfdsim_proc *p, size_t len)
{
	int fd;

	/* kfd_event_mmap: no larger (in page order) than 4096 slots. */
	if (len > KFDSIM_EVENT_PAGE_SIZE)
		return -EINVAL;
	pthread_mutex_lock(&p->ev_lock);
	fd = p->signal_fd;
	if (fd >= 0)
		p->signal_mapped_size = len;
	pthread_mutex_unlock(&p->ev_lock);
	/* No page yet: "Signal page could not be found" */
	return fd >= 0 ? fd : -EINVAL;
}
