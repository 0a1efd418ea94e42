"""`divbridge prove [--spec DOC]`: every obligation the spec documents require, through their provers.

Without --spec, every document of ``proofs/spec/`` (each document's operator is the one it names:
`obligations.catalog.spec_operator`), proved on one pool of workers, each operator's evidence (results.json, the
rendered theories and SMT-LIB files, the Why3 sessions) into its directory (`operators.evidence_dir`:
``proofs/`` for the operator whose description keeps its evidence there, ``proofs/<op>/`` for the
others); with --spec, that document into ``--out``
itself.  The document decides the obligations: see `obligations.document` and `obligations.catalog`.  Prints a line
per finished obligation, a summary table per document and one line for them all.  Exit 0 only when every verdict
of every document matches its expectation.
"""

from __future__ import annotations

import argparse
import fnmatch
import io
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from divbridge import cachedir, operators
from divbridge.commands import options, uptodate
from divbridge.errors import InputError
from divbridge.provers import process, toolprobe
from divbridge.provers.portfolio import PROVERS, SMT_SOLVERS, TIMEOUT_S, backends

# The document reader, the statements, the provers and the operator registry (NumPy) (0.4 s of imports) are
# imported by the functions that use them: a run the up-to-date check (`uptodate`) answers does not need them.
if TYPE_CHECKING:
    from divbridge.operators.model import Operator
    from divbridge.provers.verdicts import ObligationResult
    from divbridge.provers.why3session import Skeletons
    from divbridge.results import Results

NAME = "prove"
HELP = ("prove the obligations of every spec document of proofs/spec/ (Why3 + Z3, SMT portfolio, Gappa, Coq, "
        f"exhaustive), each operator's into its evidence directory ({options.evidence_of_each('results.json')})")



def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--spec", type=options.existing_file, default=None, metavar="DOC",
                        help=f"the spec document to prove, its evidence into --out itself (default: every document "
                             f"of {SPEC_DIR}/, each operator's evidence into its directory: "
                             f"{options.evidence_of_each()})")
    parser.add_argument("--only", action="append", metavar="GLOB",
                        help="prove only the obligations whose id matches (repeatable), e.g. 'float.fp16.*'; "
                             f"a filtered run writes to --out (default {FILTERED_OUT}/), never the baseline")
    parser.add_argument("--provers", default=",".join(PROVERS),
                        help=f"comma-separated provers to use (default: all of {','.join(PROVERS)}; fewer: a filtered "
                             "run)")
    parser.add_argument("--agree", type=options.integer(1, len(PROVERS)), default=1, metavar="N",
                        help="number of provers that must agree before a verdict counts (default 1; at most the "
                             "number of provers chosen)")
    parser.add_argument("--jobs", type=options.integer(1, MAX_JOBS), default=os.cpu_count() or 1, metavar="N",
                        help="obligations proved in parallel (default: the number of cores)")
    parser.add_argument("--timeout", type=options.seconds(), default=None, metavar="S",
                        help=f"time limit of every prover run, Why3's included, seconds (default: {DEFAULT_TIMEOUT:g} s "
                             "a solver run, the slowest proofs taking 10-20 s here; Why3's Z3 bounded by its steps, "
                             "under time caps of up to 180 s)")
    parser.add_argument("--grace", type=options.seconds(allow_zero=True), default=0.0, metavar="S",
                        help="once an obligation is decided, how long the other racing provers may still finish "
                             "(their proofs are kept as evidence) before they are stopped (default 0)")
    parser.add_argument("--confirm", action="store_true",
                        help="ask every prover on every obligation, whatever decided it: results.json records how "
                             "many independent tools confirmed each verdict, and each disagreement fails the run")
    parser.add_argument("--race", action="store_true",
                        help="run every prover at once on each obligation instead of the cheapest first "
                             "(Gappa before the others); with --agree 2 or --grace for second proofs")
    parser.add_argument("--cache-dir", type=options.cache_dir, default=None, metavar="DIR",
                        help="the proof cache, a writable directory on a regular filesystem (default: "
                             "$DIVBRIDGE_CACHE/proofs, else .cache/divbridge/proofs; DIVBRIDGE_CACHE=off: no cache)")
    cache = parser.add_mutually_exclusive_group()
    cache.add_argument("--no-cache", action="store_true", help="ignore the proof cache")
    cache.add_argument("--offline", action="store_true",
                       help="answer only from the cache: a missing entry is an error, not a pass")
    parser.add_argument("--out", type=_out_dir, default=None, metavar="DIR",
                        help=f"where the rendered obligations and results.json go (default {BASELINE}/ for a "
                             f"complete run, {FILTERED_OUT}/ for a filtered one)")
    parser.add_argument("--no-crosscheck", action="store_true",
                        help="skip the cross-check of the proved properties on concrete vectors (a filtered run)")
    parser.add_argument("--accept-unread", action="append", type=options.unread_lines, default=[], metavar="LINES",
                        help=options.ACCEPT_UNREAD_HELP + " (results.json records each, marked accepted)")
    parser.add_argument("--replay", action="store_true",
                        help="re-run every proof and refutation recorded in results.json (in --out, default "
                             "proofs/) with the prover and version that gave it, ignoring the cache; a missing prover, "
                             "another version or another answer fails (exit 1)")


