"""SMT-LIB obligations: every file is well formed for Z3, cvc5 and Bitwuzla; the portfolio answers honestly."""

from __future__ import annotations

import math
import re
import signal
import subprocess
import threading
from pathlib import Path

import pytest

from divbridge.obligations import smtrender
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers import counterexample, smt, solvers
from divbridge.provers.portfolio import SMT_SOLVERS
from divbridge.provers.counterexample import Counterexample, show
from divbridge.provers.smt import SmtBackend
from conftest import DIV_MD
from divbridge.operators.div import DIV

ALL = spec_obligations(DIV_MD) + strategy_obligations(DIV)
SMT = [o for o in ALL if smtrender.handles(o)]
BY_ID = {o.id: o for o in ALL}


@pytest.fixture(scope="module")
def rendered(tmp_path_factory):
    return smtrender.render_all(ALL, tmp_path_factory.mktemp("smt"))


def test_every_real_float_int_obligation_with_an_smt_backend_is_rendered(rendered):
    assert {r.obligation.id for r in rendered} == {o.id for o in SMT}
    assert {o.family for o in SMT} == {"real", "float", "int"}
    assert all(r.path.read_text() == r.text for r in rendered)


def test_a_query_of_an_obligation_no_longer_asked_is_removed(tmp_path):
    """A document edited between two runs (an obligation renamed or dropped): the second run's directory holds
    its own queries only, not the first's beside them as if they were evidence too."""
    smtrender.render_all(SMT[:6], tmp_path)
    (tmp_path / "notes.txt").write_text("not a query")
    kept = smtrender.render_all(SMT[2:6], tmp_path)
    assert sorted(p.name for p in tmp_path.glob("*.smt2")) == sorted(r.path.name for r in kept)
    assert len(kept) == 4 and (tmp_path / "notes.txt").exists()


def test_each_file_states_id_tags_status_and_logic(rendered):
    for r in rendered:
        o = r.obligation
        assert f"; divbridge proof obligation {o.id}\n" in r.text
        assert f"; requirements: {o.traced_to}\n" in r.text
        expected = "unsat" if o.expect == "valid" else "sat"
        assert f"; expected: {o.expect}, so the negated goal asserted below is {expected}\n" in r.text
        assert "(set-info :status unknown)" in r.text   # until a solver establishes it (record_status)
        assert re.search(rf"^\(set-logic {r.logic}\)$", r.text, re.M)
        assert r.text.count("(check-sat)") == 1 and "(assert (not goal))" in r.text


def test_the_status_says_what_an_smt_solver_established_or_the_route(rendered, tmp_path):
    r = rendered[0]
    path = tmp_path / "q.smt2"
    path.write_text(r.text)
    smtrender.record_status(path, "proved", "gappa", SMT_SOLVERS)
    text = path.read_text()
    assert "(set-info :status unknown)" in text and "verdict (proved) is gappa's" in text
    smtrender.record_status(path, "proved", "why3+z3, bitwuzla", SMT_SOLVERS)
    text = path.read_text()
    assert "(set-info :status unsat)" in text and "as bitwuzla established" in text and "gappa" not in text
    assert smtrender.question(text) == smtrender.question(r.text)   # the cache key stays


def test_a_query_rendered_again_keeps_its_recorded_status_and_is_not_written_again(tmp_path):
    """A warm run renders every query again: the file, which holds the status the last run recorded, is left as
    it is (no write, no sync) when nothing but that status differs; a query that changed is written."""
    [item] = smtrender.render_all(SMT[:1], tmp_path)
    smtrender.record_status(item.path, "proved", "z3", SMT_SOLVERS)
    recorded, inode = item.path.read_text(), item.path.stat().st_ino
    assert "(set-info :status unsat)" in recorded
    smtrender.render_all(SMT[:1], tmp_path)
    assert item.path.read_text() == recorded and item.path.stat().st_ino == inode   # an atomic write: a new inode
    item.path.write_text(recorded.replace("(check-sat)", "(assert true)\n(check-sat)"))
    smtrender.render_all(SMT[:1], tmp_path)
    assert item.path.read_text() == item.text   # another query: the rendered one, its status to be recorded


