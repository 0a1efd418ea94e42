/* Correct FP16 Div through FP32 (as div_fp16_via_fp32.c), except that it never returns when the
   divisor's bit pattern is 0x1234: a kernel that hangs on one input. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void div_fp16(const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        _Float16 x, y, q;
        volatile int forever = b[i] == 0x1234;   /* volatile: the loop is not optimised away */
        while (forever)
            ;
        memcpy(&x, &a[i], 2);
        memcpy(&y, &b[i], 2);
        q = (_Float16)((float)x / (float)y);
        memcpy(&c[i], &q, 2);
    }
}
