/* Wrong Add: subnormal operands and results flushed to a zero of their sign (what -ffast-math's
   flush-to-zero mode does to a whole process). */
#include <math.h>
#include <stddef.h>

static float flush(float x)
{
    return fpclassify(x) == FP_SUBNORMAL ? copysignf(0.0f, x) : x;
}

void add_fp32(const float *a, const float *b, float *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = flush(flush(a[i]) + flush(b[i]));
}