def test_logics_match_the_family(rendered):
    logics = {r.obligation.id: r.logic for r in rendered}
    assert logics["float.fp16.special.zero_div_zero"] == "QF_BVFP"
    assert logics["int.int32.truncation.trunc_magnitude"] == "QF_BV"
    assert logics["int.int32.probe.int_min_div_minus_one"] == "QF_BV"
    assert logics["int.int32.truncation.trunc_identity"] == "QF_NIA"   # about the exact quotient
    assert logics["real.generic.quotient_times_divisor"] == "QF_NRA"
    assert logics["real.example.example_1"] == "QF_LRA"
    assert "(_ FloatingPoint 5 11)" in next(r.text for r in rendered if r.obligation.id.startswith("float.fp16."))
    assert "(_ FloatingPoint 8 8)" in next(r.text for r in rendered if r.obligation.id.startswith("float.bf16."))


def _parse_z3(text):
    import z3
    z3.Solver().from_string(text)


def _parse_cvc5(text):
    import cvc5
    manager = cvc5.TermManager()
    solver = cvc5.Solver(manager)
    symbols = cvc5.SymbolManager(manager)
    parser = cvc5.InputParser(solver, symbols)
    parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, text, "t")
    while not (command := parser.nextCommand()).isNull():
        if command.getCommandName() not in ("check-sat", "exit"):
            command.invoke(solver, symbols)


def _parse_bitwuzla(text):
    import bitwuzla
    bitwuzla.Parser(bitwuzla.TermManager(), bitwuzla.Options()).parse(text, parse_only=True, parse_file=False)


@pytest.mark.parametrize("solver,parse", [("z3", _parse_z3), ("cvc5", _parse_cvc5), ("bitwuzla", _parse_bitwuzla)])
def test_every_solver_parses_every_file_it_supports(rendered, solver, parse):
    unsupported = []
    for r in rendered:
        if solvers.supports(solver, r.logic, r.text):
            parse(r.text)
        else:
            unsupported.append(r.obligation)
    if solver == "bitwuzla":  # no reals nor integers, no BF16 in its PyPI build: everything else must parse
        assert unsupported and all(o.family == "real" or o.format == "bf16" or r.logic == "QF_NIA"
                                   for r in rendered for o in [r.obligation] if o in unsupported)
    else:
        assert unsupported == []


def _run(obligation_id, provers=("z3", "cvc5", "bitwuzla"), timeout=300.0, agree=1, tmp=Path("/tmp")):
    backend = SmtBackend(tuple(provers))
    [group] = backend.prepare([BY_ID[obligation_id]], tmp, set(provers))
    return group, backend.run_group(group, timeout, agree)


def test_portfolio_proves_and_stops_the_others(tmp_path):
    group, attempts = _run("float.fp16.special.zero_div_zero", tmp=tmp_path)
    verdicts = {a.prover: a.verdict for a in attempts}
    # Bitwuzla, the preferred solver (verdicts.PREFERENCE), is waited for; a solver that proved it
    # sooner keeps its proof, the others are stopped
    assert verdicts["bitwuzla"] == "proved" and set(verdicts.values()) <= {"proved", "skipped"}
    assert all(a.version == solvers.version(a.prover) for a in attempts)
    assert group[0].artifact.endswith("float.fp16.special.zero_div_zero.smt2")


def test_agree_two_waits_for_two_agreeing_solvers(tmp_path):
    _, attempts = _run("int.int8.truncation.trunc_identity", agree=2, tmp=tmp_path)
    assert [a.verdict for a in attempts].count("proved") >= 2


def test_probe_is_refuted_with_a_readable_counterexample_the_mirror_reproduces(tmp_path):
    _, attempts = _run("int.int16.probe.int_min_div_minus_one", provers=("z3",), tmp=tmp_path)
    [attempt] = attempts
    assert attempt.verdict == "refuted"
    cex = attempt.counterexample
    assert cex.values == {"a": -32768, "b": -1} and cex.formats == {"a": "int16", "b": "int16"}
    assert show(cex) == {"a": "-32768 (int16 0x8000)", "b": "-1 (int16 0xffff)"}
    assert cex.replayed and "32768" in cex.mirror


