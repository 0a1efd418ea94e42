"""What an accuracy note's statements mean for its operator, and the obligations that verify them.

`meaning(note, statement)` reads one statement of `document.accuracy` as a
claim about the operator the note names (`note_operator`, one of the registry's),
in the note's own terms made formal:

- the result ``C`` (or ``Y``: the name a definition gives ``A op B``) is the
  exact ``A op B`` (the operator's infix, `Vocabulary.infix`, read by sympy);
- ``C_err^propag`` is the propagated error ``(A + A_err) op (B + B_err) - A op B``
  (defined where both operations are: every base of a negative power non-zero);
- ``C_err^intro`` is the error the operator introduces on exact operands: ``0``
  over the reals; for an operator whose library encodes its rounding
  (`operators.accuracy.Accuracy`, in `statements.accuracy_bound`), ``round(A op B) - A op B`` in a float
  format (round to nearest even, overflow to infinity), ``trunc(A op B) - A op B``
  for integers (where it is defined and representable); another operator's in
  a float or integer format is not read;
- the note's definitions: ``ε`` the machine epsilon ``2^(1-p)`` (p counts the
  hidden bit), ``u = ε / 2``, ``min-normalized`` the smallest normal ``2^emin``;
- conditions: a formula (``B[I] \\neq 0``), "X does not cross zero" (``X`` keeps
  its sign under the perturbation: ``X0 * X1 > 0``), "modeled without error
  symbols" (``A_err = B_err = 0``), "is a normal number";
- ``... + O(max(|A_err|, |B_err|)^2)``: a first-order claim, true when the
  two sides differ by ``o(h)`` along every direction ``A_err = alpha h``,
  ``B_err = beta h`` as ``h -> 0+``; its first-order coefficients are computed
  exactly (dual numbers, with ``|t x| = t |x|`` for ``t > 0``).

A statement it cannot read so is a `NotRead` with the reason.
`note_obligations(note, formats)` turns the meanings into obligations
(``prop = "accuracy_bound"``, encoded by `statements.accuracy_bound`), named by
what they state, traced to the note by a tag naming its file and section
(``<op>_acc.md#error-introduction-int``) and the statement's line.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
import re
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path
from typing import Callable

import mpmath
import sympy

from divbridge import assets
from divbridge import operators, terms
from divbridge.errors import InputError
from divbridge.formats import FLOAT_FORMATS, INT_FORMATS, FloatFormat, IntFormat, get_format
from divbridge.document import mathexpr
from divbridge.document import markdown, unitcode
from divbridge.document.accuracy import Condition, Math, Note, Statement, error_of
from divbridge.obligations.model import Obligation
from divbridge.operators.accuracy import ULP, R, Unsupported
from divbridge.operators.model import Operator
from divbridge.statements import accuracy_bound
from divbridge.terms import symbolic

A, B, A_ERR, B_ERR = (mathexpr.symbol(n) for n in ("A", "B", "A_err", "B_err"))
ALPHA, BETA = (mathexpr.symbol(n) for n in ("alpha", "beta"))
E = mathexpr.symbol("E")                 # the introduced error
EPS, MIN_NORMAL, MAX_FINITE = (mathexpr.symbol(n) for n in ("eps", "min_normal", "max_finite"))
_MEANINGS = {"machine-epsilon": EPS, "min-normal": MIN_NORMAL, "max-finite": MAX_FINITE}
_FLIP = {"<=": ">=", "<": ">", ">=": "<=", ">": "<", "=": "=", "!=": "!="}
_SYMPY_OPS = {"=": sympy.Eq, "!=": sympy.Ne, "<=": sympy.Le, "<": sympy.Lt, ">=": sympy.Ge, ">": sympy.Gt}
DEFAULT_FORMATS = {"float": tuple(f.name for f in FLOAT_FORMATS), "int": tuple(f.name for f in INT_FORMATS)}


@dataclass(frozen=True)
class Meaning:
    """A statement read as a claim about the note's operator.

    ``kind``: ``propagation`` (an exact relation over A, A_err, B, B_err), ``first-order`` (``goal`` is
    the condition on the first-order coefficients, over A, B, alpha, beta), ``intro-real``,
    ``intro-float`` (``error op bound`` with ``bound`` over R, the symbols eps / min_normal / max_finite
    and ulp(R)), ``intro-int`` (the same with a constant bound)."""

    statement: Statement
    kind: str
    goal: sympy.Basic = sympy.true              # real kinds: the relation that must hold
    conditions: sympy.Basic = sympy.true        # real kinds: where it must hold
    variables: tuple[str, ...] = ()             # real kinds
    op: str = ""                                # intro kinds: E op bound
    absolute: bool = False                      # intro kinds: |E| rather than E
    bound: sympy.Expr = sympy.S.Zero            # intro kinds
    ranges: tuple[sympy.Basic, ...] = ()        # float: where the claim is made, relations on |R|
    formats: tuple[str, ...] = ()
    sides: tuple[sympy.Expr, sympy.Expr] = ()   # propagation and first-order: the two sides compared
    text: str = ""                              # what is checked, in plain notation
    name: str = ""                              # what it states, for the obligation id
    error: str = ""                             # the note's name of the error it bounds (C_err^propag)
    reads_as: str = ""                          # propagation: that error as read, (A + A_err)/(B + B_err) - A/B
    # an assert of code whose arithmetic is unsaid (`unitcode.Assert.unsaid`): its sides where the result is a float
    # ``computed`` = f(X + X_err) rounded, not the real f(X + X_err): (computed, left side, right side)
    float_reading: tuple[sympy.Symbol, sympy.Expr, sympy.Expr] | None = None
    # conditions around the claim that are not read, (line, text) each: the claim is judged as if it had none, and
    # holds only where proved for every operand (`checkspec.unary`); they stay unread at their lines
    proviso_unread: tuple[tuple[int, str], ...] = ()
    # what the claim's text writes that does not type and how it is read, (line, what) each: ambiguous at its line
    assumed: tuple[tuple[int, str], ...] = ()
    # an assert of code read once per format T (`unitcode.Assert.types`): how, said with its verdict
    per_format: str = ""


@dataclass(frozen=True)
class NotRead:
    statement: Statement
    reason: str


class _NotRead(Exception):
    pass


# -- reading a statement -----------------------------------------------------------------

def note_operator(note: Note) -> Operator | None:
    """The operator the note is about (a note that names none: the operator of the library that encodes
    accuracy claims, when one description alone has one), any description of the registry's; None for an
    operator divbridge has no description of (its note is read, each claim reported unread: `unread_why`)."""
    if not note.operator:
        encoding = [op for op in operators.OPERATORS.values() if op.library.accuracy is not None]
        if len(encoding) != 1:
            raise InputError("an accuracy note that names no operator", note.path)
        return encoding[0]
    return next((op for op in operators.OPERATORS.values() if op.name.lower() == note.operator.lower()), None)


def unread_why(note: Note) -> str:
    """Why no claim of the note can be read, or "": the claims are read over ``A op B``, the exact result of an
    operator of two operands written with an infix (`Vocabulary.infix`), or over ``Y = f(X)`` for an operator of
    one operand whose note defines its result as its operator's function (`unary`); a note of another operator
    (a call of two operands: pow(A, B); three) or of one divbridge has no description of is read, each of its
    claims reported unread with this reason, never read as a part of itself."""
    op = note_operator(note)
    if op is None:
        return f"a claim on the error of {note.operator}, an operator divbridge has no description of"
    if op.arity == 1:
        found = unary(note)
        return found if isinstance(found, str) else ""
    if reads_several(op):
        found = several(note)
        return found if isinstance(found, str) else ""
    if op.arity != 2 or not op.vocabulary.infix:
        return (f"a claim on the error of {op.name}: divbridge reads the error claims of an operator written "
                f"A op B with an infix, not yet of {op.name}'s {op.arity} operand(s)")
    return ""


def _encoded(note: Note) -> bool:
    """Whether the error the note's operator introduces in a float or integer format has an encoding: its
    library's (`operators.accuracy.Accuracy`)."""
    return note_operator(note).library.accuracy is not None


def _written(note: Note) -> str:
    """``A op B`` as the notes write it: a fraction tight (``A/B``)."""
    infix = note_operator(note).vocabulary.infix
    return f"A{infix}B" if infix == "/" else f"A {infix} B"


def _propagated_text(note: Note) -> str:
    infix = note_operator(note).vocabulary.infix
    if infix == "/":   # a fraction written tight, as the notes write it
        return f"(A + A_err)/(B + B_err) - {_written(note)}"
    return f"(A + A_err) {infix} (B + B_err) - ({_written(note)})"


def _apply(note: Note, x: sympy.Expr, y: sympy.Expr) -> sympy.Expr:
    """``x op y`` exactly, on sympy terms: the operator's infix is Python's and sympy's for its exact operation."""
    return _exact(note_operator(note).vocabulary.infix, x, y)


@functools.lru_cache(maxsize=64)
def _exact(infix: str, x: sympy.Expr, y: sympy.Expr) -> sympy.Expr:
    return sympy.parse_expr(f"x {infix} y", local_dict={"x": x, "y": y})


def propagated(note: Note) -> sympy.Expr:
    """``(A + A_err) op (B + B_err) - A op B``: the error the note's operator propagates, exactly."""
    return _apply(note, A + A_ERR, B + B_ERR) - _apply(note, A, B)


def meaning(note: Note, statement: Statement, formats: dict[str, tuple[str, ...]] | None = None) -> Meaning | NotRead:
    """The statement as a claim about the note's operator (``formats``: per family, the formats a section that lists
    none is checked in; by default every format divbridge knows)."""
    why = unread_why(note)
    if why:
        return NotRead(statement, why)
    try:
        if note_operator(note).arity == 1:
            return _unary_meaning(note, statement, unary(note))
        if reads_several(note_operator(note)):
            return _several_meaning(note, statement, several(note))
        return _meaning(note, statement, {**DEFAULT_FORMATS, **(formats or {})})
    except _NotRead as exc:
        return NotRead(statement, str(exc))


def _meaning(note: Note, statement: Statement, formats: dict[str, tuple[str, ...]]) -> Meaning:
    result = note.result
    lhs, op, rhs = _relation(statement, result)
    substitute = _substitutions(note, note.result, _apply(note, A, B))
    lhs, rhs = (_map(side, substitute) for side in (lhs, rhs))
    errors = {s for s in (lhs.free_symbols | rhs.free_symbols) if s in (E, _P)}
    family = statement.section.family
    if errors == {E} and family in ("float", "int") and not _encoded(note):
        raise _NotRead(f"the error {note_operator(note).name} introduces in a {family} format (its description "
                       f"lists no accuracy encoding)")
    conditions = [_condition(c, substitute, family, note) for c in statement.conditions]
    named = _SYMPY_OPS[op](lhs, rhs, evaluate=False).xreplace({_P: mathexpr.symbol("propag"),
                                                               E: mathexpr.symbol("intro")})
    name = slug(str(named)) + (f"_if_{_digest(str(sympy.And(*conditions)))}" if conditions else "")
    if errors == {_P}:
        return replace(_propagation(statement, lhs, op, rhs, conditions, note), name=name,
                       error=f"{result}_err^propag", reads_as=_propagated_text(note))
    if errors == {E}:
        return replace(_introduction(statement, lhs, op, rhs, conditions, formats, note), name=name,
                       error=f"{result}_err^intro")
    raise _NotRead("it relates both the propagated and the introduced error" if errors else "it states no error")


def _relation(statement: Statement, result: str) -> tuple[sympy.Expr, str, sympy.Expr]:
    """The statement's two sides and relation as written: a prose bound is ``|<result>_err^... | <= bound``."""
    formula = statement.math.formula
    if formula is None:
        raise _NotRead(statement.math.problem)
    if statement.source == "prose":
        which = {"propagated": "propag", "introduced": "intro"}[statement.bound_of]
        return sympy.Abs(mathexpr.symbol(f"{result}_err^{which}")), "<=", formula.parts[0]
    if len(formula.parts) != 2:
        raise _NotRead("a chain of relations")
    return formula.parts[0], formula.relations[0], formula.parts[1]


