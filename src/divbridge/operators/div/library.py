"""Div's statement library (`operators.library.Library`): its float laws, its strategies, its result under a
rounding rule a document states instead, its accuracy claims' encodings, its computation in each format's
profile and that profile's integer domain; the integer properties of truncation toward zero, the real
properties of the exact quotient, Div's WhyML contract (proofs/why3/div_spec.mlw) and how a counterexample
shows a quotient.

The integer goals are written over div_int_<type>.mlw's names (div, defined, in_range, min_value) and the
integer frames of SMT-LIB (``int``: bit-vectors, Div is ``bvsdiv``; ``int_exact``: mathematical integers, for
statements about the exact quotient, which no solver settles over bit-vectors).  An integer property assumes
the preconditions (B non-zero, INT_MIN / -1 excluded), so it traces to their requirements too
(`obligations.catalog`).  The real goals are written over div_real.mlw's ``div``; the cross-check evaluates
them on a grid of small fractions.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np

from divbridge.formats import FloatFormat, Format, IntFormat
from divbridge.operators.div import kernels as exact
from divbridge.operators.div.float_laws import LAWS
from divbridge.operators.div.profiled import compute
from divbridge.operators.div.profiles import PROFILES
from divbridge.operators.div.rounding import ROUNDING
from divbridge.operators.div.strategies import CLAIMS, GOALS, STRATEGIES
from divbridge.operators.library import Contract, IntegerClaim, Library, RealClaim, Requirement

if TYPE_CHECKING:
    from divbridge.operators.accuracy import Accuracy


def _int_min_by_minus_one(fmt: IntFormat, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The pairs INT_MIN / -1, whose quotient the type cannot hold."""
    return (a == fmt.min) & (b == -1)


def _integer_domain(fmt: IntFormat, a: np.ndarray, b: np.ndarray, overflow_excluded: bool) -> np.ndarray:
    """B non-zero, and not INT_MIN / -1 where the document excludes it."""
    return PROFILES.in_domain(fmt, a, b) if overflow_excluded else b != 0


def _identity(fmt, a, b, c):
    r = a - c * b
    return np.array([abs(ri) < abs(bi) and (ri == 0 or (ri < 0) == (ai < 0)) for ai, bi, ri in zip(a, b, r)], bool)


def _magnitude(fmt, a, b, c):
    return np.array([abs(ci) <= abs(ai) for ai, ci in zip(a, c)], bool)


def _toward_zero(fmt, a, b, c):
    return np.array([abs(ai) >= abs(bi) or ci == 0 for ai, bi, ci in zip(a, b, c)], bool)


def _sign(fmt, a, b, c):
    return np.array([ci == 0 or (ci < 0) == ((ai < 0) != (bi < 0)) for ai, bi, ci in zip(a, b, c)], bool)


def _in_range(fmt, a, b, c):
    return np.array([fmt.min <= ci <= fmt.max for ci in c], bool)


