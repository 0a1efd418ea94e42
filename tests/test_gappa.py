"""Gappa proves the accuracy clause and Coq checks each of its proofs; a false bound is never proved, and a
certificate that does not check makes no proof."""

import io
import re
import shutil
from dataclasses import replace
from pathlib import Path

import pytest

from divbridge.errors import ToolMissing
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers import coq, gappa as gappa_module, gappacert, toolprobe
from divbridge.provers.cache import ProofCache
from divbridge.provers.gappa import GappaBackend, certify, prove
from divbridge.provers.portfolio import prove_obligations
from divbridge.provers.runner import RunOptions, Runner
from divbridge.provers.verdicts import combine
from conftest import DIV_MD

pytestmark = pytest.mark.skipif(shutil.which("gappa") is None, reason="gappa is not installed (apt-get install gappa)")


def _gappa_library() -> bool:
    try:
        gappacert.library()
    except ToolMissing:
        return False
    return True


needs_coq = pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc is not installed (apt-get install coq)")
needs_certificates = pytest.mark.skipif(shutil.which("coqc") is None or not _gappa_library(),
                                        reason="coqc or Gappa's Coq library is not installed "
                                               "(apt-get install coq libcoq-gappa)")

ACCURACY = [o for o in [o for o in spec_obligations(DIV_MD) if o.family == "float"] if o.kind == "accuracy"]
TIMEOUT = 120   # a certificate checks in 2-5 s here; the margin is for a loaded 2-core machine
RELATIVE_FP32 = next(o for o in ACCURACY if o.id == "float.fp32.accuracy.relative_error_normal")


def _halved(text: str, fmt: str) -> str:
    """A relative-error script whose bound is half the true one: false."""
    p = {"fp16": 11, "bf16": 8, "fp32": 24, "fp64": 53}[fmt]
    return text.replace(f"[-1b-{p}, 1b-{p}]", f"[-1b-{p + 1}, 1b-{p + 1}]")


@needs_certificates
def test_every_accuracy_obligation_is_proved_and_its_certificate_checked(tmp_path):
    backend = GappaBackend()
    groups = backend.prepare(ACCURACY, tmp_path, {"gappa"})
    assert len(groups) == 8
    for group in groups:
        oid = group[0].obligation.id
        assert [task.prover for task in group] == ["gappa", "gappa+coq"]
        script, check = tmp_path / "gappa" / f"{oid}.g", tmp_path / "gappa" / f"{oid}.v"
        assert (group[0].artifact, group[1].artifact) == (script.as_posix(), check.as_posix())
        assert check.read_text() == group[1].text and "Require Import Gappa.Gappa_library." in group[1].text
        attempts = backend.run_group(group, TIMEOUT, 1)
        assert [(a.prover, a.verdict) for a in attempts] == [("gappa", "proved"), ("gappa+coq", "proved")], \
            (oid, [a.message for a in attempts])
        outcome = combine(attempts)
        assert (outcome.verdict, outcome.prover) == ("proved", "gappa, gappa+coq")


@needs_certificates
def test_the_check_states_the_goal_divbridge_reads_and_gappa_proves_it_from_the_certificate(tmp_path):
    backend = GappaBackend()
    (group,) = backend.prepare([RELATIVE_FP32], tmp_path, {"gappa"})
    text = group[1].text
    start = text.index("Theorem divbridge_goal")
    statement = text[start:text.index("Proof.", start)]
    assert "(BND (Rabs (_a / _b))%R (makepairF (Float2 (1) (-126)) (Float2 (1) (128))))" in statement
    assert "Generic_fmt.round radix2 (FLT.FLT_exp (-149) (24)) Gappa.Gappa_round_def.rndNE" in statement
    assert "(makepairF (Float2 (-1) (-24)) (Float2 (1) (-24)))" in statement
    # the certificate verbatim, then divbridge's theorem inside Gappa's section, then what it rests on
    assert text.index("Lemma l1 : s1 -> False.") < text.index("Theorem divbridge_goal") < text.index(
        "End Generated_by_Gappa.") < text.index("Print Assumptions divbridge_goal.")


