"""The paraphrase corpus over the four operators (issue 42): for every kind of statement the documents make,
phrasings that are right and phrasings that are wrong (our own words, in the styles of the working group and
others), each put into the project's own `proofs/spec/<op>.md` at the line of one statement (found by its
text, which must stand once in the document) or as a paragraph of its own before one, with what check-spec
must then say:

- a right phrasing: exactly what it says of the unedited document (the same findings, the same exit code):
  read, and read as what it says;
- a wrong phrasing: that, plus `incorrect` at its line with a counterexample (exit 1), or `unread` at its line
  with a non-zero exit, or either of the two where both are honest (`REFUTED_OR_UNREAD`); never read as the
  right rule.

Div's first corpus is `test_paraphrases.py` (each phrasing with its exact finding); the kinds below are those
of Mul, Add and Sub and the kinds Div's lacked.  `test_qualifiers.py` appends meaning-changing qualifiers to
every right sentence of both corpora.

The counts, phrasings per operator and kind as right + wrong, Div's first corpus included (a test keeps them
true: `test_the_corpus_has_four_hundred_phrasings_and_its_counts_are_those_above`; `python
tests/test_paraphrases_ops.py` prints them):

- Div (211): special-value sign 7 + 8; special-value case 5 + 5; float rounding 5 + 5; integer rounding 5 + 5;
  divisor exclusion 5 + 5; overflow exclusion 11 + 7; same shape 5 + 5; same type 5 + 5; sign sentence 5 + 5;
  example number notation 7 + 6; example in named types 5 + 5; pipe case table 5 + 6; condition in words 5 + 5;
  inline example 5 + 5; example zero sign 5 + 5; definition 5 + 5; float rounding ties 2 + 5; overflow exclusion in
  words 4 + 4; divisor exclusion in words 3 + 3; float error conditions 2 + 2; integer error conditions 2 + 3;
  example in a pipe table 2 + 2.
- Mul (144): float rounding 5 + 10; rounds-to-zero sign 5 + 6; NaN operand 5 + 5; zero times infinity 5 + 5;
  infinity times non-zero 5 + 6; zero times finite 5 + 6; definition 5 + 6; wrap-around 5 + 5; same shape 3 + 3;
  same type 3 + 4; float error conditions 3 + 3; integer error conditions 2 + 2; example number notation 4 + 3;
  example zero sign 2 + 2; inline example 3 + 3; example in a pipe table 2 + 2; pipe case table: zero times infinity
  2 + 3; pipe case table: infinity times non-zero 1 + 2; pipe case table: condition in words 2 + 1.
- Add (138): float rounding 5 + 10; zero-sum sign 5 + 5; NaN operand 4 + 4; opposite infinities 4 + 5; infinities of
  one sign 4 + 4; infinity plus finite 4 + 4; definition 5 + 5; wrap-around 4 + 4; wrap-around multiple 3 + 3; same
  shape 3 + 3; same type 3 + 3; float error conditions 2 + 2; integer error conditions 2 + 2; example number
  notation 4 + 3; example zero sign 2 + 2; example sum of opposite zeros 2 + 2; inline example 3 + 3; example in a
  pipe table 2 + 2; pipe case table: opposite infinities 2 + 2; pipe case table: negative zeros 2 + 2; pipe case
  table: finite plus infinity 1 + 2.
- Sub (128): float rounding 5 + 10; zero-difference sign 4 + 5; NaN operand 4 + 4; infinities of one sign 4 + 4;
  opposite infinities 4 + 4; infinity and finite 4 + 4; definition 5 + 6; wrap-around 4 + 4; same shape 3 + 3; same
  type 3 + 3; float error conditions 2 + 2; integer error conditions 2 + 2; example number notation 4 + 3; example
  zero sign 2 + 2; example x minus x 2 + 2; inline example 3 + 3; example in a pipe table 2 + 2; pipe case table:
  finite minus infinity 1 + 2; pipe case table: negative zero minus zero 1 + 1; pipe case table: infinity minus
  itself 1 + 2.

In all 621 phrasings.
"""

from __future__ import annotations

import functools
import shutil
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

import test_paraphrases as div
from conftest import sampled
from divbridge.checkspec.analysis import analyse_text

SPEC = Path(__file__).parent.parent / "proofs" / "spec"
INCORRECT, UNREAD, REFUTED_OR_UNREAD = "incorrect", "unread", "incorrect or unread"
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")


@dataclass(frozen=True)
class Site:
    """Where a kind's phrasings go: in `proofs/spec/<op>.md` (or in `source`, a document of our own), the line
    that is exactly `anchor` (once in the document, or the first one after the line `after`), replaced by
    `template` with the phrasing in place of its `{}`; with `insert`, the template's lines (a paragraph, a
    heading and a paragraph...) go before that line instead.  A wrong worked example marks its wrong entry
    «thus»: the finding must stand at that column."""
    op: str
    anchor: str
    template: str = "{}"
    insert: bool = False
    after: str = ""
    source: str = ""

    @property
    def name(self) -> str:
        return f"{self.op}_table.md" if self.source else f"{self.op}.md"

    def original(self) -> str:
        return self.source or (SPEC / f"{self.op}.md").read_text(encoding="utf-8")

    def document(self, phrasing: str) -> tuple[str, int, int | None]:
        """The edited document, the line the phrasing stands on and the column of its marked entry."""
        lines = self.original().split("\n")
        start = 0
        if self.after:
            assert lines.count(self.after) == 1, f"{self.name}: {lines.count(self.after)} lines are {self.after!r}"
            start = lines.index(self.after)
        assert self.anchor in lines[start:], f"{self.name}: no line {self.anchor!r}"
        at = lines.index(self.anchor, start)
        assert self.after or lines.count(self.anchor) == 1, f"{self.name}: several lines are {self.anchor!r}"
        mark = phrasing.find("«")
        phrasing = phrasing.replace("«", "").replace("»", "")
        template = self.template.split("\n")
        offset = next(i for i, line in enumerate(template) if "{}" in line)
        column = None if mark < 0 else template[offset].index("{}") + mark + 1
        lines[at:at + (0 if self.insert else 1)] = [line.replace("{}", phrasing) for line in template] + \
            ([""] if self.insert else [])
        return "\n".join(lines), at + offset + 1, column


def _bullet(tag: str) -> str:
    return "- {} `[" + tag + "]`"


def _heading(op: str, family: str) -> str:
    types = {"real": "real", "float": "FP16, BFLOAT16, FP32, FP64",
             "int": "INT8, INT16, INT32" if op == "Div" else "INT8, INT16, INT32, INT64, UINT8, UINT16, UINT32, UINT64"}
    return f"# `{op}` operator ({types[family]})"


def _restriction(op: str, tag: str, line: str) -> Site:
    """R1 and R2 stand in every section: the float section's."""
    return Site(op.lower(), line, "- {} `[" + tag + "]`", after=_heading(op, "float"))


def _errors(op: str, family: str, before: str = "### Constraints") -> Site:
    """An "Error conditions" heading and sentence of the section's own, before `before`."""
    return Site(op.lower(), before, "### Error conditions\n\n{}", insert=True, after=_heading(op, family))


def _rounding(noun: str, operation: str) -> tuple[list, list]:
    """The rounding of a float operation's finite results, in the words of its result `noun` (today only Div's
    library has a stated-rounding claim: the others' are unread)."""
    return [
        f"The {operation} follows IEEE 754 semantics.",
        f"Each {noun} is correctly rounded.",
        f"The {noun} is IEEE 754 {operation}.",
        f"Each {noun} is rounded to the nearest representable value, ties to even.",
        (f"The exact {noun} of two finite operands is rounded to the nearest value of the type, a tie going to the "
         "even one."),
    ], [
        (f"A {noun} of two finite numbers is the exact {noun} rounded toward zero.", INCORRECT),
        (f"The {noun} is rounded toward negative infinity.", INCORRECT),
        (f"The {noun} is rounded toward positive infinity.", INCORRECT),
        (f"The {noun} is rounded up.", INCORRECT),
        (f"The {noun} is rounded down.", INCORRECT),
        (f"The {noun} is truncated.", INCORRECT),
        (f"Each {noun} is rounded to the nearest representable value, ties away from zero.", INCORRECT),
        (f"The exact {noun} is rounded to the nearest representable value, ties being rounded away from zero.",
         INCORRECT),
        (f"The {noun} is rounded to nearest, ties toward zero.", REFUTED_OR_UNREAD),
        (f"The {noun} of two finite numbers is exact.", REFUTED_OR_UNREAD),
    ]


