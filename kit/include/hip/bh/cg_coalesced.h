/*
 * barehip: cooperative groups' coalesced_group -- a set of lanes of one
 * wave, typically the lanes active at a point of divergent code
 * (coalesced_threads()), or a part of such a set (tiled_partition,
 * binary_partition, labeled_partition: bh/cg_partition.h).
 *
 * Ranks are dense over the group's lanes, in lane order: in a branch
 * taken by lanes 1, 3 and 4 those are ranks 0, 1 and 2, size() is 3, and
 * shfl(v, 2) reads lane 4.  shfl_up/shfl_down move by ranks (a source
 * outside the group leaves a lane its own value), and ballot and the
 * match functions return masks indexed by rank, as HIP and CUDA define
 * them.  Included by hip_cooperative_groups.h.
 */
#pragma once

namespace cooperative_groups {

class coalesced_group : public thread_group {
	friend struct __bh::access;
	friend __device__ coalesced_group coalesced_threads();

	__device__ explicit coalesced_group(unsigned long long lanes, unsigned int meta_rank = 0,
					    unsigned int meta_size = 1)
		: thread_group(__bh::coalesced_type, __builtin_popcountll(lanes), 0, lanes,
			       meta_rank, meta_size)
	{
	}

	/* The lane of rank r (r < size()). */
	__device__ unsigned int lane_of(unsigned int r) const { return __bh_cg_nth_lane(mask_, r); }

public:
	__device__ unsigned int num_threads() const { return size_; }
	__device__ unsigned int size() const { return size_; }
	__device__ unsigned int thread_rank() const { return __bh_cg_rank_in(mask_); }
	/* An empty group (a partition that selects no lane) is not valid. */
	__device__ bool is_valid() const { return mask_ != 0; }
	__device__ void sync() const { __bh_warp_barrier(); }
	__device__ unsigned int meta_group_rank() const { return meta_rank_; }
	__device__ unsigned int meta_group_size() const { return meta_size_; }

	/* var of rank srcRank (taken modulo size()). */
	template <class __bhT> __device__ __bhT shfl(__bhT var, int srcRank) const
	{
		int n = (int)size_, r = srcRank % n;

		return __shfl(var, (int)lane_of(r < 0 ? r + n : r), warpSize);
	}
	/* var of rank thread_rank() + delta; this lane's own past the last rank. */
	template <class __bhT> __device__ __bhT shfl_down(__bhT var, unsigned int delta) const
	{
		unsigned int r = thread_rank();
		int src = delta < size_ - r ? (int)lane_of(r + delta) : (int)__bh_warp_lane();

		return __shfl(var, src, warpSize);
	}
	/* var of rank thread_rank() - delta; this lane's own before rank 0. */
	template <class __bhT> __device__ __bhT shfl_up(__bhT var, unsigned int delta) const
	{
		unsigned int r = thread_rank();
		int src = delta <= r ? (int)lane_of(r - delta) : (int)__bh_warp_lane();

		return __shfl(var, src, warpSize);
	}

	/* Bit r set where the predicate holds on rank r. */
	__device__ unsigned long long ballot(int pred) const
	{
		return __bh_cg_pack(mask_, __bh_warp_ballot(pred != 0));
	}
	__device__ int any(int pred) const { return (__bh_warp_ballot(pred != 0) & mask_) != 0; }
	__device__ int all(int pred) const { return (__bh_warp_ballot(pred == 0) & mask_) == 0; }
	/* The ranks holding the same value as this lane (compared as bits, as __match_any). */
	template <class __bhT> __device__ unsigned long long match_any(__bhT value) const
	{
		return __bh_cg_pack(mask_, __match_any(value));
	}
	/* Every rank (and pred = 1) if all hold the same value, else 0 (and pred = 0). */
	template <class __bhT> __device__ unsigned long long match_all(__bhT value, int &pred) const
	{
		pred = (__match_any(value) & mask_) == mask_;
		return pred ? __bh_cg_low(size_) : 0;
	}
};

/* The lanes of this wave executing the call. */
__device__ inline coalesced_group coalesced_threads()
{
	return coalesced_group(__bh_warp_ballot(true));
}

} // namespace cooperative_groups
