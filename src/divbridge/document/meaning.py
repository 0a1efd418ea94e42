"""What a part of a document is read as: plain values, each written in plain mathematical notation.

A sentence, formula, table row or example of a document is read as zero or
more of these statements, or as "not understood" (`Reading`):

- `Semantics`: which operation the section's A op B is: IEEE 754 rounded to
  nearest even (``ieee754``), an integer result rounded toward zero
  (``trunc``), down (``floor``), up (``ceil``) or to nearest (``nearest``),
  or the exact real result (``exact``); a float result rounded another way
  than to nearest is a rounding rule that is not the operator's own;
- `Case`: where a condition holds, C is a result (a case-table row, a
  definition with its domain, "the sign of ±0 is the sign of B" in the n-th
  case);
- `CaseRule`: a special-value rule in words ("A zero over a finite non-zero
  number is a zero carrying the exclusive or of the signs");
- `SignRule`: the sign of a zero or infinite result, everywhere or where a
  condition holds;
- `Domain`: a precondition every input satisfies; `ErrorCondition`: what the
  text says of the inputs outside it; `Constraint`: same shape or same type;
- `Accuracy`: an error bound stated in words;
- `Wrap`: an integer wrap-around, as the WG states it (`document.wraparound`): a case of a `k.2^n` analysis,
  the multiples it introduces, the types a lead-in names, a fact about the exact result;
- `Reference`: "see constraint [TAG]"; `NoClaim`: text that states nothing
  (an introduction, a signature, "has no attribute").
"""

from __future__ import annotations

from dataclasses import dataclass

from divbridge.document import lexicon, naming
from divbridge.document.caserule import CaseRule
from divbridge.document.formula import And, Condition, Not, Or, Otherwise, Result
from divbridge.operators.model import OPERANDS, OPERATION_RESULT, Vocabulary


# IEEE 754's operations as the literature writes them, by the operator's infix; and as a sentence writes them
_ROUNDED = {"/": "⊘", "*": "⊗", "+": "⊕", "-": "⊖"}
_WRITTEN = {"*": "×"}
_MODES = {"ieee754": "rounded to nearest, ties to even", "away": "rounded to nearest, ties away from zero",
          "trunc": "rounded toward zero", "floor": "rounded toward negative infinity",
          "ceil": "rounded toward positive infinity", "nearest": "rounded to the nearest integer"}


def _sign_words(sign: str) -> str:
    a, b = f"{naming.of('A')}[i]", f"{naming.of('B')}[i]"
    return {"xor:AB": f"the exclusive or of the signs of {a} and {b}", "xor:A": f"the sign of {a}",
            "xor:B": f"the sign of {b}", "+": "a positive sign", "-": "a negative sign",
            "xor": f"the exclusive or of the signs of {a} and {b}", "a": f"the sign of {a}",
            "b": f"the sign of {b}", "-b": f"the sign opposite to {b}'s"}.get(sign, sign)


def applied(infix: str, sign: str = "", symbol: str = "", index: str = "[i]") -> str:
    """The operation as a sentence writes it: A[i] op B[i] (``symbol``: op as written there, else the infix;
    negated: ``sign`` "-"), or, for an operator with no infix, a call on each of its inputs (``Where(condition[i],
    X[i], Y[i])``); ``index`` "": of the tensors, not of their elements."""
    said = naming.current()
    if infix:
        text = f"{naming.of('A')}{index} {symbol or _WRITTEN.get(infix, infix)} {naming.of('B')}{index}"
    else:
        text = f"{said.call}({', '.join(f'{n}{index}' for n in said.inputs)})"
    return f"-({text})" if sign == "-" else text


def condition_words(condition) -> str:
    """A condition (`formula.Condition`) in words: "A[i] is NaN or B[i] = 0"."""
    if condition is None:
        return "always"
    if isinstance(condition, Otherwise):
        return "no earlier case applies"
    if isinstance(condition, (And, Or)):
        joiner = " and " if isinstance(condition, And) else " or "
        return joiner.join(f"({condition_words(p)})" if isinstance(p, (And, Or)) else condition_words(p)
                           for p in condition.parts)
    if isinstance(condition, Not):
        return f"not ({condition_words(condition.part)})"
    operand = f"{naming.of(condition.operand)}[i]"
    predicates = {"isnan": "is NaN", "notnan": "is not NaN", "isinf": "is infinite", "notinf": "is not infinite",
                  "isfinite": "is finite", "notfinite": "is not finite"}
    if condition.op in predicates:
        return f"{operand} {predicates[condition.op]}"
    if condition.op in ("samesign", "diffsign"):
        return f"{naming.of('A')}[i] and {naming.of('B')}[i] have " \
            f"{'the same sign' if condition.op == 'samesign' else 'different signs'}"
    literal = condition.literal
    if literal is not None and literal.kind in ("min", "max"):
        bound = "smallest" if literal.kind == "min" else "largest"
        return f"{operand} {'is' if condition.op == '=' else 'is not'} the {bound} value of the type" \
            if condition.op in ("=", "≠") else f"{operand} {condition.op} the {bound} value of the type"
    if literal is not None and literal.kind == "operand":    # B[i] = -A[i]: the other operand's element
        return f"{operand} {condition.op} {literal}[i]"
    return f"{operand} {condition.op} {literal}"


