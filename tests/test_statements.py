"""The statement registry is complete: a statement of any kind reaches every encoding it declares.

For each kind, a throwaway statement (a wrapper around one of the kind's, under a name of its own, marking
what it gives) goes into a temporary registry; an obligation stating it is rendered for Why3, SMT-LIB,
Coq and Gappa, prepared for the enumeration, cross-checked and replayed, and each encoding the
statement declares must show up there, while the ones it does not declare are never asked for.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from divbridge import statements
from divbridge.crosscheck import predicates, vectors
from divbridge.formats import get_format
from divbridge.obligations import smtrender, why3render
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers.coq import CoqBackend
from divbridge.provers.coq import handles as coq_handles
from divbridge.provers.enumeration.backend import ExhaustiveBackend
from divbridge.provers.gappa import GappaBackend
from divbridge.statements import ENCODINGS, KINDS, Statement
from divbridge.operators.div import DIV

ROOT = Path(__file__).resolve().parents[1]
DIV_MD = ROOT / "proofs" / "spec" / "div.md"
MUL_MD = DIV_MD.parent / "mul.md"   # an operator's description properties (`statements.operator_property`)
NOTE = ROOT / "tests" / "corpus_acc" / "aug_style.md"


class Marked(Statement):
    """A throwaway statement of another's kind: it encodes what that one does, with a mark on each text,
    and records which encodings were asked for."""

    def __init__(self, inner: Statement):
        self.inner = inner
        self.kind = inner.kind
        self.name = f"throwaway_{inner.kind}"
        self.families = inner.families
        self.encodings = inner.encodings
        self.generic_why3 = inner.generic_why3
        self.asked: set[str] = set()

    def variables(self, o):
        return self.inner.variables(o)

    def sorts(self, o):
        return self.inner.sorts(o)

    def why3_name(self, o):
        return self.name

    def heading(self, o):
        return self.inner.heading(o)

    def why3(self, o):
        self.asked.add("why3")
        return f"(* {self.name} *) {self.inner.why3(o)}"

    def smt_frame(self, o):
        return self.inner.smt_frame(o)

    def smt(self, o, context):
        self.asked.add("smt")
        return f"; {self.name}\n{self.inner.smt(o, context)}"

    def coq(self, o):
        self.asked.add("coq")
        return self.inner.coq(o)

    def coq_terms(self, o):
        return self.inner.coq_terms(o)

    def gappa(self, o, fmt):
        self.asked.add("gappa")
        return f"# {self.name}\n{self.inner.gappa(o, fmt)}"

    def enumeration(self, o):
        self.asked.add("enumeration")
        return self.inner.enumeration(o)

    def predicate(self, o, fmt, **columns):
        self.asked.add("predicate")
        return self.inner.predicate(o, fmt, **columns)

    def samples(self, o, vector_sets):
        return self.inner.samples(o, vector_sets)

    def explain(self, o, fmt, values):
        return self.inner.explain(o, fmt, values)


def _rounding_document(tmp_path: Path) -> Path:
    text = DIV_MD.read_text(encoding="utf-8").replace("the exact quotient rounded to nearest, ties to even.",
                                                      "the exact quotient rounded toward zero.")
    copy = tmp_path / "div.md"
    copy.write_text(text, encoding="utf-8")
    return copy


def _negated_document(tmp_path: Path) -> Path:
    """Sub's document defining C as B minus A: the negation of its operation (`statements.definition`)."""
    text = (DIV_MD.parent / "sub.md").read_text(encoding="utf-8").replace(
        "Each element of `C` is the exact difference of the matching elements of `A` and `B`: `A` minus `B`.",
        "`C` is `B` minus `A`.")
    copy = tmp_path / "sub.md"
    copy.write_text(text, encoding="utf-8")
    return copy


def _examples_of_each_kind(tmp_path: Path) -> dict[str, object]:
    """One obligation per kind, the richest in encodings (its backends say which provers it goes to)."""
    catalogue = spec_obligations(DIV_MD) + strategy_obligations(DIV) + spec_obligations(NOTE) + spec_obligations(MUL_MD) \
        + spec_obligations(_rounding_document(tmp_path)) + spec_obligations(_negated_document(tmp_path))
    chosen: dict[str, object] = {}
    for obligation in catalogue:
        kind = statements.of(obligation).kind
        if kind not in chosen or len(obligation.backends) > len(chosen[kind].backends):
            chosen[kind] = obligation
    return chosen


def test_every_kind_has_a_module_with_statements():
    registry = statements.registry(complete=True)
    assert [kind for kind in KINDS if registry.of_kind(kind)] == list(KINDS)
    for kind in KINDS:
        for statement in registry.of_kind(kind):
            assert statement.encodings <= set(ENCODINGS) and "predicate" in statement.encodings, statement.name


@pytest.mark.parametrize("kind", KINDS)
def test_a_throwaway_statement_reaches_every_encoding_it_declares(kind, tmp_path):
    example = _examples_of_each_kind(tmp_path)[kind]
    marked = Marked(statements.of(example))
    obligation = dataclasses.replace(example, prop=marked.name, id=f"{example.id}.throwaway")
    with statements.use(statements.registry(complete=True).extended(marked)):
        assert statements.of(obligation) is marked
        declared = marked.encodings
        if "why3" in declared:
            theories = why3render.render([dataclasses.replace(obligation, backends=frozenset({"why3"}))], tmp_path)
            text = "".join(theory.text for theory in theories)
            # a contract's goal is its loop's verification condition, not a goal declaration
            assert f"goal {marked.name}: (* {marked.name} *)" in text or \
                kind == "specification" and "\nmodule DivSpec" in text
            assert f"(* {marked.name} *)" in text
        if "smt" in declared:
            assert f"; {marked.name}\n" in smtrender.render(obligation, tmp_path).text
        if "coq" in declared:
            coq_obligation = dataclasses.replace(obligation, backends=frozenset({"coq"}))
            assert coq_handles(coq_obligation) and "Print Assumptions" in CoqBackend().render(coq_obligation)
        if "gappa" in declared:
            assert f"# {marked.name}\n" in GappaBackend().render(obligation)
        if "enumeration" in declared:
            enumerated = dataclasses.replace(obligation, backends=frozenset({"exhaustive"}), format="fp16")
            [[task]] = ExhaustiveBackend().prepare([enumerated], tmp_path, {"exhaustive"})
            assert task.obligation is enumerated
        sets = vectors.vector_sets(get_format(obligation.format), op=DIV) if vectors.on_pairs(obligation) else []
        run, _, _ = predicates.evaluate(obligation, sets)     # (the rounding rule's example is a wrong one)
        assert run > 0
        assert marked.asked == declared, f"asked {sorted(marked.asked)}, declared {sorted(declared)}"


def test_a_statement_no_kind_defines_is_refused():
    example = spec_obligations(DIV_MD)[0]
    with pytest.raises(statements.NotEncoded, match="no statement 'nowhere'"):
        statements.of(dataclasses.replace(example, prop="nowhere"))
    with pytest.raises(statements.NotEncoded, match="unknown kind"):
        statements.Registry([type("Stray", (Statement,), {"kind": "stray", "name": "x", "families": ("float",)})()])
