"""WRONG Sub fp16: the FP32 difference converted to FP16 by truncating its significand (round toward zero)."""
import numpy as np

OP, DTYPE = "Sub", "fp16"


def run(a, b):
    wide = (a.astype(np.float32) - b.astype(np.float32)).view(np.uint32)
    sign, magnitude = wide & 0x80000000, wide & 0x7FFFFFFF
    # drop the 13 low significand bits FP16 has no room for: toward zero in the normal range
    kept = np.where(magnitude < 0x7F800000, magnitude & ~np.uint32(0x1FFF), magnitude) | sign
    return kept.view(np.float32).astype(np.float16)
