"""Below the normal range the absolute error of the quotient is at most half the smallest subnormal."""

import numpy as np

from divbridge.statements.float_property import FloatProperty
from divbridge.statements.mirrorops import div, exact_quotients


def holds(fmt, a, b):
    applies = np.zeros(a.shape, bool)
    result = np.ones(a.shape, bool)
    for i, r, cc in exact_quotients(fmt, a, b, div(fmt, a, b)):
        if abs(r) < fmt.min_normal:
            applies[i] = True
            result[i] = cc.is_finite and abs(cc.value - r) <= fmt.min_subnormal / 2
    return applies, result


GAPPA = """# below min_normal = 1b{{ fmt.emin }}: at most half the smallest subnormal 1b{{ fmt.emin - fmt.sb + 1 }}
{ |r| <= 1b{{ fmt.emin }} -> q - r in [-1b{{ fmt.emin - fmt.sb }}, 1b{{ fmt.emin - fmt.sb }}] }"""


PROPERTY = FloatProperty(
    name="absolute_error_subnormal", group="accuracy", role="float.accuracy",
    title="absolute error at most half the smallest subnormal below the normal range",
    statement="isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and "
              "|r| < min_normal -> |real(a / b) - r| <= min_subnormal / 2",
    # up to and including min_normal (a stronger claim: at min_normal the quotient is exact), for Gappa,
    # which Why3 gives this goal and which has no strict comparison
    why3_goal="""forall a b: t.
    is_finite a /\\ is_finite b /\\ not is_zero b /\\ RealAbs.abs (exact a b) <=. min_normal ->
    RealAbs.abs (to_real (div a b) -. exact a b) <=. min_subnormal /. 2.0""",
    # |q - r| <= d iff |q*b - a| <= d |b| (see relative_error_normal)
    smt_goal="""(define-fun m () {{ W }} (fp.mul RNE ({{ TO_W }} RNE q) wb))
(define-fun in_range () Bool (fp.lt (fp.abs wa) (fp.mul RNE {{ wide_literals.min_normal }} (fp.abs wb))))
(define-fun bound () {{ W }} (fp.mul RNE {{ wide_literals.half_min_subnormal }} (fp.abs wb)))
(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)) in_range)
                             (and (fp.leq (fp.sub RTP m wa) bound) (fp.geq (fp.sub RTN m wa) (fp.neg bound)))))""",
    holds=holds, wide=True, gappa_goal=GAPPA,
)
