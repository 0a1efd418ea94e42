"""No operator is named outside its description (src/divbridge/operators/), its templates and the tests, and no
prover term is built from an operator's name.

The words an operator is known by are taken from the registry itself: its name, its vocabulary (verbs, the
result's noun, the operands' roles, the gerund), the names the provers write its operation with (printed by
`divbridge.terms`) and its names in the runtimes.  A generic module that needs one of them gets it from the
`Operator` it is given; this test reads every identifier, string and comment of the package (Python's
tokenizer) and every generic template, and names each line that does not.  The prover primitives themselves
(IEEE 754's division beside its negation, bvsdiv beside bvneg) are the term library's (`divbridge.terms`), as
Why3's GenericFloat holds them: that package is not read for names.

A generic module builds a prover term from a tree and a printer, never by splicing an operator's name into text:
`test_no_prover_term_is_spliced_from_a_name` reads every f-string and template for that.
"""

from __future__ import annotations

import ast
import builtins
import io
import re
import tokenize
from pathlib import Path

import divbridge
from divbridge.operators import OPERATORS
from divbridge import terms
from divbridge.terms import coq, smtlib

PACKAGE = Path(divbridge.__file__).resolve().parent

# English and Python in their generic sense: a set's `add`, a Fraction's `numerator`, argparse's
# `add_argument`, xml's `SubElement`, sympy's `Add` and `Mul` (a sum's and a product's expression class),
# "added", "differences" between two runs; IEEE 754's negation (``fp.neg``, a sign bit's "negative"), SQL-like
# "where", "select" and "selection" (a choice of provers), which name Neg and Where as well as their generic sense
# (their modules build terms from the term library: the f-string check below holds them to it).
# The mathematical functions and words of a float's encoding in their own sense too: a float's exponent and
# base, a power of two (sympy's Pow), a run's log, and LaTeX's \exp, \log, \sqrt, \tanh, which the accuracy notes'
# formulas are read with (`document.mathexpr`) as mathematics, whichever operator a note is about.
GENERIC_WORDS = {"adds", "added", "differences", "neg", "negs", "negative", "negatives", "where", "wheres",
                 "select", "selects", "selected", "selection", "selections", "exponent", "exponents", "base", "bases",
                 "pow", "pows", "power",
                 "powers", "log", "logs", "exp", "exps", "sqrt", "sqrts", "tanh", "tanhs",
                 # Abs's and Relu's runtime names, words of their own elsewhere: an absolute path, |x| in an
                 # accuracy note, a maximum of a set
                 "abs", "absolute", "absolutes", "maximum", "maximums", "max",
                 # Less's name and words, English's for any comparison (a condition's "A < B", "less than"), and
                 # Flocq's comparison, which Div's Coq theorems state their hypotheses with
                 "less", "lesses", "comparison", "comparisons", "compares", "bltb",
                 # LaTeX's \\sum (a summation in an accuracy note's formula), not Add's result
                 "sum"}
FOREIGN_ATTRIBUTES = {"numerator", "denominator", "add", "sub", "difference", "add_argument", "add_parser",
                      "add_subparsers", "add_mutually_exclusive_group", "add_done_callback", "add_context_category",
                      "as_coeff_mul", "Add", "Mul", "as_coeff_Mul", "Sum", "product"}
# xml's SubElement; the term library's primitives (IEEE 754's and SMT-LIB's operations, not operators)
FOREIGN_NAMES = {"SubElement"} | {name for name in dir(terms) if isinstance(getattr(terms, name), terms.Function)}


def prover_names(op) -> set[str]:
    """The names the provers write the operator's operation with: SMT-LIB's (``fp.div``: ``div``, ``bvsdiv``),
    Flocq's (``Bdiv``) where it has one."""
    names = {smtlib.head(f).split(".")[-1] for f in op.operation.functions}
    for f in op.operation.functions:
        try:
            names.add(coq.head(f))
        except ValueError:      # no operation of Flocq's
            pass
    return names


