"""RIGHT Add fp16: the sum in FP32 rounded once to FP16 (24 >= 2 x 11 + 2 bits: the double rounding is innocuous)."""
import numpy as np

OP, DTYPE = "Add", "fp16"


def run(a, b):
    return (a.astype(np.float32) + b.astype(np.float32)).astype(np.float16)
