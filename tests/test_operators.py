"""The operator descriptions (`divbridge.operators`): the registry, the IEEE kernels against NumPy, the
special-value rule tables against the kernels, the generic properties proved or refuted on the mirror,
integer wrap-around against Python integers and NumPy, the error models, the prover and runtime names."""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest

from divbridge import operators
from divbridge.errors import InputError
from divbridge.formats import BF16, FP16, FP32, FP64, INT_FORMATS, float_format
from divbridge.mirror import from_bits, to_bits
from divbridge.operators import OPERATORS, kernels
from divbridge.operators.add import ADD
from divbridge.operators.div import DIV
from divbridge.operators.mul import MUL
from divbridge.operators.sub import SUB
from divbridge.terms import coq
from divbridge.terms import numpy as term_numpy

NEW = (ADD, SUB, MUL)
# the binary operators whose float result is rounded once: what the kernel, rounding and name tests are about
ROUNDED = tuple(op for op in OPERATORS.values() if op.arity == 2 and op.operation.exactness == "rounded")
TINY = float_format(3, 4)


# -- the registry ---------------------------------------------------------------------------------------

def test_the_registry_finds_each_operator_by_name_heading_and_tag():
    assert set(OPERATORS) == {"Div", "Mul", "Add", "Sub", "Neg", "Abs", "Relu", "Where", "Exp", "Log", "Tanh",
                              "Sigmoid", "Sqrt", "Pow", "LeakyRelu", "Max", "Less", "MatMul", "Clip"}
    # the others: no specification document read yet (the accuracy notes' operators: their notes are)
    assert set(operators.in_pipeline()) == {"Div", "Mul", "Add", "Sub", "Neg", "Abs", "Relu", "Where", "Sqrt", "Max",
                                            "Less", "LeakyRelu", "Clip"}
    assert operators.by_heading("# **Exp** (float)") is None and operators.by_tag("E_EXP_FLOAT_FUNC_0010") is None
    assert operators.by_heading("# **Clip** (float, float, float)") is operators.get("Clip")
    # a heading that opens with Where's name is Where's; one that uses the word is not
    assert operators.named_in(["# **Where** (bool, float, float)"]) is operators.get("Where")
    assert operators.named_in(["## Cases where the result is NaN"]) is None
    for op in operators.in_pipeline().values():
        assert operators.get(op.name.lower()) is operators.get(op.name.upper()) is op
        assert operators.by_heading(f"# **{op.name}** (float, float)") is op           # the WG's headings
        assert operators.by_heading(f"# `{op.name}` operator (FP16, FP32)") is op      # the project's
        assert operators.by_heading(f"# $\\text{{{op.name}}}$ (real, real)") is op       # the WG's in 2025
        assert operators.by_tag(f"[{op.tag_prefix}FLOAT_FUNC_0010]") is op
    assert operators.by_heading("# Contents") is None
    assert operators.by_heading("# Divide") is None
    # MatMul is described (its accuracy note is read), its specification document is not: no tag finds it
    assert operators.by_tag("E_MATMUL_FLOAT_FUNC_0010") is None
    with pytest.raises(InputError, match="unknown operator 'Gemm'"):
        operators.get("Gemm")


def test_each_word_of_an_operator_is_its_own():
    """A verb, noun, role or symbol names one operator: a document that says "divides" over a sum
    (the working group's Add of June 2026) is read as naming Div."""
    seen: dict[str, str] = {}
    for op in OPERATORS.values():
        v = op.vocabulary
        words = [*v.verbs, *v.result_nouns, *v.roles, *v.symbols, v.gerund]
        assert all(words) and v.verbs and v.result_nouns and len(v.roles) == op.arity
        for word in words:
            assert seen.setdefault(word, op.name) == op.name, (word, seen[word], op.name)


def test_the_rule_tables_use_the_known_classes_and_relations():
    from divbridge.operators.model import CLASSES, RELATIONS, is_number
    for op in OPERATORS.values():
        assert len({r.name for r in op.rules}) == len(op.rules) and all(r.text for r in op.rules)
        inputs = {i.var for i in op.inputs}
        for r in op.rules:
            assert set(r.classes) <= set(CLASSES) and r.relation in RELATIONS, (op.name, r.name)
            assert r.result in ("nan", "inf", "zero", "true", "false") or r.result.lstrip("-") in inputs \
                or is_number(r.result), \
                (op.name, r.name)
            assert bool(r.sign) == (r.result in ("inf", "zero")), (op.name, r.name)


