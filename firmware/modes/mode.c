/* SPDX-License-Identifier: MIT */
/*
 * One math-mode control variable with one value, compiled once per
 * (MODE_NAME, MODE_VALUE) into its own bitcode file (the Makefile's
 * oclc_<mode>_<on|off>.bc).  barehip-cc links exactly one file per mode
 * into each code object, chosen by the compile flags, and LTO folds the
 * firmware's tests of it (firmware/math/ocml.h).  The names and their
 * i8 type are ROCm's oclc controls (docs/facts/devlib.md §1.4).
 */
__attribute__((visibility("hidden"))) const __attribute__((address_space(4))) unsigned char
	MODE_NAME = MODE_VALUE;
