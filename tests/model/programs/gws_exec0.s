// ds_gws_init with no active lane to take the value from.
s_mov_b64 exec, 0
ds_gws_init v0 gds
s_waitcnt lgkmcnt(0)
s_endpgm
