/* Wrong Mul for SONNX (which wraps around modulo 2^n): the product saturates at the type's bounds. */
#include <stddef.h>
#include <stdint.h>

void mul_int8(const int8_t *a, const int8_t *b, int8_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int32_t p = (int32_t)a[i] * b[i];
        c[i] = (int8_t)(p > INT8_MAX ? INT8_MAX : p < INT8_MIN ? INT8_MIN : p);
    }
}

void mul_int32(const int32_t *a, const int32_t *b, int32_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int64_t p = (int64_t)a[i] * b[i];
        c[i] = (int32_t)(p > INT32_MAX ? INT32_MAX : p < INT32_MIN ? INT32_MIN : p);
    }
}
