// Memory instructions whose data or destination are AccVGPRs (the ACC
// bit of FLAT and DS on gfx90a/942).  The rig's RSRC3 puts a0 at v4, so
// a[n] and v[n] are different registers holding different values: an
// instruction that took v[n] for a[n] stores or fills the wrong one.
// Lane 0 only; results in out[0..4] (test_model_exec.c).
s_mov_b64 exec, 1
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v1, 0x22222222
v_mov_b32_e32 v2, 0
v_mov_b32_e32 v3, 0x11111111
v_accvgpr_write_b32 a1, v3
v_mov_b32_e32 v3, 0x33333333
v_accvgpr_write_b32 a2, 0
v_accvgpr_write_b32 a5, 5
// [0] a store from a1
global_store_dword v0, a1, s[0:1]
// [1] a load into a2 (of the 0x33333333 stored at out[1])
global_store_dword v0, v3, s[0:1] offset:4
s_waitcnt vmcnt(0)
global_load_dword a2, v0, s[0:1] offset:4
s_waitcnt vmcnt(0)
v_accvgpr_read_b32 v1, a2
global_store_dword v0, v1, s[0:1] offset:4
// [2] LDS: written from a1, read into a3
ds_write_b32 v0, a1
s_waitcnt lgkmcnt(0)
ds_read_b32 a3, v0
s_waitcnt lgkmcnt(0)
v_accvgpr_read_b32 v2, a3
global_store_dword v0, v2, s[0:1] offset:8
// [3] 10 + a5 by a returning atomic, [4] its old value, returned into a4
v_mov_b32_e32 v2, 10
global_store_dword v0, v2, s[0:1] offset:12
s_waitcnt vmcnt(0)
global_atomic_add a4, v0, a5, s[0:1] offset:12 glc
s_waitcnt vmcnt(0)
v_accvgpr_read_b32 v2, a4
global_store_dword v0, v2, s[0:1] offset:16
s_endpgm
