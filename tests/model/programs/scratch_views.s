// gfx90a private segment, three views of the same bytes (AMDGPUUsage
// "Private Segment"; docs/facts/dispatch.md §3.3).
// s[0:3] = PSB V# (swizzled, ADD_TID), s[4:5] = flat scratch init,
// s[6:7] = out, s8 = scratch wave offset (system SGPR).
// Private dword 2 <- 100 + t through MUBUF, dword 3 <- 200 + t through
// scratch_store; then out[2t] = dword 2 through the flat private
// aperture, out[2t+1] = dword 3 through MUBUF.
s_add_u32 flat_scratch_lo, s4, s8
s_addc_u32 flat_scratch_hi, s5, 0
v_and_b32_e32 v1, 0x3ff, v0
v_add_u32_e32 v2, 100, v1
buffer_store_dword v2, off, s[0:3], s8 offset:8
v_add_u32_e32 v3, 200, v1
v_mov_b32_e32 v4, 0
scratch_store_dword v4, v3, off offset:12
s_mov_b64 s[10:11], src_private_base
v_mov_b32_e32 v6, 8
v_mov_b32_e32 v7, s11
flat_load_dword v10, v[6:7]
buffer_load_dword v11, off, s[0:3], s8 offset:12
s_waitcnt vmcnt(0) lgkmcnt(0)
v_lshlrev_b32_e32 v9, 3, v1
global_store_dwordx2 v9, v[10:11], s[6:7]
s_endpgm
