"""Gappa proves the accuracy clause; a false bound is never proved."""

import shutil

import pytest

from divbridge.obligations.catalog import spec_obligations
from divbridge.provers.gappa import GappaBackend, prove
from conftest import DIV_MD

pytestmark = pytest.mark.skipif(shutil.which("gappa") is None, reason="gappa is not installed (apt-get install gappa)")

ACCURACY = [o for o in [o for o in spec_obligations(DIV_MD) if o.family == "float"] if o.kind == "accuracy"]


def test_every_accuracy_obligation_is_proved(tmp_path):
    backend = GappaBackend()
    groups = backend.prepare(ACCURACY, tmp_path, {"gappa"})
    assert len(groups) == 8 and all((tmp_path / "gappa" / f"{g[0].obligation.id}.g").exists() for g in groups)
    for group in groups:
        (attempt,) = backend.run_group(group, 30, 1)
        assert attempt.verdict == "proved", (group[0].obligation.id, attempt.message)


@pytest.mark.parametrize("fmt", ["fp16", "bf16", "fp32", "fp64"])
def test_a_bound_half_as_large_is_not_proved(fmt):
    backend = GappaBackend()
    relative = next(o for o in ACCURACY if o.format == fmt and o.prop == "relative_error_normal")
    p = {"fp16": 11, "bf16": 8, "fp32": 24, "fp64": 53}[fmt]
    text = backend.render(relative).replace(f"[-1b-{p}, 1b-{p}]", f"[-1b-{p + 1}, 1b-{p + 1}]")
    attempt = prove(text, 30)
    assert attempt.verdict == "unknown" and "not satisfied" in attempt.message


def test_a_broken_script_is_an_error():
    assert prove("this is not gappa", 30).verdict == "error"


def test_versions_name_gappa():
    assert GappaBackend().versions()["gappa"][0].isdigit()
