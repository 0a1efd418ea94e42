"""The special-value rules a document states ("X <op> Y is Z, carrying S"), encoded for every backend.

The rules themselves come from the document (`document.caserule.CaseRule`);
this module is their single encoding: Why3 goal, SMT-LIB goal, readable
statement and the predicate the cross-check runs on the mirror.  IEEE 754's
own rules (clause 7 and 6.3), which the document's reference to IEEE 754 binds, are case rules
too (`obligations.catalog.IEEE_RULES`): their Why3 goals are named ``ieee_<rule>``.  A rule the
document gets wrong (a sign rule IEEE 754 does not have, say) is encoded just
the same, so the provers refute it with a counterexample.
"""

from __future__ import annotations

import numpy as np

from divbridge.statements import Statement
from divbridge.operators.arrays import bits, f64, neg, same
from divbridge.statements.mirrorops import result
from divbridge.statements.why3terms import operation

# operand class -> (Why3, SMT-LIB, readable) over the operand written {x}
_CLASSES = {
    "zero": ("is_zero {x}", "(fp.isZero {x})", "isZero({x})"),
    "finite_nonzero": ("is_finite {x} /\\ not is_zero {x}", "(and (isFinite {x}) (not (fp.isZero {x})))",
                       "isFinite({x}) and not isZero({x})"),
    "finite": ("is_finite {x}", "(isFinite {x})", "isFinite({x})"),
    "inf": ("is_infinite {x}", "(fp.isInfinite {x})", "isInfinite({x})"),
    "nan": ("is_nan {x}", "(fp.isNaN {x})", "isNaN({x})"),
}
# over the result written {q} (Why3's ``<operation> a b``, SMT-LIB's ``q``, readable ``a op b``); an operator's
# own rules (`operators.model.SpecialRule`) also return an operand, and relate the two
_RESULTS = {"nan": ("is_nan ({q})", "(fp.isNaN q)", "isNaN({q})"),
            "inf": ("is_infinite ({q})", "(fp.isInfinite q)", "isInfinite({q})"),
            "zero": ("is_zero ({q})", "(fp.isZero q)", "isZero({q})"),
            "nonfinite": ("not is_finite ({q})", "(not (isFinite q))", "not isFinite({q})"),
            "a": ("{q} = a", "(= q a)", "{q} = a"), "b": ("{q} = b", "(= q b)", "{q} = b"),
            "-b": ("{q} = neg b", "(= q (fp.neg b))", "{q} = -b")}
_SIGNS = {"xor": ("sign_xor ({q}) a b", "(= (fp.isNegative q) (xor (fp.isNegative a) (fp.isNegative b)))",
                  "sign({q}) = sign(a) xor sign(b)"),
          "a": ("(is_negative ({q}) <-> is_negative a)", "(= (fp.isNegative q) (fp.isNegative a))",
                "sign({q}) = sign(a)"),
          "b": ("(is_negative ({q}) <-> is_negative b)", "(= (fp.isNegative q) (fp.isNegative b))",
                "sign({q}) = sign(b)"),
          "-b": ("(is_negative ({q}) <-> not is_negative b)", "(= (fp.isNegative q) (not (fp.isNegative b)))",
                 "sign({q}) = -sign(b)"),
          "+": ("is_positive ({q})", "(fp.isPositive q)", "{q} > 0 (positive sign)"),
          "-": ("is_negative ({q})", "(fp.isNegative q)", "{q} < 0 (negative sign)")}
_RELATIONS = {"same_sign": ("(is_negative a <-> is_negative b)", "(= (fp.isNegative a) (fp.isNegative b))",
                            "sign(a) = sign(b)"),
              "opposite_sign": ("not (is_negative a <-> is_negative b)",
                                "(distinct (fp.isNegative a) (fp.isNegative b))", "sign(a) != sign(b)"),
              "equal": ("a = b", "(= a_bits b_bits)", "a = b"),
              "opposite": ("a = neg b", "(= a (fp.neg b))", "a = -b")}


def _parts(params: dict, column: int, infix: str = "", function: str = "") -> tuple[list[str], list[str]]:
    q = (f"{function} a b", "q", f"a {infix} b")[column]
    conditions = [_CLASSES[params[x]][column].format(x=x) for x in ("a", "b") if params[x] != "any"]
    conditions += [_RELATIONS[params["relation"]][column]] if params.get("relation") else []
    outcome = [_RESULTS[params["result"]][column]] + ([_SIGNS[params["sign"]][column]] if params["sign"] else [])
    return conditions, [part.format(q=q) for part in outcome]


def _why3(params: dict, function: str) -> str:
    conditions, outcome = _parts(params, 0, function=function)
    conjunction = " /\\ "
    return f"forall a b: t. {conjunction.join(conditions)} -> {conjunction.join(outcome)}"


def _smt(params: dict) -> str:
    conditions, outcome = _parts(params, 1)
    hypothesis = conditions[0] if len(conditions) == 1 else f"(and {' '.join(conditions)})"
    conclusion = outcome[0] if len(outcome) == 1 else f"(and {' '.join(outcome)})"
    return f"(define-fun goal () Bool (=> {hypothesis}\n                             {conclusion}))"


def statement(params: dict, infix: str) -> str:
    """The rule in words, over the operator's ``infix`` ("/")."""
    conditions, outcome = _parts(params, 2, infix)
    return f"{' and '.join(conditions)} -> {' and '.join(outcome)}"


def _in_class(cls: str, x: np.ndarray) -> np.ndarray:
    return {"zero": x == 0, "finite_nonzero": np.isfinite(x) & (x != 0), "finite": np.isfinite(x),
            "inf": np.isinf(x), "nan": np.isnan(x), "any": np.ones(x.shape, bool)}[cls]


def _predicate(params: dict, fmt, a, b, operator: str = "") -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) of the rule on the mirror's results of the ``operator`` (an obligation's name of it)."""
    x, y = f64(a), f64(b)
    raw = result(operator, fmt, a, b)
    q = f64(raw)
    applies = _in_class(params["a"], x) & _in_class(params["b"], y)
    applies &= {"": True, "same_sign": np.signbit(x) == np.signbit(y), "opposite_sign": np.signbit(x) != np.signbit(y),
                "equal": bits(fmt, a) == bits(fmt, b),
                "opposite": bits(fmt, a) == bits(fmt, neg(fmt, b))}[params.get("relation", "")]
    holds = {"nan": np.isnan(q), "inf": np.isinf(q), "zero": q == 0, "nonfinite": ~np.isfinite(q),
             "a": same(fmt, raw, a), "b": same(fmt, raw, b), "-b": same(fmt, raw, neg(fmt, b))}[params["result"]]
    negative = np.signbit(q)
    sign = params["sign"]
    if sign == "xor":
        holds = holds & (negative == (np.signbit(x) ^ np.signbit(y)))
    elif sign in ("a", "b", "-b"):
        holds = holds & (negative == (np.signbit(x if sign == "a" else y) ^ (sign == "-b")))
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
        return _why3(o.params, operation(o))

    def why3_route(self, o) -> str:
        return "bits"   # operand and result classes: nothing but bits

    def why3_name(self, o) -> str:
        """The document's rule by its name; IEEE 754's own beside it (kind "ieee") as ``ieee_<name>``."""
        return o.params["rule"] if o.kind == "special" else f"ieee_{o.params['rule']}"

    def smt(self, o, context) -> str:
        return _smt(o.params)

    def predicate(self, o, fmt, a, b):
        return _predicate(o.params, fmt, a, b, o.operator)


STATEMENTS = (SpecialValueRule(),)
