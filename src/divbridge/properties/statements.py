"""Which encoding an obligation's statement has: a statement of the document (a special-value
sentence, a case-table row, a rounding rule, each encoded from the obligation's params) or a
property of the library (`FLOAT_PROPERTIES`)."""

from __future__ import annotations

import functools
import importlib
from types import ModuleType
from typing import Callable

import numpy as np

from divbridge.properties import FLOAT_PROPERTIES

# prop -> the module that encodes what the document states (the obligation's params say what); imported
# when first used (an accuracy note's brings sympy, which a proof run of div.md does not need)
DOCUMENT_STATEMENTS = {"case_rule": "case_rule", "case_table": "case_table", "rounding_rule": "rounding_rule",
                       "accuracy_note": "accuracy_note"}


def module(prop: str) -> ModuleType:
    """The module encoding a statement of the document."""
    return importlib.import_module(f"divbridge.properties.{DOCUMENT_STATEMENTS[prop]}")


# statements over more variables than the two operands (an accuracy note's errors, reals): the replay of a
# counterexample evaluates them at its point with `holds_at`
POINTWISE = {"accuracy_note"}


def holds_at(prop: str, params: dict, fmt, values: dict) -> tuple[bool, str]:
    """The statement at one point (a counterexample's values): (holds, what the mirror computes there)."""
    return module(prop).holds_at(params, fmt, values)


def predicate(prop: str, params: dict) -> Callable[..., tuple[np.ndarray, np.ndarray]]:
    """The statement on the mirror, (fmt, a, b) -> (applies, holds); KeyError for a prop with none here."""
    if prop in DOCUMENT_STATEMENTS:
        return functools.partial(module(prop).predicate, params)
    return FLOAT_PROPERTIES[prop].predicate
