"""Smoke tests of every obligation, as Frama-C WP's ``-wp-smoke-tests`` and SPARK's checks for inconsistent
assumptions: does a proof mean something?

From an obligation's SMT-LIB query (`obligations.smtrender`, whose goal is ``(=> hypotheses conclusion)`` or
a bare conclusion), two more queries:

- **hypotheses**: are they satisfiable?  ``sat`` gives a point where they hold (its operands recorded, as a
  counterexample's are); ``unsat``: the obligation is ``vacuous``, proved of nothing, never as expected.
- **conclusion**: is the goal still valid when the obligation's operator is any function at all (every
  operation of the query in the operator's SMT-LIB names, `Operator.smt_operations`, on non-constants,
  replaced by an uninterpreted function of the same sorts)?  Then it holds whatever the document says the
  operator is, as a row that restates the operator's definition (``C = A op B``) or a conclusion ``true``:
  the obligation is ``definitional``, shown as a definition and not counted as a proved property.
  ``sat``: it states something about the operator (`verdicts.about`: ``about <its name>``).

An obligation with no SMT-LIB query (a Why3-only, Coq or enumeration claim) is ``not checked``, said so,
unless its statement says its goal holds of any such operation by its very form (`Statement.definitional`:
the tensor goals, quantified over the scalar operation).
The answers are cached with the proofs (`provers.cache`, the query's text as key); each query gets
`TIME_LIMIT_S`, and no answer is ``unknown``, never a pass.
"""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from divbridge import operators, statements
from divbridge.errors import ToolMissing
from divbridge.obligations import smtrender
from divbridge.obligations.model import Obligation
from divbridge.operators.model import Operator
from divbridge.provers import counterexample, solvers
from divbridge.provers.counterexample import Counterexample
from divbridge.provers.runner import ProofTask
from divbridge.provers.verdicts import Attempt, Smoke, about

TIME_LIMIT_S = 10.0
# the first that reads the query: Bitwuzla (no reals, no BF16), then cvc5 for floats (Z3 takes 10 s on BF16's
# accuracy where cvc5 takes 0.3 s), Z3 for the rest (reals and integers)
SOLVER_ORDER = ("bitwuzla", "cvc5", "z3")


# -- the queries ---------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s+|;[^\n]*|\|[^|]*\||\(|\)|[^\s()]+")


def parse(text: str) -> list:
    """SMT-LIB text as nested lists of atoms (comments dropped)."""
    stack: list[list] = [[]]
    for token in _TOKEN.findall(text):
        if token.isspace() or token.startswith(";"):
            continue
        if token == "(":
            stack.append([])
        elif token == ")":
            done = stack.pop()
            stack[-1].append(done)
        else:
            stack[-1].append(token)
    return stack[0]


def unparse(term) -> str:
    return f"({' '.join(unparse(t) for t in term)})" if isinstance(term, list) else term


def split_goal(goal) -> tuple[Any, Any]:
    """(hypotheses or None, conclusion) of a goal ``(=> h1 ... hn c)``."""
    if isinstance(goal, list) and goal and goal[0] == "=>":
        hypotheses = goal[1:-1]
        return (hypotheses[0] if len(hypotheses) == 1 else ["and", *hypotheses]), goal[-1]
    return None, goal


def _goal_index(commands: list) -> int:
    return next(i for i, c in enumerate(commands) if c[:2] == ["define-fun", "goal"])


def _without_status(commands: list) -> list:
    return [c for c in commands if c[:2] != ["set-info", ":status"]]


def hypotheses_query(text: str) -> str | None:
    """The query asking whether the goal's hypotheses are satisfiable (None: the goal has none)."""
    commands = _without_status(parse(text))
    hypotheses, _ = split_goal(commands[_goal_index(commands)][4])
    if hypotheses is None:
        return None
    asserted = ["assert", hypotheses]
    return "\n".join(unparse(asserted if c[:1] == ["assert"] else c) for c in commands) + "\n"