def _wrap(op: str, noun: str, rest: str = "") -> Site:
    """The integer section's wrap-around sentence (and what follows it on its line, kept)."""
    line = (f"The {noun} wraps around: it is the exact {noun} minus a multiple of $2^n$, for a type of $n$ bits, "
            f"that brings it into the type's range.{rest}")
    return Site(op, line, "{}" + rest)


# the statements the kinds rewrite, as they stand in the documents (a changed document fails at its Site)
MUL_ROUNDING = ("A product of two finite numbers is the exact product rounded to nearest, ties to even; a product "
                "that rounds to zero is a zero carrying the product of the signs.")
ADD_ZERO = ("An exact sum of zero is $+0$, except that the sum of two negative zeros is $-0$; in particular "
            "$x + (-x)$ is $+0$.")
SUB_ZERO = ("An exact difference of zero is $+0$, except that a negative zero minus a positive zero is $-0$; in "
            "particular $x - x$ is $+0$.")
ADD_NEAREST = "A sum of two finite numbers is the exact sum rounded to nearest, ties to even."
SUB_NEAREST = "A difference of two finite numbers is the exact difference rounded to nearest, ties to even."
ADD_WRAP_REST = (" A sum of two operands of the type leaves the range by less than $2^n$, so the multiple is "
                 "$-2^n$, $0$ or $2^n$.")
SUB_WRAP_REST = (" A difference of two operands of the type leaves the range by less than $2^n$, so the multiple "
                 "is $-2^n$, $0$ or $2^n$; for an unsigned type the exact difference is never above the range, "
                 "only below it.")
R1_LINE = "The three tensors `A`, `B` and `C` have one and the same shape; nothing is broadcast."
R2_LINE = "`A`, `B` and `C` share one element type."
NAN_LINE = "- A NaN operand makes the result NaN."


def _r(op: str, tag: str) -> Site:
    return _restriction(op, tag, f"- {R1_LINE if tag == 'R1' else R2_LINE} `[{tag}]`")


