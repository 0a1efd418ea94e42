"""Checking what a spec document claims, with each section's own semantics.

IEEE 754 (round to nearest even) in every float format a section lists,
exact division for real, truncation toward zero for integers (the ONNX rule).
Each check turns one part of the document into a `Claim` with a verdict and
its findings; `check_document` runs them all.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import z3

from divbridge.formats import FORMATS, FloatFormat, IntFormat, RealFormat
from divbridge.mirror.exact import float_div_bits, int_div
from divbridge.obligations.catalog import spec_obligations
from divbridge.spec.profiles import ONNX_TYPES
from divbridge.spec.requirements import REQUIREMENTS_BY_TAG
from divbridge.specdoc import claimcache, why3check
from divbridge.specdoc.findings import Claim, Finding, verdict_of
from divbridge.specdoc.latex import Entry, Otherwise
from divbridge.specdoc.reader import CaseTable, Example, Section, SpecDocument
from divbridge.specdoc.smt import any_of, encoding, find

MAX_ELEMENT_FINDINGS = 5
SEMANTICS = {"float": "IEEE 754", "int": "truncating integer division", "real": "exact real division"}


def check_document(doc: SpecDocument) -> list[Claim]:
    claims: list[Claim] = []
    for section in doc.sections:
        claims += _section_claims(doc, section)
    claims += _tag_claims(doc)
    for index, formal in enumerate(doc.formal, 1):
        claim = Claim(f"{_slug(formal.section)}/why3-{index}", "why3", formal.section, formal.line, formal.text)
        claim.findings, claim.verdict = why3check.check(formal)
        claims.append(claim)
    return claims


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "document"


def _section_claims(doc: SpecDocument, section: Section) -> list[Claim]:
    claims = []
    slug = _slug(section.title)
    tables = [t for t in doc.tables if t.section == section.title]
    examples = [e for e in doc.examples if e.section == section.title]
    if section.types and (tables or examples or section.types_from == "heading"):
        claim = Claim(f"{slug}/types", "types", section.title, section.types_line, ", ".join(section.types),
                      section.types)
        claim.findings = check_types(section, bool(tables))
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    for index, table in enumerate(tables, 1):
        claim = Claim(f"{slug}/cases-{index}", "case-table", section.title, table.line,
                      "\n".join(r.text for r in table.rows), section.types)
        claim.findings = claimcache.memoised(("case-table", claim.text, section.types),
                                             lambda t=table: check_table(t, section), line_base=table.line)
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    for index, example in enumerate(examples, 1):
        formats = (example.dtype,) if example.dtype else section.types
        claim = Claim(f"{slug}/example-{index}", "example", section.title, example.line,
                      "\n".join(m.text for m in (example.a, example.b, example.c)), formats)
        claim.findings = check_example(example, formats)
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    unfinished = [u for u in doc.unfinished if u[0] == section.title]
    if unfinished or (section.types_from == "heading" and not tables and not examples and not any(
            f.section == section.title for f in doc.formal)):
        line = unfinished[0][1] if unfinished else section.line
        claim = Claim(f"{slug}/definition", "definition", section.title, line, unfinished[0][2] if unfinished else "")
        claim.findings = [_unfinished_finding(section, line)]
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    return claims


def _unfinished_finding(section: Section, line: int) -> Finding:
    example = None
    if section.types:
        fmt = FORMATS[section.types[0]]
        if isinstance(fmt, FloatFormat):
            one = fmt.round(Fraction(1))
            example = f"A = {fmt.describe(one)}, B = {fmt.describe(one)}"
        elif isinstance(fmt, IntFormat):
            example = f"A = {fmt.describe(1)}, B = {fmt.describe(1)}"
        else:
            example = "A = 1, B = 1"
    return Finding("incomplete", line, f"section '{section.title}' defines no result for any input "
                   f"({', '.join(section.types) or 'no types'})", example and example + ": no result is defined")


# -- types --------------------------------------------------------------------------

def check_types(section: Section, has_table: bool) -> list[Finding]:
    findings = []
    allowed = ONNX_TYPES[14] | {"real"}
    for name in section.types:
        if name not in allowed:
            findings.append(Finding("incorrect", section.types_line,
                                    f"type {name} is not a type of ONNX Div-14 ({', '.join(sorted(ONNX_TYPES[14]))})"))
    families = {FORMATS[t].family for t in section.types}
    title = section.title.lower()
    named = [f for f, words in (("real", ("(real)",)), ("float", ("float", "fp16", "fp32", "fp64", "bfloat")),
                                ("int", ("int8", "int16", "int32", "int64", "integer"))) if any(w in title for w in words)]
    if len(named) == 1 and families - {named[0]}:
        findings.append(Finding("incorrect", section.types_line,
                                f"the section is about {named[0]} types but lists {', '.join(section.types)}"))
    elif len(families) > 1 and has_table:
        findings.append(Finding("ambiguous", section.types_line,
                                f"one definition for {' and '.join(sorted(families))} types "
                                f"({', '.join(section.types)}): each family has its own semantics"))
    return findings


# -- case tables ----------------------------------------------------------------------

def check_table(table: CaseTable, section: Section) -> list[Finding]:
    """Exhaustive, mutually exclusive, and every row right, in each of the section's formats."""
    if not section.types:
        return [Finding("ill-formed", table.line, "the section lists no types: no semantics to check the table with")]
    if any(r.result is None or r.condition is None for r in table.rows):
        return []   # the reader already reported the unreadable row; a partial table proves nothing
    # key -> (finding built in the first format that shows it, formats where it shows)
    found: dict[tuple, tuple[Finding, list[str]]] = {}

    def report(key: tuple, fmt_name: str, build) -> None:
        if key in found:
            found[key][1].append(fmt_name)
        else:
            found[key] = (build(), [fmt_name])

    for fmt_name in section.types:
        fmt = FORMATS[fmt_name]
        enc = encoding(fmt)
        semantics = SEMANTICS[fmt.family]
        conditions = []
        for row in table.rows:
            conditions.append(enc.condition(row.condition, list(conditions)))
        uncovered = find(enc, z3.Not(any_of(conditions)), limit=1)
        for a, b in uncovered.witnesses:
            report(("uncovered",), fmt_name, lambda a=a, b=b: Finding(
                "incomplete", table.line, f"no row covers {enc.describe(a, b)} ({semantics} gives {enc.gives(a, b)})",
                enc.describe(a, b)))
        if uncovered.status == "unknown":
            report(("uncovered?",), fmt_name, lambda: Finding(
                "ambiguous", table.line, f"{uncovered.solver} could not decide whether the rows cover every input"))
        for i, row in enumerate(table.rows):
            for j in range(i + 1, len(table.rows)):
                other = table.rows[j]
                if isinstance(other.condition, Otherwise) or str(row.result) == str(other.result):
                    continue
                overlap = find(enc, z3.And(conditions[i], conditions[j]), limit=1)
                for a, b in overlap.witnesses:
                    report(("overlap", i, j), fmt_name, lambda a=a, b=b, other=other: Finding(
                        "ambiguous", other.line, f"rows at lines {row.line} and {other.line} both apply to "
                        f"{enc.describe(a, b)} and give different results", enc.describe(a, b)))
            _check_row(enc, row, conditions[i], fmt_name, report)
    findings = []
    for finding, formats in found.values():
        where = f" [in {', '.join(formats)}]" if len(section.types) > 1 else ""
        findings.append(Finding(finding.kind, finding.line, finding.message + where, finding.counterexample))
    return findings


