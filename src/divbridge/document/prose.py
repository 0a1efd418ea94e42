"""What a sentence (or a formula outside tables and matrices) states, read by meaning.

A sentence arrives as tokens: its words, and its inline math parsed by
pylatexenc (`document.latex`).  It is read in a controlled vocabulary, by
meaning rather than by fixed wording:

- the operation of the section (`meaning.Semantics`): "according to IEEE 754
  floating-point semantics", "IEEE 754 <gerund>", "correctly rounded",
  "rounded to nearest (even)"; "the algebraic <noun> ... with any
  fractional part discarded", "truncated / rounded toward zero"; "rounded
  toward negative infinity / down", "floor"; "up", "ceiling"; "to nearest";
  "the exact <noun>" (the operator's words, and those every document is read
  with: `document.lexicon`);
- the sign of a zero or infinite result (`meaning.SignRule`): the subject
  (±0, ±inf, "a zero or infinite result") and the operands whose signs decide
  it: "the sign of B[i]" is B's sign alone; "the signs of A[i] and B[i]",
  "the signs of A[i] and the zero", "the exclusive or of the
  signs", "negative if and only if exactly one of A, B has its sign bit set"
  and "according to the IEEE 754 rules" (with no operand named) are the
  exclusive or of both signs; "In the first / second / third case" ties the
  rule to that row of the section's case table (`resolve_cases`);
- a case in words (`meaning.Case`): "C[i] is NaN if A[i] and B[i] are both
  0", "If B[i] ≠ 0, otherwise C[i] is not defined"; a special-value rule
  (`document.caserule`);
- the definition: "C[i] is the result of <verb> A[i] and B[i]", "the
  operator <verb> A and B element-wise", "C = A[i] op B[i]";
- preconditions (`meaning.Domain`): "∀ i, B[i] ≠ 0", "no element of B is
  zero", "<gerund> by zero is undefined", the smallest value of the type
  over -1 excluded; error conditions; same shape, same type; error bounds;
- sentences that state nothing (an introduction, "has no attribute").

Conditions inside a sentence are read by the formula grammar
(`document.formula`), so "A[i] or B[i] is NaN", "is not NaN", negations and
IEEE comparisons mean what they mean in a table.  Anything else is "not
understood", with the reason: never guessed.
"""

from __future__ import annotations

import re
from fractions import Fraction

from divbridge import operators
from divbridge.document import caserule, lexicon, signs
from divbridge.document.formula import (GRAMMAR_INFIX, And, Atom, Condition, LatexError, Literal, Not, Or, Otherwise,
                                        Result, condition_of, result_of)
from divbridge.document.latex import Token, render, text_tokens, tokens
from divbridge.document.meaning import (Accuracy, Case, Constraint, Domain, ErrorCondition, NoClaim, Reading,
                                        Semantics, SignRule, not_understood, understood)
from divbridge.operators.model import OPERATION_RESULT, Operator, Vocabulary

_OPERANDS = {"a": "A", **{name: "A" for name in lexicon.A_NAMES}, "x": "A", "b": "B",
             **{name: "B" for name in lexicon.B_NAMES}, "y": "B"}
# the words every document names the operators, their operands and their results by (`document.lexicon`)
_NOUNS, _GERUNDS = lexicon.alternatives(lexicon.NOUNS), lexicon.alternatives(lexicon.GERUNDS)
_NAMES, _B_NAMES = lexicon.alternatives(lexicon.NAMES), lexicon.alternatives(lexicon.B_NAMES)


def plain(items) -> str:
    """Tokens as one lowercase line, operands A[i], B_i, C[i] written a, b, c: what phrases are matched on."""
    words = []
    k = 0
    items = list(items)
    while k < len(items):
        token = items[k]
        text = token.text.lower() if token.kind in ("word", "number", "sym") else render((token,)).lower()
        if token.kind == "word" and text in ("a", "b", "c", "y", "x") and token.text.isupper():
            rest = items[k + 1:k + 4]
            if len(rest) == 3 and [t.text.lower() for t in rest] in (["[", "i", "]"], ["(", "i", ")"]):
                k += 3
            elif rest and rest[0].kind == "subscript":
                k += 1
            text = token.text.lower()
        glued = token.kind == "sym" and token.text == "-" and 0 < k < len(items) - 1 and words and \
            items[k - 1].pos + len(items[k - 1].text) == token.pos == items[k + 1].pos - 1 and \
            items[k - 1].kind == items[k + 1].kind == "word"
        if glued:   # "non-zero", "element-wise": one word, as written
            words[-1] += "-" + items[k + 1].text.lower()
            k += 2
            continue
        words.append(text)
        k += 1
    return " ".join(" ".join(words).split())


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


