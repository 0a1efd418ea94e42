"""`divbridge conform --impl IMPL --dtype D`: does an implementation of Div follow SONNX?"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from divbridge.atomicio import write_json_atomic
from divbridge.crosscheck import conform, vectors
from divbridge.crosscheck.impls import load_impl
from divbridge.errors import InputError
from divbridge.formats import BF16, FP16, get_format

NAME = "conform"
HELP = "check an implementation of Div against the SONNX semantics on concrete vectors (exit 1 on a mismatch)"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", required=True,
                        help="onnxruntime, onnx-reference, numpy, module:function or path/to/file.py:function "
                             "(a callable taking two NumPy arrays of the dtype and returning one), or path/to/kernel.c:FUNC "
                             "(void FUNC(const T *a, const T *b, T *c, size_t n); uint16_t bits for fp16/bf16)")
    parser.add_argument("--cflags", default="", help="C compiler flags for a kernel.c, e.g. \"-O3 -ffast-math\"")
    parser.add_argument("--dtype", required=True, action="append",
                        help="the format to check (repeatable): fp16, bf16, fp32, fp64, int8 ... uint64")
    parser.add_argument("--exhaustive", action="store_true", help="also every pair of FP16 and BF16 (2^32 each)")
    parser.add_argument("--seed", type=int, default=vectors.DEFAULT_SEED, help="seed of the random vectors")
    parser.add_argument("--spec", metavar="DOC", help="take the worked examples from this spec document (default: seed 000's)")
    parser.add_argument("--json", metavar="F", help="write the report as JSON to F")


def run(args: argparse.Namespace) -> int:
    formats = [get_format(name) for name in args.dtype]
    for fmt in formats:
        if fmt.dtype is None:
            raise InputError(f"--dtype {fmt.name}: an implementation takes NumPy arrays; {fmt.name} has no dtype")
    if args.spec is not None and not Path(args.spec).is_file():
        raise InputError("no such spec document", args.spec)
    impl = load_impl(args.impl, args.cflags)
    print(f"conform {impl.name}: seed {args.seed}")
    reports = []
    for fmt in formats:
        report = conform.check(impl, fmt, vectors.vector_sets(fmt, args.seed, document=args.spec))
        if args.exhaustive and fmt in (FP16, BF16):
            full = conform.check_exhaustive(impl, fmt, progress=_progress(fmt))
            if full.errors:   # the run stopped there: end the progress line (if any) and say so
                judged = full.vectors.get("exhaustive", 0)
                print(f"{chr(10) if judged else ''}  {fmt.name} exhaustive: stopped by the error below after "
                      f"{judged} pairs", file=sys.stderr)
            report.vectors.update(full.vectors)
            report.mismatches += full.mismatches
            report.payload_differences += full.payload_differences
            report.errors += full.errors
            report.examples += full.examples[: max(0, conform.MAX_EXAMPLES - len(report.examples))]
        reports.append(report)
        print(render(report))
    ok = all(r.conforms for r in reports)
    print(f"{impl.name}: {'conforms' if ok else 'does NOT conform'} on {', '.join(f.name for f in formats)}")
    if args.json:
        write_json_atomic(args.json, {"impl": impl.name, "seed": args.seed, "conforms": ok,
                                      "formats": [r.to_json() for r in reports]})
    return 0 if ok else 1


def _progress(fmt):
    def show(done: int, total: int) -> None:
        print(f"\r  {fmt.name} exhaustive: {done}/{total} numerators", end="\n" if done == total else "",
              file=sys.stderr, flush=True)
    return show


def render(report: conform.FormatConformance) -> str:
    sources = ", ".join(f"{source} {count}" for source, count in report.vectors.items())
    lines = [f"  {report.fmt.name} ({conform.profile_for(report.fmt)} semantics): {sum(report.vectors.values())} "
             f"vectors ({sources}), {report.outside_domain} outside the domain (not judged), "
             f"{report.mismatches} mismatches, {report.payload_differences} NaN payload differences, "
             f"{len(report.errors)} errors"]
    for error in report.errors:
        lines.append(f"    ERROR ({error['source']}, {error['kind']}): {error['detail']} "
                     f"[first input {error['first_input']}]")
    for ex in report.examples:
        lines.append(f"    MISMATCH ({ex['source']}): {ex['a']} / {ex['b']}: expected {ex['expected']}, "
                     f"got {ex['actual']}")
    return "\n".join(lines)
