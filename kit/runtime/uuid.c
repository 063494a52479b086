// SPDX-License-Identifier: MIT
/*
 * hipDeviceGetUuid (and hipDeviceProp_t.uuid): 16 bytes that name one
 * device of one board.  Boards have no serial number to read, so the UUID
 * is a hash (FNV-1a, two seeds) of what identifies the device: the
 * board's name for it, its target, its PCI address and its ordinal --
 * the same in every run on the same board, different for each device.
 * Shaped as an RFC 4122 name-based UUID (version 5 bits, variant 10).
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "runtime.h"

static uint64_t fnv1a(const char *s, uint64_t h)
{
	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 0x100000001b3ull;
	}
	return h;
}

void bh_rt_device_uuid(const struct bh_rt_device *d, hipUUID *out)
{
	const struct bh_device_info *i = bh_device_get_info(d->dev);
	char id[160];
	uint64_t lo, hi;

	snprintf(id, sizeof(id), "barehip|%s|%s|%04x:%02x:%02x.%x|%d", i->name, i->gfx,
		 i->pci_domain, i->pci_bus, i->pci_device, i->pci_function, d->ordinal);
	lo = fnv1a(id, 0xcbf29ce484222325ull);
	hi = fnv1a(id, lo ^ 0x9e3779b97f4a7c15ull);
	memcpy(out->bytes, &hi, 8);
	memcpy(out->bytes + 8, &lo, 8);
	out->bytes[6] = (char)((out->bytes[6] & 0x0f) | 0x50);
	out->bytes[8] = (char)((out->bytes[8] & 0x3f) | 0x80);
}

hipError_t hipDeviceGetUuid(hipUUID *uuid, hipDevice_t device)
{
	struct bh_rt_device *d;
	hipError_t e;

	if (!uuid)
		return bh_rt_error(hipErrorInvalidValue, "hipDeviceGetUuid: uuid is NULL");
	e = bh_rt_device_get("hipDeviceGetUuid", device, &d);
	if (e)
		return e;
	bh_rt_device_uuid(d, uuid);
	return bh_rt_success();
}
