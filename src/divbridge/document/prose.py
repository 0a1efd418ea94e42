"""What a sentence (or a formula outside tables and matrices) states: the statement grammar's parse, as meaning.

A sentence is read whole or not at all.  Its words (`document.words`) are
parsed by the statement grammar (`document.grammar`, `statements.lark`); a
sentence the grammar does not parse to its last word is "not understood",
with the words not read, the column where reading stopped and the nearest
phrasing the grammar accepts (`document.reference`).  A parse becomes
`document.meaning` statements here, one rule kind at a time:

- the definition (`meaning.Case` everywhere): "Operator <Name> <verb> A and
  B element-wise and stores the result in C", "C[i] is the result of <verb>
  A[i] by B[i]", "C is A <join> B", with the order of the operands as written
  (a non-commutative operator's operands swapped are its negation where the
  section's semantics makes it one, or not read);
- the operation's rounding (`meaning.Semantics`): IEEE 754 (round to nearest,
  ties to even, "correctly rounded", "according to IEEE 754 floating-point
  semantics"), to nearest with ties away from zero, toward zero (truncated,
  "its fractional part discarded"), down, up; to nearest for an integer;
- the sign of a zero or infinite result (`meaning.SignRule`, the sign phrase by
  `document.signs`); a special-value rule in words or symbols
  (`document.caserule`); a case ("C[i] is NaN if A[i] and B[i] are both 0");
  the domain of the definition ("If B[i] ≠ 0, otherwise C[i] is not defined");
- preconditions (`meaning.Domain`): "∀ i, B[i] ≠ 0", "no element of B is
  zero", the smallest value of a signed type over -1 excluded; error
  conditions; same shape, same type; an error bound; the integer wrap-around
  (`document.wraparound`); "see constraint [TAG]";
- text that states nothing (an introduction, a label, the signature, "has no
  attribute"), each recognised by its own rule.

Conditions inside a sentence are delimited by the grammar and read by the
formula grammar (`document.formula`) on their own tokens, so "A[i] or B[i] is
NaN", "is not NaN", negations and IEEE comparisons mean what they mean in a
table.  A statement the grammar parses but no statement can say (a sign that is
no exclusive or, another operator's word) is "not understood", with the reason.
"""

from __future__ import annotations

import re
from fractions import Fraction

from lark import Token as LarkToken, Tree

from divbridge.document import caserule, grammar, lexicon, reference, signs, wraparound
from divbridge.document.formula import (And, Atom, Condition, LatexError, Literal, Not, Or, Otherwise,
                                        Result, condition_of, operands_of, result_of)
from divbridge.document.latex import Token, render, text_tokens, tokens
from divbridge.document.meaning import (Accuracy, Case, Constraint, Domain, ErrorCondition, NoClaim, Reading,
                                        Reference, SectionReference, Semantics, SignRule, not_understood, understood)
from divbridge.document.words import Word, stream
from divbridge.operators.model import OPERATION_RESULT, Operator, Vocabulary


def plain(items) -> str:
    """Tokens as one lowercase line, operands A[i], B_i, C[i] written a, b, c (how `tagclass` compares titles)."""
    return " ".join(w.text.lower() for w in stream(list(items)))


def plain_text(text: str) -> str:
    """A written text (words, `$...$` math, HTML) as `plain` spells it."""
    items: list[Token] = []
    text = re.sub(r"<[^>]+>", " ", text)
    for k, piece in enumerate(re.split(r"\$+", text)):
        if k % 2:
            try:
                items += tokens(piece)
                continue
            except LatexError:
                pass
        items += text_tokens(piece)
    return plain(items)


class _Unread(Exception):
    """A sentence the grammar parses whole whose statement no `meaning` statement can say: why."""


# -- the tree --------------------------------------------------------------------------------------------------

def _leaves(tree) -> list[LarkToken]:
    return [tree] if isinstance(tree, LarkToken) else [t for c in tree.children for t in _leaves(c)]


def _texts(tree) -> list[str]:
    return [str(t) for t in _leaves(tree)]


def _subtrees(tree: Tree, *names: str) -> list[Tree]:
    """The subtrees of the given kinds, outermost first, not looking inside one found."""
    found = []
    for child in tree.children:
        if isinstance(child, Tree):
            found += [child] if child.data in names else _subtrees(child, *names)
    return found


def _first(tree: Tree, *names: str) -> Tree | None:
    found = _subtrees(tree, *names)
    return found[0] if found else None


