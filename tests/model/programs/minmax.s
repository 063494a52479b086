// IEEE-mode min/max edge cases, lane 0 only; out[i] (expectations in
// test_model_exec.c, test_min_max): a signaling NaN operand gives that
// NaN quieted, a quiet NaN loses to a number, -0 orders below +0.
s_mov_b64 exec, 1
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v1, 0x7f800001
v_mov_b32_e32 v2, 1.0
v_mov_b32_e32 v3, 0x7fc00000
v_bfrev_b32_e32 v4, 1
v_min_f32_e32 v10, v1, v2
v_max_f32_e32 v11, v2, v1
v_min_f32_e32 v12, v3, v2
v_max_f32_e32 v13, v2, v3
v_min_f32_e32 v14, 0, v4
v_max_f32_e64 v15, v4, 0
v_min_f32_e64 v16, v4, 0
v_max_f32_e32 v17, 0, v4
global_store_dwordx4 v0, v[10:13], s[0:1]
global_store_dwordx4 v0, v[14:17], s[0:1] offset:16
// f64: sNaN 0x7ff0000000000001, -0 and +0
v_mov_b32_e32 v20, 1
v_mov_b32_e32 v21, 0x7ff00000
v_mov_b32_e32 v22, 0
v_bfrev_b32_e32 v23, 1
v_min_f64 v[24:25], v[20:21], 1.0
v_max_f64 v[26:27], 0, v[22:23]
v_min_f64 v[28:29], 0, v[22:23]
global_store_dwordx4 v0, v[24:27], s[0:1] offset:32
global_store_dwordx2 v0, v[28:29], s[0:1] offset:48
// f16: sNaN 0x7c01 against 1.0, qNaN 0x7e00 against 1.0, -0 / +0
v_mov_b32_e32 v30, 0x7c01
v_mov_b32_e32 v31, 0x7e00
v_mov_b32_e32 v32, 0x8000
v_max_f16_e32 v44, 1.0, v30
v_min_f16_e64 v45, v31, 1.0
v_min_f16_e32 v46, 0, v32
v_max_f16_e64 v47, v32, 0
global_store_dwordx4 v0, v[44:47], s[0:1] offset:56
// min3 / med3 with a quiet NaN: min3 of the numbers; med3 of (NaN, 2, 3) = min3 = 2
v_mov_b32_e32 v5, 2.0
v_mov_b32_e32 v6, 4.0
v_min3_f32 v40, v3, v5, v6
v_med3_f32 v41, v3, v6, v5
v_med3_f32 v42, v2, v6, v5
v_max3_f32 v43, v5, v1, v6
global_store_dwordx4 v0, v[40:43], s[0:1] offset:72
s_endpgm
