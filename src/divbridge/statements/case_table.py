"""A row of a float case table ("result & if condition") as a proof obligation, encoded for every backend it has.

The document's table is read by `document.reader`; `obligations.document`
turns each row into plain data (`params`): its condition (with an
``otherwise`` row as "no earlier row applies") and its result.  The
obligation states: for every pair of operands satisfying the condition, the
operator's IEEE 754 result is the row's result.  A wrong row is encoded just the same,
so the provers refute it with a counterexample at the row's line.

Encodings: the Why3 goal (in the format's module: a literal is the format's
value it stands for, an infinity a class, since Why3 writes no infinite
literal), the SMT-LIB goal (whose condition and result terms check-spec's
analyses of a float table are built on: `checkspec.smt`) and the NumPy
predicate (cross-check and replay).
A condition on the operands' sign bits reaches NaN's sign too: SMT-LIB reads
it in the bit pattern, the Why3 goal quantifies over it (Why3's floats have
one NaN of no sign), which states the same.

Plain data (built by `obligations.document.condition_data`):

- a condition: ``("true",)``, ``("atom", "A" | "B" | "C" | an attribute, op, literal)`` (an operand by its
  position, `operators.model.OPERANDS`) with literal ``None`` or ``(kind, value, sign)`` (kind number | inf |
  nan | min, value a fraction's text; kind operand: value the other operand, A or B, negated when the sign is
  "-"; kind bool: a bool input's truth value, "1" or "0", compared by = or ≠),
  ``("and", parts)``, ``("or", parts)``, ``("not", part)``;
- a result: ``(kind, sign, value, rounding)`` as `document.formula.Result` has them (an operation's value:
  "0" for the obligation's own operator, else the name of the operator whose operation the row writes, as a
  row ``A[i] / B[i]`` in a document of another operator; an operand result's value: A or B, negated when the
  sign is "-", or the name of an attribute (``alpha``); kind scaled: an attribute times an operand, rounded
  once, its value ``alpha*A``; a truth value's: "1" or "0", kind bool); or, for a sign
  rule of one case, ``("sign", sign, "zero" | "inf", "")``: where the result is a zero (an infinity), its
  sign.

Every encoder reads exactly what `encoding_gap` accepts and raises on anything else: a part the backends
cannot all encode exactly is never written as ``true``; `obligations.document` asks `encoding_gap` first
and reports such a part as unread.  A row whose result is the operation itself (its operator's word,
`Operator.result_word`) is an
equality with a term over the section's operation (``A op B``, its negation, rounded to an integer by trunc /
floor / ceil); ``A op B`` itself (or its round(), the format's own rounding) restates the operator's
definition: the proof run's smoke test shows it as a definition, not as a property.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from divbridge import operators
from divbridge.formats import FloatFormat, get_format
from divbridge.statements import Statement, why3_binders
from divbridge.operators.arrays import bits, f64
from divbridge.statements.mirrorops import result
from divbridge.statements.smtlib import fp_literal
from divbridge.operators.model import OPERANDS, Operator
from divbridge.terms import FLOAT_OF_OPERAND, FP_MUL, FP_NEG, FP_ROUND_TO_INTEGRAL, Term, Var, expand
from divbridge.terms import numpy as numpy_printer, smtlib as smt_printer, text as text_printer, why3 as why3_printer
from divbridge.terms.why3 import float_literal

_UNARY = {"isnan": "(fp.isNaN {x})", "notnan": "(not (fp.isNaN {x}))", "isinf": "(fp.isInfinite {x})",
          "notinf": "(not (fp.isInfinite {x}))", "isfinite": "(isFinite {x})", "notfinite": "(not (isFinite {x}))"}
_COMPARE = {"=": "(fp.eq {x} {y})", "≠": "(not (fp.eq {x} {y}))", "<": "(fp.lt {x} {y})", ">": "(fp.gt {x} {y})",
            "≤": "(fp.leq {x} {y})", "≥": "(fp.geq {x} {y})"}


# what the encoders read: anything else is a gap
_CONDITION_OPS = frozenset({"=", "≠", "<", ">", "≤", "≥", "isnan", "notnan", "isinf", "notinf", "isfinite",
                            "notfinite", "samesign", "diffsign"})
_LITERAL_KINDS = frozenset({"number", "inf", "nan", "min", "operand", "bool"})
_OPERANDS = frozenset(OPERANDS)
# the float attributes a row may name as it names an operand (an alpha): free variables of the queries
_ATTRIBUTES = frozenset(a.name for op in operators.OPERATORS.values() for a in op.attributes if a.type == "float")
# an operation row's rounding to an integer: IEEE 754's roundToIntegral in that direction ("" and round: none,
# the section's operation is already rounded to the format)
_INTEGER_ROUNDING = {"": "", "round": "", "trunc": "RTZ", "floor": "RTN", "ceil": "RTP"}
_RESULT_SIGNS = frozenset({"", "+", "-", "±", "xor:AB", "xor:A", "xor:B"})
_RULE_SIGNS = frozenset({"+", "-", "xor:AB", "xor:A", "xor:B"})


def encoding_gap(condition: tuple, result: tuple, op: Operator | None = None) -> str:
    """Why some backend cannot encode the row exactly ("": every one can).  The one place that decides it: the
    reader may learn kinds (a new function, a new rounding) before the encoders do, and such a row is then
    unread, never proved.  ``op``: the operator whose inputs the operands are (a bool input is only compared
    with a truth value, and is no float result)."""
    return _condition_gap(condition, op) or _result_gap(result, op)


def _condition_gap(cond: tuple, operator: Operator | None = None) -> str:
    head = cond[0]
    if head == "true":
        return ""
    if head in ("and", "or"):
        return next((gap for gap in (_condition_gap(p, operator) for p in cond[1]) if gap), "")
    if head == "not":
        return _condition_gap(cond[1], operator)
    if head != "atom":
        return f"the condition '{head}' has no exact encoding"
    _, operand, op, literal = cond
    if operand not in _OPERANDS | _ATTRIBUTES or op not in _CONDITION_OPS:
        return f"the comparison '{op}' of {operand} has no exact encoding"
    kind = None if literal is None else f"operand:{literal[1]}" if literal[0] == "operand" else literal[0]
    if operator is not None and operand not in _ATTRIBUTES and operator.comparison_gap(operand, op, kind):
        return operator.comparison_gap(operand, op, kind)
    if literal is not None and literal[0] not in _LITERAL_KINDS:
        return f"the value '{literal[0]}' has no exact encoding"
    if literal is not None and literal[0] == "operand" and (literal[1] not in _OPERANDS or literal[2] not in ("", "-")
                                                            or literal[1] == operand):
        return f"the comparison of {operand} with '{literal[2]}{literal[1]}' has no exact encoding"
    return ""


def _result_gap(result: tuple, op: Operator | None = None) -> str:
    kind, sign, value, rounding = result
    if kind == "sign":
        return "" if sign in _RULE_SIGNS and value in ("zero", "inf") else \
            f"a sign rule giving '{sign or 'no sign'}' to {value} states no sign"
    written = row_operator(kind)
    if written is not None:
        applied = f"A{written.vocabulary.infix}B"   # as the row writes it
        if rounding not in _INTEGER_ROUNDING:
            return f"the result {rounding}({applied}) has no exact encoding"
        return "" if sign in ("", "-") else f"the result with sign '{sign}' of {applied} has no exact encoding"
    if kind == "operand":
        if value in _ATTRIBUTES:
            return "" if sign == "" else f"the result '{sign}{value}' has no exact encoding"
        given = op.input_of(value) if op is not None else None
        if op is not None and (given is None or given.type == "bool"):
            return f"the result '{value}' is no input of {op.name}'s type"
        return "" if value in _OPERANDS and (sign == "" or sign in FLOAT_OF_OPERAND) else \
            f"the result '{sign}{value}' has no exact encoding"
    if kind == "scaled":
        factor, _, operand = value.partition("*")
        return "" if factor in _ATTRIBUTES and operand in _OPERANDS and not sign and not rounding else \
            f"the result '{sign}{value}' has no exact encoding"
    if kind == "number" and Fraction(value) != 0 and sign not in ("", "+", "-"):   # its value carries its sign
        return f"the number {sign}{value} has no exact encoding"
    if kind in ("nan", "inf", "number"):
        return "" if sign in _RESULT_SIGNS else f"the sign '{sign}' has no exact encoding"
    if kind == "bool":
        return "" if value in ("0", "1") and not sign else f"the truth value '{sign}{value}' has no exact encoding"
    return f"the result '{kind}' has no exact encoding"


def _exact(condition: tuple, result: tuple, op: Operator | None = None) -> None:
    gap = encoding_gap(condition, result, op)
    if gap:
        raise ValueError(f"no exact encoding: {gap}")


def row_operator(kind: str) -> Operator | None:
    """The operator whose operation a result of this kind is (its `Operator.result_word`), or None for any other
    result."""
    return next((op for op in operators.OPERATORS.values() if op.result_word == kind), None)


def literal_bits(fmt: FloatFormat, literal: tuple) -> int:
    """The format's value a literal of the document stands for (a number rounded to nearest)."""
    kind, value, sign = literal
    if kind == "inf":
        return fmt.inf(1 if sign == "-" else 0)
    if kind == "nan":
        return fmt.nan
    return fmt.round(Fraction(value), sign_if_zero=1 if sign == "-" else 0)


