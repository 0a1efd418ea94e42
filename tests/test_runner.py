"""The runner and verdict rules: what counts as proved, caching, offline, crashes."""

import io
import json
from pathlib import Path

import pytest

from divbridge.errors import InputError
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers.cache import ProofCache
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.runner import Backend, ProofTask, RunOptions, Runner
from divbridge.provers.verdicts import Attempt, as_expected, combine
from divbridge.results import Results, entry, load
from conftest import DIV_MD

OBLIGATIONS = [o for o in spec_obligations(DIV_MD) if o.id.startswith("int.int8.")]


class ScriptedBackend(Backend):
    """A test double whose answers are scripted per (obligation id, prover)."""

    name = "scripted"

    def __init__(self, answers: dict[tuple[str, str], str], provers=("p1", "p2")):
        self.answers = answers
        self.provers = provers
        self.calls: list[tuple[str, str]] = []

    def versions(self):
        return {p: "1.0" for p in self.provers}

    def prepare(self, obligations, out_dir, provers):
        return [[ProofTask(o, p, f"text of {o.id}", f"{out_dir}/{o.id}") for p in self.provers] for o in obligations]

    def run_group(self, group, timeout, agree, cancel=None):
        out = []
        for task in group:
            self.calls.append((task.obligation.id, task.prover))
            verdict = self.answers.get((task.obligation.id, task.prover), "proved")
            if verdict == "crash":
                raise RuntimeError("solver segfault")
            out.append(Attempt(task.prover, verdict, 0.1, version="1.0"))
        return out


def _run(backend, tmp_path, mode="readwrite", agree=1, others=(), grace=0.2):
    stream = io.StringIO()
    runner = Runner([backend, *others], ProofCache(tmp_path / "cache", mode, stream=io.StringIO()),
                    RunOptions(agree=agree, jobs=2, grace=grace), tmp_path, stream)
    outcomes, versions = runner.run(OBLIGATIONS)
    return {r.id: r for r in outcomes}, stream.getvalue()


def test_only_definite_matching_verdicts_pass():
    assert as_expected("proved", "valid") and as_expected("refuted", "invalid")
    for verdict in ("unknown", "timeout", "error", "skipped"):
        assert not as_expected(verdict, "valid") and not as_expected(verdict, "invalid")
    assert not as_expected("refuted", "valid") and not as_expected("proved", "invalid")


def test_disagreement_is_an_error_and_timeouts_never_prove():
    assert combine([Attempt("z3", "proved", 1), Attempt("cvc5", "refuted", 1)]).verdict == "error"
    assert combine([Attempt("z3", "timeout", 9), Attempt("cvc5", "unknown", 1)]).verdict == "timeout"
    assert combine([]).verdict == "skipped"
    assert combine([Attempt("z3", "proved", 1), Attempt("cvc5", "timeout", 9)], agree=2).verdict == "unknown"
    assert combine([Attempt("z3", "proved", 1), Attempt("cvc5", "proved", 2)], agree=2).verdict == "proved"


def test_runner_combines_reports_progress_and_survives_a_crash(tmp_path):
    first = OBLIGATIONS[0].id
    crashing = OBLIGATIONS[1].id
    backend = ScriptedBackend({(first, "p1"): "timeout", (crashing, "p1"): "crash"})
    results, progress = _run(backend, tmp_path)
    assert results[first].verdict == "proved"            # p2 proved it
    assert results[crashing].verdict == "error"          # the crash is an error, not a lost obligation
    assert "solver segfault" in results[crashing].attempts[0].message
    assert progress.count("\n") == len(OBLIGATIONS)      # one line per finished obligation
    assert f"/{len(OBLIGATIONS)}]" in progress


class SlowBackend(Backend):
    """Answers only when told to stop: shows that a decided obligation stops the others."""

    name = "slow"

    def versions(self):
        return {"slow": "1.0"}

    def prepare(self, obligations, out_dir, provers):
        return [[ProofTask(o, "slow", f"slow {o.id}", f"{out_dir}/slow")] for o in obligations]

    def run_group(self, group, timeout, agree, cancel=None):
        stopped = cancel.wait(timeout=600)   # a ceiling: the decision stops it long before
        return [Attempt("slow", "skipped" if stopped else "timeout", 0.0, message="stopped")]


