"""A definition a real or integer section states that is not its operation: C = -(A op B).

The reader reads "C is B minus A" beside an operation whose operands taken the other way give its negation as
C = -(A - B) (`document.prose`), exact in reals and in wrapping integers; check-spec refutes it there with the
first operand pair the two tell apart (`checkspec.checks`).  This is the same claim as a proof obligation, so
that `prove` refutes it too, at its line: the operator's exact (real) or bit-vector (integer) result equals its
own negation.  The section's own definition (C = A op B) binds the operator's library instead.
"""

from __future__ import annotations

import numpy as np

from divbridge import operators
from divbridge.formats import IntFormat
from divbridge.statements import Statement
from divbridge.statements.mirrorops import result
from divbridge.statements.real import grid_samples
from divbridge.terms import BV_NEG, EQ, Var, smtlib


class NegatedDefinition(Statement):
    kind = "definition"
    name = "negated_definition"
    families = ("real", "int")
    encodings = frozenset({"smt", "predicate"})

    def smt(self, o, context) -> str:
        if o.family == "int":       # the frame defines c, the operator's bit-vector result
            c = Var("c", "bv")
            return f"(define-fun goal () Bool {smtlib.term(EQ(c, BV_NEG(c)))})"
        exact = smtlib.term(context["operator"].applied("real"))
        return f"(define-fun goal () Bool (= {exact} (- {exact})))"

    def samples(self, o, vector_sets):
        if o.family == "real":
            yield from grid_samples(self.variables(o))
        else:
            yield from super().samples(o, vector_sets)

    def predicate(self, o, fmt, **columns):
        inputs = list(columns.values())
        if isinstance(fmt, IntFormat):
            c = result(o.operator, fmt, *inputs)
            with np.errstate(over="ignore"):
                return np.ones(c.shape, bool), c == np.negative(c)     # wrapped, as the bit-vector negation is
        op = operators.of_obligation_name(o.operator)
        exact = np.array([op.kernels.real(*point) for point in zip(*inputs)], dtype=object)
        return np.ones(exact.shape, bool), np.array([r == -r for r in exact], bool)


STATEMENTS = (NegatedDefinition(),)