_P = mathexpr.symbol("P")       # the propagated error, expanded once the relation's shape is known


def _substitutions(note: Note, result: str, value) -> dict:
    """The symbols a claim's sides are read with: the result as the note defines it (``value``), its propagated
    and introduced errors, and what the note's definitions give their names."""
    substitute = {mathexpr.symbol(result): value, mathexpr.symbol(f"{result}_err^propag"): _P,
                  mathexpr.symbol(f"{result}_err^intro"): E}
    for definition in (d for d in note.definitions if d.name):
        if definition.meaning in _MEANINGS:
            substitute[mathexpr.symbol(definition.name)] = _MEANINGS[definition.meaning]
        elif definition.meaning == "formula" and definition.value is not None and not error_of(definition.name):
            substitute.setdefault(mathexpr.symbol(definition.name), definition.value)
    return substitute


def _substituted(expr: sympy.Expr, substitute: dict) -> sympy.Expr:
    for _ in range(4):     # definitions may use one another (u = ε / 2, ε the machine epsilon)
        expr = expr.xreplace(substitute)
    return expr


def _map(expr: sympy.Expr, substitute: dict) -> sympy.Expr:
    expr = _substituted(expr, substitute)
    known = {A, B, A_ERR, B_ERR, E, _P, EPS, MIN_NORMAL, MAX_FINITE}
    unknown = sorted(str(s) for s in expr.free_symbols - known)
    if unknown:
        raise _NotRead(f"«{unknown[0]}» is not defined in the note")
    for function in expr.atoms(sympy.Function):
        if function.func not in (ULP, mathexpr.BigO) and not isinstance(function, (sympy.Abs,)):
            raise _NotRead(f"the function «{function.func}» is not one divbridge knows")
    return expr


def _subject(condition: Condition) -> mathexpr.Formula:
    """The formula a condition is about; a condition not understood is a claim not read."""
    formula = condition.subject.formula if condition.subject is not None else None
    if condition.meaning == "not understood" or formula is None:
        raise _NotRead(f"the condition «{condition.text}» is not understood")
    return formula


def _relation_of(condition: Condition, mapped) -> sympy.Basic:
    """A condition that is a formula (``B[I] \\neq 0``), its sides ``mapped`` into the claim's terms."""
    formula = condition.subject.formula
    if len(formula.parts) != 2:
        raise _NotRead(f"the condition «{condition.text}» is a chain of relations")
    return _SYMPY_OPS[formula.relations[0]](*[mapped(p) for p in formula.parts])


def _condition(condition: Condition, substitute: dict, family: str, note: Note) -> sympy.Basic:
    if condition.meaning == "no-error":
        return sympy.And(sympy.Eq(A_ERR, 0), sympy.Eq(B_ERR, 0))
    formula = _subject(condition)
    if condition.meaning == "formula":
        return _relation_of(condition, lambda side: _map(side, substitute))
    subject = _map(formula.parts[0], substitute)
    if condition.meaning == "no-crossing":
        exact, perturbed = subject.xreplace({A_ERR: 0, B_ERR: 0}), subject.xreplace({A: A + A_ERR, B: B + B_ERR})
        if subject.has(A_ERR) or subject.has(B_ERR):
            perturbed = subject
        return sympy.Gt(exact * perturbed, 0)
    if condition.meaning == "normal":
        if family != "float" or _in_result(subject, note) not in (sympy.Abs(R), R):
            raise _NotRead(f"the condition «{condition.text}» is not about the result in a float format")
        return sympy.And(sympy.Ge(sympy.Abs(R), MIN_NORMAL), sympy.Le(sympy.Abs(R), MAX_FINITE))
    raise _NotRead(f"the condition «{condition.text}» is not understood")


def _in_result(expr: sympy.Expr, note: Note) -> sympy.Expr:
    """expr in terms of the result R = A op B: A replaced by its value R = A op B solved for A (|R * B| / |B|
    is |R|: sympy keeps |x y| whole unless told)."""
    split = lambda x: sympy.prod([sympy.Abs(f) for f in x.as_ordered_factors()])  # noqa: E731
    return expr.xreplace({A: _operand_a(note_operator(note).vocabulary.infix)}).replace(sympy.Abs, split)


@functools.lru_cache(maxsize=8)
def _operand_a(infix: str) -> sympy.Expr:
    """A as a function of R and B, for R = A op B."""
    (solution,) = sympy.solve(sympy.Eq(R, _exact(infix, A, B)), A)
    return solution


def _domain(*exprs) -> list[sympy.Basic]:
    """Where the formulas are defined: every base of a negative power non-zero."""
    seen = []
    found = []
    for expr in exprs:
        for power in expr.atoms(sympy.Pow):
            base = power.base.args[0] if isinstance(power.base, sympy.Abs) else power.base
            if power.exp.is_negative and sympy.Ne(base, 0) not in seen:
                seen.append(sympy.Ne(base, 0))
                found.append(sympy.Ne(base, 0))
    return found


def _propagation(statement: Statement, lhs, op: str, rhs, conditions: list, note: Note) -> Meaning:
    no_error = any(c == sympy.And(sympy.Eq(A_ERR, 0), sympy.Eq(B_ERR, 0)) for c in conditions)
    exact = propagated(note)
    lhs, rhs = lhs.xreplace({_P: exact}), rhs.xreplace({_P: exact})
    if no_error:
        lhs, rhs = (s.xreplace({A_ERR: 0, B_ERR: 0}) for s in (lhs, rhs))
        conditions = [c for c in conditions if c != sympy.And(sympy.Eq(A_ERR, 0), sympy.Eq(B_ERR, 0))]
    orders = [t for t in rhs.as_ordered_terms() if t.has(mathexpr.BigO)]
    if lhs.has(mathexpr.BigO) or len(orders) > 1 or (orders and not isinstance(orders[0], mathexpr.BigO)):
        raise _NotRead("an O(...) term that is not one term added to the right side")
    # where A op B is defined, and (A + A_err) op (B + B_err) unless the errors are zero
    base = _domain(_apply(note, A, B)) + ([] if no_error else _domain(_apply(note, A + A_ERR, B + B_ERR)))
    if orders:
        return _first_order(statement, lhs, op, rhs - orders[0], orders[0].args[0], base + conditions)
    variables = tuple(str(s) for s in (A, A_ERR, B, B_ERR) if any(x.has(s) for x in (lhs, rhs, *conditions)))
    assumptions = sympy.And(*base, *conditions, *_domain(lhs, rhs))
    goal = _SYMPY_OPS[op](lhs, rhs)
    return Meaning(statement, "propagation", goal, assumptions, variables or ("A", "B"), sides=(lhs, rhs),
                   text=f"{_shown(assumptions)} -> {_shown(lhs)} {op} {_shown(rhs)}", op=op)


def _order(argument: sympy.Expr) -> int:
    """k such that the O(...) argument scales as h^k when A_err = alpha h, B_err = beta h (it must be
    homogeneous in the errors: max(|A_err|, |B_err|)^2, |A_err| + |B_err| ...)."""
    if argument in (A_ERR, B_ERR):
        return 1
    if not argument.has(A_ERR) and not argument.has(B_ERR):
        return 0
    if isinstance(argument, (sympy.Abs, sympy.Max, sympy.Min, sympy.Add)):
        orders = {_order(a) for a in argument.args}
        if len(orders) == 1:
            return orders.pop()
    if isinstance(argument, sympy.Mul):
        return sum(_order(a) for a in argument.args)
    if isinstance(argument, sympy.Pow) and argument.exp.is_Integer:
        return _order(argument.base) * int(argument.exp)
    raise _NotRead(f"the order of O({_shown(argument)}) in the errors")


def _first_order(statement: Statement, lhs, op: str, rhs, argument, conditions: list) -> Meaning:
    if _order(argument) != 2:
        raise _NotRead("an O(...) term of an order other than 2 (divbridge checks first-order claims)")
    if op in (">=", ">"):
        lhs, rhs, op = rhs, lhs, _FLIP[op]
    if op not in ("=", "<=", "<"):
        raise _NotRead(f"the relation {op} with an O(...) term")
    c0, c1 = _jet(lhs - rhs)
    # along every direction, where B != 0: both coefficients vanish (=), or the first non-zero one is negative
    if op == "=":
        goal = sympy.And(sympy.Eq(c0, 0), sympy.Eq(c1, 0))
    else:
        goal = sympy.And(sympy.Le(c0, 0), sympy.Or(sympy.Ne(c0, 0), sympy.Le(c1, 0)))
    at_zero = [c.xreplace({A_ERR: 0, B_ERR: 0}) for c in conditions]
    assumptions = sympy.And(*[c for c in at_zero if c is not sympy.true], *_domain(c0, c1))
    variables = ("A", "B", "alpha", "beta")
    text = (f"{_shown(assumptions)} -> along A_err = alpha*h, B_err = beta*h (h -> 0+): "
            f"{_shown(lhs)} - ({_shown(rhs)}) = ({_shown(c0)}) + ({_shown(c1)})*h + o(h), "
            + ("both coefficients 0" if op == "=" else "its first non-zero coefficient negative"))
    return Meaning(statement, "first-order", goal, assumptions, variables, op=op, sides=(c0, c1), text=text)


def _jet(expr, slopes: dict | None = None) -> tuple[sympy.Expr, sympy.Expr]:
    """(value, first-order coefficient) of expr along each error = its slope times h, h -> 0+ (``slopes``: by
    default A_err = alpha h, B_err = beta h)."""
    slopes = slopes if slopes is not None else {A_ERR: ALPHA, B_ERR: BETA}
    if expr in slopes:
        return sympy.S.Zero, slopes[expr]
    if isinstance(expr, sympy.Indexed) and expr.base in slopes:     # an element of an error: A_err[k] = alpha[k] h
        return sympy.S.Zero, sympy.Indexed(slopes[expr.base], *expr.indices)
    if isinstance(expr, sympy.Sum) and any(expr.has(e) for e in slopes):     # a summation of n terms, term by term
        v, s = _jet(expr.function, slopes)
        return sympy.Sum(v, *expr.limits), sympy.Sum(s, *expr.limits)
    if expr.is_Atom or not any(expr.has(e) for e in slopes):
        return expr, sympy.S.Zero
    if isinstance(expr, sympy.Add):
        parts = [_jet(a, slopes) for a in expr.args]
        return sum((p[0] for p in parts), sympy.S.Zero), sum((p[1] for p in parts), sympy.S.Zero)
    if isinstance(expr, sympy.Mul):
        value, slope = sympy.S.One, sympy.S.Zero
        for a in expr.args:
            v, s = _jet(a, slopes)
            value, slope = value * v, value * s + slope * v
        return value, slope
    if isinstance(expr, sympy.Pow) and not any(expr.exp.has(e) for e in slopes):
        v, s = _jet(expr.base, slopes)
        n = expr.exp
        return v ** n, n * v ** (n - 1) * s
    if isinstance(expr, sympy.Pow):     # x^y with an error in y: d(x^y) = x^y (y' ln x + y x'/x), where x > 0
        (v, s), (w, t) = _jet(expr.base, slopes), _jet(expr.exp, slopes)
        return v ** w, v ** w * (t * sympy.log(v) + w * s / v)
    if isinstance(expr, sympy.Abs):
        v, s = _jet(expr.args[0], slopes)
        if sympy.simplify(v) == 0:
            return sympy.S.Zero, sympy.Abs(s)      # |h s + o(h)| = h |s| + o(h)
        if v.has(sympy.Piecewise):     # a value zero in some pieces only: each case said
            return sympy.Abs(v), sympy.Piecewise((sympy.Abs(s), sympy.Eq(v, 0)), (sympy.sign(v) * s, True))
        return sympy.Abs(v), sympy.sign(v) * s
    if isinstance(expr, sympy.Piecewise):     # the piece that holds just after h = 0, along the slopes
        pieces = [(_jet(value, slopes), _just_after(condition, slopes)) for value, condition in expr.args]
        return (sympy.Piecewise(*[(jet[0], holds) for jet, holds in pieces]),
                sympy.Piecewise(*[(jet[1], holds) for jet, holds in pieces]))
    if isinstance(expr, sympy.Function) and len(expr.args) == 1:     # exp, log, tanh...: the chain rule
        v, s = _jet(expr.args[0], slopes)
        z = sympy.Dummy("z", real=True)
        derivative = sympy.diff(expr.func(z), z)
        if derivative.has(sympy.Derivative):
            raise _NotRead(f"the first-order expansion of {expr} (its derivative is not known in closed form)")
        return expr.func(v), derivative.xreplace({z: v}).doit() * s
    raise _NotRead(f"the first-order expansion of {expr}")


