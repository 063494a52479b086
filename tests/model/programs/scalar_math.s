// Scalar ALU and SCC: results stored by lane 0 to out[0..5].
s_mov_b32 s4, 0xfffffff0
s_add_u32 s5, s4, 0x20
s_addc_u32 s6, 0, 0
s_cmp_lt_i32 s4, 0
s_cselect_b32 s7, 7, 9
s_mov_b32 s10, 0x12345678
s_bfe_u32 s8, s10, 0x80008
s_mul_i32 s9, s4, -3
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v1, s5
global_store_dword v0, v1, s[0:1]
v_mov_b32_e32 v1, s6
global_store_dword v0, v1, s[0:1] offset:4
v_mov_b32_e32 v1, s7
global_store_dword v0, v1, s[0:1] offset:8
v_mov_b32_e32 v1, s8
global_store_dword v0, v1, s[0:1] offset:12
v_mov_b32_e32 v1, s9
global_store_dword v0, v1, s[0:1] offset:16
s_endpgm
