"""Statements as term trees: typed nodes of any arity, and one printer per backend.

A term is a variable (`Var`), a constant (`Const`) or a function applied to terms (`App`), each of a sort:
``float`` (the query's float format), ``bv`` (its integer type as a bit-vector), ``int`` (a mathematical
integer), ``real``, ``bool``.  A function (`Function`) is either a primitive every prover has (IEEE 754's
neg, abs, add, sub, mul, div, sqrt, fma, min, max beside its predicates; the bit-vector and real operations;
the connectives), as pysmt's typed nodes and Why3's GenericFloat have them, or one a description defines
(`Function.body`): an operation that is no prover primitive (ONNX's Max, which propagates NaN and gives +0
for max(-0, +0), a selection such as Where), defined once and printed from there (a ``define-fun``, a Why3
``function``, a NumPy evaluation).

The printers: `terms.smtlib` (SMT-LIB 2.6), `terms.why3` (a format module of ``ieee_float``), `terms.coq`
(Flocq's ``Binary``), `terms.numpy` (the mirror: the term evaluated on arrays) and `terms.text` (readable
statements).  A generic module never writes a prover term from an operator's name: it builds the term and
asks a printer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

SORTS = ("float", "bv", "int", "real", "bool")
ANY = "*"                 # a polymorphic argument (ite's branches, =): the sort of the first such argument
MODES = ("RNE", "RNA", "RTP", "RTN", "RTZ")   # IEEE 754's rounding modes, as SMT-LIB names them


class Term:
    """A node of a statement's tree."""

    sort: str

    def __iter__(self) -> Iterator["Term"]:
        """Its direct subterms."""
        return iter(())


@dataclass(frozen=True)
class Var(Term):
    name: str
    sort: str = "float"


@dataclass(frozen=True)
class Const(Term):
    """A constant of a sort.  Floats: a named value of every format (``+0``, ``-0``, ``+inf``, ``-inf``,
    ``nan``, ``1``) or a bit pattern (an int) of the query's format; ``bv``: an integer of the query's type
    (``min``, ``max``: its bounds); ``int``, ``real``: a number; ``bool``: True or False."""

    value: object
    sort: str = "float"


@dataclass(frozen=True)
class Printed(Term):
    """A subterm a statement printed itself, in the language of the backend it writes (an expression of a
    small grammar of its own, as a document's integer trees in SMT-LIB): printed as it is."""

    text: str
    sort: str


@dataclass(frozen=True, eq=False)   # compared as itself: two descriptions' functions of one name differ
class Function:
    """A typed operation: its name (a primitive's key, or the name a description gives its definition), the
    sorts of its arguments (`ANY`: polymorphic) and of its result, and whether it rounds (its first argument
    is then a rounding mode, `App.mode`).  ``symbol``: how readable statements write it (``/`` infix between
    two arguments, ``-`` prefix of one, else a call).  A defined function has ``params`` and a ``body`` over
    them."""

    name: str
    arguments: tuple[str, ...]
    result: str
    rounded: bool = False
    symbol: str = ""
    params: tuple[Var, ...] = ()
    body: Term | None = None

    @property
    def arity(self) -> int:
        return len(self.arguments)

    @property
    def defined(self) -> bool:
        return self.body is not None

    def __call__(self, *args: Term, mode: str = "RNE") -> "App":
        if len(args) != self.arity:
            raise TypeError(f"{self.name} takes {self.arity} arguments, not {len(args)}")
        polymorphic = [a.sort for a, s in zip(args, self.arguments) if s == ANY]
        for arg, sort in zip(args, self.arguments):
            expected = polymorphic[0] if sort == ANY else sort
            if arg.sort != expected:
                raise TypeError(f"{self.name}: an argument of sort {arg.sort} where {expected} is expected")
        if mode not in MODES:
            raise ValueError(f"unknown rounding mode {mode}")
        return App(self, tuple(args), mode if self.rounded else "")

    def __repr__(self) -> str:
        return f"Function({self.name})"


