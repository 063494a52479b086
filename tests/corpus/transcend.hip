// The hardware transcendental and float-manipulation intrinsics HIP's
// fast math uses, against host double references within the documented
// accuracy (v_exp/log/rcp/rsq/sqrt_f32: 1 ULP; v_sin/cos_f32 take
// revolutions).  Also frexp/ldexp/fract and the f64 rcp/rsq estimates.
#include "common.h"

#define N 2048

struct out {
	float exp2, log2, rcp, rsq, sqrt, sin, cos, fract, ldexp, mant;
	int exp;
	double drcp, drsq, dfract, dldexp, dmant;
	int dexp;
};

__global__ void transcend(const float *x, const double *y, struct out *o)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = x[i];
	double d = y[i];
	struct out r;
	r.exp2 = __builtin_amdgcn_exp2f(v * 0.01f);
	r.log2 = __builtin_amdgcn_logf(__builtin_fabsf(v) + 1.0f);
	r.rcp = __builtin_amdgcn_rcpf(v);
	r.rsq = __builtin_amdgcn_rsqf(__builtin_fabsf(v));
	r.sqrt = __builtin_amdgcn_sqrtf(__builtin_fabsf(v));
	r.sin = __builtin_amdgcn_sinf(v * 0.001f);
	r.cos = __builtin_amdgcn_cosf(v * 0.001f);
	r.fract = __builtin_amdgcn_fractf(v);
	r.ldexp = __builtin_amdgcn_ldexpf(v, i % 40 - 20);
	r.mant = __builtin_amdgcn_frexp_mantf(v);
	r.exp = __builtin_amdgcn_frexp_expf(v);
	r.drcp = __builtin_amdgcn_rcp(d);
	r.drsq = __builtin_amdgcn_rsq(__builtin_fabs(d));
	r.dfract = __builtin_amdgcn_fract(d);
	r.dldexp = __builtin_amdgcn_ldexp(d, i % 60 - 30);
	r.dmant = __builtin_amdgcn_frexp_mant(d);
	r.dexp = __builtin_amdgcn_frexp_exp(d);
	o[i] = r;
}

/* |got - want| in units of the f32 ulp at want. */
static double ulps(float got, double want)
{
	if (isnan(want))
		return isnan(got) ? 0 : 1e9;
	if (isinf(want) || want == 0)
		return (double)got == want ? 0 : fabs(got - want) / 1.4e-45;
	int e;
	frexp(want, &e);
	double ulp = ldexp(1.0, (e - 24 < -149 ? -149 : e - 24));
	return fabs((double)got - want) / ulp;
}

int main(void)
{
	static float x[N];
	static double y[N];
	static struct out o[N];
	float *dx;
	double *dy;
	struct out *dout;

	for (int i = 0; i < N; i++) {
		x[i] = (float)((i * 7919) % 20011 - 10005) * 0.0173f;
		y[i] = (double)((i * 104729) % 30011 - 15005) * 0.00731;
	}
	x[0] = 0.0f; y[0] = 1.0;
	CHECK(hipMalloc(&dx, sizeof(x)));
	CHECK(hipMalloc(&dy, sizeof(y)));
	CHECK(hipMalloc(&dout, sizeof(o)));
	CHECK(hipMemcpy(dx, x, sizeof(x), hipMemcpyHostToDevice));
	CHECK(hipMemcpy(dy, y, sizeof(y), hipMemcpyHostToDevice));
	hipLaunchKernelGGL(transcend, dim3(N / 128), dim3(128), 0, 0, dx, dy, dout);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(o, dout, sizeof(o), hipMemcpyDeviceToHost));
	for (int i = 0; i < N; i++) {
		float v = x[i];
		double d = y[i], pi2 = 2 * M_PI;
		EXPECT(ulps(o[i].exp2, exp2((double)(v * 0.01f))) <= 1, "exp2(%a) = %a", v * 0.01f, o[i].exp2);
		EXPECT(ulps(o[i].log2, log2((double)(__builtin_fabsf(v) + 1.0f))) <= 1, "log2 %a", o[i].log2);
		EXPECT(ulps(o[i].rcp, 1.0 / v) <= 1, "rcp(%a) = %a", v, o[i].rcp);
		EXPECT(ulps(o[i].rsq, 1.0 / sqrt((double)fabsf(v))) <= 1, "rsq(%a) = %a", v, o[i].rsq);
		EXPECT(ulps(o[i].sqrt, sqrt((double)fabsf(v))) <= 1, "sqrt(%a) = %a", v, o[i].sqrt);
		/* sin/cos: absolute error bound (near zeros ULPs are meaningless) */
		EXPECT(fabs(o[i].sin - sin(pi2 * (double)(v * 0.001f))) < 2e-6, "sin %a", o[i].sin);
		EXPECT(fabs(o[i].cos - cos(pi2 * (double)(v * 0.001f))) < 2e-6, "cos %a", o[i].cos);
		EXPECT(o[i].fract == v - floorf(v), "fract(%a) = %a", v, o[i].fract);
		EXPECT(o[i].ldexp == ldexpf(v, i % 40 - 20), "ldexp(%a) = %a", v, o[i].ldexp);
		int e;
		float m = frexpf(v, &e);
		EXPECT(o[i].mant == m && o[i].exp == e, "frexp(%a) = %a, %d", v, o[i].mant, o[i].exp);
		/* f64 rcp/rsq are estimates: 2^-22 relative per the ISA guide's precision note */
		EXPECT(fabs(o[i].drcp * d - 1) < 0x1p-22, "rcp f64 (%a) = %a", d, o[i].drcp);
		EXPECT(fabs(o[i].drsq * sqrt(fabs(d)) - 1) < 0x1p-22, "rsq f64 (%a) = %a", d, o[i].drsq);
		EXPECT(o[i].dfract == d - floor(d), "fract(%a) = %a", d, o[i].dfract);
		EXPECT(o[i].dldexp == ldexp(d, i % 60 - 30), "ldexp f64 %a", o[i].dldexp);
		double dm = frexp(d, &e);
		EXPECT(o[i].dmant == dm && o[i].dexp == e, "frexp f64(%a) = %a, %d", d, o[i].dmant, o[i].dexp);
	}
	return finish("transcend");
}
