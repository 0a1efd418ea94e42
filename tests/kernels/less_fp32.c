/* Correct Less for FP32 and INT32: C's < is IEEE 754's compareQuietLess (false with a NaN, -0 < +0 false)
   and the signed integer order; the result is a C bool per element. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

void less_fp32(const float *a, const float *b, bool *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = a[i] < b[i];
}

void less_int32(const int32_t *a, const int32_t *b, bool *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = a[i] < b[i];
}
