// SPDX-License-Identifier: MIT
/*
 * Debian's libhsakmt (the ROCm 5.2 thunk) on the fake amdkfd, run under
 * build/bin/barehip-kfdsim: open, the topology, a GPU node's properties
 * and memory banks, VRAM and system memory allocated and mapped to the
 * GPU, an AQL compute queue given the GPU's global wave sync (GWS)
 * resources (as ROCm's KFDGWSTest.Allocate: hsaKmtAllocQueueGWS with the
 * node's NumGws, 64, gives first GWS 0; a second ask is KFD's EBUSY,
 * OUT_OF_RESOURCES), a signal event set and waited on; then everything
 * destroyed and freed.  Every other call must return
 * HSAKMT_STATUS_SUCCESS; each prints a line.  The target expected is
 * BAREHIP_KFDSIM_GFX's (default gfx90a).
 *
 * On gfx942 hsaKmtCreateQueue is refused (EINVAL), as an amdkfd that
 * knows gfx942 and checks queue buffers (kfd_queue_acquire_buffers,
 * Linux 6.12+; the fake does, docs/kfdsim.md) refuses it from a
 * libhsakmt this old: libhsakmt 5.2 sizes the context save area
 * (update_ctx_save_restore_size) from the whole GPU's CUs with gfx9.0's
 * VGPR file, amdkfd from one XCC's CUs with gfx 9.4's.  With
 * --queue-refused the test expects exactly that.
 */
#include <hsakmt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures;

static int check(const char *what, HSAKMT_STATUS st)
{
	printf("%-44s %s (status %d)\n", what, st == HSAKMT_STATUS_SUCCESS ? "ok" : "FAIL", (int)st);
	if (st != HSAKMT_STATUS_SUCCESS)
		failures++;
	return st == HSAKMT_STATUS_SUCCESS;
}

static void expect(const char *what, int ok)
{
	printf("%-44s %s\n", what, ok ? "ok" : "FAIL");
	if (!ok)
		failures++;
}

/* Allocate @size bytes on @node with @flags, map them to the GPUs, check. */
static void *alloc_mapped(const char *what, HSAuint32 node, HSAuint64 size, HsaMemFlags flags)
{
	char line[96];
	void *p = NULL;
	HSAuint64 gpuva = 0;

	snprintf(line, sizeof(line), "hsaKmtAllocMemory(%s, %llu KiB)", what,
		 (unsigned long long)size >> 10);
	if (!check(line, hsaKmtAllocMemory(node, size, flags, &p)) || !p)
		return NULL;
	snprintf(line, sizeof(line), "hsaKmtMapMemoryToGPU(%s)", what);
	if (!check(line, hsaKmtMapMemoryToGPU(p, size, &gpuva))) {
		hsaKmtFreeMemory(p, size);
		return NULL;
	}
	printf("  %s at %p, GPU VA %#llx\n", what, p, (unsigned long long)gpuva);
	return p;
}

static void unmap_free(const char *what, void *p, HSAuint64 size)
{
	char line[96];

	if (!p)
		return;
	snprintf(line, sizeof(line), "hsaKmtUnmapMemoryToGPU(%s)", what);
	check(line, hsaKmtUnmapMemoryToGPU(p));
	snprintf(line, sizeof(line), "hsaKmtFreeMemory(%s)", what);
	check(line, hsaKmtFreeMemory(p, size));
}

