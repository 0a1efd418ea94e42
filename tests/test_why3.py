"""The Why3 theories and backend: every generated theory type-checks, a sample of
goals is proved or refuted by Z3 through Why3, and Why3's answers map to honest verdicts."""

from __future__ import annotations

import dataclasses
import shutil
import subprocess
from fractions import Fraction
from pathlib import Path

import pytest

from divbridge import assets, statements
from divbridge.errors import ToolMissing
from divbridge.formats import get_format
from divbridge.obligations import why3render
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.model import Obligation
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers import why3 as why3_backend
from divbridge.provers import why3drivers
from divbridge.provers.why3 import Why3Backend, attempt_from_output, parse_answer, verdict_of
from conftest import DIV_MD
from divbridge.operators.div import DIV
from divbridge.terms import why3 as why3_terms

needs_why3 = pytest.mark.skipif(shutil.which("why3") is None or shutil.which("z3") is None,
                                reason="why3 and z3 are not installed")

WHY3_OBLIGATIONS = [o for o in spec_obligations(DIV_MD) if "why3" in o.backends]


@pytest.fixture(scope="module")
def theories(tmp_path_factory) -> list[why3render.Theory]:
    return why3render.render(spec_obligations(DIV_MD), tmp_path_factory.mktemp("why3"))


@pytest.fixture(scope="module")
def backend(tmp_path_factory) -> tuple[Why3Backend, dict[str, list]]:
    backend = Why3Backend()
    groups = backend.prepare(spec_obligations(DIV_MD), tmp_path_factory.mktemp("proofs"), {"why3"})
    return backend, {g[0].obligation.id: g for g in groups}


def test_every_why3_obligation_gets_exactly_one_goal(theories):
    goals = [g.obligation.id for t in theories for g in t.goals]
    assert sorted(goals) == sorted(o.id for o in WHY3_OBLIGATIONS)
    # every statement of the document has its Why3 goal: case-table rows and examples with infinite or NaN
    # operands included, and each of divbridge's own strategies
    assert [o.id for o in spec_obligations(DIV_MD) + strategy_obligations(DIV) if "why3" not in o.backends] == []
    assert {"table", "example"} <= {g.kind for t in theories for g in t.goals} and len(goals) > 110


def test_one_module_per_family_and_format(theories):
    stems = {t.path.stem for t in theories}
    assert stems == {"div_real", "div_shape", *(f"div_float_{f}" for f in ("fp16", "bf16", "fp32", "fp64")),
                     *(f"div_int_int{b}" for b in (8, 16, 32)), "div_spec"}   # the document's integer types


def test_a_theory_file_of_a_format_no_longer_asked_is_removed(tmp_path):
    why3render.render(WHY3_OBLIGATIONS, tmp_path)
    (tmp_path / "div_int_int8").mkdir()   # a session directory: the session writer's, left to it
    kept = why3render.render([o for o in WHY3_OBLIGATIONS if o.format in ("fp16", "fp32", "real")], tmp_path)
    # the generic float module stays with two formats to clone it
    assert {p.name for p in tmp_path.glob("*.mlw")} == {theory.path.name for theory in kept} | {"div_float_generic.mlw"}
    assert {p.name for p in tmp_path.glob("*.mlw")} == {"div_float_fp16.mlw", "div_float_fp32.mlw", "div_real.mlw",
                                                        "div_spec.mlw", "div_float_generic.mlw"}
    assert (tmp_path / "div_int_int8").is_dir()


def test_goals_are_named_after_their_prop_and_commented_with_id_and_tags(theories):
    for theory in theories:
        for goal in theory.goals:
            if theory.cloned(goal):   # stated once in the generic float module, for every format
                assert f"axiom {goal.name}:" in theory.clones.text and goal.id in theory.clones.text
                assert f"requirements {goal.traced_to}" in theory.clones.text
            elif goal.prop == "contract":   # a section's contract: the goal is its loop's verification condition
                assert f"let {goal.name.removesuffix(chr(39) + 'vc')} " in theory.text
                assert f"obligation {goal.id}; requirements {goal.traced_to}" in theory.text
            else:
                assert f"goal {goal.name}:" in theory.text
                assert f"obligation {goal.id}; requirements {goal.traced_to}" in theory.text
            if goal.prop == "case_rule":    # a special-value rule (the document's, or IEEE 754's): its case
                assert goal.name.removeprefix("ieee_") == goal.params["rule"] and goal.id.endswith(goal.params["rule"])
                assert (goal.name != goal.params["rule"]) == (goal.kind == "ieee")
            elif goal.prop == "case_table":   # a row by what it states, as its obligation is named
                assert goal.id.endswith(goal.name.replace("_", ".", 1))
            elif goal.prop not in ("example", "contract"):
                assert goal.name == goal.prop


