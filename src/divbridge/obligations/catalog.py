"""The obligations of the SONNX Div specification.

One function per family builds the obligations from the built-in model; the
`prop` key names the property, and every renderer (Why3 template, SMT-LIB
template, cross-check predicate) implements each key once.  Implementation
strategies (obligations about ways of computing Div, not about the spec
itself) live in `divbridge.obligations.strategies`.
"""

from __future__ import annotations

from divbridge.formats import FLOAT_FORMATS, INT_FORMATS
from divbridge.obligations.model import Obligation
from divbridge.spec.examples import FLOAT_EXAMPLES, REAL_EXAMPLES

# prop -> (kind, title, requirement tag, statement); {p} is the precision, {fmt} the format name
FLOAT_PROPERTIES = {
    "nan_numerator": ("special", "a NaN numerator gives NaN", "E_DIV_FLOAT_DEF_0020",
                      "isNaN(a) -> isNaN(a / b)"),
    "nan_denominator": ("special", "a NaN denominator gives NaN", "E_DIV_FLOAT_DEF_0020",
                        "isNaN(b) -> isNaN(a / b)"),
    "zero_div_zero": ("special", "0 / 0 is NaN for every sign", "E_DIV_FLOAT_DEF_0030",
                      "isZero(a) and isZero(b) -> isNaN(a / b)"),
    "inf_div_inf": ("special", "inf / inf is NaN for every sign", "E_DIV_FLOAT_DEF_0030",
                    "isInfinite(a) and isInfinite(b) -> isNaN(a / b)"),
    "finite_div_zero_sign": ("special", "finite non-zero / 0 is an infinity signed by XOR", "E_DIV_FLOAT_DEF_0040",
                             "isFinite(a) and not isZero(a) and isZero(b) -> "
                             "isInfinite(a / b) and sign(a / b) = sign(a) xor sign(b)"),
    "inf_div_finite_sign": ("special", "inf / finite is an infinity signed by XOR", "E_DIV_FLOAT_DEF_0050",
                            "isInfinite(a) and isFinite(b) -> isInfinite(a / b) and sign(a / b) = sign(a) xor sign(b)"),
    "finite_div_inf_sign": ("special", "finite / inf is a zero signed by XOR", "E_DIV_FLOAT_DEF_0060",
                            "isFinite(a) and isInfinite(b) -> isZero(a / b) and sign(a / b) = sign(a) xor sign(b)"),
    "zero_div_nonzero_sign": ("special", "0 / finite non-zero is a zero signed by XOR", "E_DIV_FLOAT_DEF_0070",
                              "isZero(a) and isFinite(b) and not isZero(b) -> "
                              "isZero(a / b) and sign(a / b) = sign(a) xor sign(b)"),
    "div_by_one": ("generic", "A / 1 = A", "E_DIV_FLOAT_DEF_0010",
                   "not isNaN(a) -> a / 1 = a"),
    "neg_numerator": ("generic", "(-A) / B = -(A / B)", "E_DIV_FLOAT_DEF_0010",
                      "not isNaN(a / b) -> (-a) / b = -(a / b)"),
    "neg_denominator": ("generic", "A / (-B) = -(A / B)", "E_DIV_FLOAT_DEF_0010",
                        "not isNaN(a / b) -> a / (-b) = -(a / b)"),
    "self_div_one": ("generic", "A / A = 1 for finite non-zero A", "E_DIV_FLOAT_DEF_0010",
                     "isFinite(a) and not isZero(a) -> a / a = 1"),
    # b finite: for b = +inf, inf / inf is NaN and the order fails
    "monotone_numerator": ("generic", "A / B is monotone in A for finite B > 0", "E_DIV_FLOAT_DEF_0010",
                           "not isNaN(a1) and not isNaN(a2) and isFinite(b) and b > 0 and a1 <= a2 -> "
                           "a1 / b <= a2 / b"),
    "exact_when_representable": ("generic", "the quotient is exact when it is representable", "E_DIV_FLOAT_DEF_0010",
                                 "isFinite(a) and not isZero(a) and isFinite(b) and not isZero(b) and isFinite(c) "
                                 "and real(c) * real(b) = real(a) -> a / b = c"),
    "relative_error_normal": ("accuracy", "relative error at most 2^-{p} in the normal range", "E_DIV_FLOAT_ACC_0010",
                              "isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and "
                              "min_normal <= |r| <= max_finite -> |real(a / b) - r| <= 2^-{p} * |r|"),
    "absolute_error_subnormal": ("accuracy", "absolute error at most half the smallest subnormal below the normal range",
                                 "E_DIV_FLOAT_ACC_0010",
                                 "isFinite(a) and isFinite(b) and not isZero(b) and r = real(a) / real(b) and "
                                 "|r| < min_normal -> |real(a / b) - r| <= min_subnormal / 2"),
}

