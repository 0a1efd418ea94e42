"""`divbridge crosscheck`: the proved obligations on concrete vectors, and the peer table of the document's
operator (``--spec``'s, or ``--op``'s; `options.DEFAULT_OPERATOR` by default), beside the results:
``operators.evidence_dir(op)/peers.json``."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from divbridge import operators, results as results_model
from divbridge.atomicio import write_json_atomic
from divbridge.commands import options
from divbridge.conform import peertable
from divbridge.conform.impls import DEPLOYED_PEERS, deployed_peers
from divbridge.errors import InputError
from divbridge.conform.openvino_peer import parse_settings
from divbridge.conform.table import peer_table
from divbridge.crosscheck import vectors
from divbridge.crosscheck.run import run_crosscheck

NAME = "crosscheck"
HELP = ("evaluate every proved obligation on concrete vectors through the mirror; compare the peers "
        "(ONNX Runtime, onnx.reference, NumPy, OpenVINO, JAX) and write proofs/peers.json (exit 1 on a failure)")
PEER_RANDOM_PAIRS = 100_000
MAX_RANDOM = 10**8


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--results", help="the proof results to cross-check (default: the operator's, "
                                           f"{options.evidence_of_each(results_model.FILENAME)})")
    parser.add_argument("--op", type=options.operator_name, metavar="OP",
                        help=f"the operator of the peer table: {options.OPERATOR_CHOICES}")
    parser.add_argument("--seed", type=options.seed, default=vectors.DEFAULT_SEED,
                        help="seed of the random vectors (0 to 2^32 - 1)")
    parser.add_argument("--json", metavar="F", type=options.report_file, help="write the cross-check as JSON to F")
    parser.add_argument("--spec", metavar="DOC", type=options.existing_file,
                        help=options.SPEC_HELP)
    parser.add_argument("--no-peers", action="store_true", help="skip the peer table")
    parser.add_argument("--peers", metavar="P,...",
                        help="the peers to run, comma-separated (default: all of them that apply to the operator: "
                             f"{','.join(DEPLOYED_PEERS)})")
    parser.add_argument("--peers-out", type=options.output_file, default=None, metavar="F",
                        help=f"where the peer table goes (default: {peertable.FILENAME} beside --results, "
                             "read by `divbridge report`)")
    parser.add_argument("--random", type=options.integer(1, MAX_RANDOM), default=PEER_RANDOM_PAIRS, metavar="N",
                        help=f"random pairs per format for the peers (default {PEER_RANDOM_PAIRS})")


def run(args: argparse.Namespace) -> int:
    op = options.chosen_operator(args.op, args.spec)
    results_path = args.results or operators.evidence_dir(op) / results_model.FILENAME
    results = results_model.load(results_path)
    others = sorted({o.name for o in (operators.of_obligation_name(r.obligation.operator) for r in results.obligations)
                     if o is not op})
    if others:   # the peer table goes beside the results: never beside another operator's
        raise InputError(f"holds obligations of {', '.join(others)}, not of {op.name}", str(results_path))
    peers_path = args.peers_out or Path(results_path).with_name(peertable.FILENAME)
    peertable.load(peers_path)   # a damaged table is refused before the run, not after
    asked = deployed_peers(op) if args.peers is None else tuple(name for name in args.peers.split(",") if name)
    peers = () if args.no_peers else asked
    unknown = [name for name in peers if name not in DEPLOYED_PEERS and not name.startswith("openvino:")]
    if unknown:   # refused before any peer runs
        raise InputError(f"--peers: unknown peer {', '.join(unknown)} (known: {', '.join(deployed_peers(op))})")
    for name in peers:
        if name.startswith("openvino"):   # a bad or inapplicable option is refused before any peer runs
            parse_settings(name, op)
    if peers:
        print(f"crosscheck: peers {', '.join(peers)} on {args.random} random pairs per format ...", flush=True)
    start = time.perf_counter()
    document = run_crosscheck(results, args.seed, args.spec)
    document["peers"] = peer_table(args.seed, peers, args.spec, args.random,
                                   progress=lambda line: print(f"crosscheck: {line}", flush=True), op=op)
    print(f"crosscheck: seed {document['seed']}; vectors " + ", ".join(f"{k} {v}" for k, v in document["vectors"].items()))
    for entry in document["obligations"]:
        status = "ok" if not entry["failures"] else f"FAIL ({entry['failures']}): {entry['first_failure']}"
        print(f"  {entry['id']}: {entry['vectors']} vectors, {status}")
    for peer in document["peers"]:
        print(render_peer(peer, op.vocabulary.infix))
    if args.json:
        write_json_atomic(args.json, document)
    if peers:
        table = peertable.merge(peertable.load(peers_path), args.seed, args.random, document["peers"], op)
        for row in table:
            if "not_run" in row:
                print(f"peer {row['name']}: {row['not_run']} (kept)")
        peertable.save(peers_path, args.seed, args.random, table, op)
        print(f"crosscheck: peer table written to {peers_path}")
    print(f"crosscheck: {document['failures']} failures in {time.perf_counter() - start:.1f} s")
    return 1 if document["failures"] else 0


def render_peer(peer: dict, infix: str) -> str:
    """The peer's lines of the console summary; ``infix``: the operator's symbol (`Vocabulary.infix`)."""
    facts = ", ".join(peer[key] for key in ("version", "precision") if key in peer)
    lines = [f"peer {peer['name']}" + (f" ({facts})" if facts else "") + ":"]
    if "skipped" in peer:
        lines.append(f"  skipped: {peer['skipped']}")
    for fmt, e in peer["formats"].items():
        detail = "; ".join(f"{peertable.inputs_shown(x, infix)}: SONNX {x['expected']}, peer {x['actual']}"
                           for x in e["examples"][:1])
        detail += "; ".join(f"{x['kind']}: {x['detail'][:80]}" for x in e["error_details"][:1])
        own = e.get("own_spec")
        if own and own["mismatches"]:
            x = own["examples"][0]
            detail += (f" | departs from its own specification in {own['mismatches']}: "
                       f"{peertable.inputs_shown(x, infix)}: spec {x['expected']}, peer {x['actual']}")
        outside = "; ".join(f"{x['input']} -> {x['behaviour'][:60]}" for x in e.get("outside_domain", []))
        lines.append(f"  {fmt}: {e['vectors']} vectors, {e['mismatches']} deviations, {e['errors']} errors"
                     + (f" | {detail}" if detail else "") + (f" | outside the domain: {outside}" if outside else ""))
    if "broadcast" in peer:
        probe = peer["broadcast"]
        lines.append(f"  shapes {probe['input']}: {probe['behaviour'][:80]} (own specification: {probe['own_spec']}, "
                     f"SONNX: {probe['sonnx']})")
    return "\n".join(lines)
