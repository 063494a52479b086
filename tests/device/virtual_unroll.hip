// Two C++ features the seeds promise in device code:
//   - virtual functions: objects built in a kernel (placement new into
//     shared memory, and new on the device heap), called through a base
//     pointer, several derived classes, a virtual destructor;
//   - every #pragma unroll form (unroll, unroll N, unroll 1, nounroll),
//     which change the code, never the result.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <new>

struct Shape {
    __device__ virtual ~Shape() { atomicAdd(&destroyed(), 1u); }
    __device__ virtual float area() const = 0;
    __device__ virtual int sides() const { return 0; }
    __device__ static unsigned& destroyed()
    {
        __shared__ unsigned n;
        return n;
    }
};

struct Square : Shape {
    float s;
    __device__ explicit Square(float s_) : s(s_) {}
    __device__ float area() const override { return s * s; }
    __device__ int sides() const override { return 4; }
};

struct Triangle : Shape {
    float b, h;
    __device__ Triangle(float b_, float h_) : b(b_), h(h_) {}
    __device__ float area() const override { return 0.5f * b * h; }
    __device__ int sides() const override { return 3; }
};

struct Circle : Shape {     // keeps the base's sides()
    float r;
    __device__ explicit Circle(float r_) : r(r_) {}
    __device__ float area() const override { return 3.0f * r * r; }
};

// Thread t builds shape t % 3 with size t, in shared memory, and on the
// heap; both are used through Shape* and destroyed through it.
__global__ void shapes(float* area, int* sides, unsigned* destroyed)
{
    alignas(Triangle) __shared__ unsigned char store[64][sizeof(Triangle)];
    const int t = threadIdx.x;
    if (t == 0)
        Shape::destroyed() = 0;
    __syncthreads();
    const float x = static_cast<float>(t);
    Shape* s;
    switch (t % 3) {
    case 0: s = new (store[t]) Square(x); break;
    case 1: s = new (store[t]) Triangle(x, 2.0f); break;
    default: s = new (store[t]) Circle(x); break;
    }
    Shape* h = t % 2 ? static_cast<Shape*>(new Square(x)) : new Circle(x);
    area[t] = s->area() + h->area();
    sides[t] = s->sides() * 10 + h->sides();
    s->~Shape();
    delete h;               // virtual destructor through the base
    __syncthreads();
    if (t == 0)
        *destroyed = Shape::destroyed();
}

// The same sum four ways; n is a kernel argument, so only the pragma
// decides how each loop is unrolled.
__global__ void unrolled(const int* in, int n, int* out)
{
    int a = 0, b = 0, c = 0, d = 0;
#pragma unroll
    for (int i = 0; i < 16; ++i)
        a += in[i] * (i + 1);
#pragma unroll 4
    for (int i = 0; i < n; ++i)
        b += in[i] * (i + 1);
#pragma unroll 1
    for (int i = 0; i < n; ++i)
        c += in[i] * (i + 1);
#pragma nounroll
    for (int i = 0; i < n; ++i)
        d += in[i] * (i + 1);
    out[0] = a;
    out[1] = b;
    out[2] = c;
    out[3] = d;
}

int main()
{
    int failures = 0;
    const int n = 64;
    float* area;
    int* sides;
    unsigned* destroyed;
    if (hipMalloc(&area, n * sizeof(float)) || hipMalloc(&sides, n * sizeof(int)) ||
        hipMalloc(&destroyed, sizeof(unsigned)))
        return 1;
    shapes<<<1, n>>>(area, sides, destroyed);
    float h_area[n];
    int h_sides[n];
    unsigned h_destroyed = 0;
    if (hipDeviceSynchronize() ||
        hipMemcpy(h_area, area, sizeof(h_area), hipMemcpyDeviceToHost) ||
        hipMemcpy(h_sides, sides, sizeof(h_sides), hipMemcpyDeviceToHost) ||
        hipMemcpy(&h_destroyed, destroyed, sizeof(unsigned), hipMemcpyDeviceToHost)) {
        std::printf("virtual_unroll: FAIL: %s\n", bh_get_last_error_message());
        return 1;
    }
    for (int t = 0; t < n; ++t) {
        const float x = static_cast<float>(t);
        const float first = t % 3 == 0 ? x * x : t % 3 == 1 ? x : 3.0f * x * x;
        const float second = t % 2 ? x * x : 3.0f * x * x;
        const int want_sides = (t % 3 == 0 ? 4 : t % 3 == 1 ? 3 : 0) * 10 + (t % 2 ? 4 : 0);
        if (h_area[t] != first + second || h_sides[t] != want_sides) {
            if (failures++ < 3)
                std::printf("  thread %d: area %g sides %d, want %g and %d\n", t, h_area[t],
                            h_sides[t], first + second, want_sides);
        }
    }
    // Every object's destructor ran through Shape*: n in shared memory,
    // n on the heap (counted in the block's shared counter too).
    if (h_destroyed != 2u * n) {
        std::printf("  %u destructors ran, want %d\n", h_destroyed, 2 * n);
        ++failures;
    }

    int h_in[16], *in, *out, h_out[4];
    int want = 0;
    for (int i = 0; i < 16; ++i) {
        h_in[i] = (i * 7) % 11 - 5;
        want += h_in[i] * (i + 1);
    }
    if (hipMalloc(&in, sizeof(h_in)) || hipMalloc(&out, sizeof(h_out)) ||
        hipMemcpy(in, h_in, sizeof(h_in), hipMemcpyHostToDevice))
        return 1;
    unrolled<<<1, 1>>>(in, 16, out);
    if (hipDeviceSynchronize() || hipMemcpy(h_out, out, sizeof(h_out), hipMemcpyDeviceToHost))
        return 1;
    for (int k = 0; k < 4; ++k)
        if (h_out[k] != want) {
            std::printf("  unroll form %d: %d, want %d\n", k, h_out[k], want);
            ++failures;
        }
    std::printf("virtual_unroll: %s (3 derived classes through Shape*, in shared memory and on "
                "the heap, %u virtual destructors; 4 #pragma unroll forms agree)\n",
                failures ? "FAIL" : "PASS", h_destroyed);
    return failures ? 1 : 0;
}
