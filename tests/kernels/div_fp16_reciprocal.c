/* Wrong FP16 Div: A * (1 / B) in FP32, then rounded to FP16 (the reciprocal rounds first). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void div_fp16(const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        _Float16 x, y, q;
        memcpy(&x, &a[i], 2);
        memcpy(&y, &b[i], 2);
        q = (_Float16)((float)x * (1.0f / (float)y));
        memcpy(&c[i], &q, 2);
    }
}