def _has(tree, *texts: str) -> bool:
    return any(t in texts for t in _texts(tree))


# the grammar's rules of the operators' words, each with the placeholder that fills it (`grammar.operator_words`)
_OPERATOR_WORDS = {"noun": "nouns", "gerund": "gerunds", "verb": "verbs", "base": "bases", "ing": "ings",
                   "participle": "participles",
                   "join_word": "joins", "opname": "names"}
# the parts of a sentence that name the operation and its operands (`statements.lark`)
_OPERATIONS = ("op_verb", "op_noun", "op_takes", "noun_of", "noun_of_inputs", "participle_of", "operation_symbols",
               "restated", "element_join")


def _operands_in_order(unit: Tree) -> tuple[str, ...]:
    """The operands an operation names, first to last, as the operation takes them ("from": the other way); "the
    <noun> of the matching input elements": A and B."""
    if unit.data == "noun_of_inputs":
        return ("A", "B")
    names = tuple("A" if node.data == "a" else "B" for node in unit.iter_subtrees_topdown() if node.data in ("a", "b"))
    reverse = any(t == "from" for t in _texts(unit))
    return tuple(reversed(names)) if reverse else names


_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8,
             "last": -1}
_COMMUTATIVE = ("+", "*")       # the infixes whose operands may come in either order


def _result(op: Operator, sign: str = "") -> Result:
    """The operator applied to A and B (negated: ``sign`` "-"), as the definition's result."""
    return Result(OPERATION_RESULT, sign, infix=op.vocabulary.infix)


_EQUALITY = {"=": "≠", "≠": "="}


def _without_negation(condition: Condition) -> Condition:
    """not (A = x and B = y) as A ≠ x or B ≠ y (De Morgan), not (B = 0) as B ≠ 0, so an exclusion reads the same
    however it is negated; any other condition as it is."""
    if isinstance(condition, Not) and isinstance(condition.part, Atom) and condition.part.op in _EQUALITY:
        return Atom(condition.part.operand, _EQUALITY[condition.part.op], condition.part.literal)
    if isinstance(condition, Not) and isinstance(condition.part, And) and all(
            isinstance(p, Atom) and p.op in _EQUALITY for p in condition.part.parts):
        return Or(tuple(Atom(p.operand, _EQUALITY[p.op], p.literal) for p in condition.part.parts))
    return condition


_NONZERO_B = Atom("B", "≠", Literal("number", Fraction(0)))
_MINUS_ONE = Literal("number", Fraction(-1))


def _exclusion(bound: str) -> Domain:
    """The pair (the type's ``bound`` value, -1) excluded: A ≠ bound or B ≠ -1."""
    return Domain(Or((Atom("A", "≠", Literal(bound)), Atom("B", "≠", _MINUS_ONE))))


