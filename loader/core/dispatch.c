// SPDX-License-Identifier: MIT
/*
 * A launch on a PM4 compute queue: prepare everything it needs (scratch,
 * the heap, its kernarg slot and fake AQL packet, user SGPRs, the
 * cooperative checks), then emit its packets onto the ring.  Read
 * bh_queue_launch top to bottom (docs/facts/dispatch.md §6.7 and §8 are the
 * facts behind each packet).  The ring and fence are queue.c's.
 */
#include "queue.h"

#include <bh/devabi.h>

#define AQL_PACKET_BYTES 64u

static bool shadow_known(const struct sh_shadow *s, uint32_t k)
{
	return s->valid[k / 64] >> (k % 64) & 1;
}

/* SET_SH_REG for the part of @v[0..n) at @reg that differs from the shadow. */
static void set_sh_changed(struct bh_queue *q, struct pm4_builder *b, uint32_t reg,
			   const uint32_t *v, uint32_t n)
{
	uint32_t k0 = reg - SHADOW_BASE, first = n, last = 0;

	/* Common case first: every register known, nothing changed. */
	if (k0 < SHADOW_REGS && n <= SHADOW_REGS - k0) {
		uint32_t i = 0;

		while (i < n && v[i] == q->shadow.v[k0 + i] && shadow_known(&q->shadow, k0 + i))
			i++;
		if (i == n)
			return;
		first = i;
	}
	for (uint32_t i = first == n ? 0 : first; i < n; i++) {
		uint32_t k = k0 + i;

		if (k >= SHADOW_REGS || !shadow_known(&q->shadow, k) || q->shadow.v[k] != v[i]) {
			first = BH_MIN(first, i);
			last = i;
		}
	}
	pm4_set_sh_regs(b, reg + first, v + first, last - first + 1);
	for (uint32_t i = first; i <= last; i++) {
		uint32_t k = k0 + i;

		if (k < SHADOW_REGS) {
			q->shadow.v[k] = v[i];
			q->shadow.valid[k / 64] |= 1ull << (k % 64);
		}
	}
}

void bh_queue_forget_state_held(struct bh_queue *q)
{
	memset(&q->shadow, 0, sizeof(q->shadow));
	q->shape.k = NULL;
}

void bh_queue_forget_state(struct bh_queue *q)
{
	bh_lock(q->dev, q->lock);
	bh_queue_forget_state_held(q);
	bh_unlock(q->dev, q->lock);
}

/*
 * The shader engines TMPRING.WAVES is multiplied by: 1 where it counts
 * the whole device (gfx9); else the engines the board reports, or, when
 * it reports none, as many as it has CUs -- never fewer than it has, so
 * the backing is never overrun.
 */
static uint32_t scratch_engines(const struct bh_device_info *di, const struct bh_gfx *gfx)
{
	if (!gfx->tmpring_waves_per_se)
		return 1;
	return di->num_se ? di->num_se : BH_MAX(di->num_cus, 1u);
}

/* Per-wave scratch for @k; grows (after draining the queue) on demand. */
static int scratch_prepare(struct bh_queue *q, const struct bh_kernel *k,
			   struct bh_error *err)
{
	const struct bh_device_info *di = &q->dev->info;
	const struct bh_gfx *gfx = q->dev->gfx;
	uint64_t lane = k->kd.private_segment_fixed_size;

	if (k->uses_dynamic_stack || (k->kd.kernel_code_properties & KCP_USES_DYNAMIC_STACK))
		lane += __atomic_load_n(&q->dev->stack_size, __ATOMIC_RELAXED);
	if (lane == 0)
		return 0;
	/* A wave's slice holds its own lanes: 32 or 64 (bh_kd_validate
	 * made the metadata and the descriptor agree). */
	uint64_t units = (lane * k->wavefront_size + gfx->tmpring_unit - 1) / gfx->tmpring_unit;

	if (units > gfx->tmpring_wavesize_max)
		return bh_fail(err, BH_ERANGE,
			       "kernel '%s' needs %llu bytes of scratch per work-item, "
			       "more than the hardware allows", k->name,
			       (unsigned long long)lane);
	if (units <= q->scratch_wave_units)
		return 0;
	int ret = bh_queue_finish_held(q, err);

