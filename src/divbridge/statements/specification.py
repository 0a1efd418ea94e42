"""Div's contract per section and type, as the WhyML specification (proofs/why3/div_spec.mlw) states it.

For each section of the document and each type it lists, Div is an operator over the tensor model
(why3/tensor.mlw) whose ``requires`` and ``ensures`` clauses are the document's requirements, each labelled
with its tags and lines: the shapes agree, B is non-zero, INT_MIN / -1 is excluded, and each element of the
result is the exact quotient (real) or the exact quotient rounded the way the document says (float: IEEE 754
division, to nearest unless it states another rule; integer: truncation unless it states another rule).
The obligation's params say which clauses the document states and where (`obligations.catalog`), so
changing a requirement changes the generated clause.

Beside the operator, an element-wise loop implementation under the same clauses, written with the machine's
division (Why3's ``mach.int`` integers, whose division requires a non-zero divisor and a representable
quotient, and truncates; the format's IEEE division, to nearest).  The Why3 goal is the loop's verification
condition (``div_loop_<type>'vc``): proved, the clauses are consistent and implementable; a document whose clauses
that division does not meet (another integer rounding, B = 0 or INT_MIN / -1 left in the domain) fails it.

The predicate: the mirror's Div meets every ensures clause wherever the requires clauses hold.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.operators.div import kernels as exact
from divbridge.statements import Statement
from divbridge.statements.mirrorops import bits, div, same, sample
from divbridge.statements.real import grid_samples
from divbridge.statements.rounding_rule import BUILT_IN, FLOAT_MODES, mirror_holds
from divbridge.statements.why3terms import FLOAT_THEORIES

# the Why3 module and element type of each integer type: Why3's mach.int, why3/ints.mlw for the narrow ones
INT_THEORIES = {"int8": ("ints.Int8", "int8"), "int16": ("ints.Int16", "int16"), "uint8": ("ints.UInt8", "uint8"),
                "uint16": ("ints.UInt16", "uint16"), "int32": ("mach.int.Int32", "int32"),
                "int64": ("mach.int.Int64", "int64"), "uint32": ("mach.int.UInt32", "uint32"),
                "uint64": ("mach.int.UInt64", "uint64")}
# the integer quotient q of x by y, rounded each way a document may state it (Why3 over int)
INT_RULES = {
    "trunc": "{q} = ComputerDivision.div {x} {y}",
    "floor": "({y} > 0 -> {q} * {y} <= {x} < {q} * {y} + {y}) /\\ ({y} < 0 -> {q} * {y} + {y} < {x} <= {q} * {y})",
    "ceil": "({y} > 0 -> {q} * {y} - {y} < {x} <= {q} * {y}) /\\ ({y} < 0 -> {q} * {y} <= {x} < {q} * {y} - {y})",
    "nearest": "Abs.abs (2 * ({x} - {q} * {y})) <= Abs.abs {y}",
}
ROUNDING_MODES = {"nearest": "RNE", **FLOAT_MODES}   # a float rule's IEEE rounding mode
MACHINE_DIVISION = {"real": "/.", "float": "./", "int": "/"}


class Contract(Statement):
    """A section's Div in one type: the operator's clauses, and a loop that meets them."""

    kind = "specification"
    name = "contract"
    families = ("spec",)
    encodings = frozenset({"why3", "predicate"})

    def why3_name(self, o) -> str:
        return f"{_loop(o)}'vc"

    def why3_module(self, o, module: str) -> str:
        return f"{module}_{o.format}"

    def why3(self, o) -> str:
        """The module's body: the operator, and the loop implementation whose VC is the goal."""
        element, uses = _element(o)
        requires = _requires(o)
        lines = [*(f"  use {theory}" for theory in uses), "",
                 "  (** Div, as the document specifies it. *)",
                 f"  val div (a b: tensor {element}) : tensor {element}",
                 *(f"    requires {{ {c} }}" for c in requires),
                 *(f"    ensures {{ {c} }}" for c in _ensures(o, "result")), "",
                 "  (** Element by element with the machine's division, under the same clauses. *)",
                 f"  let {_loop(o)} (a b: tensor {element}) (c: array {element}) : unit",
                 "    requires { length c = size a.shape }",
                 *(f"    requires {{ {c} }}" for c in requires),
                 *(f"    ensures {{ {c} }}" for c in _ensures(o, "(of_array a.shape c)")),
                 "  = for i = 0 to length c - 1 do",
                 *(f"      invariant {{ forall j. 0 <= j < i -> {rule} }}"
                   for rule in _rules(o, "j", _element_of(o, "c[j]"))),
                 f"      c[i] <- a.data i {MACHINE_DIVISION[o.params['element']]} b.data i",
                 "    done"]
        return "\n".join(lines)

    def samples(self, o, vector_sets):
        """A real section's contract on the real statements' grid; a type's on its format's operand pairs."""
        if o.params["element"] == "real":
            yield from grid_samples(("a", "b"))
        else:
            yield from super().samples(o, vector_sets)

    def predicate(self, o, fmt, a, b):
        """(applies, holds) per pair: where the requires clauses hold, the mirror's quotient is the one each
        ensures clause states."""
        applies = np.ones(a.shape, bool)
        if o.params["domain"]:
            applies &= b != 0
        if o.params["overflow"] and isinstance(fmt, IntFormat) and fmt.signed:
            applies &= ~((a == fmt.min) & (b == -1))
        holds = np.ones(a.shape, bool)
        for mode, _ in o.params["rules"]:
            if mode != BUILT_IN.get(o.params["element"], "exact"):   # another rule: the rounding rule's own check
                stated, rounded = mirror_holds({"mode": mode}, fmt, a, b)
                holds &= ~stated | rounded
                continue
            quotients = div(fmt, a, b)
            for i in sample(applies):
                x, y = a[i], b[i]
                if isinstance(fmt, FloatFormat):
                    expected = exact.float_div_bits(fmt, int(bits(fmt, x)), int(bits(fmt, y)))
                    holds[i] &= bool(same(fmt, quotients[i:i + 1],
                                          np.array([expected], fmt.uint_dtype).view(fmt.dtype))[0])
                elif isinstance(fmt, IntFormat):
                    holds[i] &= y != 0 and int(quotients[i]) == exact.int_div(int(x), int(y))
                else:
                    holds[i] &= y != 0 and quotients[i] == exact.real_div(Fraction(x), Fraction(y))
        return applies, holds


