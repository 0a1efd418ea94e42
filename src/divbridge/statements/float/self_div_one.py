"""A / A = 1 for every finite non-zero A."""

import numpy as np

from divbridge.statements.float_property import FloatProperty
from divbridge.statements.mirrorops import div, f64


def holds(fmt, a, b):
    x = f64(a)
    return np.isfinite(x) & (x != 0), f64(div(fmt, a, a)) == 1


PROPERTY = FloatProperty(
    name="self_div_one", group="generic", role="float.rounding", title="A / A = 1 for finite non-zero A",
    statement="isFinite(a) and not isZero(a) -> a / a = 1",
    why3_goal="forall a: t. is_finite a /\\ not is_zero a -> div a a = one",
    # from ieee_float's axioms it needs a / a = 1 over the reals, which Z3 does not find there
    why3_by="bits",
    smt_goal="(define-fun goal () Bool (=> (and (isFinite a) (not (fp.isZero a))) (= (fp.div RNE a a) one)))",
    holds=holds,
)
