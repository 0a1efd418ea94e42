"""Hostile and careless inputs (issue 44): tags that only look like tags, one tag on two requirements, a document
of two operators, a cache directory on /proc, a --timeout Why3 ignored.  Each gives its one line (or finding at
its line) and exit code, and leaves the checkout as it was."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from divbridge.cli import main
from divbridge.document.reader import parse_document
from divbridge.provers import toolprobe

from test_unspoilable import DOC, ROOT, divbridge, one_line

SPEC = ROOT / "proofs" / "spec"


def _doc(tmp_path: Path, line: int, old: str, new: str) -> Path:
    lines = DOC.read_text(encoding="utf-8").split("\n")
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path = tmp_path / "doc.md"
    path.write_text("\n".join(lines), encoding="utf-8")
    return path


# -- tags ------------------------------------------------------------------------------------------------------

ODD = {
    "cyrillic": ("\u0415_DIV_FLOAT_DEF_0020", "U\\+0415 CYRILLIC CAPITAL LETTER IE"),
    "greek": ("E_DIV_FL\u039fAT_DEF_0020", "U\\+039F GREEK CAPITAL LETTER OMICRON"),
    "right-to-left override": ("E_DIV_FLOAT_DEF_\u202e0020", "U\\+202E RIGHT-TO-LEFT OVERRIDE"),
    "zero-width space": ("E_DIV_FLOAT\u200b_DEF_0020", "U\\+200B ZERO WIDTH SPACE"),
    "zero-width joiner": ("E_DIV_FLOAT_DEF_00\u200d20", "U\\+200D ZERO WIDTH JOINER"),
}


@pytest.mark.parametrize("tag, named", ODD.values(), ids=ODD.keys())
def test_a_tag_that_only_looks_like_one_is_ill_formed_at_its_line(tag, named, tmp_path):
    doc = _doc(tmp_path, 62, "E_DIV_FLOAT_DEF_0020", tag)
    done = divbridge("read", str(doc))
    assert done.returncode == 0, done.stderr
    found = [line for line in done.stdout.splitlines() if line.startswith(f"{doc}:62: ill-formed: the tag [")]
    assert len(found) == 1, done.stdout
    assert re.search(rf"holds {named}: a tag is ASCII letters, digits and underscores, so this one names no "
                     r"requirement", found[0])


def test_a_plain_document_has_no_such_finding():
    done = divbridge("read", str(DOC))
    assert done.returncode == 0 and "holds U+" not in done.stdout and "names another requirement" not in done.stdout


def test_one_tag_on_two_requirements_is_ambiguous_at_both_lines(tmp_path):
    doc = _doc(tmp_path, 66, "E_DIV_FLOAT_DEF_0060", "E_DIV_FLOAT_DEF_0050")
    done = divbridge("check-spec", str(doc), timeout=300)
    assert "Traceback" not in done.stderr
    for line, other in ((65, 66), (66, 65)):
        assert re.search(rf"{re.escape(str(doc))}:{line}:\d+: ambiguous: tag E_DIV_FLOAT_DEF_0050 names another "
                         rf"requirement at line\(s\) {other}: a trace to it does not say which", done.stdout), done.stdout


def test_the_same_scheme_tag_in_two_sections_is_ambiguous(tmp_path):
    doc = _doc(tmp_path, 107, "E_DIV_INT_DEF_0010", "E_DIV_FLOAT_DEF_0010")   # the int section reuses a float tag
    done = divbridge("read", str(doc))
    assert f"{doc}:61: ambiguous: tag E_DIV_FLOAT_DEF_0010 names another requirement at line(s) 107" in done.stdout
    assert f"{doc}:107: ambiguous: tag E_DIV_FLOAT_DEF_0010 names another requirement at line(s) 61" in done.stdout


RESTRICTIONS = """# `Neg` operator

### Restrictions

- Tensor `X` has a known shape `[R1]`
- Tensor `X` is never broadcast `[R2]`

#### Inputs

Tensor `X` is given with its shape and is not broadcast `[R1]` `[R2]`.

#### Outputs

