"""The "Unit Verification" code of an accuracy note, read: each ``assert`` a claim at its line.

The working group's notes end with a C++ test scenario over an abstract type (``SymbolicDomainError``: a real
value ``.real`` and its error ``.err``, the computed value less the real one).  Its
asserts state bounds on the result's error as the prose does.  This module reads the scenario's code whole, with
a grammar of the part of C++ the notes write (`_GRAMMAR`: lambdas, a loop over the indexes, declarations,
assignments, ``if``/``else``, ``c ? a : b``, ``assert``), and turns each assert into a relation over sympy: the loop's element
``x = X[I]`` is the operand (``x.real`` is X, ``x.err`` is X_err); the result ``y = result(I)`` is the real function
a lambda computes (``r.real = <f(v.real)>``, the other fields left to the analysis: a computation in the real
domain, so ``y.err`` is the propagated error ``f(X + X_err) - f(X)``); a variable is its value on the path that
reaches the assert (an ``if`` makes one path per branch, read as a piecewise value); a result left undefined
outside a condition (``c ? sqrt(X[I]) : SymbolicDomainError::undef()``) is read only where the conditions around
the assert imply ``c`` (sympy's ``ask``).  The code's arithmetic is
read over the reals (the type replaces "each real number in the Why3 specification").

Anything else is not read, and the assert says why (`Assert.problem`): code outside this grammar, a field other
than ``real`` and ``err``, a function the reading does not know.  A standard function, or the note's operator
called by its name, applied to the abstract value itself (``abs(X[I])``) is a result whose arithmetic, real or
float, the code does not say (`Assert.unsaid`) unless a comment of the lambda computing it says, in exactly these
words, ``// Real-domain f``: its error is the propagated one where the arithmetic is real or the operator's float
result exact, else it is judged under both readings (`obligations.accuracy`, `checkspec.unary`).  A field of the
abstract value named as an attribute of the operator (``x.alpha``) is read as that attribute and said at its line
(`Assert.assumed`: the type has no such field).

A bound given per format T (`Assert.types`): functions without parameters called by name (``void init()``;
``int main()``, the program, run after the code above it) and function templates, the overload picked as C++
picks it for the element, the abstract type over a format T (`_Run.overload`); the code is read once for a float
T and once for an integer T (`Assert.for_integers`).  In a template's body: ``std::numeric_limits<T>::epsilon``
(``()`` or not) is T's machine epsilon, ``x.getExponent()`` floor(log2 |x|) (`exponent`), ``if (c) return v;``
paths whose returns make one piecewise value, ``Real()`` a value not defined, allowed only on a path no real X
takes (`Assert.unreached`).  ``X[I] = BETWEEN(lo, hi);`` is read only with the comment ``// no error for X`` on its
line: X anywhere in [lo, hi] without error (`Assert.initial`; ``MAX`` T's largest finite value).  Judging is not
done here (`obligations.accuracy.unit_asserts`, `checkspec.unary`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

import mpmath
import sympy
from lark import Lark, Token, Tree
from lark.exceptions import LarkError

from divbridge.document import mathexpr

_GRAMMAR = r"""
start: stmt*
?stmt: tensor | lambda_ | loop | declare | assign | branch | check | give | object_ | function_ | template_ | perform
     | initialize
tensor: "Tensor" "<" NAME ">" NAME ";"
lambda_: "auto" NAME "=" "[" [capture ("," capture)*] "]" "(" [param ("," param)*] ")" body ";"
capture: AMP? NAME
param: CONST? (NAME | TYPE) AMP? NAME
loop: "for" "(" "auto" NAME ":" NAME "." "indexes" "(" ")" ")" body
declare: TYPE NAME ["=" expr] ";"
object_: NAME NAME ";"
assign: target "=" expr ";"
target: NAME ["." NAME]
branch: "if" "(" expr ")" (body | lone) ["else" (branch | body | lone)]
lone: give | assign | check | declare | perform | initialize
function_: NAME NAME "(" ")" body
template_: "template" "<" concept NAME ">" TYPE NAME "(" tparam ")" body
concept: "typename" | NAME ("::" NAME)*
tparam: CONST? NAME ["<" NAME ">"] AMP? NAME
perform: NAME "(" ")" ";"
initialize: NAME "[" NAME "]" "=" expr ";"
check: "assert" "(" expr ")" ";"
give: "return" expr ";"
body: "{" stmt* "}"