BASELINE = Path("proofs")                 # the committed evidence: written only by a complete run
DEFAULT_TIMEOUT = TIMEOUT_S                # a prover run's limit without --timeout
SPEC_DIR = BASELINE / "spec"              # the documents a run without --spec proves
FILTERED_OUT = Path("build/filtered")     # where a filtered run writes unless told
MAX_JOBS = 256


def _out_dir(text: str) -> Path:
    """--out: the baseline (which a complete run rewrites, and only it), or a directory holding no tracked file."""
    return Path(text) if Path(text).resolve() == BASELINE.resolve() else options.output_dir(text)


def run(args: argparse.Namespace) -> int:
    provers = _provers(args.provers)
    if args.agree > len(provers):
        raise InputError(f"--agree {args.agree}: only {len(provers)} prover(s) chosen ({', '.join(sorted(provers))})")
    specs = _specs(args)
    options.unknown_documents(_accepted_entries(args), specs)
    if args.replay:
        return replay(args, specs, provers)
    root = _out(args, provers)
    mode, cache_dir = _cache(args)
    done: dict[Path, tuple[Path, int]] = {}   # document -> the directory of its evidence, its exit code
    pending: list[tuple[Path, uptodate.Stamp | None]] = []
    for spec in specs:
        stamp = uptodate.Stamp(cache_dir, _stamp_options(args, spec, provers, root), spec) if mode == "readwrite" \
            else None
        last = stamp.standing() if stamp is not None else None
        if last is None:
            pending.append((spec, stamp))
            continue
        out = Path(last["out"])
        recorded = _verified(out / "results.json")
        if recorded is None:
            pending.append((spec, stamp))
            continue
        print(f"divbridge prove: {spec}: up to date: the document, divbridge, its tools, the options, the "
              f"{len(last['entries'])} cache entries and the {len(last['outputs'])} files under {out}/ are those of "
              f"the run of {last['when']}; its results stand (--no-cache proves again)")
        print(summary_text(recorded), end="")   # from the results, verified: never from the stamp
        print(f"results unchanged in {out / 'results.json'}")
        done[spec] = out, 0 if recorded.as_expected else 1
    if pending:
        done.update(_prove(args, provers, root, mode, cache_dir, pending, stood={s: out for s, (out, _) in done.items()}))
    if len(done) > 1:
        failed = sum(code != 0 for _, code in done.values())
        print(f"\ndivbridge prove: {len(done)} documents, {len(done) - failed} as expected, {failed} NOT as expected:")
        for spec in [spec for spec in specs if spec in done]:
            out, code = done[spec]
            print(f"  {spec}: {'as expected' if code == 0 else 'NOT as expected'} ({out / 'results.json'})")
    return max(code for _, code in done.values())


def _verified(path: Path) -> Results | None:
    """The results an up-to-date run stands on, verified (`results.verify`); None (a full run) when they do not
    check."""
    from divbridge.results import verify
    try:
        return verify(path)
    except InputError as exc:
        print(f"divbridge: warning: {exc}; proving again", file=sys.stderr, flush=True)
        return None


def _specs(args: argparse.Namespace) -> list[Path]:
    """The documents to prove: --spec's, else every document of proofs/spec/ (the one whose evidence is the
    baseline itself first, `_baseline_document`)."""
    if args.spec is not None:
        return [args.spec]
    found = sorted(SPEC_DIR.glob("*.md"), key=lambda path: (path != _baseline_document(), path.name))
    if not found:
        raise InputError("no spec document (*.md) to prove; or name one with --spec", str(SPEC_DIR))
    return found


