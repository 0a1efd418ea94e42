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

from divbridge.document import naming, signs
from divbridge.document.formula import And, Atom, Literal, Result

_NOUNS = {"nan": "nan", "infinity": "inf", "infinite": "inf", "inf": "inf", "zero": "zero", "0": "zero"}


@dataclass(frozen=True)
class CaseRule:
    a: str          # operand classes: zero | finite_nonzero | finite | inf | nan | any
    b: str
    result: str     # nan | inf | zero | nonfinite (an infinity or NaN)
    sign: str       # xor | a | b | + | - | "" (the sentence says nothing of the sign)
    text: str
    relation: str = ""   # a sentence states none (an operator's own rules may: `operators.model.SpecialRule`)

    def __str__(self) -> str:
        a, b = naming.of("A"), naming.of("B")
        classes = {"zero": "{} = ±0", "finite_nonzero": "{} finite ≠ 0", "finite": "{} finite", "inf": "{} = ±∞",
                   "nan": "{} = NaN", "any": "{} any"}
        result = {"nan": "NaN", "inf": "±∞", "zero": "±0", "nonfinite": "±∞ or NaN"}[self.result]
        sign = {"xor": f"sign({a}) · sign({b})", "a": f"sign({a})", "b": f"sign({b})", "-b": f"-sign({b})", "+": "+",
                "-": "-"}.get(self.sign, "")
        relation = {"same_sign": ", of one sign", "opposite_sign": ", of opposite signs", "equal": f", {b} = {a}",
                    "opposite": f", {b} = -{a}"}.get(self.relation, "")
        c = naming.result()
        return (f"{classes[self.a].format(a)} and {classes[self.b].format(b)}{relation} → {c} = {result}"
                + (f", sign({c}) = {sign}" if sign else ""))

    def words(self) -> str:
        a, b = f"{naming.of('A')}[i]", f"{naming.of('B')}[i]"
        classes = {"zero": "a zero", "finite_nonzero": "a finite non-zero number", "finite": "a finite number",
                   "inf": "an infinity", "nan": "NaN", "any": "anything"}
        relation = {"same_sign": ", of the same sign", "opposite_sign": ", of opposite signs",
                    "equal": f", {b} equal to {a}", "opposite": f", {b} equal to -{a}"}.get(self.relation, "")
        result = {"nan": "NaN", "inf": "an infinity", "zero": "a zero", "nonfinite": "an infinity or NaN"}[self.result]
        signs = {"xor": f"the exclusive or of the signs of {a} and {b}", "a": f"the sign of {a}",
                 "b": f"the sign of {b}", "-b": f"the sign opposite to {b}'s"}
        if self.sign in ("+", "-"):
            result = result.replace("a ", f"a {'positive' if self.sign == '+' else 'negative'} ").replace(
                "an infinity", f"a {'positive' if self.sign == '+' else 'negative'} infinity")
        elif self.sign:
            result += f" whose sign is {signs[self.sign]}"
        return f"if {a} is {classes[self.a]} and {b} is {classes[self.b]}{relation}, {naming.result()}[i] is {result}"


# a class of the grammar -> the operand classes it names ("a non-zero number": finite non-zero or infinite)
_CLASSES = {"cls_zero": ("zero",), "cls_finite_nonzero": ("finite_nonzero",), "cls_finite": ("finite",),
            "cls_inf": ("inf",), "cls_nan": ("nan",), "cls_any": ("any",), "cls_nonzero": ("finite_nonzero", "inf")}
_CODES = {"xor:AB": "xor", "xor:A": "a", "xor:B": "b", "+": "+", "-": "-"}
_FIXED = {"positive": "+", "negative": "-"}
_PAIRS = ("pair", "pair_noun", "pair_ing", "pair_one")
# the relation of an operand to itself ("an infinity minus itself"), by its class: the same sign, the same value
_ITSELF = {"inf": "same_sign", "zero": "same_sign"}
_REVERSING = ("to", "from")      # "<verb>ing X to Y", "<verb>ing X from Y": Y first


