"""The reporters on fabricated results: contents of report.md, index.html, results.json, junit.xml.

The results are fabricated from the real obligation catalogue with chosen
verdicts (a reporter unit test needs known answers); the outputs must show
exactly those answers, percentages included.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from divbridge import cli, operators
from divbridge.obligations.catalog import spec_obligations, spec_summary
from divbridge.formats import get_format
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.verdicts import Attempt, ObligationResult, combine
from divbridge.report import build, mathtext, write_reports
from divbridge.report.artifacts import goal_excerpt, read_artifact
from divbridge.report.templates import percent
from divbridge.results import Results, load
from divbridge.obligations import document
from conftest import DIV_MD

ROOT = Path(__file__).resolve().parents[1]

WHY3_THEORY = """theory Float_fp16
  use ieee_float.Float16
  clone ieee_float.GenericFloat with
    goal nan_numerator,
    goal eb_gt_1

  (* E_DIV_FLOAT_DEF_0020: a NaN numerator gives NaN *)
  goal nan_numerator:
    forall a b: t. is_nan a -> is_nan (div RNE a b)

  (* E_DIV_FLOAT_DEF_0020 *)
  goal nan_denominator:
    forall a b: t. is_nan b -> is_nan (div RNE a b)
end
"""

# Fabricated answers: id -> attempts.  Everything not listed is proved by z3 (and why3+z3 for fp16),
# the open claim float.fp64.generic.monotone_numerator included: proved, an open claim is as expected.
OPEN_UNSETTLED = {  # open claims no prover settled: open, neither proved nor failed
    "float.fp32.generic.monotone_numerator": [
        Attempt("bitwuzla", "timeout", 600.0, version="0.5.0", message="timeout 600 s"),
        Attempt("why3+z3", "error", 3.5, version="1.5.1+4.8.12", message="out of memory")],
    "float.fp64.generic.exact_when_representable": [Attempt("z3", "unknown", 30.0, version="4.12.2",
                                                            message="incomplete quantifiers")],
}
OPEN_REFUTED = "float.fp32.generic.exact_when_representable"  # an open claim refuted: not as expected
# the catalogue has no open claim left (Coq proves them); these are made open to exercise the mechanism
OPEN_IDS = {*OPEN_UNSETTLED, OPEN_REFUTED, "float.fp64.generic.monotone_numerator"}
OPEN_REASON = "two 24-bit dividers in one query: no prover answers within its limits here (fabricated)"
NOT_PROVED = {
    OPEN_REFUTED: [Attempt("z3", "refuted", 2.0, version="4.12.2", counterexample=Counterexample(
        {"a": 0x3F800000, "b": 0x40400000}, {"a": "fp32", "b": "fp32"}, "fabricated", True))],
    "float.fp64.accuracy.relative_error_normal": [Attempt("z3", "timeout", 30.0, version="4.12.2", message="timeout 30 s"),
                                                  Attempt("cvc5", "unknown", 12.5, version="1.1.2", message="incomplete")],
    "float.bf16.generic.self_div_one": [Attempt("bitwuzla", "refuted", 0.25, version="0.5.0", counterexample=Counterexample(
        {"a": 0x3F80, "b": 0x3F80}, {"a": "bf16", "b": "bf16"}, "fabricated", True))],
    "int.int32.probe.int_min_div_minus_one": [Attempt("z3", "unknown", 1.0, version="4.12.2", message="gave up")],
}


def fabricated_results(root: Path) -> Results:
    """Every catalogue obligation with a chosen verdict; artifacts under ``root`` (one missing)."""
    (root / "proofs" / "why3").mkdir(parents=True, exist_ok=True)
    (root / "proofs" / "smt").mkdir(parents=True, exist_ok=True)
    (root / "proofs" / "why3" / "float_fp16.mlw").write_text(WHY3_THEORY)
    results = []
    for ob in spec_obligations(DIV_MD):
        if ob.id in OPEN_IDS:
            ob = dataclasses.replace(ob, open=OPEN_REASON)
        if ob.id in NOT_PROVED or ob.id in OPEN_UNSETTLED:
            attempts = NOT_PROVED.get(ob.id) or OPEN_UNSETTLED[ob.id]
        elif ob.expect == "invalid":
            attempts = [Attempt("z3", "refuted", 0.02, version="4.12.2",
                                counterexample=Counterexample({"a": get_format(ob.format).min, "b": -1},
                                                              {"a": ob.format, "b": ob.format}, "fabricated", True))]
        else:
            attempts = [Attempt("z3", "proved", 0.125, version="4.12.2")]
            if ob.format == "fp16":
                attempts.insert(0, Attempt("why3+z3", "proved", 0.5, cached=True, version="1.5.1+4.8.12"))
        artifacts = {"smt": f"proofs/smt/{ob.id}.smt2"}
        if ob.format == "fp16" and ob.kind == "special":
            artifacts["why3"] = f"proofs/why3/float_fp16.mlw#{ob.params['rule']}"   # goals named after their case
        if ob.id != "real.generic.div_by_one":  # its SMT file is left missing on purpose
            (root / artifacts["smt"]).write_text(f"; {ob.id}\n(set-logic ALL)\n(assert (not true))\n(check-sat)\n")
        result = ObligationResult(ob, combine(attempts), artifacts)
        if ob.family == "float":
            result.crosscheck = {"vectors": 1000, "failures": 0, "first_failure": None}
        results.append(result)
    return Results(results, tool_versions={"why3": "1.5.1", "z3": "4.12.2", "cvc5": "1.1.2", "bitwuzla": "0.5.0"},
                   command="divbridge prove --jobs 2", machine="testhost x86_64 Linux 6.1", document=DOCUMENT)


# proofs/spec/div.md as `divbridge prove` records it, plus a requirement no obligation verifies
DOCUMENT = document.summary(document.read(DIV_MD))
DOCUMENT["requirements"].insert(3, {"tag": "E_DIV_TYPES_0010", "line": 14, "lines": [14], "section": "all",
                                    "text": "the element type is one of its section's types", "roles": ["type"]})


# the catalogue's figures, counted from it (not constants): the fabricated verdicts above fail 4 obligations
# (one of them an open claim) and leave 2 open claims unsettled
CATALOGUE = spec_obligations(DIV_MD)
TOTAL = len(CATALOGUE)
PROBES = sum(ob.expect == "invalid" for ob in CATALOGUE)
AS_EXPECTED = TOTAL - 6
PROVED = AS_EXPECTED - (PROBES - 1)


def _in_format(fmt: str, family: str | None = None) -> int:
    return sum(ob.format == fmt and family in (None, ob.family) for ob in CATALOGUE)


def _pct(part: int, whole: int = TOTAL) -> str:
    return f"{100 * part / whole:.1f}%"


HEADLINE = (f"{AS_EXPECTED} of {TOTAL} obligations as expected ({_pct(AS_EXPECTED)}: {PROVED} proved, "
            f"{PROBES - 1} refuted as expected), 2 open claims (not proved), 4 not as expected.")


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("project")
    results = fabricated_results(root)
    results.save(root / "proofs" / "results.json")
    write_reports(results, root / "reports", [root])
    return root / "reports"


def test_statements_are_rendered_as_mathematics():
    text = "not isNaN(a1) and b > 0 and a1 <= a2 -> |real(a / b) - r| <= 2^-11 * |r|"
    assert mathtext.to_unicode(text) == "\u00acisNaN(a\u2081) \u2227 b > 0 \u2227 a\u2081 \u2264 a\u2082 \u27f9 " \
                                        "|real(a / b) \u2212 r| \u2264 2\u207b\u00b9\u00b9 \u00b7 |r|"
    rendered = mathtext.to_html("x < y and A[i] /. B[i] <script>")
    assert "<var>x</var> &lt; <var>y</var>" in rendered and "\u2298" in rendered
    assert "<script>" not in rendered and "&lt;script&gt;" in rendered


def test_goal_excerpt_takes_the_goal_and_its_comment():
    excerpt = goal_excerpt(WHY3_THEORY, "nan_numerator")
    assert excerpt.splitlines() == ["(* E_DIV_FLOAT_DEF_0020: a NaN numerator gives NaN *)", "goal nan_numerator:",
                                    "  forall a b: t. is_nan a -> is_nan (div RNE a b)"]
    assert goal_excerpt(WHY3_THEORY, "nan") is None  # a prefix of a goal name is not that goal


def test_the_report_shows_the_recorded_why3_goals_of_the_committed_proofs():
    """Every Why3 artifact results.json records is found: a format's own goal, and a statement of the
    generic float module that the format proves by cloning it."""
    results = json.loads((ROOT / "proofs" / "results.json").read_text())
    refs = [o["artifacts"]["why3"] for o in results["obligations"] if "why3" in o["artifacts"]]
    texts = {ref: read_artifact("why3", ref, [ROOT]) for ref in refs}
    assert not [ref for ref, text in texts.items() if text.note], "artifacts not found"
    cloned = texts["proofs/why3/div_float_fp16.mlw#DivFloat_fp16.Generic.zero_div_nonzero_sign"].text
    assert cloned.startswith("(* DivFloat_fp16 proves this statement of div_float_generic.mlw")
    assert "axiom zero_div_nonzero_sign:" in cloned and "float.fp16.special.zero_div_nonzero_sign" in cloned
    own = texts["proofs/why3/div_float_fp16.mlw#DivFloat_fp16.example_1"].text
    assert own.splitlines()[-1].strip().startswith("/\\ ") and "goal example_1:" in own


def test_summary_counts_and_percentages(tmp_path):
    model = build(fabricated_results(tmp_path), [tmp_path])
    total = len(spec_obligations(DIV_MD))
    probes = sum(ob.expect == "invalid" for ob in spec_obligations(DIV_MD))
    overall = model.overall
    assert (overall.total, overall.open, overall.not_as_expected) == (total, 2, 4)  # the refuted open claim fails
    assert overall.refuted_as_expected == probes - 1          # the int32 probe got only "unknown"
    assert overall.proved == total - 2 - 4 - (probes - 1)    # an open claim no prover settled is not proved
    assert overall.as_expected == overall.proved + overall.refuted_as_expected
    assert overall.by_prover["why3+z3"] == _in_format("fp16") and overall.by_prover["bitwuzla"] == 0
    rows = {row.label: row for row in model.by_family_format}
    fp64, fp32 = rows["float fp64"], rows["float fp32"]
    n = _in_format("fp64", "float")
    assert (fp64.total, fp64.proved, fp64.open, fp64.not_as_expected, percent(fp64.proved, fp64.total)) == (n, n - 2, 1, 1,
                                                                                                   _pct(n - 2, n))
    assert (fp32.total, fp32.proved, fp32.open, fp32.not_as_expected, percent(fp32.open, fp32.total)) == (n, n - 2, 1, 1,
                                                                                                 _pct(1, n))
    assert next(row for row in model.by_kind if row.label == "generic").open == 2
    assert model.headline == HEADLINE
    assert model.provers == ["why3+z3", "z3", "cvc5", "bitwuzla"]
    assert {row.label for row in model.by_kind} >= {"special", "generic", "accuracy", "probe", "tensor"}


def test_traceability_lists_every_tag_and_the_uncovered_ones(tmp_path):
    model = build(fabricated_results(tmp_path), [tmp_path])
    rows = {row.tag: row for row in model.trace}
    assert list(rows) == [r["tag"] for r in DOCUMENT["requirements"]]   # the document's tags, in its order
    assert rows["E_DIV_FLOAT_DEF_0070"].requirement.origin == "proofs/spec/div.md line 67"
    assert rows["E_DIV_TYPES_0010"].status == "uncovered" and rows["E_DIV_TYPES_0010"] in model.uncovered
    assert rows["RG1"].status == "informal only"
    nan_rules = sum("E_DIV_FLOAT_DEF_0020" in ob.requirements for ob in CATALOGUE)
    accuracy = sum("E_DIV_FLOAT_ACC_0010" in ob.requirements for ob in CATALOGUE)
    assert rows["E_DIV_FLOAT_DEF_0020"].status == "verified" and len(rows["E_DIV_FLOAT_DEF_0020"].obligations) == nan_rules
    assert rows["E_DIV_FLOAT_ACC_0010"].status == f"1 of {accuracy} not as expected"
    assert rows["E_DIV_FLOAT_DEF_0020"].vectors == 1000 * nan_rules
    verifying = sum("E_DIV_FLOAT_DEF_0010" in ob.requirements for ob in CATALOGUE)
    assert rows["E_DIV_FLOAT_DEF_0010"].status == f"2 of {verifying} not as expected"  # a failure outweighs an open claim


def test_open_claims_are_open_not_proved_and_a_refuted_one_fails(tmp_path):
    results = fabricated_results(tmp_path)
    views = {view.result.id: view for view in build(results, [tmp_path]).obligations}
    timeout, unknown = (views[ob_id] for ob_id in OPEN_UNSETTLED)
    assert (timeout.result.verdict, unknown.result.verdict) == ("timeout", "unknown")
    for view in (timeout, unknown):
        assert view.status == "open" and view.verdict_phrase == "OPEN claim (not proved)"
        assert view.open_reason == view.result.open and "no prover answers" in view.open_reason
    refuted = views[OPEN_REFUTED]
    assert (refuted.status, refuted.verdict_phrase, refuted.open_reason) == ("fail", "NOT as expected",
                                                                              refuted.result.open)
    proved = views["float.fp64.generic.monotone_numerator"]  # an open claim a prover proved is no longer open
    assert proved.result.open and (proved.status, proved.open_reason) == ("pass", "")
    # without the failures, a requirement with an open claim is partly open, never verified
    for result in results.obligations:
        if result.family == "float" and result.status == "not as expected":
            result.outcome.verdict = "proved"
    row = next(row for row in build(results, [tmp_path]).trace if row.tag == "E_DIV_FLOAT_DEF_0010")
    assert (row.status, row.status_class) == ("partly open", "open")


def test_markdown_report(reports):
    text = (reports / "report.md").read_text()
    assert "| why3 | 1.5.1 |" in text and "`divbridge prove --jobs 2`" in text and "testhost" in text
    assert "| Refuted as expected | Open (not proved) | Not as expected |" in text
    why3 = _in_format("fp16")
    assert text.count(f"| **all obligations** | {TOTAL} | {PROVED} ({_pct(PROVED)}) | {why3} | {PROVED} | 0 | 0 | "
                      f"2 ({_pct(2)}) | 2 ({_pct(2)}) | 4 ({_pct(4)}) |") == 2
    n = _in_format("fp32", "float")
    assert f"| float fp32 | {n} | {n - 2} ({_pct(n - 2, n)}) | 0 | {n - 2} | 0 | 0 | 0 (0.0%) | 1 ({_pct(1, n)}) | " \
           f"1 ({_pct(1, n)}) |" in text
    assert f"**{HEADLINE}**" in text
    assert "Open claims (attempted, not proved: no prover settled them within its limits): " \
           "[`float.fp32.generic.monotone_numerator`](#ob-float-fp32-generic-monotone_numerator), " \
           "[`float.fp64.generic.exact_when_representable`](#ob-float-fp64-generic-exact_when_representable)." in text
    assert "| valid | _timeout (open)_ | bitwuzla | error |" in text and "| valid | _unknown (open)_ | z3 | not run |" in text
    assert "verdict: **timeout** by bitwuzla (Why3: error) in 603.5 s: OPEN claim (not proved)\n" in text
    assert "verdict: **refuted** by z3 (Why3: not run) in 2.000 s: NOT as expected\n" in text
    # Why3's verdict beside the deciding prover's, where Why3 ran (the fabricated run has it on fp16 only)
    assert "](#ob-float-fp16-special-nan_numerator) | valid | proved | z3, why3+z3 | proved |" in text
    assert "](#ob-float-bf16-special-nan_numerator) | valid | proved | z3 | not run |" in text
    assert text.count("- Open claim: ") == 3  # the two open ones and the refuted one; not the proved one
    assert "- Open claim: two 24-bit dividers in one query: no prover answers within its limits here" in text
    assert re.search(r"\| \*\*E_DIV_TYPES_0010\*\* \(all, proofs/spec/div\.md line 14\)[^|]*\| \*\*UNCOVERED\*\* \| none \|", text)
    assert re.search(r"\| \*\*RG1\*\*[^|]*\| informal only \| none \|", text)
    # every obligation has its section, statement and a link from the matrix
    for ob in spec_obligations(DIV_MD):
        anchor = "ob-" + ob.id.replace(".", "-")
        assert f'<a id="{anchor}"></a>' in text and f"(#{anchor})" in text
    assert "`\u00acisNaN(a) \u27f9 a / 1 = a`" in text
    # the decoded counterexample, the Why3 goal, a missing artifact noted
    shown = "1.0 = 0x1.0000000000000p+0 (bf16 0x3f80)"     # decimal, hex float and bits: counterexample.show
    assert f"`a` = `{shown}`" in text and f"`b` = `{shown}`" in text
    assert "goal nan_denominator:\n  forall a b: t. is_nan b" in text
    assert "SMT-LIB: proofs/smt/real.generic.div_by_one.smt2 (file proofs/smt/real.generic.div_by_one.smt2 not found)" in text
    assert "timeout 30 s" in text
    assert "| verified (8000 vectors) |" in text  # E_DIV_FLOAT_DEF_0020: 8 obligations of 1000 vectors
    # every Markdown table keeps its column count on every row (a stray "|" would shift the cells)
    for table in re.findall(r"(?:^\|.*\|\n)+", text, re.MULTILINE):
        widths = {len(re.split(r"(?<!\\)\|", line)) for line in table.splitlines()}
        assert len(widths) == 1, table.splitlines()[0]


def test_html_report_is_self_contained(reports):
    page = (reports / "index.html").read_text()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page), "the page must not load anything from a network"
    assert "<link" not in page and "@import" not in page
    assert page.count('<section class="obligation') == TOTAL
    assert page.count("<details>") == TOTAL + 8  # one SMT-LIB text each, a Why3 goal for the 8 fp16 specials
    assert '<tr class="uncovered" data-tag="E_DIV_TYPES_0010">' in page
    assert "8000 vectors cross-checked" in page
    assert '<th class="num">Refuted as expected</th><th class="num">Open (not proved)</th>' in page
    assert page.count(f'<td class="num"><span class="badge open">2</span> <span class="pct">{_pct(2)}</span></td>') == 2
    assert f'<p class="headline">{HEADLINE}</p>' in page
    assert '<div class="card open"><b>2</b>open claims (not proved)</div>' in page
    assert page.count('<section class="obligation open"') == 2 and page.count('<section class="obligation fail"') == 4
    assert page.count('<p class="open-reason"><b>Open claim:</b> ') == 3
    section = page[page.index('id="ob-float-fp32-generic-monotone_numerator"'):]
    section = section[:section.index("</section>")]
    assert '<span class="badge open">timeout</span> OPEN claim (not proved)' in section
    assert "two 24-bit dividers in one query" in section and "as expected" not in section
    assert ".badge.open {" in page and "--open:" in page


def test_json_report_is_the_results_model(reports):
    data = json.loads((reports / "results.json").read_text())
    assert data["schema_version"] == 7 and (data["summary"]["open"], data["summary"]["not_as_expected"]) == (2, 4)
    entries = {entry["id"]: entry for entry in data["obligations"]}
    assert all(entry["status"] in ("as expected", "open", "not as expected") for entry in entries.values())
    for ob_id in OPEN_UNSETTLED:
        assert entries[ob_id]["status"] == "open" and "no prover answers" in entries[ob_id]["open"]
    assert entries[OPEN_REFUTED]["status"] == "not as expected" and entries[OPEN_REFUTED]["open"]
    assert (entries["real.generic.div_by_one"]["status"], entries["real.generic.div_by_one"]["open"]) == ("as expected", "")
    # the file is the results model: it loads back, its derived status recomputed
    assert len(load(reports / "results.json").obligations) == TOTAL


def test_junit_report(reports):
    suites = ET.parse(reports / "junit.xml").getroot()
    assert suites.tag == "testsuites"
    assert (suites.get("tests"), suites.get("failures"), suites.get("skipped")) == (str(TOTAL), "4", "2")
    cases = suites.findall("./testsuite/testcase")
    assert len(cases) == TOTAL and len({case.get("name") for case in cases}) == TOTAL
    failed = {case.get("name"): case.find("failure") for case in cases if case.find("failure") is not None}
    assert set(failed) == set(NOT_PROVED)
    assert failed["float.fp64.accuracy.relative_error_normal"].get("type") == "timeout"
    assert failed[OPEN_REFUTED].get("type") == "refuted"  # an open claim refuted is a failure
    assert failed["int.int32.probe.int_min_div_minus_one"].get("message").startswith("expected refuted, got unknown")
    assert "counterexample a = 1.0 = 0x1.0000000000000p+0 (bf16 0x3f80)" in failed["float.bf16.generic.self_div_one"].text
    skipped = {case.get("name"): case.find("skipped") for case in cases if case.find("skipped") is not None}
    assert set(skipped) == set(OPEN_UNSETTLED) and not set(skipped) & set(failed)
    timeout = skipped["float.fp32.generic.monotone_numerator"]
    assert timeout.get("message") == f"open claim, not proved: {OPEN_REASON}"
    assert "bitwuzla 0.5.0: timeout in 600.000 s (timeout 600 s)" in timeout.text
    fp64 = suites.find("./testsuite[@name='divbridge.float.fp64']")
    n = _in_format("fp64", "float")   # 0.125 s each, but an unknown of 30 s and a timeout of 30 s plus an unknown of 12.5 s
    assert (fp64.get("tests"), fp64.get("failures"), fp64.get("skipped"), fp64.get("time")) == (
        str(n), "1", "1", f"{(n - 2) * 0.125 + 72.5:.3f}")
    probe = next(c for c in cases if c.get("name") == "int.int8.probe.int_min_div_minus_one")
    assert probe.find("failure") is None and float(probe.get("time")) == pytest.approx(0.02)


def test_junit_names_the_document_line_and_counts_only_this_runs_time(tmp_path):
    results = fabricated_results(tmp_path)
    for r in results.obligations:   # a warm run: every answer from the cache, with the time it once took
        r.outcome.cached = True
    write_reports(results, tmp_path / "warm", [tmp_path])
    suites = ET.parse(tmp_path / "warm" / "junit.xml").getroot()
    assert {suite.get("time") for suite in suites.findall("./testsuite")} == {"0.000"}
    assert suites.get("time") == "0.000"
    case = next(c for c in suites.findall("./testsuite/testcase") if c.get("name") == "float.bf16.generic.self_div_one")
    assert (case.get("file"), case.get("line")) == ("proofs/spec/div.md", "61")
    failure = case.find("failure")
    assert "(stated at E_DIV_FLOAT_DEF_0010 line 61)" in failure.get("message")
    assert failure.text.startswith("stated at E_DIV_FLOAT_DEF_0010 line 61 in proofs/spec/div.md")
    assert "the mirror computes fabricated" in failure.text


def test_a_failing_run_lists_what_is_not_as_expected_first(reports):
    markdown = (reports / "report.md").read_text()
    listed = markdown[markdown.index("## Not as expected (4)"):markdown.index("## Summary")]
    assert ("| [`float.bf16.generic.self_div_one`](#ob-float-bf16-generic-self_div_one) | E_DIV_FLOAT_DEF_0010 line 61 "
            "| valid | **refuted** | `a` = `1.0 = 0x1.0000000000000p+0 (bf16 0x3f80)`<br>`b` = "
            "`1.0 = 0x1.0000000000000p+0 (bf16 0x3f80)` | fabricated |") in listed
    assert "| [`float.fp64.accuracy.relative_error_normal`]" in listed and "**timeout**" in listed
    assert markdown.index("## Not as expected") < markdown.index("## Traceability matrix")
    assert "  - the mirror computes `fabricated`" in markdown    # on the obligation's card too
    page = (reports / "index.html").read_text()
    assert page.index('<table id="failures">') < page.index('<table id="matrix">')
    assert '<a href="#not-as-expected">Not as expected (4)</a>' in page


def test_a_tag_stated_in_several_sections_is_one_matrix_row_with_its_sections(tmp_path):
    results = fabricated_results(tmp_path)
    results.document = copy.deepcopy(results.document)
    first = next(r for r in results.document["requirements"] if r["tag"] == "E_DIV_FLOAT_DEF_0020")
    again = {**first, "section": "`Div` operator (FP16 only)", "lines": [90]}
    results.document["requirements"] += [again, dict(again)]
    for i, r in enumerate(results.obligations):   # an obligation may list the tag once per section that states it
        if "E_DIV_FLOAT_DEF_0020" in r.requirements:
            listed = dataclasses.replace(r.obligation, requirements=r.requirements + ("E_DIV_FLOAT_DEF_0020",) * 2,
                                         lines=r.lines + (90, 90))
            results.obligations[i] = ObligationResult(listed, r.outcome, r.artifacts, r.crosscheck)
    model = build(results, [tmp_path])
    rows = [row for row in model.trace if row.tag == "E_DIV_FLOAT_DEF_0020"]
    assert len(rows) == 1
    assert rows[0].requirement.section == f"{first['section']}; `Div` operator (FP16 only)"
    assert rows[0].requirement.origin == "proofs/spec/div.md lines 62, 90"
    ids = [view.result.id for view in rows[0].obligations]
    assert len(ids) == len(set(ids)) and rows[0].vectors == 1000 * len(ids)
    write_reports(results, tmp_path / "reports", [tmp_path])
    page = (tmp_path / "reports" / "index.html").read_text()
    assert page.count('<td class="tag" rowspan="') == len(model.trace)
    assert "<code>Div</code> operator (FP16 only)" in page and "`Div`" not in page


def test_command_writes_the_four_reports_of_one_results_file(tmp_path, monkeypatch, capsys):
    fabricated_results(tmp_path).save(tmp_path / "proofs" / "results.json")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["report", "--results", "proofs/results.json"]) == 0
    assert sorted(p.name for p in (tmp_path / "reports").iterdir()) == ["index.html", "junit.xml", "report.md",
                                                                       "results.json"]
    assert f"{AS_EXPECTED} of {TOTAL} obligations as expected" in capsys.readouterr().out


def mul_results() -> Results:
    """Mul's obligations (proofs/spec/mul.md), each answered as it expects, with the document as `prove` records
    it (its uncovered statements included)."""
    obligations = spec_obligations(MUL_DOCUMENT)
    answered = [ObligationResult(ob, combine([Attempt("z3", "proved" if ob.expect == "valid" else "refuted", 0.25,
                                                      version="4.12.2")]), {}) for ob in obligations]
    return Results(answered, tool_versions={"z3": "4.12.2"}, document=spec_summary(MUL_DOCUMENT, obligations)[1])


MUL_DOCUMENT = ROOT / "proofs" / "spec" / "mul.md"


def test_command_writes_every_operators_reports_and_one_index(tmp_path, monkeypatch, capsys):
    """Without --results: each operator's evidence (Div's proofs/, Mul's proofs/mul/) into its own directory,
    with the index of the operators, their totals and status; Div's report is the one of its results file."""
    fabricated_results(tmp_path).save(tmp_path / "proofs" / "results.json")
    mul = mul_results()
    mul.save(tmp_path / "proofs" / "mul" / "results.json")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["report"]) == 0
    printed = capsys.readouterr().out
    reports = tmp_path / "reports"
    assert sorted(p.name for p in reports.iterdir()) == ["div", "index.html", "index.md", "mul"]
    for name in ("div", "mul"):
        assert sorted(p.name for p in (reports / name).iterdir()) == ["index.html", "junit.xml", "report.md",
                                                                      "results.json"]
    assert "# Proof-obligation report: ONNX Mul, SONNX profile" in (reports / "mul" / "report.md").read_text()
    assert json.loads((reports / "mul" / "results.json").read_text()) == mul.to_json()
    # Div's report loses nothing: the one its results file gives alone, but for the time it was written
    assert cli.main(["report", "--results", "proofs/results.json", "--out", "alone"]) == 0
    written = re.compile(r"\d{4}-\d\d-\d\dT[\d:]+\+00:00")
    for name in ("report.md", "index.html", "junit.xml", "results.json"):
        assert written.sub("", (reports / "div" / name).read_text()) == written.sub("", (tmp_path / "alone" / name).read_text())
    index = (reports / "index.md").read_text()
    assert mul.uncovered == []   # every statement of Mul's document bound: as expected, and Div's row is not
    rows = {line.split(" | ")[0].strip("| "): line for line in index.splitlines() if line.startswith("| ")}
    assert rows["Div"].startswith(f"| Div | proofs/spec/div.md | **NOT as expected** | {TOTAL} | {PROVED} | 0 | "
                                  f"{PROBES - 1} | 2 | 4 | 0 | [report](div/report.md) |")
    assert rows["Mul"] == (f"| Mul | proofs/spec/mul.md | as expected | {len(mul.obligations)} | "
                           f"{mul.summary['as_expected'] - sum(o.expect == 'invalid' for o in mul.obligations)} | 0 | "
                           f"{sum(o.expect == 'invalid' for o in mul.obligations)} | 0 | 0 | 0 | "
                           f"[report](mul/report.md) |")
    assert "_no results_ (no proofs/add/results.json: run `divbridge prove`)" in rows["Add"]
    assert rows["**all**"].startswith(f"| **all** | | | {TOTAL + len(mul.obligations)} |")
    page = (reports / "index.html").read_text()
    assert '<a href="mul/index.html">Mul</a>' in page and page.count('class="badge fail">NOT as expected') == 1
    assert "report: Add: no results (proofs/add/results.json)" in printed
    assert f"report: 1 of {len(operators.in_pipeline())} operators as expected; index written to reports/index.html, " \
        "reports/index.md" in printed