def _just_after(condition: sympy.Basic, slopes: dict) -> sympy.Basic:
    """Whether ``condition`` holds for every small h > 0 along the slopes (each error its slope times h): a
    relation of terms linear in the errors, ``a < b`` where a - b = v + s h, holds so when v < 0, or v = 0 and
    s < 0 (``<=``: s <= 0)."""
    if condition == sympy.true or not condition.has(*slopes):
        return condition
    if not isinstance(condition, (sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan,
                                  sympy.GreaterThan)):
        raise _NotRead(f"the first-order expansion of a function under the condition {condition}")
    gap = condition.lhs - condition.rhs if condition.rel_op in ("<", "<=") else condition.rhs - condition.lhs
    if any(sympy.diff(gap, e, 2) != 0 for e in slopes):
        raise _NotRead(f"the first-order expansion of a function under the condition {condition}")
    v, s = _jet(gap, slopes)
    at_edge = sympy.Lt(s, 0) if condition.rel_op in ("<", ">") else sympy.Le(s, 0)
    return sympy.Or(sympy.Lt(v, 0), sympy.And(sympy.Eq(v, 0), at_edge))


def _introduction(statement: Statement, lhs, op: str, rhs, conditions: list, formats: dict,
                  note: Note) -> Meaning:
    family = statement.section.family
    if not family:
        raise _NotRead("the section does not say whether the arithmetic is real, float or int")
    if rhs.has(E) and not lhs.has(E):
        lhs, rhs, op = rhs, lhs, _FLIP[op]
    if family == "real":
        lhs, rhs = lhs.xreplace({E: sympy.S.Zero}), rhs.xreplace({E: sympy.S.Zero})
        assumptions = sympy.And(*_domain(_apply(note, A, B)), *conditions, *_domain(lhs, rhs))
        variables = tuple(str(s) for s in (A, A_ERR, B, B_ERR) if any(x.has(s) for x in (lhs, rhs, assumptions)))
        gerund = note_operator(note).vocabulary.gerund
        return Meaning(statement, "intro-real", _SYMPY_OPS[op](lhs, rhs), assumptions, variables or ("A", "B"),
                       sides=(lhs, rhs), op=op,
                       text=f"{_shown(assumptions)} -> {_shown(lhs)} {op} {_shown(rhs)} (real {gerund} is exact: E = 0)")

    if lhs not in (E, sympy.Abs(E)) or rhs.has(E):
        raise _NotRead("the introduced error is not alone on one side")
    bound = _in_result(rhs, note)
    if bound.free_symbols & {A, B, A_ERR, B_ERR}:
        raise _NotRead(f"a bound that depends on more than the result {_written(note)}")
    ranges = []
    for condition in conditions:
        # sympy orders a conjunction's parts by hash, which differs from run to run: sort them
        for part in sorted(sympy.And.make_args(condition), key=sympy.default_sort_key):
            if part in _domain(_apply(note, A, B)):
                continue          # the domain of every float or integer claim
            ranges.append(_on_result(part, family, note))
    listed = statement.section.types or formats[family]
    chosen = tuple(n for n in listed if isinstance(get_format(n), FloatFormat if family == "float" else IntFormat))
    if family == "int" and (bound.free_symbols or bound.has(ULP)):
        raise _NotRead("an integer bound that is not a number")
    error = "|E|" if lhs != E else "E"
    what = f"{'round' if family == 'float' else 'trunc'}({_written(note)}) - {_written(note)}"
    where = " and ".join(_shown(r) for r in ranges)
    return Meaning(statement, f"intro-{family}", op=op, absolute=lhs != E, bound=bound, ranges=tuple(ranges),
                   formats=chosen, text=(f"{error} {op} {_shown(bound)} where E = {what}, R = {_written(note)}"
                                         + (f", for {where}" if where else "")))


def _on_result(condition: sympy.Basic, family: str, note: Note) -> sympy.Basic:
    """A float claim's condition as a relation between |R| and a constant (its range)."""
    if family == "float" and isinstance(condition, sympy.core.relational.Relational):
        left, right = (_in_result(side, note) for side in (condition.lhs, condition.rhs))
        ops = {"<=": sympy.Le, "<": sympy.Lt, ">=": sympy.Ge, ">": sympy.Gt}
        flipped = {"<=": sympy.Ge, "<": sympy.Gt, ">=": sympy.Le, ">": sympy.Lt}
        constant = lambda x: x.free_symbols <= {EPS, MIN_NORMAL, MAX_FINITE} and not x.has(ULP)  # noqa: E731
        if condition.rel_op in ops and left == sympy.Abs(R) and constant(right):
            return ops[condition.rel_op](left, right)
        if condition.rel_op in ops and right == sympy.Abs(R) and constant(left):
            return flipped[condition.rel_op](right, left)
    raise _NotRead(f"the condition {_shown(condition)} on a {family} {note_operator(note).vocabulary.gerund}")


def result_range(item: Meaning, fmt: FloatFormat) -> tuple:
    """(low, low excluded, high, high excluded) of |R| (R = A op B) where the claim is made in ``fmt``; None: no end."""
    low, low_open, high, high_open = None, False, None, False
    for relation in item.ranges:
        value = relation.rhs.xreplace(constants(fmt))
        if not value.is_Rational:
            raise Unsupported(f"the range end {relation.rhs} is not a number")
        if relation.rel_op in (">=", ">") and (low is None or value >= low):
            low, low_open = value, relation.rel_op == ">" or (value == low and low_open)
        if relation.rel_op in ("<=", "<") and (high is None or value <= high):
            high, high_open = value, relation.rel_op == "<" or (value == high and high_open)
    return low, low_open, high, high_open


def _shown(expr) -> str:
    return accuracy_bound.plain(expr)


# -- obligations ----------------------------------------------------------------------------

def requirement_tag(note: Note, statement: Statement) -> str:
    """The note's tag-less traceability: its file and the statement's section, as a Markdown anchor."""
    anchor = re.sub(r"[^a-z0-9 -]", "", statement.section.title.lower()).strip().replace(" ", "-")
    anchor = re.sub("-+", "-", anchor)
    return f"{Path(note.path).name}#{anchor}"


def slug(text: str, limit: int = 56) -> str:
    """A readable id from what a claim states (operators spelled), shortened with a digest."""
    words = (text.replace("Abs(", "abs ").replace("Max(", "max ").replace("Min(", "min ").replace("**", " pow ")
             .replace("*", " times ").replace("/", " over ").replace("+", " plus ").replace("-", " minus ")
             .replace("<=", " le ").replace(">=", " ge ").replace("<", " lt ").replace(">", " gt ")
             .replace("!=", " ne ").replace("=", " eq "))
    name = re.sub(r"[^a-z0-9]+", "_", words.lower()).strip("_")
    if len(name) <= limit:
        return name
    return f"{name[:limit].rstrip('_')}_{_digest(text)}"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:6]


def constants(fmt: FloatFormat) -> dict:
    return {EPS: sympy.Rational(2) ** (1 - fmt.precision), MIN_NORMAL: sympy.Rational(fmt.min_normal),
            MAX_FINITE: sympy.Rational(fmt.max_finite)}


def introduced_bound(item: Meaning, unary: Unary, fmt: FloatFormat) -> Callable[[mpmath.mpf], mpmath.mpf]:
    """An introduced-error claim's bound (kind ``intro-reference``) in ``fmt``: a function of the operand's value,
    evaluated by mpmath (the format's constants substituted)."""
    values = {k: sympy.Rational(v.p, v.q) if isinstance(v, sympy.Rational) else v for k, v in constants(fmt).items()}
    x = sympy.Dummy("x", real=True)
    return sympy.lambdify(x, item.bound.xreplace(values).xreplace({unary.operand: x}), modules="mpmath")


def float_bounds(note: Note) -> list[tuple[Meaning, Unary]]:
    """The bounds a one-operand note states on the error a float implementation introduces (``|E| <= ...``),
    each with the note's ``Y = f(X)``; none when its result is not read as a function of its operand."""
    found = unary(note)
    if not isinstance(found, Unary):
        return []
    return [(item, found) for item in readings(note) if isinstance(item, Meaning) and item.kind == "intro-reference"]


ELEMENT_SHAPES = tuple(itertools.product((1, 2, 3), repeat=3))   # (m, n, p) an element definition is compared on


def element_disagreement(op: Operator, definition) -> str:
    """"" when a note's definition of each element of the result (``\\forall i \\in [0, dA_0 - 1], \\forall j \\in
    [0, dB_1 - 1] \\quad C[i, j] = \\sum_{k=0}^{dA_1-1} A[i,k] B[k,j]``, `Definition` ``element``) is the operator's
    function, a contraction (`Operation.contraction`), on every shape [m, n] x [n, p] of `ELEMENT_SHAPES`: its
    ranges the result's rows and columns, each element the operator's real function on the row of the first operand
    and the column of the second (their elements symbols: exact); ``dX_k`` is the k-th dimension of the operand X,
    as the working group's specifications write it.  Else where it is not."""
    if not op.operation.contraction or len(definition.indices) != 2:
        return f"a definition of each element of {op.name}'s result by its rows and columns, not a contraction's"
    a, b = (i.name for i in op.inputs)
    for m, n, p in ELEMENT_SHAPES:
        dims = {mathexpr.symbol(f"d{a}_0"): m, mathexpr.symbol(f"d{a}_1"): n, mathexpr.symbol(f"d{b}_0"): n,
                mathexpr.symbol(f"d{b}_1"): p}
        shape = f"[{m}, {n}] x [{n}, {p}]"
        ranges = {letter: (first.xreplace(dims), last.xreplace(dims)) for letter, first, last in definition.ranges}
        wanted = dict(zip(definition.indices, ((0, m - 1), (0, p - 1))))
        if ranges != wanted:
            shown = ", ".join(f"{k} in [{lo}, {hi}]" for k, (lo, hi) in ranges.items())
            return f"on {shape} its indices run over {shown}, not the result's {m} rows and {p} columns"
        matrices = {a: sympy.Matrix(m, n, lambda r, c: sympy.Symbol(f"{a}_{r}_{c}")),
                    b: sympy.Matrix(n, p, lambda r, c: sympy.Symbol(f"{b}_{r}_{c}"))}
        for i, j in itertools.product(range(m), range(p)):
            at = {mathexpr.index_symbol(definition.indices[0]): i, mathexpr.index_symbol(definition.indices[1]): j}
            value = definition.value.xreplace(dims).xreplace(at).doit()
            try:
                value = value.replace(lambda e: isinstance(e, sympy.Indexed),
                                      lambda e: _element(matrices, str(e.base.label), e.indices))
            except LookupError as exc:
                return f"on {shape}, element [{i}, {j}]: {exc}"
            operator_value = op.kernels.real(list(matrices[a].row(i)), list(matrices[b].col(j)))
            if value.free_symbols - set(matrices[a]) - set(matrices[b]) or sympy.expand(value - operator_value) != 0:
                return f"on {shape}, element [{i}, {j}] is {value}, {op.name}'s is {operator_value}"
    return ""


def _element(matrices: dict, name: str, indices) -> sympy.Expr:
    if name not in matrices or len(indices) != 2:
        raise LookupError(f"{name}[{', '.join(map(str, indices))}] is no element of an operand")
    matrix = matrices[name]
    r, c = (int(i) for i in indices)
    if not (0 <= r < matrix.rows and 0 <= c < matrix.cols):
        raise LookupError(f"{name}[{r}, {c}] is outside {name}, {matrix.rows} x {matrix.cols}")
    return matrix[r, c]