def _signed_zero(literal: tuple | None, op: str) -> bool:
    return bool(literal) and literal[0] == "number" and Fraction(literal[1]) == 0 and literal[2] in ("+", "-") \
        and op in ("=", "≠")


# -- SMT-LIB -------------------------------------------------------------------------------------
# over `smtlib.float_context`'s names (a, b, their bits, q, isFinite); check-spec builds its analyses of a
# float table (coverage, overlap, sign rules, the nicest counterexamples) on these same terms

def _var(op: Operator | None, operand: str) -> str:
    """The variable of the input an operand names (without an operator: a or b, as the first registered); an
    attribute's is its name."""
    if operand in _ATTRIBUTES:
        return operand
    return op.input_of(operand).var if op is not None else operand.lower()


def smt_condition(cond: tuple, fmt: FloatFormat, operator: Operator | None = None) -> str:
    _exact(cond, ("nan", "", "0", ""), operator)
    head = cond[0]
    if head == "true":
        return "true"
    if head in ("and", "or"):
        parts = [smt_condition(p, fmt, operator) for p in cond[1]]
        return parts[0] if len(parts) == 1 else f"({head} {' '.join(parts)})"
    if head == "not":
        return f"(not {smt_condition(cond[1], fmt, operator)})"
    _, operand, op, literal = cond
    x = _var(operator, operand)
    if literal is not None and literal[0] == "bool":   # a bool input (a Bool of the frame) and a truth value
        return x if (literal[1] == "1") == (op == "=") else f"(not {x})"
    if op in ("samesign", "diffsign"):   # the sign bits, NaN's included
        top = f"(_ extract {fmt.width - 1} {fmt.width - 1})"
        same = f"(= ({top} a_bits) ({top} b_bits))"
        return same if op == "samesign" else f"(not {same})"
    if op in _UNARY:
        return _UNARY[op].format(x=x)
    kind = literal[0]
    if kind == "min":   # INT_MIN names an integer bound: no float equals it
        return "true" if op in ("≠", ">", "≥") else "false"
    if kind == "nan":   # "B = nan" means "B is NaN"
        return f"(fp.isNaN {x})" if op == "=" else f"(not (fp.isNaN {x}))"
    if kind == "operand":   # IEEE 754's comparison with the other operand (negated): -0 = +0, NaN equals nothing
        other = _var(operator, literal[1])
        return _COMPARE[op].format(x=x, y=f"(fp.neg {other})" if literal[2] == "-" else other)
    if _signed_zero(literal, op):
        signed = f"(and (fp.isZero {x}) ({'fp.isNegative' if literal[2] == '-' else 'fp.isPositive'} {x}))"
        return signed if op == "=" else f"(not {signed})"
    return _COMPARE[op].format(x=x, y=fp_literal(fmt, literal_bits(fmt, literal)))


