"""The tensor properties of Div: two tensors of one shape, divided element by element.

Each property states its Why3 goal over the tensor model (why3/tensor.mlw, used by div_shape.mlw) and its
predicate on the mirror: Div on a batch of tensors, compared with the scalar Div of each element.  The
cross-check runs it on random tensors of a few shapes in the formats the property is about.
Adding a tensor property is one `ShapeProperty` in ``STATEMENTS``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from divbridge.formats import FloatFormat, Format, RealFormat, get_format
from divbridge.statements import Statement
from divbridge.statements.mirrorops import bits, div

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
    elements: str = ""        # the family of the elements it is about ("": every family)
    formats: tuple[str, ...] = ()   # the element formats the cross-check divides in
    group: str = "tensor"

    def variables(self, o) -> tuple[str, ...]:
        return ()

    def why3(self, o) -> str:
        return self.why3_goal

    def samples(self, o, vector_sets):
        rng = np.random.default_rng(7)
        for name in self.formats:
            fmt = get_format(name)
            for shape in SHAPES:
                a, b = rng.integers(-50, 50, size=(1, *shape)), rng.integers(1, 9, size=(1, *shape))
                yield f"{name} tensors of shape {shape}", fmt, {"a": _tensor(fmt, a), "b": _tensor(fmt, b)}

    def predicate(self, o, fmt: Format, a, b):
        """Per tensor of the batch: Div of the tensor has its shape, and each element is the scalar Div."""
        holds = []
        for x, y in zip(a, b):
            c = div(fmt, x, y)
            holds.append(c.shape == x.shape and all(
                _same(fmt, div(fmt, x.ravel()[i:i + 1], y.ravel()[i:i + 1]), c.ravel()[i:i + 1])
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
        statement="shape(A) = shape(B) -> shape(Div(A, B)) = shape(A)", formats=("fp32", "int8"),
        why3_goal="""forall op: 'a -> 'a -> 'a, a b: tensor 'a.
    a.shape = b.shape -> (div op a b).shape = a.shape /\\ (div op a b).shape = b.shape"""),
    ShapeProperty(
        name="elementwise_real", title="each element of a real tensor result is the scalar Div",
        roles=("shape", "type", "real.definition"), elements="real", formats=("real",),
        statement="shape(A) = shape(B) and B[i] != 0 -> Div(A, B)[i] = A[i] / B[i]",
        why3_goal="""forall a b: tensor real, i: int.
    a.shape = b.shape /\\ valid_index a i /\\ get b i <> 0.0 ->
    get (div (fun x y -> x /. y) a b) i = get a i /. get b i"""),
    ShapeProperty(
        name="elementwise_float", title="each element of a float tensor result is the scalar Div",
        roles=("shape", "type", "float.rounding"), elements="float", formats=("fp32", "fp16"),
        statement="shape(A) = shape(B) -> Div(A, B)[i] = A[i] /. B[i]",
        why3_goal="""forall a b: tensor F.t, i: int.
    a.shape = b.shape /\\ valid_index a i ->
    get (div (fun x y -> F.(./) x y) a b) i = F.(./) (get a i) (get b i)"""),
    ShapeProperty(
        name="elementwise_int", title="each element of an integer tensor result is the scalar Div",
        roles=("shape", "type", "int.definition"), elements="int", formats=("int32",),
        statement="shape(A) = shape(B) and B[i] != 0 -> Div(A, B)[i] = trunc(A[i] / B[i])",
        why3_goal="""forall a b: tensor int, i: int.
    a.shape = b.shape /\\ valid_index a i /\\ get b i <> 0 ->
    get (div (fun x y -> C.div x y) a b) i = C.div (get a i) (get b i)"""),
)
