"""What a formula (or the words of a condition) means: conditions, results and matrix entries.

A small recursive-descent grammar over the tokens of `document.latex` (a
formula parsed by pylatexenc) or of a sentence (its words, with its inline
math parsed the same way).  Authors write the same thing many ways
(``\\neq``, ``\\ne``, "different from 0", ``\\text{inf}``, ``\\infty``...):
the grammar reads them all into one set of plain values:

- a condition: `Atom` (an operand, a relation or a predicate, a literal),
  `And`, `Or`, `Not`, `Otherwise` (no earlier row applies);
- a result: `Result` (A op B, possibly rounded; a number; an infinity
  or a zero with a sign rule; NaN; undefined);
- a matrix entry: `Entry` (an exact value, or an approximate one with the
  tolerance its written digits give).

Comparisons have IEEE 754 meaning: ``B ≠ 0`` holds for a NaN ``B``.
Anything outside the grammar raises `LatexError` with the offset of the token
where reading stopped: never a guess.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from divbridge import operators, terms
from divbridge.document import lexicon, naming
from divbridge.document.latex import LatexError, Token, render, text_tokens, tokens
from divbridge.formats import parse_hexfloat
from divbridge.operators.model import OPERANDS, OPERATION_RESULT


@dataclass(frozen=True)
class Literal:
    """A value in a condition or result: a number, inf / nan with a sign, or the other operand (``B[i] = -A[i]``)."""

    kind: str                 # number | inf | nan | min (INT_MIN, the integer type's smallest value) | max (its largest)
    #                           | bool (a truth value in a matrix: True 1, False 0)
    #                           | operand (the operand named by ``operand``, negated when the sign is "-")
    value: Fraction = Fraction(0)
    sign: str = ""            # "" | "+" | "-" | "±"
    operand: str = ""         # A | B, for kind operand

    def __str__(self) -> str:
        if self.kind == "number":
            return f"{self.sign if self.value == 0 and self.sign else ''}{self.value}"
        if self.kind == "operand":
            return f"{'-' if self.sign == '-' else ''}{naming.of(self.operand)}"
        if self.kind == "bool":
            return str(bool(self.value))
        return f"{self.sign}{self.kind}"


@dataclass(frozen=True)
class Atom:
    operand: str              # A | B
    op: str                   # = ≠ < > ≤ ≥ isnan notnan isinf notinf isfinite notfinite samesign diffsign
    literal: Literal | None = None

    def __str__(self) -> str:
        if self.op in ("samesign", "diffsign"):
            return f"{naming.of('A')}, {naming.of('B')} {'same sign' if self.op == 'samesign' else 'different signs'}"
        subject = naming.of(self.operand)
        return f"{subject} {self.op} {self.literal}" if self.literal else f"{subject} {self.op}"


@dataclass(frozen=True)
class And:
    parts: tuple

    def __str__(self) -> str:
        return " and ".join(_paren(p) for p in self.parts)


@dataclass(frozen=True)
class Or:
    parts: tuple

    def __str__(self) -> str:
        return " or ".join(_paren(p) for p in self.parts)


@dataclass(frozen=True)
class Not:
    part: object

    def __str__(self) -> str:
        return f"not ({self.part})"


@dataclass(frozen=True)
class Otherwise:
    def __str__(self) -> str:
        return "otherwise"


Condition = Atom | And | Or | Not | Otherwise


def operands_of(condition) -> set[str]:
    """The operands a condition names (A, B), a compared operand included (``B = -A``), both for a comparison of
    their signs."""
    if isinstance(condition, Atom) and condition.op in ("samesign", "diffsign"):
        return {"A", "B"}
    if isinstance(condition, Atom):
        return {condition.operand} | ({condition.literal.operand} if condition.literal is not None and
                                      condition.literal.kind == "operand" else set())
    if isinstance(condition, (And, Or)):
        return set().union(*(operands_of(p) for p in condition.parts))
    if isinstance(condition, Not):
        return operands_of(condition.part)
    return set()


def _paren(c) -> str:
    return f"({c})" if isinstance(c, Or) else str(c)


@dataclass(frozen=True)
class Result:
    r"""What a row says C[i] is.

    kind: `OPERATION_RESULT` (A op B) | operand (A or B itself, negated: ``-B[i]``, its absolute value:
    ``|A[i]|``, sign "abs", or its square root: ``\sqrt{A[i]}``, sign "sqrt") | number | inf | nan | undefined | bool
    (True or False: value 1 or 0).  sign: "" (unsigned), "+", "-", "±" (left open) or "xor:AB" / "xor:A" / "xor:B" (the exclusive
    or of the signs of the listed operands, as in sign(A) * sign(B) * inf).
    """

    kind: str
    sign: str = ""
    value: Fraction = Fraction(0)
    rounding: str = ""        # A op B's rounding when written: round (the format's), trunc, floor, ceil
    infix: str = ""           # kind `OPERATION_RESULT`: the infix it is written with ("/": A/B, "*": A*B)
    operand: str = ""         # kind operand or scaled: A | B (operand: an attribute's name too, ``\alpha``)
    call: str = ""            # kind `OPERATION_RESULT` written as a call of an operator with no infix: "max"
    factor: str = ""          # kind scaled: the attribute the operand is scaled by (``\alpha \cdot X[i]``)

    @property
    def operator(self):
        """The operator whose operation an `OPERATION_RESULT` applies: the registry's of its infix, or the one its
        call names."""
        if self.call:
            return operators.get(self.call)
        op = operators.by_infix(self.infix)
        assert op is not None, f"no operator of the infix {self.infix!r}"
        return op

    @property
    def operands(self) -> set[str]:
        """The operands the result names: A op B names both, as a sign rule over both does."""
        if self.kind == OPERATION_RESULT:
            return {"A", "B"}
        if self.kind == "operand":
            return {self.operand}
        if self.kind == "scaled":
            return {self.operand, self.factor}
        return set(self.sign[4:]) if self.sign.startswith("xor:") else set()

    def is_operation_of(self, op) -> bool:
        """Whether the result is ``op``'s operation on its inputs: written with its infix (``A*B``; two descriptions
        may share one, so the document's operator is asked, not the registry's first of the infix), or without
        one, a term in IEEE 754's operations that is the body of its float operation (``-A``: Neg's, ``|A|``:
        Abs's)."""
        if self.kind == OPERATION_RESULT:
            return self.call == op.name.lower() if self.call else self.infix == op.vocabulary.infix
        if self.kind != "operand" or "ABC".index(self.operand) >= op.arity or op.operation.float is None:
            return False
        written = op.inputs["ABC".index(self.operand)].term("float")
        written = terms.FLOAT_OF_OPERAND[self.sign](written) if self.sign in terms.FLOAT_OF_OPERAND else written
        defined = op.applied("float")
        return (terms.expand(defined) if op.operation.float.body is not None else defined) == written

    def __str__(self) -> str:
        a, b = naming.of("A"), naming.of("B")
        if self.kind == OPERATION_RESULT and self.call:
            applied = f"{'-' if self.sign == '-' else ''}{self.call}({a}, {b})"
            return f"{self.rounding}({applied})" if self.rounding else applied
        if self.kind == OPERATION_RESULT:
            infix = self.infix
            applied = f"{a}{infix}{b}" if self.sign != "-" else f"-{a}{infix}{b}" if infix in "*/" else \
                f"-({a}{infix}{b})"
            return f"{self.rounding}({applied})" if self.rounding else applied
        operand = naming.of(self.operand)
        if self.kind == "scaled":
            return f"{self.factor}*{operand}"
        if self.kind == "operand":
            if self.sign in ("abs", "sqrt"):
                return f"|{operand}|" if self.sign == "abs" else f"sqrt({operand})"
            return f"{'-' if self.sign == '-' else ''}{operand}"
        if self.sign.startswith("xor:"):
            return "·".join(f"sign({naming.of(o)})" for o in self.sign[4:]) + \
                f"·{'0' if self.kind == 'number' else self.kind}"
        if self.kind == "number":
            return f"{self.sign if self.value == 0 and self.sign else ''}{self.value}"
        if self.kind == "bool":
            return str(bool(self.value))
        return f"{self.sign}{self.kind}"