	if (ret)
		return ret;
	bh_mem_free(q->dev, &q->scratch);
	q->scratch_wave_units = 0;
	q->shape.k = NULL;		/* scratch registers change */
	/* Enough slots for every wave the device can hold at once; where
	 * TMPRING.WAVES counts per shader engine, that many per engine. */
	uint32_t engines = scratch_engines(di, gfx);
	uint32_t waves = BH_MIN(di->num_cus * di->simds_per_cu * di->max_waves_per_simd /
				engines, 4095u);

	if (!waves)
		waves = 1;
	ret = bh_mem_alloc(q->dev, (uint64_t)waves * engines * units * gfx->tmpring_unit,
			   BH_MEM_VRAM, &q->scratch, err);
	if (ret)
		return ret;
	q->scratch_wave_units = (uint32_t)units;
	q->scratch_waves = waves;
	/* Unknown engine count: promise only one engine's slots. */
	q->scratch_slots = waves * (gfx->tmpring_waves_per_se && !di->num_se ? 1 : engines);
	return 0;
}

static void write_aql_packet(uint8_t *p, const struct bh_kernel *k,
			     const struct bh_launch *l, uint64_t kernarg_va,
			     uint32_t dims)
{
	/* hsa_kernel_dispatch_packet_t (docs/facts/dispatch.md §5.1). */
	memset(p, 0, AQL_PACKET_BYTES);
	bh_wr16(p + 0, 2);		/* HSA_PACKET_TYPE_KERNEL_DISPATCH */
	bh_wr16(p + 2, (uint16_t)dims);	/* setup */
	for (int d = 0; d < 3; d++) {
		bh_wr16(p + 4 + 2 * d, (uint16_t)l->block[d]);
		bh_wr32(p + 12 + 4 * d, l->grid[d]);
	}
	bh_wr32(p + 24, k->kd.private_segment_fixed_size);
	bh_wr32(p + 28, k->group_segment_fixed_size + l->dynamic_lds);
	bh_wr64(p + 32, k->kd_va);
	bh_wr64(p + 40, kernarg_va);
}

struct user_sgprs {
	uint32_t v[16];
	uint32_t n;
	bool overflow;
};

static void push(struct user_sgprs *u, uint32_t v)
{
	if (u->n < 16)
		u->v[u->n++] = v;
	else
		u->overflow = true;
}

static void push64(struct user_sgprs *u, uint64_t v)
{
	push(u, (uint32_t)v);
	push(u, (uint32_t)(v >> 32));
}

/* User SGPRs in the order the descriptor enables them (§3.1). */
static int build_user_sgprs(struct bh_queue *q, const struct bh_kernel *k,
			    uint64_t kernarg_va, const uint8_t *kernarg,
			    uint64_t packet_va, uint64_t seq,
			    struct user_sgprs *u, struct bh_error *err)
{
	uint16_t kcp = k->kd.kernel_code_properties;
	uint32_t preload_len = k->kd.kernarg_preload & 0x7f;
	uint32_t preload_off = k->kd.kernarg_preload >> 7;
	uint32_t rsrc2_count = RSRC2_USER_SGPR(k->kd.compute_pgm_rsrc2);

	memset(u, 0, sizeof(*u));
	if (kcp & KCP_PRIVATE_SEGMENT_BUFFER) {
		/* Swizzled scratch V#: base, SWIZZLE_ENABLE, size, format. */
		push64(u, q->scratch.gpu_va | (q->scratch.size ? 1ull << 63 : 0));
		push(u, (uint32_t)BH_MIN(q->scratch.size, 0xffffffffull));
		push(u, q->dev->gfx->scratch_srd_word3);
	}
	if (kcp & KCP_DISPATCH_PTR)
		push64(u, packet_va);
	if (kcp & KCP_QUEUE_PTR)
		push64(u, q->ctl.gpu_va + CTL_AMD_QUEUE);
	if (kcp & KCP_KERNARG_SEGMENT_PTR)
		push64(u, kernarg_va);
	if (kcp & KCP_DISPATCH_ID)
		push64(u, seq);
	if (kcp & KCP_FLAT_SCRATCH_INIT)
		push64(u, q->scratch.gpu_va);
	if (preload_len) {
		if ((preload_off + preload_len) * 4 > k->kernarg_size)
			return bh_fail(err, BH_ENOEXEC,
				       "kernel '%s': kernarg preload reads past the kernarg",
				       k->name);
		for (uint32_t i = 0; i < preload_len; i++)
			push(u, bh_rd32(kernarg + 4 * (preload_off + i)));
	}
	if (kcp & KCP_PRIVATE_SEGMENT_SIZE)
		push(u, k->kd.private_segment_fixed_size);
	if (u->overflow || u->n > rsrc2_count)
		return bh_fail(err, BH_ENOEXEC,
			       "kernel '%s': descriptor enables %s%u user SGPRs but "
			       "RSRC2.USER_SGPR_COUNT is %u", k->name,
			       u->overflow ? "more than " : "", u->n, rsrc2_count);
	/* gfx11 wave32 pads USER_SGPR_COUNT; the padding is never read. */
	while (u->n < rsrc2_count)
		push(u, 0);
	return 0;
}

