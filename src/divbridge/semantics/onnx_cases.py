"""ONNX's own backend test cases for Div, generated at run time by the installed `onnx`.

`onnx.backend.test.case.node.collect_testcases` imports every operator's
module (about 45 s here); importing only the Div module registers the same
Div cases in a few seconds, since its exporter runs at class creation.
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


@lru_cache(maxsize=1)
def onnx_div_cases() -> tuple[OnnxCase, ...]:
    node_cases = importlib.import_module("onnx.backend.test.case.node")
    node_cases._TargetOpType = "Div"  # noqa: SLF001 - the filter collect_testcases itself sets
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        importlib.import_module("onnx.backend.test.case.node.div")
    cases = []
    for case in node_cases._NodeTestCases:  # noqa: SLF001
        if case.model.graph.node[0].op_type != "Div":
            continue
        (a, b), (c,) = case.data_sets[0]
        cases.append(OnnxCase(case.name, a, b, c))
    return tuple(cases)