def result_words(result: Result) -> str:
    """A result (`formula.Result`) in words: "NaN", "+0", "a zero whose sign is ...", "A[i] × B[i]"."""
    if result.kind == OPERATION_RESULT:
        called = f"{result.call}({naming.of('A')}[i], {naming.of('B')}[i])"
        text = f"{'-' if result.sign == '-' else ''}{called}" if result.call else \
            applied(result.infix, result.sign)
        return f"{text} {_MODES[result.rounding]}" if result.rounding in _MODES else text
    if result.kind == "nan":
        return "NaN"
    if result.kind == "undefined":
        return "undefined"
    if result.kind == "operand":
        operand = f"{naming.of(result.operand)}[i]"
        return {"-": f"-{operand}", "abs": f"|{operand}|", "sqrt": f"√{operand}"}.get(result.sign, operand)
    what = "an infinity" if result.kind == "inf" else "a zero" if result.value == 0 else str(result.value)
    if result.sign.startswith("xor"):
        return f"{what} whose sign is {_sign_words(result.sign)}"
    if result.kind == "inf":
        return {"-": "-∞", "±": "an infinity"}.get(result.sign, "+∞")
    if result.value == 0:
        return {"+": "+0", "-": "-0"}.get(result.sign, "a zero")
    return what


@dataclass(frozen=True)
class Semantics:
    rule: str                 # ieee754 | trunc | floor | ceil | nearest | exact
    vocabulary: Vocabulary                # the operator's words, for its IEEE 754 operation

    def __str__(self) -> str:
        infix, noun, c = self.vocabulary.infix, self.vocabulary.result_nouns[0], naming.result()
        op = applied(infix)
        if self.rule == "ieee754":
            rounded = "exact" if naming.current().exact else "rounded to nearest even"
            return f"{c}[i] = {applied(infix, symbol=_ROUNDED.get(infix, ''))}: IEEE 754 {self.vocabulary.gerund}, " \
                   f"{rounded}"
        return {"trunc": f"{c}[i] = trunc({op}): the {noun} rounded toward zero",
                "floor": f"{c}[i] = ⌊{op}⌋: the {noun} rounded toward -∞",
                "ceil": f"{c}[i] = ⌈{op}⌉: the {noun} rounded toward +∞",
                "nearest": f"{c}[i] = {op} rounded to nearest",
                "away": f"{c}[i] = {op} rounded to nearest, ties away from zero",
                "exact": f"{c}[i] = {op}, the exact {noun}"}[self.rule]

    def words(self) -> str:
        said = f"{naming.result()}[i] is"
        tail = f" (IEEE 754 {self.vocabulary.gerund})" if self.rule == "ieee754" else ""
        if self.rule == "exact" or self.rule == "ieee754" and naming.current().exact:
            return f"{said} exactly {applied(self.vocabulary.infix)}{tail}"
        return f"{said} {applied(self.vocabulary.infix)} {_MODES[self.rule]}{tail}"


@dataclass(frozen=True)
class Case:
    condition: Condition | None       # None: everywhere the section defines the operator (a definition)
    result: Result

    def __str__(self) -> str:
        if self.condition is None:
            if self.result.kind != OPERATION_RESULT:
                return f"{naming.result()} = {self.result}"
            return f"{naming.result()} = {self.result} (the section's {self.result.operator.vocabulary.gerund})"
        return f"{self.condition} → {naming.result()} = {self.result}"

    def words(self) -> str:
        said = f"{naming.result()}[i] is {result_words(self.result)}"
        return said if self.condition is None else f"if {condition_words(self.condition)}, {said}"