/*
 * A cooperative launch needs all its workgroups resident at once (grid
 * sync waits for every one of them): refuse grids the device cannot
 * hold, and give the launch its grid-sync record.
 */
static int coop_prepare(struct bh_queue *q, const struct bh_kernel *k,
			const struct bh_launch *l, uint32_t slot, uint64_t *record,
			struct bh_error *err)
{
	struct bh_occupancy occ;
	uint64_t groups = 1;
	char what[256];
	int ret;

	for (int d = 0; d < 3; d++)
		groups *= (l->grid[d] + l->block[d] - 1) / l->block[d];
	ret = bh_kernel_occupancy(q->dev, k, l->block[0] * l->block[1] * l->block[2],
				  l->dynamic_lds, &occ, err);
	if (ret)
		return ret;
	uint64_t limit = occ.max_groups;
	const char *why = occ.limit;

	/* Waves that use scratch also need one of TMPRING's wave slots. */
	if (q->scratch.size && q->scratch_slots / occ.waves_per_group < limit) {
		limit = q->scratch_slots / occ.waves_per_group;
		why = "scratch wave slots";
	}
	if (groups > limit || groups > UINT32_MAX) {
		bh_describe_launch(what, sizeof(what), k, l);
		return bh_fail(err, BH_ENOSPC, "%s: a cooperative launch of %llu workgroups "
			       "cannot be resident at once; the device holds at most %llu "
			       "(%u per CU x %u CUs, bound by %s)", what,
			       (unsigned long long)groups, (unsigned long long)limit,
			       occ.groups_per_cu, q->dev->info.num_cus, why);
	}
	if (!q->coop.size) {
		ret = bh_mem_alloc(q->dev, (uint64_t)q->nslots * BH_COOP_RECORD_BYTES,
				   BH_MEM_VRAM, &q->coop, err);
		if (ret)
			return ret;
	}
	/*
	 * The first queue to run a cooperative launch takes the device's GWS
	 * resources, as ROCm's cooperative queue does: grid sync may use
	 * them (firmware/coop.c) and so may the kernel (ds_gws_*).  While
	 * another queue holds them, or where the board has none, grid sync
	 * uses its memory barrier.
	 */
	if (!q->gws && q->dev->info.num_gws && q->dev->plat->queue_alloc_gws) {
		struct bh_error gws_err;

		bh_lock(q->dev, q->dev->plat_lock);
		ret = q->dev->plat->queue_alloc_gws(q->dev->plat, q->qid, &gws_err);
		bh_unlock(q->dev, q->dev->plat_lock);
		if (!ret)
			q->gws = true;
		else if (ret != BH_EBUSY && ret != BH_ENOTSUP)
			return bh_fail(err, ret, "cooperative launch: %s", gws_err.message);
	}
	*record = q->coop.gpu_va + (uint64_t)slot * BH_COOP_RECORD_BYTES;
	return 0;
}

static uint32_t groups_of(const struct bh_launch *l, int d)
{
	return l->grid[d] / l->block[d] + (l->grid[d] % l->block[d] ? 1 : 0);
}

static uint32_t grid_dims(const struct bh_launch *l)
{
	return l->grid[2] > 1 || l->block[2] > 1 ? 3 :
	       l->grid[1] > 1 || l->block[1] > 1 ? 2 : 1;
}

/*
 * Program, resources, scratch, group shape: every SH register of a launch
 * except the user data, sent where it changed.  Leaves the group counts
 * and the dispatch initiator in q->shape_dim/shape_initiator.
 */
