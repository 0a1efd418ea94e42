"""What a spec document requires, read for the proof run: its requirements and what each one binds.

`read(path)` reads a SONNX-style document (the reader of `specdoc`) and
gives a `Binding`: for every section, its types and, per requirement role,
the tag and line that state it; the special-value rules it states; its
worked examples.  `obligations.catalog` turns a binding into obligations, so
the document decides what `divbridge prove` proves, and every obligation
carries the tags and lines of the requirements it verifies.

Roles, read from each requirement's text (`document.tagclass`, `document.prose`,
`document.caserule`):

- ``real.definition``, ``int.definition``: the quotient (for integers, rounded
  toward zero); ``real.domain``, ``int.domain``: B non-zero;
  ``int.overflow``: INT_MIN / -1 excluded;
- ``float.rounding``: the quotient rounded to nearest (the generic
  properties of the library verify it); ``float.accuracy``: an error bound;
- ``shape``: one shape, no broadcasting; ``type``: one element type;
- float special-value rules, one obligation each, encoded from the sentence;
- the rows of a float section's case table, one obligation each (`DocTable`);
- ``float.rounding_rule`` / ``int.rounding_rule``: a rounding rule that is not
  Div's own (a float quotient rounded toward zero, an integer one rounded
  down...), one obligation per format (`properties.rounding_rule`).

A requirement with none of these readings binds nothing: it is listed as
informal (no formal reading) in the traceability matrix, never dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from divbridge import assets
from divbridge.errors import InputError
from divbridge.properties import rounding_rule
from divbridge.document.caserule import CaseRule, read_case_rules
from divbridge.document.latex import And, Atom, Condition, Entry, Or, Otherwise, Result, normalize
from divbridge.document.reader import CaseTable, SpecDocument, has_div_section, read_document
from divbridge.document.tagclass import classify

DEFAULT_DOCUMENT = Path("proofs/spec/div.md")   # in the working directory, like proofs/results.json
_ACCURACY = re.compile(r"rounding\s+error|accuracy|relative\s+error|error\s+bound|\bulps?\b")


@dataclass(frozen=True)
class TagRef:
    tag: str
    line: int


@dataclass(frozen=True)
class DocExample:
    family: str
    number: int                          # 1, 2, ... within its section
    line: int
    elements: tuple[tuple[Entry, Entry, Entry], ...]


@dataclass(frozen=True)
class DocRow:
    line: int
    condition: tuple                     # plain data, see properties.case_table
    result: tuple
    condition_text: str
    result_text: str


@dataclass(frozen=True)
class DocTable:
    """A float section's case table: its rows, its section's types, and the requirements it restates."""

    number: int                          # 1, 2, ... among the document's float tables
    section: str
    line: int
    types: tuple[str, ...]
    rows: tuple[DocRow, ...]
    tags: tuple[str, ...]


@dataclass
class DocRequirement:
    """One tag as the document states it, for the traceability matrix."""

    tag: str
    line: int                            # where the tag is defined (its first use otherwise)
    lines: list[int]
    text: str
    section: str
    roles: list[str] = field(default_factory=list)


@dataclass
class Binding:
    path: str
    title: str
    types: dict[str, tuple[str, ...]] = field(default_factory=dict)          # family -> its section's types
    roles: dict[str, list[TagRef]] = field(default_factory=dict)            # role -> where the document states it
    case_rules: list[tuple[CaseRule, TagRef]] = field(default_factory=list)
    examples: list[DocExample] = field(default_factory=list)
    tables: list[DocTable] = field(default_factory=list)
    rounding_rules: list[tuple[str, str, TagRef]] = field(default_factory=list)   # (family, mode, where stated)
    requirements: dict[str, DocRequirement] = field(default_factory=dict)   # tag -> requirement, in order

    def refs(self, *roles: str) -> tuple[TagRef, ...]:
        """The tags (and lines) stating any of the roles, each once, in the order given."""
        found = [ref for role in roles for ref in self.roles.get(role, [])]
        return tuple(dict.fromkeys(found))

    def has(self, role: str) -> bool:
        return bool(self.roles.get(role))


def read(path: str | Path) -> Binding:
    doc = read_document(path)
    if not has_div_section(doc):
        raise InputError("no Div section in the document (no heading names the Div operator)", str(path))
    return bind(doc)


def bind(doc: SpecDocument) -> Binding:
    title = next((line.lstrip("# ").strip() for line in doc.lines if line.startswith("#")), doc.path)
    binding = Binding(doc.path, title)
    for section in doc.sections:
        if section.family in ("real", "float", "int") and section.family not in binding.types:
            binding.types[section.family] = section.types
    rounding = {(r.line, r.rounding) for r in doc.rules if r.kind == "rounding"}
    for use in doc.tags:
        family = doc.section_of(use.line).family
        requirement = binding.requirements.setdefault(
            use.tag, DocRequirement(use.tag, use.line, [], use.text, doc.section_of(use.line).title))
        requirement.lines.append(use.line)
        if use.defines and not requirement.roles:
            requirement.line, requirement.text, requirement.section = use.line, use.text, doc.section_of(use.line).title
        rules = read_case_rules(use.text, use.line) if family == "float" else []
        binding.case_rules += [(rule, TagRef(use.tag, use.line)) for rule in rules]
        for role in ["float.case"] if rules else _roles(use.text, use.line, family, rounding):
            if role not in requirement.roles:
                requirement.roles.append(role)
            binding.roles.setdefault(role, []).append(TagRef(use.tag, use.line))
            if role.endswith(".rounding_rule"):
                binding.rounding_rules += [(family, mode, TagRef(use.tag, use.line))
                                           for line, mode in sorted(rounding) if line == use.line
                                           and rounding_rule.stated(family, mode)]
    for section_examples in _by_section(doc):
        for number, example in enumerate(section_examples, 1):
            family = doc.section_of(example.line).family
            flat = [list(row) for row in (example.a.entries, example.b.entries, example.c.entries)]
            a, b, c = ([x for row in m for x in row] for m in flat)
            if family in ("real", "float") and len(a) == len(b) == len(c) and not example.broadcast:
                binding.examples.append(DocExample(family, number, example.line, tuple(zip(a, b, c))))
    for table in doc.tables:
        bound = _table(doc, table, binding, len(binding.tables) + 1)
        if bound:
            binding.tables.append(bound)
    return binding


def _table(doc: SpecDocument, table: CaseTable, binding: Binding, number: int) -> DocTable | None:
    """A float section's table whose every row is read, as rows of plain data; None for any other table
    (integer and real tables, and the conditions the reader could not read, stay `check-spec`'s own)."""
    section = doc.section_of(table.line)
    if section.family != "float" or not section.types or any(
            r.condition is None or r.result is None for r in table.rows):
        return None
    rows, earlier = [], []
    for row in table.rows:
        condition = condition_data(row.condition, earlier)
        earlier.append(condition)
        if row.result.kind != "undefined":      # a float row left undefined is open, not a claim
            text = "no earlier row applies" if isinstance(row.condition, Otherwise) else str(row.condition)
            rows.append(DocRow(row.line, condition, result_data(row.result), text, str(row.result)))
    # the table defines the section's Div: it traces to the section's definition (the rounding requirement),
    # or, in a section that has none, to its special-value rules
    refs = [ref for ref in binding.roles.get("float.rounding", []) if doc.section_of(ref.line).title == section.title] \
        or [ref for ref in binding.roles.get("float.case", []) if doc.section_of(ref.line).title == section.title]
    return DocTable(number, section.title, table.line, section.types, tuple(rows),
                    tuple(dict.fromkeys(ref.tag for ref in refs)))


def condition_data(condition: Condition, earlier: list[tuple]) -> tuple:
    """A row's condition as plain data (`properties.case_table`); ``otherwise``: no earlier row applies."""
    if isinstance(condition, Otherwise):
        return ("not", ("or", tuple(earlier))) if earlier else ("true",)
    if isinstance(condition, (And, Or)):
        return ("and" if isinstance(condition, And) else "or", tuple(condition_data(p, []) for p in condition.parts))
    assert isinstance(condition, Atom)
    literal = condition.literal
    return ("atom", condition.operand, condition.op,
            None if literal is None else (literal.kind, str(literal.value), literal.sign))


def result_data(result: Result) -> tuple:
    return (result.kind, result.sign, str(result.value), result.rounding)


def _by_section(doc: SpecDocument):
    sections: dict[str, list] = {}
    for example in doc.examples:
        sections.setdefault(example.section, []).append(example)
    return sections.values()


def _roles(text: str, line: int, family: str, rounding: set) -> list[str]:
    """What a requirement that is not a special-value rule states, read from its text."""
    cls = classify(text)
    if cls == "shape consistency":
        return ["shape"]
    if cls == "type consistency":
        return ["type"]
    if any(rounding_rule.stated(family, mode) for at, mode in rounding if at == line):
        return [f"{family}.rounding_rule"]
    if family == "float":
        if _ACCURACY.search(normalize(text)):
            return ["float.accuracy"]
        if (line, "nearest") in rounding:
            return ["float.rounding"]
        return []
    if family == "real":
        return {"function": ["real.definition"], "definition domain": ["real.domain"]}.get(cls, [])
    if family == "int":
        if cls == "function" and (line, "trunc") in rounding:
            return ["int.definition"]
        return {"definition domain": ["int.domain"], "overflow": ["int.overflow"]}.get(cls, [])
    return []


def entry_text(entry: Entry) -> str:
    """An example entry as formats.parse and the renderers read it: "-7/2", "-0", "-inf", "nan"."""
    literal = entry.literal
    if literal.kind == "nan":
        return "nan"
    if literal.kind == "inf":
        return "-inf" if literal.sign == "-" else "inf"
    if literal.value == 0:
        return "-0" if literal.sign == "-" else "0"
    return str(literal.value)


def summary(binding: Binding) -> dict:
    """The document as results.json records it: name (as `assets.artifact_path` names files), title, and
    every requirement with its lines and roles (none: no formal reading, informal)."""
    return {"path": assets.artifact_path(Path(binding.path)), "title": binding.title,
            "requirements": [{"tag": r.tag, "line": r.line, "lines": r.lines, "text": r.text,
                              "section": r.section, "roles": r.roles} for r in binding.requirements.values()]}
