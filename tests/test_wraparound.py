"""Integer wrap-around as the working group states it (`k.2^n` case analyses, the multiples' sentences, scope
lead-ins, sentences in words) and Add's and Sub's signed-zero sentence: read, bound one obligation per type, proved
when right, refuted at their line with the operands in decimal and bits when wrong.  The documents are
divbridge's own, in the group's layouts."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from divbridge.cli import main
from divbridge.document import wraparound
from divbridge.document.latex import tokens
from divbridge.document.meaning import Wrap
from divbridge.document.reader import parse_document
from divbridge.formats import get_format
from divbridge.obligations import document, smtrender
from divbridge.obligations.catalog import spec_obligations
from divbridge.operators.add import ADD
from divbridge.operators.mul import MUL
from divbridge.operators.sub import SUB
from divbridge.provers.smoke import free_operation_query
from divbridge import statements

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "proofs" / "spec"
FAST = ["--provers", "z3,bitwuzla", "--no-crosscheck"]
SPAN = '<span style="background: red; color: white; font-size:0.7em;">[{}]</br></span>'

# an integer section in the 2026 layout: the tag's red block, a lead-in per signedness, cases, the multiples
CASES = """# `{Op}` operator (INT8, INT16, INT32, UINT8, UINT16, UINT32)

### Requirements

{open}

For an unsigned type of $n$ bits:

$$
C[i] =
\\begin{{cases}}
{unsigned}
\\end{{cases}}
$$

{unsigned_bound}

For a signed type of $n$ bits:

$$
C[i] =
\\begin{{cases}}
{signed}
\\end{{cases}}
$$

{signed_bound}

