"""The worked examples of the SONNX Div draft (seed 000)."""

from __future__ import annotations

from divbridge.semantics.examples import WorkedExample

EXAMPLES = (
    WorkedExample("row_vector", "real", "real example 1, a 1x3 row", (("6", "9", "35"),), (("3", "3", "5"),),
                  (("2", "3", "7"),), ("E_DIV_REAL_DEF_0010",)),
    WorkedExample("matrix_3x2", "real", "real example 2, a 3x2 matrix with a zero numerator",
                  (("3", "4"), ("16", "0"), ("25", "24")), (("3", "2"), ("4", "1"), ("5", "4")),
                  (("1", "2"), ("4", "0"), ("5", "6")), ("E_DIV_REAL_DEF_0010",)),
    WorkedExample("zero_denominator", "float", "float example 1, 1 / 0 = inf",
                  (("3", "4"), ("16", "1"), ("25", "24")), (("3", "2"), ("4", "0"), ("5", "4")),
                  (("1", "2"), ("4", "inf"), ("5", "6")), ("E_DIV_FLOAT_DEF_0010", "E_DIV_FLOAT_DEF_0040")),
    WorkedExample("zero_by_zero", "float", "float example 2, 0 / 0 = nan",
                  (("3", "4"), ("16", "0"), ("25", "24")), (("3", "2"), ("4", "0"), ("5", "4")),
                  (("1", "2"), ("4", "nan"), ("5", "6")), ("E_DIV_FLOAT_DEF_0010", "E_DIV_FLOAT_DEF_0030")),
)