def summation_bounds(note: Note) -> list[tuple[Meaning, Several]]:
    """The bounds a note of a contraction of n terms states on the error a float implementation introduces
    (``|E| <= f(n, |A|, |B|)``), each with the note's result; none when its result is not read as one."""
    found = several(note)
    if not isinstance(found, Several) or found.terms is None:
        return []
    return [(item, found) for item in readings(note) if isinstance(item, Meaning) and item.kind == "intro-summation"]


def summation_limit(item: Meaning, found: Several, fmt: FloatFormat, count: int) -> Callable[..., Fraction]:
    """An introduced-error bound of a contraction (kind ``intro-summation``) for n = ``count`` in ``fmt``, every
    error norm 0 (exact operands): ``(|A|, |B|) -> the bound``, an exact Fraction, from the largest magnitudes of
    the operands' elements (the note's ``|A|``: over the whole matrix)."""
    bound = instantiate(item.bound, found, count).xreplace(
        {**{k: sympy.nsimplify(v) for k, v in constants(fmt).items()},
         **{largest(str(e)): 0 for e in found.errors if e is not None}})
    a, b = found.operands

    def at(largest_a: Fraction, largest_b: Fraction) -> Fraction:
        limit = bound.xreplace({largest(str(a)): sympy.Rational(largest_a.numerator, largest_a.denominator),
                                largest(str(b)): sympy.Rational(largest_b.numerator, largest_b.denominator)})
        return Fraction(int(sympy.numer(limit)), int(sympy.denom(limit)))
    return at


def obligations_of(note: Note, item: Meaning) -> list[Obligation]:
    """The obligations of one claim read (none for an encoding divbridge does not have: Unsupported)."""
    op = note_operator(note)
    if op.arity == 1:
        raise Unsupported("a claim of one operand is judged by check-spec (sympy, the operator's reference: "
                          "checkspec.unary), the provers have no encoding of its function")
    if reads_several(op):
        raise Unsupported("a claim of several operands is judged by check-spec (sympy, the operator's reference: "
                          "checkspec.several, checkspec.summation), the provers have no encoding of its function")
    if item.kind in ("propagation", "first-order", "intro-real"):
        return [_real_obligation(note, item, item.variables)]
    line, base, name = item.statement.line, _base(note, item), item.name
    obligations = []
    for fmt_name in item.formats:
        fmt = get_format(fmt_name)
        if isinstance(fmt, IntFormat):
            params = {"claim": "int", "op": item.op, "abs": item.absolute, "bound": item.bound,
                      "bits": fmt.bits, "signed": fmt.signed}
            obligations.append(Obligation(
                id=f"accuracy.{fmt_name}.intro.{name}", title=f"{note_name(note)} line {line}: {item.text}",
                family="int", format=fmt_name, statement=accuracy_bound.statement(op, params), params=params,
                backends=frozenset({"smt"}), **base))
            continue
        bound = item.bound.xreplace(constants(fmt))
        span = result_range(item, fmt)
        regions = ("in_range", "overflow") if span[2] is None or span[2] > fmt.max_finite else ("in_range",)
        for region in regions:
            params = {"claim": "float", "op": item.op, "abs": item.absolute, "bound": bound, "region": region,
                      "range": span, "eb": fmt.eb, "sb": fmt.sb}
            accuracy_bound.smt(op, params, fmt)
            backends = {"smt"} | ({"gappa"} if accuracy_bound.gappa_goals(params, fmt) else set())
            where = {"in_range": "no overflow", "overflow": "on overflow"}[region]
            obligations.append(Obligation(
                id=f"accuracy.{fmt_name}.intro.{name}.{region}",
                title=f"{note_name(note)} line {line}: {item.text} ({where})", family="float", format=fmt_name,
                statement=accuracy_bound.statement(op, params), params=params, backends=frozenset(backends), **base))
    return obligations


def unary_real_obligations(note: Note, item: Meaning) -> list[Obligation]:
    """check-spec's obligation over the reals of a propagation claim of one operand, its function written out in
    the goal (a function SMT-LIB writes: piecewise polynomial), every symbol a real, the operator's attributes (a
    slope alpha) included; Unsupported where SMT-LIB has no encoding of it (exp, tanh).  `prove` binds none: a
    note of one operand is judged by check-spec (`obligations_of`)."""
    if item.kind != "propagation":
        raise Unsupported("only a propagation claim of one operand has an obligation over the reals")
    variables = tuple(sorted(str(s) for s in (item.goal.free_symbols | item.conditions.free_symbols)))
    return [_real_obligation(note, item, variables)]


def _real_obligation(note: Note, item: Meaning, variables: tuple[str, ...]) -> Obligation:
    op, line = note_operator(note), item.statement.line
    params = {"claim": "real", "goal": item.goal, "conditions": item.conditions, "variables": variables}
    accuracy_bound.smt(op, params)     # Unsupported here, not when the prover runs
    area = {"propagation": "propagation", "first-order": "first_order", "intro-real": "intro"}[item.kind]
    return Obligation(id=f"accuracy.real.{area}.{item.name}", title=f"{note_name(note)} line {line}: {item.text}",
                      family="real", format="real", statement=accuracy_bound.statement(op, params), params=params,
                      backends=frozenset({"smt"}), operator=operators.obligation_name(op) if op.arity == 1 else "",
                      **_base(note, item))


def _base(note: Note, item: Meaning) -> dict:
    """What every obligation of a claim records: its requirement, its line, its kind."""
    return {"requirements": (requirement_tag(note, item.statement),), "lines": (item.statement.line,),
            "kind": "accuracy", "prop": "accuracy_bound"}


def result_bound(item: Meaning, found: Unary) -> sympy.Expr | None:
    """An introduced-error bound (kind ``intro-reference``) as a function of the exact result ``R = f(X)`` alone,
    or None when it is not one: ``f(X)`` read as R, ``f(|X|)`` as |R| (where f is odd and keeps the sign of its
    operand), and R as |R| where f is never negative (sympy says so), so that the bound is one for any real;
    sympy must show the bound equal to that function of f(X) for X of each sign."""
    x = found.operand
    p = sympy.Symbol("p", positive=True)
    magnitude = found.at(sympy.Abs(x))
    bound = item.bound.xreplace({found.value: R, magnitude: sympy.Abs(R)})
    if found.value.is_nonnegative:
        bound = bound.xreplace({R: sympy.Abs(R)})
    if x in bound.free_symbols or bound.has(ULP):
        return None
    for sign in (1, -1):
        at = {x: sign * p}
        if sympy.simplify(bound.xreplace({R: found.value}).xreplace(at) - item.bound.xreplace(at)) != 0:
            return None
    return bound


def rounding_obligations(note: Note, item: Meaning, found: Unary) -> list[Obligation]:
    """A correctly rounded result's bound (``intro-reference``, a function of the result R alone: `result_bound`)
    as what it is, a bound on the rounding of any real: ``|round(r) - r| <= bound(r)`` for every real r that
    rounds to a finite float, in each of the claim's formats; Gappa proves it and Coq checks its certificate.
    Since f(X) is such a real for every input X whose correctly rounded result is finite, the proof covers every
    input.  None when the bound is not a function of R alone, or Gappa cannot be asked it."""
    bound = result_bound(item, found)
    if bound is None:
        return []
    op, line = note_operator(note), item.statement.line
    obligations = []
    for fmt_name in item.formats:
        fmt = get_format(fmt_name)
        params = {"claim": "float", "op": item.op, "abs": item.absolute, "bound": bound.xreplace(constants(fmt)),
                  "region": "rounding", "range": (None, False, None, False), "eb": fmt.eb, "sb": fmt.sb}
        if not accuracy_bound.gappa_goals(params, fmt):
            return []
        obligations.append(Obligation(
            id=f"accuracy.{fmt_name}.intro.{item.name}.rounding", title=f"{note_name(note)} line {line}: {item.text}",
            family="float", format=fmt_name, kind="accuracy", prop="accuracy_bound",
            requirements=(requirement_tag(note, item.statement),), lines=(line,),
            statement=accuracy_bound.statement(op, params), params=params, backends=frozenset({"gappa"}),
            operator=operators.obligation_name(op)))
    return obligations


def note_name(note: Note) -> str:
    return Path(note.path).name


def readings(note: Note, formats: dict[str, tuple[str, ...]] | None = None) -> list[Meaning | NotRead]:
    return [meaning(note, s, formats) for s in note.statements]


def reading(note: Note, formats: dict[str, tuple[str, ...]] | None = None,
            text: str | None = None) -> list[tuple[int, str, list[str]]]:
    """What divbridge reads in a note, by line: (line, the text as written, what it reads as: the claim in
    plain notation and its statement in each format, a definition, or "not understood: ..." with why);
    ``text``: the note as written, whose Unit Verification asserts are claims too (`unit_asserts`)."""
    shown: list[tuple[int, str, list[str]]] = []
    op = note_operator(note)
    asserts = unit_asserts(note, text) if text is not None and op is not None and op.arity == 1 else []
    for item in readings(note, formats) + asserts:
        written = item.statement.text
        if isinstance(item, NotRead):
            shown.append((item.statement.line, written, [f"not understood: {item.reason}"]))
            continue
        try:
            statements = [f"{o.format}: {o.statement}" for o in obligations_of(note, item)]
        except Unsupported as exc:
            statements = [f"not checked: {exc}"]
        conditions = [f"under: {c.text}" for c in item.statement.conditions]
        shown.append((item.statement.line, written, [item.text, *conditions, *statements]
                      + [item.per_format] * bool(item.per_format)))
    for definition in note.definitions:
        what = definition.meaning if definition.value is None else f"{definition.meaning}: {definition.value}"
        shown.append((definition.line, definition.text, [f"definition of {definition.name or 'the domain'} ({what})"]))
    for unread in note.unread:
        shown.append((unread.line, unread.text, [unread.why]))
    return sorted(shown, key=lambda entry: entry[0])


def note_obligations(note: Note, formats: dict[str, tuple[str, ...]] | None = None) -> list[Obligation]:
    """Every obligation of the note's claims, in a stable order; one obligation per formal claim (two
    statements claiming the same share it, with both their lines).  ``formats``: per family ("float",
    "int"), the formats of a section that lists none (the linked spec document's, say)."""
    merged: dict[str, Obligation] = {}
    for item in readings(note, formats):
        if not isinstance(item, Meaning):
            continue
        try:
            found = obligations_of(note, item)
        except Unsupported:
            continue
        for obligation in found:
            known = merged.get(obligation.id)
            if known is None:
                merged[obligation.id] = obligation
            elif obligation.lines[0] not in known.lines:
                merged[obligation.id] = replace(known, requirements=known.requirements + obligation.requirements,
                                                lines=known.lines + obligation.lines)
    return list(merged.values())


def note_summary(note: Note, obligations: list[Obligation]) -> dict:
    """The note as results.json records a document: its name, title and one requirement per section
    whose statements bind obligations (the tag `requirement_tag` gives them), with their lines."""
    requirements: dict[str, dict] = {}
    for obligation in obligations:
        for tag, line in zip(obligation.requirements, obligation.lines):
            section = note.section_of(line)
            entry = requirements.setdefault(tag, {"tag": tag, "line": line, "lines": [], "text": section.title if
                                                  section else "", "section": section.title if section else "",
                                                  "roles": ["accuracy"]})
            if line not in entry["lines"]:
                entry["lines"].append(line)
    return {"path": assets.artifact_path(Path(note.path)), "title": note.title,
            "requirements": list(requirements.values())}


# -- notes of an operator of one operand: Y = f(X) ---------------------------------------------------------------