{close}
"""

MUL_UNSIGNED = r"""A[i] \times B[i] - k.2^{n} & \text{if } A[i] \times B[i] > 2^{n} - 1 \\
A[i] \times B[i] & \text{otherwise}"""
MUL_UNSIGNED_BOUND = r"with $k \in \mathbb{N}$ such that $0 \le A[i] \times B[i] - k.2^{n} \le 2^{n} - 1$."
MUL_SIGNED = r"""A[i] \times B[i] - k_1.2^{n} & \text{if } A[i] \times B[i] > 2^{n-1} - 1 \\
A[i] \times B[i] + k_2.2^{n} & \text{if } A[i] \times B[i] < -2^{n-1} \\
A[i] \times B[i] & \text{otherwise}"""
MUL_SIGNED_BOUND = (r"with $k_1, k_2 \in \mathbb{N}$ such that $-2^{n-1} \le A[i] \times B[i] - k_1.2^{n} \le "
                    r"2^{n-1} - 1$ and $-2^{n-1} \le A[i] \times B[i] + k_2.2^{n} \le 2^{n-1} - 1$.")
SUB_UNSIGNED = r"""A[i] - B[i] + 2^{n} & \text{if } A[i] < B[i] \\
A[i] - B[i] & \text{otherwise}"""
SUB_SIGNED = r"""A[i] - B[i] - 2^{n} & \text{if } A[i] - B[i] > 2^{n-1} - 1 \\
A[i] - B[i] + 2^{n} & \text{if } A[i] - B[i] < -2^{n-1} \\
A[i] - B[i] & \text{otherwise}"""


def _document(tmp_path: Path, op: str, unsigned: str, signed: str, unsigned_bound: str = "",
              signed_bound: str = "") -> Path:
    tag = f"E_{op.upper()}_INT_FUNC_0010"
    text = CASES.format(Op=op, open=SPAN.format(tag), close=SPAN.format("END"), unsigned=unsigned, signed=signed,
                        unsigned_bound=unsigned_bound, signed_bound=signed_bound)
    path = tmp_path / f"{op.lower()}.md"
    path.write_text(text, encoding="utf-8")
    return path


def _line(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def _prove(path: Path, out: Path, *only: str, provers: str = "z3,bitwuzla") -> tuple[int, dict]:
    code = main(["prove", "--spec", str(path), "--out", str(out), "--provers", provers, "--no-crosscheck",
                 *(a for o in only for a in ("--only", o))])
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))["obligations"]
    return code, {o["id"]: o for o in results}


# -- reading ---------------------------------------------------------------------------------------

def _row(text: str) -> Wrap:
    result, _, condition = text.partition("&")
    return wraparound.row(tokens(result), tokens(condition))


def test_a_row_reads_its_integer_expressions_with_the_wgs_juxtapositions():
    row = _row(r"A[i] \times B[i] - k_1.2^{n} & \textrm{if } A[i] \times B[i] > 2^{n-1}-1")
    # k_1.2^{n} is k_1 * 2^n, not k_1 * 2 * ... nor k_{1.2}
    assert row.result == ("sub", ("mul", ("A",), ("B",)), ("mul", ("var", "k_1"), ("pow2", 0)))
    assert row.condition == ("cmp", ">", ("mul", ("A",), ("B",)), ("sub", ("pow2", -1), ("num", 1)))
    assert _row(r"A[i] + B[i] & \quad \text{otherwise}").condition == ("otherwise",)
    assert _row(r"A_i + B_i - 2^{n} & \text{if } A_i + B_i > 2^n - 1").result == \
        ("sub", ("add", ("A",), ("B",)), ("pow2", 0))     # A_i is the operand, not a multiple named A
    # 2^n-1 is 2^n minus one: a different bound from 2^{n-1}
    assert _row(r"A[i] + B[i] - 2^{n} & \text{if } A[i] + B[i] > 2^n-1").condition[3] == \
        ("sub", ("pow2", 0), ("num", 1))


@pytest.mark.parametrize("text", [r"xxx & \text{if } A[i] > 0", r"A[i] / B[i] & \text{otherwise}",
                                  r"A[i] + B[i] & \text{if } A[i] \text{ is large}"])
def test_a_row_outside_the_grammar_raises_at_its_token(text):
    with pytest.raises(Exception) as caught:
        _row(text)
    assert "cannot read" in str(caught.value)


def test_the_sentences_read_as_what_they_state():
    def read(text, op=MUL):
        doc = parse_document(f"# `{op.name}` operator (INT8)\n\n{text}\n")
        [part] = [p for p in doc.parts if p.kind == "sentence"]
        return part.reading
    assert read("For an unsigned type of $n$ bits:").statements == (Wrap("scope", scope="unsigned"),)
    assert read("For signed values (type int\\<n>):").statements == (Wrap("scope", scope="signed"),)
    # a sentence that goes on to state something is no lead-in: its claim is not dropped as a scope
    assert Wrap("scope", scope="signed") not in read("For signed types, the result is implementation defined.").statements
    assert [s.kind for s in read("The product wraps around.").statements] == ["case", "bound"]
    [bound] = read(r"with $k \in \mathbb{N}$ such that $0 \le A[i] \times B[i] - k.2^{n} < 2^n$").statements
    assert bound.names == ("k",) and bound.domain == "N" and bound.condition[0] == "and"
    first, second = read(r"with $k_1 \in N$ such that $0 \le k_1$ and $k_2 \in N$ such that $k_2 \le 1$").statements
    assert (first.names, second.names) == (("k_1",), ("k_2",))
    unread = read(r"$k_1 \in N$ such that $xxx \le A[i] \times B[i]-k_1.2^{n} < 2^n$")
    assert not unread.understood and "xxx" in unread.why
    kinds = [s.kind for s in read("The sum wraps around: it is the exact sum minus a multiple of $2^n$, for a type "
                                  "of $n$ bits, that brings it into the type's range.", ADD).statements]
    assert kinds == ["case", "bound"]
    facts = read("A difference of two operands of the type leaves the range by less than $2^n$, so the multiple is "
                 "$-2^n$, $0$ or $2^n$; for an unsigned type the exact difference is never above the range, only "
                 "below it.", SUB).statements
    assert [s.kind for s in facts] == ["fact", "case", "bound", "fact"] and facts[-1].scope == "unsigned"
    # another operator's words are not the sentence's: Mul's document does not read "the exact sum"
    assert not read("The sum wraps around: it is the exact sum minus a multiple of $2^n$ that brings it into the "
                    "type's range.", MUL).understood


# -- the project's documents -------------------------------------------------------------------------

@pytest.mark.parametrize("name, op", [("mul", "bvmul"), ("add", "bvadd"), ("sub", "bvsub")])
def test_each_listed_type_gets_its_wraparound_obligations_in_the_operators_bit_vectors(name, op, tmp_path):
    found = {o.id: o for o in spec_obligations(SPEC / f"{name}.md") if o.kind == "wraparound"}
    types = ("int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64")
    assert {o.format for o in found.values()} == set(types)
    # one obligation per row of each analysis, in the types of its lead-in, at the row's line (and its multiple's)
    rows = {o.format: sorted(oid.rsplit(".", 1)[1] for oid in found if oid.startswith(f"{name}.int.{o.format}.")
                             and ".cases_" in oid) for o in found.values()}
    assert rows["uint8"] == rows["uint64"] and len(rows["uint8"]) == 2 and "otherwise" in rows["uint8"]
    assert rows["int8"] == rows["int64"] and len(rows["int8"]) == 3 and "otherwise" in rows["int8"]
    otherwise = next(o for oid, o in found.items() if oid.startswith(f"{name}.int.int8.") and
                     oid.endswith(".otherwise"))
    signed_otherwise = [n for n, text in enumerate((SPEC / f"{name}.md").read_text().splitlines(), 1)
                        if "& \\text{otherwise}" in text][-1]
    assert otherwise.lines == (signed_otherwise,)
    query = smtrender.render(otherwise, tmp_path).text
    assert f"(define-fun c () (_ BitVec 8) ({op} a b))" in query
    assert "forall" not in query and "exists" not in query      # the multiple is solved, never quantified
    assert otherwise.requirements == (f"E_{name.upper()}_INT_FUNC_0010",)


@pytest.mark.parametrize("name", ["mul", "add", "sub"])
def test_the_projects_documents_prove_every_statement(name, tmp_path):
    code, results = _prove(SPEC / f"{name}.md", tmp_path / name, f"{name}.int.*", f"{name}.shape.*",
                           provers="why3,z3,bitwuzla")
    assert code == 0
    assert {results[f"{name}.shape.tensor.{goal}"]["verdict"] for goal in ("result_shape", "elementwise")} == {"proved"}
    wraps = [o for o in results.values() if o["kind"] == "wraparound"]
    assert wraps and {o["verdict"] for o in wraps} == {"proved"}


def test_the_smoke_tests_say_what_a_wraparound_claim_is_about(tmp_path):
    found = {o.id: o for o in spec_obligations(SPEC / "sub.md")}
    cases = found["sub.int.uint8.wraparound.cases_5.a_lt_b"]
    fact = found["sub.int.uint8.wraparound.fact_3"]      # "never above the range": the exact difference alone
    for o in (cases, fact):
        text = smtrender.render(o, tmp_path).text
        free = free_operation_query(text, SUB, statements.of(o).exact_sorts(o))
        # the operator at the type's width is free; the exact arithmetic, wider, stays bvsub
        assert "(define-fun c () (_ BitVec 8) (free_bvsub_BitVec_8 a b))" in free
        assert "(bvsub ((_ zero_extend 10) a) ((_ zero_extend 10) b))" in free
    smoke = json.loads(_smoke_run(tmp_path))
    assert smoke["sub.int.uint8.wraparound.cases_5.a_lt_b"] == "about Sub"
    assert smoke["sub.int.uint8.wraparound.fact_3"] == "definitional"


def _smoke_run(tmp_path: Path) -> str:
    code, results = _prove(SPEC / "sub.md", tmp_path / "smoke", "sub.int.uint8.wraparound.*")
    return json.dumps({oid: o["smoke"]["conclusion"] for oid, o in results.items()})


# -- wrong statements, refuted at their line ---------------------------------------------------------

def test_a_signed_condition_with_2_to_the_n_minus_1_is_refuted_at_its_row(tmp_path):
    wrong = MUL_SIGNED.replace(r"> 2^{n-1} - 1", r"> 2^{n} - 1")
    path = _document(tmp_path, "Mul", MUL_UNSIGNED, wrong, MUL_UNSIGNED_BOUND, MUL_SIGNED_BOUND)
    code, results = _prove(path, tmp_path / "out", "mul.int.int8.wraparound.*", "mul.int.uint8.wraparound.*")
    assert code == 1
    assert {o["verdict"] for o in results.values() if o["format"] == "uint8"} == {"proved"}
    [signed] = [o for o in results.values() if o["format"] == "int8" and o["verdict"] == "refuted"]
    # the signed analysis's "otherwise" row (the last of the two) is where the claim fails, and only there
    otherwise = [n for n, text in enumerate(path.read_text().splitlines(), 1)
                 if r"A[i] \times B[i] & \text{otherwise}" in text][-1]
    assert signed["id"] == "mul.int.int8.wraparound.cases_2.otherwise" and signed["lines"] == [otherwise]
    assert signed["expect"] == "valid"
    operands = signed["counterexample"]["operands"]
    assert set(operands) == {"a", "b"}
    a, b = (operands[n]["value"] for n in "ab")
    int8 = get_format("int8")
    # the operands in decimal and bits, with what the operator gives them and what the row states
    assert f"a = {int8.describe(a)}, b = {int8.describe(b)}" in signed["counterexample"]["mirror"]
    assert 127 < a * b <= 255       # above the type, yet not above 2^n - 1: the "otherwise" row claims a * b
    assert f"bvmul gives {int8.describe(MUL.kernels.integer(int8, a, b))}" in signed["counterexample"]["mirror"]
    assert f"the document states otherwise → C = A*B = {a * b}" in signed["counterexample"]["mirror"]
    assert signed["counterexample"]["replayed"] is True


def test_a_subtraction_that_never_wraps_an_underflow_is_refuted_for_every_unsigned_type(tmp_path):
    wrong = r"""A[i] - B[i] - k.2^{n} & \text{if } A[i] - B[i] > 2^{n} - 1 \\
