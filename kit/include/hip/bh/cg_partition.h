/*
 * barehip: cooperative groups' partitions -- the functions that cut a
 * group into smaller ones, and this_thread().
 *
 *   tiled_partition<N>(g)    g a thread_block or a thread_block_tile<M>
 *                            (N <= M): this thread's tile of N threads;
 *   tiled_partition(g, n)    the same with n chosen at run time, as a
 *                            thread_group (a block's last tile has its
 *                            true size); of a coalesced_group, a
 *                            coalesced_group of n consecutive ranks.  An n
 *                            that is not a power of two, or exceeds the
 *                            wave (a tile's n) gives a group whose
 *                            is_valid() is false (ROCm asserts instead);
 *   binary_partition(g, p)   the lanes of g whose p is the same as this
 *                            lane's (g a coalesced_group or a tile);
 *   labeled_partition(g, l)  the lanes of g with the same integer label.
 *
 * Every lane of the parent must make the call (they are collective, as
 * in HIP).  Included by hip_cooperative_groups.h.
 */
#pragma once

namespace cooperative_groups {

namespace __bh {
template <class ParentT> struct tile_parent {
	static constexpr bool ok = false;
	static constexpr unsigned int size = 0;
};
template <> struct tile_parent<thread_block> {
	static constexpr bool ok = true;
	static constexpr unsigned int size = ~0u;
};
template <unsigned int __bhM, class __bhP> struct tile_parent<thread_block_tile<__bhM, __bhP> > {
	static constexpr bool ok = true;
	static constexpr unsigned int size = __bhM;
};

__device__ inline bool is_tile_size(unsigned int n)
{
	return n && (n & (n - 1)) == 0 && n <= (unsigned int)warpSize;
}

struct access {
	template <unsigned int __bhN, class __bhP>
	__device__ static thread_block_tile<__bhN, __bhP> tile(unsigned int meta_rank,
						       unsigned int meta_size)
	{
		return thread_block_tile<__bhN, __bhP>(meta_rank, meta_size);
	}
	__device__ static coalesced_group coalesced(unsigned long long lanes,
						    unsigned int meta_rank = 0,
						    unsigned int meta_size = 1)
	{
		return coalesced_group(lanes, meta_rank, meta_size);
	}
	__device__ static thread_group group(group_type t, unsigned int size = 0,
					     unsigned int tile = 0, unsigned long long mask = 0,
					     unsigned int meta_rank = 0, unsigned int meta_size = 1)
	{
		return thread_group(t, size, tile, mask, meta_rank, meta_size);
	}
	__device__ static unsigned long long lanes(const thread_group &g) { return g.mask_; }
	__device__ static unsigned int tile_of(const thread_group &g) { return g.tile_; }
	__device__ static group_type type(const thread_group &g) { return g.type_; }

