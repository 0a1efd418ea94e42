"""The statement grammar (`statements.lark`), built with the operators' words, and parsing a sentence whole.

`parse(words)` parses a sentence's words (`document.words`) with Lark's Earley
parser: the tree of the whole sentence, or a `NotRead` naming the words not
consumed and the column where reading stopped.  Nothing is searched for
inside a sentence: a word the grammar does not take stops the parse, and a
sentence is read only when every word is consumed (the words that carry no
meaning are the grammar's ``FILLER``, dropped by name).  Parses are cached by
the words' text, so a sentence repeated in a document, or in every section,
is parsed once.

The grammar's placeholders (``{nouns}``...) are filled with the words of every
operator of the registry, as literal alternatives, so that the grammar file
names no operator; `word_operators` says which operator a word belongs to.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Token as LarkToken, Tree
from lark.exceptions import UnexpectedEOF, UnexpectedInput
from lark.lexer import Lexer
from lark.parsers import earley as earley_module

from divbridge import operators
from divbridge.document import lexicon
from divbridge.document.words import Word

GRAMMAR_FILE = Path(__file__).with_name("statements.lark")


def _verb_forms(pattern: str) -> tuple[str, ...]:
    """The words a description's `Wording.verb_forms` (``stem(?:e|es|ed|ing)``) spells."""
    m = re.fullmatch(r"(\w+)\(\?:([\w|]+)\)", pattern)
    return tuple(m[1] + ending for ending in m[2].split("|")) if m else ()


def _words(op) -> dict[str, tuple[str, ...]]:
    """An operator's words by the placeholder that takes them."""
    v = op.vocabulary
    forms = (*v.verbs, *_verb_forms(op.wording.verb_forms))
    single = [f for f in forms if " " not in f]
    found = {
        "nouns": (*v.result_nouns, *(n + "s" for n in v.result_nouns)),
        "gerunds": (v.gerund,),
        "verbs": tuple(f for f in single if f.endswith("s") and not f.endswith("ss")),
        "ings": tuple(f for f in single if f.endswith("ing")),
        "bases": tuple(f for f in single if not f.endswith(("s", "ing", "ed"))),
        "participles": tuple(f for f in forms if " " in f),
        "joins": v.joins,
        "names": (op.name.lower(),),
        # the grammar's statements are of two operands, A and B (`Operator.in_pipeline`'s descriptions)
        "a_names": (v.roles[0], *op.wording.operands[0]) if op.arity >= 1 else (),
        "b_names": (v.roles[1], *op.wording.operands[1]) if op.arity >= 2 else (),
    }
    return {key: tuple(dict.fromkeys(words)) for key, words in found.items()}


def _alternatives(phrases) -> str:
    """Phrases as a rule's alternatives of literal words: ``"first" "operand" | "over"``."""
    phrases = list(dict.fromkeys(phrases))
    return " | ".join(" ".join(f'"{w}"' for w in p.split()) for p in phrases) or '"\u2400never"'


def operator_words() -> dict[str, dict[str, tuple[str, ...]]]:
    """Placeholder -> {operator name: its words}, for every operator whose documents are read
    (`operators.in_pipeline`, as the registry is now: a test may register one)."""
    return _operator_words(tuple(operators.in_pipeline().values()))


@functools.lru_cache(maxsize=4)
def _operator_words(registry: tuple) -> dict[str, dict[str, tuple[str, ...]]]:
    found: dict[str, dict[str, tuple[str, ...]]] = {}
    for op in registry:
        for key, words in _words(op).items():
            found.setdefault(key, {})[op.name] = words
    found["times_nouns"] = {"*": lexicon.TIMES_NOUNS}
    found["times_participles"] = {"*": lexicon.TIMES_PARTICIPLES}
    return found


def word_operators(placeholder: str, phrase: str) -> tuple[str, ...]:
    """The operators (by name) whose ``placeholder`` words hold ``phrase``."""
    return tuple(name for name, words in operator_words()[placeholder].items() if phrase in words)


def grammar_text() -> str:
    """The grammar with every placeholder filled with the words of the operators whose documents are read; an
    indented line that does not open an alternative (``|``) continues the line above it (Lark's grammars end a
    rule at the end of a line)."""
    return _grammar_text(tuple(operators.in_pipeline().values()))


@functools.lru_cache(maxsize=4)
def _grammar_text(registry: tuple) -> str:
    text = re.sub(r"\n[ \t]+(?![ \t|/])", " ", GRAMMAR_FILE.read_text(encoding="utf-8"))
    for key, by_operator in _operator_words(registry).items():
        text = text.replace("{" + key + "}", _alternatives(w for words in by_operator.values() for w in words))
    return _factored(text)


