"""WRONG MatMul fp32: the products summed in FP16 (the operands cast to float16, multiplied and accumulated there,
the result cast back): hundreds of FP32 ulps off, far above the bounds of a dot product in FP32."""
import numpy as np

OP, DTYPE = "MatMul", "fp32"


def run(a, b):
    return np.matmul(a.astype(np.float16), b.astype(np.float16)).astype(a.dtype)
