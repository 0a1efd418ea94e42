"""A theorem about an operator's rounding (`operators.model.Theorem`), in one binary format: Sterbenz's lemma,
the rounding error is a float, the relative error bound u = 2^-p in the normal range, exactness below it.

A theorem that holds is proved by Coq with Flocq (``generators/coq/operator_theorem.v.j2`` instantiates for the
format the lemma ``<claim>_<Flocq's operation>`` of the operator's library, ``Names.coq_theorems`` in its folder
``generators/coq/<op>/``, built on the generic lemmas of ``RoundedOperations.v``): a claim about every pair of
floats and the real numbers they stand for, which bit-blasting does not reach.
A probe (``holds`` false: the bound below the normal range, or a finite result for finite operands) is an
SMT-LIB query (over the floats, and the reals they stand for, ``fp.to_real``) that the solvers find ``sat``;
its model is the counterexample, decoded in bits and replayed here on the mirror, in exact rationals.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import operators
from divbridge.formats import FloatFormat
from divbridge.operators.kernels import as_fraction
from divbridge.operators.model import Theorem
from divbridge.statements import NotEncoded, Statement
from divbridge.terms import Var, coq, smtlib, text
from divbridge.terms.smtlib import real_literal

_X, _Y = Var("x"), Var("y")


def _exact(op: operators.Operator, *names: str, theorem: Theorem | None = None) -> Var | object:
    """The operator's exact result on reals named ``names`` (one per input: ``x`` and ``y``, or ``x``): its real
    operation's, or the theorem's own exact function (`Theorem.exact`)."""
    args = tuple(Var(name, "real") for name in names)
    return theorem.exact(*args) if theorem is not None and theorem.exact is not None else op.applied("real", args=args)


def _inputs(op: operators.Operator) -> tuple[Var, ...]:
    """The theorem's floats, one per input of the operator: x and y, or x."""
    return (_X, _Y)[:op.arity]


def theorem_of(o) -> tuple[operators.Operator, Theorem]:
    op = operators.of_obligation_name(o.operator)
    return op, next(t for t in op.theorems if t.name == o.params["theorem"])


def _least(fmt: FloatFormat, above: str) -> Fraction:
    """The least |x op y| a claim's hypothesis admits: 2^(emin + 2p - 1) for ``2p`` (emin the smallest
    subnormal's exponent), else 0."""
    return fmt.min_subnormal * 2 ** (2 * fmt.precision - 1) if above == "2p" else Fraction(0)


def check(theorem: Theorem, fmt: FloatFormat, x: Fraction, y: Fraction, z: Fraction,
          r: Fraction | None) -> tuple[bool, bool]:
    """(the hypotheses hold, the claim holds) at finite operands ``x``, ``y`` whose exact result is ``z``
    and rounded one ``r`` (None: not finite), in exact rationals."""
    exact = r == z
    within_u = r is not None and abs(r - z) <= abs(z) / 2 ** fmt.precision
    claim = theorem.claim
    if claim == "sterbenz":
        b = -y if theorem.negate_b else y
        return b / 2 <= x <= 2 * b, exact
    if claim == "subnormal_exact":
        return abs(z) <= 2 * fmt.min_normal, exact
    if claim == "finite_result":
        return True, r is not None
    if claim in ("exact_result", "exact_comparison"):   # a comparison's truth value: 1 or 0 against a bool
        return True, exact
    if r is None:
        return False, True
    if claim == "error_is_float":
        applies = abs(z) >= _least(fmt, theorem.above)
        return applies, not applies or fmt.decode(fmt.round(r - z)).value == r - z
    if claim == "relative_error":
        return abs(z) >= fmt.min_normal, within_u
    return z != 0 and abs(z) < fmt.min_normal, within_u          # relative_error_subnormal


def _approx(q: Fraction) -> str:
    """A rational of any size, to 7 digits (float() overflows beyond binary64's range)."""
    if q == 0:
        return "0"
    e = q.numerator.bit_length() - q.denominator.bit_length()
    return f"{float(q / Fraction(2) ** e):.7g}*2^{e}"


