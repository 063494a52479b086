// MODE: read it, multiply a denormal with denormals kept, switch f32
// denormals to flush with s_setreg, multiply again.  out[0..2].
// Then DX10_CLAMP: a clamped NaN is 0, and passes through once s_setreg
// clears MODE[8]; MODE read again.  out[3..5].
s_getreg_b32 s4, hwreg(HW_REG_MODE)
v_mov_b32_e32 v1, 0x400000
v_mul_f32_e32 v2, 1.0, v1
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0
v_mul_f32_e32 v3, 1.0, v1
v_mov_b32_e32 v5, 0x7fc00000
v_max_f32_e64 v6, v5, v5 clamp
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 8, 1), 0
v_max_f32_e64 v7, v5, v5 clamp
s_getreg_b32 s5, hwreg(HW_REG_MODE)
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v4, s4
v_mov_b32_e32 v8, s5
global_store_dword v0, v4, s[0:1]
global_store_dword v0, v2, s[0:1] offset:4
global_store_dword v0, v3, s[0:1] offset:8
global_store_dword v0, v6, s[0:1] offset:12
global_store_dword v0, v7, s[0:1] offset:16
global_store_dword v0, v8, s[0:1] offset:20
s_endpgm