@dataclass(frozen=True)
class Entry:
    """One matrix entry: an exact value (or inf / nan), approximate or not."""

    literal: Literal
    approx: bool = False
    tolerance: Fraction = Fraction(0)   # half a unit of the last written digit, when approx

    def __str__(self) -> str:
        return ("≈" if self.approx else "") + str(self.literal)


# -- the token stream -----------------------------------------------------------------------------

class _Stream:
    def __init__(self, items):
        self.items = list(items)
        self.i = 0

    def peek(self, ahead: int = 0) -> Token | None:
        j = self.i + ahead
        return self.items[j] if j < len(self.items) else None

    def word(self, ahead: int = 0) -> str:
        token = self.peek(ahead)
        return token.text.lower() if token is not None and token.kind in ("word", "number", "sym") else ""

    def accept(self, *words: str) -> bool:
        """Consume the next tokens when they spell ``words`` (lowercase)."""
        if all(self.word(k) == w for k, w in enumerate(words)):
            self.i += len(words)
            return True
        return False

    def at_end(self) -> bool:
        return self.i >= len(self.items)

    def fail(self, what: str):
        token = self.peek()
        where = f" at '{render(self.items[self.i:self.i + 6])}'" if token is not None else ""
        raise LatexError(f"cannot read {what}{where}", token.pos if token is not None else None)


_A_NAMES = {"a", *lexicon.A_NAMES, "x"}
_B_NAMES = {"b", *lexicon.B_NAMES, "y"}
# the float attributes of the operators whose documents are read (alpha), as a formula writes them:
# ``\alpha``, ``alpha``; a condition or result names one as it names an operand, by its name
ATTRIBUTES = frozenset(a.name for op in operators.in_pipeline().values() for a in op.attributes if a.type == "float")


