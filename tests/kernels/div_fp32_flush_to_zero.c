/* Wrong: subnormal operands and results flushed to (signed) zero. */
#include <math.h>
#include <stddef.h>

static float flush(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

void div_fp32(const float *a, const float *b, float *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = flush(flush(a[i]) / flush(b[i]));
}