def free_operation_query(text: str, op: Operator, exact: tuple[str, ...] = ()) -> str:
    """The query itself with every operation of ``op`` (`Operator.smt_operations`) an
    uninterpreted function of its sorts (its negated goal ``unsat``: the goal holds of any such operation);
    ``exact``: sorts where they are the statement's exact arithmetic (`Statement.exact_sorts`), kept."""
    commands = _without_status(parse(text))
    sorts = _Sorts(commands, op, frozenset(exact))
    declared: dict[str, str] = {}
    rewritten = [sorts.rewrite_command(c, declared) for c in commands]
    logic = next(i for i, c in enumerate(rewritten) if c[:1] == ["set-logic"])
    rewritten[logic] = ["set-logic", "ALL"]
    return "\n".join([unparse(c) for c in rewritten[:logic + 1]] + list(declared.values())
                     + [unparse(c) for c in rewritten[logic + 1:]]) + "\n"


class _Sorts:
    """The sort of a term, as far as the operator's operations in a query need it: operands, literals,
    conversions."""

    def __init__(self, commands: list, op: Operator, exact: frozenset[str] = frozenset()):
        self.operations = op.smt_operations
        self.exact = exact
        self.infix = op.vocabulary.infix
        self.names: dict[str, Any] = {"RNE": "RoundingMode", "RTZ": "RoundingMode", "RTP": "RoundingMode",
                                      "RTN": "RoundingMode", "RNA": "RoundingMode"}
        for c in commands:
            if c[:1] == ["declare-const"]:
                self.names[c[1]] = c[2]
            elif c[:1] == ["define-fun"]:
                self.names[c[1]] = c[3]

    def of(self, term) -> Any:
        if not isinstance(term, list):
            if term in self.names:
                return self.names[term]
            if term.startswith("#b"):
                return ["_", "BitVec", str(len(term) - 2)]
            if term.startswith("#x"):
                return ["_", "BitVec", str(4 * (len(term) - 2))]
            return "Real" if "." in term else "Int"
        head = term[0]
        if head == "fp":
            return ["_", "FloatingPoint", str(len(term[2]) - 2), str(len(term[3]) - 1)]
        if isinstance(head, list) and head[:2] in (["_", "to_fp"], ["_", "to_fp_unsigned"]):
            return ["_", "FloatingPoint", head[2], head[3]]
        if isinstance(head, list) and head[:2] in (["_", "sign_extend"], ["_", "zero_extend"]):
            return ["_", "BitVec", str(int(head[2]) + int(self.of(term[1])[2]))]
        if isinstance(head, list) and head[:2] == ["_", "extract"]:
            return ["_", "BitVec", str(int(head[2]) - int(head[3]) + 1)]
        if head == "_" and term[1].startswith("bv"):
            return ["_", "BitVec", term[2]]
        if head == "ite":
            return self.of(term[2])
        if head in self.names:   # a defined function
            return self.names[head]
        if head == "/":
            return "Real"
        arguments = [t for t in term[1:] if self.of(t) != "RoundingMode"]
        return self.of(arguments[0])

    def rewrite_command(self, command: list, declared: dict[str, str]) -> list:
        """A command with the operator's operations free; a defined function's parameters have their sorts
        inside it."""
        if command[:1] != ["define-fun"] or not command[2]:
            return self.rewrite(command, declared)
        saved = dict(self.names)
        self.names.update({name: sort for name, sort in command[2]})
        try:
            return self.rewrite(command, declared)
        finally:
            self.names = saved

    def rewrite(self, term, declared: dict[str, str]):
        if not isinstance(term, list):
            return term
        term = [self.rewrite(t, declared) if i else t for i, t in enumerate(term)]
        if not term or not isinstance(term[0], str) or term[0] not in self.operations or \
                (term[0] == self.infix and not any(_variable(t) for t in term[1:])):
            return term
        # a rounded operation's first argument is its rounding mode (fp.neg and fp.abs take none)
        mode = [term[1]] if len(term) > 2 and self.of(term[1]) == "RoundingMode" else []
        operands = term[2:] if mode else term[1:]
        sort = self.of(operands[0])
        if unparse(sort) in self.exact:
            return term
        # one free function per operation, mode, sort and arity (SMT-LIB's "-" takes one operand or two)
        arity = "" if len(operands) == 2 else f"_{len(operands)}"
        name = "free_" + re.sub(r"[^A-Za-z0-9]+", "_", unparse([term[0], *mode, sort])).strip("_") + arity
        declared.setdefault(name, f"(declare-fun {name} ({' '.join([unparse(sort)] * len(operands))}) "
                                  f"{unparse(sort)})")
        return [name, *operands]


