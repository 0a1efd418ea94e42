"""Verdicts, prover attempts, how several attempts make one verdict, and an obligation's result.

Honesty rule: only a definite answer of a prover that ran counts.  A
timeout, an unknown, a crash or a missing prover never counts as proved,
and two provers that contradict each other make an `error`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from divbridge import operators
from divbridge.obligations.model import Obligation
from divbridge.provers.counterexample import Counterexample

VERDICTS = ("proved", "refuted", "unknown", "timeout", "error", "skipped")
DEFINITE = ("proved", "refuted")


# The fixed order in which provers' answers are preferred.  A race is decided by the first prover
# in this order whose answer decides, whatever the timing: a definite answer stops only the provers
# ranked after it, and the ones ranked before it go on until they answer or time out (runner._race,
# SmtBackend.run_group).  So a cold run, a warm run and two cold runs in which the solvers finish in
# another order record the same prover, attempts and counterexample in results.json; a cached answer
# of a prover ranked after the decision is never merged in.  The order is the tiers' (Gappa and Coq
# first, enumeration last), then the solvers by their speed on this project's obligations (measured
# with all three on every query, 30 s limit: Bitwuzla proves all that the others prove among the
# queries it reads, first but on int32 trunc_magnitude, 4.5 s to Z3's 2.5 s; Z3 mostly before cvc5
# on the real, BF16 and integer queries Bitwuzla does not read); Why3 last among them: its models name
# the goal's variables, not always the operands (see why3.py), and an SMT model is a better headline.
PREFERENCE = ("gappa", "coq", "bitwuzla", "z3", "cvc5", "why3", "exhaustive")


def rank(prover: str) -> tuple[int, str]:
    """A prover's place in PREFERENCE (Why3 whatever prover it drives; an unknown one after them, by name)."""
    name = "why3" if is_why3(prover) else prover
    return (PREFERENCE.index(name) if name in PREFERENCE else len(PREFERENCE), prover)


@dataclass
class Attempt:
    """One prover's answer on one obligation."""

    prover: str                  # why3+z3 | why3+cvc4 | z3 | cvc5 | bitwuzla | exhaustive
    verdict: str                 # one of VERDICTS
    time_s: float
    cached: bool = False
    version: str = ""
    counterexample: Counterexample | None = None
    message: str = ""            # why it is not definite: the prover's words

    def __post_init__(self) -> None:
        if self.verdict not in VERDICTS:
            raise ValueError(f"unknown verdict {self.verdict}")

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _ATTEMPT_FIELDS}   # not `asdict`: a deep copy, then replaced
        data["counterexample"] = None if self.counterexample is None else self.counterexample.to_json()
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Attempt":
        data = dict(data)
        if data.get("counterexample") is not None:
            data["counterexample"] = Counterexample.from_json(data["counterexample"])
        return cls(**data)


_ATTEMPT_FIELDS = tuple(f.name for f in fields(Attempt))


@dataclass
class Outcome:
    """The verdict of one obligation over all its attempts."""

    verdict: str
    prover: str
    time_s: float
    cached: bool
    counterexample: Counterexample | None
    attempts: list[Attempt] = field(default_factory=list)
    message: str = ""


def deciding(attempts: list[Attempt], agree: int = 1, pending: frozenset[str] | set[str] = frozenset()
             ) -> list[Attempt] | None:
    """The attempts in PREFERENCE order up to the one that decides the obligation (``agree`` equal
    definite answers), or None while undecided: also while a prover ranked before that point is
    still ``pending`` (running, or not started), since its answer would come first."""
    entries = sorted([(rank(a.prover), a) for a in attempts] + [(rank(p), None) for p in pending],
                     key=lambda entry: entry[0])
    prefix: list[Attempt] = []
    counts = {verdict: 0 for verdict in DEFINITE}
    for _, attempt in entries:
        if attempt is None:
            return None
        prefix.append(attempt)
        if attempt.verdict in counts:
            counts[attempt.verdict] += 1
            if counts[attempt.verdict] >= agree:
                return prefix
    return None


