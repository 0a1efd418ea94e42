"""Reading the LaTeX of a SONNX spec: `cases` definitions and `bmatrix` entries.

Authors write the same thing many ways (`\\neq`, `\\ne`, "different from 0",
`\\text{inf}`, `\\infty`...).  Everything is first normalised to one plain
spelling, then read with small regular grammars.  Anything that does not
fit raises `LatexError`, which the reader turns into an ``ill-formed``
finding at the right line: reading never guesses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from tokenize import TokenError  # sympy raises it on unbalanced input


class LatexError(ValueError):
    """A piece of LaTeX this reader cannot give a meaning to."""


# -- normalisation ------------------------------------------------------------

_WRAPPERS = re.compile(r"\\(?:text|mathrm|textrm|mathit|textit|mbox|operatorname|mathsf|texttt|textbf|mathbf)\s*\{([^{}]*)\}")
_FRAC = re.compile(r"\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}")
_SYMBOLS = (
    (r"\\not\s*=", " ≠ "), (r"\\neq\b", " ≠ "), (r"\\ne\b", " ≠ "), (r"\\leq\b", " ≤ "), (r"\\le\b", " ≤ "),
    (r"\\geq\b", " ≥ "), (r"\\ge\b", " ≥ "), (r"\\lt\b", " < "), (r"\\gt\b", " > "), (r"\\infty\b", " inf "),
    (r"\\pm\b", " ± "), (r"\\mp\b", " ∓ "), (r"\\land\b|\\wedge\b", " and "), (r"\\lor\b|\\vee\b", " or "),
    (r"\\lnot\b|\\neg\b", " not "), (r"\\cdot\b|\\times\b", " * "), (r"\\div\b", " / "), (r"\\approx\b", " ≈ "),
    (r"\\(?:left|right|displaystyle|bigl?|bigr?|Bigl?|Bigr?)\b", " "), (r"\\[,;:! ]|\\q?quad\b|~", " "),
    (r"\\\{|\\\}", " "), (r"!=|<>", " ≠ "), (r"<=", " ≤ "), (r">=", " ≥ "), (r"==", " = "), (r"\$", " "),
    (r"\\mathrm\b|\\text\b", " "), (r"\\lfloor\b", " floor( "), (r"\\rfloor\b", " ) "), (r"\\ldots\b|\\dots\b", " "),
)


def normalize(text: str) -> str:
    """One plain lowercase spelling: wrappers dropped, symbols as Unicode, fractions as (p)/(q)."""
    s = text
    for _ in range(8):  # nested \text{\mathrm{...}} and \frac{\frac..}{..}
        new = _FRAC.sub(r"(\1)/(\2)", _WRAPPERS.sub(r" \1 ", s))
        if new == s:
            break
        s = new
    for pattern, replacement in _SYMBOLS:
        s = re.sub(pattern, replacement, s)
    s = s.replace("{", " ").replace("}", " ").replace("\\_", "_")
    return re.sub(r"\s+", " ", s).strip().lower()


# -- conditions ---------------------------------------------------------------


@dataclass(frozen=True)
class Literal:
    """A value in a condition or result: a number, or inf / nan with a sign."""

    kind: str                 # number | inf | nan | min (INT_MIN, the integer type's smallest value)
    value: Fraction = Fraction(0)
    sign: str = ""            # "" | "+" | "-" | "±"

    def __str__(self) -> str:
        if self.kind == "number":
            return f"{self.sign if self.value == 0 and self.sign else ''}{self.value}"
        return f"{self.sign}{self.kind}"


@dataclass(frozen=True)
class Atom:
    operand: str              # A | B
    op: str                   # = ≠ < > ≤ ≥ isnan notnan isinf notinf isfinite notfinite
    literal: Literal | None = None

    def __str__(self) -> str:
        return f"{self.operand} {self.op} {self.literal}" if self.literal else f"{self.operand} {self.op}"


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
class Otherwise:
    def __str__(self) -> str:
        return "otherwise"


Condition = Atom | And | Or | Otherwise


def _paren(c: Condition) -> str:
    return f"({c})" if isinstance(c, Or) else str(c)


_OPERAND = r"(?:the\s+)?(?P<operand>a|b|numerator|denominator|x|y)(?:\s*\[\s*i\s*\]|\s*_\s*i\b|\s*\(\s*i\s*\))?"
_VALUE = r"(?P<value>[+\-±]?\s*(?:int_min|intmin|inf(?:inity)?|nan|zero|\d+(?:\.\d*)?(?:e[+-]?\d+)?|\.\d+))"
_IS = r"(?:is|are)(?:\s+both|\s+all)?"
_PREDICATES = (
    (rf"(?:{_IS}\s+)?(?:not\s+equal\s+to|different\s+(?:from|of|than)|≠|unequal\s+to)\s*{_VALUE}", "≠"),
    (rf"(?:{_IS}\s+)?(?:equal\s+to|equals?|=)\s*{_VALUE}", "="),
    (rf"(?:{_IS}\s+)?(?:less\s+than|smaller\s+than|<)\s*{_VALUE}", "<"),
    (rf"(?:{_IS}\s+)?(?:greater\s+than|larger\s+than|>)\s*{_VALUE}", ">"),
    (rf"(?:{_IS}\s+)?≤\s*{_VALUE}", "≤"),
    (rf"(?:{_IS}\s+)?≥\s*{_VALUE}", "≥"),
    (rf"{_IS}\s+not\s+(?:a\s+)?nan", "notnan"),
    (rf"{_IS}\s+(?:a\s+)?nan", "isnan"),
    (rf"{_IS}\s+not\s+(?:an?\s+)?(?:±\s*)?(?:inf|infinite|infinity)", "notinf"),
    (rf"{_IS}\s+(?:an?\s+)?(?:±\s*)?(?:inf|infinite|infinity)", "isinf"),
    (rf"{_IS}\s+(?:a\s+)?(?:finite\s+(?:and\s+)?non[- ]?zero|non[- ]?zero\s+(?:and\s+)?finite)(?:\s+(?:number|value))?",
     "finitenonzero"),
    (rf"{_IS}\s+not\s+finite", "notfinite"),
    (rf"{_IS}\s+finite", "isfinite"),
    (rf"{_IS}\s+(?:non[- ]?zero|non[- ]?null|not\s+(?:zero|null|0))", "nonzero"),
    (rf"{_IS}\s+(?:zero|null|0)", "zero"),
    (rf"{_IS}\s+(?:strictly\s+)?positive", "positive"),
    (rf"{_IS}\s+(?:strictly\s+)?negative", "negative"),
    (r"(?:have|has|are\s+of)\s+the\s+same\s+signs?", "samesign"),        # of A and B together: a sign bit each
    (r"(?:have|has|are\s+of)\s+(?:different|opposite)\s+signs?", "diffsign"),
)
_PAIR_OPS = ("samesign", "diffsign")
_FLIP = {"<": ">", ">": "<", "≤": "≥", "≥": "≤", "=": "=", "≠": "≠"}
_OTHERWISE = re.compile(r"(?:otherwise|else|elsewhere|in all other cases|for all other (?:values|inputs|cases))?")


def parse_value(text: str) -> Literal:
    s = text.replace(" ", "")
    sign = s[0] if s and s[0] in "+-±" else ""
    body = s[1:] if sign else s
    if body in ("inf", "infinity"):
        return Literal("inf", sign=sign)
    if body == "nan":
        return Literal("nan")
    if body in ("int_min", "intmin") and not sign:
        return Literal("min")    # the smallest value of the integer type
    if body == "zero":
        body = "0"
    try:
        value = Fraction(body)
    except (ValueError, ZeroDivisionError):
        raise LatexError(f"cannot read the value '{text}'") from None
    if sign == "±" and value != 0:
        raise LatexError(f"'{text}' is two values, not one")
    return Literal("number", -value if sign == "-" else value, sign if value == 0 else "")


def _operand(name: str) -> str:
    return "A" if name in ("a", "numerator", "x") else "B"


def _atoms(operands: list[str], op: str, value: str | None) -> list[Atom]:
    if op == "nonzero":
        op, value = "≠", "0"
    elif op == "zero":
        op, value = "=", "0"
    elif op == "positive":
        op, value = ">", "0"
    elif op == "negative":
        op, value = "<", "0"
    if op in _PAIR_OPS:
        if sorted(operands) != ["A", "B"]:
            raise LatexError("'same sign' and 'different signs' compare A with B")
        return [Atom("A", op)]
    if op == "finitenonzero":
        return [atom for o in operands for atom in (Atom(o, "isfinite"), Atom(o, "≠", parse_value("0")))]
    literal = parse_value(value) if value is not None else None
    return [Atom(o, op, literal) for o in operands]


def _parse_part(part: str, pending: list[str]) -> tuple[list[Atom], list[str]]:
    """One conjunct: 'a[i] ≠ 0', 'b is nan', '0 < b', or a bare operand awaiting a predicate."""
    operands = []
    rest = part
    while True:
        m = re.match(_OPERAND + r"(?=\s|$|[=≠<>≤≥])\s*", rest)
        if not m:
            break
        operands.append(_operand(m.group("operand")))
        rest = rest[m.end():]
        joined = re.match(r"(?:,|and)\s+", rest)
        if joined and re.match(_OPERAND, rest[joined.end():]):
            rest = rest[joined.end():]
    if operands and not rest:
        return [], pending + operands
    if operands:
        for pattern, op in _PREDICATES:
            m = re.fullmatch(pattern, rest)
            if m:
                return _atoms(pending + operands, op, m.groupdict().get("value")), []
        raise LatexError(f"cannot read the condition '{part}'")
    m = re.fullmatch(rf"{_VALUE}\s*(?P<op>[=≠<>≤≥])\s*{_OPERAND}", part)
    if m:
        return _atoms(pending + [_operand(m.group("operand"))], _FLIP[m.group("op")], m.group("value")), []
    raise LatexError(f"cannot read the condition '{part}'")


def parse_condition(text: str) -> Condition:
    s = normalize(text)
    s = re.sub(r"^(?:if|when|for|where|whenever)\b\s*", "", s).strip(" ,.;:")
    if _OTHERWISE.fullmatch(s):
        return Otherwise()
    s = re.sub(r"^(?:if|when)\b\s*", "", s)
    s = re.sub(r"\bfinite\s+and\s+(non[- ]?zero)", r"finite \1", s)   # one predicate, not two conjuncts
    disjuncts = []
    for disjunct in re.split(r"\s+or\s+", s):
        atoms: list[Atom] = []
        pending: list[str] = []
        for part in re.split(r"\s+and\s+|\s*,\s*", disjunct):
            part = re.sub(r"^(?:if|when|both|either)\s+", "", part.strip(" ()"))
            if not part:
                continue
            if atoms and not pending and re.match(r"(?:is|are|not|different|equal|unequal|≠|=|<|>|≤|≥)\b|[≠=<>≤≥]", part):
                part = f"{atoms[-1].operand.lower()} {part}"   # "B is finite and different from 0": same operand
            new, pending = _parse_part(part, pending)
            atoms.extend(new)
        if pending or not atoms:
            raise LatexError(f"cannot read the condition '{disjunct}'")
        disjuncts.append(atoms[0] if len(atoms) == 1 else And(tuple(atoms)))
    return disjuncts[0] if len(disjuncts) == 1 else Or(tuple(disjuncts))


# -- results ------------------------------------------------------------------

@dataclass(frozen=True)
class Result:
    """What a row says C[i] is.

    kind: quotient | number | inf | nan | undefined.  sign: "" (unsigned),
    "+", "-", "±" (left open) or "xor:AB" / "xor:A" / "xor:B" (the product
    of the signs of the listed operands, as in sign(A) * sign(B) * inf).
    """

    kind: str
    sign: str = ""
    value: Fraction = Fraction(0)
    rounding: str = ""        # a quotient's rounding when written: round (the format's), trunc, floor

    def __str__(self) -> str:
        if self.kind == "quotient":
            quotient = f"{'-' if self.sign == '-' else ''}A/B"
            return f"{self.rounding}({quotient})" if self.rounding else quotient
        if self.kind == "number" and not self.sign.startswith("xor:"):
            return f"{self.sign if self.value == 0 and self.sign else ''}{self.value}"
        if self.sign.startswith("xor:"):
            return "·".join(f"sign({o})" for o in self.sign[4:]) + f"·{'0' if self.kind == 'number' else self.kind}"
        return f"{self.sign}{self.kind}"


_QUOTIENT = re.compile(rf"(?P<sign>[+\-]?)\s*\(?\s*{_OPERAND}\s*\)?\s*/\s*\(?\s*(?P<den>a|b|numerator|denominator|x|y)(?:\s*\[\s*i\s*\]|\s*_\s*i\b)?\s*\)?")
_SIGNED = re.compile(rf"(?P<signs>(?:(?:sgn|sign)\s*\(\s*{_OPERAND.replace('?P<operand>', '?:')}\s*\)\s*\*?\s*)+)(?P<what>inf|0)")


def parse_result(text: str) -> Result:
    s = normalize(text).strip(" ,.;:")
    s = re.sub(r"^=\s*", "", s)
    if re.fullmatch(r"undefined|not defined|undef|unspecified|error", s):
        return Result("undefined")
    if re.fullmatch(r"[+\-]?\s*nan|not a number", s):
        return Result("nan")
    rounding = ""
    m = re.fullmatch(r"(?P<f>round|rnd|rn|trunc|truncate|floor|fl)\s*\(\s*(?P<arg>.*?)\s*\)", s)
    if m:
        rounding = {"rnd": "round", "rn": "round", "truncate": "trunc", "fl": "round"}.get(m.group("f"), m.group("f"))
        s = m.group("arg")
    m = _QUOTIENT.fullmatch(s)
    if m and rounding:
        if _operand(m.group("operand")) == "A" and _operand(m.group("den")) == "B":
            return Result("quotient", m.group("sign"), rounding=rounding)
        raise LatexError(f"cannot read the result '{text.strip()}'")
    if m and _operand(m.group("operand")) == "A" and _operand(m.group("den")) == "B":
        return Result("quotient", m.group("sign"))
    m = _SIGNED.fullmatch(s)
    if m:
        ops = sorted({_operand(o) for o in re.findall(r"\(\s*(a|b|numerator|denominator|x|y)", m.group("signs"))})
        kind = "inf" if m.group("what") == "inf" else "number"
        return Result(kind, "xor:" + "".join(ops))
    m = re.fullmatch(r"(?P<sign>[+\-±∓]?)\s*(?:inf|infinity)", s)
    if m:
        return Result("inf", m.group("sign").replace("∓", "±"))
    try:
        literal = parse_value(s)
    except LatexError:
        raise LatexError(f"cannot read the result '{text.strip()}'") from None
    if literal.kind == "nan":
        return Result("nan")
    return Result("number", literal.sign, literal.value)


# -- cases blocks -------------------------------------------------------------

@dataclass(frozen=True)
class RawRow:
    result: str
    condition: str
    offset: int               # character offset of the row in the block


def split_cases(body: str) -> list[RawRow]:
    """The rows of a `cases` body: separated by \\\\, result and condition by the first &."""
    rows = []
    offset = 0
    for chunk in re.split(r"\\\\", body):
        start = offset + len(chunk) - len(chunk.lstrip())
        offset += len(chunk) + 2
        if not chunk.strip():
            continue
        result, _, condition = chunk.partition("&")
        rows.append(RawRow(result.strip(), condition.replace("&", " ").strip(), start))
    return rows


# -- matrix entries -------------------------------------------------------------

@dataclass(frozen=True)
class Entry:
    """One matrix entry: an exact value (or inf / nan), approximate or not."""

    literal: Literal
    approx: bool = False
    tolerance: Fraction = Fraction(0)   # half a unit of the last written digit, when approx

    def __str__(self) -> str:
        return ("≈" if self.approx else "") + str(self.literal)


_ARITH = re.compile(r"[0-9.+\-*/() e]+")
_SIMPLE = re.compile(r"\s*([+\-]?\d+(?:\.\d*)?|[+\-]?\.\d+)\s*(?:/\s*(\d+(?:\.\d*)?|\.\d+)\s*)?")


def tolerance(text: str) -> Fraction:
    """Half a unit in the last decimal place written: '0.333' -> 0.0005."""
    numbers = re.findall(r"\d*\.?\d+(?:e[+-]?\d+)?", text)
    last = numbers[-1] if numbers else "0"
    mantissa, _, exponent = last.partition("e")
    decimals = len(mantissa.partition(".")[2])
    return Fraction(1, 2) * Fraction(10) ** (int(exponent or 0) - decimals)


def parse_entry(text: str) -> Entry:
    s = normalize(text)
    approx = s.startswith("≈")
    s = s.lstrip("≈ ")
    if re.fullmatch(r"[+\-]?\s*(?:inf|infinity|nan)|[+\-]?\s*0+(?:\.0*)?", s):
        return Entry(parse_value(s), approx)
    if not s or not _ARITH.fullmatch(s) or len(s) > 80 or "**" in s:
        raise LatexError(f"cannot read the matrix entry '{text.strip()}'")
    simple = _SIMPLE.fullmatch(s)
    if simple:   # a number or a quotient of two: no need for sympy (slow to import)
        if Fraction(simple[2] or 1) == 0:
            raise LatexError(f"the matrix entry '{text.strip()}' is not a number")
        value = Fraction(simple[1]) / Fraction(simple[2] or 1)
        return Entry(Literal("number", value), approx, tolerance(s) if approx else Fraction(0))
    import sympy
    from sympy.parsing.sympy_parser import auto_number, parse_expr, rationalize
    try:  # a whitelisted arithmetic expression, so parse_expr's eval sees nothing else
        value = parse_expr(s, transformations=(auto_number, rationalize), evaluate=True)
    except (SyntaxError, TypeError, ValueError, ZeroDivisionError, TokenError, AttributeError, IndexError):
        raise LatexError(f"cannot read the matrix entry '{text.strip()}'") from None
    if not isinstance(value, sympy.Rational):
        raise LatexError(f"the matrix entry '{text.strip()}' is not a number")
    literal = Literal("number", Fraction(int(value.p), int(value.q)))
    return Entry(literal, approx, tolerance(s) if approx else Fraction(0))
