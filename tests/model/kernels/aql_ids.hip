// SPDX-License-Identifier: MIT
// Work-item ids in three dimensions, with the grid and workgroup sizes
// read from the AQL dispatch packet through the dispatch pointer: what
// the model's AQL queue mode and partial workgroups must get right.
// out[0] counts the work-items that ran; out[1 + linear id] = x | y<<10 | z<<20.
__attribute__((global)) void aql_ids(unsigned *out)
{
	const unsigned short *pk16 = (const unsigned short *)__builtin_amdgcn_dispatch_ptr();
	const unsigned *pk32 = (const unsigned *)__builtin_amdgcn_dispatch_ptr();
	unsigned wx = pk16[2], wy = pk16[3], wz = pk16[4];
	unsigned gx = pk32[3], gy = pk32[4], gz = pk32[5];
	unsigned x = __builtin_amdgcn_workgroup_id_x() * wx + __builtin_amdgcn_workitem_id_x();
	unsigned y = __builtin_amdgcn_workgroup_id_y() * wy + __builtin_amdgcn_workitem_id_y();
	unsigned z = __builtin_amdgcn_workgroup_id_z() * wz + __builtin_amdgcn_workitem_id_z();

	__atomic_fetch_add(&out[0], 1u, __ATOMIC_RELAXED);
	if (x < gx && y < gy && z < gz)
		out[1 + (z * gy + y) * gx + x] = x | y << 10 | z << 20;
}