def test_backends_race_and_the_loser_is_stopped_not_proved(tmp_path):
    results, _ = _run(ScriptedBackend({}), tmp_path, others=(SlowBackend(),))
    for result in results.values():
        slow = [a for a in result.attempts if a.prover == "slow"]
        assert slow and slow[0].verdict == "skipped"
        assert result.prover in ("p1", "p2", "p1, p2") and "slow" not in result.prover


class SecondBackend(ScriptedBackend):
    """Proves everything ``delay`` seconds after it starts, unless it is stopped first."""

    name = "second"

    def __init__(self, delay: float):
        super().__init__({}, provers=("second",))
        self.delay = delay

    def run_group(self, group, timeout, agree, cancel=None):
        if cancel.wait(timeout=self.delay):
            return [Attempt("second", "skipped", 0.0, message="stopped")]
        return super().run_group(group, timeout, agree, cancel)


def test_a_second_proof_within_the_grace_period_is_kept(tmp_path):
    # a grace far beyond the second's 0.3 s: it proves within it however slow the machine (the run ends when
    # it answers, not when the grace ends)
    kept, _ = _run(ScriptedBackend({}), tmp_path, others=(SecondBackend(0.3),), grace=600)
    proved = [r for r in kept.values() if r.verdict == "proved"]
    # kept in the run, not the deciding prover: "second" is ranked after p1 (results.json records p1 only)
    assert proved and all([a.verdict for a in r.attempts if a.prover == "second"] == ["proved"] for r in proved)
    assert all(r.prover == "p1" and "second" not in json.dumps(entry(r)["attempts"]) for r in proved)
    # no grace, and a second that would take 600 s: stopped as soon as p1 decides
    cut, _ = _run(ScriptedBackend({}), tmp_path / "b", others=(SecondBackend(600),), grace=0)
    assert all([a.verdict for a in r.attempts if a.prover == "second"] == ["skipped"] for r in cut.values())


def test_warm_run_answers_from_cache_and_offline_miss_fails(tmp_path):
    backend = ScriptedBackend({})
    _run(backend, tmp_path)
    cold_calls = len(backend.calls)
    warm = ScriptedBackend({})
    results, _ = _run(warm, tmp_path)
    assert cold_calls > 0 and warm.calls == []
    assert all(r.cached and r.verdict == "proved" for r in results.values())
    # offline with an empty cache: every obligation errors instead of passing
    offline, _ = _run(ScriptedBackend({}), tmp_path / "elsewhere", mode="offline")
    assert {r.verdict for r in offline.values()} == {"error"}


def test_corrupt_cache_entry_is_reproved(tmp_path):
    _run(ScriptedBackend({}), tmp_path)
    entries = list((tmp_path / "cache").rglob("*.json"))
    assert entries
    for entry in entries:
        entry.write_text(entry.read_text().replace('"proved"', '"refuted"'))
    again = ScriptedBackend({})
    results, _ = _run(again, tmp_path)
    assert again.calls, "a tampered entry must not be trusted"
    assert all(r.verdict == "proved" and not r.cached for r in results.values())


def test_results_file_round_trip_and_bad_files(tmp_path):
    results, _ = _run(ScriptedBackend({}), tmp_path)
    path = tmp_path / "results.json"
    Results(list(results.values()), tool_versions={"p1": "1.0"}).save(path)
    loaded = load(path)
    assert [r.id for r in loaded.obligations] == [o.id for o in OBLIGATIONS]
    # the scripted backend "proves" the INT_MIN / -1 probe too: the one obligation not as expected
    assert loaded.summary["not_as_expected"] == 1
    assert [r.id for r in loaded.obligations if not r.as_expected] == ["int.int8.probe.int_min_div_minus_one"]
    data = json.loads(path.read_text())
    assert {"schema_version", "tool_versions", "obligations", "summary"} <= set(data)
    assert {"id", "title", "family", "format", "requirements", "expect", "verdict", "prover",
            "counterexample", "attempts"} <= set(data["obligations"][0])
    # what changes from run to run is in the run log, and load merges it back
    assert not {"generated_at", "machine", "command"} & set(data)
    assert not {"time_s", "cached"} & set(data["obligations"][0])
    assert not {"time_s", "cached"} & set(data["obligations"][0]["attempts"][0])
    log = json.loads((tmp_path / "run-log.json").read_text())
    assert log["obligations"][OBLIGATIONS[0].id]["attempts"][0]["time_s"] == results[OBLIGATIONS[0].id].attempts[0].time_s
    assert loaded.machine and loaded.obligations[0].time_s == results[OBLIGATIONS[0].id].time_s
    (tmp_path / "run-log.json").write_text("{")
    with pytest.raises(InputError, match=r"run-log.json:\d+: corrupt run log"):
        load(path)
    (tmp_path / "run-log.json").unlink()
    assert load(path).obligations[0].time_s == 0.0   # no run log: no times, verdicts intact
    path.write_text(path.read_text()[:200])
    with pytest.raises(InputError, match=r"results.json:\d+: corrupt results file"):
        load(path)
    data["schema_version"] = 99
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match="schema version 99"):
        load(path)
    with pytest.raises(InputError, match="no results file"):
        load(Path(tmp_path / "missing.json"))