# -- IEEE kernels against NumPy ----------------------------------------------------------------------------

def _grid(fmt, n, seed):
    """The format's special values and n random patterns (NaNs included)."""
    rng = random.Random(seed)
    return sorted(set(fmt.special_values().values()) | {rng.getrandbits(fmt.width) for _ in range(n)})


def _numpy_ref(op, fmt, xs, ys):
    """NumPy's own operation in the format: float16 and bfloat16 go through float32 inside NumPy and
    ml_dtypes, which is correctly rounded for +, - and x since 24 >= 2p + 2."""
    a, b = from_bits(fmt, np.array(xs, dtype=fmt.uint_dtype)), from_bits(fmt, np.array(ys, dtype=fmt.uint_dtype))
    with np.errstate(all="ignore"):
        return to_bits(fmt, getattr(np, op.names.numpy)(a, b))


def _agree(fmt, got, want) -> bool:
    if isinstance(got, bool):     # a comparison's truth value (Less): a rule gives 1 or 0
        return int(got) == want
    got, want = int(got), int(want)
    return got == want or (fmt.decode(got).is_nan and fmt.decode(want).is_nan)


@pytest.mark.parametrize("op", NEW, ids=lambda o: o.name)
@pytest.mark.parametrize("fmt,n", [(FP16, 110), (FP32, 60), (FP64, 60), (BF16, 60)], ids=lambda v: getattr(v, "name", ""))
def test_the_exact_kernel_is_numpy_correctly_rounded_operation(op, fmt, n):
    values = _grid(fmt, n, seed=fmt.width)
    xs = [x for x in values for _ in values]
    ys = [y for _ in values for y in values]
    want = _numpy_ref(op, fmt, xs, ys)
    bad = [(x, y) for x, y, w in zip(xs, ys, want) if not _agree(fmt, op.kernels.float_bits(fmt, x, y), w)]
    assert not bad, [f"{fmt.describe(x)} {op.name} {fmt.describe(y)}" for x, y in bad[:5]]


def test_the_exact_kernels_round_ties_to_even_and_keep_the_sign_of_an_underflow():
    one, tiny = FP16.parse("1"), FP16.parse("0x1p-24")
    assert ADD.kernels.float_bits(FP16, one, FP16.parse("0x1p-11")) == one                  # tie, down to even
    assert ADD.kernels.float_bits(FP16, FP16.parse("0x1.004p0"), FP16.parse("0x1p-11")) == FP16.parse("0x1.008p0")
    assert MUL.kernels.float_bits(FP16, tiny, FP16.parse("-0.25")) == FP16.zero(1)          # underflow: -0
    assert MUL.kernels.float_bits(FP16, FP16.parse("256"), FP16.parse("256")) == FP16.inf(0)


@pytest.mark.parametrize("op", NEW, ids=lambda o: o.name)
@pytest.mark.parametrize("fmt", [FP16, BF16, FP32, FP64], ids=lambda f: f.name)
def test_the_fast_kernel_is_the_exact_one(op, fmt):
    values = _grid(fmt, 50, seed=3 * fmt.width)
    xs = np.array([x for x in values for _ in values], dtype=fmt.uint_dtype)
    ys = np.array([y for _ in values for y in values], dtype=fmt.uint_dtype)
    got = to_bits(fmt, op.kernels.fast(fmt, from_bits(fmt, xs), from_bits(fmt, ys)))
    bad = [(x, y) for x, y, g in zip(xs, ys, got) if not _agree(fmt, g, op.kernels.float_bits(fmt, int(x), int(y)))]
    assert not bad, [f"{fmt.describe(int(x))} {op.name} {fmt.describe(int(y))}" for x, y in bad[:5]]


@pytest.mark.slow
@pytest.mark.parametrize("op", NEW, ids=lambda o: o.name)
def test_the_fp16_fast_kernel_is_correctly_rounded_on_every_pair(op):
    """All 2^32 FP16 pairs: through FP32 (two roundings) against through FP64, where +, - and x of two
    FP16 numbers are exact (40 bits of range < 53), so one rounding to FP16: the correctly rounded result."""
    a = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    ufunc = getattr(np, op.names.numpy)
    with np.errstate(all="ignore"):
        for x in a:
            b = np.full_like(a, x)
            got = op.kernels.fast(FP16, b, a).view(np.uint16)
            want = ufunc(b.astype(np.float64), a.astype(np.float64)).astype(np.float16).view(np.uint16)
            nan = np.isnan(want.view(np.float16))
            assert np.array_equal(got[~nan], want[~nan]) and np.isnan(got.view(np.float16)[nan]).all(), x


