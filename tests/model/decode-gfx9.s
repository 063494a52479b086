// Decoder reference: each line assembled by llvm-mc-19; the decoder must
// find the same instruction and length in the encoding.  Operands vary
// on purpose: literals, inline constants, special registers, e32/e64,
// SDWA, SGPR bases, negative offsets.
s_add_u32 s0, s1, 0x12345678
s_add_u32 s5, -16, s101
s_addc_u32 s3, vcc_lo, exec_hi
s_sub_i32 s0, 64, m0
s_and_b64 s[0:1], exec, vcc
s_andn2_b64 exec, exec, s[4:5]
s_cselect_b32 s7, s8, 0x1000
s_lshl_b64 s[2:3], s[4:5], 3
s_bfe_u32 s1, s2, 0x80008
s_mul_i32 s9, s10, s11
s_movk_i32 s4, 0xfff0
s_mov_b32 s0, 0x3f800000
s_mov_b64 s[2:3], s[4:5]
s_getpc_b64 s[4:5]
s_swappc_b64 s[30:31], s[4:5]
s_and_saveexec_b64 s[0:1], vcc
s_sext_i32_i8 s0, s1
s_cmp_lt_u32 s12, s4
s_cmp_lg_u64 s[0:1], 0
s_cbranch_execz 22
s_branch -3
s_barrier
s_waitcnt vmcnt(0) lgkmcnt(0)
s_endpgm
s_trap 2
s_load_dword s0, s[4:5], 0x2c
s_load_dwordx4 s[8:11], s[6:7], 0x8
s_load_dwordx8 s[0:7], s[4:5], 0x100
s_memrealtime s[2:3]
v_mov_b32_e32 v0, s1
v_mov_b32_e32 v255, 0x42
v_readfirstlane_b32 s5, v7
v_add_u32_e32 v0, s6, v0
v_add_u32_e64 v0, s6, v0
v_add_co_u32_e32 v2, vcc, s0, v0
v_add_co_u32_e64 v2, s[4:5], v1, v0
v_addc_co_u32_e32 v3, vcc, v3, v1, vcc
v_cndmask_b32_e64 v0, v1, v2, s[4:5]
v_and_b32_e32 v0, 0x3ff, v31
v_lshlrev_b32_e32 v1, 2, v0
v_fmac_f32_e32 v3, s0, v2
v_mul_f32_e64 v0, -v1, |v2|
v_add_f32_e64 v0, v1, v2 clamp
v_cmp_gt_u32_e32 vcc, s1, v0
v_cmp_gt_u32_e64 s[6:7], s1, v0
v_cmp_ne_u16_sdwa vcc, v1, v2 src0_sel:WORD_1 src1_sel:DWORD
v_cmp_lt_i16_e32 vcc, -1, v3
v_cmp_ge_u16_e64 s[4:5], v1, 17
v_cmp_gt_i16_sdwa vcc, v1, v2 src0_sel:WORD_1 src1_sel:WORD_0
s_set_gpr_idx_on s5, gpr_idx(SRC0,DST)
s_set_gpr_idx_mode gpr_idx(SRC1,SRC2)
s_set_gpr_idx_idx s7
s_set_gpr_idx_off
v_cvt_i32_f32_e32 v0, v1
v_lshlrev_b64 v[0:1], 2, v[0:1]
v_mul_lo_u32 v2, s10, v2
v_mad_u64_u32 v[0:1], s[2:3], v1, v2, v[4:5]
v_bfe_u32 v1, v0, 10, 10
v_add3_u32 v0, v1, v2, v3
v_fma_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_readlane_b32 s0, v1, 63
ds_write_b32 v0, v1 offset:16
ds_read_b64 v[0:1], v1 offset:8
ds_add_rtn_u32 v0, v1, v2
global_load_dword v2, v[2:3], off
global_load_dword v0, v1, s[4:5] offset:-4
global_load_ushort v0, v0, s[4:5]
global_store_dwordx4 v[2:3], v[4:7], off offset:16
flat_load_dword v0, v[2:3]
flat_store_dword v[0:1], v3
flat_atomic_add v[2:3], v0
scratch_store_dword off, v1, s4 offset:8
buffer_store_dword v1, off, s[0:3], s9 offset:4
buffer_load_ubyte v1, off, s[0:3], s9 offset:4095
buffer_load_sshort v7, v2, s[4:7], s10 offen offset:2
buffer_load_dwordx4 v[2:5], off, s[0:3], 0 offset:16
buffer_store_byte v1, v3, s[0:3], s9 offen
buffer_store_dwordx2 v[2:3], off, s[0:3], s9 offset:8
v_add_u32_dpp v2, v2, v2 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,2] row_mask:0xa bank_mask:0xf
v_add_f32_dpp v0, -v1, |v2| row_bcast:15 row_mask:0xa bank_mask:0xf
v_mbcnt_hi_u32_b32 v0, -1, v1
v_cmp_class_f32_e64 s[0:1], v1, 3
v_rcp_f32_e32 v0, v1
v_sin_f32_e64 v0, -v1
v_ldexp_f32 v0, v1, v2
global_atomic_cmpswap v[2:3], v[4:5], off
global_atomic_add_x2 v[2:3], v[4:5], off
flat_atomic_umax_x2 v[2:3], v[4:5]
ds_bpermute_b32 v0, v1, v2 offset:4
ds_read2_b32 v[0:1], v2 offset0:1 offset1:9
ds_cmpst_rtn_b32 v0, v1, v2, v3
s_getreg_b32 s0, hwreg(HW_REG_HW_ID)
s_setreg_imm32_b32 hwreg(HW_REG_MODE, 4, 2), 3
v_div_scale_f32 v2, s[0:1], s5, s5, v1
v_div_fmas_f32 v2, v2, v3, v5
v_div_fixup_f64 v[0:1], v[2:3], v[4:5], v[6:7]
v_cndmask_b32_e64 v14, |v6|, v8, vcc
buffer_wbinvl1_vol
buffer_wbl2
// Siblings: scalar logic/bitfield/compare-with-immediate, EXEC forms.
s_xnor_b64 s[0:1], s[2:3], exec
s_nand_b32 s5, s6, 0x80000000
s_bfm_b64 s[4:5], 8, s6
s_bfe_i64 s[0:1], s[2:3], 0x100004
s_absdiff_i32 s0, -1, s2
s_mul_hi_i32 s3, s4, s5
s_cmpk_lt_i32 s7, 0xfff0
s_cmovk_i32 s1, 0x7fff
s_orn1_saveexec_b64 s[0:1], s[4:5]
s_andn2_wrexec_b64 s[6:7], vcc
s_flbit_i32 s0, s1
s_bitset1_b32 s9, 31
s_bitcmp1_b64 s[0:1], 40
v_cmpx_gt_u32_e32 vcc, 64, v1
v_cmpx_ne_i32_e64 s[4:5], v1, s2
v_med3_f32 v0, -v1, |v2|, 1.0
v_med3_i32 v5, v1, 0, 63
v_min3_u32 v0, s1, v2, v3
v_mad_i64_i32 v[4:5], s[6:7], v1, v2, v[4:5]
v_mul_hi_u32_u24_sdwa v0, v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_0 src1_sel:DWORD
v_bcnt_u32_b32 v0, v1, 0
v_ffbh_u32_e32 v3, s7
ds_read2_b64 v[0:3], v4 offset0:2 offset1:9
ds_write2st64_b32 v0, v1, v2 offset0:1 offset1:3
ds_read_b128 v[4:7], v1 offset:64
