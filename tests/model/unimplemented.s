// Real instructions the model does not implement (yet): they must fault.
// (When one of them gains semantics, replace it here with another.)
v_mfma_f32_4x4x1f32 a[0:3], v0, v1, a[0:3]
s_sendmsghalt sendmsg(MSG_INTERRUPT)
v_cvt_pknorm_i16_f32 v0, v1, v2
image_atomic_add v0, v[4:5], s[0:7] dmask:0x1 unorm glc
