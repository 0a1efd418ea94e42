"""The theorems about Add's, Sub's and Mul's rounding (issue 37): bound from each description in every float
format of the document, proved by Coq with Flocq in every format (a widened Sterbenz is not), and the probes
where the relative error bound fails (Mul's underflow, overflow) refuted by an SMT solver with
counterexamples that decode in bits and replay on the mirror."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest

from divbridge import operators, statements
from divbridge.cli import main
from divbridge.formats import get_format
from divbridge.obligations import smtrender
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers import coq, counterexample, solvers
from divbridge.provers.coq import CoqBackend, Libraries, prove
from divbridge.statements.operator_theorem import check
from divbridge.terms import coq as coq_terms

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "proofs" / "spec"
FORMATS = ("fp16", "bf16", "fp32", "fp64")
TIMEOUT = 300    # one coqc over every instance takes about 10 s here; the margin is for a loaded 2-core machine
needs_coq = pytest.mark.skipif(shutil.which("coqc") is None,
                               reason="coqc is not installed (apt-get install coq libcoq-flocq)")


def _theorems(name: str) -> dict:
    return {o.id: o for o in spec_obligations(SPEC / f"{name}.md") if o.kind == "theorem"}


@pytest.fixture(scope="module")
def libraries():
    return Libraries()


@pytest.mark.parametrize("name", ["add", "sub", "mul"])
def test_each_theorem_of_the_description_is_an_obligation_in_every_format(name):
    op = operators.get(name)
    found = _theorems(name)
    assert sorted(found) == sorted(f"{name}.float.{fmt}.theorem.{t.name}" for fmt in FORMATS for t in op.theorems)
    rounding = {o.requirements for o in found.values()}
    assert rounding == {(f"E_{name.upper()}_FLOAT_FUNC_0010",) * len(next(iter(rounding)))}   # the rounding tag
    for o in found.values():
        theorem = next(t for t in op.theorems if t.name == o.params["theorem"])
        assert o.operator == op.name and o.expect == ("valid" if theorem.holds else "invalid")
        assert o.backends == frozenset({"coq"} if theorem.holds else {"smt"})
    assert not [o for o in spec_obligations(SPEC / "div.md") if o.kind == "theorem"]   # Div's list is empty


@pytest.mark.parametrize("op", tuple(operators.OPERATORS.values()), ids=lambda o: o.name)
def test_each_theorem_that_holds_is_a_lemma_of_the_operators_own_library(op):
    """The obligations load the library ``Names.coq_theorems`` (in the operator's folder) and instantiate its
    lemma ``<claim>_<Flocq's operation>``."""
    holding = [t for t in op.theorems if t.holds]
    if not holding:
        assert not op.names.coq_theorems
        return
    text = (coq.LIBRARY_SOURCES / op.name.lower() / f"{op.names.coq_theorems}.v").read_text()
    for theorem in holding:
        assert re.search(rf"^Theorem {theorem.claim}_{coq_terms.head(op.operation.float)} :", text, re.M), theorem.name


def test_sterbenz_for_sub_and_add_and_the_product_error_above_its_bound_are_stated_per_format():
    backend = CoqBackend()
    sub = backend.render(_theorems("sub")["sub.float.fp16.theorem.sterbenz"])
    assert "B2R y / 2 <= B2R x <= 2 * B2R y ->" in sub and "B2R (Bminus mode_NE x y) = B2R x - B2R y" in sub
    add = backend.render(_theorems("add")["add.float.bf16.theorem.sterbenz"])
    assert "- B2R y / 2 <= B2R x <= 2 * (- B2R y) ->" in add and "Definition prec := 8%Z." in add
    # 2^(emin + 2p - 1): FP16's emin is -24, so 2^-3; FP64's is -1074, so 2^-969
    mul = _theorems("mul")
    assert "bpow radix2 (-3) <= Rabs (B2R x * B2R y)" in backend.render(mul["mul.float.fp16.theorem.error_is_float"])
    assert "bpow radix2 (-969) <=" in backend.render(mul["mul.float.fp64.theorem.error_is_float"])
    relative = backend.render(mul["mul.float.fp32.theorem.relative_error"])
    assert "bpow radix2 (-126) <= Rabs" in relative and "<= bpow radix2 (-24) * Rabs" in relative


@needs_coq
def test_coq_proves_every_theorem_in_every_format_on_the_standard_axioms(libraries):
    backend = CoqBackend()
    rendered = {name: [backend.render(o) for o in _theorems(name).values() if o.expect == "valid"]
                for name in ("add", "sub", "mul")}
    texts = [text for name in rendered for text in rendered[name]]
    assert len(texts) == 4 * (4 + 4 + 2)
    # each operator's theorems from its own library, which loads the generic lemmas
    assert all(coq.required_libraries(text) == [operators.get(name).names.coq_theorems]
               for name in rendered for text in rendered[name])
    assert [libraries.loads(library) for library in ("RoundedAdd", "RoundedSub", "RoundedMul")] == \
        [["RoundedOperations"]] * 3
    assert not any(coq.unproved_commands(libraries.texts[library])
                   for library in ("RoundedOperations", "RoundedAdd", "RoundedSub", "RoundedMul"))
    attempt = prove(coq.together(texts), TIMEOUT, libraries=libraries)
    assert attempt.verdict == "proved", attempt.message


@needs_coq
def test_a_widened_sterbenz_is_not_proved(libraries):
    """x <= 3y instead of 2y, a false claim (see the next test): neither the instance against the library nor
    the library with the same hypothesis (its proof of the generic theorem) checks."""
    text = CoqBackend().render(_theorems("sub")["sub.float.fp16.theorem.sterbenz"])
    assert prove(text, TIMEOUT, libraries=libraries).verdict == "proved"      # the control
    old, new = "B2R x <= 2 * B2R y", "B2R x <= 3 * B2R y"
    library = libraries.texts["RoundedSub"]
    assert old in text and old in library
    assert prove(text.replace(old, new), TIMEOUT, libraries=libraries).verdict == "unknown"
    widened = Libraries({**libraries.texts, "RoundedSub": library.replace(old, new)})
    attempt = prove(text.replace(old, new), TIMEOUT, libraries=widened)
    assert attempt.verdict == "unknown" and "does not check" in attempt.message


def test_the_widened_sterbenz_is_false_on_the_mirror():
    """Why it cannot be proved: FP16 x = 2.75, y = 1 - 2^-11 (within 3, not 2): x - y needs 12 bits."""
    sub = operators.get("sub")
    fmt = get_format("fp16")
    x, y = fmt.decode(fmt.parse("2.75")).value, Fraction(2047, 2048)
    r = fmt.decode(sub.kernels.float_bits(fmt, fmt.parse("2.75"), fmt.round(y))).value
    assert y / 2 <= x <= 3 * y and not x <= 2 * y
    assert r != x - y                                          # rounded: the widened claim fails here
    sterbenz = next(t for t in sub.theorems if t.claim == "sterbenz")
    assert check(sterbenz, fmt, x, y, x - y, r) == (False, False)  # outside Sterbenz's hypothesis


def test_the_mirror_finds_mul_underflow_and_overflow_beyond_the_bound():
    mul = operators.get("mul")
    fmt = get_format("fp16")
    by_claim = {t.claim: t for t in mul.theorems}
    tiny, half = fmt.decode(0x0001).value, Fraction(1, 2)        # 2^-24 * 2^-1 rounds to 0 (ties to even)
    assert check(by_claim["relative_error_subnormal"], fmt, tiny, half, tiny * half, Fraction(0)) == (True, False)
    biggest = fmt.max_finite                                    # 65504 * 2 overflows
    assert check(by_claim["finite_result"], fmt, biggest, Fraction(2), biggest * 2, None) == (True, False)
    # the theorem holds there, where it applies: |z| below the normal range is outside its hypothesis
    assert check(by_claim["relative_error"], fmt, tiny, half, tiny * half, Fraction(0)) == (False, False)


@pytest.mark.parametrize("name", ["add", "mul"])
def test_the_probes_are_refuted_in_fp16_with_counterexamples_that_decode_and_replay(name):
    pool = solvers.WorkerPool(solvers.DEFAULT_MEMORY_MB)
    try:
        for o in (o for o in _theorems(name).values() if o.expect == "invalid" and o.format == "fp16"):
            rendered = smtrender.render(o, Path("."))
            reals = o.params["claim"] == "relative_error_subnormal"     # the overflow probe is about floats only
            assert (rendered.logic == "QF_BVFPNRA") == reals and ("fp.to_real" in rendered.text) == reals
            answer = pool.solve("z3", rendered.text, 60)
            assert answer.status == "sat", (o.id, answer.message)
            found, message = counterexample.check(o, rendered.variables, answer.model)
            assert found.replayed and not message, (o.id, message)
            assert set(found.values) == {"x", "y"} and found.formats == {"x": "fp16", "y": "fp16"}
            assert all(v.endswith(")") and "fp16 0x" in v for v in counterexample.show(found).values())
            holds, detail = statements.holds_at(o, found.values)
            assert not holds and ("u = 2^-11" in detail if reals else "inf (fp16 0x" in detail)
    finally:
        pool.close()


@needs_coq
def test_prove_traces_the_theorems_and_refutes_the_probe(tmp_path):
    out = tmp_path / "sub"
    main(["prove", "--spec", str(SPEC / "sub.md"), "--out", str(out), "--provers", "z3,cvc5,coq",
          "--only", "sub.float.fp32.theorem.*", "--cache-dir", str(tmp_path / "cache")])
    results = {o["id"]: o for o in json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]}
    assert sorted(results) == sorted(f"sub.float.fp32.theorem.{t.name}" for t in operators.get("sub").theorems)
    for o in results.values():
        assert o["operator"] == "Sub" and o["requirements"][0] == "E_SUB_FLOAT_FUNC_0010" and o["lines"][0] > 0
        assert o["verdict"] == ("proved" if o["expect"] == "valid" else "refuted"), (o["id"], o["message"])
    overflow = results["sub.float.fp32.theorem.overflow"]
    assert overflow["counterexample"]["replayed"] and "inf (fp32 0x" in overflow["counterexample"]["mirror"]
    assert results["sub.float.fp32.theorem.sterbenz"]["prover"] == "coq"
    assert (out / "coq" / "sub.float.fp32.theorem.sterbenz.v").exists()
    assert (out / "coq" / "DivBridge" / "RoundedSub.v").exists()
    assert (out / "coq" / "DivBridge" / "RoundedOperations.v").exists()   # the generic lemmas it loads
