// gfx1100, wave32: one workgroup of 64 threads = two waves of 32.
// s[0:1] = out.  t = thread in the group, l = lane in its wave (t % 32).
// Thread t writes eight dwords at out[8t] (expected values, per lane):
//   0 DPP16 row_xmask:1       t ^ 1
//   1 DPP8 [7,6,...,0]        t ^ 7 (lane 7 - l of its group of 8)
//   2 VOPD X mov              t
//   3 VOPD Y add 100 + v4     107: Y reads v4 before X writes it (v4 was 7)
//   4 after v_cmpx_gt 16 > l  1 if l < 16, else 0 (v_cmpx wrote EXEC only)
//   5 EXEC_LO after v_cmpx    0x0000ffff (saved in s5, restored after)
//   6 v_cndmask on VCC_LO     20 if l < 5, else 10 (v_cmp e32 wrote VCC_LO)
//   7 s_and_saveexec_b32      0x55 in lane 3 only, else 0
// then four dwords at out[512 + 4t]: popcount of the saved EXEC (32),
// VCC_LO (0x1f), v_readlane lane 31 (32w + 31 for wave w), M0 (0x1234);
// and out[768 + t] = out[8t] + 1000, loaded back with global_load.
v_and_b32_e32 v1, 0x3ff, v0
v_mbcnt_lo_u32_b32 v10, -1, 0
v_mov_b32_dpp v2, v1 row_xmask:1 row_mask:0xf bank_mask:0xf
v_mov_b32_dpp v3, v1 dpp8:[7,6,5,4,3,2,1,0]
v_mov_b32_e32 v4, 7
v_dual_mov_b32 v4, v1 :: v_dual_add_nc_u32 v5, 0x64, v4
v_mov_b32_e32 v6, 0
s_mov_b32 s4, exec_lo
v_cmpx_gt_u32_e32 16, v10
s_mov_b32 s5, exec_lo
v_mov_b32_e32 v6, 1
s_mov_b32 exec_lo, s4
v_mov_b32_e32 v7, s5
v_mov_b32_e32 v11, 20
v_cmp_gt_u32_e32 vcc_lo, 5, v10
v_cndmask_b32_e32 v8, 10, v11, vcc_lo
v_mov_b32_e32 v9, 0
v_cmp_eq_u32_e64 s6, 3, v10
s_and_saveexec_b32 s7, s6
v_mov_b32_e32 v9, 0x55
s_mov_b32 exec_lo, s7
s_bcnt1_i32_b32 s8, s7
v_readlane_b32 s9, v1, 31
s_mov_b32 m0, 0x1234
v_mov_b32_e32 v13, s8
v_mov_b32_e32 v14, vcc_lo
v_mov_b32_e32 v15, s9
v_mov_b32_e32 v16, m0
v_lshlrev_b32_e32 v20, 5, v1
global_store_b128 v20, v[2:5], s[0:1]
global_store_b128 v20, v[6:9], s[0:1] offset:16
v_lshlrev_b32_e32 v21, 4, v1
v_add_nc_u32_e32 v21, 0x800, v21
global_store_b128 v21, v[13:16], s[0:1]
s_waitcnt_vscnt null, 0x0
global_load_b32 v17, v20, s[0:1]
s_waitcnt vmcnt(0)
v_add_nc_u32_e32 v17, 0x3e8, v17
v_lshlrev_b32_e32 v22, 2, v1
v_add_nc_u32_e32 v22, 0xc00, v22
global_store_b32 v22, v17, s[0:1]
s_endpgm
