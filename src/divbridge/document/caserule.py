"""Special-value rules of a float section written as sentences: "X over Y is Z, carrying S".

A requirement such as "A zero over a finite non-zero number is a zero
carrying the exclusive or of the signs" (the operands joined by the words of
the operator's description: "over", "times", "plus") becomes a `CaseRule`: the class of each
operand, the class of the result and its sign rule.  The vocabulary:

- operands: ``zero``, ``a finite non-zero number``, ``a finite number``
  (``zero included``), ``an infinity``, ``NaN`` (or an operand's role for
  "number": `document.lexicon`); "a NaN operand" is two rules, one per operand;
- results: ``NaN``, ``an infinity``, ``a zero``, optionally ``positive`` or
  ``negative``;
- signs: any phrase the sign grammar reads (`document.signs`: "carrying the
  exclusive or of both signs", "with the sign of B", "whose sign is
  that of the zero"), "positive" / "negative" before the result; "whatever the
  signs" constrains nothing.

A sentence outside this vocabulary is not a case rule (it may still be a
prose rule of `document.prose`, or informal); nothing is guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from divbridge.document import lexicon, signs

_ROLES = lexicon.alternatives(lexicon.ROLES)     # "a finite <role>": an operand named by its role
# operand class -> how a sentence names it (tried in order: the longest phrases first)
_OPERANDS = (
    ("finite_nonzero", rf"(?:an?\s+)?finite\s+non[- ]?zero\s+(?:number|value|{_ROLES}|operand)s?"),
    ("finite", rf"(?:an?\s+)?finite\s+(?:number|value|{_ROLES}|operand)s?(?:\s*\(\s*zero\s+included\s*\))?"),
    ("zero", rf"(?:an?\s+)?(?:zero|0)(?:\s+(?:{_ROLES}))?"),
    ("inf", rf"(?:an?\s+)?infinit(?:y|e\s+(?:number|value|{_ROLES}))"),
    ("nan", rf"(?:a\s+)?nan(?:\s+(?:{_ROLES}))?"),
)
_RESULT = re.compile(r"(?:an?\s+)?(?:(?P<fixed>positive|negative)\s+)?(?P<noun>nan|infinity|infinite|zero)\b\s*(?P<rest>.*)")
_NOUNS = {"nan": "nan", "infinity": "inf", "infinite": "inf", "zero": "zero"}
_CODES = {"xor:AB": "xor", "xor:A": "a", "xor:B": "b", "+": "+", "-": "-"}


@dataclass(frozen=True)
class CaseRule:
    a: str          # operand classes: zero | finite_nonzero | finite | inf | nan | any
    b: str
    result: str     # nan | inf | zero
    sign: str       # xor | a | b | + | - | "" (the sentence says nothing of the sign)
    text: str
    relation: str = ""   # a sentence states none (an operator's own rules may: `operators.model.SpecialRule`)

    def __str__(self) -> str:
        classes = {"zero": "A = ±0", "finite_nonzero": "A finite ≠ 0", "finite": "A finite", "inf": "A = ±∞",
                   "nan": "A = NaN", "any": "A any"}
        result = {"nan": "NaN", "inf": "±∞", "zero": "±0"}[self.result]
        sign = {"xor": "sign(A) · sign(B)", "a": "sign(A)", "b": "sign(B)", "-b": "-sign(B)", "+": "+",
                "-": "-"}.get(self.sign, "")
        relation = {"same_sign": ", of one sign", "opposite_sign": ", of opposite signs", "equal": ", B = A",
                    "opposite": ", B = -A"}.get(self.relation, "")
        return (f"{classes[self.a]} and {classes[self.b].replace('A', 'B', 1)}{relation} → C = {result}"
                + (f", sign(C) = {sign}" if sign else ""))


def _operand(text: str) -> str | None:
    for cls, pattern in _OPERANDS:
        if re.fullmatch(pattern, text.strip()):
            return cls
    return None


# the second operand of a pair, as its relation to the first: "the infinity of the same sign", "the opposite zero"
_RELATED = re.compile(r"(?:the\s+)?(?:(?P<noun>infinity|zero)\s+of\s+(?:(?P<same>the\s+same|its|one)"
                      r"|(?P<opp>the\s+opposite))\s+sign|opposite\s+(?P<onoun>infinity|zero))")
# a result that is one of the operands: "that infinity" (the pair's only infinity), "the first / opposite infinity"
_OPERAND_RESULT = re.compile(r"(?:that|the\s+(?P<which>first|second|opposite))\s+(?P<noun>infinity|zero)")


def _related(text: str) -> tuple[str, str] | None:
    m = _RELATED.fullmatch(text.strip())
    if m is None:
        return None
    return _NOUNS[m["noun"] or m["onoun"]], "same_sign" if m["same"] else "opposite_sign"


def _pairs(pairs_text: str, join: str, nouns: tuple[str, ...]) -> list[tuple[str, str, str]] | None:
    """The (A class, B class, relation) pairs a rule's subject names: "zero over an infinity", "an infinity minus
    the infinity of the same sign", "the <noun> of two infinities of opposite signs", "..., in either order"."""
    noun = "|".join(re.escape(n) for n in nouns) or r"(?!)"
    both = re.fullmatch(rf"(?:the|an?)\s+(?:{noun})\s+of\s+two\s+(?P<cls>infinities|zeros)\s+of\s+"
                        r"(?:(?P<same>the\s+same|one)|(?P<opp>opposite))\s+signs?", pairs_text)
    if both:
        cls = "inf" if both["cls"] == "infinities" else "zero"
        return [(cls, cls, "same_sign" if both["same"] else "opposite_sign")]
    either = re.fullmatch(r"(?P<pairs>.+?)\s*,\s*in\s+(?:either|any)\s+order\s*,?", pairs_text)
    found = []
    subject = either["pairs"] if either else pairs_text
    for pair in re.split(rf"\s+and\s+(?=\S+(?:\s+\S+){{0,4}}\s+(?:{join})\s)", subject):
        sides = re.split(rf"\s+(?:{join})\s+", pair, maxsplit=1)
        if len(sides) != 2:
            return None
        a, b, relation = _operand(sides[0]), _operand(sides[1]), ""
        if a is not None and b is None and (related := _related(sides[1])) is not None and related[0] == a:
            b, relation = related
        if a is None or b is None:
            return None
        found.append((a, b, relation))
        if either:
            found.append((b, a, relation))
    return found


