"""What running an implementation of an operator gives: its result array, or an `ImplError` saying why not.

Its own module so that the implementation registry (`impls`), the judge
(`conform`) and the child processes that run implementations (`child`,
`peers`) can all use it without importing each other.
"""

from __future__ import annotations

import signal
from dataclasses import dataclass

import numpy as np

from divbridge.formats import Format


@dataclass(frozen=True)
class ImplError:
    kind: str      # exception | crash | hang | unsupported | bad_result
    detail: str


def operand_columns(kinds: tuple[str, ...], a: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, ...]:
    """Operand pairs as the inputs of an operator whose inputs are of these kinds (``T``: the element type,
    ``bool``: a condition), in order, as `statements.input_columns` takes them: the first input of the element
    type takes ``a``, the second ``b``, a third ``b`` shifted by one; a condition holds at every other point.
    Here for a child process, which knows the kinds and no description."""
    values = iter((a, b, np.roll(b, 1)))
    return tuple(np.arange(a.size) % 2 == 0 if kind == "bool" else next(values) for kind in kinds)


def result_shape(a: np.ndarray, b: np.ndarray, contraction: bool = False) -> tuple[int, ...]:
    """The shape of the result: the operands' (element-wise), or a stack of matrices where each element is
    a contraction (`Operation.contraction`: [k, m, n] x [k, n, p] -> [k, m, p])."""
    return a.shape[:-1] + b.shape[-1:] if contraction else a.shape


def check_result(fmt: Format, a: np.ndarray, out, result: str = "same",
                 shape: tuple[int, ...] | None = None) -> np.ndarray | ImplError:
    """The implementation's output as an array of the format (of bools where the operator's result is one,
    ``result`` "bool": `Operation.result`) and of ``shape`` (the operands' by default), or why it is not one."""
    if not isinstance(out, np.ndarray):
        try:
            out = np.asarray(out)
        except Exception as exc:  # noqa: BLE001
            return ImplError("bad_result", f"result is not an array: {exc}")
    shape = a.shape if shape is None else shape
    if out.shape != shape:
        return ImplError("bad_result", f"result shape {out.shape} differs from the expected {shape}"
                         if shape != a.shape else f"result shape {out.shape} differs from the inputs' {a.shape}")
    wanted = np.dtype(bool) if result == "bool" else fmt.dtype
    if out.dtype != wanted:
        return ImplError("bad_result", f"result type {out.dtype} is not {'bool' if result == 'bool' else fmt.name}")
    return out


def describe_exit(label: str, code: int) -> str:
    """How a child process running an implementation ended (a negative code: killed by that signal)."""
    if code < 0:
        try:
            return f"the {label} process was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"the {label} process was killed by signal {-code}"
    return f"the {label} process exited with status {code}"


def last_line(text: str) -> str:
    """The last non-blank line a child process wrote: usually its error."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1][:200] if lines else "it wrote nothing"
