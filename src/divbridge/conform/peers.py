"""The peer implementations of an operator: onnx.reference in process; ONNX Runtime and OpenVINO in a subprocess.

The runtimes run in a child process because integer INT_MIN / -1 can kill
their process (SIGFPE in ONNX Runtime's integer kernels).  The child runs the jobs in
order and writes each result as soon as it has it; when it dies, the job it
was on is reported as a crash and a fresh child carries on with the next.

Run as ``python -m divbridge.conform.peers DIR RUNTIME OPERATOR`` it is that
child (RUNTIME: ``onnxruntime`` or an ``openvino...`` spelling; OPERATOR: the
description's name).
"""

from __future__ import annotations

import itertools
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from divbridge import operators
from divbridge.conform.outcome import ImplError, check_result, describe_exit, last_line, result_shape
from divbridge.formats import Format
from divbridge.operators.model import Operator
from divbridge.statements import input_columns

_ONNX_TYPES = {"float16": 10, "float32": 1, "float64": 11, "bfloat16": 16, "int8": 3, "int16": 5, "int32": 6,
               "int64": 7, "uint8": 2, "uint16": 4, "uint32": 12, "uint64": 13, "bool": 9}


def node_model(op_type: str, dtypes: tuple[np.dtype, ...], opset: int = 14, result: str = "same",
               attributes: dict[str, object] | None = None, rank: int = 1, scalars: tuple[bool, ...] = ()):
    """A one-node ONNX model C = op_type(A, B) over tensors of ``rank`` (1-D by default; an input marked in
    ``scalars``: of rank 0), one input per dtype of ``dtypes`` (C = op_type(A)
    for one; Where's condition a tensor of bools), C of the element type, the first input's that is not a bool,
    or a tensor of bools where the operator's ``result`` is one (Less); the node's ``attributes`` set (a float
    one is stored in FP32).  Opset 14: the element-wise arithmetic operators there take every type divbridge
    checks.  ``scalars``: which inputs are tensors of one element (of shape [])."""
    from onnx import helper
    elems = [_ONNX_TYPES[np.dtype(d).name] for d in dtypes]
    element = next((e for e in elems if e != _BOOL), elems[0])
    names = _INPUT_NAMES[:len(dtypes)]
    node = helper.make_node(op_type, list(names), ["C"], **(attributes or {}))
    graph = helper.make_graph([node], op_type.lower(),
                              [helper.make_tensor_value_info(n, e, [] if scalar else [None] * rank)
                               for n, e, scalar in itertools.zip_longest(names, elems, scalars[:len(names)],
                                                                         fillvalue=False)],
                              [helper.make_tensor_value_info("C", _BOOL if result == "bool" else element,
                                                             [None] * rank)])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 9   # what every ONNX Runtime since 1.15 reads
    return model


_BOOL = _ONNX_TYPES["bool"]   # TensorProto.BOOL
_INPUT_NAMES = ("A", "B", "C0")      # the node's inputs, in order (its output is C)


def _feeds(inputs: tuple[np.ndarray, ...]) -> dict[str, np.ndarray]:
    """The node's inputs: columns as 1-D tensors, stacks of matrices (`Operation.contraction`) as they are."""
    return {name: x if x.ndim > 1 else x.ravel() for name, x in zip(_INPUT_NAMES, inputs)}


def _shaped(out: np.ndarray, inputs: tuple[np.ndarray, ...]) -> np.ndarray:
    """The node's result in the inputs' shape (a column), or as computed (a stack of contractions)."""
    return out if inputs[0].ndim > 1 else out.reshape(inputs[0].shape)


def node_attributes(op: Operator) -> dict[str, object]:
    """The attributes its node sets: each at its description's default, the value the conformance's reference
    kernels take (an attribute with no default is left to the node)."""
    return {a.name: a.default for a in op.attributes if a.default is not None}


def onnx_reference(op_type: str, *inputs: np.ndarray, result: str = "same",
                   attributes: dict[str, object] | None = None) -> np.ndarray:
    from onnx.reference import ReferenceEvaluator
    model = node_model(op_type, tuple(x.dtype for x in inputs), result=result, attributes=attributes,
                       rank=inputs[0].ndim)
    return _shaped(ReferenceEvaluator(model).run(None, _feeds(inputs))[0], inputs)


def _onnxruntime_session(op: Operator, dtype: np.dtype, rank: int = 1):
    import onnxruntime as ort
    options = ort.SessionOptions()
    options.log_severity_level = 3
    dtypes = tuple(np.dtype(bool) if i.type == "bool" else dtype for i in op.inputs)
    scalars = tuple(i.scalar for i in op.inputs)
    model = node_model(op.names.onnx, dtypes, result=op.operation.result, attributes=node_attributes(op), rank=rank,
                       scalars=scalars)
    session = ort.InferenceSession(model.SerializeToString(),
                                   options,
                                   providers=["CPUExecutionProvider"])
    run = lambda *inputs: np.asarray(session.run(None, _feeds(inputs))[0])   # noqa: E731
    if not any(scalars):
        return lambda *inputs: _shaped(run(*inputs), inputs)
    return lambda *inputs: _per_scalar(run, scalars, inputs)


