"""Implementations of an operator to check: the peers by name, or user code as ``module:function``,
``path/to/file.py:function`` or ``path/to/kernel.c:function``.

A peer is a library people deploy, called by divbridge's own code (NumPy,
onnx.reference and JAX in process; ONNX Runtime and OpenVINO in a child of
`peers`), running the operator by its name there (`Operator.names`: ``numpy``,
``onnx``, ``openvino``, ``jax_float``, ``jax_int``).  User code is untrusted:
it runs in a child process of `conform.child`, never in divbridge's.
`Impl.run` never lets an exception or a crash escape: it returns the result
or an `ImplError` saying what went wrong.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import numpy as np

from divbridge import operators
from divbridge.conform.ckernel import build
from divbridge.conform.child import ImplProcess
from divbridge.conform.outcome import ImplError, check_result, result_shape
from divbridge.errors import InputError
from divbridge.formats import Format, IntFormat
from divbridge.operators.model import Operator
from divbridge.statements import input_columns


@dataclass
class Impl:
    name: str
    op: Operator                                                               # the operator it implements
    function: Callable[..., np.ndarray] | None = None   # a peer called in process, on the operator's inputs
    batch: Callable[[Format, list[tuple[np.ndarray, np.ndarray]]], list] | None = None  # for subprocess peers
    own_spec: tuple[str, dict] | None = None   # (profile, attributes) of the peer's own specification
    process: ImplProcess | None = None         # user code, in its child process

    def run_many(self, fmt: Format, jobs: list[tuple[np.ndarray, np.ndarray]]) -> list[np.ndarray | ImplError]:
        """Each (a, b) job's result, or the error it raised; one crash spoils only its own job."""
        if self.batch is not None:
            return self.batch(fmt, jobs)
        return [self.run(fmt, a, b) for a, b in jobs]

    def run(self, fmt: Format, a: np.ndarray, b: np.ndarray) -> np.ndarray | ImplError:
        """Its result on the operands: columns, or stacks of matrices for a contraction (`Operation.contraction`)."""
        if self.process is not None:
            return self.process.run(fmt, a, b)
        if self.batch is not None:
            return self.batch(fmt, [(a, b)])[0]
        try:
            with np.errstate(all="ignore"):
                out = self.function(*input_columns(self.op, a.copy(), b.copy()))
        except Exception as exc:  # noqa: BLE001 - any failure of the implementation is a finding
            return ImplError("exception", f"{type(exc).__name__}: {exc}".strip())
        return check_result(fmt, a, out, self.op.operation.result, result_shape(a, b, self.op.operation.contraction))

    def inputs(self, fmt: Format, count: int) -> tuple[np.ndarray, np.ndarray]:
        """Operand arrays for `run`: a child process's own buffers (read without a copy), else new ones."""
        if self.process is not None:
            return self.process.inputs(fmt.dtype, count)
        return np.empty(count, fmt.dtype), np.empty(count, fmt.dtype)

    def close(self) -> None:
        """End the child process of user code, if any (its shared memory goes with it)."""
        if self.process is not None:
            self.process.close()


# -- the peers ------------------------------------------------------------------------

def numpy_peer(op: Operator) -> Callable[..., np.ndarray]:
    """What a NumPy user writes: the operator's ufunc on its inputs, in their type (`Names.numpy`, on integers
    `Names.numpy_int` where the description names one)."""
    if not op.names.numpy:
        raise InputError(f"--impl numpy: NumPy has no function for {op.name} (its description names none)")
    ufunc, int_ufunc = getattr(np, op.names.numpy), getattr(np, op.names.numpy_int or op.names.numpy)

    def run(*inputs: np.ndarray) -> np.ndarray:
        element = next(x.dtype for x, i in zip(inputs, op.inputs) if i.type == "T")   # not a condition's bool
        constants = (element.type(c) for c in op.names.constant_args)
        function = int_ufunc if np.issubdtype(element, np.integer) else ufunc
        # a ufunc computes in the inputs' type (a comparison's result is a bool all the same); np.where takes none
        typed = {"dtype": element} if isinstance(function, np.ufunc) and op.operation.result == "same" else {}
        return function(*inputs, *constants, **typed)
    return run


def _onnx_reference(op: Operator) -> Callable[..., np.ndarray]:
    from divbridge.conform.peers import node_attributes, onnx_reference
    return lambda *inputs: onnx_reference(op.names.onnx, *inputs, result=op.operation.result,
                                          attributes=node_attributes(op))


