// Workgroup 1 loads from GPU address 0x2000 + 4 * lane (unmapped);
// workgroup 0 does nothing.
s_cmp_eq_u32 s2, 0
s_cbranch_scc1 6
v_lshlrev_b32_e32 v1, 2, v0
v_add_u32_e32 v2, 0x2000, v1
v_mov_b32_e32 v3, 0
global_load_dword v4, v[2:3], off
s_endpgm
