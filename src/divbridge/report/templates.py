"""The Jinja2 environment of the report templates (templates/report/*.j2)."""

from __future__ import annotations

import re
from datetime import datetime, timezone

import jinja2
from markupsafe import Markup, escape

from divbridge import assets


def seconds(value: float) -> str:
    return f"{value:.3f} s" if value < 10 else f"{value:.1f} s"


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def md_cell(value: object) -> str:
    """Text safe inside a Markdown table cell."""
    return str(value).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def fence(text: str) -> str:
    """A Markdown code fence longer than any backtick run inside ``text``."""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    return "`" * max(3, longest + 1)


def code_spans(text: str) -> Markup:
    """Markdown inline code (`x`) as HTML code, the rest escaped: no raw backticks on the page."""
    return Markup(re.sub(r"`([^`]+)`", r"<code>\1</code>", str(escape(text))))


def environment(autoescape: bool) -> jinja2.Environment:
    env = assets.template_environment("report", autoescape=autoescape, trim_blocks=True, lstrip_blocks=True,
                                      keep_trailing_newline=True)
    env.filters.update(seconds=seconds, md_cell=md_cell, fence=fence, code_spans=code_spans)
    env.globals["percent"] = percent
    env.globals["written_at"] = datetime.now(timezone.utc).isoformat(timespec="seconds")
    return env
