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

from divbridge import operators
from divbridge.operators.arrays import bits, f64, neg, same
from divbridge.operators.model import Operator
from divbridge.statements import Statement, why3_binders
from divbridge.statements.mirrorops import result
from divbridge.terms import text, why3

# operand class -> (Why3, SMT-LIB, readable) over the operand written {x}
_CLASSES = {
    "zero": ("is_zero {x}", "(fp.isZero {x})", "isZero({x})"),
    "finite_nonzero": ("is_finite {x} /\\ not is_zero {x}", "(and (isFinite {x}) (not (fp.isZero {x})))",
                       "isFinite({x}) and not isZero({x})"),
    "finite": ("is_finite {x}", "(isFinite {x})", "isFinite({x})"),
    "inf": ("is_infinite {x}", "(fp.isInfinite {x})", "isInfinite({x})"),
    "nan": ("is_nan {x}", "(fp.isNaN {x})", "isNaN({x})"),
    "+0": ("is_zero {x} /\\ is_positive {x}", "(and (fp.isZero {x}) (fp.isPositive {x}))", "{x} = +0"),
    "-0": ("is_zero {x} /\\ is_negative {x}", "(and (fp.isZero {x}) (fp.isNegative {x}))", "{x} = -0"),
    "+inf": ("is_infinite {x} /\\ is_positive {x}", "(and (fp.isInfinite {x}) (fp.isPositive {x}))", "{x} = +inf"),
    "-inf": ("is_infinite {x} /\\ is_negative {x}", "(and (fp.isInfinite {x}) (fp.isNegative {x}))", "{x} = -inf"),
    "negative": ("is_negative {x}", "(fp.isNegative {x})", "isNegative({x})"),
    "positive": ("is_positive {x}", "(fp.isPositive {x})", "isPositive({x})"),
    "finite_negative": ("is_finite {x} /\\ is_negative {x} /\\ not is_zero {x}",
                        "(and (isFinite {x}) (fp.isNegative {x}) (not (fp.isZero {x})))", "isFinite({x}) and {x} < 0"),
    "true": ("{x}", "{x}", "{x}"),
    "false": ("not {x}", "(not {x})", "not {x}"),
}
# over the result written {q} (Why3's operator applied to the operands, SMT-LIB's ``q``, readable ``a op b``);
# an operator's own rules (`operators.model.SpecialRule`) also return an operand ({v}), or its negation
_RESULTS = {"nan": ("is_nan ({q})", "(fp.isNaN q)", "isNaN({q})"),
            "inf": ("is_infinite ({q})", "(fp.isInfinite q)", "isInfinite({q})"),
            "zero": ("is_zero ({q})", "(fp.isZero q)", "isZero({q})"),
            "nonfinite": ("not is_finite ({q})", "(not (isFinite q))", "not isFinite({q})"),
            # of an operator whose result is a bool (Less)
            "true": ("{q}", "q", "{q}"), "false": ("not ({q})", "(not q)", "not ({q})")}
_OPERAND_RESULT = ("{q} = {v}", "(= q {v})", "{q} = {v}")
_NEGATED_RESULT = ("{q} = neg {v}", "(= q (fp.neg {v}))", "{q} = -{v}")
_SIGNS = {"xor": ("sign_xor ({q}) {x} {y}", "(= (fp.isNegative q) (xor (fp.isNegative {x}) (fp.isNegative {y})))",
                  "sign({q}) = sign({x}) xor sign({y})"),
          "+": ("is_positive ({q})", "(fp.isPositive q)", "{q} > 0 (positive sign)"),
          "-": ("is_negative ({q})", "(fp.isNegative q)", "{q} < 0 (negative sign)")}
_OPERAND_SIGN = ("(is_negative ({q}) <-> is_negative {v})", "(= (fp.isNegative q) (fp.isNegative {v}))",
                 "sign({q}) = sign({v})")
_OPPOSITE_SIGN = ("(is_negative ({q}) <-> not is_negative {v})", "(= (fp.isNegative q) (not (fp.isNegative {v})))",
                  "sign({q}) = -sign({v})")
# between the first two operands {x} and {y}
_RELATIONS = {"same_sign": ("(is_negative {x} <-> is_negative {y})", "(= (fp.isNegative {x}) (fp.isNegative {y}))",
                            "sign({x}) = sign({y})"),
              "opposite_sign": ("not (is_negative {x} <-> is_negative {y})",
                                "(distinct (fp.isNegative {x}) (fp.isNegative {y}))", "sign({x}) != sign({y})"),
              "equal": ("{x} = {y}", "(= {x}_bits {y}_bits)", "{x} = {y}"),
              "opposite": ("{x} = neg {y}", "(= {x} (fp.neg {y}))", "{x} = -{y}")}


def _parts(params: dict, op: Operator, column: int) -> tuple[list[str], list[str]]:
    names = [i.var for i in op.inputs]
    q = (why3.term(op.applied("float")), "q", text.term(op.applied("float")))[column]
    conditions = [_CLASSES[params[x]][column].format(x=x) for x in names if params[x] != "any"]
    first_two = dict(zip("xy", names))
    conditions += [_RELATIONS[params["relation"]][column].format(**first_two)] if params.get("relation") else []
    outcome = [_result(params["result"], column)]
    if params["sign"]:
        outcome.append(_sign(params["sign"], names, column))
    return conditions, [part.format(q=q) for part in outcome]