# operator -> kind -> (site, right phrasings, wrong phrasings with what check-spec must say)
KINDS: dict[str, dict[str, tuple[Site, list, list]]] = {
    "mul": {
        "float rounding": (Site("mul", MUL_ROUNDING, "{} A product that rounds to zero is a zero carrying the "
                                                     "product of the signs."),
                           *_rounding("product", "multiplication")),
        "rounds-to-zero sign": (Site("mul", MUL_ROUNDING, "A product of two finite numbers is the exact product "
                                                          "rounded to nearest, ties to even; {}"), [
            "a product that rounds to zero is a zero carrying the product of the signs.",
            "a product that rounds to zero is a zero whose sign is the exclusive or of the signs of A and B.",
            "a zero product carries the XOR of the operands' signs.",
            "the sign of a zero product is the product of the signs of the two operands.",
            "a product that rounds to zero is a zero, with the signs of $A[i]$ and $B[i]$ multiplied.",
        ], [
            ("a product that rounds to zero is $+0$.", REFUTED_OR_UNREAD),
            ("a product that rounds to zero is a positive zero.", REFUTED_OR_UNREAD),
            ("a product that rounds to zero is a zero carrying the sign of A.", REFUTED_OR_UNREAD),
            ("a product that rounds to zero is a zero carrying the sign of the second operand.", REFUTED_OR_UNREAD),
            ("a zero product is always negative.", REFUTED_OR_UNREAD),
            ("a product that rounds to zero is a zero carrying the opposite of the product of the signs.",
             REFUTED_OR_UNREAD),
        ]),
        "NaN operand": (Site("mul", NAN_LINE, "- {}"), [
            "Any NaN input gives a NaN result.",
            "If $A[i]$ or $B[i]$ is NaN, $C[i]$ is NaN.",
            "A product with a NaN operand is NaN.",
            "NaN times any value, in either order, is NaN.",
            "When either operand is NaN, the result is NaN.",
        ], [
            ("A NaN operand makes the result zero.", REFUTED_OR_UNREAD),
            ("A NaN operand makes the result an infinity.", REFUTED_OR_UNREAD),
            ("A NaN times zero is zero.", REFUTED_OR_UNREAD),
            ("A NaN operand gives the other operand.", REFUTED_OR_UNREAD),
            ("Only a NaN in A makes the result NaN.", REFUTED_OR_UNREAD),
        ]),
        "zero times infinity": (Site("mul", "- Zero times an infinity and an infinity times zero are NaN, whatever "
                                            "the signs.", "- {}"), [
            "A zero times an infinity is NaN, in either order.",
            "The product of a zero and an infinity, in either order and whatever the signs, is NaN.",
            "$\\pm 0 \\times \\pm\\infty$ and $\\pm\\infty \\times \\pm 0$ are NaN.",
            "Multiplying an infinity by a zero gives NaN, and so does multiplying a zero by an infinity.",
            "If one operand is a zero and the other an infinity, the result is NaN.",
        ], [
            ("±0 × ±inf gives 0.", REFUTED_OR_UNREAD),
            ("Zero times an infinity and an infinity times zero are zero, whatever the signs.", INCORRECT),
            ("Zero times an infinity and an infinity times zero are infinities carrying the product of the signs.",
             REFUTED_OR_UNREAD),
            ("Zero times an infinity is NaN; an infinity times zero is zero.", REFUTED_OR_UNREAD),
            ("Zero times an infinity and an infinity times zero are $+0$.", REFUTED_OR_UNREAD),
        ]),
        "infinity times non-zero": (Site("mul", "- An infinity times a finite non-zero number or an infinity is an "
                                                "infinity carrying the product of the signs.", "- {}"), [
            ("An infinity times a non-zero number, finite or infinite, is an infinity whose sign is the exclusive or "
             "of the operands' signs."),
            "The product of an infinity and a non-zero number is an infinity carrying the product of the signs.",
            ("An infinity times a finite non-zero number or an infinity is an infinity, with the signs of $A[i]$ and "
             "$B[i]$ multiplied."),
            "Multiplying an infinity by a non-zero number gives an infinity carrying the XOR of both signs.",
            ("An infinity times a finite non-zero number or an infinity is an infinity with sign equal to the "
             "product of the signs of the two operands."),
        ], [
            ("An infinity times a finite non-zero number or an infinity is an infinity carrying the sign of A.",
             INCORRECT),
            ("An infinity times a finite non-zero number or an infinity is a positive infinity.",
             REFUTED_OR_UNREAD),
            ("An infinity times a finite non-zero number or an infinity is NaN.", REFUTED_OR_UNREAD),
            ("An infinity times a finite non-zero number is zero.", INCORRECT),
            ("An infinity times an infinity is NaN.", REFUTED_OR_UNREAD),
            ("An infinity times a finite non-zero number or an infinity is an infinity carrying the sign of B.",
             INCORRECT),
        ]),
        "zero times finite": (Site("mul", "- A zero times a finite number is a zero carrying the product of the "
                                          "signs.", "- {}"), [
            "A zero times a finite number is a zero whose sign is the exclusive or of the signs of A and B.",
            "Zero times any finite value is a zero carrying the product of both signs.",
            "The product of a zero and a finite number is a zero, its sign being the product of the signs.",
            "A zero times a finite number is a zero with the signs of $A[i]$ and $B[i]$ multiplied.",
            "A zero multiplied by a finite number gives a zero carrying the XOR of the operands' signs.",
        ], [
            ("A zero times a finite number is $+0$.", REFUTED_OR_UNREAD),
            ("A zero times a finite number is NaN.", INCORRECT),
            ("A zero times a finite number is a zero carrying the sign of B.", INCORRECT),
            ("A zero times a finite number is a zero carrying the sign of the zero.", REFUTED_OR_UNREAD),
            ("A zero times a finite number is that finite number.", REFUTED_OR_UNREAD),
            ("A zero times a finite number is a negative zero.", REFUTED_OR_UNREAD),
        ]),
        "definition": (Site("mul", "Each element of `C` is the exact product of the matching elements of `A` and "
                                   "`B`."), [
            "Each element of `C` is the product of the elements of `A` and `B` at the same index.",
            "$C[i]$ is $A[i]$ multiplied by $B[i]$.",
            "`C` is the element-wise product of `A` and `B`.",
            "The operator multiplies `A` by `B` element by element and stores the products in `C`.",
            "$C[i]$ is the result of multiplying $A[i]$ by $B[i]$.",
        ], [
            ("Each element of `C` is the exact sum of the matching elements of `A` and `B`.", REFUTED_OR_UNREAD),
            ("$C[i]$ is $A[i]$ divided by $B[i]$.", REFUTED_OR_UNREAD),
            ("`C` is the element-wise quotient of `A` and `B`.", REFUTED_OR_UNREAD),
            ("The operator adds `A` and `B` element by element and stores the sums in `C`.", REFUTED_OR_UNREAD),
            ("$C[i]$ is the product of $A[i]$ and $A[i]$.", REFUTED_OR_UNREAD),
            ("Each element of `C` is the exact difference of the matching elements of `A` and `B`.",
             REFUTED_OR_UNREAD),
        ]),
        "wrap-around": (_wrap("mul", "product"), [
            "The product wraps around modulo $2^n$ for a type of $n$ bits.",
            ("An overflowing product wraps around: it is the exact product minus the multiple of $2^n$ that lands "
             "in the type's range, for a type of $n$ bits."),
            ("The product is the exact product reduced modulo $2^n$ into the range of the type, for a type of $n$ "
             "bits."),
            "The product is computed modulo $2^n$, for a type of $n$ bits.",
            "On overflow the product wraps around modulo $2^n$, $n$ being the number of bits of the type.",
        ], [
            ("The product saturates at the bounds of the type.", REFUTED_OR_UNREAD),
            ("An overflowing product is clamped to the type's range.", REFUTED_OR_UNREAD),
            ("The product wraps around modulo $2^{n+1}$ for a type of $n$ bits.", REFUTED_OR_UNREAD),
            ("An overflowing product is zero.", REFUTED_OR_UNREAD),
            ("The product of two integers never overflows.", REFUTED_OR_UNREAD),
        ]),
        "same shape": (_r("Mul", "R1"), [
            "`A`, `B` and `C` all have one shape.",
            "The shapes of `A`, `B` and `C` are equal; there is no broadcasting.",
            "Each of `A`, `B` and `C` has the shape of the other two.",
        ], [
            ("`A` and `B` are broadcast to one shape.", REFUTED_OR_UNREAD),
            ("`C` has the shape of `A`; the shape of `B` may differ.", REFUTED_OR_UNREAD),
            ("The shape of `C` is the broadcast of the shapes of `A` and `B`.", REFUTED_OR_UNREAD),
        ]),
        "same type": (_r("Mul", "R2"), [
            "`A`, `B` and `C` have one element type.",
            "The element types of `A`, `B` and `C` are the same.",
            "All three tensors share a single data type.",
        ], [
            ("`C` has another type than `A`.", REFUTED_OR_UNREAD),
            ("`A` and `B` may have different types.", REFUTED_OR_UNREAD),
            ("`C` is of a wider type than `A` and `B`.", REFUTED_OR_UNREAD),
            ("`C` is FP32 whatever the types of `A` and `B`.", REFUTED_OR_UNREAD),
        ]),
        "float error conditions": (_errors("Mul", "float"), [
            "There is no error condition.",
            "No error condition: every pair of operands has a product, NaN and infinities included.",
            "The operator raises no error.",
        ], [
            ("An error is raised when an operand is NaN.", REFUTED_OR_UNREAD),
            ("A product that overflows is an error.", REFUTED_OR_UNREAD),
            ("Multiplying a zero by an infinity is an error.", REFUTED_OR_UNREAD),
        ]),
        "integer error conditions": (_errors("Mul", "int"), [
            "No error condition: an overflowing product wraps around.",
            "Every pair of integers of the type has a product: there is no error condition.",
        ], [
            ("An overflowing product raises an error.", REFUTED_OR_UNREAD),
            ("Multiplying by zero is an error.", REFUTED_OR_UNREAD),
        ]),
    },
    "add": {
        "float rounding": (Site("add", f"{ADD_NEAREST} {ADD_ZERO}", "{} " + ADD_ZERO),
                           *_rounding("sum", "addition")),
        "zero-sum sign": (Site("add", f"{ADD_NEAREST} {ADD_ZERO}", ADD_NEAREST + " {}"), [
            "A zero sum is $+0$, except that $-0 + -0$ is $-0$.",
            "An exact sum of zero is a positive zero unless both operands are negative zeros, when it is $-0$.",
            "$x + (-x) = +0$ for every finite $x$, and $-0 + (-0) = -0$.",
            "An exact sum of zero is $+0$, except that the sum of two negative zeros is $-0$.",
            ("The sum of two zeros is $-0$ when both are negative and $+0$ otherwise, and a finite number plus its "
             "opposite is $+0$."),
        ], [
            ("An exact sum of zero is $-0$.", REFUTED_OR_UNREAD),
            ("The sum of two negative zeros is $+0$.", REFUTED_OR_UNREAD),
            ("An exact sum of zero is $+0$, except that the sum of two negative zeros is $-0$; in particular "
             "$x + (-x)$ is $-0$.", REFUTED_OR_UNREAD),
            ("An exact sum of zero carries the sign of A.", REFUTED_OR_UNREAD),
            ("A zero sum is always $+0$.", REFUTED_OR_UNREAD),
        ]),
        "NaN operand": (Site("add", NAN_LINE, "- {}"), [
            "Any NaN input gives a NaN sum.",
            "If $A[i]$ is NaN or $B[i]$ is NaN, then $C[i]$ is NaN.",
            "A sum with a NaN term is NaN.",
            "NaN plus any value, in either order, is NaN.",
        ], [
            ("A NaN operand makes the sum zero.", REFUTED_OR_UNREAD),
            ("A NaN plus an infinity is that infinity.", REFUTED_OR_UNREAD),
            ("A NaN operand is ignored: the sum is the other operand.", REFUTED_OR_UNREAD),
            ("Only a NaN in B makes the result NaN.", REFUTED_OR_UNREAD),
        ]),
        "opposite infinities": (Site("add", "- The sum of two infinities of opposite signs is NaN.", "- {}"), [
            "$+\\infty + (-\\infty)$ and $-\\infty + (+\\infty)$ are NaN.",
            "Adding infinities of opposite signs gives NaN.",
            "The sum of an infinity and the opposite infinity is NaN.",
            "If $A[i]$ and $B[i]$ are infinities of opposite signs, $C[i]$ is NaN.",
        ], [
            ("+inf + -inf gives +inf.", REFUTED_OR_UNREAD),
            ("The sum of two infinities of opposite signs is zero.", INCORRECT),
            ("The sum of two infinities of opposite signs is the first infinity.", REFUTED_OR_UNREAD),
            ("The sum of two infinities of opposite signs is $+0$.", REFUTED_OR_UNREAD),
            ("The sum of two infinities of opposite signs is a positive infinity.", REFUTED_OR_UNREAD),
        ]),
        "infinities of one sign": (Site("add", "- The sum of two infinities of one sign is that infinity.", "- {}"), [
            "Two infinities of the same sign add up to that infinity.",
            "$+\\infty + (+\\infty) = +\\infty$ and $-\\infty + (-\\infty) = -\\infty$.",
            "The sum of two infinities of one sign is an infinity of that sign.",
            "Adding an infinity to itself gives that infinity.",
        ], [
            ("The sum of two infinities of one sign is NaN.", REFUTED_OR_UNREAD),
            ("The sum of two infinities of one sign is the opposite infinity.", REFUTED_OR_UNREAD),
            ("The sum of two infinities of one sign is a positive infinity.", REFUTED_OR_UNREAD),
            ("$-\\infty + (-\\infty)$ is NaN.", REFUTED_OR_UNREAD),
        ]),
        "infinity plus finite": (Site("add", "- An infinity plus a finite number, in either order, is that "
                                             "infinity.", "- {}"), [
            "An infinity plus a finite number is that infinity, and so is a finite number plus an infinity.",
            "Adding a finite number to an infinity, in either order, leaves the infinity.",
            "The sum of an infinity and a finite number is the infinity.",
            "If one operand is infinite and the other finite, the result is the infinite one.",
        ], [
            ("An infinity plus a finite number, in either order, is NaN.", REFUTED_OR_UNREAD),
            ("An infinity plus a finite number is the finite number.", REFUTED_OR_UNREAD),
            ("An infinity plus a finite number is a positive infinity.", REFUTED_OR_UNREAD),
            ("An infinity plus a finite number, in either order, is the opposite infinity.", REFUTED_OR_UNREAD),
        ]),
        "definition": (Site("add", "Each element of `C` is the exact sum of the matching elements of `A` and "
                                   "`B`."), [
            "Each element of `C` is the sum of the elements of `A` and `B` at the same index.",
            "$C[i]$ is $A[i]$ plus $B[i]$.",
            "`C` is the element-wise sum of `A` and `B`.",
            "The operator adds `A` and `B` element by element and stores the sums in `C`.",
            "$C[i]$ is the result of adding $B[i]$ to $A[i]$.",
        ], [
            ("Each element of `C` is the exact product of the matching elements of `A` and `B`.",
             REFUTED_OR_UNREAD),
            ("$C[i]$ is $A[i]$ minus $B[i]$.", REFUTED_OR_UNREAD),
            ("The operator divides `A` by `B` element by element and stores the quotients in `C`.",
             REFUTED_OR_UNREAD),
            ("$C[i]$ is $A[i]$ plus $A[i]$.", REFUTED_OR_UNREAD),
            ("`C` is the element-wise difference of `B` and `A`.", REFUTED_OR_UNREAD),
        ]),
        "wrap-around": (_wrap("add", "sum", ADD_WRAP_REST), [
            "The sum wraps around modulo $2^n$ for a type of $n$ bits.",
            ("An overflowing sum wraps around: it is the exact sum minus the multiple of $2^n$ that lands in the "
             "type's range, for a type of $n$ bits."),
            "The sum is the exact sum reduced modulo $2^n$ into the range of the type, for a type of $n$ bits.",
            "On overflow the sum wraps around modulo $2^n$, $n$ being the number of bits of the type.",
        ], [
            ("The sum saturates at the bounds of the type.", REFUTED_OR_UNREAD),
            ("An overflowing sum is clamped to the type's range.", REFUTED_OR_UNREAD),
            ("The sum wraps around modulo $2^{n-1}$ for a type of $n$ bits.", REFUTED_OR_UNREAD),
            ("An overflowing sum is the largest value of the type.", REFUTED_OR_UNREAD),
        ]),
        "wrap-around multiple": (Site("add", _wrap("add", "sum", ADD_WRAP_REST).anchor,
                                      _wrap("add", "sum").anchor + " {}"), [
            ("A sum of two operands of the type is off the range by less than $2^n$, so the multiple is $-2^n$, $0$ "
             "or $2^n$."),
            ("The multiple is one of $-2^n$, $0$ and $2^n$, since two operands of the type sum to less than $2^n$ "
             "beyond the range."),
            "So the multiple is $-2^n$, $0$ or $2^n$.",
        ], [
            ("A sum of two operands of the type leaves the range by less than $2^n$, so the multiple is $0$ or "
             "$2^n$.", REFUTED_OR_UNREAD),
            ("So the multiple is $-2^{n+1}$, $0$ or $2^{n+1}$.", REFUTED_OR_UNREAD),
            ("So the multiple is always $2^n$.", REFUTED_OR_UNREAD),
        ]),
        "same shape": (_r("Add", "R1"), [
            "`A`, `B` and `C` have identical shapes.",
            "The three tensors share their shape: no broadcast.",
            "`C` has the shape of `A`, which is the shape of `B`.",
        ], [
            ("`B` is broadcast to the shape of `A`.", REFUTED_OR_UNREAD),
            ("`A` and `B` may have different shapes.", REFUTED_OR_UNREAD),
            ("Shapes are not checked.", REFUTED_OR_UNREAD),
        ]),
        "same type": (_r("Add", "R2"), [
            "`A`, `B` and `C` are of one and the same element type.",
            "The three tensors have the same data type.",
            "`C` has the element type of `A` and of `B`.",
        ], [
            ("`C` may have a type other than that of `A`.", REFUTED_OR_UNREAD),
            ("The type of `C` differs from that of `A`.", REFUTED_OR_UNREAD),
            ("`A` and `B` may be of different types, `C` of the type of `A`.", REFUTED_OR_UNREAD),
        ]),
        "float error conditions": (_errors("Add", "float"), [
            "No error condition.",
            "There is no error condition: every pair of operands has a sum, NaN included.",
        ], [
            ("Adding infinities of opposite signs raises an error.", REFUTED_OR_UNREAD),
            ("A sum that overflows is an error.", REFUTED_OR_UNREAD),
        ]),
        "integer error conditions": (_errors("Add", "int"), [
            "No error condition: an overflowing sum wraps around.",
            "There is no error condition.",
        ], [
            ("An overflowing sum raises an error.", REFUTED_OR_UNREAD),
            ("The behaviour of an overflowing sum is undefined.", REFUTED_OR_UNREAD),
        ]),
    },
    "sub": {
        "float rounding": (Site("sub", f"{SUB_NEAREST} {SUB_ZERO}", "{} " + SUB_ZERO),
                           *_rounding("difference", "subtraction")),
        "zero-difference sign": (Site("sub", f"{SUB_NEAREST} {SUB_ZERO}", SUB_NEAREST + " {}"), [
            "A zero difference is $+0$, except that $-0 - (+0)$ is $-0$.",
            "$x - x = +0$ for every finite $x$, and $-0 - (+0) = -0$.",
            "An exact difference of zero is $+0$, except that a negative zero minus a positive zero is $-0$.",
            ("An exact difference of zero is a positive zero unless a negative zero is the minuend and a positive "
             "zero the subtrahend, which gives $-0$."),
        ], [
            ("An exact difference of zero is $+0$, except that a negative zero minus a positive zero is $-0$; in "
             "particular $x - x$ is $-0$.", REFUTED_OR_UNREAD),
            ("$x - x = -0$.", REFUTED_OR_UNREAD),
            ("A negative zero minus a positive zero is $+0$.", REFUTED_OR_UNREAD),
            ("An exact difference of zero is $-0$.", REFUTED_OR_UNREAD),
            ("A zero difference carries the sign of B.", REFUTED_OR_UNREAD),
        ]),
        "NaN operand": (Site("sub", NAN_LINE, "- {}"), [
            "Any NaN input gives a NaN difference.",
            "$C[i]$ is NaN whenever $A[i]$ or $B[i]$ is NaN.",
            "A difference with a NaN operand is NaN.",
            "NaN minus anything and anything minus NaN are NaN.",
        ], [
            ("A NaN operand makes the difference zero.", REFUTED_OR_UNREAD),
            ("NaN minus NaN is zero.", REFUTED_OR_UNREAD),
            ("A NaN operand is ignored: the difference is the other operand.", REFUTED_OR_UNREAD),
            ("Only a NaN in A makes the difference NaN.", REFUTED_OR_UNREAD),
        ]),
        "infinities of one sign": (Site("sub", "- An infinity minus the infinity of the same sign is NaN.", "- {}"), [
            "$+\\infty - (+\\infty)$ and $-\\infty - (-\\infty)$ are NaN.",
            "Subtracting an infinity from the infinity of the same sign gives NaN.",
            "An infinity minus itself is NaN.",
            "If $A[i]$ and $B[i]$ are infinities of one sign, $C[i]$ is NaN.",
        ], [
            ("An infinity minus the infinity of the same sign is zero.", REFUTED_OR_UNREAD),
            ("An infinity minus the infinity of the same sign is that infinity.", REFUTED_OR_UNREAD),
            ("$+\\infty - (+\\infty)$ is $+0$.", REFUTED_OR_UNREAD),
            ("An infinity minus the infinity of the opposite sign is NaN.", REFUTED_OR_UNREAD),
        ]),
        "opposite infinities": (Site("sub", "- An infinity minus the infinity of the opposite sign is the first "
                                            "infinity.", "- {}"), [
            "An infinity minus the opposite infinity is the first operand.",
            "$+\\infty - (-\\infty) = +\\infty$ and $-\\infty - (+\\infty) = -\\infty$.",
            "Subtracting an infinity from the infinity of the other sign gives the minuend.",
            "An infinity minus the infinity of the opposite sign is an infinity carrying the sign of A.",
        ], [
            ("An infinity minus the infinity of the opposite sign is the second infinity.", REFUTED_OR_UNREAD),
            ("An infinity minus the infinity of the opposite sign is NaN.", REFUTED_OR_UNREAD),
            ("An infinity minus the infinity of the opposite sign is a positive infinity.", REFUTED_OR_UNREAD),
            ("An infinity minus the infinity of the opposite sign is an infinity carrying the sign of B.",
             REFUTED_OR_UNREAD),
        ]),
        "infinity and finite": (Site("sub", "- An infinity minus a finite number is that infinity; a finite number "
                                            "minus an infinity is the opposite infinity.", "- {}"), [
            ("An infinity minus a finite number is the infinity, and a finite number minus an infinity is the "
             "infinity negated."),
            "$\\pm\\infty - x = \\pm\\infty$ and $x - (\\pm\\infty) = \\mp\\infty$ for a finite $x$.",
            ("Subtracting a finite number from an infinity leaves the infinity; subtracting an infinity from a "
             "finite number gives the opposite infinity."),
            ("An infinity minus a finite number is an infinity carrying the sign of A; a finite number minus an "
             "infinity is an infinity carrying the opposite of the sign of B."),
        ], [
            ("An infinity minus a finite number is that infinity; a finite number minus an infinity is that "
             "infinity.", REFUTED_OR_UNREAD),
            ("An infinity minus a finite number is NaN; a finite number minus an infinity is the opposite "
             "infinity.", REFUTED_OR_UNREAD),
            ("An infinity minus a finite number is the opposite infinity; a finite number minus an infinity is the "
             "opposite infinity.", REFUTED_OR_UNREAD),
            ("A finite number minus an infinity is a negative infinity.", REFUTED_OR_UNREAD),
        ]),
        "definition": (Site("sub", "Each element of `C` is the exact difference of the matching elements of `A` and "
                                   "`B`: `A` minus `B`."), [
            "$C[i]$ is $A[i]$ minus $B[i]$.",
            "Each element of `C` is the element of `A` minus the element of `B` at the same index.",
            "The operator subtracts `B` from `A` element by element and stores the differences in `C`.",
            "$C[i]$ is the result of subtracting $B[i]$ from $A[i]$.",
            "`C` is the element-wise difference `A` minus `B`.",
        ], [
            ("`C` is `B` minus `A`.", REFUTED_OR_UNREAD),
            ("$C[i]$ is $B[i]$ minus $A[i]$.", REFUTED_OR_UNREAD),
            ("The operator subtracts `A` from `B` element by element and stores the differences in `C`.",
             REFUTED_OR_UNREAD),
            ("Each element of `C` is the exact sum of the matching elements of `A` and `B`.", REFUTED_OR_UNREAD),
            ("$C[i]$ is the result of subtracting $A[i]$ from $B[i]$.", REFUTED_OR_UNREAD),
            ("Each element of `C` is the exact difference of the matching elements of `A` and `B`: `B` minus `A`.",
             REFUTED_OR_UNREAD),
        ]),
        "wrap-around": (_wrap("sub", "difference", SUB_WRAP_REST), [
            "The difference wraps around modulo $2^n$ for a type of $n$ bits.",
            ("An overflowing difference wraps around: it is the exact difference minus the multiple of $2^n$ that "
             "lands in the type's range, for a type of $n$ bits."),
            ("The difference is the exact difference reduced modulo $2^n$ into the range of the type, for a type of "
             "$n$ bits."),
            "On overflow the difference wraps around modulo $2^n$, $n$ being the number of bits of the type.",
        ], [
            ("The difference saturates at the bounds of the type.", REFUTED_OR_UNREAD),
            ("A negative difference of an unsigned type is zero.", REFUTED_OR_UNREAD),
            ("The difference wraps around modulo $2^{n+1}$ for a type of $n$ bits.", REFUTED_OR_UNREAD),
            ("An overflowing difference is the smallest value of the type.", REFUTED_OR_UNREAD),
        ]),
        "same shape": (_r("Sub", "R1"), [
            "`A`, `B` and `C` are tensors of one shape.",
            "`A`, `B` and `C` have the same shape, and no operand is broadcast.",
            "The shape of `C` is that of `A` and of `B`.",
        ], [
            ("`A` is broadcast to the shape of `B`.", REFUTED_OR_UNREAD),
            ("`C` may have another shape than `A` and `B`.", REFUTED_OR_UNREAD),
            ("The shapes of `A` and `B` need only be compatible.", REFUTED_OR_UNREAD),
        ]),
        "same type": (_r("Sub", "R2"), [
            "`A`, `B` and `C` have a common element type.",
            "The element type of `C` is that of `A` and of `B`.",
            "The three tensors hold elements of one type.",
        ], [
            ("`C` has another type than `A`.", REFUTED_OR_UNREAD),
            ("`B` may have a type other than that of `A`.", REFUTED_OR_UNREAD),
            ("`C` is FP64 whatever the types of `A` and `B`.", REFUTED_OR_UNREAD),
        ]),
        "float error conditions": (_errors("Sub", "float"), [
            "There is no error condition.",
            "No error condition: subtracting an infinity from itself gives NaN, not an error.",
        ], [
            ("Subtracting an infinity from itself raises an error.", REFUTED_OR_UNREAD),
            ("A NaN operand is an error.", REFUTED_OR_UNREAD),
        ]),
        "integer error conditions": (_errors("Sub", "int"), [
            "No error condition: a difference out of range wraps around.",
            "The operator raises no error.",
        ], [
            ("A negative difference of an unsigned type is an error.", REFUTED_OR_UNREAD),
            ("The behaviour of an overflowing difference is undefined.", REFUTED_OR_UNREAD),
        ]),
    },
    # the kinds Div's first corpus (test_paraphrases.py) lacks
    "div": {
        "definition": (Site("div", "- Each element of `C` is the exact quotient of the matching elements of `A` and "
                                   "`B`. `[E_DIV_REAL_DEF_0010]`", _bullet("E_DIV_REAL_DEF_0010")), [
            "$C[i]$ is $A[i]$ divided by $B[i]$.",
            "Each element of `C` is the element of `A` over the element of `B` at the same index.",
            "The operator divides `A` by `B` element by element and stores the quotients in `C`.",
            "$C[i]$ is the result of dividing $A[i]$ by $B[i]$.",
            "`C` is the element-wise quotient of `A` by `B`.",
        ], [
            ("$C[i]$ is $B[i]$ divided by $A[i]$.", REFUTED_OR_UNREAD),
            ("`C` is the element-wise quotient of `B` by `A`.", REFUTED_OR_UNREAD),
            ("The operator divides `B` by `A` element by element and stores the quotients in `C`.",
             REFUTED_OR_UNREAD),
            ("$C[i]$ is $A[i]$ times $B[i]$.", REFUTED_OR_UNREAD),
            ("Each element of `C` is the exact product of the matching elements of `A` and `B`.",
             REFUTED_OR_UNREAD),
        ]),
        "float rounding ties": (Site("div", "- A quotient of two finite numbers is the exact quotient rounded to "
                                            "nearest, ties to even. `[E_DIV_FLOAT_DEF_0010]`",
                                     _bullet("E_DIV_FLOAT_DEF_0010")), [
            "The quotient is rounded to the nearest value of the type, a tie going to the even one.",
            "Each quotient is the exact quotient rounded to nearest, ties to even, as IEEE 754 divides.",
        ], [
            ("The exact quotient is rounded to the nearest representable value, ties being rounded away from zero.",
             INCORRECT),
            ("Each quotient is rounded to the nearest representable value, ties away from zero.", INCORRECT),
            ("The quotient is rounded toward positive infinity.", INCORRECT),
            ("The quotient is rounded to nearest, ties toward zero.", REFUTED_OR_UNREAD),
            ("The quotient of two finite numbers is exact.", REFUTED_OR_UNREAD),
        ]),
        "overflow exclusion in words": (Site("div", "- No pair divides the smallest value of the type by $-1$, whose "
                                                    "quotient does not fit; this is a precondition. "
                                                    "`[E_DIV_INT_CONSTR_AB_0020]`",
                                             _bullet("E_DIV_INT_CONSTR_AB_0020")), [
            "If the type is signed, not ($A[i]$ is the smallest value of the type and $B[i] = -1$).",
            "For a signed type, $A[i] = -2^{n-1}$ and $B[i] = -1$ never hold together.",
            "No element of `A` is the smallest value of the type where the matching element of `B` is $-1$.",
            "Whenever $B[i] = -1$, $A[i]$ is greater than the smallest value of the type.",
        ], [
            ("If the type is signed, not ($A[i]$ is the largest value of the type and $B[i] = -1$).",
             REFUTED_OR_UNREAD),
            ("If the type is signed, not ($A[i]$ is the smallest value of the type and $B[i] = 1$).",
             REFUTED_OR_UNREAD),
            ("Whenever $B[i] = -1$, $A[i]$ is less than the largest value of the type.", REFUTED_OR_UNREAD),
            ("For a signed type, $A[i] = -2^{n-1}$ and $B[i] = 1$ never hold together.", REFUTED_OR_UNREAD),
        ]),
        "divisor exclusion in words": (Site("div", "- No element of `B` is zero; this is a precondition. "
                                                   "`[E_DIV_INT_CONSTR_B_0010]`", _bullet("E_DIV_INT_CONSTR_B_0010")), [
            "For every index, $B[i] \\neq 0$.",
            "A zero divisor is never given.",
            "Each element of `B` differs from zero.",
        ], [
            ("For every index, $A[i] \\neq 0$.", REFUTED_OR_UNREAD),
            ("A zero dividend is never given.", REFUTED_OR_UNREAD),
            ("Each element of `B` differs from one.", REFUTED_OR_UNREAD),
        ]),
        "float error conditions": (Site("div", "A worked example, exact in every listed format:",
                                        "### Error conditions\n\n{}", insert=True), [
            "There is no error condition: a zero divisor gives an infinity or NaN.",
            "No input raises an error.",
        ], [
            ("Dividing by zero raises an error.", REFUTED_OR_UNREAD),
            ("A zero over a zero is an error.", REFUTED_OR_UNREAD),
        ]),
        "integer error conditions": (Site("div", "A worked example, valid in every listed type:",
                                          "### Error conditions\n\n{}", insert=True), [
            "No error condition: every input the preconditions allow has a quotient.",
            "The operator raises no error on the inputs its preconditions allow.",
        ], [
            ("An error is raised when $A[i]$ is zero.", REFUTED_OR_UNREAD),
            ("Dividing by one is an error.", REFUTED_OR_UNREAD),
            ("Every input is allowed: a zero divisor gives zero.", REFUTED_OR_UNREAD),
        ]),
    },
}


