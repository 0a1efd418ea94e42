"""A Gappa script's goal stated in Coq, in the terms of Gappa's Coq library, read by divbridge itself.

Gappa's certificate (``gappa -Bcoq``) proves the goal as Gappa read it.  To check that this is the goal
divbridge asked, divbridge reads the same script (`parse`) and states its goal in Coq (`coq_statement`); the
certificate check (`provers.gappacert`) proves that statement from the certificate's last lemma.  Two readings
of one script that differ by a number, an operator or a connective make the check fail, never a proof.

The statement uses what the certificate's own terms unfold to (Gappa's library, ``Gappa_definitions``):

- a variable ``x`` is the real ``_x``; a definition ``y = e;`` is ``e`` in place of ``y``; a rounding
  ``@rnd = float<p, emin, ne>;`` applied to ``e`` is Flocq's ``Generic_fmt.round radix2 (FLT.FLT_exp emin p)
  rndNE e``
  (Gappa's ``rounding_float rndNE p emin``: rounding to nearest, ties to even, in the binary format of ``p``
  digits whose smallest subnormal is ``2^emin``, with an unbounded exponent);
- ``e in [l, u]`` is ``BND e (makepairF l u)``, that is ``l <= e <= u``; ``e <= u`` and ``e >= l`` are
  comparisons over the reals, but ``|e| <= u``, which Gappa reads as ``|e| in [0, u]`` (the same, since
  ``|e| >= 0``); a number ``m b k`` is ``Float2 m k``, the real ``m * 2^k`` (its mantissa odd, as
  Gappa writes it, and ``Float2 0 0`` for zero);
- ``->``, ``/\\``, ``\\/`` and ``not`` are Coq's connectives.

Only this part of Gappa's language is read (what divbridge's templates write): anything else (another rounding,
a decimal number, a hint other than ``$``) is `NotStated`, and the certificate is not checked: never a proof.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction

from lark import Lark, Token, Transformer, Tree
from lark.exceptions import LarkError, VisitError

# LALR (a parse in a millisecond): one grammar for numbers and propositions, which a parenthesis may hold either
# of; `_Render` tells them apart (a proposition where a number is expected is not read)
_GRAMMAR = r"""
start: item*
?item: rounding | definition | goal | hint
rounding: "@" NAME "=" "float" "<" NUMBER "," NUMBER "," NAME ">" ";"
definition: NAME "=" prop ";"
goal: "{" prop "}"
hint: "$" /[^;{}]+/ ";"

?prop: disjunction
     | disjunction "->" prop -> implies
?disjunction: conjunction
            | disjunction "\\/" conjunction -> or_
?conjunction: negation
            | conjunction "/\\" negation -> and_
?negation: relation
         | "not" negation -> not_
?relation: expr
         | expr "in" "[" NUMBER "," NUMBER "]" -> within
         | expr "<=" NUMBER -> at_most
         | expr ">=" NUMBER -> at_least

?expr: term
     | expr "+" term -> plus
     | expr "-" term -> minus
?term: factor
     | term "*" factor -> times
     | term "/" factor -> over
?factor: primary
       | "-" factor -> neg
?primary: NUMBER -> number
        | NAME -> name
        | NAME "(" prop ")" -> apply
        | "|" expr "|" -> abs
        | "(" prop ")"

NAME: /[A-Za-z_][A-Za-z0-9_]*/
NUMBER: /[+-]?[0-9]+(b[+-]?[0-9]+)?(?![0-9A-Za-z.])/
COMMENT: /#[^\n]*/
%import common.WS
%ignore WS
%ignore COMMENT
"""

# Gappa's rounding directions that divbridge states (Gappa_round_def): ties to even only
_DIRECTIONS = {"ne": "Gappa.Gappa_round_def.rndNE"}


class NotStated(ValueError):
    """A script divbridge does not state in Coq: its certificate is not checked, so Gappa's answer is no proof."""


@dataclass(frozen=True)
class Statement:
    """A script's goal in Coq: its variables (Gappa's ``_x``, in the order met) and the proposition over them."""

    variables: tuple[str, ...]
    proposition: str


@functools.cache
def _parser() -> Lark:
    return Lark(_GRAMMAR, parser="lalr", maybe_placeholders=False)


def coq_statement(script: str) -> Statement:
    """The goal of a Gappa script as a Coq proposition in Gappa's library's terms; NotStated when the script says
    something outside the part of Gappa's language read here, or holds no goal or two."""
    try:
        tree = _parser().parse(script)
    except LarkError as exc:
        raise NotStated(f"not read as a Gappa script ({' '.join(str(exc).split())[:160]})") from None
    return _Render().statement(tree)


def float2(value: Fraction) -> str:
    """``Float2 m e``, Gappa's notation of the dyadic number m * 2^e, as its certificates write it: m odd, or
    ``Float2 0 0``."""
    if value == 0:
        return "(Float2 0 0)"
    if value.denominator & (value.denominator - 1):
        raise NotStated(f"{value} is not a dyadic number")
    mantissa, exponent = value.numerator, -(value.denominator.bit_length() - 1)
    while mantissa % 2 == 0:
        mantissa, exponent = mantissa // 2, exponent + 1
    return f"(Float2 ({mantissa}) ({exponent}))"


def number(text: str) -> Fraction:
    """A Gappa number ``m``, ``mbe`` (m * 2^e)."""
    mantissa, _, exponent = text.partition("b")
    return Fraction(int(mantissa)) * Fraction(2) ** int(exponent or 0)


