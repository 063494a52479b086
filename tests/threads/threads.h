// What the thread tests share: HIP_CHECK, counted checks that any thread
// may make, and running a function on N host threads at once.
#ifndef THREADS_H
#define THREADS_H

#include <hip/hip_runtime.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <thread>
#include <vector>

#define HIP_CHECK(expression)                                                  \
    do {                                                                       \
        const hipError_t status = (expression);                                \
        if (status != hipSuccess) {                                            \
            std::fprintf(stderr, "HIP error %d (%s) at %s:%d: %s\n", status,   \
                         hipGetErrorString(status), __FILE__, __LINE__,        \
                         #expression);                                         \
            std::exit(EXIT_FAILURE);                                           \
        }                                                                      \
    } while (0)

// Host buffers the device copies to and from: pinned (hipHostMalloc).
static void* host_buffer(size_t bytes)
{
    void* p;
    HIP_CHECK(hipHostMalloc(&p, bytes));
    return p;
}

static void host_buffer_free(void* p)
{
    HIP_CHECK(hipHostFree(p));
}

static std::atomic<int> checks{0}, failures{0};

// A check from any thread; the first few failures say what went wrong.
static void check(bool ok, const char* what, int thread = -1, int item = -1)
{
    ++checks;
    if (!ok && ++failures <= 10)
        std::printf("  FAILED: %s (thread %d, item %d)\n", what, thread, item);
}

static void check_code(hipError_t got, hipError_t want, const char* what, int thread = -1)
{
    ++checks;
    if (got != want && ++failures <= 10)
        std::printf("  FAILED: %s: %s, expected %s (thread %d)\n", what, hipGetErrorName(got),
                    hipGetErrorName(want), thread);
}

// fn(0) ... fn(n - 1), each on a thread of its own, all at once.
static void on_threads(int n, const std::function<void(int)>& fn)
{
    std::vector<std::thread> t;
    for (int i = 0; i < n; ++i)
        t.emplace_back(fn, i);
    for (auto& x : t)
        x.join();
}

// A start line: the threads wait until all have arrived.
class Barrier {
public:
    explicit Barrier(int n) : n_(n) {}
    void wait()
    {
        int gen = gen_.load();
        if (++arrived_ == n_) {
            arrived_ = 0;
            ++gen_;
        } else {
            while (gen_.load() == gen)
                std::this_thread::yield();
        }
    }

private:
    const int n_;
    std::atomic<int> arrived_{0}, gen_{0};
};

static int finish(const char* name, const char* what)
{
    if (failures) {
        std::printf("%s: FAIL (%d of %d checks failed)\n", name, failures.load(), checks.load());
        return 1;
    }
    std::printf("%s: PASS (%d checks; %s)\n", name, checks.load(), what);
    return 0;
}

#endif
