/*
 * barehip: cooperative groups (namespace cooperative_groups), as HIP
 * offers them: the thread block, the grid and the multi-grid, each with
 * sync(), size(), thread_rank() and is_valid(), as members and as free
 * functions.
 *
 * grid.sync() needs a cooperative launch (hipLaunchCooperativeKernel):
 * the loader checks that every block of the grid can be resident at once
 * and gives the launch the record the firmware synchronises through
 * (firmware/coop.c).  In an ordinary launch this_grid().is_valid() is
 * false and grid.sync() stops the kernel with an error rather than hang.
 * barehip launches one grid per cooperative launch: this_multi_grid() is
 * that grid (num_grids() 1, grid_rank() 0).
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

namespace cooperative_groups {

namespace __bh {
enum group_type { thread_block_type, grid_type, multi_grid_type };

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

/* Blocks in x-fastest order, each holding block_size() ranks. */
__device__ inline unsigned int grid_rank()
{
	unsigned int block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;

	return block * block_size() + block_rank();
}
} // namespace __bh

/* Any group: what every kind answers. */
class thread_group {
protected:
	__bh::group_type type_;
	__device__ explicit thread_group(__bh::group_type t) : type_(t) {}

public:
	__device__ unsigned int size() const
	{
		switch (type_) {
		case __bh::grid_type: return __bh::grid_size();
		case __bh::multi_grid_type: return __ockl_multi_grid_size();
		default: return __bh::block_size();
		}
	}
	__device__ unsigned int thread_rank() const
	{
		switch (type_) {
		case __bh::grid_type: return __bh::grid_rank();
		case __bh::multi_grid_type: return __ockl_multi_grid_thread_rank();
		default: return __bh::block_rank();
		}
	}
	__device__ bool is_valid() const
	{
		switch (type_) {
		case __bh::grid_type: return __ockl_grid_is_valid() != 0;
		case __bh::multi_grid_type: return __ockl_multi_grid_is_valid() != 0;
		default: return true;
		}
	}
	__device__ void sync() const
	{
		switch (type_) {
		case __bh::grid_type: __ockl_grid_sync(); break;
		case __bh::multi_grid_type: __ockl_multi_grid_sync(); break;
		default: __syncthreads(); break;
		}
	}
	__device__ unsigned int num_threads() const { return size(); }
};

/* The threads of this block. */
class thread_block : public thread_group {
	friend __device__ thread_block this_thread_block();
	__device__ thread_block() : thread_group(__bh::thread_block_type) {}

public:
	__device__ unsigned int size() const { return __bh::block_size(); }
	__device__ unsigned int thread_rank() const { return __bh::block_rank(); }
	__device__ bool is_valid() const { return true; }
	__device__ void sync() const { __syncthreads(); }
	__device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
	__device__ dim3 thread_index() const
	{
		return dim3(threadIdx.x, threadIdx.y, threadIdx.z);
	}
	__device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
	__device__ dim3 dim_threads() const { return group_dim(); }
};

/* Every thread of the grid (a cooperative launch). */
class grid_group : public thread_group {
	friend __device__ grid_group this_grid();
	__device__ grid_group() : thread_group(__bh::grid_type) {}

public:
	__device__ unsigned int size() const { return __bh::grid_size(); }
	__device__ unsigned int thread_rank() const { return __bh::grid_rank(); }
	__device__ bool is_valid() const { return __ockl_grid_is_valid() != 0; }
	__device__ void sync() const { __ockl_grid_sync(); }
	__device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
	__device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
	__device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
};

/* Every thread of every grid of a multi-device launch (here: one grid). */
class multi_grid_group : public thread_group {
	friend __device__ multi_grid_group this_multi_grid();
	__device__ multi_grid_group() : thread_group(__bh::multi_grid_type) {}

public:
	__device__ unsigned int size() const { return __ockl_multi_grid_size(); }
	__device__ unsigned int thread_rank() const { return __ockl_multi_grid_thread_rank(); }
	__device__ bool is_valid() const { return __ockl_multi_grid_is_valid() != 0; }
	__device__ void sync() const { __ockl_multi_grid_sync(); }
	__device__ unsigned int num_grids() const { return __ockl_multi_grid_num_grids(); }
	__device__ unsigned int grid_rank() const { return __ockl_multi_grid_grid_rank(); }
};

__device__ inline thread_block this_thread_block() { return thread_block(); }
__device__ inline grid_group this_grid() { return grid_group(); }
__device__ inline multi_grid_group this_multi_grid() { return multi_grid_group(); }

template <class Group> __device__ inline void sync(const Group &g) { g.sync(); }
template <class Group> __device__ inline unsigned int group_size(const Group &g)
{
	return g.size();
}
template <class Group> __device__ inline unsigned int thread_rank(const Group &g)
{
	return g.thread_rank();
}
template <class Group> __device__ inline bool is_valid(const Group &g) { return g.is_valid(); }

} // namespace cooperative_groups
#endif

#endif /* HIP_COOPERATIVE_GROUPS_H */
