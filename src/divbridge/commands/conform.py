"""`divbridge conform --impl IMPL --dtype D [--op OP | --spec DOC]`: does an implementation of an operator
(`options.DEFAULT_OPERATOR` by default) follow SONNX?"""

from __future__ import annotations

import argparse
import sys

from divbridge import checkout, operators
from divbridge.atomicio import write_json_atomic
from divbridge.commands import options
from divbridge.conform import accuracy, ckernel, conformance, peertable
from divbridge.crosscheck import vectors
from divbridge.conform.impls import Impl, load_impl
from divbridge.errors import InputError, Tampered
from divbridge.formats import BF16, FP16, FloatFormat, get_format
from divbridge.document.accuracy import read_note
from divbridge.obligations.accuracy import float_bounds, note_operator, summation_bounds
from divbridge.report import errorplot

NAME = "conform"
HELP = (f"check an implementation of an operator ({', '.join(operators.in_pipeline())}) against the SONNX semantics on "
        "concrete vectors (exit 1 on a mismatch)")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--impl", required=True,
                        help="onnxruntime, onnx-reference, numpy, openvino[:option=value...], jax, module:function or "
                             "path/to/file.py:function (a callable taking the operator's inputs, two NumPy arrays of "
                             "the dtype or one, and returning one), or path/to/kernel.c:FUNC (void FUNC(const T *a, "
                             "const T *b, T *c, size_t n), of one input void FUNC(const T *a, T *c, size_t n), a condition or a "
                             "bool result a bool array; "
                             "uint16_t bits for fp16/bf16; path/to/kernel.c alone: FUNC is <op>_<dtype>, e.g. "
                             f"{ckernel.function_name(options.DEFAULT_OPERATOR, FP16)}); user code runs in a child process "
                             "with a time and a memory limit")
    parser.add_argument("--op", type=options.measured_operator_name, metavar="OP",
                        help=f"the operator implemented: {options.OPERATOR_CHOICES}; or one IEEE 754 does not "
                             f"prescribe ({', '.join(_MEASURED)}), whose error is measured in ulps and relative to "
                             "the exact value (docs/conformance.md)")
    parser.add_argument("--max-ulp", type=float, metavar="U",
                        help="with an operator whose error is measured: exit 1 when it exceeds U ulps on an input")
    parser.add_argument("--max-relative", type=float, metavar="R",
                        help="with an operator whose error is measured: exit 1 when its relative error exceeds R")
    parser.add_argument("--note", metavar="NOTE", type=options.existing_file,
                        help="with an operator whose error is measured: its accuracy note (<op>_acc.md), whose "
                             "bounds on the introduced error the implementation must hold on every input measured")
    parser.add_argument("--plot", metavar="F.svg", type=options.report_file,
                        help="with an operator whose error is measured: draw the error of each input against the "
                             "bound into this SVG file")
    parser.add_argument("--cflags", default="", help="C compiler flags for a kernel.c, e.g. \"-O3 -ffast-math\"")
    parser.add_argument("--dtype", required=True, action="append",
                        help="the format to check (repeatable): fp16, bf16, fp32, fp64, int8 ... uint64")
    scope = parser.add_mutually_exclusive_group()
    scope.add_argument("--exhaustive", action="store_true",
                       help="every pair of FP16 and BF16 (2^32 each, about 14 s for a fast C kernel): their default")
    scope.add_argument("--sample", type=options.integer(1, MAX_SAMPLE), metavar="N",
                       help="FP16 and BF16 too on sampled pairs only: N random pairs per format beside the worked "
                            f"examples, ONNX's cases and the special values (the other formats: {vectors.RANDOM_COUNT})")
    parser.add_argument("--seed", type=options.seed, default=vectors.DEFAULT_SEED,
                        help="seed of the random vectors (0 to 2^32 - 1)")
    parser.add_argument("--spec", metavar="DOC", type=options.existing_file,
                        help=options.SPEC_HELP)
    parser.add_argument("--json", metavar="F", type=options.report_file, help="write the report as JSON to F")
    parser.add_argument("--unsandboxed", action="store_true",
                        help="run user code without the sandbox (bubblewrap) where there is none: with all your "
                             "rights; the run then fails if a file of the checkout changes meanwhile")


MAX_SAMPLE = 10**8   # a few GB of operands at most
_MEASURED = [op.name for op in operators.OPERATORS.values() if op.operation.exactness == "approximate"]