int main(int argc, char **argv)
{
	int queue_refused = argc > 1 && !strcmp(argv[1], "--queue-refused");
	const char *gfx = getenv("BAREHIP_KFDSIM_GFX");
	unsigned want_major = 9, want_minor = 0, want_step = 10;
	HsaVersionInfo ver;
	HsaSystemProperties sys;
	HsaNodeProperties props;
	HSAuint32 gpu = 0;
	char line[128];

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (gfx && !strcmp(gfx, "gfx942")) {
		want_minor = 4;
		want_step = 2;
	}
	if (!check("hsaKmtOpenKFD", hsaKmtOpenKFD()))
		return 1;
	if (check("hsaKmtGetVersion", hsaKmtGetVersion(&ver)))
		printf("  KFD interface %u.%u\n", ver.KernelInterfaceMajorVersion,
		       ver.KernelInterfaceMinorVersion);
	if (!check("hsaKmtAcquireSystemProperties", hsaKmtAcquireSystemProperties(&sys)))
		return 1;
	printf("  %u nodes\n", sys.NumNodes);
	expect("a CPU node and at least one GPU node", sys.NumNodes >= 2);

	for (HSAuint32 n = 0; n < sys.NumNodes; n++) {
		snprintf(line, sizeof(line), "hsaKmtGetNodeProperties(%u)", n);
		if (check(line, hsaKmtGetNodeProperties(n, &props)) && props.NumFComputeCores &&
		    !gpu)
			gpu = n;
	}
	expect("a GPU node (SIMDs > 0)", gpu != 0);
	if (!gpu)
		goto close;
	check("hsaKmtGetNodeProperties(GPU)", hsaKmtGetNodeProperties(gpu, &props));
	printf("  node %u: gfx %u.%u.%u, %u SIMDs, %u per CU, wave %u, device %#x, renderD%d, "
	       "%u banks\n", gpu, props.EngineId.ui32.Major, props.EngineId.ui32.Minor,
	       props.EngineId.ui32.Stepping, props.NumFComputeCores, props.NumSIMDPerCU,
	       props.WaveFrontSize, props.DeviceId, props.DrmRenderMinor, props.NumMemoryBanks);
	snprintf(line, sizeof(line), "gfx version %u.%u.%u", want_major, want_minor, want_step);
	expect(line, props.EngineId.ui32.Major == want_major &&
		     props.EngineId.ui32.Minor == want_minor &&
		     props.EngineId.ui32.Stepping == want_step);
	expect("4 SIMDs per CU", props.NumSIMDPerCU == 4);
	expect("SIMD count a non-zero multiple of 4",
	       props.NumFComputeCores && props.NumFComputeCores % 4 == 0);
	expect("wave size 64", props.WaveFrontSize == 64);
	expect("a PCI device id", props.DeviceId != 0);
	expect("a render node", props.DrmRenderMinor >= 128);
	printf("  NumGws %u\n", (unsigned)props.NumGws);
	expect("64 GWS (NumGws)", props.NumGws == 64);

	HSAuint64 vram_size = 0;
	if (props.NumMemoryBanks) {
		HsaMemoryProperties *mem = calloc(props.NumMemoryBanks, sizeof(*mem));

		if (mem && check("hsaKmtGetNodeMemoryProperties(GPU)",
				 hsaKmtGetNodeMemoryProperties(gpu, props.NumMemoryBanks, mem)))
			for (HSAuint32 b = 0; b < props.NumMemoryBanks; b++) {
				printf("  bank %u: heap %d, %llu MiB\n", b, (int)mem[b].HeapType,
				       (unsigned long long)mem[b].SizeInBytes >> 20);
				if (mem[b].HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PUBLIC ||
				    mem[b].HeapType == HSA_HEAPTYPE_FRAME_BUFFER_PRIVATE)
					vram_size += mem[b].SizeInBytes;
			}
		free(mem);
	}
	expect("VRAM in the GPU's memory banks", vram_size > 0);

	/* VRAM: non-paged on the GPU node, no host access. */
	HsaMemFlags vf = { 0 };
	vf.ui32.NonPaged = 1;
	vf.ui32.PageSize = HSA_PAGE_SIZE_4KB;
	vf.ui32.NoSubstitute = 1;
	const HSAuint64 vsize = 2u << 20;
	void *vram = alloc_mapped("VRAM", gpu, vsize, vf);

	/* System memory the host and the GPU both use. */
	HsaMemFlags sf = { 0 };
	sf.ui32.HostAccess = 1;
	sf.ui32.PageSize = HSA_PAGE_SIZE_4KB;
	sf.ui32.NoNUMABind = 1;
	const HSAuint64 ssize = 64u << 10;
	void *sysmem = alloc_mapped("system", 0, ssize, sf);
	if (sysmem) {
		memset(sysmem, 0x5a, ssize);
		expect("system memory writable by the host", ((unsigned char *)sysmem)[ssize - 1] == 0x5a);
	}

	/* An AQL compute queue on a ring in system memory (as ROCr makes). */
	HsaMemFlags qf = sf;
	qf.ui32.AQLQueueMemory = 0;
	const HSAuint64 qsize = 64u << 10;
	void *ring = alloc_mapped("queue ring", 0, qsize, qf);
	/* The read and write pointers the caller provides (ROCr: in its
	 * amd_queue_t), in one page of their own. */
	const HSAuint64 psize = 4096;
	void *ptrs = alloc_mapped("queue pointers", 0, psize, qf);
	HsaQueueResource qr;
	int have_queue = 0;
	memset(&qr, 0, sizeof(qr));
	if (ring && ptrs) {
		memset(ring, 0, qsize);
		memset(ptrs, 0, psize);
		qr.Queue_read_ptr_aql = (HSAuint64 *)ptrs;
		qr.Queue_write_ptr_aql = (HSAuint64 *)ptrs + 8;
		HSAKMT_STATUS qst = hsaKmtCreateQueue(gpu, HSA_QUEUE_COMPUTE_AQL, 100,
						      HSA_QUEUE_PRIORITY_NORMAL, ring, qsize, NULL,
						      &qr);
		if (queue_refused) {
			printf("%-44s %s (status %d)\n", "hsaKmtCreateQueue(AQL compute) refused",
			       qst != HSAKMT_STATUS_SUCCESS ? "ok" : "FAIL", (int)qst);
			failures += qst == HSAKMT_STATUS_SUCCESS;
			have_queue = qst == HSAKMT_STATUS_SUCCESS;
		} else {
			have_queue = check("hsaKmtCreateQueue(AQL compute)", qst);
		}
		if (have_queue)
			printf("  queue %llu, doorbell %p, wptr %p, rptr %p\n",
			       (unsigned long long)qr.QueueId, (void *)qr.Queue_DoorBell,
			       (void *)qr.Queue_write_ptr, (void *)qr.Queue_read_ptr);
		expect("queue doorbell, wptr, rptr", !have_queue ||
		       (qr.Queue_DoorBell && qr.Queue_write_ptr && qr.Queue_read_ptr));
	}
	if (have_queue) {
		HSAuint32 first = 77;

		if (check("hsaKmtAllocQueueGWS(queue, NumGws)",
			  hsaKmtAllocQueueGWS(qr.QueueId, props.NumGws, &first)))
			expect("first GWS 0", first == 0);
		/* KFD gives them to one queue of a process: EBUSY, which
		 * libhsakmt reports as OUT_OF_RESOURCES. */
		HSAKMT_STATUS gst = hsaKmtAllocQueueGWS(qr.QueueId, props.NumGws, &first);

		printf("%-44s %s (status %d)\n", "hsaKmtAllocQueueGWS again: OUT_OF_RESOURCES",
		       gst == HSAKMT_STATUS_OUT_OF_RESOURCES ? "ok" : "FAIL", (int)gst);
		failures += gst != HSAKMT_STATUS_OUT_OF_RESOURCES;
	}

	/* A signal event, set and waited on. */
	HsaEventDescriptor ed;
	HsaEvent *ev = NULL;
	memset(&ed, 0, sizeof(ed));
	ed.EventType = HSA_EVENTTYPE_SIGNAL;
	ed.NodeId = gpu;
	if (check("hsaKmtCreateEvent(signal)", hsaKmtCreateEvent(&ed, false, false, &ev)) && ev) {
		printf("  event id %u\n", ev->EventId);
		check("hsaKmtSetEvent", hsaKmtSetEvent(ev));
		check("hsaKmtWaitOnEvent (set: returns at once)", hsaKmtWaitOnEvent(ev, 1000));
		check("hsaKmtDestroyEvent", hsaKmtDestroyEvent(ev));
	}

	if (have_queue)
		check("hsaKmtDestroyQueue", hsaKmtDestroyQueue(qr.QueueId));
	unmap_free("queue pointers", ptrs, psize);
	unmap_free("queue ring", ring, qsize);
	unmap_free("system", sysmem, ssize);
	unmap_free("VRAM", vram, vsize);
close:
	check("hsaKmtReleaseSystemProperties", hsaKmtReleaseSystemProperties());
	check("hsaKmtCloseKFD", hsaKmtCloseKFD());
	if (failures) {
		printf("%d failure(s)\n", failures);
		return 1;
	}
	printf("PASS hsakmt on %s\n", gfx ? gfx : "gfx90a");
	return 0;
}
