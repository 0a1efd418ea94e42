"""Property: every bad input the CLI can be given (arguments and files, across the commands) ends in exit 2
with one line on stderr, no traceback, before any work starts, and changes nothing already written.

Hypothesis generates the bad inputs (500 per run).  divbridge's own code runs in process (`cli.main`);
no code under test is ever among the inputs.  Each generated input is bad by construction: a number out of
its range or not a number, a path that is a directory where a file is wanted (or the reverse) or that
cannot be written, an unknown name, a results file broken in a way its schema forbids, bytes that are not
UTF-8.
"""

from __future__ import annotations

import contextlib
import copy
import io
import json
import signal
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from divbridge.cli import main

ROOT = Path(__file__).resolve().parents[1]
BASELINE = json.loads((ROOT / "proofs" / "results.json").read_text())
WORK = Path(tempfile.mkdtemp(prefix="divbridge-property-"))
WRITTEN = WORK / "written"          # what earlier runs wrote: must survive every bad input
SENTINELS = {WRITTEN / "reports" / "index.html": b"<p>an earlier report</p>\n",
             WRITTEN / "findings.json": b'{"earlier": true}\n'}
A_FILE, A_DIR, UNWRITABLE = WORK / "a_file", WORK / "a_dir", "/proc/1/divbridge/out"
LIMIT_S = 300   # a ceiling, not a speed goal: a bad input not refused would go on to run (minutes)

# -- bad values ---------------------------------------------------------------------------------------

words = st.text(alphabet="qwxyz_#%", min_size=1, max_size=8)   # never a number nor a known name
not_integer = st.one_of(words, st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x != int(x))
                        .map(repr))


def out_of(low: int, high: int | None) -> st.SearchStrategy[str]:
    below = st.integers(max_value=low - 1)
    return st.one_of(below, st.integers(min_value=high + 1)).map(str) if high is not None else below.map(str)


def bad_integer(low: int, high: int | None = None) -> st.SearchStrategy[str]:
    return st.one_of(out_of(low, high), not_integer)


bad_seconds = st.one_of(st.sampled_from(["nan", "inf", "-inf", "0", "-0", "1e400", "86401"]),
                        st.floats(max_value=0).map(repr), st.floats(min_value=86_400.5, allow_infinity=False).map(repr),
                        words)
bad_grace = st.one_of(st.sampled_from(["nan", "inf", "-1e-9"]), st.floats(max_value=-1e-6).map(repr), words)
not_a_file = st.sampled_from([str(A_DIR), str(WORK / "missing.md")])
not_a_directory = st.just(str(A_FILE))
not_writable_file = st.sampled_from([str(A_DIR), UNWRITABLE])


def _prove() -> st.SearchStrategy[list[str]]:
    return st.one_of(
        st.tuples(st.just("--timeout"), bad_seconds), st.tuples(st.just("--grace"), bad_grace),
        st.tuples(st.just("--agree"), bad_integer(1, 7)), st.tuples(st.just("--jobs"), bad_integer(1, 256)),
        st.tuples(st.just("--out"), st.sampled_from([str(A_FILE), UNWRITABLE])),
        st.tuples(st.just("--cache-dir"), not_a_directory), st.tuples(st.just("--spec"), not_a_file),
        st.tuples(st.just("--provers"), words), st.tuples(st.just("--only"), words.map(lambda w: f"no.such.{w}")),
    ).map(lambda pair: ["prove", *pair])


def _conform() -> st.SearchStrategy[list[str]]:
    base = ["conform", "--impl", "numpy", "--dtype", "fp32"]
    return st.one_of(
        st.tuples(st.just("--seed"), bad_integer(0, 2**32 - 1)), st.tuples(st.just("--sample"), bad_integer(1, 10**8)),
        st.tuples(st.just("--json"), not_writable_file), st.tuples(st.just("--spec"), not_a_file),
        st.tuples(st.just("--dtype"), words),
    ).map(lambda pair: [*base, *pair])


def _eval() -> st.SearchStrategy[list[str]]:
    formats = st.one_of(words, st.tuples(st.integers(21, 10**5), st.integers(2, 99)).map(lambda t: f"fp({t[0]},{t[1]})"),
                        st.tuples(st.integers(2, 20), st.integers(45, 10**5)).map(lambda t: f"fp({t[0]},{t[1]})"),
                        st.tuples(st.integers(0, 1), st.integers(0, 60)).map(lambda t: f"fp({t[0]},{t[1]})"))
    exponent = st.integers(200_001, 10**12).map(lambda e: f"1e{e}")
    return st.one_of(formats.map(lambda f: ["eval", f, "1", "3"]),
                     words.map(lambda w: ["eval", "fp16", w, "1"]),
                     exponent.map(lambda e: ["eval", "real", e, "3"]),
                     words.map(lambda w: ["eval", "fp32", "1", "2", "--profile", w]))


