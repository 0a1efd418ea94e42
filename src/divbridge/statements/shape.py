"""The tensor properties of an operator: two tensors of one shape combined element by element (or one tensor,
mapped element by element, for an operator of one input).

Each property states its Why3 goal over the tensor model (why3/tensor.mlw, used by <op>_shape.mlw, whose
tensor function is named as the operator) and its predicate on the mirror: the operator on a batch of
tensors, compared with the scalar operator on each element.  The cross-check runs it on random tensors of a
few shapes in the formats the property is about.
A new tensor property is one `ShapeProperty` in ``STATEMENTS``.

Both goals quantify over the scalar operation (``op``) and the element type: they hold of every element
format at once, and of any such operation, so they say how the operator lifts to tensors (map2), nothing
about the scalar operator itself: `definitional` says so, and the proof run shows them as definitions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from divbridge import operators
from divbridge.formats import FloatFormat, Format, RealFormat, get_format
from divbridge.statements import Statement
from divbridge.operators.arrays import bits
from divbridge.statements.mirrorops import result

SHAPES = ((3,), (2, 3), (2, 1, 4))


@dataclass(frozen=True, eq=False)
class ShapeProperty(Statement):
    kind = "shape"
    families = ("shape",)
    encodings = frozenset({"why3", "predicate"})

    name: str = ""
    title: str = ""
    roles: tuple[str, ...] = ()
    statement: str = ""
    why3_goal: str = ""
    formats: tuple[str, ...] = ()   # the element formats the cross-check computes in
    group: str = "tensor"
    statement_one: str = ""         # the statement and goal of an operator of one input
    why3_goal_one: str = ""
    # of an operator of three inputs (Where): over its inputs' tensors, each of its type ({tensors}: the binders,
    # {same}: their shapes equal, {args}: each input's element at i)
    statement_three: str = ""
    why3_goal_three: str = ""

    def variables(self, o) -> tuple[str, ...]:
        return ()

    def stated(self, op) -> tuple[str, str]:
        """(statement, Why3 goal) for the operator's arity (one input, two or three)."""
        if op.arity == 3:
            return self.statement_three, self.why3_goal_three
        return (self.statement_one, self.why3_goal_one) if op.arity == 1 else (self.statement, self.why3_goal)

    def why3(self, o) -> str:
        op = operators.of_obligation_name(o.operator)
        return self.stated(op)[1].format(fn=op.name.lower(), result=result_type(op), **tensors(op))

    def definitional(self, o) -> str:
        op = operators.of_obligation_name(o.operator)
        return f"its Why3 goal holds for every scalar {op.vocabulary.gerund} op and element type " \
            f"(it unfolds {'the map of one tensor' if op.arity == 1 else 'map2'})"

    def samples(self, o, vector_sets):
        rng = np.random.default_rng(7)
        op = operators.of_obligation_name(o.operator)
        inputs = [i.var for i in op.inputs]
        for name in self.formats:
            fmt = get_format(name)
            if op.integer is None and not isinstance(fmt, (FloatFormat, RealFormat)):
                continue   # ONNX types the operator on floats alone (Sqrt)
            for shape in SHAPES:
                a, b = rng.integers(-50, 50, size=(1, *shape)), rng.integers(1, 9, size=(1, *shape))
                numbers = iter((a, b, rng.integers(-9, 9, size=(1, *shape))))
                yield f"{name} tensors of shape {shape}", fmt, {
                    i.var: rng.integers(0, 2, size=(1, *shape)).astype(bool) if i.type == "bool" else
                    _tensor(fmt, next(numbers)) for i in op.inputs}

    def predicate(self, o, fmt: Format, **inputs):
        """Per tensor of the batch: the operator on the tensors (its inputs, in order) has their shape, and each
        element is the scalar operator's."""
        op = operators.of_obligation_name(o.operator)
        batches = [inputs[i.var] for i in op.inputs]
        holds = []
        for tensors in zip(*batches):
            c = result(o.operator, fmt, *tensors)
            first = tensors[0]
            holds.append(c.shape == first.shape and all(
                _same(fmt, result(o.operator, fmt, *(t.ravel()[i:i + 1] for t in tensors)), c.ravel()[i:i + 1])
                for i in range(first.size)))
        return np.ones(len(batches[0]), bool), np.array(holds, bool)


