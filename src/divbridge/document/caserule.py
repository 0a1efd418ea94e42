"""Special-value rules of a float section written as sentences: "X over Y is Z, carrying S", "-inf + +inf is NaN".

A requirement such as "A zero over a finite non-zero number is a zero
carrying the exclusive or of the signs" (the operands joined by the words of
the operator's description: "over", "times", "plus") is a ``special`` of the
statement grammar (`statements.lark`), read here into a `CaseRule`: the class
of each operand, the class of the result and its sign rule.  The vocabulary:

- operands: ``zero``, ``a finite non-zero number``, ``a finite number``
  (``zero included``), ``an infinity``, ``NaN`` (or an operand's role for
  "number"); "a NaN operand" is two rules, one per operand; the second operand
  may be related to the first ("the infinity of the same sign");
- results: ``NaN``, ``an infinity``, ``a zero``, optionally ``positive`` or
  ``negative``, or one of the operands ("that infinity", "the opposite infinity");
- signs: any sign phrase (`document.signs`: "carrying the exclusive or of
  both signs", "with the sign of B", "whose sign is that of the zero"),
  "positive" / "negative" before the result; "whatever the signs" constrains
  nothing.

The same rules in symbols ("$-\\infty + (+\\infty)$ is NaN", "$\\pm 0 \\times
\\pm\\infty$ gives NaN") are a `meaning.Case` over the operands' values, "x - x
is +0" a rule over equal operands; IEEE 754's signs of an exact zero result ("An
exact <noun> of zero is +0, except ...") the rules of each pair of zeros.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from lark import Token as LarkToken, Tree

from divbridge.document import signs
from divbridge.document.formula import And, Atom, Literal, Result

_NOUNS = {"nan": "nan", "infinity": "inf", "infinite": "inf", "inf": "inf", "zero": "zero", "0": "zero"}
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

    def words(self) -> str:
        classes = {"zero": "a zero", "finite_nonzero": "a finite non-zero number", "finite": "a finite number",
                   "inf": "an infinity", "nan": "NaN", "any": "anything"}
        relation = {"same_sign": ", of the same sign", "opposite_sign": ", of opposite signs",
                    "equal": ", B[i] equal to A[i]", "opposite": ", B[i] equal to -A[i]"}.get(self.relation, "")
        result = {"nan": "NaN", "inf": "an infinity", "zero": "a zero"}[self.result]
        signs = {"xor": "the exclusive or of the signs of A[i] and B[i]", "a": "the sign of A[i]",
                 "b": "the sign of B[i]", "-b": "the sign opposite to B[i]'s"}
        if self.sign in ("+", "-"):
            result = result.replace("a ", f"a {'positive' if self.sign == '+' else 'negative'} ").replace(
                "an infinity", f"a {'positive' if self.sign == '+' else 'negative'} infinity")
        elif self.sign:
            result += f" whose sign is {signs[self.sign]}"
        return f"if A[i] is {classes[self.a]} and B[i] is {classes[self.b]}{relation}, C[i] is {result}"


_CLASSES = {"cls_zero": "zero", "cls_finite_nonzero": "finite_nonzero", "cls_finite": "finite", "cls_inf": "inf",
            "cls_nan": "nan"}
_CODES = {"xor:AB": "xor", "xor:A": "a", "xor:B": "b", "+": "+", "-": "-"}
_FIXED = {"positive": "+", "negative": "-"}


def _trees(tree: Tree) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree)]


def _words(tree) -> list[str]:
    if isinstance(tree, LarkToken):
        return [str(tree)]
    return [w for c in tree.children for w in _words(c)]


def _find(tree: Tree, *names: str) -> Tree | None:
    return next((t for t in tree.iter_subtrees_topdown() if t.data in names), None)


def _pair(tree: Tree) -> list[tuple[str, str, str]] | str:
    """One ``pair``: "zero over a finite number", "an infinity minus the infinity of the same sign", "an infinity
    times a finite non-zero number or an infinity" (two pairs)."""
    first, *others = [t for t in _trees(tree) if t.data != "join_word"]
    a = _CLASSES[first.data]
    found = []
    for second in others:
        if second.data in _CLASSES:
            found.append((a, _CLASSES[second.data], ""))
            continue
        related = _NOUNS[next(w for w in _words(second) if w in _NOUNS)]
        if related != a:
            return f"it relates {related} to {a}, which no rule states"
        found.append((a, a, "same_sign" if second.data == "related_same" else "opposite_sign"))
    return found


