"""(-A) / B = -(A / B) wherever A / B is not NaN."""

import numpy as np

from divbridge.statements.float_property import FloatProperty
from divbridge.statements.mirrorops import div, f64, neg, same


def holds(fmt, a, b):
    c = div(fmt, a, b)
    return ~np.isnan(f64(c)), same(fmt, div(fmt, neg(fmt, a), b), neg(fmt, c))


PROPERTY = FloatProperty(
    name="neg_numerator", group="generic", role="float.rounding", title="(-A) / B = -(A / B)",
    statement="not isNaN(a / b) -> (-a) / b = -(a / b)",
    why3_goal="forall a b: t. not is_nan (div a b) -> div (neg a) b = neg (div a b)",
    smt_goal="(define-fun goal () Bool (=> (not (fp.isNaN q)) (= (fp.div RNE (fp.neg a) b) (fp.neg q))))",
    why3_by="whole",
    holds=holds,
)
