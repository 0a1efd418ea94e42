"""Checking what a spec document claims, with each section's own semantics.

IEEE 754 (round to nearest even) in every float format a section lists,
the exact operation for real, the operator's integer profile for integers
(its description's kernels and exact terms, `operators.obligations.ExactTerms`).
Each check turns one part of the document into a `Claim` with a verdict and
its findings; `check_document` runs them all.  What `divbridge prove --spec`
binds from the document's own statements (its special-value sentences, the
rows of its float case tables, its worked examples) is proved by `prove`'s
pipeline (`checkspec.proofcheck`): those verdicts decide, and the checks here
only locate and explain them (the nicest counterexamples, one per class; the
element of an example).  What the pipeline does not bind (integer and real
tables, coverage and overlap of rows, approximate examples, prose rules,
types, tags, Why3 text) is checked here, memoised by `checkspec.claimcache`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
import z3

from divbridge import operators
from divbridge.formats import FORMATS, FloatFormat, IntFormat
from divbridge.operators.kernels import as_fraction
from divbridge.operators.model import OPERATION_RESULT, Input, Operator
from divbridge.obligations.catalog import table_row_id
from divbridge.provers.verdicts import ObligationResult
from divbridge.semantics import onnx_types
from divbridge.semantics.requirements import Requirement
from divbridge.checkspec import claimcache, proofcheck, why3check
from divbridge.document import tagclass
from divbridge.checkspec.proofcheck import DocumentProofs
from divbridge.checkspec.findings import Claim, verdict_of
from divbridge.document.findings import Finding
from divbridge.document.formula import Atom, Condition, Entry, Or, Otherwise, Result
from divbridge.document.meaning import Case, Domain, ErrorCondition, SectionReference, Semantics, SignRule
from divbridge.document.prose import domain_of_definition
from divbridge.document.reader import CaseTable, Definition, Example, Row, Section, SpecDocument, words_of
from divbridge.checkspec.smt import any_of, encoding, find, holds_at

MAX_ELEMENT_FINDINGS = 5


def semantics_of(op: Operator, family: str) -> str:
    """The semantics of a section's family, as the findings name it: "IEEE 754", "truncating integer <gerund>"..."""
    gerund = op.vocabulary.gerund
    if family == "int":
        integer = {"truncate": "truncating", "wrap": "wrapping", "saturate": "saturating",
                   "exact": "exact"}[op.integer.kind]
        return f"{integer} integer {gerund}"
    return {"float": "IEEE 754", "real": f"exact real {gerund}"}[family]


def check_document(doc: SpecDocument, proofs: DocumentProofs) -> list[Claim]:
    """Every claim of the document; ``proofs``: `proofcheck.prove_document`'s for it."""
    claims: list[Claim] = []
    for section in doc.sections:
        claims += _section_claims(doc, section, proofs)
    claims += proofcheck.case_rule_claims(doc, proofs, _slug)
    claims += proofcheck.wrap_claims(doc, proofs, _slug)
    claims += _tag_claims(doc, proofs)
    for index, formal in enumerate(doc.formal, 1):
        claim = Claim(f"{_slug(formal.section)}/why3-{index}", "why3", formal.section, formal.line, formal.text)
        claim.findings, claim.verdict = why3check.check(formal)
        claims.append(claim)
    return claims


