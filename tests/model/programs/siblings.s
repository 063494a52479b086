// Scalar and vector siblings with hand-computed results (test_model_exec).
// s[0:1] = out.  Scalars go to out[0..15]; per-lane results to byte
// regions 256 (v_med3_i32), 512 (v_cmpx lanes), 768 (v_mad_i64_i32,
// 8 bytes a lane), 1280 (v_bcnt + 50), 1536 (v_ffbh_u32), 1792 (v_med3_f32).
v_and_b32_e32 v10, 0x3ff, v0
v_mov_b32_e32 v0, 0
s_mov_b32 s4, 0xf0f0f0f0
s_nand_b32 s5, s4, 0xff00ff00
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1]
s_bfm_b32 s5, 5, 4
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1] offset:4
s_absdiff_i32 s5, 3, 10
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1] offset:8
s_mul_hi_i32 s5, -2, 0x40000000
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1] offset:12
s_flbit_i32 s5, -8
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1] offset:16
s_mov_b32 s10, 1
s_bitset1_b32 s10, 31
v_mov_b32_e32 v1, s10
global_store_dword v0, v1, s[0:1] offset:20
s_mov_b64 s[12:13], 0xf0
s_bfe_i64 s[6:7], s[12:13], 0x40004
v_mov_b32_e32 v2, s6
v_mov_b32_e32 v3, s7
global_store_dwordx2 v0, v[2:3], s[0:1] offset:24
s_bfm_b64 s[6:7], 40, 8
v_mov_b32_e32 v2, s6
v_mov_b32_e32 v3, s7
global_store_dwordx2 v0, v[2:3], s[0:1] offset:32
s_mov_b32 s14, -20
s_cmpk_lt_i32 s14, 0xfff0
s_cselect_b32 s5, 1, 2
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1] offset:48
s_cmpk_lt_u32 s14, 0xfff0
s_cselect_b32 s5, 1, 2
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1] offset:52
s_xnor_b64 s[16:17], s[12:13], 0
v_mov_b32_e32 v1, s16
global_store_dword v0, v1, s[0:1] offset:56
s_bcnt0_i32_b32 s5, s4
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1] offset:60
// per lane
v_lshlrev_b32_e32 v11, 2, v10
v_med3_i32 v2, v10, 10, 20
global_store_dword v11, v2, s[0:1] offset:256
s_mov_b64 s[20:21], exec
v_cmpx_gt_u32_e32 vcc, 32, v10
v_mov_b32_e32 v3, 1
global_store_dword v11, v3, s[0:1] offset:512
s_mov_b64 exec, s[20:21]
v_mov_b32_e32 v2, vcc_lo
v_mov_b32_e32 v3, vcc_hi
global_store_dwordx2 v0, v[2:3], s[0:1] offset:40
v_mov_b32_e32 v6, 0
v_mov_b32_e32 v7, 0
v_mad_i64_i32 v[4:5], s[22:23], v10, -3, v[6:7]
v_lshlrev_b32_e32 v8, 3, v10
global_store_dwordx2 v8, v[4:5], s[0:1] offset:768
v_bcnt_u32_b32 v9, v10, 50
global_store_dword v11, v9, s[0:1] offset:1280
v_ffbh_u32_e32 v9, v10
global_store_dword v11, v9, s[0:1] offset:1536
v_cvt_f32_u32_e32 v12, v10
v_med3_f32 v13, v12, 1.0, 4.0
global_store_dword v11, v13, s[0:1] offset:1792
s_endpgm
