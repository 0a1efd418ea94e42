"""check-spec on an accuracy note: each statement a claim, with its verdict and findings at its line.

Each statement is read for the note's operator (`obligations.accuracy.meaning`) and judged:

- an exact relation over the reals (the propagated error, the error of the
  real operation): an equality by sympy (both sides minus one another simplify
  to 0 where they are defined), then any claim by a search on small exact values
  (0, ±1, ±2, 3, ±1/2 for each variable, where the claim's conditions hold),
  which gives a counterexample in numbers; what the search does not refute goes
  to the SMT provers (Z3, cvc5 over the reals; Bitwuzla has no reals);
- a first-order claim (``+ O(h^2)``): its first-order coefficients, the same way;
- a float or integer bound: its obligations in every listed format, through
  `prove`'s pipeline (Gappa, then the SMT portfolio, the proof cache); a
  refutation is a counterexample in bits, replayed on the mirror.

A refuted claim is ``incorrect``; a claim the provers do not settle is
``ambiguous`` (could not decide); a claim divbridge cannot read is
information ("not understood", with the reason), as is every sentence not
read.  A claim that mixes index letters (``B[i]`` in a formula about
``B[I]``) is ``ambiguous``, and judged reading them as one index.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path
from typing import Any

import sympy

from divbridge import inputfile
from divbridge.checkspec import algorithm, several, unary
from divbridge.checkspec.findings import Claim, exit_code, verdict_of
from divbridge.document.accuracy import LEAD_IN, Note, Statement, Unread, read_note
from divbridge.document.algorithm import Reading, read_algorithms
from divbridge.document.markdown import MAX_BYTES
from divbridge.document.findings import Finding
from divbridge.obligations import accuracy
from divbridge.obligations.accuracy import Meaning, NotRead
from divbridge.obligations.model import Obligation
from divbridge.operators.accuracy import Unsupported
from divbridge.statements.accuracy_bound import evaluate
from divbridge.provers.cache import shared_cache
from divbridge.provers.counterexample import show_line
from divbridge.provers.portfolio import SMT_SOLVERS, TIMEOUT_S, available, prove_obligations
from divbridge.provers.verdicts import ObligationResult

# the search's values, simplest first: the first counterexample found is a small one
VALUES = tuple(Fraction(v) for v in ("0", "1", "2", "-1", "1/2", "3", "-2", "-1/2"))


def analyse_note(path: str | Path, formats: dict[str, tuple[str, ...]] | None = None) -> dict[str, Any]:
    """check-spec's result (as `checkspec.analysis.analyse` gives it) for an accuracy note on disk."""
    note = read_note(path)
    claims, findings = note_claims(note, formats, inputfile.read_text(path, "document", MAX_BYTES))
    requirements = {}
    for claim in claims:
        statement_tag = claim.id.split("/")[1]
        entry = requirements.setdefault(statement_tag, {"tag": statement_tag, "style": "section", "line": claim.line,
                                                        "text": claim.section, "lines": [], "traced": True,
                                                        "class": "accuracy", "traces": []})
        entry["lines"].append(claim.line)
    return {"document": note.path, "requirements": list(requirements.values()),
            "claims": [c.to_json() for c in claims], "findings": [f.to_json() for f in findings],
            "exit_code": exit_code(findings)}


def bound_curves(path: str | Path, fmt: str = "fp16") -> dict[int, tuple[tuple[float, float, float], ...]]:
    """Per line of an introduced-error claim of a note of one operand (``|E| <= bound(X)``, the result correctly
    rounded): the error and the bound on every input of ``fmt`` (`unary.bound_points`), for the note's report."""
    note = read_note(path)
    return {item.statement.line: unary.bound_points(item, accuracy.note_operator(note), one, fmt)
            for item, one in accuracy.float_bounds(note)}