def _attribute(s: _Stream) -> str | None:
    """An operator's float attribute (``\\alpha``, ``alpha``): its name; None, the stream unmoved, otherwise."""
    token = s.peek()
    if token is not None and token.kind in ("macro", "word") and token.text.lower() in ATTRIBUTES:
        s.i += 1
        return token.text.lower()
    return None


def _by_default(names: tuple[str, ...]) -> bool:
    """Whether the grammar reads an operator's inputs of these names as it reads every operand by default: A or X
    the first, B or Y the second."""
    return all(k < 2 and name.lower() in (_A_NAMES, _B_NAMES)[k] for k, name in enumerate(names))


def positional(items, names: tuple[str, ...]) -> list[Token]:
    """The tokens with each of an operator's inputs, named as a document or its description names them
    (``condition``, ``X``, ``Y``, in order), made the operand of its position (`OPERANDS`: ``X`` the second, B),
    where these names are not those the grammar reads by default (A or X the first, B or Y the second)."""
    if _by_default(names):
        return list(items)
    position = {name: OPERANDS[k] for k, name in enumerate(names)}
    return [Token("operand", position[t.text], t.pos) if t.kind == "word" and t.text in position else t
            for t in items]


def written_names(items, names: tuple[str, ...]) -> dict[str, str]:
    """The operands a formula writes indexed, where the grammar reads the inputs (``names``) by its default names
    (``X[i]``, ``y_i``: `_by_default`), each with the name it is written with: a reading of it is said back with
    them (`naming`)."""
    found: dict[str, str] = {}
    if not _by_default(names):
        return found
    for token, after in zip(items, items[1:]):
        indexed = after.kind == "subscript" or after.kind == "sym" and after.text == "["
        if token.kind == "word" and indexed:
            for operand, names in (("A", _A_NAMES), ("B", _B_NAMES)):
                if token.text.lower() in names and len(token.text) == 1:
                    found.setdefault(operand, token.text)
    return found


def _operand(s: _Stream) -> str | None:
    """A[i], B_i, A, x, "the <role>" (`document.lexicon`), an input made positional (`positional`): A, B or C; an
    attribute (``\\alpha``): its name; None when the stream does not start one."""
    attribute = _attribute(s)
    if attribute is not None:
        return attribute
    start = s.i
    s.accept("the")
    name = s.word()
    token = s.peek()
    operand = token.text if token is not None and token.kind == "operand" else \
        "A" if name in _A_NAMES else "B" if name in _B_NAMES else None
    if operand is None:
        s.i = start
        return None
    s.i += 1
    if s.accept("[", "i", "]") or s.accept("(", "i", ")"):
        pass
    elif s.peek() is not None and s.peek().kind == "subscript":
        s.i += 1
    return operand


_MAX_DIGITS = 40
# 10^±400 is beyond every format's range (FP64's is 10^±324): a number past 10^±4000 is refused before its
# exact value is made (1e99999999 would take minutes and gigabytes)
_MAX_EXPONENT = 4000


def _number(s: _Stream) -> Fraction | None:
    token = s.peek()
    if token is None or token.kind != "number":
        return None
    if len(token.text) > _MAX_DIGITS:
        raise LatexError(f"a number of more than {_MAX_DIGITS} digits", token.pos)
    text = token.text.lower()
    hexadecimal = text.startswith("0x")
    # a hex float's exponent is binary: 2^±16000 is about 10^±4800
    exponent, limit = text.partition("p")[2] if hexadecimal else text.partition("e")[2], \
        4 * _MAX_EXPONENT if hexadecimal else _MAX_EXPONENT
    if exponent and abs(int(exponent)) > limit:
        raise LatexError(f"a number whose exponent is beyond ±{limit} ({token.text})", token.pos)
    s.i += 1
    return parse_hexfloat(text) if hexadecimal else Fraction(token.text)


def _sign(s: _Stream) -> str:
    for sym in ("+", "-", "±", "∓"):
        if s.accept(sym):
            return "±" if sym == "∓" else sym
    return ""


def _value(s: _Stream) -> Literal | None:
    """0, -0, +inf, ±∞, NaN, zero, INT_MIN, "the smallest value of the type"."""
    start = s.i
    sign = _sign(s)
    word = s.word()
    if word in ("inf", "infinity", "infty"):
        s.i += 1
        return Literal("inf", sign=sign)
    if word == "nan" and not sign:
        s.i += 1
        return Literal("nan")
    if word in ("int_min", "intmin", "min_int", "minint") and not sign:
        s.i += 1
        return Literal("min")
    if word == "int" and s.peek(1) is not None and s.peek(1).kind == "subscript" and not sign:
        s.i += 2
        return Literal("min")
    if word == "int" and not sign and s.accept("int", "_", "min"):     # INT_MIN in words: "int", "_", "min"
        return Literal("min")
    if not sign and s.accept("the", "smallest", "value", "of", "the", "type"):
        return Literal("min")
    if word == "zero":
        s.i += 1
        return Literal("number", Fraction(0), sign if sign in "+-" else "")
    truth = _truth(s) if not sign else None
    if truth is not None:     # a bool input's value (Where's condition[i] = True)
        return Literal("bool", truth)
    number = _number(s)
    if number is None:
        s.i = start
        return None
    if sign == "±" and number != 0:
        s.i = start
        raise LatexError(f"'±{number}' is two values, not one", s.peek().pos)
    return Literal("number", -number if sign == "-" else number, sign if number == 0 else "")