@dataclass
class _Document:
    """One document of the run: its obligations (--only's), where its evidence goes, its up-to-date stamp."""
    spec: Path
    obligations: list
    out: Path
    stamp: uptodate.Stamp | None


def _documents(args: argparse.Namespace, root: Path, pending: list[tuple[Path, uptodate.Stamp | None]],
               stood: dict[Path, Path]) -> list[_Document]:
    """The documents to prove, each read, with its obligations and its evidence directory: ``root`` for one
    named by --spec; else its operator's under ``root`` (`operators.evidence_dir`: ``proofs/<op>/``).  A
    run of every document leaves out those of which --only selects nothing (``stood``: the documents whose
    results stood, and their directories; with some, no selection at all is no error)."""
    from divbridge.obligations.catalog import spec_operator
    if args.spec is not None:
        (spec, stamp), = pending
        return [_Document(spec, select(_catalogue(spec), args.only, spec), root, stamp)]
    documents, owners = [], {out: spec for spec, out in stood.items()}
    for spec, stamp in pending:
        obligations = _matching(_catalogue(spec), args.only)
        if not obligations:
            print(f"divbridge prove: {spec}: no obligation matches --only: left out", flush=True)
            continue
        op = spec_operator(spec)
        out = evidence_out(root, op)
        if out in owners:
            raise InputError(f"a second document of {op.name} (the first: {owners[out]}): each operator has one "
                             f"document here, whose evidence goes to {out}/", str(spec))
        owners[out] = spec
        documents.append(_Document(spec, obligations, out, stamp))
    if not documents and not stood:
        raise InputError(f"--only {' '.join(args.only)} matches no obligation")
    return documents


def evidence_out(root: Path, op: Operator) -> Path:
    """The directory of an operator's evidence under the output root: `operators.evidence_dir` with ``root``
    in place of ``proofs/`` (``build/filtered/<op>/`` for an operator's evidence of a filtered run)."""
    return root / operators.evidence_dir(op).relative_to(BASELINE)


def _others(out: Path, root: Path) -> list[str]:
    """The directories under ``out`` that hold what is not its document's evidence: the other operators'
    evidence (the baseline ``proofs/`` holds ``proofs/<op>/``) and the documents (``proofs/spec/``)."""
    inside = [evidence_out(root, op) for op in operators.OPERATORS.values()] + [root / SPEC_DIR.relative_to(BASELINE)]
    return sorted(path.relative_to(out).as_posix() for path in inside if path != out and path.is_relative_to(out))


def _prove(args: argparse.Namespace, provers: set[str], root: Path, mode: str, cache_dir: Path,
           pending: list[tuple[Path, uptodate.Stamp | None]], stood: dict[Path, Path]
           ) -> dict[Path, tuple[Path, int]]:
    """The run itself: every obligation of the documents through the cache and the provers on one pool (each
    document's files rendered in its own directory), then per document the cross-check and the results."""
    from divbridge.obligations.catalog import spec_summary
    from divbridge.provers.cache import ProofCache
    from divbridge.provers.runner import RunOptions, Runner
    documents = _documents(args, root, pending, stood)
    if not documents:   # --only selects nothing of the documents whose results do not stand
        return {}
    cache = ProofCache(cache_dir, mode)
    runner = Runner(backends(provers, args.timeout), cache,
                    RunOptions(timeout=_timeout(args), agree=args.agree, jobs=args.jobs, grace=args.grace,
                               race=args.race, provers=provers, confirm=args.confirm), root)
    summaries = {}
    for document in documents:
        source, summaries[document.spec] = spec_summary(document.spec, document.obligations,
                                                        _accepted(args, document.spec))
        print(f"divbridge prove: {summaries[document.spec]['path']}: {source}; "
              f"{len(document.obligations)} obligations, provers {', '.join(sorted(provers))}, "
              f"{args.jobs} jobs, {_timeout(args):g} s limit{' (every prover)' if args.timeout else ''}, "
              f"cache {mode}", flush=True)
    if len(documents) > 1:
        count = sum(len(document.obligations) for document in documents)
        print(f"divbridge prove: the {count} obligations of the {len(documents)} documents on one pool of "
              f"{args.jobs} jobs", flush=True)
    with toolprobe.recording() as tools:   # the tools this run asks (the up-to-date check stands on them)
        proved, versions = runner.run_batches([(document.obligations, document.out) for document in documents])
        smoke_tests([result for results in proved for result in results], cache, args.jobs, runner.backends)
    process.raise_failure()   # a prover thread died (a full disk): nothing of this run is written
    executables = {name: found for prover in sorted(provers)
                   for name, found in toolprobe.prover_identity(prover).items()}
    done = {}
    for document, results in zip(documents, proved):
        exit_code, written = _record(args, provers, document.out, results, versions, executables,
                                     summaries[document.spec], cache)
        ids = {result.id for result in results}
        if document.stamp is not None and written and not runner.uncached & ids:
            document.stamp.write(document.out, _others(document.out, root), cache.entries_of(ids),
                                 tools)
        done[document.spec] = document.out, exit_code
    return done


