"""Proof obligations: built from the specification, rendered to Why3 and SMT-LIB."""