def _smt_sign(sign: str) -> str:
    if sign == "-":
        return "(fp.isNegative q)"
    if sign == "+":
        return "(not (fp.isNegative q))"
    signs = [f"(fp.isNegative {o.lower()})" for o in sign[4:]]   # xor:...
    return f"(= (fp.isNegative q) {signs[0] if len(signs) == 1 else '(xor ' + ' '.join(signs) + ')'})"


def _smt_signed(what: str, sign: str) -> str:
    """A zero or an infinity of the sign stated; "±" (the table check says it is open) and an unsigned zero:
    either sign."""
    return what if sign in ("", "±") else f"(and {what} {_smt_sign(sign)})"


def _operand_term(sign: str, operand: str, op: Operator) -> Term:
    """A row's operand result (``A``, ``-A``, ``|A|``, ``sqrt(A)``: sign "", "-", "abs", "sqrt"; an attribute,
    ``alpha``) as a float term."""
    var = Var(_var(op, operand))
    return FLOAT_OF_OPERAND[sign](var) if sign else var


def _scaled_term(value: str, op: Operator | None) -> Term:
    """A row's attribute times an operand (``alpha*A``), rounded once to nearest even, as a float term."""
    factor, _, operand = value.partition("*")
    return FP_MUL(Var(factor), Var(_var(op, operand)))


