"""The operators divbridge verifies, one description each (`operators/div.py`, `mul.py`, `add.py`,
`sub.py`), and the registry that finds a description by its name, by a document heading that names it
(``# **Mul** (float, float)``, ``# `Div` operator (real)``) or by one of its requirement tags
(``E_MUL_FLOAT_FUNC_0010``).  Adding an operator is one description here (see `model.Operator`).

`evaluate` runs a property's expression tree on the IEEE kernels, so the mirror can refute or
confirm a property that the provers prove.
"""

from __future__ import annotations

import re
from pathlib import Path

from divbridge.errors import InputError
from divbridge.formats import FloatFormat
from divbridge.operators.add import ADD
from divbridge.operators.div import DIV
from divbridge.operators.model import Expr, Operator
from divbridge.operators.mul import MUL
from divbridge.operators.sub import SUB

OPERATORS: dict[str, Operator] = {op.name: op for op in (DIV, MUL, ADD, SUB)}

# The operator divbridge was first built for: its obligation ids carry no operator prefix and its obligations
# name no operator in results.json, so that its evidence (proofs/) reads as it did before the parameter.
DEFAULT = DIV


def named_in(headings: list[str]) -> Operator | None:
    """The operator whose heading pattern the most ``headings`` match (ties: the first in the registry's order),
    or None: a heading left from the page it was copied from (``# **Div** (real, real)`` in an Add page) does
    not decide."""
    counts = {op: sum(bool(re.search(op.vocabulary.heading, h, re.I)) for h in headings) for op in OPERATORS.values()}
    best = max(counts.values(), default=0)
    return next((op for op, n in counts.items() if n == best), None) if best else None


def id_prefix(op: Operator) -> str:
    """What the ids of the operator's obligations start with: ``mul.`` (none for `DEFAULT`)."""
    return "" if op is DEFAULT else f"{op.name.lower()}."


def evidence_dir(op: Operator) -> Path:
    """Where a complete run commits the operator's evidence (results.json, peers.json, rendered proofs):
    ``proofs/`` for `DEFAULT` (as before the parameter), ``proofs/<op>/`` (``proofs/mul/``) for the others."""
    return Path("proofs") if op is DEFAULT else Path("proofs") / op.name.lower()


def spec_document(op: Operator) -> Path:
    """The project's own specification document of the operator: ``proofs/spec/<op>.md``."""
    return Path("proofs/spec") / f"{op.name.lower()}.md"


def obligation_name(op: Operator) -> str:
    """How an obligation names its operator (`obligations.model.Obligation.operator`): "" for `DEFAULT`."""
    return "" if op is DEFAULT else op.name


def of_obligation_name(name: str) -> Operator:
    """The operator an obligation names (`obligation_name`'s inverse)."""
    return get(name) if name else DEFAULT


def get(name: str) -> Operator:
    """The operator named ``name`` (any case: ``Mul``, ``mul``, ``MUL``)."""
    for op in OPERATORS.values():
        if op.name.lower() == name.strip().lower():
            return op
    raise InputError(f"unknown operator '{name}' (known: {', '.join(OPERATORS)})")


_HEADING_NAME = re.compile(r"(?:[`*]*|\$\\text\{)([A-Za-z]+)")


def by_heading(heading: str) -> Operator | None:
    """The operator a section heading names: its first word, bare, in backquotes, in bold or in
    LaTeX text (``**Mul** (float, float)``, ```Div` operator (real)``, ``$\\text{Add}$ (real, real)``), or None."""
    match = _HEADING_NAME.match(heading.lstrip("# ").strip())
    if not match:
        return None
    word = match.group(1)
    return next((op for op in OPERATORS.values() if op.name == word or op.name.upper() == word), None)


def by_tag(tag: str) -> Operator | None:
    """The operator whose requirement tags begin with the tag's ``E_<OP>_`` prefix, or None."""
    return next((op for op in OPERATORS.values() if tag.strip("[]` ").startswith(op.tag_prefix)), None)


_CONSTANTS = {"+0": lambda f: f.zero(0), "-0": lambda f: f.zero(1), "1": lambda f: f.parse("1")}


def evaluate(op: Operator, expr: Expr, fmt: FloatFormat, env: dict[str, int]) -> int:
    """The bit pattern of a property's side, with ``env`` binding its variables to bit patterns."""
    if isinstance(expr, str):
        return env[expr] if expr in env else _CONSTANTS[expr](fmt)
    head, *args = expr
    values = [evaluate(op, a, fmt, env) for a in args]
    if head == "neg":
        return values[0] ^ fmt.sign_mask
    kernel = op if head == "op" else get(head)
    return kernel.kernels.float_bits(fmt, *values)


def same(fmt: FloatFormat, x_bits: int, y_bits: int) -> bool:
    """Equality of a property's two sides: the same bit pattern, or both NaN."""
    return x_bits == y_bits or (fmt.decode(x_bits).is_nan and fmt.decode(y_bits).is_nan)