@dataclass(frozen=True)
class App(Term):
    fn: Function
    args: tuple[Term, ...]
    mode: str = ""             # a rounded function's rounding mode

    @property
    def sort(self) -> str:    # type: ignore[override]
        if self.fn.result == ANY:
            return next(a.sort for a, s in zip(self.args, self.fn.arguments) if s == ANY)
        return self.fn.result

    def __iter__(self) -> Iterator[Term]:
        return iter(self.args)


def define(name: str, params: tuple[Var, ...], body: Term, symbol: str = "") -> Function:
    """A function a description defines: ``name(params) = body``."""
    free = variables(body) - {p.name for p in params}
    if free:
        raise ValueError(f"{name}: the body uses {', '.join(sorted(free))}, not among its parameters")
    return Function(name, tuple(p.sort for p in params), body.sort, symbol=symbol, params=params, body=body)


def substitute(term: Term, env: dict[str, Term]) -> Term:
    """The term with its variables replaced as ``env`` says."""
    if isinstance(term, Var):
        return env.get(term.name, term)
    if isinstance(term, App):
        return App(term.fn, tuple(substitute(a, env) for a in term.args), term.mode)
    return term


def expand(app: App) -> Term:
    """A defined function's application as its body over the arguments."""
    assert app.fn.body is not None, app.fn.name
    return substitute(app.fn.body, {p.name: a for p, a in zip(app.fn.params, app.args)})


def variables(term: Term) -> set[str]:
    if isinstance(term, Var):
        return {term.name}
    return set().union(*(variables(t) for t in term)) if isinstance(term, App) else set()


def definitions(*terms: Term) -> list[Function]:
    """The defined functions the terms use, each once, every one after those its body uses."""
    found: dict[int, Function] = {}

    def visit(term: Term) -> None:
        if isinstance(term, App):
            for arg in term.args:
                visit(arg)
            if term.fn.defined and id(term.fn) not in found:
                assert term.fn.body is not None
                visit(term.fn.body)
                found[id(term.fn)] = term.fn
    for term in terms:
        visit(term)
    return list(found.values())


def _primitive(name: str, arguments: tuple[str, ...], result: str, rounded: bool = False,
               symbol: str = "") -> Function:
    return Function(name, arguments, result, rounded, symbol)


_F1, _F2 = ("float",), ("float", "float")
_B1, _B2 = ("bv",), ("bv", "bv")

# IEEE 754 (clause 5): SMT-LIB's FloatingPoint theory, Why3's ieee_float, Flocq's Binary.  Their min and max
# are not here: IEEE 754-2008's minNum leaves min(-0, +0) open in each prover, which no mirror can follow; an
# operator's min or max is defined over these (ONNX's Max: NaN propagated, max(-0, +0) = +0).
FP_NEG = _primitive("fp.neg", _F1, "float", symbol="-")
FP_ABS = _primitive("fp.abs", _F1, "float", symbol="abs")
FP_ADD = _primitive("fp.add", _F2, "float", True, "+")
FP_SUB = _primitive("fp.sub", _F2, "float", True, "-")
FP_MUL = _primitive("fp.mul", _F2, "float", True, "*")
FP_DIV = _primitive("fp.div", _F2, "float", True, "/")
FP_SQRT = _primitive("fp.sqrt", _F1, "float", True, "sqrt")
FP_ROUND_TO_INTEGRAL = _primitive("fp.roundToIntegral", _F1, "float", True, "roundToIntegral")
# the functions of one float a document writes around an operand (-A, |A|, \sqrt{A}), by their symbol
FLOAT_OF_OPERAND = {f.symbol: f for f in (FP_NEG, FP_ABS, FP_SQRT)}
FP_TO_REAL = _primitive("fp.to_real", _F1, "real", symbol="real")   # the real a finite float stands for
IS_NAN = _primitive("fp.isNaN", _F1, "bool", symbol="isNaN")
IS_INFINITE = _primitive("fp.isInfinite", _F1, "bool", symbol="isInfinite")
IS_ZERO = _primitive("fp.isZero", _F1, "bool", symbol="isZero")
IS_FINITE = _primitive("isFinite", _F1, "bool", symbol="isFinite")   # the frames' definition: neither inf nor NaN
IS_NEGATIVE = _primitive("fp.isNegative", _F1, "bool", symbol="isNegative")
IS_POSITIVE = _primitive("fp.isPositive", _F1, "bool", symbol="isPositive")
FP_EQ = _primitive("fp.eq", _F2, "bool", symbol="==")
FP_LT = _primitive("fp.lt", _F2, "bool", symbol="<")
FP_LEQ = _primitive("fp.leq", _F2, "bool", symbol="<=")
FP_GT = _primitive("fp.gt", _F2, "bool", symbol=">")
FP_GEQ = _primitive("fp.geq", _F2, "bool", symbol=">=")