def note_claims(note: Note, formats: dict[str, tuple[str, ...]] | None = None,
                text: str | None = None) -> tuple[list[Claim], list[Finding]]:
    """The note's claims with their findings, and every finding (the reading's and the claims'), by line;
    ``text``: the note as written, whose Unit Verification asserts are claims too (a note of one operand's)."""
    items = accuracy.readings(note, formats)
    op = accuracy.note_operator(note)
    one = accuracy.unary(note) if op is not None and op.arity == 1 else accuracy.several(note) if (
        op is not None and accuracy.reads_several(op)) else None
    asserts = op is not None and op.arity == 1 and text is not None    # the asserts of a note of one operand
    if asserts:
        items += accuracy.unit_asserts(note, text)
    obligations = {}
    for item in items:
        if isinstance(item, Meaning) and one is None and _needs_provers(item):
            obligations[item.statement.line] = _obligations(note, item)
        elif isinstance(item, Meaning) and isinstance(one, accuracy.Unary) and item.kind == "intro-reference":
            obligations[item.statement.line] = accuracy.rounding_obligations(note, item, one)
        elif isinstance(item, Meaning) and isinstance(one, accuracy.Unary) and item.kind == "propagation" and \
                item.float_reading is None and not item.proviso_unread:
            obligations[item.statement.line] = _obligations(note, item)    # a function SMT-LIB writes: over the reals
    to_prove = list({o.id: o for found in obligations.values() for o in found}.values())
    results, missing = _prove(to_prove)
    # the reference algorithms' error models (`document.algorithm`, `checkspec.algorithm`): their table is a
    # definition, their bounds claims judged by running the algorithm
    models = read_algorithms(note, text) if asserts else Reading()
    judged = algorithm.judge(models, op) if models.bounds else {}
    for line, rows in models.rows.items():      # an array of bounds: one claim, each row's findings at its line
        judged[line] = algorithm.joined([judged.pop(row) for row in rows])
    items = [NotRead(i.statement, models.unread[i.statement.line]) if i.statement.line in models.unread else i
             for i in items]
    claims = [_algorithm_claim(note, item, *judged[item.statement.line], models.assumed) if item.statement.line in judged
              else _claim(note, item, obligations.get(item.statement.line, []), results, missing, one)
              for item in items if item.statement.line in judged or item.statement.line not in models.read]
    findings = list(note.findings) + _element_findings(note, op) + [f for c in claims for f in c.findings] + [
        Finding("information", u.line, f"{_unread_why(note, u, asserts)}: "
                                       f"«{u.text}»") for u in note.unread if u.why != LEAD_IN
        and u.line not in models.read] + [
        Finding("information", line, f"read: {what}") for line, what in models.read.items() if line not in judged]
    return claims, sorted(dict.fromkeys(findings), key=lambda f: (f.line, f.kind, f.message))


def _algorithm_claim(note: Note, item: Meaning | NotRead, found: list[Finding], how: str, assumed: str) -> Claim:
    """A bound of a reference algorithm's introduced error, judged by `checkspec.algorithm` (``assumed``: what it
    is read with that the note does not say, ambiguous at its line)."""
    statement = item.statement
    found = ([Finding("ambiguous", statement.line, assumed)] if assumed else []) + found
    claim = Claim(_claim_id(note, item), "accuracy", statement.section.title, statement.line, statement.text,
                  algorithm.FORMATS, findings=found)
    verdict = verdict_of(found)
    claim.verdict = {"checked": "checked", "unjudged": "unchecked"}.get(how, verdict) if verdict == "holds" else verdict
    return claim


def _element_findings(note: Note, op) -> list[Finding]:
    """Each definition of the result's elements (``\\forall i ... C[i, j] = ...``) against the operator's function:
    information where it agrees on every shape compared, incorrect where not."""
    found = []
    for definition in (d for d in note.definitions if d.meaning == "element" and op is not None):
        wrong = accuracy.element_disagreement(op, definition)
        shapes = "every shape [m, n] x [n, p] with m, n, p in 1 .. 3"
        found.append(Finding("incorrect", definition.line, f"not {op.name}'s function: {wrong}") if wrong else
                     Finding("information", definition.line, f"defines each element {definition.name}"
                             f"[{', '.join(definition.indices)}] as {op.name}'s function (checked on {shapes}, "
                             "its elements symbols: exact)"))
    return found


