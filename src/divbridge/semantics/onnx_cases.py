"""ONNX's own backend test cases of one operator, generated at run time by the installed `onnx`.

`onnx.backend.test.case.node.collect_testcases` imports every operator's
module (about 45 s here); importing only the operator's module (ONNX names it
after the op type in lower case) registers the same cases in
a few seconds, since its exporter runs at class creation.
"""

from __future__ import annotations

import importlib
import warnings
from dataclasses import dataclass
from functools import lru_cache

import numpy as np


@dataclass(frozen=True)
class OnnxCase:
    name: str
    a: np.ndarray
    b: np.ndarray
    c: np.ndarray


@lru_cache(maxsize=None)
def onnx_cases(op_type: str) -> tuple[OnnxCase, ...]:
    """The cases of the ONNX op type ``op_type`` (an operator description's ``names.onnx``)."""
    node_cases = importlib.import_module("onnx.backend.test.case.node")
    node_cases._TargetOpType = op_type  # noqa: SLF001 - the filter collect_testcases itself sets
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        importlib.import_module(f"onnx.backend.test.case.node.{op_type.lower()}")
    cases = []
    for case in node_cases._NodeTestCases:  # noqa: SLF001
        inputs, outputs = case.data_sets[0]
        if case.model.graph.node[0].op_type != op_type or len(inputs) != 2:   # a variadic Max of 1 or 3 inputs
            continue
        (a, b), (c,) = inputs, outputs
        cases.append(OnnxCase(case.name, a, b, c))
    return tuple(cases)