A[i] - B[i] & \text{otherwise}"""
    bound = r"with $k \in \mathbb{N}$ such that $0 \le A[i] - B[i] - k.2^{n} < 2^n$"
    path = _document(tmp_path, "Sub", wrong, SUB_SIGNED, bound)
    code, results = _prove(path, tmp_path / "out", "sub.int.*.wraparound.*")
    assert code == 1
    refuted = {o["format"]: o for o in results.values() if o["verdict"] == "refuted"}
    assert set(refuted) == {"uint8", "uint16", "uint32"}
    otherwise = _line(path, r"A[i] - B[i] & ")
    assert all(o["id"].endswith(".otherwise") and o["lines"] == [otherwise] for o in refuted.values())
    a, b = (refuted["uint8"]["counterexample"]["operands"][n]["value"] for n in "ab")
    assert a < b and f"the document states otherwise → C = A - B = {a - b}" in refuted["uint8"]["counterexample"]["mirror"]
    # the first row never applies to two unsigned operands: proved of nothing, which the smoke test says
    dead = [o for o in results.values() if o["format"].startswith("u") and ".cases_1.a_minus_b_gt" in o["id"]]
    assert dead and all(o["smoke"]["hypotheses"] == "vacuous" and o["lines"] == [_line(path, "k.2^{n} & "),
                                                                                 _line(path, "with $k")] for o in dead)
    assert {o["verdict"] for o in results.values() if o["format"].startswith("int")} == {"proved"}


def test_a_wrong_multiple_in_words_is_refuted(tmp_path):
    path = SPEC / "add.md"
    text = path.read_text(encoding="utf-8").replace("so the multiple is $-2^n$, $0$ or $2^n$",
                                                    "so the multiple is $0$ or $2^n$")
    wrong = tmp_path / "add.md"
    wrong.write_text(text, encoding="utf-8")
    line = _line(wrong, "so the multiple is $0$ or $2^n$")
    code, results = _prove(wrong, tmp_path / "out", "add.int.int8.wraparound.*")
    assert code == 1
    refuted = [o for o in results.values() if o["verdict"] == "refuted"]
    assert len(refuted) == 1 and refuted[0]["lines"] == [line]
    a, b = (refuted[0]["counterexample"]["operands"][n]["value"] for n in "ab")
    assert a + b < -128        # only an underflow needs -2^n


def test_a_multiple_no_sentence_introduces_is_unread_at_its_row_and_binds_nothing(tmp_path):
    path = _document(tmp_path, "Mul", MUL_UNSIGNED, MUL_SIGNED, MUL_UNSIGNED_BOUND, "")
    binding = document.read(path)
    rows = [_line(path, r"k_1.2^{n}"), _line(path, r"k_2.2^{n}")]
    assert sorted(u.line for u in binding.unread) == rows
    assert all("introduced by no sentence" in u.why for u in binding.unread)
    assert [c.scope for c in binding.wraps] == ["unsigned"]
    found = [o for o in spec_obligations(path) if o.kind == "wraparound"]
    assert sorted({o.format for o in found}) == ["uint16", "uint32", "uint8"]
    code = main(["prove", "--spec", str(path), "--out", str(tmp_path / "out"), *FAST])
    assert code == 1        # the unread rows leave the requirement uncovered


def test_the_mirror_agrees_with_the_proofs_on_every_int8_and_uint8_pair():
    for path, op in ((SPEC / "mul.md", MUL), (SPEC / "sub.md", SUB)):
        for o in (o for o in spec_obligations(path) if o.kind == "wraparound" and o.format in ("int8", "uint8")):
            fmt = get_format(o.format)
            values = np.arange(fmt.min, fmt.max + 1)
            a, b = (x.ravel().astype(fmt.dtype) for x in np.meshgrid(values, values))
            applies, holds = statements.of(o).predicate(o, fmt, a=a, b=b)
            assert holds[applies].all(), o.id
    path = SPEC / "sub.md"
    [claim] = [c for c in document.read(path).wraps if c.kind == "cases" and c.scope == "unsigned"]
    wrong = ((("cmp", "<", ("A",), ("B",)), ("add", ("sub", ("A",), ("B",)), ("pow2", 1))),) + claim.rows[1:]
    fmt = get_format("uint8")
    a, b = (np.array([x], dtype=object) for x in (3, 5))
    from divbridge.statements.wraparound import holds
    assert holds(claim.rows, claim.bounds, (), fmt, (a, b), np.array([254], dtype=object))[0]
    assert not holds(wrong, claim.bounds, (), fmt, (a, b), np.array([254], dtype=object))[0]


# -- the signed-zero sentence ------------------------------------------------------------------------

def test_the_signed_zero_sentence_binds_the_operators_rules_in_both_places():
    for name, rules in (("add", ("zero_plus_zero_same", "zero_plus_zero_opposite", "x_plus_minus_x")),
                        ("sub", ("zero_minus_zero_same", "zero_minus_zero_opposite", "x_minus_x"))):
        path = SPEC / f"{name}.md"
        line = _line(path, "An exact ")
        ieee = _line(path, "rounded to nearest, ties to even")     # the IEEE 754 sentence (the same line here)
        found = {o.id: o for o in spec_obligations(path)}
        for rule in rules:
            for fmt in ("fp16", "bf16", "fp32", "fp64"):
                o = found[f"{name}.float.{fmt}.special.{rule}"]
                assert {line, ieee} <= set(o.lines)     # the sentence and the IEEE 754 one
                assert f"{name}.float.{fmt}.ieee.{rule}" not in found


@pytest.mark.parametrize("old, new", [
    ("except that the sum of two negative zeros is $-0$", "except that the sum of two positive zeros is $-0$"),
    ("in particular $x + (-x)$ is $+0$", "in particular $x + (-x)$ is $-0$"),
    ("An exact sum of zero is $+0$, except that the sum of two negative zeros is $-0$",
     "An exact sum of zero is $+0$, except when both operands are $+0$ (round to nearest)"),
])
def test_a_wrong_signed_zero_sentence_is_refuted_at_its_line(old, new, tmp_path):
    text = (SPEC / "add.md").read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "add.md"
    path.write_text(text.replace(old, new), encoding="utf-8")
    line = _line(path, "An exact sum of zero")
    code, results = _prove(path, tmp_path / "out", "add.float.fp16.special.*")
    assert code == 1
    wrong = [o for o in results.values() if o["verdict"] == "refuted" and o["expect"] == "valid"]
    assert wrong and all(o["lines"] == [line] for o in wrong)
    assert all(v["bits"].startswith("0x") for o in wrong for v in o["counterexample"]["operands"].values())


def test_the_signed_zero_sentence_in_the_brief_wording_is_the_same_claim():
    text = (SPEC / "sub.md").read_text(encoding="utf-8").replace(
        "except that a negative zero minus a positive zero is $-0$", "except when $-0 - +0$ is $-0$")
    doc = parse_document(text)
    [part] = [p for p in doc.parts if p.text.startswith("An exact difference")]
    same = parse_document((SPEC / "sub.md").read_text(encoding="utf-8"))
    [before] = [p for p in same.parts if p.text.startswith("An exact difference")]
    assert part.reading.statements and \
        [str(s) for s in part.reading.statements] == [str(s) for s in before.reading.statements]


# -- read ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, words", [("mul", "⊗ B[i]: IEEE 754 multiplication"), ("add", "⊕ B[i]: IEEE 754 addition"),
                                         ("sub", "⊖ B[i]: IEEE 754 subtraction")])
def test_read_names_the_operators_ieee_operation(name, words, capsys):
    assert main(["read", str(SPEC / f"{name}.md")]) == 0
    out = capsys.readouterr().out
    assert words in out and "IEEE 754 division" not in out and "divides them" not in out


@pytest.mark.parametrize("bound, why", [
    (r"with $k \in \mathbb{N}$ such that $0 \le A[i] \times B[i] - k.2^{n} \le 2^{n} - 1$ and $A[i] > 0$.",
     "a condition on no multiple"),
    (r"with $k, j \in \mathbb{N}$ such that $0 \le A[i] \times B[i] - k.2^{n} \le 2^{n} - 1$.",
     "no case uses the multiple"),
    (r"with $k \in \mathbb{N}$ such that $0 \le A[i] \times B[i] - k.2^{n}$ and $k_2 \ge 0$.",
     "which it does not introduce"),
])
def test_a_condition_of_the_multiples_no_row_states_is_unread_never_dropped(bound, why, tmp_path):
    path = _document(tmp_path, "Mul", MUL_UNSIGNED, MUL_SIGNED, bound.replace(", j", ", m"), MUL_SIGNED_BOUND)
    binding = document.read(path)
    line = _line(path, "with $k")
    assert [u.line for u in binding.unread] == [line] and why in binding.unread[0].why
    assert [c.scope for c in binding.wraps] == ["signed"]      # the unsigned analysis binds nothing


def test_a_lead_in_run_into_other_text_leaves_the_next_analysis_unbound_never_the_previous_types(tmp_path):
    # the 2026 layout's defect: the sentence of the multiples, the signed lead-in and the formula on one line
    path = _document(tmp_path, "Mul", MUL_UNSIGNED, MUL_SIGNED, MUL_UNSIGNED_BOUND.rstrip("."), MUL_SIGNED_BOUND)
    text = path.read_text(encoding="utf-8").replace("\n\nFor a signed type of $n$ bits:\n\n$$",
                                                    "For a signed type of $n$ bits:$$")
    path.write_text(text, encoding="utf-8")
    binding = document.read(path)
    assert binding.wraps == []            # neither analysis is bound: the unsigned one lost its multiple's sentence
    signed = [n for n, line in enumerate(text.splitlines(), 1) if "k_1.2^{n} &" in line or "k_2.2^{n} &" in line]
    unread = {u.line: u.why for u in binding.unread}
    assert all("the types it speaks of are not read" in unread[n] for n in signed)
    assert [o for o in spec_obligations(path) if o.kind == "wraparound"] == []


def test_an_analysis_with_a_row_not_read_binds_nothing(tmp_path):
    unread = MUL_SIGNED.replace(r"A[i] \times B[i] - k_1.2^{n} & \text{if }", r"A[i] \times B[i] - k_1.2^{n} & "
                                r"\text{if } A[i] \text{ is large and }")
    path = _document(tmp_path, "Mul", MUL_UNSIGNED, unread, MUL_UNSIGNED_BOUND, MUL_SIGNED_BOUND)
    binding = document.read(path)
    assert [c.scope for c in binding.wraps] == ["unsigned"]     # not the signed rows that were read, as a claim
    assert _line(path, "is large") in [u.line for u in binding.unread]
