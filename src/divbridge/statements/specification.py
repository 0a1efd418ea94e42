"""An operator's contract per section and type, as its WhyML specification (proofs/why3/<op>_spec.mlw) states it.

For each section of the document and each type it lists, the operator is a function over the tensor model
(why3/tensor.mlw) whose ``requires`` and ``ensures`` clauses are the document's requirements, each labelled
with its tags and lines: the shapes agree, the requirements its description's contract lists
(`operators.library.Contract`: an operand's domain, a result the type cannot hold), and each element of the
result is the exact result (real) or the exact result rounded the way the document says (float: IEEE 754's
operation, to nearest unless it states another rule; integer: the rules the contract lists).
The obligation's params say which clauses the document states and where (`obligations.catalog`), so
changing a requirement changes the generated clause.

Beside the operator, an element-wise loop implementation under the same clauses, written with the machine's
operation (the contract's: on Why3's ``mach.int`` integers, on the format's IEEE floats, to nearest).  The
Why3 goal is the loop's verification condition (``<op>_loop_<type>'vc``): proved, the clauses are consistent
and implementable; a document whose clauses that operation does not meet (another integer rounding, a pair
the machine refuses left in the domain) fails it.

The predicate: the mirror's operator meets every ensures clause wherever the requires clauses hold.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import operators
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.operators import library
from divbridge.operators.arrays import bits, same, sample
from divbridge.operators.model import Operator
from divbridge.statements import Statement
from divbridge.statements.mirrorops import result
from divbridge.statements.real import grid_samples
from divbridge.statements.rounding_rule import BUILT_IN, FLOAT_MODES, mirror_holds
from divbridge.statements.why3terms import FLOAT_THEORIES
from divbridge.terms import App, Printed, why3

# the Why3 module and element type of each integer type: Why3's mach.int, why3/ints.mlw for the narrow ones
INT_THEORIES = {"int8": ("ints.Int8", "int8"), "int16": ("ints.Int16", "int16"), "uint8": ("ints.UInt8", "uint8"),
                "uint16": ("ints.UInt16", "uint16"), "int32": ("mach.int.Int32", "int32"),
                "int64": ("mach.int.Int64", "int64"), "uint32": ("mach.int.UInt32", "uint32"),
                "uint64": ("mach.int.UInt64", "uint64")}
ROUNDING_MODES = {"nearest": "RNE", **FLOAT_MODES}   # a float rule's IEEE rounding mode


class Contract(Statement):
    """A section's operator in one type: the operator's clauses, and a loop that meets them."""

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
        op = operators.of_obligation_name(o.operator)
        element, uses = _element(o, _contract(op))
        requires = _requires(o, _contract(op))
        lines = [*(f"  use {theory}" for theory in uses), "",
                 f"  (** {op.name}, as the document specifies it. *)",
                 f"  val {op.name.lower()} (a b: tensor {element}) : tensor {element}",
                 *(f"    requires {{ {c} }}" for c in requires),
                 *(f"    ensures {{ {c} }}" for c in _ensures(o, op, "result")), "",
                 f"  (** Element by element with the machine's {op.vocabulary.gerund}, under the same clauses. *)",
                 f"  let {_loop(o)} (a b: tensor {element}) (c: array {element}) : unit",
                 "    requires { length c = size a.shape }",
                 *(f"    requires {{ {c} }}" for c in requires),
                 *(f"    ensures {{ {c} }}" for c in _ensures(o, op, "(of_array a.shape c)")),
                 "  = for i = 0 to length c - 1 do",
                 *(f"      invariant {{ forall j. 0 <= j < i -> {rule} }}"
                   for rule in _rules(o, op, "j", _element_of(o, "c[j]"))),
                 f"      c[i] <- a.data i {_contract(op).machine[o.params['element']]} b.data i",
                 "    done"]
        return "\n".join(lines)

    def samples(self, o, vector_sets):
        """A real section's contract on the real statements' grid; a type's on its format's operand pairs."""
        if o.params["element"] == "real":
            yield from grid_samples(("a", "b"))
        else:
            yield from super().samples(o, vector_sets)

    def predicate(self, o, fmt, a, b):
        """(applies, holds) per pair: where the requires clauses hold, the mirror's result is the one each
        ensures clause states."""
        op = operators.of_obligation_name(o.operator)
        applies = np.ones(a.shape, bool)
        for clause, requirement in _contract(op).requires.items():
            if o.params[clause] and _states(requirement, fmt):
                applies &= requirement.admits(fmt, a, b)
        holds = np.ones(a.shape, bool)
        for mode, _ in o.params["rules"]:
            if mode != BUILT_IN.get(o.params["element"], "exact"):   # another rule: the rounding rule's own check
                stated, rounded = mirror_holds(o.operator, {"mode": mode}, fmt, a, b)
                holds &= ~stated | rounded
                continue
            results = result(o.operator, fmt, a, b)
            for i in sample(applies):
                holds[i] &= _meets(op, fmt, a[i], b[i], results[i:i + 1])
        return applies, holds


def _meets(op: Operator, fmt, x, y, computed: np.ndarray) -> bool:
    """Whether the mirror's result at one pair is the operator's exact one (none where the exact kernel is
    undefined: no result meets the clause there)."""
    try:
        if isinstance(fmt, FloatFormat):
            expected = op.kernels.float_bits(fmt, int(bits(fmt, x)), int(bits(fmt, y)))
            return bool(same(fmt, computed, np.array([expected], fmt.uint_dtype).view(fmt.dtype))[0])
        if isinstance(fmt, IntFormat):
            return int(computed[0]) == op.kernels.integer(fmt, int(x), int(y))
        return computed[0] == op.kernels.real(Fraction(x), Fraction(y))
    except ArithmeticError:
        return False


def _contract(op: Operator) -> library.Contract:
    assert op.library.contract is not None, f"{op.name}'s description lists no contract"
    return op.library.contract


def _states(requirement: library.Requirement, fmt) -> bool:
    """Whether a requirement is a clause in the format (one of the signed types' alone: only there)."""
    return not requirement.signed_only or (isinstance(fmt, IntFormat) and fmt.signed)


def _loop(o) -> str:
    """The loop implementation's name (one per module, distinct in the file: Why3 reports goals by name)."""
    return f"{operators.of_obligation_name(o.operator).name.lower()}_loop_{o.format}"


def _element(o, contract: library.Contract) -> tuple[str, list[str]]:
    """The element type and the theories the module uses (the element's first: mach.int's unsigned types
    export a constant ``length``, which array.Array's ``length`` must hide)."""
    common = ["int.Int", "array.Array", "tensor.TensorArray"]
    family = o.params["element"]
    if family == "real":
        return "real", ["real.RealInfix", *common]
    if family == "float":
        return "t", [FLOAT_THEORIES[o.format], *common]
    theory, element = INT_THEORIES[o.format]
    return element, [theory, *contract.integer_theories, *common]


def _element_of(o, term: str) -> str:
    """An element as the clauses compare it: a machine integer by its value."""
    return f"to_int ({term})" if o.params["element"] == "int" else term


def _label(where: str) -> str:
    """Why3's explanation of a clause: the tags and lines that state it (a failed VC names them)."""
    return f"[@expl:{where}] " if where else ""


def _requires(o, contract: library.Contract) -> list[str]:
    params, family, fmt = o.params, o.params["element"], get_format(o.format)
    a, b = _element_of(o, "get a i"), _element_of(o, "get b i")
    clauses = [f"{_label(params['shape'])}a.shape = b.shape"] if params["shape"] else []
    for clause, requirement in contract.requires.items():
        if params[clause] and _states(requirement, fmt):
            condition = requirement.why3.format(a=a, b=b, zero="0.0" if family == "real" else "0",
                                                min=fmt.min if isinstance(fmt, IntFormat) else "")
            clauses.append(f"{_label(params[clause])}forall i. valid_index a i -> {condition}")
    return clauses


def _rules(o, op: Operator, index: str, result: str) -> list[str]:
    """Each rule the document states, on the elements at ``index`` with ``result`` for the operator's."""
    family = o.params["element"]
    x, y = _element_of(o, f"get a {index}"), _element_of(o, f"get b {index}")
    if family == "real":
        return [f"{result} = {x} {_contract(op).machine['real']} {y}" for _ in o.params["rules"]]
    if family == "float":
        return [f"{result} = {why3.term(_rounded(op, x, y, ROUNDING_MODES[mode]), infix=False)}"
                for mode, _ in o.params["rules"]]
    return [_contract(op).integer_rules[mode].format(q=f"({result})", x=f"({x})", y=f"({y})")
            for mode, _ in o.params["rules"]]


def _rounded(op: Operator, x: str, y: str, mode: str) -> App:
    """The operator's rounded operation on two elements (written ``x``, ``y``), in the rounding ``mode``."""
    return op.rounded_in(mode, args=(Printed(x, "float"), Printed(y, "float")))


def _ensures(o, op: Operator, result: str) -> list[str]:
    clauses = [f"{_label(o.params['shape'])}{result}.shape = a.shape"] if o.params["shape"] else []
    for (_, where), rule in zip(o.params["rules"], _rules(o, op, "i", _element_of(o, f"get {result} i"))):
        clauses.append(f"{_label(where)}forall i. valid_index a i -> {rule}")
    return clauses


STATEMENTS = (Contract(),)