def _check_row(enc, row, condition, fmt_name: str, report) -> None:
    result = row.result
    semantics = SEMANTICS[enc.fmt.family]
    if result.sign == "±":
        report(("pm", row.line), fmt_name, lambda: Finding(
            "ambiguous", row.line, f"'{result}' leaves the sign open: no rule says which one"))
    if result.kind == "undefined" and isinstance(enc.fmt, FloatFormat):
        open_ = find(enc, condition, limit=1)
        for a, b in open_.witnesses:
            report(("open", row.line), fmt_name, lambda a=a, b=b: Finding(
                "ambiguous", row.line, f"the row leaves the result open where {semantics} defines it "
                f"(for {enc.describe(a, b)} it gives {enc.gives(a, b)})", enc.describe(a, b)))
        return
    wrong = find(enc, z3.And(condition, z3.Not(enc.ok(result))), limit=6)
    kind = "incomplete" if result.kind == "undefined" else "incorrect"
    for a, b in wrong.witnesses:
        signature = enc.signature(a, b)
        if kind == "incomplete":
            message = f"the row leaves {enc.describe(a, b)} undefined, but {semantics} gives {enc.gives(a, b)}"
        else:
            message = (f"the row gives {result} for {enc.describe(a, b)}, but {semantics} gives "
                       f"{enc.gives(a, b)}")
        report(("row", row.line, signature), fmt_name, lambda m=message, a=a, b=b: Finding(
            kind, row.line, m, enc.describe(a, b)))
    if wrong.status == "unknown":
        report(("row?", row.line), fmt_name, lambda: Finding(
            "ambiguous", row.line, f"{wrong.solver} could not decide whether the row is right"))


