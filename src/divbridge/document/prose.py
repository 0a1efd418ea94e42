"""Rules written in prose, in a small controlled vocabulary, turned into claims.

The working group states some rules in sentences rather than formulas.  A
sentence becomes a `ProseRule` only when it fits one of these forms (after
the LaTeX is normalised, so `$B[i] \\neq 0$` reads "b[i] ≠ 0"):

- sign of a zero or infinite result: "carries / has / takes the sign of X",
  "is determined from the sign(s) of A and B", "negative if and only if
  exactly one of A, B has its sign bit set", "the XOR of the signs of ...",
  "is always positive";
- integer rounding: "fractional part discarded", "truncated / rounded toward
  zero", "rounded toward negative infinity", "floor", "rounded to nearest";
- domain: "for all i, B[i] ≠ 0", "B[i] must not be zero", "division by zero
  is undefined", and the exclusion of "the smallest value of the type" with
  "B[i] = -1";
- error conditions: "no error condition", "implementation dependent",
  "undefined";
- the definition itself: "C[i] is the quotient of A[i] by B[i]", "each
  element of C is A[i] divided by B[i]" (read like `C[i] = A[i] / B[i]`).

Any other sentence is not a claim.  A sentence that names a rule but whose
condition cannot be read is listed (``unread``) so the checker can say so as
information, never guessed at.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

from divbridge.document.latex import Atom, Condition, LatexError, Literal, Or, normalize, parse_condition


@dataclass(frozen=True)
class ProseRule:
    kind: str                       # sign | rounding | domain | error-condition | definition | unread
    section: str
    line: int
    column: int
    text: str                       # the sentence as written
    sign: str = ""                  # sign: xor:AB | xor:A | xor:B | + | -
    applies: tuple[str, ...] = ()   # sign: the results it is about, zero and / or inf
    rounding: str = ""              # trunc | floor | ceil | nearest
    condition: Condition | None = None   # domain: what every input satisfies; sign: where the rule applies
    error: str = ""                 # none | implementation | undefined


_OP = r"(?:the\s+)?(?P<{name}>a|b|numerator|denominator|dividend|divisor|x|y)(?:\s*\[\s*i\s*\])?(?=\s*(?:$|[,.;:)=≠]|and\b|or\b|xor\b|is\b|are\b|has\b|have\b|must\b|shall\b|may\b|can\b|equals?\b|when\b|if\b|unless\b|where\b|for\b|provided\b))"
_OPERANDS = {"a": "A", "numerator": "A", "dividend": "A", "x": "A", "b": "B", "denominator": "B", "divisor": "B",
             "y": "B"}


def _op(name: str) -> str:
    return _OP.format(name=name)


_SIGN_FORMS = (
    (re.compile(rf"negative\s+(?:if\s+and\s+only\s+if|iff|exactly\s+when)\s+exactly\s+one\s+of\s+{_op('x')}\s*"
                rf"(?:,|and)\s*{_op('y')}\s+(?:has|have)\s+(?:its|their|a)\s+sign\s+bit\s+set"), "xor"),
    (re.compile(rf"negative\s+(?:if\s+and\s+only\s+if|iff|exactly\s+when)\s+{_op('x')}\s+and\s+{_op('y')}\s+"
                r"(?:have|are\s+of)\s+(?:different|opposite)\s+signs?"), "xor"),
    (re.compile(rf"(?:exclusive\s+or|xor|product)\s+of\s+(?:the\s+)?signs\s+of\s+{_op('x')}\s+and\s+{_op('y')}"), "xor"),
    (re.compile(r"(?:exclusive\s+or|xor|product)\s+of\s+the\s+(?:operands|inputs)'?\s+signs"), "xor-all"),
    (re.compile(rf"(?:carr(?:y|ies)|ha(?:s|ve)|takes?|gets?|follows?|(?:is|are)\s+(?:determined|given)\s+(?:from|by))"
                rf"\s+the\s+signs?\s+of\s+{_op('x')}(?:\s*(?:,|and)\s*{_op('y')})?"), "of"),
    (re.compile(r"(?:is|are)\s+always\s+(?P<fixed>positive|negative)"), "fixed"),
)
_ROUNDING_FORMS = (
    (r"fractional\s+part(?:\s+of\s+(?:the\s+)?\w+(?:\s*\[\s*i\s*\])?)?\s+(?:is\s+)?(?:discarded|dropped|removed|truncated)|discard(?:s|ing)?\s+the\s+fractional\s+part",
     "trunc"),
    (r"(?:truncat\w*|round\w*)\s+(?:toward|towards|to)\s+zero|\btruncat(?:ed|ion)\b", "trunc"),
    (r"(?:round\w*)\s+(?:toward|towards|to)\s+(?:negative|minus)\s+infinity|round(?:ed|s)?\s+down|\bfloor(?:ed|ing)?\b",
     "floor"),
    (r"(?:round\w*)\s+(?:toward|towards|to)\s+(?:positive|plus)\s+infinity|round(?:ed|s)?\s+up|\bceil(?:ing)?\b", "ceil"),
    (r"round\w*\s+to\s+(?:the\s+)?nearest", "nearest"),
)
_NEGATION = re.compile(r"(?:\bnot|\bnever|\brather\s+than|\binstead\s+of|\bunlike|\bno)\s+(?:\w+\s+){0,2}$")
_EXCLUDES = re.compile(r"\b(?:not|no|never|excluded|forbidden|invalid|undefined|unspecified|implementation[- ]"
                       r"(?:dependent|defined)|outside|unless|must\s+not|shall\s+not|cannot|precondition)\b")
_SMALLEST = re.compile(r"\b(?:smallest|minimum|minimal|lowest|most\s+negative)\b|int_?min")
_MINUS_ONE = re.compile(r"(?:=|equal\s+to|equals|is|by|and)\s*-\s*1\b|minus\s+one")
_B_ZERO = re.compile(rf"(?:{_op('x')}\s*(?:=|is|equals|is\s+equal\s+to)\s*(?:0|zero)\b|division\s+by\s+(?:0|zero)|"
                     r"zero\s+(?:divisor|denominator)|(?:divisor|denominator)\s+(?:is|equals?)\s+(?:0|zero))")
_FORALL = re.compile(r"(?:\\forall|∀|for\s+(?:all|every|each))\s*i\s*[,:]?\s*(?P<cond>[^.;]+)")
_NONZERO_B = re.compile(rf"{_op('x')}\s+(?:must|shall)\s+not\s+be\s+(?:zero|0|equal\s+to\s+0)|"
                        rf"no\s+element\s+of\s+{_op('y')}\s+(?:is|may\s+be|can\s+be)\s+(?:zero|0)|"
                        rf"every\s+element\s+of\s+{_op('z')}\s+is\s+non[- ]?zero")
_ELEMENT = r"(?:the\s+)?(?:elements?\s+of\s+)?{0}(?:\s*\[\s*i\s*\])?"
_QUOTIENT_SENTENCE = re.compile(   # "C[i] is the quotient of A[i] by B[i]", "each element of C is A[i] divided by B[i]"
    rf"{_ELEMENT.format('c')}\s+(?:is|equals|=)\s+(?:the\s+)?(?:exact\s+|real\s+)?(?:quotient\s+of\s+"
    rf"{_ELEMENT.format('a')}\s+(?:by|and|over)\s+{_ELEMENT.format('b')}|{_ELEMENT.format('a')}\s*(?:divided\s+by|/)\s*"
    rf"{_ELEMENT.format('b')})(?:\s*$|\s*[,.;])")
_CONDITIONAL = re.compile(r"^(?:if|when|whenever|for)\s+(?P<cond>.+?)\s*,\s*(?P<rest>.+)$")   # "If B is zero, ..."


def read_rules(lines: list[str], skip: set[int], section_of: Callable[[int], object]) -> list[ProseRule]:
    rules = []
    for sentence, line, column in _sentences(lines, skip):
        section = section_of(line).title
        text = normalize(re.sub(r"<[^>]+>", " ", re.sub(r"<span\b[^>]*>.*?</span>", " ", sentence, flags=re.I)))
        text = re.sub(r"`?\[[a-z][a-z0-9_]*\d+\]`?", " ", text).replace("`", " ").replace("*", " ")
        text = re.sub(r"\s+", " ", text).strip()
        rules += _rules_of(text, sentence.strip(), section, line, column)
    return rules


def _rules_of(text: str, sentence: str, section: str, line: int, column: int) -> list[ProseRule]:
    found = []
    base = dict(section=section, line=line, column=column, text=sentence)
    if "sign" in text:
        rule = _sign_rule(text, base)
        if rule:
            found.append(rule)
    modes = []
    for pattern, mode in _ROUNDING_FORMS:
        for m in re.finditer(pattern, text):
            if not _NEGATION.search(text[:m.start()]) and mode not in modes:
                modes.append(mode)
    if modes and re.search(r"quotient|result|division|c\s*\[\s*i\s*\]|output|\bdiv\b", text):
        if len(modes) == 1:
            found.append(ProseRule("rounding", rounding=modes[0], **base))
        else:
            found.append(ProseRule("unread", **base, error=f"names several roundings ({', '.join(modes)})"))
    if _QUOTIENT_SENTENCE.search(text) and not re.search(r"\b(?:not|never|unless)\b", text):
        found.append(ProseRule("definition", **base))
    found += _domain_rules(text, base)
    if re.search(r"\bno\s+error\s+conditions?\b|\berror\s+conditions?\s*:?\s*none\b", text):
        found.append(ProseRule("error-condition", error="none", **base))
    elif re.search(r"\berror", text) and re.search(r"implementation[- ](?:dependent|defined)", text):
        found.append(ProseRule("error-condition", error="implementation", **base))
    elif re.search(r"\berror", text) and re.search(r"\bundefined\b|\bnot\s+defined\b", text):
        found.append(ProseRule("error-condition", error="undefined", **base))
    return found


def _sign_rule(text: str, base: dict) -> ProseRule | None:
    for pattern, form in _SIGN_FORMS:
        m = pattern.search(text)
        if not m:
            continue
        if form in ("xor", "xor-all"):
            sign = "xor:AB"
        elif form == "fixed":
            sign = "+" if m.group("fixed") == "positive" else "-"
        else:
            ops = sorted({_OPERANDS[o] for o in (m.group("x"), m.group("y")) if o})
            sign = "xor:" + "".join(ops)
        before = text[:m.start()]
        applies = tuple(w for w, p in (("zero", r"(?<!non-)(?<!non )\bzeros?\b|\b0\b"), ("inf", r"infinit|\binf\b"))
                        if re.search(p, before))
        condition = None
        leading = _CONDITIONAL.match(text)
        trailing = re.search(r"\b(?:when|whenever|if|where|unless|provided|for)\b\s*(?P<cond>.+?)[.;]?$", text[m.end():])
        written = leading.group("cond") if leading else trailing.group("cond") if trailing else None
        if written is not None:   # a rule about some inputs only: read its condition, or say it is not read
            if trailing and not leading and re.match(r"unless", trailing.group(0)):
                return ProseRule("unread", error="has an exception ('unless') it cannot read", **base)
            try:
                condition = parse_condition(written)
            except LatexError:
                return ProseRule("unread", error="has a condition it cannot read", **base)
        return ProseRule("sign", sign=sign, applies=applies or ("zero", "inf"), condition=condition, **base)
    return None


def _domain_rules(text: str, base: dict) -> list[ProseRule]:
    rules = []
    nonzero_b = Atom("B", "≠", Literal("number", Fraction(0)))
    m = _FORALL.search(text)
    if m:
        try:
            rules.append(ProseRule("domain", condition=parse_condition(m.group("cond")), **base))
        except LatexError:
            rules.append(ProseRule("unread", error="its domain condition cannot be read", **base))
    elif _NONZERO_B.search(text) and not _SMALLEST.search(text):
        rules.append(ProseRule("domain", condition=nonzero_b, **base))
    elif _B_ZERO.search(text) and _EXCLUDES.search(text) and not _SMALLEST.search(text):
        rules.append(ProseRule("domain", condition=nonzero_b, **base))
    if _SMALLEST.search(text) and _MINUS_ONE.search(text) and _EXCLUDES.search(text):
        rules.append(ProseRule("domain", condition=Or((Atom("A", "≠", Literal("min")),
                                                       Atom("B", "≠", Literal("number", Fraction(-1))))), **base))
    return rules


def _sentences(lines: list[str], skip: set[int]):
    """(sentence, line, column) of the prose: paragraphs and bullets, outside code, math blocks and headings."""
    paragraph: list[tuple[int, str]] = []

    def flush():
        if not paragraph:
            return
        joined, starts = "", []
        for number, text in paragraph:
            starts.append((len(joined), number))
            joined += text + " "
        for m in re.finditer(r"(?:[^.;!?]|\.(?=\d)|\.(?!\s)|\$[^$]*\$)+[.;!?]?", joined):
            if not m.group(0).strip():
                continue
            offset = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
            start, number = max((s, n) for s, n in starts if s <= offset)
            yield m.group(0), number, offset - start + 1
        paragraph.clear()

    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        tag_only = re.fullmatch(r"(?:<[^>]+>|`?\[[^\]]*\]`?|\s)+", stripped)   # a span block's opening or [END]
        if number in skip or not stripped or tag_only or re.match(r"#{1,6}\s", stripped) or stripped.startswith("|"):
            yield from flush()
            continue
        if re.match(r"[-*+]\s|\d+\.\s", stripped):
            yield from flush()
        paragraph.append((number, line))
    yield from flush()

