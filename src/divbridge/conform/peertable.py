"""``peers.json``: the peer table of `divbridge crosscheck`, committed beside the results of its operator
(`operators.evidence_dir`: ``proofs/peers.json`` for the operator whose description keeps its evidence there,
``proofs/<op>/peers.json`` for another).

Per peer: its version (and for OpenVINO the precision the plugin settled on
and what it does with operands of different shapes), or why it was skipped;
per format: vectors by source, mismatches against SONNX, errors, the first
counterexamples (decimal, format and hex), what the peer does outside the
SONNX domain and, for a peer with a specification of its own, how it departs
from it.  A peer this run could not run keeps the row of the table it replaces,
marked ``not_run`` (`merge`).  The file holds no time or date, so a rerun with
the same seed and the same peers leaves it byte for byte the same.  It names
its operator (``"operator"``: the description's name), except the default one's, which reads as
it did before operators were a parameter.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from divbridge import inputfile, operators, schemas
from divbridge.inputfile import MAX_JSON_BYTES
from divbridge.atomicio import write_json_atomic
from divbridge.errors import InputError
from divbridge.operators.model import Operator

SCHEMA_VERSION = 2
FILENAME = "peers.json"


def inputs_shown(example: dict, infix: str) -> str:
    """A counterexample's inputs as messages show them: ``a / b``, ``a`` alone for an operator of one input (its
    example records no ``b``), or each input by its variable for one of other inputs (``cond = true, x = ...``)."""
    if "a" not in example:
        return ", ".join(f"{k} = {v}" for k, v in example.items() if k not in ("source", "expected", "actual"))
    return f"{example['a']} {infix} {example['b']}" if "b" in example else example["a"]


def save(path: str | Path, seed: int, random_pairs: int, table: list[dict[str, Any]],
         op: Operator) -> None:
    named = {"operator": name} if (name := operators.obligation_name(op)) else {}
    write_json_atomic(path, {"schema_version": SCHEMA_VERSION, **named, "seed": seed, "random_pairs": random_pairs,
                             "peers": table})


def operator_of(table: dict[str, Any]) -> Operator:
    """The operator whose peers the table judges."""
    return operators.of_obligation_name(table.get("operator", ""))


def merge(previous: dict[str, Any] | None, seed: int, random_pairs: int,
          table: list[dict[str, Any]], op: Operator) -> list[dict[str, Any]]:
    """This run's rows, with the rows ``previous`` (the table being replaced) holds for the peers this run
    did not run (not installed here, or not asked for), kept and marked ``not_run``: a run on a machine
    without an optional peer does not lose its row.  Rows of another operator, seed or pair count are not
    comparable and are not kept."""
    if previous is None or (previous["seed"], previous["random_pairs"], operator_of(previous)) != (seed, random_pairs, op):
        return table
    earlier = {row["name"]: row for row in previous["peers"] if "skipped" not in row}
    asked = {row["name"] for row in table}

    def kept(name: str, reason: str) -> dict[str, Any]:
        row = {key: value for key, value in earlier[name].items() if key != "not_run"}
        return {**row, "not_run": f"not run here ({reason}): the row of an earlier run"}
    rows = [kept(row["name"], row["skipped"]) if "skipped" in row and row["name"] in earlier else row
            for row in table]
    return rows + [kept(name, "not among --peers") for name in earlier if name not in asked]


def load_beside(results_path: str | Path) -> dict[str, Any] | None:
    """The peer table next to a results file, None when there is none; a bad file is an InputError."""
    return load(Path(results_path).with_name(FILENAME))


def load(path: Path) -> dict[str, Any] | None:
    """The peer table ``path``, None when there is none; a bad file is an InputError."""
    try:
        data = json.loads(inputfile.read_text(path, "peer table", MAX_JSON_BYTES))
    except FileNotFoundError:
        return None
    except json.JSONDecodeError as exc:
        raise InputError(f"corrupt peer table: {exc.msg}", str(path), exc.lineno) from None
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION \
            or not isinstance(data.get("peers"), list):
        raise InputError("not a divbridge peer table of this schema version", str(path), 1)
    schemas.check(data, schemas.PEERS, str(path), "peer table")
    return data