@dataclass(frozen=True)
class Unary:
    """A note's result of one operand: ``Y = f(X)`` as the note defines it ("For $Y = \\exp(X)$ ..."), its
    standard functions sympy's (`mathexpr.standard`), the functions the note defines ("with $\\sigma(x) = ...$")
    replaced by their definitions."""

    result: str                       # Y
    operand: sympy.Symbol             # X
    error: sympy.Symbol               # X_err
    value: sympy.Expr                 # f(X)
    # the operator's float attributes, free symbols of f where the note calls the operator (a slope alpha)
    parameters: tuple[sympy.Symbol, ...] = ()

    def at(self, x: sympy.Expr) -> sympy.Expr:
        return self.value.xreplace({self.operand: x})

    @property
    def propagated(self) -> sympy.Expr:
        """``f(X + X_err) - f(X)``: the error the operator propagates, exactly."""
        return self.at(self.operand + self.error) - self.value


# where the note's function is compared with its operator's (the description's real function)
AGREEMENT_POINTS = tuple(Fraction(v) for v in ("-3", "-1", "-1/2", "1/4", "1/2", "1", "2", "5"))
# the values of an attribute the note's function is compared at (each attribute in turn; the others at the first)
ATTRIBUTE_POINTS = tuple(Fraction(v) for v in ("1/2", "-2", "0", "3"))


def calls_operator(value: sympy.Basic, op: Operator) -> bool:
    """Whether the note writes its result as a call of its operator (``\\text{Name}(X)``)."""
    return isinstance(value, sympy.core.function.AppliedUndef) and str(value.func).lower() == op.name.lower()


def operator_value(op: Operator, operands: tuple[sympy.Symbol, ...]) -> tuple[sympy.Expr, tuple[sympy.Symbol, ...]]:
    """The description's real function applied to ``operands``, its float attributes free symbols named as the
    attributes are; ValueError where the description gives it as no term."""
    if not isinstance(op.operation.real, terms.Function):
        raise ValueError(f"a claim on the error of {op.name}: its description gives its real function as no term")
    parameters = tuple(mathexpr.symbol(v.name) for v in op.attribute_variables("real"))
    return symbolic.applied(op.operation.real, operands + parameters), parameters


def unary(note: Note) -> Unary | str:
    """The note's ``Y = f(X)``, or why it is not read: the note must define its result as a function of one
    operand, and that function must be its operator's: the same values as the description's real function (its
    mirror's reference, mpmath) at `AGREEMENT_POINTS` where both are defined, never assumed."""
    op = note_operator(note)
    definition = next((d for d in note.definitions if d.meaning == "result" and d.value is not None), None)
    if definition is None:
        return (f"a claim on the error of {op.name}: its note does not define its result as a function of its "
                f"operand ('For $Y = f(X)$, the propagated error ... comes from the input error ...')")
    value, parameters = mathexpr.standard(_with_functions(definition.value, note)), ()
    # a call of the operator, not a standard function of sympy's (\exp(X) is exp): its description's real function
    if calls_operator(value, op) and len(value.args) == 1 and isinstance(value.args[0], sympy.Symbol):
        try:
            value, parameters = operator_value(op, value.args)
        except ValueError as exc:
            return str(exc)
    undefined = sorted(str(f.func) for f in value.atoms(sympy.core.function.AppliedUndef))
    if undefined or len(value.free_symbols - set(parameters)) != 1:
        return f"a claim on the error of {op.name}: the function «{undefined[0] if undefined else value}» of its result"
    (operand,) = value.free_symbols - set(parameters)
    compared = 0
    for attributes in _attribute_points(parameters):
        for x in AGREEMENT_POINTS:
            reference = _reference(op, x, tuple(attributes.values()))
            at = {operand: x, **attributes}
            mine = sympy.N(value.xreplace({k: sympy.Rational(v.numerator, v.denominator) for k, v in at.items()}), 60)
            if reference is None or not mine.is_real:
                continue
            compared += 1
            if abs(mine - reference) > sympy.Float(10) ** -40 * max(1, abs(reference)):
                where = ", ".join(f"{k} = {v}" for k, v in at.items())
                return (f"a claim on the error of {op.name}: the note's {definition.name} = {value} is not "
                        f"{op.name}'s function (at {where}: {sympy.N(mine, 12)}, {op.name} gives "
                        f"{sympy.N(reference, 12)})")
    if compared < 3:
        return f"a claim on the error of {op.name}: its note's {definition.name} = {value} compared at too few points"
    return Unary(definition.name, operand, mathexpr.symbol(f"{operand}_err"), value, parameters)


def _attribute_points(parameters: tuple[sympy.Symbol, ...]) -> list[dict[sympy.Symbol, Fraction]]:
    """The attributes' values the note's function is compared at: none without attributes; else each attribute
    over `ATTRIBUTE_POINTS`, the others at the first of them."""
    if not parameters:
        return [{}]
    return [{p: value if p == moved else ATTRIBUTE_POINTS[0] for p in parameters}
            for moved in parameters for value in ATTRIBUTE_POINTS]


def _reference(op: Operator, x: Fraction, attributes: tuple[Fraction, ...] = ()) -> sympy.Float | None:
    """The operator's real function at ``x`` (its description's, mpmath at 320 bits; its float attributes after x,
    at their defaults when left out), None where not defined."""
    try:
        value = op.kernels.real(x, *attributes)
    except (ValueError, ZeroDivisionError, ArithmeticError):
        return None
    if isinstance(value, Fraction):
        return sympy.Rational(value.numerator, value.denominator)
    if not isinstance(value, mpmath.mpf) or not mpmath.isfinite(value):
        return None
    return sympy.Float(value, 90)


def _with_functions(expr: sympy.Basic, note: Note) -> sympy.Basic:
    """``expr`` with each function the note defines ("$\\sigma(x) = 1/(1+e^{-x})$") applied by its definition."""
    functions = {d.name: d.value for d in note.definitions if d.meaning == "function"}
    return expr.replace(lambda f: isinstance(f, sympy.core.function.AppliedUndef) and str(f.func) in functions,
                        lambda f: functions[str(f.func)](*f.args))


def _unary_meaning(note: Note, statement: Statement, found: Unary | str) -> Meaning:
    if isinstance(found, str):
        raise _NotRead(found)
    if statement.source in DERIVATIVE_FACTS or _states_derivative(statement):
        return _derivative_meaning(note, statement, found)
    lhs, op, rhs = _relation(statement, found.result)
    substitute = _substitutions(note, found.result, found.value)
    lhs, rhs = (_unary_map(side, substitute, found, note) for side in (lhs, rhs))
    errors = {s for s in (lhs.free_symbols | rhs.free_symbols) if s in (E, _P)}
    unread = tuple((c.line, c.text) for c in statement.conditions if c.meaning == "not understood")
    if unread and errors != {_P}:     # an error bound of the result alone: no weaker reading to prove
        raise _NotRead(f"the condition «{unread[0][1]}» is not understood")
    conditions = [_unary_condition(c, substitute, found, note) for c in statement.conditions
                  if c.meaning != "not understood"]
    named = _SYMPY_OPS[op](lhs, rhs, evaluate=False).xreplace({_P: mathexpr.symbol("propag"),
                                                               E: mathexpr.symbol("intro")})
    said = [str(sympy.And(*conditions))] * bool(conditions) + [text for _, text in unread]
    name = slug(str(named)) + (f"_if_{_digest(' '.join(said))}" if said else "")
    # what is not read is said with the reading, never dropped from it
    unsaid = "".join(f" (and where «{text}», line {line}: not read)" for line, text in unread)
    x, dx = found.operand, found.error
    family = statement.arithmetic
    if errors == {_P}:
        lhs, rhs = lhs.xreplace({_P: found.propagated}), rhs.xreplace({_P: found.propagated})
        reads_as = f"{found.at(x + dx)} - {found.value}"
        big_o = [t for t in rhs.as_ordered_terms() if t.has(mathexpr.BigO)]
        if big_o or lhs.has(mathexpr.BigO):
            if lhs.has(mathexpr.BigO) or len(big_o) > 1 or not isinstance(big_o[0], mathexpr.BigO):
                raise _NotRead("an O(...) term that is not one term added to the right side")
            t = sympy.Symbol("t", positive=True)
            argument = big_o[0].args[0]
            if argument.free_symbols != {dx} or sympy.simplify(argument.xreplace({dx: t * dx}) / argument) != t ** 2:
                raise _NotRead(f"an O(...) term of an order other than 2 in {dx} (divbridge checks first-order claims)")
            rhs = rhs - big_o[0]
        if statement.order == "first-order" or big_o:
            if op in (">=", ">"):
                lhs, rhs, op = rhs, lhs, _FLIP[op]
            if op not in ("=", "<=", "<"):
                raise _NotRead(f"the relation {op} of a first-order claim")
            slope = unary_slope(found)
            c0, c1 = _jet(lhs - rhs, {dx: slope})
            goal = (sympy.And(sympy.Eq(c0, 0), sympy.Eq(c1, 0)) if op == "=" else
                    sympy.And(sympy.Le(c0, 0), sympy.Or(sympy.Ne(c0, 0), sympy.Le(c1, 0))))
            at_zero = sympy.And(*[c.xreplace({dx: 0}) for c in conditions])
            text = (f"{_shown(at_zero)} -> along {dx} = {slope}*h (h -> 0+): {_shown(lhs)} - ({_shown(rhs)}) = "
                    f"({_shown(c0)}) + ({_shown(c1)})*h + o(h), "
                    + ("both coefficients 0" if op == "=" else "its first non-zero coefficient not positive") + unsaid)
            return Meaning(statement, "first-order", goal, at_zero, (str(x), str(slope)), op=op, sides=(c0, c1),
                           text=text, name=name, error=f"{found.result}_err^propag", reads_as=reads_as,
                           proviso_unread=unread)
        assumptions = sympy.And(*conditions)
        return Meaning(statement, "propagation", _SYMPY_OPS[op](lhs, rhs), assumptions, (str(x), str(dx)),
                       sides=(lhs, rhs), op=op, name=name, error=f"{found.result}_err^propag", reads_as=reads_as,
                       text=f"{_shown(assumptions)} -> {_shown(lhs)} {op} {_shown(rhs)}{unsaid}", proviso_unread=unread)
    if errors == {E}:
        if rhs.has(E) and not lhs.has(E):
            lhs, rhs, op = rhs, lhs, _FLIP[op]
        if family == "real":
            lhs, rhs = lhs.xreplace({E: sympy.S.Zero}), rhs.xreplace({E: sympy.S.Zero})
            assumptions = sympy.And(*conditions)
            return Meaning(statement, "intro-real", _SYMPY_OPS[op](lhs, rhs), assumptions, (str(x),), op=op,
                           sides=(lhs, rhs), name=name, error=f"{found.result}_err^intro",
                           text=f"{_shown(assumptions)} -> {_shown(lhs)} {op} {_shown(rhs)} (the real function "
                                f"is exact: E = 0)")
        if family == "float":
            if lhs not in (E, sympy.Abs(E)) or rhs.has(E) or conditions:
                raise _NotRead("a float bound that is not |E| or E alone against a bound without conditions")
            if rhs.free_symbols - {x, EPS, MIN_NORMAL, MAX_FINITE} or rhs.has(ULP):
                raise _NotRead(f"a bound in more than {x} and the format's constants")
            return Meaning(statement, "intro-reference", op=op, absolute=lhs != E, bound=rhs,
                           formats=("fp16", "bf16", "fp32"), name=name, error=f"{found.result}_err^intro",
                           text=f"{'|E|' if lhs != E else 'E'} {op} {_shown(rhs)} where E = round({found.value}) - "
                                f"{found.value}, the result correctly rounded to nearest even")
        raise _NotRead("the section does not say whether the arithmetic is real or float")
    raise _NotRead("it relates both the propagated and the introduced error" if errors else "it states no error")


DERIVATIVE_FACTS = ("derivative-undefined", "lipschitz")     # the facts a sentence states (`document.accuracy`)


def _states_derivative(statement: Statement) -> bool:
    formula = statement.math.formula
    return statement.source == "formula" and formula is not None and bool(formula.relations) and formula.parts[0].has(
        sympy.Derivative)


