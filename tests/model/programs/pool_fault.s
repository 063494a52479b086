// Group 4 loads from GPU address 0x2000 + 4 * lane (unmapped); every
// other group polls out[1] for a 1 nothing stores (test_model_pool: only
// the fault can end the dispatch before the watchdog).
s_cmp_eq_u32 s2, 4
s_cbranch_scc1 7
v_mov_b32_e32 v1, 0
global_load_dword v4, v1, s[0:1] offset:4 glc
s_waitcnt vmcnt(0)
v_cmp_eq_u32_e32 vcc, 1, v4
s_cbranch_vccz -5
s_endpgm
v_lshlrev_b32_e32 v1, 2, v0
v_add_u32_e32 v2, 0x2000, v1
v_mov_b32_e32 v3, 0
global_load_dword v4, v[2:3], off
s_endpgm
