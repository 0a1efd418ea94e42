"""What an operator description is: plain data and the kernels that make it executable.

An `Operator` gathers everything the pipeline needs to know of one element-wise
operator of any arity: its inputs (`Input`: one, two, three or variadic, each with
its type constraint) and attributes (`Attribute`), what its result is in each
family as a term over the inputs (`Operation`: a prover primitive or a function it
defines, `divbridge.terms`), whether its float result is exact or rounded, its
integer semantics (`IntegerProfile`), its words (`Vocabulary`), its special-value
rules in IEEE 754 over signed classes (`SpecialRule`), its generic properties
(`Property`, term trees every printer renders and the mirror evaluates), its error
model for accuracy notes (`ErrorModel`), the theorems about its rounding
(`Theorem`), its names in each runtime (`Names`), its kernels in each profile
(`Kernels`), where its evidence goes (`Evidence`) and the statement library it
lists (`library.Library`).  Nothing in this module names an operator: the
descriptions (`operators/div/`, `operators/mul.py`, ...) do.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

import numpy as np

from divbridge import terms
from divbridge.formats import FloatFormat
from divbridge.operators.enumeration import Enumeration
from divbridge.operators.library import Library
from divbridge.operators.obligations import Obligations
from divbridge.operators.reading import Wording
from divbridge.semantics.profiles import Profiles
from divbridge.terms import smtlib as smt_printer


@dataclass(frozen=True)
class Vocabulary:
    """How documents speak of the operator: verbs, nouns, the operands' roles and the symbols."""

    verbs: tuple[str, ...]           # "divides", "divided by", ...
    result_nouns: tuple[str, ...]    # "quotient", ...
    roles: tuple[str, ...]           # the inputs' roles, in order: ("numerator", "denominator"), ...
    symbols: tuple[str, ...]         # LaTeX and ASCII spellings: "/", "\frac{}{}", "\times", "*", ...
    gerund: str                      # "division": "the element-wise division of A by B"
    heading: str                     # a regular expression (any case) for how a heading names it: r"\bmul\b"
    infix: str                       # its infix operator in readable statements and SMT-LIB's reals: "*"
    joins: tuple[str, ...] = ()      # how a special-value sentence joins its operands: "over", "times"


# The kind of a case-table row's result that is the operation itself (A op B, or its negation, or either
# rounded to an integer), as the reader spells it (`document.formula.Result`); an obligation's params record
# the operator's own word for it (`Operator.result_word`: "quotient", "product").
OPERATION_RESULT = "operation"
# how the statements read from a document name the operator's inputs, by position (the first A, the second B, the
# third C), whatever the document calls them (``condition``, ``X``, ``Y``): `Operator.input_of`
OPERANDS = "ABC"

# The operand classes of a special-value rule over its signed values (the first six as `document.caserule`
# names them; ``negative`` and ``positive``: the sign bit, as IEEE 754's isSignMinus, of a number that is not
# NaN; ``finite_negative``: a finite number below zero, ``non_integer``: a finite number that is no integer,
# ``not_+1``: anything but +1, NaN included, as pow's rules need them), the classes of a bool input (a
# condition), and the relations between the first two operands a sum's rules need.
CLASSES = ("nan", "any", "inf", "finite", "finite_nonzero", "zero", "+0", "-0", "+inf", "-inf", "negative",
           "positive", "finite_negative", "non_integer", "not_+1", "true", "false")
RELATIONS = ("", "same_sign", "opposite_sign", "equal", "opposite")


@dataclass(frozen=True)
class Input:
    """One input of the operator: its name in the documents (``A``, ``X``, ``condition``), its variable in the
    statements' queries (``a``, ``x``, ``c``) and its type constraint: ``T``, the element type of the operator
    (every input of type T has the same), or ``bool`` (Where's condition).  ``variadic``: one or more inputs of
    that kind (Max, Min, Sum), which the statements take as two.  ``scalar``: ONNX takes it as a tensor of one
    element (Clip's bounds); the statements take it element by element, which covers that case, and a runtime
    that holds ONNX to it is run once per value of it (`conform.peers`)."""

    name: str
    var: str
    type: str = "T"
    variadic: bool = False
    scalar: bool = False

    def __post_init__(self) -> None:
        if self.type not in ("T", "bool"):
            raise ValueError(f"input {self.name}: unknown type constraint '{self.type}'")

    def sort(self, family: str) -> str:
        """Its sort in a family's statements (`divbridge.terms`)."""
        return "bool" if self.type == "bool" else {"float": "float", "int": "bv", "real": "real"}[family]

    def term(self, family: str) -> terms.Var:
        return terms.Var(self.var, self.sort(family))