# -- conditions -------------------------------------------------------------------------------------

_RELATIONS = {"=": "=", "≠": "≠", "<": "<", ">": ">", "≤": "≤", "≥": "≥"}
_FLIP = {"<": ">", ">": "<", "≤": "≥", "≥": "≤", "=": "=", "≠": "≠"}
_LEADING = ("if", "when", "whenever", "where", "for", "provided", "that")


def _other_operand(s: _Stream) -> Literal | None:
    """The other operand as the value compared with (``B[i] = A[i]``, ``B[i] = -A[i]``), or None."""
    start = s.i
    sign = "-" if s.accept("-") else ""
    operand = _operand(s)
    if operand is None:
        s.i = start
        return None
    return Literal("operand", sign=sign, operand=operand)


def _predicate(s: _Stream):
    """What follows a subject: `= 0`, `is NaN`, `are different from 0`, `is finite and non-zero`,
    `have the same sign`...  Returns (op, literal), a list of them (a conjunction), or None."""
    start = s.i
    token = s.peek()
    if token is not None and token.kind == "sym" and token.text in _RELATIONS:
        s.i += 1
        value = _value(s) or _other_operand(s)
        if value is not None:
            return _RELATIONS[token.text], value
    elif s.accept("∈") or s.accept("in"):
        bounds = _interval(s)
        if bounds is not None:
            return bounds
    elif s.accept("equals") or s.accept("equal", "to"):
        value = _value(s)
        if value is not None:
            return "=", value
    else:
        for verb in ("have", "has", "are of", "is of"):
            mark = s.i
            if s.accept(*verb.split()):
                if s.accept("the", "same", "sign") or s.accept("the", "same", "signs"):
                    return "samesign", None
                if s.accept("different", "signs") or s.accept("opposite", "signs") or \
                        s.accept("different", "sign") or s.accept("opposite", "sign"):
                    return "diffsign", None
            s.i = mark
        if s.accept("is") or s.accept("are"):
            s.accept("both") or s.accept("all") or s.accept("each")
            negated = s.accept("not")
            found = _predicate_word(s)
            if found is None:                   # "are both -0", "is +inf"
                value = _value(s)
                found = ("=", value) if value is not None else None
            if found is not None:
                found = _negate(found) if negated else found
                relation = _sign_relation(s)    # "are infinities of opposite signs"
                return found if relation is None else [*(found if isinstance(found, list) else [found]),
                                                       (relation, None)]
    s.i = start
    return None


def _sign_relation(s: _Stream) -> str | None:
    """"of opposite signs", "of the same sign", "of one sign" after a predicate of both operands: how their signs
    relate (samesign, diffsign), or None."""
    mark = s.i
    if s.accept("of"):
        s.accept("the")
        if s.accept("opposite") or s.accept("different"):
            if s.accept("signs") or s.accept("sign"):
                return "diffsign"
        elif s.accept("same") or s.accept("one"):
            if s.accept("sign") or s.accept("signs"):
                return "samesign"
    s.i = mark
    return None


def _negate(found):
    if isinstance(found, list):
        return ("not", found)
    op, value = found
    negation = {"isnan": "notnan", "notnan": "isnan", "isinf": "notinf", "notinf": "isinf", "isfinite": "notfinite",
                "notfinite": "isfinite", "=": "≠", "≠": "="}
    if op in negation:
        return negation[op], value
    return "not", [(op, value)]


def _predicate_word(s: _Stream):
    s.accept("a") or s.accept("an")
    s.accept("±") or s.accept("+-")
    if s.accept("finite", "and", "non") and (s.accept("-", "zero") or s.accept("zero")) or \
            s.accept("finite", "and", "nonzero") or s.accept("finite", "non", "-", "zero") or \
            s.accept("finite", "nonzero") or s.accept("non", "-", "zero", "and", "finite") or \
            s.accept("nonzero", "and", "finite"):
        s.accept("number") or s.accept("value") or s.accept("numbers") or s.accept("values")
        return [("isfinite", None), ("≠", Literal("number"))]
    if s.accept("nan") or s.accept("not", "a", "number"):
        return "isnan", None
    if s.accept("number"):                      # "is a number": not NaN ("is not a number": NaN)
        return "notnan", None
    for sign, words in (("+", "positive"), ("-", "negative"), ("+", "plus"), ("-", "minus")):
        if s.accept(words, "infinity") or s.accept(words, "inf"):
            return "=", Literal("inf", sign=sign)
    if s.accept("infinite") or s.accept("infinity") or s.accept("inf") or s.accept("infinities"):
        return "isinf", None
    if s.accept("finite"):
        s.accept("number") or s.accept("value")
        return "isfinite", None
    if s.accept("non", "-", "zero") or s.accept("nonzero") or s.accept("non", "zero") or s.accept("non", "-", "null") \
            or s.accept("nonnull"):
        return "≠", Literal("number")
    if s.accept("zero") or s.accept("null") or s.accept("0"):
        return "=", Literal("number")
    if s.accept("strictly", "positive") or s.accept("positive"):
        return ">", Literal("number")
    if s.accept("strictly", "negative") or s.accept("negative"):
        return "<", Literal("number")
    for words, op in ((("different", "from"), "≠"), (("different", "of"), "≠"), (("different", "than"), "≠"),
                      (("not", "equal", "to"), "≠"), (("unequal", "to"), "≠"), (("equal", "to"), "="),
                      (("less", "than"), "<"), (("smaller", "than"), "<"), (("greater", "than"), ">"),
                      (("larger", "than"), ">")):
        if s.accept(*words):
            value = _value(s) or _other_operand(s)
            return (op, value) if value is not None else None
    token = s.peek()
    if token is not None and token.kind == "sym" and token.text in _RELATIONS:
        s.i += 1
        value = _value(s) or _other_operand(s)
        return (_RELATIONS[token.text], value) if value is not None else None
    return None


