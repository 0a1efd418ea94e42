"""Render the obligations as Why3 theories (templates in generators/why3/: the shared ones, and an operator's own,
named for it).

One file and one module per family and format, named for the operator (`module_key`): ``<op>_real.mlw``,
``<op>_float_fp16.mlw`` ... ``<op>_int_int32.mlw``, ``<op>_shape.mlw``, and ``<op>_spec.mlw``, the WhyML
specification of the operator (one module per section and type, `statements.specification`).  Each
module holds the operator, whose preconditions are the spec's constraints,
and one goal per obligation, the formula its statement gives (`statements`).  The float properties
every float format shares are written once, in ``<op>_float_generic.mlw``,
over an abstract format; each format's module clones that module and so
proves each of them as a goal of its own.  The theories use the hand-written
library in why3/ (FP16 and BFloat16 clones, the tensor model).
"""

from __future__ import annotations

import dataclasses
import functools

from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import jinja2

from divbridge import assets, operators, statements
from divbridge.atomicio import remove_others, write_text_atomic
from divbridge.formats import FloatFormat, get_format
from divbridge.obligations import template
from divbridge.obligations.model import Obligation
from divbridge.operators.model import Operator
from divbridge.statements import shape
from divbridge.statements.why3terms import FLOAT_THEORIES
from divbridge.terms import FP_TO_REAL, define, definitions, expand, why3
from divbridge.terms.why3 import hex_real


FLOAT_TITLES = {"fp16": "FP16 (IEEE binary16)", "bf16": "BFloat16", "fp32": "FP32 (IEEE binary32)",
                "fp64": "FP64 (IEEE binary64)"}


@dataclass(frozen=True)
class Goal:
    """One obligation as the templates see it."""

    name: str
    module: str                                        # the Why3 module that holds the goal
    obligation: Obligation
    body: str                                          # the formula, from the obligation's statement
    generic: bool = False                              # stated over the generic float module's names
    heading: str = ""                                  # a generic statement's title (else the obligation's)
    apart: bool = False                                # in a module of its own (`Statement.why3_apart`)
    uses: tuple[str, ...] = ()                         # the modules it uses besides its family's (`why3_uses`)

    @property
    def probe(self) -> bool:
        """Expected to be refuted: stated first in its module, far from the lemmas, whose quantifiers would
        keep Z3 from a model."""
        return self.obligation.expect == "invalid"

    @property
    def lemmas(self) -> tuple[tuple[str, str], ...]:
        """The steps of its proof (`Statement.why3_lemmas`): its module states them after every goal that
        does not rest on them, whose quantifiers would keep Z3 from bit-blasting those."""
        return statements.of(self.obligation).why3_lemmas(self.obligation)

    @property
    def beyond(self) -> str:
        """Why Z3 inside Why3 is not expected to settle it here (`Statement.why3_beyond`; "": it is)."""
        return statements.of(self.obligation).why3_beyond(self.obligation)

    def __getattr__(self, attribute: str):
        return getattr(self.obligation, attribute)


@dataclass(frozen=True)
class Theory:
    """One rendered module: its file, module name, text and goals; ``clones``: the generated module
    whose statements it clones as goals of its own (those goals are stated in that module's file)."""

    path: Path
    module: str
    text: str
    goals: tuple[Goal, ...]
    clones: "Theory | None" = None
    lemmas: tuple[str, ...] = ()   # the steps of its goals' proofs (`Goal.lemmas`), stated before them

    def rests_on_lemmas(self, goal: Goal) -> bool:
        """Whether the goal has the module's lemmas in its context: a proof of it counts only with theirs."""
        return bool(goal.lemmas)

    def cloned(self, goal: Goal) -> bool:
        return self.clones is not None and goal.name in self.clones.statements

    def stated_in(self, goal: Goal) -> Path:
        """The file whose text states the goal (where Why3 locates its counterexample)."""
        return self.clones.path if self.cloned(goal) else self.path

    def selector(self, goal: Goal) -> str:
        """The goal's name for `why3 prove -G`: a cloned goal lives in the clone's namespace."""
        return f"{CLONE_AS}.{goal.name}" if self.cloned(goal) else goal.name

    @property
    def statements(self) -> set[str]:
        return {goal.name for goal in self.goals}

    def goal_ref(self, goal: Goal) -> str:
        """The artifact of a goal: the file as results name it, ``#Module.goal`` (``#Module.Clone.goal``
        for a cloned one)."""
        return f"{assets.artifact_path(self.path)}#{goal.module}.{self.selector(goal)}"


