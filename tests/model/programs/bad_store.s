// Stores to GPU address 0x1000, which nothing maps.
v_mov_b32_e32 v0, 0x1000
v_mov_b32_e32 v1, 0
global_store_dword v[0:1], v0, off
s_endpgm
