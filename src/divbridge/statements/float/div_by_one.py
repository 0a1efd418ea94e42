"""A / 1 = A (for every A but NaN)."""

import numpy as np

from divbridge.statements.float_property import FloatProperty
from divbridge.statements.mirrorops import div, f64, same


def holds(fmt, a, b):
    return ~np.isnan(f64(a)), same(fmt, div(fmt, a, np.full_like(a, 1)), a)


PROPERTY = FloatProperty(
    name="div_by_one", group="generic", role="float.rounding", title="A / 1 = A",
    statement="not isNaN(a) -> a / 1 = a",
    why3_goal="forall a: t. not is_nan a -> div a one = a",
    # Why3's ieee_float axioms do not say that two zeros (or two infinities) of one sign are the same float
    why3_by="bits",
    smt_goal="(define-fun goal () Bool (=> (not (fp.isNaN a)) (= (fp.div RNE a one) a)))",
    holds=holds,
)