def _variable(term) -> bool:
    """Whether a term is more than a literal (``(/ 1.0 3.0)`` is a rational constant, not an operation
    of the operator's)."""
    if isinstance(term, list):
        return any(_variable(t) for t in term[1:])
    return not re.fullmatch(r"[0-9.]+", term)


# -- running them ----------------------------------------------------------------------------------

def check(obligations: list[Obligation], cache, jobs: int, pool: solvers.WorkerPool | None = None
          ) -> dict[str, Smoke]:
    """Obligation id -> its smoke result, every query through ``cache`` first.  ``pool``: the proof run's
    solver workers, already started (else a pool of its own, stopped at the end)."""
    own = pool is None
    pool = pool or solvers.WorkerPool(solvers.DEFAULT_MEMORY_MB)
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as executor:
        found = dict(zip((o.id for o in obligations), executor.map(lambda o: _smoke(o, cache, pool), obligations)))
    if own:
        pool.close()
    return found


def _smoke(obligation: Obligation, cache, pool: solvers.WorkerPool) -> Smoke:
    if not smtrender.handles(obligation):
        reason = statements.of(obligation).definitional(obligation)
        return Smoke(conclusion="definitional", by=f"its form: {reason}") if reason else Smoke()
    rendered = smtrender.render(obligation, Path("."))
    floats = bool(solvers.float_sizes(rendered.text))
    solver = next((s for s in SOLVER_ORDER if _installed(s) and solvers.supports(s, rendered.logic, rendered.text)
                   and (s != "cvc5" or floats)), "")
    if not solver:   # no solver here reads it: said, not guessed
        return Smoke()
    hypotheses, model = "none", {}
    query = hypotheses_query(rendered.text)
    if query is not None:
        answer = _ask(obligation, "hypotheses", query, solver, cache, pool)
        hypotheses = {"refuted": "satisfiable", "proved": "vacuous"}.get(answer.verdict, "unknown")
        model = counterexample.show(answer.counterexample) if answer.counterexample else {}
    free = free_operation_query(rendered.text, operators.of_obligation_name(obligation.operator),
                               statements.of(obligation).exact_sorts(obligation))
    answer = _ask(obligation, "conclusion", free, solver, cache, pool)
    conclusion = {"refuted": about(operators.of_obligation_name(obligation.operator).name),
                  "proved": "definitional"}.get(answer.verdict, "unknown")
    return Smoke(hypotheses, conclusion, model, f"{solver} {solvers.version(solver)}")


def _installed(solver: str) -> bool:
    try:
        solvers.version(solver)
    except ToolMissing:
        return False
    return True


def _ask(obligation: Obligation, kind: str, query: str, solver: str, cache, pool: solvers.WorkerPool) -> Attempt:
    """The answer to one smoke query as an attempt: ``proved`` (unsat), ``refuted`` (sat, with the point
    decoded, not replayed: it is no counterexample), or unknown / timeout / error."""
    task = ProofTask(obligation, solver, query, "", (("smoke", kind),), query)
    version = solvers.version(solver)
    cached = cache.lookup(task, version, TIME_LIMIT_S)
    if cached is not None:
        return cached
    answer = pool.solve(solver, query, TIME_LIMIT_S)
    variables = smtrender.variables(obligation) or {}
    if answer.status == "unsat":
        attempt = Attempt(solver, "proved", 0.0, version=version)
    elif answer.status == "sat":
        values = counterexample.decode(variables, answer.model)
        attempt = Attempt(solver, "refuted", 0.0, version=version,
                          counterexample=Counterexample(values, dict(variables)))
    else:
        attempt = Attempt(solver, answer.status if answer.status in ("unknown", "timeout") else "error", 0.0,
                          version=version, message=answer.message)
    cache.store(task, version, attempt, TIME_LIMIT_S)
    return attempt