	/*
	 * Tiles of n consecutive ranks of a group of `size` threads where this
	 * thread has rank `rank`; the last one may be partial.
	 */
	__device__ static thread_group tiles(unsigned int rank, unsigned int size, unsigned int n)
	{
		unsigned int first = rank & ~(n - 1);
		unsigned int mine = size - first < n ? size - first : n;

		return thread_group(tile_type, mine, n, 0, rank / n, (size + n - 1) / n);
	}
	/* Tiles of n consecutive ranks of the coalesced lanes `lanes`. */
	__device__ static coalesced_group coalesced_tiles(unsigned long long lanes, unsigned int n)
	{
		unsigned int size = __builtin_popcountll(lanes), rank = __bh_cg_rank_in(lanes);

		if (n >= size)
			return coalesced_group(lanes, 0, 1);
		return coalesced_group(__bh_cg_rank_range(lanes, rank & ~(n - 1), n), rank / n,
				       (size + n - 1) / n);
	}
};
} // namespace __bh

template <unsigned int __bhN, class ParentT>
__device__ inline thread_block_tile<__bhN, ParentT> tiled_partition(const ParentT &parent)
{
	static_assert(__bh::tile_parent<ParentT>::ok,
		      "tiled_partition<N>(parent): parent must be a thread_block or a "
		      "thread_block_tile");
	static_assert(__bhN <= __bh::tile_parent<ParentT>::size,
		      "tiled_partition<N>(tile): N must not exceed the parent tile's size");
	unsigned int n = parent.num_threads();

	return __bh::access::tile<__bhN, ParentT>(parent.thread_rank() / __bhN, (n + __bhN - 1) / __bhN);
}

__device__ inline coalesced_group tiled_partition(const coalesced_group &parent, unsigned int n)
{
	if (!n || (n & (n - 1)))
		return __bh::access::coalesced(0);
	return __bh::access::coalesced_tiles(__bh::access::lanes(parent), n);
}

__device__ inline thread_group tiled_partition(const thread_group &parent, unsigned int n)
{
	switch (__bh::access::type(parent)) {
	case __bh::coalesced_type:
		if (!n || (n & (n - 1)))
			break;
		return __bh::access::coalesced_tiles(__bh::access::lanes(parent), n);
	case __bh::thread_block_type:
		if (!__bh::is_tile_size(n))
			break;
		return __bh::access::tiles(parent.thread_rank(), parent.num_threads(), n);
	case __bh::tile_type:
		if (!__bh::is_tile_size(n))
			break;
		if (n >= __bh::access::tile_of(parent))
			return parent;
		return __bh::access::tiles(parent.thread_rank(), parent.num_threads(), n);
	default:
		break;
	}
	return __bh::access::group(__bh::invalid_type);
}

__device__ inline thread_group tiled_partition(const thread_block &parent, unsigned int n)
{
	return tiled_partition(static_cast<const thread_group &>(parent), n);
}

/* The lanes of the parent whose predicate equals this lane's. */
__device__ inline coalesced_group binary_partition(const coalesced_group &parent, bool pred)
{
	unsigned long long lanes = __bh::access::lanes(parent);
	unsigned long long yes = __bh_warp_ballot(pred) & lanes;

	return __bh::access::coalesced(pred ? yes : lanes & ~yes);
}
template <unsigned int __bhN, class __bhP>
__device__ inline coalesced_group binary_partition(const thread_block_tile<__bhN, __bhP> &parent,
						   bool pred)
{
	unsigned long long lanes = __bh_cg_tile_lanes(__bhN) & __bh_warp_ballot(true);
	unsigned long long yes = __bh_warp_ballot(pred) & lanes;

	(void)parent;
	return __bh::access::coalesced(pred ? yes : lanes & ~yes);
}

namespace __bh {
/* A label as the 32- or 64-bit integer __match_any compares. */
template <class Label> __device__ inline unsigned long long label_lanes(Label label)
{
	static_assert(__is_integral(Label), "labeled_partition: the label must be an integer");
	if (sizeof(Label) <= 4)
		return __match_any((unsigned int)label);
	return __match_any((unsigned long long)label);
}
} // namespace __bh

/* The lanes of the parent whose label equals this lane's. */
template <class Label>
__device__ inline coalesced_group labeled_partition(const coalesced_group &parent, Label label)
{
	return __bh::access::coalesced(__bh::label_lanes(label) & __bh::access::lanes(parent));
}
template <unsigned int __bhN, class __bhP, class Label>
__device__ inline coalesced_group labeled_partition(const thread_block_tile<__bhN, __bhP> &parent,
						    Label label)
{
	(void)parent;
	return __bh::access::coalesced(__bh::label_lanes(label) & __bh_cg_tile_lanes(__bhN));
}

/* The calling thread alone. */
__device__ inline thread_group this_thread()
{
	return __bh::access::group(__bh::coalesced_type, 1, 0, 1ull << __bh_warp_lane());
}

} // namespace cooperative_groups
