// SPDX-License-Identifier: MIT
// p[i] = i + 42 for the work-items of one workgroup: the kernel
// tests/kfdsim/rocr_test.c dispatches through ROCr (raw builtins only, a
// code object v4 as ROCm 5.2 loads).
extern "C" __attribute__((global)) void store(int *p)
{
	unsigned i = __builtin_amdgcn_workitem_id_x();

	p[i] = (int)i + 42;
}
