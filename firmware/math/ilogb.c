/* SPDX-License-Identifier: MIT */
/*
 * ilogb: the unbiased exponent as an int.  ilogb(0) = FP_ILOGB0 and
 * ilogb(NaN) = FP_ILOGBNAN, both INT_MIN as in ROCm's ocml and CUDA;
 * ilogb(±inf) = INT_MAX.  Denormals give their true exponent (v_frexp_exp
 * normalises them).
 */
#include "ocml.h"

#define BH_FP_ILOGB0 (-2147483647 - 1)
#define BH_FP_ILOGBNAN (-2147483647 - 1)

OCML_EXPORT OCML_CONST int __ocml_ilogb_f32(float x);
OCML_EXPORT OCML_CONST int __ocml_ilogb_f64(double x);

int __ocml_ilogb_f32(float x)
{
	if (x == 0.0f)
		return BH_FP_ILOGB0;
	if (isnan_f32(x))
		return BH_FP_ILOGBNAN;
	if (isinf_f32(x))
		return 2147483647;
	return exp_f32(x) - 1;
}

int __ocml_ilogb_f64(double x)
{
	if (x == 0.0)
		return BH_FP_ILOGB0;
	if (isnan_f64(x))
		return BH_FP_ILOGBNAN;
	if (isinf_f64(x))
		return 2147483647;
	return exp_f64(x) - 1;
}
