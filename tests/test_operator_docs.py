"""The operator documents: divbridge's own `proofs/spec/{mul,add,sub}.md` and the layouts of the working
group's documents in `tests/corpus_ops/`.  Each is well formed (its sections name one operator, its tags
follow E_<OP>_{REAL,FLOAT,INT}_{FUNC,CONSTR_X}_nnnn and belong to their section, each red block closes
with [END]) and each worked example holds, in every type its section lists, on the operator's kernels.

The reading here is the test's own, a few regular expressions over these known layouts: the pipeline's
reader (`divbridge.document`) reads them once the operator is a parameter (issue 37, phase 2)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from divbridge import operators
from divbridge.formats import FloatFormat, IntFormat, RealFormat, get_format

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "proofs" / "spec" / f"{name}.md" for name in ("mul", "add", "sub")] + \
    sorted((ROOT / "tests" / "corpus_ops").glob("*.md"))
DOCUMENTS = [p for p in DOCUMENTS if p.name != "README.md"]

_TAG = re.compile(r"\[(E_[A-Z0-9_]+)\]")
_WELL_FORMED = re.compile(r"E_([A-Z]+)_(REAL|FLOAT|INT)_(FUNC|CONSTR_[A-Z]+)_\d{4}")
_SPAN = re.compile(r"<span[^>]*>\s*\[([^\]]+)\]")
_MATRIX = re.compile(r"\b([ABCY])\s*=\s*(?:[^=\n]*?=\s*)?\\begin\{bmatrix\}(.*?)\\end\{bmatrix\}", re.S)
_FAMILY = {"real": "REAL", "float": "FLOAT", "int": "INT"}


def _sections(text: str):
    """(operator, family, formats, body, first line) for each section: a level-1 heading whose
    parenthesis lists types (or says real), the types possibly given by a `where ... is in {...}` line."""
    heads = [m for m in re.finditer(r"^# (.*)$", text, re.M) if "(" in m.group(1)]
    for head, after in zip(heads, heads[1:] + [None]):
        body = text[head.end():after.start() if after else len(text)]
        inside = re.search(r"\(([^)]*)\)", head.group(1)).group(1)
        where = re.match(r"\s*where \w+ (?:is in|could be) [{(](.*?)[})]", body)
        names = [n.strip(" `") for n in (where.group(1) if where else inside).split(",")]
        formats = [get_format(n) for n in dict.fromkeys(names)]
        family = {type(f) for f in formats}
        assert len(family) == 1, head.group(0)
        kind = {RealFormat: "real", FloatFormat: "float", IntFormat: "int"}[family.pop()]
        yield operators.by_heading(head.group(1)), kind, formats, body, text[:head.start()].count("\n") + 1


def _value(cell: str) -> str:
    cell = re.sub(r"\\text\{(\w+)\}", r"\1", cell).replace(r"\infty", "inf").replace(" ", "")
    return cell


def _examples(body: str):
    """Each worked example as (A, B, C, title): three matrices in the math blocks, C named C or Y."""
    title, found = "", {}
    for m in re.finditer(r"(^#+ Example[^\n]*$)|^A worked example in (\w+)|```math(.*?)```", body, re.M | re.S):
        if m.group(1) or m.group(2):
            title, found = m.group(1) or m.group(2), {}
            continue
        for mat in _MATRIX.finditer(m.group(3)):
            rows = [r for r in re.split(r"\\\\", mat.group(2)) if r.strip()]
            found["C" if mat.group(1) == "Y" else mat.group(1)] = [_value(c) for r in rows for c in r.split("&")]
        if len(found) == 3:
            yield found["A"], found["B"], found["C"], title
            found = {}


def _holds(op, fmt, a: str, b: str, c: str) -> bool:
    if isinstance(fmt, RealFormat):
        return op.kernels.real(Fraction(a), Fraction(b)) == Fraction(c)
    if isinstance(fmt, IntFormat):
        x, y = int(a), int(b)
        return fmt.min <= x <= fmt.max and fmt.min <= y <= fmt.max and op.kernels.integer(fmt, x, y) == int(c)
    got, want = op.kernels.float_bits(fmt, fmt.parse(a), fmt.parse(b)), fmt.parse(c)
    return got == want or (fmt.decode(got).is_nan and fmt.decode(want).is_nan)


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_the_document_is_well_formed(path):
    text = path.read_text(encoding="utf-8")
    sections = list(_sections(text))
    assert [kind for _, kind, _, _, _ in sections] == ["real", "float", "int"]
    (op,) = {s[0] for s in sections}
    assert op is not None
    for _, kind, _, body, line in sections:
        tags = _TAG.findall(body)
        for tag in tags:
            match = _WELL_FORMED.fullmatch(tag)
            assert match and operators.by_tag(tag) is op and match.group(2) == _FAMILY[kind], (tag, line)
        opened = [s for s in _SPAN.findall(body)]
        assert opened[1::2] == ["END"] * (len(opened) // 2) and len(opened) % 2 == 0, (path.name, line)
        assert all(t != "END" for t in opened[0::2])
    tags = _TAG.findall(text)
    assert len(tags) == len(set(tags)), "a tag is defined twice"


@pytest.mark.parametrize("path", DOCUMENTS, ids=lambda p: p.name)
def test_every_worked_example_holds_in_every_listed_type(path):
    checked = 0
    for op, kind, formats, body, line in _sections(path.read_text(encoding="utf-8")):
        for a, b, c, title in _examples(body):
            named = re.search(r"\b(u?int\d+)\b", title, re.I)
            for fmt in [get_format(named.group(1))] if named else formats:
                bad = [(x, y, z) for x, y, z in zip(a, b, c) if not _holds(op, fmt, x, y, z)]
                assert not bad and len(a) == len(b) == len(c), (path.name, line, fmt.name, bad)
                checked += len(a)
    assert checked >= 20


def test_the_checks_see_a_wrong_example():
    """The working group's Sub examples kept Add's results (tests/corpus_ops/README.md): read back."""
    text = (ROOT / "tests" / "corpus_ops" / "layout_2026_cases.md").read_text(encoding="utf-8")
    wrong = text.replace(r"C = \begin{bmatrix} 5 & 16 & 1 \end{bmatrix}", r"C = \begin{bmatrix} 5 & 4 & 1 \end{bmatrix}")
    assert wrong != text
    (op, _, _, body, _), = [s for s in _sections(wrong) if s[1] == "int"]
    (a, b, c, title), _ = _examples(body)
    assert [_holds(op, get_format("uint8"), *t) for t in zip(a, b, c)] == [True, False, True]


def test_the_corpus_readme_describes_each_layout_and_lists_every_version():
    readme = (ROOT / "tests" / "corpus_ops" / "README.md").read_text(encoding="utf-8")
    layouts = [p.name for p in DOCUMENTS if p.parent.name == "corpus_ops"]
    assert len(layouts) == 3 and all(f"`{name}`" in readme for name in layouts)
    rows = re.findall(r"^\| (add|sub|mul) \| ([0-9a-f]{7}) \| (\d{4}-\d{2}-\d{2}) \|", readme, re.M)
    assert [sum(op == name for op, _, _ in rows) for name in ("add", "sub", "mul")] == [27, 7, 7]


@pytest.mark.parametrize("name", ["div", "mul", "add", "sub"])
def test_the_documents_state_the_preconditions_the_descriptions_have(name):
    """A precondition (a constraint on B or on the pair, not the shape's or the type's) in the real and
    integer sections of proofs/spec/<op>.md for each one of the description: Div's B != 0 and
    INT_MIN / -1, none for the others (the working group's Add of 2025 carries Div's: D5)."""
    op = operators.get(name)
    sections = {kind: body for _, kind, _, body, _ in _sections((ROOT / "proofs" / "spec" / f"{name}.md").read_text())}
    stated = {kind: set(re.findall(r"E_[A-Z]+_[A-Z]+_CONSTR_(?:B|AB)_\d{4}", body)) for kind, body in sections.items()}
    assert len(stated["real"]) == len(op.real_preconditions)
    assert len(stated["int"]) == len(op.integer.preconditions)