def run(args: argparse.Namespace) -> int:
    formats = [get_format(name) for name in args.dtype]
    for fmt in formats:
        if fmt.dtype is None:
            raise InputError(f"--dtype {fmt.name}: an implementation takes NumPy arrays; {fmt.name} has no dtype")
    op = options.chosen_operator(args.op, args.spec)
    # unsandboxed, code under test could write the checkout: its files are compared before and after
    before = checkout.Snapshot() if args.unsandboxed else None
    try:
        impls = _load(args, op, formats)   # the code under test loads (and runs its module code) here
    finally:
        _untouched(before)
    print(f"conform {_name(impls)}" + ("" if op is options.DEFAULT_OPERATOR else f" as {op.name}") + f": seed {args.seed}",
          flush=True)
    if op.operation.exactness == "approximate":
        return _measure(impls, formats, args, before)
    if args.max_ulp is not None or args.max_relative is not None or args.plot is not None or args.note is not None:
        raise InputError(f"--max-ulp, --max-relative, --note and --plot are about a measured error: {op.name}'s "
                         "results are judged bit for bit")
    if args.exhaustive and op.arity > 2:
        raise InputError(f"--exhaustive judges every pair of inputs: {op.name}'s {op.arity} inputs are judged on "
                         "samples (--sample N)")
    try:
        reports = [_check(impl, fmt, args) for impl, fmt in zip(impls, formats)]
    finally:   # the child process of user code and its shared memory, also on Ctrl-C
        for impl in impls:
            impl.close()
        _untouched(before)
    verdict = "; ".join(_verdict(report) for report in reports)
    ok = all(r.clean for r in reports)
    print(f"{_name(impls)}: {verdict}")
    if args.json:
        named = {"operator": name} if (name := operators.obligation_name(op)) else {}
        write_json_atomic(args.json, {"impl": _name(impls), **named, "seed": args.seed,
                                      "conforms": all(r.conforms for r in reports),
                                      "no_mismatch": ok, "formats": [r.to_json() for r in reports]})
    return 0 if ok else 1


def _measure(impls: list[Impl], formats, args: argparse.Namespace, before) -> int:
    """The error of an implementation of an operator IEEE 754 does not prescribe, per format: over every input of
    FP16 and BF16 (an operator of one input, unless --sample), else over a sample; against a note's bounds."""
    note = _note(args.note, impls[0].op) if args.note else None
    try:
        reports = []
        for impl, fmt in zip(impls, formats):
            if not isinstance(fmt, FloatFormat):
                raise InputError(f"--dtype {fmt.name}: {impl.op.name} is typed on floats only")
            if impl.op.operation.contraction:   # matrix pairs of a few shapes, each element a contraction
                if args.exhaustive:
                    raise InputError(f"--exhaustive: {impl.op.name}'s inputs are matrices, run on seeded samples "
                                     "(--sample N pairs of each shape)")
                bounds = accuracy.contraction_bounds(note, fmt) if note is not None else []
                reports.append(accuracy.measure_contractions(
                    impl, fmt, accuracy.contraction_inputs(fmt, args.sample or accuracy.CONTRACTION_PAIRS, args.seed),
                    args.max_ulp, args.max_relative, bounds, _progress(fmt, "matrix pair", "sample")))
                print(accuracy.render(reports[-1]), flush=True)
                continue
            if fmt in EXHAUSTIVE and impl.op.arity == 1 and args.sample is None:
                columns, source = accuracy.every_input(fmt), "exhaustive"
            else:
                count = args.sample or vectors.RANDOM_COUNT
                columns, source = accuracy.sampled_inputs(fmt, impl.op.arity, count, args.seed), "sample"
            bounds = accuracy.note_bounds(note, impl.op, fmt) if note is not None else []
            reports.append(accuracy.measure(impl, fmt, columns, source, args.max_ulp, args.max_relative,
                                            _progress(fmt, "input", source), bounds))
            print(accuracy.render(reports[-1]), flush=True)
    finally:
        for impl in impls:
            impl.close()
        _untouched(before)
    print(f"{_name(impls)}: " + "; ".join(_measured_verdict(r) for r in reports))
    if args.plot:
        errorplot.write(args.plot, f"{impls[0].op.name}: {_name(impls)}", reports)
    if args.json:
        write_json_atomic(args.json, {"impl": _name(impls), "operator": impls[0].op.name, "seed": args.seed,
                                      "measured": True, "within": all(r.within for r in reports),
                                      "formats": [r.to_json() for r in reports]})
    return 0 if all(r.within for r in reports) else 1


def _note(path, op):
    """The accuracy note of ``op`` at ``path``, which must state a bound on the error its implementations
    introduce."""
    note = read_note(path)
    if note_operator(note) is not op:
        raise InputError(f"a note of {note.operator or 'no operator'}, not of --op {op.name}", str(path))
    if not (summation_bounds(note) if op.operation.contraction else float_bounds(note)):
        raise InputError(f"no bound on the error a float implementation of {op.name} introduces is read in it "
                         "(check-spec says what is read)", str(path))
    return note


def _measured_verdict(report: accuracy.FormatAccuracy) -> str:
    name = report.fmt.name
    if report.errors:
        return f"the run failed on {name}"
    if report.specials:
        return f"special values NOT IEEE 754's on {name}"
    if report.max_ulp is None and report.max_relative is None and not report.bounds:
        return f"measured on {name} (no bound given)"
    return f"{'within' if report.within else 'NOT within'} the bounds on {name}"


