// Real instructions the model does not implement (yet): they must fault.
v_sin_f32_e32 v0, v1
s_sendmsg sendmsg(MSG_INTERRUPT)
image_load v[0:3], v[0:1], s[0:7] dmask:0xf