?expr: or_ | or_ "?" expr ":" expr -> choice
?or_: and_ | or_ "||" and_ -> any_
?and_: compare | and_ "&&" compare -> all_
?compare: terms | terms COMPARE terms -> relation
?terms: factors | terms "+" factors -> plus | terms "-" factors -> minus
?factors: unary | factors "*" unary -> times | factors "/" unary -> over
?unary: atom | "-" unary -> neg | "+" unary | "!" unary -> not_
?atom: NUMBER -> number
     | function "(" [expr ("," expr)*] ")" -> call
     | NAME "::" NAME "<" NAME ">" "::" NAME ["(" ")"] -> limit
     | NAME "." NAME "(" ")" -> method
     | TYPE "(" ")" -> default_
     | NAME "[" NAME "]" -> element
     | NAME "[" NAME "]" "." NAME -> element_field
     | NAME "." NAME -> field
     | NAME -> name
     | "(" expr ")"
function: NAME ("::" NAME)*

TYPE: "auto" | "double" | "float" | "Real" | "Integer"
CONST: "const"
AMP: "&"
COMPARE: "<=" | ">=" | "==" | "!=" | "<" | ">"
NAME: /(?!(if|else|for|return|assert|auto|double|float|const|Real|Integer|template|typename)\b)[A-Za-z_][A-Za-z0-9_]*/
NUMBER: /[0-9]+(\.[0-9]*)?([eE][+-]?[0-9]+)?/
%import common.WS
%ignore WS
"""

# the standard functions the code calls, as sympy's (``std::`` or not)
_FUNCTIONS = {"exp": sympy.exp, "log": sympy.log, "sqrt": sympy.sqrt, "tanh": sympy.tanh, "sinh": sympy.sinh,
              "cosh": sympy.cosh, "abs": sympy.Abs, "fabs": sympy.Abs, "max": sympy.Max, "min": sympy.Min}
_RELATIONS = {"<=": sympy.Le, "<": sympy.Lt, ">=": sympy.Ge, ">": sympy.Gt, "==": sympy.Eq, "!=": sympy.Ne}
_COMMENTS = re.compile(r"//[^\n]*|/\*.*?\*/", re.DOTALL)
# the families of formats T a template's concept admits (``std::floating_type``, as the notes write it, is read as
# C++20's ``std::floating_point``)
_CONCEPTS = {"typename": ("float", "int"), "std::floating_point": ("float",), "std::floating_type": ("float",),
             "std::integral": ("int",)}


@dataclass(frozen=True)
class Assert:
    """An assert of the code, at its line of the note: ``relation`` over X, X_err and ``Y_err^propag`` (the result's
    error, when ``propagated`` is the result's real function), or ``problem`` saying why it is not read."""

    line: int
    text: str
    relation: sympy.Basic | None = None  # on the paths that reach it: one side piecewise by path where they differ
    condition: sympy.Basic = sympy.true  # where it is reached (the conditions of the ifs around it)
    result: sympy.Expr | None = None     # the real function of X the result computes
    problem: str = ""
    unsaid: str = ""                     # the function applied to the abstract value itself, in an arithmetic unsaid
    # what the code writes that the note's abstract type does not have, and how it is read: (line, what), each
    assumed: tuple[tuple[int, str], ...] = ()
    # read for a float format T where the code's templates make the assert depend on T (``eps`` and ``max_finite``
    # T's), its reading for an integer T in ``for_integers``
    types: str = ""
    for_integers: Assert | None = None
    initial: tuple[sympy.Expr, sympy.Expr] | None = None   # the code's init: X anywhere in [lo, hi], without error
    unreached: tuple[str, ...] = ()      # the undefined values a function returns on paths no real X takes


class _NotRead(Exception):
    pass


@functools.cache
def _parser() -> Lark:
    return Lark(_GRAMMAR, parser="earley", propagate_positions=True, maybe_placeholders=True)


def asserts(code: str, first_line: int, functions: dict[str, Callable[[sympy.Expr], sympy.Expr]] | None = None,
            attributes: dict[str, sympy.Symbol] | None = None) -> list[Assert]:
    """Each assert of a code block whose first line is the note's ``first_line``, read or not (`Assert.problem`).
    ``functions``: the note's operator's real function by the name the code calls it (its name in lower case), beside the
    standard ones; ``attributes``: the operator's attributes (``alpha``), which the code may write as fields of the
    abstract value (`_Run.attribute`)."""
    lines = code.splitlines()
    found = [(first_line + number, text.strip()) for number, text in enumerate(lines) if
             re.search(r"\bassert\s*\(", _COMMENTS.sub("", text))]
    if not found:
        return []
    blanked = _COMMENTS.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), code)   # the lines kept where they are
    try:
        tree = _parser().parse(blanked)
    except LarkError as exc:
        where = getattr(exc, "line", None)
        said = f" at line {first_line + where - 1}" if isinstance(where, int) else ""
        return [Assert(line, text, problem=f"the code is not read whole (C++ beyond what divbridge reads{said})")
                for line, text in found]
    comments = {code.count("\n", 0, m.start()) + 1: m.group().strip("/* \t") for m in _COMMENTS.finditer(code)}

    def run(family: str) -> _Run:
        return _Run(first_line, functions or {}, attributes or {}, comments, family)
    read = _read(tree, run("float"), found)
    if not any(a.types for a in read):
        return read
    # the assert depends on the format T of the templates it calls: read once more for an integer T
    return [replace(a, for_integers=b) for a, b in zip(read, _read(tree, run("int"), found))]