def handles(obligation: Obligation) -> bool:
    return "why3" in obligation.backends


def module_key(obligation: Obligation) -> tuple[str, str]:
    """(file stem, module name) of the module an obligation's goal lives in, named after its operator
    (``<op>_float_fp16``, ``<Op>Float_fp16``)."""
    family, fmt = obligation.family, obligation.format
    op = operators.of_obligation_name(obligation.operator)
    stem, name = op.name.lower(), op.name
    if family == "real":
        return f"{stem}_real", f"{name}Real"
    if family == "shape":
        return f"{stem}_shape", f"{name}Tensor"
    if family == "spec":
        return f"{stem}_spec", f"{name}Spec"
    return f"{stem}_{family}_{fmt}", f"{name}{family.capitalize()}_{fmt}"


def generic_float_key(op: Operator) -> tuple[str, str]:
    """(file stem, module name) of the operator's generic float module: ``<op>_float_generic``."""
    return f"{op.name.lower()}_float_generic", f"{op.name}FloatGeneric"


def _operator_context(op: Operator) -> dict:
    """How the templates name and define the operator (`divbridge.terms.why3`): its function in a format's
    module (``let function <name> (a b: t) : t = a ./ b``) after the functions its description defines it with,
    its arguments' and result's types, and ``exact``: its exact result on the reals the operands stand for (where its
    description gives its real operation)."""
    fn = op.operation.function("float")
    params = op.free_variables("float")
    exact = ""
    if op.operation.real is not None:
        reals = tuple(FP_TO_REAL(p) if p.sort == "float" else p for p in params)
        real = expand(op.applied("real", args=reals[:op.arity], attributes=reals[op.arity:]))
        exact = why3.definition(define("exact", params, real))
    return {"name": op.name, "stem": op.name.lower(), "function": fn.name,
            "definition": why3.definition(fn, keyword="let function"),
            "definitions": [why3.definition(f) for f in definitions(fn.body)],
            # its float attributes: constants of no stated value, so that a goal proved holds for every value
            "attributes": [f"constant {v.name} : t" for v in op.attribute_variables("float")],
            "argument_types": " ".join("bool" if p.sort == "bool" else "t" for p in params),
            "result_type": "bool" if op.operation.result == "bool" else "t",
            "exact": exact, "rounded": op.operation.exactness != "exact",
            "noun": op.vocabulary.result_nouns[0], "gerund": op.vocabulary.gerund}


CLONE_AS = "Generic"   # each format module's name for its clone of the generic float module


def render(obligations: list[Obligation], out_dir: Path) -> list[Theory]:
    """Render every Why3 obligation under out_dir (atomically); one Theory per module with goals
    (the generic float module, which has none of its own, is written beside them).  The other theory files
    of out_dir (an earlier run's, of formats or sections no longer asked) are removed."""
    groups: dict[tuple[str, str], list[Obligation]] = {}
    for obligation in obligations:
        if handles(obligation):
            groups.setdefault(module_key(obligation), []).append(obligation)
    goals = {key: _goals(key, members) for key, members in groups.items()}
    generic = _generic_float({key: goals[key] for key, members in groups.items() if members[0].family == "float"},
                             out_dir)
    if generic is not None:
        write_text_atomic(generic.path, generic.text)
    theories = []
    for (stem, module), members in groups.items():
        clones = generic if members[0].family == "float" else None
        theory = render_module(stem, module, members, goals[stem, module], out_dir, clones)
        write_text_atomic(theory.path, theory.text)
        theories.append(theory)
    remove_others(out_dir, "*.mlw", [theory.path for theory in theories] + ([generic.path] if generic else []))
    return theories


def _goals(key: tuple[str, str], obligations: list[Obligation]) -> tuple[Goal, ...]:
    """A module's goals by name: ordered by what they state, not by where the document states it, so that a
    reordered document renders the same theory."""
    goals = tuple(sorted((_goal(o, key[1]) for o in obligations), key=lambda goal: goal.name))
    names = [g.name for g in goals]
    duplicates = {n for n in names if names.count(n) > 1}
    if duplicates:
        raise ValueError(f"{key[0]}: several obligations map to goal(s) {', '.join(sorted(duplicates))}")
    return goals