# -- worked examples ---------------------------------------------------------------------

def _flatten(example: Example):
    """(shape, flat entries) of A, B and C; printed arrays broadcast as NumPy does."""
    shapes, flats = [], []
    for matrix in (example.a, example.b, example.c):
        if matrix.shape is not None:
            shapes.append(matrix.shape)
            flats.append(matrix.entries[0])
        else:
            widths = {len(r) for r in matrix.entries}
            if len(widths) != 1:
                raise ValueError(f"matrix {matrix.name} has rows of different lengths")
            shapes.append((len(matrix.entries), widths.pop()))
            flats.append([e for r in matrix.entries for e in r])
    return shapes, flats


def check_example(example: Example, formats: tuple[str, ...]) -> list[Finding]:
    try:
        shapes, (fa, fb, fc) = _flatten(example)
    except ValueError as exc:
        return [Finding("ill-formed", example.line, str(exc))]
    sa, sb, sc = shapes
    if example.broadcast:
        try:
            out = np.broadcast_shapes(sa, sb)
        except ValueError:
            return [Finding("incorrect", example.line, f"shapes {sa} and {sb} do not broadcast")]
        index = np.arange(int(np.prod(out))).reshape(out)
        ia = np.broadcast_to(np.arange(len(fa)).reshape(sa), out).ravel()
        ib = np.broadcast_to(np.arange(len(fb)).reshape(sb), out).ravel()
        pairs = list(zip(ia.tolist(), ib.tolist(), index.ravel().tolist()))
        if tuple(out) != tuple(sc):
            return [Finding("incorrect", example.line, f"C has shape {sc}, Div gives {tuple(out)}")]
    else:
        if not sa == sb == sc:
            return [Finding("incorrect", example.line, f"A, B and C must have the same shape (R1): {sa}, {sb}, {sc}")]
        pairs = [(k, k, k) for k in range(len(fa))]
    found: dict[tuple, tuple[Finding, list[str]]] = {}
    for fmt_name in formats:
        fmt = FORMATS[fmt_name]
        for ia_, ib_, ic_ in pairs:
            problem = _element(fmt, fa[ia_], fb[ib_], fc[ic_])
            if problem:
                kind, message = problem
                key = (ia_, ib_, ic_, kind)
                if key in found:
                    found[key][1].append(fmt_name)
                elif len(found) < MAX_ELEMENT_FINDINGS:
                    found[key] = (Finding(kind, example.line, f"example '{example.title}': {message}",
                                          message.partition(":")[0] if kind == "incorrect" else None), [fmt_name])
    return [Finding(f.kind, f.line, f.message + (f" [in {', '.join(fs)}]" if len(formats) > 1 else ""),
                    f.counterexample) for f, fs in found.values()]


def _element(fmt, a: Entry, b: Entry, c: Entry) -> tuple[str, str] | None:
    """None when C = A / B holds for this element, else (finding kind, message)."""
    if isinstance(fmt, FloatFormat):
        bits_a, bits_b = _to_bits(fmt, a), _to_bits(fmt, b)
        q = float_div_bits(fmt, bits_a, bits_b)
        where = f"A = {fmt.describe(bits_a)}, B = {fmt.describe(bits_b)}: C = {c}"
        if _float_matches(fmt, q, c) or _within_printed_precision(fmt, a, b, c):
            return None
        return "incorrect", f"{where}, IEEE 754 gives {fmt.to_text(q)}"
    for entry in (a, b):
        if entry.literal.kind != "number":
            return "incorrect", f"{entry} is not a {'real' if isinstance(fmt, RealFormat) else fmt.name} value"
    va, vb = a.literal.value, b.literal.value
    if isinstance(fmt, IntFormat):
        if va.denominator != 1 or vb.denominator != 1 or not (fmt.min <= va <= fmt.max and fmt.min <= vb <= fmt.max):
            return "incorrect", f"A = {va}, B = {vb} are not {fmt.name} values"
        if vb == 0:
            return "incorrect", f"A = {va}, B = 0: C = {c}, but integer division by zero is undefined"
        q = Fraction(int_div(int(va), int(vb), "trunc"))
        where = f"A = {fmt.describe(int(va))}, B = {fmt.describe(int(vb))}: C = {c}"
    else:
        if vb == 0:
            return "incorrect", f"A = {va}, B = 0: C = {c}, but real division by zero is undefined"
        q = va / vb
        where = f"A = {va}, B = {vb}: C = {c}"
    if c.literal.kind == "number" and abs(c.literal.value - q) <= c.tolerance:
        return None
    return "incorrect", f"{where}, {SEMANTICS[fmt.family]} gives {q}"