def _read(tree: Tree, reading: _Run, found: list[tuple[int, str]]) -> list[Assert]:
    """The asserts ``found`` (line, text), the code run by ``reading`` (its templates' T a format of its family)."""
    try:
        reading.block(tree.children, {}, sympy.true)
        if "main" in reading.procedures:
            reading.perform("main")
    except _NotRead as exc:
        return [Assert(line, text, problem=str(exc)) for line, text in found]
    return [_joined(line, text, [a for a in reading.found if a.line == line]) for line, text in found]


def _joined(line: int, text: str, paths: list[Assert]) -> Assert:
    """An assert reached on several paths (the branches of an if before it) as one relation: its right side
    piecewise, by path."""
    if not paths:
        return Assert(line, text, problem="an assert outside the loop over the indexes")
    problems = [a.problem for a in paths if a.problem]
    if problems:
        return Assert(line, text, problem=problems[0])
    if len(paths) == 1:
        return replace(paths[0], text=text)
    relations = [a.relation for a in paths]
    if len({(r.lhs, r.rel_op) for r in relations}) != 1 or len({(a.result, a.unsaid) for a in paths}) != 1:
        return Assert(line, text, problem="an assert whose left side, relation or result differs from path to path")
    right = sympy.Piecewise(*[(r.rhs, a.condition) for r, a in zip(relations, paths)])
    return replace(paths[0], text=text, relation=type(relations[0])(relations[0].lhs, right),
                   condition=sympy.Or(*[a.condition for a in paths]),
                   assumed=tuple(dict.fromkeys(said for a in paths for said in a.assumed)))


X, X_ERR, Y_ERR = (mathexpr.symbol(n) for n in ("X", "X_err", "Y_err^propag"))
EPS, MAX_FINITE = mathexpr.symbol("eps"), mathexpr.symbol("max_finite")   # of the format T


