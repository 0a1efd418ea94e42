"""Implementations measured against the working group's accuracy notes, from a clone of their repository.

    git clone --mirror https://github.com/onnx/working-groups wg.git
    .venv/bin/python scripts/measure_notes.py --repo wg.git [--impl numpy ...] [--op OP ...] [--sample N] [--out F.md]

For every operator whose float result IEEE 754 does not prescribe (`Operation.exactness` "approximate": Exp,
Log, Tanh, Sigmoid, Pow...) and that has a note (`<op>/<op>_acc.md`, its newest version), runs `divbridge
conform --op OP --impl IMPL --dtype D --note NOTE --json` for each implementation and format (FP16 and BF16
every input for an operator of one input, FP32 on a sample; an operator whose each element is a contraction,
MatMul, on conform's seeded matrix pairs in every format) and writes one Markdown table: the largest error in ulps
with its input, and each bound of the note held or exceeded (on how many inputs, by how much at most).
Every other operator of the pipeline with a note and a float result (Abs, Div, Sqrt, Where, LeakyRelu...) has one
result IEEE 754 prescribes (exact, or rounded once): `divbridge conform` judges its implementations bit for bit
against it, and the second table says which match it (then their error is the reference's, which the note's
claims are judged on by check-spec) and which do not, with the first input where they differ.  With ``--op``, only
those operators of the first table are run, their rows printed (never written over the complete run's table).
A run that cannot be made (a peer not installed, a kernel ONNX Runtime lacks) is a row saying why.  Nothing of
the note is copied into the project: it goes to a temporary directory.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from wg_history import INFORMAL, git, versions

from divbridge import operators
from divbridge.conform.accuracy import CONTRACTION_PAIRS
from divbridge.document.accuracy import read_note
from divbridge.obligations.accuracy import float_bounds, summation_bounds

HEADER = """# Implementations measured against the working group's accuracy notes

Written by `scripts/measure_notes.py --repo <a clone of onnx/working-groups> --out docs/measured-notes.md` on
{date}, on this machine: for each operator whose float result IEEE 754 does not prescribe and that has a note
(its newest version), conform with the note (`--note`, docs/conformance.md) for each implementation and format, FP16
and BF16 on every input of an operator of one input (a sample of {sample} otherwise), FP32 on {sample} sampled
inputs.  "Largest error" is in ulps of the format, against the exact value (mpmath).  A bound of the note is
judged on every input measured, at its line; a note that bounds no float implementation's error (it states the
error real arithmetic introduces: none) leaves its implementations measured, not judged.  MatMul: {pairs} seeded
matrix pairs of each of conform's seven shapes (n = 1 to 64) in each format, every element of each result
measured against the exact contraction, the note's bounds judged per n where the exact result is normal.

"""
PRESCRIBED = """## The operators whose result IEEE 754 prescribes

