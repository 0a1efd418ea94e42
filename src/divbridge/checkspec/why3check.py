"""The Why3 formal section of a spec document: type-check it, attempt its goals,
and look for contracts that cannot be met.

Why3 stops at the first error, so the text is checked again with the
offending part blanked out (a syntax error: the rest of its declaration; a
typing error: the whole declaration), up to a few rounds, to report every
independent error.  Blanking keeps the line numbers, so each error maps to
its document line.  Goals are attempted with Z3 only when the text
type-checks.  Independently of Why3, each `val` contract is read for a
postcondition conjunct that constrains only the inputs and that no
precondition states: for an input violating it, no result can satisfy the
contract.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

from divbridge.checkspec.findings import verdict_of
from divbridge.document.findings import Finding
from divbridge.document.reader import FormalText
from divbridge.provers import toolprobe

MAX_ROUNDS = 8
TYPECHECK_TIMEOUT_S = 30
GOAL_TIMELIMIT_S = 5
_DECL = re.compile(r"^(use|type|function|predicate|val|let|goal|lemma|axiom|constant|module|theory|end|clone|"
                   r"import|exception|inductive|scope|meta)\b")
_ERROR = re.compile(r'File "[^"]*", line (\d+), characters (\d+)-(\d+):\n(.*?)(?=\nFile "|\Z)', re.S)


def check(formal: FormalText) -> tuple[list[Finding], str]:
    findings = contract_findings(formal)
    why3 = toolprobe.system_tool("why3")   # never one first on PATH
    if why3 is None:
        return findings, "unchecked" if not findings else verdict_of(findings)
    errors = typecheck(why3, formal)
    findings = errors + findings
    if not errors:
        findings += attempt_goals(why3, formal)
    return sorted(findings, key=lambda f: f.line), verdict_of(findings)


def _run(args: list[str], text: str, timeout: float) -> tuple[int, str]:
    with tempfile.TemporaryDirectory(prefix="divbridge-why3-") as tmp:
        path = Path(tmp) / "formal.mlw"
        path.write_text(text, encoding="utf-8")
        try:
            done = subprocess.run(args + [str(path)], capture_output=True, text=True, timeout=timeout, cwd=tmp)
        except subprocess.TimeoutExpired:
            return -1, "why3 did not answer in time"
        return done.returncode, done.stdout + done.stderr


def _declaration(lines: list[str], line: int) -> tuple[int, int]:
    """The 1-based inclusive range of the top-level declaration holding ``line``."""
    start = line
    while start > 1 and not _DECL.match(lines[start - 1]):
        start -= 1
    end = line + 1
    while end <= len(lines) and not _DECL.match(lines[end - 1]):
        end += 1
    return start, end - 1


def typecheck(why3: str, formal: FormalText) -> list[Finding]:
    lines = formal.text.split("\n")
    findings = []
    for _ in range(MAX_ROUNDS):
        code, output = _run([why3, "prove", "--type-only"], "\n".join(lines), TYPECHECK_TIMEOUT_S)
        if code == 0:
            break
        m = _ERROR.search(output)
        if not m:
            findings.append(Finding("ill-formed", formal.line, f"why3 rejects the formal text: {output.strip()[:200]}"))
            break
        line = int(m.group(1))
        message = " ".join(m.group(4).split())
        snippet = lines[line - 1][int(m.group(2)):int(m.group(3))] if 0 < line <= len(lines) else ""
        detail = f" at '{snippet}'" if snippet and "syntax" in message else ""
        findings.append(Finding("ill-formed", formal.line + line - 1, f"Why3: {message}{detail}"))
        if not 0 < line <= len(lines):
            break
        start, end = _declaration(lines, line)
        if "syntax error" in message and line > start:
            start = line
        for k in range(start, end + 1):
            lines[k - 1] = ""
    return findings


def attempt_goals(why3: str, formal: FormalText) -> list[Finding]:
    if not re.search(r"^\s*(goal|lemma)\b", formal.text, re.M):
        return []
    code, output = _run([why3, "prove", "-P", "z3", "-t", str(GOAL_TIMELIMIT_S)], formal.text, 120)
    findings = []
    for m in re.finditer(r"^\S+ \S+ (\S+): (\w+)", output, re.M):
        goal, answer = m.group(1), m.group(2)
        if answer == "Valid":
            continue
        decl = re.search(rf"^\s*(?:goal|lemma)\s+{re.escape(goal)}\b", formal.text, re.M)
        line = formal.line + formal.text.count("\n", 0, decl.start()) if decl else formal.line
        kind = "incorrect" if answer == "Invalid" else "ambiguous"
        findings.append(Finding(kind, line, f"Why3 goal {goal}: {answer} with Z3"))
    if code != 0 and not findings:
        findings.append(Finding("ambiguous", formal.line, f"the goals could not be attempted: {output.strip()[:200]}"))
    return findings


# -- contracts that cannot be met -------------------------------------------------------

_KEYWORDS = {"forall", "exists", "not", "true", "false", "if", "then", "else", "let", "in", "result", "old", "at",
             "length", "int", "real", "bool", "array", "mod", "abs", "min", "max"}
_NEGATE = {"<>": "=", "=": "<>", "<": ">=", ">": "<=", "<=": ">", ">=": "<"}


def _definitions(text: str) -> dict[str, tuple[list[str], str]]:
    """predicate/function name -> (parameter names, body) for the simple non-recursive ones."""
    defs = {}
    for m in re.finditer(r"^(?:predicate|function)\s+(\w+)\s*((?:\([^()]*\)\s*)*)[^=\n]*=\s*(.*?)(?=^\S|\Z)",
                         text, re.M | re.S):
        params = []
        for group in re.findall(r"\(([^()]*)\)", m.group(2)):
            for binder in group.split(","):
                names = binder.partition(":")[0].split()
                params += names
        defs[m.group(1)] = (params, m.group(3).strip())
    return defs


def _inline(expr: str, defs: dict[str, tuple[list[str], str]]) -> str:
    for name, (params, body) in defs.items():
        m = re.search(rf"\b{re.escape(name)}\b((?:\s+[\w.]+)+)", expr)
        if m and params:
            args = m.group(1).split()[:len(params)]
            if len(args) == len(params):
                substituted = body
                for p, a in zip(params, args):
                    substituted = re.sub(rf"\b{re.escape(p)}\b", a, substituted)
                expr = expr[:m.start()] + f"({substituted})" + expr[m.start() + len(name) + len(" ".join(args)) + 1:]
    return expr


def _conjuncts(expr: str) -> list[str]:
    expr = re.sub(r"^\s*forall\s+[\w\s:]+\.\s*", "", expr.strip())
    expr = expr.strip()
    while expr.startswith("(") and expr.endswith(")"):
        expr = expr[1:-1].strip()
    return [c.strip() for c in expr.split("/\\") if c.strip()]


def contract_findings(formal: FormalText) -> list[Finding]:
    text = formal.text
    defs = _definitions(text)
    declared = set(defs) | set(re.findall(r"^\s*(?:type|val|constant|let)\s+(\w+)", text, re.M))
    declared |= set(re.findall(r"(\w+)\s*:", " ".join(re.findall(r"\{([^{}]*)\}", text))))   # record fields
    findings = []
    for m in re.finditer(r"^val\s+(\w+)\s*((?:\([^()]*\)\s*)*)(.*?)(?=^\S|\Z)", text, re.M | re.S):
        params = [n for group in re.findall(r"\(([^()]*)\)", m.group(2))
                  for binder in group.split(",") for n in binder.partition(":")[0].split()]
        clauses = re.findall(r"\b(requires|ensures)\s*\{(.*?)\}", m.group(3), re.S)
        requires = {" ".join(c.split()) for kind, body in clauses if kind == "requires"
                    for c in _conjuncts(_inline(body, defs))}
        start = m.start(3)
        reported: set[str] = set()
        for kind, body in clauses:
            if kind != "ensures":
                continue
            offset = text.index(body, start)
            line = formal.line + text.count("\n", 0, offset)
            bound = set(re.findall(r"\b(?:forall|exists)\s+([\w\s]+?)\s*[.:]", body))
            bound = {n for group in bound for n in group.split()}
            names = set(re.findall(r"(?<![.\w'])([A-Za-z_]\w*)", body))
            unbound = sorted(n for n in names - bound - declared - _KEYWORDS - set(params) if n[0].isupper())
            for name in unbound:
                if name in reported:
                    continue
                reported.add(name)
                findings.append(Finding("ill-formed", line, f"'{name}' is not bound in the postcondition of "
                                        f"{m.group(1)} (a val's result is called 'result')"))
            result_names = {"result", *unbound}
            for conjunct in _conjuncts(_inline(body, defs)):
                used = set(re.findall(r"(?<![.\w'])([A-Za-z_]\w*)", conjunct))
                if used & result_names or not used & set(params) or " ".join(conjunct.split()) in requires:
                    continue
                cmp = re.fullmatch(r"(.+?)\s*(<>|<=|>=|=|<|>)\s*(.+)", conjunct)
                violation = (f"{cmp.group(1)} {_NEGATE[cmp.group(2)]} {cmp.group(3)}" if cmp else f"not ({conjunct})")
                violation = re.sub(r"\[\s*\w+\s*\]", "[0]", violation)
                findings.append(Finding(
                    "incorrect", line, f"the postcondition of {m.group(1)} requires '{conjunct}', which constrains "
                    "only the inputs and no precondition states: for such an input no result can satisfy it",
                    f"an input with {violation}"))
            start = offset
    return findings
