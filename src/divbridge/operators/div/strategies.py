"""Ways of computing Div (implementation strategies, `operators.library.Strategy`), and the formats each is
claimed in (`StrategyClaim`, `CLAIMS`): each claimed equal to SONNX's Div on every operand pair; the probes among
them are known defects."""

from __future__ import annotations

import numpy as np

from divbridge.operators.arrays import f64
from divbridge.operators.div.profiled import compute as div
from divbridge.operators.div.profiles import PROFILES
from divbridge.operators.library import Strategy, StrategyClaim


def _via_wider(fmt, x, y, via):
    with np.errstate(all="ignore"):
        return (x.astype(via.dtype) / y.astype(via.dtype)).astype(fmt.dtype)


def _reciprocal(fmt, x, y, via):
    with np.errstate(all="ignore"):
        return (x * (np.ones_like(y) / y)).astype(fmt.dtype)


def _flush_to_zero(fmt, x, y, via):
    c = div(fmt, x, y)
    tiny = np.abs(f64(c)) < float(fmt.min_normal)
    return np.where(tiny, np.copysign(np.zeros_like(c), c), c).astype(fmt.dtype)


def _floor(fmt, a, b, via):
    ok = PROFILES.in_domain(fmt, a, b)
    return np.where(ok, np.floor_divide(a, np.where(ok, b, 1)), 0).astype(object)


def _int_via_float(fmt, a, b, via):
    ok = PROFILES.in_domain(fmt, a, b)
    with np.errstate(all="ignore"):
        quotients = np.trunc(a.astype(via.dtype) / np.where(ok, b, 1).astype(via.dtype))
    return np.array([int(q) if k else 0 for q, k in zip(quotients, ok)], dtype=object)


GOALS = {
    # the frame's goal: the same value, NaN's payload aside
    "float": """forall x y: t.
    let ieee = div x y in let s = {{ term }} in
    s = ieee \\/ (is_nan s /\\ is_nan ieee)""",
    # truncated division by its defining identity (the one trunc_identity proves of div), in a module apart
    # (`why3_apart`)
    "int": """forall a b trunc r: int. in_range a /\\ in_range b /\\ b <> 0 /\\ not (a = min_value /\\ b = -1)
    /\\ trunc * b + r = a /\\ (-b < r < b \\/ b < r < -b) /\\ (r = 0 \\/ (r < 0 <-> a < 0)) ->
    let s = {{ term }} in s = trunc""",
}


# Z3 inside Why3 does not reach double rounding by bit-blasting, nor integer division through binary64
_BEYOND = "a division in a wider format, which Z3 inside Why3 does not settle here"


