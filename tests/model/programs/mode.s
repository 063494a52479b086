// MODE: read it, multiply a denormal with denormals kept, switch f32
// denormals to flush with s_setreg, multiply again.  out[0..2].
s_getreg_b32 s4, hwreg(HW_REG_MODE)
v_mov_b32_e32 v1, 0x400000
v_mul_f32_e32 v2, 1.0, v1
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 0
v_mul_f32_e32 v3, 1.0, v1
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v4, s4
global_store_dword v0, v4, s[0:1]
global_store_dword v0, v2, s[0:1] offset:4
global_store_dword v0, v3, s[0:1] offset:8
s_endpgm
