"""A wrapping operator's integer result as the document states it (`document.wraparound`), in one integer type.

A claim is a case analysis, a sentence, or a fact (`obligations.document.WrapClaim`), in the obligation's
params: ``rows`` ((condition, result) trees, "otherwise" already the negation of the earlier rows),
``bounds`` ((names, domain, condition): the multiples the results use) and ``facts`` (conditions on the
operands).  Its meaning, for every pair (a, b) of the type and c the operator's bit-vector operation on
them (its ``Names.smtlib_int``, read in the type's signedness):

    every fact holds, and where a row's condition holds, some value of the row's multiple in its domain
    satisfies the conditions its bound puts on it and makes c the row's result.

The multiple is not left to a quantifier: a result ``E + P*k`` (P a constant given n) names it, as
``k = (c - E) / P`` when ``c - E`` is a multiple of P, and nothing else; so "there is a k" is exactly "c - E
is a multiple of P and that k satisfies its conditions".  The SMT-LIB goal computes every expression exactly in
bit-vectors wide enough that nothing overflows (`width`), the mirror the same in Python integers, on the
operator's integer kernel.  A row this cannot encode (a multiple no bound introduces, two multiples in one
result, one with an operand for a factor) is an encoding gap (`encoding_gap`): unread, never an obligation.

An arithmetic node of a tree, ``(<op>, x, y)``, names the operator of the registry it applies, in lower case:
its infix symbol (``+``, ``-``, ``*``) says its algebra, and its bit-vector operation encodes it, exactly in
the width chosen.
"""

from __future__ import annotations

import functools

import numpy as np

from divbridge import operators
from divbridge.document.meaning import show
from divbridge.formats import IntFormat, get_format
from divbridge.operators.model import OPERANDS
from divbridge.statements import Statement
from divbridge.terms import BV_NEG, BV_SDIV, BV_SUB, Printed, smtlib
from divbridge.terms.smtlib import bv_literal

_ZERO, _ONE = ("num", 0), ("num", 1)

# the arithmetic nodes: a tree's name of an operator -> its infix symbol, and back
_SYMBOL = {op.name.lower(): op.vocabulary.infix for op in operators.OPERATORS.values()
           if op.vocabulary.infix in ("+", "-", "*")}
_NODE = {symbol: name for name, symbol in _SYMBOL.items()}

