"""A generic property of an operator's description (`operators.model.Property`), in IEEE 754 or on an integer
type: ``x + y = y + x``, ``(x * y) * z = x * (y * z)``, ``-(-x) = x``, ``-INT_MIN = INT_MIN``...

The obligation's params name the property (``property``); its goal is the description's term tree
(`divbridge.terms`), which this module prints in SMT-LIB (and in Why3, in the families the description's Why3
modules cover) and evaluates on the mirror (`terms.numpy`).  The sides are equal when they are the same value,
NaN equal to NaN (SMT-LIB's ``=``: one NaN).  A property the description says does not hold is a probe: the
obligation expects ``invalid``, and the solvers' model is its counterexample, decoded in bits.
"""

from __future__ import annotations

import numpy as np

from divbridge import operators
from divbridge.formats import FloatFormat, get_format
from divbridge.operators.model import Property
from divbridge.statements import Statement, point_columns
from divbridge.statements.smtlib import operator_definitions
from divbridge.terms import numpy as mirror, smtlib, why3


def property_of(o) -> tuple[operators.Operator, Property]:
    op = operators.of_obligation_name(o.operator)
    return op, next(p for p in op.properties if p.name == o.params["property"] and p.family == o.family)


def _formats(fmt) -> dict:
    """The formats the mirror evaluates a term in: floats, or bit-vectors."""
    return {"fmt": fmt} if isinstance(fmt, FloatFormat) else {"ints": fmt}


class OperatorProperty(Statement):
    kind = "operator_property"
    name = "operator_property"
    families = ("float", "int")
    encodings = frozenset({"why3", "smt", "predicate"})

    def variables(self, o) -> tuple[str, ...]:
        return tuple(v.name for v in property_of(o)[1].variables)

    def sorts(self, o) -> dict[str, str]:
        return {v.name: v.sort for v in property_of(o)[1].variables}

    def why3(self, o) -> str:
        _, prop = property_of(o)
        floats = " ".join(v.name for v in prop.variables if v.sort != "bool")
        conditions = [f"{v.name}: bool" for v in prop.variables if v.sort == "bool"]
        binders = ", ".join([*conditions, f"{floats}: t"] if floats else conditions)
        body = why3.term(prop.goal, get_format(o.format))
        return f"forall {binders}. {body}" if binders else body

    def why3_route(self, o) -> str:
        return "bits"   # floats and their operations, no real number: Z3 bit-blasts it

    def why3_name(self, o) -> str:
        return o.params["property"]

    def smt(self, o, context) -> str:
        op, prop = property_of(o)
        fmt = context["fmt"]
        framed = operator_definitions(op, o.family, fmt)    # the frame states the operator's own
        definitions = "".join(f"{d}\n" for d in smtlib.definitions(prop.goal, fmt=fmt) if d not in framed)
        if prop.given is None and prop.claim != prop.lhs:   # the two sides, one under the other
            goal = f"(= {smtlib.term(prop.lhs, fmt)}\n                            {smtlib.term(prop.rhs, fmt)})"
        else:
            goal = smtlib.term(prop.goal, fmt)
        what = "float on both sides (NaN equal to NaN)" if o.family == "float" else "value on both sides"
        return f"; {prop.text}: the same {what}\n{definitions}(define-fun goal () Bool {goal})"

    def samples(self, o, vector_sets):
        """The vectors' pairs as its variables: x and y (a condition: every other point), and z the pairs' B
        shifted by one (a third operand where the property has one)."""
        fmt = get_format(o.format)
        _, prop = property_of(o)
        for vectors in vector_sets:
            floats = iter((vectors.a, vectors.b, np.roll(vectors.b, 1)))
            columns = {v.name: (np.arange(vectors.a.size) % 2 == 0) if v.sort == "bool" else next(floats)
                       for v in prop.variables}
            yield vectors.source, fmt, columns

    def predicate(self, o, fmt, **columns):
        _, prop = property_of(o)
        holds = mirror.evaluate(prop.goal, columns, **_formats(fmt))
        return np.ones(holds.shape, bool), holds

    def explain(self, o, fmt, values) -> str:
        _, prop = property_of(o)
        columns = point_columns(fmt, {v.name: v.sort for v in prop.variables},
                                {v.name: values[v.name] for v in prop.variables})
        lhs, rhs = (mirror.evaluate(side, columns, **_formats(fmt)) for side in (prop.lhs, prop.rhs))
        return f"left side {_shown(fmt, lhs[0])}, right side {_shown(fmt, rhs[0])}"


def _shown(fmt, value) -> str:
    """A side's value: a float of the format, an integer of the type, or a truth value."""
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value)).lower()
    if isinstance(fmt, FloatFormat):
        return fmt.describe(int(np.array([value]).view(fmt.uint_dtype)[0]))
    return fmt.describe(int(value))


STATEMENTS = (OperatorProperty(),)
