"""Proof obligations: built from the specification, rendered to Why3 and SMT-LIB."""

from divbridge import operators

# the spec document proved, in the working directory like proofs/results.json: the default operator's
DEFAULT_DOCUMENT = operators.spec_document(operators.DEFAULT)
