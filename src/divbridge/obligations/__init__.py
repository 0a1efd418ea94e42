"""Proof obligations: built from the specification, rendered to Why3 and SMT-LIB."""

from pathlib import Path

DEFAULT_DOCUMENT = Path("proofs/spec/div.md")   # the spec document proved, in the working directory like proofs/results.json