_PIECE = re.compile(r'"(?:[^"\\]|\\.)*"|/(?:[^/\\]|\\.)+/[imslux]*|\(|\)|\||->\s*\w+|[?*+]|[^\s"()|?*+]+')
_RULE = re.compile(r"^(?P<head>\??[a-z_][a-z0-9_]*(?:\.\d+)?\s*:)(?P<body>.*)$")


def _factored(text: str) -> str:
    """The grammar with every group ``( ... )`` and every optional item ``x?`` of a rule made a rule of its own
    (``_o1``: inlined, so the parse trees are the same).  Lark writes each of them into the rule's expansions, so
    that a rule with k of them has up to 2^k expansions, each an item the Earley parser predicts: factored, a
    rule has as many expansions as it has alternatives."""
    helpers: dict[str, str] = {}

    def lift(body: str) -> str:
        pieces = _PIECE.findall(re.sub(r"\s//.*$", "", body))
        out: list[str] = []
        k = 0
        while k < len(pieces):
            piece = pieces[k]
            if piece == "(":
                depth, end = 1, k + 1
                while depth:
                    depth += {"(": 1, ")": -1}.get(pieces[end], 0)
                    end += 1
                inner = " ".join(pieces[k + 1:end - 1])
                quantifier = pieces[end] if end < len(pieces) and pieces[end] in "?*+" else ""
                if quantifier in ("*", "+"):
                    out.append(f"({lift(inner)}){quantifier}")
                else:
                    out.append(helper(lift(inner), optional=quantifier == "?"))
                k = end + (1 if quantifier else 0)
                continue
            if k + 1 < len(pieces) and pieces[k + 1] == "?" and piece not in ("|",) and not piece.startswith("->"):
                out.append(helper(piece, optional=True))
                k += 2
                continue
            out.append(piece)
            k += 1
        return " ".join(out)

    def helper(body: str, optional: bool) -> str:
        definition = body + (" |" if optional else "")
        name = helpers.setdefault(definition, f"_o{len(helpers) + 1}")
        return name

    lines = []
    in_rule = False
    for line in text.split("\n"):
        m = _RULE.match(line)
        alternative = re.match(r"^(\s+\|)(.*)$", line) if in_rule else None
        in_rule = bool(m or alternative) or (in_rule and not line.strip())
        if m:
            lines.append(f"{m['head']} {lift(m['body'])}")
        elif alternative:
            lines.append(f"{alternative[1]} {lift(alternative[2])}")
        else:
            lines.append(line)
    return "\n".join(lines + [f"{name}: {definition}" for definition, name in helpers.items()]) + "\n"


class _WordLexer(Lexer):
    """The words as Lark tokens: a word the grammar writes is that literal's terminal; a number, a power, a
    macro, a requirement tag or the capital A opening a sentence, its class; anything else WORD."""

    __future_interface__ = 0

    def __init__(self, lexer_conf):
        self.literals = {}
        self.next_type: str | None = None      # the terminal of the word the parser scans next (`_Predictions`)
        filler = None
        for terminal in lexer_conf.terminals:
            pattern = terminal.pattern
            if terminal.name in lexer_conf.ignore:
                filler = re.compile(pattern.to_regexp())
            elif pattern.type == "str":
                self.literals[pattern.value] = terminal.name
        self.filler = filler

    def lex(self, data):
        for index, word in enumerate(data):
            if word.kind == "cap":
                kind = "A_CAP"
            elif word.text in self.literals:
                kind = self.literals[word.text]
            elif self.filler is not None and self.filler.fullmatch(word.text):
                continue
            elif word.kind == "number":
                kind = "NUMBER"
            elif word.kind == "script":
                kind = "SCRIPT"
            elif word.kind == "math":
                kind = "MATH"
            elif re.fullmatch(r"[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)*_?\d+[A-Za-z]?", word.raw or word.text) and \
                    any(c.isdigit() for c in word.text) and ("_" in word.text or (word.raw or word.text)[0].isupper()):
                kind = "TAG"
            else:
                kind = "WORD"
            self.next_type = kind
            yield LarkToken(kind, word.text, start_pos=index, end_pos=index + 1, line=1, column=index + 1,
                            end_line=1, end_column=index + 2)
        self.next_type = None      # the end, and the next parse's first predictions: unknown, nothing filtered