def _pairs(tree: Tree) -> list[tuple[str, str, str]] | str:
    """The (A class, B class, relation) pairs a rule's subject names, "..., in either order" both ways."""
    node = _find(tree, "pairs", "pair_of_two")
    words = _words(node)
    if node.data == "pair_of_two":
        cls = "inf" if "infinities" in words else "zero"
        return [(cls, cls, "opposite_sign" if "opposite" in words else "same_sign")]
    found = []
    for pair in (t for t in _trees(node) if t.data == "pair"):
        read = _pair(pair)
        if isinstance(read, str):
            return read
        for a, b, relation in read:
            found.append((a, b, relation))
            if "order" in words:
                found.append((b, a, relation))
    return found


def _operand_result(node: Tree, a: str, b: str) -> tuple[str, str] | None:
    """"that infinity" (the pair's one infinity), "the first infinity", "the opposite infinity" (of the second):
    the result's class and sign code, or None."""
    words = _words(node)
    cls = _NOUNS[words[-1]]
    which = {"first": "a", "second": "b"}.get(words[0]) if node.data == "res_which" else None
    if which is not None:
        return (cls, which) if {"a": a, "b": b}[which] == cls else None
    of = [o for o, c in (("a", a), ("b", b)) if c == cls]
    if words[0] == "opposite":
        return (cls, "-b") if of and of[-1] == "b" else None
    return (cls, of[0]) if len(of) == 1 or (of and a == b) else None


def rules_of(tree: Tree, text: str) -> list[CaseRule] | str:
    """The rules a ``special`` parse states; a string: why a rule it states cannot be said (a sign no statement
    can say, a result that is no operand of the pair)."""
    pairs = _pairs(tree)
    if isinstance(pairs, str):
        return pairs
    result = _find(tree, "res_nan", "res_zero", "res_inf", "res_that", "res_which")
    tail = _find(tree, "sv_sign", "sv_any_sign")
    if result.data in ("res_that", "res_which"):
        if tail is not None:
            return "a result that is one of the operands, with a sign of its own"
        found = [_operand_result(result, a, b) for a, b, _ in pairs]
        if not all(found):
            return f"«{' '.join(_words(result))}» is no operand of every pair"
        return [CaseRule(a, b, cls, sign, text, relation) for (a, b, relation), (cls, sign) in zip(pairs, found)]
    cls = {"res_nan": "nan", "res_zero": "zero", "res_inf": "inf"}[result.data]
    fixed = next((_FIXED[w] for w in _words(result) if w in _FIXED), "")
    sign = None
    if tail is not None and tail.data == "sv_sign":
        if fixed:
            return "a result with a fixed sign and a sign phrase"
        sign = signs.sign_of_tree(next(t for t in _trees(tail) if t.data in signs.SIGN_KINDS))
    elif fixed:
        sign = signs.Sign(fixed)
    rules = []
    for a, b, relation in pairs:
        code = ""
        if sign is not None:
            resolved = sign.resolved(zero={"zero": "A"}.get(a) or {"zero": "B"}.get(b),
                                     infinity={"inf": "A"}.get(a) or {"inf": "B"}.get(b))
            code = "" if isinstance(resolved, str) else _CODES.get(resolved.code, "")
            if not code:
                return f"a sign ({sign}) divbridge reads but cannot state for {a} and {b}"
        rules.append(CaseRule(a, b, cls, code, text, relation))
    return rules


def nan_rules(text: str) -> list[CaseRule]:
    """"A NaN operand makes the result NaN": one rule per operand."""
    return [CaseRule("nan", "any", "nan", "", text), CaseRule("any", "nan", "nan", "", text)]


# -- in symbols ----------------------------------------------------------------------------------------------------

def _value(node: Tree) -> tuple[str, str]:
    """A ``val_*`` node: (kind, sign) with kind zero | inf | nan | x | -x and sign "", "+", "-", "±"."""
    words = _words(node)
    kind = {"val_zero": "zero", "val_inf": "inf", "val_nan": "nan"}.get(node.data)
    if kind is None:
        return ("-x" if words[0] == "-" else "x"), ""
    sign = words[0] if words[0] in ("+", "-", "±") else ""
    return kind, sign


def _atom(operand: str, kind: str, sign: str) -> Atom:
    if kind == "nan":
        return Atom(operand, "isnan")
    if kind == "inf":
        return Atom(operand, "isinf") if sign in ("", "±") else Atom(operand, "=", Literal("inf", sign=sign))
    return Atom(operand, "=", Literal("number", Fraction(0), "" if sign == "±" else sign))


def _result(kind: str, sign: str) -> Result:
    if kind == "nan":
        return Result("nan")
    return Result("inf" if kind == "inf" else "number", "±" if sign == "±" else sign)


# the relation of two non-zero operands whose exact result is zero, by the operator's infix: x + (-x), x - x
_CANCELS = {("+", "-x"): "opposite", ("-", "x"): "equal"}


