"""A worked example of the document ("A = [...], B = [...], C = [...]"): the operator gives each element's C.

The obligation's params hold its elements as written, texts of its inputs then C (``(a, b, c)``), already checked to be exact in
the obligation's format (`obligations.catalog`), and the values it gives the operator's float attributes
(``attributes``: ``{"alpha": "1/4"}``, every element's).  It has no variables: its queries are about constants,
and its predicate runs on its own elements.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge.formats import FloatFormat, Format, IntFormat, get_format
from divbridge.statements import Statement
from divbridge import assets, operators
from divbridge.operators.arrays import bits
from divbridge.statements.mirrorops import result
from divbridge.terms import Const, Term, Var, smtlib, text, why3
from divbridge.terms.smtlib import bv_literal, fp_literal, real_literal
from divbridge.terms.why3 import float_literal
from divbridge.terms.why3 import real_literal as why3_real


class WorkedExample(Statement):
    kind = "example"
    name = "example"
    families = ("float", "int", "real")
    encodings = frozenset({"why3", "smt", "predicate"})

    def variables(self, o) -> tuple[str, ...]:
        return ()

    def why3_name(self, o) -> str:
        return o.params["example"]

    def why3_route(self, o) -> str:
        return "bits"   # a float example applies the operator to literals and classes: nothing but bits

    def why3(self, o) -> str:
        """Each element's result is its C.  An infinite or NaN operand, which Why3 writes no literal for, is
        a variable of its class (there is one NaN, and one infinity of each sign)."""
        fmt = get_format(o.format)
        op = operators.of_obligation_name(o.operator)
        # an integer type's module: the shared one works on bit-vectors (bv.BV<n>), an operator's own template
        # may work on Why3's integers
        bits = isinstance(fmt, IntFormat) and not assets.has_own_template("why3", op.name, "int.mlw.j2")
        lines = []
        for number, (*inputs, c) in enumerate(o.params["elements"], 1):
            binders, hypotheses, operands = [], [], []
            named = [(i.type, f"{i.var}{number}", x) for i, x in zip(op.inputs, inputs)]
            named += [("T", f"{a}{number}", x) for a, x in _attributes(o).items()]
            for kind, name, written in named:
                if kind == "bool":
                    operands.append(_truth(written))
                elif written in _CLASS:
                    binders.append(name)
                    hypotheses.append(f"{_CLASS[written]} {name}")
                    operands.append(Var(name))
                else:
                    operands.append(_constant(fmt, written))
            given = tuple(operands[op.arity:])
            term = why3.term(op.applied(o.family, _signed(fmt), tuple(operands[:op.arity]), given),
                             fmt if o.family == "float" or bits else None)
            claim = f"{_CLASS[c]} ({term})" if c in _CLASS else term if c == "true" else f"not ({term})" \
                if c == "false" else f"{term} = {_term(fmt, c, bits)}"
            if binders:
                conjunction = " /\\ ".join(hypotheses)
                claim = f"(forall {' '.join(binders)}: t. {conjunction} -> {claim})"
            lines.append(claim)
        return "\n    /\\ ".join(lines)

    def smt_frame(self, o) -> str:
        return o.family

    def smt(self, o, context) -> str:
        fmt = context.get("fmt")
        op = operators.of_obligation_name(o.operator)
        if op.operation.result == "bool":
            return _truths(o, op, fmt)
        if isinstance(fmt, FloatFormat):
            lines = []
            given = {a: fmt.parse(x) for a, x in _attributes(o).items()}
            for *inputs, c in ([_truth(x) if x in _TRUTHS else Const(fmt.parse(x)) for x in element]
                               for element in o.params["elements"]):
                c = c.value
                term = smtlib.term(op.applied("float", args=tuple(inputs),
                                              attributes=tuple(Const(x) for x in given.values())), fmt)
                shown = text.term(op.applied("float", args=tuple(
                    x if x.sort == "bool" else Var(fmt.describe(x.value)) for x in inputs),
                    attributes=tuple(Var(fmt.describe(x)) for x in given.values())))
                lines.append(f"  (fp.isNaN {term})   ; {shown} = nan" if fmt.decode(c).is_nan else
                             f"  (= {term} {fp_literal(fmt, c)})   ; {shown} = {fmt.describe(c)}")
            return "(define-fun goal () Bool (and\n" + "\n".join(lines) + "\n  true))"
        if isinstance(fmt, IntFormat):
            w = fmt.bits
            rounding = "truncated toward zero" if op.integer.kind == "truncate" else f"modulo 2^{fmt.bits}"
            what = f"{op.vocabulary.result_nouns[0]}, {rounding}"
            return f"; the document's worked example: each element's {what}, is the C written\n" \
                "(define-fun goal () Bool (and" + "".join(
                f" (= {smtlib.term(op.applied('int', fmt.signed, tuple(_constant(fmt, x) for x in inputs)), fmt)}"
                f" {bv_literal(w, _int(c))})" for *inputs, c in o.params["elements"]) + "))"
        # the operator named apart from the literals' own "/" (1/4 is a literal), so that a smoke test can tell
        # them apart
        noun = op.vocabulary.result_nouns[0].replace(" ", "_")
        params = [Var(name, i.sort("real")) for name, i in zip(("x", "y", "z"), op.inputs)]
        applied = op.applied("real", args=tuple(params),
                             attributes=tuple(Const(Fraction(x), "real") for x in _attributes(o).values()))
        defined = "".join(f"{d}\n" for d in smtlib.definitions(applied))   # an operation that is no primitive
        sorts = {"real": "Real", "bool": "Bool"}
        return defined + f"(define-fun {noun} ({' '.join(f'({p.name} {sorts[p.sort]})' for p in params)}) Real " \
            f"{smtlib.term(applied)})\n" \
            "(define-fun goal () Bool (and\n" + "".join(
            f"  (= ({noun} {' '.join(smtlib.term(_constant(None, x)) for x in inputs)}) {real_literal(c)})\n"
            for *inputs, c in o.params["elements"]) + "  true))"

    def samples(self, o, vector_sets):
        fmt = get_format(o.format)
        op = operators.of_obligation_name(o.operator)
        columns = list(zip(*o.params["elements"]))
        given = {a: _column(fmt, (x,) * len(columns[0])) for a, x in _attributes(o).items()}
        yield f"worked example {o.params['example'].removeprefix('example_')}", fmt, \
            {**dict(zip((*(i.var for i in op.inputs), "c"), (_column(fmt, texts) for texts in columns))), **given}

    def predicate(self, o, fmt: Format, c, **inputs):
        """Each element's C is what the operator gives its inputs (columns by the inputs' variables)."""
        op = operators.of_obligation_name(o.operator)
        q = result(o.operator, fmt, *(inputs[i.var] for i in op.inputs), *(inputs[a] for a in _attributes(o)))
        if isinstance(fmt, FloatFormat) and q.dtype != bool:
            with np.errstate(invalid="ignore"):
                both_nan = np.isnan(q.astype(np.float64)) & np.isnan(c.astype(np.float64))
            return np.ones(c.shape, bool), (bits(fmt, q) == bits(fmt, c)) | both_nan
        return np.ones(c.shape, bool), np.array([x == y for x, y in zip(q, c)], bool)

    def explain(self, o, fmt: Format, values) -> str:
        _, _, columns = next(self.samples(o, []))
        applies, holds = self.predicate(o, fmt, **columns)
        op = operators.of_obligation_name(o.operator)
        results = result(o.operator, fmt, *(columns[i.var] for i in op.inputs), *(columns[a] for a in _attributes(o)))
        for i in np.flatnonzero(~holds):
            *inputs, c = o.params["elements"][i]
            sort = {"float": "float", "int": "bv", "real": "real"}[o.family]
            shown = text.term(op.applied(o.family, _signed(fmt), tuple(Var(x, i.sort(o.family))
                                                                      for i, x in zip(op.inputs, inputs)),
                                         tuple(Var(x, sort) for x in _attributes(o).values()) or None))
            return f"{shown} = {_shown(fmt, results[i])}, not {c}"
        return "every element as the example states"


def _attributes(o) -> dict[str, str]:
    """The values the example gives its operator's float attributes, as written (none: it has none)."""
    return o.params.get("attributes", {})


