"""MatMul: C[i, j] = the sum over k of A[i, k] * B[k, j] (ONNX MatMul-13 on floats; its integer types and batched
shapes are not described yet): each element of the result is the dot product of a row of A and a column of B, n
terms (n the columns of A, the rows of B).  IEEE 754 prescribes no dot product (clause 9.4 recommends reductions
and leaves their order and rounding to the implementation), so an implementation is judged by its accuracy.

The kernels take an element's row and column (a scalar is a vector of one element, n = 1):

- ``real``: the exact dot product (Fractions; on sympy symbols, the symbolic sum: how an accuracy note's result of n
  terms is compared with this description);
- ``float_bits``: the mirror's reference, the exact dot product rounded once to nearest even (a zero sum is -0
  only when every product is -0, as an IEEE 754 sum of them is); a NaN operand, an infinity times a zero or
  infinities of both signs give NaN;
- `naive_bits`: the accuracy notes' reference algorithm, the loop ``C = 0; C += A[k] * B[k]`` in order, each
  product and each sum rounded to nearest even (no fused multiply-add): what their introduced-error bounds bound.

For n = 1 the reference is Mul's correctly rounded product, and its special values are Mul's rules.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from divbridge.formats import FloatFormat
from divbridge.operators import kernels
from divbridge.operators.add import float_add_bits
from divbridge.operators.model import Input, Kernels, Names, Operation, Operator, Vocabulary
from divbridge.operators.mul import MUL, float_mul_bits


def _vector(x) -> list:
    return list(x) if isinstance(x, Sequence) else [x]


def dot(a, b):
    """The exact dot product of a row and a column (of equal length): Fractions, or sympy terms alike."""
    row, column = _vector(a), _vector(b)
    if len(row) != len(column) or not row:
        raise ValueError(f"a row of {len(row)} and a column of {len(column)} elements")
    return functools.reduce(operator.add, (x * y for x, y in zip(row, column)))


def float_bits(fmt: FloatFormat, a, b) -> int:
    """The exact dot product of the operands' values, rounded once to nearest even."""
    row, column = [fmt.decode(x) for x in _vector(a)], [fmt.decode(y) for y in _vector(b)]
    if any(v.is_nan for v in row + column):
        return fmt.nan
    infinite = set()
    for x, y in zip(row, column):
        if (x.is_inf and y.is_zero) or (x.is_zero and y.is_inf):
            return fmt.nan
        if x.is_inf or y.is_inf:
            infinite.add(x.sign ^ y.sign)
    if infinite:
        return fmt.nan if len(infinite) == 2 else fmt.inf(infinite.pop())
    products = [(x.value * y.value, x.sign ^ y.sign) for x, y in zip(row, column)]
    exact = sum((p for p, _ in products), Fraction(0))
    all_minus_zero = all(p == 0 and sign for p, sign in products)
    return fmt.round(exact, sign_if_zero=int(exact < 0 or (exact == 0 and all_minus_zero)))


def naive_bits(fmt: FloatFormat, a, b) -> int:
    """``C = +0; for k: C = round(C + round(A[k] * B[k]))``, in order, to nearest even: the notes' naive loop."""
    result = fmt.zero(0)
    for x, y in zip(_vector(a), _vector(b), strict=True):
        result = float_add_bits(fmt, result, float_mul_bits(fmt, x, y))
    return result


MATMUL = Operator(
    name="MatMul",
    inputs=(Input("A", "a"), Input("B", "b")),
    operation=Operation(exactness="approximate", contraction=True),
    vocabulary=Vocabulary(
        verbs=("matrix-multiplies",), result_nouns=("matrix product",), roles=("left matrix", "right matrix"),
        symbols=(), gerund="matrix multiplication", heading=r"\bmatmul\b", infix=""),
    rules=MUL.rules,
    properties=(),
    names=Names(numpy="matmul", onnx="MatMul", openvino="MatMul", jax_float="jnp.matmul", jax_int=""),
    kernels=Kernels(
        real=dot,
        float_bits=float_bits,
        integer=None,
        # over arrays element by element: products of one term each (n = 1), bit-identical to `float_bits`
        fast=lambda fmt, a, b: kernels.fast(np.multiply, fmt, a, b),
        naive=naive_bits),
    integer=None,
    why3_families=frozenset(),
    # its accuracy note is read (dot products of n terms); its specification document is not yet
    in_pipeline=False,
)