def _derivative_meaning(note: Note, statement: Statement, found: Unary) -> Meaning:
    """What the note says of its function's derivative, where its conditions (on the operand alone) hold:
    ``dY/dX = g`` (kind ``derivative``: f' = g at every X there, f the note's Y read over the operator's real
    function, ``sides`` (f, g)), "derivative is undefined" at one point (kind ``derivative-undefined``: f has no
    derivative there, ``sides`` (f, the point)), "<operator> is Lipschitz continuous with constant K" (kind
    ``propagation``: ``|f(X + X_err) - f(X)| <= K |X_err|``, the conditions only narrowing it).  The derivative must
    be of the note's result by its operand, by their names; a condition not read leaves the claim unread."""
    substitute = _substitutions(note, found.result, found.value)
    x, dx = found.operand, found.error
    own = _own_variable(statement, found)
    if own is not None:         # d|x|/dx where x > 0: the note's function in a variable of its own, read as X
        substitute[own] = x
    unread = [c for c in statement.conditions if c.meaning != "formula"]
    if unread:
        raise _NotRead(f"the condition «{unread[0].text}» on a fact of the derivative")
    where = sympy.And(*[_unary_condition(c, substitute, found, note) for c in statement.conditions])
    if where.has(dx):
        raise _NotRead(f"a condition on {dx}: a fact of the derivative is of the operand alone")
    error = f"{found.result}_err^propag"
    if statement.source == "lipschitz":
        formula = statement.math.formula
        if formula is None or formula.relations or len(formula.parts) != 1:
            raise _NotRead(f"the Lipschitz constant «{statement.math.text}» is not one value")
        constant = _unary_map(formula.parts[0], substitute, found, note)
        if constant.free_symbols - set(found.parameters):
            raise _NotRead(f"the Lipschitz constant {_shown(constant)} depends on {x}")
        lhs, rhs = sympy.Abs(found.propagated), constant * sympy.Abs(dx)
        return Meaning(statement, "propagation", sympy.Le(lhs, rhs), where, (str(x), str(dx)), op="<=",
                       sides=(lhs, rhs), name=slug(f"lipschitz {constant} where {where}"), error=error,
                       reads_as=f"{found.at(x + dx)} - {found.value}",
                       text=f"{found.result} = {_shown(found.value)} is Lipschitz continuous with constant "
                            f"{_shown(constant)}: {_shown(lhs)} <= {_shown(rhs)} for every {x} and {dx}"
                            + ("" if where == sympy.true else f" (a counterexample sought where {_shown(where)})"))
    if statement.source == "derivative-undefined":
        try:
            points = where.as_set() if where != sympy.true else sympy.S.Reals
        except (NotImplementedError, ValueError, TypeError):      # a condition on more than the operand
            points = sympy.S.Reals
        if not isinstance(points, sympy.FiniteSet) or len(points) != 1:
            raise _NotRead(f"the derivative undefined where {_shown(where)}, not at one value of {x}")
        (point,) = points
        return Meaning(statement, "derivative-undefined", conditions=where, variables=(str(x),), sides=(found.value,
                       point), name=slug(f"derivative undefined at {point}"),
                       text=f"at {x} = {point}, {found.result} = {_shown(found.value)} has no derivative by {x} (its "
                            "one-sided derivatives differ, or it is not continuous there), for every value of "
                            + (", ".join(map(str, found.parameters)) or "its operand"))
    lhs, op, rhs = _relation(statement, found.result)
    if own is not None:
        lhs = sympy.Derivative(mathexpr.symbol(found.result), x)
    if not isinstance(lhs, sympy.Derivative) or lhs.expr != mathexpr.symbol(found.result) or lhs.variables != (x,):
        written = f"d{lhs.expr}/d{lhs.variables[0]}" if isinstance(lhs, sympy.Derivative) else _shown(lhs)
        raise _NotRead(f"the derivative {written}, not d{found.result}/d{x} (the note's result by its operand)")
    if op != "=":
        raise _NotRead(f"the relation {op} of a derivative (divbridge reads dY/dX = g)")
    slope = _unary_map(rhs, substitute, found, note)
    if slope.has(dx):
        raise _NotRead(f"a derivative in terms of {dx}")
    return Meaning(statement, "derivative", sympy.Eq(sympy.Derivative(found.value, x), slope), where, (str(x),),
                   op="=", sides=(found.value, slope), name=slug(f"d{found.result} d{x} eq {slope} where {where}"),
                   text=("" if where == sympy.true else f"where {_shown(where)}, ") + f"the derivative of "
                        f"{found.result} = {_shown(found.value)} by {x} is {_shown(slope)} (on each piece of it there, "
                        "and on both sides of each switch there)")


def _own_variable(statement: Statement, found: Unary) -> sympy.Symbol | None:
    """The variable v of a derivative written of the note's function itself, ``d|x|/dx`` for ``Y = |X|``: the
    expression after the d is f(v) (sympy: the same as f(X) once v is X); None for any other formula."""
    formula = statement.math.formula
    if statement.source != "formula" or formula is None or not formula.parts or \
            not isinstance(formula.parts[0], sympy.Derivative) or len(formula.parts[0].variables) != 1:
        return None
    derivative = formula.parts[0]
    (own,) = derivative.variables
    if own == found.operand or derivative.expr.free_symbols != {own}:
        return None
    return own if sympy.simplify(derivative.expr.xreplace({own: found.operand}) - found.value) == 0 else None


def _all_defined(expr: sympy.Expr, known: set, symbols: set | None = None) -> sympy.Expr:
    """``expr``, once every symbol of it (or of ``symbols``) is ``known`` and every function one divbridge
    knows; else the first that is not, unread."""
    unknown = sorted(str(s) for s in (expr.free_symbols if symbols is None else symbols) - known)
    if unknown:
        raise _NotRead(f"«{unknown[0]}» is not defined in the note")
    undefined = sorted(str(f.func) for f in expr.atoms(sympy.core.function.AppliedUndef))
    if undefined:
        raise _NotRead(f"the function «{undefined[0]}» is not one divbridge knows")
    return expr


def _unary_map(expr: sympy.Expr, substitute: dict, found: Unary, note: Note) -> sympy.Expr:
    expr = mathexpr.standard(_with_functions(_substituted(expr, substitute), note))
    return _all_defined(expr, {found.operand, found.error, E, _P, EPS, MIN_NORMAL, MAX_FINITE, *found.parameters})


SLOPE = mathexpr.symbol("s")


def unary_slope(found: Unary) -> sympy.Symbol:
    """The slope of a first-order claim's error, ``X_err = alpha h``; ``s`` where alpha is an attribute of the
    operator."""
    return SLOPE if ALPHA in found.parameters else ALPHA


def _unary_condition(condition: Condition, substitute: dict, found: Unary, note: Note) -> sympy.Basic:
    if condition.meaning == "no-error":
        return sympy.Eq(found.error, 0)
    formula = _subject(condition)
    if condition.meaning == "formula":
        return _relation_of(condition, lambda side: _unary_map(side, substitute, found, note))
    if condition.meaning == "no-crossing":
        subject = _unary_map(formula.parts[0], substitute, found, note)
        return sympy.Gt(subject * subject.xreplace({found.operand: found.operand + found.error}), 0)
    raise _NotRead(f"the condition «{condition.text}» on the result of one operand")


# -- notes of an operator of several operands: C = f(A, B), Z = Where(condition, X, Y) -----------------------------

GAMMA = mathexpr.symbol("gamma")
_SLOPES = (ALPHA, BETA, GAMMA)
_TRUTH = {mathexpr.symbol("True"): sympy.S.One, mathexpr.symbol("False"): sympy.S.Zero}


@dataclass(frozen=True)
class Several:
    """A note's result of several operands, as the note defines it ("For $C = A^B$, the propagated error ...
    comes from the input errors $A_err$ and $B_err$"; "For $Z = Where(condition, X, Y)$ ..."): its operands in
    the operator's order, the error of each numeric one (a condition, an input of type bool, has none: it is 1 or
    0), and the value: the note's formula, or the description's real function where the note calls the operator."""

    result: str                                   # C
    operands: tuple[sympy.Symbol, ...]            # A, B
    errors: tuple[sympy.Symbol | None, ...]       # A_err, B_err (None: a condition)
    value: sympy.Expr
    # a contraction of n terms: n (the note's summations run over k = 0 .. n-1); the value is then one element's,
    # Sum(A[k] * B[k], (k, 0, n - 1)), its operands' elements `sympy.Indexed`
    terms: sympy.Symbol | None = None

    @property
    def propagated(self) -> sympy.Expr:
        """``f(A + A_err, B + B_err) - f(A, B)``: the error the operator propagates, exactly (one summation of n
        terms for a contraction)."""
        if self.terms is not None:
            term = self.value.function
            moved = {sympy.Indexed(sympy.IndexedBase(x), *i.indices): i + sympy.Indexed(sympy.IndexedBase(e),
                                                                                     *i.indices)
                     for x, e in zip(self.operands, self.errors) for i in term.atoms(sympy.Indexed)
                     if i.base.label == x}
            return sympy.Sum(term.xreplace(moved) - term, *self.value.limits)
        moved = {x: x + e for x, e in zip(self.operands, self.errors) if e is not None}
        return self.value.xreplace(moved) - self.value

    @property
    def slopes(self) -> dict:
        """Each error along its own direction: ``A_err = alpha h``, ``B_err = beta h`` ..."""
        return dict(zip([e for e in self.errors if e is not None], _SLOPES))


def reads_several(op: Operator) -> bool:
    """Whether a note of ``op`` is read as `Several`: more than one operand and not written with an infix."""
    return op.arity > 1 and not (op.arity == 2 and op.vocabulary.infix)


def several(note: Note) -> Several | str:
    """The note's result of several operands, or why it is not read: its definition must name every operand of
    the operator, and its function be the operator's (the description's real function, compared at the points of
    `AGREEMENT_POINTS` where both are defined, never assumed)."""
    op = note_operator(note)
    definition = next((d for d in note.definitions if d.meaning == "result" and d.operands), None)
    if definition is None:
        return (f"a claim on the error of {op.name}: its note does not define its result as a function of its "
                f"{op.arity} operands ('For $C = f(A, B)$, the propagated error ... comes from the input errors ...')")
    if len(definition.operands) != op.arity:
        return f"a claim on the error of {op.name}: the note's {definition.name} has {len(definition.operands)} operands"
    operands = tuple(mathexpr.symbol(n) for n in definition.operands)
    value = definition.value
    if calls_operator(value, op):
        try:
            value, _ = operator_value(op, operands)
        except ValueError as exc:
            return str(exc)
    value = mathexpr.standard(value)
    kinds = tuple(i.type for i in op.inputs)
    errors = tuple(None if kind == "bool" else mathexpr.symbol(f"{x}_err") for x, kind in zip(operands, kinds))
    found = Several(definition.name, operands, errors, value)
    length = _dot_terms(note)
    if length is not None:
        return _dot(op, found, length)
    if _contraction(op):
        return (f"a claim on the error of {op.name}: its note runs no summation over the n terms of an element "
                f"(an element of {op.name}'s result is a contraction of n terms, not one of its scalar claims)")
    disagreement = _several_disagreement(op, found, kinds)
    return disagreement or found


# -- a contraction of n terms: C[i, j] = the summation over k of A[i, k] * B[k, j] ---------------------------------

DOT_INDEX = mathexpr.index_symbol("k")
DOT_CHECKED = (1, 2, 3)       # the numbers of terms the note's A x B is compared with the operator's at


def _dot_terms(note: Note) -> sympy.Symbol | None:
    """n, where the note's claims run summations over k = 0 .. n-1 (all the same n); None where none does."""
    uppers = set()
    for statement in note.statements:
        formula = statement.math.formula
        for part in formula.parts if formula is not None else ():
            for total in part.atoms(sympy.Sum):
                for _, low, high in total.limits:
                    uppers.add((low, high))
    ends = {high + 1 for low, high in uppers if low == 0}
    if len(ends) != 1 or len(uppers) != 1 or not isinstance(next(iter(ends)), sympy.Symbol):
        return None
    return ends.pop()


