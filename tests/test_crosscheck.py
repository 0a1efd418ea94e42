"""The cross-check of proved obligations on concrete vectors."""

import dataclasses

import pytest

from divbridge.crosscheck import predicates, vectors
from divbridge.crosscheck.run import run_crosscheck
from divbridge.formats import get_format
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge import statements
from divbridge.provers.verdicts import ObligationResult, Outcome
from divbridge.results import Results, load
from conftest import DIV_MD
from divbridge.operators.div import DIV

OBLIGATIONS = {o.id: o for o in spec_obligations(DIV_MD) + strategy_obligations(DIV)}


def _results(ids, verdict="proved"):
    return Results([ObligationResult(OBLIGATIONS[i], Outcome(verdict, "z3", 0.1, False, None))
                    for i in ids])


def test_vector_sources_are_named_and_counted():
    sets = {s.source: len(s) for s in vectors.vector_sets(get_format("int8"), op=DIV)}
    assert sets["all_pairs"] == 65536 and sets["special"] == 36 and sets["onnx"] > 0 and sets["examples"] == 9
    assert {s.source for s in vectors.vector_sets(get_format("fp32"), op=DIV)} >= {"examples", "onnx", "special", "random"}


def test_random_vectors_are_reproducible_from_the_seed():
    fp16 = get_format("fp16")
    assert (vectors.random_vectors(fp16, 3).a.view("u2") == vectors.random_vectors(fp16, 3).a.view("u2")).all()
    assert (vectors.random_vectors(fp16, 3).a.view("u2") != vectors.random_vectors(fp16, 4).a.view("u2")).any()


@pytest.mark.parametrize("obligation", [o for o in OBLIGATIONS.values() if o.expect == "valid"
                                        and not (o.prop == "monotone_numerator" and o.family == "float")],
                         ids=lambda o: o.id)
def test_every_valid_obligation_holds_on_the_mirror(obligation):
    sets = vectors.vector_sets(get_format(obligation.format), op=DIV) if vectors.on_pairs(obligation) else []
    run, failures, first = predicates.evaluate(obligation, sets)
    assert run > 0 and failures == 0, first


def test_float_monotonicity_holds_for_finite_divisors():
    """With b = +inf allowed the claim fails (inf / inf is NaN); the statement requires b finite."""
    run, failures, first = predicates.evaluate(OBLIGATIONS["float.fp32.generic.monotone_numerator"],
                                               vectors.vector_sets(get_format("fp32"), op=DIV))
    assert run > 0 and failures == 0, first


def test_a_failing_predicate_fails_the_cross_check():
    results = _results(["int.int8.truncation.trunc_identity", "float.fp16.special.zero_div_zero"])
    document = run_crosscheck(results)
    assert document["failures"] == 0 and all(r.crosscheck["vectors"] > 0 for r in results.obligations)
    assert document["vectors"]["all_pairs"] == 65536
    tampered = _results(["float.fp16.generic.div_by_one"])
    original = statements.registry().find("float", "div_by_one")

    def broken(fmt, a, b):   # a mirror that got 4 / 1 wrong (4 is in the worked examples)
        applies, holds = original.holds(fmt, a, b)
        return applies, holds & (a.astype(float) != 4)
    with statements.use(statements.registry(complete=True).extended(dataclasses.replace(original, holds=broken))):
        document = run_crosscheck(tampered)
    assert document["failures"] > 0 and tampered.obligations[0].crosscheck["first_failure"]


def test_only_proved_obligations_are_cross_checked():
    results = _results(["float.fp16.special.zero_div_zero"], verdict="timeout")
    document = run_crosscheck(results)
    assert document["obligations"] == [] and results.obligations[0].crosscheck is None


def test_peer_table_finds_the_documented_discrepancies():
    from divbridge.conform.table import peer_table
    (numpy_peer,) = peer_table(peers=("numpy",), op=DIV)
    int32 = numpy_peer["formats"]["int32"]
    assert int32["mismatches"] > 0 and int32["examples"]
    assert numpy_peer["formats"]["fp32"]["mismatches"] == 0
    assert any(x["input"].startswith("7 / 0") for x in int32["outside_domain"])


