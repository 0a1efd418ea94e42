"""Div's float library (`operators.library.Library`): its float laws, its strategies, its result under a
rounding rule a document states instead, its accuracy claims' encodings, its computation in each format's
profile and that profile's integer domain."""

from __future__ import annotations

from typing import TYPE_CHECKING

from divbridge.operators.div.float_laws import LAWS
from divbridge.operators.div.profiled import compute
from divbridge.operators.div.rounding import ROUNDING
from divbridge.operators.div.strategies import GOALS, STRATEGIES
from divbridge.operators.library import Library
from divbridge.semantics.profiles import in_domain

if TYPE_CHECKING:
    from divbridge.operators.accuracy import Accuracy


def _accuracy() -> Accuracy:
    from divbridge.operators.div.accuracy import ACCURACY   # with sympy, when an accuracy note asks for it
    return ACCURACY


LIBRARY = Library(laws=LAWS, strategies=STRATEGIES, strategy_goals=GOALS, rounding=ROUNDING, accuracy=_accuracy,
                  compute=compute, domain=in_domain)