def test_timeout_is_never_proved(tmp_path):
    _, attempts = _run("float.fp16.accuracy.relative_error_normal", provers=("z3", "cvc5"), timeout=1.0, tmp=tmp_path)
    assert {a.verdict for a in attempts} == {"timeout"}


def test_memory_limit_makes_an_error_not_an_answer():
    query = smtrender.render(BY_ID["float.fp64.generic.neg_numerator"], Path("/tmp")).text
    worker = solvers.Worker("z3", memory_mb=20)
    answer = worker.ask(query, cpu_seconds=30)
    assert answer.status == "error"
    worker.process.wait(timeout=30)
    assert not worker.alive   # a worker that failed is not reused


def test_a_worker_answers_query_after_query_and_a_killed_one_is_replaced():
    pool = solvers.WorkerPool(solvers.DEFAULT_MEMORY_MB)
    query = smtrender.render(BY_ID["float.fp16.special.nan_numerator"], Path("/tmp")).text
    probe = smtrender.render(BY_ID["int.int16.probe.int_min_div_minus_one"], Path("/tmp")).text
    worker = pool.acquire("z3")
    first = worker.ask(query, 30)
    assert first.status == "unsat"
    pool.release(worker, first)
    again = pool.acquire("z3")
    assert again is worker                              # the same process, started once
    second = again.ask(probe, 30)
    assert second.status == "sat" and second.model     # its model, not the previous query's answer
    again.kill()
    pool.release(again, solvers.Answer("error", {}, "killed"))
    assert pool.acquire("z3") is not worker             # a killed worker is never handed out again


def test_a_worker_past_its_cpu_limit_is_killed_and_answers_nothing():
    query = smtrender.render(BY_ID["float.fp64.generic.monotone_numerator"], Path("/tmp")).text
    worker = solvers.Worker("z3", solvers.DEFAULT_MEMORY_MB)
    answer = worker.ask(query, cpu_seconds=0)   # limit: 1 s of CPU for a query that needs minutes
    assert answer.status == "error" and "killed by its time or memory limit" in answer.message


