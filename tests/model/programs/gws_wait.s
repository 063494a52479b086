// Waits on GWS semaphore 0, which nothing will ever signal.
ds_gws_sema_p gds
s_waitcnt lgkmcnt(0)
s_endpgm