@dataclass(frozen=True)
class Attribute:
    """An attribute of the operator's node (LeakyRelu's ``alpha``): its name, its ONNX type (``float``,
    ``int``, ``string``) and its default, None where the node must set it.

    A float attribute is a free variable of the operator's terms (`term`), after its inputs: a parameter of
    its operation's functions, declared in each query as an operand is (SMT-LIB ``declare-const``, a Why3
    constant), so that a statement proved holds for every value of it in the query's format; a worked
    example binds it to the value the document states.  Another type is in no term."""

    name: str
    type: str
    default: object = None

    def sort(self, family: str) -> str:
        """Its sort in a family's statements: a float attribute is a float of the format, a real in the reals."""
        if self.type != "float":
            raise LookupError(f"attribute {self.name}: a {self.type} attribute is in no term")
        return {"float": "float", "real": "real"}[family]

    def term(self, family: str) -> terms.Var:
        return terms.Var(self.name, self.sort(family))


# of the float result: -A; A op B rounded once; sqrt(A); exp(A), which IEEE 754 (clause 9.2) recommends
# correctly rounded but does not prescribe: an implementation is judged by its accuracy, not bit for bit
EXACTNESS = ("exact", "rounded", "correctly_rounded", "approximate")


@dataclass(frozen=True)
class Operation:
    """What C is in each family, as a function over the inputs (`divbridge.terms.Function`): a prover primitive
    wrapped in the description's name (Div: ``div(a, b) = fp.div(RNE, a, b)``), or a definition over primitives
    (ONNX Max: NaN propagated, max(-0, +0) = +0), which every backend then defines once.  ``exactness``: whether
    the float result is exact (Neg, Abs, Max, Where), one rounding of the exact result (Add, Div, LeakyRelu's
    alpha * x), a correctly rounded function (Sqrt) or a function IEEE 754 does not prescribe
    (``approximate``: Exp, Log, Tanh; its float term is None: no prover has the function); ``result``: the
    result's type, the inputs' own (``same``)
    or ``bool`` (Less).  ``also``: other functions the operator's own templates write it with (Div's exact
    integer frame: SMT-LIB's Euclidean ``div``), which the smoke tests free too."""

    float: terms.Function | None = None
    signed: terms.Function | None = None       # on bit-vectors of a signed integer type
    unsigned: terms.Function | None = None     # of an unsigned type (None: the signed one's)
    real: terms.Function | None = None
    exactness: str = "rounded"
    result: str = "same"
    also: tuple[terms.Function, ...] = ()
    # each element of the result the dot product of a row of the first input and a column of the second (MatMul):
    # its inputs are matrices, [m, n] and [n, p], run as stacks [k, m, n] x [k, n, p] -> [k, m, p]
    contraction: bool = False

    def __post_init__(self) -> None:
        if self.exactness not in EXACTNESS:
            raise ValueError(f"unknown exactness '{self.exactness}'")
        if self.result not in ("same", "bool"):
            raise ValueError(f"unknown result type '{self.result}'")

    def function(self, family: str, signed: bool = True) -> terms.Function:
        """Its function in a family (``int``: of a type of that signedness)."""
        found = {"float": self.float, "real": self.real,
                 "int": self.signed if signed else (self.unsigned or self.signed)}[family]
        if found is None:
            raise LookupError(f"no {family} operation")
        return found

    def function_or_none(self, family: str) -> terms.Function | None:
        """Its function in a family (``int``: of a signed type), None where no prover has it."""
        try:
            return self.function(family)
        except LookupError:
            return None

    @property
    def functions(self) -> tuple[terms.Function, ...]:
        return tuple(f for f in (self.float, self.signed, self.unsigned, self.real, *self.also) if f is not None)


