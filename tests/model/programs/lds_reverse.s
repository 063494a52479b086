// 256 threads (4 waves): lds[t] = t; barrier; out[t] = lds[255 - t].
v_and_b32_e32 v1, 0x3ff, v0
v_lshlrev_b32_e32 v2, 2, v1
ds_write_b32 v2, v1
s_waitcnt lgkmcnt(0)
s_barrier
v_sub_u32_e32 v3, 0xff, v1
v_lshlrev_b32_e32 v3, 2, v3
ds_read_b32 v4, v3
s_waitcnt lgkmcnt(0)
global_store_dword v2, v4, s[0:1]
s_endpgm