def symbols_of(tree: Tree, infix: str, text: str) -> list[CaseRule] | tuple[And, Result] | str:
    """"-inf + +inf is NaN", "±0 × ±inf gives NaN": the case of those operands, as (condition, result): the
    condition names their values; "x - x = +0", "x + (-x) = +0": the rule of non-zero operands whose exact
    result is zero.  A string: why it cannot be read (another operator's symbol, x with a value)."""
    values = [t for t in tree.iter_subtrees_topdown() if t.data.startswith("val_")]
    symbol = next(t for t in tree.iter_subtrees_topdown() if t.data == "sym_op")
    written = " ".join(_words(symbol))
    if not _find(symbol, "join_word") and {"÷": "/"}.get(written, written) != infix:
        return f"«{written}» is not the section's operation ({infix})"
    (ka, sa), (kb, sb), (kr, sr) = (_value(v) for v in values)
    if ka == "x":
        relation = _CANCELS.get((infix, kb))
        if relation is None or kr != "zero":
            return f"x {written} {kb} is {kr}: no rule of equal operands states it"
        return [CaseRule("finite_nonzero", "finite_nonzero", "zero", "" if sr == "±" else sr, text, relation)]
    if "x" in (ka, kb) or "-x" in (ka, kb):
        return "a variable beside a value"
    return And((_atom("A", ka, sa), _atom("B", kb, sb))), _result(kr, sr)


# -- IEEE 754's signs of an exact zero result ------------------------------------------------------------------------

_FLIP = {"+": "-", "-": "+"}


def _zero_sign(node) -> str:
    words = _words(node)
    return next(_FIXED[w] for w in words if w in _FIXED) if any(w in _FIXED for w in words) else \
        next(w for w in words if w in "+-")


def exact_zeros_of(tree: Tree, infix: str, text: str) -> list[CaseRule] | str:
    """"An exact <noun> of zero is +0, except that the <noun> of two negative zeros is -0; in particular x + (-x)
    is +0" (IEEE 754's signs of an exact zero result of + or - in round to nearest, clause 6.3), as the rules it
    states: zeros of one sign, zeros of opposite signs, and non-zero operands whose exact result is zero
    (``x + (-x)``, ``x - x``), each with the sign the sentence gives it."""
    relation = {"+": "opposite", "-": "equal"}.get(infix)
    if relation is None:
        return "an exact zero's sign for an operation whose operands do not cancel (x + (-x), x - x)"
    general = _zero_sign(next(t for t in _trees(tree) if t.data == "zero_value"))
    exception = next(t for t in tree.iter_subtrees_topdown() if t.data in ("both_zeros", "zero_pair"))
    said = [t for t in _trees(exception) if t.data in ("fixed_sign", "zero_value", "zero_of")]
    stated = [k for k, c in enumerate(exception.children) if str(c) in ("is", "=")]
    before = [t for t in said if not stated or exception.children.index(t) < stated[0]]
    after = [t for t in said if stated and exception.children.index(t) > stated[0]]
    if exception.data == "both_zeros":
        excepted = (_zero_sign(before[0]),) * 2
        result = _zero_sign(after[0]) if after else _FLIP[general]
    else:
        excepted, result = (_zero_sign(before[0]), _zero_sign(before[1])), _zero_sign(after[0])
    sign = {(x, y): result if (x, y) == excepted else general for x in "+-" for y in "+-"}
    # the four pairs of zeros as the signs a rule can state: of A, of B, their opposite, fixed
    same = {("+", "-"): "a", ("+", "+"): "+", ("-", "-"): "-", ("-", "+"): "-b"}[sign["+", "+"], sign["-", "-"]]
    opposite = {("+", "+"): "+", ("-", "-"): "-", ("+", "-"): "a", ("-", "+"): "b"}[sign["+", "-"], sign["-", "+"]]
    rules = [CaseRule("zero", "zero", "zero", same, text, "same_sign"),
             CaseRule("zero", "zero", "zero", opposite, text, "opposite_sign"),
             CaseRule("finite_nonzero", "finite_nonzero", "zero", general, text, relation)]
    cancels = _find(tree, "cancels_opposite", "cancels_equal")
    if cancels is not None:
        if (cancels.data == "cancels_opposite") != (relation == "opposite"):
            return f"«{' '.join(_words(cancels))}» is not the operands whose exact result is zero"
        result = next(t for t in _trees(cancels) if t.data == "zero_value")
        rules.append(CaseRule("finite_nonzero", "finite_nonzero", "zero", _zero_sign(result), text, relation))
    return list(dict.fromkeys(rules))


def result_of_tree(node: Tree) -> Result:
    """A case's result: a value (``val_*``), undefined, positive / negative infinity."""
    if node.data == "case_result":
        node = _trees(node)[0]
    if node.data in ("val_zero", "val_inf", "val_nan"):
        return _result(*_value(node))
    return {"res_undefined": Result("undefined"), "res_pos_inf": Result("inf", "+"),
            "res_neg_inf": Result("inf", "-")}[node.data]
