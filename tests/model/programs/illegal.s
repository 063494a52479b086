// v_sin_f32 is a real instruction the model does not implement.
v_mov_b32_e32 v0, 1
v_sin_f32_e32 v0, v0
s_endpgm