# two's complement bit-vectors of the query's integer type (SMT-LIB's FixedSizeBitVectors, Why3's bv.BV<n>)
BV_NEG = _primitive("bvneg", _B1, "bv", symbol="-")
BV_ADD = _primitive("bvadd", _B2, "bv", symbol="+")
BV_SUB = _primitive("bvsub", _B2, "bv", symbol="-")
BV_MUL = _primitive("bvmul", _B2, "bv", symbol="*")
BV_SDIV = _primitive("bvsdiv", _B2, "bv", symbol="/")
BV_UDIV = _primitive("bvudiv", _B2, "bv", symbol="/")
BV_SLT = _primitive("bvslt", _B2, "bool", symbol="<")
BV_SLE = _primitive("bvsle", _B2, "bool", symbol="<=")
BV_ULT = _primitive("bvult", _B2, "bool", symbol="<")
BV_ULE = _primitive("bvule", _B2, "bool", symbol="<=")

# exact arithmetic
REAL_NEG = _primitive("real.neg", ("real",), "real", symbol="-")
REAL_ADD = _primitive("real.add", ("real", "real"), "real", symbol="+")
REAL_SUB = _primitive("real.sub", ("real", "real"), "real", symbol="-")
REAL_MUL = _primitive("real.mul", ("real", "real"), "real", symbol="*")
REAL_DIV = _primitive("real.div", ("real", "real"), "real", symbol="/")
REAL_LT = _primitive("real.lt", ("real", "real"), "bool", symbol="<")
# the real square root: Coq's (R's sqrt), no term of SMT-LIB's reals (Sqrt's Coq theorem states it)
REAL_SQRT = _primitive("real.sqrt", ("real",), "real", symbol="sqrt")
INT_DIV = _primitive("int.div", ("int", "int"), "int", symbol="div")   # SMT-LIB's Euclidean division

# logic
NOT = _primitive("not", ("bool",), "bool", symbol="not")
AND = _primitive("and", ("bool", "bool"), "bool", symbol="and")
OR = _primitive("or", ("bool", "bool"), "bool", symbol="or")
IMPLIES = _primitive("=>", ("bool", "bool"), "bool", symbol="->")
XOR = _primitive("xor", ("bool", "bool"), "bool", symbol="xor")
EQ = _primitive("=", (ANY, ANY), "bool", symbol="=")     # the same value: the same float, NaN equal to NaN
ITE = _primitive("ite", ("bool", ANY, ANY), ANY, symbol="if")

PRIMITIVES = tuple(f for f in globals().values() if isinstance(f, Function))
# the operations of a sort's arithmetic (not its predicates, the connectives or a selection)
ARITHMETIC = frozenset(f for f in PRIMITIVES if f.result in ("float", "bv", "int", "real"))