def _load(args: argparse.Namespace, op, formats) -> list[Impl]:
    """The implementation of ``op`` for each format: one for all, but a C file named alone defines one function
    per type, ``<op>_<dtype>`` (`ckernel.function_name`)."""
    if not args.impl.endswith(".c"):
        return [load_impl(args.impl, args.cflags, op=op, unsandboxed=args.unsandboxed)] * len(formats)
    impls: list[Impl] = []
    try:
        for fmt in formats:
            impls.append(load_impl(f"{args.impl}:{ckernel.function_name(op, fmt)}", args.cflags, op=op,
                                   unsandboxed=args.unsandboxed))
    except BaseException:   # one function missing: the children already started end
        for impl in impls:
            impl.close()
        raise
    return impls


def _name(impls: list[Impl]) -> str:
    return ", ".join(dict.fromkeys(impl.name for impl in impls))


def _untouched(before: checkout.Snapshot | None) -> None:
    """Unsandboxed: fail the run when a file of the checkout changed while the code under test ran.  Nothing is
    put back: the code may have written it, or the user (whose work is never reverted)."""
    changed = before.changed() if before is not None else []
    if changed:
        raise Tampered(f"{len(changed)} file(s) of the checkout changed while unsandboxed code under test ran "
                       f"({', '.join(changed[:5])}): it may have written them, or you did; nothing is put back "
                       f"(git diff shows the changes); its verdicts are void")


def _check(impl, fmt, args) -> conformance.FormatConformance:
    # every pair of FP16 or BF16 by default; an operator of three inputs on samples (its inputs are no pairs)
    exhaustive = fmt in EXHAUSTIVE and args.sample is None and impl.op.arity <= 2
    random_count = args.sample or vectors.RANDOM_COUNT
    report = conformance.check(impl, fmt, vectors.vector_sets(fmt, args.seed, document=args.spec,
                                                          random_count=random_count, op=impl.op))
    if exhaustive:
        full = conformance.check_exhaustive(impl, fmt, progress=_progress(fmt, impl.op.vocabulary.roles[0]))
        if full.errors:   # the run stopped there: say so
            print(f"  {fmt.name} exhaustive: stopped by the error below after "
                  f"{full.vectors.get('exhaustive', 0)} pairs", file=sys.stderr)
        report.vectors.update(full.vectors)
        report.mismatches += full.mismatches
        report.payload_differences += full.payload_differences
        report.errors += full.errors
        report.examples += full.examples[: max(0, conformance.MAX_EXAMPLES - len(report.examples))]
    print(render(report))
    return report


EXHAUSTIVE = (FP16, BF16)   # the formats whose every pair can be judged (2^32)


def _verdict(report: conformance.FormatConformance) -> str:
    """What the run can say: conforms only on every pair (every input of an operator of one); a clean sample is
    stated as a sample."""
    name = report.fmt.name
    unit = "input" if report.op.arity == 1 else "pair"
    if not report.clean:
        return f"does NOT conform on {name}"
    if report.conforms:
        return f"conforms on {name} (exhaustive: every {unit})"
    pairs = sum(report.vectors.values())
    return f"no mismatch in {pairs} sampled {unit}s on {name} (not exhaustive)"


def _progress(fmt, role: str, source: str = "exhaustive"):
    """Progress of a long run on stderr: one line redrawn on a terminal, a line per tenth otherwise; ``role``:
    what is counted (the first operand, as `Vocabulary.roles` calls it)."""
    redraw = sys.stderr.isatty()
    shown = [0]   # the last tenth printed

    def show(done: int, total: int) -> None:
        line = f"  {fmt.name} {source}: {done}/{total} {role}s"
        if redraw:
            print(f"\r{line}", end="\n" if done == total else "", file=sys.stderr, flush=True)
        elif done * 10 // total > shown[0]:
            shown[0] = done * 10 // total
            print(line, file=sys.stderr, flush=True)
    return show


def render(report: conformance.FormatConformance) -> str:
    sources = ", ".join(f"{source} {count}" for source, count in report.vectors.items())
    total = sum(report.vectors.values())
    lines = [f"  {report.fmt.name} ({report.semantics} semantics): {total} vectors ({sources}), "
             f"{report.outside_domain} outside the domain (not judged), "
             f"{report.mismatches} mismatches, {report.payload_differences} NaN payload differences, "
             f"{len(report.errors)} errors"]
    for error in report.errors:
        lines.append(f"    ERROR ({error['source']}, {error['kind']}): {error['detail']} "
                     f"[first input {error['first_input']}]")
    for ex in report.examples:
        lines.append(f"    MISMATCH ({ex['source']}): {peertable.inputs_shown(ex, report.op.vocabulary.infix)}: "
                     f"expected {ex['expected']}, got {ex['actual']}")
    return "\n".join(lines)
