"""What an operator's accuracy encoding is (`Library.accuracy`): the terms of an accuracy note's bound and
how the claims on the error the operator introduces are stated and encoded.  Apart from `operators.library`
because it brings sympy, which a run without accuracy notes does not load."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np
import sympy

from divbridge.formats import FloatFormat, IntFormat

# the terms of an accuracy note's bound (`obligations.accuracy`): the exact result and the gap between two floats
R = sympy.Symbol("R", real=True)          # the exact result A op B of a float or integer claim
ULP = sympy.Function("ulp")


class Unsupported(ValueError):
    """A claim with no exact encoding (the caller leaves it unchecked, saying why)."""


@dataclass(frozen=True)
class Accuracy:
    """How the claims of an accuracy note on the error the operator introduces in a float or integer format
    (``E = C - r``, r the exact result; `statements.accuracy_bound`) are stated and encoded: the readable
    statements (``{region}``: where |r| lies, float only; ``{claim}``: the error's relation to the bound),
    the SMT-LIB definitions ending with ``goal`` (float: a Jinja2 snippet over ``wide``, the format
    `statements.mirrorops.wide_format` gives, with its literals written ``fp_literal(wide, bits)``), the
    integer claim's predicate, and what the replay of an integer counterexample says (``{c}``, ``{r}``,
    ``{error}``), or outside the domain.  The encodings raise `Unsupported`."""

    float_statement: str
    float_smt: Callable[[dict, FloatFormat, FloatFormat], str]
    int_statement: str
    int_smt: Callable[[dict], str]
    int_holds: Callable[[dict, IntFormat, np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]
    int_detail: str
    int_outside: str