INT_PROPERTIES = {
    "trunc_identity": ("truncation", "C * B + R = A with |R| < |B|, R zero or of the sign of A", "E_DIV_INT_DEF_0010",
                       "b != 0 and not (a = MIN and b = -1) and c = a / b and r = a - c * b -> "
                       "c * b + r = a and |r| < |b| and (r = 0 or sign(r) = sign(a))"),
    "trunc_magnitude": ("truncation", "|C| <= |A|", "E_DIV_INT_DEF_0010",
                        "b != 0 and not (a = MIN and b = -1) -> |a / b| <= |a|"),
    "result_in_range": ("range", "the quotient is representable under the preconditions", "E_DIV_INT_CONSTR_AB_0020",
                        "b != 0 and not (a = MIN and b = -1) -> MIN <= a / b <= MAX"),
}

REAL_PROPERTIES = {
    "quotient_times_divisor": ("generic", "(A / B) * B = A", "E_DIV_REAL_DEF_0010", "b != 0 -> (a / b) * b = a"),
    "div_by_one": ("generic", "A / 1 = A", "E_DIV_REAL_DEF_0010", "a / 1 = a"),
    "neg_numerator": ("generic", "(-A) / B = -(A / B)", "E_DIV_REAL_DEF_0010", "b != 0 -> (-a) / b = -(a / b)"),
    "neg_denominator": ("generic", "A / (-B) = -(A / B)", "E_DIV_REAL_DEF_0010", "b != 0 -> a / (-b) = -(a / b)"),
    "self_div_one": ("generic", "A / A = 1 for non-zero A", "E_DIV_REAL_DEF_0010", "a != 0 -> a / a = 1"),
    "monotone_numerator": ("generic", "A / B is monotone in A for B > 0", "E_DIV_REAL_DEF_0010",
                           "b > 0 and a1 <= a2 -> a1 / b <= a2 / b"),
}

SHAPE_PROPERTIES = {
    "result_shape": ("tensor", "the result has the inputs' shape", "R1",
                     "shape(A) = shape(B) -> shape(Div(A, B)) = shape(A)"),
    "elementwise_real": ("tensor", "each element of a real tensor result is the scalar Div", "E_DIV_REAL_DEF_0010",
                         "shape(A) = shape(B) and B[i] != 0 -> Div(A, B)[i] = A[i] / B[i]"),
    "elementwise_float": ("tensor", "each element of a float tensor result is the scalar Div", "E_DIV_FLOAT_DEF_0010",
                          "shape(A) = shape(B) -> Div(A, B)[i] = A[i] /. B[i]"),
    "elementwise_int": ("tensor", "each element of an integer tensor result is the scalar Div", "E_DIV_INT_DEF_0010",
                        "shape(A) = shape(B) and B[i] != 0 -> Div(A, B)[i] = trunc(A[i] / B[i])"),
}


# Claims about two roundings (two dividers, or a divider and an exact product) that
# bit-blasting solvers do not settle for 32- and 64-bit formats (measured: Bitwuzla gives
# no answer in 10 minutes on the fp32 queries).  Coq with Flocq proves them for every
# format by reasoning about rounding (generators/coq/); the SMT route stays beside it.
COQ_PROPERTIES = ("monotone_numerator", "exact_when_representable")


