"""The statement registry: every kind of claim divbridge proves, each kind in one module, with all its encodings.

A statement is what an obligation claims (the obligation's ``prop``, in its family); the obligation adds
where the document says it, in which format, and with which params.  Each kind module of this package
defines its statements as `Statement` subclasses and lists them in ``STATEMENTS``:

- ``float_property``: the float library, the laws an operator's library lists (`operators.library`);
- ``operator_theorem``: a theorem about an operator's rounding (Sterbenz, errors that are floats, bounds);
- ``case_rule``: a special-value sentence ("X <op> Y is Z, carrying S"), and IEEE 754's own rules;
- ``case_table``: a row of a case table, a case or a sign rule said in words;
- ``rounding_rule``: a rounding rule the document states other than the operator's own;
- ``example``: a worked example;
- ``integer``, ``real``, ``shape``: the integer, real and tensor properties;
- ``definition``: a real or integer section's definition that is not its operation (C = -(A op B));
- ``wraparound``: a wrapping operator's integer result as the document states it (`k.2^n` cases, sentences);
- ``strategy``: ways of computing the operator (divbridge's own claims, traced to no tag);
- ``accuracy_bound``: an accuracy note's bounds;
- ``specification``: the operator's contract per section and type (its WhyML specification, <op>_spec.mlw).

A statement gives each encoding it has (`ENCODINGS`): a Why3 goal, SMT-LIB definitions ending with
``goal`` (the frame around them is a template per family), a Coq template, a Gappa goal, an enumeration
job, and one vectorised predicate on the mirror, which the cross-check runs on vectors and the replay of a
counterexample on one-element arrays.  Renderers and provers ask `of(obligation)` for the statement and
call the encoding they need: nothing dispatches on a statement's name.
"""

from __future__ import annotations

import contextlib
import importlib
from typing import Any, ClassVar, Iterable, Iterator, Protocol

import numpy as np

from divbridge.formats import BOOL, BoolFormat, FloatFormat, Format, IntFormat, get_format
from divbridge import operators
from divbridge.operators.model import Operator
from divbridge.terms import Var, text

ENCODINGS = ("why3", "smt", "coq", "gappa", "enumeration", "predicate")
KINDS = ("float_property", "operator_property", "operator_theorem", "case_rule", "case_table", "rounding_rule",
         "example", "integer", "wraparound", "real", "definition", "shape", "strategy", "accuracy_bound",
         "specification")
# kinds whose modules bring a heavy library (sympy): imported when a statement is not found among the others
_LATE_KINDS = ("accuracy_bound",)

Columns = dict[str, np.ndarray]


class Obligation(Protocol):
    """What a statement reads of an obligation that states it (`obligations.model.Obligation`, which sits
    above this package): which statement, in which family and format, with which params."""

    id: str
    family: str
    format: str
    kind: str
    prop: str
    params: dict[str, Any]
    operator: str            # `operators.obligation_name` of the operator it is about


class NotEncoded(LookupError):
    """An encoding a statement does not have, or a statement no kind defines (a programming error)."""


