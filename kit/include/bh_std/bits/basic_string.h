/*
 * barehip: libstdc++'s bits/basic_string.h writes __attribute__((__noinline__)),
 * which hip_runtime.h's __noinline__ macro would break; it is set aside
 * while the header is read (<memory>, <string> after hip_runtime.h).
 */
#pragma push_macro("__noinline__")
#undef __noinline__
#include_next <bits/basic_string.h>
#pragma pop_macro("__noinline__")
