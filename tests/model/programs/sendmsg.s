// One wave sends MSG_INTERRUPT with 0x123 in M0 (the host sees it before
// the dispatch's end-of-pipe interrupt), then an unmodelled message.
s_mov_b32 m0, 0x123
s_sendmsg sendmsg(MSG_INTERRUPT)
s_cmp_eq_u32 s2, 0
s_cbranch_scc1 1
s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 0)
s_endpgm
