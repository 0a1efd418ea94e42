"""MatMul fp16 through float64: each product of two FP16 numbers is exact in float64, and so is every sum of up to
64 of them within the magnitudes conform draws, so the result is the exact dot product rounded once: correctly
rounded (within 0.5 ulp)."""
import numpy as np

OP, DTYPE = "MatMul", "fp16"


def run(a, b):
    return np.matmul(a.astype(np.float64), b.astype(np.float64)).astype(a.dtype)
