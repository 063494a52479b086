// The first bare-metal image on qemu-virt-aarch64: newlib's stdio,
// malloc, floating point and time on the board, checked, with the result
// on the UART and the status through QEMU.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures;
// Thread-local storage (the runtime keeps its per-thread state there).
static _Thread_local int tls_init = 42;
static _Thread_local long tls_zero[3];
extern char __tls_start[];

static void check(int ok, const char *what)
{
    printf("  %s: %s\n", ok ? "ok" : "FAILED", what);
    failures += !ok;
}

int main(void)
{
    char buf[64];
    printf("baremetal hello on qemu-virt-aarch64\n");
    snprintf(buf, sizeof(buf), "%.6f %lld %s", 3.14159265, 123456789012345ll, "x");
    check(!strcmp(buf, "3.141593 123456789012345 x"), "printf of a double and a long long");
    check(fabs(strtod("2.5e-3", NULL) - 0.0025) < 1e-18, "strtod");
    check(tls_init == 42 && !tls_zero[0] && !tls_zero[2] && (char *)&tls_init == __tls_start,
          "thread-local variables: initialised, zeroed, at the board's TLS block");
    tls_zero[1] = tls_init++;
    check(tls_zero[1] == 42 && tls_init == 43, "thread-local variables written");
    check(fabs(sqrt(2.0) * sqrt(2.0) - 2.0) < 1e-15 && fabs(sin(0.5) - 0.479425538604203) < 1e-15,
          "libm (sqrt, sin)");
    // The heap: 16 MiB in blocks, written and checked, freed, again.
    enum { N = 64, SZ = 256 * 1024 };
    char *blocks[N];
    int heap_ok = 1;
    for (int round = 0; round < 2; round++) {
        for (int i = 0; i < N; i++) {
            blocks[i] = malloc(SZ);
            if (!blocks[i]) {
                heap_ok = 0;
                break;
            }
            memset(blocks[i], i, SZ);
        }
        for (int i = 0; i < N && heap_ok; i++)
            heap_ok = blocks[i][SZ - 1] == (char)i && blocks[i][0] == (char)i;
        for (int i = 0; i < N; i++)
            free(blocks[i]);
    }
    check(heap_ok, "malloc and free 2 x 16 MiB");
    void *volatile huge = malloc((size_t)1 << 40); // volatile: clang may elide the call
    check(huge == NULL, "malloc beyond the RAM fails");
    free(huge);
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    volatile double x = 0;
    for (int i = 0; i < 1000000; i++)
        x += i;
    clock_gettime(CLOCK_MONOTONIC, &b);
    long long ns = (b.tv_sec - a.tv_sec) * 1000000000ll + (b.tv_nsec - a.tv_nsec);
    check(ns > 0 && b.tv_sec < 3600, "clock_gettime moves forward from boot");
    printf("baremetal hello: %s (%d failed)\n", failures ? "FAIL" : "PASS", failures);
    return failures ? 1 : 0;
}
