"""The measured error against the bound it must hold, drawn over the input range, as an SVG file (matplotlib,
without a display): an implementation's (`write`: one panel per format, the error in ulps of each input measured,
`conform.accuracy`, and the bound as a line) or an accuracy note's claim (`write_bound`: the correctly rounded
result's error on every input of a format and the claim's bound at each).  The file is the same bytes from run to
run (`_svg`: no date, a fixed salt for its element ids), so that a report that did not change is not rewritten."""

from __future__ import annotations

import io
from pathlib import Path

from divbridge.atomicio import write_text_atomic
from divbridge.conform.accuracy import FormatAccuracy

PLOTTED = 2000      # the runs of inputs a bound's plot draws one mark for (`write_bound`)


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
        axes.set_xlabel(f"n, the terms of each element ({report.fmt.name})" if report.op.operation.contraction
                        else f"{report.op.inputs[0].name} ({report.fmt.name})")
        axes.set_ylabel("error (ulp)")
        said = f"max {report.ulp.error:.3g} ulp at {', '.join(report.ulp.inputs)}" if report.measured else \
            "nothing measured" + (f": {report.errors[0]['detail'][:80]}" if report.errors else "")
        axes.set_title(f"{report.fmt.name}: {said}", fontsize=9)
        axes.legend(fontsize=7, loc="upper left")
    write_text_atomic(path, _svg(figure))


def write_bound(path: Path, title: str, fmt: str, operand: str, points: tuple[tuple[float, float, float], ...]
                ) -> None:
    """Draw a claim's bound against the error it bounds into the SVG file ``path``: ``points`` are (x, |E|, the
    bound at x), one per input of the format ``fmt``, drawn as the part of the bound the error takes, |E| / bound
    (the claim holds at x where it is at most 1; a bound of 0 with an error counts as infinitely far above)."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.figure import Figure
    figure = Figure(figsize=(8, 3.2), layout="constrained")
    axes = figure.subplots()
    ratios = sorted((x, e / b if b > 0 else (0.0 if e == 0 else float("inf"))) for x, e, b in points)
    above = sum(r > 1 for _, r in ratios)
    # a few thousand marks, not one per input (a file of megabytes): the largest of each run of consecutive inputs
    step = max(1, -(-len(ratios) // PLOTTED))
    worst = [max(ratios[i:i + step], key=lambda p: (p[1], p[0])) for i in range(0, len(ratios), step)]
    top = max([1.25] + [r * 1.05 for _, r in worst if r != float("inf")])
    axes.scatter([x for x, _ in worst], [min(r, top) for _, r in worst], s=2, color="tab:blue",
                 label=f"|E| / bound of the correctly rounded result ({len(points)} inputs"
                       + (f"; the largest of each {step} consecutive ones" if step > 1 else "") + ")")
    axes.axhline(1.0, color="tab:red", linewidth=1, label=f"the claim's bound; above it: {above} inputs")
    axes.set_xscale("symlog", linthresh=1.0)   # linear on [-1, 1], logarithmic beyond: the whole range in view
    axes.set_ylim(0, top)
    axes.set_xlabel(f"{operand} ({fmt})")
    axes.set_ylabel("|E| / bound")
    axes.set_title(title, fontsize=9)
    axes.legend(fontsize=7, loc="upper left")
    write_text_atomic(path, _svg(figure))


def _svg(figure) -> str:
    """The figure as SVG text, the same bytes for the same figure: text as text (searchable, read aloud,
    smaller), no date in its metadata, element ids from a fixed salt rather than a random one."""
    import matplotlib
    svg = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "divbridge"}):
        figure.savefig(svg, format="svg", metadata={"Date": None})
    return svg.getvalue()