INTEGER = (
    IntegerClaim(
        name="trunc_identity", group="truncation", roles=("int.definition",),
        title="C * B + R = A with |R| < |B|, R zero or of the sign of A",
        statement="b != 0 and not (a = MIN and b = -1) and c = a / b and r = a - c * b -> "
                  "c * b + r = a and |r| < |b| and (r = 0 or sign(r) = sign(a))",
        why3_goal="""forall a b: int. defined a b ->
    let c = div a b in
    let r = a - c * b in
    c * b + r = a /\\ abs r < abs b /\\ (r = 0 \\/ (r < 0 <-> a < 0))""",
        smt_goal="""(define-fun r () Int (- a (* c b)))
(define-fun goal () Bool (=> pre (and (= (+ (* c b) r) a) (< (absi r) (absi b)) (or (= r 0) (= (< r 0) (< a 0))))))""",
        frame="int_exact", holds=_identity),
    IntegerClaim(
        name="trunc_magnitude", group="truncation", roles=("int.definition",), title="|C| <= |A|",
        statement="b != 0 and not (a = MIN and b = -1) -> |a / b| <= |a|",
        why3_goal="forall a b: int. defined a b -> abs (div a b) <= abs a",
        smt_goal="(define-fun goal () Bool (=> pre (bvsle (abs2 C) (abs2 A))))", holds=_magnitude),
    # these two pin the rounding on the operator itself (bvsdiv), negative operands included: a floor, a
    # rounding away from zero or to nearest breaks the first (-1 / 2, 1 / 2, 2 / 3), a sign taken from A
    # alone the second (7 / -2); trunc_magnitude holds for all of them
    IntegerClaim(
        name="trunc_toward_zero", group="truncation", roles=("int.definition",), title="|A| < |B| -> C = 0",
        statement="b != 0 and not (a = MIN and b = -1) and |a| < |b| -> a / b = 0",
        why3_goal="forall a b: int. defined a b -> abs a < abs b -> div a b = 0",
        smt_goal="(define-fun goal () Bool (=> (and pre (bvslt (abs2 A) (abs2 B))) (= c {{ bv_literal(w, 0) }})))",
        holds=_toward_zero),
    IntegerClaim(
        name="trunc_sign", group="truncation", roles=("int.definition",), signed_only=True,
        title="C = 0 or sign(C) = sign(A) xor sign(B)",
        statement="b != 0 and not (a = MIN and b = -1) -> a / b = 0 or (a / b < 0 <-> (a < 0 xor b < 0))",
        why3_goal="""forall a b: int. defined a b ->
    let c = div a b in c = 0 \\/ (c < 0 <-> not (a < 0 <-> b < 0))""",
        smt_goal="(define-fun goal () Bool (=> pre (or (= c {{ bv_literal(w, 0) }}) (= (bvslt c {{ bv_literal(w, 0) }}) "
                 "(xor (bvslt a {{ bv_literal(w, 0) }}) (bvslt b {{ bv_literal(w, 0) }}))))))",
        holds=_sign),
    IntegerClaim(
        name="result_in_range", group="range", roles=("int.definition", "int.overflow"),
        title="the quotient is representable under the preconditions",
        statement="b != 0 and not (a = MIN and b = -1) -> MIN <= a / b <= MAX",
        unguarded="b != 0 -> MIN <= trunc(a / b) <= MAX   (INT_MIN / -1 is not excluded)",
        why3_goal="forall a b: int. defined a b -> in_range (div a b)",
        smt_goal="(define-fun goal () Bool (=> pre (<= MIN c MAX)))", frame="int_exact", holds=_in_range),
    IntegerClaim(
        name="int_min_div_minus_one", group="probe", roles=("int.overflow",), probe=_int_min_by_minus_one,
        title="probe: INT_MIN / -1 is representable",
        statement="MIN <= trunc(MIN / -1) <= MAX   (MIN = {min}, expected to fail)",
        # stated by truncation's defining identity (the one trunc_identity proves of div), in a module of
        # its own, away from the quantified axioms of int.ComputerDivision, so that Z3 can answer "sat"
        why3_goal="""forall a b c r: int.
    a = min_value /\\ b = -1 /\\ c * b + r = a /\\ -1 < r < 1 -> in_range c""",
        smt_goal="(define-fun goal () Bool (=> (and (= a {{ bv_literal(w, fmt.min) }}) (= b {{ bv_literal(w, -1) }})) "
                 "in_range))",
        holds=_in_range),
)