def tensors(op) -> dict[str, str]:
    """The operator's inputs as the Why3 goals of three inputs write them (``{tensors}``, ``{same}``, ``{args}``,
    ``{op_type}``, ``{vars}``): each its tensor variable, of its type (a bool input's ``bool``, the others' ``'a``)."""
    types = ["bool" if i.type == "bool" else "'a" for i in op.inputs]
    names = [i.var for i in op.inputs]
    return {"tensors": ", ".join(f"{n}: tensor {t}" for n, t in zip(names, types)),
            "same": " /\\ ".join(f"{x}.shape = {y}.shape" for x, y in zip(names, names[1:])),
            "args": " ".join(f"(get {n} i)" for n in names), "vars": " ".join(names),
            "op_type": " -> ".join([*types, result_type(op)]), "last": names[-1]}


def result_type(op) -> str:
    """The Why3 type of the scalar operation's result: the elements' own ('a), or another ('b: Less's bool)."""
    return "'b" if op.operation.result == "bool" else "'a"


def _tensor(fmt: Format, values: np.ndarray) -> np.ndarray:
    if isinstance(fmt, RealFormat):
        return np.vectorize(Fraction, otypes=[object])(values)
    return values.astype(fmt.dtype)


def _same(fmt: Format, x: np.ndarray, y: np.ndarray) -> bool:
    if isinstance(fmt, FloatFormat) and x.dtype != bool:   # floats bit for bit; truth values as they are
        return bool(np.array_equal(bits(fmt, x), bits(fmt, y)))
    return list(x) == list(y)


STATEMENTS = (
    ShapeProperty(
        name="result_shape", title="the result has the inputs' shape", roles=("shape",),
        statement="shape(A) = shape(B) -> shape({op}(A, B)) = shape(A)", formats=("fp32", "int8"),
        why3_goal="""forall op: 'a -> 'a -> {result}, a b: tensor 'a.
    a.shape = b.shape -> ({fn} op a b).shape = a.shape /\\ ({fn} op a b).shape = b.shape""",
        statement_one="shape({op}(A)) = shape(A)",
        why3_goal_one="""forall op: 'a -> 'a, a: tensor 'a. ({fn} op a).shape = a.shape""",
        statement_three="the inputs of one shape -> shape({op}({inputs})) = their shape",
        why3_goal_three="""forall op: {op_type}, {tensors}.
    {same} -> ({fn} op {vars}).shape = {last}.shape"""),
    ShapeProperty(
        name="elementwise", title="each element of the result is the scalar {op} of the elements",
        roles=("shape", "type"), formats=("real", "fp16", "bf16", "fp32", "fp64", "int32"),
        statement="shape(A) = shape(B) -> {op}(A, B)[i] = {scalar}, for every element type",
        why3_goal="""forall op: 'a -> 'a -> {result}, a b: tensor 'a, i: int.
    a.shape = b.shape /\\ valid_index a i -> get ({fn} op a b) i = op (get a i) (get b i)""",
        statement_one="{op}(A)[i] = {op}(A[i]), for every element type",
        why3_goal_one="""forall op: 'a -> 'a, a: tensor 'a, i: int.
    valid_index a i -> get ({fn} op a) i = op (get a i)""",
        statement_three="the inputs of one shape -> {op}({inputs})[i] = {op}({elements}), for every element type",
        why3_goal_three="""forall op: {op_type}, {tensors}, i: int.
    {same} /\\ valid_index {last} i -> get ({fn} op {vars}) i = op {args}"""),
)