def test_open_claims_are_never_proved_and_fail_when_refuted(tmp_path):
    from dataclasses import replace

    from divbridge.provers.verdicts import ObligationResult

    claim = replace(OBLIGATIONS[0], open="beyond the provers' limits")
    timed_out = ObligationResult(claim, combine([Attempt("z3", "timeout", 30)]))
    refuted = ObligationResult(claim, combine([Attempt("z3", "refuted", 1)]))
    crashed = ObligationResult(claim, combine([Attempt("z3", "error", 1)]))
    assert (timed_out.status, timed_out.settled, timed_out.as_expected) == ("open", True, False)
    assert (refuted.status, refuted.settled) == ("not as expected", False)
    assert (crashed.status, crashed.settled) == ("not as expected", False)
    summary = Results([timed_out]).summary
    assert (summary["open"], summary["as_expected"], summary["not_as_expected"]) == (1, 0, 0)
    assert not Results([timed_out, refuted]).all_settled


def test_a_cached_timeout_stays_a_timeout_and_a_longer_limit_retries(tmp_path):
    first = OBLIGATIONS[0].id
    answers = {(first, "p1"): "timeout", (first, "p2"): "timeout"}
    _run(ScriptedBackend(answers), tmp_path)
    warm = ScriptedBackend(answers)
    results, _ = _run(warm, tmp_path)
    assert (first, "p1") not in warm.calls
    assert results[first].verdict == "timeout" and results[first].cached and not results[first].as_expected
    stream = io.StringIO()
    longer = ScriptedBackend({})
    runner = Runner([longer], ProofCache(tmp_path / "cache", stream=io.StringIO()),
                    RunOptions(timeout=600, jobs=2), tmp_path, stream)
    retried = {r.id: r for r in runner.run(OBLIGATIONS)[0]}
    assert (first, "p1") in longer.calls and retried[first].verdict == "proved"


def test_results_json_is_byte_stable_across_runs_with_the_same_verdicts(tmp_path):
    """Times, cache flags and race order differ between a cold and a warm run; results.json does not."""
    path = tmp_path / "results.json"
    cold, _ = _run(ScriptedBackend({}), tmp_path)
    Results(list(cold.values()), tool_versions={"p1": "1.0"}).save(path)
    first = path.read_bytes()
    warm, _ = _run(ScriptedBackend({}), tmp_path)
    assert all(r.cached for r in warm.values())
    for r in warm.values():
        r.attempts.reverse()                      # another race order
        r.attempts.append(Attempt("p3", "skipped", 0.1))
    mtime = path.stat().st_mtime_ns
    Results(list(warm.values()), tool_versions={"p1": "1.0"}, generated_at="later", machine="another").save(path)
    assert path.read_bytes() == first
    assert path.stat().st_mtime_ns == mtime       # not even rewritten
    assert json.loads((tmp_path / "run-log.json").read_text())["generated_at"] == "later"
    changed = list(warm.values())
    changed[0].outcome.verdict = "timeout"
    Results(changed, tool_versions={"p1": "1.0"}).save(path)
    assert path.read_bytes() != first             # a real change shows


class CheapBackend(ScriptedBackend):
    """Gappa's place: cost 0, answers first."""

    name = "cheap"
    cost = 0


def test_the_cheapest_tier_first_and_the_next_only_when_it_leaves_the_obligation_open(tmp_path):
    first = OBLIGATIONS[0].id
    cheap = CheapBackend({(first, "c"): "timeout"}, provers=("c",))
    others = ScriptedBackend({})
    results, _ = _run(cheap, tmp_path, others=(others,))
    assert {oid for oid, _ in others.calls} == {first}        # only where the cheap prover did not settle
    assert results[first].verdict == "proved" and results[first].prover == "p1"   # the first in preference
    assert all(r.prover == "c" for oid, r in results.items() if oid != first)


