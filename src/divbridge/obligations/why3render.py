"""Render the obligations as Why3 theories (templates in templates/why3/).

One file and one module per family and format: ``div_real.mlw``,
``div_float_fp16.mlw`` ... ``div_int_uint64.mlw``, ``div_shape.mlw``.  Each
module holds the abstract operator, whose preconditions are the spec's
constraints, and one goal per obligation named after its ``prop``.  The
theories use the hand-written library in why3lib/ (FP16 and BFloat16 clones,
the tensor model).
"""

from __future__ import annotations

import functools

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import jinja2

from divbridge import assets
from divbridge.atomicio import write_text_atomic
from divbridge.formats import FloatFormat, get_format
from divbridge.obligations.model import Obligation
from divbridge.properties import FLOAT_PROPERTIES, case_rule


# the Why3 theory that provides each float format's type t
FLOAT_THEORIES = {"fp16": "floats.Float16", "bf16": "floats.BFloat16",
                  "fp32": "ieee_float.Float32", "fp64": "ieee_float.Float64"}
FLOAT_TITLES = {"fp16": "FP16 (IEEE binary16)", "bf16": "BFloat16", "fp32": "FP32 (IEEE binary32)",
                "fp64": "FP64 (IEEE binary64)"}


@dataclass(frozen=True)
class Goal:
    """One obligation as the templates see it."""

    name: str
    module: str                                        # the Why3 module that holds the goal
    obligation: Obligation
    elements: tuple[tuple[str, str, str], ...] = ()   # worked examples: (a, b, c) Why3 literals
    body: str = ""                                     # float goals: the formula, from the property library

    def __getattr__(self, attribute: str):
        return getattr(self.obligation, attribute)


@dataclass(frozen=True)
class Theory:
    """One rendered module: its file, module name, text and goals."""

    path: Path
    module: str
    text: str
    goals: tuple[Goal, ...]

    def goal_ref(self, goal: Goal) -> str:
        """The artifact of a goal: the file as results name it, ``#Module.goal``."""
        return f"{assets.artifact_path(self.path)}#{goal.module}.{goal.name}"


def handles(obligation: Obligation) -> bool:
    return "why3" in obligation.backends


def goal_name(obligation: Obligation) -> str:
    if obligation.prop == "example":
        return obligation.params["example"]
    if obligation.prop == "case_rule":
        return obligation.params["rule"]
    return obligation.prop


def module_key(obligation: Obligation) -> tuple[str, str]:
    """(file stem, module name) of the module an obligation's goal lives in."""
    family, fmt = obligation.family, obligation.format
    if family == "real":
        return "div_real", "DivReal"
    if family == "shape":
        return "div_shape", "DivTensor"
    return f"div_{family}_{fmt}", f"Div{family.capitalize()}_{fmt}"


def render(obligations: list[Obligation], out_dir: Path) -> list[Theory]:
    """Render every Why3 obligation under out_dir (atomically); one Theory per module."""
    groups: dict[tuple[str, str], list[Obligation]] = {}
    for obligation in obligations:
        if handles(obligation):
            groups.setdefault(module_key(obligation), []).append(obligation)
    theories = []
    for (stem, module), members in groups.items():
        theory = render_module(stem, module, members, out_dir)
        write_text_atomic(theory.path, theory.text)
        theories.append(theory)
    return theories


def render_module(stem: str, module: str, obligations: list[Obligation], out_dir: Path) -> Theory:
    family = obligations[0].family
    fmt = _float_context(get_format(obligations[0].format)) if family == "float" else None
    goals = tuple(_goal(o, module, fmt) for o in obligations)
    names = [g.name for g in goals]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise ValueError(f"{stem}: several obligations map to goal(s) {', '.join(sorted(duplicates))}")
    context = {"module": module, "goals": goals}
    if family == "float":
        context["fmt"] = fmt
    elif family == "int":
        context["fmt"] = get_format(obligations[0].format)
    text = _environment().get_template(f"{family}.mlw.j2").render(context)
    return Theory(out_dir / f"{stem}.mlw", module, text, goals)