def _interval(s: _Stream) -> list[tuple[str, Literal]] | None:
    """An interval after "∈": ``[lo, hi]``, its ends open by a bracket turned outward (``[lo, hi[``,
    ``]lo, hi]``) or by a parenthesis (``[lo, hi)``), as the two comparisons it stands for; None, the stream
    unmoved, when the stream does not start one."""
    start = s.i
    opening = s.word()
    if opening in ("[", "]", "("):
        s.i += 1
        low = _value(s)
        if low is not None and s.accept(","):
            high = _value(s)
            closing = s.word()
            if high is not None and closing in ("[", "]", ")"):
                s.i += 1
                return [(">" if opening != "[" else "≥", low), ("<" if closing != "]" else "≤", high)]
    s.i = start
    return None


def _atoms(operands: list[str], found) -> list:
    parts = found if isinstance(found, list) else [found]
    atoms = []
    for op, value in parts:
        if op == "not":
            inner = _atoms(operands, value)
            atoms.append(Not(inner[0] if len(inner) == 1 else And(tuple(inner))))
            continue
        if op in ("samesign", "diffsign"):
            if sorted(operands) != ["A", "B"]:
                raise LatexError("'same sign' and 'different signs' compare A with B")
            atoms.append(Atom("A", op))
            continue
        if isinstance(value, Literal) and value.kind == "operand" and value.operand in operands:
            raise LatexError(f"{value.operand} compared with itself")
        atoms += [Atom(o, op, value) for o in operands]
    return atoms


def _clause(s: _Stream, previous: list[str] | None):
    """One condition about one or more operands: returns (condition, its subject)."""
    while s.word() in _LEADING:
        s.i += 1
    if s.accept("not") or s.accept("it", "is", "not", "the", "case", "that"):
        inner, subject = _clause(s, previous)
        return Not(inner), subject
    if s.accept("("):
        inner = _disjunction(s)
        if not s.accept(")"):
            s.fail("a condition")
        return inner, previous
    neither = s.accept("neither")
    either = s.accept("either")
    both = s.accept("both")
    if (neither or either or both) and any(s.accept(w) for w in ("operand", "operands", "input", "inputs")):
        # "either operand is NaN", "both operands are zero": A and B, as "A or B", "A and B" would
        found = _predicate(s)
        if found is None:
            s.fail("a condition")
        if neither:
            found = _negate(found)
        if either and found[0] not in ("samesign", "diffsign"):
            return Or(tuple(_single(_atoms([o], found)) for o in ("A", "B"))), ["A", "B"]
        return _single(_atoms(["A", "B"], found)), ["A", "B"]
    start = s.i
    first = _operand(s)
    if first is None:
        value = _value(s)
        token = s.peek()
        if value is not None and token is not None and token.kind == "sym" and token.text in _RELATIONS:
            s.i += 1
            operand = _operand(s)
            if operand is not None:
                return Atom(operand, _FLIP[_RELATIONS[token.text]], value), [operand]
        s.i = start
        if previous and _predicate_start(s):   # "B[i] is finite and different from 0": the same subject
            found = _predicate(s) or _predicate_word(s)
            if found is not None:
                atoms = _atoms(previous, found)
                return (atoms[0] if len(atoms) == 1 else And(tuple(atoms))), previous
        s.fail("a condition")
    operands = [first]
    joiner = "and"
    while True:
        mark = s.i
        word = s.word()
        if word in ("and", "or", "nor", ","):
            s.i += 1
            nxt = _operand(s)
            if nxt is not None:
                operands.append(nxt)
                joiner = {"nor": "and", ",": joiner}.get(word, word)
                continue
        s.i = mark
        break
    found = _predicate(s)
    if found is None:
        if len(operands) > 1:   # "A[i] = 0 and B[i] ≠ 0" starts like a list of operands: read one at a time
            s.i = start
            operand = _operand(s)
            found = _predicate(s)
            if found is not None:
                atoms = _atoms([operand], found)
                return (atoms[0] if len(atoms) == 1 else And(tuple(atoms))), [operand]
        s.fail("a condition")
    if neither:
        found = _negate(found)
    if joiner == "or" or either:
        parts = [_single(_atoms([o], found)) for o in operands]
        if found[0] in ("samesign", "diffsign"):
            parts = [_single(_atoms(operands, found))]
        return (parts[0] if len(parts) == 1 else Or(tuple(parts))), operands
    atoms = _atoms(operands, found)
    return (atoms[0] if len(atoms) == 1 else And(tuple(atoms))), operands


