"""junit.xml: one test case per obligation, so that CI shows a proof run like a test run.

Each test case names the document line of its requirement (``file``,
``line``) and the time this run spent on it (none for an answer from the
cache: a warm run's suite time is the warm run's).  A verdict that is not
the expected one is a <failure> (a timeout, unknown,
error or skipped verdict included: it was not proved); a refutation that a
probe expects passes.  An open claim that no prover settled is <skipped>,
neither a pass nor a failure; refuted or in error, it is a failure.  Test
cases are grouped in one suite per family and format.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from divbridge.report.model import ObligationView, ReportModel


class JunitReporter:
    filename = "junit.xml"

    def render(self, model: ReportModel) -> str:
        suites = ET.Element("testsuites", name="divbridge proof obligations")
        _totals(suites, model.obligations)
        for label, views in model.groups():
            suite = ET.SubElement(suites, "testsuite", name=f"divbridge.{label.replace(' ', '.')}",
                                  timestamp=model.results.generated_at, hostname=model.results.machine)
            _totals(suite, views)
            properties = ET.SubElement(suite, "properties")
            ET.SubElement(properties, "property", name="divbridge", value=model.results.divbridge_version)
            for tool, version in model.results.tool_versions.items():
                ET.SubElement(properties, "property", name=tool, value=version)
            for view in views:
                suite.append(_testcase(view))
        ET.indent(suites)
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(suites, encoding="unicode") + "\n"


def _totals(element: ET.Element, views: list[ObligationView]) -> None:
    element.set("tests", str(len(views)))
    element.set("failures", str(sum(view.status == "fail" for view in views)))
    element.set("errors", "0")
    element.set("skipped", str(sum(view.status == "open" for view in views)))
    run_time = sum(view.run_time for view in views)
    element.set("time", f"{run_time:.3f}")


def _testcase(view: ObligationView) -> ET.Element:
    r = view.result
    case = ET.Element("testcase", name=r.id, classname=f"divbridge.{r.family}.{r.format}.{r.kind}",
                      time=f"{view.run_time:.3f}")
    if r.lines and r.lines[0]:   # where the document states it, as a CI system links a test to its source
        case.set("file", _document_path(view))
        case.set("line", str(r.lines[0]))
    if view.status == "fail":
        wanted = "proved" if r.expect == "valid" else "refuted"
        failure = ET.SubElement(case, "failure", type=r.verdict,
                                message=f"expected {wanted}, got {r.verdict}" + (f": {r.message}" if r.message else "")
                                + f" (stated at {view.stated_at})")
        failure.text = _details(view)
    elif view.status == "open":
        skipped = ET.SubElement(case, "skipped", message=f"open claim, not proved: {r.open}")
        skipped.text = _details(view)
    output = ET.SubElement(case, "system-out")
    output.text = (f"{r.title}\nrequirements: {', '.join(r.requirements)}\nstatement: {view.statement_text}\n"
                   f"verdict: {r.verdict} by {view.provers} in {r.time_s:.3f} s{' (cached)' if r.cached else ''}\n")
    return case


def _document_path(view: ObligationView) -> str:
    return view.document_path or "specification"


def _details(view: ObligationView) -> str:
    lines = [f"stated at {view.stated_at}" + (f" in {view.document_path}" if view.document_path else "")]
    lines += [f"{a.prover} {a.version}: {a.verdict} in {a.time_s:.3f} s" + (f" ({a.message})" if a.message else "")
             for a in view.result.attempts]
    lines += [f"counterexample {name} = {value}" for name, value in view.counterexample.items()]
    lines.append(f"smoke tests: {view.smoke}")
    if view.mirror:
        lines.append(f"the mirror computes {view.mirror}")
    return "\n".join(lines)