class _Predictions:
    """The rules the Earley predictor adds for a symbol: its own expansions (not the closure Lark precomputes,
    which it would predict again for every item the closure brings), and of those only the ones that can start with the
    word scanned next or derive nothing (`_WordLexer.next_type`; before the first word and after the last, which
    it does not know, all of them): the same parses, a fraction of the items."""

    def __init__(self, parser: Lark, lexer: _WordLexer):
        earley = parser.parser.parser
        self.lexer, self.first, self.nullable = lexer, earley.FIRST, earley.NULLABLE
        self.own: dict = {}
        for rule in parser.rules:
            self.own.setdefault(rule.origin, []).append(rule)
        self.starts: dict = {}       # rule -> (the terminals it can start with, whether it derives nothing)
        self.filtered: dict = {}     # (symbol, next terminal) -> its rules that may match

    def _start(self, rule) -> tuple[frozenset, bool]:
        if rule not in self.starts:
            first: set = set()
            for symbol in rule.expansion:
                first |= {symbol.name} if symbol.is_term else {t.name for t in self.first.get(symbol, ())}
                if symbol.is_term or symbol not in self.nullable:
                    break
            else:
                self.starts[rule] = (frozenset(first), True)
                return self.starts[rule]
            self.starts[rule] = (frozenset(first), False)
        return self.starts[rule]

    def __getitem__(self, symbol) -> list:
        key = (symbol, self.lexer.next_type)
        if key[1] is None:
            return self.own.get(symbol, [])
        if key not in self.filtered:
            self.filtered[key] = [r for r in self.own.get(symbol, ())
                                  if (start := self._start(r))[1] or key[1] in start[0]]
        return self.filtered[key]


def parser() -> Lark:
    return _parser(grammar_text())


class _Analysis:
    """What Lark's Earley parser asks of the grammar's analysis, without the LR(0) states and FOLLOW sets its own
    analyzer computes for any parser (half the time it takes to build this one): the terminals each symbol can
    start with (FIRST) and the symbols that derive nothing (NULLABLE); no closures (`_Predictions` replaces
    them)."""

    def __init__(self, parser_conf):
        rules = parser_conf.rules
        self.NULLABLE: set = set()
        self.FIRST: dict = {}
        for rule in rules:
            self.FIRST.setdefault(rule.origin, set())
            for symbol in rule.expansion:
                self.FIRST.setdefault(symbol, {symbol} if symbol.is_term else set())
        changed = True
        while changed:
            changed = False
            for rule in rules:
                first = self.FIRST[rule.origin]
                for symbol in rule.expansion:
                    if not self.FIRST[symbol] <= first:
                        first |= self.FIRST[symbol]
                        changed = True
                    if symbol not in self.NULLABLE:
                        break
                else:
                    if rule.origin not in self.NULLABLE:
                        self.NULLABLE.add(rule.origin)
                        changed = True

    def expand_rule(self, origin) -> list:
        return []


@functools.lru_cache(maxsize=4)
def _parser(text: str) -> Lark:
    analyzer = earley_module.GrammarAnalyzer
    earley_module.GrammarAnalyzer = _Analysis     # for the parser built here only
    try:
        parser = Lark(text, parser="earley", lexer=_WordLexer, start=["start", "sign_start"], keep_all_tokens=True,
                      propagate_positions=True, maybe_placeholders=False, ambiguity="resolve")
    finally:
        earley_module.GrammarAnalyzer = analyzer
    # Lark's Earley predictor adds, for every item expecting a rule, that rule's whole closure (every rule it can
    # start with), and does so again for each item the closure adds: with this grammar's hundreds of rules, most
    # of a parse's time.  Each rule's own expansions that can start with the next word are enough (the predictor
    # predicts the items it adds in turn, as Earley's algorithm does).  (Lark 1.3.1, pinned.)
    parser.parser.parser.predictions = _Predictions(parser, parser.parser.lexer.lexer)
    return parser


@dataclass(frozen=True)
class NotRead:
    """Where the grammar stopped: the index of the first word it could not take (len(words): the sentence ended
    before a statement did)."""

    at: int


@functools.lru_cache(maxsize=8192)
def _parse(texts: tuple[tuple[str, str, str], ...], start: str, grammar: str) -> Tree | NotRead:
    words = [Word(text, kind, 0, 0, raw) for text, kind, raw in texts]
    parser = _parser(grammar)
    parser.parser.lexer.lexer.next_type = None     # a parse that failed left the word it stopped at
    try:
        return parser.parse(words, start=start)
    except UnexpectedEOF:
        return NotRead(len(words))
    except UnexpectedInput as exc:
        token = getattr(exc, "token", None)
        return NotRead(token.start_pos if isinstance(token, LarkToken) and token.start_pos is not None else len(words))


def parse(words: list[Word], start: str = "start") -> Tree | NotRead:
    """The parse of the whole sentence (a tree whose tokens' ``start_pos`` index ``words``), or where it stopped."""
    return _parse(tuple((w.text, w.kind, w.raw) for w in words), start, grammar_text())
