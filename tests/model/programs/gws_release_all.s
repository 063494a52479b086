// Four one-wave groups (s2: workgroup id).  Groups 1-3 wait on GWS
// semaphore 5 (M0[21:16] 2 + offset 3); group 0 lets them queue up
// (s_sleep ends its turn), then releases every waiter at once.  Each
// released wave adds 1 to out[0] in each lane; group 0 writes 1 to out[1].
s_mov_b32 m0, 0x20000
s_cmp_eq_u32 s2, 0
s_cbranch_scc1 8
ds_gws_sema_p offset:3 gds
s_waitcnt lgkmcnt(0)
v_mov_b32_e32 v0, 0
v_mov_b32_e32 v1, 1
global_atomic_add v0, v1, s[0:1]
s_endpgm
s_mov_b32 s3, 8
s_sleep 1
s_sub_u32 s3, s3, 1
s_cmp_lg_u32 s3, 0
s_cbranch_scc1 -4
ds_gws_sema_release_all offset:3 gds
s_waitcnt lgkmcnt(0)
v_mov_b32_e32 v0, 4
v_mov_b32_e32 v1, 1
global_store_dword v0, v1, s[0:1]
s_endpgm