def _within_printed_precision(fmt: FloatFormat, a: Entry, b: Entry, c: Entry) -> bool:
    """Printed operands are themselves rounded to their last digit: C must be within its own precision of
    some quotient of operands within theirs (plus one rounding to the format)."""
    if not (a.approx or b.approx) or not c.approx or "number" != a.literal.kind == b.literal.kind != c.literal.kind:
        return False
    if abs(b.literal.value) <= b.tolerance:
        return False
    corners = [(a.literal.value + da) / (b.literal.value + db)
               for da in (-a.tolerance, a.tolerance) for db in (-b.tolerance, b.tolerance)]
    low, high = min(corners), max(corners)
    ulp = max(abs(low), abs(high), fmt.min_normal) * Fraction(2) ** (1 - fmt.sb)
    return low - ulp - c.tolerance <= c.literal.value <= high + ulp + c.tolerance


def _to_bits(fmt: FloatFormat, entry: Entry) -> int:
    lit = entry.literal
    if lit.kind == "nan":
        return fmt.nan
    if lit.kind == "inf":
        return fmt.inf(1 if lit.sign == "-" else 0)
    return fmt.round(lit.value, sign_if_zero=1 if lit.sign == "-" else 0)


def _float_matches(fmt: FloatFormat, q: int, c: Entry) -> bool:
    d = fmt.decode(q)
    lit = c.literal
    if lit.kind == "nan":
        return d.is_nan
    if lit.kind == "inf":
        return d.is_inf and d.sign == (1 if lit.sign == "-" else 0)
    if not d.is_finite:
        return False
    if lit.value == 0 and not lit.sign:
        return d.is_zero or (c.approx and abs(d.value) <= c.tolerance)
    if _to_bits(fmt, c) == q:
        return True
    return c.approx and abs(d.value - lit.value) <= c.tolerance


# -- requirement tags ------------------------------------------------------------------------

def traced_tags() -> set[str]:
    return {tag for o in spec_obligations() for tag in o.requirements}


def _tag_claims(doc: SpecDocument) -> list[Claim]:
    claims = []
    traced = traced_tags()
    informal = {t for t, r in REQUIREMENTS_BY_TAG.items() if r.informal} | doc.informal_tags
    by_tag: dict[str, list] = {}
    for use in doc.tags:
        by_tag.setdefault(use.tag, []).append(use)
    for tag, uses in by_tag.items():
        defining = [u for u in uses if u.defines] or uses[:1]
        first = defining[0]
        findings = []
        seen: dict[tuple, int] = {}
        texts: dict[str, int] = {}
        for use in defining:
            key = (use.section, use.scope if use.style == "constraint" else "")
            if key in seen:
                findings.append(Finding("ill-formed", use.line, f"tag {tag} is defined twice in the same "
                                        f"{'list' if use.style == 'constraint' else 'section'} (first at line {seen[key]})"))
            seen.setdefault(key, use.line)
            if use.style == "requirement":
                texts.setdefault(_plain(use.text), use.line)
        if len(texts) > 1:
            findings.append(Finding("ambiguous", first.line, f"tag {tag} names different requirements at lines "
                                    f"{', '.join(str(line) for line in texts.values())}"))
        if first.style == "requirement" and tag not in traced and tag not in informal:
            findings.append(Finding("ill-formed", first.line, f"tag {tag} traces to no obligation and is not "
                                    "listed as informal only"))
        claim = Claim(f"tag/{tag}" + (f"@{_slug(first.scope)}" if first.style == "constraint" else ""), "tag",
                      first.section, first.line, first.text)
        if first.style == "constraint":
            claim.id = f"tag/{_slug(first.section)}/{_slug(first.scope)}/{tag}"
        claim.findings = findings
        claim.verdict = verdict_of(findings)
        claims.append(claim)
    return claims


def _plain(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", re.sub(r"\$[^$]*\$", "", text.lower().replace("statement:", ""))).strip()
