"""The data shipped inside the package, found the same way in a checkout and in an installed copy.

``templates/``: the Jinja2 templates (why3, smtlib, gappa, coq, report); ``why3lib/``: the
hand-written Why3 library the rendered theories use (FP16 and BFloat16 clones, the tensor model).
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

import jinja2

from divbridge import cachedir

PACKAGE = Path(str(files("divbridge")))
TEMPLATES = PACKAGE / "templates"
WHY3_LIBRARY = PACKAGE / "why3lib"


def template_names(operator: str, name: str) -> list[str]:
    """Where the template ``name`` of an operator (by name) is looked for, first found first: its own, named for
    it (``<op>_<name>``: what only it has, as ``<op>_int.mlw.j2``), then the shared one."""
    return [f"{operator.lower()}_{name}", name]


def has_own_template(kind: str, operator: str, name: str) -> bool:
    """Whether the operator has its own template ``name`` of the family ``kind`` (``why3``)."""
    return (TEMPLATES / kind / template_names(operator, name)[0]).is_file()


def template_environment(kind: str, **options) -> jinja2.Environment:
    """The Jinja2 environment of one template family (``templates/<kind>/``); an undefined name is an error.
    Compiled templates are kept in the cache (keyed by their source): a warm run does not compile them."""
    root = cachedir.root()
    compiled = jinja2.FileSystemBytecodeCache(str(_directory((root / "templates").absolute()))) if root is not None else None
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES / kind)),
                              undefined=jinja2.StrictUndefined, bytecode_cache=compiled, **options)


def _directory(path: Path) -> Path:
    path.mkdir(parents=True, exist_ok=True)
    return path


def artifact_path(path: Path) -> str:
    """A written file as results and reports name it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
