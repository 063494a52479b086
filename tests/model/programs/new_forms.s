// Byte permute, 16-bit ops, SDWA destinations, AccVGPRs, packed f32,
// f16 FMA forms, mixed precision and 64-bit LDS atomics.  Lane 0 only;
// each result goes to out[i] (expectations in test_model_exec.c).
s_mov_b64 exec, 1
v_mov_b32_e32 v0, 0
// [0] v_perm_b32
v_mov_b32_e32 v1, 0x11223344
v_mov_b32_e32 v2, 0x55667788
v_mov_b32_e32 v3, 0x0c07000d
v_perm_b32 v1, v1, v2, v3
global_store_dword v0, v1, s[0:1]
// [1] 16-bit shift: the high half is zeroed
v_mov_b32_e32 v1, 0xabcd8001
v_lshlrev_b16_e32 v1, 3, v1
global_store_dword v0, v1, s[0:1] offset:4
// [2] SDWA WORD_1, preserve
v_mov_b32_e32 v2, 0x11112222
v_mov_b32_e32 v3, 5
v_add_u32_sdwa v2, v3, v3 dst_sel:WORD_1 dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD
global_store_dword v0, v2, s[0:1] offset:8
// [3] SDWA BYTE_1, sign-extend
v_mov_b32_e32 v4, 0x80
v_or_b32_sdwa v3, v4, v4 dst_sel:BYTE_1 dst_unused:UNUSED_SEXT src0_sel:DWORD src1_sel:DWORD
global_store_dword v0, v3, s[0:1] offset:12
// [4..5] packed f32: lo = a.lo * b.hi, hi = a.hi * b.lo
v_mov_b32_e32 v2, 2.0
v_mov_b32_e32 v3, -4.0
v_pk_mul_f32 v[2:3], v[2:3], v[2:3] op_sel:[0,1] op_sel_hi:[1,0]
global_store_dwordx2 v0, v[2:3], s[0:1] offset:16
// [6] v_fma_f16 into the high half: 2.0 * 3.0 + 1.0, low half kept
v_mov_b32_e32 v1, 0x40003c00
v_mov_b32_e32 v2, 0x4200
v_mov_b32_e32 v3, 0x1234beef
v_fma_f16 v3, v1, v2, v1 op_sel:[1,0,0,1]
global_store_dword v0, v3, s[0:1] offset:24
// [7] packed f16 FMA: {1,2} * {1,2} + {1,2}
v_pk_fma_f16 v3, v1, v1, v1
global_store_dword v0, v3, s[0:1] offset:28
// [8] mixed: f16 2.0 (hi of v1) * f16 3.0 (lo of v2) + f32 0.5
v_mov_b32_e32 v5, 0.5
v_fma_mix_f32 v3, v1, v2, v5 op_sel:[1,0,0] op_sel_hi:[1,1,0]
global_store_dword v0, v3, s[0:1] offset:32
// [9..10] ds_add_rtn_u64 returns the old 0x1ffffffff; [11..12] memory after
v_mov_b32_e32 v2, -1
v_mov_b32_e32 v3, 1
ds_write_b64 v0, v[2:3]
v_mov_b32_e32 v4, 1
v_mov_b32_e32 v5, 0
ds_add_rtn_u64 v[2:3], v0, v[4:5]
s_waitcnt lgkmcnt(0)
global_store_dwordx2 v0, v[2:3], s[0:1] offset:36
ds_read_b64 v[2:3], v0
s_waitcnt lgkmcnt(0)
global_store_dwordx2 v0, v[2:3], s[0:1] offset:44
// [13..14] ds_cmpst_rtn_b64: compare 0x200000000 matches, store 0x500000007
v_mov_b32_e32 v6, 0
v_mov_b32_e32 v7, 2
v_mov_b32_e32 v8, 7
v_mov_b32_e32 v9, 5
ds_cmpst_rtn_b64 v[2:3], v0, v[6:7], v[8:9]
ds_read_b64 v[4:5], v0
s_waitcnt lgkmcnt(0)
global_store_dwordx2 v0, v[4:5], s[0:1] offset:52
// [15..16] ds_add_rtn_f64: 1.5 + 2.25, the old value returned; [17..18] memory
v_mov_b32_e32 v1, 8
v_mov_b32_e32 v2, 0
v_mov_b32_e32 v3, 0x3ff80000
ds_write_b64 v1, v[2:3]
v_mov_b32_e32 v5, 0x40020000
v_mov_b32_e32 v4, 0
ds_add_rtn_f64 v[2:3], v1, v[4:5]
ds_read_b64 v[6:7], v1
s_waitcnt lgkmcnt(0)
global_store_dwordx2 v0, v[2:3], s[0:1] offset:60
global_store_dwordx2 v0, v[6:7], s[0:1] offset:68
// [19] AccVGPRs: write a constant, move, read back; [20] write from a VGPR
v_accvgpr_write_b32 a9, 5
v_accvgpr_mov_b32 a10, a9
v_accvgpr_read_b32 v3, a10
global_store_dword v0, v3, s[0:1] offset:76
v_mov_b32_e32 v1, 0x77
v_accvgpr_write_b32 a8, v1
v_accvgpr_read_b32 v3, a8
global_store_dword v0, v3, s[0:1] offset:80
s_endpgm
