"""The operators divbridge verifies, one description each (`operators/div/`, `mul.py`, `add.py`, `sub.py`,
`neg.py`, `where.py`; the accuracy notes' `exp.py`, `log.py`, `tanh.py`, `sigmoid.py`, `sqrt.py`, `pow.py`,
`leakyrelu.py`, their references in `elementary`: see `model.Operator`), and the registry that finds them
(`registry`).

This module holds no code of its own: importing a description binds its module here (``operators.max``),
where it would shadow a builtin; the registry's code lives in `registry`, which refuses a description named
like one of the names below.
"""

from divbridge.operators.registry import (OPERATORS, by_heading, by_infix, by_tag, evidence_dir, get, id_prefix,
                                          in_pipeline, named_in, obligation_name, of_obligation_name, spec_document)
from divbridge.operators.model import Operator

__all__ = ["OPERATORS", "Operator", "by_heading", "by_infix", "by_tag", "evidence_dir", "get", "id_prefix",
           "in_pipeline", "named_in", "obligation_name", "of_obligation_name", "spec_document"]
