/* WRONG Less for FP32: compares the bit patterns as signed integers, which orders the negative numbers
   backwards and -0 below +0, and compares NaNs as numbers. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

void less_fp32(const float *a, const float *b, bool *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int32_t x, y;
        memcpy(&x, &a[i], 4);
        memcpy(&y, &b[i], 4);
        c[i] = x < y;
    }
}