def _generic_float(per_format: dict[tuple[str, str], tuple[Goal, ...]], out_dir: Path) -> Theory | None:
    """The module of the float goals every format has with the same statement (examples, written in a
    format's literals, goals apart and goals resting on lemmas, stated after their format's lemmas, stay
    in their format's module); None for fewer than two formats or no shared statement."""
    def statement(goal: Goal) -> tuple:
        return goal.name, goal.body, goal.requirements

    shared = [{statement(g) for g in goals if g.generic and not g.apart and not g.lemmas}
              for goals in per_format.values()]
    common = set.intersection(*shared) if len(shared) > 1 else set()
    if not common:
        return None
    first = next(iter(per_format.values()))
    op = operators.of_obligation_name(first[0].obligation.operator)
    stem, module = generic_float_key(op)
    stated = tuple(dataclasses.replace(g, module=module, heading=statements.of(g.obligation).heading(g.obligation))
                   for g in first if statement(g) in common)
    ids = {g.name: [next(f.id for f in goals if f.name == g.name) for goals in per_format.values()]
           for g in stated}
    text = template(_environment(), op, "float_generic.mlw.j2").render(module=module, goals=stated, ids=ids,
                                                                       op=_operator_context(op))
    return Theory(out_dir / f"{stem}.mlw", module, text, stated)


def render_module(stem: str, module: str, obligations: list[Obligation], goals: tuple[Goal, ...], out_dir: Path,
                  clones: Theory | None = None) -> Theory:
    family = obligations[0].family
    op = operators.of_obligation_name(obligations[0].operator)
    cloned = clones.statements if clones is not None else set()
    lemmas = {name: (formula, g) for g in goals if g.module == module for name, formula in g.lemmas}
    context = {"module": module, "goals": [g for g in goals if g.name not in cloned], "generic": clones,
               "clone_as": CLONE_AS, "lemmas": lemmas}
    if family == "float":
        context["fmt"] = _float_context(get_format(obligations[0].format))
        context["op"] = _operator_context(op)
    elif family == "shape":
        context.update(op=op.name, fn=op.name.lower(), gerund=op.vocabulary.gerund, arity=op.arity,
                       result=shape.result_type(op), inputs=shape.tensors(op))
    elif family == "int":
        fmt = get_format(obligations[0].format)
        function = op.operation.function("int", fmt.signed)
        context["fmt"] = fmt
        context["excludes_int_min"] = all(o.params.get("excludes_int_min", True) for o in obligations)
        context["op"] = {"name": op.name, "definition": why3.definition(function, fmt, keyword="let function"),
                         "definitions": [why3.definition(f, fmt) for f in definitions(function.body)],
                         "semantics": op.integer.kind}
    text = template(_environment(), op, f"{family}.mlw.j2").render(context)
    unstated = [name for name in lemmas if f"lemma {name}:" not in text]
    if unstated:
        raise ValueError(f"{stem}: the {family} template states no lemma {', '.join(unstated)}")
    return Theory(out_dir / f"{stem}.mlw", module, text, goals, clones, tuple(lemmas))


def _goal(obligation: Obligation, module: str) -> Goal:
    statement = statements.of(obligation)
    return Goal(statement.why3_name(obligation), statement.why3_module(obligation, module), obligation,
                statement.why3(obligation), statement.generic_why3, apart=statement.why3_apart(obligation),
                uses=statement.why3_uses(obligation))


def _float_context(fmt: FloatFormat) -> dict:
    return {
        "name": fmt.name, "title": FLOAT_TITLES.get(fmt.name, fmt.name), "theory": FLOAT_THEORIES[fmt.name],
        "eb": fmt.eb, "sb": fmt.sb, "emin": fmt.emin,
        "min_normal": hex_real(fmt.min_normal), "min_subnormal": hex_real(fmt.min_subnormal),
        "max_finite": hex_real(fmt.max_finite), "max_text": hex_real(fmt.max_finite),
        "unit_roundoff": hex_real(Fraction(1, 2 ** fmt.sb)),
    }


@functools.cache   # one environment: Jinja2 compiles each template once, not once per theory
def _environment() -> jinja2.Environment:
    return assets.template_environment("why3", trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
