"""What running an implementation of Div gives: its result array, or an `ImplError` saying why not.

Its own module so that the implementation registry (`impls`) and the peers
that run in other processes (`peers`) can both use it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from divbridge.formats import Format


@dataclass(frozen=True)
class ImplError:
    kind: str      # exception | crash | unsupported | bad_result
    detail: str


def check_result(fmt: Format, a: np.ndarray, out) -> np.ndarray | ImplError:
    """The implementation's output as an array of the format, or why it is not one."""
    if not isinstance(out, np.ndarray):
        try:
            out = np.asarray(out)
        except Exception as exc:  # noqa: BLE001
            return ImplError("bad_result", f"result is not an array: {exc}")
    if out.shape != a.shape:
        return ImplError("bad_result", f"result shape {out.shape} differs from the inputs' {a.shape}")
    if out.dtype != fmt.dtype:
        return ImplError("bad_result", f"result type {out.dtype} is not {fmt.name}")
    return out
