"""An edit of the document re-proves what it changes: the proof cache's keys (`ProofCache.path`) of every task of
every prover, before and after an edit.  A task whose key is unchanged is answered from the cache, so an edit
that leaves every key as it was re-proves nothing."""

from __future__ import annotations

import dataclasses
import io
import shutil
from pathlib import Path

import pytest

from divbridge.obligations import why3render, why3task
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers.cache import ProofCache
from divbridge.provers import reproved
from divbridge.provers.portfolio import PROVERS, available, backends
from divbridge.provers.runner import Backend, ProofTask, RunOptions, Runner
from divbridge.provers.verdicts import Attempt
from conftest import DIV_MD
from divbridge.operators.div import DIV

pytestmark = pytest.mark.skipif(shutil.which("why3") is None, reason="why3 is not installed")

ORIGINAL = DIV_MD.read_text()
SIGN_RULE = "- A zero over a finite non-zero number is a zero carrying the product of the signs. `[E_DIV_FLOAT_DEF_0070]`"
ACCURACY = "- The rounding error is bounded as IEEE 754 bounds it. `[E_DIV_FLOAT_ACC_0010]`\n"


def _keys(tmp_path: Path, name: str, text: str) -> dict[tuple[str, str], str]:
    """(obligation id, prover) -> the cache entry of its task, for the document ``text``: every prover installed."""
    document = tmp_path / name / "div.md"
    document.parent.mkdir()
    document.write_text(text)
    obligations = spec_obligations(document) + strategy_obligations(DIV)
    cache = ProofCache(tmp_path / "cache")
    provers = available(set(PROVERS))
    keys = {}
    for backend in backends(provers):
        for group in backend.prepare(obligations, tmp_path / name / "out", provers):
            for task in group:
                keys[task.obligation.id, task.prover] = cache.path(task, "version").name
    return keys


@pytest.fixture(scope="module")
def before(tmp_path_factory) -> dict[tuple[str, str], str]:
    return _keys(tmp_path_factory.mktemp("keys"), "before", ORIGINAL)


def _int_section_first(text: str) -> str:
    float_at, int_at = text.index('<a id="float"></a>'), text.index('<a id="int"></a>')
    return text[:float_at] + text[int_at:].rstrip("\n") + "\n\n" + text[float_at:int_at]


@pytest.mark.parametrize("edit", [
    pytest.param(lambda text: text.replace("\n\nThis is divbridge's", "\n\nTwo lines of introduction that state\n"
                                           "nothing.\n\nThis is divbridge's", 1), id="lines added above everything"),
    pytest.param(_int_section_first, id="a reordered document"),
    pytest.param(lambda text: text.replace("E_DIV_FLOAT_DEF_0070", "E_DIV_FLOAT_DEF_0075"), id="a renamed tag"),
    pytest.param(lambda text: text.replace(ACCURACY, "").replace(
        "- A quotient of two finite numbers", ACCURACY + "- A quotient of two finite numbers"), id="a moved requirement"),
    pytest.param(lambda text: text.replace("share one element type", "have one element type"), id="a reworded sentence"),
])
def test_an_edit_that_keeps_every_claim_re_proves_nothing(tmp_path, before, edit):
    edited = edit(ORIGINAL)
    assert edited != ORIGINAL
    after = _keys(tmp_path, "after", edited)
    assert after.keys() == before.keys()
    changed = sorted(task for task in before if before[task] != after[task])
    assert changed == []
    assert len(before) > 300   # every prover's tasks: Why3's 138 goals, the SMT solvers', Gappa's, Coq's


def test_a_changed_claim_re_proves_exactly_its_goals(tmp_path, before):
    edited = ORIGINAL.replace(SIGN_RULE, SIGN_RULE.replace("the product of the signs", "the sign of the numerator"))
    assert edited != ORIGINAL
    after = _keys(tmp_path, "after", edited)
    changed = {task for task in before.keys() & after.keys() if before[task] != after[task]}
    # the obligations of the rule, in every float format; nothing else
    stated = {obligation for obligation, _ in changed}
    assert stated and all(".zero_div_nonzero_sign" in obligation or obligation.startswith("spec.")
                          for obligation in stated), sorted(stated)
    assert {obligation.split(".")[1] for obligation in stated if obligation.startswith("float.")} == {
        "fp16", "bf16", "fp32", "fp64"}
    # every prover of those obligations proves them again: none keeps an answer to the old claim
    assert changed == {task for task in after if task[0] in stated and task in before}


