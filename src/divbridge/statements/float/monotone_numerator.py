"""A / B is monotone in A for finite B > 0 (for B = +inf, inf / inf is NaN and no order holds).

Bit-blasting solvers time out on it; Coq with Flocq proves it for every
format, and enumerating every pair proves it for the 16-bit formats.  In Why3,
Z3 on abstract floats proves it from four lemmas it proves first: the finite
case without overflow (rounding is monotone), no NaN quotient, and what lies
above +inf and below -inf (ieee_float states the order on infinities one way
only)."""

import numpy as np

from divbridge.statements.float_property import FloatProperty
from divbridge.statements.mirrorops import div, f64


def holds(fmt, a1, a2, b):
    x1, x2, y = f64(a1), f64(a2), f64(b)
    applies = ~np.isnan(x1) & ~np.isnan(x2) & np.isfinite(y) & (y > 0) & (x1 <= x2)
    return applies, f64(div(fmt, a1, b)) <= f64(div(fmt, a2, b))


def pairs(a, b):
    """A vector set's pairs, each numerator with a second one: the one before it in the set."""
    return {"a1": a, "a2": np.roll(a, 1), "b": b}


PROPERTY = FloatProperty(
    name="monotone_numerator", group="generic", role="float.rounding",
    title="A / B is monotone in A for finite B > 0",
    statement="not isNaN(a1) and not isNaN(a2) and isFinite(b) and b > 0 and a1 <= a2 -> a1 / b <= a2 / b",
    why3_goal="""forall a1 a2 b: t.
    not is_nan a1 /\\ not is_nan a2 /\\ is_finite b /\\ b .> zero /\\ a1 .<= a2 ->
    div a1 b .<= div a2 b""",
    smt_goal="""(define-fun goal () Bool (=> (and (not (fp.isNaN a1)) (not (fp.isNaN a2)) (isFinite b) (fp.gt b (_ +zero {{ fmt.eb }} {{ fmt.sb }}))
                                  (fp.leq a1 a2))
                             (fp.leq (fp.div RNE a1 b) (fp.div RNE a2 b))))""",
    holds=holds, operands=("a1", "a2", "b"),
    why3_steps=(
        ("finite", """forall a1 a2 b: t.
    is_finite a1 /\\ is_finite a2 /\\ is_finite b /\\ b .> zero /\\ a1 .<= a2 /\\
    no_overflow RNE (to_real a1 /. to_real b) /\\ no_overflow RNE (to_real a2 /. to_real b) ->
    div a1 b .<= div a2 b"""),
        ("not_nan", "forall a b: t. not is_nan a /\\ is_finite b /\\ b .> zero -> not is_nan (div a b)"),
        ("above_plus_infinity", "forall a1 a2: t. is_plus_infinity a1 /\\ a1 .<= a2 -> is_plus_infinity a2"),
        ("below_minus_infinity", "forall a1 a2: t. is_minus_infinity a2 /\\ a1 .<= a2 -> is_minus_infinity a1"),
    ),
    coq_template="monotone_numerator.v.j2", enumerated_in=("fp16", "bf16"), pairs=pairs,
)
