"""The measured error of an implementation against the bound it must hold, drawn over the input range: one
panel per format, the error in ulps of each input measured (`conform.accuracy`) and the bound as a line, as an
SVG file (matplotlib, without a display)."""

from __future__ import annotations

import io
from pathlib import Path

from divbridge.atomicio import write_text_atomic
from divbridge.conform.accuracy import FormatAccuracy


def write(path: Path, title: str, reports: list[FormatAccuracy]) -> None:
    """Draw ``reports`` (one panel each) into the SVG file ``path``, written whole or not at all."""
    import matplotlib
    matplotlib.use("Agg")              # no display: the file only
    from matplotlib.figure import Figure
    figure = Figure(figsize=(8, 3 * len(reports)), layout="constrained")
    figure.suptitle(title)
    for axes, report in zip(figure.subplots(len(reports), 1, squeeze=False)[:, 0], reports):
        xs = [x for x, _ in report.points]
        ys = [max(error, 2**-12) for _, error in report.points]   # a log scale has no 0: exact results sit at its floor
        axes.scatter(xs, ys, s=2, color="tab:blue",
                     label=f"{report.source}: {report.measured} inputs measured (exact ones at the bottom)")
        if report.max_ulp is not None:
            axes.axhline(report.max_ulp, color="tab:red", label=f"bound: {report.max_ulp:g} ulp")
        axes.axhline(0.5, color="tab:gray", linestyle=":", label="correctly rounded: 0.5 ulp")
        axes.set_xscale("symlog", linthresh=1.0)   # linear on [-1, 1], logarithmic beyond: the whole range in view
        axes.set_yscale("log", base=2)
        axes.set_xlabel(f"{report.op.inputs[0].name} ({report.fmt.name})")
        axes.set_ylabel("error (ulp)")
        said = f"max {report.ulp.error:.3g} ulp at {', '.join(report.ulp.inputs)}" if report.measured else \
            "nothing measured" + (f": {report.errors[0]['detail'][:80]}" if report.errors else "")
        axes.set_title(f"{report.fmt.name}: {said}", fontsize=9)
        axes.legend(fontsize=7, loc="upper left")
    svg = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none"}):   # text as text: searchable, read aloud, smaller
        figure.savefig(svg, format="svg")
    write_text_atomic(path, svg.getvalue())
