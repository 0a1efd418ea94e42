"""Implementations of Mul, Add and Sub for `divbridge conform --op`: each file states its operator, its type and
whether it is right, and defines ``run(a, b)``."""
