"""The obligations a spec document requires, built from its binding (`obligations.document`).

The document decides which obligations exist: its sections' types are the
formats, its requirements bind the properties that verify them (the float
library in `divbridge.properties`, the integer, real and tensor properties
below), its special-value sentences and worked examples become obligations of
their own.  Every obligation carries the tags and lines of the requirements it
verifies.  Implementation strategies (ways of computing Div, not claims of the
document) live in `divbridge.obligations.strategies`.
"""

from __future__ import annotations

import functools
from pathlib import Path

from divbridge.document.accuracy import is_note_file, read_note
from divbridge.formats import FloatFormat, get_format
from divbridge.obligations.accuracy import note_obligations
from divbridge.obligations import document
from divbridge.obligations.document import Binding, TagRef, entry_text
from divbridge.obligations.model import Obligation
from divbridge.properties import FLOAT_PROPERTIES, case_rule, case_table, rounding_rule

# prop -> (kind, title, the roles it verifies, statement); an integer property assumes both
# preconditions, so it traces to their requirements too
INT_PROPERTIES = {
    "trunc_identity": ("truncation", "C * B + R = A with |R| < |B|, R zero or of the sign of A", ("int.definition",),
                       "b != 0 and not (a = MIN and b = -1) and c = a / b and r = a - c * b -> "
                       "c * b + r = a and |r| < |b| and (r = 0 or sign(r) = sign(a))"),
    "trunc_magnitude": ("truncation", "|C| <= |A|", ("int.definition",),
                        "b != 0 and not (a = MIN and b = -1) -> |a / b| <= |a|"),
    "result_in_range": ("range", "the quotient is representable under the preconditions", ("int.overflow",),
                        "b != 0 and not (a = MIN and b = -1) -> MIN <= a / b <= MAX"),
}

REAL_PROPERTIES = {
    "quotient_times_divisor": ("generic", "(A / B) * B = A", ("real.definition",), "b != 0 -> (a / b) * b = a"),
    "div_by_one": ("generic", "A / 1 = A", ("real.definition",), "a / 1 = a"),
    "neg_numerator": ("generic", "(-A) / B = -(A / B)", ("real.definition",), "b != 0 -> (-a) / b = -(a / b)"),
    "neg_denominator": ("generic", "A / (-B) = -(A / B)", ("real.definition",), "b != 0 -> a / (-b) = -(a / b)"),
    "self_div_one": ("generic", "A / A = 1 for non-zero A", ("real.definition",), "a != 0 -> a / a = 1"),
    "monotone_numerator": ("generic", "A / B is monotone in A for B > 0", ("real.definition",),
                           "b > 0 and a1 <= a2 -> a1 / b <= a2 / b"),
}

SHAPE_PROPERTIES = {
    "result_shape": ("tensor", "the result has the inputs' shape", ("shape",),
                     "shape(A) = shape(B) -> shape(Div(A, B)) = shape(A)"),
    "elementwise_real": ("tensor", "each element of a real tensor result is the scalar Div",
                         ("shape", "type", "real.definition"),
                         "shape(A) = shape(B) and B[i] != 0 -> Div(A, B)[i] = A[i] / B[i]"),
    "elementwise_float": ("tensor", "each element of a float tensor result is the scalar Div",
                          ("shape", "type", "float.rounding"),
                          "shape(A) = shape(B) -> Div(A, B)[i] = A[i] /. B[i]"),
    "elementwise_int": ("tensor", "each element of an integer tensor result is the scalar Div",
                        ("shape", "type", "int.definition"),
                        "shape(A) = shape(B) and B[i] != 0 -> Div(A, B)[i] = trunc(A[i] / B[i])"),
}


def _obligation(refs: tuple[TagRef, ...], **fields) -> Obligation:
    return Obligation(requirements=tuple(r.tag for r in refs), lines=tuple(r.line for r in refs), **fields)


