"""A case table's conditions and results as SMT formulas, one encoding per format.

Formulas are z3 terms.  A float table's conditions and results are its rows'
own SMT-LIB encoding, the one `prove` proves (`statements.case_table`, over
``(_ FloatingPoint eb sb)`` with the operands declared as bit-vectors, so a
model gives the exact bit patterns), read into z3 to be combined and
evaluated; integers are bit-vectors and reals z3 reals, with the operator's
exact profiles as its description gives them (`operators.obligations.ExactTerms`;
`prove` binds no integer or real table).  They are solved as SMT-LIB text by
the solver workers `prove` uses (`provers.solvers`: a child process under a
CPU, memory and wall-clock limit, never this process), float queries by
Bitwuzla (measured: an fp64 query of a case-table row takes Bitwuzla 0.03 s,
Z3 4.4 s), everything else (BF16, which Bitwuzla's build lacks, included) by
Z3.  A query a solver cannot settle within its limits, or whose worker fails,
is "unknown".

Each query is first asked on a small grid of "nice" operands (zeros, ones,
twos, infinities, NaN, extremes): a counterexample found there is one a
reader understands at a glance.  Only when the grid has none is the query
asked over every input.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import z3

from divbridge.document.formula import And, Atom, Condition, Literal, Not, Or, Otherwise, Result
from divbridge.formats import FloatFormat, IntFormat, RealFormat
from divbridge.operators.model import OPERANDS, OPERATION_RESULT, Operator
from divbridge.obligations.document import condition_data, result_data
from divbridge.provers import solvers
from divbridge.statements import case_table, smtlib

SOLVER_TIMEOUT_S = 20.0


def any_of(formulas: list[z3.BoolRef]) -> z3.BoolRef:
    """A disjunction Bitwuzla accepts: its SMT-LIB parser rejects a one-argument `or`."""
    return formulas[0] if len(formulas) == 1 else z3.Or(formulas)


class Encoding:
    """The semantics of the operator in one format: conditions, results, and what the operator gives.  ``inputs``:
    the declared constants a solver's model gives, one per input of the operator (a float's bit pattern);
    ``operands``: the inputs as the conditions compare them.  Witnesses are tuples of input values, in order."""

    fmt: RealFormat | FloatFormat | IntFormat
    inputs: tuple[z3.ExprRef, ...]
    operands: tuple[z3.ExprRef, ...]

    def condition(self, cond: Condition, previous: list[z3.BoolRef]) -> z3.BoolRef:
        if isinstance(cond, Otherwise):
            return z3.Not(any_of(previous)) if previous else z3.BoolVal(True)
        if isinstance(cond, And):
            return z3.And([self.condition(p, previous) for p in cond.parts])
        if isinstance(cond, Or):
            return z3.Or([self.condition(p, previous) for p in cond.parts])
        if isinstance(cond, Not):
            return z3.Not(self.condition(cond.part, previous))
        return self.atom(cond)

    def operand(self, atom: Atom) -> z3.ExprRef:
        return self.named(atom.operand)

    def named(self, name: str) -> z3.ExprRef:
        """The operand a condition or result names (A, B, C: `OPERANDS`)."""
        return self.operands[OPERANDS.index(name)]

    def atom(self, atom: Atom) -> z3.BoolRef:
        raise NotImplementedError

    def ok(self, result: Result) -> z3.BoolRef:
        """True where the row's result is what the semantics gives."""
        raise NotImplementedError

    def grid(self) -> list:
        raise NotImplementedError

    def grids(self) -> list[list]:
        """The nice values of each input, in order (a bool input's: False and True), then of each float attribute
        the encoding declares after them (the format's)."""
        kinds = [i.type for i in self.operator.inputs] + ["T"] * max(0, len(self.inputs) - self.operator.arity)
        return [[0, 1] if kind == "bool" else self.grid() for kind in kinds]

    def const_at(self, k: int, value) -> z3.ExprRef:
        """The value as a constant of the k-th input's sort (a bool input's: one bit; an attribute's: the format's)."""
        condition = k < self.operator.arity and self.operator.inputs[k].type == "bool"
        return z3.BitVecVal(value, 1) if condition else self.const(value)

    def values(self, model: dict[str, Any]) -> tuple:
        """The inputs a solver's model gives (declared constant -> value; one it leaves out: 0)."""
        raise NotImplementedError

    def describe(self, *values) -> str:
        raise NotImplementedError

    def gives(self, *values) -> str:
        """What the semantics gives for these operands, in words."""
        raise NotImplementedError

    def const(self, value) -> z3.ExprRef:
        raise NotImplementedError

    def signature(self, *values) -> tuple:
        """The class of the inputs: one counterexample per class is enough."""
        raise NotImplementedError

    def solver(self) -> str:
        """Which solver answers its queries."""
        return "z3"

    def has_value(self, *values) -> bool:
        """Whether the semantics gives these operands a result at all."""
        return True

    def gap(self, result: Result) -> str:
        """Why the encoding cannot state the result exactly ("": it can)."""
        return case_table.encoding_gap(("true",), result_data(result))


