"""Div's float laws: the properties of the quotient every float format has (`operators.library.FloatLaw`),
each with its Why3 goal (over the generic float module's names), its SMT-LIB goal, its predicate on the
mirror and, where it has them, its Coq template, Gappa goal and the formats where enumerating every pair
proves it.  The obligations of a law exist in every float format of a document whose requirement binds
its role.  Adding one is one `FloatLaw` in ``LAWS`` (and its test)."""

from __future__ import annotations

import numpy as np

from divbridge.operators.div import kernels as exact
from divbridge.operators.arrays import bits, exact_results, f64, neg, same, sample
from divbridge.operators.div.profiled import compute as div
from divbridge.operators.library import FloatLaw


# the wide format holds the products the goals compare (q * b) exactly
WIDE = """; {{ wide.eb }}/{{ wide.sb }}-bit floats hold every product of two {{ fmt.name }} values exactly,
; so the comparisons below are comparisons of exact reals
(define-fun wa () {{ W }} ({{ TO_W }} RNE a))
(define-fun wb () {{ W }} ({{ TO_W }} RNE b))
"""


# -- A / 1 = A (for every A but NaN) ---------------------------------------------------------------------

def _div_by_one(fmt, a, b):
    return ~np.isnan(f64(a)), same(fmt, div(fmt, a, np.full_like(a, 1)), a)


DIV_BY_ONE = FloatLaw(
    name="div_by_one", group="generic", role="float.rounding", title="A / 1 = A",
    statement="not isNaN(a) -> a / 1 = a",
    why3_goal="forall a: t. not is_nan a -> div a one = a",
    # Why3's ieee_float axioms do not say that two zeros (or two infinities) of one sign are the same float
    why3_by="bits",
    smt_goal="(define-fun goal () Bool (=> (not (fp.isNaN a)) (= (fp.div RNE a one) a)))",
    holds=_div_by_one,
)


# -- A / A = 1 for every finite non-zero A --------------------------------------------------------------

def _self_div_one(fmt, a, b):
    x = f64(a)
    return np.isfinite(x) & (x != 0), f64(div(fmt, a, a)) == 1


SELF_DIV_ONE = FloatLaw(
    name="self_div_one", group="generic", role="float.rounding", title="A / A = 1 for finite non-zero A",
    statement="isFinite(a) and not isZero(a) -> a / a = 1",
    why3_goal="forall a: t. is_finite a /\\ not is_zero a -> div a a = one",
    # from ieee_float's axioms it needs a / a = 1 over the reals, which Z3 does not find there
    why3_by="bits",
    smt_goal="(define-fun goal () Bool (=> (and (isFinite a) (not (fp.isZero a))) (= (fp.div RNE a a) one)))",
    holds=_self_div_one,
)


# -- (-A) / B = -(A / B) and A / (-B) = -(A / B) wherever A / B is not NaN ---------------------------------

def _negating(operand: int):
    """The predicate of negating one operand (0: A, 1: B) negating the quotient."""
    def holds(fmt, a, b):
        c = div(fmt, a, b)
        operands = [a, b]
        operands[operand] = neg(fmt, operands[operand])
        return ~np.isnan(f64(c)), same(fmt, div(fmt, *operands), neg(fmt, c))
    return holds


NEG_NUMERATOR, NEG_DENOMINATOR = (
    FloatLaw(name=f"neg_{role}", group="generic", role="float.rounding", title=title,
             statement=f"not isNaN(a / b) -> {negated} = -(a / b)",
             why3_goal=f"forall a b: t. not is_nan (div a b) -> {why3} = neg (div a b)",
             smt_goal=f"(define-fun goal () Bool (=> (not (fp.isNaN q)) (= {smt} (fp.neg q))))",
             why3_by="whole", holds=_negating(operand))
    for operand, (role, title, negated, why3, smt) in enumerate((
        ("numerator", "(-A) / B = -(A / B)", "(-a) / b", "div (neg a) b", "(fp.div RNE (fp.neg a) b)"),
        ("denominator", "A / (-B) = -(A / B)", "a / (-b)", "div a (neg b)", "(fp.div RNE a (fp.neg b))"))))


# -- A / B is monotone in A for finite B > 0 (for B = +inf, inf / inf is NaN and no order holds) ----------
# Bit-blasting solvers time out on it; Coq with Flocq proves it for every format, and enumerating every
# pair proves it for the 16-bit formats.  In Why3, Z3 on abstract floats proves it from four lemmas it
# proves first: the finite case without overflow (rounding is monotone), no NaN quotient, and what lies
# above +inf and below -inf (ieee_float states the order on infinities one way only).