def _unread_why(note: Note, unread: Unread, asserts: bool) -> str:
    """Why a part of the note is not read; a verification section whose asserts are read says so."""
    section = note.section_of(unread.line)
    if asserts and section is not None and section.kind == "verification" and section.line == unread.line:
        return "its prose and its code not read but for the asserts, each a claim at its line"
    return unread.why


def _obligations(note: Note, item: Meaning) -> list[Obligation]:
    try:
        return accuracy.obligations_of(note, item)
    except Unsupported:
        return []


def _needs_provers(item: Meaning) -> bool:
    """Float and integer bounds always; a real claim when neither sympy nor the search settles it."""
    if item.kind in ("intro-float", "intro-int"):
        return True
    if item.goal in (sympy.true, sympy.false) or _symbolic_equality(item) is not None:
        return False
    return _search(item) is None


def _prove(obligations: list[Obligation]) -> tuple[dict[str, ObligationResult], str]:
    if not obligations:
        return {}, ""
    provers = available({"gappa", *SMT_SOLVERS})
    if not provers:
        return {}, "no prover is installed (scripts/setup.sh)"
    proved = prove_obligations(obligations, provers, shared_cache(), TIMEOUT_S)
    return {r.id: r for r in proved}, ""


# -- one claim -------------------------------------------------------------------------------

def _claim(note: Note, item: Meaning | NotRead, obligations: list[Obligation], results: dict, missing: str,
           one: accuracy.Unary | accuracy.Several | str | None = None) -> Claim:
    statement = item.statement
    claim = Claim(_claim_id(note, item), "accuracy", statement.section.title, statement.line,
                  statement.text, item.formats if isinstance(item, Meaning) else ())
    findings = _index_findings(statement)
    if statement.unread:
        findings.append(Finding("information", statement.line, f"not understood: «{statement.unread}»"))
    if isinstance(item, NotRead):
        # a claim unread, or ill-formed (its formula cannot be read either): never an all-clear (exit 3,
        # docs/exit-codes.md); the ill-formed finding already shows the formula
        findings.append(Finding("unread", statement.line, "not read: its formula is ill-formed (above)"
                                if statement.math.malformed else f"not understood: {item.reason}: «{statement.text}»",
                                column=statement.column))
        claim.findings = findings
        claim.verdict = "unreadable" if statement.math.malformed else "unchecked"
        return claim
    findings += [Finding("ambiguous", line, what) for line, what in item.assumed]
    if isinstance(one, accuracy.Unary):     # Y = f(X): sympy, else the operator's reference (`checkspec.unary`)
        proofs = [results[o.id] for o in obligations if o.id in results]
        found, how = unary.findings(item, accuracy.note_operator(note), one, proofs=proofs)
        if how == "proved":        # by its proofs (Gappa and Coq; an SMT solver over the reals), else by sympy
            claim.evidence = [_evidence(r) for r in proofs if r.verdict == "proved"] or [SYMPY]
        claim.findings = findings + found
        verdict = verdict_of(claim.findings)
        claim.verdict = {"checked": "checked", "unjudged": "unchecked"}.get(how, verdict) if verdict == "holds" \
            else verdict
        return claim
    if isinstance(one, accuracy.Several):     # C = f(A, B): sympy, else the mirror (`checkspec.several`)
        found, how = several.findings(item, accuracy.note_operator(note), one)
        claim.findings = findings + found
        verdict = verdict_of(claim.findings)
        claim.verdict = {"checked": "checked", "unjudged": "unchecked"}.get(how, verdict) if verdict == "holds" \
            else verdict
        return claim
    if item.kind in ("intro-float", "intro-int"):
        found, unchecked = _bound_findings(item, note, obligations, results, missing)
    else:
        found, unchecked = _real_findings(item, obligations, results, missing)
    claim.findings = findings + found
    verdict = verdict_of(claim.findings)
    claim.verdict = "unchecked" if unchecked and verdict == "holds" else verdict
    if claim.verdict == "holds":       # by the provers' proofs, else by sympy (an equality, a goal that is true)
        proved = [results[o.id] for o in obligations if o.id in results and results[o.id].verdict == "proved"]
        claim.evidence = [_evidence(r) for r in proved] or [SYMPY]
    return claim


