"""index.html in a real browser: headless Chromium loads the page offline and renders it.

The page is rendered from fabricated results (see test_report.py: a failing
run, with obligations not as expected) and the committed peer table
(proofs/peers.json); the rendered DOM must hold the summary, the list of what
is not as expected, the whole traceability matrix and every peer, and the
screenshot must be a real page, not a blank one.  At 800 px and at 1400 px the
page itself must not scroll sideways: a wide table scrolls inside its box.
"""

from __future__ import annotations

import html
import json
import re
import shutil
import struct
import subprocess
import tempfile
import zlib
from pathlib import Path

import pytest

from divbridge.conform import peertable
from divbridge.conform.impls import DEPLOYED_PEERS
from divbridge.crosscheck import vectors
from divbridge.report import build, write_reports
from divbridge.report.model import GRID_STATES
from test_report import CATALOGUE, DOCUMENT, fabricated_results

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (scripts/setup.sh test installs it)")
WIDTH, HEIGHT = 1280, 2000
FORMATS = [fmt.name for fmt in vectors.checkable_formats()]
COMMITTED_PEERS = peertable.load_beside(Path(__file__).resolve().parents[1] / "proofs" / "results.json")


def chromium(page: Path, profile: Path, *args: str, width: int = WIDTH) -> subprocess.CompletedProcess:
    return subprocess.run(
        [CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         f"--user-data-dir={profile}", f"--window-size={width},{HEIGHT}", *args, page.as_uri()],
        capture_output=True, text=True, timeout=600, check=True)   # a ceiling: a loaded machine is slow


# a statement of the document no obligation verifies: the grid's "unread" column
GAP = {"tag": "E_DIV_FLOAT_DEF_0030", "line": 64, "text": "and so on", "why": "not understood (fabricated)"}


@pytest.fixture(scope="module")
def model():
    root = Path(tempfile.mkdtemp(prefix="divbridge-grid-"))
    results = fabricated_results(root)
    results.document = {**results.document, "uncovered": [GAP]}
    return build(results, [root], COMMITTED_PEERS), root


@pytest.fixture(scope="module")
def page(model) -> Path:
    built, root = model
    write_reports(built.results, root / "reports", [root], COMMITTED_PEERS)
    return root / "reports" / "index.html"


@pytest.fixture(scope="module")
def rendered(page, tmp_path_factory) -> tuple[str, bytes]:
    """One browser run: the DOM after loading, and a screenshot."""
    work = tmp_path_factory.mktemp("chromium")
    png = work / "report.png"
    dom = chromium(page, work / "profile", f"--screenshot={png}", "--dump-dom").stdout
    return dom, png.read_bytes()


def test_rendered_dom_shows_the_summary_and_the_matrix(rendered):
    dom = rendered[0]
    assert "<title>divbridge proof report" in dom
    assert '<table id="summary-family">' in dom and '<table id="summary-kind">' in dom
    n = sum(ob.format == "fp64" and ob.family == "float" for ob in CATALOGUE)
    assert "<td>float fp64</td>" in dom and f"{100 * (n - 2) / n:.1f}%" in dom
    assert '<th class="num">Open (not proved)</th>' in dom and dom.count('<section class="obligation open"') == 2
    assert '<table id="matrix">' in dom
    # the Peers section from the committed peer table: every deployed peer, one row per format
    # the Peers section from the committed peer table: every deployed peer, a grid cell per format
    grid = dom[dom.index('<table id="peers-grid">'):]
    grid = grid[:grid.index("</table>")]
    for name in DEPLOYED_PEERS:
        row = grid[grid.index(f'data-peer="{name}"'):]
        assert row[:row.index("</tr>")].count('<td class="num ') == len(FORMATS), f"{name} has not a cell per format"
    details = dom[dom.index('<table id="peers-details">'):]
    assert "-3 (int32 0xfffffffd) / 2 (int32 0x00000002): SONNX -1 (int32 0xffffffff)" in details   # numpy floors
    assert "departs from openvino Divide-1" in details and "0.9500884413719177 (fp32 0x3f7338ff)" in details
    for tag in (requirement["tag"] for requirement in DOCUMENT["requirements"]):
        assert f'data-tag="{tag}"' in dom, f"{tag} missing from the rendered matrix"
    assert '<tr class="uncovered" data-tag="E_DIV_TYPES_0010">' in dom
    assert dom.count('<section class="obligation') == len(CATALOGUE)


