// Two one-wave groups on GWS resource 0: group 1 waits on it as a
// semaphore; group 0, later, arrives at it as a barrier.
s_cmp_eq_u32 s2, 0
s_cbranch_scc1 4
ds_gws_sema_p gds
s_waitcnt lgkmcnt(0)
s_endpgm
s_sleep 1
s_sleep 1
v_mov_b32_e32 v0, 1
ds_gws_barrier v0 gds
s_waitcnt lgkmcnt(0)
s_endpgm