def recorded(attempts: list[Attempt], verdict: str, prover: str, confirm: bool = False) -> list[Attempt]:
    """The attempts a result records (results.json): for a definite verdict those ranked up to its
    last deciding prover (the ones after it may or may not have answered before being stopped), and
    Why3's, which answers every goal whatever decided it; otherwise all that ran.  Never the stopped
    (skipped) ones.  A ``confirm`` run (`prove --confirm`) runs every prover to the end: all are recorded."""
    ran = [a for a in attempts if a.verdict != "skipped"]
    if verdict not in DEFINITE or confirm:
        return ran
    last = max(rank(name) for name in prover.split(", "))
    return [a for a in ran if rank(a.prover) <= last or is_why3(a.prover)]


def tool_of(prover: str) -> str:
    """The solver behind an attempt, what makes two answers independent or not: why3+z3, why3+z3abstract and z3
    are all Z3; why3+cvc4 is CVC4."""
    name = prover.split("+")[-1]
    for variant in ("abstract", "bits"):
        name = name.removesuffix(variant) or name
    return name


def confirmations(attempts: list[Attempt], verdict: str) -> int:
    """How many independent tools (`tool_of`) gave the verdict among the attempts: 0 for a verdict that is not
    definite."""
    if verdict not in DEFINITE:
        return 0
    return len({tool_of(a.prover) for a in attempts if a.verdict == verdict})


def is_why3(prover: str) -> bool:
    """Why3 with a prover of its own (why3+z3): the attempt recorded beside the deciding prover's."""
    return prover.split("+")[0] == "why3"


def answers_task(attempt_prover: str, task_prover: str) -> bool:
    """Whether an attempt answers a task of ``task_prover``: the same prover, or one that the task's
    tool drives (a why3 task answers as why3+z3 or why3+cvc4, the prover inside Why3 that answered)."""
    return attempt_prover == task_prover or attempt_prover.split("+")[0] == task_prover


def headline(refutations: list[Attempt]) -> Counterexample | None:
    """The counterexample a refutation shows: the first, in PREFERENCE order (the SMT solvers before
    Why3), that the mirror replayed; an undecoded or unreplayed model never is one."""
    return next((a.counterexample for a in sorted(refutations, key=lambda a: rank(a.prover))
                 if a.counterexample is not None and a.counterexample.replayed), None)


def _no_headline(refutations: list[Attempt]) -> str:
    models = "; ".join(f"{a.prover}: " + (f"its model names {', '.join(a.counterexample.model)}, not the operands"
                                          if a.counterexample is not None and a.counterexample.model
                                          else "no model") for a in refutations)
    return f"refuted, but no prover gave a counterexample the mirror replays ({models})"


def combine(attempts: list[Attempt], agree: int = 1) -> Outcome:
    """One verdict from several attempts.

    ``proved``/``refuted`` need ``agree`` provers giving that answer (the first ones in PREFERENCE
    order: see `deciding`) and none giving the other; disagreement is an ``error``.  Otherwise the
    most informative non-definite verdict is kept (timeout > unknown > error > skipped).
    """
    # preference order, not race order: the same answers give the same outcome (results.json is byte-stable)
    attempts = sorted(attempts, key=lambda a: rank(a.prover))
    total_time = round(sum(a.time_s for a in attempts), 3)
    cached = bool(attempts) and all(a.cached for a in attempts)
    proved = [a for a in attempts if a.verdict == "proved"]
    refuted = [a for a in attempts if a.verdict == "refuted"]
    if proved and refuted:
        names = ", ".join(f"{a.prover}: {a.verdict}" for a in proved + refuted)
        return Outcome("error", ", ".join(a.prover for a in attempts), total_time, cached,
                       headline(refuted), attempts, f"provers disagree ({names})")
    prefix = deciding(attempts, agree)
    if prefix is not None:
        verdict = prefix[-1].verdict
        winners = [a for a in prefix if a.verdict == verdict]
        witness = headline(winners) if verdict == "refuted" else None
        message = _no_headline(winners) if verdict == "refuted" and witness is None else ""
        return Outcome(verdict, ", ".join(a.prover for a in winners), min(a.time_s for a in winners),
                       all(a.cached for a in winners), witness, attempts, message)
    for winners, verdict in ((proved, "proved"), (refuted, "refuted")):
        if winners:
            return Outcome("unknown", ", ".join(a.prover for a in winners), total_time, cached,
                           headline(winners), attempts,
                           f"only {len(winners)} of the {agree} agreeing provers required answered {verdict}")
    for verdict in ("timeout", "unknown", "error", "skipped"):
        matching = [a for a in attempts if a.verdict == verdict]
        if matching:
            return Outcome(verdict, ", ".join(a.prover for a in matching), total_time, cached, None,
                           attempts, "; ".join(a.message for a in matching if a.message))
    return Outcome("skipped", "none", 0.0, False, None, attempts, "no prover attempted it")


