"""A qualifier changes what a sentence says: every right sentence of the paraphrase corpora
(`test_paraphrases.py`, Div's first, and the sentence kinds of `test_paraphrases_ops.py`) with a
meaning-changing qualifier appended must not be read as before.  Its reading (`divbridge read`: the statements
each part at its line is read as, in every listed type) differs from the plain sentence's, or the qualified
sentence is not understood; a qualifier the reader drops would let "... except when B is NaN" pass as the
rule without the exception.

One test per operator and qualifier enumerates every sentence and names each one read as before."""

from __future__ import annotations

import pytest

import test_paraphrases as div
from conftest import sampled
from divbridge.document.reader import parse_document
from test_paraphrases_ops import KINDS

QUALIFIERS = [" except when B is NaN", " unless A is zero", " only for float32", ", ties away from zero",
              " but not for subnormal results", " in most cases"]


def _plain(item) -> str:
    return item if isinstance(item, str) else item[0]


def sentences(op: str) -> list[tuple[str, object]]:
    """The right sentences of an operator's corpora, each with what puts it into its document: a function of
    the phrasing giving the document's text and the phrasing's line."""
    found = []
    if op == "div":
        found += [(phrasing, lambda p, tag=tag: div._document(tag, p)) for tag, right, _ in div.KINDS.values()
                  for phrasing in right]
    found += [(_plain(item), lambda p, site=site: site.document(p)[:2]) for site, right, _ in KINDS[op].values()
              for item in right]
    return found


def qualified(sentence: str, qualifier: str) -> str:
    assert sentence.endswith("."), sentence
    return sentence[:-1] + qualifier + "."


def reading(text: str, line: int) -> tuple[list, bool]:
    """What the parts at a line are read as (the `divbridge read` statements of each), and whether one of
    them is not understood."""
    parts = [p for p in parse_document(text, "corpus.md").parts if p.line == line]
    assert parts, f"nothing read at line {line}"
    return [(p.kind, p.reading.understood, [str(s) for s in p.reading.statements]) for p in parts], \
        not all(p.reading.understood for p in parts)


def read_as_before(op: str, qualifier: str) -> list[str]:
    """The sentences of the operator whose qualified form is read as the plain one."""
    same = []
    for sentence, put in sentences(op):
        changed, unread = reading(*put(qualified(sentence, qualifier)))
        if not unread and changed == plain_reading(op, sentence, put):
            same.append(qualified(sentence, qualifier))
    return same


_PLAIN: dict[tuple[str, str], list] = {}


def plain_reading(op: str, sentence: str, put) -> list:
    if (op, sentence) not in _PLAIN:
        _PLAIN[op, sentence] = reading(*put(sentence))[0]
    return _PLAIN[op, sentence]


@pytest.mark.parametrize("op, qualifier", sampled([pytest.param(op, q, id=f"{op}:{q.strip(' ,')}")
                                                   for op in ("div", "mul", "add", "sub") for q in QUALIFIERS], every=2))
def test_no_right_sentence_with_a_qualifier_appended_is_read_as_before(op, qualifier):
    assert read_as_before(op, qualifier) == []


def test_every_right_sentence_of_the_corpora_is_qualified():
    counted = {op: len(sentences(op)) for op in ("div", "mul", "add", "sub")}
    assert counted["div"] == sum(len(right) for _, right, _ in div.KINDS.values()) + \
        sum(len(right) for _, right, _ in KINDS["div"].values())
    assert all(n >= 40 for n in counted.values()), counted