def _monotone_numerator(fmt, a1, a2, b):
    x1, x2, y = f64(a1), f64(a2), f64(b)
    applies = ~np.isnan(x1) & ~np.isnan(x2) & np.isfinite(y) & (y > 0) & (x1 <= x2)
    return applies, f64(div(fmt, a1, b)) <= f64(div(fmt, a2, b))


def _numerator_pairs(a, b):
    """A vector set's pairs, each numerator with a second one: the one before it in the set."""
    return {"a1": a, "a2": np.roll(a, 1), "b": b}


MONOTONE_NUMERATOR = FloatLaw(
    name="monotone_numerator", group="generic", role="float.rounding",
    title="A / B is monotone in A for finite B > 0",
    statement="not isNaN(a1) and not isNaN(a2) and isFinite(b) and b > 0 and a1 <= a2 -> a1 / b <= a2 / b",
    why3_goal="""forall a1 a2 b: t.
    not is_nan a1 /\\ not is_nan a2 /\\ is_finite b /\\ b .> zero /\\ a1 .<= a2 ->
    div a1 b .<= div a2 b""",
    smt_goal="""(define-fun goal () Bool (=> (and (not (fp.isNaN a1)) (not (fp.isNaN a2)) (isFinite b) (fp.gt b (_ +zero {{ fmt.eb }} {{ fmt.sb }}))
                                  (fp.leq a1 a2))
                             (fp.leq (fp.div RNE a1 b) (fp.div RNE a2 b))))""",
    holds=_monotone_numerator, operands=("a1", "a2", "b"),
    why3_steps=(
        ("finite", """forall a1 a2 b: t.
    is_finite a1 /\\ is_finite a2 /\\ is_finite b /\\ b .> zero /\\ a1 .<= a2 /\\
    no_overflow RNE (to_real a1 /. to_real b) /\\ no_overflow RNE (to_real a2 /. to_real b) ->
    div a1 b .<= div a2 b"""),
        ("not_nan", "forall a b: t. not is_nan a /\\ is_finite b /\\ b .> zero -> not is_nan (div a b)"),
        ("above_plus_infinity", "forall a1 a2: t. is_plus_infinity a1 /\\ a1 .<= a2 -> is_plus_infinity a2"),
        ("below_minus_infinity", "forall a1 a2: t. is_minus_infinity a2 /\\ a1 .<= a2 -> is_minus_infinity a1"),
    ),
    coq_template="div/monotone_numerator.v.j2", enumerated_in=("fp16", "bf16"), pairs=_numerator_pairs,
)


# -- where the exact quotient A / B is a value of the format, Div returns it -----------------------------

def _exact_when_representable(fmt, a, b, c=None):
    """``c``: the quotient claimed (a counterexample's); on vectors, the exact quotient where the format has it."""
    q = div(fmt, a, b)
    applies = np.zeros(a.shape, bool)
    result = np.ones(a.shape, bool)
    x, y = f64(a), f64(b)
    for i in sample(np.isfinite(x) & (x != 0) & np.isfinite(y) & (y != 0)):
        quotient = fmt.decode(int(bits(fmt, a[i]))).value / fmt.decode(int(bits(fmt, b[i]))).value
        claimed = fmt.round(quotient) if c is None else int(bits(fmt, c[i]))
        decoded = fmt.decode(claimed)
        if decoded.is_finite and decoded.value == quotient:
            applies[i] = True
            result[i] = int(bits(fmt, q[i])) == claimed
    return applies, result


EXACT_WHEN_REPRESENTABLE = FloatLaw(
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
    holds=_exact_when_representable, operands=("a", "b", "c"), wide=WIDE,
    coq_template="div/exact_when_representable.v.j2",
)


# -- in the normal range the relative error of the quotient is at most 2^-p (half an ulp) -----------------

def _relative_error_normal(fmt, a, b):
    applies = np.zeros(a.shape, bool)
    result = np.ones(a.shape, bool)
    for i, r, cc in exact_results(exact.real_div, fmt, a, b, div(fmt, a, b)):
        if fmt.min_normal <= abs(r) <= fmt.max_finite:
            applies[i] = True
            result[i] = cc.is_finite and abs(cc.value - r) <= abs(r) / (1 << fmt.precision)
    return applies, result