def one_primitive(name: str, inputs: tuple[Input, ...], exactness: str = "rounded", *,
                  float: terms.Function | None = None, signed: terms.Function | None = None,
                  unsigned: terms.Function | None = None, real: terms.Function | None = None) -> Operation:
    """The operation of an operator that is one prover primitive in each family, each wrapped in the
    operator's own function ``name`` (its Why3 modules call it so: ``div a b``)."""
    def wrapped(primitive: terms.Function | None, family: str) -> terms.Function | None:
        if primitive is None:
            return None
        params = tuple(i.term(family) for i in inputs)
        return terms.define(name, params, primitive(*params), symbol=primitive.symbol)
    return Operation(float=wrapped(float, "float"), signed=wrapped(signed, "int"), unsigned=wrapped(unsigned, "int"),
                     real=wrapped(real, "real"), exactness=exactness)


@dataclass(frozen=True)
class SpecialRule:
    """One IEEE 754 rule of the operator: when each input is of its class (``classes``, one per input, from
    `CLASSES`) and the first two satisfy ``relation``, C is ``result`` with ``sign``.

    ``result``: ``nan``, ``inf``, ``zero``, an input returned unchanged (its variable: ``a``, ``x``) or
    negated (``-b``), a number written in decimal (``1``, ``-1``, ``0.5``: exp(0), tanh(-inf), sigmoid(0)), or
    ``true`` or ``false`` where the result is a bool (Less).
    ``sign`` (for ``inf`` and ``zero``): ``xor`` (of the float inputs' signs), an input's
    (``a``), its opposite (``-b``), ``+`` or ``-``; empty for the others.  Round-to-nearest is the
    attribute-free rounding the SONNX profile fixes."""

    name: str
    classes: tuple[str, ...]
    result: str
    sign: str = ""
    relation: str = ""
    text: str = ""

    def __post_init__(self) -> None:
        unknown = [c for c in self.classes if c not in CLASSES]
        if unknown or self.relation not in RELATIONS:
            raise ValueError(f"rule {self.name}: unknown class or relation {unknown or self.relation}")

    def params(self, inputs: tuple[Input, ...]) -> dict[str, str]:
        """Its classes by the inputs' variables (``{"a": "zero", "b": "inf"}``), as an obligation's params."""
        return {i.var: c for i, c in zip(inputs, self.classes)}

    def applies(self, fmt: FloatFormat, values: list, bits: list) -> bool:
        """Whether it applies to the inputs (a float's decoded value and bit pattern; a bool's value twice)."""
        if not all(_in_class(c, v) for c, v in zip(self.classes, values)):
            return False
        if not self.relation:
            return True
        (x, y), (x_bits, y_bits) = values[:2], bits[:2]
        return {
            "same_sign": x.sign == y.sign,
            "opposite_sign": x.sign != y.sign,
            "equal": x_bits == y_bits,
            "opposite": x_bits ^ y_bits == fmt.sign_mask,
        }[self.relation]

    def expected(self, fmt: FloatFormat, inputs: tuple[Input, ...], bits: list) -> int:
        """The bit pattern the rule gives C (NaN: the canonical NaN; callers compare NaN as a class)."""
        by_var = dict(zip((i.var for i in inputs), bits))
        if self.result in ("true", "false"):
            return int(self.result == "true")
        if self.result == "nan":
            return fmt.nan
        if is_number(self.result):
            return fmt.round(Fraction(self.result))
        if self.result.lstrip("-") in by_var:
            return by_var[self.result.lstrip("-")] ^ (fmt.sign_mask if self.result.startswith("-") else 0)
        signs = {v: b >> (fmt.width - 1) for v, b in by_var.items()
                 if next(i for i in inputs if i.var == v).type == "T"}
        if self.sign == "xor":
            sign = 0
            for s in signs.values():
                sign ^= s
        elif self.sign in ("+", "-"):
            sign = int(self.sign == "-")
        else:
            sign = signs[self.sign.lstrip("-")] ^ self.sign.startswith("-")
        return fmt.inf(sign) if self.result == "inf" else fmt.zero(sign)


