// Every lane of every group adds 1 to out[0] (u32), out[2:3] (u64) and
// out[4] (f32) 200 times each (more than a scheduling quantum, so the
// groups outlive the dispatch's first round): the counts are exact however many host
// threads run the groups (test_model_pool).
v_mov_b32_e32 v1, 0
v_mov_b32_e32 v2, 1
v_mov_b32_e32 v4, 1
v_mov_b32_e32 v5, 0
v_mov_b32_e32 v6, 1.0
s_movk_i32 s3, 0xc8
global_atomic_add v1, v2, s[0:1]
global_atomic_add_x2 v1, v[4:5], s[0:1] offset:8
global_atomic_add_f32 v1, v6, s[0:1] offset:16
s_sub_u32 s3, s3, 1
s_cmp_lg_u32 s3, 0
s_cbranch_scc1 -9
s_endpgm