def test_an_operator_whose_run_is_as_expected_is_so_in_the_index(tmp_path, monkeypatch):
    mul = mul_results()
    mul.document.pop("uncovered", None)
    mul.save(tmp_path / "proofs" / "mul" / "results.json")
    monkeypatch.chdir(tmp_path)
    # earlier reports: one results file's in reports/ itself, Div's when it had results; none is this run's
    (tmp_path / "reports" / "div").mkdir(parents=True)
    for stale in ("report.md", "junit.xml", "results.json", "div/report.md", "div/index.html"):
        (tmp_path / "reports" / stale).write_text("an earlier report")
    (tmp_path / "reports" / "notes.txt").write_text("not a report")
    assert cli.main(["report"]) == 0
    assert sorted(p.relative_to(tmp_path / "reports").as_posix() for p in (tmp_path / "reports").rglob("*.*")) == [
        "index.html", "index.md", "mul/index.html", "mul/junit.xml", "mul/report.md", "mul/results.json", "notes.txt"]
    index = (tmp_path / "reports" / "index.md").read_text()
    assert "| Mul | proofs/spec/mul.md | as expected |" in index
    assert f"1 of {len(operators.in_pipeline())} operators as expected" in index
    assert "no proofs/results.json" in index   # Div has no results here: said, never counted as proved