@dataclass(frozen=True)
class SignRule:
    sign: str                 # xor:AB | xor:A | xor:B | + | - (xor:...Z before its case is known: "the zero")
    applies: tuple[str, ...]  # zero and / or inf
    condition: Condition | None = None
    case: int = 0             # "in the n-th case": the row of the section's table (-1: the last); 0: everywhere

    def __str__(self) -> str:
        what = " or ".join({"zero": "0", "inf": "∞"}[a] for a in self.applies)
        a, b, c = naming.of("A"), naming.of("B"), naming.result()
        sign = {"xor:AB": f"sign({a}) · sign({b})", "xor:A": f"sign({a})", "xor:B": f"sign({b})", "+": "+",
                "-": "-"}.get(self.sign, self.sign)
        where = f"{self.condition} and " if self.condition is not None else ""
        return f"{where}{c} = ±{what} → sign({c}) = {sign}"

    def words(self) -> str:
        what = " or ".join({"zero": "zero", "inf": "infinite"}[a] for a in self.applies)
        where = f"if {condition_words(self.condition)}, " if self.condition is not None else \
            f"in the {'last case' if self.case == -1 else f'case {self.case}'} of the table above, " if self.case else ""
        if self.sign in ("+", "-"):
            return f"{where}a {what} result is {'positive' if self.sign == '+' else 'negative'}"
        return f"{where}the sign of a {what} result is {_sign_words(self.sign)}"


@dataclass(frozen=True)
class Domain:
    condition: Condition

    def __str__(self) -> str:
        return f"precondition: {self.condition}"

    def words(self) -> str:
        return f"every input satisfies: {condition_words(self.condition)}"


@dataclass(frozen=True)
class ErrorCondition:
    kind: str                 # none | implementation | undefined

    def __str__(self) -> str:
        return {"none": "every input of the domain has a result (no error condition)",
                "implementation": "inputs outside the domain: implementation dependent",
                "undefined": "inputs outside the domain: undefined"}[self.kind]

    def words(self) -> str:
        return {"none": "there is no error condition: every input of the domain has a result",
                "implementation": "the result of an input outside the domain is implementation dependent",
                "undefined": "the result of an input outside the domain is undefined"}[self.kind]


@dataclass(frozen=True)
class Constraint:
    kind: str                 # shape | type | scalar (one input of the empty shape: `scalar_input`)
    inputs_only: bool = False  # of the inputs alone (the result's follows from the operation), else every tensor
    scalar_input: int = 0     # a scalar's: the input's position (1 the second, 2 the third)

    def tensors(self) -> tuple[str, ...]:
        said = naming.current()
        if self.kind == "scalar":
            k = self.scalar_input
            return (said.inputs[k] if k < len(said.inputs) else f"input {k + 1}",)
        return said.inputs if self.inputs_only else (*said.inputs, said.result)

    def __str__(self) -> str:
        return " = ".join(f"{self.kind}({t})" for t in self.tensors())

    def words(self) -> str:
        tensors = self.tensors()
        if self.kind == "scalar":
            return f"{tensors[0]} is a scalar: a tensor of one element, of the empty shape"
        what = "shape" if self.kind == "shape" else "element type"
        return f"{', '.join(tensors[:-1])} and {tensors[-1]} have the same {what}"


@dataclass(frozen=True)
class Accuracy:
    infix: str    # the document's operator's

    def __str__(self) -> str:
        exact = applied(self.infix, symbol=self.infix, index="")
        return f"|{naming.result()} - {exact}| bounded as IEEE 754 rounding bounds it"

    def words(self) -> str:
        return f"the rounding error |{naming.result()}[i] - {applied(self.infix)}| is bounded as IEEE 754 rounding " \
               "bounds it"


_LOOSE = (lexicon.NODES["+"], lexicon.NODES["-"])     # the nodes that bind looser than the node of "*"


def show(tree: tuple) -> str:
    """An integer expression or condition of `Wrap` in plain notation: ``A*B - k_1*2^n``, ``A + B > 2^(n-1) - 1``."""
    head = tree[0]
    if head in OPERANDS:
        return naming.of(head)
    if head in ("min", "max"):
        return head.upper()
    if head in ("var", "num"):
        return str(tree[1])
    if head == "bool":
        return str(bool(tree[1]))
    if head == "pow2":
        return "2^n" if tree[1] == 0 else f"2^(n{tree[1]:+d})"
    if head == "neg":
        return f"-{_operand(tree[1])}"
    if head in _LOOSE:
        right = show(tree[2]) if tree[2][0] not in _LOOSE else f"({show(tree[2])})"
        return f"{show(tree[1])} {lexicon.INFIXES[head]} {right}"
    if head == lexicon.NODES["*"]:
        return f"{_operand(tree[1])}*{_operand(tree[2])}"
    if head == "cmp":
        return f"{show(tree[2])} {tree[1]} {show(tree[3])}"
    if head in ("and", "or"):
        return f" {head} ".join(f"({show(p)})" if p[0] in ("and", "or") else show(p) for p in tree[1])
    return "otherwise"