static void set_shape_regs(struct bh_queue *q, struct pm4_builder *b,
			   const struct bh_kernel *k, const struct bh_launch *l)
{
	const struct bh_gfx *gfx = q->dev->gfx;
	uint32_t num_thread[3], initiator = DISPATCH_COMPUTE_SHADER_EN |
					    DISPATCH_FORCE_START_AT_000;

	for (int d = 0; d < 3; d++) {
		uint32_t rem = l->grid[d] % l->block[d];

		q->shape_dim[d] = l->grid[d] / l->block[d] + (rem ? 1 : 0);
		num_thread[d] = NUM_THREAD(l->block[d], rem);
		if (rem)
			initiator |= DISPATCH_PARTIAL_TG_EN;
	}
	if (gfx->order_mode)
		initiator |= DISPATCH_ORDER_MODE;
	if (k->kd.kernel_code_properties & KCP_WAVEFRONT_SIZE32)
		initiator |= DISPATCH_CS_W32_EN;
	q->shape_initiator = initiator;

	uint32_t lds = k->group_segment_fixed_size + l->dynamic_lds;
	uint32_t rsrc2 = (k->kd.compute_pgm_rsrc2 & ~RSRC2_LDS_SIZE_MASK) |
			 ((lds + gfx->lds_granule - 1) / gfx->lds_granule)
				 << RSRC2_LDS_SIZE_SHIFT;
	uint64_t entry = k->entry_va + ((k->kd.kernarg_preload & 0x7f) ? 256 : 0);
	uint32_t start_and_threads[6] = { 0, 0, 0, num_thread[0], num_thread[1],
					  num_thread[2] };
	uint32_t pgm[2] = { (uint32_t)(entry >> 8), (uint32_t)(entry >> 40) };
	uint32_t rsrc[2] = { k->kd.compute_pgm_rsrc1 | gfx->rsrc1_set, rsrc2 };
	uint32_t restart[3] = { 0, 0, 0 };
	uint32_t scratch_base[2] = { (uint32_t)(q->scratch.gpu_va >> 8),
				     (uint32_t)(q->scratch.gpu_va >> 40) };
	uint32_t tmpring = q->scratch.size ? TMPRING_SIZE(q->scratch_waves,
							  q->scratch_wave_units) : 0;
	uint32_t zero = 0;

	set_sh_changed(q, b, REG_COMPUTE_PGM_LO, pgm, 2);
	set_sh_changed(q, b, REG_COMPUTE_PGM_RSRC1, rsrc, 2);
	if (gfx->reg_pgm_rsrc3)
		set_sh_changed(q, b, gfx->reg_pgm_rsrc3, &k->kd.compute_pgm_rsrc3, 1);
	if (gfx->architected_scratch)
		set_sh_changed(q, b, REG_COMPUTE_DISPATCH_SCRATCH_BASE_LO, scratch_base, 2);
	set_sh_changed(q, b, REG_COMPUTE_TMPRING_SIZE, &tmpring, 1);
	set_sh_changed(q, b, REG_COMPUTE_RESOURCE_LIMITS, &zero, 1);
	set_sh_changed(q, b, REG_COMPUTE_START_X, start_and_threads, 6);
	set_sh_changed(q, b, REG_COMPUTE_RESTART_X, restart, 3);
}

/* What bh_queue_launch refuses before it touches the queue. */
static int launch_check(struct bh_queue *q, const struct bh_kernel *k,
			const struct bh_launch *l, struct bh_error *err)
{
	int ret;

	if (bh_queue_faulted(q))	/* looked at again under the lock (begin_seq) */
		return bh_fail(err, BH_EFAULT, "the queue stopped after a GPU fault; "
			       "reset the device");
	ret = bh_launch_validate(q->dev, k, l, err);
	if (ret)
		return ret;
	if (k->codeobj->dev != q->dev)
		return bh_fail(err, BH_EINVAL, "kernel '%s' is loaded on another device",
			       k->name);
	if (BH_ALIGN_UP(k->kernarg_size, AQL_PACKET_BYTES) + AQL_PACKET_BYTES > SLOT_BYTES)
		return bh_fail(err, BH_ERANGE, "kernel '%s': %u bytes of kernarg exceed "
			       "the loader's %u-byte slots", k->name, k->kernarg_size,
			       SLOT_BYTES - AQL_PACKET_BYTES);
	if (l->flags & ~BH_LAUNCH_COOPERATIVE) {
		char what[256];

		bh_describe_launch(what, sizeof(what), k, l);
		return bh_fail(err, BH_EINVAL, "%s: unknown launch flags 0x%x", what, l->flags);
	}
	return 0;
}

