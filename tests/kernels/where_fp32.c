/* Where for FP32, two ways: a selection (correct: the chosen element as it is) and an arithmetic blend
   cond * x + (1 - cond) * y (WRONG: a chosen -0 becomes +0, a NaN not chosen comes through). */
#include <stdbool.h>
#include <stddef.h>

void where_fp32(const bool *cond, const float *x, const float *y, float *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        out[i] = cond[i] ? x[i] : y[i];
}

void where_fp32_blend(const bool *cond, const float *x, const float *y, float *out, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        float c = cond[i] ? 1.0f : 0.0f;
        out[i] = c * x[i] + (1.0f - c) * y[i];
    }
}