def _trees(tree: Tree) -> list[Tree]:
    return [c for c in tree.children if isinstance(c, Tree)]


def _words(tree) -> list[str]:
    if isinstance(tree, LarkToken):
        return [str(tree)]
    return [w for c in tree.children for w in _words(c)]


def _find(tree: Tree, *names: str) -> Tree | None:
    return next((t for t in tree.iter_subtrees_topdown() if t.data in names), None)


def _pair(tree: Tree) -> list[tuple[str, str, str]] | str:
    """One pair: "zero over a finite number", "an infinity minus the infinity of the same sign", "an infinity
    times a finite non-zero number or an infinity" (two pairs), "the <noun> of X and Y", "<verb>ing X by Y" ("to",
    "from": Y first), "a zero <B's name>" (the other operand anything)."""
    first, *others = [t for t in _trees(tree) if t.data in _CLASSES or t.data.startswith("related_")]
    if tree.data == "pair_one":          # "a zero <B's name>": B a zero, A anything
        named_a = _find(tree, "a") is not None
        return [(cls, "any", "") if named_a else ("any", cls, "") for cls in _CLASSES[first.data]]
    found = []
    for a in _CLASSES[first.data]:
        for second in others:
            if second.data in _CLASSES:
                found += [(a, b, "") for b in _CLASSES[second.data]]
            elif second.data == "related_itself":
                found.append((a, a, _ITSELF.get(a, "equal")))
            elif second.data == "related_negation":
                found.append((a, a, "opposite"))
            else:
                related = _NOUNS[next(w for w in _words(second) if w in _NOUNS)]
                if related != a:
                    return f"it relates {related} to {a}, which no rule states"
                found.append((a, a, "same_sign" if second.data == "related_same" else "opposite_sign"))
    preposition = _find(tree, "preposition")
    if tree.data == "pair_ing" and preposition is not None and _words(preposition)[0] in _REVERSING:
        found = [(b, a, relation) for a, b, relation in found]
    return found


def _pairs(tree: Tree) -> list[tuple[str, str, str]] | str:
    """The (A class, B class, relation) pairs a rule's subject names, "..., in either order" both ways; "one
    operand is X and the other Y" both ways."""
    node = _find(tree, "pair_of_two")
    if node is not None:
        words = _words(node)
        cls = "inf" if "infinities" in words else "zero"
        return [(cls, cls, "opposite_sign" if "opposite" in words else "same_sign")]
    one_other = _find(tree, "one_other")
    if one_other is not None:
        x, y = (_CLASSES[t.data] for t in _trees(one_other) if t.data in _CLASSES)
        return [(a, b, "") for a in x for b in y] + [(b, a, "") for a in x for b in y]
    found = []
    either = _find(tree, "either_order") is not None
    for pair in (t for t in tree.iter_subtrees_topdown() if t.data in _PAIRS):
        read = _pair(pair)
        if isinstance(read, str):
            return read
        for a, b, relation in read:
            found.append((a, b, relation))
            if either:
                found.append((b, a, relation))
    return list(dict.fromkeys(found))


def _operand_result(node: Tree, a: str, b: str, relation: str) -> tuple[str, str] | None:
    """The result that is one of the pair's operands: "that infinity", "the infinity" (the pair's one infinity),
    "the first infinity", "the second operand", "the <A's name>", "the opposite infinity" (of the second), "the
    infinity negated": the result's class and sign code, or None when it names no operand of the pair."""
    words = _words(node)
    classes = {"a": a, "b": b}
    if node.data == "res_operand" or "operand" in words:
        which = "b" if node.data == "res_operand" and _find(node, "b") is not None or "second" in words else "a"
        if "opposite" in words or classes[which] not in ("inf", "zero"):
            return None
        return classes[which], which
    cls = _NOUNS[next(w for w in reversed(words) if w in _NOUNS)]
    which = {"first": "a", "second": "b"}.get(words[0]) if node.data == "res_which" else None
    if which is not None:
        return (cls, which) if classes[which] == cls else None
    of = [o for o, c in classes.items() if c == cls]
    if words[0] == "opposite" or node.data == "res_negated":
        return (cls, "-b") if of and of[-1] == "b" else None
    if a == b and relation == "opposite_sign":
        return None                      # "that infinity" of two of opposite signs: which one is not said
    return (cls, of[0]) if len(of) == 1 or (of and a == b) else None


