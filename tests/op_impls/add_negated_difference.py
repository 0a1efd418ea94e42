"""WRONG Add fp32: A + B computed as -((-A) - B), which is the sum everywhere but on its exact zeros: x + (-x)
and -0 + +0 give -0 where round to nearest gives +0."""
import numpy as np

OP, DTYPE = "Add", "fp32"


def run(a, b):
    return -((-a) - b)