def is_number(result: str) -> bool:
    """Whether a rule's result is a number written in decimal (``1``, ``-1``, ``0.5``)."""
    return re.fullmatch(r"-?\d+(\.\d+)?", result) is not None


def _in_class(cls: str, v) -> bool:
    if isinstance(v, bool):
        return {"any": True, "true": v, "false": not v}.get(cls, False)
    signed = not v.is_nan
    return {
        "finite_negative": v.is_finite and v.value < 0, "non_integer": v.is_finite and v.value.denominator != 1,
        "not_+1": not (v.is_finite and v.value == 1),
        "any": True, "nan": v.is_nan, "inf": v.is_inf, "zero": v.is_zero,
        "finite": v.is_finite, "finite_nonzero": v.is_finite and not v.is_zero,
        "+0": v.is_zero and not v.sign, "-0": v.is_zero and bool(v.sign), "+inf": v.is_inf and not v.sign,
        "-inf": v.is_inf and bool(v.sign), "negative": signed and bool(v.sign), "positive": signed and not v.sign,
    }.get(cls, False)


# what the descriptions' float properties are written over: three variables, and constants of every format
X, Y, Z = terms.Var("x"), terms.Var("y"), terms.Var("z")
ONE, PLUS_ZERO, MINUS_ZERO = terms.Const("1"), terms.Const("+0"), terms.Const("-0")


@dataclass(frozen=True)
class Property:
    """A generic property to prove, or to refute with a counterexample, in a family: ``lhs = rhs`` where
    ``given`` holds (term trees over the variables x, y, z of the family's sort, `divbridge.terms`).

    The two sides are equal when they are the same value, for floats the same bit pattern or both NaN (the
    equality of Why3's ``ieee_float`` ``.=`` would make NaN unequal to itself; SMT-LIB's ``=`` is this one)."""

    name: str
    lhs: terms.Term
    rhs: terms.Term
    holds: bool          # True: proved in every format; False: refuted by a counterexample
    text: str
    given: terms.Term | None = None
    family: str = "float"   # float: in every float format of a document; int: in every integer type
    signed_only: bool = False   # int: in the signed types only (a property of the signed operation)

    @property
    def variables(self) -> tuple[terms.Var, ...]:
        """Its free variables, by name."""
        found: dict[str, terms.Var] = {}

        def visit(t: terms.Term) -> None:
            if isinstance(t, terms.Var):
                found[t.name] = t
            for sub in t:
                visit(sub)
        visit(self.goal)
        return tuple(found[name] for name in sorted(found))

    @property
    def claim(self) -> terms.Term:
        """``lhs = rhs`` (a side that is true: the other, a condition)."""
        return self.lhs if self.rhs == terms.Const(True, "bool") else terms.EQ(self.lhs, self.rhs)

    @property
    def goal(self) -> terms.Term:
        return self.claim if self.given is None else terms.IMPLIES(self.given, self.claim)


# The theorems about rounding an operator's description can list (`Theorem.claim`): proved in Coq with
# Flocq for every binary format (`statements.operator_theorem`), or probes refuted by an SMT solver.
THEOREM_CLAIMS = (
    "sterbenz",                  # x op y is exact when x and y (-y for a sum) are within a factor two
    "error_is_float",            # the rounding error of x op y is itself a float (above `Theorem.above`)
    "relative_error",            # |round(z) - z| <= 2^-p |z| for z = x op y in the normal range
    "subnormal_exact",           # x op y is exact below twice the smallest normal number
    "relative_error_subnormal",  # the bound of relative_error below the normal range (a probe where it fails)
    "finite_result",             # finite operands give a finite result: relative_error's hypothesis (a probe)
    "exact_result",              # a finite input gives a finite result, the exact operation: no rounding (-x, |x|)
    "exact_comparison",          # finite inputs compare as the reals they stand for (x < y: Less's bool result)
)


