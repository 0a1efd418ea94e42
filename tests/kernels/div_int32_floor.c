/* Wrong for SONNX (which truncates toward zero): Python-style flooring division. */
#include <stddef.h>
#include <stdint.h>

void div_int32(const int32_t *a, const int32_t *b, int32_t *c, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        int32_t q = a[i] / b[i];
        if ((a[i] % b[i] != 0) && ((a[i] < 0) != (b[i] < 0)))
            q -= 1;
        c[i] = q;
    }
}