def _record(args: argparse.Namespace, provers: set[str], out: Path, proved: list[ObligationResult],
            versions: dict[str, str], executables: dict, summary: dict, cache) -> tuple[int, bool]:
    """One document's results: the cross-check, results.json and the Why3 sessions under ``out``, its summary
    printed; returns its exit code and whether its results were written (never when the run cannot stand on its
    provers' answers: `contradicted`)."""
    from divbridge.results import Results
    results = Results(proved, tool_versions=versions, tools=dict(sorted(executables.items())), document=summary,
                      confirm=args.confirm)
    skeletons = _start_skeletons(results, out) if "why3" in provers else None
    if not args.no_crosscheck:
        from divbridge.crosscheck.run import run_crosscheck   # numpy and the mirror: only when asked
        print("cross-check: evaluating the proved properties on concrete vectors ...", flush=True)
        # the peers (ONNX Runtime...) are `divbridge crosscheck`'s job, not the proof run's
        results.crosscheck = run_crosscheck(results)
    distrusted = contradicted(results)
    if distrusted:
        gone = cache.evict(set(distrusted))
        print(f"\n{len(distrusted)} answer(s) of the provers are contradicted, so this run cannot stand on its "
              f"provers (a lying or broken prover?):")
        for oid, why in distrusted.items():
            print(f"  {oid}: {why}")
        print(f"results NOT written: the evidence in {out}/ is left as it was; {len(gone)} cache entries behind "
              f"them removed")
        return 1, False
    _record_smt_status(proved, out)
    earlier = _earlier(out / "results.json", proved)
    results.save(out / "results.json")
    if skeletons is not None:
        write_why3_sessions(results, out, args.timeout, skeletons)   # None: the backstop
    from divbridge.provers import reproved
    print(reproved.line(results.obligations, earlier), flush=True)
    sys.stdout.write(summary_text(results))
    print(f"results written to {out / 'results.json'}")
    return 0 if results.as_expected else 1, True


def contradicted(results: Results) -> dict[str, str]:
    """Obligation id -> why its verdict cannot be believed: a proof the cross-check refutes on a concrete
    vector, an obligation that one prover proves and another refutes, or, when every refutation probe (an
    obligation expected invalid: a known defect) of the run is proved, each of them (a prover that answers
    "proved" to everything)."""
    from divbridge.provers.verdicts import DEFINITE
    found = {}
    for r in results.obligations:
        check = r.crosscheck or {}
        if r.verdict == "proved" and check.get("vectors", 0) > 0 and check.get("failures", 0) > 0:
            found[r.id] = f"proved by {r.prover}, but false on a concrete vector: {check['first_failure']}"
        answers = {a.verdict for a in r.attempts}
        if {"proved", "refuted"} <= answers:
            found[r.id] = "; ".join(f"{a.prover} answers {a.verdict}" for a in r.attempts if a.verdict in DEFINITE)
    probes = [r for r in results.obligations if r.expect == "invalid"]
    if probes and all(r.verdict == "proved" for r in probes):
        for r in probes:
            found.setdefault(r.id, f"a probe of a known defect, proved by {r.prover} (as is every probe of the run)")
    return found


def summary_text(results: Results) -> str:
    """What a run prints after its progress lines: the summary, the uncovered statements, the cross-check."""
    printed = io.StringIO()
    print_summary(results.obligations, printed)
    print_uncovered(results.uncovered, printed)
    if results.crosscheck is not None:
        print_crosscheck(results, printed)
    if results.confirm:
        print_confirmations(results, printed)
    return printed.getvalue()


