// Two groups, a flag handshake (test_model_pool).  Group 1 first spins
// 1000 times (past the dispatch's first round: the groups then run on
// different host threads), stores 42 to out[3], releases (buffer_wbl2)
// and sets the flag out[1] = 1; group 0 polls the flag, acquires
// (buffer_wbinvl1_vol), reads out[3] and copies it to out[2].
s_cmp_eq_u32 s2, 0
s_cbranch_scc0 14
v_mov_b32_e32 v1, 0
global_load_dword v4, v1, s[0:1] offset:4 glc
s_waitcnt vmcnt(0)
v_cmp_eq_u32_e32 vcc, 1, v4
s_cbranch_vccz -5
buffer_wbinvl1_vol
global_load_dword v5, v1, s[0:1] offset:12
s_waitcnt vmcnt(0)
global_store_dword v1, v5, s[0:1] offset:8
s_endpgm
s_movk_i32 s3, 0x3e8
s_sub_u32 s3, s3, 1
s_cmp_lg_u32 s3, 0
s_cbranch_scc1 -3
v_mov_b32_e32 v1, 0
v_mov_b32_e32 v2, 42
global_store_dword v1, v2, s[0:1] offset:12
s_waitcnt vmcnt(0)
buffer_wbl2
v_mov_b32_e32 v3, 1
global_store_dword v1, v3, s[0:1] offset:4
s_endpgm