def _per_scalar(run, scalars: tuple[bool, ...], inputs: tuple[np.ndarray, ...]) -> np.ndarray:
    """The node run once per distinct value of its scalar inputs (ONNX Runtime refuses a tensor of more than one
    element there), on the elements of the other inputs that go with it."""
    flat = [x.ravel() for x in inputs]
    keyed = np.stack([flat[k].view(f"u{flat[k].dtype.itemsize}").astype(np.uint64)
                      for k, scalar in enumerate(scalars) if scalar], axis=1)
    groups, which = np.unique(keyed, axis=0, return_inverse=True)
    out = None
    for g in range(len(groups)):
        where = np.flatnonzero(which.ravel() == g)
        got = run(*(x[where[:1]].reshape(()) if scalar else x[where] for x, scalar in zip(flat, scalars)))
        out = np.empty(flat[0].shape, got.dtype) if out is None else out
        out[where] = got
    return (out if out is not None else np.empty(0, flat[0].dtype)).reshape(inputs[0].shape)


def _session_factory(runtime: str, op: Operator):
    """(dtype, rank) -> a callable (the operator's inputs) -> c running the operator in ``runtime``."""
    if runtime == "onnxruntime":
        return lambda dtype, rank: _onnxruntime_session(op, dtype, rank)
    from divbridge.conform.openvino_peer import CompiledNode, parse_settings
    settings = parse_settings(runtime, op)
    return lambda dtype, rank: CompiledNode(op, dtype, settings, rank)


def _child(directory: Path, runtime: str, op: Operator) -> int:
    """Run every job-N.npz in order, writing out-N.npz (result) or err-N.txt (error message)."""
    make_session = _session_factory(runtime, op)
    sessions = {}
    jobs = sorted(directory.glob("job-*.npz"), key=lambda p: int(p.stem.split("-")[1]))
    for job in jobs:
        index = job.stem.split("-")[1]
        if any((directory / f"{kind}-{index}{ext}").exists()
               for kind, ext in (("out", ".npz"), ("err", ".txt"), ("skip", ""))):
            continue
        (directory / f"crash-{index}").touch()   # removed when the job ends: a leftover marks the crash
        with np.load(job) as data:
            dtype = _dtype(str(data["dtype"]))
            a, b = data["a"].view(dtype), data["b"].view(dtype)
        try:
            key = (a.dtype.name, a.ndim)
            if key not in sessions:
                sessions[key] = make_session(a.dtype, a.ndim)
            c = sessions[key](*input_columns(op, a, b))
            np.savez(directory / f"out-{index}.npz", c=_raw(c), dtype=c.dtype.name)
        except Exception as exc:  # noqa: BLE001 - reported to the parent as the job's error
            first = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            (directory / f"err-{index}.txt").write_text(f"{type(exc).__name__}: {first}"[:300])
        (directory / f"crash-{index}").unlink()
    return 0


def subprocess_batch(runtime: str, op: Operator, fmt: Format | list[Format], jobs: list[tuple[np.ndarray, np.ndarray]],
                     timeout: float = 300.0):
    """Each job's result of the operator in ``runtime``, or an ImplError (error status, crash, no kernel).

    ``fmt`` is the format of every job, or a list giving each job's format: one
    child process then serves jobs of several formats (its start-up is most of the cost)."""
    label = _LABELS.get(runtime.split(":")[0], runtime)
    formats = fmt if isinstance(fmt, list) else [fmt] * len(jobs)
    results: list = [None] * len(jobs)
    with tempfile.TemporaryDirectory(prefix=f"divbridge-{runtime.split(':')[0]}-") as tmp:
        directory = Path(tmp)
        for i, (a, b) in enumerate(jobs):
            # raw bits: npz cannot store ml_dtypes' bfloat16
            np.savez(directory / f"job-{i}.npz", a=_raw(a), b=_raw(b), dtype=a.dtype.name)
        for _ in range(len(jobs) + 1):
            proc = subprocess.run([sys.executable, "-m", "divbridge.conform.peers", str(directory), runtime, op.name],
                                  capture_output=True, text=True, timeout=timeout)
            crashed = sorted(directory.glob("crash-*"))
            if not crashed:
                break
            for marker in crashed:   # the job the child died on; the next child skips it
                index = int(marker.stem.split("-")[1])
                results[index] = ImplError("crash", describe_exit(label, proc.returncode))
                marker.rename(directory / f"skip-{index}")
        for i, (a, b) in enumerate(jobs):
            if results[i] is not None:
                continue
            out, err = directory / f"out-{i}.npz", directory / f"err-{i}.txt"
            if out.exists():
                with np.load(out) as data:
                    results[i] = check_result(formats[i], a, data["c"].view(_dtype(str(data["dtype"]))),
                                              op.operation.result, result_shape(a, b, op.operation.contraction))
            elif err.exists():
                results[i] = ImplError("exception", err.read_text())
            else:
                results[i] = ImplError("crash", f"no result from the {label} process: {last_line(proc.stderr)}")
    return results


def _raw(x: np.ndarray) -> np.ndarray:
    return x.view(f"u{x.dtype.itemsize}")


def _dtype(name: str) -> np.dtype:
    import ml_dtypes
    return np.dtype(ml_dtypes.bfloat16) if name == "bfloat16" else np.dtype(name)


_LABELS = {"onnxruntime": "ONNX Runtime", "openvino": "OpenVINO"}


if __name__ == "__main__":
    sys.exit(_child(Path(sys.argv[1]), sys.argv[2], operators.get(sys.argv[3])))
