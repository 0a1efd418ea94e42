"""In the normal range the relative error of the quotient is at most 2^-p (half an ulp)."""

import numpy as np

from divbridge.statements.float_property import FloatProperty
from divbridge.statements.mirrorops import div, exact_quotients


def holds(fmt, a, b):
    applies = np.zeros(a.shape, bool)
    result = np.ones(a.shape, bool)
    for i, r, cc in exact_quotients(fmt, a, b, div(fmt, a, b)):
        if fmt.min_normal <= abs(r) <= fmt.max_finite:
            applies[i] = True
            result[i] = cc.is_finite and abs(cc.value - r) <= abs(r) / (1 << fmt.precision)
    return applies, result


# Gappa: min_normal = 1b(emin), max_finite < 1b(emax + 1), unit roundoff 2^-sb
GAPPA = """# min_normal = 1b{{ fmt.emin }}, max_finite < 1b{{ fmt.emax + 1 }}, unit roundoff 2^-{{ fmt.sb }}
{ |r| in [1b{{ fmt.emin }}, 1b{{ fmt.emax + 1 }}] -> (q - r) / r in [-1b-{{ fmt.sb }}, 1b-{{ fmt.sb }}] }
# Gappa proves the lowest binade apart (its default interval splitting loses it for binary64)
$ |r| in (1b{{ fmt.emin + 1 }});"""


PROPERTY = FloatProperty(
    name="relative_error_normal", group="accuracy", role="float.accuracy",
    title="relative error at most 2^-{p} in the normal range",
    statement="isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and "
              "min_normal <= |r| <= max_finite -> |real(a / b) - r| <= 2^-{p} * |r|",
    # the range in two parts, the lowest binade apart: Gappa, which Why3 gives this goal, proves each part
    # (the whole range at once needs the splitting hint of GAPPA, which Why3 cannot pass)
    why3_goal="""forall a b: t.
    is_finite a /\\ is_finite b /\\ not is_zero b ->
    (min_normal <=. RealAbs.abs (exact a b) <=. 2.0 *. min_normal ->
     RealAbs.abs (to_real (div a b) -. exact a b) <=. unit_roundoff *. RealAbs.abs (exact a b)) /\\
    (2.0 *. min_normal <=. RealAbs.abs (exact a b) <=. max_finite ->
     RealAbs.abs (to_real (div a b) -. exact a b) <=. unit_roundoff *. RealAbs.abs (exact a b))""",
    # with r = a / b (b finite non-zero): |q - r| <= e |r| iff |q*b - a| <= e |a|; q*b and the bound are exact
    # in the wide format; q*b - a rounded upward (downward) stays below (above) a representable bound exactly
    # when the exact difference does
    smt_goal="""(define-fun m () {{ W }} (fp.mul RNE ({{ TO_W }} RNE q) wb))
(define-fun in_range () Bool (and (fp.leq (fp.mul RNE {{ wide_literals.min_normal }} (fp.abs wb)) (fp.abs wa))
                                  (fp.leq (fp.abs wa) (fp.mul RNE {{ wide_literals.max_finite }} (fp.abs wb)))))
(define-fun bound () {{ W }} (fp.mul RNE {{ wide_literals.unit_roundoff }} (fp.abs wa)))
(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)) in_range)
                             (and (fp.leq (fp.sub RTP m wa) bound) (fp.geq (fp.sub RTN m wa) (fp.neg bound)))))""",
    holds=holds, wide=True, gappa_goal=GAPPA,
)