def _operation_term(op: Operator, written: Operator, sign: str, rounding: str) -> Term:
    """The term an operation row states in a document of ``op``: the ``written`` operator's operation (the
    section's own, or another's: its definition over ``op``'s operands, which no module of ``op`` defines),
    negated, rounded to an integer."""
    term = written.applied("float", args=op.variables("float"))
    if written is not op:
        term = expand(term)
    if sign == "-":
        term = FP_NEG(term)
    mode = _INTEGER_ROUNDING[rounding]
    return FP_ROUND_TO_INTEGRAL(term, mode=mode) if mode else term


def smt_result(result: tuple, fmt: FloatFormat, op: Operator) -> str:
    """The row's result over ``q`` (``op``'s result: the obligation's operator)."""
    _exact(("true",), result, op)
    kind, sign, value, rounding = result
    if kind == "sign":   # a sign rule of one case: where that case's result is a zero (an infinity), its sign
        return f"(=> {'(fp.isInfinite q)' if value == 'inf' else '(fp.isZero q)'} {_smt_sign(sign)})"
    written = row_operator(kind)
    if written is not None:   # the same float, NaN included (SMT-LIB's one NaN), -0 apart from +0
        return f"(= q {smt_printer.term(_operation_term(op, written, sign, rounding), fmt)})"
    if kind == "operand":          # the operand itself, or a function of it (-A, |A|, sqrt(A)): the same float
        return f"(= q {smt_printer.term(_operand_term(sign, value, op), fmt)})"
    if kind == "scaled":
        return f"(= q {smt_printer.term(_scaled_term(value, op), fmt)})"
    if kind == "bool":   # a comparison's result (Less): q is a Bool
        return "q" if value == "1" else "(not q)"
    if kind == "nan":
        return "(fp.isNaN q)"
    if kind == "inf":   # an unsigned "inf" is +inf, as NumPy prints it
        return _smt_signed("(fp.isInfinite q)", sign or "+")
    if Fraction(value) == 0:
        return _smt_signed("(fp.isZero q)", sign)
    return f"(fp.eq q {fp_literal(fmt, fmt.round(Fraction(value)))})"


def _smt(params: dict, fmt: FloatFormat, op: Operator) -> str:
    hypothesis = smt_condition(params["condition"], fmt, op)
    return f"(define-fun goal () Bool (=> {hypothesis}\n                             " \
        f"{smt_result(params['result'], fmt, op)}))"


def statement(params: dict, op: Operator) -> str:
    """The row in words, over the operator's application (``a / b``)."""
    kind, sign, value, _ = params["result"]
    result = text_printer.term(op.applied("float"))
    if kind == "sign":
        what = {"xor:AB": "sign(a) xor sign(b)", "xor:A": "sign(a)", "xor:B": "sign(b)", "+": "+", "-": "-"}[sign]
        return (f"{params['condition_text']} and {result} is {'an infinity' if value == 'inf' else 'a zero'} -> "
                f"sign({result}) = {what}")
    return f"{params['condition_text']} -> {result} = {params['result_text']}"


# -- Why3 ----------------------------------------------------------------------------------------

_WHY3_UNARY = {"isnan": "is_nan {x}", "notnan": "not is_nan {x}", "isinf": "is_infinite {x}",
               "notinf": "not is_infinite {x}", "isfinite": "is_finite {x}", "notfinite": "not is_finite {x}"}