class OperatorTheorem(Statement):
    """A theorem that holds: Coq's."""

    kind = "operator_theorem"
    name = "operator_theorem"
    families = ("float",)
    encodings = frozenset({"coq", "predicate"})

    def variables(self, o) -> tuple[str, ...]:
        return tuple(v.name for v in _inputs(theorem_of(o)[0]))

    def coq(self, o) -> str:
        return "operator_theorem.v.j2"

    def coq_terms(self, o) -> dict[str, str]:
        """The operator rounded on its floats (x and y, or x), and exact on the reals they stand for, in Flocq's
        terms, the name of Flocq's operation, and the floats."""
        op, theorem = theorem_of(o)
        inputs = _inputs(op)
        return {"rounded": coq.term(op.applied("float", args=inputs)),
                "exact": coq.term(_exact(op, *(f"B2R {v.name}" for v in inputs), theorem=theorem)),
                "flocq": coq.head(op.operation.function("float")), "floats": [v.name for v in inputs]}

    def predicate(self, o, fmt, **columns):
        op, theorem = theorem_of(o)
        inputs = [columns[name] for name in self.variables(o)]
        # every value of the four formats is exact in binary64; the rounded result is the description's
        # NumPy kernel's (bit-identical to its exact one), the exact one in rationals
        with np.errstate(invalid="ignore"):   # a NaN of BF16 cast
            values = [np.asarray(c).astype(np.float64).ravel() for c in inputs]
            rs = np.asarray(op.kernels.fast(fmt, *inputs)).astype(np.float64).ravel()
        applies, holds = np.zeros(rs.shape, bool), np.ones(rs.shape, bool)
        for i in np.flatnonzero(np.all([np.isfinite(v) for v in values], axis=0)):
            point = [Fraction(v[i]) for v in values]
            r = Fraction(rs[i]) if np.isfinite(rs[i]) else None
            try:
                z = as_fraction(op.kernels.real(*point))
            except ZeroDivisionError:   # no exact result (Sqrt below zero): the theorem says nothing there
                continue
            applies[i], holds[i] = check(theorem, fmt, *(point + point)[:2], z, r)
        return applies, holds

    def explain(self, o, fmt, values) -> str:
        op, _ = theorem_of(o)
        names = self.variables(o)
        floats = [fmt.decode(values[name]) for name in names]
        result = op.kernels.float_bits(fmt, *(values[name] for name in names))
        shown = f"{text.term(op.applied('float', args=_inputs(op)))} = {fmt.describe(result)}"
        if not all(f.is_finite for f in floats):
            return shown
        z, r = as_fraction(op.kernels.real(*(f.value for f in floats))), fmt.decode(result)
        if not r.is_finite:
            error = "infinite"
        else:
            error = f"{_approx(abs(r.value - z))} = {_approx(abs(r.value - z) / abs(z))} |z|" if z else "0"
        return f"{shown}; exact z = {_approx(z)}, error {error}, u = 2^-{fmt.precision}"


class TheoremProbe(OperatorTheorem):
    """A probe of where a theorem's hypothesis cannot be dropped: the SMT solvers' to refute."""

    name = "operator_theorem_probe"
    encodings = frozenset({"smt", "predicate"})

    def coq(self, o) -> str:
        raise NotEncoded(f"{o.id}: a probe has no Coq proof")

    def smt_frame(self, o) -> str:
        return "float" if theorem_of(o)[1].claim == "finite_result" else "float_real"

    def smt(self, o, context) -> str:
        op, theorem = theorem_of(o)
        fmt = context["fmt"]
        rounded = op.applied("float", args=(_X, _Y))
        result = f"(define-fun r () (_ FloatingPoint {fmt.eb} {fmt.sb}) {smtlib.term(rounded, fmt)})\n"
        if theorem.claim == "finite_result":
            return (f"; r = {text.term(rounded)} rounded to nearest even\n{result}"
                    "(define-fun goal () Bool (=> (and (isFinite x) (isFinite y)) (isFinite r)))")
        # relative_error_subnormal; the reals through constants of their own, as the smoke tests free the
        # operator's infix with Real sorts
        return (f"; z = {text.term(rounded)} exactly, r rounded to nearest even; within_u: "
                f"|r - z| <= 2^-{fmt.precision} |z|\n{result}"
                "(define-fun x_real () Real (fp.to_real x))\n(define-fun y_real () Real (fp.to_real y))\n"
                "(define-fun r_real () Real (fp.to_real r))\n"
                f"(define-fun z () Real {smtlib.term(_exact(op, 'x_real', 'y_real'))})\n"
                "(define-fun abs_z () Real (ite (< z 0.0) (- 0.0 z) z))\n"
                "(define-fun error () Real (ite (< r_real z) (- z r_real) (- r_real z)))\n"
                f"(define-fun min_normal () Real {real_literal(fmt.min_normal)})\n"
                f"(define-fun within_u () Bool (<= error (* {real_literal(Fraction(1, 2 ** fmt.precision))} abs_z)))\n"
                "(define-fun goal () Bool (=> (and (isFinite x) (isFinite y) (isFinite r) (not (= z 0.0))\n"
                "                                  (< abs_z min_normal)) within_u))")


STATEMENTS = (OperatorTheorem(), TheoremProbe())