_EXACT = {"+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y}


def variables_of(tree) -> set[str]:
    if not isinstance(tree, tuple) or not tree:
        return set()
    if tree[0] == "var":
        return {tree[1]}
    return set().union(*(variables_of(t) for t in tree[1:] if isinstance(t, tuple)), set())


def _has_operand(tree) -> bool:
    return isinstance(tree, tuple) and bool(tree) and (tree[0] in OPERANDS or any(
        _has_operand(t) for t in tree[1:] if isinstance(t, tuple)))


def linear(expr: tuple, var: str) -> tuple[tuple, tuple]:
    """(E, P) with ``expr = E + P * var``, P free of operands and of ``var``; ValueError if not so."""
    e, p = _linear(expr, var)
    return _simplified(e), _simplified(p)


def _simplified(tree: tuple) -> tuple:
    """The tree without the zeros and ones `_linear` leaves (``x - 0 * 2^n`` is ``x``)."""
    head = tree[0]
    if head == "neg":
        inner = _simplified(tree[1])
        return _ZERO if inner == _ZERO else ("num", -inner[1]) if inner[0] == "num" else ("neg", inner)
    if head not in _SYMBOL:
        return tree
    x, y = _simplified(tree[1]), _simplified(tree[2])
    if _SYMBOL[head] == "*":
        if _ZERO in (x, y):
            return _ZERO
        return y if x == _ONE else x if y == _ONE else (head, x, y)
    if y == _ZERO:
        return x
    if x == _ZERO:
        return y if _SYMBOL[head] == "+" else _simplified(("neg", y))
    return (head, x, y)


def _linear(expr: tuple, var: str) -> tuple[tuple, tuple]:
    if var not in variables_of(expr):
        return expr, _ZERO
    head = expr[0]
    if head == "var":
        return _ZERO, _ONE
    if head == "neg":
        e, p = _linear(expr[1], var)
        return ("neg", e), ("neg", p)
    if _SYMBOL.get(head) in ("+", "-"):
        (e1, p1), (e2, p2) = _linear(expr[1], var), _linear(expr[2], var)
        return (head, e1, e2), (head, p1, p2)
    if _SYMBOL.get(head) == "*":
        left, right = expr[1], expr[2]
        if var in variables_of(left) and var in variables_of(right):
            raise ValueError("the multiple is a factor of itself")
        inner, factor = (left, right) if var in variables_of(left) else (right, left)
        if _has_operand(factor) or variables_of(factor):
            raise ValueError("the multiple has an operand for a factor")
        e, p = _linear(inner, var)
        return (_NODE["*"], e, factor), (_NODE["*"], p, factor)
    raise ValueError(f"cannot solve for {var}")


def evaluate(tree, n: int, env: dict, fmt: IntFormat | None = None):
    """An expression's exact integer value, or a condition's truth, with ``env`` giving the operands (A, B...) and
    the multiples (Python integers, or NumPy arrays of them: then elementwise; a truth value as 1 or 0)."""
    head = tree[0]
    if head in OPERANDS:
        return env[head]
    if head == "var":
        return env[tree[1]]
    if head in ("num", "bool"):
        return tree[1]
    if head == "pow2":
        return 2 ** (n + tree[1])
    if head in ("min", "max"):
        return fmt.min if head == "min" else fmt.max
    if head == "neg":
        return -evaluate(tree[1], n, env, fmt)
    if head in _SYMBOL:
        return _EXACT[_SYMBOL[head]](evaluate(tree[1], n, env, fmt), evaluate(tree[2], n, env, fmt))
    if head == "cmp":
        x, y = evaluate(tree[2], n, env, fmt), evaluate(tree[3], n, env, fmt)
        found = {"<": x < y, ">": x > y, "≤": x <= y, "≥": x >= y, "=": x == y, "≠": x != y}[tree[1]]
        return np.asarray(found, dtype=bool)
    if head in ("and", "or"):
        combine = np.logical_and if head == "and" else np.logical_or
        return functools.reduce(combine, (evaluate(p, n, env, fmt) for p in tree[1]), np.bool_(head == "and"))
    if head == "not":
        return np.logical_not(evaluate(tree[1], n, env, fmt))
    if head == "true":
        return np.bool_(True)
    raise ValueError(f"not an expression: {head}")


def _conjuncts(condition) -> list:
    if condition is None:
        return []
    if condition[0] == "and":
        return [c for part in condition[1] for c in _conjuncts(part)]
    return [condition]


def _plan(row: tuple, bounds) -> tuple:
    """How a row is checked: (condition, result, multiple or "", E, P, domain, its conditions)."""
    condition, result = row
    names = sorted(variables_of(result))
    if not names:
        return condition, result, "", result, _ZERO, "", ()
    if len(names) > 1:
        raise ValueError(f"two multiples ({', '.join(names)}) in one result")
    var = names[0]
    declared = [b for b in bounds if var in b[0]]
    if not declared:
        raise ValueError(f"the multiple {var} is introduced by no sentence")
    e, p = linear(result, var)
    domain = declared[0][1]
    conditions = tuple(c for b in declared for c in _conjuncts(b[2]) if variables_of(c) and variables_of(c) <= {var})
    return condition, result, var, e, p, domain, conditions


def encoding_gap(rows, bounds, n: int = 8) -> str:
    """Why a claim's rows cannot be encoded exactly ("" when they can)."""
    for row in rows:
        try:
            plan = _plan(row, bounds)
        except ValueError as exc:
            return str(exc)
        if plan[2] and evaluate(plan[4], n, {}) == 0:
            return "the multiple's factor is zero"
        if variables_of(row[0]):
            return f"the row's condition names the multiple {', '.join(sorted(variables_of(row[0])))}"
    return ""


def bound_gap(rows, bound) -> str:
    """Why a sentence introducing multiples is not wholly encoded by the rows ("" when it is): each of its
    conditions must speak of one multiple, which a row's result uses (else it would be dropped, never proved)."""
    names, _, condition = bound
    used = set().union(*(variables_of(result) for _, result in rows), set())
    for name in names:
        if name not in used:
            return f"no case uses the multiple {name} it introduces"
    for part in _conjuncts(condition):
        if len(variables_of(part)) != 1:
            return f"a condition on {', '.join(sorted(variables_of(part))) or 'no multiple'}, which no single row states"
        if not variables_of(part) <= set(names):     # "k_2 in N such that ... k ...": another multiple's name
            return f"a condition on {', '.join(sorted(variables_of(part)))}, which it does not introduce"
    return ""


def holds(rows, bounds, facts, fmt: IntFormat, inputs: tuple, c: np.ndarray) -> np.ndarray:
    """The claim at each point (object arrays of Python integers, a truth value 1 or 0): ``c`` is the operator's
    result on its ``inputs``, in order."""
    n, env = fmt.bits, dict(zip(OPERANDS, inputs))
    a = inputs[0]
    found = np.ones(a.shape, bool)
    for f in facts:
        found &= evaluate(f, n, env, fmt)
    for row in rows:
        condition, _, var, e, p, domain, conditions = _plan(row, bounds)
        applies = evaluate(condition, n, env, fmt) & np.ones(a.shape, bool)
        rest = c - evaluate(e, n, env, fmt)
        if not var:
            found &= ~applies | (rest == 0)
            continue
        factor = evaluate(p, n, env, fmt)
        multiple = np.asarray(rest % factor == 0, bool)
        k = rest // factor
        good = multiple & (np.asarray(k >= 0, bool) if domain == "N" else True)
        for x in conditions:
            good &= evaluate(x, n, {**env, var: k}, fmt)
        found &= ~applies | good
    return found


def first_failure(rows, bounds, facts, fmt: IntFormat, inputs: tuple, c: int) -> str | None:
    """What the claim states that fails at one point (the fact, or the row's case), or None."""
    one = tuple(np.array([x], dtype=object) for x in inputs)
    result_at = np.array([c], dtype=object)
    for f in facts:
        if not holds((), bounds, (f,), fmt, one, result_at)[0]:
            return f"{show(f)}, false there"
    for row in rows:
        if holds((row,), bounds, (), fmt, one, result_at)[0]:
            continue
        condition, result, var, e, p, domain, conditions = _plan(row, bounds)
        if not var:
            value = evaluate(result, fmt.bits, dict(zip(OPERANDS, inputs)), fmt)
            return f"{show(condition)} → C = {show(result)} = {value}"
        where = " such that " + " and ".join(show(x) for x in conditions) if conditions else ""
        return f"{show(condition)} → C = {show(result)} for no {var} ∈ {'ℕ' if domain == 'N' else 'ℤ'}{where}"
    return None


def width(rows, bounds, facts, fmt: IntFormat) -> int:
    """Bits in which every expression of the claim is exact (a generous interval bound, plus a sign bit)."""
    n = fmt.bits
    top = 2 ** (n + 1)

    def size(tree, env) -> int:
        head = tree[0]
        if head in (*OPERANDS, "min", "max"):
            return top
        if head == "var":
            return env.get(tree[1], top)
        if head in ("num", "bool"):
            return abs(tree[1])
        if head == "pow2":
            return 2 ** max(n + tree[1], 0)
        if head == "neg":
            return size(tree[1], env)
        if _SYMBOL.get(head) in ("+", "-"):
            return size(tree[1], env) + size(tree[2], env)
        if _SYMBOL.get(head) == "*":
            return size(tree[1], env) * size(tree[2], env)
        if head == "cmp":
            return max(size(tree[2], env), size(tree[3], env))
        if head in ("and", "or"):
            return max((size(p, env) for p in tree[1]), default=1)
        return size(tree[1], env) if len(tree) > 1 else 1       # not, true

    biggest = max([size(f, {}) for f in facts] + [top])
    for row in rows:
        condition, result, var, e, p, _, conditions = _plan(row, bounds)
        env = {}
        if var:
            env[var] = (top + size(e, {})) // max(abs(evaluate(p, n, {})), 1) + 1
        biggest = max([biggest, size(condition, {}), size(result, env),
                       size(e, {})] + [size(x, env) for x in conditions])
    return max(biggest.bit_length() + 2, 2 * n + 2)


class _Smt:
    """The claim's trees as SMT-LIB bit-vector terms of width ``w`` (signed comparisons: nothing overflows) over the
    operator ``op``'s inputs (a bool input a Bool, compared with a truth value)."""

    def __init__(self, fmt: IntFormat, w: int, op):
        self.fmt, self.w, self.op = fmt, w, op
        self.extend = f"(_ {'sign' if fmt.signed else 'zero'}_extend {w - fmt.bits})"

    def printed(self, tree, env: dict) -> Printed:
        return Printed(self.term(tree, env), "bv")

    def term(self, tree, env: dict) -> str:
        head = tree[0]
        if head in OPERANDS:
            given = self.op.input_of(head)
            return given.var if given.type == "bool" else f"({self.extend} {given.var})"
        if head == "bool":
            return "true" if tree[1] else "false"
        if head == "var":
            return env[tree[1]]
        if head == "num":
            return bv_literal(self.w, tree[1])
        if head == "pow2":
            return bv_literal(self.w, 2 ** (self.fmt.bits + tree[1]))
        if head in ("min", "max"):
            return bv_literal(self.w, self.fmt.min if head == "min" else self.fmt.max)
        if head == "neg":
            return smtlib.term(BV_NEG(self.printed(tree[1], env)))
        if head in _SYMBOL:   # the exact arithmetic of the operator the node names: nothing overflows here
            operation = operators.get(head).operation.function("int")
            return smtlib.term(operation(self.printed(tree[1], env), self.printed(tree[2], env)))
        if head == "cmp":
            op = {"<": "bvslt", ">": "bvsgt", "≤": "bvsle", "≥": "bvsge", "=": "=", "≠": "distinct"}[tree[1]]
            return f"({op} {self.term(tree[2], env)} {self.term(tree[3], env)})"
        if head in ("and", "or"):      # SMT-LIB's and / or take two arguments or more
            parts = [self.term(p, env) for p in tree[1]]
            return parts[0] if len(parts) == 1 else f"({head} {' '.join(parts)})" if parts else \
                ("true" if head == "and" else "false")
        if head == "not":
            return f"(not {self.term(tree[1], env)})"
        if head == "true":
            return "true"
        if head == "smt":              # a term already written
            return tree[1]
        raise ValueError(f"not an expression: {head}")


class WrapAround(Statement):
    kind = "wraparound"
    name = "wraparound"
    families = ("int",)
    encodings = frozenset({"smt", "predicate"})

    def smt_frame(self, o) -> str:
        return "int"

    def exact_sorts(self, o) -> tuple[str, ...]:
        fmt = get_format(o.format)
        return (f"(_ BitVec {width(*self._claim(o), fmt)})",)

    @staticmethod
    def _claim(o):
        return o.params["rows"], o.params["bounds"], o.params["facts"]

    def smt(self, o, context) -> str:
        fmt = context["fmt"]
        rows, bounds, facts = self._claim(o)
        w = width(rows, bounds, facts, fmt)
        smt = _Smt(fmt, w, operators.of_obligation_name(o.operator))
        truth = operators.of_obligation_name(o.operator).operation.result == "bool"
        lines = [f"; exact integer arithmetic in {w}-bit vectors (nothing overflows there); C is the operator's "
                 f"result, c, read as {'a signed' if fmt.signed else 'an unsigned'} integer" if not truth else
                 f"; exact integer arithmetic in {w}-bit vectors (nothing overflows there); c, the operator's "
                 f"result, is a truth value"]
        if not truth:
            lines.append(f"(define-fun C () (_ BitVec {w}) ({smt.extend} c))")
        claims = [smt.term(f, {}) for f in facts]
        for number, row in enumerate(rows, 1):
            condition, _, var, e, p, domain, conditions = _plan(row, bounds)
            if truth:   # the rows' results are truth values (`encoding_gap`)
                claims.append(f"(=> {smt.term(condition, {})} {'c' if e[1] else '(not c)'})")
                continue
            if not var:
                claims.append(f"(=> {smt.term(condition, {})} (= C {smt.term(e, {})}))")
                continue
            factor = bv_literal(w, evaluate(p, fmt.bits, {}))
            lines.append(f"; row {number}: the multiple {var} that makes C its result, when it is an integer")
            rest = BV_SUB(Printed("C", "bv"), smt.printed(e, {}))
            lines.append(f"(define-fun rest_{number} () (_ BitVec {w}) {smtlib.term(rest)})")
            multiple = BV_SDIV(Printed(f"rest_{number}", "bv"), Printed(factor, "bv"))
            lines.append(f"(define-fun {var}_{number} () (_ BitVec {w}) {smtlib.term(multiple)})")
            env = {var: f"{var}_{number}"}
            needs = [f"(= (bvsrem rest_{number} {factor}) {bv_literal(w, 0)})"]
            if domain == "N":
                needs.append(f"(bvsge {var}_{number} {bv_literal(w, 0)})")
            needs += [smt.term(x, env) for x in conditions]
            claims.append(f"(=> {smt.term(condition, {})} (and {' '.join(needs)}))")
        lines.append(f"(define-fun goal () Bool {smt.term(('and', tuple(('smt', c) for c in claims)), {})})")
        return "\n".join(lines)

    def explain(self, o, fmt, values) -> str:
        op = operators.of_obligation_name(o.operator)
        given = [int(values[i.var]) for i in op.inputs]
        c = op.kernels.integer(fmt, *given)
        shown = ", ".join(f"{i.var} = {fmt.describe(x)}" for i, x in zip(op.inputs, given)) + \
            f": {smtlib.head(op.operation.function('int'))} gives {fmt.describe(c)}"
        failure = first_failure(*self._claim(o), fmt, tuple(given), c)
        # the claim's own words, never its line: a counterexample is cached with the query, which names no line
        return shown if failure is None else f"{shown}; the document states {failure}"

    def predicate(self, o, fmt, **inputs):
        op = operators.of_obligation_name(o.operator)
        columns = [inputs[i.var].astype(object) for i in op.inputs]
        c = np.array([op.kernels.integer(fmt, *(int(x) for x in point)) for point in zip(*columns)], dtype=object)
        return np.ones(columns[0].shape, bool), holds(*self._claim(o), fmt, tuple(columns), c)


STATEMENTS = (WrapAround(),)