class _Sentence:
    """One parsed sentence, read into statements."""

    def __init__(self, words: list[Word], items: list[Token], text: str, family: str, op: Operator):
        self.words, self.items, self.text, self.family, self.op = words, items, text, family, op
        self.tree: Tree | None = None      # the whole sentence's parse (`statements`)

    # -- helpers --
    def tokens_of(self, tree: Tree) -> list[Token]:
        """The sentence's tokens a subtree stands for (the words it spans, the ones dropped as filler too)."""
        leaves = _leaves(tree)
        first, last = self.words[leaves[0].start_pos], self.words[leaves[-1].start_pos]
        return self.items[first.first:last.last + 1]

    def condition(self, tree: Tree) -> Condition:
        """The condition a ``cond`` delimits, read by the formula grammar on its own tokens (a number that ends the
        sentence without its full stop)."""
        items = [Token("number", t.text[:-1], t.pos) if t.kind == "number" and t.text.endswith(".") and len(t.text) > 1
                 else t for t in self.tokens_of(tree)]
        try:
            return condition_of(items)
        except LatexError as exc:
            raise _Unread(f"the condition «{render(items)}» cannot be read: {exc}") from None

    def own_words(self, tree: Tree) -> None:
        """Every word of an operator in the subtree must be the document's operator's: a sentence naming another
        operation does not define this one."""
        for kind, placeholder in _OPERATOR_WORDS.items():
            for found in tree.find_data(kind):
                phrase = " ".join(_texts(found))
                owners = grammar.word_operators(placeholder, phrase)
                if owners and self.op.name not in owners:
                    raise _Unread(f"it names another operation («{phrase}»: {owners[0]}'s) than the section's "
                                  f"{self.op.vocabulary.gerund}")

    def float_only(self, what: str) -> None:
        if self.family != "float":
            raise _Unread(f"{what} in a section that is not a float one")

    # -- the sentence --
    def statements(self, tree: Tree) -> list:
        self.tree = tree
        self.own_words(tree)
        found: list = []
        for child in tree.children:
            if not isinstance(child, Tree) or child.data in ("lead", "join", "end", "trailing", "origin"):
                continue
            found += self.statement(child)
        return found

    def statement(self, tree: Tree) -> list:
        kind = tree.data
        if kind == "kind_noclaim":
            naming = _first(tree, "naming_c")
            if naming is not None and _first(naming, *_OPERATIONS):    # "C: the result of the <gerund> of A by B"
                self.definition(naming)
            return [_noclaim(tree)]
        handler = getattr(self, f"read_{kind}", None)
        if handler is None:
            raise _Unread(f"a statement of kind {kind} divbridge does not encode")
        found = handler(tree)
        if self.op.arity == 1 and any(isinstance(s, caserule.CaseRule) or (isinstance(s, Case) and "B" in operands_of(
                s.condition)) for s in found):
            # a special-value rule of two operands, or a case naming B, in a document of an operator of one input
            raise _Unread(f"it speaks of a second operand, but {self.op.name} has one input")
        return found

    # -- definitions --
    def definition(self, tree: Tree) -> list:
        """The operation each part of the tree names ("<verb> A by B", "the <noun> of A and B", ": A minus B"), with
        its operands in the order it takes them: C = A op B when every part says so."""
        infix = self.op.vocabulary.infix
        orders = {_operands_in_order(unit) for unit in tree.iter_subtrees_topdown() if unit.data in _OPERATIONS}
        if orders <= {("A", "B"), ("B", "A")} and orders and (("B", "A") not in orders or infix in _COMMUTATIVE):
            found = [Case(None, _result(self.op))]
        elif orders == {("B", "A")} and self.family in ("real", "int") and infix == "-":
            found = [Case(None, _result(self.op, "-"))]     # B - A is -(A - B), exactly in reals and integers
        elif orders == {("B", "A")}:
            raise _Unread(f"it takes the operands in the other order (B {infix} A), which no statement of a "
                          f"{self.family} section says")
        else:
            taken = " and ".join(" then ".join(order) or "no operand" for order in sorted(orders))
            raise _Unread(f"its operation takes {taken or 'no operand'}, not A then B")
        if _subtrees(tree, "manner_ieee", "ieee_manner"):
            self.float_only("IEEE 754 semantics")
            found.insert(0, Semantics("ieee754", self.op.vocabulary))
        return found

    def read_def_operator(self, tree: Tree) -> list:
        return self.definition(tree)

    def read_def_result(self, tree: Tree) -> list:
        found = self.definition(tree)
        if _first(tree, "nonzero_b") is not None:      # ", for every B[i] different from 0": its domain
            return [Case(_NONZERO_B, found[-1].result), Case(Otherwise(), Result("undefined"))]
        return found

    # -- roundings --
    def mode(self, tree: Tree) -> str:
        """The rounding a ``rounded_what`` states, in the section's family: ieee754 (to nearest, ties to even, in
        a float section), away (ties away from zero), nearest (an integer), trunc, floor, ceil."""
        node = _first(tree, "floor_of", "ceil_of", "truncated", "nearest", "nearest_even", "toward_zero", "down",
                      "up")
        if node is None:       # "correctly rounded", "IEEE 754 <gerund>"
            self.float_only("IEEE 754 rounding")
            return "ieee754"
        kind = node.data
        simple = {"floor_of": "floor", "ceil_of": "ceil", "truncated": "trunc", "toward_zero": "trunc",
                  "down": "floor", "up": "ceil"}
        if kind in simple:
            return simple[kind]
        tie = _first(node, "ties_even", "ties_away")
        if self.family != "float":
            if tie is not None or kind == "nearest_even":
                raise _Unread("a tie rule for an integer result, which the integer claims do not state")
            return "nearest"
        return "away" if tie is not None and tie.data == "ties_away" else "ieee754"

    def semantics(self, tree: Tree) -> Semantics:
        rounded = _subtrees(tree, "rounded_what")
        modes = {self.mode(r) for r in rounded} or {"trunc"}
        if _has(tree, "ieee", "ieee754", "ieee-754") and modes != {"ieee754"} and not _first(tree, "as_qualifier"):
            raise _Unread("it states IEEE 754 and another rounding")
        if len(modes) != 1:
            raise _Unread(f"it states two roundings ({', '.join(sorted(modes))})")
        return Semantics(modes.pop(), self.op.vocabulary)

    def read_rounding(self, tree: Tree) -> list:
        return [self.semantics(tree)]

    def read_rounding_trunc(self, tree: Tree) -> list:
        return [Semantics("trunc", self.op.vocabulary)]

    def read_rounding_ieee(self, tree: Tree) -> list:
        self.float_only("IEEE 754 semantics")
        return [Semantics("ieee754", self.op.vocabulary)]

    def read_rounding_def(self, tree: Tree) -> list:
        return [self.semantics(tree), *self.definition(tree)]

    def read_rounding_trunc_def(self, tree: Tree) -> list:
        return [Semantics("trunc", self.op.vocabulary), *self.definition(tree)]

    def read_kind_row_notation(self, tree: Tree) -> list:
        """"where A[i] + B[i] is the exact <noun> rounded to nearest, ties to even, and +0 when the exact <noun> is zero":
        the operation of the table above, and the sign of a zero result in its last row (`resolve_cases`)."""
        self.definition(tree)
        found = [self.semantics(tree)]
        zero = next((t for t in tree.children if isinstance(t, Tree) and t.data == "zero_value"), None)
        if zero is not None:
            found.append(SignRule(caserule.zero_sign(zero), ("zero",), None, -1))
        return found

    # -- signs --
    def case_number(self, tree: Tree) -> int:
        case = _first(tree, "case_of")
        if case is None:
            return 0
        words = _texts(case)
        ordinal = next((w for w in words if w in _ORDINALS), None)
        return _ORDINALS[ordinal] if ordinal else int(next(w for w in words if w.isdigit()))

    def applies(self, tree: Tree) -> tuple[str, ...]:
        what = _first(tree, "signed_what", "rounds_to_zero", "zero_over_b")
        if what is None or what.data in ("rounds_to_zero", "zero_over_b"):
            return ("zero",)
        words = set(_texts(what))
        found = tuple(w for w, names in (("zero", {"zero", "zeros", "0"}), ("inf", {"infinite", "infinity",
                                                                                     "infinities", "inf"}))
                      if words & names)
        return found or ("zero", "inf")

    def sign_condition(self, tree: Tree) -> Condition | None:
        """"the zero result of 0 / B[i] with B[i] finite and non-zero": A = 0, B finite and non-zero."""
        if _first(tree, "zero_over_b") is None:
            return None
        return And((Atom("A", "=", Literal("number", Fraction(0))), Atom("B", "isfinite"), _NONZERO_B))

    def sign_rule(self, tree: Tree, sign: str) -> list:
        nth = self.case_number(tree)
        if "Z" in sign and not nth:
            raise _Unread("names 'the zero' outside a case of a table")
        return [SignRule(sign, self.applies(tree), self.sign_condition(tree), nth)]

    def read_sign_rule(self, tree: Tree) -> list:
        sign = signs.sign_of_tree(next(t for t in tree.children if isinstance(t, Tree) and
                                       t.data in signs.SIGN_KINDS))
        if sign.fixed:
            return self.sign_rule(tree, sign.fixed)
        if sign.negated:
            raise _Unread(f"a sign rule that gives the sign {sign}, which no statement can say")
        operands = {"Z" if o in "ZI" else o for o in sign.operands}
        return self.sign_rule(tree, "xor:" + "".join(sorted(operands)))

    def read_sign_fixed(self, tree: Tree) -> list:
        """"A zero result is always positive", "a <noun> that rounds to zero is +0"."""
        value = _first(tree, "signed_value")
        if value is not None:
            sign, what = _texts(value)
            said = "zero" if what in ("0", "zero") else "inf"
            if self.applies(tree) != (said,):
                raise _Unread(f"it gives {' or '.join(self.applies(tree))} results the value {sign}{what}")
            return self.sign_rule(tree, sign)
        return self.sign_rule(tree, "+" if _has(tree, "positive") else "-")

    def read_sign_ieee(self, tree: Tree) -> list:
        return self.sign_rule(tree, "xor:AB")

    def read_sign_exactly_one(self, tree: Tree) -> list:
        if sorted(_operands_in_order(tree)) != ["A", "B"]:
            raise _Unread("'exactly one of' names other operands than A and B")
        return self.sign_rule(tree, "xor:AB")

    def read_sign_negative_when(self, tree: Tree) -> list:
        return self.read_sign_rule(tree)

    # -- special values, cases --
    def definite(self, tree: Tree) -> bool:
        """Whether the words of the subtree follow the definite article ("the infinity"), which the grammar drops."""
        first = self.words[_leaves(tree)[0].start_pos].first
        return first > 0 and self.items[first - 1].text.lower() == "the"

    def read_special(self, tree: Tree) -> list:
        self.float_only("a special-value rule")
        return _said(caserule.rules_of(tree, self.text, self.definite))

    def read_special_nan(self, tree: Tree) -> list:
        self.float_only("a special-value rule")
        if self.op.arity == 1:    # the one operand NaN: a case over A
            return [Case(Atom("A", "isnan"), Result("nan"))]
        return caserule.nan_rules(self.text)

    def read_kind_special_symbols(self, tree: Tree) -> list:
        self.float_only("a special-value rule")
        # "for a finite x" at the end of the sentence says what x is in each of its statements
        finite_x = _first(self.tree, "finite_x") is not None
        found = _said(caserule.symbols_of(tree, self.op.vocabulary.infix, self.text, finite_x))
        return [Case(*rule) if isinstance(rule, tuple) else rule for rule in found]

    def read_kind_exact_zero(self, tree: Tree) -> list:
        self.float_only("a rule for an exact zero")
        return _said(caserule.exact_zeros_of(tree, self.op.vocabulary.infix, self.text))

    read_zeros_when = read_kind_exact_zero

    def read_kind_case(self, tree: Tree) -> list:
        return [Case(self.condition(_first(tree, "cond")),
                     caserule.result_of_tree(_first(tree, "case_result", "case_value", "res_operand")))]

    def read_kind_domain_of_definition(self, tree: Tree) -> list:
        return [Case(self.condition(_first(tree, "cond")), _result(self.op)), Case(Otherwise(), Result("undefined"))]

    # -- preconditions --
    def read_forall(self, tree: Tree) -> list:
        return [Domain(_without_negation(self.condition(_first(tree, "cond"))))]

    def read_b_nonzero(self, tree: Tree) -> list:
        return [Domain(_NONZERO_B)]

    def read_b_nonzero_implementation(self, tree: Tree) -> list:
        """"The behaviour for a zero B is implementation dependent": B ≠ 0 is what the text defines."""
        return [Domain(_NONZERO_B), ErrorCondition("implementation")]

    def read_error_when(self, tree: Tree) -> list:
        """"an implementation dependent error may be raised when B[i] = 0": B ≠ 0 is what the text defines."""
        return [*self.excluded_condition(tree), ErrorCondition("implementation")]

    def bound(self, tree: Tree) -> str:
        node = _first(tree, "smallest", "largest", "power_bound")
        if node.data == "power_bound" and _texts(node)[-1] != "^n-1":
            raise _Unread(f"the bound -2{_texts(node)[-1]} is not the smallest value of a type of n bits")
        return "max" if node.data == "largest" else "min"

    def read_exclusion(self, tree: Tree) -> list:
        return [_exclusion(self.bound(tree))]

    def read_exclusion_above(self, tree: Tree) -> list:
        """"Whenever B[i] = -1, A[i] is greater than the smallest value of the type": A ≠ that value where B = -1."""
        if self.bound(tree) != "min":
            raise _Unread("A above a bound other than the type's smallest value excludes more than the overflow")
        return self.read_exclusion(tree)

    def excluded_condition(self, tree: Tree) -> list:
        """"except when <pair>", "not (<pair>)": the pair excluded (the smallest value of the type and -1), or
        B = 0 excluded."""
        pair = _first(_first(tree, "excluded_cond"), "pair_cond")
        return [_exclusion(self.bound(pair))] if pair is not None else [Domain(_NONZERO_B)]

    read_except_when = excluded_condition

    # -- error conditions, constraints, accuracy, references --
    def read_error_none(self, tree: Tree) -> list:
        return [ErrorCondition("none")]

    def read_error_implementation(self, tree: Tree) -> list:
        return [ErrorCondition("implementation")]

    def read_error_undefined(self, tree: Tree) -> list:
        return [ErrorCondition("undefined")]

    def three_named(self, tree: Tree) -> None:
        """A constraint that names the tensors one by one ("C has the shape of A, which is the shape of B") must
        name each of A, B and C."""
        named = [_first(t, "a", "b", "c").data for t in _subtrees(tree, "tensor_name")]
        if named and sorted(named) != ["a", "b", "c"]:
            raise _Unread(f"it relates {', '.join(n.upper() for n in named)}, not each of A, B and C")

    def constrained(self, tree: Tree) -> bool:
        """Whether a shape or type constraint names the inputs alone ("A and B have the same type": C's follows
        from the operation), not every tensor: each of A, B and C, or A and C for an operator of one input;
        naming a tensor the operator has not, or leaving one of its own out, is unread."""
        self.three_named(tree)
        if _first(tree, "tensor_pair") is not None:
            if self.op.arity != 1:
                raise _Unread(f"it relates A and C, but {self.op.name} has {self.op.arity} inputs")
            return False
        named_b = _first(tree, "b") is not None or any(t == "three" for t in _leaves(tree))
        if self.op.arity == 1 and named_b:
            raise _Unread(f"it names three tensors, but {self.op.name} has one input")
        if _first(tree, "d") is not None and self.op.arity != 3:
            raise _Unread(f"it names a third input, but {self.op.name} has {self.op.arity}")
        if self.op.arity == 3 and _first(tree, "tensor_list") is not None and _first(tree, "d") is None:
            raise _Unread(f"it names three tensors, but {self.op.name} has three inputs and a result")
        # one input: no tensor named ("nothing is broadcast") is every tensor of the operator
        return self.op.arity != 1 and _first(tree, "inputs") is not None

    def read_kind_shape(self, tree: Tree) -> list:
        return [Constraint("shape", inputs_only=self.constrained(tree))]

    def read_kind_scalar(self, tree: Tree) -> list:
        """An input of the empty shape (B, or D: the third input); whether the operator's input is one is judged
        against its description where the document is bound (`obligations.document`)."""
        return [Constraint("scalar", scalar_input=2 if _first(tree, "d") is not None else 1)]

    def read_kind_type(self, tree: Tree) -> list:
        return [Constraint("type", inputs_only=self.constrained(tree))]

    def read_kind_accuracy(self, tree: Tree) -> list:
        self.float_only("an error bound")
        return [Accuracy(self.op.vocabulary.infix)]

    def read_kind_section_reference(self, tree: Tree) -> list:
        return [SectionReference("real")]

    def read_kind_reference(self, tree: Tree) -> list:
        tag = next(t for t in _leaves(tree) if t.type == "TAG")
        return [Reference(self.words[tag.start_pos].raw)]

    # -- the integer wrap-around --
    def wrap(self, tree: Tree) -> list:
        if self.family != "int":
            raise _Unread("a wrap-around in a section that is not an integer one")
        return _said(wraparound.statements_of(tree, self.op, self.tokens_of))

    read_wraps = read_leaves_range = read_multiple_is = read_never_beyond = read_wrap_scope = read_wrap_bounds = wrap