class exponent(sympy.Function):
    """``x.getExponent()``: floor(log2 |x|), the exponent of x in binary scientific notation; exact at a rational,
    and by `mpmath.frexp` (exact) where a bound is evaluated."""

    is_integer = True
    _imp_ = staticmethod(lambda value: mpmath.frexp(value)[1] - 1)

    @classmethod
    def eval(cls, value):
        if value.is_Rational and value != 0:
            magnitude = Fraction(abs(value.p), value.q)
            power = magnitude.numerator.bit_length() - magnitude.denominator.bit_length()
            return sympy.Integer(power - 1 if magnitude < Fraction(2) ** power else power)
        return None


@dataclass(frozen=True)
class _Template:
    """An overload of a function template: ``template <concept T> R name(param_type param)``."""

    families: tuple[str, ...]          # the families of formats T its concept admits
    type_name: str                     # T
    param_type: tuple[str, ...]        # (T,) or (a class template, T)
    param: str
    body: tuple


@dataclass(frozen=True)
class _Undefined:
    """A value the code does not define (``Real()``, a default-constructed number)."""

    written: str


@dataclass(frozen=True)
class _Lambda:
    params: tuple[str, ...]
    body: tuple
    lines: tuple[int, int]        # its first and last line in the code


@dataclass(frozen=True)
class _Value:
    """An abstract value: the loop's element (``element``), or a result computed in the real domain."""

    kind: str                     # element | result
    real: sympy.Expr