# the worked examples' results and the case tables of our own in Markdown, each with a wrong entry marked «so»
MUL_C = r"C = \begin{bmatrix} 0.75 & -3 & -0 & -0 & -\infty & \text{nan} & \text{nan} \end{bmatrix}"
ADD_C = r"C = \begin{bmatrix} 1.75 & -0 & 0 & 0 & 0 & \text{nan} & \infty \end{bmatrix}"
SUB_C = r"C = \begin{bmatrix} 1.25 & -0 & 0 & 0 & 0 & \text{nan} & -\infty \end{bmatrix}"
EXAMPLE_TITLE = "A worked example, exact in every listed format:"


def _pipe_example(op: str, first: str) -> Site:
    """A worked example as a Markdown table at the end of the float section: a right first row, the phrasing
    the second."""
    before, after = ("<a id=\"int\"></a>", "") if op == "Div" else ("### Constraints", _heading(op, "float"))
    return Site(op.lower(), before, "Another worked example, as a table:\n\n| $A$ | $B$ | $C$ |\n|---|---|---|\n"
                                    f"| {first} |\n| {{}} |", insert=True, after=after)


def _table(op: str, sign: bool, rows: str) -> str:
    """A float section whose cases are a Markdown table (in a document of its own)."""
    signs = "- A zero or infinite result carries the product of the signs of A and B. `[E_F_0020]`\n" if sign else ""
    return (f"# `{op}` operator (FP16, FP32)\n\n- The result is correctly rounded, as IEEE 754 gives it. "
            f"`[E_F_0010]`\n{signs}\nThe cases:\n\n| Condition | Result |\n|---|---|\n{rows}")


