"""Render obligations as standalone SMT-LIB 2.6 files (generators/smtlib/).

A file is a frame of its family (its variables declared, the operator's result defined) around the body the
obligation's statement gives (`statements`).  Each file asserts the negation of the obligation, so "valid" is ``unsat`` and
an ``invalid`` probe is ``sat`` with a counterexample.  Float operands are
declared as bit-vectors and converted with ``(_ to_fp eb sb)``: every solver
then reports them as bit patterns, whatever NaN payload it picks, and the
model decodes the same way for Z3, cvc5 and Bitwuzla.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from divbridge import assets, operators, statements
from divbridge.atomicio import remove_others, write_text_atomic
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.obligations import template
from divbridge.obligations.model import Obligation
from divbridge.statements.mirrorops import wide_format
from divbridge.statements.smtlib import (bv_literal, float_context, float_operands, fp_literal, int_operands,
                                         operator_definitions, real_literal)
from divbridge.terms import Var
from divbridge.terms import smtlib as printer


@dataclass(frozen=True)
class Rendered:
    obligation: Obligation
    text: str
    logic: str
    variables: dict[str, str]   # SMT name -> divbridge format name ("fp16", "int32", "real")
    path: Path




def handles(obligation: Obligation) -> bool:
    return "smt" in obligation.backends and obligation.family in ("real", "float", "int")


@functools.cache   # the same four literals for every obligation of a format
def _wide_literals(fmt: FloatFormat, wide: FloatFormat) -> dict[str, str]:
    return {"unit_roundoff": fp_literal(wide, wide.round(Fraction(1, 2 ** fmt.sb))),
            "min_normal": fp_literal(wide, wide.round(fmt.min_normal)),
            "max_finite": fp_literal(wide, wide.round(fmt.max_finite)),
            "half_min_subnormal": fp_literal(wide, wide.round(fmt.min_subnormal / 2))}


# What each frame (generators/smtlib/<frame>.smt2.j2, or the operator's own <op>_<frame>.smt2.j2) needs beside
# the obligation: its format, variables and logic.  A statement's SMT-LIB body goes inside the frame its
# `smt_frame` names.

def _float(obligation: Obligation, names: tuple[str, ...]) -> dict:
    fmt = get_format(obligation.format)
    assert isinstance(fmt, FloatFormat)
    wide = wide_format(fmt)
    return {"fmt": fmt, "logic": "QF_BVFP" if names else "QF_FP", "wide": wide,
            "operator": operators.of_obligation_name(obligation.operator),
            "W": f"(_ FloatingPoint {wide.eb} {wide.sb})", "TO_W": f"(_ to_fp {wide.eb} {wide.sb})",
            "wide_literals": _wide_literals(fmt, wide)}


def _int(obligation: Obligation, names: tuple[str, ...]) -> dict:
    fmt = get_format(obligation.format)
    assert isinstance(fmt, IntFormat)
    op = operators.of_obligation_name(obligation.operator)
    function = op.operation.function("int", fmt.signed)
    return {"fmt": fmt, "logic": "QF_BV", "operator": op, "operation": printer.head(function),
            "result": _int_result(op, fmt, names)}


def _int_result(op, fmt: IntFormat, names: tuple[str, ...]) -> str:
    """The functions the operator is defined with, and C, the operator applied to the operands, where each of
    its inputs is one."""
    lines = operator_definitions(op, "int", fmt)
    if {i.var for i in op.inputs} <= set(names):
        c = op.applied("int", fmt.signed)
        lines.append(f"(define-fun c () {printer.sort(c.sort, fmt)} {printer.term(c, fmt)})")
    return "\n".join(lines)


def _int_exact(obligation: Obligation, names: tuple[str, ...]) -> dict:
    return {**_int(obligation, names), "logic": "QF_NIA"}


def _real(obligation: Obligation, names: tuple[str, ...]) -> dict:
    op = operators.of_obligation_name(obligation.operator)
    return {"logic": "QF_NRA" if names else "QF_LRA", "operator": op,
            "operation": printer.head(op.operation.function("real"))}


def _strategy(obligation: Obligation, names: tuple[str, ...]) -> dict:
    via = get_format(obligation.params["via"]) if "via" in obligation.params else None
    return {"fmt": get_format(obligation.format), "via": via,
            "logic": "QF_BVFP" if obligation.family == "float" or via is not None else "QF_BV"}


def _float_real(obligation: Obligation, names: tuple[str, ...]) -> dict:
    """A float query that also speaks of the reals its floats stand for (``fp.to_real``): not Bitwuzla's."""
    return {**_float(obligation, names), "logic": "QF_BVFPNRA"}


