"""The registry of operator descriptions: finds a description by its name, by a document heading that names it
(``# **Mul** (float, float)``, ``# `Div` operator (real)``) or by one of its requirement tags
(``E_MUL_FLOAT_FUNC_0010``), and says where each one's obligations and evidence go, as its description says
(`model.Evidence`).

A description is a module (or package) of ``divbridge.operators`` named for its operator in lower case
(``mul.py``, ``div/``, ``max.py``), which defines the `Operator` in capitals (``MUL``); `DESCRIPTIONS` lists
them.  The registry's code lives here, not in the package's ``__init__``: importing a description binds its
module in the package's namespace (``divbridge.operators.max``), where it would shadow a builtin used there
(``max``) or one of the names the package exports (`EXPORTS`); the package's ``__init__`` holds no code, and
`load` refuses a description whose module name is one of those exports.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from divbridge.errors import InputError
from divbridge.operators.model import Operator

# the descriptions, by module name: adding an operator is one module and one name here
DESCRIPTIONS = ("div", "mul", "add", "sub", "neg", "abs", "relu", "where", "exp", "log", "tanh", "sigmoid", "sqrt",
                "pow", "leakyrelu", "max", "less", "matmul", "clip")
# what `divbridge.operators` exports from this module (a description's module cannot be named so)
EXPORTS = ("OPERATORS", "named_in", "id_prefix", "evidence_dir", "spec_document", "obligation_name",
           "of_obligation_name", "get", "by_heading", "by_infix", "by_tag", "in_pipeline", "Operator")

OPERATORS: dict[str, Operator] = {}


def in_pipeline() -> dict[str, Operator]:
    """The descriptions the whole pipeline takes (`Operator.in_pipeline`): those whose documents are read."""
    return {name: op for name, op in OPERATORS.items() if op.in_pipeline}


def load(module_name: str) -> Operator:
    """Register the description of module ``divbridge.operators.<module_name>`` and return it."""
    if module_name in EXPORTS or not re.fullmatch(r"[a-z][a-z0-9_]*", module_name):
        raise ValueError(f"a description cannot be the module '{module_name}': the operators package names "
                         f"{', '.join(EXPORTS)} itself")
    module = importlib.import_module(f"{__package__}.{module_name}")
    op = getattr(module, module_name.upper(), None)
    if not isinstance(op, Operator) or op.name.lower() != module_name:
        raise ValueError(f"divbridge.operators.{module_name} defines no Operator {module_name.upper()} named for it")
    for other in OPERATORS.values():
        if other.name != op.name and not (op.evidence.named or other.evidence.named):
            raise ValueError(f"{op.name} and {other.name} both record no operator name in their evidence")
        if other.name != op.name and (id_prefix(other) == id_prefix(op) or evidence_dir(other) == evidence_dir(op)):
            raise ValueError(f"{op.name} and {other.name} share their obligations' prefix or evidence directory")
    OPERATORS[op.name] = op
    return op


def named_in(headings: list[str]) -> Operator | None:
    """The operator (of those the pipeline takes) whose heading pattern the most ``headings`` match (ties: the
    first in the registry's order), or None: a heading left from the page it was copied from (``# **Div** (real, real)`` in an Add page) does
    not decide."""
    counts = {op: sum(bool(re.search(op.vocabulary.heading, h, re.I)) for h in headings)
              for op in in_pipeline().values()}
    best = max(counts.values(), default=0)
    return next((op for op, n in counts.items() if n == best), None) if best else None


def id_prefix(op: Operator) -> str:
    """What the ids of the operator's obligations start with: ``mul.``, or what its description says."""
    return f"{op.name.lower()}." if op.evidence.id_prefix is None else op.evidence.id_prefix


def evidence_dir(op: Operator) -> Path:
    """Where a complete run commits the operator's evidence (results.json, peers.json, rendered proofs):
    ``proofs/<op>/`` (``proofs/mul/``), or where its description says."""
    return Path("proofs") / op.name.lower() if op.evidence.directory is None else Path(op.evidence.directory)


def spec_document(op: Operator) -> Path:
    """The project's own specification document of the operator: ``proofs/spec/<op>.md``."""
    return Path("proofs/spec") / f"{op.name.lower()}.md"


def obligation_name(op: Operator) -> str:
    """How an obligation names its operator (`obligations.model.Obligation.operator`): its name, or "" where
    its description records none."""
    return op.name if op.evidence.named else ""


def of_obligation_name(name: str) -> Operator:
    """The operator an obligation names (`obligation_name`'s inverse)."""
    if name:
        return get(name)
    unnamed = [op for op in OPERATORS.values() if not op.evidence.named]
    if not unnamed:
        raise InputError("an obligation names no operator, and every description records its name")
    return unnamed[0]


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
    return next((op for op in in_pipeline().values() if op.name == word or op.name.upper() == word), None)


def by_infix(infix: str) -> Operator | None:
    """The operator a formula writes with this infix (``*``: Mul), or None."""
    return next((op for op in OPERATORS.values() if op.vocabulary.infix == infix and infix), None)


def by_tag(tag: str) -> Operator | None:
    """The operator whose requirement tags begin with the tag's ``E_<OP>_`` prefix, or None."""
    return next((op for op in in_pipeline().values() if tag.strip("[]` ").startswith(op.tag_prefix)), None)


for _name in DESCRIPTIONS:
    load(_name)
