// Device code for module_api: built with `barehip-cc --genco` into a
// code object bundle the host program loads at run time (hipModuleLoad),
// never linked into it.  extern "C" keeps the kernel names unmangled, as
// HIP module programs usually do.
#include <hip/hip_runtime.h>

#define TABLE_SIZE 16

// A table the host reads and writes with hipModuleGetGlobal + hipMemcpy.
__device__ int table[TABLE_SIZE] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };

// Where the destructor leaves its mark: the host stores a device
// buffer's address here before hipModuleUnload.
__device__ int* fini_mark;
__device__ int boot_value;

// The module's device constructor runs once when it is loaded, its
// destructor when it is unloaded.
__attribute__((constructor)) __device__ void boot() { boot_value = 4242; }
__attribute__((destructor)) __device__ void goodbye()
{
    if (fini_mark)
        *fini_mark = boot_value + 1;
}

extern "C" __global__ void scale(float* p, float a, unsigned int n)
{
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        p[i] *= a;
}

// out[i] = table[i] * mul + base; the table becomes its square.
extern "C" __global__ void table_axpb(int* out, long long base, int mul)
{
    unsigned int i = threadIdx.x;
    if (i < TABLE_SIZE) {
        out[i] = (int)(table[i] * mul + base);
        table[i] = table[i] * table[i];
    }
}

extern "C" __global__ void read_boot(int* out) { *out = boot_value; }

// 1 KiB of static LDS and at most 128 threads: what hipFuncGetAttribute
// reports.
extern "C" __global__ void __launch_bounds__(128) reverse_block(int* data)
{
    __shared__ int tile[256];
    unsigned int t = threadIdx.x;
    tile[t] = data[blockIdx.x * blockDim.x + t];
    __syncthreads();
    data[blockIdx.x * blockDim.x + t] = tile[blockDim.x - 1 - t];
}

// new and delete in a module kernel (the device heap): each thread
// builds a list of n nodes, sums it and deletes it; out[t] = the sum.
struct Node {
    long long value;
    Node* next;
};
extern "C" __global__ void heap_list(long long* out, int n)
{
    unsigned int t = blockIdx.x * blockDim.x + threadIdx.x;
    Node* head = nullptr;
    for (int i = 0; i < n; i++)
        head = new Node{(long long)t * 1000 + i, head};
    long long sum = 0;
    while (head) {
        Node* next = head->next;
        sum += head->value;
        delete head;
        head = next;
    }
    out[t] = sum;
}

// A kernel with a C++ name: hipModuleGetFunction takes its symbol
// (_Z5twicePi), which the unknown-kernel message gives beside the name.
__global__ void twice(int* p)
{
    p[threadIdx.x] *= 2;
}