SYMPY = {"provers": [{"prover": "sympy", "verdict": "proved"}]}   # a claim sympy proved: no obligation, no format


def _evidence(result: ObligationResult) -> dict[str, Any]:
    """A proof as a claim records it: the obligation, what it states, and each prover's answer (Gappa's with the
    Coq check of its certificate, the versions they ran)."""
    return {"obligation": result.id, "format": result.format, "statement": result.statement,
            "verdict": result.verdict, "provers": [{"prover": a.prover, "verdict": a.verdict,
                                                    **({"version": a.version} if a.version else {})}
                                                   for a in result.attempts]}


def _claim_id(note: Note, item: Meaning | NotRead) -> str:
    anchor = accuracy.requirement_tag(note, item.statement)
    name = item.name if isinstance(item, Meaning) else accuracy.slug(item.statement.text)
    return f"accuracy/{anchor}/{name}"


def _index_findings(statement: Statement) -> list[Finding]:
    indices = set(statement.math.formula.indices) if statement.math.formula else set()
    for condition in statement.conditions:
        if condition.subject is not None and condition.subject.formula is not None:
            indices |= condition.subject.formula.indices
    if statement.index:
        indices.add(statement.index)
    # one element's indices: one of them names every letter the others do (Y[i, j] with A[i, k] summed over k: i)
    letters = [frozenset(index.split(",")) for index in indices]
    if len(indices) <= 1 or frozenset().union(*letters) in letters:
        return []
    shown = " and ".join(sorted(indices))
    return [Finding("ambiguous", statement.line, f"the claim mixes the indices {shown} (for one element, "
                    f"B[i] and B[I] must be the same index): divbridge reads them as one", column=statement.column)]


def _symbolic_equality(item: Meaning) -> bool | None:
    """An exact equality decided by sympy: True when both sides simplify to the same expression."""
    if item.op != "=" or not item.sides or item.kind not in ("first-order", "propagation", "intro-real"):
        return None
    differences = item.sides if item.kind == "first-order" else (item.sides[0] - item.sides[1],)
    return all(_simplifies_to_zero(d) for d in differences) or None


@functools.lru_cache(maxsize=256)
def _simplifies_to_zero(expr: sympy.Expr) -> bool:
    return sympy.simplify(expr) == 0


def _search(item: Meaning) -> dict[str, Fraction] | None:
    """The first point of small exact values where the conditions hold and the claim does not."""
    return _first_failure(item.goal, item.conditions, item.variables)


def _points(dimensions: int):
    """Every tuple of ``dimensions`` values of VALUES, the first coordinate varying slowest."""
    if dimensions == 0:
        yield ()
        return
    for value in VALUES:
        for rest in _points(dimensions - 1):
            yield value, *rest


@functools.lru_cache(maxsize=256)
def _first_failure(goal, conditions, variables: tuple[str, ...]) -> dict[str, Fraction] | None:
    for values in _points(len(variables)):
        env = dict(zip(variables, values))
        try:
            if evaluate(conditions, env) and not evaluate(goal, env):
                return env
        except ZeroDivisionError:
            continue
    return None


def _real_findings(item: Meaning, obligations: list[Obligation], results: dict,
                   missing: str) -> tuple[list[Finding], bool]:
    line, column = item.statement.line, item.statement.column
    if item.goal == sympy.true or _symbolic_equality(item):
        return [], False
    point = _search(item) if item.goal != sympy.false else {}
    if point is not None:
        return [Finding("incorrect", line, _refutation(item, point), _values(point), column)], False
    result = results.get(obligations[0].id) if obligations else None
    if result is None:
        return [Finding("information", line, f"not checked: {missing or 'no exact encoding for the provers'}")], True
    if result.verdict == "proved":
        return [], False
    if result.verdict == "refuted" and result.counterexample is not None:
        values = {k: Fraction(v) for k, v in result.counterexample.values.items()}
        return [Finding("incorrect", line, _refutation(item, values) + f" ({result.prover} refutes obligation "
                        f"{result.id})", _values(values), column)], False
    if result.verdict in ("timeout", "unknown"):
        return [Finding("ambiguous", line, f"{result.prover or 'the solvers'} could not decide whether the claim "
                        f"holds ({result.verdict}, obligation {result.id})", column=column)], False
    return [Finding("information", line, f"not checked: {result.verdict} ({result.message or 'no prover answered'},"
                    f" obligation {result.id})")], True