def _dot(op: Operator, found: Several, terms: sympy.Symbol) -> Several | str:
    """The note's ``C = A x B`` of matrices as one element's contraction of n terms, compared with the operator's
    real function on rows and columns of 1, 2 and 3 elements."""
    a, b = found.operands if len(found.operands) == 2 else (None, None)
    if a is None or found.value != a * b:
        return (f"a claim on the error of {op.name}: the note's summations of n terms and its {found.result} = "
                f"{found.value} (not A x B of its two matrices)")
    k = DOT_INDEX
    value = sympy.Sum(sympy.Indexed(sympy.IndexedBase(a), k) * sympy.Indexed(sympy.IndexedBase(b), k),
                      (k, 0, terms - 1))
    dot = replace(found, value=value, terms=terms)
    for count in DOT_CHECKED:
        row, column = AGREEMENT_POINTS[:count], AGREEMENT_POINTS[-count:]
        try:
            reference = op.kernels.real(list(row), list(column))
        except (TypeError, ValueError, ArithmeticError):
            return (f"a claim on the error of {op.name}: the note's summations of n terms are not "
                    f"{op.name}'s real function")
        at = {**{symbol_of(a, i): sympy.Rational(x.numerator, x.denominator) for i, x in enumerate(row)},
              **{symbol_of(b, i): sympy.Rational(y.numerator, y.denominator) for i, y in enumerate(column)}}
        mine = instantiate(value, dot, count).xreplace(at)
        if mine != sympy.Rational(reference.numerator, reference.denominator):
            return (f"a claim on the error of {op.name}: the note's {found.result} = {found.value} of n = {count} "
                    f"terms is {mine}, {op.name} gives {reference}")
    return dot


def _contraction(op: Operator) -> bool:
    """Whether the operator's real function takes rows and columns (each element a contraction of n terms)."""
    try:
        return op.kernels.real([Fraction(1), Fraction(2)], [Fraction(3), Fraction(4)]) == 11
    except (TypeError, ValueError, ArithmeticError):
        return False


def symbol_of(base: sympy.Symbol, position: int) -> sympy.Symbol:
    """The element ``A[k]`` of a summation of a given number of terms, as a symbol of its own (``A[0]``)."""
    return mathexpr.symbol(f"{base}[{position}]")


def instantiate(expr: sympy.Basic, found: Several, count: int) -> sympy.Basic:
    """``expr`` for n = ``count``: every summation expanded, each element ``A[k]`` a symbol `symbol_of` its own."""
    expanded = expr.xreplace({found.terms: count}).doit()
    return expanded.replace(lambda e: isinstance(e, sympy.Indexed),
                            lambda e: symbol_of(e.base.label, int(e.indices[0])))


def largest(name: str) -> sympy.Symbol:
    """``|A|`` where the note defines it as the largest magnitude of an element of A."""
    return mathexpr.symbol(f"|{name}|")


RESULT_NORMAL = sympy.Symbol("result_is_normal")    # the condition "C_val[i, j] is a normal number"


def _several_disagreement(op: Operator, found: Several, kinds: tuple[str, ...]) -> str:
    """"" when the note's value is the operator's real function at every point both define (at least 3)."""
    choices = [(True, False) if kind == "bool" else AGREEMENT_POINTS for kind in kinds]
    compared = 0
    for point in itertools.product(*choices):
        try:
            reference = op.kernels.real(*point)
        except (ValueError, ZeroDivisionError, ArithmeticError):
            continue
        if isinstance(reference, Fraction):
            reference = sympy.Rational(reference.numerator, reference.denominator)
        elif isinstance(reference, mpmath.mpf) and mpmath.isfinite(reference):
            reference = sympy.Float(reference, 90)
        else:
            continue
        at = {x: (sympy.S.One if v else sympy.S.Zero) if isinstance(v, bool) else sympy.Rational(v.numerator,
              v.denominator) for x, v in zip(found.operands, point)}
        mine = sympy.N(found.value.xreplace(at), 60)
        if not mine.is_real:
            continue
        compared += 1
        if abs(mine - reference) > sympy.Float(10) ** -40 * max(1, abs(reference)):
            shown = ", ".join(f"{x} = {v}" for x, v in zip(found.operands, point))
            return (f"a claim on the error of {op.name}: the note's {found.result} = {found.value} is not "
                    f"{op.name}'s function (at {shown}: {sympy.N(mine, 12)}, {op.name} gives {sympy.N(reference, 12)})")
    if compared < 3:
        return f"a claim on the error of {op.name}: its note's {found.result} = {found.value} compared at too few points"
    return ""


def _several_meaning(note: Note, statement: Statement, found: Several) -> Meaning:
    if found.terms is not None:
        return _dot_meaning(note, statement, found)
    lhs, op, rhs = _relation(statement, found.result)
    substitute = {**_substitutions(note, found.result, found.value), **_TRUTH}
    known = {*found.operands, *[e for e in found.errors if e is not None], E, _P, EPS, MIN_NORMAL, MAX_FINITE}
    mapped = lambda side: _several_map(side, substitute, known)  # noqa: E731
    lhs, rhs = mapped(lhs), mapped(rhs)
    errors = {s for s in (lhs.free_symbols | rhs.free_symbols) if s in (E, _P)}
    conditions = [_several_condition(c, mapped, found) for c in statement.conditions]
    named = _SYMPY_OPS[op](lhs, rhs, evaluate=False).xreplace({_P: mathexpr.symbol("propag"),
                                                               E: mathexpr.symbol("intro")})
    name = slug(str(named)) + (f"_if_{_digest(str(sympy.And(*conditions)))}" if conditions else "")
    variables = tuple(str(s) for s in (*found.operands, *[e for e in found.errors if e is not None]))
    if not errors and isinstance(lhs, sympy.Derivative):
        # "∂(A^B)/∂A = B A^(B-1)": a partial derivative of the note's function, the slope its first-order claims use
        if lhs.expr != found.value or len(lhs.variables) != 1 or lhs.variables[0] not in found.operands:
            raise _NotRead(f"the derivative of {_shown(lhs.expr)}, not the note's {found.result} = "
                           f"{_shown(found.value)} by one of its operands")
        return Meaning(statement, "derivative", sympy.Eq(lhs, rhs, evaluate=False), sympy.true, variables, op=op,
                       sides=(lhs, rhs), name=name, text=f"{_shown(lhs)} {op} {_shown(rhs)} (the note's function's "
                                                          "partial derivative)")
    if errors == {_P}:
        lhs, rhs = lhs.xreplace({_P: found.propagated}), rhs.xreplace({_P: found.propagated})
        common = {"name": name, "error": f"{found.result}_err^propag",
                  "reads_as": f"{found.value.xreplace({x: x + e for x, e in zip(found.operands, found.errors) if e is not None})} - {found.value}"}
        if rhs.has(mathexpr.BigO) or lhs.has(mathexpr.BigO):
            raise _NotRead("an O(...) term in a claim of several operands")
        if statement.order == "first-order":
            if op in (">=", ">"):
                lhs, rhs, op = rhs, lhs, _FLIP[op]
            if op not in ("=", "<=", "<"):
                raise _NotRead(f"the relation {op} of a first-order claim")
            slopes = found.slopes
            c0, c1 = _jet(lhs - rhs, slopes)
            goal = (sympy.And(sympy.Eq(c0, 0), sympy.Eq(c1, 0)) if op == "=" else
                    sympy.And(sympy.Le(c0, 0), sympy.Or(sympy.Ne(c0, 0), sympy.Le(c1, 0))))
            at_zero = sympy.And(*[c.xreplace({e: 0 for e in slopes}) for c in conditions])
            along = ", ".join(f"{e} = {s}*h" for e, s in slopes.items())
            text = (f"{_shown(at_zero)} -> along {along} (h -> 0+): {_shown(lhs)} - ({_shown(rhs)}) = "
                    f"({_shown(c0)}) + ({_shown(c1)})*h + o(h), "
                    + ("both coefficients 0" if op == "=" else "its first non-zero coefficient not positive"))
            return Meaning(statement, "first-order", goal, at_zero,
                           (*(str(x) for x in found.operands), *(str(s) for s in slopes.values())), op=op,
                           sides=(c0, c1), text=text, **common)
        assumptions = sympy.And(*conditions)
        return Meaning(statement, "propagation", _SYMPY_OPS[op](lhs, rhs), assumptions, variables, sides=(lhs, rhs),
                       op=op, text=f"{_shown(assumptions)} -> {_shown(lhs)} {op} {_shown(rhs)}", **common)
    if errors == {E}:
        if rhs.has(E) and not lhs.has(E):
            lhs, rhs, op = rhs, lhs, _FLIP[op]
        family = statement.arithmetic
        if family == "real":
            lhs, rhs = lhs.xreplace({E: sympy.S.Zero}), rhs.xreplace({E: sympy.S.Zero})
            assumptions = sympy.And(*conditions)
            return Meaning(statement, "intro-real", _SYMPY_OPS[op](lhs, rhs), assumptions, variables, op=op,
                           sides=(lhs, rhs), name=name, error=f"{found.result}_err^intro",
                           text=f"{_shown(assumptions)} -> {_shown(lhs)} {op} {_shown(rhs)} (the real function "
                                f"is exact: E = 0)")
        if family in ("float", "int"):
            if lhs not in (E, sympy.Abs(E)) or rhs != 0 or conditions:
                raise _NotRead(f"a {family} claim of several operands other than E = 0 without conditions")
            chosen = statement.section.types or DEFAULT_FORMATS[family]
            what = f"{'round' if family == 'float' else 'trunc'}({found.value}) - {found.value}"
            return Meaning(statement, "intro-exact", op=op, absolute=lhs != E, bound=rhs, formats=tuple(chosen),
                           name=name, error=f"{found.result}_err^intro",
                           text=f"{'|E|' if lhs != E else 'E'} {op} 0 where E = {what}, every operand a value of the "
                                "format")
        raise _NotRead("the section does not say whether the arithmetic is real, float or int")
    raise _NotRead("it relates both the propagated and the introduced error" if errors else "it states no error")


def _several_map(expr: sympy.Expr, substitute: dict, known: set) -> sympy.Expr:
    return _all_defined(mathexpr.standard(_substituted(expr, substitute)), known)


def _several_condition(condition: Condition, mapped: Callable, found: Several) -> sympy.Basic:
    if condition.meaning == "no-error":
        return sympy.And(*[sympy.Eq(e, 0) for e in found.errors if e is not None])
    _subject(condition)
    if condition.meaning == "formula":
        return _relation_of(condition, mapped)
    raise _NotRead(f"the condition «{condition.text}» on a result of several operands")


