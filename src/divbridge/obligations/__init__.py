"""Proof obligations: built from the specification, rendered to Why3 and SMT-LIB."""

from divbridge.assets import template_names
from divbridge.operators.model import Operator


def template(environment, op: Operator, name: str):
    """The template ``name`` for the operator: its own, named for it (``<op>_<name>``: what only it has, as
    ``<op>_int.mlw.j2``), else the shared one (`assets.template_names`)."""
    return environment.select_template(template_names(op.name, name))