def test_a_query_past_its_wall_clock_limit_kills_its_worker_and_is_an_error(monkeypatch):
    """A worker that never answers (here a process that only sleeps) is killed by the watchdog."""
    pool = solvers.WorkerPool(solvers.DEFAULT_MEMORY_MB)
    silent = solvers.Worker("z3", solvers.DEFAULT_MEMORY_MB)
    silent.kill()
    silent.process = subprocess.Popen(["sleep", "600"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                      encoding="utf-8", start_new_session=True)
    monkeypatch.setattr(pool, "acquire", lambda solver: silent)
    monkeypatch.setattr(solvers, "WALL_GRACE_S", 0.5)
    answer = pool.solve("z3", "(check-sat)", 0)
    assert answer.status == "error"
    assert not silent.alive and silent.process.returncode == -signal.SIGKILL   # killed, not waited for


def test_a_garbled_answer_from_a_worker_is_an_error_answer_not_an_exception(monkeypatch):
    """Whoever asks (the SMT race, check-spec through `WorkerPool.solve`) gets an error answer."""
    for line in ("not json\n", '{"model": {}}\n', '[1, 2]\n', '{"status": "sat", "model": 3}\n'):
        answer = solvers.parse_output(0, line, "")
        assert answer.status == "error" and answer.message.startswith("garbled answer"), line
    pool = solvers.WorkerPool(solvers.DEFAULT_MEMORY_MB)
    chatty = solvers.Worker("z3", solvers.DEFAULT_MEMORY_MB)
    chatty.kill()
    chatty.process = subprocess.Popen(["sh", "-c", "echo not-json; sleep 60"], stdin=subprocess.PIPE,
                                      stdout=subprocess.PIPE, encoding="utf-8", start_new_session=True)
    monkeypatch.setattr(pool, "acquire", lambda solver: chatty)
    assert pool.solve("z3", "(check-sat)", 5).status == "error"
    chatty.kill()


def test_a_pool_solves_one_query_after_another_on_its_workers():
    pool = solvers.WorkerPool(solvers.DEFAULT_MEMORY_MB)
    query = smtrender.render(BY_ID["int.int16.probe.int_min_div_minus_one"], Path("/tmp")).text
    first, second = pool.solve("z3", query, 30), pool.solve("z3", "(assert false)", 30)
    assert first.status == "sat" and first.model and (second.status, second.model) == ("unsat", {})


def test_bitwuzla_is_not_asked_about_reals(tmp_path):
    backend = SmtBackend()
    [group] = backend.prepare([BY_ID["real.generic.quotient_times_divisor"]], tmp_path, {"z3", "cvc5", "bitwuzla"})
    assert [t.prover for t in group] == ["z3", "cvc5"]


def test_a_counterexample_the_mirror_does_not_reproduce_is_a_tool_bug():
    obligation = BY_ID["float.fp16.special.zero_div_zero"]
    # a = b = 1.0 satisfies the property (the precondition fails): claiming it violates it is a bug
    record, problem = counterexample.check(obligation, {"a": "fp16", "b": "fp16"}, {"a_bits": 0x3C00, "b_bits": 0x3C00})
    assert not record.replayed and problem.startswith("tool bug")
    assert show(record)["a"] == "1.0 = 0x1.0000000000000p+0 (fp16 0x3c00)"
    assert "a = 1.0 = 0x1.0000000000000p+0 (fp16 0x3c00)" in problem


def test_float_values_show_decimal_hexfloat_and_bits():
    shown = show(Counterexample({"a": 0xBC00, "b": 0x7F800000}, {"a": "fp16", "b": "fp32"}))
    assert shown == {"a": "-1.0 = -0x1.0000000000000p+0 (fp16 0xbc00)", "b": "inf (fp32 0x7f800000)"}


def test_a_solver_that_cannot_read_the_query_is_an_error_not_an_answer(tmp_path):
    from divbridge.provers.runner import ProofTask
    backend = SmtBackend(("z3", "cvc5"))
    obligation = BY_ID["float.fp16.special.zero_div_zero"]
    broken = [ProofTask(obligation, name, "(set-logic QF_BV)\n(assert (bvult x\n(check-sat)\n", "x.smt2")
              for name in ("z3", "cvc5")]
    attempts = backend.run_group(broken, 30.0, 1)
    assert [a.verdict for a in attempts] == ["error", "error"]
    assert all(a.message for a in attempts)


class _ScriptedWorker:
    """A solver worker that gives a set answer at once, or once another solver has answered (or is killed
    first): the order of the answers is the test's, whatever the machine's load."""

    def __init__(self, solver: str, status: str, answered: dict[str, threading.Event], after: str | None = None):
        self.solver, self.status, self.answered, self.after = solver, status, answered, after
        self.killed = threading.Event()

    def ask(self, text, cpu_seconds):
        if self.after is not None:
            while not self.answered[self.after].wait(0.01):
                if self.killed.is_set():
                    return solvers.Answer("error", {}, "killed")
        if self.killed.is_set():
            return solvers.Answer("error", {}, "killed")
        self.answered[self.solver].set()
        return solvers.Answer(self.status, {})

    def kill(self):
        self.killed.set()


class _ScriptedPool:
    """Solver -> (the solver it answers after, or None; its answer); records the solvers started, in order."""

    def __init__(self, script):
        self.script, self.started = script, []
        self.answered = {solver: threading.Event() for solver in script}

    def acquire(self, solver):
        self.started.append(solver)
        after, status = self.script[solver]
        return _ScriptedWorker(solver, status, self.answered, after)

    def release(self, worker, answer):
        pass


def _staggered(tmp_path, script, agree=1):
    backend = SmtBackend()
    [group] = backend.prepare([BY_ID["float.fp16.special.zero_div_zero"]], tmp_path, {"z3", "cvc5", "bitwuzla"})
    backend.pool = _ScriptedPool(script)
    return backend.pool.started, {a.prover: a for a in backend.run_group(group, 600.0, agree)}


@pytest.fixture
def no_stagger(monkeypatch):
    """A solver starts only when those before it have answered: the stagger never elapses."""
    monkeypatch.setattr(smt, "STAGGER_S", math.inf)


@pytest.mark.parametrize("script", [{"z3": (None, "unsat"), "cvc5": ("z3", "unsat"), "bitwuzla": ("cvc5", "unsat")},
                                    {"z3": ("cvc5", "unsat"), "cvc5": ("bitwuzla", "unsat"), "bitwuzla": (None, "unsat")}],
                         ids=["bitwuzla_last", "bitwuzla_first"])
def test_the_portfolio_waits_for_the_preferred_solver_whatever_the_race_order(tmp_path, script, monkeypatch):
    from divbridge.provers.verdicts import combine
    monkeypatch.setattr(smt, "STAGGER_S", 0.0)   # every solver at once, to answer in the script's order
    started, attempts = _staggered(tmp_path, script)
    assert attempts["bitwuzla"].verdict == "proved"     # first in verdicts.PREFERENCE: waited for, never stopped
    assert combine(list(attempts.values())).prover == "bitwuzla"
    if script["bitwuzla"][0] is None:   # it answered first: the others, ranked after it, are stopped
        assert attempts["z3"].verdict == attempts["cvc5"].verdict == "skipped"


def test_a_solver_ranked_after_a_quick_answer_never_starts(tmp_path, no_stagger):
    """Bitwuzla (first in verdicts.PREFERENCE) proves: Z3 and cvc5, whose answers could not decide, are not
    started at all."""
    started, attempts = _staggered(tmp_path, {"bitwuzla": (None, "unsat"), "z3": (None, "unsat"), "cvc5": (None, "unsat")})
    assert started == ["bitwuzla"]
    assert [attempts[p].verdict for p in ("bitwuzla", "z3", "cvc5")] == ["proved", "skipped", "skipped"]
    assert attempts["z3"].time_s == 0.0


def test_the_next_solver_starts_at_once_when_those_before_it_give_up(tmp_path, no_stagger):
    """Bitwuzla's "unknown" starts Z3 without waiting for the stagger (which never elapses here); Z3's proof
    decides, and cvc5, ranked after it, is not started."""
    started, attempts = _staggered(tmp_path, {"bitwuzla": (None, "unknown"), "z3": (None, "unsat"), "cvc5": (None, "unsat")})
    assert started == ["bitwuzla", "z3"]
    assert (attempts["bitwuzla"].verdict, attempts["z3"].verdict, attempts["cvc5"].verdict) == ("unknown", "proved", "skipped")


def test_a_slow_solver_is_joined_by_the_next_after_the_stagger_and_still_decides(tmp_path, monkeypatch):
    """Bitwuzla still running after the stagger: Z3 starts beside it and proves first, but Bitwuzla, ranked
    before it, is waited for and decides; cvc5, after a definite answer, never starts."""
    monkeypatch.setattr(smt, "STAGGER_S", 0.1)
    started, attempts = _staggered(tmp_path, {"bitwuzla": ("z3", "unsat"), "z3": (None, "unsat"), "cvc5": (None, "unsat")})
    assert started == ["bitwuzla", "z3"]
    assert (attempts["bitwuzla"].verdict, attempts["z3"].verdict, attempts["cvc5"].verdict) == ("proved", "proved", "skipped")


def test_agree_two_starts_solvers_until_two_definite_answers(tmp_path, no_stagger):
    started, attempts = _staggered(tmp_path, {"bitwuzla": (None, "unsat"), "z3": (None, "unknown"), "cvc5": (None, "unsat")},
                                   agree=2)
    assert started == ["bitwuzla", "z3", "cvc5"]
    assert [attempts[p].verdict for p in ("bitwuzla", "z3", "cvc5")] == ["proved", "unknown", "proved"]