@dataclass(frozen=True)
class Theorem:
    """A theorem about the operator's rounding to nearest even that bit-blasting does not reach, in
    every binary format: ``holds`` proved by Coq with Flocq, else a probe refuted with a counterexample.

    ``negate_b``: Sterbenz's hypothesis is on -B (a sum x + y is the difference x - (-y)).  ``above``:
    ``2p`` when the claim needs ``|x op y| >= 2^(emin + 2p - 1)`` (emin the smallest subnormal's exponent:
    only there is a product's error a float, Flocq's mult_error_FLT), "" when it needs no lower bound."""

    name: str
    claim: str
    text: str
    holds: bool = True
    negate_b: bool = False
    above: str = ""
    # the exact real function the claim compares with, where the operation has none in the provers' reals
    # (Sqrt's: R's sqrt, `terms.REAL_SQRT`); None: the operation's real function
    exact: terms.Function | None = None

    def __post_init__(self) -> None:
        if self.claim not in THEOREM_CLAIMS:
            raise ValueError(f"theorem {self.name}: unknown claim '{self.claim}'")


@dataclass(frozen=True)
class ErrorModel:
    """How an error on the operands propagates through the operator, exactly, and how rounding adds one.

    ``propagated(a, b, ea, eb)`` (the inputs, then their errors) is the exact ``op(a + ea, b + eb) - op(a, b)``;
    ``latex`` the same formula as accuracy notes write it; ``domain`` (the same arguments) where it is defined.
    Rounding introduces ``round(op(a, b)) - op(a, b)``."""

    propagated: Callable[..., Fraction]
    latex: str
    domain: Callable[..., bool] = lambda *values_and_errors: True


@dataclass(frozen=True)
class Names:
    """The operator's name in each runtime and in the libraries written for it (its prover terms are its
    `Operation`'s, printed by `divbridge.terms`)."""

    numpy: str                # the NumPy ufunc (integers: wrap-around); "" where NumPy has none (Sigmoid)
    onnx: str
    openvino: str             # the op type; its opset factory is the name in snake case
    jax_float: str            # jax.numpy function on floats
    jax_int: str              # the jax function on integers
    numpy_int: str = ""       # the NumPy ufunc on integers where ``numpy``'s leaves the type
    # constants the NumPy and JAX functions take after the inputs (Relu: maximum(x, 0); LeakyRelu's alpha), as a
    # user writes them
    constant_args: tuple[int | float, ...] = ()
    # the OpenVINO node's own boolean attributes a peer may set, with their defaults
    openvino_attributes: tuple[tuple[str, bool], ...] = ()
    coq_theorems: str = ""    # the Coq library proving its `Theorem`s (generators/coq/<op>/<name>.v), if it has any


@dataclass(frozen=True)
class Kernels:
    """The operator's executable semantics, each taking the inputs in order.  ``real``: exact rationals (a
    function whose value is irrational: an mpmath number at high precision, `operators.elementary`);
    ``float_bits``: IEEE 754 in any (eb, sb), on bit patterns, through exact rationals; ``integer``: the
    unbounded integer result the integer profile maps into the type (Div's truncation, the others'
    wrap-around); ``fast``: NumPy over arrays of a standard format, bit-identical to the exact kernels.  A
    bool input (a condition) is a bool in each."""

    real: Callable[..., Fraction]
    float_bits: Callable[..., int]
    integer: Callable[..., int] | None     # None: ONNX types the operator on floats alone (Exp, Sqrt)
    fast: Callable[..., np.ndarray]
    # the algorithm an accuracy note's introduced-error bounds assume, where a note names one (MatMul's naive loop:
    # in order, each operation rounded to nearest even), on bit patterns as ``float_bits``; None: the notes bound
    # the correctly rounded result's error, any implementation's
    naive: Callable[..., int] | None = None


# The integer semantics a description can state: wrap-around modulo 2^n (Add, Sub, Mul, Neg: the WG's
# ``k.2^n`` cases), saturation to the type's bounds, truncation of an exact rational toward zero (Div), or a
# result that always fits (a selection: Where, Max, Relu).  A result left undefined somewhere (Div by zero,
# Abs of INT_MIN where a document says so) is a precondition.
INTEGER_KINDS = ("wrap", "saturate", "truncate", "exact")