@pytest.mark.parametrize("op", ROUNDED, ids=lambda o: o.name)
@pytest.mark.parametrize("eb,sb", [(3, 4), (4, 3), (2, 5)])
def test_the_exact_kernel_is_the_hardware_on_every_pair_of_a_tiny_format(op, eb, sb):
    """Every pair of a tiny format: its values, sums and products are exact in FP64, so the hardware's
    FP64 result rounded once is the reference; its NaN, infinities and zero signs are the hardware's own
    (a quotient is not exact in FP64: Div is checked where the hardware result is exact)."""
    fmt = float_format(eb, sb)
    values = range(1 << fmt.width)
    decoded = {v: fmt.decode(v) for v in values}
    as_float = {v: float("nan") if d.is_nan else (-1.0 if d.sign else 1.0) * (float("inf") if d.is_inf else abs(float(d.value)))
                for v, d in decoded.items()}
    ufunc = getattr(np, op.names.numpy)
    checked = 0
    with np.errstate(all="ignore"):
        for x in values:
            for y in values:
                r = ufunc(np.float64(as_float[x]), np.float64(as_float[y]))
                if np.isnan(r):
                    want = fmt.nan
                elif np.isinf(r):
                    want = fmt.inf(int(np.signbit(r)))
                else:
                    exact = Fraction(float(r))
                    if op is DIV and decoded[y].is_finite and not decoded[y].is_zero and decoded[x].is_finite \
                            and exact != decoded[x].value / decoded[y].value:
                        continue
                    want = fmt.round(exact, sign_if_zero=int(np.signbit(r)))
                assert _agree(fmt, op.kernels.float_bits(fmt, x, y), want), (fmt.describe(x), fmt.describe(y))
                checked += 1
    assert checked > (1 << (2 * fmt.width)) // 4


@pytest.mark.parametrize("op", ROUNDED, ids=lambda o: o.name)
def test_the_rounding_error_is_within_u_in_the_normal_range_and_not_below_it(op):
    """|round(x op y) - x op y| <= 2^-p |x op y| when x op y is in the normal range (FP16, 6 000 pairs);
    below it the bound fails: 2^-14 x 1.5 x 2^-10 = 1.5 x 2^-24 rounds to 2^-23, a relative error of 1/3."""
    rng = random.Random(5)
    u = Fraction(1, 2 ** FP16.precision)
    checked = 0
    for _ in range(6_000):
        x, y = rng.getrandbits(16), rng.getrandbits(16)
        dx, dy = FP16.decode(x), FP16.decode(y)
        if not (dx.is_finite and dy.is_finite) or (op is DIV and dy.is_zero):
            continue
        exact = op.kernels.real(dx.value, dy.value)
        if FP16.min_normal <= abs(exact) <= FP16.max_finite:
            assert abs(op.rounding_error(FP16, x, y)) <= u * abs(exact)
            checked += 1
    assert checked > 1000
    tiny, factor = FP16.parse("0x1p-14"), FP16.parse("0x1.8p-10")       # 1.5 x 2^-24 rounds to 2^-23
    small = MUL.kernels.real(FP16.decode(tiny).value, FP16.decode(factor).value)
    assert MUL.rounding_error(FP16, tiny, factor) == small / 3 > u * small
    with pytest.raises(ValueError):
        ADD.rounding_error(FP16, FP16.inf(0), FP16.parse("1"))


# -- special-value rules -----------------------------------------------------------------------------------

