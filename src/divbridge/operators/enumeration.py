"""Proofs by enumeration, as an operator's description lists them: theorems about a format of at most 16 bits
checked on every operand pair by kernels of the operator's own, which the prover ``exhaustive``
(`provers.enumeration`) runs in a child process.

A statement names the job that proves it (`Statement.enumeration`): its kind, then after a ':' an argument
(``pairs:via_fp32``, or a kind alone).  The description names the module of its kernels
(`Enumeration.module`), whose ``JOBS`` gives each kind its `Job`, and whose ``reference_rows(fmt, a_range,
out)`` writes the correctly rounded results of rows of A by every B (the exhaustive conformance check's
reference).  That module compiles numba kernels: only what uses them imports it.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Callable

from divbridge.formats import FloatFormat


@dataclass(frozen=True)
class Outcome:
    """What a job found: its failures, the first one's operands (variable -> bit pattern), and what the
    verdict says when it proves or when it refutes."""

    failures: int
    first: dict[str, int]
    proved: str
    refuted: str


@dataclass(frozen=True)
class Job:
    """One kind of job: ``call``, the line of its artifact that says what it runs (a format string of
    ``fmt``, ``argument`` and ``pairs``, the number of operand pairs of the format); ``run(fmt, argument)``
    runs it."""

    call: str
    run: Callable[[FloatFormat, str], Outcome]


@dataclass(frozen=True)
class Enumeration:
    """The operator's proofs by enumeration: ``module`` (dotted name) holds the kernels and ``JOBS``, the
    `Job` of each kind."""

    module: str

    def kernels(self) -> ModuleType:
        return importlib.import_module(self.module)

    def job(self, name: str) -> tuple[Job, str]:
        """The job a statement names, and its argument."""
        kind, _, argument = name.partition(":")
        return self.kernels().JOBS[kind], argument

    @property
    def source(self) -> Path:
        """The kernels' source file: an artifact records its hash, so editing a kernel proves again."""
        spec = importlib.util.find_spec(self.module)
        assert spec is not None and spec.origin is not None, self.module
        return Path(spec.origin)