# -- the operation of the section ------------------------------------------------------------------

_IEEE = re.compile(r"ieee\s*-?\s*754\s*(?:floating\s*-?\s*point\s+)?(?:semantics|arithmetic"
                   rf"|{_GERUNDS}|{_NOUNS}|rules?\s+for\s+(?:{_GERUNDS}))|correctly\s+rounded"
                   r"|round(?:ed|ing)?\s+to\s+(?:the\s+)?nearest\s*(?:,\s*)?(?:ties\s+to\s+)?even"
                   r"|round(?:ed|ing)?\s+to\s+(?:the\s+)?nearest\s*,?\s*ties\s+to\s+even")
_ROUNDINGS = (
    ("trunc", r"fractional\s+part(?:\s+of\s+(?:the\s+)?\w+)?\s+(?:is\s+|being\s+)?(?:discarded|dropped|removed|truncated)"
              r"|discard(?:s|ing)?\s+(?:any\s+|the\s+)?fractional\s+part|(?:truncat\w*|round\w*)\s+(?:toward|towards|to)\s+zero"
              r"|\btruncat(?:ed|ion|ing|es)\b"),
    ("floor", r"round\w*\s+(?:toward|towards|to)\s+(?:negative|minus)\s+infinity|round(?:ed|s)?\s+down|\bfloor(?:ed|ing)?\b"),
    ("ceil", r"round\w*\s+(?:toward|towards|to)\s+(?:positive|plus)\s+infinity|round(?:ed|s)?\s+up|\bceil(?:ing)?\b"),
    ("nearest", r"round\w*\s+to\s+(?:the\s+)?nearest"),
)
_NEGATED = re.compile(r"(?:\bnot|\bnever|\brather\s+than|\binstead\s+of|\bunlike|\bno)\s+(?:\w+\s+){0,2}$")
_ABOUT_RESULT = re.compile(rf"{_NOUNS}|result|{_GERUNDS}|{lexicon.alternatives(lexicon.VERBS)}|\bc\b|output"
                           rf"|\b(?:{_NAMES})\b")


def _semantics(text: str, family: str, op: Operator) -> list[Semantics]:
    ieee = Semantics("ieee754", op.vocabulary)
    text = re.sub(r"\([^()]*\)", " ", text)     # a parenthetical remark says nothing of the operation
    if family == "float" and _IEEE.search(text) and not _NEGATED.search(text[:_IEEE.search(text).start()]):
        return [ieee]
    modes = []
    for mode, pattern in _ROUNDINGS:
        for m in re.finditer(pattern, text):
            if not _NEGATED.search(text[:m.start()]) and mode not in modes:
                modes.append(mode)
    if len(modes) != 1 or not _ABOUT_RESULT.search(text):
        return []
    if family == "float" and modes[0] == "nearest":
        return [ieee]
    return [Semantics(modes[0], op.vocabulary)]


# -- signs ------------------------------------------------------------------------------------------

_SUBJECT = re.compile(r"sign\s+of\s+(?P<what>.+?)\s+(?:is|are|carries|carry|has|have|takes|take|follows|follow|"
                      r"gets|get|equals|equal)\b")
_DECIDED = re.compile(r"(?:is|are)\s+(?:determined|given|defined|computed|obtained)\s+(?:from|by|with|according\s+to)"
                      r"|(?:carr(?:y|ies)|ha(?:s|ve)|takes?|gets?|follows?|(?:is|are)\s+that\s+of|(?:is|are)\s+the\s+same\s+as)")