class _Run:
    """Symbolic execution of the code: an environment per path, its condition, the asserts met."""

    def __init__(self, first_line: int, functions: dict, attributes: dict, comments: dict[int, str],
                 family: str = "float"):
        self.first_line = first_line
        self.functions = functions
        self.attributes = attributes
        self.within: tuple[int, int] | None = None   # the lines of the lambda being run
        self.assumed: dict[tuple[int, str], sympy.Symbol] = {}   # (line, what): the attribute read
        self.comments = comments                  # by line of the code: each comment's words
        self.family = family                      # of the formats T a template is read for
        self.procedures: dict[str, tuple] = {}    # the functions without parameters: their bodies
        self.templates: dict[str, list[_Template]] = {}
        self.typed = False                        # a template was called: what the code computes depends on T
        self.initial: tuple[sympy.Expr, sympy.Expr] | None = None
        self.running: set[str] = set()
        self.unreached: list[str] = []
        self.found: list[Assert] = []
        self.lambdas: dict[str, _Lambda] = {}
        self.tensor = ""
        self.results: set[sympy.Expr] = set()     # the real functions the code's results compute
        self.unsaid: dict[sympy.Expr, str] = {}   # those applied to the abstract value, by the function's name
        self.domains: dict[sympy.Expr, sympy.Basic] = {}   # those defined only where a condition holds (`choice`)
        self.element = ""                          # the abstract type of the tensor's elements

    def block(self, statements, env: dict, path: sympy.Basic) -> list[tuple[dict, sympy.Basic]]:
        """Run ``statements`` from one path; the paths that leave them."""
        paths = [(dict(env), path)]
        for statement in statements:     # a path that has returned runs no further
            paths = [after for env_, cond in paths for after in
                     ([(env_, cond)] if "return" in env_ else self.statement(statement, env_, cond))]
        return paths

    def statement(self, node: Tree, env: dict, path) -> list[tuple[dict, sympy.Basic]]:
        kind = node.data
        if kind == "tensor":
            self.element, self.tensor = (str(c) for c in node.children)
        elif kind == "lambda_":
            params = tuple(str(p.children[-1]) for p in node.children[1:-1] if isinstance(p, Tree) and
                           p.data == "param")
            self.lambdas[str(node.children[0])] = _Lambda(params, tuple(node.children[-1].children),
                                                          (node.meta.line, node.meta.end_line))
        elif kind == "loop":
            env = {**env, str(node.children[0]): "index"}
            if str(node.children[1]) != self.tensor:
                raise _NotRead(f"a loop over {node.children[1]}, not the operand tensor")
            self.block(node.children[2].children, env, path)
        elif kind == "declare":
            name, value = str(node.children[1]), node.children[2]
            env[name] = None if value is None else self.value(value, env)
        elif kind == "object_":
            env[str(node.children[1])] = {}
        elif kind == "assign":
            target, value = node.children
            name, field = str(target.children[0]), target.children[1]
            if field is None:
                env[name] = self.value(value, env)
            elif isinstance(env.get(name), dict):
                env[name] = {**env[name], str(field): self.value(value, env)}
            else:
                raise _NotRead(f"an assignment to {name}.{field}")
        elif kind == "branch":
            condition = self.value(node.children[0], env)
            taken = self.block(node.children[1].children, env, sympy.And(path, condition))
            other = node.children[2]
            if other is None:
                return taken + [(env, sympy.And(path, sympy.Not(condition)))]
            rest = [other] if other.data == "branch" else other.children
            return taken + self.block(rest, env, sympy.And(path, sympy.Not(condition)))
        elif kind == "check":
            self.found.append(self.check(node, env, path))
        elif kind == "give":
            env["return"] = self.value(node.children[0], env)
        elif kind == "function_":
            self.procedures[str(node.children[1])] = tuple(node.children[2].children)
        elif kind == "template_":
            self.template(node)
        elif kind == "perform":
            self.perform(str(node.children[0]))
        elif kind == "initialize":
            self.initialize(node, env)
        return [(env, path)]

    def check(self, node: Tree, env: dict, path) -> Assert:
        line = self.first_line + node.meta.line - 1
        try:
            relation = self.value(node.children[0], env)
        except _NotRead as exc:
            return Assert(line, "", problem=str(exc))
        if not isinstance(relation, sympy.core.relational.Relational):
            return Assert(line, "", problem="an assert that is not a comparison")
        if relation.has(Y_ERR) and len(self.results) != 1:
            return Assert(line, "", problem=f"{len(self.results)} results computed: which one y.err is of is not said")
        result = next(iter(self.results)) if relation.has(Y_ERR) else None
        domain = self.domains.get(result, sympy.true)
        if domain is not sympy.true and sympy.ask(domain, path) is not True:   # ask: None where not implied
            return Assert(line, "", problem=f"the result is undefined outside {domain}, which the conditions of the "
                                            "assert do not imply")
        return Assert(line, "", relation, path, result, unsaid=self.unsaid.get(result, "") if result is not None else "",
                      assumed=tuple(said for said, symbol in self.assumed.items() if relation.has(symbol)),
                      types=self.family if self.typed else "", initial=self.initial, unreached=tuple(self.unreached))

    def value(self, node, env: dict):
        if isinstance(node, Token):
            raise _NotRead(f"«{node}»")
        kind = node.data
        if kind == "number":     # exactly as written: 1e-12 is 1/10^12
            value = Fraction(str(node.children[0]))
            return sympy.Rational(value.numerator, value.denominator)
        if kind == "name":
            name = str(node.children[0])
            if name not in env or env[name] is None:
                raise _NotRead(f"the variable {name} has no value where it is used")
            return env[name]
        if kind == "element":
            tensor, index = (str(c) for c in node.children)
            if tensor != self.tensor or env.get(index) != "index":
                raise _NotRead(f"{tensor}[{index}]")
            return _Value("element", X)
        if kind in ("field", "element_field"):
            owner, field = str(node.children[0]), str(node.children[-1])
            value = self.value(Tree("element", node.children[:2]), env) if kind == "element_field" else env.get(owner)
            if isinstance(value, _Value) and field == "real":
                return value.real
            if isinstance(value, _Value) and field == "err":
                return X_ERR if value.kind == "element" else Y_ERR
            if isinstance(value, dict) and field in value:
                return value[field]
            if isinstance(value, _Value) and value.kind == "element" and field in self.attributes:
                return self.attribute(owner, field, node.meta.line)
            raise _NotRead(f"the field {owner}.{field} (the reading knows .real and .err of the operand and the result)")
        if kind == "call":
            return self.call(node, env)
        if kind in ("plus", "minus", "times", "over"):
            left, right = (self.number(c, env) for c in node.children)
            return {"plus": left + right, "minus": left - right, "times": left * right, "over": left / right}[kind]
        if kind == "neg":
            return -self.number(node.children[0], env)
        if kind == "relation":
            left, op, right = node.children
            return _RELATIONS[str(op)](self.number(left, env), self.number(right, env))
        if kind == "choice":
            return self.choice(*node.children, env)
        if kind in ("all_", "any_", "not_"):
            parts = [self.value(c, env) for c in node.children]
            return {"all_": sympy.And, "any_": sympy.Or, "not_": sympy.Not}[kind](*parts)
        if kind in ("limit", "method", "default_"):      # what a template's body writes
            return getattr(self, kind.rstrip("_"))(node, env)
        raise _NotRead(f"the construct {kind}")

    def choice(self, condition, chosen, other, env: dict):
        """``c ? a : b``: a number piecewise; a result where ``b`` is the abstract type's ``undef()`` (``(X[I].real
        > 0) ? log(X[I]) : SymbolicDomainError::undef()``) is ``a``, defined where ``c`` holds (`check`)."""
        holds = self.value(condition, env)
        if isinstance(other, Tree) and other.data == "call" and not any(other.children[1:]) and \
                [str(t) for t in other.children[0].children] == [self.element, "undef"]:
            value = self.value(chosen, env)
            if not isinstance(value, _Value) or value.kind != "result":
                raise _NotRead("a value other than a result left undefined outside a condition")
            self.domains[value.real] = sympy.And(self.domains.get(value.real, sympy.true), holds)
            return value
        return sympy.Piecewise((self.number(chosen, env), holds), (self.number(other, env), True))

    def number(self, node, env: dict) -> sympy.Expr:
        value = self.value(node, env)
        if not isinstance(value, sympy.Expr):
            raise _NotRead("an abstract value where a number is expected")
        return value

    def call(self, node: Tree, env: dict):
        function = "::".join(str(t) for t in node.children[0].children)
        args = [a for a in node.children[1:] if a is not None]
        if function in self.templates:
            return self.specialize(function, args, env)
        if function in self.lambdas:
            return self.apply(function, args, env)
        name = function.removeprefix("std::")
        known = {**self.functions, **_FUNCTIONS}     # a standard function keeps its name (the operator Tanh's tanh)
        if name not in known:
            raise _NotRead(f"the function {function}")
        values = [self.value(a, env) for a in args]
        if len(values) == 1 and isinstance(values[0], _Value) and values[0].kind == "element":
            # f(X[I]) on the abstract value: a result whose arithmetic (real or float) the code does not say, unless
            # a comment of the lambda computing it says it is the real domain's
            real = known[name](values[0].real)
            self.results.add(real)
            if not self.said_real(name):
                self.unsaid[real] = function
            return _Value("result", real)
        if any(isinstance(v, _Value) for v in values) or name not in _FUNCTIONS:
            raise _NotRead(f"{function} applied to an abstract value" if name in _FUNCTIONS else
                           f"{function} applied to other than the operand")
        return _FUNCTIONS[name](*values)

    def said_real(self, name: str) -> bool:
        """Whether a comment of the lambda being run says, in exactly these words, ``Real-domain <name>``: its
        result of ``name`` is computed in the real domain.  A comment with any other word says nothing here."""
        return self.within is not None and any(
            self.within[0] <= line <= self.within[1] and re.fullmatch(rf"Real-domain\s+{re.escape(name)}", words)
            for line, words in self.comments.items())

    def attribute(self, owner: str, field: str, line: int) -> sympy.Symbol:
        """``x.alpha``: a field the abstract type does not have (`Assert.assumed`), which is the name of an
        attribute of the operator: read as that attribute, and said at its line."""
        said = (self.first_line + line - 1, f"{owner}.{field}: the abstract value has no field {field}; read as the "
                f"operator's attribute {field}")
        self.assumed[said] = self.attributes[field]
        return self.attributes[field]

    def apply(self, name: str, args, env: dict):
        """A lambda called: its body run with its parameters bound; a result computed in the real domain (an
        object whose only field set is ``real``) is the loop's result."""
        function = self.lambdas[name]
        if len(args) != len(function.params):
            raise _NotRead(f"{name} called with {len(args)} arguments")
        inner = {}
        for param, arg in zip(function.params, args):
            index = isinstance(arg, Tree) and arg.data == "name" and env.get(str(arg.children[0])) == "index"
            inner[param] = "index" if index else self.value(arg, env)
        outer, self.within = self.within, function.lines
        try:
            paths = self.block(function.body, inner, sympy.true)
        finally:
            self.within = outer
        if len(paths) != 1 or "return" not in paths[0][0]:
            raise _NotRead(f"{name}: a body of one path ending with return")
        returned = paths[0][0]["return"]
        if isinstance(returned, dict):
            if set(returned) != {"real"}:
                raise _NotRead(f"{name} sets the fields {', '.join(sorted(returned))} (the reading knows a result "
                               "whose real field only is computed)")
            real = returned["real"]
            if isinstance(real, _Value) or real.free_symbols - {X}:
                raise _NotRead(f"{name}: its real field is not a function of the operand")
            self.results.add(real)
            return _Value("result", real)
        return returned

    # -- functions without parameters, function templates, the initialization of the operand ---------------------

    def perform(self, name: str) -> None:
        """``name();``: a function without parameters run (``init()``, ``main``, the program)."""
        if name not in self.procedures or name in self.running:
            raise _NotRead(f"the call {name}()" + (" (recursive)" if name in self.running else ""))
        self.running.add(name)
        self.block(self.procedures[name], {}, sympy.true)
        self.running.discard(name)

    def template(self, node: Tree) -> None:
        concept, type_name, _, name, param, body = node.children
        written = "::".join(str(t) for t in concept.children) or "typename"
        if written not in _CONCEPTS:
            raise _NotRead(f"the concept {written} at line {self.first_line + node.meta.line - 1}")
        words = [str(t) for t in param.children if t is not None and str(t) not in ("const", "&")]
        self.templates.setdefault(str(name), []).append(
            _Template(_CONCEPTS[written], str(type_name), tuple(words[:-1]), words[-1], tuple(body.children)))

    def overload(self, name: str) -> _Template:
        """The overload C++ picks for the operand's element, of the abstract type over a format T of ``family``
        (the note's ``SymbolicDomainError``; ``TSymbolicDomainError<T>`` names it with its format): of those whose
        concept admits T, the one taking the abstract type over T before the one taking any T."""
        ranked = {}
        for overload in self.templates[name]:
            if self.family not in overload.families:
                continue
            if overload.param_type == (overload.type_name,):
                rank = 0
            elif overload.param_type in ((self.element, overload.type_name), ("T" + self.element, overload.type_name)):
                rank = 1 if overload.families == _CONCEPTS["typename"] else 2
            else:
                continue
            ranked.setdefault(rank, []).append(overload)
        if not ranked or len(ranked[max(ranked)]) > 1:
            raise _NotRead(f"{'no' if not ranked else 'more than one'} overload of {name} for an operand of "
                           f"{'a float' if self.family == 'float' else 'an integer'} format")
        return ranked[max(ranked)][0]

    def specialize(self, name: str, args, env: dict) -> sympy.Expr:
        """A function template called on the operand's element: the overload for a format T of ``family``, its body
        run on every path; what it returns, piecewise by path.  A path that returns an undefined value
        (``Real()``) or none must be reached by no real value of the operand (sympy: its condition's set is
        empty)."""
        if len(args) != 1 or not isinstance(argument := self.value(args[0], env), _Value) or argument.kind != "element":
            raise _NotRead(f"{name} called on other than the operand's element")
        self.typed = True
        chosen = self.overload(name)
        pieces = []
        for after, condition in self.block(chosen.body, {chosen.param: argument, chosen.type_name: ("type", self.family)},
                                           sympy.true):
            values = _values(condition)
            if values == sympy.S.EmptySet:
                if isinstance(after.get("return"), _Undefined) or "return" not in after:
                    self.unreached.append(f"{name} returns {_returned(after)} where {condition}, which no real X meets")
                continue
            condition = condition if values is None else values.as_relational(X)
            returned = after.get("return")
            if not isinstance(returned, sympy.Expr):
                raise _NotRead(f"{name} returns {_returned(after)} where {condition} (a value the code does not define)")
            if any(sympy.solveset(e.args[0], X, sympy.S.Reals if values is None else values) != sympy.S.EmptySet
                   for e in returned.atoms(exponent)):
                raise _NotRead(f"{name} takes the exponent of 0 (getExponent) where {condition}")
            pieces.append((returned, condition))
        if not pieces:
            raise _NotRead(f"{name}: no path returns")
        # the paths part the reals (those never reached aside): the last piece holds wherever the others do not
        return sympy.Piecewise(*pieces[:-1], (pieces[-1][0], True)) if len(pieces) > 1 else pieces[0][0]

    def initialize(self, node: Tree, env: dict) -> None:
        """``X[I] = BETWEEN(lo, hi); // no error for X`` in a loop over the operand's indexes: every element anywhere
        in [lo, hi] without error, ``MAX`` the largest finite value of the format T.  The notes do not define
        BETWEEN: it is read only with that comment on its line, in those words."""
        tensor, index, value = node.children
        where = self.first_line + node.meta.line - 1
        if str(tensor) != self.tensor or env.get(str(index)) != "index":
            raise _NotRead(f"an assignment to {tensor}[{index}] at line {where}")
        if value.data != "call" or [str(t) for t in value.children[0].children] != ["BETWEEN"] or \
                len([a for a in value.children[1:] if a is not None]) != 2:
            raise _NotRead(f"an assignment to {tensor}[{index}] other than BETWEEN(lo, hi) at line {where}")
        if self.comments.get(node.meta.line) != f"no error for {self.tensor}":
            raise _NotRead(f"BETWEEN at line {where}, which the note does not define, without the comment «no error "
                           f"for {self.tensor}» on its line that says what it gives")
        low, high = (self.number(a, {**env, "MAX": MAX_FINITE}) for a in value.children[1:])
        self.initial = (low, high)

    def limit(self, node: Tree, env: dict) -> sympy.Expr:
        """``std::numeric_limits<T>::epsilon`` (or ``epsilon()``): the machine epsilon 2^(1-p) of the float format T."""
        space, name, type_name, member = (str(c) for c in node.children[:4])
        if (space, name, member) != ("std", "numeric_limits", "epsilon") or env.get(type_name) != ("type", "float"):
            raise _NotRead(f"{space}::{name}<{type_name}>::{member}"
                           + (" of an integer T" if env.get(type_name) == ("type", "int") else "")
                           + f" at line {self.first_line + node.meta.line - 1}")
        return EPS

    def method(self, node: Tree, env: dict) -> sympy.Expr:
        """``x.getExponent()`` of a number: floor(log2 |x|)."""
        owner, name = (str(c) for c in node.children)
        if name != "getExponent" or not isinstance(env.get(owner), sympy.Expr):
            raise _NotRead(f"the method {owner}.{name}() at line {self.first_line + node.meta.line - 1}")
        return exponent(env[owner])

    def default(self, node: Tree, env: dict) -> _Undefined:
        return _Undefined(str(node.children[0]))


def _returned(env: dict) -> str:
    returned = env.get("return")
    return f"{returned.written}()" if isinstance(returned, _Undefined) else "no number" if returned is None else str(returned)


def _values(condition: sympy.Basic) -> sympy.Set | None:
    """The real values of the operand that meet ``condition`` (sympy), None where sympy cannot say."""
    if condition in (sympy.true, sympy.false):
        return sympy.S.Reals if condition else sympy.S.EmptySet
    if condition.free_symbols != {X}:
        return None
    try:
        return condition.as_set()
    except NotImplementedError:
        return None
