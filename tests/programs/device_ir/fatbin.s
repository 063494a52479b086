# The fat binary of tests/programs/device_ir, made by hand as ROCm's
# samples make it (their hip_obj_gen.mcin): the bundle of code objects as
# __hip_fatbin in HIP's .hip_fatbin section.  llvm-mc assembles it in the
# directory holding main.hipfb.
	.type	__hip_fatbin,@object
	.section .hip_fatbin,"a",@progbits
	.globl	__hip_fatbin
	.p2align 12
__hip_fatbin:
	.incbin	"main.hipfb"
	.section .note.GNU-stack,"",@progbits
