"""The Coq printer of terms (`divbridge.terms`): Flocq's IEEE 754 operations on ``binary_float``.

Flocq's ``Binary`` has the rounded operations (mode first: ``Bdiv mode_NE x y``), the exact ``Bopp`` and
``Babs`` and the classes; the Coq libraries (generators/coq/) state each operator's theorems with them, by the
name `head` gives.
"""

from __future__ import annotations

from fractions import Fraction

from divbridge.terms import App, Const, Function, Term, Var, expand

_REAL_INFIX = {"real.add": "+", "real.sub": "-", "real.mul": "*", "real.div": "/"}   # R_scope
# exact real terms that are no operation of Flocq's: R_scope's negation, a decided comparison, a choice
_REAL_FORMS = {"real.neg": "- {x}", "real.lt": "Rlt_dec {x} {y}", "ite": "(if {x} then {y} else {z})",
               "real.sqrt": "sqrt {x}"}
_NAMES = {"fp.neg": "Bopp", "fp.abs": "Babs", "fp.add": "Bplus", "fp.sub": "Bminus", "fp.mul": "Bmult",
          "fp.div": "Bdiv", "fp.sqrt": "Bsqrt", "fp.lt": "Bltb"}
_MODES = {"RNE": "mode_NE", "RNA": "mode_NA", "RTZ": "mode_ZR", "RTN": "mode_DN", "RTP": "mode_UP"}


def head(fn: Function) -> str:
    """Flocq's name of the operation (a definition that is one operation on its parameters: that one's)."""
    if fn.defined:
        body = fn.body
        if isinstance(body, App) and body.args == fn.params:
            return head(body.fn)
        raise ValueError(f"{fn.name} is no operation of Flocq's")
    if fn.name not in _NAMES:
        raise ValueError(f"{fn.name} is no operation of Flocq's")
    return _NAMES[fn.name]


def term(t: Term) -> str:
    if isinstance(t, Var):
        return t.name
    if isinstance(t, Const) and t.sort == "real" and Fraction(t.value).denominator == 1:
        return str(Fraction(t.value).numerator)   # a numeral of R_scope
    if not isinstance(t, App):
        raise ValueError(f"Flocq has no literal for {t}")
    if t.fn.defined:   # one operation on its parameters, or a real term written out (Abs's: -x below zero)
        body = t.fn.body
        if isinstance(body, App) and body.args == t.fn.params:
            return term(App(body.fn, t.args, body.mode))
        if t.sort != "real":
            raise ValueError(f"{t.fn.name} is no operation of Flocq's")
        return term(expand(t))
    args = [term(a) for a in t.args]
    if t.fn.name in _REAL_FORMS:
        return _REAL_FORMS[t.fn.name].format(**dict(zip("xyz", (f"({a})" if " " in a and not a.startswith("(")
                                                                 else a for a in args))))
    if t.fn.name in _REAL_INFIX:   # an operand that is itself an infix operation in parentheses
        return f" {_REAL_INFIX[t.fn.name]} ".join(
            f"({a})" if isinstance(arg, App) and arg.fn.name in _REAL_INFIX else a for a, arg in zip(args, t.args))
    words = [head(t.fn), *([_MODES[t.mode]] if t.mode else []),
             *(f"({a})" if " " in a else a for a in args)]
    return " ".join(words)