_WHY3_COMPARE = {"=": "{x} .= {y}", "≠": "not ({x} .= {y})", "<": "{x} .< {y}", ">": "{x} .> {y}",
                 "≤": "{x} .<= {y}", "≥": "{x} .>= {y}"}
# a comparison with +inf: IEEE's comparisons, NaN comparing false (-inf: mirrored)
_WHY3_PLUS_INF = {"=": "is_plus_infinity {x}", "≠": "not is_plus_infinity {x}",
                  "<": "is_not_nan {x} /\\ not is_plus_infinity {x}", ">": "false", "≤": "is_not_nan {x}",
                  "≥": "is_plus_infinity {x}"}
_WHY3_MINUS_INF = {"=": "is_minus_infinity {x}", "≠": "not is_minus_infinity {x}", "<": "false",
                   ">": "is_not_nan {x} /\\ not is_minus_infinity {x}", "≤": "is_minus_infinity {x}",
                   "≥": "is_not_nan {x}"}


def _uses_sign_bits(cond: tuple) -> bool:
    if cond[0] in ("and", "or"):
        return any(_uses_sign_bits(p) for p in cond[1])
    if cond[0] == "not":
        return _uses_sign_bits(cond[1])
    return cond[0] == "atom" and cond[2] in ("samesign", "diffsign")


def _why3_condition(cond: tuple, fmt: FloatFormat, operator: Operator) -> str:
    _exact(cond, ("nan", "", "0", ""), operator)
    head = cond[0]
    if head == "true":
        return "true"
    if head in ("and", "or"):
        parts = [f"({_why3_condition(p, fmt, operator)})" for p in cond[1]]
        return (" /\\ " if head == "and" else " \\/ ").join(parts)
    if head == "not":
        return f"not ({_why3_condition(cond[1], fmt, operator)})"
    _, operand, op, literal = cond
    x = _var(operator, operand)
    if literal is not None and literal[0] == "bool":   # a bool input and a truth value
        return f"{x} = {'True' if (literal[1] == '1') == (op == '=') else 'False'}"
    if op in ("samesign", "diffsign"):   # NaN's sign bit: the goal's variable sign_a (sign_b)
        same = "(if is_nan a then sign_a = True else is_negative a) <-> " \
               "(if is_nan b then sign_b = True else is_negative b)"
        return same if op == "samesign" else f"not ({same})"
    if op in _WHY3_UNARY:
        return _WHY3_UNARY[op].format(x=x)
    kind = literal[0]
    if kind == "min":
        return "true" if op in ("≠", ">", "≥") else "false"
    if kind == "nan":
        return f"is_nan {x}" if op == "=" else f"not is_nan {x}"
    if kind == "operand":   # ieee_float's comparisons: -0 .= +0, NaN compares false
        other = _var(operator, literal[1])
        return _WHY3_COMPARE[op].format(x=x, y=f"(neg {other})" if literal[2] == "-" else other)
    if _signed_zero(literal, op):
        signed = f"is_zero {x} /\\ {'is_negative' if literal[2] == '-' else 'is_positive'} {x}"
        return signed if op == "=" else f"not ({signed})"
    pattern = literal_bits(fmt, literal)
    if fmt.decode(pattern).is_inf:
        return (_WHY3_MINUS_INF if fmt.decode(pattern).sign else _WHY3_PLUS_INF)[op].format(x=x)
    return _WHY3_COMPARE[op].format(x=x, y=float_literal(fmt, pattern))


def _why3_sign(sign: str) -> str:
    if sign == "-":
        return "is_negative q"
    if sign == "+":
        return "not is_negative q"
    signs = [f"is_negative {o.lower()}" for o in sign[4:]]   # xor:...
    expected = signs[0] if len(signs) == 1 else f"not ({signs[0]} <-> {signs[1]})"
    return f"(is_negative q <-> {expected})"


def _why3_signed(what: str, sign: str) -> str:
    return what if sign in ("", "±") else f"{what} /\\ {_why3_sign(sign)}"


def _why3_operation(op: Operator, written: Operator, sign: str, rounding: str) -> str:
    printed = why3_printer.term(_operation_term(op, written, sign, rounding))
    return printed if _INTEGER_ROUNDING[rounding] else f"({printed})"


