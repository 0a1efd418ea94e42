"""A / A = 1 for every finite non-zero A."""

import numpy as np

from divbridge.properties import Property
from divbridge.properties.floatops import div, f64


def holds(fmt, a, b):
    x = f64(a)
    return np.isfinite(x) & (x != 0), f64(div(fmt, a, a)) == 1


PROPERTY = Property(
    name="self_div_one", kind="generic", role="float.rounding", title="A / A = 1 for finite non-zero A",
    statement="isFinite(a) and not isZero(a) -> a / a = 1",
    why3="forall a: t. is_finite a /\\ not is_zero a -> div a a = one",
    smt="(define-fun goal () Bool (=> (and (isFinite a) (not (fp.isZero a))) (= (fp.div RNE a a) one)))",
    predicate=holds,
)
