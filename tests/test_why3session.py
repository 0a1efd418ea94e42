"""Why3 sessions: written from a run's Why3 proofs, replayed by plain `why3 replay` (`make why3-replay`'s
code), byte-stable, never claiming an unproved goal, failing when a goal's statement is edited by hand."""

from __future__ import annotations

import dataclasses
import io
import re
import shutil

import pytest

from divbridge import cli, statements
from divbridge.obligations import why3render
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers import why3 as why3_backend
from divbridge.provers import why3session
from divbridge.provers.cache import ProofCache
from divbridge.provers.runner import ProofTask
from divbridge.provers.verdicts import Attempt, ObligationResult, combine
from divbridge.provers.why3 import Why3Backend
from conftest import DIV_MD

pytestmark = pytest.mark.skipif(shutil.which("why3") is None or shutil.which("z3") is None,
                                reason="why3 and z3 are not installed")
needs_cvc4 = pytest.mark.skipif(shutil.which("cvc4") is None, reason="cvc4 is not installed")

INT8 = [o for o in spec_obligations(DIV_MD) if o.id.startswith("int.int8.") and "why3" in o.backends]
MAGNITUDE = "int.int8.truncation.trunc_magnitude"
STATEMENT = "abs (div a b) <= abs a"      # trunc_magnitude's goal in div_int_int8.mlw


@pytest.fixture(scope="module")
def versions() -> dict[str, str]:
    return Why3Backend().versions()


def _results(directory, versions, verdicts: dict[str, tuple[str, str]] | None = None) -> list[ObligationResult]:
    """The int8 theory rendered into ``directory`` and one result per goal: Why3 (with Z3 unless
    ``verdicts`` says otherwise: id -> (prover, verdict)) proved the valid goals, refuted the probe."""
    [theory] = why3render.render(INT8, directory)
    results = []
    for goal in theory.goals:
        prover, verdict = (verdicts or {}).get(goal.obligation.id,
                                               ("why3+z3", "proved" if goal.obligation.expect == "valid" else "refuted"))
        solver = prover.partition("+")[2]
        version = f"{versions['why3']} ({solver} {versions.get(f'why3/{solver}', '?')})" if solver else "1"
        attempt = Attempt(prover, verdict, 0.1, version=version)
        results.append(ObligationResult(goal.obligation, combine([attempt]), {"why3": theory.goal_ref(goal)}))
    return results


def _replay(directory) -> tuple[int, str]:
    stream = io.StringIO()
    return why3session.replay_all(directory, stream), stream.getvalue()


def _files(session) -> dict[str, bytes]:
    return {path.name: path.read_bytes() for path in sorted(session.iterdir())}


def test_a_written_session_replays_with_plain_why3_replay(tmp_path, versions):
    written = why3session.write_sessions(_results(tmp_path, versions), tmp_path, 20)
    assert written == [tmp_path / "div_int_int8"]
    before = _files(written[0])
    assert set(before) == {"why3session.xml", "why3shapes"}
    code, output = _replay(tmp_path)
    assert code == 0, output
    assert "div_int_int8: 6 of 8 goals proved, every proof replays" in output
    # what has no proof in Why3 is named: the program VC and the probe (refuted, not proved)
    assert "no proof in Why3: DivInt_int8.div'vc, DivInt_int8_Int_min_div_minus_one.int_min_div_minus_one" in output
    assert _files(written[0]) == before          # replayed on a copy: the evidence is not rewritten


