"""Conformance of an implementation of an operator to its SONNX semantics, on concrete vectors.

Only the vectors inside the operator's domain are judged (the pairs that violate a precondition of
its profiles, `Operator.profiles`, are counted apart; wrap-around has none).  The expected values
come from the mirror for an operator with profiles (`divbridge.mirror.compute`) and from the
description's fast kernel (`Operator.kernels.fast`, bit-identical to its exact one) for the others;
with ``exhaustive``, FP16 and BF16 are judged on all 2^32 pairs against the reference the exhaustive
engine tabulates (`ENUMERATED`) or the fast kernel, row by row.  NaN matches any NaN; a NaN whose bits
differ is counted among the payload differences, not as a mismatch.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from divbridge import mirror, operators
from divbridge.conform.impls import Impl
from divbridge.conform.outcome import ImplError
from divbridge.crosscheck.vectors import Vectors
from divbridge.formats import FloatFormat, Format, describe_element
from divbridge.operators.model import Operator
from divbridge.statements import input_columns

MAX_EXAMPLES = 5


@dataclass
class FormatConformance:
    fmt: Format
    op: Operator
    vectors: dict[str, int] = field(default_factory=dict)   # source -> in-domain pairs judged
    outside_domain: int = 0
    mismatches: int = 0
    payload_differences: int = 0
    errors: list[dict[str, str]] = field(default_factory=list)
    examples: list[dict[str, str]] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        """No mismatch and no error among the pairs judged (all of them only when ``exhaustive`` is among the sources)."""
        return self.mismatches == 0 and not self.errors

    def pair(self, a, b) -> str:
        """Operands as messages show them: ``1.0 (fp16 0x3c00) / 0.0 (fp16 0x0000)``; an operator of one input's
        A alone."""
        if self.op.arity == 1:
            return describe_element(self.fmt, a)
        return f"{describe_element(self.fmt, a)} {self.op.vocabulary.infix} {describe_element(self.fmt, b)}"

    @property
    def semantics(self) -> str:
        return semantics(self.op, self.fmt)

    @property
    def exhaustive(self) -> bool:
        return "exhaustive" in self.vectors

    @property
    def conforms(self) -> bool:
        """Clean on every pair of the format: only an exhaustive run can say so."""
        return self.clean and self.exhaustive

    def to_json(self) -> dict[str, Any]:
        return {"format": self.fmt.name, "semantics": self.semantics, "vectors": sum(self.vectors.values()), "by_source": self.vectors,
                "outside_domain": self.outside_domain, "mismatches": self.mismatches,
                "payload_differences": self.payload_differences, "errors": self.errors,
                "examples": self.examples, "exhaustive": self.exhaustive, "no_mismatch": self.clean,
                "conforms": self.conforms}


def semantics(op: Operator, fmt: Format) -> str:
    """The name of what the format's results are judged against: a profile (``sonnx``, ``onnx``)."""
    return op.profiles.name_for(fmt) if op.profiles is not None else "sonnx"


