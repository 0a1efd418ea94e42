"""Which encoding an obligation's statement has: a statement of the document (a special-value
sentence, a case-table row, a rounding rule, each encoded from the obligation's params) or a
property of the library (`FLOAT_PROPERTIES`)."""

from __future__ import annotations

import functools
from typing import Callable

import numpy as np

from divbridge.properties import FLOAT_PROPERTIES, case_rule, case_table, rounding_rule

# prop -> the module that encodes what the document states (the obligation's params say what)
DOCUMENT_STATEMENTS = {"case_rule": case_rule, "case_table": case_table, "rounding_rule": rounding_rule}


def predicate(prop: str, params: dict) -> Callable[..., tuple[np.ndarray, np.ndarray]]:
    """The statement on the mirror, (fmt, a, b) -> (applies, holds); KeyError for a prop with none here."""
    if prop in DOCUMENT_STATEMENTS:
        return functools.partial(DOCUMENT_STATEMENTS[prop].predicate, params)
    return FLOAT_PROPERTIES[prop].predicate