def test_a_failing_run_opens_with_what_is_not_as_expected(rendered):
    dom = rendered[0]
    failures = dom[dom.index('<table id="failures">'):]
    failures = failures[:failures.index("</table>")]
    assert dom.index('<table id="failures">') < dom.index('<table id="matrix">')
    assert failures.count('<tr class="fail">') == 4
    assert "float.bf16.generic.self_div_one" in failures and "E_DIV_FLOAT_DEF_0010 line 61" in failures
    assert "a = 1.0 = 0x1.0000000000000p+0 (bf16 0x3f80)" in failures   # the counterexample, decoded
    assert "<td class=\"mono\">fabricated</td>" in failures             # what the mirror computes


@pytest.mark.parametrize("width", [800, 1400])
def test_the_page_fits_its_width_and_wide_tables_scroll_in_their_box(page, tmp_path, width):
    """A script added to a copy of the page measures it after layout and writes what it found into the DOM."""
    probe = tmp_path / "probe.html"
    probe.write_text(page.read_text().replace("</body>", MEASURE + "</body>"))
    dom = chromium(probe, tmp_path / "profile", "--dump-dom", "--virtual-time-budget=3000", width=width).stdout
    found = dict(re.findall(r'data-(page|viewport|loose)="([^"]*)"', dom))
    assert found, "the measuring script did not run"
    assert int(found["page"]) <= int(found["viewport"]) == width, found
    assert found["loose"] == "", f"tables wider than the page outside a scrolling box: {found['loose']}"


def test_failing_run_at_800_px_screenshot(page, tmp_path):
    png = tmp_path / "report-800.png"
    chromium(page, tmp_path / "profile", f"--screenshot={png}", width=800)
    width, height, ink = _png_facts(png.read_bytes())
    assert (width, height) == (800, HEIGHT) and ink > 0.01


@pytest.mark.parametrize("width", [800, 1400])
def test_the_requirement_by_format_grid_is_in_colour_and_each_cell_links_to_its_obligations(model, page, tmp_path, width):
    """A script in a copy of the page reads, after layout, each cell's and each mark's colour and whether each
    link's target is on the page; the colours must be the legend's, one per state."""
    built, _ = model
    probe = tmp_path / "grid.html"
    probe.write_text(page.read_text().replace("</body>", GRID_PROBE + "</body>"))
    dom = chromium(probe, tmp_path / "profile", "--dump-dom", "--virtual-time-budget=3000", width=width).stdout
    found = re.search(r'data-grid="([^"]*)"', dom)
    assert found, "the grid probe did not run"
    grid = json.loads(html.unescape(found.group(1)))
    assert grid["width"] > 0 and grid["height"] > 0 and grid["scrolls_in_its_box"]
    legend = grid["legend"]
    assert sorted(legend) == sorted(state for state, _ in GRID_STATES)
    assert len(set(legend.values())) == len(legend), f"two states share a colour: {legend}"
    cells = {(cell["tag"], cell["format"]): cell for cell in grid["cells"]}
    assert len(cells) == len(built.grid) * (len(built.grid_formats) + 1)
    assert all(cell["colour"] == legend[cell["state"]] for cell in cells.values())
    expected = {("E_DIV_FLOAT_DEF_0010", "fp16"): "pass", ("E_DIV_FLOAT_DEF_0010", "bf16"): "fail",   # self_div_one
                ("E_DIV_FLOAT_DEF_0010", "fp64"): "open", ("E_DIV_FLOAT_ACC_0010", "fp64"): "fail",
                ("E_DIV_INT_CONSTR_AB_0020", "int32"): "fail", ("E_DIV_FLOAT_DEF_0030", "unread"): "unread",
                ("E_DIV_FLOAT_DEF_0030", "fp32"): "pass", ("RG1", "real"): "none"}
    assert {key: cells[key]["state"] for key in expected} == expected
    # a mark per obligation of each row, coloured by its own outcome, each linking to its obligation on the page
    marks = grid["marks"]
    assert len(marks) == sum(len(row.trace.obligations) for row in built.grid)
    assert all(mark["target"] for mark in marks), [mark["href"] for mark in marks if not mark["target"]]
    colours = {state: {mark["colour"] for mark in marks if mark["state"] == state} for state in ("pass", "probe", "fail", "open")}
    assert all(len(found) == 1 for found in colours.values()), colours      # every state present, one colour each
    assert len({colour for found in colours.values() for colour in found}) == 4
    assert ("E_DIV_INT_CONSTR_AB_0020", "int8") in {(m["tag"], m["format"]) for m in marks if m["state"] == "probe"}
    assert all(link["target"] for link in grid["row_links"])   # each requirement to its traceability matrix row


