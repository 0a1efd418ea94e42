"""The integer properties of Div: truncation toward zero, in every integer type a document lists.

Each property states its Why3 goal (over the operator of div_int_<type>.mlw, whose preconditions are the
document's constraints), its SMT-LIB goal inside one of two frames (``int``: bit-vectors, Div is SMT-LIB's
``bvsdiv``; ``int_exact``: mathematical integers, for statements about the exact quotient, which no
solver settles over bit-vectors), and its predicate on the mirror.  An integer property assumes the
preconditions, so it traces to their requirements too (`obligations.catalog`).

Adding an integer property is one `IntProperty` in ``STATEMENTS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from divbridge.operators.div import kernels as exact
from divbridge.operators.div.profiles import PROFILES
from divbridge.statements import Statement
from divbridge.statements.mirrorops import div
from divbridge.statements.smtlib import snippet


@dataclass(frozen=True, eq=False)
class IntProperty(Statement):
    kind = "integer"
    families = ("int",)
    encodings = frozenset({"why3", "smt", "predicate"})

    name: str = ""
    group: str = ""           # the obligations' kind: truncation, range, probe
    title: str = ""
    roles: tuple[str, ...] = ()   # the requirements it verifies (a probe: the one it shows necessary)
    statement: str = ""
    why3_goal: str = ""       # over div_int_<type>.mlw's names (div, defined, in_range, min_value)
    smt_goal: str = ""        # Jinja2 snippet (fmt, w) inside the frame `frame`
    frame: str = "int"        # int (bit-vectors) | int_exact (mathematical integers)
    holds: Callable[..., np.ndarray] | None = None   # (fmt, a, b, c) on the domain -> holds
    probe: bool = False       # a claim expected to fail, showing why a constraint is needed
    # where the document leaves INT_MIN / -1 in its domain: the statement then made (None: the same)
    unguarded: str | None = None
    signed_only: bool = False  # a statement about signs: stated in the signed types alone

    def why3(self, o) -> str:
        return self.why3_goal

    def why3_apart(self, o) -> bool:
        return self.probe

    def smt_frame(self, o) -> str:
        return self.frame

    def smt(self, o, context) -> str:
        return snippet(self.smt_goal).render(fmt=context["fmt"], w=context["fmt"].bits)

    def predicate(self, o, fmt, a, b):
        assert self.holds is not None
        domain = PROFILES.in_domain(fmt, a, b)
        if self.probe:
            applies = (a == fmt.min) & (b == -1)
        else:
            applies = domain if o.params.get("excludes_int_min", True) else b != 0
        quotients = div(fmt, a, b).astype(object)
        for i in np.flatnonzero(applies & ~domain):    # INT_MIN / -1, which Div refuses: the exact quotient
            quotients[i] = exact.int_div(int(a[i]), int(b[i]))
        holds = np.ones(a.shape, bool)
        if applies.any():
            holds[applies] = self.holds(fmt, a[applies].astype(object), b[applies].astype(object), quotients[applies])
        return applies, holds


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


STATEMENTS = (
    IntProperty(
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
    IntProperty(
        name="trunc_magnitude", group="truncation", roles=("int.definition",), title="|C| <= |A|",
        statement="b != 0 and not (a = MIN and b = -1) -> |a / b| <= |a|",
        why3_goal="forall a b: int. defined a b -> abs (div a b) <= abs a",
        smt_goal="(define-fun goal () Bool (=> pre (bvsle (abs2 C) (abs2 A))))", holds=_magnitude),
    # these two pin the rounding on the operator itself (bvsdiv), negative operands included: a floor, a
    # rounding away from zero or to nearest breaks the first (-1 / 2, 1 / 2, 2 / 3), a sign taken from A
    # alone the second (7 / -2); trunc_magnitude holds for all of them
    IntProperty(
        name="trunc_toward_zero", group="truncation", roles=("int.definition",), title="|A| < |B| -> C = 0",
        statement="b != 0 and not (a = MIN and b = -1) and |a| < |b| -> a / b = 0",
        why3_goal="forall a b: int. defined a b -> abs a < abs b -> div a b = 0",
        smt_goal="(define-fun goal () Bool (=> (and pre (bvslt (abs2 A) (abs2 B))) (= c {{ bv_literal(w, 0) }})))",
        holds=_toward_zero),
    IntProperty(
        name="trunc_sign", group="truncation", roles=("int.definition",), signed_only=True,
        title="C = 0 or sign(C) = sign(A) xor sign(B)",
        statement="b != 0 and not (a = MIN and b = -1) -> a / b = 0 or (a / b < 0 <-> (a < 0 xor b < 0))",
        why3_goal="""forall a b: int. defined a b ->
    let c = div a b in c = 0 \\/ (c < 0 <-> not (a < 0 <-> b < 0))""",
        smt_goal="(define-fun goal () Bool (=> pre (or (= c {{ bv_literal(w, 0) }}) (= (bvslt c {{ bv_literal(w, 0) }}) "
                 "(xor (bvslt a {{ bv_literal(w, 0) }}) (bvslt b {{ bv_literal(w, 0) }}))))))",
        holds=_sign),
    IntProperty(
        name="result_in_range", group="range", roles=("int.definition", "int.overflow"),
        title="the quotient is representable under the preconditions",
        statement="b != 0 and not (a = MIN and b = -1) -> MIN <= a / b <= MAX",
        unguarded="b != 0 -> MIN <= trunc(a / b) <= MAX   (INT_MIN / -1 is not excluded)",
        why3_goal="forall a b: int. defined a b -> in_range (div a b)",
        smt_goal="(define-fun goal () Bool (=> pre (<= MIN c MAX)))", frame="int_exact", holds=_in_range),
    IntProperty(
        name="int_min_div_minus_one", group="probe", roles=("int.overflow",), probe=True,
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