def _loop(o) -> str:
    """The loop implementation's name (one per module, distinct in the file: Why3 reports goals by name)."""
    return f"div_loop_{o.format}"


def _element(o) -> tuple[str, list[str]]:
    """The element type and the theories the module uses (the element's first: mach.int's unsigned types
    export a constant ``length``, which array.Array's ``length`` must hide)."""
    common = ["int.Int", "array.Array", "tensor.TensorArray"]
    family = o.params["element"]
    if family == "real":
        return "real", ["real.RealInfix", *common]
    if family == "float":
        return "t", [FLOAT_THEORIES[o.format], *common]
    theory, element = INT_THEORIES[o.format]
    return element, [theory, "int.ComputerDivision", "int.Abs", *common]


def _element_of(o, term: str) -> str:
    """An element as the clauses compare it: a machine integer by its value."""
    return f"to_int ({term})" if o.params["element"] == "int" else term


def _label(where: str) -> str:
    """Why3's explanation of a clause: the tags and lines that state it (a failed VC names them)."""
    return f"[@expl:{where}] " if where else ""


def _requires(o) -> list[str]:
    params, family = o.params, o.params["element"]
    a, b = _element_of(o, "get a i"), _element_of(o, "get b i")
    clauses = []
    if params["shape"]:
        clauses.append(f"{_label(params['shape'])}a.shape = b.shape")
    if params["domain"]:
        clauses.append(f"{_label(params['domain'])}forall i. valid_index a i -> {b} <> "
                       f"{'0.0' if family == 'real' else '0'}")
    if params["overflow"] and family == "int" and get_format(o.format).signed:
        clauses.append(f"{_label(params['overflow'])}forall i. valid_index a i -> "
                       f"not ({a} = ({get_format(o.format).min}) /\\ {b} = -1)")
    return clauses


def _rules(o, index: str, result: str) -> list[str]:
    """Each rule the document states, on the elements at ``index`` with ``result`` for the quotient."""
    family = o.params["element"]
    x, y = _element_of(o, f"get a {index}"), _element_of(o, f"get b {index}")
    if family == "real":
        return [f"{result} = {x} /. {y}" for _ in o.params["rules"]]
    if family == "float":
        return [f"{result} = div {ROUNDING_MODES[mode]} ({x}) ({y})" for mode, _ in o.params["rules"]]
    return [INT_RULES[mode].format(q=f"({result})", x=f"({x})", y=f"({y})") for mode, _ in o.params["rules"]]


def _ensures(o, result: str) -> list[str]:
    clauses = [f"{_label(o.params['shape'])}{result}.shape = a.shape"] if o.params["shape"] else []
    for (_, where), rule in zip(o.params["rules"], _rules(o, "i", _element_of(o, f"get {result} i"))):
        clauses.append(f"{_label(where)}forall i. valid_index a i -> {rule}")
    return clauses


STATEMENTS = (Contract(),)