def _values(env: dict[str, Fraction]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in env.items())


def _refutation(item: Meaning, env: dict[str, Fraction]) -> str:
    if item.kind == "first-order":
        c0, c1 = (evaluate(c, env) for c in item.sides)
        expansion = f"{c0} + ({c1})*h + o(h)" if c0 else f"{c1}*h + o(h)"
        verdict = "not O(h^2)" if item.op == "=" else "positive for small h"
        return (f"false to first order: along A_err = alpha*h, B_err = beta*h with {_values(env)}, as h -> 0+, "
                f"the left side minus the right side (its O term left out) is {expansion}, {verdict}")
    left, right = (evaluate(side, env) for side in item.sides)
    return (f"false: at {_values(env)} (where its conditions hold) the left side is {left} and the right side "
            f"{right}" + (f" ({item.error} read as {item.reads_as})" if item.kind == "propagation"
                          else ""))


def _elsewhere(item: Meaning, note: Note) -> str:
    """A bullet stated without the condition that the section's sentence states for its own bound."""
    if item.statement.conditions:
        return ""
    for other in note.statements:
        if other.section == item.statement.section and other.source == "prose" and other.conditions:
            condition = other.conditions[-1].text
            return f" (line {other.line} states its bound {condition}; this claim states no condition)"
    return ""


def _bound_findings(item: Meaning, note: Note, obligations: list[Obligation], results: dict,
                    missing: str) -> tuple[list[Finding], bool]:
    line, column = item.statement.line, item.statement.column
    if not obligations:
        return [Finding("information", line, "not checked: no exact encoding of the bound for the provers")], True
    refuted, undecided, unchecked, proved = {}, [], [], {}
    for obligation in obligations:
        result = results.get(obligation.id)
        region = obligation.params.get("region", "")
        if result is None:
            unchecked.append(obligation.format)
        elif result.verdict == "proved":
            proved.setdefault(region, []).append(f"{obligation.format} ({result.prover})")
        elif result.verdict == "refuted" and result.counterexample is not None:
            refuted.setdefault(region, []).append((obligation.format, result))
        elif result.verdict in ("timeout", "unknown"):
            undecided.append(f"{obligation.format}{' ' + region.replace('_', ' ') if region else ''}")
        else:
            unchecked.append(obligation.format)
    findings = []
    region = next((r for r in ("in_range", "", "overflow") if r in refuted), None)
    if region is not None:
        failures = refuted[region]
        fmt, result = failures[0]
        noun = accuracy.note_operator(note).vocabulary.result_nouns[0]
        where = {"in_range": f" where the {noun} does not overflow", "overflow": " on overflow"}.get(region, "")
        message = (f"false in {', '.join(f for f, _ in failures)}{where}: {item.text}; for {fmt} "
                   f"{show_line(result.counterexample)}: {result.counterexample.mirror} ({result.prover} refutes "
                   f"obligation {result.id})")
        if region == "in_range" and refuted.get("overflow"):
            other_fmt, other = refuted["overflow"][0]
            message += (f"; it fails on overflow too (in {', '.join(f for f, _ in refuted['overflow'])}; for "
                        f"{other_fmt} {show_line(other.counterexample)}: {other.counterexample.mirror})")
        if region == "overflow" and proved.get("in_range"):
            message += f"; it holds where the {noun} does not overflow (proved in {', '.join(proved['in_range'])})"
        if undecided:
            message += f"; not decided in {', '.join(undecided)}"
        findings.append(Finding("incorrect", line, message + _elsewhere(item, note), show_line(result.counterexample),
                                column))
    elif undecided:
        findings.append(Finding("ambiguous", line, f"the provers could not decide whether the bound holds in "
                                f"{', '.join(undecided)}", column=column))
    if unchecked:
        findings.append(Finding("information", line, f"not checked in {', '.join(unchecked)}: "
                                f"{missing or 'no prover answered'}"))
    return findings, bool(unchecked)
