"""The theorems about an operator's rounding its description lists (`operators.model.Theorem`), as obligations
in each float format of the document (`statements.operator_theorem`).

They follow from the document's rounding requirement (the result is the exact one rounded to nearest even),
so they trace to the tags that state it; a document that states none binds none.  A theorem that holds goes to
Coq (Flocq proves it for every binary format; no SMT solver settles a claim over the reals of every pair);
a probe goes to the SMT solvers, which refute it with a counterexample.
"""

from __future__ import annotations

from divbridge import operators
from divbridge.formats import FloatFormat, get_format
from divbridge.obligations.document import Binding
from divbridge.obligations.model import Obligation
from divbridge.terms import coq


def theorem_obligations(binding: Binding) -> list[Obligation]:
    op = binding.operator
    refs = binding.refs("float.rounding")
    if not refs:
        return []
    obligations = []
    for name in binding.types.get("float", ()):
        fmt = get_format(name)
        assert isinstance(fmt, FloatFormat)
        for theorem in op.theorems:
            obligations.append(Obligation(
                id=f"{operators.id_prefix(op)}float.{name}.theorem.{theorem.name}", title=theorem.text,
                family="float", format=name, kind="theorem",
                prop="operator_theorem" if theorem.holds else "operator_theorem_probe",
                requirements=tuple(r.tag for r in refs), lines=tuple(r.line for r in refs),
                statement=theorem.text, expect="valid" if theorem.holds else "invalid",
                params={"eb": fmt.eb, "sb": fmt.sb, "theorem": theorem.name, "claim": theorem.claim,
                        "operation": coq.head(op.operation.function("float")), "infix": op.vocabulary.infix,
                        "negate_b": theorem.negate_b,
                        "above": theorem.above},
                backends=frozenset({"coq"} if theorem.holds else {"smt"}), operator=operators.obligation_name(op)))
    return obligations