def _truths(o, op, fmt: Format | None) -> str:
    """The goal of an example whose C is truth values (Less's): each element's result is its C."""
    family = o.family
    lines = []
    for *inputs, c in o.params["elements"]:
        term = smtlib.term(op.applied(family, _signed(fmt), tuple(_constant(fmt, x) for x in inputs)), fmt)
        shown = text.term(op.applied(family, _signed(fmt), tuple(Var(x, i.sort(family))
                                                                 for i, x in zip(op.inputs, inputs))))
        lines.append(f"  {term if c == 'true' else f'(not {term})'}   ; {shown} = {c}")
    defined = "" if family != "real" else "".join(f"{d}\n" for d in smtlib.definitions(op.applied("real")))
    return defined + "(define-fun goal () Bool (and\n" + "\n".join(lines) + "\n  true))"


def _column(fmt: Format, texts) -> np.ndarray:
    if texts and texts[0] in _TRUTHS:     # a truth value (Less's result, Where's condition)
        return np.array([t == "true" for t in texts], dtype=bool)
    if isinstance(fmt, FloatFormat):
        return np.array([fmt.parse(t) for t in texts], dtype=fmt.uint_dtype).view(fmt.dtype)
    if isinstance(fmt, IntFormat):
        return np.array([_int(t) for t in texts], dtype=fmt.dtype)
    return np.array([Fraction(t) for t in texts], dtype=object)


def _shown(fmt: Format, value) -> str:
    if isinstance(value, (bool, np.bool_)):
        return str(bool(value)).lower()
    return fmt.describe(int(bits(fmt, value))) if isinstance(fmt, FloatFormat) else str(value)


# the classes of value Why3 has no literal for, as its predicates
_CLASS = {"nan": "is_nan", "inf": "is_plus_infinity", "-inf": "is_minus_infinity"}


def _int(text: str) -> int:
    return int(Fraction(text))


def _term(fmt: Format, written: str, bits: bool) -> str:
    """A written value as a Why3 term of the format's type (an integer in a module of ``bv.BV<n>``, ``bits``:
    its bit pattern)."""
    if isinstance(fmt, FloatFormat):
        return float_literal(fmt, fmt.parse(written))
    if isinstance(fmt, IntFormat):
        return why3.term(Const(_int(written), "bv"), fmt if bits else None)
    return why3_real(Fraction(written))


_TRUTHS = ("true", "false")


def _truth(written: str) -> Term:
    """A truth value written (a bool input's: Where's condition) as a constant."""
    return Const(written == "true", "bool")


def _constant(fmt: Format | None, written: str) -> Term:
    """A written value as a constant of the format's sort (a truth value: a bool; no format: a real)."""
    if written in _TRUTHS:
        return _truth(written)
    if isinstance(fmt, FloatFormat):
        return Const(fmt.parse(written))
    if isinstance(fmt, IntFormat):
        return Const(_int(written), "bv")
    return Const(Fraction(written), "real")


def _signed(fmt: Format) -> bool:
    return not isinstance(fmt, IntFormat) or fmt.signed


STATEMENTS = (WorkedExample(),)