_XOR = re.compile(r"negative\s+(?:if\s+and\s+only\s+if|iff|exactly\s+when)\s+exactly\s+one\s+of"
                  r"|negative\s+(?:if\s+and\s+only\s+if|iff|exactly\s+when)\s+(?:a|the\s+operands)\s+(?:and\s+b\s+)?"
                  r"(?:have|are\s+of)\s+(?:different|opposite)\s+signs?")
_NEGATIVE_WHEN = re.compile(r"(?:is|are)\s+negative\s+(?:if\s+and\s+only\s+if|iff|exactly\s+when|precisely\s+when)\s+"
                            r"(?P<sign>.+?)\s+(?:is|are)\s+(?:set|negative|one|1)\s*\.?$")
_IEEE_RULES = re.compile(r"according\s+to\s+(?:the\s+)?ieee\s*-?\s*754(?:\s+rules?|\s+standard)?")
_CASE = re.compile(r"\bin\s+(?:the\s+)?(?P<nth>first|second|third|fourth|fifth|sixth|seventh|eighth|last|\d+(?:st|nd|rd|th))"
                   r"\s+(?:case|row|line)|\bin\s+case\s+(?P<n>\d+)")
_ORDINALS = {"first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8}


def _applies(subject: str) -> tuple[str, ...]:
    found = tuple(w for w, p in (("zero", r"(?<!non-)(?<!non )\bzeros?\b|±\s*0\b|\b0\b"),
                                 ("inf", r"infinit|\binf\b|∞")) if re.search(p, subject))
    return found or ("zero", "inf")


def _sign_rule(text: str) -> SignRule | None | str:
    """The sign rule a sentence states; None when it states none; a string: why it cannot be read.  The subject
    (whose sign: a zero, an infinity, the result) is found here, what the sign is by the sign grammar
    (`document.signs`)."""
    fixed = re.search(r"(?:is|are)\s+always\s+(positive|negative)", text)
    if "sign" not in text and not (fixed and re.search(r"\bzeros?\b|infinit|\binf\b|±", text[:fixed.start()])):
        return None
    subject_m = _SUBJECT.search(text)
    subject = subject_m.group("what") if subject_m else text[:text.find("sign")]
    case = _CASE.search(text)
    nth = 0
    if case:
        nth = _ORDINALS.get(case.group("nth") or "", 0) or int(re.sub(r"\D", "", case.group("nth") or case.group("n"))) \
            if (case.group("nth") or "") != "last" else -1
    if fixed:
        return SignRule("+" if fixed.group(1) == "positive" else "-", _applies(subject), None, nth)
    if _XOR.search(text):
        return SignRule("xor:AB", _applies(subject), None, nth)
    negative = _NEGATIVE_WHEN.search(text)
    if negative and (sign := signs.sign_of(negative.group("sign"))) is not None and sign.code:
        return SignRule(sign.code, _applies(subject), None, nth)
    decided = subject_m or _DECIDED.search(text)
    if not decided:
        return None
    after = text[decided.end() if subject_m else decided.start():]
    if case:
        after = after.replace(case.group(0), " ")
    after = re.sub(r"\([^()]*\)", " ", _IEEE_RULES.sub(" ", after)).strip(" ,.;")
    sign = signs.sign_of(after) or signs.sign_of(re.split(r"\s*[,;]\s*", after)[0])
    if sign is None:
        if _IEEE_RULES.search(text[decided.start():]):
            return SignRule("xor:AB", _applies(subject), None, nth)
        return "names a sign it does not say how to compute"
    if sign.fixed:
        return SignRule(sign.fixed, _applies(subject), None, nth)
    if sign.negated:
        return f"gives the sign {sign}, which no statement can say"
    operands = {"Z" if o in "ZI" else o for o in sign.operands}
    if "Z" in operands and not nth:
        return "names 'the zero' outside a case of a table"
    return SignRule("xor:" + "".join(sorted(operands)), _applies(subject), None, nth)


# -- the whole sentence -------------------------------------------------------------------------------

# sentences that state nothing of the operator's values, by what they are (the reason `read` gives)
_NO_CLAIMS = tuple((why, re.compile(pattern)) for why, pattern in (
    ("an introduction of what follows",
     r"^(?:the\s+)?(?:mathematical\s+)?definition\s+of\s+the\s+operator\s+is\s+given"
     r"|illustrated\s+(?:on|by|in)\s+the\s+following|\bexamples?\s+(?:below|that\s+follow|hereafter)"
     r"|^for\s+(?:an?\s+[\w-]+\s+tensor\s+and\s+)?(?:any|every|all|each)\s+(?:valid\s+)?(?:tensor\s+)?ind(?:ex|ices)\s+\w*\s*[:,]?$"
     r"|^the\s+effect\s+of\s+the\s+operator|^result\s+c\s+will\s+be|^see\s+(?:the\s+)?why3"),
    ("a label", r"^(?:an?\s+)?(?:worked\s+)?example\s*(?:\d+\s*)?(?:,[^.]*)?:?$|^where\s*:?$|^none$"
                rf"|^(?:the\s+)?(?:{lexicon.alternatives((*lexicon.A_NAMES, *lexicon.B_NAMES))}|result|output|(?:{_NOUNS})s?)"
                rf"(?:\s+of\s+the\s+(?:{_GERUNDS}))?$"
                r"|^restriction\s*\|?\s*statement|^definition\s+of\s+operator"),
    ("the naming of an operand or a type",
     r"^[abcy]\s*:|^(?:a|b)\s+and\s+(?:a|b)\s+are\s+tensors\s+holding|^where\s+\w+\s+(?:is\s+in|is\s+one\s+of|belongs\s+to|∈)"),
    ("the signature", rf"\b\w\s*=\s*(?:{_NAMES})\s*\(\s*a\s*,\s*b\s*\)$"),
    ("no attribute or restriction to state", r"has\s+no\s+attributes?|general\s+restrictions|no\s+specific\s+restrictions"
                                            r"|restrictions?\s+(?:apply|hold|are\s+applicable)"),
    ("where the text comes from", r"based\s+on\s+onnx|written\s+after\s+the\s+onnx"),
))
_INDEX_CLAUSE = re.compile(r"^(?:if|when|for|where)\s+(?:every\s+|each\s+|any\s+|all\s+)?(?:valid\s+)?(?:index\s+)?i\s+"
                           r"(?:is|being|in)\s+(?:an?\s+|the\s+)?(?:valid\s+)?(?:tensor\s+)?(?:index|indices)\s*,\s*")
_SCOPE = re.compile(r"^(?:[\w-]+\s+){1,3}(?:is|are)\s+(?:out\s+of|outside(?:\s+of)?|beyond)\s+(?:the\s+)?scope\b")
_SAME = r"(?:the\s+same|same|one\s+and\s+the\s+same|one|a\s+single|single|identical|equal|a\s+common|common)"
_SHAPE = re.compile(rf"\b{_SAME}\s+shapes?\b|\bshapes?\s+(?:are|is|must\s+be|shall\s+be)\s+{_SAME}\b"
                    r"|\bshare\s+(?:one|a|the\s+same)\s+shape|\bno\s+broadcast|nothing\s+is\s+broadcast"
                    r"|broadcasting\s+is\s+(?:not\s+allowed|forbidden)"
                    rf"|\bshapes\s+of\s+[^.;]*?\s+(?:are|must\s+be|shall\s+be)\s+(?:equal|identical|{_SAME})\b")
_BROADCAST = re.compile(r"\bbroadcast")       # a sentence that says the operands are broadcast states no same shape
_NO_BROADCAST = re.compile(r"\bno\s+broadcast|nothing\s+is\s+broadcast|\bnot\s+(?:be\s+)?broadcast|without\s+broadcast"
                           r"|broadcasting\s+is\s+(?:not\s+(?:allowed|supported|permitted)|forbidden|excluded)")
_DIFFERENT = re.compile(r"\b(?:different|another|other|distinct|differing)\s+(?:element\s+|data\s*)?(?:types?|shapes?)\b"
                        r"|\b(?:types?|shapes?)\s+(?:may|can|might)\s+differ")   # not one shape or type: not read as one
_TYPE = re.compile(rf"\b{_SAME}\s+(?:element\s+|data\s*)?(?:types?|datatypes?)\b"
                   rf"|\b(?:element\s+)?types?\s+(?:are|is|must\s+be|shall\s+be)\s+{_SAME}\b"
                   r"|\bshare\s+(?:one|a|the\s+same)\s+(?:element\s+)?type"
                   rf"|\btypes\s+of\s+[^.;]*?\s+(?:are|must\s+be|shall\s+be)\s+(?:equal|identical|{_SAME})\b")
_ACCURACY = re.compile(r"rounding\s+error|accuracy|relative\s+error|error\s+bound|\bulps?\b")
_B_NONZERO = re.compile(r"no\s+element\s+of\s+(?:the\s+)?(?:tensor\s+)?b\s+(?:is|may\s+be|can\s+be|shall\s+be)\s+(?:zero|0)"
                        rf"|(?:b|{_B_NAMES})\s+(?:must|shall|may|can)\s*not\s+(?:be|contain|hold)\s+(?:zero|0|any\s+zero)"
                        r"|every\s+element\s+of\s+b\s+is\s+non\s*-?\s*zero"
                        rf"|b\s+holds\s+no\s+zero|(?:b|{_B_NAMES})\s+(?:is|must\s+be|shall\s+be)\s+non\s*-?\s*zero")
_B_ZERO = re.compile(rf"(?:{_GERUNDS})\s+by\s+(?:0|zero)|zero\s+(?:{_B_NAMES})|null\s+(?:{_B_NAMES})"
                     rf"|(?:{_B_NAMES})\s+(?:is|equals?)\s+(?:0|zero|null)|b\s*(?:=|is|equals)\s*(?:0|zero)\b")
_EXCLUDES = re.compile(r"\b(?:not\s+(?:allowed|valid|permitted|supported)|forbidden|excluded|invalid|undefined|not\s+defined"
                       r"|except\s+(?:when|if|for|where)|excepted|ruled\s+out|not\s+occur"
                       r"|unspecified|must\s+not|shall\s+not|cannot|precondition|prevented)\b")
_IMPLEMENTATION = re.compile(r"implementation[- ]\s*(?:dependent|defined|specific)|left\s+to\s+(?:the\s+)?implementations?")
_SMALLEST = re.compile(r"\b(?:smallest|minimum|minimal|lowest|most\s+negative|least)\b|\bint\s*_?\s*min\b"
                       r"|-\s*2\s*\^\s*\{?\s*\(?\s*[nwb]\s*-\s*1")
_LARGEST = re.compile(r"\b(?:largest|greatest|maximum|maximal|highest|biggest)\b|\bint\s*_?\s*max\b")
_MINUS_ONE = re.compile(r"(?:=|equal\s+to|equals|is|by|and|over|with|/|,)\s*-\s*1\b|minus\s+one")
_NOT_A_DEFINITION = re.compile(r"\b(?:if|when|whenever|unless|except|not|never|undefined|zero|null|nan|inf|infinity|"
                               r"infinite|sign|error|may|might|could|example|examples|shape|type|types)\b")


def _defines_result(items: list[Token], line: str, named_by: re.Pattern) -> bool:
    """A sentence that says C holds A op B, however worded: a word of the operator (``named_by``), both operands,
    no condition, negation or special value (those are other statements)."""
    if not named_by.search(line) or _NOT_A_DEFINITION.search(line):
        return False
    named = set()
    for k, token in enumerate(items):
        nxt = items[k + 1].text if k + 1 < len(items) else ""
        if token.kind == "word" and token.text in ("A", "B") and (k > 0 or nxt == "["):   # "A" opening is an article
            named.add(token.text)
        elif token.kind == "word" and token.text.lower() in _OPERANDS and len(token.text) > 1:
            named.add(_OPERANDS[token.text.lower()])
    return named == {"A", "B"}


_CASE_SENTENCE = re.compile(rf"^(?P<subject>[^,]*?\b(?:output|result|c|{_NOUNS})\b[^,]*?)\s+(?:is|equals|will\s+be)\s+"
                            r"(?P<result>.+?)\s+(?:if|when|whenever)\s+")


def _definition_words(op: Operator) -> re.Pattern:
    """How a sentence names the operator's result: its result nouns, verbs and gerund (or their plurals); by the
    forms of its verb its description lists (`Wording.verb_forms`) instead of its verbs when it lists them."""
    vocabulary = op.vocabulary
    if op.wording.verb_forms:
        return re.compile(rf"\b(?:{lexicon.alternatives(vocabulary.result_nouns)})s?\b|\b(?:{op.wording.verb_forms})\b"
                          rf"|\b(?:{re.escape(vocabulary.gerund)})\b")
    named_by = (*vocabulary.result_nouns, *vocabulary.verbs, vocabulary.gerund)
    return re.compile(r"\b(?:" + "|".join(re.escape(w) for w in named_by) + r")s?\b")


def _other_operation(line: str, op: Operator) -> str:
    """Another operator's verb or result noun in a sentence defining the section's result (another operator's
    verb in a page written from that operator's page), or ""."""
    own = {*op.vocabulary.verbs, *op.vocabulary.result_nouns}
    for other in operators.OPERATORS.values():
        theirs = [w for w in (*other.vocabulary.verbs, *other.vocabulary.result_nouns) if w not in own]
        found = re.search(r"\b(?:" + "|".join(map(re.escape, theirs)) + r")s?\b", line) if theirs else None
        if found:
            return f"«{found.group(0)}»: {other.name}'s"
    return ""


def read(items, text: str, family: str, output: str = "C", op: Operator | None = None) -> Reading:
    """A sentence: its tokens (with ``output`` the name of the result, C or Y), its text, its section's family;
    ``op``: the document's operator (by default, the registry's default operator), whose words say how a
    special-value rule joins two operands (`caserule`), how the definition names the result."""
    op = op or lexicon.READ_WITH
    vocabulary = op.vocabulary
    items = _without_label(list(items))
    line = plain(items)
    if output.lower() != "c":
        line = re.sub(rf"\b{output.lower()}\b", "c", line)
    if not line.strip(" .;:"):
        return understood(NoClaim("no words"))
    for why, pattern in _NO_CLAIMS:
        if pattern.search(line):
            return understood(NoClaim(why))
    line = _INDEX_CLAUSE.sub("", line)      # "If i is a tensor index, ...": what follows holds for every i
    if _SCOPE.search(line):
        return understood(NoClaim("a scope statement: what the operator is not about"))
    statements: list = []
    reasons: list[str] = []
    rules = caserule.read_zero_results(line, text, vocabulary.infix, vocabulary.joins, vocabulary.result_nouns) \
        or caserule.read_case_rules(line, text, vocabulary.joins, vocabulary.result_nouns) if family == "float" else []
    if isinstance(rules, str):
        reasons.append(rules)
        rules = []
    statements += rules
    sign = _sign_rule(line) if not rules else None   # a special-value rule says its sign itself
    if isinstance(sign, SignRule):
        statements.append(sign)
    elif isinstance(sign, str):
        reasons.append(f"a sign rule that {sign}")
    if not rules:
        statements += _semantics(line, family, op)
    case = _case(items, line)
    if isinstance(case, str):
        reasons.append(case)
    elif case:
        statements += case
    statements += _domain(items, line)
    statements += _error_condition(line)
    if _SHAPE.search(line) and not (_BROADCAST.search(line) and not _NO_BROADCAST.search(line)) \
            and not _DIFFERENT.search(line):
        statements.append(Constraint("shape"))
    elif _TYPE.search(line) and not _DIFFERENT.search(line):
        statements.append(Constraint("type"))
    if family == "float" and _ACCURACY.search(line) and not statements:
        statements.append(Accuracy(vocabulary.infix))
    if not any(isinstance(s, (Case, Domain, ErrorCondition, Constraint, SignRule, caserule.CaseRule))
               for s in statements) and _defines_result(items, line, _definition_words(op)):
        statements.append(Case(None, _result(op)))
    defines = any(isinstance(s, Semantics) or (isinstance(s, Case) and s.condition is None) for s in statements)
    other = _other_operation(line, op) if defines else ""
    if other:   # another operator's verb over the section's A[i] op B[i]: which operation do the words define?
        return not_understood(f"it names another operation ({other}) than the section's {vocabulary.gerund}")
    if statements:
        return Reading(tuple(dict.fromkeys(statements)))
    return not_understood("; ".join(reasons) or "a phrasing divbridge does not know")


def _without_label(items: list[Token]) -> list[Token]:
    """"Statement: ..." (a constraint bullet's label) is no part of what it states."""
    if len(items) >= 2 and items[0].kind == "word" and items[0].text.lower() == "statement" and items[1].text == ":":
        return items[2:]
    return items


def _case(items: list[Token], line: str):
    """"C[i] is NaN if A[i] and B[i] are both 0": Case statements; "If B[i] ≠ 0, otherwise C[i] is not
    defined": the definition's domain; a string: a case whose condition cannot be read."""
    m = re.match(r"^(?:if|when)\s+(?P<cond>.+?)\s*,?\s*(?:otherwise|else)\s*,?\s+c\s+is\s+(?:not\s+defined|undefined)", line)
    if m:
        condition = _condition_in(items, m.group("cond"))
        if condition is None:
            return "a domain whose condition cannot be read"
        return [Case(condition, Result(OPERATION_RESULT)), Case(Otherwise(), Result("undefined"))]
    m = _CASE_SENTENCE.match(line)
    if not m:
        return None
    try:
        result = result_of(_words_tokens(m.group("result")))
    except LatexError:
        return None
    condition = _condition_in(items, line[m.end():])
    if condition is None:
        return "a case whose condition cannot be read"
    return [Case(condition, result)]


def _condition_in(items: list[Token], phrase: str) -> Condition | None:
    """The condition written in a phrase of the sentence, read with the formula grammar (parenthetical
    remarks such as "(+0.0 or -0.0 according to IEEE754)" dropped)."""
    phrase = re.sub(r"(?<!not )\([^()]*\)", " ", phrase).strip(" .,;")    # "not (...)" is a negated condition
    try:
        return condition_of(_words_tokens(phrase))
    except LatexError:
        return None


def _words_tokens(phrase: str) -> list[Token]:
    """A phrase of a plain line as tokens again (its operands a, b spelled A, B for the formula grammar)."""
    return [Token(t.kind, t.text.upper() if t.text in ("a", "b") else t.text, t.pos) for t in text_tokens(phrase)]


_FORALL = re.compile(r"(?:∀|for\s+(?:all|every|each|any))\s*(?:valid\s+)?(?:(?:tensor\s+)?index\s+)?(?:i\s*[,:]?|[,:])"
                     r"\s*(?P<cond>.+)$")


def _domain(items: list[Token], line: str) -> list:
    found = []
    nonzero_b = Atom("B", "≠", Literal("number", Fraction(0)))
    m = _FORALL.search(line)
    if m:
        condition = _condition_in(items, m.group("cond"))
        if condition is not None:
            found.append(Domain(_without_negation(condition)))
    elif _B_NONZERO.search(line) and not _SMALLEST.search(line):
        found.append(Domain(nonzero_b))
    elif _B_ZERO.search(line) and (_EXCLUDES.search(line) or _IMPLEMENTATION.search(line)) and \
            not _SMALLEST.search(line):   # B = 0 is outside what the text defines ("implementation dependent")
        found.append(Domain(nonzero_b))
    if _SMALLEST.search(line) and _MINUS_ONE.search(line) and _EXCLUDES.search(line):
        found.append(Domain(Or((Atom("A", "≠", Literal("min")), Atom("B", "≠", Literal("number", Fraction(-1)))))))
    elif _LARGEST.search(line) and _MINUS_ONE.search(line) and _EXCLUDES.search(line):
        # the wrong bound excluded (its result fits): read as written, so that check-spec can say so at this line
        found.append(Domain(Or((Atom("A", "≠", Literal("max")), Atom("B", "≠", Literal("number", Fraction(-1)))))))
    return found


def _without_negation(condition: Condition) -> Condition:
    """not (A = x and B = y) as A ≠ x or B ≠ y (De Morgan), so an exclusion reads the same however it is
    negated; any other condition as it is."""
    if isinstance(condition, Not) and isinstance(condition.part, And) and all(
            isinstance(p, Atom) and p.op in ("=", "≠") for p in condition.part.parts):
        return Or(tuple(Atom(p.operand, "≠" if p.op == "=" else "=", p.literal) for p in condition.part.parts))
    return condition


def _error_condition(line: str) -> list:
    if re.search(r"\bno\s+error\s+conditions?\b|\berror\s+conditions?\s*:?\s*none\b", line):
        return [ErrorCondition("none")]
    implementation = _IMPLEMENTATION.search(line)
    if implementation and re.search(r"\berror|\bbehaviou?r|\bresult", line):
        return [ErrorCondition("implementation")]
    if re.search(r"\berror", line) and re.search(r"\bundefined\b|\bnot\s+defined\b", line):
        return [ErrorCondition("undefined")]
    return []


def _result(op: Operator) -> Result:
    """The operator applied to A and B, as the definition's result (the operator of the formula grammar's infix
    has no infix of its own: `formula.Result`)."""
    return Result(OPERATION_RESULT) if op.vocabulary.infix == GRAMMAR_INFIX else \
        Result(OPERATION_RESULT, infix=op.vocabulary.infix)


def _applied(vocabulary: Vocabulary, rhs: str) -> bool:
    """Whether ``rhs`` (plain) is A, one of the operator's symbols, B: `A[i] \\times B[i]`, `A[i] + B[i]`."""
    symbols = set()
    for symbol in vocabulary.symbols:
        try:
            symbols.add(plain(tokens(symbol)))
        except LatexError:
            continue
    return any(rhs == f"a {s} b" for s in symbols if s)


def read_formula(items, output: str = "C", op: Operator | None = None) -> Reading:
    """A display formula that is neither a case table nor a matrix: `C[i] = A[i] op B[i]` in the operator's
    own symbol (`A[i] \\times B[i]`), a signature `C = \\textbf{Name}(A, B)`, or something else (not understood)."""
    op = op or lexicon.READ_WITH
    items = list(items)
    line = plain(items)
    if output.lower() != "c":
        line = re.sub(rf"\b{output.lower()}\b", "c", line)
    m = re.fullmatch(r"c\s*=\s*(?P<rhs>.+?)\s*[.,]?", line)
    if m and op.vocabulary.infix != GRAMMAR_INFIX and _applied(op.vocabulary, m["rhs"]):
        return understood(Case(None, _result(op)))
    if re.fullmatch(rf"\w\s*=\s*(?:{_NAMES})\s*\(\s*a\s*,\s*b\s*\)", line):
        return Reading((NoClaim("the signature"),), "signature")
    if m:
        equals = [k for k, t in enumerate(items) if t.kind == "sym" and t.text == "="]
        try:
            result = result_of(items[equals[0] + 1:])
        except LatexError:
            return not_understood("an equation divbridge does not read")
        if result.kind == OPERATION_RESULT:
            return understood(Case(None, result))
    forall = _domain(items, line)
    if forall:
        return understood(*forall)
    return not_understood("a formula divbridge does not read")


def definition_of(reading: Reading) -> Result | None:
    """The result a single-equation definition gives (`C[i] = A[i] op B[i]`, or in words), if it is one."""
    for statement in reading.statements:
        if isinstance(statement, Case) and statement.condition is None and statement.result.kind == OPERATION_RESULT:
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
    rows = [r for r in table.rows if r.condition is not None]
    index = len(rows) if case == -1 else case
    return rows[index - 1] if 1 <= index <= len(rows) else None


def _tie_cases(doc) -> None:
    for part in doc.parts:
        rules = [s for s in part.reading.statements if isinstance(s, SignRule) and s.condition is None and s.case]
        if not rules:
            continue
        tables = [t for t in doc.tables if t.section == part.section and t.line < part.line]
        statements = []
        why = ""
        for statement in part.reading.statements:
            if statement not in rules:
                statements.append(statement)
                continue
            resolved = _resolved(statement, tables[-1] if tables else None)
            if isinstance(resolved, str):
                why = resolved
            else:
                statements.append(resolved)
        part.reading = Reading(tuple(statements), why if not statements else "")


def _resolved(rule: SignRule, table) -> SignRule | str:
    if table is None:
        return "a sign rule for a case of a table, with no table before it"
    row = _row_of(table, rule.case)
    rows = [r for r in table.rows if r.condition is not None]
    if row is None:
        return f"a sign rule for case {rule.case} of a table of {len(rows)} rows"
    earlier = [r.condition for r in rows[:rows.index(row)]]
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