Abs, Div, Sqrt, Where and LeakyRelu have notes too, and one result for each input: exact, or the exact value
rounded once to nearest (Div, Sqrt, LeakyRelu's alpha * x). `divbridge conform` judges each implementation bit for
bit against it (FP16 and BF16 every input for an operator of one input, {sample} sampled FP32 inputs, and samples
with the special values for the others). An implementation that matches has the reference's error, which the
note's claims are judged on (`divbridge check-spec` on the note, docs/accuracy-notes.md); one that does not is
shown with the first input where it differs."""
IMPLS = ("numpy", "onnx-reference", "onnxruntime", "openvino", "jax")
DTYPES = ("fp16", "bf16", "fp32")


def measure(op_name: str, note: Path | None, impl: str, dtype: str, sample: int, scratch: Path) -> dict:
    """conform's JSON report of one run (judged against the note's bounds, if a note is given; bit for bit, for an
    operator whose result IEEE 754 prescribes), or {"error": why} when it made none."""
    report = scratch / f"{op_name}-{impl}-{dtype}.json"
    command = [sys.executable, "-m", "divbridge.cli", "conform", "--op", op_name, "--impl", impl, "--dtype", dtype,
               "--json", str(report), *(("--note", str(note)) if note else ())]
    if dtype == "fp32" and not operators.get(op_name).operation.contraction:   # MatMul: conform's pairs
        command += ["--sample", str(sample)]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode == 2 or not report.is_file():
        lines = done.stderr.strip().splitlines()
        return {"error": lines[-1] if lines else f"exit {done.returncode}"}
    return json.loads(report.read_text())


def bit_row(op_name: str, impl: str, dtype: str, report: dict) -> str:
    if "error" in report:
        return f"| {op_name} | {impl} | {dtype} | not judged: {report['error']} |"
    judged = report["formats"][0]
    source = "every input" if judged.get("exhaustive") else f"{judged['vectors']} vectors"
    if judged["errors"]:
        detail = " ".join(str(judged["errors"][0].get("detail", judged["errors"][0])).split())
        return f"| {op_name} | {impl} | {dtype} ({source}) | not judged: {detail[:160]} |"
    if judged["mismatches"] == 0:
        payload = f" ({judged['payload_differences']} NaN payloads differ)" if judged["payload_differences"] else ""
        return f"| {op_name} | {impl} | {dtype} ({source}) | bit for bit the reference's{payload} |"
    first = judged["examples"][0] if judged["examples"] else {}
    inputs = ", ".join(f"{name} = {value}" for name, value in first.items() if name not in ("source", "expected",
                                                                                           "actual"))
    where = f": first at {inputs}, expected {first['expected']}, got {first['actual']}" if first else ""
    return f"| {op_name} | {impl} | {dtype} ({source}) | {judged['mismatches']} mismatches{where} |"


def row(op_name: str, impl: str, dtype: str, report: dict, bounded: bool) -> str:
    if "error" in report:
        return f"| {op_name} | {impl} | {dtype} | not measured: {report['error']} | |"
    measured = report["formats"][0]
    errors = measured["errors"]
    if errors:   # the implementation failed on an input (ONNX Runtime has no BF16 Tanh): the first failure
        detail = " ".join(str(errors[0].get("detail", errors[0])).split())
        return f"| {op_name} | {impl} | {dtype} | not measured: {detail[:160]} | |"
    worst = measured["max_ulp_error"]
    where = f"{worst['error']:g} ulp at {worst['inputs'][0]}" if worst else "nothing measured"
    bounds = []
    for bound in measured["note_bounds"]:
        if bound["holds"]:
            bounds.append(f"line {bound['line']}: holds")
        else:
            terms = f" (n = {', '.join(map(str, bound['exceeded_for_n']))})" if "exceeded_for_n" in bound else ""
            bounds.append(f"line {bound['line']}: exceeded on {bound['exceeded']} of {measured['measured']}{terms}, "
                          f"{bound['largest_error_to_bound']['error']:g} times the bound at "
                          f"{bound['largest_error_to_bound']['inputs'][0]}")
    source = "every input" if measured["source"] == "exhaustive" else f"{measured['inputs']} sampled" + (
        " matrix pairs" if operators.get(op_name).operation.contraction else "")
    special = f"; {measured['special_mismatches']} special-value mismatches" if measured["special_mismatches"] else ""
    if "not_correctly_rounded" in measured:   # a contraction's elements
        special += f"; {measured['not_correctly_rounded']} of {measured['measured']} elements not correctly rounded"
    return (f"| {op_name} | {impl} | {dtype} ({source}) | {where}{special} | "
            f"{'; '.join(bounds) if bounded else 'none: the note bounds no float implementation error'} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repo", required=True, help="a clone (--mirror) of onnx/working-groups")
    parser.add_argument("--impl", action="append", help=f"an implementation (default: {', '.join(IMPLS)})")
    parser.add_argument("--op", action="append", help="only this operator (repeatable): its rows printed, never "
                                                      "written over the complete table")
    parser.add_argument("--sample", type=int, default=4096, help="FP32 inputs sampled (default 4096)")
    parser.add_argument("--out", type=Path, help="write the Markdown table of a complete run here (default: print it)")
    args = parser.parse_args()
    if args.op and args.out:
        parser.error("--op measures some operators: its rows are printed; --out is the complete run's")
    lines = ["| operator | implementation | format | largest error | the note's bounds |", "|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory(prefix="measure-notes-") as scratch:
        scratch = Path(scratch)
        for op in (o for o in operators.OPERATORS.values() if o.operation.exactness == "approximate"
                   and (not args.op or o.name in args.op)):
            path = f"{INFORMAL}{op.name.lower()}/{op.name.lower()}_acc.md"
            found = versions(args.repo, path)
            if not found:
                continue
            commit, date, blob = found[-1]
            note = scratch / f"{op.name.lower()}_acc.md"
            note.write_text(git(args.repo, "cat-file", "blob", blob))
            # a note of real arithmetic alone ("the error introduced is 0") bounds no float implementation: its
            # implementations are measured all the same
            bounded = bool(float_bounds(read_note(note)) or summation_bounds(read_note(note)))
            print(f"{op.name}: note of {date} ({commit[:7]}), {'with' if bounded else 'no'} float bounds",
                  file=sys.stderr)
            for impl in args.impl or IMPLS:
                for dtype in DTYPES:
                    report = measure(op.name, note if bounded else None, impl, dtype, args.sample, scratch)
                    lines.append(row(op.name, impl, dtype, report, bounded))
                    print(lines[-1], file=sys.stderr)
        if not args.op:   # the operators whose result IEEE 754 prescribes (with --op: the first table's only)
            lines += ["", PRESCRIBED.format(sample=args.sample), "",
                      "| operator | implementation | format | against the result IEEE 754 prescribes |",
                      "|---|---|---|---|"]
            for op in (o for o in operators.in_pipeline().values()
                       if o.operation.exactness != "approximate" and o.operation.result == "same"):
                if not versions(args.repo, f"{INFORMAL}{op.name.lower()}/{op.name.lower()}_acc.md"):
                    continue
                print(f"{op.name}: a note; its results prescribed ({op.operation.exactness})", file=sys.stderr)
                for impl in args.impl or IMPLS:
                    for dtype in DTYPES:
                        lines.append(bit_row(op.name, impl, dtype,
                                             measure(op.name, None, impl, dtype, args.sample, scratch)))
                        print(lines[-1], file=sys.stderr)
    table = "\n".join(lines) + "\n"
    if args.out:
        args.out.write_text(HEADER.format(date=datetime.date.today().isoformat(), sample=args.sample,
                                          pairs=CONTRACTION_PAIRS) + table)
    else:
        print(table, end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
