// Each lane adds 1 to out[0] 2000 times, then sets out[16 + group]
// (test_model_pool: a dispatch long enough to map pages during it).
v_mov_b32_e32 v1, 0
v_mov_b32_e32 v2, 1
s_movk_i32 s3, 0x7d0
global_atomic_add v1, v2, s[0:1]
s_sub_u32 s3, s3, 1
s_cmp_lg_u32 s3, 0
s_cbranch_scc1 -5
s_lshl_b32 s4, s2, 2
v_mov_b32_e32 v1, s4
global_store_dword v1, v2, s[0:1] offset:64
s_endpgm