def _said(found):
    """What a kind's reader read, or (a string) why it cannot be said: then the sentence is not understood."""
    if isinstance(found, str):
        raise _Unread(found)
    return found


# what a sentence saying that its operator has no attribute states (`document.reader` checks it against the
# description's attributes)
NO_ATTRIBUTE = "the operator has no attribute"


def _noclaim(tree: Tree) -> NoClaim:
    kind = next(c for c in tree.children if isinstance(c, Tree))
    if kind.data == "no_attribute" and any(isinstance(c, Tree) and c.data == "attributes_none" for c in kind.children):
        return NoClaim(NO_ATTRIBUTE)
    return NoClaim({"introduction": "an introduction of what follows", "label": "a label",
                    "naming": "the naming of an operand or a type", "signature": "the signature",
                    "no_attribute": "no attribute or restriction to state",
                    "provenance": "where the text comes from",
                    "scope": "a scope statement: what the operator is not about",
                    "notation": "a notation, as divbridge reads it",
                    "restriction": "a general restriction of the profile, cited",
                    "pointer": "a pointer to the accuracy note, which is read on its own",
                    "multiples": "introduces the multiples' conditions that follow"}[kind.data])


def _unread_words(words: list[Word], items: list[Token], at: int, place) -> str:
    """The words not read, from where reading stopped, and the column there."""
    if at >= len(words):
        return f"the sentence ends before a statement does (after «{' '.join(w.raw or w.text for w in words[-6:])}»)"
    token = items[words[at].first]
    line, column = place(token) if place is not None else (0, token.pos + 1)
    rest = render(items[words[at].first:])
    where = f"line {line}, column {column}" if line else f"column {column}"
    return f"«{rest}» not read (from {where})"


