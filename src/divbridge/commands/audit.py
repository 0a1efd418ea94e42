"""`divbridge audit OLD NEW [--json F] [--prove]` or `divbridge audit --git REV1 REV2 PATH`: diff two spec
versions."""

from __future__ import annotations

import argparse

from divbridge import audit as audit_module
from divbridge.atomicio import write_json_atomic
from divbridge.commands import options
from divbridge.errors import InputError
from divbridge.provers.portfolio import PROVERS, available

NAME = "audit"
HELP = ("compare two versions of a spec document: requirement tags, claims and obligations added, removed or "
        "changed, and the verdicts of the changed ones; exit 1 when a verdict got worse or a tag disappeared")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("versions", nargs="*", metavar="OLD NEW", help="the two documents")
    parser.add_argument("--git", nargs=3, metavar=("REV1", "REV2", "PATH"),
                        help=f"compare PATH at two git revisions ({audit_module.WORKTREE} = the working tree)")
    parser.add_argument("--json", metavar="F", type=options.report_file, help="also write the audit as JSON to F")
    parser.add_argument("--prove", action="store_true",
                        help="prove the obligations that changed with every installed prover `prove` uses (Why3 and "
                             "Coq too, not only the SMT solvers and Gappa), through prove's proof cache")


def run(args: argparse.Namespace) -> int:
    if args.git and args.versions:
        raise InputError("give either OLD NEW or --git REV1 REV2 PATH, not both")
    if args.git:
        rev1, rev2, path = args.git
        old_text, old_name = audit_module.load_git(rev1, path), f"{rev1}:{path}"
        new_text, new_name = audit_module.load_git(rev2, path), f"{rev2}:{path}"
    elif len(args.versions) == 2:
        (old_name, new_name) = args.versions
        old_text, new_text = audit_module.load_file(old_name), audit_module.load_file(new_name)
    else:
        raise InputError("audit needs two documents (OLD NEW) or --git REV1 REV2 PATH")
    options.distinct(args.json, "--json", *args.versions, *(args.git[2:] if args.git else []))
    provers = available(set(PROVERS)) if args.prove else audit_module.AUDIT_PROVERS
    result = audit_module.audit(old_text, old_name, new_text, new_name, provers)
    if args.json:
        write_json_atomic(args.json, {k: v for k, v in result.items() if k != "exit_code"})
    print(audit_module.render_text(result))
    return result["exit_code"]