def _record_smt_status(results: list[ObligationResult], out: Path) -> None:
    """Each rendered SMT-LIB query's ``:status``: what an SMT solver established, else the route taken."""
    from divbridge.obligations.smtrender import record_status
    for result in results:
        path = out / "smt" / f"{result.id}.smt2"
        if "smt" in result.artifacts and path.exists():
            record_status(path, result.verdict, result.prover, SMT_SOLVERS)


def smoke_tests(results: list[ObligationResult], cache, jobs: int, run_backends) -> None:
    """Each result's smoke tests (`provers.smoke`), from the cache or two short SMT queries (on the SMT
    backend's solver workers when the run has them: started already)."""
    from divbridge.provers import smoke
    from divbridge.provers.smt import SmtBackend
    print("smoke tests: are the hypotheses satisfiable, does each conclusion need its operator? ...",
          flush=True)
    pool = next((b.pool for b in run_backends if isinstance(b, SmtBackend)), None)
    found = smoke.check([r.obligation for r in results], cache, jobs, pool)
    for result in results:
        result.smoke = found[result.id]


def _earlier(path: Path, proved: list[ObligationResult]) -> list[ObligationResult] | None:
    """The results of the run before, which this one replaces: what prove's "proved again" line compares
    with (`reproved`); read only when the run proved something again, None when there is none to read."""
    from divbridge.provers.reproved import proved_again
    from divbridge.results import load
    if not proved_again(proved) or not path.is_file():
        return None
    try:
        return load(path).obligations
    except InputError:   # another schema, or damaged: every answer counts as a new statement's
        return None


def _baseline_document() -> Path:
    """The project's document of the operator whose evidence is the baseline directory itself (its description
    says so, `model.Evidence`): --spec naming it alone is a complete run."""
    return next((operators.spec_document(op) for op in operators.OPERATORS.values()
                 if operators.evidence_dir(op) == BASELINE), SPEC_DIR / "")


def _catalogue(spec: Path) -> list:
    """The document's obligations, and divbridge's strategies of its operator (those its library claims; an
    accuracy note binds its own claims only)."""
    from divbridge.document.notes import is_note_file
    from divbridge.obligations.catalog import requirement_tags, spec_obligations, spec_operator
    from divbridge.obligations.strategies import strategy_obligations
    if is_note_file(spec):
        return spec_obligations(spec)
    obligations = spec_obligations(spec)
    op = spec_operator(spec)
    if not requirement_tags(spec):   # divbridge's own strategies alone would pass for the document's proof
        raise InputError(f"no requirement tag in the document (a SONNX spec marks each requirement, as "
                         f"[{op.tag_prefix}FLOAT_FUNC_0010]): nothing of it to prove", str(spec))
    return obligations + strategy_obligations(op)


def _stamp_options(args: argparse.Namespace, spec: Path, provers: set[str], out: Path) -> dict:
    """Everything of the command line a document's run outcome may depend on, as the up-to-date check compares
    it (``out``: the output root)."""
    return {"spec": str(spec.resolve()), "only": args.only, "provers": sorted(provers), "agree": args.agree,
            "jobs": args.jobs, "timeout": args.timeout, "grace": args.grace, "race": args.race, "confirm": args.confirm,
            "crosscheck": not args.no_crosscheck, "out": str(out.resolve()),
            "accept_unread": sorted(_accepted(args, spec))}


def _accepted_entries(args: argparse.Namespace) -> list[tuple[str, int]]:
    return [entry for given in args.accept_unread for entry in given]


def _accepted(args: argparse.Namespace, spec: Path) -> frozenset[int]:
    """The unread lines of ``spec`` that --accept-unread accepts (`obligations.coverage`)."""
    return options.accepted_in(_accepted_entries(args), spec, only=args.spec is not None)


def _start_skeletons(results: Results, out: Path) -> Skeletons:
    """The goal trees of the Why3 sessions (`why3session.Skeletons`), started now: beside the cross-check."""
    from divbridge.provers.why3session import Skeletons, theory_files
    return Skeletons(theory_files(results.obligations, out / "why3"))


