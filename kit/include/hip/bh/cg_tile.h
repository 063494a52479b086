/*
 * barehip: cooperative groups' thread_block_tile<N> -- a block (or a
 * tile) cut into tiles of N consecutive threads, N a power of two no
 * larger than the wave (64 on gfx9, 32 on gfx11 unless built with
 * -mwavefrontsize64; a larger N is refused at compile time).  Tiles never
 * straddle waves: a tile's rank is lane mod N, and its shuffles are the
 * warp shuffles with width N.
 *
 * thread_block_tile<N, Parent> is what tiled_partition<N>(parent)
 * returns; it converts to the plain thread_block_tile<N> (Parent void)
 * and to thread_group.  size() is N, a constant, also in a block's last
 * tile when the block size is not a multiple of N (as in HIP): there a
 * shuffle from a lane past the block's end reads 0, and any/all/ballot
 * and match count only the lanes that exist.  The dynamic
 * tiled_partition(parent, n) (bh/cg_partition.h) gives that last tile
 * its true size.  Included by hip_cooperative_groups.h.
 */
#pragma once

namespace cooperative_groups {

template <unsigned int __bhN, class ParentT = void> class thread_block_tile;

template <unsigned int __bhN> class thread_block_tile<__bhN, void> : public thread_group {
	static_assert(__bhN >= 1 && (__bhN & (__bhN - 1)) == 0 && __bhN <= __AMDGCN_WAVEFRONT_SIZE__,
		      "thread_block_tile<N>: N must be a power of two no larger than the "
		      "wavefront size of the target (64 on gfx9; 32 on gfx11, unless built "
		      "with -mwavefrontsize64)");
	friend struct __bh::access;

	/* This tile's lanes that exist (all but past a partial block's end). */
	__device__ static unsigned long long lanes()
	{
		return __bh_cg_tile_lanes(__bhN) & __bh_warp_ballot(true);
	}
	/* This tile's first lane. */
	__device__ static unsigned int base() { return __bh_warp_lane() & ~(__bhN - 1); }
	/* The bits of a wave-wide mask that belong to this tile, by rank. */
	__device__ static unsigned long long own(unsigned long long wave)
	{
		return wave >> base() & __bh_cg_low(__bhN);
	}

protected:
	__device__ thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
		: thread_group(__bh::tile_type, __bhN, __bhN, 0, meta_rank, meta_size)
	{
	}

public:
	__device__ static constexpr unsigned int num_threads() { return __bhN; }
	__device__ static constexpr unsigned int size() { return __bhN; }
	__device__ static unsigned int thread_rank() { return __bh_warp_lane() & (__bhN - 1); }
	__device__ static bool is_valid() { return true; }
	__device__ static void sync() { __bh_warp_barrier(); }
	/* This tile's index among the parent's tiles, and how many there are. */
	__device__ unsigned int meta_group_rank() const { return meta_rank_; }
	__device__ unsigned int meta_group_size() const { return meta_size_; }

	template <class __bhT> __device__ __bhT shfl(__bhT var, int srcRank) const
	{
		return __shfl(var, srcRank, (int)__bhN);
	}
	template <class __bhT> __device__ __bhT shfl_down(__bhT var, unsigned int delta) const
	{
		return __shfl_down(var, delta, (int)__bhN);
	}
	template <class __bhT> __device__ __bhT shfl_up(__bhT var, unsigned int delta) const
	{
		return __shfl_up(var, delta, (int)__bhN);
	}
	template <class __bhT> __device__ __bhT shfl_xor(__bhT var, unsigned int laneMask) const
	{
		return __shfl_xor(var, (int)laneMask, (int)__bhN);
	}

	/* Bit r set where the predicate holds on rank r. */
	__device__ unsigned long long ballot(int pred) const
	{
		return own(__bh_warp_ballot(pred != 0));
	}
	__device__ int any(int pred) const { return own(__bh_warp_ballot(pred != 0)) != 0; }
	__device__ int all(int pred) const { return own(__bh_warp_ballot(pred == 0)) == 0; }
	/* The ranks holding the same value as this lane (compared as bits, as __match_any). */
	template <class __bhT> __device__ unsigned long long match_any(__bhT value) const
	{
		return own(__match_any(value));
	}
	/* Every rank (and pred = 1) if all hold the same value, else 0 (and pred = 0). */
	template <class __bhT> __device__ unsigned long long match_all(__bhT value, int &pred) const
	{
		unsigned long long mine = lanes();

		pred = (__match_any(value) & mine) == mine;
		return pred ? own(mine) : 0;
	}
};

/* A tile that remembers its parent's type; it is a thread_block_tile<N>. */
template <unsigned int __bhN, class ParentT>
class thread_block_tile : public thread_block_tile<__bhN, void> {
	friend struct __bh::access;
	__device__ thread_block_tile(unsigned int meta_rank, unsigned int meta_size)
		: thread_block_tile<__bhN, void>(meta_rank, meta_size)
	{
	}
};

} // namespace cooperative_groups