def test_a_goal_edited_by_hand_fails_the_replay(tmp_path, versions):
    why3session.write_sessions(_results(tmp_path, versions), tmp_path, 3)   # the proofs take 0.02-0.3 s
    theory = tmp_path / "div_int_int8.mlw"
    text = theory.read_text()
    assert text.count(STATEMENT) == 1
    # still true, but not the statement the session recorded: the session is obsolete
    theory.write_text(text.replace(STATEMENT, "abs (div a b) <= abs a + 0"))
    code, output = _replay(tmp_path)
    assert code == 1 and "obsolete session" in output and "FAILED: div_int_int8" in output
    # false: the recorded proof no longer goes through, and the replay says which goal
    theory.write_text(text.replace(STATEMENT, "abs (div a b) < abs a"))
    code, output = _replay(tmp_path)
    assert code == 1 and "trunc_magnitude: Z3 4.8.12" in output.replace(f"Z3 {versions['why3/z3']}", "Z3 4.8.12")
    theory.write_text(text)
    assert _replay(tmp_path)[0] == 0


def test_two_writes_of_the_same_results_are_byte_identical(tmp_path, versions, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    results = _results(tmp_path, versions)
    [session] = why3session.write_sessions(results, tmp_path, 20)
    first = _files(session)
    # another run of the same theory: Why3's goal tree and shapes come from the cache, no Why3 starts
    monkeypatch.setattr(why3session, "_skeleton", lambda *args: pytest.fail("Why3 asked again"))
    [again] = why3session.write_sessions(results, tmp_path, 20.0)   # the same limit, another run
    assert _files(again) == first
    xml = first["why3session.xml"].decode()
    assert str(tmp_path) not in xml and "time=" not in xml and '<path name=".."/><path name="div_int_int8.mlw"/>' in xml
    assert 'timelimit="20"' in xml and f'name="Z3" version="{versions["why3/z3"]}"' in xml
    # a theory that is gone loses its session
    (tmp_path / "div_int_int8.mlw").rename(tmp_path / "old.mlw")
    assert why3session.write_sessions([], tmp_path, 20) == [] and not session.exists()


def test_goal_trees_started_before_the_write_give_the_same_session(tmp_path, versions, monkeypatch):
    """`divbridge prove` starts the goal trees when its provers are done, and writes the sessions after the
    cross-check: the session is the one a write from scratch gives, and the tree is asked of Why3 once."""
    monkeypatch.setenv("DIVBRIDGE_CACHE", "off")
    results = _results(tmp_path, versions)
    [session] = why3session.write_sessions(results, tmp_path, 20)
    from_scratch = _files(session)
    asked = []
    computed = why3session._skeleton
    monkeypatch.setattr(why3session, "_skeleton", lambda *args: asked.append(args[0].name) or computed(*args))
    skeletons = why3session.Skeletons(why3session.theory_files(results, tmp_path))
    assert why3session.write_sessions(results, tmp_path, 20, skeletons=skeletons) == [session]
    assert _files(session) == from_scratch and asked == ["div_int_int8.mlw"]


def test_a_session_never_claims_a_goal_that_was_not_proved(tmp_path, versions):
    results = _results(tmp_path, versions, {MAGNITUDE: ("why3+z3", "timeout"),
                                            "int.int8.range.result_in_range": ("z3", "proved")})
    [session] = why3session.write_sessions(results, tmp_path, 20)
    # only Why3's own proofs: not a timeout, not another prover's proof of the obligation
    assert set(why3session.session_proofs(session)) == {"DivInt_int8.trunc_identity", "DivInt_int8.trunc_toward_zero",
                                                        "DivInt_int8.trunc_sign", "DivInt_int8.example_1"}
    xml = (session / "why3session.xml").read_text()
    assert xml.count("<proof ") == 4 and xml.count('proved="true"') == 4
    code, output = _replay(tmp_path)
    assert code == 0 and "4 of 8 goals proved" in output
    assert "DivInt_int8.trunc_magnitude" in output.split("no proof in Why3:")[1]


def test_a_result_naming_a_goal_the_theory_lacks_is_an_error(tmp_path, versions):
    results = _results(tmp_path, versions)
    results[0].artifacts["why3"] = results[0].artifacts["why3"].rsplit(".", 1)[0] + ".no_such_goal"
    with pytest.raises(why3session.SessionError, match="no goal DivInt_int8.no_such_goal"):
        why3session.write_sessions(results, tmp_path, 20)


@needs_cvc4
def test_a_proof_by_cvc4_is_recorded_with_cvc4_and_replays(tmp_path, versions):
    results = _results(tmp_path, versions, {MAGNITUDE: ("why3+cvc4", "proved")})
    [session] = why3session.write_sessions(results, tmp_path, 20)
    assert why3session.session_proofs(session)["DivInt_int8.trunc_magnitude"] == ("CVC4", versions["why3/cvc4"])
    assert _replay(tmp_path)[0] == 0


@needs_cvc4
def test_why3_tries_cvc4_on_a_goal_z3_leaves_open(tmp_path, monkeypatch):
    """Z3 made to answer Timeout: CVC4 proves the goal, and the attempt says so."""
    backend = Why3Backend()
    [group] = [g for g in backend.prepare(INT8, tmp_path, {"why3"}) if g[0].obligation.id == MAGNITUDE]
    real = backend.prove_goal

    def z3_gives_up(*args, solver="z3", **named):
        if solver == "z3":
            return "Goal trunc_magnitude.\nProver result is: Timeout (5.00s).\n", 5.0
        return real(*args, solver=solver, **named)

    monkeypatch.setattr(backend, "prove_goal", z3_gives_up)
    monkeypatch.setattr(backend, "_prove_file", lambda *args: {})
    [attempt] = backend.run_group(group, 20, 1)
    assert (attempt.prover, attempt.verdict) == ("why3+cvc4", "proved")
    assert group[0].prover == "why3" and ("cvc4", backend.versions()["why3/cvc4"]) in group[0].options


@needs_cvc4
@pytest.mark.parametrize("prop, route", [
    ("div_by_one", ["file z3bits", "z3"]),                   # bit-blasting the goal alone, then the whole task
    ("exact_when_representable", ["file z3abstract", "z3"]),  # abstract floats, then the whole task
    ("neg_numerator", ["file z3", "z3"]),                    # the whole task, under the file's steps then its own
    ("trunc_magnitude", ["file z3", "cvc4", "z3"]),          # an integer claim: CVC4 before Z3's full steps
])
def test_why3_tries_the_provers_of_a_goal_the_file_pass_left_open_in_its_order(tmp_path, monkeypatch, prop, route):
    """Every prover inside Why3 made to answer Timeout: the solvers asked, in order, are the statement's
    route (Z3 on abstract floats, on the goal's bits or on the whole task, whichever proves the claim; CVC4
    only off floats)."""
    [obligation] = [o for o in spec_obligations(DIV_MD) if o.prop == prop and o.format in ("fp32", "int8")]
    backend = Why3Backend()
    [group] = backend.prepare([obligation], tmp_path, {"why3"})
    asked = []

    def gives_up(*args, solver="z3", **named):
        asked.append(solver)
        return "Goal g.\nProver result is: Timeout (5.00s).\n", 5.0

    monkeypatch.setattr(backend, "prove_goal", gives_up)
    monkeypatch.setattr(backend, "_prove_file", lambda theory, solver: asked.append(f"file {solver}") or {})
    [attempt] = backend.run_group(group, 20, 1)
    assert asked == route and attempt.verdict == "timeout"


def test_without_cvc4_why3_uses_z3_alone_with_a_one_line_note(tmp_path, monkeypatch, capsys):
    real_which = why3_backend.shutil.which
    monkeypatch.setattr(why3_backend.shutil, "which",
                        lambda tool, path=None: None if tool == "cvc4" else real_which(tool, path=path))
    backend = Why3Backend()
    groups = backend.prepare(INT8, tmp_path, {"why3"})
    backend.prepare(INT8, tmp_path, {"why3"})
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["divbridge: note: CVC4 is not installed (apt-get install cvc4): Why3 proves with Z3 alone"]
    assert "why3/cvc4" not in backend.versions() and all(name != "cvc4" for name, _ in groups[0][0].options)
    [group] = [g for g in groups if g[0].obligation.id == MAGNITUDE]
    assert backend.run_group(group, 20, 1)[0].prover == "why3+z3"


def test_the_cache_gives_a_why3_task_the_answer_of_the_prover_inside_why3(tmp_path):
    task = ProofTask(INT8[0], "why3", "theory text", "t.mlw#M.g", (("z3", "4.8.12"), ("cvc4", "1.8")))
    cache = ProofCache(tmp_path)
    cache.store(task, "1.5.1", Attempt("why3+cvc4", "proved", 0.1, version="1.5.1 (cvc4 1.8)"))
    hit = cache.lookup(task, "1.5.1", 20)
    assert (hit.prover, hit.verdict, hit.cached) == ("why3+cvc4", "proved", True)
    assert cache.lookup(ProofTask(INT8[0], "z3", "theory text", "t.mlw#M.g", task.options), "1.5.1", 20) is None


def test_prove_writes_sessions_and_replay_uses_them(tmp_path, capsys):
    out = tmp_path / "out"
    only = ["--only", "int.int8.range.result_in_range", "--only", "int.int8.truncation.trunc_identity"]
    assert cli.main(["prove", *only, "--provers", "why3", "--out", str(out), "--no-crosscheck",
                     "--cache-dir", str(tmp_path / "cache"), "--timeout", "300"]) == 0
    session = out / "why3" / "div_int_int8"
    assert set(why3session.session_proofs(session)) == {"DivInt_int8.result_in_range", "DivInt_int8.trunc_identity"}
    capsys.readouterr()
    assert cli.main(["prove", "--replay", *only, "--out", str(out)]) == 0
    output = capsys.readouterr().out
    assert "2 proof(s) with why3+z3, from the Why3 sessions" in output
    theory = out / "why3" / "div_int_int8.mlw"
    theory.write_text(theory.read_text().replace("in_range (div a b)", "in_range (div a b) /\\ true"))
    # the theory is not the one results.json was written with (its evidence digest): refused before any replay
    assert cli.main(["prove", "--replay", *only, "--out", str(out)]) == 2
    assert "why3/div_int_int8.mlw is not the file results.json was written with" in capsys.readouterr().err


needs_gappa = pytest.mark.skipif(shutil.which("gappa") is None, reason="gappa is not installed")
ACCURACY = [o for o in spec_obligations(DIV_MD) if o.kind == "accuracy" and o.family == "float" and "why3" in o.backends]


@needs_gappa
@pytest.mark.parametrize("fmt", ["fp16", "bf16", "fp64"])
def test_why3_proves_the_error_bounds_with_gappa_and_the_session_replays(tmp_path, versions, fmt):
    """Gappa through Why3's driver (FP16 and BFloat16 through why3/floats_gappa.drv) proves both bounds;
    the session records Gappa and plain `why3 replay` checks it.  A bound half as large is not proved."""
    backend = Why3Backend()
    bounds = [o for o in ACCURACY if o.format == fmt]
    groups = backend.prepare(bounds, tmp_path, {"why3"})
    attempts = {group[0].obligation.id: backend.run_group(group, 20, 1)[0] for group in groups}
    assert len(attempts) == 2 and {(a.prover, a.verdict) for a in attempts.values()} == {("why3+gappa", "proved")}
    theory = next(t for t in why3render.render(bounds, tmp_path) if t.path.stem == f"div_float_{fmt}")
    version = f"{versions['why3']} (gappa {versions['why3/gappa']})"
    results = [ObligationResult(g.obligation, combine([Attempt("why3+gappa", "proved", 0.01, version=version)]),
                                {"why3": theory.goal_ref(g)}) for g in theory.goals]
    [session] = why3session.write_sessions(results, tmp_path, 20)
    assert set(why3session.session_proofs(session).values()) == {("Gappa", versions["why3/gappa"])}
    assert _replay(tmp_path)[0] == 0
    halved = re.sub(r"constant unit_roundoff : real = 0x1p-(\d+)",
                    lambda found: f"constant unit_roundoff : real = 0x1p-{int(found[1]) + 1}", theory.path.read_text())
    assert halved != theory.path.read_text()
    theory.path.write_text(halved)
    code, output = _replay(tmp_path)
    assert code == 1 and "relative_error_normal" in output


MONOTONE = next(o for o in spec_obligations(DIV_MD) if o.id == "float.fp16.generic.monotone_numerator")
DIV_BY_ONE = next(o for o in spec_obligations(DIV_MD) if o.id == "float.fp16.generic.div_by_one")


def test_monotonicity_is_proved_from_its_lemmas_and_the_session_records_and_replays_them(tmp_path, versions):
    """Z3 on abstract floats proves FP16's monotonicity once its four lemmas are proved; the session records
    the lemmas' proofs beside the goal's, and plain `why3 replay` checks all five."""
    backend = Why3Backend()
    [group] = backend.prepare([MONOTONE], tmp_path, {"why3"})
    [attempt] = backend.run_group(group, 20, 1)
    assert (attempt.prover, attempt.verdict) == ("why3+z3abstract", "proved"), attempt.message
    [theory] = why3render.render([MONOTONE], tmp_path)
    lemmas = [name for name, _ in statements.of(MONOTONE).why3_lemmas(MONOTONE)]
    assert len(lemmas) == 4 and theory.lemmas == tuple(lemmas)
    recorded_attempt = dataclasses.replace(attempt, version=f"{versions['why3']} (z3abstract {versions['why3/z3']})")
    [session] = why3session.write_sessions(
        [ObligationResult(MONOTONE, combine([recorded_attempt]), {"why3": group[0].artifact})], tmp_path, 20)
    recorded = why3session.session_proofs(session)
    assert set(recorded) == {f"{theory.module}.{name}" for name in lemmas} | {f"{theory.module}.monotone_numerator"}
    assert set(recorded.values()) == {("Z3abstract", versions["why3/z3abstract"])}
    code, output = _replay(tmp_path)
    assert code == 0, output
    # with no goal of the module proved, nothing vouches for the lemmas: the session records no proof of them
    open_attempt = dataclasses.replace(recorded_attempt, verdict="timeout")
    why3session.write_sessions([ObligationResult(MONOTONE, combine([open_attempt]), {"why3": group[0].artifact})],
                               tmp_path, 20)
    assert why3session.session_proofs(session) == {}


def test_a_goal_that_rests_on_a_false_lemma_is_never_proved(tmp_path):
    """A false lemma in a goal's context would let Z3 prove anything there: a goal that rests on lemmas
    counts as proved only when every lemma is, so monotonicity is left unknown, naming it.  A / 1 = A is
    stated before the lemmas, where the false one cannot help: its proof stands."""
    original = statements.of(MONOTONE)
    false_step = ("never_nan", "forall a b: t. not is_nan (div a b)")     # 0 / 0 is NaN
    broken = dataclasses.replace(original, why3_steps=(*original.why3_steps, false_step))
    with statements.use(statements.registry(complete=True).extended(broken)):
        backend = Why3Backend()
        groups = backend.prepare([MONOTONE, DIV_BY_ONE], tmp_path, {"why3"})
        attempts = {g[0].obligation.id: backend.run_group(g, 20, 1)[0] for g in groups}
    monotone, div_by_one = attempts[MONOTONE.id], attempts[DIV_BY_ONE.id]
    assert monotone.verdict == "unknown" and "rests on lemma monotone_numerator_never_nan" in monotone.message
    assert (div_by_one.prover, div_by_one.verdict) == ("why3+z3bits", "proved"), div_by_one.message
    text = (tmp_path / "why3" / "div_float_fp16.mlw").read_text()
    assert text.index("goal div_by_one:") < text.index("lemma monotone_numerator_never_nan:") \
        < text.index("goal monotone_numerator:")