def _operand(tree: tuple) -> str:
    return f"({show(tree)})" if tree[0] in (*_LOOSE, "neg") else show(tree)


@dataclass(frozen=True)
class Wrap:
    """One piece of an integer section's wrap-around, over the expression trees of `document.wraparound`.

    ``case``: where ``condition`` holds (None: everywhere; ``("otherwise",)``: no earlier case), C is
    ``result``; ``bound``: the multiples ``names`` range over ``domain`` (N or Z) such that ``condition``;
    ``scope``: what follows is said of the ``scope`` (signed or unsigned) types; ``fact``: ``condition`` holds
    of every pair of operands (in the ``scope`` types, all when "")."""

    kind: str                          # case | bound | scope | fact
    condition: tuple | None = None
    result: tuple | None = None
    names: tuple[str, ...] = ()
    domain: str = ""
    scope: str = ""

    def __str__(self) -> str:
        if self.kind == "scope":
            return f"what follows: the {self.scope} types"
        if self.kind == "bound":
            where = f" such that {show(self.condition)}" if self.condition is not None else ""
            return f"{', '.join(self.names)} ∈ {'ℕ' if self.domain == 'N' else 'ℤ'}{where}"
        if self.kind == "fact":
            return f"{show(self.condition)}{f' ({self.scope} types)' if self.scope else ''}"
        where = "" if self.condition is None else f"{show(self.condition)} → "
        return f"{where}{naming.result()} = {show(self.result)} (integers, wrapped)"

    def words(self) -> str:
        if self.kind == "scope":
            return f"what follows is about the {self.scope} types"
        if self.kind == "bound":
            where = f" such that {show(self.condition)}" if self.condition is not None else ""
            one, many = ("a natural number", "natural numbers") if self.domain == "N" else ("an integer", "integers")
            return f"{', '.join(self.names)} {'is ' + one if len(self.names) == 1 else 'are ' + many}{where}"
        if self.kind == "fact":
            types = f" of a {self.scope} type" if self.scope else ""
            return f"{show(self.condition)} for every pair of operands{types}"
        where = "" if self.condition is None or self.condition == ("otherwise",) else f"if {show(self.condition)}, "
        if self.condition == ("otherwise",):
            where = "otherwise, "
        return f"{where}{naming.result()}[i] is {show(self.result)}, an integer of the type"


@dataclass(frozen=True)
class Reference:
    tag: str

    def __str__(self) -> str:
        return f"the requirement {self.tag}, restated here"

    def words(self) -> str:
        return f"restates the requirement {self.tag}"


@dataclass(frozen=True)
class SectionReference:
    """"See specification for real numbers": the section's results are those the real section defines."""
    family: str

    def __str__(self) -> str:
        return f"the {self.family} section's definition, for these types"

    def words(self) -> str:
        return f"its results are those the {self.family} section defines"


@dataclass(frozen=True)
class NoClaim:
    why: str

    def __str__(self) -> str:
        return f"no claim ({self.why})"

    def words(self) -> str:
        return f"states nothing to check: {self.why}"


Statement = Semantics | Case | CaseRule | SignRule | Domain | ErrorCondition | Constraint | Accuracy | Wrap | Reference | NoClaim


@dataclass(frozen=True)
class Reading:
    """What one part of a document is read as; ``statements`` empty and ``why`` set: not understood."""

    statements: tuple = ()
    why: str = ""             # not understood: why (an unknown phrasing, a condition that cannot be read)

    @property
    def understood(self) -> bool:
        return bool(self.statements)

    def __str__(self) -> str:
        if not self.statements:
            return f"not understood ({self.why})" if self.why else "not understood"
        return "; ".join(str(s) for s in self.statements)

    def words(self) -> str:
        """The reading in canonical English, one statement after another (what divbridge understood, said back)."""
        return "; ".join(s.words() for s in self.statements)


@dataclass(frozen=True)
class Unread:
    """A part of a document that states something divbridge cannot read, or reads but cannot encode exactly
    in every backend: reported where the user looks (with its line, column and requirement tag), never
    proved, never dropped."""

    line: int
    column: int
    text: str
    why: str
    tag: str = ""             # the requirement it sits in ("" outside every tag)

    def __str__(self) -> str:
        return f"line {self.line}: «{self.text}» not understood ({self.why})"


def understood(*statements) -> Reading:
    return Reading(tuple(statements))


def not_understood(why: str) -> Reading:
    return Reading((), why)
