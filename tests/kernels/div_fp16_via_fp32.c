/* Correct FP16 Div through FP32: FP16 bit patterns in and out, the quotient computed
   in FP32 and rounded once more to FP16 (exact enough: 24 >= 2 * 11 + 2 bits). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void div_fp16(const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        _Float16 x, y, q;
        memcpy(&x, &a[i], 2);
        memcpy(&y, &b[i], 2);
        q = (_Float16)((float)x / (float)y);
        memcpy(&c[i], &q, 2);
    }
}