class FloatEncoding(Encoding):
    """A float table's terms are its rows' own SMT-LIB encoding (`statements.case_table`), over the names of
    `smtlib.float_context`, read into z3 terms to be combined (coverage, overlap) and evaluated on the grid."""

    def __init__(self, fmt: FloatFormat, operator: Operator):
        self.fmt = fmt
        self.operator = operator
        self._context = smtlib.float_context(fmt, operator.free_variables("float"), operator)
        self._read: dict[str, z3.BoolRef] = {}   # a table's rows share their atoms
        # its inputs (a condition one bit), then its float attributes (free: a witness gives each a value, as it
        # gives an input)
        names = [v.name for v in operator.free_variables("float")]
        widths = [1 if i.type == "bool" else fmt.width for i in operator.inputs] + \
            [fmt.width] * len(operator.attribute_variables())
        self.inputs = tuple(z3.BitVec(f"{name}_bits", width) for name, width in zip(names, widths))
        # a float, not a formula: read as the left side of its equality with itself
        *operands, self.q = (self._term(f"(= {name} {name})").arg(0) for name in (*names, "q"))
        self.operands = tuple(operands)

    def _term(self, formula: str) -> z3.BoolRef:
        """An SMT-LIB formula over the context's names, as a z3 term."""
        if formula not in self._read:
            self._read[formula] = z3.parse_smt2_string(f"{self._context}\n(assert {formula})")[0]
        return self._read[formula]

    def atom(self, atom: Atom) -> z3.BoolRef:
        return self._term(case_table.smt_condition(condition_data(atom, []), self.fmt, self.operator))

    def sign_rule(self, sign: str, applies: str) -> z3.BoolRef:
        """True where a sign rule of zero (``applies`` "zero") or infinite ("inf") results holds."""
        return self._term(case_table.smt_result(("sign", sign, applies, ""), self.fmt, self.operator))

    def ok(self, result: Result) -> z3.BoolRef:
        # an operation is the one its infix names (`Result.operator`), whatever the document's operator: another
        # operator's operation in a row is checked as that operation, and refuted
        return self._term(case_table.smt_result(result_data(result), self.fmt, self.operator))

    def grid(self) -> list[int]:
        special = self.fmt.special_values()
        names = ("+one", "-one", "+zero", "-zero", "+inf", "-inf", "nan", "+min_subnormal", "-min_subnormal",
                 "+max_finite", "-max_finite")
        values = [special[n] for n in names]
        values += [self.fmt.round(Fraction(v)) for v in (2, -2, 3, -3)]
        return values

    def values(self, model: dict[str, Any]) -> tuple[int, ...]:
        return tuple(model.get(f"{v.name}_bits", 0) for v in self.operator.free_variables("float"))

    def const(self, value: int) -> z3.ExprRef:
        return z3.BitVecVal(value, self.fmt.width)

    def describe(self, *values: int) -> str:
        kinds = [*((i.name, i.type) for i in self.operator.inputs),
                 *((v.name, "T") for v in self.operator.attribute_variables())]
        return ", ".join(f"{name} = {bool(v) if kind == 'bool' else self.fmt.describe(v)}"
                         for (name, kind), v in zip(kinds, values))

    def gives(self, *values: int) -> str:
        result = self.operator.kernels.float_bits(self.fmt, *self._arguments(values))
        return str(result) if isinstance(result, bool) else self.fmt.to_text(result)   # a truth value: Less's

    def _kinds(self, values) -> list[str]:
        """Each of a witness's values' kind: its input's (T or bool), then T for each attribute after them."""
        return [i.type for i in self.operator.inputs] + ["T"] * (len(values) - self.operator.arity)

    def _arguments(self, values) -> tuple:
        """A witness's values as the kernels take them (a bool input's as a bool; the attributes' after them)."""
        return tuple(bool(v) if kind == "bool" else v for kind, v in zip(self._kinds(values), values))

    def signature(self, *values: int) -> tuple:
        def cls(bits, kind):
            if kind == "bool":
                return ("bool", bits)
            d = self.fmt.decode(bits)
            return ("finite" if d.kind in ("normal", "subnormal") else d.kind, 0 if d.is_nan else d.sign)
        return tuple(c for v, kind in zip(values, self._kinds(values)) for c in cls(v, kind))

    def solver(self) -> str:
        """Bitwuzla, but in the formats its build lacks (BF16: it rejects the format's literals)."""
        return "bitwuzla" if solvers.supports("bitwuzla", "QF_BVFP", self._context) else "z3"


