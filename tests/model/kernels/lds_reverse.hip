// SPDX-License-Identifier: MIT
// Each workgroup reverses its slice of d through LDS: every thread
// stores, a barrier (with workgroup-scope release/acquire fences) makes
// the whole tile visible, then every thread reads its mirror element.
__attribute__((shared)) float tile[256];

__attribute__((global)) void lds_reverse(float *d)
{
	unsigned t = __builtin_amdgcn_workitem_id_x();
	unsigned size = __builtin_amdgcn_workgroup_size_x();
	unsigned i = __builtin_amdgcn_workgroup_id_x() * size + t;

	tile[t] = d[i];
	__builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
	__builtin_amdgcn_s_barrier();
	__builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
	d[i] = tile[size - 1 - t];
}
