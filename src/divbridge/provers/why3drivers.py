"""Z3 under two drivers of divbridge's own, each derived from the installed Why3's stock Z3 driver (its data
directory), so that it follows the Why3 version.  They, and the prover entries holding this machine's paths,
go to the cache directory (`why3.machine_config`).

**Z3 on abstract floats** (`ABSTRACT`): Why3's route to the float goals bit-blasting does not reach.  Why3's
stock Z3 driver maps ``ieee_float`` to SMT-LIB's FloatingPoint theory, where a claim with two rounded
operations (exactness, the relative error) bit-blasts for minutes.  This driver is the stock one minus that
mapping: Z3 then sees the float type and its operations as uninterpreted and reasons from the axioms of Why3's
standard library (``ieee_float.GenericFloat``: each operation's ``*_finite`` axiom, ``round_monotonic``...),
the way one proves such facts for any format at once.  The axioms about roundToIntegral, ceil, floor and
truncate, irrelevant to the operators' claims, whose triggers make Z3 instantiate forever, are removed.

**Z3 on the goal's bits** (`BITS`): the route of a claim about floats alone (the special values, the case
table, the examples, A / 1 = A, a strategy's result), which bit-blasting proves.  With the stock driver Z3 gets the goal among the quantified
axioms of the real, integer and float libraries, and a quantified formula keeps it from its QF_FP tactic:
its general solver takes 45 to 70 s on FP64's A / 1 = A, the QF_FP tactic 0.5 s.  This driver makes the
task quantifier-free: the libraries' axioms removed, definitions kept as definitions (``define-fun``, not
quantified axioms) and the goal's premises introduced.  A goal that rests on lemmas is stated after them,
away from the goals of this route (`obligations.why3render`).

Both drivers only remove axioms, which weakens the context: a proof stays sound; a model may then not be
one of the full theory, so a refutation counts only when the mirror reproduces it (`why3.refutation`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

_STOCK = "z3_440.drv"   # the transformations and BuiltIn metas of every Z3 driver of Why3 1.5
_GENERATED = ("smt-libv2.gen", "smt-libv2-bv.gen", "z3_bv.gen", "smt-libv2-floats.gen", "discrimination.gen")
_LOOPING_AXIOMS = """truncate_int truncate_neg truncate_pos ceil_le ceil_lest ceil_to_real ceil_to_int floor_le
floor_lest floor_to_real floor_to_int RNA_down RNA_up RNA_down_tie RNA_up_tie to_int_roundToIntegral
to_int_monotonic roundToIntegral_is_int roundToIntegral_is_finite""".split()
# the library theories a float module uses, whose axioms the bits route drops (FP16 and BFloat16's clones
# drop theirs in why3/floats.drv)
_LIBRARY_THEORIES = """real.Real real.RealInfix real.Abs real.MinMax real.FromInt real.Truncate real.Square
int.Int int.Abs int.MinMax ieee_float.RoundingMode ieee_float.GenericFloat ieee_float.Float32
ieee_float.Float64""".split()
_SEEDS = "sat.random_seed=42 nlsat.randomize=false smt.random_seed=42"   # the stock Z3 entry's


def _abstract(text: str) -> str:
    text = _replace(text, 'import "smt-libv2-floats.gen"\n', "")
    # the stock file's Float32 / Float64 blocks map to_int and friends to FloatingPoint: dropped with it
    start, stop = text.index("theory ieee_float.Float64"), text.index("theory real.Square")
    removed = "".join(f"  remove prop {name}\n" for name in _LOOPING_AXIOMS)
    return text[:start] + text[stop:] + f"\ntheory ieee_float.GenericFloat\n{removed}end\n"


def _bits(text: str) -> str:
    text = _replace(text, 'transformation "eliminate_definition"\n', "")
    text = _replace(text, 'transformation "inline_trivial"\n',
                    'transformation "introduce_premises"\ntransformation "inline_trivial"\n')
    # a model without (push): in its incremental mode Z3 bypasses its QF_FP tactic too
    text = _replace(text, '  meta "counterexample_need_smtlib_push" ""\n', "")
    return text + "".join(f"\ntheory {theory}\n  remove allprops\nend\n" for theory in _LIBRARY_THEORIES)


@dataclass(frozen=True)
class Variant:
    """Z3 under a driver of divbridge's own: its shortcut and name in Why3's configuration."""

    shortcut: str
    name: str                      # not "Z3": the [prover_modifiers] of Z3 leave it alone
    float_sorts: bool              # whether it imports why3/floats.drv (FP16 and BFloat16 as FloatingPoint sorts)
    counterexamples: bool          # whether it has a variant that gives models (shortcut ``<shortcut>-ce``)
    derive: Callable[[str], str]   # the stock driver's text -> this one's

    def drivers(self, stock: Path, directory: Path, float_sorts: Path) -> dict[Path, str]:
        """Path -> text of its driver files in ``directory``, from the stock Z3 driver in ``stock`` (Why3's
        data directory) and ``float_sorts`` (why3/floats.drv: Why3 applies an extra config's
        ``[prover_modifiers]`` to the detected provers only): the driver, and the one that gives models
        when it has counterexamples."""
        text = self.derive((stock / _STOCK).read_text())
        for generated in _GENERATED:
            text = text.replace(f'import "{generated}"', f'import "{stock / generated}"')
        if self.float_sorts:
            text += f'\nimport "{float_sorts.resolve()}"\n'
        driver = self._driver(directory)
        files = {driver: text}
        if self.counterexamples:
            files[self._driver(directory, "-ce")] = (f'import "{driver}"\n\n'
                                                    'theory BuiltIn\n  meta "get_counterexmp" ""\nend\n')
        return files

    def prover_entries(self, z3: str, version: str, directory: Path) -> str:
        """The ``[prover]`` sections of a Why3 extra config that run Z3 with its drivers (in ``directory``)."""
        entries = _entry(self.name, self.shortcut, "", "", version, z3, self._driver(directory))
        if self.counterexamples:
            entries += "\n" + _entry(self.name, f"{self.shortcut}-ce", "counterexamples", " model.compact=false",
                                     version, z3, self._driver(directory, "-ce"))
        return entries

    def _driver(self, directory: Path, suffix: str = "") -> Path:
        return directory / f"{self.shortcut}{suffix}.drv"


ABSTRACT = Variant("z3abstract", "Z3abstract", float_sorts=False, counterexamples=False, derive=_abstract)
BITS = Variant("z3bits", "Z3bits", float_sorts=True, counterexamples=True, derive=_bits)
VARIANTS = (ABSTRACT, BITS)


def _replace(text: str, old: str, new: str) -> str:
    if old not in text:   # another Why3's stock driver: better no route than a wrong one
        raise ValueError(f"Why3's {_STOCK} has no {old.strip()!r}")
    return text.replace(old, new)


def _entry(name: str, shortcut: str, alternative: str, options: str, version: str, z3: str, driver: Path) -> str:
    return ("[prover]\n"
            f'command = "{z3} -smt2 -T:%t {_SEEDS}{options} -st %f"\n'
            f'command_steps = "{z3} -smt2 {_SEEDS}{options} -st rlimit=%S %f"\n'
            f'driver = "{driver}"\n'
            f'name = "{name}"\n'
            + (f'alternative = "{alternative}"\n' if alternative else "")
            + f'shortcut = "{shortcut}"\n'
            f'version = "{version}"\n')