def _operand_result(text: str, a: str, b: str) -> tuple[str, str] | None:
    """"that infinity" (the pair's one infinity), "the first infinity", "the opposite infinity" (of the second):
    the result's class and sign code, or None."""
    m = _OPERAND_RESULT.fullmatch(text.strip(" ,"))
    if m is None:
        return None
    cls = _NOUNS[m["noun"]]
    which = {"first": "a", "second": "b"}.get(m["which"] or "")
    if which is None:
        of = [o for o, c in (("a", a), ("b", b)) if c == cls]
        which = of[0] if len(of) == 1 or (of and m["which"] is None and a == b) else None
        if which is None or (m["which"] == "opposite" and which != "b"):
            return None
        which = "-b" if m["which"] == "opposite" else which
    return cls, which


def read_case_rules(text: str, sentence: str, joins: tuple[str, ...],
                    nouns: tuple[str, ...] = ()) -> list[CaseRule] | str:
    """The case rules a sentence states, ``text`` its plain lowercase words (`prose.plain`), ``joins`` the words
    the operator's description joins two operands with ("over", "times"), ``nouns`` its result's; [] when
    it states none in this vocabulary; a string: why a rule it states cannot be read (a sign no statement can say).
    Clauses apart by ";" are read each; the sentence is read only if every one is."""
    clauses = [c.strip() for c in text.rstrip(" .").split(";")]
    if len(clauses) > 1:
        found = [read_case_rules(c, sentence, joins, nouns) for c in clauses]
        if all(isinstance(f, list) and f for f in found):
            return [r for f in found for r in f]
        return next((f for f in found if isinstance(f, str)), [])
    join = "|".join(re.escape(word) for word in joins)
    text = text.rstrip(" .")
    m = re.fullmatch(r"(?:a|an)\s+nan\s+operand\s+(?:makes|gives|yields)\s+(?:the\s+result\s+)?nan", text)
    if m:
        return [CaseRule("nan", "any", "nan", "", sentence), CaseRule("any", "nan", "nan", "", sentence)]
    m = re.fullmatch(r"(?P<pairs>.+?)\s+(?:is|are|gives?|yields?)\s+(?P<result>.+?)(?:\s*,\s*(?P<tail>.+))?", text)
    if not m:
        return []
    pairs = _pairs(m["pairs"], join, nouns)
    if not pairs:
        return []
    operand = [_operand_result(" ".join(filter(None, (m["result"], m["tail"]))), a, b) for a, b, _ in pairs]
    if all(operand):
        return [CaseRule(a, b, cls, sign, sentence, relation) for (a, b, relation), (cls, sign) in zip(pairs, operand)]
    found = _RESULT.fullmatch(" ".join(filter(None, (m["result"], m["tail"]))).replace(" ,", ","))
    if found is None:
        return []
    result = _NOUNS[found["noun"]]
    rest = found["rest"].strip(" ,")
    if re.fullmatch(r"(?:,\s*)?(?:whatever|regardless\s+of|irrespective\s+of)\s+(?:the|their)\s+signs?", rest):
        rest = ""
    sign = None
    if rest:
        sign = signs.sign_of(rest)
        if sign is None:
            return []       # a sign phrase the grammar does not parse: not read, never guessed
    elif found["fixed"]:
        sign = signs.Sign({"positive": "+", "negative": "-"}[found["fixed"]])
    rules = []
    for a, b, relation in pairs:
        code = ""
        if sign is not None:
            resolved = sign.resolved(zero={"zero": "A"}.get(a) or {"zero": "B"}.get(b),
                                     infinity={"inf": "A"}.get(a) or {"inf": "B"}.get(b))
            code = "" if isinstance(resolved, str) else _CODES.get(resolved.code, "")
            if not code:
                return f"a sign ({sign}) divbridge reads but cannot state for {a} over {b}"
        rules.append(CaseRule(a, b, result, code, sentence, relation))
    return rules


