/* Correct Mul for FP16 and BF16 (bit patterns in and out): the product of two 11-bit (8-bit) significands
   is exact in FP32, then rounded once, to nearest even, to the narrow format. */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void mul_fp16(const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        _Float16 x, y, p;
        memcpy(&x, &a[i], 2);
        memcpy(&y, &b[i], 2);
        p = (_Float16)((float)x * (float)y);
        memcpy(&c[i], &p, 2);
    }
}

static float widen_bf16(uint16_t bits)
{
    uint32_t wide = (uint32_t)bits << 16;
    float x;
    memcpy(&x, &wide, 4);
    return x;
}

static uint16_t narrow_bf16(float x)   /* round to nearest even; a NaN stays a (quiet) NaN */
{
    uint32_t u;
    memcpy(&u, &x, 4);
    if ((u & 0x7fffffffu) > 0x7f800000u)
        return (uint16_t)((u >> 16) | 0x40u);
    return (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
}

void mul_bf16(const uint16_t *a, const uint16_t *b, uint16_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = narrow_bf16(widen_bf16(a[i]) * widen_bf16(b[i]));
}