# the smoke tests of an obligation (`provers.smoke`): are its hypotheses satisfiable, does its conclusion
# need the operator to be what the document says?
SMOKE_HYPOTHESES = ("satisfiable", "vacuous", "none", "unknown", "not checked")
# a conclusion that needs the operator: results.json records it, for every operator, with the name of the
# operator divbridge was built for (`operators.DEFAULT`), the token its evidence has always had
ABOUT_OPERATOR = f"about {operators.DEFAULT.name}"
SMOKE_CONCLUSION = (ABOUT_OPERATOR, "definitional", "unknown", "not checked")


@dataclass(frozen=True)
class Smoke:
    hypotheses: str = "not checked"              # one of SMOKE_HYPOTHESES ("none": the goal has no hypotheses)
    conclusion: str = "not checked"              # one of SMOKE_CONCLUSION
    model: dict[str, str] = field(default_factory=dict)   # a point where the hypotheses hold, as shown
    by: str = ""                                 # the solver and version that answered, or the form of the goal

    @property
    def flag(self) -> str:
        """``vacuous``, ``definitional`` or ""."""
        if self.hypotheses == "vacuous":
            return "vacuous"
        return "definitional" if self.conclusion == "definitional" else ""

    def to_json(self) -> dict[str, Any]:
        return {"hypotheses": self.hypotheses, "conclusion": self.conclusion, "model": dict(self.model),
                "by": self.by}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Smoke":
        if data["hypotheses"] not in SMOKE_HYPOTHESES or data["conclusion"] not in SMOKE_CONCLUSION:
            raise ValueError(f"a smoke result of unknown kind: {data!r}")
        return cls(data["hypotheses"], data["conclusion"], dict(data["model"]), str(data["by"]))


def as_expected(verdict: str, expect: str) -> bool:
    """An obligation passes only when a definite verdict matches what it expects."""
    return (expect, verdict) in (("valid", "proved"), ("invalid", "refuted"))


@dataclass
class ObligationResult:
    """One obligation with its outcome: what a proof run gives, what results.json records and reports read.
    The obligation's fields (id, family, prop, params...) and the outcome's (verdict, prover...) read
    through it."""

    obligation: Obligation
    outcome: Outcome
    artifacts: dict[str, str] = field(default_factory=dict)   # backend -> rendered file (and goal)
    crosscheck: dict[str, Any] | None = None                  # vectors, failures, first_failure
    smoke: Smoke | None = None                                # its smoke tests (None: not run)

    def __getattr__(self, name: str) -> Any:
        if name in _OBLIGATION_FIELDS:
            return getattr(self.obligation, name)
        if name in _OUTCOME_FIELDS:
            return getattr(self.outcome, name)
        raise AttributeError(name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _OBLIGATION_FIELDS or name in _OUTCOME_FIELDS:
            raise AttributeError(f"{name} is the obligation's or the outcome's, not the result's own")
        super().__setattr__(name, value)

    @property
    def as_expected(self) -> bool:
        """Its verdict is the one expected, and a proof is not of vacuous hypotheses."""
        vacuous = self.smoke is not None and self.smoke.flag == "vacuous" and self.obligation.expect == "valid"
        return as_expected(self.outcome.verdict, self.obligation.expect) and not vacuous

    @property
    def definition(self) -> bool:
        """Proved, but it holds whatever the operator is (`provers.smoke`): a definition, not a property."""
        return self.outcome.verdict == "proved" and self.smoke is not None and self.smoke.flag == "definitional"

    @property
    def status(self) -> str:
        """"as expected"; "open" (an open claim still unsettled: never proved, but no failure either); or
        "not as expected"."""
        if self.as_expected:
            return "as expected"
        if self.obligation.open and self.outcome.verdict in ("timeout", "unknown"):
            return "open"
        return "not as expected"

    @property
    def settled(self) -> bool:
        return self.status != "not as expected"


_OBLIGATION_FIELDS = frozenset(Obligation.__dataclass_fields__)
_OUTCOME_FIELDS = frozenset(Outcome.__dataclass_fields__)