def float_obligations() -> list[Obligation]:
    obligations = []
    for fmt in FLOAT_FORMATS:
        for prop, (kind, title, tag, statement) in FLOAT_PROPERTIES.items():
            backends = {"why3", "smt"}
            if kind == "accuracy":      # rounding-error bounds are Gappa's domain; the others run beside it
                backends.add("gappa")
            if prop == "monotone_numerator" and fmt.name in ("fp16", "bf16"):
                backends.add("exhaustive")   # every SMT solver times out; enumerating 2^32 pairs is a proof
            if prop in COQ_PROPERTIES:
                backends.add("coq")
            obligations.append(Obligation(
                id=f"float.{fmt.name}.{kind}.{prop}", title=title.format(p=fmt.precision),
                family="float", format=fmt.name, kind=kind, prop=prop, requirements=(tag,),
                statement=statement.format(p=fmt.precision), params={"eb": fmt.eb, "sb": fmt.sb},
                backends=frozenset(backends),
            ))
        for example in FLOAT_EXAMPLES:
            obligations.append(Obligation(
                id=f"float.{fmt.name}.example.{example.name}", title=f"worked example: {example.title}",
                family="float", format=fmt.name, kind="example", prop="example", requirements=example.tags,
                statement=example.statement(), params={"eb": fmt.eb, "sb": fmt.sb, "example": example.name},
            ))
    return obligations


def _with_preconditions(tag: str) -> tuple[str, ...]:
    """An integer property assumes both preconditions: it traces to their tags too."""
    return tuple(dict.fromkeys((tag, "E_DIV_INT_CONSTR_B_0010", "E_DIV_INT_CONSTR_AB_0020")))


def int_obligations() -> list[Obligation]:
    obligations = []
    for fmt in INT_FORMATS:
        for prop, (kind, title, tag, statement) in INT_PROPERTIES.items():
            obligations.append(Obligation(
                id=f"int.{fmt.name}.{kind}.{prop}", title=title, family="int", format=fmt.name, kind=kind,
                prop=prop, requirements=_with_preconditions(tag), statement=statement,
                params={"bits": fmt.bits, "signed": fmt.signed},
            ))
        if fmt.signed:
            obligations.append(Obligation(
                id=f"int.{fmt.name}.probe.int_min_div_minus_one", title="probe: INT_MIN / -1 is representable",
                family="int", format=fmt.name, kind="probe", prop="int_min_div_minus_one",
                requirements=("E_DIV_INT_CONSTR_AB_0020",), expect="invalid",
                statement=f"MIN <= trunc(MIN / -1) <= MAX   (MIN = {fmt.min}, expected to fail)",
                params={"bits": fmt.bits, "signed": True},
            ))
    return obligations


def real_obligations() -> list[Obligation]:
    obligations = [
        Obligation(id=f"real.{kind}.{prop}", title=title, family="real", format="real", kind=kind, prop=prop,
                   requirements=(tag, "E_DIV_REAL_CONSTR_B_0010") if "b != 0" in statement else (tag,),
                   statement=statement)
        for prop, (kind, title, tag, statement) in REAL_PROPERTIES.items()
    ]
    for example in REAL_EXAMPLES:
        obligations.append(Obligation(
            id=f"real.example.{example.name}", title=f"worked example: {example.title}", family="real",
            format="real", kind="example", prop="example", requirements=example.tags,
            statement=example.statement(), params={"example": example.name},
        ))
    return obligations


def shape_obligations() -> list[Obligation]:
    return [
        Obligation(id=f"shape.{kind}.{prop}", title=title, family="shape", format="none", kind=kind, prop=prop,
                   # the tensor operator maps tensors of one element type to that type: [R2]
                   requirements=("R1", "R2", tag) if tag != "R1" else ("R1",), statement=statement,
                   backends=frozenset({"why3"}))
        for prop, (kind, title, tag, statement) in SHAPE_PROPERTIES.items()
    ]


def spec_obligations() -> list[Obligation]:
    """Every obligation of the SONNX Div specification, in a stable order."""
    return real_obligations() + float_obligations() + int_obligations() + shape_obligations()