def float_obligations(binding: Binding) -> list[Obligation]:
    obligations = []
    for name in binding.types.get("float", ()):
        fmt = get_format(name)
        assert isinstance(fmt, FloatFormat)
        params = {"eb": fmt.eb, "sb": fmt.sb}
        for rule, ref in binding.case_rules:
            rule_params = {"a": rule.a, "b": rule.b, "result": rule.result, "sign": rule.sign, "rule": rule.name}
            obligations.append(_obligation(
                (ref,), id=f"float.{name}.special.{rule.name}", title=rule.text.strip().rstrip("."),
                family="float", format=name, kind="special", prop="case_rule",
                statement=case_rule.statement(rule_params), params={**params, **rule_params}))
        for prop in FLOAT_PROPERTIES.values():
            if not binding.has(prop.role):
                continue
            backends = set(prop.backends) | ({"exhaustive"} if name in prop.exhaustive_formats else set())
            obligations.append(_obligation(
                binding.refs(prop.role), id=f"float.{name}.{prop.kind}.{prop.name}",
                title=prop.title.format(p=fmt.precision), family="float", format=name, kind=prop.kind,
                prop=prop.name, statement=prop.statement.format(p=fmt.precision), params=params,
                backends=frozenset(backends)))
        obligations += _examples(binding, "float", name, params)
    return obligations


def rounding_obligations(binding: Binding) -> list[Obligation]:
    """A rounding rule the document states that is not Div's own, in each format of its family."""
    obligations = []
    for family, mode, ref in binding.rounding_rules:
        for name in binding.types.get(family, ()):
            fmt = get_format(name)
            params = {"eb": fmt.eb, "sb": fmt.sb} if isinstance(fmt, FloatFormat) else {}
            obligations.append(_obligation(
                (ref,), id=f"{family}.{name}.rounding.rounded_{mode}", title=f"the quotient rounded {rounding_rule.WORDS[mode]}",
                family=family, format=name, kind="rounding", prop="rounding_rule",
                statement=rounding_rule.statement(family, mode), params={**params, "mode": mode},
                backends=frozenset({"smt"})))
    return obligations


def table_row_id(fmt_name: str, table: int, row: int) -> str:
    return f"float.{fmt_name}.table.table_{table}_row_{row}"


def table_obligations(binding: Binding) -> list[Obligation]:
    """Each row of the document's float case tables, in each format of the table's section: the quotient
    is the row's result wherever its condition holds (SMT-LIB's alone, see `properties.case_table`)."""
    obligations = []
    for table in binding.tables:
        for fmt_name, (number, row) in ((f, r) for f in table.types for r in enumerate(table.rows, 1)):
            fmt = get_format(fmt_name)
            params = {"eb": fmt.eb, "sb": fmt.sb}
            row_params = {"condition": row.condition, "result": row.result, "condition_text": row.condition_text,
                          "result_text": row.result_text, "table": table.number, "row": number}
            obligations.append(_obligation(
                tuple(TagRef(tag, row.line) for tag in table.tags), id=table_row_id(fmt_name, table.number, number),
                title=f"case table {table.number}, row {number} (line {row.line})", family="float",
                format=fmt_name, kind="table", prop="case_table", statement=case_table.statement(row_params),
                params={**params, **row_params}, backends=frozenset({"smt"})))
    return obligations


def _examples(binding: Binding, family: str, fmt_name: str, params: dict) -> list[Obligation]:
    """The document's worked examples of the family, in a format where every value is exact."""
    fmt = get_format(fmt_name)
    refs = binding.refs(f"{family}.rounding" if family == "float" else f"{family}.definition")
    obligations = []
    for example in (e for e in binding.examples if e.family == family):
        if any(x.approx for triple in example.elements for x in triple):
            continue
        elements = tuple(tuple(entry_text(x) for x in triple) for triple in example.elements)
        if isinstance(fmt, FloatFormat) and not all(_exact_in(fmt, x) for triple in example.elements for x in triple):
            continue
        statement = "Div(A, B) = C elementwise: " + ", ".join(f"{a} / {b} = {c}" for a, b, c in elements)
        # Why3 has no literal for an infinite or NaN operand: such an example is SMT-LIB's alone
        special = any(x in ("inf", "-inf", "nan") for a, b, _ in elements for x in (a, b))
        at_example = tuple(TagRef(ref.tag, example.line) for ref in refs)   # the example states them there
        obligations.append(_obligation(
            at_example,
            id=f"{family}.{fmt_name + '.' if family == 'float' else ''}example.example_{example.number}",
            title=f"worked example {example.number} (line {example.line})", family=family, format=fmt_name,
            kind="example", prop="example", statement=statement,
            params={**params, "example": f"example_{example.number}", "elements": elements},
            backends=frozenset({"smt"} if special else {"why3", "smt"})))
    return obligations


