/*
 * barehip: cooperative groups (namespace cooperative_groups), as HIP
 * offers them:
 *   - the thread block, the grid and the multi-grid (this file);
 *   - tiles of a block or of a tile: thread_block_tile<N> and the
 *     dynamic tiled_partition(parent, n) (bh/cg_tile.h, bh/cg_partition.h);
 *   - coalesced groups: the active lanes of a wave, coalesced_threads(),
 *     binary_partition and labeled_partition (bh/cg_coalesced.h,
 *     bh/cg_partition.h);
 *   - reduce(group, value, op) over a tile or a coalesced group
 *     (bh/cg_reduce.h).
 * Every group answers size()/num_threads(), thread_rank(), is_valid()
 * and sync(), as members and through a plain thread_group (a group passed
 * as thread_group keeps its kind), and as the free functions sync(g),
 * group_size(g), thread_rank(g) and is_valid(g).
 *
 * grid.sync() needs a cooperative launch (hipLaunchCooperativeKernel):
 * the loader checks that every block of the grid can be resident at once
 * and gives the launch the record the firmware synchronises through
 * (firmware/coop.c).  In an ordinary launch this_grid().is_valid() is
 * false and grid.sync() stops the kernel with an error rather than hang.
 * barehip launches one grid per cooperative launch: this_multi_grid() is
 * that grid (num_grids() 1, grid_rank() 0).
 *
 * Tiles and coalesced groups live within one wave, whose lanes run in
 * lockstep: their sync() only orders memory among the lanes (as
 * __syncwarp does).
 */
#ifndef HIP_COOPERATIVE_GROUPS_H
#define HIP_COOPERATIVE_GROUPS_H

#include <hip/hip_runtime.h>

#if defined(__HIP_DEVICE_COMPILE__) || defined(__HIP__)
extern "C" {
__device__ int __ockl_grid_is_valid(void);
__device__ void __ockl_grid_sync(void);
__device__ int __ockl_multi_grid_is_valid(void);
__device__ void __ockl_multi_grid_sync(void);
__device__ unsigned int __ockl_multi_grid_num_grids(void);
__device__ unsigned int __ockl_multi_grid_grid_rank(void);
__device__ unsigned int __ockl_multi_grid_size(void);
__device__ unsigned int __ockl_multi_grid_thread_rank(void);
__device__ size_t __ockl_get_global_size(unsigned int dim);
}

#include <hip/bh/cg_lanes.h>