MUL_TABLE = _table("Mul", True, r"""| $A[i]$ is NaN or $B[i]$ is NaN | NaN |
| $A[i] = 0$ and $B[i]$ is infinite | NaN |
| $A[i]$ is infinite and $B[i] = 0$ | NaN |
| $A[i]$ is infinite and $B[i]$ is infinite | $\pm\infty$ |
| $A[i]$ is infinite and $B[i] \neq 0$ and $B[i]$ is finite | $\pm\infty$ |
| $A[i] \neq 0$ and $A[i]$ is finite and $B[i]$ is infinite | $\pm\infty$ |
| otherwise | $A[i] \times B[i]$ |
""")
ADD_TABLE = _table("Add", False, r"""| $A[i]$ is NaN or $B[i]$ is NaN | NaN |
| $A[i] = \infty$ and $B[i] = -\infty$ | NaN |
| $A[i] = -\infty$ and $B[i] = \infty$ | NaN |
| $A[i]$ is infinite and $B[i]$ is finite | $A[i]$ |
| $A[i]$ is infinite and $B[i] = A[i]$ | $A[i]$ |
| $A[i]$ is finite and $B[i]$ is infinite | $B[i]$ |
| $A[i] = -0$ and $B[i] = -0$ | $-0$ |
| otherwise | $A[i] + B[i]$ |
""")
SUB_TABLE = _table("Sub", False, r"""| $A[i]$ is NaN or $B[i]$ is NaN | NaN |
| $A[i]$ is infinite and $B[i] = A[i]$ | NaN |
| $A[i]$ is infinite and $B[i] = -A[i]$ | $A[i]$ |
| $A[i]$ is infinite and $B[i]$ is finite | $A[i]$ |
| $A[i]$ is finite and $B[i]$ is infinite | $-B[i]$ |
| $A[i] = -0$ and $B[i] = +0$ | $-0$ |
| otherwise | $A[i] - B[i]$ |
""")


