"""The peer table of an operator: every peer (ONNX Runtime, the ONNX reference, OpenVINO, JAX, NumPy, a user's
implementation) run on the vectors of every format and judged against the operator's semantics."""

from __future__ import annotations

import importlib
from typing import Any, Callable

import numpy as np

from divbridge import mirror, operators
from divbridge.conform import conformance
from divbridge.conform.impls import PEERS, load_impl
from divbridge.crosscheck import vectors
from divbridge.errors import ToolMissing
from divbridge.operators.model import Operator


def peer_table(seed: int = vectors.DEFAULT_SEED, peers: tuple[str, ...] = PEERS,
               document: str | None = None, random_count: int = vectors.RANDOM_COUNT,
               progress: Callable[[str], None] | None = None, *,
               op: Operator) -> list[dict[str, Any]]:
    """Per peer and format: vectors, mismatches, errors, examples, what it does outside the domain,
    and for a peer with a specification of its own (OpenVINO) how it departs from it.

    All the jobs of one peer go in one batch (one runtime process).  A peer whose
    package is not installed is a row saying so."""
    table = []
    for number, name in enumerate(peers, 1):
        if progress is not None:
            progress(f"peer {number}/{len(peers)}: {name}")
        try:
            impl = load_impl(name, op=op)
        except ToolMissing as exc:
            table.append({"name": name, "skipped": str(exc), "formats": {}})
            continue
        plans, batch, owners = [], [], []
        for fmt in vectors.checkable_formats(op):
            report, sources, jobs = conformance.plan(fmt, vectors.vector_sets(fmt, seed, document=document,
                                                                          random_count=random_count, op=op), op)
            plans.append((report, sources, jobs))
            batch += [(fmt, job) for job in jobs]
            if op.profiles is not None:   # a pair outside the domain, for each precondition on the format
                for a, b in op.profiles.for_format(fmt).witnesses(fmt):
                    batch.append((fmt, (np.array([a], fmt.dtype), np.array([b], fmt.dtype))))
                    owners.append((fmt.name, f"{a} {op.vocabulary.infix} {b}", len(batch) - 1))
        try:
            if impl.batch is not None:
                outputs = impl.batch([f for f, _ in batch], [job for _, job in batch])
            else:
                outputs = [impl.run(f, *job) for f, job in batch]
        finally:
            impl.close()   # a user's implementation given as a peer: its child process
        formats, position = {}, 0
        for report, sources, jobs in plans:
            mine = outputs[position:position + len(jobs)]
            conformance.judge(report, sources, jobs, mine)
            position += len(jobs) + (sum(1 for owner in owners if owner[0] == report.fmt.name))
            formats[report.fmt.name] = {
                "semantics": report.semantics,
                "vectors": sum(report.vectors.values()), "by_source": report.vectors,
                "mismatches": report.mismatches, "errors": len(report.errors), "examples": report.examples[:3],
                "error_details": report.errors[:2], "payload_differences": report.payload_differences}
            if impl.own_spec is not None:
                formats[report.fmt.name]["own_spec"] = _own_spec(op, impl.own_spec, report.fmt, sources, jobs, mine)
        for fmt_name, shown, index in owners:
            got = outputs[index]
            behaviour = f"{got.kind}: {got.detail}" if hasattr(got, "kind") else f"returns {int(got[0])}"
            formats[fmt_name].setdefault("outside_domain", []).append({"input": shown, "behaviour": behaviour[:200]})
        table.append({"name": name, **peer_facts(name, op), "formats": formats})
    return table


def _own_spec(op: Operator, own_spec: tuple[str, dict], fmt, sources, jobs, outputs) -> dict[str, Any]:
    """The same outputs judged against the peer's own specification (one of the operator's profiles)."""
    profile, attributes = own_spec
    report = conformance.FormatConformance(fmt, op)
    conformance.judge(report, sources, jobs, outputs,
                      expect=lambda f, a, b: mirror.compute(op.profiles, a, b, dtype=f, profile=profile, **attributes))
    shown = ", ".join(f"{key}={str(value).lower()}" for key, value in attributes.items())
    return {"spec": f"{op.profiles.get(profile, **attributes).name} ({shown})", "mismatches": report.mismatches,
            "examples": report.examples[:3], "payload_differences": report.payload_differences}


def peer_facts(name: str, op: Operator) -> dict[str, str]:
    """The peer's version; for OpenVINO, the inference precision the plugin settled on and
    what it does with operands of different shapes."""
    if name.startswith("openvino"):
        from divbridge.conform import openvino_peer
        settings = openvino_peer.parse_settings(name, op)
        facts = {"version": f"openvino {openvino_peer.version()}",
                 "precision": openvino_peer.effective_precision(settings, op)}
        # two operands of different shapes (the probe's A (2, 3) and B (3,)): of an operator of two inputs
        return facts if op.arity != 2 else {**facts, "broadcast": openvino_peer.broadcast_probe(settings, op)}
    if name == "jax":
        from divbridge.conform import jax_peer
        return {"version": jax_peer.version()}
    module = {"onnxruntime": "onnxruntime", "onnx-reference": "onnx", "numpy": "numpy"}.get(name)
    if module is None:
        return {}
    return {"version": f"{module} {importlib.import_module(module).__version__}"}
