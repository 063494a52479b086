// SPDX-License-Identifier: MIT
// y[i] = a * x[i] + y[i], written with the raw builtins only (no HIP
// headers, no device library): what the model must run at -O0..-O3.
__attribute__((global)) void saxpy(float a, const float *x, float *y, unsigned n)
{
	unsigned i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +
		     __builtin_amdgcn_workitem_id_x();

	if (i < n)
		y[i] = a * x[i] + y[i];
}