def read(items, text: str, family: str, output: str | tuple[str, ...] = "C", op: Operator | None = None,
         place=None, inputs: dict[str, str] | None = None) -> Reading:
    """A sentence: its tokens (with ``output`` the name of the result, C or Y, or the names it may have), its
    text, its section's family;
    ``op``: the document's operator (by default, the shared words' `lexicon.READ_WITH`), whose words the sentence
    must use; ``place``: a token's (line, column) in the document, for the column where reading stopped;
    ``inputs``: the section's names of inputs the grammar does not know by default (`words.stream`)."""
    op = op or lexicon.READ_WITH
    items = list(items)
    words = stream(items, output, inputs)
    if not words:
        return understood(NoClaim("no words"))
    tree = grammar.parse(words)
    if isinstance(tree, grammar.NotRead):
        suggestion = reference.nearest(text, op)
        return not_understood(_unread_words(words, items, tree.at, place) +
                              (f"; the nearest phrasing divbridge reads: «{suggestion}»" if suggestion else ""))
    try:
        statements = _Sentence(words, items, text, family, op).statements(tree.children[0])
    except _Unread as exc:
        return not_understood(str(exc))
    return Reading(tuple(dict.fromkeys(statements)))


# -- display formulas ------------------------------------------------------------------------------------------

