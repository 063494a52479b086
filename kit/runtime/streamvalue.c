// SPDX-License-Identifier: MIT
/*
 * Stream memory operations: hipStreamWaitValue32/64 and
 * hipStreamWriteValue32/64.  Both are the queue's CP's work, never the
 * host's: a wait is a WAIT_REG_MEM (WAIT_REG_MEM64) on the word, a write
 * a RELEASE_MEM of the value once the stream's earlier work is done.
 * The word may be device memory, memory from hipHostMalloc or
 * hipHostRegister (by its host or device address), or signal memory
 * (hipExtMallocWithFlags with hipMallocSignalMemory).
 *
 * The four conditions, as ROCm defines them, in the CP's form
 * "(word & mask') FUNC ref'":
 *   Gte  (word & mask) >= value          mask' = mask, ref' = value, GE
 *   Eq   (word & mask) == value & mask   mask' = mask, ref' = value & mask, EQ
 *   And  (word & value & mask) != 0      mask' = value & mask, ref' = 0, NE
 *   Nor  (~(word | value) & mask) != 0   mask' = ~value & mask, ref' = mask', NE
 * Gte compares unsigned (the CP's compare); ROCm's signal compare is
 * signed, so the two differ only for values with the top bit set.
 */
#include <stdint.h>

#include "runtime.h"

/* The GPU address of [ptr, ptr+size), or 0 (after an error naming @api). */
static hipError_t word_address(const char *api, void *ptr, unsigned int size, uint64_t *va)
{
	struct bh_allocation *a;
	size_t off;

	if (!ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: ptr is NULL", api);
	if ((uintptr_t)ptr % size)
		return bh_rt_error(hipErrorInvalidValue, "%s: ptr %p is not %u-byte aligned", api,
				   ptr, size);
	a = bh_rt_allocation_at(ptr, &off);
	if (!a || !bh_rt_find_allocation(ptr, size))
		return bh_rt_error(hipErrorInvalidValue, "%s: ptr %p is not inside memory the GPU "
				   "maps (hipMalloc, hipHostMalloc, hipHostRegister or signal "
				   "memory)", api, ptr);
	*va = a->mem.gpu_va + off;
	return hipSuccess;
}

/* A stream memory operation's stream and word: both valid, and the
 * stream not capturing (graphs have no such node). */
static hipError_t memop_target(const char *api, hipStream_t stream, void *ptr, unsigned int size,
			       struct ihipStream_t **s, uint64_t *va)
{
	hipError_t e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, s);

	if (!e)
		e = word_address(api, ptr, size, va);
	if (!e && bh_rt_capturing(*s))
		e = bh_rt_error(hipErrorStreamCaptureUnsupported, "%s: stream memory operations "
				"cannot be captured into a graph (docs/graphs.md)", api);
	return e;
}

static hipError_t wait_value(const char *api, hipStream_t stream, void *ptr, uint64_t value,
			     unsigned int flags, uint64_t mask, unsigned int size)
{
	enum bh_wait_func func;
	struct bh_error err = { 0 };
	struct ihipStream_t *s = NULL;
	uint64_t va = 0, ref, seq;
	hipError_t e;
	int ret;

	switch (flags) {
	case hipStreamWaitValueGte:
		func = BH_WAIT_GE;
		ref = value;
		break;
	case hipStreamWaitValueEq:
		func = BH_WAIT_EQ;
		ref = value & mask;
		break;
	case hipStreamWaitValueAnd:
		func = BH_WAIT_NE;
		mask &= value;
		ref = 0;
		break;
	case hipStreamWaitValueNor:
		func = BH_WAIT_NE;
		mask &= ~value;
		ref = mask;
		break;
	default:
		return bh_rt_error(hipErrorInvalidValue, "%s: flags 0x%x are not one of "
				   "hipStreamWaitValueGte/Eq/And/Nor", api, flags);
	}
	e = memop_target(api, stream, ptr, size, &s, &va);
	if (e)
		return e;
	bh_rt_stream_lock(s);
	e = bh_rt_stream_begin(s, api);
	if (!e) {
		/* The wait, then a fence behind it: the stream's work from here
		 * on (hipStreamSynchronize waits for it, too). */
		if (size == 8)
			ret = bh_queue_wait_mem64(s->rq->q, va, ref, mask, func, &err);
		else
			ret = bh_queue_wait_mem(s->rq->q, va, (uint32_t)ref, (uint32_t)mask, func,
						&err);
		if (!ret)
			ret = bh_queue_marker(s->rq->q, 0, &seq, &err);
		if (ret)
			e = bh_rt_api_loader_error(api, &err, hipErrorInvalidValue);
		else
			bh_rt_stream_end(s, seq);
	}
	bh_rt_stream_unlock(s);
	return e ? e : bh_rt_success();
}

