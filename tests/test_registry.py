"""The registry of descriptions (`operators.registry`): a description's module cannot shadow a builtin or one of
the package's own names, whatever it is called; every description says where its evidence goes."""

from __future__ import annotations

import ast
import sys
import textwrap
from pathlib import Path

import pytest

import divbridge.operators as operators_package
from divbridge import operators
from divbridge.operators import registry

# ONNX Max of two inputs (a variadic operator: the statements take two), described in a module named ``max``:
# NaN propagated and max(-0, +0) = +0, which no prover's max gives, defined over IEEE 754's comparisons
MAX_MODULE = textwrap.dedent('''
    """Max, as a test writes it."""
    from divbridge import terms
    from divbridge.operators.model import (Input, IntegerProfile, Kernels, Names, Operation, Operator,
                                           SpecialRule, Vocabulary)

    INPUTS = (Input("data_0", "a", variadic=True), Input("data_1", "b", variadic=True))
    a, b = (i.term("float") for i in INPUTS)
    MAXIMUM = terms.define("onnx_max", (a, b), terms.ITE(
        terms.OR(terms.IS_NAN(a), terms.IS_NAN(b)), terms.Const("nan"),
        terms.ITE(terms.FP_LT(a, b), b, terms.ITE(terms.FP_LT(b, a), a, terms.ITE(terms.IS_NEGATIVE(a), b, a)))))
    MAX = Operator(
        name="Max", inputs=INPUTS, operation=Operation(float=MAXIMUM, exactness="exact"),
        vocabulary=Vocabulary(verbs=("maximizes",), result_nouns=("maximum",), roles=("first data", "second data"),
                              symbols=(), gerund="taking the maximum", heading=r"\\bmax\\b", infix=""),
        rules=(SpecialRule("nan_a", ("nan", "any"), "nan", text="a NaN operand gives NaN"),
               SpecialRule("zeros", ("-0", "+0"), "zero", "+", text="max(-0, +0) = +0")),
        properties=(), names=Names(numpy="maximum", onnx="Max", openvino="Maximum", jax_float="jnp.maximum",
                                   jax_int="jax.lax.max"),
        kernels=Kernels(real=max, float_bits=None, integer=None, fast=None), integer=IntegerProfile("exact"),
        why3_families=frozenset())
''')


@pytest.fixture
def max_module(tmp_path, monkeypatch):
    """A description module named ``max`` on the operators package's path, registered; removed after."""
    (tmp_path / "max.py").write_text(MAX_MODULE, encoding="utf-8")
    monkeypatch.setattr(operators_package, "__path__", [*operators_package.__path__, str(tmp_path)])
    monkeypatch.setattr(registry, "OPERATORS", dict(registry.OPERATORS))
    monkeypatch.setattr(operators, "OPERATORS", registry.OPERATORS)
    yield registry.load("max")
    sys.modules.pop("divbridge.operators.max", None)
    if hasattr(operators_package, "max"):
        delattr(operators_package, "max")


def test_a_description_named_max_loads_and_the_registry_still_calls_the_builtin(max_module):
    assert operators.get("max") is max_module and operators.get("MAX").name == "Max"
    # the registry's own max() (named_in) and the package's names are untouched by the module named max
    assert operators.named_in(["# **Max** (float, float)", "# Contents"]) is max_module
    assert operators.by_heading("# **Max** (float)") is max_module
    assert operators.evidence_dir(max_module) == Path("proofs/max") and operators.id_prefix(max_module) == "max."
    assert operators.obligation_name(max_module) == "Max"


def test_a_description_named_like_the_packages_own_names_is_refused():
    for name in ("get", "named_in", "OPERATORS", "Max"):
        with pytest.raises(ValueError, match="cannot be the module"):
            registry.load(name)
    with pytest.raises(ValueError, match="defines no Operator MODEL"):     # a module of the package, not one
        registry.load("model")


def test_the_operators_package_holds_no_code_of_its_own():
    """Its ``__init__`` imports and lists names, nothing more: a description's module bound there (``max``)
    shadows nothing that runs."""
    tree = ast.parse(Path(operators_package.__file__).read_text(encoding="utf-8"))
    kinds = {type(node).__name__ for node in tree.body}
    assert kinds <= {"Expr", "ImportFrom", "Import", "Assign"}, kinds
    assert set(operators_package.__all__) <= set(registry.EXPORTS)


def test_evidence_and_names_are_the_descriptions():
    """Div's evidence predates the registry: its description keeps it in proofs/, without prefix or name;
    at most one description records no name, and no two share a prefix or a directory."""
    div = operators.get("Div")
    assert operators.evidence_dir(div) == Path("proofs") and operators.id_prefix(div) == ""
    assert operators.of_obligation_name("") is div
    unnamed = [op for op in operators.OPERATORS.values() if not op.evidence.named]
    assert unnamed == [div]
    prefixes = [operators.id_prefix(op) for op in operators.OPERATORS.values()]
    assert len(set(prefixes)) == len(prefixes)