def _applied(vocabulary: Vocabulary, rhs: list[str]) -> bool:
    """Whether ``rhs`` (words) is A, one of the operator's symbols, B: `A[i] \\times B[i]`, `A[i] + B[i]`."""
    symbols = set()
    for symbol in vocabulary.symbols:
        try:
            symbols.add(tuple(w.text for w in stream(list(tokens(symbol)))))
        except LatexError:
            continue
    return any(rhs == ["A", *s, "B"] for s in symbols if s)


def signature_of(items, op: Operator | None) -> tuple[str, tuple[str, ...]] | None:
    """`Y = \\text{Name}(A, B)`, `Z = \\textbf{Where}(condition, X, Y)`: the names a signature gives the result and
    the inputs (as many as the operator has: two where it names none), or None."""
    items = list(items)
    texts = [t.text for t in items]
    arity = op.arity if op is not None else 2
    if len(texts) != 4 + 2 * arity or texts[1] != "=" or texts[3] != "(" or texts[-1] != ")" or \
            any(t != "," for t in texts[5:-1:2]) or any(t.kind != "word" for t in [items[0], items[2], *items[4:-1:2]]):
        return None
    inputs = tuple(texts[4:-1:2])
    if len(texts[0]) != 1 or texts[0] in inputs:
        return None
    return texts[0], inputs


