"""check-spec and prove agree on every document of tests/corpus_* and proofs/spec: each line whose statement prove
refutes is a failing finding (incorrect, incomplete) of check-spec at that line, and the other way round; and
check-spec says something is unread exactly when prove lists an unread part uncovered.

Prove's side is the obligations `prove --spec` binds from the document (`obligations.catalog`), through the
prover layer with the SMT solvers and Gappa, in the cache check-spec shares.  Left out are the properties of
the operator's semantics that no sentence states (an operator's float laws and theorems, proved the same
whatever the document says) and the goals only Why3 takes (tensor shapes, the contract).  A worked example's
obligation is refuted at the example's first line; check-spec names the wrong entry, at its own line: both are
the example's place.  A type list naming a type ONNX's operator does not accept is a gap of prove (nothing of
it can be proved) and incorrect in check-spec.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from divbridge import statements
from divbridge.checkspec.analysis import analyse
from divbridge.document.notes import is_note_file
from divbridge.document.reader import read_document
from divbridge.document.accuracy import read_note
from divbridge.obligations import accuracy, coverage
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.document import read
from divbridge.provers.cache import shared_cache
from divbridge.provers.portfolio import SMT_SOLVERS, TIMEOUT_S, available, prove_obligations

ROOT = Path(__file__).resolve().parents[1]
# the operator's own laws and theorems, and the Why3-only goals: no sentence of the document states them
NOT_STATED = {"float_property", "operator_property", "operator_theorem", "specification", "shape", "strategy"}
FAILING = ("incorrect", "incomplete")
# every document and note (a note of an operator whose claims divbridge does not read: each claim unread)
DOCUMENTS = sorted([*(ROOT / "proofs" / "spec").glob("*.md"), *(ROOT / "tests").glob("corpus_*/*.md"),
                    *(ROOT / "tests").glob("corpus_*/*/*.md")])
DOCUMENTS = [p for p in DOCUMENTS if p.name != "README.md"]
# the documents whose obligations take the solvers longest cold (int64 products, Gappa's bounds)
SLOW = {"mul.md", "layout_2025_array.md", "feb13_style.md", "feb_style.md", "aug_style.md"}
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")


def _places(path: Path):
    """A line -> its statement's place: a worked example's entries are the example's first line."""
    if is_note_file(path):
        return lambda line: line
    spans = []
    for example in read_document(path).examples:
        lines = [example.c.line, *(line for row in example.c.positions or () for line, _ in row)]
        spans.append((example.line, max(lines)))
    return lambda line: next((first for first, last in spans if first <= line <= last), line)


def _prove(path: Path) -> tuple[set[int], set[int]]:
    """(the lines of the statements prove refutes or cannot prove anything of, the lines it lists unread)."""
    obligations = [o for o in spec_obligations(path) if statements.of(o).kind not in NOT_STATED]
    results = prove_obligations(obligations, available({*SMT_SOLVERS, "gappa"}), shared_cache(), TIMEOUT_S)
    refuted = {line for r in results if r.verdict == "refuted" and r.expect == "valid" for line in r.obligation.lines}
    if is_note_file(path):   # the claims it binds no obligation for, as the reading leaves them
        return refuted, {item.statement.line for item in accuracy.readings(read_note(path))
                         if isinstance(item, accuracy.NotRead)}
    binding = read(path)
    gaps = coverage.gaps(binding, spec_obligations(path))
    wrong_types = {line for line, _, _ in (*binding.wrong_types, *binding.mistyped)}
    return refuted | wrong_types, {g.line for g in gaps if g.unread}


def _of_one_operand(path: Path) -> bool:
    op = accuracy.note_operator(read_note(path))
    return op is not None and op.arity == 1


@needs_solvers
@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.slow) if p.name in SLOW else p
                                  for p in DOCUMENTS], ids=lambda p: str(p.relative_to(ROOT)))
def test_check_spec_fails_exactly_where_prove_refutes(path):
    if is_note_file(path) and _of_one_operand(path):
        # its claims are judged by check-spec alone (sympy, the operator's reference: checkspec.unary); prove binds
        # none of them, so it can neither agree nor disagree
        assert spec_obligations(path) == []
        return
    place = _places(path)
    refuted, unread = _prove(path)
    result = analyse(path)
    failing = {f["line"] for f in result["findings"] if f["kind"] in FAILING and not f.get("document")}
    assert {place(line) for line in failing} == {place(line) for line in refuted}
    said = {f["line"] for f in result["findings"] if f["kind"] == "unread"}
    assert bool(said) == bool(unread) and unread <= said
    assert result["exit_code"] == (1 if failing else 3 if said else 0)