static hipError_t write_value(const char *api, hipStream_t stream, void *ptr, uint64_t value,
			      unsigned int flags, unsigned int size)
{
	struct bh_error err = { 0 };
	struct ihipStream_t *s = NULL;
	uint64_t va = 0, seq;
	hipError_t e;

	if (flags)
		return bh_rt_error(hipErrorInvalidValue, "%s: flags must be 0, not 0x%x", api,
				   flags);
	e = memop_target(api, stream, ptr, size, &s, &va);
	if (e)
		return e;
	bh_rt_stream_lock(s);
	e = bh_rt_stream_begin(s, api);
	if (!e) {
		if (bh_queue_write_mem(s->rq->q, va, value, size, &seq, &err))
			e = bh_rt_api_loader_error(api, &err, hipErrorInvalidValue);
		else
			bh_rt_stream_end(s, seq);
	}
	bh_rt_stream_unlock(s);
	return e ? e : bh_rt_success();
}

hipError_t hipStreamWaitValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags,
				uint32_t mask)
{
	return wait_value("hipStreamWaitValue32", stream, ptr, value, flags, mask, 4);
}

hipError_t hipStreamWaitValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags,
				uint64_t mask)
{
	return wait_value("hipStreamWaitValue64", stream, ptr, value, flags, mask, 8);
}

hipError_t hipStreamWriteValue32(hipStream_t stream, void *ptr, uint32_t value, unsigned int flags)
{
	return write_value("hipStreamWriteValue32", stream, ptr, value, flags, 4);
}

hipError_t hipStreamWriteValue64(hipStream_t stream, void *ptr, uint64_t value, unsigned int flags)
{
	return write_value("hipStreamWriteValue64", stream, ptr, value, flags, 8);
}

/*
 * hipStreamAttachMemAsync: as ROCm, @dev_ptr must be managed memory
 * (hipMallocManaged or a __managed__ variable) and @length 0 or its
 * whole size; @flags one of hipMemAttachGlobal/Host/Single.  Attaching
 * changes nothing on barehip's boards, whose managed memory is coherent
 * for the host and every stream at all times.
 */
hipError_t hipStreamAttachMemAsync(hipStream_t stream, void *dev_ptr, size_t length,
				   unsigned int flags)
{
	static const char api[] = "hipStreamAttachMemAsync";
	struct bh_allocation *a;
	struct ihipStream_t *s;
	size_t off;
	hipError_t e;

	if (!dev_ptr)
		return bh_rt_error(hipErrorInvalidValue, "%s: dev_ptr is NULL", api);
	if (flags != hipMemAttachGlobal && flags != hipMemAttachHost &&
	    flags != hipMemAttachSingle)
		return bh_rt_error(hipErrorInvalidValue, "%s: flags 0x%x are not one of "
				   "hipMemAttachGlobal/Host/Single", api, flags);
	e = bh_rt_stream_get(stream, api, hipErrorContextIsDestroyed, &s);
	if (e)
		return e;
	/* Single attaches memory to one stream: the null stream, which every
	 * blocking stream waits for, is not one (CUDA's rule; hip-tests). */
	if (flags == hipMemAttachSingle && s->null)
		return bh_rt_error(hipErrorInvalidValue, "%s: hipMemAttachSingle needs a stream, "
				   "not the null stream", api);
	a = bh_rt_allocation_at(dev_ptr, &off);
	if (!a || !a->managed)
		return bh_rt_error(hipErrorInvalidValue, "%s: %p is not managed memory", api,
				   dev_ptr);
	if (length && (off || length != (a->bytes ? a->bytes : a->mem.size)))
		return bh_rt_error(hipErrorInvalidValue, "%s: length %zu is neither 0 nor the "
				   "whole allocation (%zu bytes at its start)", api, length,
				   (size_t)(a->bytes ? a->bytes : a->mem.size));
	return bh_rt_success();
}