namespace cooperative_groups {

namespace __bh {
/* The kinds, numbered as ROCm's cg_type() reports them. */
enum group_type {
	invalid_type,
	multi_grid_type,
	grid_type,
	thread_block_type,
	tile_type,
	coalesced_type,
};

/* Builds groups for the free functions (bh/cg_partition.h). */
struct access;

__device__ inline unsigned int block_size()
{
	return blockDim.x * blockDim.y * blockDim.z;
}

__device__ inline unsigned int block_rank()
{
	return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

__device__ inline unsigned int grid_size()
{
	return (unsigned int)(__ockl_get_global_size(0) * __ockl_get_global_size(1) *
			      __ockl_get_global_size(2));
}

__device__ inline unsigned int grid_block_rank()
{
	return (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
}

/* Blocks in x-fastest order, each holding block_size() ranks. */
__device__ inline unsigned int grid_rank()
{
	return grid_block_rank() * block_size() + block_rank();
}
} // namespace __bh

/*
 * Any group: what every kind answers.  Tiles and coalesced groups carry
 * their shape here, so they keep it when passed as a thread_group:
 *   tile:      size_ threads (fewer than tile_ in a block's last, partial
 *              tile of a dynamic partition); rank = lane mod tile_;
 *   coalesced: the lanes of mask_, ranked in lane order.
 */
class thread_group {
	friend struct __bh::access;

protected:
	__bh::group_type type_;
	unsigned int size_;	 /* tile, coalesced */
	unsigned int tile_;	 /* tile: the tile size, a power of two */
	unsigned int meta_rank_; /* tile, coalesced: which part of the parent */
	unsigned int meta_size_; /* ... and how many parts it was cut into */
	unsigned long long mask_; /* coalesced: its lanes of this wave */

	__device__ explicit thread_group(__bh::group_type t, unsigned int size = 0,
					 unsigned int tile = 0, unsigned long long mask = 0,
					 unsigned int meta_rank = 0, unsigned int meta_size = 1)
		: type_(t), size_(size), tile_(tile), meta_rank_(meta_rank),
		  meta_size_(meta_size), mask_(mask)
	{
	}

public:
	__device__ unsigned int num_threads() const
	{
		switch (type_) {
		case __bh::grid_type: return __bh::grid_size();
		case __bh::multi_grid_type: return __ockl_multi_grid_size();
		case __bh::thread_block_type: return __bh::block_size();
		default: return size_;
		}
	}
	__device__ unsigned int size() const { return num_threads(); }
	__device__ unsigned int thread_rank() const
	{
		switch (type_) {
		case __bh::grid_type: return __bh::grid_rank();
		case __bh::multi_grid_type: return __ockl_multi_grid_thread_rank();
		case __bh::thread_block_type: return __bh::block_rank();
		case __bh::tile_type: return __bh_warp_lane() & (tile_ - 1);
		case __bh::coalesced_type: return __bh_cg_rank_in(mask_);
		default: return 0;
		}
	}
	/* False for a grid outside a cooperative launch and for a partition that broke a rule. */
	__device__ bool is_valid() const
	{
		switch (type_) {
		case __bh::grid_type: return __ockl_grid_is_valid() != 0;
		case __bh::multi_grid_type: return __ockl_multi_grid_is_valid() != 0;
		case __bh::invalid_type: return false;
		case __bh::coalesced_type: return mask_ != 0;
		default: return true;
		}
	}
	__device__ void sync() const
	{
		switch (type_) {
		case __bh::grid_type: __ockl_grid_sync(); break;
		case __bh::multi_grid_type: __ockl_multi_grid_sync(); break;
		case __bh::thread_block_type: __syncthreads(); break;
		case __bh::invalid_type: break;
		default: __bh_warp_barrier(); break;
		}
	}
	__device__ unsigned int cg_type() const { return type_; }
};

/* The threads of this block. */
class thread_block : public thread_group {
	friend __device__ thread_block this_thread_block();
	__device__ thread_block() : thread_group(__bh::thread_block_type) {}

public:
	__device__ static unsigned int num_threads() { return __bh::block_size(); }
	__device__ static unsigned int size() { return __bh::block_size(); }
	__device__ static unsigned int thread_rank() { return __bh::block_rank(); }
	__device__ static bool is_valid() { return true; }
	__device__ static void sync() { __syncthreads(); }
	__device__ static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
	__device__ static dim3 thread_index()
	{
		return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
	}
	__device__ static dim3 dim_threads() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
	__device__ static dim3 group_dim() { return dim_threads(); }
};

/* Every thread of the grid (a cooperative launch). */
class grid_group : public thread_group {
	friend __device__ grid_group this_grid();
	__device__ grid_group() : thread_group(__bh::grid_type) {}

public:
	__device__ static unsigned int num_threads() { return __bh::grid_size(); }
	__device__ static unsigned int size() { return __bh::grid_size(); }
	__device__ static unsigned int thread_rank() { return __bh::grid_rank(); }
	__device__ static bool is_valid() { return __ockl_grid_is_valid() != 0; }
	__device__ static void sync() { __ockl_grid_sync(); }
	__device__ static unsigned int num_blocks() { return gridDim.x * gridDim.y * gridDim.z; }
	__device__ static unsigned int block_rank() { return __bh::grid_block_rank(); }
	__device__ static dim3 dim_blocks() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
	__device__ static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
	/* The grid's shape in blocks, as current ROCm and CUDA say (older ROCm: the block's). */
	__device__ static dim3 group_dim() { return dim_blocks(); }
};

/* Every thread of every grid of a multi-device launch (here: one grid). */
class multi_grid_group : public thread_group {
	friend __device__ multi_grid_group this_multi_grid();
	__device__ multi_grid_group() : thread_group(__bh::multi_grid_type) {}

public:
	__device__ static unsigned int num_threads() { return __ockl_multi_grid_size(); }
	__device__ static unsigned int size() { return __ockl_multi_grid_size(); }
	__device__ static unsigned int thread_rank() { return __ockl_multi_grid_thread_rank(); }
	__device__ static bool is_valid() { return __ockl_multi_grid_is_valid() != 0; }
	__device__ static void sync() { __ockl_multi_grid_sync(); }
	__device__ static unsigned int num_grids() { return __ockl_multi_grid_num_grids(); }
	__device__ static unsigned int grid_rank() { return __ockl_multi_grid_grid_rank(); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }
__device__ inline grid_group this_grid() { return grid_group(); }
__device__ inline multi_grid_group this_multi_grid() { return multi_grid_group(); }

template <class Group> __device__ inline void sync(const Group &g) { g.sync(); }
template <class Group> __device__ inline unsigned int group_size(const Group &g)
{
	return g.num_threads();
}
template <class Group> __device__ inline unsigned int thread_rank(const Group &g)
{
	return g.thread_rank();
}
template <class Group> __device__ inline bool is_valid(const Group &g) { return g.is_valid(); }

} // namespace cooperative_groups

#include <hip/bh/cg_coalesced.h>
#include <hip/bh/cg_tile.h>
#include <hip/bh/cg_partition.h>
#include <hip/bh/cg_reduce.h>
#endif

#endif /* HIP_COOPERATIVE_GROUPS_H */