# the signs of a zero pair, in the sentence's words ("a negative zero", "-0", "two positive zeros")
_ZERO = r"(?:an?\s+)?(?:(?:(?P<{0}w>negative|positive)\s+zero)|(?P<{0}s>[+-])\s*0)"
_FLIP = {"+": "-", "-": "+"}
# the relation of two non-zero operands whose exact result is zero, by the operator's infix: x + (-x), x - x
_CANCELS = {"+": ("opposite", r"x\s*\+\s*\(\s*-\s*x\s*\)"), "-": ("equal", r"x\s*-\s*x")}


def _zero_sign(m: re.Match, key: str) -> str:
    word, sign = m[f"{key}w"], m[f"{key}s"]
    return sign if sign else {"negative": "-", "positive": "+"}[word]


def read_zero_results(text: str, sentence: str, infix: str, joins: tuple[str, ...],
                      nouns: tuple[str, ...]) -> list[CaseRule]:
    """"An exact <noun> of zero is +0, except that the <noun> of two negative zeros is -0; in particular x + (-x)
    is +0" (IEEE 754's signs of an exact zero result of + or - in round to nearest, clause 6.3), as the rules it
    states: zeros of one sign, zeros of opposite signs, and non-zero operands whose exact result is zero
    (``x + (-x)``, ``x - x``), each with the sign the sentence gives it; [] when it is not such a sentence."""
    if infix not in _CANCELS or not nouns:
        return []
    relation, cancels = _CANCELS[infix]
    noun = "|".join(map(re.escape, nouns))
    join = "|".join(re.escape(w) for w in (*joins, infix))
    m = re.fullmatch(rf"an?\s+exact\s+(?:{noun})\s+of\s+zero\s+is\s+(?P<g>[+-])\s*0\s*,\s*except\s+(?:that|when)\s+"
                     rf"(?P<exception>.+?)(?:\s*;\s*in\s+particular\s+(?P<particular>.+?))?", text.rstrip(" ."))
    if not m:
        return []
    general, exception = m["g"], m["exception"]
    both = re.fullmatch(rf"(?:(?:the\s+(?:{noun})\s+of\s+)?two\s+(?P<aw>negative|positive)\s+zeros|both\s+operands\s+"
                        rf"are\s+(?:(?P<as>[+-])\s*0|(?P<bw>negative|positive)\s+zeros?))"
                        rf"(?:\s+is\s+(?P<r>[+-])\s*0)?(?:\s*\(.*\))?", exception)
    pair = re.fullmatch(rf"{_ZERO.format('a')}\s+(?:{join})\s+{_ZERO.format('b')}\s+(?:is|=)\s+(?P<r>[+-])\s*0",
                        exception)
    if both:
        sa = both["as"] or {"negative": "-", "positive": "+"}[both["aw"] or both["bw"]]
        excepted, result = (sa, sa), both["r"] or _FLIP[general]
    elif pair:
        excepted, result = (_zero_sign(pair, "a"), _zero_sign(pair, "b")), pair["r"]
    else:
        return []
    sign = {(x, y): result if (x, y) == excepted else general for x in "+-" for y in "+-"}
    # the four pairs of zeros as the signs a rule can state: of A, of B, their opposite, fixed
    same = {("+", "-"): "a", ("+", "+"): "+", ("-", "-"): "-", ("-", "+"): "-b"}[sign["+", "+"], sign["-", "-"]]
    opposite = {("+", "+"): "+", ("-", "-"): "-", ("+", "-"): "a", ("-", "+"): "b"}[sign["+", "-"], sign["-", "+"]]
    rules = [CaseRule("zero", "zero", "zero", same, sentence, "same_sign"),
             CaseRule("zero", "zero", "zero", opposite, sentence, "opposite_sign"),
             CaseRule("finite_nonzero", "finite_nonzero", "zero", general, sentence, relation)]
    if m["particular"]:
        particular = re.fullmatch(rf"(?:{cancels})\s+is\s+(?P<r>[+-])\s*0", m["particular"])
        if particular is None:
            return []
        rules.append(CaseRule("finite_nonzero", "finite_nonzero", "zero", particular["r"], sentence, relation))
    return list(dict.fromkeys(rules))
