// gfx942's packed atomics, lane 0 only (test_model_exec.c, test_pk_add_gfx942):
// global_atomic_pk_add_bf16 (sums out[0..1], old values out[2..3]) and
// ds_pk_add_rtn_f16/_bf16 on LDS (sums out[4..5], old values out[6..7]).
s_mov_b64 exec, 1
v_mov_b32_e32 v0, 0
// bf16 (1 + 2^-7, 1.5) + (2^-8, 2^-8): ties to even, up and down
v_mov_b32_e32 v2, 0x3fc03f81
v_mov_b32_e32 v6, 0x3b803b80
// bf16 denormals kept: (2^-133, -2^-133) + (2^-133, 2^-133) = (2^-132, +0)
v_mov_b32_e32 v3, 0x80010001
v_mov_b32_e32 v7, 0x00010001
// f16 (1, 1) + (2^-11, 3*2^-11)
v_mov_b32_e32 v4, 0x3c003c00
v_mov_b32_e32 v8, 0x16001000
global_store_dwordx2 v0, v[2:3], s[0:1]
s_waitcnt vmcnt(0)
global_atomic_pk_add_bf16 v10, v0, v6, s[0:1] sc0
global_atomic_pk_add_bf16 v11, v0, v7, s[0:1] offset:4 sc0
s_waitcnt vmcnt(0)
global_store_dwordx2 v0, v[10:11], s[0:1] offset:8
ds_write_b32 v0, v4
ds_write_b32 v0, v2 offset:4
s_waitcnt lgkmcnt(0)
ds_pk_add_rtn_f16 v12, v0, v8
ds_pk_add_rtn_bf16 v13, v0, v6 offset:4
s_waitcnt lgkmcnt(0)
ds_read_b64 v[14:15], v0
s_waitcnt lgkmcnt(0)
global_store_dwordx2 v0, v[14:15], s[0:1] offset:16
global_store_dwordx2 v0, v[12:13], s[0:1] offset:24
s_waitcnt vmcnt(0)
s_endpgm
