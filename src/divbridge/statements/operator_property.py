"""A generic property of an operator's description (`operators.model.Property`), in IEEE 754: ``x + y = y + x``,
``(x * y) * z = x * (y * z)``, ``x - y = x + (-y)``...

The obligation's params name the property (``property``); its two sides are the description's expression
trees, which this module renders in SMT-LIB with each operator's own name (``Names.smtlib_float``) and evaluates on
the mirror with each operator's fast kernel.  The sides are equal when they are the same float, NaN equal
to NaN (SMT-LIB's ``=``: one NaN).  A property the description says does not hold is a probe: the
obligation expects ``invalid``, and the solvers' model is its counterexample, decoded in bits.
"""

from __future__ import annotations

import numpy as np

from divbridge import operators
from divbridge.formats import FloatFormat, get_format
from divbridge.operators.model import Expr, Property
from divbridge.statements import Statement
from divbridge.operators.arrays import neg, same

_VARIABLES = ("x", "y", "z")


def property_of(o) -> tuple[operators.Operator, Property]:
    op = operators.of_obligation_name(o.operator)
    return op, next(p for p in op.properties if p.name == o.params["property"])


def _names(expr: Expr) -> set[str]:
    if isinstance(expr, str):
        return {expr} if expr in _VARIABLES else set()
    return set().union(*(_names(e) for e in expr[1:]))


def _smt(op: operators.Operator, expr: Expr, fmt: FloatFormat) -> str:
    if isinstance(expr, str):
        return {"+0": f"(_ +zero {fmt.eb} {fmt.sb})", "-0": f"(_ -zero {fmt.eb} {fmt.sb})", "1": "one"}.get(expr, expr)
    head, *args = expr
    terms = " ".join(_smt(op, e, fmt) for e in args)
    if head == "neg":
        return f"(fp.neg {terms})"
    name = (op if head == "op" else operators.get(head)).names.smtlib_float
    return f"({name} RNE {terms})"


def _numpy(op: operators.Operator, expr: Expr, fmt: FloatFormat, env: dict[str, np.ndarray]) -> np.ndarray:
    if isinstance(expr, str):
        if expr in env:
            return env[expr]
        shape = next(iter(env.values())).shape
        return np.full(shape, operators.evaluate(op, expr, fmt, {}), dtype=fmt.uint_dtype).view(fmt.dtype)
    head, *args = expr
    values = [_numpy(op, e, fmt, env) for e in args]
    if head == "neg":
        return neg(fmt, values[0])
    return (op if head == "op" else operators.get(head)).kernels.fast(fmt, *values)


class OperatorProperty(Statement):
    kind = "operator_property"
    name = "operator_property"
    families = ("float",)
    encodings = frozenset({"smt", "predicate"})

    def variables(self, o) -> tuple[str, ...]:
        _, prop = property_of(o)
        found = _names(prop.lhs) | _names(prop.rhs)
        return tuple(v for v in _VARIABLES if v in found)

    def smt(self, o, context) -> str:
        op, prop = property_of(o)
        fmt = context["fmt"]
        return (f"; {prop.text}: the same float on both sides (NaN equal to NaN)\n"
                f"(define-fun goal () Bool (= {_smt(op, prop.lhs, fmt)}\n"
                f"                            {_smt(op, prop.rhs, fmt)}))")

    def samples(self, o, vector_sets):
        """The vectors' pairs as (x, y), and z the pairs' B shifted by one (a third operand where the
        property has one)."""
        fmt = get_format(o.format)
        for vectors in vector_sets:
            columns = {"x": vectors.a, "y": vectors.b, "z": np.roll(vectors.b, 1)}
            yield vectors.source, fmt, {v: columns[v] for v in self.variables(o)}

    def predicate(self, o, fmt, **columns):
        op, prop = property_of(o)
        lhs, rhs = _numpy(op, prop.lhs, fmt, columns), _numpy(op, prop.rhs, fmt, columns)
        return np.ones(lhs.shape, bool), same(fmt, lhs, rhs)

    def explain(self, o, fmt, values) -> str:
        op, prop = property_of(o)
        env = {v: values[v] for v in self.variables(o)}
        lhs, rhs = (operators.evaluate(op, side, fmt, env) for side in (prop.lhs, prop.rhs))
        return f"left side {fmt.describe(lhs)}, right side {fmt.describe(rhs)}"


STATEMENTS = (OperatorProperty(),)
