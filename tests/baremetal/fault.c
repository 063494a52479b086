// A bad access on the board: the exception vector names it on the UART
// and the image stops with status 128 + 4 (a synchronous exception at
// EL1), never running on.
#include <stdint.h>
#include <stdio.h>

int main(void)
{
    printf("baremetal fault: reading unmapped memory at 8 GiB\n");
    volatile uint32_t *p = (volatile uint32_t *)0x200000000ull;
    printf("read %u\n", *p);
    printf("baremetal fault: FAIL (the read did not fault)\n");
    return 0;
}