def _outputs() -> st.SearchStrategy[list[str]]:
    """The output options of check-spec, audit and crosscheck, pointing where nothing can be written."""
    spec = str(ROOT / "proofs" / "spec" / "div.md")
    return st.one_of(
        not_writable_file.map(lambda path: ["check-spec", spec, "--json", path]),
        not_writable_file.map(lambda path: ["audit", spec, spec, "--json", path]),
        not_writable_file.map(lambda path: ["crosscheck", "--json", path]),
        bad_integer(0, 2**32 - 1).map(lambda seed: ["crosscheck", "--seed", seed]),
        bad_integer(1, 10**8).map(lambda count: ["crosscheck", "--random", count]),
        not_a_directory.map(lambda path: ["report", "--out", path]),
    )


# -- bad files ------------------------------------------------------------------------------------------

def _spoiled(draw_index, kind) -> dict:
    data = copy.deepcopy(BASELINE)
    entry = data["obligations"][draw_index % len(data["obligations"])]
    if kind == "verdict":
        entry["verdict"] = None
    elif kind == "banana":
        entry["verdict"] = "banana"
    elif kind == "expect":
        entry["expect"] = 3
    elif kind == "lines":
        entry["lines"] = ["twelve"]
    elif kind == "missing":
        del entry["statement"]
    elif kind == "duplicate":
        data["obligations"].append(copy.deepcopy(entry))
    elif kind == "unknown field":
        entry["verdicts"] = entry["verdict"]
    elif kind == "attempt":
        entry["attempts"] = [{"prover": "z3"}]
    elif kind == "obligations":
        data["obligations"] = {"a": 1}
    return data


results_files = st.one_of(
    st.builds(lambda i, kind: json.dumps(_spoiled(i, kind)).encode(), st.integers(0, 10**6),
              st.sampled_from(["verdict", "banana", "expect", "lines", "missing", "duplicate", "unknown field",
                               "attempt", "obligations"])),
    st.binary(min_size=1, max_size=64).map(lambda b: b"\xff" + b),                    # not UTF-8
    st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                 lambda inner: st.lists(inner, max_size=3), max_leaves=5).map(lambda x: json.dumps(x).encode()),
)


def _with_results(content: bytes, reader: list[str]) -> list[str]:
    path = WORK / "proofs" / "results.json"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(content)
    return [word.format(results=path, dir=path.parent, reports=WRITTEN / "reports") for word in reader]


readers = st.sampled_from([["report", "--results", "{results}", "--out", "{reports}"],
                           ["prove", "--replay", "--out", "{dir}"],
                           ["crosscheck", "--no-peers", "--results", "{results}"]])
bad_files = st.builds(_with_results, results_files, readers)
documents = st.binary(min_size=1, max_size=64).map(lambda b: b"# Div\n\xfe" + b)


def _with_document(content: bytes) -> list[str]:
    path = WORK / "doc.md"
    path.write_bytes(content)
    return ["check-spec", str(path), "--json", str(WRITTEN / "findings.json")]


bad_inputs = st.one_of(_prove(), _conform(), _eval(), _outputs(), bad_files, documents.map(_with_document))


def _setup() -> None:
    A_FILE.write_text("a file")
    A_DIR.mkdir(exist_ok=True)
    for path, content in SENTINELS.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)


def _hang(signum, frame):
    raise TimeoutError(f"a bad input was not refused within {LIMIT_S} s")


@settings(max_examples=500, deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(argv=bad_inputs)
def test_every_bad_input_is_one_line_exit_2_and_loses_nothing(argv):
    _setup()
    out, err = io.StringIO(), io.StringIO()
    previous = signal.signal(signal.SIGALRM, _hang)
    signal.alarm(LIMIT_S)
    try:
        # in a scratch directory: were an input not bad after all, the run would write there, not in the project
        with contextlib.chdir(WORK), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    message = err.getvalue()
    assert code == 2, (argv, code, message, out.getvalue()[-300:])
    assert message.count("\n") == 1 and message.startswith("divbridge: error: "), (argv, message)
    assert "Traceback" not in message + out.getvalue()
    for path, content in SENTINELS.items():
        assert path.read_bytes() == content, (argv, path)
