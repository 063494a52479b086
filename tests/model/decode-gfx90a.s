// gfx90a-only forms.
v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[0,1]
scratch_load_dword v0, v1, off
v_madmk_f32 v0, v1, 0x41200000, v2
v_mac_f32_e32 v0, v1, v2
global_atomic_cmpswap v0, v[2:3], v[4:5], off glc
global_atomic_pk_add_f16 v1, v[2:3], v0, off glc