@dataclass(frozen=True)
class IntegerProfile:
    """The integer semantics the documents state (`INTEGER_KINDS`), with its preconditions as constraint
    names."""

    kind: str
    preconditions: tuple[str, ...] = ()        # e.g. ("B != 0", "not (A = INT_MIN and B = -1)")

    def __post_init__(self) -> None:
        if self.kind not in INTEGER_KINDS:
            raise ValueError(f"unknown integer semantics '{self.kind}'")


@dataclass(frozen=True)
class Evidence:
    """Where a complete run commits the operator's evidence and how its obligations name it: ``directory``
    (None: ``proofs/<op>``), the ids' prefix (None: ``<op>.``) and whether each obligation records the
    operator's name (results.json's ``operator``).  An operator whose evidence predates the registry keeps
    its own (Div's: ``proofs/``, no prefix, no name); at most one description may record no name."""

    directory: str | None = None
    id_prefix: str | None = None
    named: bool = True


@dataclass(frozen=True)
class Operator:
    name: str                     # as ONNX and the documents' headings name it: "Div"
    inputs: tuple[Input, ...]
    operation: Operation
    vocabulary: Vocabulary
    rules: tuple[SpecialRule, ...]
    properties: tuple[Property, ...]
    names: Names
    kernels: Kernels
    integer: IntegerProfile | None    # None: ONNX types the operator on floats alone (Exp, Sqrt)
    attributes: tuple[Attribute, ...] = ()
    error: ErrorModel | None = None   # how an error on the inputs propagates (accuracy notes)
    real_preconditions: tuple[str, ...] = field(default=())
    theorems: tuple[Theorem, ...] = field(default=())
    wording: Wording = Wording()  # its documents' words beyond the vocabulary (`document` reads them)
    library: Library = field(default=Library())   # its statement library (`operators.library`)
    obligations: Obligations = field(default=Obligations())   # what its obligations and checks need (strategies...)
    enumeration: Enumeration | None = None   # its proofs by enumeration of every operand pair (16-bit formats)
    profiles: Profiles | None = None   # the mirror's profiles of the operator, with their preconditions and tags
    evidence: Evidence = Evidence()
    # the families its Why3 modules state goals in (a template for each: generators/why3/<op>_<family>.mlw.j2
    # or the shared <family>.mlw.j2); the other families' obligations go to the SMT solvers alone
    why3_families: frozenset[str] = frozenset({"float", "shape"})
    # whether the pipeline takes it whole: its documents read (a heading or a tag names it), implementations of
    # it conformed; False for a description whose obligations, bound by hand, are all that exercises it yet
    in_pipeline: bool = True

    def __post_init__(self) -> None:
        if len(self.vocabulary.roles) != len(self.inputs):
            raise ValueError(f"{self.name}: {len(self.inputs)} inputs, {len(self.vocabulary.roles)} roles")
        for rule in self.rules:
            if len(rule.classes) != len(self.inputs):
                raise ValueError(f"{self.name}: rule {rule.name} has {len(rule.classes)} classes for "
                                 f"{len(self.inputs)} inputs")

    @property
    def arity(self) -> int:
        return len(self.inputs)

    def variables(self, family: str = "float") -> tuple[terms.Var, ...]:
        """Its inputs as the variables of a family's statements."""
        return tuple(i.term(family) for i in self.inputs)

    def input_of(self, operand: str) -> Input | None:
        """The input a statement's operand names (`OPERANDS`: A the first), or None where it has none there."""
        k = OPERANDS.find(operand)
        return self.inputs[k] if 0 <= k < self.arity and len(operand) == 1 else None

    def comparison_gap(self, operand: str, relation: str, value_kind: str | None) -> str:
        """Why a statement's comparison of an operand (`OPERANDS`) by ``relation`` with a value of this kind (a
        literal's: number, inf, nan, bool...; an operand's: "operand:<its operand>"; None: a predicate such as isnan)
        is not one of this operator's ("": it is): a bool input is compared with a truth value by = or ≠ alone,
        and a number with no truth value."""
        given = self.input_of(operand)
        if given is None:
            return f"{operand} names no input of {self.name}"
        if value_kind is not None and value_kind.startswith("operand:"):
            other = self.input_of(value_kind[8:])
            truth = other is not None and other.type == "bool"
        else:
            truth = value_kind == "bool"
        if (given.type == "bool") != truth or (truth and relation not in ("=", "≠")):
            return f"the comparison '{relation}' of {given.name} with {'a truth value' if truth else 'a number'} " \
                "is none of its inputs' types"
        return ""

    def attribute_variables(self, family: str = "float") -> tuple[terms.Var, ...]:
        """Its float attributes as free variables of a family's statements (none in the integer family)."""
        if family not in ("float", "real"):
            return ()
        return tuple(a.term(family) for a in self.attributes if a.type == "float")

    def free_variables(self, family: str = "float") -> tuple[terms.Var, ...]:
        """What C is a function of: its inputs, then its float attributes."""
        return self.variables(family) + self.attribute_variables(family)

    def applied(self, family: str = "float", signed: bool = True, args: tuple[terms.Term, ...] | None = None,
                attributes: tuple[terms.Term, ...] | None = None) -> terms.Term:
        """C as a term: its operation in the family applied to ``args`` (default: its inputs' variables) and to
        ``attributes`` (default: its float attributes' variables, free)."""
        bound = self.attribute_variables(family) if attributes is None else attributes
        return self.operation.function(family, signed)(*(args or self.variables(family)), *bound)

    def rounded_in(self, mode: str, args: tuple[terms.Term, ...] | None = None) -> terms.App:
        """Its float operation, one rounded primitive, in the rounding ``mode`` instead of to nearest even (as a
        document's rounding rule states it: ``fp.div RTZ a b``)."""
        applied = self.applied("float", args=args)
        body = terms.expand(applied) if isinstance(applied, terms.App) and applied.fn.defined else applied
        if not (isinstance(body, terms.App) and body.fn.rounded):
            raise ValueError(f"{self.name}'s float operation rounds no primitive")
        return terms.App(body.fn, body.args, mode)

    @property
    def smt_operations(self) -> frozenset[str]:
        """Every SMT-LIB operation its queries write it with (the smoke tests free them)."""
        return frozenset().union(*(smt_printer.operations(f) for f in self.operation.functions))

    def result_gap(self, truth: bool) -> str:
        """Why a result that is a truth value (``truth``), or a number, is no result of the operator ("": it is one:
        `Operation.result`)."""
        if truth == (self.operation.result == "bool"):
            return ""
        return f"a truth value is no result of {self.name}" if truth else \
            f"{self.name}'s result is a truth value, not a number"

    @property
    def result_word(self) -> str:
        """Its result's noun ("quotient"): how an obligation's params name a row result that is its operation."""
        return self.vocabulary.result_nouns[0]

    @property
    def tag_prefix(self) -> str:
        """``E_DIV_``: the prefix of every requirement tag of the operator's documents."""
        return f"E_{self.name.upper()}_"

    def rounding_error(self, fmt: FloatFormat, *inputs: int) -> Fraction:
        """The error rounding introduces, ``round(op(A, ...)) - op(A, ...)``, for finite operands and a
        finite result (an accuracy note's "introduced" error; `ErrorModel` propagates it)."""
        values = [fmt.decode(x) for x in inputs]
        result = fmt.decode(self.kernels.float_bits(fmt, *inputs))
        if not (all(v.is_finite for v in values) and result.is_finite):
            raise ValueError("the rounding error of a non-finite operand or result")
        return result.value - self.kernels.real(*(v.value for v in values))

    def rules_for(self, fmt: FloatFormat, *inputs) -> list[SpecialRule]:
        """The special-value rules that apply to the inputs (float inputs as bit patterns, bool ones as bools)."""
        values = [x if isinstance(x, bool) else fmt.decode(x) for x in inputs]
        return [r for r in self.rules if r.applies(fmt, values, list(inputs))]

    def rule_result(self, rule: SpecialRule, fmt: FloatFormat, *inputs) -> int:
        """The bit pattern the rule gives C on the inputs (NaN: the canonical NaN)."""
        return rule.expected(fmt, self.inputs, list(inputs))
