"""Notes of an operator of several operands: ``C = A^B`` (Pow) and ``Z = Where(cond, X, Y)``, their result read from
the sentence that names the operands' errors (`document/accuracy.lark`: ``propagated_from_several``,
``selected_from``), compared with the description's real function, and their claims judged by `checkspec.several`:
proved by sympy, refuted with a counterexample the mirror replays, or checked on the mirror.
`tests/corpus_acc/pow_style.md` and `where_selected.md` are notes of ours in the working group's style, each with
one planted defect (line 14: a first-order bound without B and ln A; line 15: the unselected operand's error)."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import numpy as np
import sympy

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


# -- each element of the result under \\forall (tests/corpus_acc/matmul_elements.md) -----------------------------------

def test_a_quantified_definition_of_each_element_is_read_with_its_ranges():
    formula = mathexpr.parse(r"\forall i \in [0, dA_0 - 1], \forall j \in [0, dB_1 - 1] \quad C[i,j] = "
                             r"\sum_{k=0}^{dA_1-1} A[i,k]\times B[k,j]")
    i, j, k = (mathexpr.index_symbol(x) for x in "ijk")
    a, b, c = (sympy.IndexedBase(mathexpr.symbol(x)) for x in "ABC")
    assert formula.quantifiers == (("i", 0, mathexpr.symbol("dA_0") - 1), ("j", 0, mathexpr.symbol("dB_1") - 1))
    assert formula.parts == (c[i, j], sympy.Sum(a[i, k] * b[k, j], (k, 0, mathexpr.symbol("dA_1") - 1)))


def test_each_element_defined_is_compared_with_the_operator_s_function_on_every_small_shape():
    _, found = note_claims(read_note(CORPUS / "matmul_elements.md"))
    by_line = {f.line: f for f in found if f.line in (6, 12, 18)}
    assert by_line[6].kind == "information" and by_line[6].message.startswith(
        "defines each element C[i, j] as MatMul's function (checked on every shape")
    # B[j, k] for B[k, j]: an element outside B as soon as B is not square
    assert by_line[12].kind == "incorrect" and by_line[12].message == (
        "not MatMul's function: on [1, 1] x [1, 2], element [0, 1]: B[1, 0] is outside B, 1 x 2")
    assert by_line[18].kind == "incorrect" and "its indices run over i in [0, 1], j in [0, 1], not the result's 1 " \
        "rows and 2 columns" in by_line[18].message


# -- a cases environment: the selected branch's error in one formula (tests/corpus_acc/where_cases.md) ---------------

def test_a_cases_environment_is_a_piecewise_value_each_row_a_value_and_its_condition():
    formula = mathexpr.parse("|Z| = \\begin{cases} |X| & \\text{if } c = \\text{True} \\\\ |Y| & \\text{otherwise} "
                             "\\end{cases}")
    x, y, z, c = (mathexpr.symbol(n) for n in ("X", "Y", "Z", "c"))
    assert formula.parts == (sympy.Abs(z), sympy.Piecewise((sympy.Abs(x), sympy.Eq(c, mathexpr.symbol("True"))),
                                                           (sympy.Abs(y), True)))


def test_a_cases_formula_is_proved_for_each_truth_value_and_a_swapped_one_refuted_with_a_true_condition():
    verdicts = _verdicts("where_cases.md")
    assert verdicts[13] == ("holds", [])      # proved by sympy with cond = 1 and with cond = 0, never at cond = 1/2
    verdict, messages = verdicts[23]
    assert verdict == "fails" and messages[0].startswith("false: at cond = 1, X = 0, Y = 0, X_err = 0, Y_err = 1/2")
    assert messages[0].endswith("the mirror's Where gives Z_err^propag = 0)")


def test_rows_joined_by_a_control_space_are_one_row_of_three_cells_reported_where_it_is():
    """The working group's where_acc.md ends a row with «\\» and a line break (a space in LaTeX): one row of three
    cells, which no cases environment has."""
    claims, found = note_claims(read_note(CORPUS / "where_cases.md"))
    assert next(c for c in claims if c.line == 33).verdict == "unreadable"
    [finding] = [f for f in found if f.line == 33 and f.kind != "unread"]
    assert finding.kind == "ill-formed" and "a row of 3 cells in a cases environment (a value and its condition): its «\\» followed by a line break " \
        "is a control space, not the «\\\\» that ends a row" in finding.message
    text = (CORPUS / "where_cases.md").read_text()
    try:
        mathexpr.parse(text.split("$$")[5])
    except mathexpr.LatexError as exc:
        assert exc.malformed and text.split("$$")[5][exc.offset:exc.offset + 2] == "\\\n"
    else:
        raise AssertionError("read")


# -- a result of dot products: MatMul's note, tests/corpus_acc/matmul_sums.md (line 15: the second-order term
# dropped from an exact bound; line 27: a bound of n u^2 |A| |B|) --------------------------------------------------

def test_a_result_of_sums_of_n_products_is_one_element_s_dot_product():
    note = read_note(CORPUS / "matmul_sums.md")
    found = accuracy.several(note)
    assert str(found.terms) == "n" and str(found.value) == "Sum(A[k]*B[k], (k, 0, n - 1))"
    assert str(found.propagated) == "Sum((A[k] + A_err[k])*(B[k] + B_err[k]) - A[k]*B[k], (k, 0, n - 1))"
    # |A| = max |A[i, j]| (read in its let-define sentence) is the largest magnitude of an element of A
    assert {d.name for d in note.definitions if d.meaning == "largest"} == {"A", "B", "A_err", "B_err"}
    # n = 2: the note's sum is the operator's real function on a row and a column
    assert accuracy.instantiate(found.value, found, 2) == sympy.sympify("A[0]*B[0] + A[1]*B[1]", locals={
        "A": sympy.IndexedBase("A"), "B": sympy.IndexedBase("B")}).replace(
        lambda e: isinstance(e, sympy.Indexed), lambda e: accuracy.symbol_of(mathexpr.symbol(str(e.base)),
                                                                            int(e.indices[0])))


def test_summation_identities_and_bounds_proved_for_every_n_and_false_ones_refuted_with_the_mirror():
    verdicts = _verdicts("matmul_sums.md")
    assert verdicts[13] == ("holds", ["proved for every n (sympy): an identity: both sides are summations over k = 0 .. "
                                      "n - 1 whose terms simplify to one another"])
    assert verdicts[14][0] == "holds" and "the triangle inequality" in verdicts[14][1][0]
    verdict, messages = verdicts[15]
    # |A_err B + A B_err + A_err B_err| = 3 > n (|A_err| |B| + |A| |B_err|) = 2 at n = 1, every value 1
    assert verdict == "fails" and messages[0].startswith("false for n = 1: at A[0] = 1, B[0] = 1, A_err[0] = 1, "
                                                         "B_err[0] = 1")
    assert messages[0].endswith("the left side is 3.0 and the right side 2.0 (the mirror's Y_err^propag is 3 = 3)")
    # the correctly rounded dot product meets 2 n^2 u |A| |B| (checked, never proved) ...
    assert verdicts[23][0] == "checked"
    # ... and no float result of one product meets n u^2 |A| |B|: FP16 1.017578125 * 1.05078125 rounds by 8.4e-5
    verdict, messages = verdicts[27]
    assert verdict == "fails" and messages[0].startswith("false for n = 1 in fp16: A = [1.017578125 (fp16 0x3c12)], "
                                                         "B = [1.05078125 (fp16 0x3c34)]")
    assert "E = 8.39233e-05, above the bound 2.5493e-07" in messages[0]


def test_the_notes_naive_loop_is_judged_and_its_counterexample_replays_in_numpy():
    """Line 31's n u |A| |B| holds of the correctly rounded dot product, not of the notes' naive loop (products
    rounded, then each partial sum): refuted from n = 2 with operands NumPy's float16 loop replays; line 23's
    2 n^2 u |A| |B| (above the classical gamma_n n |A| |B|) is met by the loop: checked, never called false."""
    verdicts = _verdicts("matmul_sums.md")
    assert verdicts[23][0] == "checked" and "the note's naive loop" in verdicts[23][1][0] and \
        "checked, not proved" in verdicts[23][1][0]
    verdict, messages = verdicts[31]
    assert verdict == "fails" and messages[0].startswith("false for the note's naive loop")
    count = int(re.search(r"for n = (\d+) in fp16", messages[0]).group(1))
    assert count >= 2     # n = 1 is one product: the correctly rounded result, which meets the bound
    a, b = (np.array([int(h, 16) for h in re.findall(r"fp16 (0x[0-9a-f]+)", side)], np.uint16).view(np.float16)
            for side in re.search(r"A = \[(.*?)\], B = \[(.*?)\]", messages[0]).groups())
    assert len(a) == len(b) == count
    total = np.float16(0)
    for x, y in zip(a, b):       # float16 arithmetic: each operation rounded once (through float32, innocuously)
        total = np.float16(total + np.float16(x * y))
    exact = sum(Fraction(float(x)) * Fraction(float(y)) for x, y in zip(a, b))
    error = Fraction(float(total)) - exact
    bound = count * Fraction(1, 2**11) * max(abs(Fraction(float(x))) for x in a) * max(abs(Fraction(float(y)))
                                                                                       for y in b)
    assert abs(error) > bound
    assert f"E = {float(error):.6g}, above the bound {float(bound):.6g}" in messages[0]


def test_a_first_order_claim_on_sums_is_judged_on_its_coefficients():
    """|Y_err^propag| = sum A_err B + sum A B_err + O(|A_err| |B_err|) is false to first order (|s| is not s where s
    < 0); the same without |.| holds for every n."""
    text = (CORPUS / "matmul_sums.md").read_text().split("## Error Introduction")[0]     # the propagated error only
    wrong = text.replace(
        r"  - $Y_{\textit{err}}^{\textit{propag}}[i, j] = \sum_{k=0}^{n-1} A_{\textit{err}}[i, k] \times B[k, j] + "
        r"\sum_{k=0}^{n-1} \left(A[i, k] + A_{\textit{err}}[i, k]\right) \times B_{\textit{err}}[k, j]$",
        r"  - $|Y_{\textit{err}}^{\textit{propag}}[i, j]| = \sum_{k=0}^{n-1} A_{\textit{err}}[i, k] \times B[k, j] + "
        r"\sum_{k=0}^{n-1} A[i, k] \times B_{\textit{err}}[k, j] + \mathcal{O}(|A_{\textit{err}}| \times "
        r"|B_{\textit{err}}|)$")
    assert wrong != text
    claims, _ = note_claims(parse_note(wrong, "matmul_acc.md"))
    claim = next(c for c in claims if c.line == 13)
    assert claim.verdict == "fails"
    assert "false for n = 1" in claim.findings[0].message and "the mirror's Y_err^propag at h = 2^-20" in \
        claim.findings[0].message


def test_a_first_order_proof_needs_the_logarithm_s_argument_positive():
    """Without 'A > 0' the chain rule through A^B (ln A) is not defined everywhere: the bound is only checked."""
    text = (CORPUS / "pow_style.md").read_text().replace(
        r" such that $A[I] > 0$ and $A[I] + A_{\textit{err}}[I] > 0$", "")
    claims, _ = note_claims(parse_note(text, "pow_acc.md"))
    assert next(c for c in claims if c.line == 13).verdict == "checked"


def test_a_contraction_s_claim_without_its_summation_is_unread():
    """MatMul's Y = A x B read as a product of two numbers would judge 1 x 1 matrices only: unread instead."""
    text = ("# Numerical Accuracy\n\n## Error Propagation\n\nThe **MatMul** operator.\n"
            "For $Y = A \\times B$, the propagated error $Y_{\\textit{err}}^{\\textit{propag}}$ comes from the input "
            "errors $A_{\\textit{err}}$ and $B_{\\textit{err}}$.\n\n"
            "- $|Y_{\\textit{err}}^{\\textit{propag}}| \\leq |A_{\\textit{err}}| \\times |B| + |A| \\times "
            "|B_{\\textit{err}}| + |A_{\\textit{err}}| \\times |B_{\\textit{err}}|$\n")
    note = parse_note(text, "matmul_acc.md")
    assert accuracy.unread_why(note).startswith("a claim on the error of MatMul: its note runs no summation over the "
                                                "n terms of an element")
    assert all(isinstance(item, accuracy.NotRead) for item in accuracy.readings(note))


def test_partial_derivatives_side_by_side_are_each_proved_or_refuted():
    block = ("Using the first-order derivative of (A^B) with respect to (A) and (B):\n\n$$\n"
             "\\frac{\\partial (A^B)}{\\partial A} = B \\cdot A^{B-1}, \\quad\n"
             "\\frac{\\partial (A^B)}{\\partial B} = B \\cdot A^B\n$$\n\n")
    text = (CORPUS / "pow_style.md").read_text().replace("a first-order bound is:", block + "a first-order bound is:")
    claims, _ = note_claims(parse_note(text, "pow_acc.md"))
    by_line = {c.line: c for c in claims}
    # lines 13 and 14 of the block: the first holds, the second (B A^B for A^B ln A) is refuted by sympy
    assert by_line[13].verdict == "holds"
    assert by_line[14].verdict == "fails" and by_line[14].findings[0].message.endswith(
        "sympy's derivative is A**B*log(A)")