`Y` has the shape of `X`. `[R1]` No broadcast applies.`[R2]`
"""


def test_a_listed_restriction_cited_in_the_prose_below_is_one_requirement():
    """The WG lists its restrictions with their tags and cites them in the paragraphs on each tensor: a citation
    is no second definition ("ambiguous" at both lines and "defined twice" were false alarms on its neg.md)."""
    doc = parse_document(RESTRICTIONS)
    assert not [f for f in doc.findings if f.kind == "ambiguous"], doc.findings
    assert {(u.tag, u.line) for u in doc.tags if u.defines} == {("R1", 5), ("R2", 6)}
    assert {(u.tag, u.line) for u in doc.tags if not u.defines} == {("R1", 10), ("R2", 10), ("R1", 14), ("R2", 14)}
    cited_once = RESTRICTIONS.replace("- Tensor `X` is never broadcast `[R2]`\n", "")
    assert [f.line for f in parse_document(cited_once).findings if f.kind == "ambiguous"] == [9, 13]


def test_a_tag_restated_with_the_same_text_is_not_ambiguous(tmp_path):
    text = DOC.read_text(encoding="utf-8").split("\n")
    text.insert(62, text[61])   # the same bullet twice, one after the other
    doc = tmp_path / "doc.md"
    doc.write_text("\n".join(text), encoding="utf-8")
    assert "names another requirement" not in divbridge("read", str(doc)).stdout


# -- a document of two operators -------------------------------------------------------------------------------

@pytest.fixture
def two_operators(tmp_path) -> Path:
    div, mul = (SPEC / "div.md").read_text(encoding="utf-8"), (SPEC / "mul.md").read_text(encoding="utf-8")
    path = tmp_path / "divmul.md"
    path.write_text(div + mul, encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["read"], ["check-spec"], ["prove", "--out", "{tmp}/out", "--spec"],
                                     ["audit", str(DOC)]], ids=["read", "check-spec", "prove", "audit"])
def test_a_document_of_two_operators_is_refused_in_one_line(command, two_operators, tmp_path):
    line = len((SPEC / "div.md").read_text(encoding="utf-8").split("\n"))   # the Mul part's first heading
    done = divbridge(*[word.format(tmp=tmp_path) for word in command], str(two_operators), timeout=300)
    assert done.returncode == 2
    one_line(done.stderr, rf"{re.escape(str(two_operators))}:{line}: the document specifies two operators, Div "
                          rf"\(line 1\) and Mul \(line {line}\): one document, one operator \(split it\)")
    assert not (tmp_path / "out").exists()


def test_one_stray_heading_of_another_operator_is_no_second_operator(tmp_path):
    text = (SPEC / "div.md").read_text(encoding="utf-8").replace("# `Div` operator (real)", "# `Mul` operator (real)", 1)
    doc = tmp_path / "stray.md"
    doc.write_text(text, encoding="utf-8")
    done = divbridge("read", str(doc))
    assert done.returncode == 0, done.stderr


# -- --cache-dir and --timeout ---------------------------------------------------------------------------------

@pytest.mark.parametrize("directory, kind", [("/proc", "proc"), ("/proc/divbridge", "proc"), ("/sys", "sysfs")])
def test_a_cache_directory_on_a_kernel_filesystem_is_refused_at_once(directory, kind, tmp_path):
    if not Path(directory.split("/divbridge")[0]).is_dir():
        pytest.skip(f"no {directory} here")
    done = divbridge("prove", "--only", "int.int8.example.*", "--provers", "z3", "--no-crosscheck",
                     "--out", str(tmp_path / "out"), "--cache-dir", directory, timeout=60)
    assert done.returncode == 2
    one_line(done.stderr, rf"argument --cache-dir: {directory}: on a {kind} filesystem, not one to keep files in")
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(toolprobe.system_tool("why3") is None, reason="why3 is not installed")
def test_timeout_bounds_every_why3_run(tmp_path, monkeypatch):
    from divbridge.provers import why3
    limits: list[int] = []
    run = why3._run

    def recorded(command, *rest, **named):
        if "-t" in command:
            limits.append(int(command[command.index("-t") + 1]))
        return run(command, *rest, **named)
    monkeypatch.setattr(why3, "_run", recorded)
    code = main(["prove", "--only", "float.fp16.generic.*", "--only", "int.int8.*", "--provers", "why3",
                 "--no-crosscheck", "--no-cache", "--timeout", "3", "--out", str(tmp_path / "out")])
    assert code in (0, 1)
    assert limits and max(limits) <= 3, limits
    session = next((tmp_path / "out" / "why3").rglob("why3session.xml")).read_text()
    assert 'timelimit="3"' in session and 'timelimit="180"' not in session