@dataclass(frozen=True)
class _Term:
    """A rendered part of the goal: a term of R (a number) or a proposition."""

    text: str
    proposition: bool = False


def _arithmetic(symbol: str):
    """A rule's method: the two numbers it joins with ``symbol``."""
    def render(self, children: list[_Term]) -> _Term:
        return _Term(f"({_number(children[0])} {symbol} {_number(children[1])})")
    return render


def _connective(symbol: str):
    """A rule's method: the two propositions it joins with ``symbol``."""
    def render(self, children: list[_Term]) -> _Term:
        return _Term(f"({_proposition(children[0])} {symbol} {_proposition(children[1])})", True)
    return render


class _Render(Transformer):
    """The parse tree to Coq text: numbers in R_scope, propositions with Coq's connectives."""

    def __init__(self) -> None:
        super().__init__()
        self.roundings: dict[str, str] = {}
        self.definitions: dict[str, str] = {}
        self.variables: list[str] = []

    def statement(self, tree: Tree) -> Statement:
        goals = []
        for item in tree.children:   # in order: a definition is used after it is made
            if item.data == "rounding":
                name, precision, emin, direction = (str(token) for token in item.children)
                self._fresh(name)
                if direction not in _DIRECTIONS or not _integer(precision) or not _integer(emin) or int(precision) < 1:
                    raise NotStated(f"the rounding float<{precision}, {emin}, {direction}> is not one divbridge states")
                self.roundings[name] = (f"(Generic_fmt.round radix2 (FLT.FLT_exp ({int(emin)}) ({int(precision)})) "
                                        f"{_DIRECTIONS[direction]})")
            elif item.data == "definition":
                name, expression = item.children
                self._fresh(str(name))
                self.definitions[str(name)] = _number(self._render(expression))
            elif item.data == "goal":
                goals.append(_proposition(self._render(item.children[0])))
        if len(goals) != 1:
            raise NotStated(f"{len(goals)} goals in the script; one is stated")
        return Statement(tuple(self.variables), goals[0])

    def _render(self, tree: Tree) -> _Term:
        try:
            return self.transform(tree)
        except VisitError as exc:   # Lark wraps what a rule's method raises
            if isinstance(exc.orig_exc, NotStated):
                raise exc.orig_exc from None
            raise

    def _fresh(self, name: str) -> None:
        if name in self.definitions or name in self.roundings or f"_{name}" in self.variables:
            raise NotStated(f"{name} is defined twice, or used before its definition")

    # -- numbers, each a parenthesized term of R ------------------------------------------------------------

    def number(self, children: list[Token]) -> _Term:
        mantissa, _, exponent = str(children[0]).partition("b")
        if int(mantissa) == 0:
            return _Term("(Float1 0)")
        if not exponent or int(exponent) == 0:
            return _Term(f"(Float1 ({int(mantissa)}))")
        return _Term(f"(float2R (Float2 ({int(mantissa)}) ({int(exponent)})))")   # as written, as Gappa writes it

    def name(self, children: list[Token]) -> _Term:
        name = str(children[0])
        if name in self.definitions:
            return _Term(self.definitions[name])
        if name in self.roundings or name in ("in", "not", "float"):
            raise NotStated(f"{name} is used as a number")
        variable = f"_{name}"
        if variable not in self.variables:
            self.variables.append(variable)
        return _Term(variable)

    def apply(self, children: list) -> _Term:
        function, argument = str(children[0]), _number(children[1])
        if function not in self.roundings:
            raise NotStated(f"{function}(...) is not a rounding the script defines")
        return _Term(f"({self.roundings[function]} {argument})")

    def abs(self, children: list[_Term]) -> _Term:
        return _Term(f"(Rabs {_number(children[0])})")

    def neg(self, children: list[_Term]) -> _Term:
        return _Term(f"(- {_number(children[0])})")

    plus, minus, times, over = map(_arithmetic, "+-*/")

    # -- propositions ---------------------------------------------------------------------------------------

    def within(self, children: list) -> _Term:
        expression, low, high = _number(children[0]), number(str(children[1])), number(str(children[2]))
        return _Term(f"(BND {expression}%R (makepairF {float2(low)} {float2(high)}))", True)

    def at_most(self, children: list) -> _Term:
        expression, high = _number(children[0]), number(str(children[1]))
        if expression.startswith("(Rabs "):   # Gappa reads |e| <= u as |e| in [0, u]: the same, |e| being >= 0
            return _Term(f"(BND {expression}%R (makepairF {float2(Fraction(0))} {float2(high)}))", True)
        return _Term(f"({expression} <= float2R {float2(high)})%R", True)

    def at_least(self, children: list) -> _Term:
        return _Term(f"(float2R {float2(number(str(children[1])))} <= {_number(children[0])})%R", True)

    implies, or_, and_ = map(_connective, ("->", "\\/", "/\\"))

    def not_(self, children: list[_Term]) -> _Term:
        return _Term(f"(~ {_proposition(children[0])})", True)


def _number(term: _Term) -> str:
    if term.proposition:
        raise NotStated(f"a proposition where a number is expected: {term.text}")
    return term.text


def _proposition(term: _Term) -> str:
    if not term.proposition:
        raise NotStated(f"a number where a proposition is expected: {term.text}")
    return term.text


def _integer(text: str) -> bool:
    return "b" not in text