def write_why3_sessions(results: Results, out: Path, timeout: float | None, skeletons: Skeletons) -> None:
    """The Why3 sessions of the theories under ``out``/why3 (beside results.json: a filtered run writes
    them in its own --out), from this run's Why3 proofs and their goal trees (``skeletons``); `make
    why3-replay` replays them.  Their time cap is the run's --timeout when given, else Why3's backstop."""
    from divbridge.provers.why3 import backstop
    from divbridge.provers.why3session import write_sessions
    cap = timeout if timeout is not None else backstop(DEFAULT_TIMEOUT)
    written = write_sessions(results.obligations, out / "why3", cap, skeletons=skeletons)
    print(f"Why3 sessions written for {len(written)} theories ({out / 'why3'}/<theory>/{'why3session.xml'})",
          flush=True)


def _out(args: argparse.Namespace, provers: set[str]) -> Path:
    """The output root: the baseline only for a complete run (every obligation of the committed documents,
    every prover, the cross-check), which alone may replace the committed evidence."""
    other_document = args.spec is not None and args.spec.resolve() != _baseline_document().resolve()
    filters = [name for name, on in (("--only", args.only), ("--provers", provers != set(PROVERS)),
                                     ("--no-crosscheck", args.no_crosscheck), ("--spec", other_document)) if on]
    if not filters:
        return args.out or BASELINE
    if args.out is None:
        print(f"divbridge prove: a filtered run ({', '.join(filters)}) writes to {FILTERED_OUT}/, "
              f"not the baseline {BASELINE}/", flush=True)
        return FILTERED_OUT
    if args.out.resolve() == BASELINE.resolve():
        raise InputError(f"a filtered run ({', '.join(filters)}) does not write the baseline: give another --out "
                         f"(default {FILTERED_OUT})", str(args.out))
    return args.out


def _cache(args: argparse.Namespace) -> tuple[str, Path]:
    """The cache mode and directory: --cache-dir, else $DIVBRIDGE_CACHE's (``off``: no cache)."""
    root = cachedir.root()
    directory = args.cache_dir or (root or cachedir.DEFAULT_ROOT) / "proofs"   # the proof cache's default
    if args.no_cache or (root is None and args.cache_dir is None):
        return "off", directory
    return ("offline" if args.offline else "readwrite"), directory


def replay(args: argparse.Namespace, specs: list[Path], provers: set[str]) -> int:
    """`--replay`: the recorded evidence of each document again (in --out, default proofs/; each operator's in
    its directory under it when no --spec names one), fail closed."""
    from divbridge.obligations.catalog import spec_operator
    root = args.out or BASELINE
    catalogues = {spec: _catalogue(spec) for spec in specs}
    # a run of every document leaves out those of which --only selects nothing
    chosen = [spec for spec in specs if args.spec is not None or _matching(catalogues[spec], args.only)]
    if not chosen:
        raise InputError(f"--only {' '.join(args.only)} matches no obligation")
    codes = {}
    for spec in chosen:
        out = root if args.spec is not None else evidence_out(root, spec_operator(spec))
        if len(chosen) > 1:
            print(f"replay: {spec}: the evidence of {out / 'results.json'}", flush=True)
        codes[spec] = _replay(args, catalogues[spec], out, provers)
    if len(codes) > 1:
        print(f"\nreplay: {len(codes)} documents: "
              + "; ".join(f"{spec} {'replayed' if code == 0 else 'FAILED'}" for spec, code in codes.items()))
    return max(codes.values())


def _replay(args: argparse.Namespace, catalogue: list, out: Path, provers: set[str]) -> int:
    """One document's evidence (``out``/results.json) again."""
    from divbridge import results as results_model
    from divbridge.provers.replay import replay as replay_evidence, skipped
    from divbridge.provers.runner import RunOptions
    chosen = {o.id for o in select(catalogue, args.only)}
    # its evidence files (the SMT-LIB queries...) must be those results.json was written with: one line, exit 2
    recorded = results_model.verify(out / "results.json")
    # what --only, --provers or another --spec leaves out is said, never counted as replayed
    left_out = skipped(recorded, chosen | ({r.id for r in recorded.obligations} if not args.only else set()), provers)
    if args.only:
        recorded.obligations = [r for r in recorded.obligations if r.id in chosen]
    # rendered again in scratch: a replay of some provers renders only their obligations, which must not
    # replace the committed theories
    with tempfile.TemporaryDirectory(prefix="divbridge-replay-") as scratch:
        count, failures = replay_evidence(recorded, catalogue, lambda chosen: backends(chosen, args.timeout),
                                          RunOptions(timeout=_timeout(args), jobs=args.jobs), Path(scratch),
                                          sessions=out / "why3", provers=provers)
    failures = _changed_tools(recorded.tools, provers) + failures
    if count == 0 and not failures:
        print("replay FAILED: results.json records no proof or refutation to replay"
              + (f" with the chosen obligations and provers ({len(left_out)} left out)" if left_out else ""))
        return 1
    if failures:
        print(f"\nreplay FAILED: {len(failures)} of the recorded proofs and refutations do not replay:")
        for failure in failures:
            print(f"  {failure}")
        return 1
    if left_out:
        print(f"\nreplay: {count} recorded proofs and refutations replayed with the same prover and version; "
              f"{len(left_out)} not replayed (left out by --only/--provers): {', '.join(left_out[:5])}"
              f"{', ...' if len(left_out) > 5 else ''}")
        return 0
    print(f"\nreplay: all {count} recorded proofs and refutations replayed with the same prover and version")
    return 0


