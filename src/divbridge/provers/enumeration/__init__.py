"""Proofs by enumeration: a theorem about a 16-bit format checked on every operand pair.

`engine` divides all 2^32 pairs of an FP16 or BF16 format with a strategy and compares each result bit
for bit with an independent correctly rounded reference (numba kernels); `monotone` walks, for every
finite b > 0, every numerator in increasing order with the reference quotient.  `backend` runs them as
the prover ``exhaustive``, in a child process, on the obligations whose statement has an enumeration job.
"""