STRATEGIES = (
    Strategy(
        name="via_wider", compute=_via_wider, coq_template="div/via_wider.v.j2", enumerated=True, beyond=_BEYOND,
        smt_body="""; the strategy: widen both operands to {{ via.name }} (exact), divide there, round the quotient to {{ fmt.name }}
(define-fun s () (_ FloatingPoint {{ fmt.eb }} {{ fmt.sb }}) ((_ to_fp {{ fmt.eb }} {{ fmt.sb }}) RNE \
(fp.div RNE ((_ to_fp {{ via.eb }} {{ via.sb }}) RNE x) ((_ to_fp {{ via.eb }} {{ via.sb }}) RNE y))))""",
        # the conversions are named after their target's theory: to_float16, to_bfloat16, to_float32, to_float64
        why3_s="Convert.to_{{ type_name(fmt) }} RNE (Wide.div RNE (Convert.to_{{ type_name(via) }} RNE x) "
               "(Convert.to_{{ type_name(via) }} RNE y))"),
    Strategy(
        name="reciprocal", compute=_reciprocal,
        smt_body="""; the strategy: multiply by the rounded reciprocal
(define-fun s () (_ FloatingPoint {{ fmt.eb }} {{ fmt.sb }}) (fp.mul RNE x (fp.div RNE {{ fp_literal(fmt, fmt.parse('1')) }} y)))""",
        why3_s="x .* ((1.0:t) ./ y)"),
    Strategy(
        name="flush_to_zero", compute=_flush_to_zero,
        smt_body="""; the strategy: a subnormal quotient is flushed to a zero of the same sign
(define-fun s () (_ FloatingPoint {{ fmt.eb }} {{ fmt.sb }}) (ite (fp.isSubnormal ieee)
                              (ite (fp.isNegative ieee) (_ -zero {{ fmt.eb }} {{ fmt.sb }}) (_ +zero {{ fmt.eb }} {{ fmt.sb }}))
                              ieee))""",
        why3_s="if is_subnormal ieee then (if is_negative ieee then neg (0.0:t) else (0.0:t)) else ieee"),
    Strategy(
        name="floor_equals_trunc", family="int", compute=_floor,
        smt_body="""{% set zero = bv_literal(fmt.bits, 0) %}; the strategy: floor division (OpenVINO Divide with m_pythondiv = true, NumPy //)
(define-fun r () (_ BitVec {{ fmt.bits }}) (bvsrem a b))
(define-fun s () (_ BitVec {{ fmt.bits }}) (ite (and (not (= r {{ zero }})) (not (= (bvslt r {{ zero }}) (bvslt b {{ zero }}))))
                                        (bvsub trunc {{ bv_literal(fmt.bits, 1) }})
                                        trunc))""",
        why3_s="if r <> 0 /\\ not (r < 0 <-> b < 0) then trunc - 1 else trunc"),
    Strategy(
        name="int_via_float", family="int", compute=_int_via_float, coq_template="div/int_via_float.v.j2",
        beyond=_BEYOND,
        smt_body="""; the strategy: convert both operands to {{ via.name }} (rounding), divide there, truncate back to {{ fmt.name }}
(define-fun s () (_ BitVec {{ fmt.bits }}) ((_ fp.to_sbv {{ fmt.bits }}) RTZ \
(fp.div RNE ((_ to_fp {{ via.eb }} {{ via.sb }}) RNE a) ((_ to_fp {{ via.eb }} {{ via.sb }}) RNE b))))""",
        why3_s="Wide.to_int Wide.RTZ (Wide.div Wide.RNE (Wide.of_int Wide.RNE a) (Wide.of_int Wide.RNE b))"),
)


# The strategies claimed in each format, as divbridge's own obligations.
#
# Each states that a way of computing Div gives the same result as the SONNX
# semantics on every operand pair; what each strategy computes is its statement's
# (`statements.strategy`).  The correct strategies are expected valid; the
# known defects (multiplying by the reciprocal, flushing subnormal results to
# zero, floor division, int64 through float64) are probes expected invalid, so
# that their counterexample is part of the evidence.
#
# FP16 and BF16 through FP32 are proved by enumerating all 2^32 operand pairs
# (a complete proof for a 16-bit format): as one SMT query the FP16 theorem
# takes Bitwuzla about 270 s and Z3 more than 15 minutes on this machine.
# Coq with Flocq proves every "through a wider format" strategy by reasoning
# (double rounding of a quotient is innocuous when p' >= 2p; an integer
# quotient's rounding error stays below the distance to the next integer),
# FP32 through FP64 and int32 through FP64 included, which no SMT solver settles.

# NaN results compare equal whatever their payload: IEEE leaves payloads to the implementation
_SAME = "(isNaN(s) and isNaN(x / y)) or s = x / y"
_INT_DOMAIN = "b != 0 and not (a = MIN and b = -1)"


def _via(fmt: str, via: str, backends: frozenset[str]) -> StrategyClaim:
    return StrategyClaim(
        id=f"float.{fmt}.strategy.via_{via}",
        title=f"{fmt} Div computed in {via}, then rounded to {fmt}, is correctly rounded",
        family="float", format=fmt, prop="via_wider",
        statement=f"s = round_{fmt}(to_{via}(x) /{via} to_{via}(y)) -> {_SAME}",
        params={"via": via, "strategy": f"via_{via}"}, backends=backends)


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


CLAIMS = (
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
)