def _dot_meaning(note: Note, statement: Statement, found: Several) -> Meaning:
    """A claim on one element of a contraction of n terms, over n: its sides with the summations as written, the
    result and its propagated error as summations of n terms, ``|A|`` the largest magnitude of an element of A where the note
    defines it so.  Judged per n and for every n by `checkspec.summation`."""
    lhs, op, rhs = _relation(statement, found.result)
    substitute = _substitutions(note, found.result, found.value)
    norms = {mathexpr.symbol(d.name): largest(d.name) for d in note.definitions if d.meaning == "largest"}
    mapped = lambda side: _dot_map(side, substitute, norms, found)  # noqa: E731
    lhs, rhs = mapped(lhs), mapped(rhs)
    errors = {s for s in (lhs.free_symbols | rhs.free_symbols) if s in (E, _P)}
    conditions = [_dot_condition(c, found) for c in statement.conditions]
    named = _SYMPY_OPS[op](lhs, rhs, evaluate=False).xreplace({_P: mathexpr.symbol("propag"),
                                                               E: mathexpr.symbol("intro")})
    name = slug(str(named)) + (f"_if_{_digest(str(sympy.And(*conditions)))}" if conditions else "")
    assumptions = sympy.And(*conditions)
    common = {"name": name, "op": op, "variables": (str(found.terms),), "conditions": assumptions}
    if errors == {_P}:
        lhs, rhs = lhs.xreplace({_P: found.propagated}), rhs.xreplace({_P: found.propagated})
        orders = [t for t in rhs.as_ordered_terms() if t.has(mathexpr.BigO)]
        if lhs.has(mathexpr.BigO) or len(orders) > 1 or (orders and not isinstance(orders[0], mathexpr.BigO)):
            raise _NotRead("an O(...) term that is not one term added to the right side")
        if orders and _norm_order(orders[0].args[0], found) != 2:
            raise _NotRead("an O(...) term of an order other than 2 in the errors (divbridge checks first-order "
                           "claims)")
        rhs = rhs - orders[0] if orders else rhs
        first = bool(orders) or statement.order == "first-order"
        if first and op not in ("=", "<=", "<"):
            raise _NotRead(f"the relation {op} of a first-order claim")
        kind = "first-order" if first else "propagation"
        return Meaning(statement, kind, _SYMPY_OPS[op](lhs, rhs, evaluate=False), sides=(lhs, rhs),
                       error=f"{found.result}_err^propag", reads_as=f"{_shown(found.propagated)} (one element)",
                       text=f"{_shown(assumptions)} -> {_shown(lhs)} {op} {_shown(rhs)}, for every n"
                            + (" (to first order)" if first else ""), **common)
    if errors == {E}:
        if rhs.has(E) and not lhs.has(E):
            lhs, rhs, op = rhs, lhs, _FLIP[op]
            common["op"] = op
        family = statement.arithmetic
        if family == "real":
            lhs, rhs = lhs.xreplace({E: sympy.S.Zero}), rhs.xreplace({E: sympy.S.Zero})
            return Meaning(statement, "intro-real", _SYMPY_OPS[op](lhs, rhs), sides=(lhs, rhs),
                           error=f"{found.result}_err^intro",
                           text=f"{_shown(lhs)} {op} {_shown(rhs)} (the real contraction is exact: E = 0)", **common)
        if family == "float":
            if lhs not in (E, sympy.Abs(E)) or rhs.has(E) or op not in ("<=", "<"):
                raise _NotRead("a float bound that is not |E| or E alone below a bound")
            chosen = statement.section.types or DEFAULT_FORMATS[family]
            return Meaning(statement, "intro-summation", absolute=lhs != E, bound=rhs, formats=tuple(chosen),
                           sides=(lhs, rhs), error=f"{found.result}_err^intro",
                           text=f"{'|E|' if lhs != E else 'E'} {op} {_shown(rhs)} where E is the float result of n "
                                f"terms minus {_shown(found.value)}, for every n"
                                + (f", where {found.result}_val is normal" if conditions else ""), **common)
        raise _NotRead(f"the error introduced in a {family or 'unnamed'} arithmetic on a result of n terms")
    raise _NotRead("it relates both the propagated and the introduced error" if errors else "it states no error")


def _norm_order(argument: sympy.Expr, found: Several) -> int:
    """The order in the errors of an O(...) argument written with the errors' largest magnitudes."""
    errors = {largest(str(e)) for e in found.errors if e is not None}
    if argument in errors:
        return 1
    if isinstance(argument, sympy.Mul):
        return sum(_norm_order(a, found) for a in argument.args)
    if isinstance(argument, sympy.Pow) and argument.exp.is_Integer and argument.exp > 0:
        return _norm_order(argument.base, found) * int(argument.exp)
    if not argument.free_symbols & errors:
        return 0
    raise _NotRead(f"the order of O({_shown(argument)}) in the errors")


def _dot_map(expr: sympy.Expr, substitute: dict, norms: dict, found: Several) -> sympy.Expr:
    expr = _substituted(expr.replace(lambda e: isinstance(e, sympy.Abs) and e.args[0] in norms,
                                     lambda e: norms[e.args[0]]), substitute)
    bases = {*found.operands, *[e for e in found.errors if e is not None]}
    elements = expr.replace(lambda e: isinstance(e, sympy.Indexed) and e.base.label in bases,
                            lambda e: sympy.Dummy())
    outside = sorted(str(s) for s in elements.free_symbols if s in bases)
    if outside:
        raise _NotRead(f"«{outside[0]}», a matrix, in a claim on one element (the note defines no |{outside[0]}| "
                       "or writes it outside a summation)")
    known = {found.terms, *norms.values(), E, _P, EPS, MIN_NORMAL, MAX_FINITE}
    # the summations' elements stand as dummies: what is left outside them must be defined
    return _all_defined(expr, known, {s for s in elements.free_symbols if not isinstance(s, sympy.Dummy)})


def _dot_condition(condition: Condition, found: Several) -> sympy.Basic:
    formula = _subject(condition)
    if condition.meaning == "normal" and formula.parts[0] == mathexpr.symbol(f"{found.result}_val"):
        return RESULT_NORMAL
    raise _NotRead(f"the condition «{condition.text}» on a result of n terms")


# -- the asserts of a note's Unit Verification code (`document.unitcode`) -----------------------------------------

def unit_asserts(note: Note, text: str) -> list[Meaning | NotRead]:
    """Each assert of the C++ code in the note's verification sections (``text``: the note as written), read as a
    claim at its line: over ``Y = f(X)`` as the note defines it, the result's error in the real domain being the
    propagated error; judged as the prose's claims are (`checkspec.unary`).  Unread (with why) where the code is
    not read whole, or computes another function than the note's."""
    found = unary(note)
    # the operator's own function, called by its name, and its attributes (`unitcode.asserts`)
    functions, attributes = ({note_operator(note).name.lower(): found.at},
                             {str(p): p for p in found.parameters}) if isinstance(found, Unary) else ({}, {})
    claims: list[Meaning | NotRead] = []
    for block in markdown.parse(text):
        section = note.section_of(block.line)
        if block.kind != "fence" or section is None or section.kind != "verification":
            continue
        for code in unitcode.asserts(block.body, block.line + 1, functions, attributes):
            statement = Statement(code.line, 1, section, code.text, Math(code.text, code.line, 1, None))
            try:
                claims.append(_assert_meaning(note, statement, code, found))
            except _NotRead as exc:
                claims.append(NotRead(statement, str(exc)))
    return claims


def _assert_meaning(note: Note, statement: Statement, code: unitcode.Assert, found: Unary | str) -> Meaning:
    if code.problem:
        raise _NotRead(f"the Unit Verification code: {code.problem}")
    if isinstance(found, str):
        raise _NotRead(found)
    if code.types or code.initial is not None:
        return _per_format(note, statement, code, found)
    at = {unitcode.X: found.operand, unitcode.X_ERR: found.error}
    if code.result is not None and sympy.simplify(code.result.xreplace(at) - found.value) != 0:
        raise _NotRead(f"the code's result computes {code.result}, not the note's {found.result} = {found.value}")
    op = note_operator(note)
    float_reading = None
    if code.unsaid and op.operation.exactness != "exact":
        # f applied to the abstract value: its result real or a float, the code does not say; judged under both
        # (`checkspec.unary`): y.err is f(X + X_err) - f(X), or a float of f(X + X_err) less f(X)
        computed = mathexpr.symbol(f"{found.result}_float")
        in_floats = code.relation.xreplace({**at, unitcode.Y_ERR: computed - found.value})
        float_reading = (computed, in_floats.lhs, in_floats.rhs)
    at[unitcode.Y_ERR] = found.propagated
    relation, conditions = code.relation.xreplace(at), code.condition.xreplace(at)
    if relation.free_symbols - {found.operand, found.error, *found.parameters}:
        raise _NotRead("an assert on more than the operand, its error and the result's error")
    relation_op = {"==": "="}.get(relation.rel_op, relation.rel_op)
    x, dx = found.operand, found.error
    arithmetic = "its arithmetic over the reals" if float_reading is None else \
        f"{code.unsaid}'s arithmetic unsaid: judged over the reals and with {code.unsaid} a float"
    return Meaning(statement, "propagation", relation, conditions, (str(x), str(dx)), sides=(relation.lhs, relation.rhs),
                   op=relation_op, name=f"unit_verification_line_{statement.line}", error=f"{found.result}_err^propag",
                   reads_as=f"{found.at(x + dx)} - {found.value}",
                   text=f"{_shown(conditions)} -> {_shown(relation.lhs)} {relation_op} {_shown(relation.rhs)} (the code's assert, "
                        f"{arithmetic})", float_reading=float_reading, assumed=code.assumed)


def _per_format(note: Note, statement: Statement, code: unitcode.Assert, found: Unary) -> Meaning:
    """An assert whose bound depends on the format T (the code's templates, `unitcode.Assert.types`), on an operand
    the code initializes without error anywhere in [-max, max] (every finite input of T), its result f applied to
    the abstract value (real or float arithmetic, unsaid).  Over the reals y.err is f(X + 0) - f(X) = 0 and the
    assert says 0 <= B_T(X); as a float, y.err is f(X) in T less f(X), the introduced error E, and it says
    |E| <= B_T(X), which implies the other: an introduced-error claim (``intro-reference``) in every float format,
    judged against the correctly rounded result (`checkspec.unary`).  Its reading for an integer T is said where
    the operator has no integer type, else not read."""
    op, x = note_operator(note), found.operand
    if code.initial != (-unitcode.MAX_FINITE, unitcode.MAX_FINITE) or not code.types:
        raise _NotRead("the Unit Verification code: an assert read per format T only on an operand without error "
                       "anywhere in [-MAX, MAX] (BETWEEN(-MAX, +MAX) with the comment «no error for X») and a bound "
                       "that depends on T")
    if code.result is None or not code.unsaid or code.condition != sympy.true:
        raise _NotRead("the Unit Verification code: an assert per format T on other than the operator's result "
                       "applied to the element, or under a condition")
    if sympy.simplify(code.result.xreplace({unitcode.X: x}) - found.value) != 0:
        raise _NotRead(f"the code's result computes {code.result}, not the note's {found.result} = {found.value}")
    relation = code.relation.xreplace({unitcode.X: x, unitcode.X_ERR: sympy.S.Zero})
    bound = relation.rhs
    if relation.rel_op not in ("<=", "<") or relation.lhs not in (unitcode.Y_ERR, sympy.Abs(unitcode.Y_ERR)) or \
            bound.free_symbols - {x, EPS}:
        raise _NotRead("the Unit Verification code: an assert per format T other than |y.err| <= B_T(x)")
    integral = code.for_integers
    if op.integer is not None:
        raise _NotRead(f"the Unit Verification code: the assert for an integer T ({op.name} has integer types) is "
                       "not judged")
    integers = "" if integral is None else (
        f"; for an integer T (none of {op.name}'s types: ONNX types it on floats alone) "
        + (f"it reads «{_shown(integral.relation)}», nothing to judge" if not integral.problem else
           f"it is not read ({integral.problem}), nothing to judge"))
    u, element, n = (mathexpr.symbol(name) for name in ("u", "x", "n"))     # as the code names them
    said = ", ".join(f"2^{1 - get_format(name).precision} in {name}" for name in DEFAULT_FORMATS["float"])
    shown = _shown(bound.xreplace({EPS: 2 * u}).xreplace({unitcode.exponent(x): n}).xreplace({x: element}))
    text = (f"{'|E|' if relation.lhs != unitcode.Y_ERR else 'E'} {relation.rel_op} B_T(x) in each float format T, "
            f"B_T(x) = {shown}, x = {x}[I], u = eps/2 with eps = std::numeric_limits<T>::epsilon ({said}), "
            f"n = x.getExponent() = floor(log2|x|); {x} anywhere in [-max, max] without error (the code's init); "
            f"E = {found.value} in T less {found.value} where {code.unsaid} is a float, 0 <= B_T({x}) over the reals"
            + "".join(f"; {what}" for what in code.unreached))
    return Meaning(statement, "intro-reference", op=relation.rel_op, absolute=relation.lhs != unitcode.Y_ERR,
                   bound=bound, formats=DEFAULT_FORMATS["float"], name=f"unit_verification_line_{statement.line}",
                   error=f"{found.result}_err^intro", text=text,
                   per_format=f"read once per format T, the overloads its templates take for a float T{integers}")
