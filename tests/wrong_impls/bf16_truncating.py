"""WRONG bf16: divide in FP32, then drop the low 16 bits (truncation, not nearest even)."""
import ml_dtypes
import numpy as np

DTYPE = "bf16"


def div(a, b):
    q = (a.astype(np.float32) / b.astype(np.float32)).view(np.uint32)
    return (q >> 16).astype(np.uint16).view(ml_dtypes.bfloat16)