def _changed_tools(recorded: dict[str, dict], provers: set[str]) -> list[str]:
    """The executables the replayed provers run that are not those results.json records (path, size, SHA-256):
    a replay on another executable proves nothing about the recorded one."""
    installed = {name: found for prover in provers for name, found in toolprobe.prover_identity(prover).items()}
    return [f"{name}: {installed.get(name, {}).get('path', 'not installed')} (SHA-256 "
            f"{installed.get(name, {}).get('sha256') or '-'}) is not the executable recorded ({tool.get('path')}, "
            f"SHA-256 {tool.get('sha256') or '-'})"
            for name, tool in sorted(recorded.items())
            if name in installed and installed[name] != tool or name not in installed and
            any(name in toolprobe.PROVER_TOOLS.get(prover, ()) for prover in provers)]


def _timeout(args: argparse.Namespace) -> float:
    return args.timeout if args.timeout is not None else DEFAULT_TIMEOUT


def _provers(text: str) -> set[str]:
    chosen = {p.strip() for p in text.split(",") if p.strip()}
    unknown = chosen - set(PROVERS)
    if unknown or not chosen:
        raise InputError(f"unknown prover {', '.join(sorted(unknown)) or '(none given)'} (known: {', '.join(PROVERS)})")
    return chosen


def select(obligations, patterns: list[str] | None, spec: Path | None = None):
    """The obligations --only selects (all without it); none is an error (naming ``spec``, the document)."""
    chosen = _matching(obligations, patterns)
    if not chosen and not patterns:    # an accuracy note whose every claim is unread, say
        raise InputError("the document binds no obligation to prove (check-spec lists what it does not read)",
                         None if spec is None else str(spec))
    if not chosen:
        raise InputError(f"--only {' '.join(patterns)} matches no obligation")
    return chosen


def _matching(obligations, patterns: list[str] | None):
    if not patterns:
        return obligations
    return [o for o in obligations if any(fnmatch.fnmatchcase(o.id, p) for p in patterns)]


def print_summary(results: list[ObligationResult], stream) -> None:
    """A table per family and format, then the open claims and every obligation not as expected."""
    from divbridge.provers.counterexample import show
    from divbridge.results import Tally, operator_of, tally
    header = (f"{'family':<8} {'format':<8} {'total':>6} {'proved':>7} {'defin.*':>8} {'refuted*':>9} {'open':>5} "
              f"{'not as expected':>16}")
    print("\n" + header + "\n" + "-" * len(header), file=stream)
    groups = sorted(tally(results, lambda r: (r.family, r.format)), key=lambda group: group.label)
    overall = (tally(results, lambda r: ("all", "")) or [Tally(("all", ""))])[0]
    for group in groups + [overall]:
        if group is overall:
            print("-" * len(header), file=stream)
        family, fmt = group.label
        print(f"{family:<8} {fmt:<8} {group.total:>6} {group.proved:>7} {group.definitions:>8} "
              f"{group.refuted_as_expected:>9} {group.open:>5} {group.not_as_expected:>16}", file=stream)
    op = operator_of(results)
    print(f"defin.* = proved, but true of any {op.vocabulary.gerund}: a definition restated, not a property of "
          f"{op.name} (smoke test)\n"
          "refuted* = refuted as expected (a probe of a known defect, with its counterexample)", file=stream)
    print_smoke(results, op, stream)
    open_claims = [r for r in results if r.status == "open"]
    if open_claims:
        print(f"\n{len(open_claims)} open claim(s), NOT proved (attempted, no prover settled them):", file=stream)
        for r in open_claims:
            print(f"  {r.id}: {r.verdict}; {r.open}", file=stream)
    failures = [r for r in results if r.status == "not as expected"]
    if failures:
        print(f"\n{len(failures)} obligation(s) not as expected:", file=stream)
        for r in failures:
            detail = f": {r.message}" if r.message else ""
            where = ", ".join(f"{tag or '(no tag)'} line {line}" for tag, line in zip(r.requirements, r.lines) if line)
            vacuous = " of vacuous hypotheses (smoke test: unsatisfiable)" if r.verdict == "proved" else ""
            print(f"  {r.id}: expected {r.expect}, got {r.verdict}{vacuous} ({r.prover}){detail}"
                  + (f"\n    stated at {where}" if where else ""), file=stream)
            for name, value in show(r.counterexample).items():
                print(f"    counterexample: {name} = {value}", file=stream)
            if r.counterexample is not None and r.counterexample.mirror:
                print(f"    the mirror computes {r.counterexample.mirror}", file=stream)
    else:
        print(f"\n{overall.as_expected} of {overall.total} obligations as expected"
              + (f", {len(open_claims)} open" if open_claims else ""), file=stream)


