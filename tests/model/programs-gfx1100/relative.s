// gfx1100, wave32: v_movrels_b32 / v_movreld_b32 (VGPR number + M0) and
// MSG_DEALLOC_VGPRS.  s[0:1] = out; s2 = 1 makes the program touch a VGPR
// after giving them back (a fault), s2 = 0 ends it cleanly (the branch
// skips the one-dword v_mov).
// Thread t (lane l) writes at out[4t]:
//   0 v_movrels v5, v1 with M0 = 2: v3 = t + 300
//   1 v_movreld v1, v0 with M0 = 3: v4 = t (overwrote 400 + t)
//   2 v5 untouched by movreld with M0 = 3 (dst v4): t + 300 (from 0)
//   3 v_movrels v6, v2 with M0 = 0: v2 = t + 200
v_and_b32_e32 v0, 0x3ff, v0
v_add_nc_u32_e32 v1, 100, v0
v_add_nc_u32_e32 v2, 200, v0
v_add_nc_u32_e32 v3, 300, v0
v_add_nc_u32_e32 v4, 400, v0
s_mov_b32 m0, 2
v_movrels_b32_e32 v5, v1
s_mov_b32 m0, 3
v_movreld_b32_e32 v1, v0
s_mov_b32 m0, 0
v_movrels_b32_e32 v6, v2
v_lshlrev_b32_e32 v7, 4, v0
global_store_b32 v7, v5, s[0:1]
global_store_b32 v7, v4, s[0:1] offset:4
global_store_b32 v7, v5, s[0:1] offset:8
global_store_b32 v7, v6, s[0:1] offset:12
s_nop 0
s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
s_cmp_eq_u32 s2, 0
s_cbranch_scc1 1
v_mov_b32_e32 v0, 0
s_endpgm