class ExactEncoding(Encoding):
    """Integers and reals: no NaN and no infinity, so those atoms are constants."""

    def atom(self, atom: Atom) -> z3.BoolRef:
        if atom.op in ("samesign", "diffsign"):   # zero counts as positive, as its sign bit says
            same = self.negative(self.named("A")) == self.negative(self.named("B"))
            return same if atom.op == "samesign" else z3.Not(same)
        if atom.op in ("isnan", "isinf", "notfinite"):
            return z3.BoolVal(False)
        if atom.op in ("notnan", "notinf", "isfinite"):
            return z3.BoolVal(True)
        if atom.literal.kind == "nan":
            return z3.BoolVal(atom.op == "≠")
        if atom.literal.kind == "operand":   # B = -A: the exact values compared
            x, y = self.exact_value(self.operand(atom)), self.exact_value(self.named(atom.literal.operand))
            y = -y if atom.literal.sign == "-" else y
            return {"=": x == y, "≠": x != y, "<": x < y, ">": x > y, "≤": x <= y, "≥": x >= y}[atom.op]
        return self.compare(self.operand(atom), atom.op, atom.literal)

    def compare(self, x: z3.ExprRef, op: str, lit: Literal) -> z3.BoolRef:
        raise NotImplementedError

    def exact_value(self, x: z3.ExprRef) -> z3.ExprRef:
        """An operand or result as a term whose negation and comparisons are exact (no wrap-around)."""
        return x

    def gap(self, result: Result) -> str:
        if result.kind == OPERATION_RESULT and not result.is_operation_of(self.operator):
            return (f"{result.operator.name}'s operation in a row of {self.operator.name}'s {self.fmt.family} "
                    "section has no exact encoding here")
        return ""

    def negative(self, x: z3.ExprRef) -> z3.BoolRef:
        raise NotImplementedError

    @staticmethod
    def beyond(op: str, x_below: bool) -> z3.BoolRef:
        """x op L for a literal L above every value x takes (``x_below``) or below every one."""
        return z3.BoolVal({"=": False, "≠": True, "<": x_below, "≤": x_below, ">": not x_below, "≥": not x_below}[op])


