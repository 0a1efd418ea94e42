"""RIGHT Sub fp32: A - B computed as A + (-B).  IEEE 754 gives the same result everywhere (x - y = x + (-y)),
except a NaN's payload: -B flips the sign bit of a NaN B, which is a payload difference, not a mismatch."""

OP, DTYPE = "Sub", "fp32"


def run(a, b):
    return a + (-b)