def test_a_changed_prover_version_re_proves_what_it_proved(tmp_path):
    obligations = [o for o in spec_obligations(DIV_MD) if o.id == "float.fp16.special.nan_numerator"]
    [backend] = backends({"why3"})
    [[task]] = backend.prepare(obligations, tmp_path, {"why3"})
    cache = ProofCache(tmp_path / "cache")
    assert cache.path(task, "1.5.1") != cache.path(task, "1.6.0")
    assert cache.path(task, "1.5.1") == cache.path(task, "1.5.1")


def test_a_why3_task_is_its_goal_in_its_context_without_comments_nor_the_other_goals(tmp_path):
    theories = why3render.render(spec_obligations(DIV_MD) + strategy_obligations(DIV), tmp_path)
    fp16 = next(theory for theory in theories if theory.module == "DivFloat_fp16")
    goals = {goal.name: goal for goal in fp16.goals}
    cloned, own, resting = goals["nan_numerator"], goals["example_1"], goals["monotone_numerator"]
    task = why3task.task(fp16, cloned, "LIBRARY")
    assert "(*" not in task and "obligation" not in task and task.endswith("\nLIBRARY")
    # a cloned goal: the generic module's statement of it, none of its other statements, no goal of the format's
    assert "axiom nan_numerator:" in task and "axiom nan_denominator:" not in task and "\ngoal " not in task
    own_task = why3task.task(fp16, own, "")
    assert own_task.count("\ngoal ") == 1 and "goal example_1:" in own_task and "axiom " not in own_task
    assert "lemma " not in own_task   # stated after it: not in its context
    assert "lemma monotone_numerator_finite:" in why3task.task(fp16, resting, "")
    # the goals of a module are in the file by name, wherever the document states them
    assert [goal.name for goal in fp16.goals] == sorted(goals)


class _Versioned(Backend):
    """One prover whose version the test sets: every task proved, each call counted."""

    name = "versioned"

    def __init__(self, version: str):
        self.version = version
        self.calls = 0

    def versions(self):
        return {"p1": self.version}

    def prepare(self, obligations, out_dir, provers):
        return [[ProofTask(o, "p1", f"the claim {o.statement}", f"{out_dir}/{o.id}")] for o in obligations]

    def run_group(self, group, timeout, agree, cancel=None):
        self.calls += len(group)
        return [Attempt(task.prover, "proved", 0.1, version=self.version) for task in group]


def _run(tmp_path: Path, backend: Backend, obligations) -> list:
    runner = Runner([backend], ProofCache(tmp_path / "cache", stream=io.StringIO()), RunOptions(jobs=2), tmp_path,
                    io.StringIO())
    return runner.run(obligations)[0]


def test_a_changed_prover_version_re_proves_what_it_proved_and_prove_says_why(tmp_path):
    obligations = [o for o in spec_obligations(DIV_MD) if o.id.startswith("int.int8.")]
    first = _run(tmp_path, _Versioned("1.0"), obligations)
    again = _Versioned("1.0")
    assert reproved.reasons(_run(tmp_path, again, obligations), first) == {} and again.calls == 0
    newer = _Versioned("2.0")
    third = _run(tmp_path, newer, obligations)
    assert newer.calls == len(obligations) > 0
    assert reproved.reasons(third, first) == {"changed tool": [(o.id, "p1") for o in obligations]}
    assert reproved.line(third, first).startswith(f"proved again: {len(obligations)} of {len(obligations)} "
                                                  f"answers: {len(obligations)} changed tool (int.int8.")


def test_prove_says_which_answers_it_proved_again_for_a_new_or_changed_statement(tmp_path):
    obligations = [o for o in spec_obligations(DIV_MD) if o.id.startswith("int.int8.")]
    first = _run(tmp_path, _Versioned("1.0"), obligations)
    changed = dataclasses.replace(obligations[0], statement=obligations[0].statement + " and more")
    moved = dataclasses.replace(obligations[1], lines=tuple(line + 2 for line in obligations[1].lines))
    added = dataclasses.replace(obligations[2], id="int.int8.new.claim", statement="a new claim")
    renamed = dataclasses.replace(obligations[3], id="int.int8.renamed.claim")
    backend = _Versioned("1.0")
    second = _run(tmp_path, backend, [changed, moved, added, renamed, *obligations[4:]])
    # the moved requirement's claim, and a claim stated before under another id, are answered by the cache
    assert backend.calls == 2
    assert reproved.reasons(second, first) == {"new statement": [("int.int8.new.claim", "p1")],
                                               "changed statement": [(changed.id, "p1")]}
    assert reproved.reasons(second, None) == {"new statement": [(changed.id, "p1"), ("int.int8.new.claim", "p1")]}