def _row(op: str, row: str) -> Site:
    return Site(op, row, source={"mul": MUL_TABLE, "add": ADD_TABLE, "sub": SUB_TABLE}[op])


# operator -> kind -> (site, right phrasings, wrong phrasings): worked examples and case tables
EXAMPLES: dict[str, dict[str, tuple[Site, list, list]]] = {
    "mul": {
        "example number notation": (Site("mul", MUL_C, MUL_C.replace("0.75", "{}", 1)), [
            "3/4", "7.5e-1", r"\frac{3}{4}", r"3 \cdot 2^{-2}",
        ], [("«0.7»", INCORRECT), ("«7.6e-1»", INCORRECT), (r"«\frac{3}{5}»", INCORRECT)]),
        "example zero sign": (Site("mul", MUL_C, MUL_C.replace("& -0 &", "& {} &", 1)), [
            "-0.0", "-0.00",
        ], [("«0.0»", INCORRECT), ("«+0.0»", INCORRECT)]),
        "inline example": (Site("mul", EXAMPLE_TITLE, insert=True), [
            "For instance, with $A = [2, -3]$ and $B = [0.5, 4]$, $C = [1, -12]$.",
            "Take $A = [-0, 5]$, $B = [7, -0]$: then $C = [-0, -0]$.",
            "So $A = [1.5]$ times $B = [-2]$ is $C = [-3]$ in every listed format.",
        ], [
            ("For instance, with $A = [2, -3]$ and $B = [0.5, 4]$, $C = [1, «12»]$.", INCORRECT),
            ("Take $A = [-0, 5]$, $B = [7, -0]$: then $C = [«+0», -0]$.", INCORRECT),
            ("So $A = [1.5]$ times $B = [-2]$ is $C = [«-3.5»]$ in every listed format.", INCORRECT),
        ]),
        "example in a pipe table": (_pipe_example("Mul", "3 | 0.25 | 0.75"), [
            "-1.5 | 2 | -3", "0 | -5 | -0",
        ], [("-1.5 | 2 | «3»", INCORRECT), ("0 | -5 | «+0»", INCORRECT)]),
        "pipe case table: zero times infinity": (_row("mul", "| $A[i] = 0$ and $B[i]$ is infinite | NaN |"), [
            "| $B[i]$ is infinite and $A[i] = 0$ | NaN |",
            "| $A[i]$ is a zero and $B[i]$ is an infinity | NaN |",
        ], [
            ("| $A[i] = 0$ and $B[i]$ is infinite | 0 |", INCORRECT),
            ("| $A[i] = 0$ and $B[i]$ is infinite | $\\pm\\infty$ |", INCORRECT),
            ("| $A[i] = 0$ and $B[i]$ is finite | NaN |", INCORRECT),
        ]),
        "pipe case table: infinity times non-zero": (
            _row("mul", "| $A[i]$ is infinite and $B[i] \\neq 0$ and $B[i]$ is finite | $\\pm\\infty$ |"), [
                "| $A[i]$ is infinite and $B[i]$ is finite and $B[i] \\neq 0$ | $\\pm\\infty$ |",
            ], [
                ("| $A[i]$ is infinite and $B[i] \\neq 0$ and $B[i]$ is finite | $+\\infty$ |", INCORRECT),
                ("| $A[i]$ is infinite and $B[i] \\neq 0$ and $B[i]$ is finite | NaN |", INCORRECT),
            ]),
        "pipe case table: condition in words": (_row("mul", "| $A[i]$ is NaN or $B[i]$ is NaN | NaN |"), [
            "| $A[i]$ or $B[i]$ is NaN | NaN |",
            "| either operand is NaN | NaN |",
        ], [("| $A[i]$ is NaN or $B[i]$ is NaN | 0 |", INCORRECT)]),
    },
    "add": {
        "example number notation": (Site("add", ADD_C, ADD_C.replace("1.75", "{}", 1)), [
            "7/4", "1.75e0", r"\frac{7}{4}", r"7 \cdot 2^{-2}",
        ], [("«1.7»", INCORRECT), (r"«\frac{7}{5}»", INCORRECT), ("«1.76»", INCORRECT)]),
        "example zero sign": (Site("add", ADD_C, ADD_C.replace("& -0 &", "& {} &", 1)), [
            "-0.0", "-0.00",
        ], [("«0.0»", INCORRECT), ("«+0»", INCORRECT)]),
        "example sum of opposite zeros": (Site("add", ADD_C, ADD_C.replace("-0 & 0 &", "-0 & {} &", 1)), [
            "0.0", "+0",
        ], [("«-0»", INCORRECT), ("«-0.0»", INCORRECT)]),
        "inline example": (Site("add", EXAMPLE_TITLE, insert=True), [
            "For instance, with $A = [2, -3]$ and $B = [0.5, 4]$, $C = [2.5, 1]$.",
            "Take $A = [-0, 5]$, $B = [-0, -5]$: then $C = [-0, 0]$.",
            "So $A = [1.5]$ plus $B = [-2]$ is $C = [-0.5]$ in every listed format.",
        ], [
            ("For instance, with $A = [2, -3]$ and $B = [0.5, 4]$, $C = [2.5, «-1»]$.", INCORRECT),
            ("Take $A = [-0, 5]$, $B = [-0, -5]$: then $C = [«+0», 0]$.", INCORRECT),
            ("Take $A = [-0, 5]$, $B = [-0, -5]$: then $C = [-0, «-0»]$.", INCORRECT),
        ]),
        "example in a pipe table": (_pipe_example("Add", "3 | 0.25 | 3.25"), [
            "-1.5 | 2 | 0.5", "-0 | -0 | -0",
        ], [("-1.5 | 2 | «3.5»", INCORRECT), ("-0 | -0 | «+0»", INCORRECT)]),
        "pipe case table: opposite infinities": (_row("add", "| $A[i] = \\infty$ and $B[i] = -\\infty$ | NaN |"), [
            "| $A[i] = +\\infty$ and $B[i] = -\\infty$ | NaN |",
            "| $B[i] = -\\infty$ and $A[i] = \\infty$ | NaN |",
        ], [
            ("| $A[i] = \\infty$ and $B[i] = -\\infty$ | 0 |", INCORRECT),
            ("| $A[i] = \\infty$ and $B[i] = -\\infty$ | $\\infty$ |", INCORRECT),
        ]),
        "pipe case table: negative zeros": (_row("add", "| $A[i] = -0$ and $B[i] = -0$ | $-0$ |"), [
            "| $A[i] = -0$ and $B[i] = -0$ | $-0.0$ |",
            "| $A[i]$ and $B[i]$ are both $-0$ | $-0$ |",
        ], [
            ("| $A[i] = -0$ and $B[i] = -0$ | $+0$ |", INCORRECT),
            ("| $A[i] = -0$ and $B[i] = -0$ | $0.0$ |", INCORRECT),
        ]),
        "pipe case table: finite plus infinity": (_row("add", "| $A[i]$ is finite and $B[i]$ is infinite | $B[i]$ |"), [
            "| $B[i]$ is infinite and $A[i]$ is finite | $B[i]$ |",
        ], [
            ("| $A[i]$ is finite and $B[i]$ is infinite | $A[i]$ |", INCORRECT),
            ("| $A[i]$ is finite and $B[i]$ is infinite | $-B[i]$ |", INCORRECT),
        ]),
    },
    "sub": {
        "example number notation": (Site("sub", SUB_C, SUB_C.replace("1.25", "{}", 1)), [
            "5/4", "1.25e0", r"\frac{5}{4}", r"5 \cdot 2^{-2}",
        ], [("«1.2»", INCORRECT), (r"«\frac{5}{3}»", INCORRECT), ("«1.75»", INCORRECT)]),
        "example zero sign": (Site("sub", SUB_C, SUB_C.replace("& -0 &", "& {} &", 1)), [
            "-0.0", "-0.00",
        ], [("«+0»", INCORRECT), ("«+0.0»", INCORRECT)]),
        "example x minus x": (Site("sub", SUB_C, SUB_C.replace("0 & \\text{nan}", "{} & \\text{nan}", 1)), [
            "+0", "0.0",
        ], [("«-0»", INCORRECT), ("«-0.0»", INCORRECT)]),
        "inline example": (Site("sub", EXAMPLE_TITLE, insert=True), [
            "For instance, with $A = [2, -3]$ and $B = [0.5, 4]$, $C = [1.5, -7]$.",
            "Take $A = [-0, 5]$, $B = [0, 5]$: then $C = [-0, 0]$.",
            "So $A = [1.5]$ minus $B = [-2]$ is $C = [3.5]$ in every listed format.",
        ], [
            ("For instance, with $A = [2, -3]$ and $B = [0.5, 4]$, $C = [«-1.5», -7]$.", INCORRECT),
            ("Take $A = [-0, 5]$, $B = [0, 5]$: then $C = [-0, «-0»]$.", INCORRECT),
            ("So $A = [1.5]$ minus $B = [-2]$ is $C = [«-0.5»]$ in every listed format.", INCORRECT),
        ]),
        "example in a pipe table": (_pipe_example("Sub", "3 | 0.25 | 2.75"), [
            "-1.5 | 2 | -3.5", "-0 | 0 | -0",
        ], [("-1.5 | 2 | «0.5»", INCORRECT), ("2 | 2 | «-0»", INCORRECT)]),
        "pipe case table: finite minus infinity": (
            _row("sub", "| $A[i]$ is finite and $B[i]$ is infinite | $-B[i]$ |"), [
                "| $B[i]$ is infinite and $A[i]$ is finite | $-B[i]$ |",
            ], [
                ("| $A[i]$ is finite and $B[i]$ is infinite | $B[i]$ |", INCORRECT),
                ("| $A[i]$ is finite and $B[i]$ is infinite | $A[i]$ |", INCORRECT),
            ]),
        "pipe case table: negative zero minus zero": (_row("sub", "| $A[i] = -0$ and $B[i] = +0$ | $-0$ |"), [
            "| $A[i] = -0$ and $B[i] = +0$ | $-0.0$ |",
        ], [
            ("| $A[i] = -0$ and $B[i] = +0$ | $+0$ |", INCORRECT),
        ]),
        "pipe case table: infinity minus itself": (_row("sub", "| $A[i]$ is infinite and $B[i] = A[i]$ | NaN |"), [
            "| $B[i] = A[i]$ and $A[i]$ is infinite | NaN |",
        ], [
            ("| $A[i]$ is infinite and $B[i] = A[i]$ | 0 |", INCORRECT),
            ("| $A[i]$ is infinite and $B[i] = A[i]$ | $A[i]$ |", INCORRECT),
        ]),
    },
    "div": {
        "example in a pipe table": (_pipe_example("Div", "3 | 4 | 0.75"), [
            "-1 | 4 | -0.25", "0 | -2 | -0",
        ], [("-1 | 4 | «0.25»", INCORRECT), ("0 | -2 | «0.0»", INCORRECT)]),
    },
}


