"""Notes of an operator of several operands: ``C = A^B`` (Pow) and ``Z = Where(cond, X, Y)``, their result read from
the sentence that names the operands' errors (`document/accuracy.lark`: ``propagated_from_several``,
``selected_from``), compared with the description's real function, and their claims judged by `checkspec.several`:
proved by sympy, refuted with a counterexample the mirror replays, or checked on the mirror.
`tests/corpus_acc/pow_style.md` and `where_selected.md` are notes of ours in the working group's style, each with
one planted defect (line 14: a first-order bound without B and ln A; line 15: the unselected operand's error)."""

from __future__ import annotations

from pathlib import Path

from divbridge.checkspec.accuracy import note_claims
from divbridge.document import mathexpr
from divbridge.document.accuracy import parse_note, read_note
from divbridge.obligations import accuracy

CORPUS = Path(__file__).parent / "corpus_acc"


def _verdicts(name: str) -> dict[int, tuple[str, list[str]]]:
    claims, _ = note_claims(read_note(CORPUS / name))
    return {c.line: (c.verdict, [f.message for f in c.findings]) for c in claims}


def test_a_result_of_several_operands_is_read_with_its_operands_in_order():
    note = read_note(CORPUS / "pow_style.md")
    found = accuracy.several(note)
    assert [str(x) for x in found.operands] == ["A", "B"] and [str(e) for e in found.errors] == ["A_err", "B_err"]
    assert str(found.value) == "A**B"
    where = accuracy.several(read_note(CORPUS / "where_selected.md"))
    # the note calls the operator: its value is the description's real function, the condition has no error
    assert where.errors[0] is None and [str(e) for e in where.errors[1:]] == ["X_err", "Y_err"]
    assert str(where.value) == "Piecewise((X, Ne(cond, 0)), (Y, True))"


def test_the_note_s_function_must_be_its_operator_s():
    text = (CORPUS / "pow_style.md").read_text().replace("For $C = A^B$", "For $C = B^A$")
    reason = accuracy.unread_why(parse_note(text, "pow_acc.md"))
    assert reason.startswith("a claim on the error of Pow: the note's C = B**A is not Pow's function (at A = ")


def test_pow_first_order_bounds_proved_by_the_triangle_inequality_and_a_wrong_one_refuted():
    verdicts = _verdicts("pow_style.md")
    assert verdicts[13] == ("holds", []) and verdicts[19] == ("holds", []) and verdicts[25] == ("holds", [])
    verdict, messages = verdicts[14]
    assert verdict == "fails"
    # the coefficient of h: |B A^(B-1) + A^B ln A| - (|A^(B-1)| + |A^B|) at A = 1/2, B = 2 is 0.0767..., and the
    # mirror's propagated error at h = 2^-20 (7.884e-7 = 0.8267 h) is above the right side (0.75 h)
    assert messages[0].startswith("false to first order: at A = 1/2, B = 2, alpha = 1, beta = 1, as h -> 0+, the "
                                  "left side minus the right side is 0 + (0.076713205)*h")
    assert "the mirror's C_err^propag is 7.88415938959e-7" in messages[0]


def test_where_cases_proved_a_wrong_case_refuted_and_no_rounding_checked():
    verdicts = _verdicts("where_selected.md")
    assert verdicts[13] == ("holds", [])
    verdict, messages = verdicts[15]
    assert verdict == "fails" and "Y_err = 1/2" in messages[0] and "the mirror's Where gives Z_err^propag = 1/2" in \
        messages[0]
    verdict, messages = verdicts[21]
    assert verdict == "checked" and "int8 (every one of 256 values), uint8 (every one of 256 values)" in messages[0]


def test_a_word_written_against_its_arguments_names_a_function():
    assert mathexpr.parse(r"Z = \textbf{Where}(c, X, Y)").parts[1].func.__name__ == "Where"
    try:
        mathexpr.parse(r"|X| \text{if} x")
    except mathexpr.LatexError as exc:
        assert "words in the formula" in str(exc)
    else:
        raise AssertionError("prose in a formula was read")
