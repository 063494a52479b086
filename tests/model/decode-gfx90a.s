// gfx90a-only forms.
v_pk_mov_b32 v[0:1], v[2:3], v[4:5] op_sel:[0,1]
scratch_load_dword v0, v1, off
