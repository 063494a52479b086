/*
 * barehip: the C++ ABI entries the compiler's own device code calls.
 *
 * A class with a pure virtual function puts __cxa_pure_virtual in its
 * vtable, and one with a deleted virtual function __cxa_deleted_virtual:
 * the slot a call would reach only through undefined behaviour (a pure
 * virtual called from a constructor or destructor).  On the host libstdc++
 * defines them; in device code they trap, which stops the kernel with a
 * GPU fault naming it (as ROCm's headers do; not an abort(), so the
 * program goes on after hipDeviceReset).
 */
#pragma once

extern "C" {
__attribute__((weak, noinline, noreturn)) __device__ void __cxa_pure_virtual(void)
{
	__builtin_trap();
}

__attribute__((weak, noinline, noreturn)) __device__ void __cxa_deleted_virtual(void)
{
	__builtin_trap();
}
}
