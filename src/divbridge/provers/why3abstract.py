"""Z3 with the float types kept abstract: Why3's route to the float goals bit-blasting does not reach.

Why3's stock Z3 driver maps ``ieee_float`` to SMT-LIB's FloatingPoint theory, where a claim with two
divisions (exactness, the relative error) bit-blasts for minutes.  This driver is the stock one minus
that mapping: Z3 then sees the float type and its operations as uninterpreted and reasons from the
axioms of Why3's standard library (``ieee_float.GenericFloat``: ``div_finite``, ``round_monotonic``...),
the way one proves such facts for any format at once.  Removing axioms only weakens the context, so it
stays sound; the ones removed are about roundToIntegral, ceil, floor and truncate, irrelevant to division,
whose triggers make Z3 instantiate forever.

The driver is derived from the installed Why3's own files (its data directory), so it follows the
Why3 version; it and the prover entry holding this machine's paths go to the cache directory.
"""

from __future__ import annotations

from pathlib import Path

SHORTCUT = "z3abstract"
NAME = "Z3abstract"   # not "Z3": the [prover_modifiers] adding floats.drv (FloatingPoint sorts) leave it alone
_STOCK = "z3_440.drv"
_LOOPING_AXIOMS = """truncate_int truncate_neg truncate_pos ceil_le ceil_lest ceil_to_real ceil_to_int floor_le
floor_lest floor_to_real floor_to_int RNA_down RNA_up RNA_down_tie RNA_up_tie to_int_roundToIntegral
to_int_monotonic roundToIntegral_is_int roundToIntegral_is_finite""".split()


def driver_text(drivers: Path) -> str:
    """The abstract-float driver, from the stock Z3 driver in ``drivers`` (Why3's data directory)."""
    text = (drivers / _STOCK).read_text()
    text = text.replace('import "smt-libv2-floats.gen"\n', "")
    # the stock file's Float32 / Float64 blocks map to_int and friends to FloatingPoint: dropped with it
    start, stop = text.index("theory ieee_float.Float64"), text.index("theory real.Square")
    text = text[:start] + text[stop:]
    for generated in ("smt-libv2.gen", "smt-libv2-bv.gen", "z3_bv.gen", "discrimination.gen"):
        text = text.replace(f'import "{generated}"', f'import "{drivers / generated}"')
    removed = "".join(f"  remove prop {name}\n" for name in _LOOPING_AXIOMS)
    return f"{text}\ntheory ieee_float.GenericFloat\n{removed}end\n"


def prover_entry(z3: str, version: str, driver: Path) -> str:
    """The ``[prover]`` section of a Why3 extra config that runs Z3 with the abstract driver."""
    return ("[prover]\n"
            f'command = "{z3} -smt2 -T:%t sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st %f"\n'
            f'command_steps = "{z3} -smt2 sat.random_seed=42 nlsat.randomize=false smt.random_seed=42 -st rlimit=%S %f"\n'
            f'driver = "{driver}"\n'
            f'name = "{NAME}"\n'
            f'shortcut = "{SHORTCUT}"\n'
            f'version = "{version}"\n')
