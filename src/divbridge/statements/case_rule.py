"""The special-value rules a document states ("X over Y is Z, carrying S"), encoded for every backend.

The rules themselves come from the document (`document.caserule.CaseRule`);
this module is their single encoding: Why3 goal, SMT-LIB goal, readable
statement and the predicate the cross-check runs on the mirror.  IEEE 754's
own rules (clause 7 and 6.3), which "IEEE 754 division" binds, are case rules
too (`obligations.catalog.IEEE_RULES`): their Why3 goals are named ``ieee_<rule>``.  A rule the
document gets wrong (a sign rule IEEE 754 does not have, say) is encoded just
the same, so the provers refute it with a counterexample.
"""

from __future__ import annotations

import numpy as np

from divbridge.statements import Statement
from divbridge.statements.mirrorops import div, f64

# operand class -> (Why3, SMT-LIB, readable) over the operand written {x}
_CLASSES = {
    "zero": ("is_zero {x}", "(fp.isZero {x})", "isZero({x})"),
    "finite_nonzero": ("is_finite {x} /\\ not is_zero {x}", "(and (isFinite {x}) (not (fp.isZero {x})))",
                       "isFinite({x}) and not isZero({x})"),
    "finite": ("is_finite {x}", "(isFinite {x})", "isFinite({x})"),
    "inf": ("is_infinite {x}", "(fp.isInfinite {x})", "isInfinite({x})"),
    "nan": ("is_nan {x}", "(fp.isNaN {x})", "isNaN({x})"),
}
_RESULTS = {"nan": ("is_nan (div a b)", "(fp.isNaN q)", "isNaN(a / b)"),
            "inf": ("is_infinite (div a b)", "(fp.isInfinite q)", "isInfinite(a / b)"),
            "zero": ("is_zero (div a b)", "(fp.isZero q)", "isZero(a / b)")}
_SIGNS = {"xor": ("sign_xor (div a b) a b", "(= (fp.isNegative q) (xor (fp.isNegative a) (fp.isNegative b)))",
                  "sign(a / b) = sign(a) xor sign(b)"),
          "a": ("(is_negative (div a b) <-> is_negative a)", "(= (fp.isNegative q) (fp.isNegative a))",
                "sign(a / b) = sign(a)"),
          "b": ("(is_negative (div a b) <-> is_negative b)", "(= (fp.isNegative q) (fp.isNegative b))",
                "sign(a / b) = sign(b)"),
          "+": ("is_positive (div a b)", "(fp.isPositive q)", "a / b > 0 (positive sign)"),
          "-": ("is_negative (div a b)", "(fp.isNegative q)", "a / b < 0 (negative sign)")}


def _parts(params: dict, column: int) -> tuple[list[str], list[str]]:
    conditions = [_CLASSES[params[x]][column].format(x=x) for x in ("a", "b") if params[x] != "any"]
    outcome = [_RESULTS[params["result"]][column]] + ([_SIGNS[params["sign"]][column]] if params["sign"] else [])
    return conditions, outcome


def _why3(params: dict) -> str:
    conditions, outcome = _parts(params, 0)
    conjunction = " /\\ "
    return f"forall a b: t. {conjunction.join(conditions)} -> {conjunction.join(outcome)}"


def _smt(params: dict) -> str:
    conditions, outcome = _parts(params, 1)
    hypothesis = conditions[0] if len(conditions) == 1 else f"(and {' '.join(conditions)})"
    conclusion = outcome[0] if len(outcome) == 1 else f"(and {' '.join(outcome)})"
    return f"(define-fun goal () Bool (=> {hypothesis}\n                             {conclusion}))"


def statement(params: dict) -> str:
    conditions, outcome = _parts(params, 2)
    return f"{' and '.join(conditions)} -> {' and '.join(outcome)}"


def _in_class(cls: str, x: np.ndarray) -> np.ndarray:
    return {"zero": x == 0, "finite_nonzero": np.isfinite(x) & (x != 0), "finite": np.isfinite(x),
            "inf": np.isinf(x), "nan": np.isnan(x), "any": np.ones(x.shape, bool)}[cls]


def _predicate(params: dict, fmt, a, b) -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) of the rule on the mirror's quotients."""
    x, y = f64(a), f64(b)
    q = f64(div(fmt, a, b))
    applies = _in_class(params["a"], x) & _in_class(params["b"], y)
    holds = {"nan": np.isnan(q), "inf": np.isinf(q), "zero": q == 0}[params["result"]]
    negative = np.signbit(q)
    sign = params["sign"]
    if sign == "xor":
        holds = holds & (negative == (np.signbit(x) ^ np.signbit(y)))
    elif sign in ("a", "b"):
        holds = holds & (negative == np.signbit(x if sign == "a" else y))
    elif sign in ("+", "-"):
        holds = holds & (negative == (sign == "-"))
    return applies, holds


class SpecialValueRule(Statement):
    kind = "case_rule"
    generic_why3 = True
    name = "case_rule"
    families = ("float",)
    encodings = frozenset({"why3", "smt", "predicate"})

    def why3(self, o) -> str:
        return _why3(o.params)

    def why3_route(self, o) -> str:
        return "bits"   # operand and result classes: nothing but bits

    def why3_name(self, o) -> str:
        """The document's rule by its name; IEEE 754's own beside it (kind "ieee") as ``ieee_<name>``."""
        return o.params["rule"] if o.kind == "special" else f"ieee_{o.params['rule']}"

    def smt(self, o, context) -> str:
        return _smt(o.params)

    def predicate(self, o, fmt, a, b):
        return _predicate(o.params, fmt, a, b)


STATEMENTS = (SpecialValueRule(),)
