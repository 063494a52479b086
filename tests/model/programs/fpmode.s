// Rounding and denormal modes: one wave of 64 lanes loads its operands
// (64 bytes per lane at s[0:1]), switches MODE to the dword at
// s[0:1] + 0x3000, runs each rounding operation once and stores the
// results (128 bytes per lane at s[0:1] + 0x1000).  Layout and the MPFR
// reference: test_model_exec.c, test_fp_modes.
s_load_dword s2, s[0:1], 0x3000
v_lshlrev_b32_e32 v1, 6, v0
v_lshlrev_b32_e32 v2, 7, v0
v_add_u32_e32 v2, 0x1000, v2
global_load_dwordx4 v[4:7], v1, s[0:1]
global_load_dwordx4 v[8:11], v1, s[0:1] offset:16
global_load_dwordx4 v[12:15], v1, s[0:1] offset:32
global_load_dwordx4 v[16:19], v1, s[0:1] offset:48
s_waitcnt vmcnt(0) lgkmcnt(0)
s_setreg_b32 hwreg(HW_REG_MODE, 0, 8), s2
// f32: a = v4, b = v5, c = v6; i = v19
v_add_f32_e32 v20, v4, v5
v_sub_f32_e32 v21, v4, v5
v_mul_f32_e32 v22, v4, v5
v_fma_f32 v23, v4, v5, v6
v_cvt_f32_f64_e32 v24, v[8:9]
v_cvt_f32_i32_e32 v25, v19
v_cvt_f32_u32_e32 v26, v19
// f16: a = v16, b = v17, c = v18 (low halves)
v_add_f16_e32 v27, v16, v17
v_mul_f16_e32 v28, v16, v17
v_fma_f16 v29, v16, v17, v18
v_cvt_f16_f32_e32 v30, v4
v_pk_fma_f16 v31, v16, v17, v18
// f64: x = v[8:9], y = v[10:11], z = v[12:13]
v_add_f64 v[32:33], v[8:9], v[10:11]
v_mul_f64 v[34:35], v[8:9], v[10:11]
v_fma_f64 v[36:37], v[8:9], v[10:11], v[12:13]
v_mac_f32_e32 v6, v4, v5
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 8), 0xf0
global_store_dwordx4 v2, v[20:23], s[0:1]
global_store_dwordx4 v2, v[24:27], s[0:1] offset:16
global_store_dwordx4 v2, v[28:31], s[0:1] offset:32
global_store_dwordx4 v2, v[32:35], s[0:1] offset:48
global_store_dwordx2 v2, v[36:37], s[0:1] offset:64
global_store_dword v2, v6, s[0:1] offset:72
s_endpgm