def _cases() -> list:
    params = []
    for op, kinds in [*KINDS.items(), *EXAMPLES.items()]:
        for kind, (site, right, wrong) in kinds.items():
            params += [pytest.param(site, phrasing, "", id=f"{op}: {kind}: right: {phrasing}") for phrasing in right]
            params += [pytest.param(site, phrasing, expected, id=f"{op}: {kind}: wrong: {phrasing}")
                       for phrasing, expected in wrong]
    return params


def base(site: Site) -> dict:
    """check-spec's answer on the unedited document (once per document)."""
    return _analysed(site.original(), site.name)


@functools.cache
def _analysed(text: str, name: str) -> dict:
    return analyse_text(text, name)


def findings(result: dict) -> set[tuple[str, int]]:
    return {(f["kind"], f["line"]) for f in result["findings"] if f["kind"] != "information"}


def problems(site: Site, phrasing: str, expected: str) -> list[str]:
    """What is wrong with check-spec's answer on the phrasing put at its site (nothing when it is right)."""
    text, line, column = site.document(phrasing)
    result = analyse_text(text, site.name)
    before, after = base(site), findings(result)
    new = after - findings(before)
    if not expected:
        wrong = [f"a new finding {f}" for f in sorted(new)] + [f"the finding {f} is gone" for f in
                                                                 sorted(findings(before) - after)]
        if result["exit_code"] != before["exit_code"]:
            wrong.append(f"exit {result['exit_code']}, {before['exit_code']} before")
        return wrong
    kinds = expected.split(" or ")
    at_line = {kind for kind, at in new if at == line and kind in kinds}
    wrong = [f"a new finding {f} that is not {expected} at line {line}" for f in sorted(new)
             if f[1] != line or f[0] not in kinds]
    if not at_line:
        wrong.append(f"no {expected} finding at line {line} (read as the right rule)")
    refuted = [f for f in result["findings"] if f["kind"] == INCORRECT and f["line"] == line]
    if INCORRECT in at_line and not any(f.get("counterexample") for f in refuted):
        wrong.append(f"the incorrect finding at line {line} has no counterexample")
    if column is not None and refuted and column not in [f.get("column") for f in refuted]:
        wrong.append(f"the incorrect finding at line {line} is not at the wrong entry's column {column}: "
                     f"{[f.get('column') for f in refuted]}")
    if at_line == {INCORRECT} and result["exit_code"] != 1:
        wrong.append(f"exit {result['exit_code']} on an incorrect finding, not 1")
    if UNREAD in at_line and result["exit_code"] == 0:
        wrong.append("exit 0 with an unread statement")
    return wrong


