// SPDX-License-Identifier: MIT
/*
 * The ivshmem-doorbell server protocol (see server-ivshmem.h).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* accept4 */
#endif
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "server-ivshmem.h"

#define IVSHMEM_PROTOCOL_VERSION 0
#define IVSHMEM_SERVER_PEER 0
#define IVSHMEM_CLIENT_PEER 1

/* One message: a little-endian int64, and @fd if it is >= 0. */
static int send_msg(int sock, int64_t value, int fd)
{
	union {
		char buf[CMSG_SPACE(sizeof(int))];
		struct cmsghdr align;
	} control;
	uint8_t le[8];
	struct iovec iov = { .iov_base = le, .iov_len = sizeof(le) };
	struct msghdr msg = { .msg_iov = &iov, .msg_iovlen = 1 };

	for (int i = 0; i < 8; i++)
		le[i] = (uint8_t)((uint64_t)value >> (8 * i));
	if (fd >= 0) {
		struct cmsghdr *c;

		memset(&control, 0, sizeof(control));
		msg.msg_control = control.buf;
		msg.msg_controllen = sizeof(control.buf);
		c = CMSG_FIRSTHDR(&msg);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &fd, sizeof(int));
	}
	if (sendmsg(sock, &msg, MSG_NOSIGNAL) != (ssize_t)sizeof(le)) {
		fprintf(stderr, "ivshmem-server: sendmsg: %s\n", strerror(errno));
		return -1;
	}
	return 0;
}

void ivshmem_server_init(struct ivshmem_server *s)
{
	memset(s, 0, sizeof(*s));
	s->listen_fd = -1;
	s->client_fd = -1;
	for (unsigned v = 0; v < IVSHMEM_MAX_VECTORS; v++)
		s->doorbell[v] = s->interrupt[v] = -1;
}

int ivshmem_server_listen(struct ivshmem_server *s, const char *path, unsigned vectors)
{
	struct sockaddr_un addr = { .sun_family = AF_UNIX };

	if (!vectors || vectors > IVSHMEM_MAX_VECTORS) {
		fprintf(stderr, "ivshmem-server: %u vectors (1..%d)\n", vectors,
			IVSHMEM_MAX_VECTORS);
		return -1;
	}
	if (strlen(path) >= sizeof(addr.sun_path)) {
		fprintf(stderr, "ivshmem-server: socket path too long: %s\n", path);
		return -1;
	}
	s->vectors = vectors;
	for (unsigned v = 0; v < vectors; v++) {
		s->doorbell[v] = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		s->interrupt[v] = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
		if (s->doorbell[v] < 0 || s->interrupt[v] < 0) {
			fprintf(stderr, "ivshmem-server: eventfd: %s\n", strerror(errno));
			return -1;
		}
	}
	strcpy(addr.sun_path, path);
	s->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (s->listen_fd < 0 || bind(s->listen_fd, (struct sockaddr *)&addr, sizeof(addr)) ||
	    listen(s->listen_fd, 1)) {
		fprintf(stderr, "ivshmem-server: %s: %s\n", path, strerror(errno));
		return -1;
	}
	strcpy(s->path, path);
	return 0;
}

int ivshmem_server_accept(struct ivshmem_server *s, int shm_fd)
{
	int c = accept4(s->listen_fd, NULL, NULL, SOCK_CLOEXEC);

	if (c < 0) {
		fprintf(stderr, "ivshmem-server: accept: %s\n", strerror(errno));
		return -1;
	}
	s->client_fd = c;
	/* QEMU reads the first three synchronously while realizing the device. */
	if (send_msg(c, IVSHMEM_PROTOCOL_VERSION, -1) ||
	    send_msg(c, IVSHMEM_CLIENT_PEER, -1) ||
	    send_msg(c, -1, shm_fd))
		return -1;
	/* The one existing peer: us.  Guest doorbells to peer 0 land here. */
	for (unsigned v = 0; v < s->vectors; v++)
		if (send_msg(c, IVSHMEM_SERVER_PEER, s->doorbell[v]))
			return -1;
	/* The client's own vectors: our writes become its MSI-X interrupts. */
	for (unsigned v = 0; v < s->vectors; v++)
		if (send_msg(c, IVSHMEM_CLIENT_PEER, s->interrupt[v]))
			return -1;
	return 0;
}

int ivshmem_server_interrupt(struct ivshmem_server *s, unsigned vector)
{
	uint64_t one = 1;

	if (vector >= s->vectors)
		return -1;
	return write(s->interrupt[vector], &one, sizeof(one)) == sizeof(one) ? 0 : -1;
}

void ivshmem_server_close(struct ivshmem_server *s)
{
	for (unsigned v = 0; v < IVSHMEM_MAX_VECTORS; v++) {
		if (s->doorbell[v] >= 0)
			close(s->doorbell[v]);
		if (s->interrupt[v] >= 0)
			close(s->interrupt[v]);
		s->doorbell[v] = s->interrupt[v] = -1;
	}
	if (s->client_fd >= 0)
		close(s->client_fd);
	if (s->listen_fd >= 0)
		close(s->listen_fd);
	s->client_fd = s->listen_fd = -1;
	if (s->path[0])
		unlink(s->path);
	s->path[0] = 0;
}
