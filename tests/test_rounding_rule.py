"""A rounding rule a document states that is not Div's own binds an obligation the provers refute at
its line, in prove and in check-spec, instead of binding nothing and letting the run pass."""

import bisect
import json
import random
from types import SimpleNamespace

import numpy as np
import pytest

from divbridge.cli import main
from divbridge.formats import get_format
from divbridge.obligations.catalog import spec_obligations
from divbridge.statements import rounding_rule
from conftest import DIV_MD

FLOAT_RULE = "the exact quotient rounded to nearest, ties to even."
INT_RULE = "The quotient is rounded toward zero, as ONNX rounds it."


def _changed(tmp_path, old: str, new: str):
    text = DIV_MD.read_text()
    assert old in text
    copy = tmp_path / "div.md"
    copy.write_text(text.replace(old, new))
    return copy, text[:text.index(old)].count("\n") + 1


def test_the_default_document_states_div_s_own_rules_and_binds_no_rounding_obligation():
    assert not [o for o in spec_obligations(DIV_MD) if o.prop == "rounding_rule"]


def test_a_float_rule_toward_zero_is_refuted_at_its_line_in_prove_and_check_spec(tmp_path, capsys):
    copy, line = _changed(tmp_path, FLOAT_RULE, "the exact quotient rounded toward zero.")
    obligations = {o.id: o for o in spec_obligations(copy)}
    assert "float.fp16.rounding.rounded_trunc" in obligations
    assert "float.fp16.generic.div_by_one" not in obligations   # it no longer claims rounding to nearest
    code = main(["prove", "--spec", str(copy), "--only", "float.fp16.rounding.*", "--provers", "z3,bitwuzla",
                 "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--no-crosscheck"])
    out = capsys.readouterr().out
    assert code == 1
    assert "float.fp16.rounding.rounded_trunc: expected valid, got refuted" in out
    assert f"stated at E_DIV_FLOAT_DEF_0010 line {line}" in out and "the mirror computes a / b" in out
    assert main(["check-spec", str(copy)]) == 1
    findings = capsys.readouterr().out
    assert f"div.md:{line}: incorrect: the rounding rule (trunc)" in findings


# Why3 states the rule in its own words (Div against the format's IEEE division in that mode; the
# remainder of truncated division) and refutes it with operands the mirror replays
@pytest.mark.parametrize("provers", ["z3,bitwuzla", "why3"])
def test_an_integer_rule_rounding_down_is_refuted_with_a_negative_quotient(tmp_path, capsys, provers):
    copy, line = _changed(tmp_path, INT_RULE, "The quotient is rounded toward negative infinity.")
    code = main(["prove", "--spec", str(copy), "--only", "int.int8.rounding.*", "--provers", provers,
                 "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--no-crosscheck"])
    out = capsys.readouterr().out
    assert code == 1 and "int.int8.rounding.rounded_floor: expected valid, got refuted" in out
    results = json.loads((tmp_path / "out" / "results.json").read_text())
    [entry] = results["obligations"]
    a, b = (entry["counterexample"]["operands"][x]["value"] for x in ("a", "b"))
    assert (a < 0) != (b < 0) and a % b != 0 and entry["counterexample"]["replayed"]   # floor and trunc differ
    assert f"stated at E_DIV_INT_DEF_0010 line {line}" in out


def _stated(mode: str) -> SimpleNamespace:
    """What the predicate reads of an obligation: its params and its operator (Div: the default's "")."""
    return SimpleNamespace(params={"mode": mode}, operator="")


@pytest.mark.parametrize("mode", ["trunc", "floor", "ceil"])
def test_the_float_predicate_agrees_with_rounding_by_enumeration(mode):
    """Div (to nearest) agrees with the stated rule exactly where the nearest value is also the value
    the rule picks among all finite FP16 values (an independent, brute-force rounding)."""
    fmt = get_format("fp16")
    finite = sorted({fmt.decode(bits).value for bits in range(1 << 16) if fmt.decode(bits).is_finite})
    rng = random.Random(7)
    pairs = [(rng.randrange(1 << 16), rng.randrange(1 << 16)) for _ in range(3000)]
    a = np.array([p[0] for p in pairs], dtype=np.uint16).view(fmt.dtype)
    b = np.array([p[1] for p in pairs], dtype=np.uint16).view(fmt.dtype)
    applies, holds = rounding_rule.RoundingRule().predicate(_stated(mode), fmt, a, b)
    assert applies.sum() > 100 and not holds[applies].all() and holds[applies].any()
    for i in np.flatnonzero(applies):
        x, y = (fmt.decode(int(v.view(np.uint16))) for v in (a[i], b[i]))
        exact = x.value / y.value
        at = bisect.bisect_right(finite, exact)
        down = finite[at - 1] if at else None                      # the largest value <= exact
        up = exact if down == exact else (finite[at] if at < len(finite) else None)
        picked = {"floor": down, "ceil": up, "trunc": down if exact >= 0 else up}[mode]
        nearest = fmt.decode(fmt.round(exact))
        agrees = nearest.value == picked if nearest.is_finite and picked is not None else \
            not nearest.is_finite and picked is None
        assert bool(holds[i]) == agrees, (mode, x.value, y.value)


def test_the_integer_predicate_follows_each_rule():
    fmt = get_format("int8")
    a, b = np.array([7, -7, 6, 7, -5], dtype=np.int8), np.array([2, 2, 3, -4, 4], dtype=np.int8)
    # truncated: 3, -3, 2, -1, -1; exact: 3.5, -3.5, 2, -1.75, -1.25
    assert list(rounding_rule.RoundingRule().predicate(_stated("floor"), fmt, a, b)[1]) == [True, False, True, False, False]
    assert list(rounding_rule.RoundingRule().predicate(_stated("ceil"), fmt, a, b)[1]) == [False, True, True, True, True]
    assert list(rounding_rule.RoundingRule().predicate(_stated("nearest"), fmt, a, b)[1]) == [True, True, True, False, True]