@pytest.mark.parametrize("op", tuple(OPERATORS.values()), ids=lambda o: o.name)
@pytest.mark.parametrize("fmt", [FP16, BF16, FP32, FP64, TINY], ids=lambda f: f.name)
def test_every_rule_holds_on_every_pair_of_special_values(op, fmt):
    """Each rule that applies gives the kernel's result, on every combination of special values of the inputs
    (a condition: both values) and of its float attributes (LeakyRelu's alpha: a rule of the inputs holds for
    every value of it); operands that are all zeros, infinities or NaNs are always covered by a rule, and so
    are those whose result is NaN, where the result does not depend on the attributes."""
    specials = list(fmt.special_values().values())
    attributes = list(itertools.product(*(specials for _ in op.attribute_variables())))
    for inputs in itertools.product(*([True, False] if i.type == "bool" else specials for i in op.inputs)):
        shown = ", ".join(str(x) if isinstance(x, bool) else fmt.describe(x) for x in inputs)
        results = [op.kernels.float_bits(fmt, *inputs, *given) for given in attributes]
        rules = op.rules_for(fmt, *inputs)
        for rule, got in itertools.product(rules, results):
            assert _agree(fmt, got, op.rule_result(rule, fmt, *inputs)), (rule.name, shown)
        got = results[0]
        if not all(_agree(fmt, got, other) for other in results):
            continue    # alpha * -inf: no rule of the inputs alone
        classes = {fmt.decode(x).kind for x in inputs if not isinstance(x, bool)}
        if (not isinstance(got, bool) and fmt.decode(got).is_nan) or classes <= {"zero", "inf", "nan"}:
            assert rules, f"no rule for {op.name}({shown})"


def test_the_signed_zero_rules_say_what_ieee_754_says():
    z, nz = FP32.zero(0), FP32.zero(1)
    x = FP32.parse("1.5")
    assert ADD.kernels.float_bits(FP32, nz, nz) == nz and ADD.kernels.float_bits(FP32, nz, z) == z
    assert SUB.kernels.float_bits(FP32, nz, z) == nz and SUB.kernels.float_bits(FP32, z, z) == z
    assert ADD.kernels.float_bits(FP32, x, x ^ FP32.sign_mask) == z == SUB.kernels.float_bits(FP32, x, x)
    assert [r.name for r in ADD.rules_for(FP32, x, x ^ FP32.sign_mask)] == ["x_plus_minus_x"]
    assert [r.name for r in MUL.rules_for(FP32, z, FP32.inf(1))] == ["zero_times_inf"]
    assert MUL.kernels.float_bits(FP32, FP32.parse("-2"), z) == nz


def test_a_sentences_rule_bears_the_name_of_the_operators_rule_for_its_classes():
    """The catalog binds the description's rules; a document's sentence (a `CaseRule`) stating one of them, or
    getting one wrong, is named alike, so that its obligation ids stay those of the evidence; another is named
    by its classes and the operator's word."""
    from divbridge.document.caserule import CaseRule
    from divbridge.obligations.catalog import rule_names
    from divbridge.obligations.document import Binding

    def rule_name(op, rule):
        binding = Binding("doc.md", "doc", op)
        binding.case_rules.append((rule, None))
        [(_, name)] = rule_names(binding)
        return name

    for r in DIV.rules:
        assert rule_name(DIV, CaseRule(*r.classes, r.result, r.sign, "", r.relation)) == r.name
        assert rule_name(DIV, CaseRule(*r.classes, "zero" if r.result == "nan" else "nan", "", "")) == r.name
    assert rule_name(DIV, CaseRule("nan", "nan", "nan", "", "")) == "nan_div_nan"   # no rule of those classes
    assert rule_name(MUL, CaseRule("inf", "finite", "nan", "", "")) == "inf_times_finite"
    assert rule_name(DIV, CaseRule("zero", "inf", "nan", "", "")) == "zero_div_inf"   # (finite, inf) is Div's


# -- generic properties ------------------------------------------------------------------------------------

INT8 = next(f for f in INT_FORMATS if f.name == "int8")


def _counterexamples(prop, fmt, values: np.ndarray) -> dict[str, np.ndarray]:
    """Where the property fails (`divbridge.terms.numpy`, the mirror's evaluation of its term): on every pair
    of ``values`` (a condition: both values), three variables on 20 000 random triples."""
    names = [v.name for v in prop.variables]
    sorts = {v.name: v.sort for v in prop.variables}
    pools = [np.array([True, False]) if sorts[n] == "bool" else values for n in names]
    if len([n for n in names if sorts[n] != "bool"]) <= 2:
        grids = np.meshgrid(*pools, indexing="ij")
        columns = {n: g.ravel() for n, g in zip(names, grids)}
    else:
        rng = np.random.default_rng(7)
        columns = {n: rng.choice(pool, 20_000) for n, pool in zip(names, pools)}
    formats = {"fmt": fmt} if prop.family == "float" else {"ints": fmt}
    holds = term_numpy.evaluate(prop.goal, columns, **formats)
    return {n: c[~holds] for n, c in columns.items()}


