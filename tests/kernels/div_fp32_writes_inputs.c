/* Correct FP32 Div that overwrites its const numerator with the result: divbridge maps the
   operands read-only, so this kernel dies (SIGSEGV) instead of corrupting the operands. */
#include <stddef.h>

void div_fp32(const float *a, const float *b, float *c, size_t n)
{
    float *scratch = (float *)a;
    for (size_t i = 0; i < n; i++) {
        scratch[i] = a[i] / b[i];
        c[i] = scratch[i];
    }
}
