"""Ways of computing Div (implementation strategies): each gives the same result as SONNX on every operand pair.

These are divbridge's own claims, traced to no requirement (`obligations.strategies` lists their
obligations and which are probes of known defects).  A strategy states how it computes ``s`` from the
operands: in SMT-LIB (inside the frame ``<family>_strategy``, which defines the SONNX result and the goal
``s`` equals it), in Why3 where its operations have a term there (in the format's module), and vectorised
in NumPy's hardware arithmetic for the predicate, which compares it with the mirror.  Where it has them: a
Coq template (by reasoning on rounding) and an enumeration job (every operand pair of a 16-bit format,
`provers.enumeration`).

The strategies through a wider format state their Why3 goal in a module of its own, with the wider
format's module and the conversions to it (``ieee_float.FloatConverter``, the library's
``floats.Float16Convert``...): Z3 inside Why3 does not reach double rounding by bit-blasting, nor
integer division through binary64 (`Statement.why3_beyond`): Coq proves them, and SMT refutes the probe.

Adding a strategy is one `Strategy` in ``STATEMENTS`` (and its obligations in `obligations.strategies`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import numpy as np

from divbridge.formats import FloatFormat, Format, get_format
from divbridge.operators.div.profiles import PROFILES
from divbridge.statements import NotEncoded, Statement, one_point
from divbridge.statements.mirrorops import bits, div, f64, same
from divbridge.statements.smtlib import bv_literal, fp_literal
from divbridge.statements.why3terms import FLOAT_THEORIES


@dataclass(frozen=True, eq=False)
class Strategy(Statement):
    kind = "strategy"

    name: str = ""
    family: str = "float"
    smt_body: Callable[[Format, Format | None], str] | None = None    # (fmt, via) -> defines s
    why3_s: Callable[[Format, Format | None], str] | None = None   # (fmt, via) -> the term s over the operands
    compute: Callable[..., np.ndarray] | None = None    # (fmt, x, y, via) -> s, in NumPy's arithmetic
    coq_template: str = ""
    enumerated: bool = False    # every operand pair of a 16-bit format, by the engine's strategy params["strategy"]

    @property
    def families(self) -> tuple[str, ...]:   # type: ignore[override]
        return (self.family,)

    @property
    def encodings(self) -> frozenset[str]:   # type: ignore[override]
        return frozenset({"smt", "predicate"} | ({"why3"} if self.why3_s is not None else set())
                         | ({"coq"} if self.coq_template else set())
                         | ({"enumeration"} if self.enumerated else set()))

    def variables(self, o) -> tuple[str, ...]:
        return ("x", "y") if self.family == "float" else ("a", "b")

    def smt_frame(self, o) -> str:
        return f"{self.family}_strategy"

    def smt(self, o, context) -> str:
        assert self.smt_body is not None
        return self.smt_body(context["fmt"], _via(o))

    def why3(self, o) -> str:
        if self.why3_s is None:
            raise NotEncoded(f"{o.id}: {self.name} has no Why3 goal")
        term = self.why3_s(get_format(o.format), _via(o))
        if self.family == "float":   # the frame's goal: the same value, NaN's payload aside
            return (f"forall x y: t.\n    let ieee = div x y in let s = {term} in\n"
                    "    s = ieee \\/ (is_nan s /\\ is_nan ieee)")
        # truncated division by its defining identity (the one trunc_identity proves of div), in a module
        # apart (`why3_apart`)
        return ("forall a b trunc r: int. in_range a /\\ in_range b /\\ b <> 0 /\\ not (a = min_value /\\ b = -1)\n"
                "    /\\ trunc * b + r = a /\\ (-b < r < b \\/ b < r < -b) /\\ (r = 0 \\/ (r < 0 <-> a < 0)) ->\n"
                f"    let s = {term} in s = trunc")

    def why3_apart(self, o) -> bool:
        return self.family == "int" or "via" in o.params

    def why3_uses(self, o) -> tuple[str, ...]:
        via = _via(o)
        if via is None:
            return ()
        return (f"{FLOAT_THEORIES[via.name]} as Wide",) + ((_CONVERTERS[o.format],) if o.format in _CONVERTERS else ())

    def why3_beyond(self, o) -> str:
        return "a division in a wider format, which Z3 inside Why3 does not settle here" if "via" in o.params else ""

    def why3_route(self, o) -> str:
        return "bits"   # a float strategy's goal compares two float results: nothing but bits

    def why3_name(self, o) -> str:
        return f"strategy_{self.name}"

    def coq(self, o) -> str:
        if not self.coq_template:
            raise NotEncoded(f"{o.id}: {self.name} has no Coq proof")
        return self.coq_template

    def enumeration(self, o) -> str:
        if not self.enumerated:
            raise NotEncoded(f"{o.id}: {self.name} has no enumeration")
        return f"pairs:{o.params['strategy']}"

    def predicate(self, o, fmt, **columns):
        x, y = columns.values()
        assert self.compute is not None
        s = self.compute(fmt, x, y, _via(o))
        if isinstance(fmt, FloatFormat):
            return np.ones(x.shape, bool), same(fmt, s, div(fmt, x, y))
        ok = PROFILES.in_domain(fmt, x, y)
        return ok, ~ok | np.array([p == q for p, q in zip(s, div(fmt, x, y).astype(object))], bool)

    def explain(self, o, fmt, values) -> str:
        assert self.compute is not None
        x, y = one_point(fmt, values).values()
        if not isinstance(fmt, FloatFormat):
            if not PROFILES.in_domain(fmt, x, y)[0]:
                return "precondition not met"
            return f"strategy gives {self.compute(fmt, x, y, _via(o))[0]}, trunc(a / b) = {div(fmt, x, y)[0]}"
        s, spec = (int(bits(fmt, v)[0]) for v in (self.compute(fmt, x, y, _via(o)), div(fmt, x, y)))
        return f"strategy gives {fmt.describe(s)}, IEEE x / y = {fmt.describe(spec)}"


def _via(o) -> Format | None:
    return get_format(o.params["via"]) if "via" in o.params else None


# -- the strategies ----------------------------------------------------------------------------------

def _sorts(fmt: FloatFormat) -> tuple[str, str]:
    return f"(_ FloatingPoint {fmt.eb} {fmt.sb})", f"(_ to_fp {fmt.eb} {fmt.sb})"


def _via_wider_smt(fmt, via) -> str:
    sort, to_f = _sorts(fmt)
    to_v = _sorts(via)[1]
    return (f"; the strategy: widen both operands to {via.name} (exact), divide there, round the quotient to "
            f"{fmt.name}\n(define-fun s () {sort} ({to_f} RNE (fp.div RNE ({to_v} RNE x) ({to_v} RNE y))))")


def _via_wider(fmt, x, y, via):
    with np.errstate(all="ignore"):
        return (x.astype(via.dtype) / y.astype(via.dtype)).astype(fmt.dtype)


# the conversions between a 16-bit format and binary32 (why3/floats.mlw); binary32 and binary64 have Why3's own
_CONVERTERS = {"fp16": "floats.Float16Convert as Convert", "bf16": "floats.BFloat16Convert as Convert",
               "fp32": "ieee_float.FloatConverter as Convert"}


def _via_wider_why3(fmt, via) -> str:
    # the conversions are named after their target's theory: to_float16, to_bfloat16, to_float32, to_float64
    narrow, wide = (FLOAT_THEORIES[f.name].rpartition(".")[2].lower() for f in (fmt, via))
    return (f"Convert.to_{narrow} RNE (Wide.div RNE (Convert.to_{wide} RNE x) (Convert.to_{wide} RNE y))")


def _reciprocal_smt(fmt, via) -> str:
    return (f"; the strategy: multiply by the rounded reciprocal\n(define-fun s () {_sorts(fmt)[0]} "
            f"(fp.mul RNE x (fp.div RNE {fp_literal(fmt, fmt.parse('1'))} y)))")


def _reciprocal(fmt, x, y, via):
    with np.errstate(all="ignore"):
        return (x * (np.ones_like(y) / y)).astype(fmt.dtype)


def _flush_to_zero_smt(fmt, via) -> str:
    sort = _sorts(fmt)[0]
    return (f"; the strategy: a subnormal quotient is flushed to a zero of the same sign\n"
            f"(define-fun s () {sort} (ite (fp.isSubnormal ieee)\n"
            f"                              (ite (fp.isNegative ieee) (_ -zero {fmt.eb} {fmt.sb}) "
            f"(_ +zero {fmt.eb} {fmt.sb}))\n"
            f"                              ieee))")


def _flush_to_zero(fmt, x, y, via):
    c = div(fmt, x, y)
    tiny = np.abs(f64(c)) < float(fmt.min_normal)
    return np.where(tiny, np.copysign(np.zeros_like(c), c), c).astype(fmt.dtype)


def _floor_smt(fmt, via) -> str:
    w, zero = fmt.bits, bv_literal(fmt.bits, 0)
    return (f"; the strategy: floor division (OpenVINO Divide with m_pythondiv = true, NumPy //)\n"
            f"(define-fun r () (_ BitVec {w}) (bvsrem a b))\n"
            f"(define-fun s () (_ BitVec {w}) (ite (and (not (= r {zero})) (not (= (bvslt r {zero}) (bvslt b {zero}))))\n"
            f"                                        (bvsub trunc {bv_literal(w, 1)})\n"
            f"                                        trunc))")


def _floor(fmt, a, b, via):
    ok = PROFILES.in_domain(fmt, a, b)
    return np.where(ok, np.floor_divide(a, np.where(ok, b, 1)), 0).astype(object)


def _int_via_float_smt(fmt, via) -> str:
    to_v = _sorts(via)[1]
    return (f"; the strategy: convert both operands to {via.name} (rounding), divide there, truncate back to "
            f"{fmt.name}\n(define-fun s () (_ BitVec {fmt.bits}) ((_ fp.to_sbv {fmt.bits}) RTZ "
            f"(fp.div RNE ({to_v} RNE a) ({to_v} RNE b))))")


def _int_via_float(fmt, a, b, via):
    ok = PROFILES.in_domain(fmt, a, b)
    with np.errstate(all="ignore"):
        quotients = np.trunc(a.astype(via.dtype) / np.where(ok, b, 1).astype(via.dtype))
    return np.array([int(q) if k else 0 for q, k in zip(quotients, ok)], dtype=object)


STATEMENTS = (
    Strategy(name="via_wider", smt_body=_via_wider_smt, compute=_via_wider, why3_s=_via_wider_why3,
             coq_template="via_wider.v.j2", enumerated=True),
    Strategy(name="reciprocal", smt_body=_reciprocal_smt, compute=_reciprocal,
             why3_s=lambda fmt, via: "x .* ((1.0:t) ./ y)"),
    Strategy(name="flush_to_zero", smt_body=_flush_to_zero_smt, compute=_flush_to_zero,
             why3_s=lambda fmt, via: "if is_subnormal ieee then (if is_negative ieee then neg (0.0:t) else (0.0:t)) else ieee"),
    Strategy(name="floor_equals_trunc", family="int", smt_body=_floor_smt, compute=_floor,
             why3_s=lambda fmt, via: "if r <> 0 /\\ not (r < 0 <-> b < 0) then trunc - 1 else trunc"),
    Strategy(name="int_via_float", family="int", smt_body=_int_via_float_smt, compute=_int_via_float,
             why3_s=lambda fmt, via: "Wide.to_int Wide.RTZ (Wide.div Wide.RNE (Wide.of_int Wide.RNE a) (Wide.of_int Wide.RNE b))",
             coq_template="int_via_float.v.j2"),
)