def test_the_float_properties_are_stated_once_and_cloned_into_every_format(theories):
    floats = [t for t in theories if t.path.stem.startswith("div_float_")]
    generic = floats[0].clones
    assert generic is not None and all(t.clones is generic for t in floats)
    assert generic.path.read_text() == generic.text
    assert not [line for line in generic.text.splitlines() if line.strip().startswith("goal ")]
    statements = {g.name for g in generic.goals}
    assert {"nan_numerator", "zero_div_nonzero_sign", "div_by_one", "relative_error_normal"} <= statements
    assert "monotone_numerator" not in statements   # it rests on lemmas, stated after the format's other goals
    for theory in floats:
        # every statement becomes a goal of the format ("goal ."), none is restated, the examples stay
        assert f"clone div_float_generic.DivFloatGeneric as {why3render.CLONE_AS} with" in theory.text
        assert theory.text.rstrip().count("goal .") == 1
        own = {g.name for g in theory.goals if not theory.cloned(g)}
        assert own == {g.name for g in theory.goals if g.prop in ("example", "case_table") or g.lemmas}
        assert {g.name for g in theory.goals if theory.cloned(g)} == statements
        assert not [line for line in theory.text.splitlines() if line.strip().startswith("axiom")]
        assert theory.selector(next(g for g in theory.goals if g.name == "div_by_one")) == "Generic.div_by_one"
    # no other theory uses the generic module: its statements are hypotheses nowhere
    assert all("div_float_generic" not in t.text for t in theories if t not in floats)


