"""What an operator description is: plain data and the kernels that make it executable.

An `Operator` gathers everything the pipeline needs to know of one element-wise
binary operator: its words (`Vocabulary`), its special-value and signed-zero
rules in IEEE 754 (`SpecialRule`), its generic properties (`Property`, as
expression trees the prover templates can render and the mirror can evaluate),
its error model for accuracy notes (`ErrorModel`), the theorems about its rounding
(`Theorem`), its names in each prover and runtime (`Names`), its kernels in each
profile (`Kernels`) and the statement library it lists (`library.Library`).  Nothing in
this module names an operator: the descriptions (`operators/div.py`, ...) do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

import numpy as np

from divbridge.formats import FloatFormat, FloatValue, IntFormat
from divbridge.operators.enumeration import Enumeration
from divbridge.operators.library import Library
from divbridge.operators.obligations import Obligations
from divbridge.operators.reading import Wording
from divbridge.semantics.profiles import Profiles


@dataclass(frozen=True)
class Vocabulary:
    """How documents speak of the operator: verbs, nouns, the operands' roles and the symbols."""

    verbs: tuple[str, ...]           # "divides", "divided by", ...
    result_nouns: tuple[str, ...]    # "quotient", ...
    roles: tuple[str, str]           # the names of A and B: ("numerator", "denominator"), ...
    symbols: tuple[str, ...]         # LaTeX and ASCII spellings: "/", "\frac{}{}", "\times", "*", ...
    gerund: str                      # "division": "the element-wise division of A by B"
    heading: str                     # a regular expression (any case) for how a heading names it: r"\bmul\b"
    infix: str                       # its infix operator in readable statements and SMT-LIB's reals: "*"
    joins: tuple[str, ...] = ()      # how a special-value sentence joins its operands: "over", "times"


# The kind of a case-table row's result that is the operation itself (A op B, or its negation, or either
# rounded to an integer), as `document.formula.Result` and the obligations' params spell it: Div's word,
# which its evidence keeps.
OPERATION_RESULT = "quotient"

# The operand classes of a special-value rule (as `document.caserule` names them) and the relations
# between the two operands a sum's rules need.
CLASSES = ("nan", "any", "inf", "finite", "finite_nonzero", "zero")
RELATIONS = ("", "same_sign", "opposite_sign", "equal", "opposite")


@dataclass(frozen=True)
class SpecialRule:
    """One IEEE 754 rule of the operator: when A is of class ``a``, B of class ``b`` and the pair
    satisfies ``relation``, C is ``result`` with ``sign``.

    ``result``: ``nan``, ``inf``, ``zero``, or an operand returned unchanged (``a``, ``b``) or
    negated (``-b``).  ``sign`` (for ``inf`` and ``zero``): ``xor`` (of the operands' signs),
    ``a``, ``b``, ``-b`` (the opposite of B's sign), ``+`` or ``-``; empty for the others.
    Round-to-nearest is the attribute-free rounding the SONNX profile fixes.
    """

    name: str
    a: str
    b: str
    result: str
    sign: str = ""
    relation: str = ""
    text: str = ""

    def applies(self, x: FloatValue, y: FloatValue, x_bits: int, y_bits: int, sign_mask: int) -> bool:
        if not (_in_class(self.a, x) and _in_class(self.b, y)):
            return False
        return {
            "": True,
            "same_sign": x.sign == y.sign,
            "opposite_sign": x.sign != y.sign,
            "equal": x_bits == y_bits,
            "opposite": x_bits ^ y_bits == sign_mask,
        }[self.relation]

    def expected(self, fmt: FloatFormat, x_bits: int, y_bits: int) -> int:
        """The bit pattern the rule gives C (NaN: the canonical NaN; callers compare NaN as a class)."""
        if self.result == "nan":
            return fmt.nan
        if self.result == "a":
            return x_bits
        if self.result == "b":
            return y_bits
        if self.result == "-b":
            return y_bits ^ fmt.sign_mask
        sx, sy = x_bits >> (fmt.width - 1), y_bits >> (fmt.width - 1)
        sign = {"xor": sx ^ sy, "a": sx, "b": sy, "-b": 1 - sy, "+": 0, "-": 1}[self.sign]
        return fmt.inf(sign) if self.result == "inf" else fmt.zero(sign)


