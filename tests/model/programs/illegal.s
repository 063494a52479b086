// An MFMA: a real gfx90a instruction the model does not implement.
v_mov_b32_e32 v0, 1
v_mfma_f32_4x4x1f32 a[0:3], v0, v0, a[0:3]
s_endpgm
