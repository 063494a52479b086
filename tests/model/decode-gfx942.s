// gfx940-family forms: sc0/sc1/nt cache bits, architected scratch (SVE).
v_lshl_add_u64 v[0:1], v[2:3], 2, v[4:5]
v_mov_b64_e32 v[0:1], v[2:3]
global_load_dword v0, v[2:3], off sc0 sc1 nt
global_store_dword v[0:1], v2, off sc1
scratch_load_dword v0, v1, off
v_fmamk_f32 v0, v1, 0x41200000, v2
v_fmaak_f32 v0, v1, v2, 0x41200000
global_atomic_cmpswap v0, v[2:3], v[4:5], off sc0
global_atomic_pk_add_f16 v1, v[2:3], v0, off sc0
global_atomic_pk_add_bf16 v[2:3], v0, off
flat_atomic_pk_add_bf16 v1, v[2:3], v0 sc0
ds_pk_add_f16 v0, v1 offset:8
ds_pk_add_rtn_bf16 v0, v1, v2