def read_formula(items, output: str | tuple[str, ...] = "C", op: Operator | None = None) -> Reading:
    """A display formula that is neither a case table nor a matrix: `C[i] = A[i] op B[i]` in the operator's
    own symbol (`A[i] \\times B[i]`), a signature `C = \\textbf{Name}(A, B)`, a precondition (`∀ i, B[i] ≠ 0`),
    or something else (not understood)."""
    op = op or lexicon.READ_WITH
    items = list(items)
    words = [w.text for w in stream(items, output)]
    while words and words[-1] in (".", ","):
        words.pop()
    if signature_of(items, op) is not None and items[2].text.lower() == op.name.lower():   # inputs named any way
        return Reading((NoClaim("the signature"),), "signature")
    if words[:2] == ["C", "="]:
        if _applied(op.vocabulary, words[2:]):
            return understood(Case(None, _result(op)))
        inputs = ["A", ",", "B"][:2 * op.arity - 1] if op.arity <= 2 else None    # C = Name(A, B), C = Name(A)
        indexed = any(t.kind == "word" and t.text == "i" for t in items)    # C[i] = max(A[i], B[i]): elements
        if inputs is not None and words[2:] == [op.name.lower(), "(", *inputs, ")"] and not indexed:
            return Reading((NoClaim("the signature"),), "signature")
        equals = next(k for k, t in enumerate(items) if t.kind == "sym" and t.text == "=")
        try:
            result = result_of(items[equals + 1:])
        except LatexError:
            return not_understood("an equation divbridge does not read")
        if result.kind == OPERATION_RESULT or result.is_operation_of(op):
            return understood(Case(None, result))
        return not_understood("a formula divbridge does not read")
    reading = read(items, render(items), "formula", output, op)
    if reading.understood and all(isinstance(s, Domain) for s in reading.statements):
        return reading
    return not_understood("a formula divbridge does not read")