def test_no_results_of_any_operator_is_one_line_exit_2(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert cli.main(["report"]) == 2
    assert "proofs/results.json: no results file" in capsys.readouterr().err
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("content, message", [
    (None, "no results file"),
    ('{"schema_version": 6, "obligations": [', "corrupt results file"),
    ('{"schema_version": 8, "obligations": []}', "schema version 8"),
    # schema 4 did not record what each obligation stated (its params): refused, with what to do
    ('{"schema_version": 4, "obligations": []}', "schema version 4 is not the supported version 7 (run `divbridge prove`"),
    # schema 5 did not record each obligation's smoke tests: refused, with what to do
    ('{"schema_version": 5, "obligations": []}', "schema version 5 is not the supported version 7 (run `divbridge prove`"),
    # schema 6 did not record how many tools confirmed each verdict, nor the digests of its evidence
    ('{"schema_version": 6, "obligations": []}', "schema version 6 is not the supported version 7 (run `divbridge prove`"),
    ('{"schema_version": 7, "obligations": [{"id": "x"}]}', "not a valid results file: missing fields divbridge_version, tool_versions"),
])
def test_bad_results_file_is_one_line_exit_2_and_writes_nothing(tmp_path, capsys, content, message):
    results = tmp_path / "results.json"
    if content is not None:
        results.write_text(content)
    out = tmp_path / "reports"
    assert cli.main(["report", "--results", str(results), "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(results) in err and message in err
    assert not out.exists()


def test_unwritable_output_is_one_line_exit_2(tmp_path, capsys):
    fabricated_results(tmp_path).save(tmp_path / "results.json")
    (tmp_path / "taken").write_text("a file where the output directory should be")
    assert cli.main(["report", "--results", str(tmp_path / "results.json"), "--out", str(tmp_path / "taken")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a directory" in err and "taken" in err


def test_a_failing_reporter_leaves_the_previous_reports_untouched(tmp_path, monkeypatch):
    results = fabricated_results(tmp_path)
    out = tmp_path / "reports"
    write_reports(results, out, [tmp_path])
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def broken(self, model):
        raise RuntimeError("template bug")
    monkeypatch.setattr("divbridge.report.junit.JunitReporter.render", broken)  # the last one to render
    results.obligations = results.obligations[:5]
    with pytest.raises(RuntimeError):
        write_reports(results, out, [tmp_path])
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


# A peer table as `divbridge crosscheck` writes it: a conforming row, one with a decoded counterexample,
# a peer judged against its own specification too, and a peer that was not installed.
PEERS = {"schema_version": 2, "seed": 7, "random_pairs": 100000, "peers": [
    {"name": "numpy", "version": "numpy 2.4.6", "formats": {
        "fp16": {"vectors": 4333, "mismatches": 0, "errors": 0, "examples": [], "error_details": [],
                 "payload_differences": 0},
        "int32": {"vectors": 4138, "mismatches": 2038, "errors": 0, "payload_differences": 0, "error_details": [],
                  "examples": [{"source": "onnx", "a": "-3 (int32 0xfffffffd)", "b": "2 (int32 0x00000002)",
                                "expected": "-1 (int32 0xffffffff)", "actual": "-2 (int32 0xfffffffe)"}],
                  "outside_domain": [{"input": "7 / 0", "behaviour": "returns 0"}]}}},
    {"name": "openvino:hint=bf16", "version": "openvino 2026.4.1", "precision": "f32",
     "broadcast": {"input": "A (2, 3) / B (3,)", "behaviour": "accepted", "own_spec": "accepted",
                   "sonnx": "rejected", "departs_from_own_spec": False},
     "formats": {"int16": {"vectors": 100097, "mismatches": 0, "errors": 0, "examples": [], "error_details": [],
                           "payload_differences": 0,
                           "own_spec": {"spec": "openvino Divide-1 (m_pythondiv=true, auto_broadcast=numpy)",
                                        "mismatches": 50256, "payload_differences": 0, "examples": [
                                            {"source": "random", "a": "-3 (int16 0xfffd)", "b": "2 (int16 0x0002)",
                                             "expected": "-2 (int16 0xfffe)", "actual": "-1 (int16 0xffff)"}]}}}},
    {"name": "jax", "skipped": "jax (Python package) is not installed: scripts/setup.sh peers", "formats": {}}]}


def test_peers_section_from_the_peer_table_beside_the_results(tmp_path, capsys):
    fabricated_results(tmp_path).save(tmp_path / "proofs" / "results.json")
    assert cli.main(["report", "--results", str(tmp_path / "proofs" / "results.json"), "--out", str(tmp_path / "a")]) == 0
    assert "## Peers" not in (tmp_path / "a" / "report.md").read_text()          # no peer table: no section
    (tmp_path / "proofs" / "peers.json").write_text(json.dumps(PEERS))
    assert cli.main(["report", "--results", str(tmp_path / "proofs" / "results.json"), "--out", str(tmp_path / "b")]) == 0
    markdown = (tmp_path / "b" / "report.md").read_text()
    assert "## Peers" in markdown and "| Peer | fp16 | int32 | int16 |" in markdown
    assert "| numpy (numpy 2.4.6) | ok | 2038 wrong | - |" in markdown   # a cell per format, the facts once
    assert ("| numpy | int32 | -3 (int32 0xfffffffd) / 2 (int32 0x00000002): "
            "SONNX -1 (int32 0xffffffff), peer -2 (int32 0xfffffffe) |  | 7 / 0: returns 0 |") in markdown
    assert ("| openvino:hint=bf16 | int16 |  | departs from openvino "
            "Divide-1 (m_pythondiv=true, auto_broadcast=numpy) on 50256: -3 (int16 0xfffd) / 2 (int16 0x0002): "
            "its spec -2 (int16 0xfffe), peer -1 (int16 0xffff) |  |") in markdown
    assert "- jax: skipped: jax (Python package) is not installed: scripts/setup.sh peers" in markdown
    assert ("- openvino:hint=bf16: shapes A (2, 3) / B (3,): accepted (its own specification: accepted; "
            "SONNX: rejected)") in markdown
    assert "100000 random pairs per format (seed 7" in markdown
    page = (tmp_path / "b" / "index.html").read_text()
    assert '<table id="peers-grid">' in page and page.count('data-peer="numpy"') == 2   # its grid row, one finding
    assert '<td class="num fail" title="4138 vectors">2038&nbsp;wrong</td>' in page
    assert '<td class="num pass" title="4333 vectors">&#10003;</td>' in page
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), "an id appears twice"
    (tmp_path / "proofs" / "peers.json").write_text('{"schema_version": 2, "peers": [')
    capsys.readouterr()
    assert cli.main(["report", "--results", str(tmp_path / "proofs" / "results.json"), "--out", str(tmp_path / "c")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "peers.json:1: corrupt peer table" in err and not (tmp_path / "c").exists()
