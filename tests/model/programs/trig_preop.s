// v_trig_preop_f64 for x = 1.0 (segments 0, 1, 2), x = 2^55 (segment 0,
// exponent-shifted by one bit) and x = 2^1000 (scaled by 2^128).  Lane 0
// stores the results to out[0..9] (two dwords each).
s_mov_b64 exec, 1
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v2, 0
v_mov_b32_e32 v3, 0x3ff00000
v_mov_b32_e32 v4, 0
v_trig_preop_f64 v[6:7], v[2:3], v4
global_store_dwordx2 v0, v[6:7], s[0:1]
v_mov_b32_e32 v4, 1
v_trig_preop_f64 v[6:7], v[2:3], v4
global_store_dwordx2 v0, v[6:7], s[0:1] offset:8
v_mov_b32_e32 v4, 2
v_trig_preop_f64 v[6:7], v[2:3], v4
global_store_dwordx2 v0, v[6:7], s[0:1] offset:16
v_mov_b32_e32 v3, 0x43600000
v_mov_b32_e32 v4, 0
v_trig_preop_f64 v[6:7], v[2:3], v4
global_store_dwordx2 v0, v[6:7], s[0:1] offset:24
v_mov_b32_e32 v3, 0x7e700000
v_trig_preop_f64 v[6:7], v[2:3], v4
global_store_dwordx2 v0, v[6:7], s[0:1] offset:32
s_endpgm