def _why3_result(result: tuple, fmt: FloatFormat, op: Operator) -> str:
    _exact(("true",), result, op)
    kind, sign, value, rounding = result
    if kind == "sign":
        return f"({'is_infinite q' if value == 'inf' else 'is_zero q'} -> {_why3_sign(sign)})"
    written = row_operator(kind)
    if written is not None:   # Why3's equality: the same float (SMT-LIB's =)
        return f"q = {_why3_operation(op, written, sign, rounding)}"
    if kind == "operand":
        printed = why3_printer.term(_operand_term(sign, value, op))
        return f"q = {f'({printed})' if sign else printed}"
    if kind == "scaled":
        return f"q = ({why3_printer.term(_scaled_term(value, op))})"
    if kind == "bool":
        return "q" if value == "1" else "not q"
    if kind == "nan":
        return "is_nan q"
    if kind == "inf":
        return _why3_signed("is_infinite q", sign or "+")
    if Fraction(value) == 0:
        return _why3_signed("is_zero q", sign)
    return f"q .= {float_literal(fmt, fmt.round(Fraction(value)))}"


def _why3(params: dict, fmt: FloatFormat, op: Operator) -> str:
    signs = "sign_a sign_b: bool" if _uses_sign_bits(params["condition"]) else ""
    return (f"forall {why3_binders(op, signs)}. {_why3_condition(params['condition'], fmt, op)} ->\n"
            f"    let q = {why3_printer.term(op.applied('float'))} in {_why3_result(params['result'], fmt, op)}")


# -- NumPy ---------------------------------------------------------------------------------------

def _negative(x: np.ndarray) -> np.ndarray:
    """fp.isNegative: the sign bit of a number (NaN is neither negative nor positive)."""
    return np.signbit(x) & ~np.isnan(x)


def _holds(cond: tuple, fmt: FloatFormat, inputs: tuple, attributes: dict | None = None) -> np.ndarray:
    """Where the condition holds, on the inputs' columns (in order: A, B, C) and the attributes' (by name)."""
    columns = {**dict(zip(OPERANDS, inputs)), **(attributes or {})}
    head = cond[0]
    if head == "true":
        return np.ones(inputs[0].shape, bool)
    if head == "and":
        return np.logical_and.reduce([_holds(p, fmt, inputs, attributes) for p in cond[1]])
    if head == "or":
        return np.logical_or.reduce([_holds(p, fmt, inputs, attributes) for p in cond[1]])
    if head == "not":
        return ~_holds(cond[1], fmt, inputs, attributes)
    _, operand, op, literal = cond
    if literal is not None and literal[0] == "bool":    # a bool input's column
        return (columns[operand] == (literal[1] == "1")) == (op == "=")
    v = f64(columns[operand])
    if op in ("samesign", "diffsign"):
        top = fmt.width - 1
        same = (bits(fmt, inputs[0]) >> top) == (bits(fmt, inputs[1]) >> top)
        return same if op == "samesign" else ~same
    finite = np.isfinite(v)
    unary = {"isnan": np.isnan(v), "notnan": ~np.isnan(v), "isinf": np.isinf(v), "notinf": ~np.isinf(v),
             "isfinite": finite, "notfinite": ~finite}
    if op in unary:
        return unary[op]
    kind = literal[0]
    if kind == "min":
        return np.full(v.shape, op in ("≠", ">", "≥"))
    if kind == "nan":
        return np.isnan(v) if op == "=" else ~np.isnan(v)
    if _signed_zero(literal, op):
        signed = (v == 0) & (np.signbit(v) if literal[2] == "-" else ~np.signbit(v))
        return signed if op == "=" else ~signed
    if kind == "operand":
        w = f64(columns[literal[1]])
        w = -w if literal[2] == "-" else w
    else:
        w = _value(fmt, literal_bits(fmt, literal))
    with np.errstate(invalid="ignore"):
        return {"=": v == w, "≠": v != w, "<": v < w, ">": v > w, "≤": v <= w, "≥": v >= w}[op]


def _value(fmt: FloatFormat, pattern: int) -> float:
    decoded = fmt.decode(pattern)
    if decoded.is_nan:
        return float("nan")
    if decoded.is_inf:
        return float("-inf") if decoded.sign else float("inf")
    return float(decoded.value) if decoded.value or not decoded.sign else -0.0


