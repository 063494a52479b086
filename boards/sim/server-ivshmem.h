/* SPDX-License-Identifier: MIT */
/*
 * The server side of QEMU's ivshmem-doorbell protocol (docs: QEMU's
 * ivshmem-spec.txt; Debian ships no ivshmem-server).  The board is the
 * server and peer 0 itself, without a socket; QEMU connects as peer 1.
 *
 * Every message is one little-endian int64, optionally with one file
 * descriptor (SCM_RIGHTS).  To a new client the server sends: the
 * protocol version (0); the client's id; -1 with the shared memory;
 * for each existing peer, its id once per vector with that peer's
 * eventfd (the client writes it to ring the peer); then the client's
 * own id once per vector with the eventfd it receives interrupts on.
 */
#ifndef BH_SERVER_IVSHMEM_H
#define BH_SERVER_IVSHMEM_H

#include <stdint.h>

#define IVSHMEM_MAX_VECTORS 32

struct ivshmem_server {
	int listen_fd;
	int client_fd;			/* -1 until QEMU connects */
	unsigned vectors;
	int doorbell[IVSHMEM_MAX_VECTORS];	/* ours: QEMU writes, we read */
	int interrupt[IVSHMEM_MAX_VECTORS];	/* the guest's: we write, MSI-X */
	char path[108];
};

/* No descriptors yet: ivshmem_server_close() is safe after this. */
void ivshmem_server_init(struct ivshmem_server *s);
/* Listen on @path; 0 or -1 with a message on stderr. */
int ivshmem_server_listen(struct ivshmem_server *s, const char *path, unsigned vectors);
/* Accept the one client and send it the setup; 0 or -1. */
int ivshmem_server_accept(struct ivshmem_server *s, int shm_fd);
/* Raise interrupt @vector in the guest (MSI-X vector @vector). */
int ivshmem_server_interrupt(struct ivshmem_server *s, unsigned vector);
/* Close everything and remove the socket file. */
void ivshmem_server_close(struct ivshmem_server *s);

#endif /* BH_SERVER_IVSHMEM_H */