@needs_certificates
@pytest.mark.parametrize("old, new", [
    ("Definition f4 := Float2 (1) (-24).", "Definition f4 := Float2 (1) (-25)."),   # a bound of Gappa's goal
    ("Definition f1 := Float2 (1) (-126).", "Definition f1 := Float2 (1) (-127)."),   # a bound of its hypothesis
], ids=["goal-bound", "hypothesis-bound"])
def test_a_tampered_certificate_does_not_compile_and_the_verdict_is_error(old, new, tmp_path, monkeypatch):
    certificate, _ = certify(GappaBackend().render(RELATIVE_FP32), TIMEOUT)
    assert old in certificate
    monkeypatch.setattr(gappa_module, "certify", lambda text, timeout: (certificate.replace(old, new), None))
    (result,) = prove_obligations([RELATIVE_FP32], {"gappa"}, ProofCache(tmp_path / "cache", "off"), TIMEOUT)
    assert result.verdict == "error" and result.prover == "gappa+coq"
    assert result.message.startswith("Coq does not accept Gappa's certificate: ") and "\n" not in result.message
    assert re.search(r"Error|failed", result.message)
    gappa, check = result.attempts
    assert (gappa.prover, gappa.verdict, check.verdict) == ("gappa", "proved", "error")


@needs_certificates
@pytest.mark.parametrize("certified, message", [
    ((None, "Error: out of memory"), "gappa -Bcoq gave no certificate: Error: out of memory"),
    (("Require Import Gappa.Gappa_library.\n", None), "not a certificate of Gappa"),
], ids=["none", "not-gappa-s"])
def test_a_proof_whose_certificate_cannot_be_made_is_an_error(certified, message, tmp_path, monkeypatch):
    monkeypatch.setattr(gappa_module, "certify", lambda text, timeout: certified)
    (result,) = prove_obligations([RELATIVE_FP32], {"gappa"}, ProofCache(tmp_path / "cache", "off"), TIMEOUT)
    assert (result.verdict, result.prover) == ("error", "gappa+coq") and result.message.startswith(message)
    assert "gappa+coq" not in result.artifacts


@needs_certificates
def test_the_certificate_of_a_weaker_bound_does_not_prove_the_goal(tmp_path, monkeypatch):
    """A certificate that compiles but proves another goal (2^-23 where 2^-24 is asked): Coq refuses divbridge's
    statement of the goal."""
    script = GappaBackend().render(RELATIVE_FP32)
    weaker, _ = certify(script.replace("[-1b-24, 1b-24]", "[-1b-23, 1b-23]"), TIMEOUT)
    check = gappacert.check_file(RELATIVE_FP32, "x.g", script, weaker)
    libraries, batches = GappaBackend().libraries, GappaBackend().batches
    attempt = gappacert.check(check, TIMEOUT, None, batches, libraries)
    assert attempt.verdict == "error" and "tauto failed" in attempt.message
    assert gappacert.check(gappacert.check_file(RELATIVE_FP32, "x.g", script, certify(script, TIMEOUT)[0]),
                           TIMEOUT, None, batches, libraries).verdict == "proved"


@needs_certificates
def test_an_axiom_in_a_certificate_is_refused(tmp_path):
    script = GappaBackend().render(RELATIVE_FP32)
    certificate, _ = certify(script, TIMEOUT)
    cheat = certificate.replace("Section Generated_by_Gappa.", "Axiom cheat : False.\nSection Generated_by_Gappa.")
    backend = GappaBackend()
    attempt = gappacert.check(gappacert.check_file(RELATIVE_FP32, "x.g", script, cheat), TIMEOUT, None,
                              backend.batches, backend.libraries)
    assert attempt.verdict == "error" and "Axiom" in attempt.message


@pytest.mark.parametrize("fmt", ["fp16", "bf16", "fp32", "fp64"])
def test_a_bound_half_as_large_is_not_proved_and_has_no_certificate(fmt):
    backend = GappaBackend()
    relative = next(o for o in ACCURACY if o.format == fmt and o.prop == "relative_error_normal")
    text = _halved(backend.render(relative), fmt)
    attempt = prove(text, 30)
    assert attempt.verdict == "unknown" and "not satisfied" in attempt.message
    assert certify(text, 30) == (None, None)


# an accuracy note's float section (the working group's style, written here): the bound u = eps/2 on the
# relative error of a normal quotient, or half of it
NOTE = """# Numerical Accuracy

## Error Introduction (IEEE-754 floating-point)

Let us define $\\varepsilon$ the machine epsilon of the format and $\\textit{{\\bf u}} = \\frac{{\\varepsilon}}{{2}}$.

- For every $I$ such that $\\frac{{|A[I]|}}{{|B[I]|}}$ is a normal number:
  - $|C_{{\\textit{{err}}}}^{{\\textit{{intro}}}}[I]| \\leq \\frac{{|A[I]|}}{{|B[I]|}}\\times{bound}$.
"""