def test_race_runs_every_tier_at_once(tmp_path):
    cheap = CheapBackend({}, provers=("c",))
    others = ScriptedBackend({})
    stream = io.StringIO()
    runner = Runner([cheap, others], ProofCache(tmp_path / "cache", "off", stream=io.StringIO()),
                    RunOptions(jobs=2, grace=5, race=True), tmp_path, stream)
    outcomes, _ = runner.run(OBLIGATIONS)
    assert len(others.calls) == 2 * len(OBLIGATIONS)
    assert all(o.outcome.prover == "c" and {a.prover for a in o.outcome.attempts} == {"c", "p1", "p2"}
               for o in outcomes)


# -- a deterministic winner: the recorded prover does not depend on who finished first ---------------

class TimedBackend(Backend):
    """One prover answering after a set delay (or stopped first): two of them race like Why3 and the
    SMT portfolio.  A refutation carries a counterexample of its own, replayed or not."""

    def __init__(self, prover: str, delay: float, replayed: bool = True):
        self.name = f"timed-{prover}"
        self.prover = prover
        self.delay = delay
        self.replayed = replayed
        self.calls: list[str] = []

    def versions(self):
        return {self.prover: "1.0"}

    def prepare(self, obligations, out_dir, provers):
        return [[ProofTask(o, self.prover, f"{self.prover} {o.id}", f"proofs/{o.id}")] for o in obligations]

    def run_group(self, group, timeout, agree, cancel=None):
        [task] = group
        self.calls.append(task.obligation.id)
        if cancel is not None and cancel.wait(self.delay):
            return [Attempt(self.prover, "skipped", self.delay, message="stopped")]
        if task.obligation.expect == "valid":
            return [Attempt(self.prover, "proved", self.delay, version="1.0")]
        found = (Counterexample({"a": -128, "b": -1}, {"a": "int8", "b": "int8"}, f"{self.prover}'s replay", True)
                 if self.replayed else Counterexample(model={"c": "128 (0X80)", "r": "0"}))
        return [Attempt(self.prover, "refuted", self.delay, version="1.0", counterexample=found)]


def _results_bytes(tmp_path, backends, mode="readwrite") -> bytes:
    runner = Runner(backends, ProofCache(tmp_path / "cache", mode, stream=io.StringIO()),
                    RunOptions(jobs=2, grace=0.0), tmp_path, io.StringIO())
    outcomes, versions = runner.run(OBLIGATIONS)
    Results(outcomes, tool_versions=versions).save(tmp_path / "results.json")
    return (tmp_path / "results.json").read_bytes()


def test_two_race_orders_and_a_warm_run_record_the_same_results_json(tmp_path):
    """bitwuzla is preferred to z3 (verdicts.PREFERENCE): when z3 answers first, the race waits for
    bitwuzla; when bitwuzla answers first, z3 is stopped.  Either way, and from the cache, bitwuzla
    is the recorded prover and its counterexample the headline."""
    z3_first = _results_bytes(tmp_path / "a", [TimedBackend("z3", 0.0), TimedBackend("bitwuzla", 0.4)])
    bitwuzla_first = _results_bytes(tmp_path / "b", [TimedBackend("z3", 0.4), TimedBackend("bitwuzla", 0.0)])
    assert z3_first == bitwuzla_first
    data = json.loads(z3_first)
    assert {o["prover"] for o in data["obligations"]} == {"bitwuzla"}
    assert all([a["prover"] for a in o["attempts"]] == ["bitwuzla"] for o in data["obligations"])
    [probe] = [o for o in data["obligations"] if o["expect"] == "invalid"]
    assert probe["counterexample"] == {"operands": {"a": {"format": "int8", "value": -128},
                                                    "b": {"format": "int8", "value": -1}},
                                       "mirror": "bitwuzla's replay", "replayed": True}
    # warm: z3's answers of run "a" are in its cache too, and change nothing
    warm = [TimedBackend("z3", 0.0), TimedBackend("bitwuzla", 0.0)]
    assert _results_bytes(tmp_path / "a", warm) == z3_first and not warm[0].calls and not warm[1].calls
    # a cache holding only the less preferred prover's answers does not decide: bitwuzla runs
    only_z3 = [TimedBackend("z3", 0.0)]
    _results_bytes(tmp_path / "c", only_z3)
    late = TimedBackend("bitwuzla", 0.0)
    assert _results_bytes(tmp_path / "c", [TimedBackend("z3", 0.0), late]) == z3_first
    assert len(late.calls) == len(OBLIGATIONS)