def _result(code: str, column: int) -> str:
    if code in _RESULTS:
        return _RESULTS[code][column]
    form = _NEGATED_RESULT if code.startswith("-") else _OPERAND_RESULT
    return form[column].replace("{v}", code.lstrip("-"))


def _sign(code: str, names: list[str], column: int) -> str:
    if code == "xor":
        floats = dict(zip("xy", names))   # the sign rules of two operands
        return _SIGNS["xor"][column].replace("{x}", floats["x"]).replace("{y}", floats["y"])
    if code in _SIGNS:
        return _SIGNS[code][column]
    form = _OPPOSITE_SIGN if code.startswith("-") else _OPERAND_SIGN
    return form[column].replace("{v}", code.lstrip("-"))


def _why3(params: dict, op: Operator) -> str:
    conditions, outcome = _parts(params, op, 0)
    conjunction = " /\\ "
    return f"forall {why3_binders(op)}. {conjunction.join(conditions)} -> {conjunction.join(outcome)}"


def _smt(params: dict, op: Operator) -> str:
    conditions, outcome = _parts(params, op, 1)
    hypothesis = conditions[0] if len(conditions) == 1 else f"(and {' '.join(conditions)})"
    conclusion = outcome[0] if len(outcome) == 1 else f"(and {' '.join(outcome)})"
    return f"(define-fun goal () Bool (=> {hypothesis}\n                             {conclusion}))"


def statement(params: dict, op: Operator) -> str:
    """The rule in words, over the operator's application (``a / b``, ``-a``)."""
    conditions, outcome = _parts(params, op, 2)
    return f"{' and '.join(conditions)} -> {' and '.join(outcome)}"


def _in_class(cls: str, x: np.ndarray) -> np.ndarray:
    if x.dtype == bool:
        return {"true": x, "false": ~x, "any": np.ones(x.shape, bool)}[cls]
    v = f64(x)
    signed = ~np.isnan(v)
    return {"zero": v == 0, "finite_nonzero": np.isfinite(v) & (v != 0), "finite": np.isfinite(v),
            "inf": np.isinf(v), "nan": np.isnan(v), "any": np.ones(v.shape, bool),
            "+0": (v == 0) & ~np.signbit(v), "-0": (v == 0) & np.signbit(v), "+inf": v == np.inf, "-inf": v == -np.inf,
            "negative": signed & np.signbit(v), "positive": signed & ~np.signbit(v),
            "finite_negative": np.isfinite(v) & (v < 0)}[cls]


def _predicate(params: dict, fmt, columns: dict[str, np.ndarray], op: Operator,
               operator: str) -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) of the rule on the mirror's results of the ``operator`` (an obligation's name of it)."""
    names = [i.var for i in op.inputs]
    raw = result(operator, fmt, *(columns[n] for n in names))
    q = f64(raw)
    applies = np.ones(q.shape, bool)
    for name in names:
        applies &= _in_class(params[name], columns[name])
    if params.get("relation"):
        a, b = columns[names[0]], columns[names[1]]
        x, y = f64(a), f64(b)
        applies &= {"same_sign": np.signbit(x) == np.signbit(y), "opposite_sign": np.signbit(x) != np.signbit(y),
                    "equal": bits(fmt, a) == bits(fmt, b),
                    "opposite": bits(fmt, a) == bits(fmt, neg(fmt, b))}[params["relation"]]
    code = params["result"]
    if code in _RESULTS:
        holds = {"nan": np.isnan(q), "inf": np.isinf(q), "zero": q == 0, "nonfinite": ~np.isfinite(q),
                 "true": q == 1, "false": q == 0}[code]
    else:
        operand = columns[code.lstrip("-")]
        holds = same(fmt, raw, neg(fmt, operand) if code.startswith("-") else operand)
    negative = np.signbit(q)
    sign = params["sign"]
    if sign == "xor":
        holds = holds & (negative == (np.signbit(f64(columns[names[0]])) ^ np.signbit(f64(columns[names[1]]))))
    elif sign in ("+", "-"):
        holds = holds & (negative == (sign == "-"))
    elif sign:
        holds = holds & (negative == (np.signbit(f64(columns[sign.lstrip("-")])) ^ sign.startswith("-")))
    return applies, holds


class SpecialValueRule(Statement):
    kind = "case_rule"
    generic_why3 = True
    name = "case_rule"
    families = ("float",)
    encodings = frozenset({"why3", "smt", "predicate"})

    def why3(self, o) -> str:
        return _why3(o.params, operators.of_obligation_name(o.operator))

    def why3_route(self, o) -> str:
        return "bits"   # operand and result classes: nothing but bits

    def why3_name(self, o) -> str:
        """The document's rule by its name; IEEE 754's own beside it (kind "ieee") as ``ieee_<name>``."""
        return o.params["rule"] if o.kind == "special" else f"ieee_{o.params['rule']}"

    def smt(self, o, context) -> str:
        return _smt(o.params, operators.of_obligation_name(o.operator))

    def predicate(self, o, fmt, **columns):
        return _predicate(o.params, fmt, columns, operators.of_obligation_name(o.operator), o.operator)


STATEMENTS = (SpecialValueRule(),)
