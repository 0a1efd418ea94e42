"""Real terms (`divbridge.terms`, sort ``real`` or ``bool``) as sympy expressions: what an accuracy note's claims
are judged against when a description gives its operator's real function as a term (a selection: ``ite`` is a
`sympy.Piecewise`).  A ``bool`` variable stands for 1 (true) or 0 (false), as the notes compare a condition with
``True``; a term this module has no rendering of is a `ValueError`, never guessed."""

from __future__ import annotations

import sympy

from divbridge.terms import App, Const, Function, Term, Var, expand

_ARITHMETIC = {"real.add": sympy.Add, "real.mul": sympy.Mul, "real.sub": lambda a, b: a - b,
               "real.div": lambda a, b: a / b, "real.neg": lambda a: -a, "real.sqrt": sympy.sqrt}
_RELATIONS = {"real.lt": sympy.Lt}


def applied(fn: Function, args: tuple[sympy.Basic, ...]) -> sympy.Basic:
    """``fn`` (a defined function of real and bool parameters) applied to sympy arguments."""
    body = expand(App(fn, fn.params))
    return expression(body, {p.name: a for p, a in zip(fn.params, args)})


def expression(term: Term, env: dict[str, sympy.Basic]) -> sympy.Basic:
    """``term`` with its variables the sympy values of ``env``."""
    if isinstance(term, Var):
        return env[term.name]
    if isinstance(term, Const) and term.sort in ("real", "int"):
        return sympy.nsimplify(term.value)
    if isinstance(term, Const) and term.sort == "bool":
        return sympy.S.One if term.value else sympy.S.Zero
    if isinstance(term, App) and term.fn.defined:
        return expression(expand(term), env)
    if isinstance(term, App):
        args = [expression(a, env) for a in term.args]
        if term.fn.name == "ite":     # a condition: a relation, or a bool variable (1 or 0)
            holds = args[0] if isinstance(args[0], sympy.core.relational.Relational) else sympy.Ne(args[0], 0)
            return sympy.Piecewise((args[1], holds), (args[2], True))
        if term.fn.name in _RELATIONS:
            return _RELATIONS[term.fn.name](*args)
        if term.fn.name in _ARITHMETIC:
            return _ARITHMETIC[term.fn.name](*args)
    raise ValueError(f"no sympy rendering of {term}")
