// Group 5 spins 1000 times (past the dispatch's first round, so it runs
// on a host thread of its own), then loads from GPU address
// 0x2000 + 4 * lane (unmapped); every other group polls out[1] for a 1
// nothing stores (test_model_pool: only the fault can end the dispatch
// before the watchdog).
s_cmp_eq_u32 s2, 5
s_cbranch_scc1 7
v_mov_b32_e32 v1, 0
global_load_dword v4, v1, s[0:1] offset:4 glc
s_waitcnt vmcnt(0)
v_cmp_eq_u32_e32 vcc, 1, v4
s_cbranch_vccz -5
s_endpgm
s_movk_i32 s3, 0x3e8
s_sub_u32 s3, s3, 1
s_cmp_lg_u32 s3, 0
s_cbranch_scc1 -3
v_lshlrev_b32_e32 v1, 2, v0
v_add_u32_e32 v2, 0x2000, v1
v_mov_b32_e32 v3, 0
global_load_dword v4, v[2:3], off
s_endpgm