GRID_PROBE = """<script>
window.addEventListener("load", function () {
  var out = {legend: {}, cells: [], marks: [], row_links: []};
  var colour = function (e) { return getComputedStyle(e).backgroundColor; };
  var state = function (e, kind) { return Array.from(e.classList).filter(function (c) { return c !== kind; })[0]; };
  var target = function (a) { return document.getElementById(a.getAttribute("href").slice(1)) !== null; };
  document.querySelectorAll("p.legend .cell").forEach(function (s) { out.legend[state(s, "cell")] = colour(s); });
  var table = document.getElementById("grid"), box = table.getBoundingClientRect();
  out.width = box.width; out.height = box.height;
  out.scrolls_in_its_box = table.parentElement.classList.contains("scroll");
  table.querySelectorAll("tbody tr").forEach(function (row) {
    var tag = row.getAttribute("data-tag");
    row.querySelectorAll("th.req a").forEach(function (a) { out.row_links.push({href: a.getAttribute("href"), target: target(a)}); });
    row.querySelectorAll("td.cell").forEach(function (cell) {
      var format = cell.getAttribute("data-format");
      out.cells.push({tag: tag, format: format, state: state(cell, "cell"), colour: colour(cell)});
      cell.querySelectorAll("a.mark").forEach(function (a) {
        out.marks.push({tag: tag, format: format, state: state(a, "mark"), colour: colour(a),
                        href: a.getAttribute("href"), target: target(a)});
      });
    });
  });
  document.body.setAttribute("data-grid", JSON.stringify(out));
});
</script>
"""


MEASURE = """<script>
window.addEventListener("load", function () {
  var loose = [];
  document.querySelectorAll("table").forEach(function (t) {
    var box = t.parentElement;
    if (t.scrollWidth > document.documentElement.clientWidth && !(box.classList.contains("scroll")))
      loose.push(t.id || t.className);
  });
  document.body.setAttribute("data-page", document.documentElement.scrollWidth);
  document.body.setAttribute("data-viewport", window.innerWidth);
  document.body.setAttribute("data-loose", loose.join(","));
});
</script>
"""


def test_screenshot_is_a_rendered_page(rendered):
    width, height, ink = _png_facts(rendered[1])
    assert (width, height) == (WIDTH, HEIGHT)
    # measured: 3.8% for this page, 0.00006% for a blank screenshot of the same size
    assert ink > 0.01, f"only {ink:.3%} of the screenshot differs from white: the page did not render"


def test_page_prints(tmp_path):
    """Printed (A4 landscape), a few obligations take several pages: the layout breaks across pages."""
    results = fabricated_results(tmp_path)
    results.obligations = results.obligations[:6]  # enough to span pages, small enough to print quickly
    write_reports(results, tmp_path / "reports", [tmp_path])
    pdf = tmp_path / "report.pdf"
    chromium(tmp_path / "reports" / "index.html", tmp_path / "profile", "--no-pdf-header-footer", f"--print-to-pdf={pdf}")
    data = pdf.read_bytes()
    assert data.startswith(b"%PDF-")
    assert len(re.findall(rb"/Type\s*/Page\b", data)) >= 3
    assert re.search(rb"/MediaBox\s*\[\s*0 0 841\.9\d*\s+594\.9", data), "not A4 landscape"


def _png_facts(data: bytes) -> tuple[int, int, float]:
    """Width, height and the share of "ink" bytes of an 8-bit RGB(A) PNG (no imaging library needed).

    Ink is what is not plain white background: in an unfiltered row, bytes other than 0xff; in a
    filtered row (sub, up, average, Paeth), bytes that differ from their prediction, which is
    zero over a uniform white area.
    """
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    chunks, offset = {}, 8
    while offset < len(data):
        length, kind = struct.unpack(">I4s", data[offset:offset + 8])
        chunks.setdefault(kind, []).append(data[offset + 8:offset + 8 + length])
        offset += 12 + length
    width, height, depth, colour = struct.unpack(">IIBB", chunks[b"IHDR"][0][:10])
    assert depth == 8 and colour in (2, 6), "expected an 8-bit RGB or RGBA screenshot"
    pixels = zlib.decompress(b"".join(chunks[b"IDAT"]))
    stride = width * (3 if colour == 2 else 4) + 1
    ink = 0
    for row in range(height):
        line = pixels[row * stride:(row + 1) * stride]
        body = line[1:]
        if line[0] == 0:
            ink += len(body) - body.count(0xFF)
        else:
            ink += len(body) - body.count(0)
    return width, height, ink / (height * (stride - 1))
