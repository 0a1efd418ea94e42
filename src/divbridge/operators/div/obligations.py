"""What Div's obligations and checks need beyond its description: its implementation strategies, its
integer and real profiles as z3 terms (truncating division where B != 0 and not INT_MIN / -1; exact division
where B != 0).

Each states that a way of computing Div gives the same result as the SONNX
semantics on every operand pair; what each strategy computes is its statement's
(`statements.strategy`).  The correct strategies are expected valid; the
known defects (multiplying by the reciprocal, flushing subnormal results to
zero, floor division, int64 through float64) are probes expected invalid, so
that their counterexample is part of the evidence.

FP16 and BF16 through FP32 are proved by enumerating all 2^32 operand pairs
(a complete proof for a 16-bit format): as one SMT query the FP16 theorem
takes Bitwuzla about 270 s and Z3 more than 15 minutes on this machine.
Coq with Flocq proves every "through a wider format" strategy by reasoning
(double rounding of a quotient is innocuous when p' >= 2p; an integer
quotient's rounding error stays below the distance to the next integer),
FP32 through FP64 and int32 through FP64 included, which no SMT solver settles.
"""

from __future__ import annotations

from divbridge.operators.obligations import ExactTerms, IntegerTerms, Obligations, StrategyClaim

# NaN results compare equal whatever their payload: IEEE leaves payloads to the implementation
_SAME = "(isNaN(s) and isNaN(x / y)) or s = x / y"
_INT_DOMAIN = "b != 0 and not (a = MIN and b = -1)"


def _via(fmt: str, via: str, backends: frozenset[str]) -> StrategyClaim:
    return StrategyClaim(
        id=f"float.{fmt}.strategy.via_{via}", title=f"{fmt} Div computed in {via}, then rounded to {fmt}, is correctly rounded",
        family="float", format=fmt, prop="via_wider",
        statement=f"s = round_{fmt}(to_{via}(x) /{via} to_{via}(y)) -> {_SAME}",
        params={"via": via, "strategy": f"via_{via}"}, backends=backends)


def _integer(fmt, a, b) -> IntegerTerms:
    import z3   # loaded by check-spec, the only caller
    result = a / b if fmt.signed else z3.UDiv(a, b)   # z3's / on bit-vectors is bvsdiv: truncation toward zero
    overflow = z3.And(a == fmt.min, b == -1) if fmt.signed else z3.BoolVal(False)
    inexact = (z3.SRem(a, b) if fmt.signed else z3.URem(a, b)) != 0
    negative = (a < 0) != (b < 0) if fmt.signed else z3.BoolVal(False)
    return IntegerTerms(result, z3.And(b != 0, z3.Not(overflow)), inexact, negative)


def _probe(oid: str, title: str, prop: str, statement: str, strategy: str) -> StrategyClaim:
    """A known defect: expected refuted by Why3 and the SMT solvers, its counterexample evidence."""
    family, fmt = oid.split(".")[:2]
    return StrategyClaim(id=oid, title=f"probe: {title}", family=family, format=fmt, prop=prop, expect="invalid",
                    statement=statement, params={"strategy": strategy}, backends=frozenset({"why3", "smt"}))


def _int_via_fp64(fmt: str, backends: frozenset[str], fails: str = "") -> StrategyClaim:
    """An integer type through float64 (``fails``: why it does not work, a probe)."""
    return StrategyClaim(
        id=f"int.{fmt}.strategy.via_fp64",
        title=f"{'probe: ' if fails else ''}{fmt} Div computed in float64 and truncated is exact",
        family="int", format=fmt, prop="int_via_float", expect="invalid" if fails else "valid",
        statement=f"{_INT_DOMAIN} -> trunc(fp64(a) /fp64 fp64(b)) = trunc(a / b)"
                  + (f"   (expected to fail: {fails})" if fails else ""),
        params={"via": "fp64", "strategy": "via_fp64"}, backends=backends)


OBLIGATIONS = Obligations(id_symbols=(("/", "div"),), exact=ExactTerms(_integer, lambda a, b: (a / b, b != 0)),
                          strategies=(
    _via("fp16", "fp32", frozenset({"why3", "exhaustive", "coq"})),
    _via("bf16", "fp32", frozenset({"why3", "exhaustive", "coq"})),
    _via("fp32", "fp64", frozenset({"why3", "smt", "coq"})),
    _probe("float.fp32.strategy.reciprocal", "x * (1 / y) equals x / y", "reciprocal",
           f"s = x * (1 / y) -> {_SAME}   (expected to fail: two roundings)", "reciprocal"),
    _probe("float.fp32.strategy.flush_to_zero", "flushing subnormal results to zero equals IEEE", "flush_to_zero",
           f"s = (isSubnormal(x / y) ? signed zero : x / y) -> {_SAME}   (expected to fail)", "flush_to_zero"),
    _probe("int.int32.strategy.openvino_floor", "OpenVINO's floor division equals ONNX truncation",
           "floor_equals_trunc", f"{_INT_DOMAIN} -> floor(a / b) = trunc(a / b)   (expected to fail)", "floor"),
    _int_via_fp64("int32", frozenset({"why3", "smt", "coq"})),
    _int_via_fp64("int64", frozenset({"why3", "smt"}), fails="int64 values need 64 bits, float64 has 53"),
))