def test_an_unreplayable_model_is_never_the_headline():
    probe = next(o for o in OBLIGATIONS if o.expect == "invalid")
    why3 = TimedBackend("why3+z3", 0.0, replayed=False).run_group(
        TimedBackend("why3+z3", 0.0).prepare([probe], "out", set())[0], 1.0, 1)
    smt = TimedBackend("z3", 0.0).run_group(TimedBackend("z3", 0.0).prepare([probe], "out", set())[0], 1.0, 1)
    both = combine(why3 + smt)
    assert (both.verdict, both.prover) == ("refuted", "z3") and both.counterexample.values == {"a": -128, "b": -1}
    alone = combine(why3)
    assert alone.verdict == "refuted" and alone.counterexample is None     # refuted, but nothing replayed
    assert "no prover gave a counterexample the mirror replays" in alone.message and "names c, r" in alone.message


def test_progress_lines_name_the_run_they_belong_to(tmp_path):
    """audit proves two versions one after the other: each progress line says which."""
    import io

    from divbridge.obligations.catalog import spec_obligations
    from divbridge.provers.cache import ProofCache
    from divbridge.provers.portfolio import prove_obligations
    stream = io.StringIO()
    obligation = next(o for o in spec_obligations(DIV_MD) if o.id == "real.generic.div_by_one")
    prove_obligations([obligation], {"z3"}, ProofCache(tmp_path, "off"), 10.0, stream=stream, label="audit: old version")
    assert stream.getvalue().startswith("audit: old version: [  1/1] ok proved")


def test_why3_answers_every_goal_beside_the_deciding_prover(tmp_path):
    """Why3 runs in a tier of its own after the others, on every goal, however fast another prover
    decided (and slower than it); its answer is recorded beside the deciding one, which it never
    replaces, and is cached like the others."""
    why3 = TimedBackend("why3+z3", 0.3)
    why3.beside = True
    first = _results_bytes(tmp_path, [TimedBackend("z3", 0.0), why3])
    assert len(why3.calls) == len(OBLIGATIONS)
    data = json.loads(first)
    for entry in data["obligations"]:
        assert entry["prover"] == "z3"
        assert [a["prover"] for a in entry["attempts"]] == ["why3+z3", "z3"]
    again = TimedBackend("why3+z3", 0.3)
    again.beside = True
    assert _results_bytes(tmp_path, [TimedBackend("z3", 0.0), again]) == first and not again.calls


class ExpectingBackend(ScriptedBackend):
    """A backend beside the decision that records what the runner told it to expect, and when."""

    beside = True

    def __init__(self):
        super().__init__({}, provers=("why3",))
        self.expected: list[list[str]] = []

    def expect(self, tasks):
        assert not self.calls   # before the run asks for any
        self.expected.append([task.obligation.id for task in tasks])


def test_a_backend_beside_the_decision_learns_before_the_run_which_of_its_tasks_it_will_run(tmp_path):
    """Only the tasks the cache does not answer, once, before the first runs; none on a warm run (nor is
    the cache asked twice: every answer of the warm run is a cached one)."""
    cold = ExpectingBackend()
    _run(cold, tmp_path, others=[ScriptedBackend({})])
    assert cold.expected == [[o.id for o in OBLIGATIONS]] and len(cold.calls) == len(OBLIGATIONS)
    warm = ExpectingBackend()
    results, _ = _run(warm, tmp_path, others=[ScriptedBackend({})])
    assert warm.expected == [] and warm.calls == [] and all(r.cached for r in results.values())
    half = ExpectingBackend()
    kept = OBLIGATIONS[0]
    for path in (tmp_path / "cache").rglob("*.json"):
        if kept.id not in path.read_text() and '"why3"' in path.read_text():
            path.unlink()
    _run(half, tmp_path, others=[ScriptedBackend({})])
    assert half.expected == [[o.id for o in OBLIGATIONS if o is not kept]]


