// global_atomic_pk_add_f16 rounding, lane 0 only (test_model_exec.c,
// test_pk_add_f16): out[0..2] are set, each gets one packed add with GLC,
// out[3..5] are the returned old values.
s_mov_b64 exec, 1
v_mov_b32_e32 v0, 0
// (1, 1) + (2^-11, 3*2^-11): a tie to even 1, and 1.5 ulp to even 1 + 2^-9
v_mov_b32_e32 v2, 0x3c003c00
v_mov_b32_e32 v7, 0x16001000
// denormals kept: (2^-24, -2^-24) + (2^-24, 2^-24) = (2^-23, +0)
v_mov_b32_e32 v3, 0x80010001
v_mov_b32_e32 v5, 0x00010001
// (65504 + 32) overflows to +inf; a signalling NaN + 1 is the NaN quieted
v_mov_b32_e32 v4, 0x7c017bff
v_mov_b32_e32 v6, 0x3c005000
global_store_dwordx3 v0, v[2:4], s[0:1]
s_waitcnt vmcnt(0)
global_atomic_pk_add_f16 v10, v0, v7, s[0:1] glc
global_atomic_pk_add_f16 v11, v0, v5, s[0:1] offset:4 glc
global_atomic_pk_add_f16 v12, v0, v6, s[0:1] offset:8 glc
s_waitcnt vmcnt(0)
global_store_dwordx3 v0, v[10:12], s[0:1] offset:12
s_waitcnt vmcnt(0)
s_endpgm
