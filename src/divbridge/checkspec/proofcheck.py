"""check-spec's view of `prove`'s pipeline: the document's own statements proved, their verdicts as findings.

`prove_document` binds the document as `divbridge prove --spec` does
(`obligations.document`, `obligations.catalog`), keeps the obligations that
its own statements make (the special-value sentences, the rows of its float
case tables, its worked examples; not the generic properties of the library)
and proves them through the same prover layer: the runner with the SMT
portfolio (z3, cvc5, bitwuzla, each in its own limited worker process) and the
content-addressed proof cache (`provers.cache.shared_cache`).  A refuted
obligation becomes an ``incorrect`` finding at the line of the statement with
the decoded counterexample and what the mirror computes; a timeout or an
unknown answer is an ``ambiguous`` finding that says so ("could not decide");
an error or a missing solver is never a verdict (the claim is ``unchecked``).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from divbridge import statements
from divbridge.obligations import document, why3render
from divbridge.obligations.catalog import contract_obligations, obligations_of, rule_key, rule_names
from divbridge.obligations.document import Binding
from divbridge.obligations.model import Obligation
from divbridge.operators.model import Operator
from divbridge.provers.cache import shared_cache
from divbridge.provers.portfolio import SMT_SOLVERS, TIMEOUT_S, available, prove_obligations
from divbridge.provers.counterexample import show_line
from divbridge.provers.verdicts import ObligationResult
from divbridge.checkspec.findings import Claim, verdict_of
from divbridge.document.findings import Finding
from divbridge.document.reader import SpecDocument, operator_of, words_of

# the document's own statements; an accuracy note's bounds are proved by `checkspec.accuracy`
OWN_KINDS = ("case_rule", "case_table", "rounding_rule", "example", "wraparound")


@dataclass
class DocumentProofs:
    binding: Binding | None = None
    obligations: dict[str, Obligation] = field(default_factory=dict)
    results: dict[str, ObligationResult] = field(default_factory=dict)
    missing: str = ""     # why nothing was proved (no solver installed), when so
    traced: frozenset[str] = frozenset()   # the document's tags that some obligation of `prove` verifies

    @property
    def operator(self) -> Operator | None:
        """The document's operator (None: it names none divbridge reads, as an empty version in an audit)."""
        return self.binding.operator if self.binding is not None else None

    def result(self, obligation_id: str) -> ObligationResult | None:
        return self.results.get(obligation_id)


def prove_document(doc: SpecDocument) -> DocumentProofs:
    """Bind the document as `prove` does and prove its own statements' obligations (cached)."""
    if operator_of(doc) is None:
        return DocumentProofs()
    binding = document.bind(doc)
    bound = obligations_of(binding)
    traced = frozenset(tag for o in bound for tag in o.requirements)
    own = [o for o in bound if statements.of(o).kind in OWN_KINDS]
    counts = Counter(o.id for o in own)
    # two sections numbering their examples alike give one id twice: those stay with check-spec's own check
    obligations = {o.id: o for o in own if counts[o.id] == 1}
    provers = available(set(SMT_SOLVERS))
    if not provers:
        return DocumentProofs(binding, obligations, {}, "no SMT solver is installed (scripts/setup.sh)", traced)
    proved = prove_obligations(list(obligations.values()), provers, shared_cache(), TIMEOUT_S)
    return DocumentProofs(binding, obligations, {r.id: r for r in proved}, traced=traced)


def finding_of(result: ObligationResult | None, line: int, what: str, missing: str = "") -> Finding | None:
    """The finding an obligation's verdict makes at ``line`` (None when it is as expected)."""
    if result is None:
        return Finding("information", line, f"{what} is not checked: {missing or 'not proved'}")
    if result.as_expected:
        return None
    if result.verdict == "refuted":
        mirror = result.counterexample.mirror if result.counterexample else ""
        cex = show_line(result.counterexample)
        return Finding("incorrect", line, f"{what} states {result.statement}, but for {cex} the mirror computes "
                       f"{mirror} ({result.prover} refutes obligation {result.id})", cex)
    if result.verdict in ("timeout", "unknown"):
        return Finding("ambiguous", line, f"{result.prover or 'the solvers'} could not decide whether {what} holds "
                       f"({result.verdict}, obligation {result.id})")
    return Finding("information", line, f"{what} is not checked: {result.verdict} "
                   f"({result.message or 'no prover answered'}, obligation {result.id})")