def _single(atoms: list):
    return atoms[0] if len(atoms) == 1 else And(tuple(atoms))


def _predicate_start(s: _Stream) -> bool:
    token = s.peek()
    return s.word() in ("is", "are", "not", "different", "equal", "unequal", "finite", "non", "nonzero") or (
        token is not None and token.kind == "sym" and token.text in _RELATIONS)


def _conjunction(s: _Stream):
    parts = []
    subject = None
    while True:
        part, subject = _clause(s, subject)
        parts.append(part)
        mark = s.i
        if s.accept("and") or s.accept(",") and not s.word() == "or":
            s.accept("and")
            if s.at_end():
                s.fail("a condition")
            continue
        s.i = mark
        return parts[0] if len(parts) == 1 else And(tuple(_flat(parts, And)))


def _disjunction(s: _Stream):
    parts = [_conjunction(s)]
    while s.accept("or") or (s.accept(",") and s.accept("or")):
        parts.append(_conjunction(s))
    return parts[0] if len(parts) == 1 else Or(tuple(_flat(parts, Or)))


def _flat(parts, cls):
    out = []
    for p in parts:
        out.extend(p.parts if isinstance(p, cls) else [p])
    return out


_OTHERWISE = (("otherwise",), ("else",), ("elsewhere",), ("in", "all", "other", "cases"),
              ("for", "all", "other", "values"), ("for", "all", "other", "inputs"), ("for", "all", "other", "cases"))


def condition_of(items) -> Condition:
    """A condition from tokens (of a row's condition cell, of a sentence's clause)."""
    s = _Stream(_trim(items))
    for words in _OTHERWISE:
        if s.accept(*words) and s.at_end():
            return Otherwise()
        s.i = 0
    if s.at_end():
        raise LatexError("an empty condition")
    condition = _disjunction(s)
    if not s.at_end():
        s.fail("the condition")
    return condition


def _trim(items) -> list[Token]:
    """Tokens without the punctuation that ends a cell or a clause."""
    items = list(items)
    while items and items[-1].kind == "sym" and items[-1].text in (",", ".", ";", ":"):
        items.pop()
    while items and items[0].kind == "sym" and items[0].text in (",", ":"):
        items.pop(0)
    return items


def parse_condition(text: str) -> Condition:
    return condition_of(tokens(text))


# -- results ------------------------------------------------------------------------------------------

_ROUNDING_NAMES = {"round": "round", "rnd": "round", "rn": "round", "rne": "round", "trunc": "trunc",
                   "truncate": "trunc", "floor": "floor", "ceil": "ceil", "fl": "round"}


# the infix of each operator of the registry written between two operands (``/``, ``*``, ``+``, ``-``)
_INFIXES = frozenset(op.vocabulary.infix for op in operators.OPERATORS.values() if op.vocabulary.infix)


# the operators of two inputs and no infix, which a formula writes as a call (``max(A[i], B[i])``), by name
_CALLS = frozenset(op.name.lower() for op in operators.in_pipeline().values()
                   if not op.vocabulary.infix and op.arity == 2)


def _operation(s: _Stream) -> str | None:
    """A op B with any operator's infix (A/B, A[i] * B[i], (A)+(B), \\frac{A[i]}{B[i]}): the infix written (a
    fraction is "/"); None, the stream unmoved, when the stream does not start one."""
    start = s.i
    token = s.peek()
    if token is not None and token.kind == "frac":
        num, den = _Stream(token.parts[0]), _Stream(token.parts[1])
        if _operand(num) == "A" and num.at_end() and _operand(den) == "B" and den.at_end():
            s.i += 1
            return "/"
        return None
    parens = s.accept("(")
    infix = s.word() if _operand(s) == "A" and (not parens or s.accept(")")) else ""
    if infix not in _INFIXES:
        s.i = start
        return None
    s.i += 1
    parens = s.accept("(")
    if _operand(s) != "B" or (parens and not s.accept(")")):
        s.i = start
        return None
    return infix


def result_of(items) -> Result:
    s = _Stream(_trim(items))
    if s.accept("="):
        pass
    result = _result(s)
    if not s.at_end():
        s.fail("the result")
    return result


