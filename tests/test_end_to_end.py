"""Cold proof runs as `make prove` does them, then the reports.

Every document of proofs/spec/ (every obligation, every prover, Why3 beside them: Div's alone takes about ten
minutes on 2 cores when the machine is busy) is a slow test (`make test-slow`); the default suite runs a cold
proof run of a slice of Div's that reaches every backend and every family.  Every obligation must be proved or
refuted as it expects, or be an open claim that no prover refuted; the cross-check must find no
disagreement; the reports must follow.
"""

import fnmatch
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from divbridge import operators
from divbridge.obligations.catalog import spec_obligations, spec_operator
from divbridge.obligations.strategies import strategy_obligations
from divbridge.results import load
from conftest import DIV_MD
from divbridge.operators.div import DIV

DIVBRIDGE = [sys.executable, "-m", "divbridge.cli"]


# one claim or family of each backend: Gappa (accuracy), Coq (monotonicity, via FP64; FP16 via FP32, which
# the enumeration proves too), the SMT portfolio and Why3 (the rest, the shapes Why3's alone), the probes,
# the case table, examples, real and shape
SLICE = ("int.int8.*", "real.*", "shape.*", "float.fp16.special.*", "float.fp16.table.*", "float.fp16.example.*",
         "float.fp32.accuracy.*", "float.fp64.generic.monotone_numerator", "float.fp16.strategy.via_fp32",
         "float.fp32.strategy.reciprocal", "int.int32.strategy.via_fp64")


@pytest.mark.slow
def test_whole_proof_set_then_reports(tmp_path):
    """`make prove`: every document of proofs/spec/ on one pool, each into its operator's evidence (Div's in
    --out itself, the others' in --out/<op>/), each results file holding its document's own obligations."""
    own = {operators.evidence_dir(op).relative_to("proofs"): [o.id for o in spec_obligations(path) +
                                                              strategy_obligations(op)]
           for path in sorted(Path("proofs/spec").glob("*.md")) for op in [spec_operator(path)]}
    results = _proof_run_then_reports(tmp_path, [], own[Path(".")], sum(len(ids) for ids in own.values()))
    assert results.obligations
    for place, ids in own.items():
        assert [r.id for r in load(tmp_path / "proofs" / place / "results.json").obligations] == ids, place


def test_a_slice_of_every_backend_then_reports(tmp_path):
    only = [arg for pattern in SLICE for arg in ("--only", pattern)]
    ids = [o.id for o in spec_obligations(DIV_MD) + strategy_obligations(DIV)
           if any(fnmatch.fnmatchcase(o.id, pattern) for pattern in SLICE)]
    results = _proof_run_then_reports(tmp_path, only, ids)
    deciders = {prover for r in results.obligations for prover in r.prover.split(", ")}
    assert {"gappa", "gappa+coq", "coq"} <= deciders and deciders & {"z3", "bitwuzla", "cvc5"} and "why3+z3" in deciders
    # Why3 answers beside every goal it has, whoever decided
    assert all(any(a.prover.startswith("why3") for a in r.attempts) for r in results.obligations
               if "why3" in r.backends)


def _proof_run_then_reports(tmp_path, only: list[str], expected_ids: list[str], progress: int | None = None):
    """A cold run with ``--only`` ``only`` and its reports: --out's results.json holds ``expected_ids``; one
    progress line for each of the run's ``progress`` obligations (default: those ids), whatever document."""
    proofs = tmp_path / "proofs"
    done = subprocess.run([*DIVBRIDGE, "prove", *only, "--out", str(proofs), "--cache-dir", str(tmp_path / "cache")],
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]

    results = load(proofs / "results.json")
    assert [r.id for r in results.obligations] == expected_ids
    for r in results.obligations:
        if r.open:
            assert r.status == "open" or r.as_expected, (r.id, r.verdict, r.message)
        else:
            assert r.as_expected, (r.id, r.verdict, r.message)
    probes = [r for r in results.obligations if r.expect == "invalid"]
    assert probes and all(r.counterexample for r in probes)   # every refutation shows its counterexample
    assert results.crosscheck["failures"] == 0
    assert {"why3", "gappa", "coq", "exhaustive"} <= {k.split("/")[0] for k in results.tool_versions}
    # the claims two dividers make out of reach of bit-blasting are proved, by reasoning (Coq)
    for claim in ("float.fp64.generic.monotone_numerator", "float.fp32.strategy.via_fp64", "int.int32.strategy.via_fp64"):
        assert claim not in expected_ids or next(r for r in results.obligations if r.id == claim).verdict == "proved"
    # one line per finished obligation of the run's documents, then the summary
    total = len(expected_ids) if progress is None else progress
    assert done.stdout.count(f"/{total}] ") == total
    assert "open claim(s), NOT proved" in done.stdout or not any(r.open for r in results.obligations)

    reports = tmp_path / "reports"
    report = subprocess.run([*DIVBRIDGE, "report", "--results", str(proofs / "results.json"), "--out", str(reports)],
                            capture_output=True, text=True, timeout=300)
    assert report.returncode == 0, report.stderr
    suite = ET.parse(reports / "junit.xml").getroot()
    suites = [suite] if suite.tag == "testsuite" else list(suite)
    assert sum(int(s.get("tests")) for s in suites) == len(expected_ids)
    assert sum(int(s.get("failures")) for s in suites) == 0
    assert Path(reports / "index.html").stat().st_size > 10_000
    return results