_OPERAND_RESULTS = ("res_that", "res_which", "res_operand", "res_negated")


def rules_of(tree: Tree, text: str, definite=lambda node: False) -> list[CaseRule] | str:
    """The rules a ``special`` parse states; a string: why a rule it states cannot be said (a sign no statement
    can say, a result that is no operand of the pair).  ``definite(node)``: whether the result is written with
    the definite article ("is the infinity": the pair's infinity, not any)."""
    pairs = _pairs(tree)
    if isinstance(pairs, str):
        return pairs
    result = _find(tree, "res_nan", "res_zero", "res_inf", "res_nonfinite", *_OPERAND_RESULTS)
    tail = _find(tree, "sv_sign", "sv_any_sign")
    fixed = next((_FIXED.get(w, w) for w in _words(result) if w in (*_FIXED, "+", "-")), "")
    if result.data in ("res_zero", "res_inf") and not fixed and tail is None and definite(result):
        result = Tree("res_that", result.children)       # "the infinity": that infinity
    if result.data in _OPERAND_RESULTS:
        if tail is not None:
            return "a result that is one of the operands, with a sign of its own"
        found = [_operand_result(result, a, b, relation) for a, b, relation in pairs]
        if not all(found):
            return f"«{' '.join(_words(result))}» is no operand of every pair"
        return [CaseRule(a, b, cls, sign, text, relation) for (a, b, relation), (cls, sign) in zip(pairs, found)]
    cls = {"res_nan": "nan", "res_zero": "zero", "res_inf": "inf", "res_nonfinite": "nonfinite"}[result.data]
    sign = None
    if tail is not None and tail.data == "sv_sign":
        if fixed:
            return "a result with a fixed sign and a sign phrase"
        if cls not in ("zero", "inf"):
            return f"a sign for a result that is {cls}"
        sign = signs.sign_of_tree(next(t for t in _trees(tail) if t.data in signs.SIGN_KINDS))
    elif fixed:
        sign = signs.Sign(fixed)
    rules = []
    for a, b, relation in pairs:
        code = ""
        if sign is not None:
            resolved = sign.resolved(zero={"zero": "A"}.get(a) or {"zero": "B"}.get(b),
                                     infinity={"inf": "A"}.get(a) or {"inf": "B"}.get(b))
            code = "" if isinstance(resolved, str) else _code(resolved)
            if not code:
                return f"a sign ({sign}) divbridge reads but cannot state for {a} and {b}"
        rules.append(CaseRule(a, b, cls, code, text, relation))
    return rules


def _code(sign: signs.Sign) -> str:
    """A sign as a rule's code: the exclusive or, one operand's, B's opposite ("-b"), fixed; "" for any other."""
    if sign.negated and not sign.fixed and sign.operands == {"B"}:
        return "-b"
    return _CODES.get(sign.code, "")


def nan_rules(text: str) -> list[CaseRule]:
    """"A NaN operand makes the result NaN": one rule per operand."""
    return [CaseRule("nan", "any", "nan", "", text), CaseRule("any", "nan", "nan", "", text)]


# -- in symbols ----------------------------------------------------------------------------------------------------

def _value(node: Tree) -> tuple[str, str]:
    """A ``val_*`` node: (kind, sign) with kind zero | inf | nan | x | -x and sign "", "+", "-", "±", "∓"."""
    words = _words(node)
    kind = {"val_zero": "zero", "val_inf": "inf", "val_nan": "nan"}.get(node.data)
    if kind is None:
        return ("-x" if words[0] == "-" else "x"), ""
    sign = words[0] if words[0] in ("+", "-", "±", "∓") else ""
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


# the relation of two non-zero operands whose exact result is zero, by the operator's infix: x + (-x), x - x; and
# of two zeros (x a zero): of opposite signs, of one sign
_CANCELS = {("+", "-x"): "opposite", ("-", "x"): "equal"}
_ZERO_CANCELS = {"opposite": "opposite_sign", "equal": "same_sign"}