# Gappa: min_normal = 1b(emin), max_finite < 1b(emax + 1), unit roundoff 2^-sb
RELATIVE_ERROR_GAPPA = """# min_normal = 1b{{ fmt.emin }}, max_finite < 1b{{ fmt.emax + 1 }}, unit roundoff 2^-{{ fmt.sb }}
{ |r| in [1b{{ fmt.emin }}, 1b{{ fmt.emax + 1 }}] -> (q - r) / r in [-1b-{{ fmt.sb }}, 1b-{{ fmt.sb }}] }
# Gappa proves the lowest binade apart (its default interval splitting loses it for binary64)
$ |r| in (1b{{ fmt.emin + 1 }});"""


RELATIVE_ERROR_NORMAL = FloatLaw(
    name="relative_error_normal", group="accuracy", role="float.accuracy",
    title="relative error at most 2^-{p} in the normal range",
    statement="isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and "
              "min_normal <= |r| <= max_finite -> |real(a / b) - r| <= 2^-{p} * |r|",
    # the range in two parts, the lowest binade apart: Gappa, which Why3 gives this goal, proves each part
    # (the whole range at once needs the splitting hint of RELATIVE_ERROR_GAPPA, which Why3 cannot pass)
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
    holds=_relative_error_normal, wide=WIDE, gappa_goal=RELATIVE_ERROR_GAPPA,
)


# -- below the normal range the absolute error of the quotient is at most half the smallest subnormal -----

def _absolute_error_subnormal(fmt, a, b):
    applies = np.zeros(a.shape, bool)
    result = np.ones(a.shape, bool)
    for i, r, cc in exact_results(exact.real_div, fmt, a, b, div(fmt, a, b)):
        if abs(r) < fmt.min_normal:
            applies[i] = True
            result[i] = cc.is_finite and abs(cc.value - r) <= fmt.min_subnormal / 2
    return applies, result


ABSOLUTE_ERROR_GAPPA = """# below min_normal = 1b{{ fmt.emin }}: at most half the smallest subnormal 1b{{ fmt.emin - fmt.sb + 1 }}
{ |r| <= 1b{{ fmt.emin }} -> q - r in [-1b{{ fmt.emin - fmt.sb }}, 1b{{ fmt.emin - fmt.sb }}] }"""


ABSOLUTE_ERROR_SUBNORMAL = FloatLaw(
    name="absolute_error_subnormal", group="accuracy", role="float.accuracy",
    title="absolute error at most half the smallest subnormal below the normal range",
    statement="isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and "
              "|r| < min_normal -> |real(a / b) - r| <= min_subnormal / 2",
    # up to and including min_normal (a stronger claim: at min_normal the quotient is exact), for Gappa,
    # which Why3 gives this goal and which has no strict comparison
    why3_goal="""forall a b: t.
    is_finite a /\\ is_finite b /\\ not is_zero b /\\ RealAbs.abs (exact a b) <=. min_normal ->
    RealAbs.abs (to_real (div a b) -. exact a b) <=. min_subnormal /. 2.0""",
    # |q - r| <= d iff |q*b - a| <= d |b| (see RELATIVE_ERROR_NORMAL)
    smt_goal="""(define-fun m () {{ W }} (fp.mul RNE ({{ TO_W }} RNE q) wb))
(define-fun in_range () Bool (fp.lt (fp.abs wa) (fp.mul RNE {{ wide_literals.min_normal }} (fp.abs wb))))
(define-fun bound () {{ W }} (fp.mul RNE {{ wide_literals.half_min_subnormal }} (fp.abs wb)))
(define-fun goal () Bool (=> (and (isFinite a) (isFinite b) (not (fp.isZero b)) in_range)
                             (and (fp.leq (fp.sub RTP m wa) bound) (fp.geq (fp.sub RTN m wa) (fp.neg bound)))))""",
    holds=_absolute_error_subnormal, wide=WIDE, gappa_goal=ABSOLUTE_ERROR_GAPPA,
)


# in the order of their names, as the obligations list them
LAWS = (ABSOLUTE_ERROR_SUBNORMAL, DIV_BY_ONE, EXACT_WHEN_REPRESENTABLE, MONOTONE_NUMERATOR, NEG_DENOMINATOR,
        NEG_NUMERATOR, RELATIVE_ERROR_NORMAL, SELF_DIV_ONE)