def operator_words() -> set[str]:
    words: set[str] = set()
    for op in OPERATORS.values():
        v, n = op.vocabulary, op.names
        words |= {op.name, v.gerund, *v.result_nouns, *v.roles, *(verb.split()[0] for verb in v.verbs)}
        words |= {w for w in prover_names(op) if w.isalpha() and len(w) > 2}
        words |= {getattr(n, f).split(".")[-1] for f in ("openvino", "numpy")}
        words |= {attribute for attribute, _ in n.openvino_attributes}   # m_pythondiv
    words = {w.lower() for w in words if w.replace("_", "").isalpha()}
    return ({w + "s" for w in words} | words | {"div", "division", "dividend", "divisor"}) - GENERIC_WORDS


WORDS = operator_words()
# a word in a string or comment; an HTML tag (<div>, </sub>) is not one
IN_TEXT = re.compile(r"(?<![A-Za-z<])(?<!</)(" + "|".join(sorted(WORDS, key=len, reverse=True)) + r")(?![a-z])", re.I)


def _identifier_names_operator(name: str) -> bool:
    if name.lower() in WORDS:
        return True
    parts = re.split(r"_|(?<=[a-z])(?=[A-Z])", name.strip("_"))
    if len(parts) > 1 and parts[0] == "add":     # the verb: add_run, add_row
        parts = parts[1:]
    return any(p.lower() in WORDS for p in parts)


def python_hits(source: str) -> list[tuple[int, str]]:
    """(line, word) of every identifier, string or comment of ``source`` that names an operator."""
    tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    hits = []
    for i, t in enumerate(tokens):
        if t.type == tokenize.NAME:
            attribute = i > 0 and tokens[i - 1].string == "."
            if t.string in dir(builtins) or t.string in FOREIGN_NAMES or (attribute and t.string in FOREIGN_ATTRIBUTES):
                continue
            if _identifier_names_operator(t.string):
                hits.append((t.start[0], t.string))
        elif t.type in (tokenize.STRING, tokenize.COMMENT) or t.type == getattr(tokenize, "FSTRING_MIDDLE", -1):
            hits += [(t.start[0] + t.string[:m.start()].count("\n"), m.group(0)) for m in IN_TEXT.finditer(t.string)]
    return hits


def text_hits(text: str) -> list[tuple[int, str]]:
    return [(text[:m.start()].count("\n") + 1, m.group(0)) for m in IN_TEXT.finditer(text)]


TEMPLATES = (PACKAGE / "templates").resolve()   # (a link to generators/)


def _named_for_an_operator(parts: tuple[str, ...]) -> bool:
    """A template named for an operator: in its folder (``coq/div/...``) or with its prefix (``div_int.mlw.j2``)."""
    names = {op.name.lower() for op in OPERATORS.values()}
    return any(p in names or p.split("_")[0] in names for p in parts)


def _generic_modules() -> list[Path]:
    """The package's modules outside the descriptions (operators/) and the term library (terms/)."""
    return [p for p in sorted(PACKAGE.rglob("*.py")) if p.relative_to(PACKAGE).parts[0] not in ("operators", "terms")]


def _unowned() -> list[tuple[Path, list[tuple[int, str]]]]:
    """Every generic module (outside operators/ and terms/) and generic template, with the operator names it holds."""
    modules = _generic_modules()
    templates = [p for p in sorted(TEMPLATES.rglob("*")) if p.is_file() and "__pycache__" not in p.parts
                 and not _named_for_an_operator(p.relative_to(TEMPLATES).parts[:-1] + (p.name,))
                 and not p.name.endswith(".css.j2")]   # a style sheet names HTML's elements: div.scroll
    return [(p, python_hits(p.read_text())) for p in modules] + [(p, text_hits(p.read_text())) for p in templates]