def _goal(obligation: Obligation, module: str, fmt: dict | None) -> Goal:
    elements: tuple[tuple[str, str, str], ...] = ()
    body = ""
    if obligation.prop == "example":
        literal = _float_term if obligation.family == "float" else _literal
        elements = tuple(tuple(literal(x) for x in triple) for triple in obligation.params["elements"])
    elif obligation.prop == "case_rule":
        body = case_rule.why3(obligation.params)
    elif obligation.family == "float":
        if obligation.prop not in FLOAT_PROPERTIES:
            raise ValueError(f"{obligation.id}: no Why3 encoding for property '{obligation.prop}'")
        body = _environment().from_string(FLOAT_PROPERTIES[obligation.prop].why3).render(fmt=fmt)
    if obligation.kind == "probe":   # probes get a module of their own (see int.mlw.j2)
        module = f"{module}_Probe"
    return Goal(goal_name(obligation), module, obligation, elements, body)


def _literal(text: str) -> str:
    """Why3 real literal of an example value; inf and nan stay words for the template."""
    if text in ("inf", "-inf", "nan"):
        return text
    value = Fraction(text)
    magnitude = f"{abs(value.numerator)}.0" if value.denominator == 1 else \
        f"({abs(value.numerator)}.0 /. {value.denominator}.0)"
    return magnitude if value >= 0 else f"(-. {magnitude})"


def _float_term(text: str) -> str:
    """A float example value as a Why3 term of type t (a dyadic value has an exact decimal literal);
    inf, -inf and nan stay words for the template, which only has them as results."""
    if text in ("inf", "-inf", "nan"):
        return text
    value = Fraction(text)
    digits = 0
    while (abs(value) * 10 ** digits).denominator != 1:
        digits += 1
    magnitude = abs(value) * 10 ** digits
    decimal = f"{magnitude.numerator // 10 ** digits}.{str(magnitude.numerator % 10 ** digits).zfill(digits) or '0'}"
    return f"(neg ({decimal}:t))" if text.startswith("-") else f"({decimal}:t)"


def _float_context(fmt: FloatFormat) -> dict:
    return {
        "name": fmt.name, "title": FLOAT_TITLES.get(fmt.name, fmt.name), "theory": FLOAT_THEORIES[fmt.name],
        "eb": fmt.eb, "sb": fmt.sb, "emin": fmt.emin,
        "min_normal": _hex_real(fmt.min_normal), "min_subnormal": _hex_real(fmt.min_subnormal),
        "max_finite": _hex_real(fmt.max_finite), "max_text": _hex_real(fmt.max_finite),
        "unit_roundoff": _hex_real(Fraction(1, 2 ** fmt.sb)),
    }


def _hex_real(value: Fraction) -> str:
    """A positive dyadic rational as a Why3 hexadecimal real literal: 0x1.FFCp15."""
    exponent = value.numerator.bit_length() - value.denominator.bit_length()
    if Fraction(2) ** exponent > value:
        exponent -= 1
    mantissa = value / Fraction(2) ** exponent          # in [1, 2)
    digits = ""
    fraction = mantissa - 1
    while fraction:
        fraction *= 16
        digit = int(fraction)
        digits += "0123456789ABCDEF"[digit]
        fraction -= digit
    return f"0x1{'.' + digits if digits else ''}p{exponent}"


def _unknown_prop(goal: Goal) -> str:
    raise ValueError(f"{goal.id}: no Why3 template for property '{goal.prop}'")


@functools.cache   # one environment: Jinja2 compiles each template once, not once per theory
def _environment() -> jinja2.Environment:
    env = assets.template_environment("why3", trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals["unknown_prop"] = _unknown_prop
    return env

