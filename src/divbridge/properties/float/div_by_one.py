"""A / 1 = A (for every A but NaN)."""

import numpy as np

from divbridge.properties import Property
from divbridge.properties.floatops import div, f64, same


def holds(fmt, a, b):
    return ~np.isnan(f64(a)), same(fmt, div(fmt, a, np.full_like(a, 1)), a)


PROPERTY = Property(
    name="div_by_one", kind="generic", role="float.rounding", title="A / 1 = A",
    statement="not isNaN(a) -> a / 1 = a",
    why3="forall a: t. not is_nan a -> div a one = a",
    smt="(define-fun goal () Bool (=> (not (fp.isNaN a)) (= (fp.div RNE a one) a)))",
    predicate=holds,
)
