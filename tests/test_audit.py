"""divbridge audit: tags, claims, obligations and verdicts between two versions."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from divbridge.audit import audit
from divbridge.cli import main
from divbridge.obligations.catalog import spec_obligations
from divbridge.provers.cache import shared_cache
from divbridge.provers.portfolio import prove_obligations

SPEC = Path(__file__).parents[1] / "proofs" / "spec" / "div.md"


@pytest.fixture(scope="module")
def text():
    return SPEC.read_text(encoding="utf-8")


def test_same_document_has_no_change(text):
    result = audit(text, "old", text, "new")
    assert result["exit_code"] == 0
    assert not any(result[part][change] for part in ("tags", "claims", "obligations")
                   for change in ("added", "removed", "changed"))


def test_a_broken_row_is_a_worse_verdict(text):
    broken = text.replace(r"\operatorname{sign}(A[i]) \cdot \operatorname{sign}(B[i]) \cdot \infty & \text{if } A[i] \neq 0",
                          r"\infty & \text{if } A[i] \neq 0")
    assert broken != text
    result = audit(text, "old", broken, "new")
    changed = {c["id"]: c for c in result["claims"]["changed"]}
    table = next(c for cid, c in changed.items() if "fp16" in cid and "cases" in cid)
    assert (table["verdict_before"], table["verdict_after"], table["worse"]) == ("holds", "fails", True)
    # the table's row is a proof obligation too, in each of the section's formats: changed, and refuted
    assert result["obligations"]["changed"] == sorted(f"float.{f}.table.a_ne_0_and_a_isfinite_and_b_eq_0" for f in ("bf16", "fp16", "fp32", "fp64"))
    worse = {v["id"] for v in result["obligations"]["verdicts"] if v["worse"]}
    assert "float.fp16.table.a_ne_0_and_a_isfinite_and_b_eq_0" in worse and result["exit_code"] == 1


def test_a_removed_tag_fails_and_a_fix_passes(text):
    removed = text.replace("- The rounding error is bounded as IEEE 754 bounds it. `[E_DIV_FLOAT_ACC_0010]`\n", "")
    result = audit(text, "old", removed, "new")
    assert result["tags"]["removed"] == ["E_DIV_FLOAT_ACC_0010"] and result["exit_code"] == 1
    reworded = text.replace("The rounding error is bounded", "The rounding error stays bounded")
    result = audit(text, "old", reworded, "new")
    assert result["tags"]["changed"] == ["E_DIV_FLOAT_ACC_0010"] and result["exit_code"] == 0
    back = audit(text.replace("-\\infty & -0", "\\infty & -0"), "old", text, "new")   # a wrong example fixed
    assert back["exit_code"] == 0 and any(not c["worse"] for c in back["claims"]["changed"])


def test_cli_files_json_and_git(tmp_path, text, capsys):
    old, new, out = tmp_path / "old.md", tmp_path / "new.md", tmp_path / "a.json"
    old.write_text(text)
    new.write_text(text.replace("`[R1]`", "", 1))
    assert main(["audit", str(old), str(new), "--json", str(out)]) == 0   # R1 still tagged elsewhere
    assert set(json.loads(out.read_text())) >= {"tags", "claims", "obligations", "worse"}
    assert main(["audit", str(old)]) == 2
    assert main(["audit", "--git", "no-such-rev", "WORKTREE", str(SPEC)]) == 2
    repo = tmp_path / "repo"
    repo.mkdir()
    doc = repo / "div.md"
    doc.write_text(text)
    git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run(git[:3] + ["init", "-q"], check=True)
    subprocess.run(git + ["add", "div.md"], check=True)
    subprocess.run(git + ["commit", "-qm", "baseline"], check=True)
    doc.write_text(text.replace("- A NaN operand makes the result NaN. `[E_DIV_FLOAT_DEF_0020]`\n", ""))
    import os
    cwd = os.getcwd()
    os.chdir(repo)
    try:
        assert main(["audit", "--git", "HEAD", "WORKTREE", "div.md"]) == 1
    finally:
        os.chdir(cwd)
    assert "E_DIV_FLOAT_DEF_0020" in capsys.readouterr().out


@pytest.mark.skipif(shutil.which("why3") is None, reason="why3 is not installed")
def test_audit_prove_proves_the_changed_claims_with_every_prover_and_prove_proves_them_no_more(
        tmp_path, text, capsys, monkeypatch):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    rule = "A zero over a finite non-zero number is a zero carrying the product of the signs."
    wrong = text.replace(rule, "A zero over a finite non-zero number is a zero carrying the sign of the numerator.")
    assert wrong != text
    old, new = tmp_path / "old.md", tmp_path / "new.md"
    old.write_text(text)
    new.write_text(wrong)
    assert main(["audit", str(old), str(new), "--prove", "--json", str(tmp_path / "a.json")]) == 1
    out = capsys.readouterr().out
    result = json.loads((tmp_path / "a.json").read_text())
    changed = [v for v in result["obligations"]["verdicts"] if v["id"] == "float.fp16.special.zero_div_nonzero_sign"]
    assert changed and changed[0]["worse"] and changed[0]["after"]["verdict"] == "refuted"
    assert "counterexample: a = " in out
    # Why3 proved them too, into prove's cache: prove after the audit answers them from it
    claims = [o for o in spec_obligations(new) if o.id in {v["id"] for v in result["obligations"]["verdicts"]}]
    again = prove_obligations(claims, {"why3"}, shared_cache(), timeout=60.0)
    assert again and all(attempt.cached for r in again for attempt in r.outcome.attempts)