/* Everything a launch's packets need, prepared before any is built. */
struct launch_prep {
	uint64_t seq;			/* the fence value it takes */
	struct bh_hidden_ptrs hidden;
	struct user_sgprs u;
	struct launch_shape shape;
};

/*
 * Claim the launch's fence value and its kernarg slot, and fill the slot:
 * kernarg, then the fake AQL packet after it; the user SGPRs point there.
 */
static int prepare_slot(struct bh_queue *q, const struct bh_kernel *k,
			const struct bh_launch *l, struct launch_prep *p,
			struct bh_error *err)
{
	uint32_t packet_off = BH_ALIGN_UP(k->kernarg_size, AQL_PACKET_BYTES);
	int ret;

	ret = bh_queue_begin_seq(q, err);
	if (ret)
		return ret;
	p->seq = q->submitted + 1;
	/* The kernarg slot of seq is free once seq - nslots has retired. */
	if (p->seq > q->nslots) {
		ret = bh_queue_wait_held(q, p->seq - q->nslots, err);
		if (ret)
			return ret;
	}
	uint32_t slot = (uint32_t)(p->seq % q->nslots);
	uint8_t *kernarg = (uint8_t *)q->kernargs.cpu + (uint64_t)slot * SLOT_BYTES;
	uint64_t kernarg_va = q->kernargs.gpu_va + (uint64_t)slot * SLOT_BYTES;
	uint64_t packet_va = kernarg_va + packet_off;

	if (l->flags & BH_LAUNCH_COOPERATIVE) {
		ret = coop_prepare(q, k, l, slot, &p->hidden.multigrid_sync, err);
		if (ret)
			return ret;
	}
	ret = bh_kernarg_build_ex(k, l, &p->hidden, kernarg, SLOT_BYTES - AQL_PACKET_BYTES,
				  err);
	if (ret)
		return ret;
	write_aql_packet(kernarg + packet_off, k, l, kernarg_va, grid_dims(l));
	return build_user_sgprs(q, k, kernarg_va, kernarg, packet_va, p->seq, &p->u, err);
}

static void launch_shape_of(const struct bh_kernel *k, const struct bh_launch *l,
			    struct launch_shape *shape)
{
	memset(shape, 0, sizeof(*shape));	/* padding too: compared bytewise */
	shape->k = k;
	shape->load_id = k->codeobj->load_id;
	for (int d = 0; d < 3; d++) {
		shape->grid[d] = l->grid[d];
		shape->block[d] = l->block[d];
	}
	shape->dynamic_lds = l->dynamic_lds;
}

/* Scratch, the heap, the kernarg slot, the user SGPRs, the shape. */
static int launch_prepare(struct bh_queue *q, const struct bh_kernel *k,
			  const struct bh_launch *l, struct launch_prep *p,
			  struct bh_error *err)
{
	int ret;

	ret = scratch_prepare(q, k, err);
	if (ret)
		return ret;
	memset(&p->hidden, 0, sizeof(p->hidden));
	/* The printf buffer, made at the first launch of a kernel that
	 * prints (its size is settable until then). */
	if ((k->arg_kinds & (1ull << BH_ARG_HIDDEN_PRINTF_BUFFER)) && !q->printf_buf.size) {
		ret = bh_printf_buffer_alloc(q->dev, &q->printf_buf, err);
		if (ret)
			return ret;
	}
	p->hidden.printf_buffer = q->printf_buf.gpu_va;
	p->hidden.queue_ptr = q->ctl.gpu_va + CTL_AMD_QUEUE;
	if (k->arg_kinds & (1ull << BH_ARG_HIDDEN_HEAP_V1)) {
		ret = bh_heap_prepare(q->dev, &p->hidden.heap, err);
		if (ret)
			return ret;
	}
	ret = prepare_slot(q, k, l, p, err);
	if (ret)
		return ret;
	launch_shape_of(k, l, &p->shape);
	return 0;
}

/*
 * The launch's packets onto the ring.  Room for the longest launch
 * first: once packets are built the shadow says what the ring holds, so
 * nothing may fail after.
 */
static int launch_emit(struct bh_queue *q, const struct bh_kernel *k,
		       const struct bh_launch *l, const struct launch_prep *p,
		       struct bh_error *err)
{
	const struct bh_gfx *gfx = q->dev->gfx;
	bool same_shape = q->shape.k && !memcmp(&p->shape, &q->shape, sizeof(p->shape));
	uint64_t sync = p->hidden.multigrid_sync;
	struct pm4_builder b;
	uint32_t pkt[160];
	int ret;