_FRAMES = {"float": _float, "float_real": _float_real, "int": _int, "int_exact": _int_exact, "real": _real, "float_strategy": _strategy,
           "int_strategy": _strategy}


def _frame_and_context(obligation: Obligation) -> tuple[str, dict]:
    statement = statements.of(obligation)
    frame = statement.smt_frame(obligation)
    names = statement.variables(obligation)
    sorts = statement.sorts(obligation)
    fmt_name = "real" if obligation.family == "real" else obligation.format
    context = {"names": names, "operands": tuple(Var(name, sorts[name]) for name in names),
               "variables": {name: "bool" if sorts[name] == "bool" else fmt_name for name in names},
               **_FRAMES[frame](obligation, names)}
    return frame, context


def render(obligation: Obligation, out_dir: Path) -> Rendered:
    """The SMT-LIB text of one obligation and where it goes (not written)."""
    frame, context = _frame_and_context(obligation)
    expected = "unsat" if obligation.expect == "valid" else "sat"
    body = statements.of(obligation).smt(obligation, context)
    op = operators.of_obligation_name(obligation.operator)
    text = template(_environment(), op, f"{frame}.smt2.j2").render(o=obligation, expected=expected, body=body,
                                                                   **context)
    return Rendered(obligation, text, context["logic"], context["variables"], out_dir / f"{obligation.id}.smt2")


_STATUS = re.compile(r"^; status: .*\n\(set-info :status \w+\)$", re.MULTILINE)


def record_status(path: Path, verdict: str, provers: str, smt_solvers: tuple[str, ...]) -> None:
    """Write into a rendered query the status an SMT solver (one of ``smt_solvers``) established on it
    (``provers``: those that decided the obligation's ``verdict``); a verdict reached another way (Gappa, Coq,
    Why3, enumeration) leaves it ``unknown``, saying by which route."""
    text = path.read_text(encoding="utf-8")
    deciding = [p for p in provers.split(", ") if p in smt_solvers]
    if deciding and verdict in ("proved", "refuted"):
        status = "unsat" if verdict == "proved" else "sat"
        line = f"; status: {status}, as {' and '.join(deciding)} established on this file"
    else:
        status = "unknown"
        line = f"; status: no SMT solver decided this file; the obligation's verdict ({verdict}) is {provers}'s"
    updated = _STATUS.sub(lambda _: f"{line}\n(set-info :status {status})", text, count=1)
    if updated != text:
        write_text_atomic(path, updated)


def _same_query(path: Path, text: str) -> bool:
    """Whether the file at ``path`` is ``text`` but for the status a run recorded in it (`record_status`, which
    records this run's): a warm run then writes it neither here nor there (two synced writes a query before)."""
    try:
        return _STATUS.sub("", path.read_text(encoding="utf-8")) == _STATUS.sub("", text)
    except (OSError, UnicodeDecodeError):   # absent, or not text: written anew
        return False


def variables(obligation: Obligation) -> dict[str, str] | None:
    """The operands a counterexample of the obligation names (name -> format name), as its SMT query
    declares them; None for an obligation with no SMT rendering (no replay on the mirror either)."""
    return _frame_and_context(obligation)[1]["variables"] if handles(obligation) else None


def question(text: str) -> str:
    """What a solver's answer to a query depends on: its text without comments, its source name and status."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(";")
                     and not line.startswith(("(set-info :source", "(set-info :status")))


def render_all(obligations: list[Obligation], out_dir: Path) -> list[Rendered]:
    """Render and write every obligation the SMT backend handles, atomically; the other queries in
    ``out_dir`` (of obligations no longer asked) are removed."""
    rendered = []
    for obligation in obligations:
        if not handles(obligation):
            continue
        item = render(obligation, out_dir)
        if not _same_query(item.path, item.text):
            write_text_atomic(item.path, item.text)
        rendered.append(item)
    remove_others(out_dir, "*.smt2", [item.path for item in rendered])
    return rendered


@functools.cache   # one environment: Jinja2 compiles each frame once
def _environment():
    env = assets.template_environment("smtlib", trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals.update(fp_literal=fp_literal, bv_literal=bv_literal, real_literal=real_literal,
                       float_operands=float_operands, float_context=float_context, int_operands=int_operands)
    return env
