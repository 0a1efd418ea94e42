"""Proofs by enumeration: a theorem about a 16-bit format checked on every operand pair.

`backend` runs, as the prover ``exhaustive`` and in a child process, the job an obligation's statement
names, with the kernels its operator's description lists (`operators.enumeration`).
"""