def merged(findings: list[tuple[Finding, str]], formats: tuple[str, ...]) -> list[Finding]:
    """One finding per line and kind, shown in the first format that has it, naming every format."""
    found: dict[tuple, tuple[Finding, list[str]]] = {}
    for finding, fmt in findings:
        key = (finding.line, finding.kind)
        if key in found:
            found[key][1].append(fmt)
        else:
            found[key] = (finding, [fmt])
    return [Finding(f.kind, f.line, f.message + (f" [in {', '.join(fs)}]" if len(formats) > 1 else ""),
                    f.counterexample, f.column) for f, fs in found.values()]


def _states(obligation: Obligation, rule) -> bool:
    params = obligation.params
    return (params["a"], params["b"], params["result"], params["sign"]) == (rule.a, rule.b, rule.result, rule.sign)


def case_rule_claims(doc: SpecDocument, proofs: DocumentProofs, slug) -> list[Claim]:
    """One claim per special-value sentence ("X over Y is Z, carrying S"), judged in every float format, named by
    the operand classes it rules."""
    if proofs.binding is None:
        return []
    claims = []
    formats = proofs.binding.types.get("float", ())
    names = {rule_key(rule): name for rule, name in rule_names(proofs.binding)}   # as its obligations have them
    named: Counter = Counter()
    for rule, ref in proofs.binding.case_rules:
        section = doc.section_of(ref.line).title
        name = names[rule_key(rule)]
        named[(section, name)] += 1    # by what it rules, not its place: a rule removed renumbers no other
        suffix = f"-{named[(section, name)]}" if named[(section, name)] > 1 else ""
        claim = Claim(f"{slug(section)}/case-rule/{name}{suffix}", "case-rule", section, ref.line,
                      rule.text.strip(), formats, words=words_of(doc, doc.section_of(ref.line), rule))
        found, unchecked = [], False
        for fmt in formats:
            oid = next((o.id for o in proofs.obligations.values() if o.kind == "special" and o.format == fmt
                        and ref.line in o.lines and _states(o, rule)), None)
            if oid is None:
                continue
            finding = finding_of(proofs.result(oid), ref.line, "the sentence", proofs.missing)
            unchecked |= finding is not None and finding.kind == "information"
            if finding:
                found.append((finding, fmt))
        claim.findings = merged(found, formats)
        claim.verdict = "unchecked" if unchecked and verdict_of(claim.findings) == "holds" else verdict_of(claim.findings)
        claims.append(claim)
    return claims


def wrap_claims(doc: SpecDocument, proofs: DocumentProofs, slug) -> list[Claim]:
    """One claim per wrap-around row or fact of an integer section (`statements.wraparound`), judged in every
    integer type it speaks of, at the line that states it."""
    by_claim: dict[str, list[Obligation]] = {}
    for o in proofs.obligations.values():
        if statements.of(o).kind == "wraparound":   # the claim's id without its type: int.<type>.wraparound.<what>
            by_claim.setdefault(o.id.replace(f".{o.format}.", ".", 1), []).append(o)
    claims = []
    for key, obligations in by_claim.items():
        first = obligations[0]
        line = first.lines[0]
        section = doc.section_of(line).title
        formats = tuple(o.format for o in obligations)
        claim = Claim(f"{slug(section)}/{key.rsplit('.', 1)[-1]}", "wraparound", section, line, first.statement,
                      formats)
        found = [(finding, o.format) for o in obligations
                 if (finding := finding_of(proofs.result(o.id), line, "the wrap-around", proofs.missing))]
        claim.findings = merged(found, formats)
        unchecked = any(f.kind == "information" for f, _ in found)
        claim.verdict = "unchecked" if unchecked and verdict_of(claim.findings) == "holds" else verdict_of(claim.findings)
        claims.append(claim)
    return claims


def specification(binding: Binding | None) -> list[dict[str, str]]:
    """Where `prove --spec` states the document in WhyML (``why3/<op>_spec.mlw``, `statements.specification`):
    per type, its module, its obligation (an element-wise loop proved against it) and the clauses taken
    from the document with their tags and lines."""
    if binding is None:
        return []
    entries = []
    for o in contract_obligations(binding):
        stem, module = why3render.module_key(o)
        entries.append({"type": o.format, "file": f"{stem}.mlw", "module": statements.of(o).why3_module(o, module),
                        "obligation": o.id, "clauses": o.statement})
    return entries
