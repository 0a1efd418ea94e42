"""A `prove` run whose inputs are those of the last run stands on its outcome (unless an attempt of that run
ended in an error, which the cache does not keep); any change to what that outcome depends on is a full run."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from conftest import DIV_MD
from divbridge.cli import main
from divbridge.commands import uptodate
from divbridge.provers import toolprobe
from divbridge.provers.smt import SmtBackend

UP_TO_DATE = "up to date: the document, divbridge"


@pytest.fixture
def project(tmp_path, monkeypatch):
    """A run of one obligation (Z3 alone) on a copy of the spec document; the caches and divbridge's own files
    (a stand-in tree, which the tests edit) under tmp_path."""
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "cache"))
    sources = tmp_path / "package"
    (sources / "__pycache__").mkdir(parents=True)
    (sources / "module.py").write_text("ANSWER = 1\n")
    monkeypatch.setattr(uptodate, "PACKAGE", sources)
    spec = tmp_path / "div.md"
    shutil.copy(DIV_MD, spec)
    return tmp_path


def _args(project: Path, *more: str) -> list[str]:
    return ["prove", "--spec", str(project / "div.md"), "--only", "real.generic.div_by_one", "--provers", "z3",
            "--out", str(project / "out"), *more]


def _run(capsys, args: list[str]) -> tuple[int, str]:
    code = main(args)
    return code, capsys.readouterr().out


def _summary(printed: str) -> str:
    """What a run prints from its summary table on."""
    return printed[printed.index("family"):]


def _stamps(project: Path) -> list[Path]:
    return sorted((project / "cache" / "proofs" / "runs").glob("*.json"))


def _cold(project: Path, capsys) -> str:
    """A cold run, which leaves the stamp; returns what it printed."""
    code, cold = _run(capsys, _args(project))
    assert code == 0 and "] ok proved   real.generic.div_by_one  z3" in cold and "(cached)" not in cold
    assert len(_stamps(project)) == 1
    return cold


def test_a_run_with_an_error_leaves_no_stamp_and_the_next_asks_again(project, capsys, monkeypatch):
    def crash(*args, **kwargs):
        raise RuntimeError("the solver crashed")
    with monkeypatch.context() as patch:
        patch.setattr(SmtBackend, "run_group", crash)
        code, printed = _run(capsys, _args(project))
    assert code == 1 and "!! error" in printed and _stamps(project) == []
    code, again = _run(capsys, _args(project))
    assert code == 0 and UP_TO_DATE not in again and "] ok proved   real.generic.div_by_one  z3" in again


def test_the_run_after_a_complete_one_stands_on_it(project, capsys):
    cold = _cold(project, capsys)
    results = (project / "out" / "results.json").read_bytes()
    code, again = _run(capsys, _args(project))
    assert code == 0 and UP_TO_DATE in again
    assert "] ok proved" not in again   # no obligation went through the runner
    assert _summary(again).removesuffix(f"results unchanged in {project / 'out' / 'results.json'}\n") \
        == _summary(cold).removesuffix(f"results written to {project / 'out' / 'results.json'}\n")
    assert (project / "out" / "results.json").read_bytes() == results


def _edit_the_document(project: Path) -> None:
    spec = project / "div.md"
    spec.write_text(spec.read_text() + "\n")


def _edit_divbridge(project: Path) -> None:
    (project / "package" / "module.py").write_text("ANSWER = 2\n")


def _edit_an_output(project: Path) -> None:
    results = project / "out" / "results.json"
    results.write_text(results.read_text().replace('"verdict": "proved"', '"verdict": "refuted"', 1))


def _remove_an_output(project: Path) -> None:
    (project / "out" / "results.json").unlink()


def _edit_a_cache_entry(project: Path) -> None:
    entry = next(path for path in (project / "cache" / "proofs").rglob("*.json")
                 if path.parent.name != "runs" and '"proved"' in path.read_text())   # a proof's, not a smoke test's
    entry.write_text(entry.read_text().replace('"proved"', '"refuted"'))


def _garble_the_stamp(project: Path) -> None:
    _stamps(project)[0].write_text("{not json")


@pytest.mark.parametrize("change", [_edit_the_document, _edit_divbridge, _edit_an_output, _remove_an_output,
                                    _edit_a_cache_entry, _garble_the_stamp])
def test_a_change_to_what_the_outcome_depends_on_is_a_full_run(project, capsys, change):
    _cold(project, capsys)
    change(project)
    code, printed = _run(capsys, _args(project))
    assert code == 0 and UP_TO_DATE not in printed and "] ok proved   real.generic.div_by_one" in printed
    assert json.loads((project / "out" / "results.json").read_text())["obligations"][0]["verdict"] == "proved"
    assert UP_TO_DATE in _run(capsys, _args(project))[1]   # the full run wrote the stamp again


@pytest.mark.parametrize("change", [_edit_the_document, _edit_divbridge])
def test_an_edit_made_while_a_run_proves_is_a_change_the_next_run_sees(project, capsys, monkeypatch, change):
    """The stamp records the document and divbridge as the run read them, not as they are when it ends."""
    write = uptodate.Stamp.write

    def edited_first(stamp, *args):
        change(project)      # the user saves an edit while the provers run
        write(stamp, *args)

    monkeypatch.setattr(uptodate.Stamp, "write", edited_first)
    _cold(project, capsys)
    monkeypatch.setattr(uptodate.Stamp, "write", write)
    code, printed = _run(capsys, _args(project))
    assert code == 0 and UP_TO_DATE not in printed and "] ok proved   real.generic.div_by_one" in printed


def test_a_spoilt_cache_entry_is_reported_and_proved_again(project, capsys):
    _cold(project, capsys)
    _edit_a_cache_entry(project)
    code = main(_args(project))
    captured = capsys.readouterr()
    assert code == 0 and "cache entry" in captured.err and "proving again" in captured.err
    assert "(cached)" not in captured.out


@pytest.mark.parametrize("more", [["--timeout", "30"], ["--jobs", "1"], ["--no-cache"]])
def test_other_options_are_a_full_run(project, capsys, more):
    _cold(project, capsys)
    code, printed = _run(capsys, _args(project, *more))
    assert code == 0 and UP_TO_DATE not in printed


def test_another_cache_root_is_a_full_run(project, capsys, monkeypatch):
    _cold(project, capsys)
    shutil.copytree(project / "cache", project / "other")
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(project / "other"))
    assert UP_TO_DATE not in _run(capsys, _args(project))[1]


@pytest.fixture
def tool(tmp_path, monkeypatch):
    """A tool on PATH that says its version."""
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "root"))
    script = tmp_path / "bin" / "mytool"
    script.parent.mkdir()
    script.write_text("#!/bin/sh\necho 'mytool version 1.2'\n")
    script.chmod(0o755)
    monkeypatch.setenv("PATH", f"{script.parent}{os.pathsep}{os.environ['PATH']}")
    toolprobe._said.cache_clear()
    yield script
    toolprobe._said.cache_clear()


def test_the_tools_a_run_asked_are_unchanged_until_one_is_replaced(tool, tmp_path):
    version_file = tmp_path / "Version.v"
    version_file.write_text("1.0")
    other = tool.parent / "othertool"
    shutil.copy2(tool, other)
    toolprobe.output(("othertool", "--version"))   # asked before the recording: not the run's
    with toolprobe.recording() as recorded:
        toolprobe.output(("mytool", "--version"))
        toolprobe.read_text(version_file)
    other.unlink()   # gone after it: no matter to the record
    record = recorded.consulted()
    assert set(record["executables"]) == {"mytool"} and set(record["files"]) == {str(version_file)}
    assert toolprobe.unchanged(record)
    stat = tool.stat()
    os.utime(tool, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert not toolprobe.unchanged(record)


def test_another_executable_found_on_path_is_a_change(tool, tmp_path, monkeypatch):
    with toolprobe.recording() as recorded:
        toolprobe.output(("mytool", "--version"))
    record = recorded.consulted()
    other = tmp_path / "other" / "mytool"
    other.parent.mkdir()
    shutil.copy2(tool, other)
    monkeypatch.setenv("PATH", f"{other.parent}{os.pathsep}{os.environ['PATH']}")
    assert not toolprobe.unchanged(record)


def test_a_changed_library_file_is_a_change(tool, tmp_path):
    version_file = tmp_path / "Version.v"
    version_file.write_text("1.0")
    with toolprobe.recording() as recorded:
        toolprobe.read_text(version_file)
    record = recorded.consulted()
    version_file.write_text("1.10")
    assert not toolprobe.unchanged(record)
