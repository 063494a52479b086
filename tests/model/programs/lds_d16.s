// 64 threads: the DS D16 forms (8- and 16-bit LDS accesses on one half of
// a register).  Thread t's 8 LDS bytes at 8t: ds_write_b16_d16_hi stores
// t (from bits 31:16 of t << 16 | 0xffff), ds_write_b8_d16_hi stores 0x80
// at 8t+2; then six loads into registers holding other values, each
// stored to out[64k + t]:
//   k=0 ds_read_u16_d16    0xaaaa5555 -> 0xaaaa0000 | t
//   k=1 ds_read_u16_d16_hi 0xaaaa5555 -> t << 16 | 0x5555
//   k=2 ds_read_i8_d16     0x12345678 -> 0x1234ff80
//   k=3 ds_read_u8_d16_hi  0x12345678 -> 0x00805678
//   k=4 ds_read_i8_d16_hi  0x12345678 -> 0xff805678
//   k=5 ds_read_u8_d16     0x12345678 -> 0x12340080
v_and_b32_e32 v1, 0x3ff, v0
v_lshlrev_b32_e32 v2, 2, v1
v_lshlrev_b32_e32 v12, 3, v1
v_lshlrev_b32_e32 v3, 16, v1
v_or_b32_e32 v3, 0xffff, v3
v_mov_b32_e32 v4, 0x800000
ds_write_b16_d16_hi v12, v3
ds_write_b8_d16_hi v12, v4 offset:2
s_waitcnt lgkmcnt(0)
v_mov_b32_e32 v6, 0xaaaa5555
v_mov_b32_e32 v7, 0xaaaa5555
v_mov_b32_e32 v8, 0x12345678
v_mov_b32_e32 v9, 0x12345678
v_mov_b32_e32 v10, 0x12345678
v_mov_b32_e32 v11, 0x12345678
ds_read_u16_d16 v6, v12
ds_read_u16_d16_hi v7, v12
ds_read_i8_d16 v8, v12 offset:2
ds_read_u8_d16_hi v9, v12 offset:2
ds_read_i8_d16_hi v10, v12 offset:2
ds_read_u8_d16 v11, v12 offset:2
s_waitcnt lgkmcnt(0)
global_store_dword v2, v6, s[0:1]
global_store_dword v2, v7, s[0:1] offset:256
global_store_dword v2, v8, s[0:1] offset:512
global_store_dword v2, v9, s[0:1] offset:768
global_store_dword v2, v10, s[0:1] offset:1024
global_store_dword v2, v11, s[0:1] offset:1280
s_endpgm