def definition_of(reading: Reading, op: Operator | None) -> Result | None:
    """The result a single-equation definition of ``op`` gives (`C[i] = A[i] op B[i]`, `C[i] = -A[i]`, or in
    words), if it is one."""
    for statement in reading.statements:
        if isinstance(statement, Case) and statement.condition is None and (
                statement.result.kind == OPERATION_RESULT or (op is not None and statement.result.is_operation_of(op))):
            return statement.result
    return None


def domain_of_definition(reading: Reading) -> Condition | None:
    """"If B[i] ≠ 0, otherwise C[i] is not defined": the condition under which the definition applies."""
    cases = [s for s in reading.statements if isinstance(s, Case)]
    if len(cases) == 2 and cases[0].result.kind == OPERATION_RESULT and cases[1].result.kind == "undefined" and \
            isinstance(cases[1].condition, Otherwise):
        return cases[0].condition
    return None


# -- "in the n-th case" --------------------------------------------------------------------------------

def resolve_cases(doc) -> None:
    """Tie each sign rule "in the n-th case" to that row of the case table before it in its section; the
    rule then holds where the row's condition holds, and "the zero" names the operand that is zero there.
    Then mark the rows whose zero or infinity a sign sentence rules (their ``±`` or unsigned result is not
    left open: the sentence is checked on its own)."""
    _tie_cases(doc)
    for table in doc.tables:
        rules = [(part, s) for part in doc.parts_in(table.section)
                 for s in part.reading.statements if isinstance(s, SignRule)]
        ruled = set()
        for index, row in enumerate(table.rows, 1):
            kind = {"inf": "inf", "number": "zero"}.get(row.result.kind if row.result else "")
            if kind is None or (row.result.kind == "number" and row.result.value != 0):
                continue
            for part, rule in rules:
                if kind in rule.applies and (not rule.case or (part.line > table.line and rule.condition is not None
                                                               and _row_of(table, rule.case) is row)):
                    ruled.add(row.line)
        table.ruled = frozenset(ruled)


def _row_of(table, case: int):
    """The row "the n-th case" names (-1: the last), or None when there is no such row, or when that row, or one
    before it, is not read (the rows' count would be a guess)."""
    index = len(table.rows) if case == -1 else case
    if not 1 <= index <= len(table.rows) or any(r.condition is None for r in table.rows[:index]):
        return None
    return table.rows[index - 1]


def _tie_cases(doc) -> None:
    for part in doc.parts:
        rules = [s for s in part.reading.statements if isinstance(s, SignRule) and s.condition is None and s.case]
        if not rules:
            continue
        tables = [t for t in doc.tables if t.section == part.section and t.line < part.line]
        statements = []
        for statement in part.reading.statements:
            resolved = _resolved(statement, tables[-1] if tables else None) if statement in rules else statement
            if isinstance(resolved, str):      # the sentence is read whole or not at all
                part.reading = not_understood(resolved)
                break
            statements.append(resolved)
        else:
            part.reading = Reading(tuple(statements))


def _resolved(rule: SignRule, table) -> SignRule | str:
    if table is None:
        return "a sign rule for a case of a table, with no table before it"
    row = _row_of(table, rule.case)
    if row is None:
        which = "the last case" if rule.case == -1 else f"case {rule.case}"
        unread = sum(r.condition is None for r in table.rows)
        return f"a sign rule for {which} of a table of {len(table.rows)} rows" + \
            (f", {unread} of them not read" if unread else "")
    earlier = [r.condition for r in table.rows[:table.rows.index(row)]]
    condition = row.condition
    if isinstance(condition, Otherwise):
        condition = Not(Or(tuple(earlier))) if earlier else None
    sign = rule.sign
    if "Z" in sign:
        zero = _zero_operand(row.condition)
        if zero is None:
            return "names 'the zero' in a case where no operand is zero"
        sign = "xor:" + "".join(sorted(set(sign[4:].replace("Z", zero))))
    applies = rule.applies
    if row.result is not None and row.result.kind in ("inf", "number"):
        applies = ("inf",) if row.result.kind == "inf" else ("zero",)
    return SignRule(sign, applies, condition, rule.case)


def _zero_operand(condition) -> str | None:
    atoms = [condition] if isinstance(condition, Atom) else list(getattr(condition, "parts", ()))
    zeros = [a.operand for a in atoms if isinstance(a, Atom) and a.op == "=" and a.literal is not None and
             a.literal.kind == "number" and a.literal.value == 0]
    return zeros[0] if len(zeros) == 1 else None