def print_uncovered(uncovered: list[dict], stream) -> None:
    """What the document states that no obligation verifies (unread, or binding nothing): the run is not as
    expected, unless each is an unread line accepted for exploration (listed apart)."""
    failing = [gap for gap in uncovered if not gap.get("accepted")]
    accepted = [gap for gap in uncovered if gap.get("accepted")]
    if failing:
        print(f"\n{len(failing)} statement(s) uncovered, so the run is NOT as expected:", file=stream)
    for gap in failing:
        print(f"  uncovered: {_where(gap)}: «{gap['text']}» {gap['why']}", file=stream)
    if accepted:
        print(f"\n{len(accepted)} unread statement(s) accepted by --accept-unread, NOT proved:", file=stream)
    for gap in accepted:
        print(f"  accepted: {_where(gap)}: «{gap['text']}» {gap['why']}", file=stream)


def _where(gap: dict) -> str:
    return f"{gap['tag']} line {gap['line']}" if gap["tag"] else f"line {gap['line']}"


def print_smoke(results: list[ObligationResult], op: Operator, stream) -> None:
    """The smoke tests' counts (``op``: the results' operator), and the definitions by name."""
    from collections import Counter
    from divbridge.provers.verdicts import Smoke
    smoke = [r.smoke or Smoke() for r in results]
    hypotheses = Counter(s.hypotheses for s in smoke)
    conclusion = Counter(s.conclusion for s in smoke)
    print(f"\nsmoke tests: hypotheses {', '.join(f'{n} {k}' for k, n in sorted(hypotheses.items()))}; "
          f"conclusion {', '.join(f'{n} {k}' for k, n in sorted(conclusion.items()))}", file=stream)
    for r in results:
        if r.definition:
            print(f"  definition: {r.id}: {r.statement}", file=stream)


def print_confirmations(results: Results, stream) -> None:
    """`--confirm`: how many verdicts two or more independent tools gave, and those one tool alone gave."""
    from divbridge.provers.verdicts import DEFINITE, confirmations
    definite = [r for r in results.obligations if r.verdict in DEFINITE]
    alone = [r for r in definite if confirmations(r.attempts, r.verdict) < 2]
    print(f"\nconfirm: {len(definite) - len(alone)} of {len(definite)} verdicts given by two or more independent "
          f"tools; {len(alone)} by one alone (no second prover answered):", file=stream)
    for r in alone:
        print(f"  {r.id}: {r.verdict} by {r.prover} only", file=stream)


def print_crosscheck(results: Results, stream) -> None:
    """How many vectors checked the proved properties, and where the mirror disagrees."""
    check = results.crosscheck
    sources = ", ".join(f"{count} {source}" for source, count in sorted(check["vectors"].items()))
    checked = [r for r in results.obligations if r.crosscheck]
    print(f"\ncross-check (seed {check['seed']}): {len(checked)} obligations on {sources}; "
          f"{check['failures']} failure(s) in {check['seconds']:.1f} s", file=stream)
    for r in checked:
        if r.crosscheck["failures"]:
            print(f"  {r.id}: {r.crosscheck['failures']} failing vector(s), first: {r.crosscheck['first_failure']}",
                  file=stream)
