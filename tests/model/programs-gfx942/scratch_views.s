// gfx942 architected flat scratch: the hardware sets FLAT_SCRATCH to
// DISPATCH_SCRATCH_BASE + this wave's slot offset.  s[0:1] = out.
// Private dword 2 <- 100 + t (scratch_store, SGPR/VGPR-less form),
// dword 3 <- 200 + t (scratch_store with a VGPR offset, SVE); then
// out[2t] = dword 2 and out[2t+1] = dword 3 through the flat private
// aperture.
v_and_b32_e32 v1, 0x3ff, v0
v_add_u32_e32 v2, 100, v1
scratch_store_dword off, v2, off offset:8
v_add_u32_e32 v3, 200, v1
v_mov_b32_e32 v4, 12
scratch_store_dword v4, v3, off
s_mov_b64 s[2:3], src_private_base
v_mov_b32_e32 v6, 8
v_mov_b32_e32 v7, s3
flat_load_dword v10, v[6:7]
v_mov_b32_e32 v6, 12
flat_load_dword v11, v[6:7]
s_waitcnt vmcnt(0) lgkmcnt(0)
v_lshlrev_b32_e32 v9, 3, v1
global_store_dwordx2 v9, v[10:11], s[0:1]
s_endpgm