def symbols_of(tree: Tree, infix: str, text: str, finite_x: bool = False) -> list | str:
    """"-inf + +inf is NaN", "±0 × ±inf and ±inf × ±0 give NaN": the case of each pair of operands, as
    (condition, result): the condition names their values; "x - x = +0", "x + (-x) = +0": the rule of non-zero
    operands whose exact result is zero (and of zeros too, "for every finite x"); "±inf - x = ±inf" with x finite:
    the rule of an infinity and a finite number, the result's sign that of the infinity ("∓": its opposite).  A
    string: why it cannot be read (another operator's symbol, x with a value, x of no stated class).  ``finite_x``:
    the sentence says x is any finite number ("for every finite x")."""
    found: list = []
    (kr, sr), = (_value(v) for v in _trees(tree) if v.data.startswith("val_"))
    for pair in (t for t in _trees(tree) if t.data == "sym_pair"):
        symbol = _find(pair, "sym_op")
        written = " ".join(_words(symbol))
        if not _find(symbol, "join_word") and {"÷": "/"}.get(written, written) != infix:
            return f"«{written}» is not the section's operation ({infix})"
        (ka, sa), (kb, sb) = (_value(v) for v in _trees(pair) if v.data.startswith("val_"))
        variables = [k for k in (ka, kb) if k in ("x", "-x")]
        if ka == "x" and kb in ("x", "-x"):
            relation = _CANCELS.get((infix, kb))
            if relation is None or kr != "zero":
                return f"x {written} {kb} is {kr}: no rule of equal operands states it"
            sign = "" if sr in ("±", "∓") else sr
            found.append(CaseRule("finite_nonzero", "finite_nonzero", "zero", sign, text, relation))
            if finite_x:      # x = ±0 too
                found.append(CaseRule("zero", "zero", "zero", sign, text, _ZERO_CANCELS[relation]))
        elif variables == ["x"] and {ka, kb} == {"x", "inf"}:
            rule = _infinity_and_x(ka, sa, kb, sb, kr, sr, finite_x or "finite" in _words(pair), text)
            if isinstance(rule, str):
                return rule
            found.append(rule)
        elif variables:
            return "a variable beside a value"
        else:
            if "∓" in (sa, sb, sr):
                return "«∓» beside no «±» it is the opposite of"
            found.append((And((_atom("A", ka, sa), _atom("B", kb, sb))), _result(kr, sr)))
    return found


def _infinity_and_x(ka: str, sa: str, kb: str, sb: str, kr: str, sr: str, finite: bool, text: str) -> CaseRule | str:
    """"±inf - x = ±inf", "x - (±inf) = ∓inf" for a finite x: C an infinity whose sign is the infinite operand's
    ("±" on both sides), or its opposite ("∓")."""
    if not finite:
        return "x of no stated class beside an infinity (say «for a finite x»)"
    infinite, sign = ("a", sa) if ka == "inf" else ("b", sb)
    if kr != "inf" or sign != "±" or sr not in ("±", "∓"):
        return "an infinity and x whose result is not the infinity or its opposite"
    code = infinite if sr == "±" else "-" + infinite
    if code == "-a":
        return "the opposite of A's sign, which no rule states"
    return CaseRule(*(("inf", "finite") if infinite == "a" else ("finite", "inf")), "inf", code, text)


# -- IEEE 754's signs of an exact zero result ------------------------------------------------------------------------

_FLIP = {"+": "-", "-": "+"}


def zero_sign(node) -> str:
    """The sign a zero value (``+0``, "a negative zero") or a sign word gives."""
    words = _words(node)
    return next(_FIXED[w] for w in words if w in _FIXED) if any(w in _FIXED for w in words) else \
        next(w for w in words if w in "+-")