def _values(fmt, n: int) -> np.ndarray:
    """The format's special values and n random patterns (NaNs included), as an array of its dtype."""
    bits = np.array(_grid(fmt, n, seed=fmt.width), dtype=fmt.uint_dtype)
    return bits.view(fmt.dtype)


@pytest.mark.parametrize("op", tuple(OPERATORS.values()), ids=lambda o: o.name)
def test_each_property_holds_or_is_refuted_on_the_special_values_and_a_sample(op):
    """FP16: every pair of its special values and 100 random patterns; int8: every pair of its values."""
    for prop in op.properties:
        fmt, values = (FP16, _values(FP16, 100)) if prop.family == "float" else \
            (INT8, np.arange(-128, 128, dtype=np.int8))
        found = _counterexamples(prop, fmt, values)
        assert (not next(iter(found.values()), np.array([])).size) == prop.holds, (op.name, prop.name, found)


def test_x_plus_zero_fails_only_at_minus_zero():
    prop = next(p for p in ADD.properties if p.name == "plus_zero")
    every = np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    assert _counterexamples(prop, FP16, every)["x"].view(np.uint16).tolist() == [FP16.zero(1)]


def test_negation_wraps_at_int_min_and_where_selects():
    """Neg's integer properties: -INT_MIN = INT_MIN, and x < 0 -> -x > 0 fails there alone; Where's condition."""
    from divbridge.operators.neg import NEG
    from divbridge.operators.where import WHERE
    probe = next(p for p in NEG.properties if p.name == "negative_to_positive")
    assert _counterexamples(probe, INT8, np.arange(-128, 128, dtype=np.int8))["x"].tolist() == [-128]
    assert NEG.kernels.integer(INT8, -128) == -128 and NEG.kernels.float_bits(FP16, FP16.nan) == FP16.nan ^ 0x8000
    first = next(p for p in WHERE.properties if p.name == "always_first")
    assert not _counterexamples(first, FP16, _values(FP16, 20))["cond"].any()


# -- integers --------------------------------------------------------------------------------------------