def _sign_ok(sign: str, q: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    negative = _negative(q)
    if sign == "-":
        return negative
    if sign == "+":
        return ~negative
    if sign in ("", "±"):
        return np.ones(q.shape, bool)
    signs = [_negative(x if o == "A" else y) for o in sign[4:]]   # xor:...
    return negative == (signs[0] ^ signs[1] if len(signs) == 2 else signs[0])


_NUMPY_ROUNDING = {"": None, "RTZ": np.trunc, "RTN": np.floor, "RTP": np.ceil}


def _same_float(q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """SMT-LIB's = on floats: the same value and sign, or both NaN."""
    with np.errstate(invalid="ignore"):
        return ((q == r) & (np.signbit(q) == np.signbit(r))) | (np.isnan(q) & np.isnan(r))


def _operation_holds(q: np.ndarray, r: np.ndarray, sign: str, rounding: str) -> np.ndarray:
    """Whether the results ``q`` are the row's term of the row's operation's results ``r`` (an integer rounding
    of a float is exact in its format, so it is computed on the float64 values)."""
    term = -r if sign == "-" else r
    function = _NUMPY_ROUNDING[_INTEGER_ROUNDING[rounding]]
    return _same_float(q, function(term) if function is not None else term)


def _predicate(params: dict, fmt: FloatFormat, inputs: tuple, operator: str = "",
               attributes: dict | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(applies, holds) of the row on the mirror's results of the ``operator`` (an obligation's name of it) at
    its ``inputs`` (columns, in order; a row of an operator of one input names no B, which is A there) and its
    float ``attributes`` (a column each, by name: a value per point)."""
    attributes = attributes or {}
    a, b = inputs[0], inputs[1] if len(inputs) > 1 else inputs[0]
    x, y = f64(a), f64(b)
    q = f64(result(operator, fmt, *inputs, *attributes.values()))
    own = operators.of_obligation_name(operator)
    _exact(params["condition"], params["result"], own)
    applies = _holds(params["condition"], fmt, inputs, attributes)
    kind, sign, value, rounding = params["result"]
    if kind == "sign":
        holds = ~(np.isinf(q) if value == "inf" else q == 0) | _sign_ok(sign, q, x, y)
    elif row_operator(kind) is not None:
        written = row_operator(kind)
        r = q if written is own else f64(result(operators.obligation_name(written), fmt, a, b))
        holds = _operation_holds(q, r, sign, rounding)
    elif kind in ("operand", "scaled"):    # the operand's function in the format, widened as q is
        env = {**{i.var: column for i, column in zip(own.inputs, inputs)}, **attributes}
        term = _operand_term(sign, value, own) if kind == "operand" else _scaled_term(value, own)
        holds = _same_float(q, f64(numpy_printer.evaluate(term, env, fmt)))
    elif kind == "bool":   # a comparison's result: 1 is True
        holds = q == float(value)
    elif kind == "nan":
        holds = np.isnan(q)
    elif kind == "inf":
        holds = np.isinf(q) & _sign_ok(sign or "+", q, x, y)
    elif Fraction(value) == 0:
        holds = (q == 0) & _sign_ok(sign, q, x, y)
    else:
        holds = q == _value(fmt, fmt.round(Fraction(value)))
    return applies, holds


class CaseTableRow(Statement):
    """A row, a case in words or a sign rule of one case (the obligation's kind: table, case or sign)."""

    kind = "case_table"
    name = "case_table"
    families = ("float",)
    encodings = frozenset({"why3", "smt", "predicate"})

    def why3(self, o) -> str:
        return _why3(o.params, get_format(o.format), operators.of_obligation_name(o.operator))

    def why3_route(self, o) -> str:
        return "bits"   # operand classes, result classes and literals: nothing but bits

    def why3_name(self, o) -> str:
        """The row's name, as its obligation has it (``<kind>_<what it states>``)."""
        return o.id.split(".", 2)[2].replace(".", "_")

    def smt(self, o, context) -> str:
        return _smt(o.params, context["fmt"], operators.of_obligation_name(o.operator))

    def predicate(self, o, fmt, **inputs):
        op = operators.of_obligation_name(o.operator)
        return _predicate(o.params, fmt, tuple(inputs[i.var] for i in op.inputs), o.operator,
                          {v.name: inputs[v.name] for v in op.attribute_variables("float")})


STATEMENTS = (CaseTableRow(),)