def _result(s: _Stream) -> Result:
    for words in (("undefined",), ("not", "defined"), ("undef",), ("unspecified",), ("error",),
                  ("implementation", "-", "defined"), ("implementation", "-", "dependent"),
                  ("implementation", "defined"), ("implementation", "dependent")):
        if s.accept(*words):
            return Result("undefined")
    if s.accept("nan") or s.accept("not", "a", "number") or s.accept("+", "nan") or s.accept("-", "nan"):
        return Result("nan")
    truth = _truth(s)
    if truth is not None:
        return Result("bool", value=truth)
    mark = s.i
    name = s.word()
    if name in _ROUNDING_NAMES and s.word(1) == "(":
        s.i += 2
        applied = _applied(s)
        if applied is not None and s.accept(")"):
            return Result(OPERATION_RESULT, applied[0], rounding=_ROUNDING_NAMES[name], infix=applied[1])
        s.i = mark
    for left, right, mode in (("⌊", "⌋", "floor"), ("⌈", "⌉", "ceil")):
        if s.accept(left):
            applied = _applied(s)
            if applied is not None and applied[0] == "" and s.accept(right):
                return Result(OPERATION_RESULT, rounding=mode, infix=applied[1])
            s.i = mark
    signs = _signs(s)
    if signs is not None:
        if s.accept("inf") or s.accept("infinity") or s.accept("infty"):
            return Result("inf", "xor:" + signs)
        if s.accept("0") or s.accept("zero"):
            return Result("number", "xor:" + signs)
        s.i = mark
    applied = _applied(s)
    if applied is not None:
        return Result(OPERATION_RESULT, applied[0], infix=applied[1])
    if name in _CALLS and s.word(1) == "(":     # max(A[i], B[i]): the operation of an operator with no infix
        s.i += 2
        if _operand(s) == "A" and s.accept(",") and _operand(s) == "B" and s.accept(")"):
            return Result(OPERATION_RESULT, call=name)
        s.i = mark
    if s.accept("|"):      # |A[i]|: the absolute value of an operand
        operand = _operand(s)
        if operand is not None and s.accept("|"):
            return Result("operand", "abs", operand=operand)
        s.i = mark
    token = s.peek()
    if token is not None and token.kind == "macro" and token.text == "sqrt":   # \sqrt{A[i]}: its square root
        s.i += 1
        operand = _operand(s)
        if operand is not None:
            return Result("operand", "sqrt", operand=operand)
        s.i = mark
    scaled = _scaled(s)
    if scaled is not None:
        return scaled
    sign = _sign(s)
    operand = _operand(s) if sign in ("", "-") else None
    if operand is not None:
        return Result("operand", sign, operand=operand)
    if s.accept("inf") or s.accept("infinity") or s.accept("infty"):
        return Result("inf", sign)
    s.i = mark
    value = _value(s)
    if value is None:
        s.fail("the result")
    if value.kind == "nan":
        return Result("nan")
    if value.kind != "number":
        s.fail("the result")
    if value.value == 0 and not value.sign and any(t.kind == "number" and "." in t.text for t in s.items[mark:s.i]):
        return Result("number", "+")      # a zero written as a float ("0.0") is +0, as in a worked example
    return Result("number", value.sign, value.value)


def _scaled(s: _Stream) -> Result | None:
    """An attribute times an operand (``\\alpha \\cdot X[i]``, ``\\alpha X[i]``, ``X[i] * \\alpha``): the
    two rounded once to the format; None, the stream unmoved, when the stream does not start one."""
    start = s.i
    first = _operand(s)
    times = s.accept("*")
    second = _operand(s) if first is not None else None
    names = {first, second}
    factor = next(iter(names & ATTRIBUTES), None)
    operand = next(iter(names & {"A", "B"}), None)
    if factor is None or operand is None or (not times and first != factor):
        s.i = start
        return None
    return Result("scaled", operand=operand, factor=factor)


def _truth(s: _Stream) -> Fraction | None:
    """True or False (a comparison's result, Less's): 1 or 0; None, the stream unmoved, when it is neither."""
    for word, value in (("true", 1), ("false", 0)):
        if s.accept(word):
            return Fraction(value)
    return None


def _applied(s: _Stream) -> tuple[str, str] | None:
    """A op B, or its negation (``-(A + B)``; ``-A/B`` and ``-A*B`` too, where the sign may bind to either):
    (sign "" or "-", the `Result` infix); None, the stream unmoved, when the stream does not start one."""
    start = s.i
    sign = _sign(s)
    if sign not in ("", "+", "-"):
        s.i = start
        return None
    mark = s.i
    if sign == "-" and s.accept("("):   # -(A op B)
        infix = _operation(s)
        if infix is not None and s.accept(")"):
            return "-", infix
        s.i = mark
    infix = _operation(s)
    # -A + B is (-A) + B, not -(A + B): the sign in front of an operand is the whole result's only for the
    # infixes * and /
    if infix is None or (sign and infix in ("+", "-")):
        s.i = start
        return None
    return ("-" if sign == "-" else ""), infix


def _signs(s: _Stream) -> str | None:
    """sign(A) * sign(B) * ..., sgn(A)·sgn(B)·...: the operands whose signs combine, sorted."""
    found = []
    while s.word() in ("sign", "sgn") and s.word(1) == "(":
        start = s.i
        s.i += 2
        operand = _operand(s)
        if operand is None or not s.accept(")"):
            s.i = start
            break
        found.append(operand)
        s.accept("*")
    return "".join(sorted(set(found))) if found else None


