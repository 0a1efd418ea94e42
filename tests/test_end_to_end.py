"""One cold proof run of the whole Div specification, as `make prove` does it: CI keeps every proof green.

This is the suite's one long test (a few minutes on 2 cores): every obligation
must be proved or refuted as it expects, or be an open claim that no prover
refuted; the cross-check must find no disagreement; the reports must follow.
"""

import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.results import load

DIVBRIDGE = [sys.executable, "-m", "divbridge.cli"]


def test_whole_proof_set_then_reports(tmp_path):
    proofs = tmp_path / "proofs"
    done = subprocess.run([*DIVBRIDGE, "prove", "--out", str(proofs), "--cache-dir", str(tmp_path / "cache")],
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]

    results = load(proofs / "results.json")
    expected_ids = [o.id for o in spec_obligations() + strategy_obligations()]
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
        assert next(r for r in results.obligations if r.id == claim).verdict == "proved"
    # one line per finished obligation, then the summary
    assert done.stdout.count(f"/{len(expected_ids)}] ") == len(expected_ids)
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
