"""The readable printer of terms (`divbridge.terms`): how statements and reports write them for people.

A binary function with a symbol of punctuation is written infix (``a / b``), ``-`` before one argument is a
prefix (``-a``), the connectives are words (``not``, ``and``, ``or``), a selection is ``if c then x else y``;
every other function is a call by its symbol or name (``isNaN(a)``, ``where(c, x, y)``).
"""

from __future__ import annotations

from divbridge.terms import App, Const, Printed, Term, Var

_WORDS = {"and", "or", "xor", "->"}


def term(t: Term) -> str:
    return _print(t)[0]


def _print(t: Term) -> tuple[str, bool]:
    """(text, whether it must be parenthesized as an operand)."""
    if isinstance(t, Var):
        return t.name, False
    if isinstance(t, Printed):
        return t.text, " " in t.text
    if isinstance(t, Const):
        return str(t.value), False
    assert isinstance(t, App)
    symbol = t.fn.symbol or t.fn.name
    args = [_print(a) for a in t.args]
    if t.fn.name == "ite":
        return f"if {args[0][0]} then {args[1][0]} else {args[2][0]}", True
    if t.fn.name == "not":
        return f"not {_operand(args[0])}", True
    if len(args) == 2 and (symbol in _WORDS or not symbol[0].isalpha()):
        return f"{_operand(args[0])} {symbol} {_operand(args[1])}", True
    if len(args) == 1 and symbol == "-":
        return f"-{_operand(args[0])}", False
    return f"{symbol}({', '.join(text for text, _ in args)})", False


def _operand(printed: tuple[str, bool]) -> str:
    text, compound = printed
    return f"({text})" if compound else text
