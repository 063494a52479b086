// C++ on the bare-metal board (docs/baremetal.md, "C++ on the board"):
// the header-only part of libstdc++ with the board's cxxrt.cc, built by
// barehip-cc --board as host C++.  Each check prints ok or FAILED; the
// image exits 0 when all pass.  With the argument "oom" (the cxx_oom
// image is built with -DCXX_OOM), a new that cannot allocate must say so
// and stop the image with abort()'s status, 134.
#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <complex>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <memory>
#include <new>
#include <numeric>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

static int failures;

static void check(bool ok, const char *what)
{
    std::printf("  %s: %s\n", ok ? "ok" : "FAILED", what);
    failures += !ok;
}

// A static object: its constructor runs before main (board.ld's
// .init_array), its destructor is registered with __cxa_atexit.
struct Registered {
    int value;
    Registered() : value(1234) {}
};
static Registered registered;

struct Shape {
    virtual ~Shape() = default;
    virtual double area() const = 0;
};
struct Square : Shape {
    double side;
    explicit Square(double s) : side(s) {}
    double area() const override { return side * side; }
};
struct Disc : Shape {
    double r;
    explicit Disc(double radius) : r(radius) {}
    double area() const override { return 3.0 * r * r; }
};

static thread_local int per_thread = 7;

int main()
{
#ifdef CXX_OOM
    std::printf("baremetal cxx_oom: a new of 64 GiB, which the board's RAM cannot give\n");
    std::fflush(stdout);
    volatile size_t huge = size_t(64) << 30;
    char *p = new char[huge];
    std::printf("baremetal cxx_oom: FAIL (new returned %p)\n", static_cast<void *>(p));
    return 0;
#else
    std::printf("baremetal cxx on qemu-virt-aarch64\n");
    check(registered.value == 1234, "a static object's constructor ran before main");

    std::vector<int> v(1000);
    for (int i = 0; i < 1000; i++)
        v[i] = (i * 7919) % 1000;
    std::sort(v.begin(), v.end());
    bool sorted = true;
    for (int i = 0; i < 1000; i++)
        sorted &= v[i] == i;
    check(sorted, "std::vector and std::sort: a permutation of 0..999 sorts to 0..999");
    check(std::accumulate(v.begin(), v.end(), 0L) == 499500L, "std::accumulate");

    std::string s = "board";
    s += "-" + std::to_string(42) + "-" + std::to_string(-7);
    s.append(40, 'x');  // past the small-string buffer: the heap
    check(s.substr(0, 14) == "board-42--7xxx" && s.size() == 51 && s.find("42") == 6,
          "std::string: append, to_string, substr, find (basic_string<char> from cxxrt.cc)");

    std::vector<std::unique_ptr<Shape>> shapes;
    shapes.push_back(std::make_unique<Square>(3.0));
    shapes.push_back(std::make_unique<Disc>(2.0));
    double total = 0;
    for (const auto &sh : shapes)
        total += sh->area();
    check(total == 21.0, "virtual calls through std::unique_ptr");

    int calls = 0;
    std::function<int(int)> f = [&calls](int x) { calls++; return x * 3; };
    check(f(5) == 15 && calls == 1, "std::function around a lambda");

    check(std::numeric_limits<int>::max() == INT_MAX &&
              std::numeric_limits<double>::epsilon() == 0x1p-52 &&
              std::numeric_limits<float>::has_quiet_NaN,
          "std::numeric_limits");
    check(std::fabs(std::sqrt(2.0f) - 1.41421356f) < 1e-6f && std::isnan(std::sqrt(-1.0)) &&
              std::abs(std::complex<double>(3.0, 4.0)) == 5.0,
          "<cmath> overloads, std::complex");
    check(std::isinf(std::abs(std::complex<float>(INFINITY, NAN))),
          "std::abs of an infinite complex is infinite (newlib's C99 complex functions)");

    alignas(Square) unsigned char buf[sizeof(Square)];
    Shape *placed = new (buf) Square(2.0);
    check(placed->area() == 4.0, "placement new");
    placed->~Shape();

    // Through a volatile size and an opaque pointer: clang may elide an
    // allocation whose result is only compared.
    volatile size_t beyond = size_t(64) << 30;
    char *volatile none = new (std::nothrow) char[beyond];
    check(none == nullptr, "a nothrow new beyond the RAM returns nullptr");
    delete[] none;

    std::optional<std::tuple<int, std::string>> o = std::make_tuple(3, std::string("t"));
    check(o && std::get<0>(*o) == 3 && std::get<1>(*o) == "t", "std::optional, std::tuple");
    std::array<int, 4> a{ { 4, 1, 3, 2 } };
    std::reverse(a.begin(), a.end());
    check(a[0] == 2 && a[3] == 4 && std::is_trivially_copyable<std::array<int, 4>>::value,
          "std::array, std::reverse, <type_traits>");
    check(per_thread++ == 7 && per_thread == 8, "thread_local (the board's one thread's TLS)");

    std::printf("baremetal cxx: %s (%d failed)\n", failures ? "FAIL" : "PASS", failures);
    return failures != 0;
#endif
}