def in_domain(op: Operator, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The pairs the operator's semantics defines: the profile's preconditions, or every pair (wrap-around)."""
    if op.profiles is not None:
        return op.profiles.in_domain(fmt, a, b)
    return np.ones(a.shape, dtype=bool)


def expected(op: Operator, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The operator's results on the pairs, taken as its inputs (`statements.input_columns`)."""
    if op.profiles is not None:
        return mirror.compute(op.profiles, a, b, dtype=fmt, profile=op.profiles.name_for(fmt))
    return op.kernels.fast(fmt, *input_columns(op, a, b))


def reference_rows(op: Operator, fmt: FloatFormat, a_range: range, out: np.ndarray) -> None:
    """``out[i, b]``: the bits of A op B for A = a_range[i] and every B, in ``fmt.uint_dtype`` (a bool result:
    the truth values, ``out`` of bools)."""
    if op.enumeration is not None:   # the enumeration engine's tables: ten times faster than the fast kernel
        op.enumeration.kernels().reference_rows(fmt, a_range, out)
        return
    a = np.arange(a_range.start, a_range.stop, dtype=fmt.uint_dtype).view(fmt.dtype)
    b = np.arange(1 << fmt.width, dtype=fmt.uint_dtype).view(fmt.dtype)
    # a column against a row: the kernel widens one row of B and a column of A, not every pair of them
    out[...] = _bits(fmt, op.kernels.fast(fmt, a[:, None], b[None, :]))


def _bits(fmt: FloatFormat, results: np.ndarray) -> np.ndarray:
    """Float results as their bit patterns (compared bit for bit); truth values as they are."""
    return results if results.dtype == bool else results.view(fmt.uint_dtype)


def compare(fmt: Format, a, b, want, got, report: FormatConformance, source: str) -> None:
    """Count mismatches and payload differences; keep the first few counterexamples (a bool result, Less's,
    compared as truth values)."""
    if isinstance(fmt, FloatFormat) and want.dtype != bool:
        want_bits, got_bits = want.view(fmt.uint_dtype), got.view(fmt.uint_dtype)
        both_nan = _is_nan(fmt, want_bits) & _is_nan(fmt, got_bits)
        differ = (want_bits != got_bits) & ~both_nan
        report.payload_differences += int(((want_bits != got_bits) & both_nan).sum())
    else:
        differ = want != got
    report.mismatches += int(differ.sum())
    columns = input_columns(report.op, a, b)   # every input, by its variable (a condition's truth value too)
    for i in np.flatnonzero(differ)[: max(0, MAX_EXAMPLES - len(report.examples))]:
        inputs = {put.var: describe_element(fmt, column[i]) for put, column in zip(report.op.inputs, columns)}
        report.examples.append({"source": source, **inputs, "expected": describe_element(fmt, want[i]),
                                "actual": describe_element(fmt, got[i])})


def _is_nan(fmt: FloatFormat, bits: np.ndarray) -> np.ndarray:
    """NaN read from the bit patterns: faster than converting to float64, which BF16 has to be."""
    return (bits & bits.dtype.type(fmt.exponent_mask | fmt.fraction_mask)) > fmt.exponent_mask


def plan(fmt: Format, sets: list[Vectors], op: Operator) \
        -> tuple[FormatConformance, list[str], list[tuple[np.ndarray, np.ndarray]]]:
    """The in-domain pairs of every vector set, as one job per set; out-of-domain pairs are counted."""
    report = FormatConformance(fmt, op)
    sources, jobs = [], []
    for vectors in sets:
        ok = in_domain(op, fmt, vectors.a, vectors.b)
        report.outside_domain += int((~ok).sum())
        a, b = np.ascontiguousarray(vectors.a[ok]), np.ascontiguousarray(vectors.b[ok])
        if a.size:
            jobs.append((a, b))
            sources.append(vectors.source)
    return report, sources, jobs


def judge(report: FormatConformance, sources: list[str], jobs, outputs, expect=None) -> FormatConformance:
    """``expect(fmt, a, b)``: the results the judged specification gives (the operator's SONNX by default)."""
    fmt = report.fmt
    if expect is None:
        def expect(f, a, b):
            return expected(report.op, f, a, b)
    for source, (a, b), got in zip(sources, jobs, outputs):
        report.vectors[source] = report.vectors.get(source, 0) + int(a.size)
        if isinstance(got, ImplError):
            report.errors.append({"source": source, "kind": got.kind, "detail": got.detail,
                                  "first_input": report.pair(a[0], b[0])})
            continue
        compare(fmt, a, b, expect(fmt, a, b), got, report, source)
    return report


def check(impl: Impl, fmt: Format, sets: list[Vectors]) -> FormatConformance:
    """Judge ``impl`` on the in-domain pairs of every vector set (one call per set)."""
    report, sources, jobs = plan(fmt, sets, impl.op)
    return judge(report, sources, jobs, impl.run_many(fmt, jobs))


def _exhaustive_inputs(impl: Impl, fmt: FloatFormat, everything: range, report: FormatConformance,
                       progress: Callable[[int, int], None] | None) -> FormatConformance:
    """An operator of one input on every value of ``everything`` at once (2^16 of them): one call."""
    a, b = impl.inputs(fmt, len(everything))
    a.view(fmt.uint_dtype)[:] = np.arange(everything.start, everything.stop, dtype=fmt.uint_dtype)
    b[...] = a
    got = impl.run(fmt, a, b)
    if isinstance(got, ImplError):
        report.errors.append({"source": "exhaustive", "kind": got.kind, "detail": got.detail,
                              "first_input": report.pair(a[0], b[0])})
        return report
    report.vectors["exhaustive"] = len(everything)
    compare(fmt, a, b, expected(impl.op, fmt, a, b), got, report, "exhaustive")
    if progress is not None:
        progress(len(everything), len(everything))
    return report


def check_exhaustive(impl: Impl, fmt: FloatFormat, rows: int = 256, a_range: range | None = None,
                     progress: Callable[[int, int], None] | None = None) -> FormatConformance:
    """Judge ``impl`` on every pair of FP16 or BF16 (or the A of ``a_range`` x every B), ``rows``
    values of A per call, against `reference_rows`; ``progress(done, total)`` values of A after each
    call.  An error stops the run."""
    report = FormatConformance(fmt, impl.op)
    n = 1 << fmt.width
    everything = a_range or range(n)
    if impl.op.arity == 1:
        return _exhaustive_inputs(impl, fmt, everything, report, progress)
    # The operands, built once: in the implementation's own buffers (a child process reads them
    # without a copy); b, every B per row, never changes.
    a, b = impl.inputs(fmt, rows * n)
    a_rows, b_rows = a.view(fmt.uint_dtype).reshape(rows, n), b.view(fmt.uint_dtype).reshape(rows, n)
    b_rows[:] = np.arange(n, dtype=fmt.uint_dtype)
    want = np.empty((rows, n), bool if impl.op.operation.result == "bool" else fmt.uint_dtype)
    with ThreadPoolExecutor(1) as pool:
        for start in range(everything.start, everything.stop, rows):
            chunk = range(start, min(start + rows, everything.stop))
            size = len(chunk) * n
            a_rows[: len(chunk)] = np.arange(chunk.start, chunk.stop, dtype=fmt.uint_dtype)[:, None]
            # the reference (numba or NumPy, both without the GIL) in a thread while the implementation runs
            reference = pool.submit(reference_rows, impl.op, fmt, chunk, want[: len(chunk)])
            got = impl.run(fmt, a[:size], b[:size])
            reference.result()
            want_bits = want[: len(chunk)].ravel()
            if isinstance(got, ImplError):
                report.errors.append({"source": "exhaustive", "kind": got.kind, "detail": got.detail,
                                      "first_input": report.pair(a[0], b[0])})
                break
            report.vectors["exhaustive"] = report.vectors.get("exhaustive", 0) + size
            suspects = np.flatnonzero(want_bits != _bits(fmt, got))   # bit-equal pairs agree: judge the rest
            wanted = want_bits[suspects]
            compare(fmt, a[suspects], b[suspects], wanted if wanted.dtype == bool else wanted.view(fmt.dtype),
                    got[suspects], report, "exhaustive")
            if progress is not None:
                progress(chunk.stop - everything.start, len(everything))
    return report
