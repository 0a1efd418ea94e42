"""What the checks of check-spec and the obligations' ids need of an operator beyond its other `model.Operator`
fields (`Obligations`, the field ``obligations``): its integer and real profiles as z3 terms (`ExactTerms`, for
`checkspec.smt`) and how ids spell its symbol.  An operator that lists no exact terms has its integer and real
claims left unjudged by check-spec."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, NamedTuple


class IntegerTerms(NamedTuple):
    """The integer profile on two bit-vector operands, as z3 terms."""

    result: Any          # C: the exact result as the profile maps it into the type (where it is defined)
    defined: Any         # where the profile defines C (its preconditions)
    inexact: Any         # where the exact A op B is not an integer
    negative: Any        # where the exact A op B is negative


@dataclass(frozen=True)
class ExactTerms:
    """The operator's integer and real profiles as z3 terms, which check-spec's exact encodings
    (`checkspec.smt`) combine with a document's rows: ``integer(fmt, a, b)`` over bit-vectors of the integer
    format ``fmt``, ``real(a, b)``: (C, where C is defined) over z3 reals."""

    integer: Callable[[Any, Any, Any], IntegerTerms]
    real: Callable[[Any, Any], tuple[Any, Any]]


@dataclass(frozen=True)
class Obligations:
    """What the operator's obligations and checks need (see the module)."""

    # its integer and real profiles for check-spec's exact encodings; None: it has none, and check-spec
    # leaves its integer and real definitions, tables and preconditions to its proof obligations
    exact: ExactTerms | None = None
    # how an obligation's id spells the operator's symbol where a case's condition writes it ("/": "div"; the
    # ids name the evidence, so a spelling once chosen stays)
    id_symbols: tuple[tuple[str, str], ...] = ()
