// A private access below offset 0 (scratch_load at -4 with no SGPR or
// VGPR offset): the address is 2^64 - 4, whose end wraps round to 0.
// The model must fault (outside the wave's scratch), not read the 256
// bytes below the wave's slot.
scratch_load_dword v1, off, off offset:-4
s_waitcnt vmcnt(0)
s_endpgm
