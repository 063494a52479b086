// GWS resource 60 (M0[21:16]), then resource 1 ((63 + 2) mod 64).
s_mov_b32 m0, 0x3f0000
ds_gws_sema_v offset:2 gds
s_waitcnt lgkmcnt(0)
s_mov_b32 m0, 0x3c0000
ds_gws_sema_v gds
s_waitcnt lgkmcnt(0)
s_endpgm
