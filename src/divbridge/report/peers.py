"""The Peers section of the reports: the peer table of ``proofs/peers.json`` (written by `divbridge crosscheck`),
one row per peer and format, its counterexamples decoded (decimal, hex, bit fields).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from divbridge.errors import InputError
from divbridge.formats import FloatFormat, get_format

PEERS_FILE = Path("proofs") / "peers.json"
_SHOWN = re.compile(r"^(?P<value>.*) \((?P<fmt>\w+) 0x(?P<hex>[0-9a-f]+)\)$")


@dataclass(frozen=True)
class Counterexample:
    """a / b: what the judged specification gives, what the peer gave; each operand decoded."""
    a: str
    b: str
    expected: str
    actual: str

    @staticmethod
    def from_json(example: dict) -> Counterexample:
        return Counterexample(*(decode(example[key]) for key in ("a", "b", "expected", "actual")))

    def __str__(self) -> str:
        return f"{self.a} / {self.b}: expected {self.expected}, got {self.actual}"


@dataclass(frozen=True)
class PeerRow:
    peer: str
    facts: str                 # version, and the inference precision OpenVINO settled on
    format: str
    semantics: str             # the specification judged: sonnx, or onnx for the types SONNX leaves out
    vectors: int
    mismatches: int
    errors: int
    own_spec: str              # "" for a peer without a specification of its own
    own_mismatches: int | None
    counterexamples: list[Counterexample]
    own_counterexamples: list[Counterexample]
    error_detail: str
    outside_domain: str

    @property
    def verdict(self) -> str:
        if self.errors:
            return "errors"
        return "conforms" if not self.mismatches else "departs"

    @property
    def own_verdict(self) -> str:
        if self.own_mismatches is None:
            return ""
        return "follows its specification" if not self.own_mismatches else "departs from its specification"


@dataclass(frozen=True)
class PeerTable:
    path: str
    seed: int
    random_pairs: int
    rows: list[PeerRow]
    skipped: list[tuple[str, str]]     # (peer, why)
    shapes: list[tuple[str, str]]      # (peer, what it does with operands of different shapes)


def find_peer_table(roots: list[Path]) -> PeerTable | None:
    """The peer table of the last root that has ``proofs/peers.json`` (`divbridge report` lists
    the results file's project root last: its peer table goes with its results); None when none has."""
    for root in reversed(roots):
        path = Path(root) / PEERS_FILE
        if path.is_file():
            return load_peer_table(path, shown=str(PEERS_FILE))
    return None


def load_peer_table(path: Path, shown: str | None = None) -> PeerTable:
    """``shown``: the path as the reports name it (relative to the project root)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rows, skipped, shapes = [], [], []
        for peer in data["peers"]:
            facts = ", ".join(peer[key] for key in ("version", "precision") if key in peer)
            if "skipped" in peer:
                skipped.append((peer["name"], peer["skipped"]))
            if "broadcast" in peer:
                probe = peer["broadcast"]
                shapes.append((peer["name"], f"{probe['input']}: {probe['behaviour']} (its specification: "
                                             f"{probe['own_spec']}; SONNX: {probe['sonnx']})"))
            for fmt, entry in peer["formats"].items():
                own = entry.get("own_spec")
                rows.append(PeerRow(
                    peer=peer["name"], facts=facts, format=fmt, semantics=entry["semantics"],
                    vectors=entry["vectors"], mismatches=entry["mismatches"], errors=entry["errors"],
                    own_spec=own["spec"] if own else "", own_mismatches=own["mismatches"] if own else None,
                    counterexamples=[Counterexample.from_json(x) for x in entry["examples"]],
                    own_counterexamples=[Counterexample.from_json(x) for x in own["examples"]] if own else [],
                    error_detail="; ".join(f"{x['kind']}: {x['detail']}" for x in entry["error_details"][:1]),
                    outside_domain="; ".join(f"{x['input']} {x['behaviour']}" for x in entry.get("outside_domain", []))))
        return PeerTable(shown or str(path), data["seed"], data["random_pairs"], rows, skipped, shapes)
    except json.JSONDecodeError as exc:
        raise InputError(f"not JSON: {exc.msg}", str(path), exc.lineno) from None
    except (KeyError, TypeError, AttributeError) as exc:
        raise InputError(f"not a peer table (rerun `divbridge crosscheck`): missing or bad {exc}", str(path)) from None


def decode(shown: str) -> str:
    """``0.5 (fp32 0x3f000000)`` -> ``0.5 (fp32 0x3f000000 = 0 01111110 00000000000000000000000)``:
    the bits split into sign, exponent and significand fields (integers: the two's-complement bits)."""
    match = _SHOWN.match(shown)
    if not match:
        return shown
    try:
        fmt = get_format(match["fmt"])
    except InputError:
        return shown
    raw = int(match["hex"], 16)
    if isinstance(fmt, FloatFormat):
        width = fmt.eb + fmt.sb
        bits = format(raw, f"0{width}b")
        fields = f"{bits[0]} {bits[1:1 + fmt.eb]} {bits[1 + fmt.eb:]}"
    else:
        fields = format(raw, f"0{fmt.bits}b")
    return f"{match['value']} ({fmt.name} 0x{match['hex']} = {fields})"
