"""Where the exact quotient A / B is a value of the format, Div returns it."""

import numpy as np

from divbridge.statements.float_property import FloatProperty
from divbridge.statements.mirrorops import bits, div, f64, sample


def holds(fmt, a, b, c=None):
    """``c``: the quotient claimed (a counterexample's); on vectors, the exact quotient where the format has it."""
    q = div(fmt, a, b)
    applies = np.zeros(a.shape, bool)
    result = np.ones(a.shape, bool)
    x, y = f64(a), f64(b)
    for i in sample(np.isfinite(x) & (x != 0) & np.isfinite(y) & (y != 0)):
        exact = fmt.decode(int(bits(fmt, a[i]))).value / fmt.decode(int(bits(fmt, b[i]))).value
        claimed = fmt.round(exact) if c is None else int(bits(fmt, c[i]))
        decoded = fmt.decode(claimed)
        if decoded.is_finite and decoded.value == exact:
            applies[i] = True
            result[i] = int(bits(fmt, q[i])) == claimed
    return applies, result


PROPERTY = FloatProperty(
    name="exact_when_representable", group="generic", role="float.rounding",
    title="the quotient is exact when it is representable",
    statement="isFinite(a) and not isZero(a) and isFinite(b) and not isZero(b) and isFinite(c) "
              "and real(c) * real(b) = real(a) -> a / b = c",
    why3_goal="""forall a b c: t.
    is_finite a /\\ not is_zero a /\\ is_finite b /\\ not is_zero b /\\ is_finite c /\\
    to_real c *. to_real b = to_real a -> div a b = c""",
    smt_goal="""(define-fun goal () Bool (=> (and (isFinite a) (not (fp.isZero a)) (isFinite b) (not (fp.isZero b)) (isFinite c)
                                  (fp.eq (fp.mul RNE ({{ TO_W }} RNE c) wb) wa))
                             (= q c)))""",
    holds=holds, operands=("a", "b", "c"), wide=True, coq_template="exact_when_representable.v.j2",
)