_INT_ROUNDINGS = ("", "trunc", "floor", "ceil")   # a result's roundings to an integer, each encoded exactly


class IntEncoding(ExactEncoding):
    def __init__(self, fmt: IntFormat, operator: Operator):
        self.fmt = fmt
        self.operator = operator
        self.inputs = self.operands = (z3.BitVec("A", fmt.bits), z3.BitVec("B", fmt.bits))
        self.q, self.defined, self.inexact, self.negative_result = operator.obligations.exact.integer(
            fmt, *self.operands)

    def compare(self, x: z3.ExprRef, op: str, lit: Literal) -> z3.BoolRef:
        if lit.kind in ("min", "max"):
            lit = Literal("number", Fraction(self.fmt.min if lit.kind == "min" else self.fmt.max))
        if lit.kind == "inf":   # every integer is below +inf and above -inf
            return self.beyond(op, lit.sign != "-")
        v = lit.value
        lo, hi = self.fmt.min, self.fmt.max
        # compare with the mathematical value: clamp out-of-range and non-integer literals exactly
        if op in ("=", "≠"):
            if v.denominator != 1 or not lo <= v <= hi:
                return z3.BoolVal(op == "≠")
            eq = x == int(v)
            return eq if op == "=" else z3.Not(eq)
        bound = {"<": -(-v // 1) - 1, "≤": v // 1, ">": v // 1 + 1, "≥": -(-v // 1)}[op]   # x < v <=> x <= ceil(v)-1
        if op in ("<", "≤"):
            return z3.BoolVal(False) if bound < lo else z3.BoolVal(True) if bound >= hi else self._le(x, bound)
        return z3.BoolVal(False) if bound > hi else z3.BoolVal(True) if bound <= lo else z3.Not(self._le(x, bound - 1))

    def negative(self, x: z3.ExprRef) -> z3.BoolRef:
        return x < 0 if self.fmt.signed else z3.BoolVal(False)   # z3's < on bit-vectors is signed

    def _le(self, x, bound: int) -> z3.BoolRef:
        return x <= bound if self.fmt.signed else z3.ULE(x, bound)

    def ok(self, result: Result) -> z3.BoolRef:
        if result.kind == OPERATION_RESULT and result.rounding in _INT_ROUNDINGS:
            return z3.And(self.defined, self._wide(self.q) == self._rounded(result.sign, result.rounding))
        if result.kind == OPERATION_RESULT:   # round(A op B): which nearest, the document does not say; not a claim here
            return self.defined
        if result.kind in ("nan", "inf"):
            return z3.BoolVal(False)     # no integer is NaN or infinite
        if result.kind == "undefined":
            return z3.Not(self.defined)
        if result.kind == "operand":     # where the semantics leaves C undefined, a document may define it
            x = self._wide(self.named(result.operand))
            return z3.Or(z3.Not(self.defined), self._wide(self.q) == (-x if result.sign == "-" else x))
        v = result.value
        if v.denominator != 1 or not self.fmt.min <= v <= self.fmt.max:
            return z3.Not(self.defined)
        # where the semantics leaves C undefined, a document may define it
        return z3.Or(z3.Not(self.defined), self.q == int(v))

    def _wide(self, x: z3.ExprRef) -> z3.ExprRef:
        """A value in twice the width, where negating and stepping a result cannot overflow."""
        return (z3.SignExt if self.fmt.signed else z3.ZeroExt)(self.fmt.bits, x)

    def exact_value(self, x: z3.ExprRef) -> z3.ExprRef:
        return self._wide(x)   # compared as signed values of twice the width: exact for either signedness

    def _rounded(self, sign: str, rounding: str) -> z3.ExprRef:
        """The row's result (the section's, rounded toward zero; floored, ceiled, negated), in twice the width."""
        q = self._wide(self.q)
        if rounding == "floor":
            q = z3.If(z3.And(self.inexact, self.negative_result), q - 1, q)
        elif rounding == "ceil":
            q = z3.If(z3.And(self.inexact, z3.Not(self.negative_result)), q + 1, q)
        return -q if sign == "-" else q

    def grid(self) -> list[int]:
        values = [1, -1, 0, 2, -2, 7, -7, self.fmt.min, self.fmt.max, self.fmt.min + 1]
        return [v for v in dict.fromkeys(values) if self.fmt.min <= v <= self.fmt.max]

    def values(self, model: dict[str, Any]) -> tuple[int, ...]:
        def value(name):
            raw = model.get(name, 0)
            return raw - (1 << self.fmt.bits) if self.fmt.signed and raw >> (self.fmt.bits - 1) else raw
        return tuple(value(str(x)) for x in self.inputs)

    def const(self, value: int) -> z3.ExprRef:
        return z3.BitVecVal(value, self.fmt.bits)

    def describe(self, *values: int) -> str:
        return ", ".join(f"{x} = {self.fmt.describe(v)}" for x, v in zip(self.inputs, values))

    def has_value(self, *values: int) -> bool:
        try:
            return self.fmt.min <= self.operator.kernels.integer(self.fmt, *values) <= self.fmt.max
        except ZeroDivisionError:
            return False

    def gives(self, *values: int) -> str:
        try:
            q = self.operator.kernels.integer(self.fmt, *values)
        except ZeroDivisionError:
            return f"no value ({self.operator.vocabulary.gerund} by zero is undefined for integers)"
        if not self.fmt.min <= q <= self.fmt.max:
            return f"no value ({q} does not fit {self.fmt.name})"
        return str(q)

    def signature(self, *values: int) -> tuple:
        def cls(v):
            return "zero" if v == 0 else "min" if v == self.fmt.min else "-" if v < 0 else "+"
        return tuple(cls(v) for v in values)


class RealEncoding(ExactEncoding):
    def __init__(self, fmt: RealFormat, operator: Operator):
        self.fmt = fmt
        self.operator = operator
        self.inputs = self.operands = (z3.Real("A"), z3.Real("B"))
        self.exact, self.defined = operator.obligations.exact.real(*self.operands)

    def negative(self, x: z3.ExprRef) -> z3.BoolRef:
        return x < 0

    def compare(self, x: z3.ExprRef, op: str, lit: Literal) -> z3.BoolRef:
        if lit.kind in ("inf", "min", "max"):   # the reals have no smallest or largest element either
            return self.beyond(op, lit.kind == "max" or lit.sign != "-" and lit.kind == "inf")
        y = z3.RealVal(lit.value)
        return {"=": x == y, "≠": x != y, "<": x < y, ">": x > y, "≤": x <= y, "≥": x >= y}[op]

    def ok(self, result: Result) -> z3.BoolRef:
        if result.kind == OPERATION_RESULT and result.rounding in _INT_ROUNDINGS:
            exact = self.exact
            floor = z3.ToReal(z3.ToInt(exact))
            ceil = -z3.ToReal(z3.ToInt(-exact))
            q = {"": exact, "floor": floor, "ceil": ceil, "trunc": z3.If(exact >= 0, floor, ceil)}[result.rounding]
            return z3.And(self.defined, (-q if result.sign == "-" else q) == exact)
        if result.kind == OPERATION_RESULT:   # round(A op B): which nearest, the document does not say; not a claim here
            return self.defined
        if result.kind in ("nan", "inf"):
            return z3.BoolVal(False)     # the reals have neither
        if result.kind == "undefined":
            return z3.Not(self.defined)
        if result.kind == "operand":
            x = self.named(result.operand)
            return z3.Or(z3.Not(self.defined), self.exact == (-x if result.sign == "-" else x))
        return z3.Or(z3.Not(self.defined), self.exact == z3.RealVal(result.value))

    def grid(self) -> list[Fraction]:
        return [Fraction(v) for v in (1, -1, 0, 2, -2, Fraction(1, 2))]

    def values(self, model: dict[str, Any]) -> tuple[Fraction, ...]:
        return tuple(Fraction(model.get(str(x), 0)) for x in self.inputs)

    def const(self, value: Fraction) -> z3.ExprRef:
        return z3.RealVal(value)

    def describe(self, *values: Fraction) -> str:
        return ", ".join(f"{x} = {v}" for x, v in zip(self.inputs, values))

    def has_value(self, *values: Fraction) -> bool:
        try:
            self.operator.kernels.real(*values)
        except ZeroDivisionError:
            return False
        return True

    def gives(self, *values: Fraction) -> str:
        try:
            return str(self.operator.kernels.real(*values))
        except ZeroDivisionError:
            return f"no value ({self.operator.vocabulary.gerund} by zero)"

    def signature(self, *values: Fraction) -> tuple:
        return tuple("zero" if v == 0 else "-" if v < 0 else "+" for v in values)


def encoding(fmt, operator: Operator) -> Encoding:
    """The encoding of a table of ``operator``'s in ``fmt`` (integers and reals: an operator whose description
    gives its exact profiles, `operators.obligations.ExactTerms`)."""
    if isinstance(fmt, FloatFormat):
        return FloatEncoding(fmt, operator)
    if isinstance(fmt, IntFormat):
        return IntEncoding(fmt, operator)
    return RealEncoding(fmt, operator)


@dataclass(frozen=True)
class Answer:
    status: str               # sat | unsat | unknown
    witnesses: tuple = ()     # inputs (a tuple of values each) where the formula holds, one per class
    solver: str = ""


def find(enc: Encoding, formula: z3.BoolRef, limit: int = 4) -> Answer:
    """Inputs satisfying ``formula``, at most one per class of inputs.

    The solver is first asked for inputs on the grid of nice operands (each new
    witness's whole class blocked), and only when there is none, for any inputs.
    """
    grids = enc.grids()
    on_grid = z3.And([any_of([x == enc.const_at(k, v) for v in grids[k]]) for k, x in enumerate(enc.inputs)])
    points: list[tuple] = [()]
    for grid in grids:      # every input on its grid
        points = [p + (v,) for p in points for v in grid]
    witnesses: list[tuple] = []
    blocked: list[z3.BoolRef] = []
    solver = ""
    while len(witnesses) < limit:
        answer = _solve(enc, z3.And(formula, on_grid, *blocked))
        solver = answer.solver
        if answer.status != "sat":
            break
        found = answer.witnesses[0]
        same = [p for p in points if enc.signature(*p) == enc.signature(*found)]
        # the class's simplest member (grid order: ones before twos before extremes) that fails too
        witnesses.append(next((p for p in same if holds_at(enc, formula, *p)), found))
        blocked.append(z3.Not(any_of([z3.And([x == enc.const_at(k, v) for k, (x, v) in enumerate(zip(enc.inputs, p))])
                                      for p in same])))
    if witnesses:
        return Answer("sat", tuple(witnesses), solver)
    return _solve(enc, formula)


def holds_at(enc: Encoding, formula: z3.BoolRef, *values) -> bool:
    """Whether ``formula`` holds for the inputs given these values, in order."""
    return z3.is_true(z3.simplify(z3.substitute(formula, *((x, enc.const_at(k, v))
                                                             for k, (x, v) in enumerate(zip(enc.inputs, values))))))


_WORKERS = solvers.WorkerPool(solvers.DEFAULT_MEMORY_MB)


def _solve(enc: Encoding, formula: z3.BoolRef) -> Answer:
    solver = enc.solver()
    query = z3.Solver()
    query.add(formula)
    answer = _WORKERS.solve(solver, query.to_smt2(), SOLVER_TIMEOUT_S)
    if answer.status == "sat":
        return Answer("sat", (enc.values(answer.model),), solver)
    return Answer("unsat" if answer.status == "unsat" else "unknown", (), solver)