def test_no_operator_is_named_outside_its_description_and_templates():
    scanned = _unowned()
    assert len(scanned) > 100, f"only {len(scanned)} files scanned under {PACKAGE}"
    found = [f"{path}:{line}: {word}" for path, hits in scanned for line, word in hits]
    assert not found, f"{len(found)} operator names outside the descriptions:\n" + "\n".join(found)


def test_the_check_sees_a_name_and_lets_python_be():
    planted = '"""The quotient."""\nx = fp.numerator  # a Fraction\nparser.add_argument("--x")\ny = bvsdiv\nz = Multiply\n'
    assert sorted(w for _, w in python_hits(planted)) == ["Multiply", "bvsdiv", "quotient"]
    assert text_hits("<div>{{ op.name }}</div>\n(fp.div RNE a b)") == [(2, "div")]


# where an operator's name comes from when text splices it: a prover name of its description, its infix, an
# obligation's record of its Flocq operation
_NAME_SOURCE = re.compile(r"\.names\.(?:smtlib|why3|coq|gappa)\w*|vocabulary\.infix|params\.operation|"
                          r"params\[.operation.\]")


def spliced_terms(source: str) -> list[tuple[int, str]]:
    """(line, f-string) of every f-string of ``source`` that writes an operator's name as the head of a prover
    term: right after an application's parenthesis or Why3's dotted infix, or right before a rounding mode."""
    hits = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.JoinedStr):
            continue
        parts = node.values
        for i, part in enumerate(parts):
            if not (isinstance(part, ast.FormattedValue) and _NAME_SOURCE.search(ast.unparse(part.value))):
                continue
            before = parts[i - 1].value if i and isinstance(parts[i - 1], ast.Constant) else ""
            after = parts[i + 1].value if i + 1 < len(parts) and isinstance(parts[i + 1], ast.Constant) else ""
            if before.endswith(("(", ".")) or after.startswith((" RNE", " mode_NE")):
                hits.append((node.lineno, ast.unparse(node)))
                break
    return hits


_TEMPLATE_SPLICE = re.compile(r"\(\s*\{\{[^}]*(?:names\.\w+|vocabulary\.infix|params\.operation)[^}]*\}\}|"
                              r"\{\{[^}]*(?:names\.\w+|vocabulary\.infix|params\.operation)[^}]*\}\}\s+(?:RNE|mode_NE|a b\b)")


def template_splices(text: str) -> list[tuple[int, str]]:
    return [(text[:m.start()].count("\n") + 1, m.group(0)) for m in _TEMPLATE_SPLICE.finditer(text)]


def test_no_prover_term_is_spliced_from_a_name():
    """A prover term is a tree printed by a backend's printer (`divbridge.terms`): no f-string of a generic
    module, and no template, writes an operator's prover name (or its infix) into one."""
    found = [f"{p}:{line}: {text}" for p in _generic_modules() for line, text in spliced_terms(p.read_text())]
    templates = [p for p in sorted(TEMPLATES.rglob("*.j2"))]
    found += [f"{p}:{line}: {text}" for p in templates for line, text in template_splices(p.read_text())]
    assert not found, f"{len(found)} prover terms spliced from a name:\n" + "\n".join(found)


def test_the_splice_check_sees_a_term_built_from_a_name():
    planted = ('q = f"({op.names.smtlib_float} RNE a b)"\n'
               'd = f"let function f (a b: t) : t = a .{op.vocabulary.infix} b"\n'
               'ok = f"{fmt.describe(a)} {op.vocabulary.infix} {fmt.describe(b)}"\n'
               'r = f"B2R ({o.params.operation} mode_NE x y)"\n')
    assert [line for line, _ in spliced_terms(planted)] == [1, 2, 4]
    assert [line for line, _ in template_splices("(define-fun c () T ({{ operator.names.smtlib_int }} a b))\n"
                                                 "; {{ op.vocabulary.gerund }} (a comment)\n"
                                                 "r = a {{ op.names.gappa }} b;")] == [1]
