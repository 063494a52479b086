// out[i] = 3*i + 1 for i = blockIdx.x * 64 + threadIdx.x.
// s[0:1] = out (user data), s2 = workgroup id x.
v_and_b32_e32 v1, 0x3ff, v0
s_lshl_b32 s3, s2, 6
v_add_u32_e32 v1, s3, v1
v_mul_u32_u24_e32 v2, 3, v1
v_add_u32_e32 v2, 1, v2
v_lshlrev_b32_e32 v3, 2, v1
global_store_dword v3, v2, s[0:1]
s_endpgm
