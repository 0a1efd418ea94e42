"""The Jinja2 environment of the report templates (generators/report/*.j2)."""

from __future__ import annotations

import re
from datetime import datetime, timezone
from pathlib import Path

import jinja2

TEMPLATE_DIR = Path(__file__).resolve().parents[3] / "generators" / "report"


def seconds(value: float) -> str:
    return f"{value:.3f} s" if value < 10 else f"{value:.1f} s"


def md_cell(value: object) -> str:
    """Text safe inside a Markdown table cell."""
    return str(value).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def fence(text: str) -> str:
    """A Markdown code fence longer than any backtick run inside ``text``."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def environment(autoescape: bool) -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATE_DIR),
        autoescape=autoescape,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters.update(seconds=seconds, md_cell=md_cell, fence=fence)
    env.globals["written_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return env
