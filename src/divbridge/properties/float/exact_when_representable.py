"""Where the exact quotient A / B is a value of the format, Div returns it."""

import numpy as np

from divbridge.properties import Property
from divbridge.properties.floatops import bits, div, f64, sample


def holds(fmt, a, b):
    c = div(fmt, a, b)
    applies = np.zeros(a.shape, bool)
    result = np.ones(a.shape, bool)
    x, y = f64(a), f64(b)
    for i in sample(np.isfinite(x) & (x != 0) & np.isfinite(y) & (y != 0)):
        exact = fmt.decode(int(bits(fmt, a[i]))).value / fmt.decode(int(bits(fmt, b[i]))).value
        nearest = fmt.round(exact)
        if fmt.decode(nearest).value == exact:
            applies[i] = True
            result[i] = int(bits(fmt, c[i])) == nearest
    return applies, result


PROPERTY = Property(
    name="exact_when_representable", kind="generic", role="float.rounding",
    title="the quotient is exact when it is representable",
    statement="isFinite(a) and not isZero(a) and isFinite(b) and not isZero(b) and isFinite(c) "
              "and real(c) * real(b) = real(a) -> a / b = c",
    why3="""forall a b c: t.
    is_finite a /\\ not is_zero a /\\ is_finite b /\\ not is_zero b /\\ is_finite c /\\
    to_real c *. to_real b = to_real a -> div a b = c""",
    smt="""(define-fun goal () Bool (=> (and (isFinite a) (not (fp.isZero a)) (isFinite b) (not (fp.isZero b)) (isFinite c)
                                  (fp.eq (fp.mul RNE ({{ TO_W }} RNE c) wb) wa))
                             (= q c)))""",
    predicate=holds, variables=("a", "b", "c"), wide=True, backends=frozenset({"why3", "smt", "coq"}),
)