def _slug(title: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-") or "document"


@dataclass(frozen=True)
class Rule:
    """One statement of a sentence, as the checks see it."""

    kind: str                       # sign | rounding | domain | error-condition | case
    line: int
    column: int
    text: str
    sign: str = ""                  # sign: xor:AB | xor:A | xor:B | + | -
    applies: tuple[str, ...] = ()   # sign: zero and / or inf
    condition: Condition | None = None   # domain: what every input satisfies; sign, case: where it applies
    rounding: str = ""              # trunc | floor | ceil | nearest | away
    error: str = ""                 # none | implementation | undefined
    result: Result | None = None    # case
    words: str = ""                 # the statement said back (`meaning`)


def section_rules(doc: SpecDocument, section: Section) -> list[Rule]:
    """The statements of a section's sentences that the checks judge (definitions, tables, examples and tags
    are judged on their own)."""
    rules = []
    for part in doc.parts_in(section.title):
        if part.kind != "sentence":
            continue
        base = dict(line=part.line, column=part.column, text=part.text)
        definition_domain = domain_of_definition(part.reading) is not None
        for statement in part.reading.statements:
            base["words"] = words_of(doc, section, statement)
            if isinstance(statement, SignRule):
                rules.append(Rule("sign", sign=statement.sign, applies=statement.applies,
                                  condition=statement.condition, **base))
            elif isinstance(statement, Semantics) and statement.rule != "exact":
                mode = "nearest" if statement.rule == "ieee754" else statement.rule
                rules.append(Rule("rounding", rounding=mode, **base))
            elif isinstance(statement, Domain):
                rules.append(Rule("domain", condition=statement.condition, **base))
            elif isinstance(statement, ErrorCondition):
                rules.append(Rule("error-condition", error=statement.kind, **base))
            elif isinstance(statement, Case) and statement.condition is not None and \
                    not isinstance(statement.condition, Otherwise) and not definition_domain:
                rules.append(Rule("case", condition=statement.condition, result=statement.result, **base))
    return rules


def ordered_types(types: tuple[str, ...]) -> tuple[str, ...]:
    """Floats in the document's order, then integers smallest first (signed before unsigned), then real:
    a counterexample is shown in the first format that has it."""
    def key(name):
        fmt = FORMATS[name]
        if isinstance(fmt, IntFormat):
            return (1, fmt.bits, not fmt.signed)
        return (0 if isinstance(fmt, FloatFormat) else 2, 0, False)
    return tuple(sorted(types, key=key))


def _section_claims(doc: SpecDocument, section: Section, proofs: DocumentProofs) -> list[Claim]:
    claims = []
    slug = _slug(section.title)
    op = proofs.operator
    if op is None:   # a document that names no operator (an empty version in an audit): no semantics to judge by
        return []
    tables = [t for t in doc.tables if t.section == section.title]
    examples = [e for e in doc.examples if e.section == section.title]
    definitions = [d for d in doc.definitions if d.section == section.title]
    rules = section_rules(doc, section)
    # domain rules restrict the inputs of integer and real sections; the IEEE 754 operation is total
    domain = tuple(r.condition for r in rules if r.kind == "domain" and section.family in ("int", "real"))
    if section.types and (tables or examples or section.types_from == "heading"):
        claim = Claim(f"{slug}/types", "types", section.title, section.types_line, ", ".join(section.types),
                      section.types)
        claim.findings = check_types(section, bool(tables), op)
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    mistyped = proofs.binding.mistyped if proofs.binding is not None else []
    for index, (line, words, why) in enumerate((m for m in mistyped if doc.section_of(m[0]) == section), 1):
        claim = Claim(f"{slug}/operand-type-{index}", "types", section.title, line, words)
        claim.findings = [Finding("incorrect", line, why)]
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    for index, table in enumerate(tables, 1):
        claim = Claim(f"{slug}/cases-{index}", "case-table", section.title, table.line,
                      "\n".join(r.text for r in table.rows), section.types,
                      words="\n".join(words_of(doc, section, Case(r.condition, r.result))
                                      if r.condition is not None and r.result is not None else "not read"
                                      for r in table.rows))
        rows = row_results(proofs, table)
        verdicts = sorted((line - table.line, fmt, r.verdict) for (line, fmt), r in rows.items())
        # the rows' lines are in the key: the findings name them (an unread row, two rows that overlap)
        claim.findings = claimcache.memoised(
            ("case-table", [(r.line, str(r.condition), str(r.result)) for r in table.rows], section.types,
             [str(c) for c in domain], sorted(line - table.line for line in table.ruled), verdicts, op.name),
            lambda t=table, rows=rows: check_table(t, section, domain, t.ruled, rows, op=op), line_base=table.line)
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    for index, example in enumerate(examples, 1):
        formats = (example.dtype,) if example.dtype else example.types or section.types
        claim = Claim(f"{slug}/example-{index}", "example", section.title, example.line,
                      "\n".join(m.text for m in (*example.inputs, example.c)), formats)
        claim.findings = check_example(example, formats, example_results(proofs, example, formats), op=op)
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    if not tables:   # a table, when there is one, is the definition; the equation only names the result
        # the same definition said again (in words, then as a formula) is judged once, at its first line
        distinct = {(str(d.result), str(d.condition)): d for d in reversed(definitions)}
        for index, definition in enumerate(sorted(distinct.values(), key=lambda d: d.line), 1):
            claims.append(_definition_claim(f"{slug}/definition-{index}", definition, doc, section, domain, op))
    per_kind: dict[str, int] = {}
    for rule in rules:
        per_kind[rule.kind] = per_kind.get(rule.kind, 0) + 1
        claims.append(_rule_claim(f"{slug}/{rule.kind}-{per_kind[rule.kind]}", rule, section, domain, proofs, op))
    unfinished = [u for u in doc.unfinished if u[0] == section.title]
    # a formula or row, read or not, is a definition written, not one missing (one not read is `unread` at its
    # line; an integer section's rows are judged as its wrap-around claims)
    written = any(p.kind in ("formula", "row") for p in doc.parts_in(section.title))
    # a sentence stating the operation's semantics ("according to IEEE 754 semantics") defines every result
    stated = any(True for _ in doc.statements(section.title, Semantics))
    # "See specification for real numbers": the real section's results, which no exact encoding judges in another
    # family's types here
    pointers = [part for part, _ in doc.statements(section.title, SectionReference)]
    for index, part in enumerate(pointers, 1):
        claim = Claim(f"{slug}/pointer-{index}", "definition", section.title, part.line, part.text)
        claim.findings = [Finding("information", part.line, f"the section takes the real section's definition for "
                                  f"{', '.join(section.types)}: not judged in these types")]
        claim.verdict = "unchecked"
        claims.append(claim)
    # cases in words ("if X[i] < 0 then Y[i] = 0") define the results they state, each judged on its own
    cases = any(rule.kind == "case" for rule in rules)
    defined = tables or examples or definitions or written or stated or pointers or cases or any(
        f.section == section.title for f in doc.formal)
    if not defined and (unfinished or section.types_from == "heading"):
        line = unfinished[0][1] if unfinished else section.line
        claim = Claim(f"{slug}/definition", "definition", section.title, line, unfinished[0][2] if unfinished else "")
        claim.findings = [_unfinished_finding(section, line)]
        claim.verdict = verdict_of(claim.findings)
        claims.append(claim)
    elif defined:
        for index, (_, line, text, heading) in enumerate(unfinished, 1):   # "Numerical Accuracy: To be completed"
            claim = Claim(f"{slug}/unfinished-{index}", "definition", section.title, line, text)
            claim.findings = [Finding("information", line, f"'{heading}' is marked unfinished («{text}»): "
                                      "nothing of it is checked")]
            claim.verdict = "unchecked"
            claims.append(claim)
    return claims


def _definition_claim(claim_id: str, definition: Definition, doc: SpecDocument, section: Section,
                      domain: tuple[Condition, ...], op: Operator) -> Claim:
    """`C[i] = A[i] / B[i]` (if its domain sentence says so, undefined elsewhere), judged like a case table."""
    claim = Claim(claim_id, "definition", section.title, definition.line, definition.text, section.types,
                  words=words_of(doc, section, Case(definition.condition, definition.result)))
    rows = [Row(definition.result, definition.condition or Otherwise(), definition.line, definition.text)]
    if definition.condition is not None:
        rows.append(Row(Result("undefined"), Otherwise(), definition.condition_line, "otherwise undefined"))
    table = CaseTable(section.title, definition.line, rows, definition.text)
    key = ("definition", str(definition.result), str(definition.condition), section.types, [str(c) for c in domain],
           op.name)
    claim.findings = _negated(definition, section, op) or claimcache.memoised(
        key, lambda: check_table(table, section, domain, op=op), line_base=definition.line)
    claim.verdict = verdict_of(claim.findings)
    return claim


def _negated(definition: Definition, section: Section, op: Operator) -> list[Finding]:
    """A definition of C as the operation with its operands the other way ("C is B minus A": -(A - B)) in a real
    or integer section, where the exact result of the first operand pair that tells them apart refutes it, for any
    operator (its kernels); [] for any other definition (the section's checks judge it)."""
    result = definition.result
    if result.kind != OPERATION_RESULT or result.sign != "-" or result.rounding or definition.condition is not None \
            or section.family not in ("real", "int"):
        return []
    ints = [FORMATS[t] for t in ordered_types(section.types) if isinstance(FORMATS[t], IntFormat)]
    for a, b in ((1, 2), (2, 1), (3, 5)):
        exact = op.kernels.real(a, b) if section.family == "real" else op.kernels.integer(ints[0], a, b)
        if exact != 0:
            where = f" ({ints[0].name})" if section.family == "int" else ""
            return [Finding("incorrect", definition.line, f"the definition gives C = -(A {op.vocabulary.infix} B): for "
                            f"A = {a}, B = {b}{where} that is {-exact}, but {semantics_of(op, section.family)} gives "
                            f"{exact}", f"A = {a}, B = {b}{where}")]
    return []


def _rule_claim(claim_id: str, rule: Rule, section: Section, domain: tuple[Condition, ...],
                proofs: DocumentProofs, op: Operator) -> Claim:
    claim = Claim(claim_id, rule.kind, section.title, rule.line, rule.text, section.types, words=rule.words)
    if rule.kind == "sign":
        claim.findings = claimcache.memoised(
            ("sign", rule.sign, rule.applies, str(rule.condition), section.types, op.name),
            lambda: check_sign_rule(rule, section, op), line_base=rule.line)
    elif rule.kind == "rounding":
        proved = float_rounding_findings(rule, section, proofs)
        claim.findings = check_rounding_rule(rule, section, op) if proved is None else proved
    elif (rule.kind == "error-condition" and rule.error == "none" or rule.kind == "domain" and section.family == "int") \
            and (not_judged := _not_judged(op, section, rule.line)):
        # no obligation proves a precondition or the absence of an error condition: neither is counted as holding
        claim.findings, claim.verdict = not_judged, "unchecked"
        return claim
    elif rule.kind == "error-condition" and rule.error == "none":
        claim.findings = check_no_error_rule(rule, section, domain, op)
    elif rule.kind == "domain" and section.family == "int":
        claim.findings = check_exclusion(rule, section, domain, op)
    elif rule.kind == "case":
        table = CaseTable(section.title, rule.line, [Row(rule.result, rule.condition, rule.line, rule.text)], rule.text)
        claim.findings = claimcache.memoised(
            ("case", str(rule.condition), str(rule.result), section.types, [str(c) for c in domain], op.name),
            lambda: check_table(table, section, domain, complete=False, rows=row_results(proofs, table), op=op),
            line_base=rule.line)
    # domain sentences restrict the inputs, and an "implementation dependent" or "undefined" error condition
    # leaves the inputs outside them open: both take effect in the definitions and tables
    claim.verdict = verdict_of(claim.findings)
    return claim


def check_sign_rule(rule: Rule, section: Section, op: Operator) -> list[Finding]:
    """The sign a sentence gives zero and infinite results, against IEEE 754 in each listed float format."""
    floats = [t for t in section.types if isinstance(FORMATS[t], FloatFormat)]
    if not floats:
        return [Finding("information", rule.line, "a sign rule in a section without float types: "
                        "integers and reals have no signed zero or infinity", column=rule.column)]
    found: dict[tuple, tuple[Finding, list[str]]] = {}
    words = {"zero": "zero", "inf": "infinite"}
    for fmt_name in floats:
        enc = encoding(FORMATS[fmt_name], op)
        where = enc.condition(rule.condition, []) if rule.condition is not None else z3.BoolVal(True)
        fails = [z3.Not(enc.sign_rule(rule.sign, applies)) for applies in rule.applies]
        wrong = find(enc, z3.And(where, any_of(fails)), limit=1)
        for w in wrong.witnesses:
            if ("wrong",) in found:
                found[("wrong",)][1].append(fmt_name)
                continue
            said = {"+": "positive", "-": "negative", "xor:A": "the sign of A", "xor:B": "the sign of B",
                    "xor:AB": "the XOR of the signs of A and B"}[rule.sign]
            found[("wrong",)] = (Finding(
                "incorrect", rule.line, f"the sentence gives a {' or '.join(words[w] for w in rule.applies)} "
                f"result {said}, but for {enc.describe(*w)} IEEE 754 gives "
                f"{enc.fmt.describe(op.kernels.float_bits(enc.fmt, *w))}", enc.describe(*w), rule.column), [fmt_name])
        if wrong.status == "unknown":
            found.setdefault(("unknown",), (Finding("ambiguous", rule.line, f"{wrong.solver} could not decide "
                                                    "whether the sign rule is right"), []))[1].append(fmt_name)
    return [Finding(f.kind, f.line, f.message + (f" [in {', '.join(fs)}]" if len(floats) > 1 else ""),
                    f.counterexample, f.column) for f, fs in found.values()]


def _not_judged(op: Operator, section: Section, line: int) -> list[Finding]:
    """The integer and real encodings (`checkspec.smt`) need the operator's exact terms: an operator whose
    description gives none has its integer or real definition, table, domain and error-condition sentences said
    not to be judged, never judged as another operator's."""
    if op.obligations.exact is not None or section.family == "float":
        return []
    return [Finding("information", line, f"not judged here: a {op.name} {section.family} definition, table or "
                    "precondition is verified by its proof obligations and worked examples, not by check-spec's exact "
                    "encodings (its description gives no exact terms for them)")]


def check_no_error_rule(rule: Rule, section: Section, domain: tuple[Condition, ...], op: Operator) -> list[Finding]:
    """"No error condition": every input inside the section's domain has a result (IEEE 754 floats always do)."""
    for name in ordered_types(section.types):
        fmt = FORMATS[name]
        if isinstance(fmt, FloatFormat):
            continue
        enc = encoding(fmt, op)
        inside = z3.And([enc.condition(c, []) for c in domain]) if domain else z3.BoolVal(True)
        for w in find(enc, z3.And(inside, z3.Not(enc.defined)), limit=1).witnesses:
            return [Finding("incomplete", rule.line, f"the sentence says there is no error condition, but nothing "
                            f"excludes {enc.describe(*w)}, for which {semantics_of(op, fmt.family)} gives "
                            f"{enc.gives(*w)}", enc.describe(*w), rule.column)]
    return []


def check_exclusion(rule: Rule, section: Section, domain: tuple[Condition, ...], op: Operator) -> list[Finding]:
    """An exclusion of operand values ("not (A = x and B = y)", "A ≠ 0") that leaves out inputs whose result fits,
    while an input without a result stays inside the section's domain, excludes the wrong inputs (the
    largest value over -1 for the smallest): incorrect at its own line, not only incomplete at the section."""
    condition = rule.condition
    parts = condition.parts if isinstance(condition, Or) else (condition,)
    if not all(isinstance(p, Atom) and p.op == "≠" for p in parts):
        return []
    for name in ordered_types(section.types):
        fmt = FORMATS[name]
        if not isinstance(fmt, IntFormat):
            continue
        enc = encoding(fmt, op)
        excluded = find(enc, z3.And(z3.Not(enc.condition(condition, [])), enc.defined), limit=1).witnesses
        inside = z3.And([enc.condition(c, []) for c in domain]) if domain else z3.BoolVal(True)
        left = find(enc, z3.And(inside, z3.Not(enc.defined)), limit=1).witnesses if excluded else []
        if left:
            w, v = excluded[0], left[0]
            return [Finding("incorrect", rule.line, f"the precondition excludes {enc.describe(*w)}, whose "
                            f"{op.vocabulary.result_nouns[0]} {enc.gives(*w)} fits, but not {enc.describe(*v)}, "
                            f"for which {semantics_of(op, fmt.family)} gives {enc.gives(*v)}", enc.describe(*v),
                            rule.column)]
    return []


def float_rounding_findings(rule: Rule, section: Section, proofs: DocumentProofs) -> list[Finding] | None:
    """A float section's rounding rule other than IEEE 754's, judged by the pipeline's obligations
    (`statements.rounding_rule`); None when the document binds none for it (an untagged sentence)."""
    prefix = operators.id_prefix(proofs.operator)
    judged = [(result, fmt) for fmt in section.types
              if (result := proofs.result(f"{prefix}float.{fmt}.rounding.rounded_{rule.rounding}")) is not None]
    if section.family != "float" or not judged:
        return None
    found = [(finding, fmt) for result, fmt in judged
             if (finding := proofcheck.finding_of(result, rule.line, f"the rounding rule ({rule.rounding})"))]
    return proofcheck.merged(found, tuple(fmt for _, fmt in judged))


def check_rounding_rule(rule: Rule, section: Section, op: Operator) -> list[Finding]:
    """An integer rounding rule against the operator's integer profile, in each listed integer type: the exact
    result rounded as the rule says against what the profile gives."""
    ints = [t for t in ordered_types(section.types) if isinstance(FORMATS[t], IntFormat)]
    if section.family == "float" and rule.rounding == "nearest":
        return []   # IEEE 754's rounding to nearest: the case tables and examples check its results
    if not ints:
        return [Finding("information", rule.line, f"a rounding rule ({rule.rounding}) in a section without "
                        "integer types: not checked", column=rule.column)]
    shown: list[str] = []
    first = None
    for name in ints:
        fmt = FORMATS[name]
        for a, b in ((-7, 2), (7, -2), (7, 2), (-7, -2)):
            if not (fmt.min <= a <= fmt.max and fmt.min <= b <= fmt.max):
                continue
            said = _rounded(op.kernels.real(a, b), rule.rounding)
            exact = op.kernels.integer(fmt, a, b)
            if said != exact:
                shown.append(name)
                first = first or Finding(
                    "incorrect", rule.line, f"the sentence rounds the {op.vocabulary.result_nouns[0]} {rule.rounding}: "
                    f"for A = {fmt.describe(a)}, B = {fmt.describe(b)} that gives {said}, but {semantics_of(op, 'int')} "
                    f"gives {fmt.describe(exact)}", f"A = {fmt.describe(a)}, B = {fmt.describe(b)}", rule.column)
                break
    if not first:
        return []
    where = f" [in {', '.join(shown)}]" if len(ints) > 1 else ""
    return [Finding(first.kind, first.line, first.message + where, first.counterexample, first.column)]


def _rounded(q: Fraction, mode: str) -> int:
    floor = q.numerator // q.denominator
    if mode == "floor":
        return floor
    if mode == "ceil":
        return -((-q.numerator) // q.denominator)
    if mode == "nearest":
        return round(q)
    return int(q)   # trunc


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

def check_types(section: Section, has_table: bool, op: Operator) -> list[Finding]:
    findings = [Finding("incorrect", section.types_line, why)
                for why in onnx_types.disallowed(section.listed, op.names.onnx)]
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

def row_results(proofs: DocumentProofs, table: CaseTable) -> dict[tuple[int, str], ObligationResult]:
    """(row line, format) -> the verdict of `prove`'s obligation for that row, for a table (or a case stated
    in words) it binds."""
    bound = next((t for t in proofs.binding.tables if t.line == table.line and t.kind != "sign"), None) \
        if proofs.binding else None
    if bound is None or len({row.line for row in bound.rows}) != len(bound.rows):
        return {}
    found = {}
    for row in bound.rows:
        for fmt in bound.types:
            oid = operators.id_prefix(proofs.binding.operator) + table_row_id(fmt, bound.kind, row.name)
            result = proofs.result(oid)
            if result is not None:
                found[(row.line, fmt)] = result
    return found


def check_table(table: CaseTable, section: Section, domain: tuple[Condition, ...] = (),
                ruled: frozenset[int] = frozenset(), rows: dict[tuple[int, str], ObligationResult] | None = None,
                complete: bool = True, *, op: Operator) -> list[Finding]:
    """Exhaustive, mutually exclusive, and every row right, in each of the section's formats (``op``: the
    operator the table defines; its float results are checked, integer and real ones where its description gives check-spec
    its exact profiles).

    Only inputs inside the ``domain`` (the section's preconditions) are asked about.  For a row whose line is
    in ``ruled`` a sentence of the section gives the sign of its zeros and infinities, so its ``±`` is not
    left open: the sentence is checked on its own.  ``complete`` False: one case stated in words, which
    need not cover every input.  ``rows``: (row line, format) -> the verdict `prove`'s pipeline gave
    the row's obligation; a row it proved is right, one it refuted is explained here."""
    if not section.types:
        return [Finding("ill-formed", table.line, "the section lists no types: no semantics to check the table with")]
    not_judged = _not_judged(op, section, table.line)
    if not_judged:
        return not_judged
    # row by row: a row not read is unread at its line (`SpecDocument.unread`), the others are checked; where an
    # unread row applies is known when its condition was read, unknown otherwise (and so is an "otherwise" after it)
    unknown = [r.line for r in table.rows if r.condition is None]
    known = [r for r in table.rows if r.condition is not None and not (isinstance(r.condition, Otherwise) and unknown)]
    read = [r for r in known if r.read]
    unknown = [r.line for r in table.rows if r not in known]
    # key -> (finding built in the first format that shows it, formats where it shows)
    found: dict[tuple, tuple[Finding, list[str]]] = {}

    def report(key: tuple, fmt_name: str, build) -> None:
        if key in found:
            if fmt_name not in found[key][1]:
                found[key][1].append(fmt_name)
        else:
            found[key] = (build(), [fmt_name])

    for fmt_name in ordered_types(section.types):
        fmt = FORMATS[fmt_name]
        enc = encoding(fmt, op)
        semantics = semantics_of(op, fmt.family)
        inside = z3.And([enc.condition(c, []) for c in domain]) if domain else z3.BoolVal(True)
        # row -> where the row applies (by the row itself: a definition and its "otherwise undefined" share a line)
        where: dict[int, z3.BoolRef] = {}
        for row in known:
            where[id(row)] = z3.And(inside, enc.condition(row.condition, list(where.values())))
        if complete:
            _coverage(enc, table, inside, [where[id(r)] for r in read], [(r, where[id(r)]) for r in known
                                                                           if not r.read], unknown, fmt_name, report)
        # a row right everywhere it applies gives the semantics' own result: where two such rows overlap
        # they agree, so only pairs with a row that is not right need the overlap query
        exact = [_check_row(enc, row, where[id(row)], fmt_name, report, row.line in ruled,
                            (rows or {}).get((row.line, fmt_name)))
                 for row in read]
        for i, row in enumerate(read):
            for j in range(i + 1, len(read)):
                other = read[j]
                if isinstance(other.condition, Otherwise) or str(row.result) == str(other.result) or (
                        exact[i] and exact[j]):
                    continue
                overlap = find(enc, z3.And(where[id(row)], where[id(other)]), limit=1)
                for w in overlap.witnesses:
                    report(("overlap", i, j), fmt_name, lambda w=w, row=row, other=other: Finding(
                        "ambiguous", other.line, f"rows at lines {row.line} and {other.line} both apply to "
                        f"{enc.describe(*w)} and give different results", enc.describe(*w)))
    findings = []
    for finding, formats in found.values():
        where = f" [in {', '.join(formats)}]" if len(section.types) > 1 else ""
        findings.append(Finding(finding.kind, finding.line, finding.message + where, finding.counterexample))
    return findings


def _coverage(enc, table: CaseTable, inside, read: list, unread: list[tuple], unknown: list[int], fmt_name: str,
              report) -> None:
    """Whether the rows read cover every input inside the domain.  ``unread``: (row, where it applies) of the rows
    whose condition is read but not their result; ``unknown``: the lines of the rows whose condition is not read.
    An input no row read covers is a defect only when no unread row may cover it: one that an unread row covers
    has its result unchecked (information, naming the row); with a row of unknown condition, whether it is
    covered is undecided (unread: it depends on that row)."""
    semantics = semantics_of(enc.operator, enc.fmt.family)
    gap = find(enc, z3.And(inside, z3.Not(any_of(read))) if read else inside, limit=1)
    if gap.status == "unknown":
        report(("uncovered?",), fmt_name, lambda: Finding(
            "ambiguous", table.line, f"{gap.solver} could not decide whether the rows cover every input"))
    if not gap.witnesses:
        return
    w, = gap.witnesses
    if unknown:
        report(("undecided",), fmt_name, lambda: Finding(
            "unread", table.line, f"whether the rows cover every input is undecided: no row read covers "
            f"{enc.describe(*w)}, and the unread {_rows_at(unknown)} may", enc.describe(*w)))
        return
    uncovered = find(enc, z3.And(inside, z3.Not(any_of(read + [applies for _, applies in unread]))), limit=1) \
        if unread else gap
    for v in uncovered.witnesses:
        report(("uncovered",), fmt_name, lambda: Finding(
            "incomplete", table.line, f"no row covers {enc.describe(*v)} ({semantics} gives {enc.gives(*v)})",
            enc.describe(*v)))
    covering = [r.line for r, applies in unread if holds_at(enc, applies, *w)]
    if covering:
        report(("unread cover",), fmt_name, lambda: Finding(
            "information", table.line, f"inputs such as {enc.describe(*w)} are covered only by the unread "
            f"{_rows_at(covering)}: their result is not checked", enc.describe(*w)))


def _rows_at(lines: list[int]) -> str:
    return f"row at line {lines[0]}" if len(lines) == 1 else f"rows at lines {', '.join(map(str, lines))}"


def _check_row(enc, row, condition, fmt_name: str, report, signs_ruled: bool = False,
               proved: ObligationResult | None = None) -> bool:
    """Reports what is wrong with a row; True when the row gives the semantics' result wherever it applies.
    ``proved``: the verdict of the row's proof obligation, when `prove` binds it; it decides, and a
    refutation is explained with the nicest counterexamples of each class."""
    result = row.result
    if signs_ruled and result.sign == "" and result.kind in ("inf", "number"):
        result = Result(result.kind, "±", result.value)   # the sign sentence gives its sign
    semantics = semantics_of(enc.operator, enc.fmt.family)
    if result.sign == "±" and not signs_ruled:   # with a sign rule, the rule's own claim checks the sign
        report(("pm", row.line), fmt_name, lambda: Finding(
            "ambiguous", row.line, f"'{result}' leaves the sign open: no rule says which one"))
    if result.kind == "undefined" and isinstance(enc.fmt, FloatFormat):
        open_ = find(enc, condition, limit=1)
        for w in open_.witnesses:
            report(("open", row.line), fmt_name, lambda w=w: Finding(
                "ambiguous", row.line, f"the row leaves the result open where {semantics} defines it "
                f"(for {enc.describe(*w)} it gives {enc.gives(*w)})", enc.describe(*w)))
        return False
    if proved is not None and proved.verdict == "proved":
        return not (result.sign == "±" and not signs_ruled)
    if proved is not None and proved.verdict in ("timeout", "unknown"):
        report(("row?", row.line), fmt_name, lambda: proofcheck.finding_of(proved, row.line, "the row"))
        return False
    gap = enc.gap(result)
    if gap:   # no exact encoding: unread (a float row's by `obligations.document`, as prove reads it), never judged
        if not isinstance(enc.fmt, FloatFormat):
            report(("gap", row.line), fmt_name, lambda: Finding("unread", row.line, f"«{row.text}» not understood "
                                                                 f"({gap}); nothing of it is checked"))
        return False
    wrong = find(enc, z3.And(condition, z3.Not(enc.ok(result))), limit=6)
    if proved is not None and proved.verdict == "refuted" and not wrong.witnesses:
        report(("row", row.line), fmt_name, lambda: proofcheck.finding_of(proved, row.line, "the row"))
    for w in wrong.witnesses:
        key = ("row", row.line, enc.signature(*w))
        kind = "incomplete" if result.kind == "undefined" else "incorrect"
        if kind == "incomplete":
            message = f"the row leaves {enc.describe(*w)} undefined, but {semantics} gives {enc.gives(*w)}"
        elif result.kind == OPERATION_RESULT and not enc.has_value(*w):
            kind = "incomplete"   # the domain forgot an input where the result has no value: one finding a reason
            key = ("no value", row.line, w[-1] == 0)
            message = (f"nothing excludes {enc.describe(*w)} and no result is stated for it: "
                       f"{semantics} gives {enc.gives(*w)}")
        else:
            message = (f"the row gives {_named(result, enc.operator)} for {enc.describe(*w)}, but {semantics} "
                       f"gives {enc.gives(*w)}")
        report(key, fmt_name, lambda m=message, w=w: Finding(
            kind, row.line, m, enc.describe(*w)))
    if wrong.status == "unknown":
        report(("row?", row.line), fmt_name, lambda: Finding(
            "ambiguous", row.line, f"{wrong.solver} could not decide whether the row is right"))
    return wrong.status == "unsat" and not (result.sign == "±" and not signs_ruled)


# -- worked examples ---------------------------------------------------------------------

def _flatten(example: Example):
    """(shape, flat entries) of each input and C; printed arrays broadcast as NumPy does."""
    shapes, flats = [], []
    for matrix in (*example.inputs, example.c):
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


def _positions(example: Example):
    """(line, column) of each element of C, flat; the example's line when the entries' places are unknown."""
    if example.c.positions and example.c.shape is None:
        return [p for row in example.c.positions for p in row]
    return None


def example_results(proofs: DocumentProofs, example: Example, formats: tuple[str, ...]) -> dict[str, ObligationResult]:
    """Format -> the verdict of `prove`'s obligation for the example, in the formats it binds."""
    bound = next((e for e in proofs.binding.examples if e.line == example.line), None) if proofs.binding else None
    if bound is None:
        return {}
    found = {}
    prefix = operators.id_prefix(proofs.binding.operator)
    for fmt in formats:
        oid = f"{prefix}{bound.family}.{fmt + '.' if bound.family == 'float' else ''}example.example_{bound.number}"
        if oid in proofs.obligations and proofs.obligations[oid].format == fmt and proofs.result(oid):
            found[fmt] = proofs.result(oid)
    return found


def check_example(example: Example, formats: tuple[str, ...],
                  proved: dict[str, ObligationResult] | None = None, *, op: Operator) -> list[Finding]:
    """Every element C = A op B in each format (``op``: the document's operator).  ``proved``: format -> the
    verdict of `prove`'s obligation
    for the example; a format where it is proved needs no element check, a refutation is located here."""
    try:
        shapes, flats = _flatten(example)
    except ValueError as exc:
        return [Finding("ill-formed", example.line, str(exc))]
    *ins, fc = flats
    sc = shapes[-1]
    if example.broadcast:     # an ONNX-style example of two inputs
        (sa, sb), (fa, fb) = shapes[:2], ins
        try:
            out = np.broadcast_shapes(sa, sb)
        except ValueError:
            return [Finding("incorrect", example.line, f"shapes {sa} and {sb} do not broadcast")]
        index = np.arange(int(np.prod(out))).reshape(out)
        ia = np.broadcast_to(np.arange(len(fa)).reshape(sa), out).ravel()
        ib = np.broadcast_to(np.arange(len(fb)).reshape(sb), out).ravel()
        pairs = list(zip(ia.tolist(), ib.tolist(), index.ravel().tolist()))
        if tuple(out) != tuple(sc):
            return [Finding("incorrect", example.line, f"C has shape {sc}, {op.name} gives {tuple(out)}")]
    else:
        if len(set(shapes)) != 1:
            names = [*(i.name for i in op.inputs[:len(ins)]), "C"]
            return [Finding("incorrect", example.line, f"{', '.join(names[:-1])} and C must have the same shape "
                            f"(R1): {', '.join(map(str, shapes))}")]
        pairs = [(k,) * len(shapes) for k in range(len(fc))]
    places = _positions(example)
    # an example whose results write a negative zero distinguishes the signs: its plain 0.0 is +0.0
    signed_zeros = any(e.literal.kind == "number" and e.literal.value == 0 and e.literal.sign == "-" for e in fc)
    found: dict[tuple, tuple[Finding, list[str]]] = {}
    unrepresentable: list[str] = []
    for fmt_name in ordered_types(formats):
        fmt = FORMATS[fmt_name]
        if not all(_representable(fmt, f[k], i) for *at, _ in pairs for f, k, i in zip(ins, at, op.inputs)):
            unrepresentable.append(fmt_name)   # said once below, the example is judged in the other types
            continue
        verdict = (proved or {}).get(fmt_name)
        if verdict is not None and verdict.verdict == "proved":
            continue
        before = sum(len(fs) for _, fs in found.values())
        for *at, ic_ in pairs:
            given = tuple(f[k] for f, k in zip(ins, at))
            # an operator with check-spec's exact profiles (`ExactTerms`) is judged in full: its undefined
            # points, printed precision, the exact result written
            problem = _element(op, fmt, *given, fc[ic_], signed_zeros) if op.obligations.exact else \
                _operator_element(op, fmt, given, fc[ic_], signed_zeros, example.attributes)
            if not problem:
                continue
            kind, message, counterexample = problem
            # an information line names one format's value, so it is not merged across formats
            key = (*at, ic_, kind, fmt_name if kind == "information" else "")
            if key in found:
                found[key][1].append(fmt_name)
            elif len(found) < MAX_ELEMENT_FINDINGS:
                line, column = places[ic_] if places else (example.line, None)
                found[key] = (Finding(kind, line, f"example '{example.title}': {message}", counterexample, column),
                              [fmt_name])
        if verdict is not None and verdict.verdict == "refuted" and sum(len(fs) for _, fs in found.values()) == before:
            # prove reads the example more strictly (an unsigned 0 is +0 there): said, not a defect
            found[("prove", fmt_name)] = (Finding("information", example.line, f"example '{example.title}': "
                                                  f"`prove` refutes it ({verdict.counterexample.mirror if verdict.counterexample else ''})"),
                                          [fmt_name])
    findings = [Finding(f.kind, f.line, f.message + (f" [in {', '.join(fs)}]" if len(formats) > 1 else ""),
                        f.counterexample, f.column) for f, fs in found.values()]
    if unrepresentable:
        findings.append(Finding("information", example.line, f"example '{example.title}': its operands are not all "
                                f"{', '.join(unrepresentable)} values, so it is not judged in "
                                f"{'that type' if len(unrepresentable) == 1 else 'those types'}"))
    return findings


def _representable(fmt, entry: Entry, given: Input) -> bool:
    """Whether a written operand is a value of the format (a float within its range, after rounding), or of a bool
    input, a truth value."""
    lit = entry.literal
    if given.type == "bool" or lit.kind == "bool":
        return given.type == "bool" and lit.kind == "bool"
    if isinstance(fmt, FloatFormat):
        return lit.kind != "number" or fmt.decode(_to_bits(fmt, entry)).is_finite
    if lit.kind != "number":
        return False
    if isinstance(fmt, IntFormat):
        return lit.value.denominator == 1 and fmt.min <= lit.value <= fmt.max
    return True


def _element(op: Operator, fmt, a: Entry, b: Entry, c: Entry,
             signed_zeros: bool = False) -> tuple[str, str, str | None] | None:
    """None when C = A op B holds for this element, else (finding kind, message, counterexample); the
    operator's kernels give C (a kernel raises ZeroDivisionError where the operator is undefined).
    ``signed_zeros``: the example writes -0.0 elsewhere, so an unsigned zero stands for +0.0 only."""
    noun, gerund = op.vocabulary.result_nouns[0], op.vocabulary.gerund
    if isinstance(fmt, FloatFormat):
        bits_a, bits_b = _to_bits(fmt, a), _to_bits(fmt, b)
        q = op.kernels.float_bits(fmt, bits_a, bits_b)
        operands = f"A = {fmt.describe(bits_a)}, B = {fmt.describe(bits_b)}"
        if _float_matches(fmt, q, c, signed_zeros) or _within_printed_precision(op, fmt, a, b, c):
            return None
        if _real_result_written(op, a, b, c):
            return ("information", f"{operands}: C = {_written(c)} is the {noun} to the digits written; "
                    f"{fmt.name} gives {fmt.describe(q)}", None)
        exact = _exact_result(op, a, b)
        return ("incorrect", f"{operands}: C = {_written(c)}, IEEE 754 gives {fmt.describe(q)}"
                + (f" (the exact {noun} is {_decimal(exact)})" if exact is not None else ""),
                f"{operands}: C = {_written(c)}, {fmt.name} gives {fmt.describe(q)}")
    va, vb = a.literal.value, b.literal.value
    if isinstance(fmt, IntFormat):
        operands = f"A = {fmt.describe(int(va))}, B = {fmt.describe(int(vb))}"
        try:
            q = op.kernels.integer(fmt, int(va), int(vb))
        except ZeroDivisionError:
            return "incorrect", f"{operands}: C = {_written(c)}, but integer {gerund} by zero is undefined", operands
        if not fmt.min <= q <= fmt.max:
            return "incorrect", f"{operands}: C = {_written(c)}, but the {noun} {q} does not fit {fmt.name}", operands
        if c.literal.kind == "number" and abs(c.literal.value - q) <= c.tolerance:
            return None
        return ("incorrect", f"{operands}: C = {_written(c)}, {semantics_of(op, 'int')} gives {fmt.describe(q)}",
                f"{operands}: C = {_written(c)}, {fmt.name} gives {fmt.describe(q)}")
    try:
        q = op.kernels.real(va, vb)
    except ZeroDivisionError:
        return "incorrect", f"A = {va}, B = 0: C = {_written(c)}, but real {gerund} by zero is undefined", f"A = {va}, B = 0"
    if c.literal.kind == "number" and abs(c.literal.value - q) <= c.tolerance:
        return None
    return ("incorrect", f"A = {va}, B = {vb}: C = {_written(c)}, {semantics_of(op, 'real')} gives {_decimal(q)}",
            f"A = {va}, B = {vb}: C = {_written(c)}, the exact {noun} is {_decimal(q)}")


def _operator_element(op: Operator, fmt, inputs: tuple[Entry, ...], c: Entry,
                      signed_zeros: bool,
                      attributes: dict[str, Entry] | None = None) -> tuple[str, str, str | None] | None:
    """`_element` for an operator of the registry other than the default, of any arity: its description's kernels
    give C (IEEE 754 to nearest even, wrap-around modulo 2^n, exact reals), at the values the example gives its
    float ``attributes`` (in the format, as its operands; one it does not give: the kernels' default)."""
    names = [i.name for i in op.inputs]
    attributes = {v.name: attributes[v.name] for v in op.attribute_variables() if v.name in (attributes or {})}
    if op.operation.result == "bool":
        return _truth_element(op, fmt, names, inputs, c)
    # an example that gives an attribute no value is judged at its default, which is then what it leaves open
    defaulted = [f"{v.name} = {_default_text(op, v.name)} (not given: ONNX's default)"
                 for v in op.attribute_variables() if v.name not in attributes]
    kind = "incomplete" if defaulted else "incorrect"
    if isinstance(fmt, FloatFormat):
        given = [bool(x.literal.value) if i.type == "bool" else _to_bits(fmt, x) for i, x in zip(op.inputs, inputs)]
        r = op.kernels.float_bits(fmt, *given, *(_to_bits(fmt, x) for x in attributes.values()))
        operands = ", ".join([*(f"{n} = {_described(fmt, x)}" for n, x in zip(names, given)),
                              *(f"{n} = {fmt.describe(_to_bits(fmt, x))}" for n, x in attributes.items()), *defaulted])
        if _float_matches(fmt, r, c, signed_zeros):
            return None
        return (kind, f"{operands}: C = {_written(c)}, IEEE 754 {op.vocabulary.gerund} gives {fmt.describe(r)}",
                f"{operands}: C = {_written(c)}, {fmt.name} gives {fmt.describe(r)}")
    values = [bool(x.literal.value) if x.literal.kind == "bool" else x.literal.value for x in inputs]
    if isinstance(fmt, IntFormat):
        given = [v if isinstance(v, bool) else int(v) for v in values]
        operands = ", ".join(f"{n} = {_described(fmt, v)}" for n, v in zip(names, given))
        r = op.kernels.integer(fmt, *given)
        if c.literal.kind == "number" and abs(c.literal.value - r) <= c.tolerance:
            return None
        return ("incorrect", f"{operands}: C = {_written(c)}, {op.vocabulary.gerund} modulo 2^{fmt.bits} gives "
                f"{fmt.describe(r)}", f"{operands}: C = {_written(c)}, {fmt.name} gives {fmt.describe(r)}")
    if any(x.literal.kind != "number" for x in attributes.values()):
        return ("information", f"an attribute given {', '.join(map(str, attributes.values()))}, no real: the "
                f"element is not judged in the reals", None)
    given = {n: x.literal.value for n, x in attributes.items()}
    exact = as_fraction(op.kernels.real(*values, *given.values()))   # an irrational one (Sqrt's) at mpmath's precision
    if c.literal.kind == "number" and abs(c.literal.value - exact) <= c.tolerance:
        return None
    operands = ", ".join([*(f"{n} = {v}" for n, v in zip(names, values)), *(f"{n} = {v}" for n, v in given.items()),
                          *defaulted])
    return (kind, f"{operands}: C = {_written(c)}, exact real {op.vocabulary.gerund} gives "
            f"{_decimal(exact)}", f"{operands}: C = {_written(c)}, the exact result is {_decimal(exact)}")


def _default_text(op: Operator, name: str) -> str:
    return str(next(a.default for a in op.attributes if a.name == name))


def _truth_element(op: Operator, fmt, names: list[str], inputs: tuple[Entry, ...],
                   c: Entry) -> tuple[str, str, str | None] | None:
    """`_operator_element` of an operator whose result is a bool (Less): C must be the truth value its kernels
    give (a number written for C is no truth value: incorrect too)."""
    if isinstance(fmt, FloatFormat):
        given = [_to_bits(fmt, x) for x in inputs]
        r = op.kernels.float_bits(fmt, *given)
        operands = ", ".join(f"{n} = {fmt.describe(x)}" for n, x in zip(names, given))
        where = f"IEEE 754 {op.vocabulary.gerund}"
    elif isinstance(fmt, IntFormat):
        values = [int(x.literal.value) for x in inputs]
        r = op.kernels.integer(fmt, *values)
        operands = ", ".join(f"{n} = {fmt.describe(v)}" for n, v in zip(names, values))
        where = f"{fmt.name} {op.vocabulary.gerund}"
    else:
        values = [x.literal.value for x in inputs]
        r = op.kernels.real(*values)
        operands = ", ".join(f"{n} = {v}" for n, v in zip(names, values))
        where = f"exact real {op.vocabulary.gerund}"
    if c.literal.kind == "bool" and bool(c.literal.value) == bool(r):
        return None
    return ("incorrect", f"{operands}: C = {_written(c)}, {where} gives {bool(r)}",
            f"{operands}: C = {_written(c)}, {fmt.name} gives {bool(r)}")


def _named(result: Result, op: Operator) -> str:
    """A row's result as the document names it: an operand result by its input's name (Where's Y, not its
    position C)."""
    given = op.input_of(result.operand) if result.kind == "operand" and result.sign in ("", "-") else None
    return f"{result.sign}{given.name}" if given is not None else str(result)


def _described(fmt, value) -> str:
    """An input's value as a finding shows it: a truth value, or the format's value of a bit pattern."""
    return str(value) if isinstance(value, bool) else fmt.describe(value)


def _written(c: Entry) -> str:
    """An entry as a reader writes it: ≈1.0823, -0.0, inf."""
    if c.literal.kind != "number" or c.literal.value == 0:
        return str(c)
    return ("≈" if c.approx else "") + _decimal(c.literal.value)


def _undefined_at(op: Operator, a: Fraction, b: Fraction) -> bool:
    """Whether the operator's exact result is undefined at (a, b) (its kernel raises ZeroDivisionError)."""
    try:
        op.kernels.real(a, b)
    except ZeroDivisionError:
        return True
    return False


def _exact_result(op: Operator, a: Entry, b: Entry) -> Fraction | None:
    """A op B exactly, of the operands as written (None: not numbers, or where the operator is undefined)."""
    if a.literal.kind == b.literal.kind == "number":
        try:
            return op.kernels.real(a.literal.value, b.literal.value)
        except ZeroDivisionError:
            return None
    return None


def _real_result_written(op: Operator, a: Entry, b: Entry, c: Entry) -> bool:
    """C is the exact result of the operands as written, to its own digits (a zero's sign is the format's)."""
    q = _exact_result(op, a, b)
    return q is not None and q != 0 and c.literal.kind == "number" and c.literal.value != 0 and (
        abs(c.literal.value - q) <= c.tolerance)


def _decimal(q: Fraction) -> str:
    """A rational in decimal: exact when it terminates within 12 digits, else to 12 significant digits."""
    if q.denominator == 1:
        return str(q.numerator)
    text = f"{float(q):.12g}"
    return text if Fraction(text) == q else text + "…"


def _within_printed_precision(op: Operator, fmt: FloatFormat, a: Entry, b: Entry, c: Entry) -> bool:
    """Printed operands are themselves rounded to their last digit: C must be within its own precision of
    some result of operands within theirs (plus one rounding to the format; the operator monotone in each
    operand between the corners, and defined there: not where B's interval holds a B it is undefined at)."""
    if not (a.approx or b.approx) or not c.approx or "number" != a.literal.kind == b.literal.kind != c.literal.kind:
        return False
    if abs(b.literal.value) <= b.tolerance and _undefined_at(op, a.literal.value, Fraction(0)):
        return False
    corners = [op.kernels.real(a.literal.value + da, b.literal.value + db)
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


def _float_matches(fmt: FloatFormat, q: int, c: Entry, signed_zeros: bool = False) -> bool:
    d = fmt.decode(q)
    lit = c.literal
    if lit.kind == "nan":
        return d.is_nan
    if lit.kind == "inf":
        return d.is_inf and d.sign == (1 if lit.sign == "-" else 0)
    if not d.is_finite:
        return False
    if lit.value == 0 and not lit.sign:   # an unsigned zero: either zero, unless the example writes -0.0
        return (d.is_zero and not (signed_zeros and d.sign)) or (c.approx and abs(d.value) <= c.tolerance)
    if _to_bits(fmt, c) == q:
        return True
    return c.approx and abs(d.value - lit.value) <= c.tolerance


# -- requirement tags ------------------------------------------------------------------------

def _built_in(op: Operator | None) -> dict[str, Requirement]:
    """The requirements the operator's profiles raise, by tag (none where its description lists no profile, or
    for a document that names no operator)."""
    return {r.tag: r for r in op.profiles.requirements} if op is not None and op.profiles else {}


def tag_traces(tag: str, text: str, family: str, op: Operator | None) -> tuple[str | None, tuple[str, ...]]:
    """(class, built-in tags whose obligations check it) of a document tag; a built-in tag traces to itself."""
    built_in = _built_in(op)
    if tag in built_in:
        return ("informal" if built_in[tag].informal else "built-in"), (tag,)
    cls = tagclass.classify(text)
    return (cls or "informal"), (tagclass.traces(cls, family) if cls else ())


_TAG_SCHEME = re.compile(r"E_[A-Z0-9_]+_\d{4}")   # the working group's tags end in a four-digit number


def _tag_claims(doc: SpecDocument, proofs: DocumentProofs) -> list[Claim]:
    """``proofs.traced``: the document's tags that some obligation of `divbridge prove --spec` verifies."""
    claims, traced = [], proofs.traced
    informal = {t for t, r in _built_in(proofs.operator).items() if r.informal} | doc.informal_tags
    by_tag: dict[str, list] = {}
    for use in doc.tags:
        by_tag.setdefault(use.tag, []).append(use)
    for tag, uses in by_tag.items():
        defining = [u for u in uses if u.defines] or uses[:1]
        first = defining[0]
        findings = []
        seen: dict[tuple, int] = {}
        for use in defining:   # one tag on two different requirements: the reader's finding, at both lines

            # constraints are numbered per tensor: a bullet's tag is its list's, a block's its section's
            listed = use.style == "constraint" or use.form in ("bullet", "row")
            key = (use.section, use.scope if listed else "")
            if key in seen:
                findings.append(Finding("ill-formed", use.line, f"tag {tag} is defined twice in the same "
                                        f"{'list' if listed else 'section'} (first at line {seen[key]})"))
            seen.setdefault(key, use.line)
        named = operators.by_tag(tag)
        if named is not None and proofs.operator not in (None, named) and first.defines:   # E_ABS_ in a Less document
            findings.append(Finding("ill-formed", first.line, f"tag {tag} names the operator {named.name} "
                                    f"({named.tag_prefix}), not {proofs.operator.name}, whose requirement it tags"))
        if named is not None and not _TAG_SCHEME.fullmatch(tag):   # E_<OP>_REAL_FUNC_010
            findings.append(Finding("information", first.line, f"tag {tag} does not end in the four-digit number "
                                    "of the scheme E_<OP>_<FAMILY>_<KIND>_nnnn"))
        if first.style == "requirement" and tag not in traced and tag not in informal:
            cls = tagclass.classify(" ".join(u.text for u in defining))
            if cls is None:   # a tag of the document's own naming whose text has no formal reading
                findings.append(Finding("information", first.line, f"tag {tag} is informal: its text states "
                                        "nothing the checker can read formally"))
        claim = Claim(f"tag/{tag}" + (f"@{_slug(first.scope)}" if first.style == "constraint" else ""), "tag",
                      first.section, first.line, first.text)
        if first.style == "constraint":
            claim.id = f"tag/{_slug(first.section)}/{_slug(first.scope)}/{tag}"
        claim.findings = findings
        claim.verdict = verdict_of(findings)
        claims.append(claim)
    return claims
