"""WRONG fp16: too narrow an intermediate format (BF16 has 8 significand bits, FP16 needs 11)."""
import ml_dtypes
import numpy as np

DTYPE = "fp16"


def div(a, b):
    q = a.astype(ml_dtypes.bfloat16).astype(np.float32) / b.astype(ml_dtypes.bfloat16).astype(np.float32)
    return q.astype(ml_dtypes.bfloat16).astype(np.float16)
