"""No operator is named outside its description (src/divbridge/operators/), its templates and the tests.

The words an operator is known by are taken from the registry itself: its name, its vocabulary (verbs, the
result's noun, the operands' roles, the gerund) and its names in the provers and runtimes.  A generic module
that needs one of them gets it from the `Operator` it is given; this test reads every identifier, string and
comment of the package (Python's tokenizer) and every generic template, and names each line that does not.
"""

from __future__ import annotations

import builtins
import io
import re
import tokenize
from pathlib import Path

import divbridge
from divbridge.operators import OPERATORS

PACKAGE = Path(divbridge.__file__).resolve().parent

# English and Python in their generic sense: a set's `add`, a Fraction's `numerator`, argparse's
# `add_argument`, xml's `SubElement`, sympy's `Add` and `Mul` (a sum's and a product's expression class),
# "added", "differences" between two runs.
GENERIC_WORDS = {"adds", "added", "differences"}
FOREIGN_ATTRIBUTES = {"numerator", "denominator", "add", "sub", "difference", "add_argument", "add_parser",
                      "add_subparsers", "add_mutually_exclusive_group", "add_done_callback", "add_context_category",
                      "as_coeff_mul", "Add", "Mul", "as_coeff_Mul"}
FOREIGN_NAMES = {"SubElement"}


def operator_words() -> set[str]:
    words: set[str] = set()
    for op in OPERATORS.values():
        v, n = op.vocabulary, op.names
        words |= {op.name, v.gerund, *v.result_nouns, *v.roles, *(verb.split()[0] for verb in v.verbs)}
        words |= {getattr(n, f).split(".")[-1] for f in ("smtlib_float", "smtlib_int", "coq", "openvino", "numpy")}
        words |= {s for s in n.smtlib_more if s.isalpha() and len(s) > 2}
        words |= {attribute for attribute, _ in n.openvino_attributes}   # m_pythondiv
    words = {w.lower() for w in words if w.replace("_", "").isalpha()}
    return ({w + "s" for w in words} | words | {"div", "division", "dividend", "divisor"}) - GENERIC_WORDS


WORDS = operator_words()
# a word in a string or comment; an HTML tag (<div>, </sub>) is not one
IN_TEXT = re.compile(r"(?<![A-Za-z<])(?<!</)(" + "|".join(sorted(WORDS, key=len, reverse=True)) + r")(?![a-z])", re.I)


def _identifier_names_operator(name: str) -> bool:
    if name.lower() in WORDS:
        return True
    parts = re.split(r"_|(?<=[a-z])(?=[A-Z])", name.strip("_"))
    if len(parts) > 1 and parts[0] == "add":     # the verb: add_run, add_row
        parts = parts[1:]
    return any(p.lower() in WORDS for p in parts)


def python_hits(source: str) -> list[tuple[int, str]]:
    """(line, word) of every identifier, string or comment of ``source`` that names an operator."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    hits = []
    for i, t in enumerate(tokens):
        if t.type == tokenize.NAME:
            attribute = i > 0 and tokens[i - 1].string == "."
            if t.string in dir(builtins) or t.string in FOREIGN_NAMES or (attribute and t.string in FOREIGN_ATTRIBUTES):
                continue
            if _identifier_names_operator(t.string):
                hits.append((t.start[0], t.string))
        elif t.type in (tokenize.STRING, tokenize.COMMENT) or t.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            hits += [(t.start[0] + t.string[:m.start()].count("\n"), m.group(0)) for m in IN_TEXT.finditer(t.string)]
    return hits


def text_hits(text: str) -> list[tuple[int, str]]:
    return [(text[:m.start()].count("\n") + 1, m.group(0)) for m in IN_TEXT.finditer(text)]


TEMPLATES = (PACKAGE / "templates").resolve()   # (a link to generators/)


def _named_for_an_operator(parts: tuple[str, ...]) -> bool:
    """A template named for an operator: in its folder (``coq/div/...``) or with its prefix (``div_int.mlw.j2``)."""
    names = {op.name.lower() for op in OPERATORS.values()}
    return any(p in names or p.split("_")[0] in names for p in parts)


def _unowned() -> list[tuple[Path, list[tuple[int, str]]]]:
    """Every generic module (outside operators/) and generic template, with the operator names it holds."""
    modules = [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).parts[0] != "operators"]
    templates = [p for p in sorted(TEMPLATES.rglob("*")) if p.is_file() and "__pycache__" not in p.parts
                 and not _named_for_an_operator(p.relative_to(TEMPLATES).parts[:-1] + (p.name,))
                 and not p.name.endswith(".css.j2")]   # a style sheet names HTML's elements: div.scroll
    return [(p, python_hits(p.read_text())) for p in modules] + [(p, text_hits(p.read_text())) for p in templates]


def test_no_operator_is_named_outside_its_description_and_templates():
    scanned = _unowned()
    assert len(scanned) > 100, f"only {len(scanned)} files scanned under {PACKAGE}"
    found = [f"{path}:{line}: {word}" for path, hits in scanned for line, word in hits]
    assert not found, f"{len(found)} operator names outside the descriptions:\n" + "\n".join(found)


def test_the_check_sees_a_name_and_lets_python_be():
    planted = '"""The quotient."""\nx = fp.numerator  # a Fraction\nparser.add_argument("--x")\ny = bvsdiv\nz = Multiply\n'
    assert sorted(w for _, w in python_hits(planted)) == ["Multiply", "bvsdiv", "quotient"]
    assert text_hits("<div>{{ op.name }}</div>\n(fp.div RNE a b)") == [(2, "div")]
