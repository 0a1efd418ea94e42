"""RIGHT bf16: divide in FP32, round to nearest even to BF16 (ml_dtypes)."""
import ml_dtypes
import numpy as np

DTYPE = "bf16"


def div(a, b):
    return (a.astype(np.float32) / b.astype(np.float32)).astype(ml_dtypes.bfloat16)
