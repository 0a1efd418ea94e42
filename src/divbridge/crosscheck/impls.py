"""Implementations of Div to check: the peers by name, or user code as ``module:function``
or ``path/to/file.py:function``.

An implementation is a callable taking two NumPy arrays of one dtype and
returning one array.  `Impl.run` never lets an exception or a crash escape:
it returns the result or an `ImplError` saying what went wrong.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from divbridge.errors import InputError
from divbridge.formats import Format, IntFormat


@dataclass(frozen=True)
class ImplError:
    kind: str      # exception | crash | unsupported | bad_result
    detail: str


@dataclass
class Impl:
    name: str
    function: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None
    batch: Callable[[Format, list[tuple[np.ndarray, np.ndarray]]], list] | None = None  # for subprocess peers

    def run_many(self, fmt: Format, jobs: list[tuple[np.ndarray, np.ndarray]]) -> list[np.ndarray | ImplError]:
        """Each (a, b) job's result, or the error it raised; one crash spoils only its own job."""
        if self.batch is not None:
            return self.batch(fmt, jobs)
        return [self.run(fmt, a, b) for a, b in jobs]

    def run(self, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray | ImplError:
        if self.batch is not None:
            return self.batch(fmt, [(a, b)])[0]
        try:
            with np.errstate(all="ignore"):
                out = self.function(a.copy(), b.copy())
        except Exception as exc:  # noqa: BLE001 - any failure of the implementation is a finding
            return ImplError("exception", f"{type(exc).__name__}: {exc}".strip())
        return check_result(fmt, a, out)


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


# -- the peers ------------------------------------------------------------------------

def numpy_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """What a NumPy user writes: true division for floats, // for integers."""
    if np.issubdtype(a.dtype, np.integer):
        return np.floor_divide(a, b)
    return np.divide(a, b, dtype=a.dtype)


def onnx_reference_div(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    from divbridge.crosscheck.peers import onnx_reference
    return onnx_reference(a, b)


def _onnxruntime_batch(fmt: Format, jobs):
    from divbridge.crosscheck.peers import onnxruntime_batch
    return onnxruntime_batch(fmt, jobs)


PEERS = ("onnxruntime", "onnx-reference", "numpy")


def load_impl(spec: str, cflags: str = "") -> Impl:
    """``onnxruntime``, ``onnx-reference``, ``numpy``, ``module:function``, ``path/file.py:function``
    or ``path/kernel.c:function`` (compiled with ``cflags``)."""
    if spec == "numpy":
        return Impl("numpy", numpy_div)
    if spec == "onnx-reference":
        return Impl("onnx-reference", onnx_reference_div)
    if spec == "onnxruntime":
        return Impl("onnxruntime", batch=_onnxruntime_batch)
    where, sep, function = spec.rpartition(":")
    if not sep or not where or not function:
        raise InputError(f"--impl '{spec}': expected onnxruntime, onnx-reference, numpy, module:function, "
                         "path/to/file.py:function or path/to/kernel.c:function")
    if where.endswith(".c"):
        from divbridge.crosscheck.ckernel import load_c_kernel
        return load_c_kernel(Path(where), function, cflags)
    if where.endswith(".py"):
        path = Path(where)
        if not path.is_file():
            raise InputError("no such file", where)
        module_spec = importlib.util.spec_from_file_location(f"divbridge_impl_{path.stem}", path)
        module = importlib.util.module_from_spec(module_spec)
        try:
            module_spec.loader.exec_module(module)
        except Exception as exc:  # noqa: BLE001 - the user's file: report, don't trace back
            line = _error_line(exc, path)
            raise InputError(f"cannot load: {type(exc).__name__}: {exc}", where, line) from None
    else:
        try:
            module = importlib.import_module(where)
        except Exception as exc:  # noqa: BLE001
            raise InputError(f"--impl '{spec}': cannot import {where}: {type(exc).__name__}: {exc}") from None
    target = getattr(module, function, None)
    if not callable(target):
        raise InputError(f"--impl '{spec}': {where} has no function '{function}'")
    return Impl(spec, target)


def _error_line(exc: BaseException, path: Path) -> int | None:
    if isinstance(exc, SyntaxError):
        return exc.lineno
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if Path(tb.tb_frame.f_code.co_filename).resolve() == path.resolve():
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def supported_dtype(fmt: Format) -> bool:
    return fmt.dtype is not None and (isinstance(fmt, IntFormat) or fmt.family == "float")


__all__ = ["Impl", "ImplError", "PEERS", "load_impl", "check_result", "numpy_div", "supported_dtype"]