@needs_certificates
@pytest.mark.parametrize("bound, verdict, provers", [
    ("\\textit{\\bf u}", "proved", "gappa, gappa+coq"),
    ("\\frac{\\textit{\\bf u}}{2}", "refuted", "bitwuzla"),
], ids=["true", "false"])
def test_a_note_s_bound_is_certified_when_true_and_refuted_as_before_when_false(bound, verdict, provers, tmp_path):
    from divbridge.document.accuracy import parse_note
    from divbridge.obligations import accuracy
    note = parse_note(NOTE.format(bound=bound), str(tmp_path / "div_acc.md"))
    (obligation,) = [o for o in accuracy.note_obligations(note, {"float": ("fp16",)}) if "gappa" in o.backends]
    (result,) = prove_obligations([obligation], {"gappa", "z3", "cvc5", "bitwuzla"},
                                  ProofCache(tmp_path / "cache", "off"), TIMEOUT)
    assert (result.verdict, result.prover) == (verdict, provers), result.message
    gappa = {a.prover: a.verdict for a in result.attempts if a.prover.startswith("gappa")}
    # a false bound: Gappa does not prove it and gives no certificate, so there is nothing for Coq to check
    assert gappa == ({"gappa": "proved", "gappa+coq": "proved"} if verdict == "proved" else {"gappa": "unknown"})
    if verdict == "refuted":
        assert result.counterexample is not None and result.counterexample.replayed


@needs_certificates
def test_both_answers_are_cached_each_under_its_own_question(tmp_path):
    def run():
        runner = Runner([GappaBackend()], ProofCache(tmp_path / "cache"), RunOptions(timeout=TIMEOUT, provers={"gappa"}),
                        tmp_path / "out", io.StringIO())
        (result,), versions = runner.run([RELATIVE_FP32])
        return result, versions
    cold, versions = run()
    warm, _ = run()
    assert cold.verdict == warm.verdict == "proved" and warm.cached
    assert [(a.prover, a.verdict, a.cached) for a in warm.attempts] == [("gappa", "proved", True),
                                                                       ("gappa+coq", "proved", True)]
    assert warm.artifacts == {"gappa": f"{tmp_path}/out/gappa/{RELATIVE_FP32.id}.g",
                              "gappa+coq": f"{tmp_path}/out/gappa/{RELATIVE_FP32.id}.v"}
    check = next(a for a in warm.attempts if a.prover == "gappa+coq")
    assert check.version == f"{versions['gappa']} (coq {versions['gappa/coq']})"
    assert re.fullmatch(r"8\.\d+\.\d+ flocq 4\.\d+\.\d+, Gappa library sha256 [0-9a-f]{16}", versions["gappa/coq"])
    assert len(list((tmp_path / "cache").rglob("*.json"))) == 2


def test_a_broken_script_is_an_error():
    assert prove("this is not gappa", 30).verdict == "error"


def test_versions_name_gappa():
    assert GappaBackend().versions()["gappa"][0].isdigit()


def _without_gappa_library(monkeypatch, tmp_path):
    """coqc's library directory (coqc -where) with Flocq and without Gappa's library."""
    real = toolprobe.output
    where = real((coq.coqc(), "-where")).strip()
    (tmp_path / "user-contrib").mkdir()
    (tmp_path / "user-contrib" / "Flocq").symlink_to(Path(where) / "user-contrib" / "Flocq")
    monkeypatch.setattr(toolprobe, "output", lambda command: str(tmp_path) if "-where" in command else real(command))


@needs_coq
def test_a_missing_gappa_library_is_a_one_line_message(monkeypatch, tmp_path):
    _without_gappa_library(monkeypatch, tmp_path)
    with pytest.raises(ToolMissing) as caught:
        GappaBackend().versions()
    assert str(caught.value) == ("Gappa's Coq library (libcoq-gappa, which checks Gappa's certificates) is not "
                                 "installed; install it with: apt-get install libcoq-gappa")


@needs_coq
def test_a_missing_gappa_library_exits_2_through_the_cli(monkeypatch, capsys, tmp_path):
    from divbridge import cli
    _without_gappa_library(monkeypatch, tmp_path)
    code = cli.main(["prove", "--provers", "gappa", "--only", "float.fp16.accuracy.*", "--no-cache",
                     "--out", str(tmp_path / "out")])
    assert code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith("install it with: apt-get install libcoq-gappa")


# -- divbridge's reading of a script's goal (no tool needed) ---------------------------------------------------

