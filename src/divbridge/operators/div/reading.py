"""How Div's documents word it beyond its vocabulary (`operators.reading.Wording`).

The working group wrote the other operators' pages from Div's, so every document is read with Div's words:
"the numerator", "the divisor", "division by zero", "IEEE 754 division".  A document tag of a class
(`document.tagclass`) is checked by the obligations of the SONNX requirements (`semantics.requirements`)
of its family."""

from __future__ import annotations

from divbridge.operators.reading import Wording

WORDING = Wording(
    shared=True,
    operands=(("dividend",), ("divisor",)),
    verb_forms=r"divid(?:e|es|ed|ing)",
    traces=(
        ("shape consistency", "all", ("R1",)),
        ("type consistency", "all", ("R2", "E_DIV_TYPES_0010")),
        ("overflow", "int", ("E_DIV_INT_CONSTR_AB_0020",)),
        ("overflow", "float", ("E_DIV_FLOAT_DEF_0010",)),
        ("error condition", "int", ("E_DIV_INT_CONSTR_B_0010", "E_DIV_INT_CONSTR_AB_0020")),
        ("error condition", "real", ("E_DIV_REAL_CONSTR_B_0010",)),
        ("error condition", "float", ("E_DIV_FLOAT_DEF_0030", "E_DIV_FLOAT_DEF_0040")),
        ("definition domain", "real", ("E_DIV_REAL_CONSTR_B_0010",)),
        ("definition domain", "int", ("E_DIV_INT_CONSTR_B_0010",)),
        ("definition domain", "float", ("E_DIV_FLOAT_DEF_0030", "E_DIV_FLOAT_DEF_0040")),
        ("function", "real", ("E_DIV_REAL_DEF_0010",)),
        ("function", "int", ("E_DIV_INT_DEF_0010",)),
        ("function", "float", tuple(f"E_DIV_FLOAT_DEF_00{n}0" for n in range(1, 8))),
    ),
)
