// gfx940-family forms: sc0/sc1/nt cache bits, architected scratch (SVE).
v_lshl_add_u64 v[0:1], v[2:3], 2, v[4:5]
v_mov_b64_e32 v[0:1], v[2:3]
global_load_dword v0, v[2:3], off sc0 sc1 nt
global_store_dword v[0:1], v2, off sc1
scratch_load_dword v0, v1, off
