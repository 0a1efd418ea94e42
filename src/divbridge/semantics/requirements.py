"""A requirement of a specification, as the built-in model of an operator reads it: its tag, the
section it belongs to, what it says, and where the rule comes from (the draft, or divbridge completing it)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Requirement:
    tag: str
    section: str      # real | float | int | all
    text: str         # what the rule says, in divbridge's words
    origin: str       # "seed 000" where the draft states it, "divbridge" where the model completes it
    informal: bool = False  # no obligation can trace to it (e.g. "no sparse tensors")
    readings: tuple = ()    # (line, text, what divbridge reads it as) for each part of a document's requirement
    uncovered: tuple = ()   # "E_X line 64: «...» not understood (...)": what of its text no obligation verifies