@needs_solvers
@pytest.mark.parametrize("site, phrasing, expected", sampled(_cases(), every=4))
def test_each_phrasing_is_read_as_what_it_says(site, phrasing, expected):
    assert problems(site, phrasing, expected) == []


@needs_solvers
@pytest.mark.parametrize("tag, phrasing, finding", [
    pytest.param(tag, phrasing, finding, id=f"div: {kind}: {phrasing}")
    for kind, (tag, _, wrong) in div.KINDS.items() for phrasing, finding in wrong])
def test_a_wrong_phrasing_of_div_s_first_corpus_makes_check_spec_exit_non_zero(tag, phrasing, finding):
    """test_paraphrases.py pins each finding; the exit code says it too: 1 on an incorrect statement, not 0 on
    an unread one."""
    code = analyse_text(div._document(tag, phrasing)[0], "div.md")["exit_code"]
    assert code == 1 if finding == INCORRECT else code != 0


DOCUMENTS = sorted({(site.name, site.source) for kinds in [*KINDS.values(), *EXAMPLES.values()]
                    for site, _, _ in kinds.values()})


@needs_solvers
@pytest.mark.parametrize("name, source", [pytest.param(name, source, id=name) for name, source in DOCUMENTS])
def test_each_document_of_the_corpus_is_read_whole_and_holds(name, source):
    """The documents the phrasings go into: every statement read, none wrong (what a right phrasing is
    compared with)."""
    result = analyse_text(source or (SPEC / name).read_text(encoding="utf-8"), name)
    assert (findings(result), result["exit_code"]) == (set(), 0), result["findings"]


def counts() -> str:
    """Phrasings per operator and kind, right + wrong, Div's first corpus included: the docstring's table."""
    first = {kind: (len(right), len(wrong)) for kind, (_, right, wrong) in div.KINDS.items()}
    first.update({"example number notation": tuple(map(len, div.NUMBERS)),
                  "example in named types": tuple(map(len, div.TYPED)),
                  "pipe case table": (len(div.PIPE_HEADERS), len(div.PIPE_WRONG)),
                  "condition in words": tuple(map(len, div.CONDITIONS)),
                  "inline example": tuple(map(len, div.INLINE)), "example zero sign": tuple(map(len, div.ZEROS))})
    table = {"div": {kind: f"{r} + {w}" for kind, (r, w) in first.items()}}
    for op, kinds in [*KINDS.items(), *EXAMPLES.items()]:
        table.setdefault(op, {}).update({kind: f"{len(right)} + {len(wrong)}"
                                         for kind, (_, right, wrong) in kinds.items()})
    total = {op: sum(sum(map(int, n.split(" + "))) for n in kinds.values()) for op, kinds in table.items()}
    lines = [f"- {op.capitalize()} ({total[op]}): " + "; ".join(f"{kind} {n}" for kind, n in kinds.items()) + "."
             for op, kinds in table.items()]
    return "\n".join(textwrap.fill(line, 116, subsequent_indent="  ") for line in lines) + \
        f"\n\nIn all {sum(total.values())} phrasings."


def test_the_corpus_has_four_hundred_phrasings_and_its_counts_are_those_above():
    assert int(counts().rsplit(" ", 2)[-2]) >= 400
    assert counts() in __doc__


if __name__ == "__main__":
    print(counts())