def _wg_cases(fmt, exact: int) -> int:
    """The working group's case analysis, literally: A op B - k1.2^n above the range, + k2.2^n below it,
    with k1, k2 the naturals that bring it into the range (the least that reaches it: the only one)."""
    n = fmt.bits
    if exact > fmt.max:
        k1 = -(-(exact - fmt.max) // 2 ** n)
        result = exact - k1 * 2 ** n
    elif exact < fmt.min:
        k2 = -(-(fmt.min - exact) // 2 ** n)
        result = exact + k2 * 2 ** n
    else:
        result = exact
    assert fmt.min <= result <= fmt.max
    return result


@pytest.mark.parametrize("fmt", INT_FORMATS, ids=lambda f: f.name)
@pytest.mark.parametrize("op", NEW, ids=lambda o: o.name)
def test_integer_wrap_around_is_python_integers_modulo_2n_and_numpy(op, fmt):
    rng = random.Random(fmt.bits)
    edges = [fmt.min, fmt.min + 1, -1 if fmt.signed else 1, 0, 1, 2, fmt.max - 1, fmt.max]
    values = edges + [rng.randint(fmt.min, fmt.max) for _ in range(40)]
    xs = [x for x in values for _ in values]
    ys = [y for _ in values for y in values]
    got = [op.kernels.integer(fmt, x, y) for x, y in zip(xs, ys)]
    exact = [int(op.kernels.real(x, y)) for x, y in zip(xs, ys)]
    assert got == [(e - fmt.min) % 2 ** fmt.bits + fmt.min for e in exact]
    assert got == op.kernels.fast(fmt, np.array(xs, dtype=fmt.dtype), np.array(ys, dtype=fmt.dtype)).tolist()
    assert got == [_wg_cases(fmt, e) for e in exact]
    assert all(e - kernels.wrap_k(fmt, e) * 2 ** fmt.bits == g for e, g in zip(exact, got))


@pytest.mark.parametrize("op", NEW, ids=lambda o: o.name)
def test_int8_and_uint8_wrap_around_on_every_pair(op):
    for fmt in (f for f in INT_FORMATS if f.bits == 8):
        a, b = np.meshgrid(np.arange(fmt.min, fmt.max + 1), np.arange(fmt.min, fmt.max + 1))
        exact = getattr(np, op.names.numpy)(a, b)       # int64: no wrap-around at 8 bits
        want = (exact - fmt.min) % 256 + fmt.min
        assert np.array_equal(op.kernels.fast(fmt, a.astype(fmt.dtype), b.astype(fmt.dtype)), want)


def test_div_keeps_its_truncation_and_preconditions():
    int8 = next(f for f in INT_FORMATS if f.name == "int8")
    assert DIV.integer.kind == "truncate" and len(DIV.integer.preconditions) == 2
    assert [DIV.kernels.integer(int8, a, b) for a, b in ((-7, 2), (7, -2), (-7, -2))] == [-3, -3, 3]
    assert all(op.integer.kind == "wrap" and not op.integer.preconditions for op in NEW)


# -- error models ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("op", tuple(op for op in OPERATORS.values() if op.error is not None), ids=lambda o: o.name)
def test_the_propagated_error_is_exact(op):
    rng = random.Random(11)
    checked = 0
    for _ in range(300):
        values = [Fraction(rng.randint(-999, 999), rng.randint(1, 99)) for _ in op.inputs]
        errors = [Fraction(rng.randint(-999, 999), rng.randint(1, 99)) for _ in op.inputs]
        if not op.error.domain(*values, *errors):
            continue
        assert op.kernels.real(*(v + e for v, e in zip(values, errors))) - op.kernels.real(*values) == \
            op.error.propagated(*values, *errors)
        checked += 1
    assert checked > 250
    assert all(f"{i.name}_{{err}}" in op.error.latex for i in op.inputs)


# -- names ------------------------------------------------------------------------------------------------

WHY3_STDLIB = Path("/usr/share/why3/stdlib")
FLOCQ = Path("/usr/lib/ocaml/coq/user-contrib/Flocq/IEEE754/BinarySingleNaN.v")


@pytest.mark.parametrize("op", tuple(OPERATORS.values()), ids=lambda o: o.name)
def test_the_runtime_names_exist(op):
    names = op.names
    assert names.onnx == op.name and (names.numpy or names.jax_float.startswith("jax.nn."))  # NumPy has no sigmoid
    if names.numpy:
        assert callable(getattr(np, names.numpy)) and names.jax_float == "jnp." + names.numpy
    # no integer name: ONNX types the operator on floats alone; a jax.lax function, or the float's jnp one where
    # jax.lax's takes the inputs in another order (Clip: jax.lax.clamp(min, x, max))
    assert names.jax_int.startswith("jax.lax.") or names.jax_int == names.jax_float if op.integer is not None \
        else names.jax_int == ""


@pytest.mark.parametrize("op", ROUNDED, ids=lambda o: o.name)
def test_the_primitives_a_rounded_operation_wraps_exist_in_the_provers_libraries(op):
    """Its float operation is ieee_float's (Why3) and Flocq's operation of the same name; on integers a
    bit-vector operation."""
    primitive = op.operation.float.body.fn
    assert primitive.name.startswith("fp.") and primitive.rounded
    assert op.operation.signed.body.fn.name.startswith("bv")
    if not WHY3_STDLIB.is_dir() or not FLOCQ.is_file():
        pytest.skip("Why3's standard library or Flocq is not installed")
    ieee = (WHY3_STDLIB / "ieee_float.mlw").read_text()
    assert re.search(rf"val function {primitive.name.removeprefix('fp.')} mode t t : t", ieee)
    assert re.search(rf"^Definition {coq.head(op.operation.float)} m x y :=", FLOCQ.read_text(), re.M)


@pytest.mark.parametrize("op", tuple(OPERATORS.values()), ids=lambda o: o.name)
def test_the_openvino_name_is_the_node_type(op):
    pytest.importorskip("openvino")
    if not op.names.openvino:
        pytest.skip(f"OpenVINO has no {op.name} node (LeakyRelu: PRelu with a slope input)")
    from openvino import opset13, Type

    from divbridge.conform.openvino_peer import factory
    inputs = [opset13.parameter([2], Type.boolean if i.type == "bool" else Type.f32) for i in op.inputs]
    flags = (False, False) if op.operation.contraction else ()    # MatMul's transpositions, no default
    assert factory(op)(*inputs, *flags).get_type_name() == op.names.openvino
