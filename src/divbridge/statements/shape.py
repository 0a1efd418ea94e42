"""The tensor properties of an operator: two tensors of one shape, combined element by element.

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

    def variables(self, o) -> tuple[str, ...]:
        return ()

    def why3(self, o) -> str:
        return self.why3_goal.format(fn=operators.of_obligation_name(o.operator).name.lower())

    def definitional(self, o) -> str:
        gerund = operators.of_obligation_name(o.operator).vocabulary.gerund
        return f"its Why3 goal holds for every scalar {gerund} op and element type " \
            "(it unfolds map2)"

    def samples(self, o, vector_sets):
        rng = np.random.default_rng(7)
        for name in self.formats:
            fmt = get_format(name)
            for shape in SHAPES:
                a, b = rng.integers(-50, 50, size=(1, *shape)), rng.integers(1, 9, size=(1, *shape))
                yield f"{name} tensors of shape {shape}", fmt, {"a": _tensor(fmt, a), "b": _tensor(fmt, b)}

    def predicate(self, o, fmt: Format, a, b):
        """Per tensor of the batch: the operator on the tensor has its shape, and each element is the scalar
        operator's."""
        holds = []
        for x, y in zip(a, b):
            c = result(o.operator, fmt, x, y)
            holds.append(c.shape == x.shape and all(
                _same(fmt, result(o.operator, fmt, x.ravel()[i:i + 1], y.ravel()[i:i + 1]), c.ravel()[i:i + 1])
                for i in range(x.size)))
        return np.ones(len(a), bool), np.array(holds, bool)


def _tensor(fmt: Format, values: np.ndarray) -> np.ndarray:
    if isinstance(fmt, RealFormat):
        return np.vectorize(Fraction, otypes=[object])(values)
    return values.astype(fmt.dtype)


def _same(fmt: Format, x: np.ndarray, y: np.ndarray) -> bool:
    return bool(np.array_equal(bits(fmt, x), bits(fmt, y))) if isinstance(fmt, FloatFormat) else list(x) == list(y)


STATEMENTS = (
    ShapeProperty(
        name="result_shape", title="the result has the inputs' shape", roles=("shape",),
        statement="shape(A) = shape(B) -> shape({op}(A, B)) = shape(A)", formats=("fp32", "int8"),
        why3_goal="""forall op: 'a -> 'a -> 'a, a b: tensor 'a.
    a.shape = b.shape -> ({fn} op a b).shape = a.shape /\\ ({fn} op a b).shape = b.shape"""),
    ShapeProperty(
        name="elementwise", title="each element of the result is the scalar {op} of the elements",
        roles=("shape", "type"), formats=("real", "fp16", "bf16", "fp32", "fp64", "int32"),
        statement="shape(A) = shape(B) -> {op}(A, B)[i] = A[i] {infix} B[i], for every element type",
        why3_goal="""forall op: 'a -> 'a -> 'a, a b: tensor 'a, i: int.
    a.shape = b.shape /\\ valid_index a i -> get ({fn} op a b) i = op (get a i) (get b i)"""),
)
