"""Special-value rules of a float section written as sentences: "X over Y is Z, carrying S".

A requirement such as "A zero over a finite non-zero number is a zero
carrying the product of the signs" becomes a `CaseRule`: the class of each
operand, the class of the result and its sign rule.  The vocabulary:

- operands: ``zero``, ``a finite non-zero number``, ``a finite number``
  (``zero included``), ``an infinity``, ``NaN``; "a NaN operand" is two
  rules, one per operand;
- results: ``NaN``, ``an infinity``, ``a zero``, optionally ``positive`` or
  ``negative``;
- signs: "the product (or XOR) of the signs", "the sign of the numerator /
  denominator" (or of A / B); "whatever the signs" constrains nothing.

A sentence outside this vocabulary is not a case rule (it may still be a
prose rule of `document.prose`, or informal); nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass


# operand class -> how a sentence names it (tried in order: the longest phrases first)
_OPERANDS = (
    ("finite_nonzero", r"(?:an?\s+)?finite\s+non[- ]?zero\s+(?:number|value|numerator|denominator|operand)s?"),
    ("finite", r"(?:an?\s+)?finite\s+(?:number|value|numerator|denominator|operand)s?(?:\s*\(\s*zero\s+included\s*\))?"),
    ("zero", r"(?:an?\s+)?(?:zero|0)(?:\s+(?:numerator|denominator))?"),
    ("inf", r"(?:an?\s+)?infinit(?:y|e\s+(?:number|value|numerator|denominator))"),
    ("nan", r"(?:a\s+)?nan(?:\s+(?:numerator|denominator))?"),
)
_RESULTS = (("nan", r"nan"), ("inf", r"(?:an?\s+)?infinit(?:y|e)"), ("zero", r"(?:a\s+)?zero"))
_SIGNS = (
    ("xor", r"(?:product|xor|exclusive\s+or)\s+of\s+(?:the\s+)?(?:operands'?\s+)?signs"),
    ("a", r"sign\s+of\s+(?:the\s+)?(?:numerator|dividend|a)\b"),
    ("b", r"sign\s+of\s+(?:the\s+)?(?:denominator|divisor|b)\b"),
)
_FIXED = re.compile(r"\b(positive|negative)\s+(?=zero|infinity)")


@dataclass(frozen=True)
class CaseRule:
    a: str          # operand classes: zero | finite_nonzero | finite | inf | nan | any
    b: str
    result: str     # nan | inf | zero
    sign: str       # xor | a | b | + | - | "" (the sentence says nothing of the sign)
    text: str

    def __str__(self) -> str:
        classes = {"zero": "A = ±0", "finite_nonzero": "A finite ≠ 0", "finite": "A finite", "inf": "A = ±∞",
                   "nan": "A = NaN", "any": "A any"}
        result = {"nan": "NaN", "inf": "±∞", "zero": "±0"}[self.result]
        sign = {"xor": "sign(A) · sign(B)", "a": "sign(A)", "b": "sign(B)", "+": "+", "-": "-"}.get(self.sign, "")
        return (f"{classes[self.a]} and {classes[self.b].replace('A', 'B', 1)} → C = {result}"
                + (f", sign(C) = {sign}" if sign else ""))

    @property
    def name(self) -> str:
        """A stable name for the rule's obligation: the IEEE 754 rule's usual name when the
        operand classes are one of its cases, else built from the classes."""
        return CANONICAL_NAMES.get((self.a, self.b), f"{self.a}_div_{self.b}")


CANONICAL_NAMES = {
    ("nan", "any"): "nan_numerator", ("any", "nan"): "nan_denominator",
    ("zero", "zero"): "zero_div_zero", ("inf", "inf"): "inf_div_inf",
    ("finite_nonzero", "zero"): "finite_div_zero_sign", ("inf", "finite"): "inf_div_finite_sign",
    ("finite", "inf"): "finite_div_inf_sign", ("zero", "finite_nonzero"): "zero_div_nonzero_sign",
}


def _operand(text: str) -> str | None:
    for cls, pattern in _OPERANDS:
        if re.fullmatch(pattern, text.strip()):
            return cls
    return None


def read_case_rules(text: str, sentence: str) -> list[CaseRule]:
    """The case rules a sentence states, ``text`` its plain lowercase words (`prose.plain`); [] when it states
    none in this vocabulary."""
    text = text.rstrip(" .")
    m = re.fullmatch(r"(?:a|an)\s+nan\s+operand\s+(?:makes|gives|yields)\s+(?:the\s+result\s+)?nan", text)
    if m:
        return [CaseRule("nan", "any", "nan", "", sentence), CaseRule("any", "nan", "nan", "", sentence)]
    m = re.fullmatch(r"(?P<pairs>.+?)\s+(?:is|are|gives?|yields?)\s+(?P<result>.+?)(?:\s*,\s*(?P<tail>.+))?", text)
    if not m:
        return []
    pairs = []
    for pair in re.split(r"\s+and\s+(?=\S+(?:\s+\S+){0,4}\s+over\s)", m["pairs"]):
        left, sep, right = pair.partition(" over ")
        a, b = _operand(left), _operand(right)
        if not sep or a is None or b is None:
            return []
        pairs.append((a, b))
    result_text = m["result"]
    tail = m["tail"] or ""
    carrying = re.match(r"(?P<result>.+?)\s+(?:carrying|with|taking|having)\s+(?P<sign>.+)", result_text)
    if carrying:
        result_text, tail = carrying["result"], carrying["sign"] + " " + tail
    fixed = _FIXED.search(result_text)
    result_text = _FIXED.sub("", result_text).strip()
    result = next((cls for cls, pattern in _RESULTS if re.fullmatch(pattern, result_text)), None)
    if result is None:
        return []
    sign = {"positive": "+", "negative": "-"}[fixed[1]] if fixed else ""
    if not sign and tail and not re.search(r"whatever\s+the\s+signs?", tail):
        sign = next((s for s, pattern in _SIGNS if re.search(pattern, tail)), None)
        if sign is None:
            return []       # a sign phrase outside the vocabulary: not read, never guessed
    return [CaseRule(a, b, result, sign, sentence) for a, b in pairs]
