"""The Gappa printer of terms (`divbridge.terms`): the exact arithmetic on reals a Gappa script states its
rounding of (``r = a / b;``)."""

from __future__ import annotations

from divbridge.terms import App, Term, Var

_INFIX = {"real.add": "+", "real.sub": "-", "real.mul": "*", "real.div": "/"}


def term(t: Term) -> str:
    if isinstance(t, Var):
        return t.name
    if isinstance(t, App) and t.fn.defined:
        body = t.fn.body
        assert body is not None
        return term(App(body.fn, t.args, body.mode)) if isinstance(body, App) and body.args == t.fn.params else \
            _no_term(t)
    if isinstance(t, App) and t.fn.name in _INFIX:
        return f" {_INFIX[t.fn.name]} ".join(f"({term(a)})" if isinstance(a, App) else term(a) for a in t.args)
    if isinstance(t, App) and t.fn.name == "real.neg":
        return f"-({term(t.args[0])})" if isinstance(t.args[0], App) else f"-{term(t.args[0])}"
    return _no_term(t)


def _no_term(t: Term) -> str:
    raise ValueError(f"Gappa has no term for {t}")