REAL = (
    RealClaim(
        name="quotient_times_divisor", title="(A / B) * B = A", statement="b != 0 -> (a / b) * b = a",
        why3_goal="forall a b: real. b <> 0.0 -> div a b *. b = a",
        smt_goal="(define-fun goal () Bool (=> (not (= b 0.0)) (= (* (/ a b) b) a)))",
        check=lambda a, b: (b != 0, b == 0 or exact.real_div(a, b) * b == a)),
    RealClaim(
        name="div_by_one", title="A / 1 = A", statement="a / 1 = a",
        why3_goal="forall a: real. div a 1.0 = a",
        smt_goal="(define-fun goal () Bool (= (/ a 1.0) a))",
        check=lambda a, b: (True, exact.real_div(a, Fraction(1)) == a)),
    RealClaim(
        name="neg_numerator", title="(-A) / B = -(A / B)", statement="b != 0 -> (-a) / b = -(a / b)",
        why3_goal="forall a b: real. b <> 0.0 -> div (-. a) b = -. (div a b)",
        smt_goal="(define-fun goal () Bool (=> (not (= b 0.0)) (= (/ (- a) b) (- (/ a b)))))",
        check=lambda a, b: (b != 0, b == 0 or exact.real_div(-a, b) == -exact.real_div(a, b))),
    RealClaim(
        name="neg_denominator", title="A / (-B) = -(A / B)", statement="b != 0 -> a / (-b) = -(a / b)",
        why3_goal="forall a b: real. b <> 0.0 -> div a (-. b) = -. (div a b)",
        smt_goal="(define-fun goal () Bool (=> (not (= b 0.0)) (= (/ a (- b)) (- (/ a b)))))",
        check=lambda a, b: (b != 0, b == 0 or exact.real_div(a, -b) == -exact.real_div(a, b))),
    RealClaim(
        name="self_div_one", title="A / A = 1 for non-zero A", statement="a != 0 -> a / a = 1",
        why3_goal="forall a: real. a <> 0.0 -> div a a = 1.0",
        smt_goal="(define-fun goal () Bool (=> (not (= a 0.0)) (= (/ a a) 1.0)))",
        check=lambda a, b: (a != 0, a == 0 or exact.real_div(a, a) == 1)),
    RealClaim(
        name="monotone_numerator", title="A / B is monotone in A for B > 0",
        statement="b > 0 and a1 <= a2 -> a1 / b <= a2 / b", operands=("a1", "a2", "b"),
        why3_goal="forall a1 a2 b: real. b >. 0.0 /\\ a1 <=. a2 -> div a1 b <=. div a2 b",
        smt_goal="(define-fun goal () Bool (=> (and (> b 0.0) (<= a1 a2)) (<= (/ a1 b) (/ a2 b))))",
        check=lambda a1, a2, b: (b > 0 and a1 <= a2,
                                 not (b > 0 and a1 <= a2) or exact.real_div(a1, b) <= exact.real_div(a2, b))),
)


# the integer quotient q of x by y, rounded each way a document may state it (Why3 over int)
INTEGER_RULES = {
    "trunc": "{q} = ComputerDivision.div {x} {y}",
    "floor": "({y} > 0 -> {q} * {y} <= {x} < {q} * {y} + {y}) /\\ ({y} < 0 -> {q} * {y} + {y} < {x} <= {q} * {y})",
    "ceil": "({y} > 0 -> {q} * {y} - {y} < {x} <= {q} * {y}) /\\ ({y} < 0 -> {q} * {y} <= {x} < {q} * {y} - {y})",
    "nearest": "Abs.abs (2 * ({x} - {q} * {y})) <= Abs.abs {y}",
}

CONTRACT = Contract(
    # Why3's division of reals, of ieee_float (to nearest) and of mach.int (truncating; it requires a
    # non-zero divisor and a representable quotient)
    machine={"real": "/.", "float": "./", "int": "/"},
    integer_rules=INTEGER_RULES,
    integer_theories=("int.ComputerDivision", "int.Abs"),
    requires={"domain": Requirement("{b} <> {zero}", lambda fmt, a, b: b != 0),
              "overflow": Requirement("not ({a} = ({min}) /\\ {b} = -1)",
                                      lambda fmt, a, b: ~_int_min_by_minus_one(fmt, a, b), signed_only=True)},
)


def _shown(fmt: Format, a: str, b: str, x, y) -> str:
    """``a / b = <quotient>``; an integer quotient unbounded, truncated; ``b = 0`` where B is zero."""
    if isinstance(fmt, FloatFormat):
        return f"{a} / {b} = {fmt.describe(exact.float_div_bits(fmt, x, y))}"
    if not y:
        return f"{b} = 0"
    if isinstance(fmt, IntFormat):
        return f"trunc({a} / {b}) = {exact.int_div(x, y)}"
    return f"{a} / {b} = {exact.real_div(x, y)}"


def _accuracy() -> Accuracy:
    from divbridge.operators.div.accuracy import ACCURACY   # with sympy, when an accuracy note asks for it
    return ACCURACY


LIBRARY = Library(laws=LAWS, strategies=STRATEGIES, strategy_claims=CLAIMS, strategy_goals=GOALS, rounding=ROUNDING,
                  accuracy=_accuracy, compute=compute, domain=PROFILES.in_domain, integer=INTEGER, real=REAL, contract=CONTRACT,
                  integer_domain=_integer_domain, shown=_shown)