def _openvino(spec: str, op: Operator) -> Impl:
    from divbridge.conform.openvino_peer import parse_settings, require_openvino
    from divbridge.conform.peers import subprocess_batch
    if not op.names.openvino:
        raise InputError(f"--impl {spec}: divbridge runs no OpenVINO node for {op.name} (its description names "
                         "none)")
    settings = parse_settings(spec, op)
    require_openvino()
    own_spec = ("openvino", settings.profile_attributes(op)) if op.profiles and "openvino" in op.profiles.names \
        else None
    return Impl(settings.name, op, batch=lambda fmt, jobs: subprocess_batch(settings.name, op, fmt, jobs),
                own_spec=own_spec)


def _jax(op: Operator) -> Impl:
    from divbridge.conform.jax_peer import jax_function, require_jax
    require_jax()
    return Impl("jax", op, jax_function(op))


PEERS = ("onnxruntime", "onnx-reference", "numpy")
# the peer table of `divbridge crosscheck`: the runtimes people deploy, each OpenVINO setting a row (a node's own
# attribute set otherwise than its default, for every operator whose node has one)
_OPENVINO_ATTRIBUTES = tuple(dict.fromkeys(f"openvino:{key}={str(not default).lower()}"
                                           for op in operators.OPERATORS.values()
                                           for key, default in op.names.openvino_attributes))
DEPLOYED_PEERS = PEERS + ("openvino", *_OPENVINO_ATTRIBUTES, "openvino:auto_broadcast=none",
                          "openvino:hint=f32", "openvino:hint=f16", "openvino:hint=bf16", "jax")


def deployed_peers(op: Operator) -> tuple[str, ...]:
    """`DEPLOYED_PEERS` that apply to the operator: one with no function of it (`Names`: NumPy has none of some
    operators, OpenVINO's may be another node) does not, nor an OpenVINO row setting an attribute its node lacks."""
    from divbridge.conform.openvino_peer import options_apply
    has = {"numpy": bool(op.names.numpy), "openvino": bool(op.names.openvino), "jax": bool(op.names.jax_float)}
    return tuple(name for name in DEPLOYED_PEERS if has.get(name.split(":")[0], True) and (
        not name.startswith("openvino") or options_apply(name, op)))


def load_impl(spec: str, cflags: str = "", *, op: Operator, unsandboxed: bool = False) -> Impl:
    """An implementation of ``op``: ``onnxruntime``, ``onnx-reference``, ``numpy``, ``openvino[:option=value...]``,
    ``jax``, ``module:function``, ``path/file.py:function`` or ``path/kernel.c:function`` (compiled with ``cflags``).
    User code runs in the sandbox (`conform.sandbox`), or without one only when ``unsandboxed``."""
    if spec == "numpy":
        return Impl("numpy", op, numpy_peer(op))
    if spec == "onnx-reference":
        return Impl("onnx-reference", op, _onnx_reference(op))
    if spec == "onnxruntime":
        from divbridge.conform.peers import subprocess_batch
        return Impl("onnxruntime", op, batch=lambda fmt, jobs: subprocess_batch("onnxruntime", op, fmt, jobs))
    if spec == "openvino" or spec.startswith("openvino:"):
        return _openvino(spec, op)
    if spec == "jax":
        return _jax(op)
    where, sep, function = spec.rpartition(":")
    if not sep or not where or not function:
        raise InputError(f"--impl '{spec}': expected onnxruntime, onnx-reference, numpy, openvino, jax, "
                         "module:function, path/to/file.py:function or path/to/kernel.c:function")
    if where.endswith(".c"):
        if op.operation.contraction:
            raise InputError(f"a C kernel of {op.name}, whose inputs are matrices, is not taken: give a Python "
                             "function of two stacks of matrices ([k, m, n] and [k, n, p] -> [k, m, p])", where)
        library = build(Path(where), cflags).resolve()
        return Impl(f"{where}:{function}" + (f" [{cflags}]" if cflags else ""), op,
                    process=ImplProcess("c", str(library), function, where, op.vocabulary.infix, unsandboxed,
                                        _kinds(op), op.operation.result))
    if where.endswith(".py"):
        if not Path(where).is_file():
            raise InputError("no such file", where)
        return Impl(spec, op, process=ImplProcess("file", where, function, where, op.vocabulary.infix, unsandboxed,
                                                  _kinds(op), op.operation.result))
    return Impl(spec, op, process=ImplProcess("module", where, function, spec, op.vocabulary.infix, unsandboxed,
                                              _kinds(op), op.operation.result))


def _kinds(op: Operator) -> tuple[str, ...]:
    """Its inputs' kinds (``T``, ``bool``), as a child process takes them (`outcome.operand_columns`)."""
    return tuple(i.type for i in op.inputs)


def supported_dtype(fmt: Format) -> bool:
    return fmt.dtype is not None and (isinstance(fmt, IntFormat) or fmt.family == "float")


__all__ = ["Impl", "PEERS", "DEPLOYED_PEERS", "deployed_peers", "load_impl", "numpy_peer", "supported_dtype"]