@pytest.mark.parametrize("obligation", [o for o in OBLIGATIONS.values() if o.expect == "invalid"], ids=lambda o: o.id)
def test_every_probe_of_a_known_defect_fails_on_the_vectors(obligation):
    """Were a probe ever reported proved, the cross-check would refute it with an input."""
    run, failures, first = predicates.evaluate(obligation, vectors.vector_sets(get_format(obligation.format), op=DIV))
    assert failures > 0 and first


def test_worked_examples_of_a_given_document(tmp_path, seeds_dir):
    doc = tmp_path / "div.md"
    doc.write_text("# Div\n\n## Float\n\nExample:\n\n"
                   "$$A = \\begin{bmatrix} 1 & -2 \\end{bmatrix}$$\n\n"
                   "$$B = \\begin{bmatrix} 0 & 4 \\end{bmatrix}$$\n\n"
                   "$$C = \\begin{bmatrix} inf & -0.5 \\end{bmatrix}$$\n")
    fp32 = get_format("fp32")
    found = vectors.document_vectors(str(doc), fp32)
    sets = {s.source: s for s in vectors.vector_sets(fp32, document=str(doc), op=DIV)}
    if len(found):   # the reader's notation for examples: what seed 000 uses
        assert list(found.a) == [1.0, -2.0] and list(found.b) == [0.0, 4.0]
        assert len(sets["examples"]) == 2
    seed000 = vectors.document_vectors(str(next(seeds_dir.glob("000_*.txt"))), fp32)
    assert len(seed000) >= 12 and 35.0 in list(seed000.a)


def test_crosscheck_command(tmp_path, capsys):
    from divbridge.cli import main
    # a probe of a known defect, fabricated as "proved": the vectors must contradict it
    results = _results(["float.fp16.special.zero_div_zero", "float.fp32.strategy.reciprocal"])
    path = tmp_path / "results.json"
    results.save(path)
    out = tmp_path / "cc.json"
    assert main(["crosscheck", "--results", str(path), "--no-peers", "--json", str(out)]) == 1
    import json
    data = json.loads(out.read_text())
    assert set(data) >= {"vectors", "obligations", "peers"}
    failing = [o for o in data["obligations"] if o["failures"]]
    assert [o["id"] for o in failing] == ["float.fp32.strategy.reciprocal"]
    assert main(["crosscheck", "--results", str(tmp_path / "missing.json")]) == 2
    assert main(["crosscheck", "--results", str(path), "--spec", str(tmp_path / "nope.md")]) == 2


def test_crosscheck_writes_a_peer_table_that_a_rerun_leaves_byte_for_byte(tmp_path):
    import json

    from divbridge.cli import main
    path = tmp_path / "results.json"
    _results(["float.fp16.special.zero_div_zero"]).save(path)
    onnx_peers = ["--peers", "onnxruntime,onnx-reference,numpy", "--random", "256"]
    assert main(["crosscheck", "--results", str(path), *onnx_peers]) == 0
    table = tmp_path / "peers.json"
    first = table.read_bytes()
    peers = {peer["name"]: peer["formats"] for peer in json.loads(first)["peers"]}
    assert set(peers) == {"onnxruntime", "onnx-reference", "numpy"}
    assert peers["numpy"]["int32"]["mismatches"] > 0      # floor division: -3 // 2 = -2, SONNX truncates to -1
    assert main(["crosscheck", "--results", str(path), *onnx_peers]) == 0
    assert table.read_bytes() == first


def test_the_crosscheck_reads_what_the_results_record_not_the_document(tmp_path):
    """A results file holds each obligation whole: cross-checking it needs no document (here: none there)."""
    results = _results(["float.fp16.special.zero_div_zero", "int.int8.truncation.trunc_identity"])
    results.document = {"path": str(tmp_path / "gone.md"), "title": None, "requirements": []}
    results.save(tmp_path / "results.json")
    loaded = load(tmp_path / "results.json")
    assert loaded.obligations[0].obligation == results.obligations[0].obligation
    assert loaded.obligations[0].params == results.obligations[0].params
    document = run_crosscheck(loaded)
    assert document["failures"] == 0 and all(r.crosscheck["vectors"] > 0 for r in loaded.obligations)
