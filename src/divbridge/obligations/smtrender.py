"""Render obligations as standalone SMT-LIB 2.6 files (templates in templates/smtlib/).

Each file asserts the negation of the obligation, so "valid" is ``unsat`` and
an ``invalid`` probe is ``sat`` with a counterexample.  Float operands are
declared as bit-vectors and converted with ``(_ to_fp eb sb)``: every solver
then reports them as bit patterns, whatever NaN payload it picks, and the
model decodes the same way for Z3, cvc5 and Bitwuzla.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import jinja2

from divbridge import assets
from divbridge.atomicio import write_text_atomic
from divbridge.formats import FP32, FP64, FloatFormat, IntFormat, get_format
from divbridge.obligations.model import Obligation
from divbridge.properties import FLOAT_PROPERTIES, case_rule, case_table, rounding_rule, statements
from divbridge.properties.floatops import fp_literal


# prop -> the free variables of its query (counterexamples show them in this order); float properties
# declare theirs in the property library
INT_VARIABLES = {"trunc_identity": ("a", "b"), "trunc_magnitude": ("a", "b"), "result_in_range": ("a", "b"),
                 "int_min_div_minus_one": ("a", "b"), "rounding_rule": ("a", "b")}
# integer statements about the exact quotient, rendered over mathematical integers (see int.smt2.j2)
MATHEMATICAL_INT_PROPS = {"trunc_identity", "result_in_range"}
REAL_VARIABLES = {"monotone_numerator": ("a1", "a2", "b"), "example": ()}


@dataclass(frozen=True)
class Rendered:
    obligation: Obligation
    text: str
    logic: str
    variables: dict[str, str]   # SMT name -> divbridge format name ("fp16", "int32", "real")
    path: Path


def handles(obligation: Obligation) -> bool:
    return "smt" in obligation.backends and obligation.family in ("real", "float", "int")


def bv_literal(width: int, value: int) -> str:
    return f"(_ bv{value & ((1 << width) - 1)} {width})"


def real_literal(text: str) -> str:
    value = Fraction(text)
    body = f"(/ {abs(value.numerator)}.0 {value.denominator}.0)" if value.denominator != 1 else f"{abs(value.numerator)}.0"
    return f"(- {body})" if value < 0 else body


def float_variables(obligation: Obligation) -> tuple[str, ...]:
    if obligation.prop == "example":
        return ()
    if obligation.prop in statements.DOCUMENT_STATEMENTS:
        return ("a", "b")
    return FLOAT_PROPERTIES[obligation.prop].variables


def _goal_body(obligation: Obligation, **context) -> str:
    """The float goal's definitions, from the property library (or the document's case rule)."""
    if obligation.prop == "case_rule":
        return case_rule.smt(obligation.params)
    if obligation.prop == "case_table":
        return case_table.smt(obligation.params, context["fmt"])
    if obligation.prop == "rounding_rule":
        return rounding_rule.smt(obligation.params)
    return _snippet(FLOAT_PROPERTIES[obligation.prop].smt).render(**context)


@functools.cache   # a property's body is compiled once, not once per format
def _snippet(text: str) -> jinja2.Template:
    return _ENV.from_string(text)


def _environment() -> jinja2.Environment:
    env = assets.template_environment("smtlib", trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals.update(fp_literal=fp_literal, bv_literal=bv_literal, real_literal=real_literal,
                       get_format=get_format, goal_body=_goal_body)
    return env


_ENV = _environment()


# binary128, beside the formats divbridge specifies: the only wide format Bitwuzla offers beyond binary64
FP128 = FloatFormat("fp128", 15, 113)


def _wide_format(fmt: FloatFormat) -> FloatFormat:
    """A standard format where every product of two ``fmt`` values is exact (2*sb significand bits,
    two more exponent bits); standard so that Bitwuzla, which has no other sizes, reads it too."""
    return next(wide for wide in (FP32, FP64, FP128) if wide.sb >= 2 * fmt.sb and wide.eb >= fmt.eb + 2)


@functools.cache   # the same four literals for every obligation of a format
def _wide_literals(fmt: FloatFormat, wide: FloatFormat) -> dict[str, str]:
    return {"unit_roundoff": fp_literal(wide, wide.round(Fraction(1, 2 ** fmt.sb))),
            "min_normal": fp_literal(wide, wide.round(fmt.min_normal)),
            "max_finite": fp_literal(wide, wide.round(fmt.max_finite)),
            "half_min_subnormal": fp_literal(wide, wide.round(fmt.min_subnormal / 2))}


def _float_context(obligation: Obligation) -> dict:
    fmt = get_format(obligation.format)
    assert isinstance(fmt, FloatFormat)
    names = float_variables(obligation)
    wide = _wide_format(fmt)
    context = {"fmt": fmt, "names": names, "logic": "QF_BVFP" if names else "QF_FP",
               "variables": {name: fmt.name for name in names},
               "wide": wide, "wide_literals": _wide_literals(fmt, wide)}
    context["wide_products"] = obligation.prop in FLOAT_PROPERTIES and FLOAT_PROPERTIES[obligation.prop].wide
    if obligation.prop == "example":
        context["elements"] = [tuple(fmt.parse(x) for x in triple) for triple in obligation.params["elements"]]
    return context


def _int_context(obligation: Obligation) -> dict:
    fmt = get_format(obligation.format)
    assert isinstance(fmt, IntFormat)
    names = INT_VARIABLES[obligation.prop]
    logic = "QF_NIA" if obligation.prop in MATHEMATICAL_INT_PROPS else "QF_BV"
    return {"fmt": fmt, "names": names, "logic": logic, "variables": {name: fmt.name for name in names}}


def _real_context(obligation: Obligation) -> dict:
    names = REAL_VARIABLES.get(obligation.prop, ("a", "b"))
    context = {"names": names, "logic": "QF_NRA" if names else "QF_LRA",
               "variables": {name: "real" for name in names}}
    if obligation.prop == "example":
        context["elements"] = obligation.params["elements"]
    return context


def _strategy_context(obligation: Obligation) -> dict:
    fmt = get_format(obligation.format)
    names = ("x", "y") if obligation.family == "float" else ("a", "b")
    context = {"fmt": fmt, "names": names, "variables": {name: fmt.name for name in names},
               "logic": "QF_BVFP" if obligation.family == "float" or "via" in obligation.params else "QF_BV"}
    if "via" in obligation.params:
        context["via"] = get_format(obligation.params["via"])
    return context


_CONTEXTS = {"float": ("float.smt2.j2", _float_context), "int": ("int.smt2.j2", _int_context),
             "real": ("real.smt2.j2", _real_context)}


def _template_and_context(obligation: Obligation) -> tuple[str, dict]:
    if obligation.kind == "strategy":
        return "strategy.smt2.j2", _strategy_context(obligation)
    template, build = _CONTEXTS[obligation.family]
    return template, build(obligation)


def render(obligation: Obligation, out_dir: Path) -> Rendered:
    """The SMT-LIB text of one obligation and where it goes (not written)."""
    template, context = _template_and_context(obligation)
    status = "unsat" if obligation.expect == "valid" else "sat"
    text = _ENV.get_template(template).render(o=obligation, status=status, **context)
    return Rendered(obligation, text, context["logic"], context["variables"], out_dir / f"{obligation.id}.smt2")


def variables(obligation: Obligation) -> dict[str, str] | None:
    """The operands a counterexample of the obligation names (name -> format name), as its SMT query
    declares them; None for an obligation with no SMT rendering (no replay on the mirror either)."""
    return _template_and_context(obligation)[1]["variables"] if handles(obligation) else None


def render_all(obligations: list[Obligation], out_dir: Path) -> list[Rendered]:
    """Render and write every obligation the SMT backend handles, atomically."""
    rendered = []
    for obligation in obligations:
        if not handles(obligation):
            continue
        item = render(obligation, out_dir)
        if not item.path.exists() or item.path.read_text(encoding="utf-8") != item.text:
            write_text_atomic(item.path, item.text)
        rendered.append(item)
    return rendered
