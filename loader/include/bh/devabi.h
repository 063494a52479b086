/* SPDX-License-Identifier: MIT */
/*
 * Structures in device memory that the loader sets up and barehip's
 * firmware uses: the device heap behind hidden_heap_v1 (malloc/free) and
 * the cooperative-launch record behind hidden_multigrid_sync_arg (grid
 * sync).  Both are barehip's own formats: the firmware is linked into
 * every code object, so nothing else reads them.  Shared by the loader
 * (host C) and the firmware (amdgcn C); plain integers only.
 */
#ifndef BH_DEVABI_H
#define BH_DEVABI_H

/* ------------------------------------------------------------ heap
 * The heap is one block of device memory:
 *
 *   header    struct-less, at offsets below
 *   state[]   u32 per page
 *   bitmap[]  BH_HEAP_BITMAP_WORDS u32 per page (small-object pages)
 *   arena     npages pages of BH_HEAP_PAGE bytes, at arena_offset
 *
 * A page's state word: bits 7:0 its kind, bits 31:8 a count.
 *   kind 0            free (count 0, bitmap all clear)
 *   kind 1..CLASSES   small objects of 16 << (kind - 1) bytes; count =
 *                     slots allocated or being claimed
 *   BH_HEAP_LARGE     first page of a multi-page block; count = pages
 *   BH_HEAP_CONT      a following page of such a block
 * Everything except the header fields is zero when the loader hands the
 * heap out, and the allocator returns it to zero when it empties.
 */
#define BH_HEAP_MAGIC		0x50414548u	/* "HEAP" */
#define BH_HEAP_PAGE_SHIFT	16		/* 64 KiB pages */
#define BH_HEAP_PAGE		(1u << BH_HEAP_PAGE_SHIFT)
#define BH_HEAP_MIN_SHIFT	4		/* 16-byte objects, 16-byte aligned */
#define BH_HEAP_CLASSES		12		/* 16 B .. 32 KiB */
#define BH_HEAP_BITMAP_WORDS	(BH_HEAP_PAGE >> BH_HEAP_MIN_SHIFT >> 5)	/* 128 */
#define BH_HEAP_LARGE		0xfeu
#define BH_HEAP_CONT		0xffu

#define BH_HEAP_OFF_MAGIC	0	/* u32 */
#define BH_HEAP_OFF_NPAGES	4	/* u32 */
#define BH_HEAP_OFF_STATE	8	/* u32: byte offset of state[] */
#define BH_HEAP_OFF_BITMAP	12	/* u32: byte offset of bitmap[] */
#define BH_HEAP_OFF_ARENA	16	/* u64: byte offset of the arena */
#define BH_HEAP_OFF_HINT	24	/* u32 per class [1..]: a page to try first */
#define BH_HEAP_HEADER_BYTES	(BH_HEAP_OFF_HINT + 4 * (BH_HEAP_CLASSES + 1))	/* [0] unused */

/* ---------------------------------------------- cooperative launches
 * One 64-byte record per cooperative launch, initialised by the queue
 * (PM4 WRITE_DATA) just before the dispatch.
 */
#define BH_COOP_RECORD_BYTES	64
#define BH_COOP_OFF_ARRIVED	0	/* u32: workgroups at the barrier */
#define BH_COOP_OFF_GENERATION	4	/* u32: barriers completed */
#define BH_COOP_OFF_NUM_GROUPS	8	/* u32: workgroups in the grid */
#define BH_COOP_OFF_GRID_RANK	12	/* u32: this grid among num_grids */
#define BH_COOP_OFF_NUM_GRIDS	16	/* u32: grids of a multi-device launch */
#define BH_COOP_OFF_GWS		20	/* u32: 1 if the launch's queue holds the
					 * GWS resources (resource 0 is grid sync's) */
#define BH_COOP_OFF_MULTI	24	/* u64: the multi-grid record (itself
					 * when num_grids is 1) */
#define BH_COOP_INIT_DWORDS	8	/* dwords 0..7 the queue writes */

#endif
