"""The requirement tags of the SONNX Div specification, as the built-in model reads it.

Seed 000 tags the restrictions `[R1]`, `[R2]`, `[RG1]`; its semantic rules
carry no tag, and its integer section is "to be completed".  divbridge gives
every rule it encodes a permanent tag in the working group's style
(`E_DIV_<FAMILY>_<PART>_<NNNN>`) so that each rule of the mirror and each
obligation traces to one.
"""

from __future__ import annotations

from divbridge.semantics.requirements import Requirement

SONNX_REQUIREMENTS: tuple[Requirement, ...] = (
    Requirement("R1", "all", "A, B and C have the same shape (no broadcasting)", "seed 000"),
    Requirement("R2", "all", "A, B and C have the same numerical type", "seed 000"),
    Requirement("RG1", "all", "sparse tensors are not supported", "seed 000", informal=True),
    Requirement("E_DIV_TYPES_0010", "all",
                "the element type is one of its section's types: real; FP16, FP32, FP64, BFLOAT16; INT8, INT16, INT32",
                "seed 000"),
    # real section
    Requirement("E_DIV_REAL_CONSTR_B_0010", "real", "every element of B is non-zero (precondition)", "seed 000"),
    Requirement("E_DIV_REAL_DEF_0010", "real", "C[i] is the exact quotient A[i] / B[i]", "seed 000"),
    # float section: IEEE 754-2019 clause 6.1, 6.2, 6.3, 7.2, 7.3
    Requirement("E_DIV_FLOAT_DEF_0010", "float",
                "C[i] is the exact quotient A[i] / B[i] rounded to nearest, ties to even; overflow gives "
                "an infinity, underflow a subnormal or a signed zero", "seed 000"),
    Requirement("E_DIV_FLOAT_DEF_0020", "float", "a NaN operand gives NaN", "divbridge"),
    Requirement("E_DIV_FLOAT_DEF_0030", "float", "0 / 0 and inf / inf give NaN, whatever the signs", "seed 000"),
    Requirement("E_DIV_FLOAT_DEF_0040", "float",
                "x / 0 with x finite and non-zero gives an infinity whose sign is the XOR of the operands' "
                "signs", "seed 000"),
    Requirement("E_DIV_FLOAT_DEF_0050", "float",
                "inf / y with y finite (zero included) gives an infinity, sign by XOR", "divbridge"),
    Requirement("E_DIV_FLOAT_DEF_0060", "float", "x / inf with x finite gives a zero, sign by XOR", "divbridge"),
    Requirement("E_DIV_FLOAT_DEF_0070", "float",
                "0 / y with y finite and non-zero gives a zero whose sign is the XOR of the operands' signs",
                "divbridge"),
    Requirement("E_DIV_FLOAT_ACC_0010", "float",
                "accuracy: relative error at most 2^-p in the normal range, absolute error at most half the "
                "smallest subnormal below it", "divbridge"),
    # int section: the section seed 000 leaves to be completed
    Requirement("E_DIV_INT_DEF_0010", "int",
                "C[i] is A[i] / B[i] truncated toward zero (the ONNX rule)", "divbridge"),
    Requirement("E_DIV_INT_CONSTR_B_0010", "int", "every element of B is non-zero (precondition)", "divbridge"),
    Requirement("E_DIV_INT_CONSTR_AB_0020", "int",
                "no element pair is INT_MIN / -1, whose quotient is not representable (precondition)",
                "divbridge"),
)
