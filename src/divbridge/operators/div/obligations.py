"""What Div's checks and ids need beyond its description: its integer and real profiles as z3 terms
(truncating division where B != 0 and not INT_MIN / -1; exact division where B != 0), and the spelling of its
symbol in obligation ids."""

from __future__ import annotations

from divbridge.operators.obligations import ExactTerms, IntegerTerms, Obligations


def _integer(fmt, a, b) -> IntegerTerms:
    import z3   # loaded by check-spec, the only caller
    result = a / b if fmt.signed else z3.UDiv(a, b)   # z3's / on bit-vectors is bvsdiv: truncation toward zero
    overflow = z3.And(a == fmt.min, b == -1) if fmt.signed else z3.BoolVal(False)
    inexact = (z3.SRem(a, b) if fmt.signed else z3.URem(a, b)) != 0
    negative = (a < 0) != (b < 0) if fmt.signed else z3.BoolVal(False)
    return IntegerTerms(result, z3.And(b != 0, z3.Not(overflow)), inexact, negative)


OBLIGATIONS = Obligations(id_symbols=(("/", "div"),), exact=ExactTerms(_integer, lambda a, b: (a / b, b != 0)))