def _excepted(exception: Tree) -> tuple[str, str] | str:
    """The signs of (A, B) an exception names: both zeros of one sign, a pair of zeros in the operator's order, or
    each zero with its operand's role ("a negative zero is the <A's name> and a positive zero the <B's name>")."""
    said = [t for t in _trees(exception) if t.data in ("fixed_sign", "zero_value", "zero_operand")]
    if exception.data == "both_zeros":
        return (zero_sign(said[0]),) * 2
    if exception.data == "zero_pair":
        return zero_sign(said[0]), zero_sign(said[1])
    roles = ["A" if _find(t, "a") is not None else "B" for t in _trees(exception) if t.data == "operand"]
    if sorted(roles) != ["A", "B"]:
        return "the two zeros are not given one to each operand"
    by_role = dict(zip(roles, (zero_sign(t) for t in said)))
    return by_role["A"], by_role["B"]


def exact_zeros_of(tree: Tree, infix: str, text: str) -> list[CaseRule] | str:
    """"An exact <noun> of zero is +0, except that the <noun> of two negative zeros is -0; in particular x + (-x)
    is +0" (IEEE 754's signs of an exact zero result of + or - in round to nearest, clause 6.3), as the rules it
    states: zeros of one sign, zeros of opposite signs, and non-zero operands whose exact result is zero
    (``x + (-x)``, ``x - x``), each with the sign the sentence gives it; "the <noun> of two zeros is -0 when both
    are negative and +0 otherwise" states the zeros' rules only."""
    relation = {"+": "opposite", "-": "equal"}.get(infix)
    if relation is None:
        return "an exact zero's sign for an operation whose operands do not cancel (x + (-x), x - x)"
    values = [t for t in _trees(tree) if t.data == "zero_value"]
    if tree.data == "zeros_when":
        excepted = (zero_sign(_find(tree, "fixed_sign")),) * 2
        result, general = zero_sign(values[0]), zero_sign(values[1])
    else:
        general = zero_sign(values[0])
        exception = next(t for t in tree.iter_subtrees_topdown() if t.data in ("both_zeros", "zero_pair", "zero_roles"))
        excepted = _excepted(exception)
        if isinstance(excepted, str):
            return excepted
        stated = _find(exception, "zero_is")
        result = zero_sign(stated) if stated is not None else _FLIP[general]
    sign = {(x, y): result if (x, y) == excepted else general for x in "+-" for y in "+-"}
    # the four pairs of zeros as the signs a rule can state: of A, of B, their opposite, fixed
    same = {("+", "-"): "a", ("+", "+"): "+", ("-", "-"): "-", ("-", "+"): "-b"}[sign["+", "+"], sign["-", "-"]]
    opposite = {("+", "+"): "+", ("-", "-"): "-", ("+", "-"): "a", ("-", "+"): "b"}[sign["+", "-"], sign["-", "+"]]
    rules = [CaseRule("zero", "zero", "zero", same, text, "same_sign"),
             CaseRule("zero", "zero", "zero", opposite, text, "opposite_sign")]
    if tree.data != "zeros_when":
        rules.append(CaseRule("finite_nonzero", "finite_nonzero", "zero", general, text, relation))
    cancels = _find(tree, "cancels_opposite", "cancels_equal")
    if cancels is not None:
        if (cancels.data == "cancels_opposite") != (relation == "opposite"):
            return f"«{' '.join(_words(cancels))}» is not the operands whose exact result is zero"
        result = next(t for t in _trees(cancels) if t.data == "zero_value")
        rules.append(CaseRule("finite_nonzero", "finite_nonzero", "zero", zero_sign(result), text, relation))
    return list(dict.fromkeys(rules))


def result_of_tree(node: Tree) -> Result:
    """A case's result: a value (``val_*``), undefined, positive / negative infinity, the operand A itself
    ("then Y[i] = X[i]")."""
    if node.data == "res_operand":
        return Result("operand", operand="A")
    if node.data in ("case_result", "case_value"):
        node = _trees(node)[0]
    if node.data in ("val_zero", "val_inf", "val_nan"):
        return _result(*_value(node))
    return {"res_undefined": Result("undefined"), "res_pos_inf": Result("inf", "+"),
            "res_neg_inf": Result("inf", "-")}[node.data]