@pytest.mark.parametrize("script, variables, proposition", [
    ("@rnd = float<24, -149, ne>;\nr = a / b;\nq = rnd(r);\n{ |r| in [1b-126, 1b128] -> (q - r) / r in [-1b-24, 1b-24] }",
     ("_a", "_b"),
     "((BND (Rabs (_a / _b))%R (makepairF (Float2 (1) (-126)) (Float2 (1) (128)))) -> (BND ((((Generic_fmt.round "
     "radix2 (FLT.FLT_exp (-149) (24)) Gappa.Gappa_round_def.rndNE) (_a / _b)) - (_a / _b)) / (_a / _b))%R "
     "(makepairF (Float2 (-1) (-24)) (Float2 (1) (-24)))))"),
    # |e| <= u as Gappa reads it, |e| in [0, u]; e <= u and e >= l as comparisons; numbers as Gappa writes them
    ("{ |x| <= 1b-14 /\\ y >= 6b-3 -> not x - y <= 0 \\/ x * 2 in [0, 12b0] } # a comment\n$ x in 4;",
     ("_x", "_y"),
     "(((BND (Rabs _x)%R (makepairF (Float2 0 0) (Float2 (1) (-14)))) /\\ (float2R (Float2 (3) (-2)) <= _y)%R) -> "
     "((~ ((_x - _y) <= float2R (Float2 0 0))%R) \\/ (BND (_x * (Float1 (2)))%R (makepairF (Float2 0 0) "
     "(Float2 (3) (2))))))"),
])
def test_a_script_s_goal_is_stated_in_coq(script, variables, proposition):
    from divbridge.provers.gappagoal import coq_statement
    stated = coq_statement(script)
    assert (stated.variables, stated.proposition) == (variables, proposition)


@pytest.mark.parametrize("script, why", [
    ("@rnd = float<24, -149, zr>;\n{ rnd(x) in [0, 1] }", "float<24, -149, zr>"),   # another direction
    ("{ x in [0.1, 1] }", "not read as a Gappa script"),                              # a decimal
    ("{ x in [0, 1] }\n{ x in [0, 2] }", "2 goals"),
    ("y = x;\ny = x + 1;\n{ y in [0, 1] }", "defined twice"),
    ("@y = float<24, -149, ne>;\ny = x;\n{ y in [0, 1] }", "defined twice"),
    ("{ f(x) in [0, 1] }", "not a rounding the script defines"),
    ("x -> y;\n{ x in [0, 1] }", "not read as a Gappa script"),                       # a rewriting hint
    ("{ x }", "a number where a proposition is expected"),
    ("{ (x in [0, 1]) + 1 in [0, 2] }", "a proposition where a number is expected"),
])
def test_a_script_outside_what_divbridge_reads_is_not_stated(script, why):
    from divbridge.provers.gappagoal import NotStated, coq_statement
    with pytest.raises(NotStated, match=re.escape(why)):
        coq_statement(script)


def test_every_gappa_script_divbridge_writes_is_stated():
    from divbridge.provers.gappagoal import coq_statement
    backend = GappaBackend.__new__(GappaBackend)
    GappaBackend.__init__(backend)
    for obligation in ACCURACY:
        assert coq_statement(backend.render(obligation)).variables == ("_a", "_b")


@needs_certificates
def test_a_results_file_naming_a_gappa_proof_without_its_check_is_not_verified(tmp_path, monkeypatch):
    import json
    from divbridge import cli, results
    from divbridge.errors import InputError
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "root"))
    out = tmp_path / "out"
    assert cli.main(["prove", "--only", RELATIVE_FP32.id, "--provers", "gappa", "--no-crosscheck",
                     "--out", str(out)]) == 0
    path = out / "results.json"
    (entry,) = json.loads(path.read_text())["obligations"]
    assert (entry["prover"], entry["confirmed"]) == ("gappa, gappa+coq", 2) and entry["artifacts"]["gappa+coq"]
    assert f"gappa/{RELATIVE_FP32.id}.v" in results.verify(path).evidence
    data = json.loads(path.read_text())
    forged = data["obligations"][0]
    forged.update(prover="gappa", confirmed=0,   # Gappa's word alone, the derived field made to agree
                  attempts=[a for a in forged["attempts"] if a["prover"] != "gappa+coq"])
    path.write_text(json.dumps(data, indent=2))
    with pytest.raises(InputError, match=re.escape("proved by gappa, but no attempt of gappa says so as it stands "
                                                   "(gappa: proved, but not checked (no check of its certificate))")):
        results.verify(path)