def _exact_in(fmt: FloatFormat, entry) -> bool:
    if entry.literal.kind != "number":
        return True
    return fmt.decode(fmt.parse(entry_text(entry))).value == entry.literal.value


def int_obligations(binding: Binding) -> list[Obligation]:
    obligations = []
    preconditions = ("int.domain", "int.overflow")
    for name in binding.types.get("int", ()):
        fmt = get_format(name)
        for prop, (kind, title, roles, statement) in INT_PROPERTIES.items():
            if not all(binding.has(role) for role in roles):
                continue
            obligations.append(_obligation(
                binding.refs(*roles, *preconditions), id=f"int.{name}.{kind}.{prop}", title=title, family="int",
                format=name, kind=kind, prop=prop, statement=statement,
                params={"bits": fmt.bits, "signed": fmt.signed}))
        if fmt.signed and binding.has("int.overflow"):
            obligations.append(_obligation(
                binding.refs("int.overflow"), id=f"int.{name}.probe.int_min_div_minus_one",
                title="probe: INT_MIN / -1 is representable", family="int", format=name, kind="probe",
                prop="int_min_div_minus_one", expect="invalid",
                statement=f"MIN <= trunc(MIN / -1) <= MAX   (MIN = {fmt.min}, expected to fail)",
                params={"bits": fmt.bits, "signed": True}))
    return obligations


def real_obligations(binding: Binding) -> list[Obligation]:
    if "real" not in binding.types:
        return []
    obligations = [
        _obligation(binding.refs(*roles, *(("real.domain",) if "b != 0" in statement else ())),
                    id=f"real.{kind}.{prop}", title=title, family="real", format="real", kind=kind, prop=prop,
                    statement=statement)
        for prop, (kind, title, roles, statement) in REAL_PROPERTIES.items() if all(binding.has(r) for r in roles)
    ]
    return obligations + _examples(binding, "real", "real", {})


def shape_obligations(binding: Binding) -> list[Obligation]:
    obligations = []
    for prop, (kind, title, roles, statement) in SHAPE_PROPERTIES.items():
        family = prop.removeprefix("elementwise_")
        if prop != "result_shape" and family not in binding.types:
            continue
        if binding.has(roles[0]):
            obligations.append(_obligation(
                binding.refs(*roles), id=f"shape.{kind}.{prop}", title=title, family="shape", format="none",
                kind=kind, prop=prop, statement=statement, backends=frozenset({"why3"})))
    return obligations


def spec_obligations(path: str | Path = document.DEFAULT_DOCUMENT) -> list[Obligation]:
    """Every obligation the document requires (an accuracy note: its claims'), in a stable order (read once
    per file version)."""
    resolved = Path(path).resolve()
    try:
        stamp = resolved.stat().st_mtime_ns
    except OSError:
        stamp = 0          # document.read reports the missing file
    return list(_bound(str(resolved), stamp))


@functools.lru_cache(maxsize=8)
def _bound(path: str, stamp: int) -> tuple[Obligation, ...]:
    if is_note_file(path):          # an accuracy note: its bounds (`obligations.accuracy`)
        return tuple(note_obligations(read_note(path)))
    return tuple(obligations_of(document.read(path)))


def obligations_of(binding: Binding) -> list[Obligation]:
    return real_obligations(binding) + float_obligations(binding) + table_obligations(binding) \
        + int_obligations(binding) + rounding_obligations(binding) + shape_obligations(binding)
