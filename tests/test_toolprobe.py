"""What a tool says about itself is asked once, and again only when the tool changes."""

import os

import pytest

from divbridge.provers import toolprobe


@pytest.fixture
def tool(tmp_path, monkeypatch):
    """A tool that says its version and counts how often it was asked; the cache under tmp_path."""
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "root"))
    toolprobe._said.cache_clear()
    script = tmp_path / "bin" / "mytool"
    script.parent.mkdir()
    script.write_text(f"#!/bin/sh\necho x >> {tmp_path / 'asked'}\necho 'mytool version 1.2'\n")
    script.chmod(0o755)
    yield script
    toolprobe._said.cache_clear()


def _asked(tool) -> int:
    counter = tool.parent.parent / "asked"
    return len(counter.read_text().split()) if counter.exists() else 0


def test_a_tool_is_asked_once_across_runs_while_it_is_unchanged(tool):
    assert toolprobe.output((str(tool), "--version")) == "mytool version 1.2\n"
    toolprobe._said.cache_clear()   # another process
    assert toolprobe.output((str(tool), "--version")) == "mytool version 1.2\n"
    assert _asked(tool) == 1


def test_a_changed_tool_is_asked_again(tool):
    toolprobe.output((str(tool), "--version"))
    tool.write_text(tool.read_text().replace("1.2", "1.3"))
    stat = tool.stat()
    os.utime(tool, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    toolprobe._said.cache_clear()
    assert toolprobe.output((str(tool), "--version")) == "mytool version 1.3\n"
    assert _asked(tool) == 2


@pytest.mark.parametrize("garbled", ["{not json", "[1, 2]", '{"KEY": {"stamp": "x", "output": 3}}'])
def test_a_garbled_file_is_never_trusted_and_is_rewritten(tool, tmp_path, garbled):
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / toolprobe.FILE).write_text(garbled.replace("KEY", f"{tool} --version"))
    assert toolprobe.output((str(tool), "--version")) == "mytool version 1.2\n"
    toolprobe._said.cache_clear()
    assert toolprobe.output((str(tool), "--version")) == "mytool version 1.2\n"
    assert _asked(tool) == 1


def test_without_the_cache_a_tool_is_asked_once_per_process(tool, monkeypatch, tmp_path):
    monkeypatch.setenv("DIVBRIDGE_CACHE", "off")
    toolprobe.output((str(tool), "--version"))
    toolprobe.output((str(tool), "--version"))
    toolprobe._said.cache_clear()
    toolprobe.output((str(tool), "--version"))
    assert _asked(tool) == 2 and not (tmp_path / "root").exists()


def test_a_failing_tool_is_not_remembered(tool):
    tool.write_text("#!/bin/sh\necho x >> " + str(tool.parent.parent / "asked") + "\necho broken; exit 3\n")
    toolprobe.output((str(tool), "--version"))
    toolprobe._said.cache_clear()
    assert toolprobe.output((str(tool), "--version")) == "broken\n"
    assert _asked(tool) == 2


def test_a_tool_asked_by_name_and_by_path_is_started_once(tool, monkeypatch):
    monkeypatch.setenv("PATH", f"{tool.parent}:{os.environ['PATH']}")
    assert toolprobe.output((tool.name, "--version")) == toolprobe.output((str(tool), "--version"))
    assert _asked(tool) == 1


def test_a_library_s_digest_follows_its_files_and_a_run_records_them(tmp_path):
    """Gappa's Coq library has no version: its compiled files' digest keys the checks, and a run that asked it
    stands on them (the up-to-date check)."""
    files = [tmp_path / "A.vo", tmp_path / "B.vo"]
    for path in files:
        path.write_bytes(b"Coq!" + path.name.encode())
    with toolprobe.recording() as record:
        first = toolprobe.files_digest(files)
    assert record.files == {str(path) for path in files}
    consulted = record.consulted()
    assert toolprobe.files_digest(files) == first and toolprobe.unchanged(consulted)
    files[1].write_bytes(b"Coq!another")
    os.utime(files[1], ns=(1, 1))   # a size or time that differs is read again
    assert toolprobe.files_digest(files) != first
    assert not toolprobe.unchanged(consulted)