	ret = bh_queue_ring_reserve(q, BH_ARRAY_SIZE(pkt), err);
	if (ret)
		return ret;
	pm4_init(&b, pkt, BH_ARRAY_SIZE(pkt));
	if (sync) {
		/* Cooperative: the CUs to itself (earlier work finished), and a
		 * fresh grid-sync record: nobody arrived, generation 0, one
		 * grid of all the workgroups, which is its own multi-grid. */
		uint32_t rec[BH_COOP_INIT_DWORDS] = {
			[BH_COOP_OFF_NUM_GROUPS / 4] = groups_of(l, 0) * groups_of(l, 1) *
							groups_of(l, 2),
			[BH_COOP_OFF_NUM_GRIDS / 4] = 1,
			[BH_COOP_OFF_GWS / 4] = q->gws,
			[BH_COOP_OFF_MULTI / 4] = (uint32_t)sync,
			[BH_COOP_OFF_MULTI / 4 + 1] = (uint32_t)(sync >> 32),
		};

		pm4_cs_partial_flush(&b);
		pm4_write_data(&b, sync, rec, BH_COOP_INIT_DWORDS);
	}
	if (gfx->acquire == BH_ACQUIRE_GFX10)
		pm4_acquire_mem_gfx10(&b, gfx->acquire_gcr_cntl);
	else
		pm4_acquire_mem_gfx9(&b, gfx->acquire_coher_cntl);
	if (!same_shape) {
		set_shape_regs(q, &b, k, l);
		q->shape = p->shape;
	}
	if (p->u.n)
		set_sh_changed(q, &b, REG_COMPUTE_USER_DATA_0, p->u.v, p->u.n);
	pm4_dispatch_direct(&b, q->shape_dim, q->shape_initiator);
	bh_queue_emit_fence(q, &b, p->seq);
	if (b.overflow) {		/* cannot happen: pkt holds the longest launch */
		bh_queue_forget_state_held(q);
		return bh_fail(err, BH_ERANGE, "launch packets overflow the builder");
	}

	bh_queue_record_seq(q, p->seq, k, l);
	if (!q->stats.launches)
		q->stats.first_launch_dwords = b.len;
	q->stats.last_launch_dwords = b.len;
	q->stats.launches++;
	bh_queue_commit(q, pkt, b.len);
	return 0;
}

int bh_queue_launch(struct bh_queue *q, const struct bh_kernel *k,
		    const struct bh_launch *l, uint64_t *seq_out,
		    struct bh_error *err)
{
	struct launch_prep p;
	int ret;

	ret = launch_check(q, k, l, err);
	if (ret)
		return ret;
	bh_lock(q->dev, q->lock);
	ret = launch_prepare(q, k, l, &p, err);
	if (!ret && q->dev->plat->note_launch)
		q->dev->plat->note_launch(q->dev->plat, q->qid, k->name, k->entry_va);
	if (!ret)
		ret = launch_emit(q, k, l, &p, err);
	bh_unlock(q->dev, q->lock);
	if (!ret && seq_out)
		*seq_out = p.seq;
	return ret;
}

/*
 * A code object's .kind init kernels (device global constructors) or
 * fini kernels (destructors), one work-item each, in order, each waited
 * for: a constructor may use what an earlier one built.
 */
static int run_kind(struct bh_queue *q, const struct bh_codeobj *co, int kind,
		    struct bh_error *err)
{
	for (unsigned i = 0; i < co->nkernels; i++) {
		const struct bh_kernel *k = &co->kernels[i];
		struct bh_launch l = { .grid = { 1, 1, 1 }, .block = { 1, 1, 1 } };
		uint64_t seq;
		int ret;

		if ((int)k->kind != kind)
			continue;
		ret = bh_queue_launch(q, k, &l, &seq, err);
		if (!ret)
			ret = bh_queue_wait(q, seq, err);
		if (ret)
			return ret;
	}
	return 0;
}

int bh_queue_run_init_kernels(struct bh_queue *q, const struct bh_codeobj *co,
			      struct bh_error *err)
{
	return run_kind(q, co, BH_KERNEL_INIT, err);
}

int bh_queue_run_fini_kernels(struct bh_queue *q, const struct bh_codeobj *co,
			      struct bh_error *err)
{
	return run_kind(q, co, BH_KERNEL_FINI, err);
}
