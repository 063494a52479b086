// Function calls the way real device code has them: indirect calls
// through a table of device function pointers, recursion whose depth
// comes from a kernel argument (a dynamic stack in scratch), and a
// private array indexed at run time.
#include "common.h"

typedef int (*op_fn)(int, int);

__device__ __noinline__ int op_add(int a, int b) { return a + b; }
__device__ __noinline__ int op_mul(int a, int b) { return a * b; }
__device__ __noinline__ int op_sub(int a, int b) { return a - b; }
__device__ __noinline__ int op_max(int a, int b) { return a > b ? a : b; }

__device__ __noinline__ int ackermann_small(int m, int n)
{
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ackermann_small(m - 1, 1);
	return ackermann_small(m - 1, ackermann_small(m, n - 1));
}

__device__ __noinline__ long long fib(int n, long long *trace)
{
	long long local[4];	/* forces a frame with stack objects */
	local[n & 3] = n;
	if (n < 2)
		return n + local[n & 3] - n;
	long long r = fib(n - 1, trace) + fib(n - 2, trace);
	trace[n] = r;
	return r;
}

__global__ void calls(int *out, long long *fibs, int depth, int sel)
{
	__device__ static op_fn table[4] = { op_add, op_mul, op_sub, op_max };
	int t = threadIdx.x;
	int priv[37];

	for (int i = 0; i < 37; i++)
		priv[i] = (t * 31 + i * 17) % 97;
	int acc = priv[(t * 7 + sel) % 37];
	for (int i = 0; i < 8; i++)
		acc = table[(t + i + sel) & 3](acc, priv[(acc & 0x7fffffff) % 37]);
	out[t] = acc;
	out[64 + t] = ackermann_small(2, t % 3);
	if (t == 0)
		fibs[0] = fib(depth, fibs + 1);
}

static int h_add(int a, int b) { return a + b; }
static int h_mul(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
static int h_sub(int a, int b) { return (int)((unsigned)a - (unsigned)b); }
static int h_max(int a, int b) { return a > b ? a : b; }

int main(void)
{
	int (*table[4])(int, int) = { h_add, h_mul, h_sub, h_max };
	int out[128], *dout, depth = 8, sel = 3;	/* -O0 frames of fib are 128 bytes: fits the 1 KiB default stack */
	long long fibs[32], *dfibs;

	CHECK(hipMalloc(&dout, sizeof(out)));
	CHECK(hipMalloc(&dfibs, sizeof(fibs)));
	CHECK(hipMemset(dfibs, 0, sizeof(fibs)));
	hipLaunchKernelGGL(calls, dim3(1), dim3(64), 0, 0, dout, dfibs, depth, sel);
	CHECK(hipDeviceSynchronize());
	CHECK(hipMemcpy(out, dout, sizeof(out), hipMemcpyDeviceToHost));
	CHECK(hipMemcpy(fibs, dfibs, sizeof(fibs), hipMemcpyDeviceToHost));
	for (int t = 0; t < 64; t++) {
		int priv[37];
		for (int i = 0; i < 37; i++)
			priv[i] = (t * 31 + i * 17) % 97;
		int acc = priv[(t * 7 + sel) % 37];
		for (int i = 0; i < 8; i++)
			acc = table[(t + i + sel) & 3](acc, priv[(acc & 0x7fffffff) % 37]);
		EXPECT(out[t] == acc, "indirect calls, thread %d: %d, expected %d", t, out[t], acc);
		int ack[3] = { 3, 5, 7 };	/* A(2, n) = 2n + 3 */
		EXPECT(out[64 + t] == ack[t % 3], "ackermann(2, %d) = %d", t % 3, out[64 + t]);
	}
	long long a = 0, b = 1;
	for (int i = 1; i <= depth; i++) {
		long long c = a + b;
		a = b;
		b = c;
		if (i >= 2)
			EXPECT(fibs[1 + i] == a, "fib(%d) = %lld, expected %lld", i, fibs[1 + i], a);
	}
	EXPECT(fibs[0] == a, "fib(%d) = %lld, expected %lld", depth, fibs[0], a);
	return finish("calls");
}