class Statement:
    """One claim with every encoding it has; a kind overrides the encodings it declares in ``encodings``.

    Every method takes the obligation stating it (its params and format say what exactly)."""

    kind: ClassVar[str] = ""                         # its kind module (one of KINDS)
    name: str = ""                                   # the obligations' prop
    families: tuple[str, ...] = ()                   # the families it is stated in
    encodings: frozenset[str] = frozenset({"predicate"})
    # its Why3 goal is written over the names of the generic float module (<op>_float_generic.mlw), so the
    # formats where it reads the same share one statement of it
    generic_why3: ClassVar[bool] = False

    # -- the queries ---------------------------------------------------------------------------------
    def variables(self, o: Obligation) -> tuple[str, ...]:
        """The free variables of its queries, in the order a counterexample shows them: by default the inputs of
        its operator, then its float attributes in the float and real families (`Operator.free_variables`)."""
        op = operators.of_obligation_name(o.operator)
        family = o.family if o.family in ("float", "real") else "int"
        return tuple(i.var for i in op.inputs) + tuple(v.name for v in op.attribute_variables(family))

    def sorts(self, o: Obligation) -> dict[str, str]:
        """The sort of each variable (`divbridge.terms`): an input of its operator's, else its family's."""
        family = {"float": "float", "int": "bv", "real": "real"}.get(o.family, "float")
        op = operators.of_obligation_name(o.operator)
        inputs = {v.name: v.sort for v in op.free_variables(o.family)} if o.family in ("float", "real") else \
            {i.var: i.sort(o.family) for i in op.inputs} if o.family == "int" else {}
        return {name: inputs.get(name, family) for name in self.variables(o)}

    def why3(self, o: Obligation) -> str:
        """The Why3 goal's formula, over the names its family's module declares."""
        raise NotEncoded(f"{o.id}: {self.name} has no Why3 goal")

    def why3_lemmas(self, o: Obligation) -> tuple[tuple[str, str], ...]:
        """The steps of its Why3 proof: (name, formula) lemmas over its module's own theory, stated before
        its goal, each proved in the run (Z3 on abstract floats); the goal then follows from them."""
        return ()

    def why3_route(self, o: Obligation) -> str:
        """How Z3 proves its float goal inside Why3 (`provers.why3drivers`): ``abstract``, from the
        ``ieee_float`` axioms with the float type kept abstract; ``bits``, bit-blasting the goal alone (a
        claim about floats that needs no real arithmetic, and that those axioms do not settle); or
        ``whole``, on Why3's whole task (where the axioms alone do not reach it, and the task's quantifiers
        are no hindrance: an operand's negation carried to the result).  The Why3 backend tries that route first instead of
        spending Z3's steps in vain on another."""
        return "abstract"

    def why3_uses(self, o: Obligation) -> tuple[str, ...]:
        """The modules its goal uses besides its family's (``ieee_float.Float64 as Wide``): the goal is then
        stated in a module apart (`why3_apart`), so that no other goal has their axioms in its context."""
        return ()

    def why3_beyond(self, o: Obligation) -> str:
        """Why Z3 inside Why3 is not expected to settle its goal here ("": it is).  Such a goal gets one short
        attempt on its route, instead of every route and the full steps, and counts as settled in Why3 only
        if that attempt settles it."""
        return ""

    def why3_name(self, o: Obligation) -> str:
        """The goal's name in its Why3 module."""
        return self.name

    def why3_apart(self, o: Obligation) -> bool:
        """Whether its goal lives in a module of its own, away from the quantified axioms of its family's
        module (an integer goal expected to be refuted: there Z3 can answer "sat" and show the operands)."""
        return False

    def why3_module(self, o: Obligation, module: str) -> str:
        """The module its goal lives in, given its family's (``module``): that one, or one apart."""
        return f"{module}_{self.why3_name(o).capitalize()}" if self.why3_apart(o) else module

    def definitional(self, o: Obligation) -> str:
        """Why its goal holds of any operator by its own form (a goal quantified over the scalar operation),
        for a statement with no SMT-LIB query for the smoke tests to ask; "" when it does not say."""
        return ""

    def exact_sorts(self, o: Obligation) -> tuple[str, ...]:
        """The SMT-LIB sorts at which its query's operations are exact arithmetic, not the operator under proof
        (the smoke tests leave them interpreted)."""
        return ()

    def heading(self, o: Obligation) -> str:
        """Its title where one Why3 statement stands for every float format."""
        return o.title

    def smt_frame(self, o: Obligation) -> str:
        """The SMT-LIB template (generators/smtlib/<frame>.smt2.j2) that declares its variables."""
        return o.family

    def smt(self, o: Obligation, context: dict[str, Any]) -> str:
        """SMT-LIB definitions ending with ``(define-fun goal () Bool ...)``, inside its frame (``context``:
        what the frame defines, as `obligations.smtrender` gives it)."""
        raise NotEncoded(f"{o.id}: {self.name} has no SMT-LIB goal")

    def coq(self, o: Obligation) -> str:
        """The Coq template (generators/coq/) that states and proves it."""
        raise NotEncoded(f"{o.id}: {self.name} has no Coq proof")

    def coq_terms(self, o: Obligation) -> dict[str, str]:
        """The terms its Coq template states it with, printed by `terms.coq` (the template's names for them)."""
        return {}

    def gappa(self, o: Obligation, fmt: FloatFormat) -> str:
        """The Gappa goal (inside generators/gappa/accuracy.g.j2, which defines r, q and rnd)."""
        raise NotEncoded(f"{o.id}: {self.name} has no Gappa goal")

    def enumeration(self, o: Obligation) -> str:
        """The job of `provers.enumeration` that proves it by enumerating every operand pair."""
        raise NotEncoded(f"{o.id}: {self.name} has no enumeration")

    # -- on the mirror -------------------------------------------------------------------------------
    def predicate(self, o: Obligation, fmt: Format, **columns: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(applies, holds) at every point of the columns (one array per variable)."""
        raise NotImplementedError

    def samples(self, o: Obligation, vector_sets) -> Iterator[tuple[str, Format, Columns]]:
        """The points the cross-check evaluates it at: (source, format, columns).  ``vector_sets``: the
        operand pairs of the obligation's format (`crosscheck.vectors`), each with ``source``, ``a``, ``b``,
        taken as its operator's inputs (`input_columns`)."""
        fmt = get_format(o.format)
        op = operators.of_obligation_name(o.operator)
        for vectors in vector_sets:
            yield vectors.source, fmt, dict(zip(self.variables(o), statement_columns(op, vectors.a, vectors.b)))

    def explain(self, o: Obligation, fmt: Format, values: dict[str, Any]) -> str:
        """What the mirror computes at one point (a counterexample's values)."""
        return describe_results(fmt, values, operators.of_obligation_name(o.operator))


def why3_binders(op: Operator, extra: str = "") -> str:
    """The operator's inputs as a Why3 quantifier's binders: a bool input (Where's condition) a ``bool``, the
    others of the format's type ``t``; ``extra``: more binders after them."""
    floats = " ".join(i.var for i in op.inputs if i.type == "T")
    return ", ".join([*(f"{i.var}: bool" for i in op.inputs if i.type == "bool"), f"{floats}: t", *([extra] if extra
                                                                                                   else [])])


def input_columns(op: Operator, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, ...]:
    """Operand pairs as the operator's inputs, in order: its first input of the element type takes the first
    column, its second the second, a third the second shifted by one; a condition holds at every other point."""
    return _columns(op, a, b)[:op.arity]


def statement_columns(op: Operator, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, ...]:
    """The inputs' columns (`input_columns`), then one for each float attribute, the next column: a value per
    point, so that a statement over a free attribute is sampled at its values as at an operand's (an alpha:
    the second column).  A node has one value of it: `conform` sets it, and takes `input_columns`."""
    return _columns(op, a, b)


def _columns(op: Operator, a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, ...]:
    values = iter((a, b, np.roll(b, 1), np.roll(a, 1)))
    inputs = tuple(np.arange(a.size) % 2 == 0 if i.type == "bool" else next(values) for i in op.inputs)
    return inputs + tuple(next(values) for _ in op.attribute_variables("float"))


def describe_results(fmt: Format, values: dict[str, Any], op: Operator) -> str:
    """The operator's results at a point: ``a op b = ...`` on its inputs (a binary operator's also on ``a1``
    and ``b``, ``a2`` and ``b``, ``x`` and ``y``), as its description's library shows them, or by its exact
    kernels."""
    inputs = tuple(i.var for i in op.inputs)
    attributes = tuple(v.name for v in op.attribute_variables("float") if v.name in values)
    groups = [inputs + attributes] + ([("a1", "b"), ("a2", "b"), ("x", "y")] if len(inputs) == 2 else [])
    found = [names for names in groups if all(n in values for n in names)]
    if op.library.shown is not None:
        return ", ".join(op.library.shown(fmt, *names, *(values[n] for n in names)) for names in found)
    return ", ".join(_by_kernels(op, fmt, names, [values[n] for n in names]) for names in found)


def _by_kernels(op: Operator, fmt: Format, names: tuple[str, ...], values: list) -> str:
    """``a op b = <result>``, by the description's exact kernels."""
    if isinstance(fmt, FloatFormat):
        result = fmt.describe(op.kernels.float_bits(fmt, *values))
    elif isinstance(fmt, IntFormat):
        result = fmt.describe(op.kernels.integer(fmt, *values))
    else:
        result = op.kernels.real(*values)
    family = "real" if not isinstance(fmt, (FloatFormat, IntFormat)) else fmt.family
    args = tuple(Var(n, i.sort(family)) for n, i in zip(names, op.inputs))
    given = tuple(Var(n, v.sort) for n, v in zip(names[op.arity:], op.attribute_variables(family)))
    return f"{text.term(op.applied(family, args=args, attributes=given or None))} = {result}"


def holds_at(o: Obligation, values: dict[str, Any]) -> tuple[bool, str]:
    """The statement at one point, a counterexample's values (a statement without variables: at its own
    constants): (holds, what the mirror computes there).  The replay of a counterexample."""
    statement = of(o)
    fmt = get_format(o.format)
    names = statement.variables(o)
    if names:
        applies, holds = statement.predicate(o, fmt, **point_columns(fmt, statement.sorts(o),
                                                                        {n: values[n] for n in names}))
    else:
        _, fmt, columns = next(iter(statement.samples(o, [])))
        applies, holds = statement.predicate(o, fmt, **columns)
    return bool(np.all(~applies | holds)), statement.explain(o, fmt, values)


def one_point(fmt: Format, values: dict[str, Any]) -> Columns:
    """A point's values as one-element columns of the format (float values are bit patterns)."""
    if isinstance(fmt, FloatFormat):
        return {n: np.array([v], dtype=fmt.uint_dtype).view(fmt.dtype) for n, v in values.items()}
    if isinstance(fmt, IntFormat):   # its bit pattern: a query two types of one width share (an int8 and a uint8
        # one of an operator no arithmetic of which tells them apart) gives one model, read in either type
        return {n: np.array([fmt.to_bits(v)], dtype=np.uint64).astype(fmt.dtype) for n, v in values.items()}
    if isinstance(fmt, BoolFormat):
        return {n: np.array([v], dtype=fmt.dtype) for n, v in values.items()}
    return {n: np.array([v], dtype=object) for n, v in values.items()}


def point_columns(fmt: Format, sorts: dict[str, str], values: dict[str, Any]) -> Columns:
    """A point as one-element columns, each variable in its sort's format (a condition: bool)."""
    return {n: one_point(BOOL if sorts.get(n) == "bool" else fmt, {n: v})[n] for n, v in values.items()}


class Registry:
    """The statements, by (family, name)."""

    def __init__(self, statements: Iterable[Statement]):
        self._by_key: dict[tuple[str, str], Statement] = {}
        for statement in statements:
            self._register(statement)

    def _register(self, statement: Statement) -> None:
        if statement.kind not in KINDS:
            raise NotEncoded(f"statement {statement.name}: unknown kind '{statement.kind}'")
        for family in statement.families:
            if (family, statement.name) in self._by_key:
                raise NotEncoded(f"two statements {statement.name} in family {family}")
            self._by_key[family, statement.name] = statement

    def find(self, family: str, name: str) -> Statement | None:
        return self._by_key.get((family, name))

    def of_kind(self, kind: str) -> list[Statement]:
        return list(dict.fromkeys(s for s in self._by_key.values() if s.kind == kind))

    def extended(self, *statements: Statement) -> "Registry":
        """This registry with more statements, or other ones in place of those of the same names (the tests'
        throwaway ones)."""
        replaced = {(f, s.name) for s in statements for f in s.families}
        kept = [s for s in dict.fromkeys(self._by_key.values()) if not {(f, s.name) for f in s.families} & replaced]
        return Registry([*kept, *statements])


def _kind_statements(kinds: Iterable[str]) -> list[Statement]:
    return [s for kind in kinds for s in importlib.import_module(f"{__name__}.{kind}").STATEMENTS]


_current: Registry | None = None
_complete = False       # whether the late kinds are in `_current`


def registry(complete: bool = False) -> Registry:
    """The registry in use (``complete``: with the late kinds too)."""
    global _current, _complete
    if _current is None:
        _current = Registry(_kind_statements(k for k in KINDS if k not in _LATE_KINDS))
    if complete and not _complete:
        _current = _current.extended(*_kind_statements(_LATE_KINDS))
        _complete = True
    return _current


def of(o: Obligation) -> Statement:
    """The statement an obligation claims."""
    found = registry().find(o.family, o.prop) or registry(complete=True).find(o.family, o.prop)
    if found is None:
        raise NotEncoded(f"{o.id}: no statement '{o.prop}' in family {o.family}")
    return found


def has(o: Obligation, encoding: str) -> bool:
    """Whether the obligation's statement has the encoding."""
    return encoding in of(o).encodings


@contextlib.contextmanager
def use(replacement: Registry) -> Iterator[Registry]:
    """Within the block, `of` answers from ``replacement`` (a test's registry with throwaway statements)."""
    global _current, _complete
    saved = _current, _complete
    _current, _complete = replacement, True
    try:
        yield replacement
    finally:
        _current, _complete = saved