def test_a_task_beside_the_decision_holds_no_worker_that_decides(tmp_path):
    """With one worker, the first obligation's Why3 task waits until the last obligation is being decided: it
    runs beside the deciding workers, so the run goes on instead of waiting on it (before, it held the only
    worker and the run stood still until its wait ran out)."""
    import threading
    gate = threading.Event()

    class Opener(ScriptedBackend):
        def run_group(self, group, timeout, agree, cancel=None):
            if group[0].obligation.id == OBLIGATIONS[-1].id:
                gate.set()
            return super().run_group(group, timeout, agree, cancel)

    class Waiting(ScriptedBackend):
        beside = True
        waited: list[bool] = []

        def run_group(self, group, timeout, agree, cancel=None):
            if group[0].obligation.id == OBLIGATIONS[0].id:
                self.waited.append(gate.wait(600))   # a ceiling: the gate opens long before
            return super().run_group(group, timeout, agree, cancel)

    beside = Waiting({}, provers=("why3",))
    runner = Runner([Opener({}, provers=("z3",)), beside], ProofCache(tmp_path / "cache", "off", stream=io.StringIO()),
                    RunOptions(jobs=1), tmp_path, io.StringIO())
    results, _ = runner.run(OBLIGATIONS)
    assert beside.waited == [True]
    assert all({a.prover for a in r.outcome.attempts} == {"z3", "why3"} for r in results)


def test_the_obligations_of_a_backend_that_goes_first_are_started_first(tmp_path):
    """With one worker, the last obligation, the only one a `first` backend (slow even when it succeeds, as Coq)
    has a task for, is decided before the others; the results keep the catalogue's order."""
    decided: list[str] = []

    class Recording(ScriptedBackend):
        def run_group(self, group, timeout, agree, cancel=None):
            decided.append(group[0].obligation.id)
            return super().run_group(group, timeout, agree, cancel)

    class Slow(Recording):
        name = "slow"
        cost = 0
        first = True

        def prepare(self, obligations, out_dir, provers):
            return [[ProofTask(OBLIGATIONS[-1], "p1", "text", f"{out_dir}/slow")]]

    runner = Runner([Recording({}, provers=("p2",)), Slow({}, provers=("p1",))],
                    ProofCache(tmp_path / "cache", "off", stream=io.StringIO()),
                    RunOptions(jobs=1, provers={"p1", "p2"}), tmp_path, io.StringIO())
    results, _ = runner.run(OBLIGATIONS)
    assert decided[0] == OBLIGATIONS[-1].id and sorted(decided) == sorted(o.id for o in OBLIGATIONS)
    assert [r.id for r in results] == [o.id for o in OBLIGATIONS]


def test_a_gappa_proof_counts_only_with_its_certificate_checked_by_coq():
    """Gappa's "proved" stands beside Coq's check of its certificate (gappa+coq), both recorded as deciding;
    without it, or with a check that fails, it is no proof, and a rejected certificate is an error."""
    gappa, checked = Attempt("gappa", "proved", 0.01), Attempt("gappa+coq", "proved", 2.0)
    both = combine([checked, gappa])
    assert (both.verdict, both.prover) == ("proved", "gappa, gappa+coq")
    assert combine([gappa]).verdict == "error" and "no check of its certificate" in combine([gappa]).message
    rejected = Attempt("gappa+coq", "error", 2.0, message="Coq does not accept Gappa's certificate: Error: tauto failed")
    # a rejected certificate is an error, even beside an unknown or a proof through Why3 that leaves no certificate
    for others in ([], [Attempt("z3", "unknown", 1)], [Attempt("why3+gappa", "proved", 1)]):
        outcome = combine([gappa, rejected, *others])
        assert (outcome.verdict, outcome.prover) == ("error", "gappa+coq"), others
        assert outcome.message == rejected.message
    # the check out of time: a timeout, never a proof
    assert combine([gappa, Attempt("gappa+coq", "timeout", 60)]).verdict == "timeout"
    # another prover's proof stands on its own
    assert combine([gappa, rejected, Attempt("z3", "proved", 1)]).prover == "z3"
    # Gappa through Why3 leaves no certificate: recorded, never counted
    through_why3 = combine([Attempt("why3+gappa", "proved", 1)])
    assert through_why3.verdict == "unknown" and "no certificate" in through_why3.message
    # two tools agree: --agree 2 is met by Gappa and Coq's check of its proof
    assert combine([gappa, checked], agree=2).verdict == "proved"


def test_deciding_waits_for_the_check_of_a_certificate():
    from divbridge.provers.verdicts import deciding
    gappa = Attempt("gappa", "proved", 0.01)
    assert deciding([gappa], pending={"gappa+coq"}) is None
    assert [a.prover for a in deciding([gappa, Attempt("gappa+coq", "proved", 2)])] == ["gappa", "gappa+coq"]