def parse_result(text: str) -> Result:
    return result_of(tokens(text))


# -- matrix entries -----------------------------------------------------------------------------------

_SCIENTIFIC = re.compile(r"(?P<mantissa>\d+(?:\.\d*)?)\s*(?:\\times|\\cdot|×|·|\*)\s*10\s*\^\s*\{?\s*"
                         r"(?P<exponent>[+\-−]?\s*\d+)\s*\}?\s*$")


def tolerance(text: str) -> Fraction:
    """Half a unit in the last decimal place written: '0.333' -> 0.0005, '5.96 \\times 10^{-8}' -> 0.005e-8."""
    scientific = _SCIENTIFIC.search(text)
    if scientific:
        decimals = len(scientific["mantissa"].partition(".")[2])
        return Fraction(1, 2) * Fraction(10) ** (int(scientific["exponent"].replace("−", "-")) - decimals)
    numbers = [t.text for t in text_tokens(text) if t.kind == "number"]
    last = numbers[-1] if numbers else "0"
    mantissa, _, exponent = last.lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    return Fraction(1, 2) * Fraction(10) ** (int(exponent or 0) - decimals)


_MAX_ENTRY_TOKENS = 40


def entry_of(items, approx: bool = False, source: str = "") -> Entry:
    """A matrix entry: a number, an arithmetic expression of numbers (6.1/3, \\frac{1}{3}), ±inf, NaN, -0.0, or a
    truth value (True, False: a comparison's result)."""
    items = [t for t in _trim(items)]
    if items and items[0].kind == "sym" and items[0].text == "≈":
        approx = True
        items = items[1:]
    if not items or len(items) > _MAX_ENTRY_TOKENS:
        raise LatexError("cannot read the matrix entry", items[0].pos if items else None)
    s = _Stream(items)
    sign = _sign(s)
    if s.accept("inf") or s.accept("infinity") or s.accept("infty"):
        if s.at_end():
            return Entry(Literal("inf", sign=sign), approx)
    s.i = 0
    if s.accept("nan") and s.at_end():
        return Entry(Literal("nan"), approx)
    s.i = 0
    truth = _truth(s)
    if truth is not None and s.at_end() and not approx:
        return Entry(Literal("bool", truth))
    s.i = 0
    value = _expression(s)
    if not s.at_end():
        s.fail("the matrix entry")
    negative_zero = value == 0 and items[0].kind == "sym" and items[0].text == "-"
    # a zero written as a float ("0.0", "+0") is +0 in IEEE 754; a bare "0" leaves its sign unsaid
    positive_zero = value == 0 and not negative_zero and (items[0].text == "+" or any(
        t.kind == "number" and "." in t.text for t in items))
    literal = Literal("number", value, "-" if negative_zero else "+" if positive_zero else "")
    written = source or render(items)
    return Entry(literal, approx, tolerance(written) if approx else Fraction(0))


def _expression(s: _Stream) -> Fraction:
    value = _term(s)
    while s.word() in ("+", "-"):
        op = s.word()
        s.i += 1
        other = _term(s)
        value = value + other if op == "+" else value - other
    return value


def _term(s: _Stream) -> Fraction:
    value = _factor(s)
    while s.word() in ("*", "/"):
        op = s.word()
        s.i += 1
        other = _factor(s)
        if op == "/" and other == 0:
            s.fail("the matrix entry (a number over zero)")
        value = value * other if op == "*" else value / other
    return value


def _factor(s: _Stream) -> Fraction:
    """A number, a fraction or a parenthesised expression, to an integer power if one follows (`2^{-24}`,
    `1.5 \\times 10^{-7}`); a sign binds looser than the power (`-2^{7}` is -128)."""
    if s.accept("-"):
        return -_factor(s)
    if s.accept("+"):
        return _factor(s)
    value = _base(s)
    token = s.peek()
    if token is None or token.kind != "superscript":
        return value
    power = _Stream(list(token.parts[0]) if token.parts else [])
    exponent = _expression(power)
    if not power.at_end() or exponent.denominator != 1 or abs(exponent) > _MAX_EXPONENT or (value == 0 and exponent < 0):
        s.fail("the matrix entry (a power that is not a small integer one)")
    s.i += 1
    return value ** int(exponent)


def _base(s: _Stream) -> Fraction:
    if s.accept("("):
        value = _expression(s)
        if not s.accept(")"):
            s.fail("the matrix entry")
        return value
    token = s.peek()
    if token is not None and token.kind == "frac":
        num, den = _Stream(token.parts[0]), _Stream(token.parts[1])
        top, bottom = _expression(num), _expression(den)
        if not (num.at_end() and den.at_end()) or bottom == 0:
            s.fail("the matrix entry")
        s.i += 1
        return top / bottom
    number = _number(s)
    if number is None:
        s.fail("the matrix entry")
    return number


def parse_entry(text: str) -> Entry:
    return entry_of(tokens(text), source=text)
