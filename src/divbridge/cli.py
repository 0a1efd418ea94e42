"""The `divbridge` command: dispatches to one module per subcommand.

Exit codes: 0 all as expected, 1 a verification failure, 2 bad usage or bad
input (one line naming the file and line), or a missing external tool.
"""

from __future__ import annotations

import argparse
import importlib
import signal
import sys
import threading

from divbridge import __version__, children
from divbridge.errors import DivbridgeError, SpecViolation
from divbridge.provers import process

# Subcommand modules under divbridge.commands, in the order `--help` lists them.
COMMANDS = ("eval", "prove", "report", "read", "check-spec", "audit", "conform", "crosscheck")


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, ended as Ctrl-C is: every cleanup that runs on an interrupt runs."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum


def _terminate(signum: int, frame) -> None:
    raise Terminated(signum)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own usage errors: one line, exit 2
        self.exit(2, f"divbridge: error: {message}\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser; given the command about to run, only its module is imported (the
    others cost seconds of imports that a proof run does not need)."""
    parser = _Parser(prog="divbridge",
                     description="Formal-verification bridge for ONNX element-wise operators (SONNX profile).")
    parser.add_argument("--version", action="version", version=f"divbridge {__version__}")
    subparsers = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    for name in [command] if command in COMMANDS else COMMANDS:
        module = importlib.import_module(f"divbridge.commands.{name.replace('-', '_')}")
        command_parser = subparsers.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(command_parser)
        command_parser.set_defaults(run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = next((word for word in argv if not word.startswith("-")), None)
    handlers = {signum: signal.signal(signum, _terminate) for signum in (signal.SIGTERM, signal.SIGHUP)}
    # kept after main returns: the threads of a stopped run end while the interpreter exits, and an error
    # of theirs then is no traceback either
    threading.excepthook = _thread_died
    try:
        return _main(argv, command)
    finally:
        for signum, handler in handlers.items():
            signal.signal(signum, handler)


def _thread_died(args: threading.ExceptHookArgs) -> None:
    """A worker thread's error stops the run and is the main thread's one line (no thread traceback)."""
    process.fail(args.exc_value)


def _main(argv: list[str], command: str | None) -> int:
    process.resume()   # nothing of an earlier run in this process (the tests') carries over
    try:
        try:
            args = build_parser(command).parse_args(argv)   # importing a command may read DIVBRIDGE_CACHE
        except SystemExit as done:   # a usage error (its one line is printed) or --help: the exit code
            return done.code if isinstance(done.code, int) else 2
        code = args.run(args)
        process.raise_failure()
        return code
    except (DivbridgeError, SpecViolation) as exc:
        print(f"divbridge: error: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:   # a file the edge checks could not foresee (a disk full, a file made read-only meanwhile)
        children.end_all()   # the solver workers of a run stopped by it
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"divbridge: error: {where}{exc.strerror or exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as stop:   # the provers and children lead groups of their own: ended here
        process.abort()   # no wait goes on, no prover starts
        ended = children.end_all()
        if isinstance(stop, Terminated):
            print(f"divbridge: terminated by {signal.Signals(stop.signum).name}"
                  + (f" ({ended} child processes ended)" if ended else ""), file=sys.stderr)
            return 128 + stop.signum
        print("divbridge: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
