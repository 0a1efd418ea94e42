"""The names a reading is said back with: the document's own, not the statements' positions.

The statements read from a document name the operator's inputs by position (`OPERANDS`: A the first, B the
second, C the third) and its result C, whatever the document calls them.  Said back to the document's author
(`divbridge read`, check-spec's claims), they take the names the section gives them: its signature's
(``Z = Where(condition, X, Y)``), else the description's.  `naming` sets them for what is said inside it (a
context, as `decimal.localcontext` sets a precision); outside one, the positions are the names (two inputs A
and B, the result C: the shape of most of the operators).
"""

from __future__ import annotations

import contextvars
from contextlib import contextmanager
from dataclasses import dataclass

from divbridge.operators.model import OPERANDS


@dataclass(frozen=True)
class Naming:
    inputs: tuple[str, ...] = ("A", "B")    # the inputs' names, in order
    result: str = "C"
    call: str = ""           # the operator's name: its operation said as a call where it has no infix
    exact: bool = False      # its float result is exact: there is no rounding to say

    def of(self, operand: str) -> str:
        """The name of a statement's operand (A, B, C); anything else (an attribute: alpha) as it is."""
        k = OPERANDS.find(operand)
        return self.inputs[k] if operand and 0 <= k < len(self.inputs) else operand


_CURRENT: contextvars.ContextVar[Naming] = contextvars.ContextVar("naming", default=Naming())


@contextmanager
def naming(names: Naming):
    token = _CURRENT.set(names)
    try:
        yield
    finally:
        _CURRENT.reset(token)


def current() -> Naming:
    return _CURRENT.get()


def of(operand: str) -> str:
    """An operand's name in what is being said (`Naming.of`)."""
    return _CURRENT.get().of(operand)


def result() -> str:
    return _CURRENT.get().result