@needs_why3
def test_a_property_only_some_formats_have_stays_in_their_modules(tmp_path):
    obligations = [o for o in spec_obligations(DIV_MD) if o.id != "float.fp32.generic.div_by_one"]
    theories = {t.path.stem: t for t in why3render.render(obligations, tmp_path)}
    fp16, fp32 = theories["div_float_fp16"], theories["div_float_fp32"]
    assert "div_by_one" not in {g.name for g in fp16.clones.goals}
    assert "goal div_by_one:" in fp16.text and "div_by_one" not in {g.name for g in fp32.goals}
    run = subprocess.run(["why3", "-L", str(assets.WHY3_LIBRARY), "-L", str(tmp_path), "prove", "--type-only",
                          str(fp16.path)], capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr


def test_constraints_of_the_operator_carry_their_tags(theories):
    by_stem = {t.path.stem: t.text for t in theories}
    assert "[@E_DIV_REAL_CONSTR_B_0010] b <> 0.0" in by_stem["div_real"]
    assert "requires { not (a = min_value /\\ b = -1) }" in by_stem["div_int_int32"]
    assert "[@R1] a.shape = b.shape" in by_stem["div_shape"]
    assert "use floats.Float16" in by_stem["div_float_fp16"]
    assert "use floats.BFloat16" in by_stem["div_float_bf16"]


def test_unknown_statement_is_a_render_error(tmp_path):
    bogus = Obligation(id="float.fp16.generic.bogus", title="t", family="float", format="fp16", kind="generic",
                       prop="bogus", requirements=("E_DIV_FLOAT_DEF_0010",), statement="s")
    with pytest.raises(statements.NotEncoded, match="no statement 'bogus' in family float"):
        why3render.render([bogus], tmp_path)
    via_wider = next(o for o in strategy_obligations(DIV) if o.prop == "via_wider")
    without_goal = dataclasses.replace(statements.of(via_wider), why3_s=None)   # a strategy with no Why3 term
    with statements.use(statements.registry().extended(without_goal)):
        with pytest.raises(statements.NotEncoded, match="via_wider has no Why3 goal"):
            why3render.render([via_wider], tmp_path)


def test_hex_real_literals_are_exact():
    assert why3_terms.hex_real(Fraction(65504)) == "0x1.FFCp15"
    assert why3_terms.hex_real(Fraction(1, 2 ** 24)) == "0x1p-24"
    assert why3_terms.hex_real(Fraction(3, 4)) == "0x1.8p-1"


@needs_why3
def test_every_generated_theory_type_checks(theories):
    """A template that renders an ill-typed theory fails here, not in a user's `make prove`."""
    for theory in theories:
        run = subprocess.run(["why3", "-L", str(assets.WHY3_LIBRARY), "-L", str(theory.path.parent), "prove",
                              "--type-only", str(theory.path)],
                             capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, f"{theory.path.name}: {run.stdout}{run.stderr}"


@needs_why3
def test_the_hand_written_library_type_checks():
    for name in ("floats.mlw", "tensor.mlw"):
        run = subprocess.run(["why3", "-L", str(assets.WHY3_LIBRARY), "prove", "--type-only",
                              str(assets.WHY3_LIBRARY / name)], capture_output=True, text=True, timeout=600)
        assert run.returncode == 0, run.stdout + run.stderr


@needs_why3
@pytest.mark.parametrize("obligation_id, verdict", [
    ("float.fp16.special.finite_div_zero_sign", "proved"),     # FP16 through floats.drv
    ("float.bf16.special.zero_div_nonzero_sign", "proved"),    # BFloat16 through floats.drv
    ("float.fp32.special.inf_div_inf", "proved"),
    ("int.int32.truncation.trunc_identity", "proved"),
    ("int.int8.probe.int_min_div_minus_one", "refuted"),
    ("shape.tensor.elementwise", "proved"),
    ("real.example.example_1", "proved"),                      # the document's example: 6.1 / 3 = 61/30
    ("float.fp16.table.a_ne_0_and_a_isfinite_and_b_eq_0", "proved"),   # a case-table row, literals in FP16
    ("int.int8.example.example_1", "proved"),
])
def test_sample_goals(backend, obligation_id, verdict):
    prover, groups = backend
    [task] = groups[obligation_id]
    attempt = prover.run_group([task], 20.0, 1)[0]
    assert attempt.verdict == verdict, attempt.message
    if verdict == "refuted":   # the probe's goal names the operands: Why3's model is decoded and replayed
        assert attempt.counterexample.values == {"a": -128, "b": -1} and attempt.counterexample.replayed
        assert not attempt.counterexample.model


@needs_why3
def test_a_wrong_case_table_row_and_a_wrong_strategy_are_refuted_in_why3(tmp_path):
    row = next(o for o in spec_obligations(DIV_MD) if o.id == "float.fp32.table.a_isinf_and_b_isfinite")
    wrong_row = dataclasses.replace(row, params={**row.params, "result": ("nan", "", "0", "")})
    floor = next(o for o in strategy_obligations(DIV) if o.prop == "floor_equals_trunc")
    backend = Why3Backend()
    groups = backend.prepare([wrong_row, floor], tmp_path, {"why3"})
    verdicts = {g[0].obligation.id: backend.run_group(g, 20, 1)[0] for g in groups}
    # expected valid; Z3's "sat" alone would leave it unknown: its model, replayed on the mirror, refutes it
    wrong = verdicts[row.id]
    assert wrong.verdict == "refuted" and wrong.counterexample.replayed, wrong.message
    # the file pass on the goal's bits finds it satisfiable: Z3 on those bits gives the model, before (and so
    # instead of) Z3's steps on the whole task and its model there
    assert wrong.prover == "why3+z3bits"
    fp32 = get_format("fp32")
    assert fp32.decode(wrong.counterexample.values["a"]).is_inf and fp32.decode(wrong.counterexample.values["b"]).is_finite
    assert verdicts[floor.id].verdict == "refuted"        # a probe: its operands decoded and replayed
    assert set(verdicts[floor.id].counterexample.values) == {"a", "b"}


@needs_why3
def test_exactness_is_proved_in_why3_with_the_float_type_kept_abstract(backend):
    """FP16's exactness claim bit-blasts past any limit; from ieee_float's axioms Z3 proves it at once."""
    prover, groups = backend
    [task] = groups["float.fp16.generic.exact_when_representable"]
    attempt = prover.run_task(task, 20.0)
    assert (attempt.verdict, attempt.prover) == ("proved", "why3+z3abstract"), attempt.message


def _stock_drivers() -> Path:
    drivers = Path(subprocess.run(["why3", "--print-datadir"], capture_output=True, text=True).stdout.strip()) / "drivers"
    if not (drivers / "z3_440.drv").exists():
        pytest.skip("no Why3 drivers here")
    return drivers


def test_the_abstract_driver_drops_only_the_float_mapping_and_looping_axioms(tmp_path):
    drivers = _stock_drivers()
    [(path, text)] = why3drivers.ABSTRACT.drivers(drivers, tmp_path, assets.WHY3_LIBRARY / "floats.drv").items()
    assert path.parent == tmp_path and "smt-libv2-floats.gen" not in text and "FloatingPoint" not in text
    assert f'import "{drivers / "smt-libv2.gen"}"' in text and "remove prop floor_le" in text
    assert "remove prop div_finite" not in text     # the axioms the proofs rest on stay


def test_the_bits_driver_gives_z3_a_quantifier_free_task(tmp_path):
    """Z3 gets A / 1 = A with no quantified formula: the libraries' axioms removed, the definitions kept
    as define-fun, the premise introduced (the stock driver's task has quantifiers); and its model
    variant gives a model without (push)."""
    files = why3drivers.BITS.drivers(_stock_drivers(), tmp_path, assets.WHY3_LIBRARY / "floats.drv")
    assert 'meta "get_counterexmp"' in files[tmp_path / "z3bits-ce.drv"]
    assert "need_smtlib_push" not in files[tmp_path / "z3bits.drv"]
    backend = Why3Backend()
    [obligation] = [o for o in spec_obligations(DIV_MD) if o.id == "float.fp64.generic.div_by_one"]
    [[task]] = backend.prepare([obligation], tmp_path, {"why3"})
    theory, goal = backend._goals[task.artifact]
    backend._config, backend._extra = backend.write_config(tmp_path / "config")

    def task_for(prover: str) -> str:
        printed = tmp_path / prover
        printed.mkdir()
        output, _ = why3_backend.run_why3([why3_backend.require_why3(), "prove", *backend._options(theory.path),
                                           "-P", prover, "-o", str(printed), str(theory.path), "-T", goal.module,
                                           "-G", theory.selector(goal)], 60)
        [printed_task] = printed.iterdir()
        return printed_task.read_text()

    bits = task_for("z3bits")
    assert "forall" not in bits and "(assert (not (fp.isNaN a)))" in bits
    assert "forall" in task_for("z3")


@needs_why3
def test_false_goals_are_never_proved(tmp_path):
    """Real why3 runs on tiny hand-made goals: a false one, a false FP16 one, a satisfiable probe."""
    (tmp_path / "tiny.mlw").write_text(
        "module Tiny\n"
        "  use int.Int\n"
        "  use floats.Float16\n"
        "  goal false_int: forall x: int. x * x > 0\n"
        "  goal false_fp16: forall a: t. not is_nan a -> a ./ a = (1.0:t)\n"
        "  goal true_fp16: (1.0:t) ./ (4.0:t) = (0.25:t)\n"
        "end\n")
    prover = Why3Backend()
    prover.write_config(tmp_path)
    results = {}
    for goal, expect in (("false_int", "invalid"), ("false_fp16", "valid"), ("true_fp16", "valid")):
        # Z3's steps bound each goal; the seconds are a ceiling for a loaded machine
        output, elapsed = prover.prove_goal(tmp_path / "tiny.mlw", "Tiny", goal, 300.0, with_model=expect == "invalid")
        results[goal] = attempt_from_output(output, expect, elapsed, "tiny.mlw")
    assert results["false_int"].verdict == "refuted"
    assert results["false_int"].counterexample.model == {"x": "0"}   # no obligation: kept in Why3's words
    assert results["false_fp16"].verdict not in ("proved",)
    assert results["true_fp16"].verdict == "proved"


RECORDED = {
    "valid": 'File "a.mlw", line 3, characters 7-20:\nGoal g.\nProver result is: Valid (0.07s, 11716 steps).\n',
    "invalid": 'Goal g.\nProver result is: Invalid (0.02s, 10 steps).\n',
    "sat": 'Goal g.\nProver result is: Unknown (sat) (0.02s, 2194 steps).\n'
           'The following counterexample model has not been verified\n'
           '  (not checking CE model, missing option --check-ce):\n'
           'File probe.mlw:\n  Line 6:\n    c = 128 (0X80)\n    r = 0\n',
    "unknown": 'Goal g.\nProver result is: Unknown (unknown) (3.27s, 3363877 steps).\n',
    "timeout": 'Goal g.\nProver result is: Timeout (5.00s).\n',
    "z3_timeout": 'Goal g.\nProver result is: High failure (4.92s),\n  Prover exit status: exited with status 0\n'
                  '  prover output:\n  timeout\n  .\n',
    "failure": 'Goal g.\nProver result is: High failure (0.10s),\n  prover output:\n  (error "line 3: unknown")\n',
    "oom": 'Goal g.\nProver result is: Out of memory (12.17s).\n',
    "type_error": 'File "a.mlw", line 5, characters 79-101:\nThis term has type real\n',
}


@pytest.mark.parametrize("name, expect, verdict", [
    ("valid", "valid", "proved"), ("valid", "invalid", "proved"),
    ("invalid", "valid", "refuted"), ("invalid", "invalid", "refuted"),
    ("sat", "invalid", "refuted"), ("sat", "valid", "unknown"),
    ("unknown", "invalid", "unknown"), ("timeout", "valid", "timeout"), ("z3_timeout", "valid", "timeout"),
    ("failure", "valid", "error"), ("oom", "valid", "unknown"), ("type_error", "valid", "error"),
])
def test_recorded_outputs_map_to_verdicts(name, expect, verdict):
    attempt = attempt_from_output(RECORDED[name], expect, 1.0)
    assert attempt.verdict == verdict
    assert attempt.prover == "why3+z3"
    if verdict == "refuted" and name == "sat":
        assert attempt.counterexample.model == {"c": "128 (0X80)", "r": "0"}
    if verdict not in ("proved", "refuted"):
        assert attempt.message


def _sat(model_lines: str) -> str:
    return ('Goal g.\nProver result is: Unknown (sat) (0.02s, 2194 steps).\n'
            'The following counterexample model has not been verified\n'
            '  (not checking CE model, missing option --check-ce):\n'
            f'File ieee_float.mlw:\n  Line 224:\n    max_int = 0\nFile probe.mlw:\n  Line 6:\n{model_lines}')


PROBE = next(o for o in spec_obligations(DIV_MD) if o.id == "int.int8.probe.int_min_div_minus_one")


def test_a_model_naming_the_operands_is_decoded_and_replayed_like_an_smt_model():
    attempt = attempt_from_output(_sat("    a = -128 (-0X80)\n    b = -1\n"), "invalid", 1.0, "probe.mlw", PROBE)
    assert attempt.verdict == "refuted"
    cex = attempt.counterexample
    assert cex.values == {"a": -128, "b": -1} and cex.formats == {"a": "int8", "b": "int8"}
    assert cex.replayed and cex.mirror == "trunc(a / b) = 128" and not cex.model


def test_a_model_the_mirror_does_not_reproduce_is_an_error():
    attempt = attempt_from_output(_sat("    a = 5 (0X5)\n    b = 1\n"), "invalid", 1.0, "probe.mlw", PROBE)
    assert attempt.verdict == "error" and attempt.message.startswith("tool bug")
    assert attempt.counterexample.values == {"a": 5, "b": 1} and not attempt.counterexample.replayed


def test_why3_float_words_decode_exactly():
    fp16 = {"a": "fp16", "b": "fp16"}
    assert why3_backend.model_values(fp16, {"a": "+0", "b": "-0x1.004p0 (-1.00098)"}) == {"a": 0, "b": 0xBC01}
    assert why3_backend.model_values(fp16, {"a": "-0", "b": "+\u221e"}) == {"a": 0x8000, "b": 0x7C00}
    assert why3_backend.model_values(fp16, {"a": "-\u221e", "b": "NaN"}) == {"a": 0xFC00, "b": 0x7E00}
    assert why3_backend.model_values(fp16, {"a": "0x1.0001p0", "b": "+0"}) is None   # not an fp16 value
    assert why3_backend.model_values(fp16, {"a": "+0"}) is None                      # b missing
    assert why3_backend.model_values({"a": "int8"}, {"a": "128 (0X80)"}) is None    # out of range
    assert why3_backend.model_values({"a": "real"}, {"a": "3/7"}) == {"a": Fraction(3, 7)}
    # Why3 1.5.1 prints a subnormal one binade low (exponent field 0 less the bias): FP32's 0x291 * 2^-149
    fp32 = {"a": "fp32", "b": "fp32"}
    assert why3_backend.model_values(fp32, {"a": "-0x0.000522p-127 (-4.60327e-43)", "b": "0x1.200078p-126"}) \
        == {"a": 0x80000291, "b": 0x0090003C}
    assert why3_backend.model_values(fp16, {"a": "0x0.004p-15", "b": "-0x0.ffcp-15"}) == {"a": 1, "b": 0x83FF}


def test_parse_answer_and_mapping_details():
    assert parse_answer(RECORDED["sat"]) == ("Unknown (sat)", 0.02)
    assert parse_answer("nothing here") is None
    assert verdict_of("Step limit exceeded", "valid") == "timeout"
    assert verdict_of("Failure", "invalid") == "error"
    # Z3 stopped by its step limit answers "unknown": Why3's verdict is then the step limit, a timeout
    stopped = "Goal g.\nProver result is: Unknown (unknown) (18.71s, 40000431 steps).\n"
    assert parse_answer(stopped, 40_000_000) == ("Step limit exceeded", 18.71)
    assert parse_answer(stopped, 50_000_000) == ("Unknown (unknown)", 18.71)
    assert parse_answer(stopped) == ("Unknown (unknown)", 18.71)


@needs_why3
def test_z3_inside_why3_is_bounded_by_steps_whatever_the_time(tmp_path):
    """The same goal, the same answer: Z3 stops at its step limit (deterministic), not at a time that
    depends on the machine's load; the abstract route and the file pass are bounded the same way."""
    [obligation] = [o for o in spec_obligations(DIV_MD) if o.id == "float.fp64.generic.div_by_one"]
    backend = Why3Backend()
    [[task]] = backend.prepare([obligation], tmp_path, {"why3"})
    theory, goal = backend._goals[task.artifact]
    # the seconds are a ceiling far beyond the steps' time (25 to 47 s here at 1.6 to 3 million steps a second)
    output, _ = backend.prove_goal(theory.path, goal.module, theory.selector(goal), 600, solver="z3")
    assert attempt_from_output(output, "valid", 0.0).verdict == "proved"   # 75 million steps here
    assert why3_backend.step_limit("z3") == why3_backend.Z3_STEPS["beside"] > 75_000_000
    assert ("z3_steps", ",".join(map(str, why3_backend.Z3_STEPS.values()))) in task.options   # in the cache key


def test_missing_why3_is_a_one_line_message(monkeypatch):
    monkeypatch.setattr(why3_backend.shutil, "which", lambda tool, path=None: None)
    with pytest.raises(ToolMissing) as caught:
        Why3Backend().versions()
    assert str(caught.value) == "why3 is not installed; install it with: apt-get install why3"


def test_missing_why3_exits_2_through_the_cli(monkeypatch, capsys, tmp_path):
    from divbridge import cli
    monkeypatch.setattr(why3_backend.shutil, "which", lambda tool, path=None: None)
    code = cli.main(["prove", "--provers", "why3", "--no-cache", "--out", str(tmp_path)])
    assert code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1].endswith("why3 is not installed; install it with: apt-get install why3")


@needs_why3
def test_versions_report_why3_and_its_z3():
    versions = Why3Backend().versions()
    assert versions["why3"].startswith("1.")
    assert versions["why3/z3"][0].isdigit()


FILE_OUTPUT = """File /p/div_int_int8.mlw:
Goal div'vc.
Prover result is: Valid (0.02s, 8349 steps).

File "/p/div_int_int8.mlw", line 31, characters 23-169:
Goal trunc_identity.
Prover result is: Valid (0.05s, 865978 steps).

File "/p/div_int_int8.mlw", line 38, characters 24-78:
Goal trunc_magnitude.
Prover result is: Timeout (2.00s).

File "/p/div_int_int8.mlw", line 62, characters 30-103:
Goal int_min_div_minus_one.
Prover result is: Unknown (sat) (0.01s, 2259 steps).
"""


def test_a_file_run_gives_one_answer_per_goal_and_only_valid_proves():
    answers = why3_backend.parse_file_answers(FILE_OUTPUT, {"trunc_identity", "trunc_magnitude",
                                                            "int_min_div_minus_one", "result_in_range"})
    assert {name: a.verdict for name, a in answers.items()} == {
        "trunc_identity": "proved", "trunc_magnitude": "timeout", "int_min_div_minus_one": "unknown"}
    assert answers["trunc_identity"].time_s == 0.05
    twice = FILE_OUTPUT + "Goal trunc_identity.\nProver result is: Valid (0.01s).\n"
    assert "trunc_identity" not in why3_backend.parse_file_answers(twice, {"trunc_identity"})   # ambiguous


@needs_why3
def test_one_why3_run_per_file_then_one_per_goal_it_leaves_open(tmp_path, monkeypatch):
    int8 = [o for o in WHY3_OBLIGATIONS if o.id.startswith("int.int8.")]
    backend = Why3Backend()
    groups = backend.prepare(int8, tmp_path, {"why3"})
    commands = []
    real_run = why3_backend._run
    monkeypatch.setattr(why3_backend, "_run", lambda command, *rest, **named: commands.append(command) or real_run(command, *rest, **named))
    verdicts = {g[0].obligation.id: backend.run_group(g, 20, 1)[0].verdict for g in groups}
    assert verdicts == {o.id: "proved" if o.expect == "valid" else "refuted" for o in int8}
    file_steps = str(why3_backend.Z3_STEPS["file"])
    file_runs = [c for c in commands if "prove" in c and c[c.index("-s") + 1] == file_steps]
    goal_runs = [c[c.index("-G") + 1] for c in commands if "-G" in c and c not in file_runs]
    [file_run] = file_runs                           # the valid goals of the file in one run, and only those
    selected = {file_run[i + 1] for i, word in enumerate(file_run) if word == "-G"}
    assert selected == {o.id.rsplit(".", 1)[1] for o in int8 if o.expect == "valid"}
    [(_, answers)] = [pending for (kind, _), pending in backend._passes.items() if kind == "file z3"]
    proved_at_once = {name for name, a in answers.items() if a.verdict == "proved"}
    assert proved_at_once                            # 0.02-0.4 s each here: well within the pass's steps
    # a run of its own only for what the pass left open, and the probe (its counterexample run)
    goals = {o.id: o.id.rsplit(".", 1)[1] for o in int8}
    assert sorted(goal_runs) == sorted(name for name in goals.values() if name not in proved_at_once)
    assert "int_min_div_minus_one" in goal_runs


@needs_why3
def test_the_file_passes_the_run_will_ask_for_start_together_and_none_runs_twice(tmp_path, monkeypatch):
    """Told which tasks the run will ask for (`Backend.expect`), the backend runs their file passes in the
    background, in the obligations' order, and no other (a theory's obligations come together: both
    workers would otherwise wait for its pass); a pass a task has started is not run again, nor is one
    that another of the threads walking the list took."""
    obligations = [o for o in WHY3_OBLIGATIONS if o.format in ("fp16", "int8")]
    backend = Why3Backend()
    groups = backend.prepare(obligations, tmp_path, {"why3"})
    ran = []
    monkeypatch.setattr(backend, "_prove_file", lambda theory, solver: ran.append((theory.path.stem, solver)) or {})
    monkeypatch.setattr(backend, "prove_goal", lambda *args, **named: ("Goal g.\nProver result is: Timeout (5.00s).\n", 5.0))
    [int8_goal] = [g for g in groups if g[0].obligation.id == "int.int8.truncation.trunc_magnitude"]
    backend.run_group(int8_goal, 20, 1)     # a pass a task started itself
    backend.expect([task for group in groups for task in group])
    for thread in backend._passes_ahead:
        thread.join(30)
    assert sorted(ran) == sorted([("div_int_int8", "z3"), ("div_float_fp16", "z3bits"), ("div_float_fp16", "gappa"),
                                  ("div_float_fp16", "z3abstract"), ("div_float_fp16", "z3"),
                                  ("div_spec", "z3abstract"), ("div_spec", "z3")])
    assert ran[0] == ("div_int_int8", "z3")   # the task's own, started before the others
    ran.clear()
    backend = Why3Backend()
    groups = backend.prepare(obligations, tmp_path, {"why3"})
    monkeypatch.setattr(backend, "_prove_file", lambda theory, solver: ran.append((theory.path.stem, solver)) or {})
    backend.expect([task for group in groups for task in group if task.obligation.id.startswith("float.fp16.special")])
    for thread in backend._passes_ahead:
        thread.join(30)
    assert ran == [("div_float_fp16", "z3bits")]    # the cache answers the rest


@needs_why3
def test_a_file_pass_runs_on_the_goals_the_cache_did_not_answer_only(tmp_path, monkeypatch):
    """A goal whose answer the cache holds is not in its theory's file pass, whatever else the run asks of it."""
    obligations = [o for o in WHY3_OBLIGATIONS if o.format == "fp16" and o.kind == "special"]
    backend = Why3Backend()
    groups = backend.prepare(obligations, tmp_path, {"why3"})
    together = []
    monkeypatch.setattr(backend, "_prove_together",
                        lambda theory, solver, goals, limit, steps: together.append((solver, goals)) or {})
    asked = groups[0][0]
    backend.expect([asked])
    for thread in backend._passes_ahead:
        thread.join(30)
    theory, goal = backend._goals[asked.artifact]
    assert len(groups) > 1 and together == [("z3bits", [(goal.module, theory.selector(goal))])]


@needs_why3
def test_the_passes_that_bit_blast_start_widest_format_first(tmp_path, monkeypatch):
    """A divider's circuit grows with the square of the significand: the passes on the goals' bits start
    before the others, FP64's first, so that the longest does not start late and end a cold run alone;
    the other passes keep the obligations' order."""
    obligations = [o for o in WHY3_OBLIGATIONS if o.format in ("real", "fp16", "fp32", "fp64")]
    backend = Why3Backend()
    groups = backend.prepare(obligations, tmp_path, {"why3"})
    ran = []
    monkeypatch.setattr(why3_backend, "PASSES_AT_ONCE", 1)
    monkeypatch.setattr(backend, "_prove_file", lambda theory, solver: ran.append((theory.path.stem, solver)) or {})
    backend.expect([task for group in groups for task in group])
    for thread in backend._passes_ahead:
        thread.join(30)
    assert ran[:3] == [("div_float_fp64", "z3bits"), ("div_float_fp32", "z3bits"), ("div_float_fp16", "z3bits")]
    rest = ran[3:]
    assert ("div_real", "z3") in rest and all(solver != "z3bits" for _, solver in rest)
    assert rest.index(("div_real", "z3")) < rest.index(("div_float_fp16", "z3")) < rest.index(("div_float_fp64", "z3"))


@needs_why3
def test_each_file_pass_tries_the_goals_of_its_route_and_leaves_the_others_to_theirs(tmp_path):
    """Z3 on the goals' bits tries the claims of that route (the special values, the case table, the
    examples, A / 1 = A, A / A = 1), Z3 on abstract floats those of its own (exactness), Gappa the error
    bounds, and Z3 on Why3's whole task the other goals expected to hold; none tries monotonicity (Z3 on
    abstract floats proves it from its lemmas) nor the probes (each needs a model)."""
    fp16 = [o for o in WHY3_OBLIGATIONS if o.format == "fp16" and o.family == "float"]
    backend = Why3Backend()
    backend.prepare(fp16, tmp_path, {"why3"})
    passes = {}
    for _, goal in backend._goals.values():
        passes.setdefault(backend._file_pass(goal), set()).add(goal.obligation.kind if goal.prop in (
            "case_rule", "case_table", "example") else goal.prop)
    assert passes[None] == {"monotone_numerator"} | {o.prop for o in fp16 if o.expect == "invalid"}
    assert passes["gappa"] == {"absolute_error_subnormal", "relative_error_normal"}
    assert passes["z3bits"] == {"div_by_one", "self_div_one", "special", "table", "example"}
    assert passes["z3abstract"] == {"exact_when_representable"}
    assert passes["z3"] == {"neg_numerator", "neg_denominator"}


VIA_WIDER = [o for o in strategy_obligations(DIV) if "via" in o.params]


def test_each_strategy_through_a_wider_format_has_a_goal_apart_over_the_wider_module(tmp_path):
    """The double roundings and the integer division through binary64 are stated in Why3 too, each in a module
    of its own that uses the wider format and the conversions to it (no other goal sees their axioms)."""
    assert {o.id for o in VIA_WIDER} == {"float.fp16.strategy.via_fp32", "float.bf16.strategy.via_fp32",
                                        "float.fp32.strategy.via_fp64", "int.int32.strategy.via_fp64",
                                        "int.int64.strategy.via_fp64"}
    theories = why3render.render(VIA_WIDER, tmp_path)
    goals = {goal.obligation.id: (theory, goal) for theory in theories for goal in theory.goals}
    for obligation in VIA_WIDER:
        theory, goal = goals[obligation.id]
        module = theory.text[theory.text.index(f"module {goal.module}\n"):]
        module = module[:module.index("\nend")]
        assert goal.module != theory.module and f"goal {goal.name}:" in module
        wide = {"fp32": "ieee_float.Float32", "fp64": "ieee_float.Float64"}[obligation.params["via"]]
        assert f"use {wide} as Wide" in module and "Wide.div" in goal.body
        if obligation.family == "float":
            converter = {"fp16": "floats.Float16Convert", "bf16": "floats.BFloat16Convert",
                         "fp32": "ieee_float.FloatConverter"}[obligation.format]
            assert f"use {converter} as Convert" in module
            assert f"Convert.to_float{wide[-2:]} RNE x" in goal.body
        else:
            assert "Wide.of_int Wide.RNE a" in goal.body and "Wide.to_int Wide.RTZ" in goal.body


def test_a_goal_beyond_z3_gets_one_short_attempt_and_counts_only_if_it_settles_it(tmp_path, monkeypatch):
    """No file pass, no other route, no full run: one run under the "beyond" steps, on the goal's bits for a
    float claim (Z3 on the whole task for the integer one); an open answer says why it was cut short, and a
    proof would count like any other."""
    backend = Why3Backend()
    groups = backend.prepare(VIA_WIDER, tmp_path, {"why3"})
    asked = []

    def answers(text):
        def prove_goal(path, module, goal, timeout, with_model=False, cancel=None, solver="z3", steps=None):
            asked.append((module, solver, steps, with_model))
            return f"Goal {goal}.\nProver result is: {text}.\n", 0.5
        return prove_goal

    monkeypatch.setattr(backend, "_prove_file", lambda theory, solver: pytest.fail("no file pass for these goals"))
    monkeypatch.setattr(backend, "prove_goal", answers(f"Unknown (unknown) (0.50s, {why3_backend.Z3_STEPS['beyond']} steps)"))
    attempts = {g[0].obligation.id: backend.run_group(g, 20, 1)[0] for g in groups}
    assert len(asked) == len(VIA_WIDER)
    assert {(solver, steps) for _, solver, steps, _ in asked} == {("z3bits", why3_backend.Z3_STEPS["beyond"]),
                                                                 ("z3", why3_backend.Z3_STEPS["beyond"])}
    for obligation_id, attempt in attempts.items():
        assert attempt.verdict == "timeout" and "does not settle here" in attempt.message, attempt
        assert attempt.prover == ("why3+z3bits" if obligation_id.startswith("float") else "why3+z3")
    assert [model for module, _, _, model in asked if "int64" in module] == [True]   # the probe asks for a model
    # the attempt is made once per run: asked again, the task gets the same answer
    [fp32] = [g for g in groups if g[0].obligation.id == "float.fp32.strategy.via_fp64"]
    assert backend.run_group(fp32, 20, 1)[0] == attempts["float.fp32.strategy.via_fp64"]
    assert len(asked) == len(VIA_WIDER)
    backend = Why3Backend()
    groups = backend.prepare(VIA_WIDER, tmp_path, {"why3"})
    monkeypatch.setattr(backend, "prove_goal", answers("Valid (0.10s, 1000 steps)"))
    [fp32] = [g for g in groups if g[0].obligation.id == "float.fp32.strategy.via_fp64"]
    assert backend.run_group(fp32, 20, 1)[0].verdict == "proved"


def test_the_attempts_beyond_z3_run_ahead_after_the_file_passes_and_their_tasks_take_them(tmp_path, monkeypatch):
    """The strategies come last in a run: their one attempt each starts in the background, after the file
    passes, and the task finds it made instead of making it again."""
    obligations = VIA_WIDER + [o for o in WHY3_OBLIGATIONS if o.format == "fp32"]
    backend = Why3Backend()
    groups = backend.prepare(obligations, tmp_path, {"why3"})
    ran = []
    monkeypatch.setattr(why3_backend, "PASSES_AT_ONCE", 1)
    monkeypatch.setattr(backend, "_prove_file", lambda theory, solver: ran.append(f"file {theory.path.stem} {solver}") or {})

    def prove_goal(path, module, goal, timeout, with_model=False, cancel=None, solver="z3", steps=None):
        ran.append(f"beyond {module}.{goal}")
        return f"Goal {goal}.\nProver result is: Unknown (unknown) (0.50s, {steps} steps).\n", 0.5
    monkeypatch.setattr(backend, "prove_goal", prove_goal)
    backend.expect([task for group in groups for task in group])
    for thread in backend._passes_ahead:
        thread.join(30)
    beyond = [name for name in ran if name.startswith("beyond")]
    assert len(beyond) == len(VIA_WIDER) and ran[-len(beyond):] == beyond and len(ran) > len(beyond)
    for group in groups:
        if group[0].obligation in VIA_WIDER:
            assert "does not settle here" in backend.run_group(group, 20, 1)[0].message
    assert len(ran) == len(set(ran))   # no attempt made twice
