"""Fuzzing the spec reader: mangled Markdown and LaTeX end in findings, never in a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from divbridge.checkspec.analysis import analyse_text
from divbridge.document.findings import KINDS
from divbridge.document.reader import parse_document

from conftest import SEEDS

# The seed documents when ../shared is there; the corpus under tests/ always.
DOCS = [(SEEDS / name).read_text(encoding="utf-8") for name in
        ("000_16275cc1406d3c06.txt", "001_1a2e9c884dfd2130.txt", "003_12b73b737d51847e.txt")
        if (SEEDS / name).is_file()] + [
        path.read_text(encoding="utf-8") for path in sorted((Path(__file__).parent / "corpus_sonnx").glob("*/*.md"))]
TOKENS = ["\\begin{cases}", "\\end{cases}", "\\\\", "&", "\\frac{", "}", "{", "\\text{", "$$", "```math", "```",
          "\\begin{bmatrix}", "\\end{bmatrix}", "A =", "B[i]", "\\neq", "nan", "inf", "-", "(C1)", "[R1]", "[R 2]",
          "# ", "(FP16)", "tensor(int4)", "6.1/3", "\\approx", "\\pm", "1e999", "0/0", "x: shape=(2,), dtype=float32",
          "Inputs:", "Outputs:", "<span style=\"x\">[E_DIV_X_0010]</br></span>", "<span>[END]</br></span>",
          "- `[E_DIV_Y_0020]` Title", "where float is in {float16, double}", "C \\approx \\begin{bmatrix} 1.08",
          "carries the sign of B", "is truncated toward zero", "the smallest value of the type and $B[i] = -1$",
          "$\\forall i, B[i] \\neq 0$", "\n", " ", "\x00", "é", "otherwise", "and", "or", "((((", "**", "__import__"]


@st.composite
def mangled(draw, source):
    text = draw(st.sampled_from(source))
    for _ in range(draw(st.integers(1, 12))):
        pos = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(("insert", "delete", "duplicate")))
        if action == "insert":
            text = text[:pos] + draw(st.sampled_from(TOKENS)) + text[pos:]
        elif action == "delete":
            text = text[:pos] + text[pos + draw(st.integers(1, 40)):]
        else:
            end = min(len(text), pos + draw(st.integers(1, 200)))
            text = text[:end] + text[pos:end] + text[end:]
    return text


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mangled(DOCS))
def test_reader_never_raises(text):
    doc = parse_document(text, "fuzz.md")
    assert all(f.kind in KINDS and f.line >= 1 for f in doc.findings)


SMALL = r"""# `Div` operator (FP16)
$$
C[i] = \begin{cases}
\frac{A[i]}{B[i]} & \text{if } B[i] \neq 0 \\
\text{inf} & \text{if } A[i] > 0 \text{ and } B[i] = 0 \\
\text{nan} & \text{otherwise}
\end{cases}
$$
```math
A = \begin{bmatrix} 6.1 & 1 \end{bmatrix}
```
```math
B = \begin{bmatrix} 3 & 0 \end{bmatrix}
```
```math
C = \begin{bmatrix} \approx 2.03 & \text{inf} \end{bmatrix}
```
"""


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mangled([SMALL]))
def test_whole_check_never_raises(text):
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("DIVBRIDGE_CACHE", "off")
        result = analyse_text(text, "fuzz.md")
    assert result["exit_code"] in (0, 1, 3)   # 3: nothing wrong, something not read
    assert all(f["kind"] in KINDS for f in result["findings"])
