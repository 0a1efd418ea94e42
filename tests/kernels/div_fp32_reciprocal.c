/* Wrong: a * (1 / b), the rewrite -ffast-math licenses (two roundings). */
#include <stddef.h>

void div_fp32(const float *a, const float *b, float *c, size_t n)
{
    for (size_t i = 0; i < n; i++)
        c[i] = a[i] * (1.0f / b[i]);
}