def _in_class(cls: str, v: FloatValue) -> bool:
    return {
        "any": True, "nan": v.is_nan, "inf": v.is_inf, "zero": v.is_zero,
        "finite": v.is_finite, "finite_nonzero": v.is_finite and not v.is_zero,
    }[cls]


# A property's sides are expression trees: a variable ("x", "y", "z"), a constant ("+0", "-0", "1"),
# or a tuple (operator name or "neg", operand expressions...).  "op" stands for the operator described.
Expr = str | tuple


@dataclass(frozen=True)
class Property:
    """A generic property to prove, or to refute with a counterexample, in the IEEE profile.

    The two sides are equal when they are the same bit pattern or both NaN (the equality of
    Why3's ``ieee_float`` ``.=`` would make NaN unequal to itself; SMT-LIB's ``=`` is this one)."""

    name: str
    lhs: Expr
    rhs: Expr
    holds: bool          # True: proved in every format; False: refuted by a counterexample
    text: str


# The theorems about rounding an operator's description can list (`Theorem.claim`): proved in Coq with
# Flocq for every binary format (`statements.operator_theorem`), or probes refuted by an SMT solver.
THEOREM_CLAIMS = (
    "sterbenz",                  # x op y is exact when x and y (-y for a sum) are within a factor two
    "error_is_float",            # the rounding error of x op y is itself a float (above `Theorem.above`)
    "relative_error",            # |round(z) - z| <= 2^-p |z| for z = x op y in the normal range
    "subnormal_exact",           # x op y is exact below twice the smallest normal number
    "relative_error_subnormal",  # the bound of relative_error below the normal range (a probe where it fails)
    "finite_result",             # finite operands give a finite result: relative_error's hypothesis (a probe)
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

    def __post_init__(self) -> None:
        if self.claim not in THEOREM_CLAIMS:
            raise ValueError(f"theorem {self.name}: unknown claim '{self.claim}'")


@dataclass(frozen=True)
class ErrorModel:
    """How an error on the operands propagates through the operator, exactly, and how rounding adds one.

    ``propagated(a, b, ea, eb)`` is the exact ``(a + ea) op (b + eb) - (a op b)``; ``latex`` the same
    formula as accuracy notes write it.  Rounding introduces ``round(a op b) - (a op b)``."""

    propagated: Callable[[Fraction, Fraction, Fraction, Fraction], Fraction]
    latex: str
    domain: Callable[[Fraction, Fraction, Fraction, Fraction], bool] = lambda a, b, ea, eb: True


@dataclass(frozen=True)
class Names:
    """The operator's name in each prover's library and each runtime."""

    why3_float: str           # ieee_float's operation (its first argument is the rounding mode)
    why3_int: str             # the Why3 function of the integer profile, qualified by its theory
    smtlib_float: str
    smtlib_int: str           # bit-vector operation of the integer profile
    coq: str                  # Flocq's IEEE754 operation on binary_float (mode first)
    gappa: str                # Gappa's infix operator
    numpy: str                # the NumPy ufunc (integers: wrap-around)
    onnx: str
    openvino: str             # the op type; its opset factory is the name in snake case
    jax_float: str            # jax.numpy function on floats
    jax_int: str              # the jax function on integers
    smtlib_uint: str = ""     # the bit-vector operation on unsigned types, where it is not smtlib_int
    smtlib_more: tuple[str, ...] = ()   # its other SMT-LIB operations: on mathematical integers
    numpy_int: str = ""       # the NumPy ufunc on integers where ``numpy``'s leaves the type
    # the OpenVINO node's own boolean attributes a peer may set, with their defaults
    openvino_attributes: tuple[tuple[str, bool], ...] = ()
    coq_theorems: str = ""    # the Coq library proving its `Theorem`s (generators/coq/<op>/<name>.v), if it has any

    def smtlib_int_of(self, signed: bool) -> str:
        """The integer profile's bit-vector operation on a type of that signedness."""
        return self.smtlib_uint if self.smtlib_uint and not signed else self.smtlib_int


@dataclass(frozen=True)
class Kernels:
    """The operator's executable semantics.  ``real``: exact rationals; ``float_bits``: IEEE 754 in
    any (eb, sb), on bit patterns, through exact rationals; ``integer``: the unbounded integer
    result the integer profile maps into the type (Div's truncation, the others' wrap-around);
    ``fast``: NumPy over arrays of a standard format, bit-identical to the exact kernels."""

    real: Callable[[Fraction, Fraction], Fraction]
    float_bits: Callable[[FloatFormat, int, int], int]
    integer: Callable[[IntFormat, int, int], int]
    fast: Callable[[object, np.ndarray, np.ndarray], np.ndarray]


@dataclass(frozen=True)
class IntegerProfile:
    """The integer semantics the documents state: ``wrap`` (modulo 2^n, the WG's ``k.2^n`` cases) or
    ``truncate`` (Div: the quotient rounded toward zero), with its preconditions as constraint names."""

    kind: str                                  # wrap | truncate
    preconditions: tuple[str, ...] = ()        # e.g. ("B != 0", "not (A = INT_MIN and B = -1)")


@dataclass(frozen=True)
class Operator:
    name: str                     # as ONNX and the documents' headings name it: "Div"
    vocabulary: Vocabulary
    rules: tuple[SpecialRule, ...]
    properties: tuple[Property, ...]
    error: ErrorModel
    names: Names
    kernels: Kernels
    integer: IntegerProfile
    real_preconditions: tuple[str, ...] = field(default=())
    theorems: tuple[Theorem, ...] = field(default=())
    wording: Wording = Wording()  # its documents' words beyond the vocabulary (`document` reads them)
    library: Library = field(default=Library())   # its statement library (`operators.library`)
    obligations: Obligations = field(default=Obligations())   # what its obligations and checks need (strategies...)
    enumeration: Enumeration | None = None   # its proofs by enumeration of every operand pair (16-bit formats)
    profiles: Profiles | None = None   # the mirror's profiles of the operator, with their preconditions and tags

    @property
    def smt_operations(self) -> frozenset[str]:
        """Every SMT-LIB operation its queries write it with (the smoke tests free them)."""
        return frozenset({self.names.smtlib_float, self.names.smtlib_int, self.vocabulary.infix,
                          *self.names.smtlib_more} | ({self.names.smtlib_uint} - {""}))

    @property
    def tag_prefix(self) -> str:
        """``E_DIV_``: the prefix of every requirement tag of the operator's documents."""
        return f"E_{self.name.upper()}_"

    def rounding_error(self, fmt: FloatFormat, x_bits: int, y_bits: int) -> Fraction:
        """The error rounding introduces, ``round(A op B) - (A op B)``, for finite operands and a
        finite result (an accuracy note's "introduced" error; `ErrorModel` propagates it)."""
        x, y = fmt.decode(x_bits), fmt.decode(y_bits)
        result = fmt.decode(self.kernels.float_bits(fmt, x_bits, y_bits))
        if not (x.is_finite and y.is_finite and result.is_finite):
            raise ValueError("the rounding error of a non-finite operand or result")
        return result.value - self.kernels.real(x.value, y.value)

    def rules_for(self, fmt: FloatFormat, x_bits: int, y_bits: int) -> list[SpecialRule]:
        """The special-value rules that apply to the pair (A, B)."""
        x, y = fmt.decode(x_bits), fmt.decode(y_bits)
        return [r for r in self.rules if r.applies(x, y, x_bits, y_bits, fmt.sign_mask)]
