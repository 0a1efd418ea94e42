"""What a spec document requires, for the proof run: each requirement bound by what it is read as.

`read(path)` reads a SONNX-style document (`document.reader`) and gives a
`Binding`: for every section, its types and, per requirement role, the tags
and lines that state it; the statements of its own that become obligations
(special-value sentences, case-table rows, cases and sign rules stated in
words, rounding rules, worked examples).  `obligations.catalog` turns a
binding into obligations, so the document decides what `divbridge prove`
proves, in every type a section lists, and every obligation carries the tags
and lines of the statements it verifies.

Roles, from what each statement means (`document.meaning`):

- ``float.rounding`` and ``float.ieee``: the operator of IEEE 754 ("according
  to IEEE 754 semantics", "correctly rounded", "rounded to nearest even", or
  the result `C[i] = A[i] op B[i]` of a float section): the generic
  properties of the library, and IEEE 754's special values and signs;
- ``float.accuracy``: an error bound;
- ``int.definition`` (truncation: "with any fractional part discarded",
  "rounded toward zero"), ``real.definition`` (the exact result in a real
  section);
- ``real.domain``, ``int.domain`` (B non-zero), ``int.overflow`` (INT_MIN /
  -1 excluded); ``shape``, ``type``;
- a rounding other than the operator's own (a float result rounded toward
  zero, an integer one rounded down...): one obligation per format
  (`properties.rounding_rule`).

A statement outside every requirement's text (a table or example under its
section's function, as the working group lays them out) is traced to its
section's function requirements, at its own line.  A requirement with no
formal reading binds nothing: it is informal in the traceability matrix,
never dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from divbridge import assets
from divbridge.document.caserule import CaseRule
from divbridge.document.formula import And, Atom, Condition, Entry, Not, Or, Otherwise, Result
from divbridge.document.meaning import (Accuracy, Case, Constraint, Domain, ErrorCondition, NoClaim, Reference,
                                        SectionReference, Semantics, SignRule, Unread, Wrap, show)
from divbridge.document.naming import naming
from divbridge.document.reader import (NO_OPERATOR, Part, Section, SpecDocument, accuracy_notes, naming_of, operator_of,
                                       read_document)
from divbridge.errors import InputError
from divbridge import operators
from divbridge.operators.model import OPERATION_RESULT, Operator
from divbridge.semantics import onnx_types
from divbridge.statements import rounding_rule
from divbridge.statements import wraparound
from divbridge.statements.case_table import encoding_gap


@dataclass(frozen=True)
class TagRef:
    tag: str                             # "" for a statement outside every requirement tag (a document without tags)
    line: int


@dataclass(frozen=True)
class DocExample:
    family: str
    number: int                          # 1, 2, ... within its section
    line: int
    elements: tuple[tuple[Entry, ...], ...]   # each element's inputs, then its C
    types: tuple[str, ...] = ()          # the types of its section
    refs: tuple[TagRef, ...] = ()
    attributes: tuple[tuple[str, Entry], ...] = ()   # the values it gives the operator's attributes, by name


@dataclass(frozen=True)
class DocRow:
    """One case of a float section, read from a table row or a sentence: where the condition holds, C is the
    result."""

    line: int
    condition: tuple                     # plain data, see properties.case_table
    result: tuple
    condition_text: str
    result_text: str
    name: str = ""                       # its condition, as an identifier (stable when rows move)


@dataclass(frozen=True)
class DocTable:
    """A float section's cases (a case table's rows, or cases and sign rules in words) and where they are stated."""

    number: int                          # 1, 2, ... among the document's float tables
    section: str
    line: int
    types: tuple[str, ...]
    rows: tuple[DocRow, ...]
    tags: tuple[str, ...]
    kind: str = "table"                  # table | case (a sentence) | sign (a sign rule of one case)


@dataclass(frozen=True)
class WrapClaim:
    """A wrapping operator's integer result as one part of an integer section states it (`statements.wraparound`):
    a case analysis with the multiples its sentences introduce, a sentence, or a fact about the exact result."""

    kind: str                            # cases | sentence | fact
    scope: str                           # signed | unsigned | "" (every integer type of the section)
    line: int
    rows: tuple = ()                     # (condition, result) trees; "otherwise" the negation of the rows above
    bounds: tuple = ()                   # (names, domain, condition) of the multiples
    facts: tuple = ()                    # conditions every pair of operands satisfies
    refs: tuple[TagRef, ...] = ()        # a fact's; a row's are in row_refs, a bound's in bound_refs
    row_refs: tuple = ()                 # where each row is stated
    bound_refs: tuple = ()               # where each bound is stated

    def row(self, index: int) -> "WrapClaim":
        """The claim of one row: its case, with the multiples' bounds it uses, traced to where both are stated."""
        row = self.rows[index]
        used = [i for i, bound in enumerate(self.bounds) if set(bound[0]) & wraparound.variables_of(row[1])]
        refs = (*self.row_refs[index], *(r for i in used for r in self.bound_refs[i]))
        return WrapClaim(self.kind, self.scope, self.line, (row,), tuple(self.bounds[i] for i in used), (),
                         tuple(dict.fromkeys(refs)))

    def assuming(self, preconditions: tuple) -> "WrapClaim":
        """The claim where the section's preconditions hold ((condition tree, where stated) each): a row's case
        and a fact are stated of the operands they admit only."""
        if not preconditions:
            return self
        admitted = ("and", tuple(tree for tree, _ in preconditions))
        return replace(self, rows=tuple((("and", (admitted, c)), r) for c, r in self.rows),
                       facts=tuple(("or", (("not", admitted), f)) for f in self.facts),
                       refs=tuple(dict.fromkeys((*self.refs, *(ref for _, refs in preconditions for ref in refs)))))

    def __str__(self) -> str:
        rows = [f"{show(c)} → C = {show(r)}" if c != ("true",) else f"C = {show(r)}" for c, r in self.rows]
        bounds = [f"{', '.join(n)} ∈ {'ℕ' if d == 'N' else 'ℤ'}" + (f" such that {show(c)}" if c else "")
                  for n, d, c in self.bounds]
        return "; ".join(rows + bounds + [show(f) for f in self.facts])


@dataclass
class DocRequirement:
    """One tag as the document states it, for the traceability matrix."""

    tag: str
    line: int                            # where the tag is defined (its first use otherwise)
    lines: list[int]
    text: str
    section: str
    roles: list[str] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)
    readings: list[tuple[int, str, str]] = field(default_factory=list)   # (line, text, what it is read as)
    claims: list[int] = field(default_factory=list)   # the lines of its parts that state something (not NoClaim)


@dataclass
class Binding:
    path: str
    title: str
    operator: Operator                                                       # the operator the document specifies
    types: dict[str, tuple[str, ...]] = field(default_factory=dict)          # family -> its section's types
    roles: dict[str, list[TagRef]] = field(default_factory=dict)            # role -> where the document states it
    case_rules: list[tuple[CaseRule, TagRef]] = field(default_factory=list)
    examples: list[DocExample] = field(default_factory=list)
    tables: list[DocTable] = field(default_factory=list)
    rounding_rules: list[tuple[str, str, TagRef]] = field(default_factory=list)   # (family, mode, where stated)
    requirements: dict[str, DocRequirement] = field(default_factory=dict)   # tag -> requirement, in order
    function: dict[str, tuple[TagRef, ...]] = field(default_factory=dict)   # family -> its function requirements
    notes: list = field(default_factory=list)   # `document.accuracy.Note`s it holds or links (their bounds join)
    unread: list = field(default_factory=list)  # `document.meaning.Unread`: what states something and binds nothing
    wraps: list[WrapClaim] = field(default_factory=list)   # an integer section's wrap-around claims
    # (condition tree, where stated) of the integer section's preconditions its wrap-around claims assume
    int_preconditions: list[tuple[tuple, tuple[TagRef, ...]]] = field(default_factory=list)
    # (family, where stated) of a definition C = -(A op B) in a real or integer section ("C is B minus A")
    negated: list[tuple[str, tuple[TagRef, ...]]] = field(default_factory=list)
    # (line, words, why) of a type list naming a type the operator's ONNX schema does not accept: nothing can
    # be proved of it (`semantics.onnx_types`)
    wrong_types: list[tuple[int, str, str]] = field(default_factory=list)
    # (line, words, why) of an input's or output's heading typing it in another family than its section's
    mistyped: list[tuple[int, str, str]] = field(default_factory=list)

    def refs(self, *roles: str) -> tuple[TagRef, ...]:
        """The tags (and lines) stating any of the roles, each once, in the order given."""
        found = [ref for role in roles for ref in self.roles.get(role, [])]
        return tuple(dict.fromkeys(found))

    def has(self, role: str) -> bool:
        return bool(self.roles.get(role))


def read(path: str | Path) -> Binding:
    doc = read_document(path)
    if operator_of(doc) is None:
        raise InputError(NO_OPERATOR, str(path))
    return bind(doc)


def bind(doc: SpecDocument) -> Binding:
    title = next((line.lstrip("# ").strip() for line in doc.lines if line.startswith("#")), doc.path)
    op = operator_of(doc)
    if op is None:
        raise InputError(NO_OPERATOR, doc.path)
    binding = Binding(doc.path, title, op)
    # the section proved for a family: its first that defines something, rather than one that only points to
    # another ("See specification for real numbers", Abs's unsigned section before its signed one)
    for section in sorted(doc.sections, key=lambda s: _points_elsewhere(doc, s)):
        if section.family in ("real", "float", "int") and section.family not in binding.types:
            binding.types[section.family] = section.types
        if section.family in ("real", "float", "int", "mixed"):   # a type refused: nothing of it can be proved
            binding.wrong_types += [wrong for why in onnx_types.disallowed(section.listed, binding.operator.names.onnx)
                                    if (wrong := (section.types_line, ", ".join(section.listed), why))
                                    not in binding.wrong_types]   # a preamble's list: once, for every section
    binding.mistyped = operand_headings(doc, binding.operator)
    _requirements(doc, binding)
    for section in doc.sections:
        if section.family in ("real", "float", "int") and section.types != binding.types.get(section.family):
            if not _points_elsewhere(doc, section):
                _second_section(doc, section, binding)
            continue
        if section.family not in ("real", "float", "int"):
            continue
        function = _function_refs(doc, section)
        binding.function[section.family] = function
        for part, statement in doc.statements(section.title):
            refs = (TagRef(part.tag, part.line),) if part.tag else \
                tuple(TagRef(r.tag, part.line) for r in function) or (TagRef("", part.line),)
            _bind(binding, section, part, statement, refs)
        _examples(doc, section, binding, function)
        if section.family == "int":
            _wraps(doc, section, binding, function)
    binding.unread += doc.unread()
    _tables(doc, binding)
    _apart(binding.tables)
    binding.notes = accuracy_notes(doc)
    return binding


# an input's or output's heading with its family: `### $\text{Y}$: float`
_OPERAND_HEADING = re.compile(r"^#{2,6}\s*\$?\s*(?:\\text\{|\\mathrm\{)?\s*([A-Za-z_]\w*)\s*\}?\s*\$?\s*:\s*"
                              r"([A-Za-z-]+)\s*$")
_HEADING_FAMILY = {"real": "real", "float": "float", "floating-point": "float", "int": "int", "integer": "int",
                   "uint": "int", "signed": "int", "unsigned": "int"}


def operand_headings(doc: SpecDocument, op: Operator) -> list[tuple[int, str, str]]:
    """(line, words, why) of an input's or output's heading typing it in another family than its section's, where
    the operator's schema gives it the section's element type (Abs's int section with `### Y: float`)."""
    found = []
    for number, line in enumerate(doc.lines, 1):
        match = _OPERAND_HEADING.match(line.strip())
        if match is None or (family := _HEADING_FAMILY.get(match[2].lower())) is None:
            continue
        section = doc.section_of(number)
        if section.family in ("real", "float", "int") and family != section.family and section.line <= number \
                and onnx_types.shares_section_type(op.names.onnx, match[1], section.listed or section.types):
            found.append((number, line.strip(), f"types {match[1]} as {match[2]} in a section of "
                          f"{', '.join(section.types)}: ONNX {onnx_types.allowed(op.names.onnx)[0]} gives "
                          f"{match[1]} the section's element type"))
    return found


def _points_elsewhere(doc: SpecDocument, section: Section) -> bool:
    """A section that only sends its reader to another: it defines nothing of its own (check-spec says its types
    are not judged)."""
    said = [statement for _, statement in doc.statements(section.title) if not isinstance(statement, NoClaim)]
    return bool(said) and all(isinstance(statement, SectionReference) for statement in said)


def _second_section(doc: SpecDocument, section: Section, binding: Binding) -> None:
    """A second section of a family whose first one is bound (Abs's int section after its uint one): the proof run
    binds one section per family, so what this one states is unread at its lines, never counted as proved."""
    first = ", ".join(binding.types[section.family])
    why = (f"a second {section.family} section ({', '.join(section.types)}) after the one of {first}: the proof "
           "run binds one section per family, so nothing of it is proved")
    for part in doc.parts_in(section.title):
        # a constraint (shape, type) binds the tensor goals, whatever its section; an error condition binds nothing
        if part.reading.understood and any(not isinstance(s, (NoClaim, Reference, Constraint, ErrorCondition))
                                           for s in part.reading.statements):
            binding.unread.append(Unread(part.line, part.column, part.text, why, part.tag))


def _requirements(doc: SpecDocument, binding: Binding) -> None:
    for use in doc.tags:
        section = doc.section_of(use.line).title
        requirement = binding.requirements.setdefault(
            use.tag, DocRequirement(use.tag, use.line, [], use.text, section))
        requirement.lines.append(use.line)
        if section not in requirement.sections:
            requirement.sections.append(section)
        if use.defines and not requirement.readings:
            requirement.line, requirement.text, requirement.section = use.line, use.text, section
    for part in doc.parts:
        if part.tag in binding.requirements:
            requirement = binding.requirements[part.tag]
            with naming(naming_of(doc, doc.section_of(part.line))):     # said with the section's names
                requirement.readings.append((part.line, part.text, str(part.reading)))
            if any(not isinstance(s, (NoClaim, Reference)) for s in part.reading.statements):
                requirement.claims.append(part.line)


def _function_refs(doc: SpecDocument, section: Section) -> tuple[TagRef, ...]:
    """The requirements that define a section's operator: those whose text states its result."""
    found = []
    for part, statement in doc.statements(section.title):
        defines = isinstance(statement, Semantics) or part.kind == "row" or (
            isinstance(statement, Case) and statement.condition is None and (
                statement.result.kind == OPERATION_RESULT or statement.result.is_operation_of(operator_of(doc))))
        if part.tag and defines:
            found.append(TagRef(part.tag, next(u.line for u in doc.tags if u.tag == part.tag)))
    return tuple(dict.fromkeys(found))


def _role(binding: Binding, role: str, refs: tuple[TagRef, ...]) -> None:
    for ref in refs:
        if ref not in binding.roles.setdefault(role, []):
            binding.roles[role].append(ref)
        requirement = binding.requirements.get(ref.tag)
        if requirement is not None and role not in requirement.roles:
            requirement.roles.append(role)


def _bind(binding: Binding, section: Section, part: Part, statement, refs: tuple[TagRef, ...]) -> None:
    family = section.family
    if isinstance(statement, Semantics):
        if family == "float" and statement.rule == "ieee754":
            _role(binding, "float.rounding", refs)
            _role(binding, "float.ieee", refs)
        elif family == "int" and statement.rule == "trunc":
            _role(binding, "int.definition", refs)
        elif family == "real" and statement.rule == "exact":
            _role(binding, "real.definition", refs)
        elif rounding_rule.stated(family, statement.rule):
            _role(binding, f"{family}.rounding_rule", refs)
            binding.rounding_rules += [(family, statement.rule, ref) for ref in refs]
    elif isinstance(statement, Case) and statement.condition is None and statement.result.kind == OPERATION_RESULT:
        if not statement.result.is_operation_of(binding.operator) and family != "float":
            binding.unread.append(Unread(part.line, part.column, part.text, f"{statement.result.operator.name}'s "
                                         f"operation in a {family} section: no obligation states it", part.tag))
        elif not statement.result.is_operation_of(binding.operator):
            pass   # another operator's operation (`C[i] = A[i] * B[i]` in another's document): a case of its own (`_tables`)
        elif statement.result.sign == "-":
            binding.negated.append((family, refs))   # C = -(A op B): an obligation of its own (`statements.definition`)
        elif family == "real":
            _role(binding, "real.definition", refs)
        elif family == "float" and not statement.result.rounding:
            _role(binding, "float.rounding", refs)
            _role(binding, "float.ieee", refs)
    elif isinstance(statement, Case) and statement.condition is None and statement.result.is_operation_of(binding.operator):
        # the operation written without an infix (C = -A): the definition, as C = A op B is; in an integer section
        # the exact result, which leaves the type's range open (wrapped or not), binds nothing, as A op B does not
        if family == "real":
            _role(binding, "real.definition", refs)
        elif family == "float":
            _role(binding, "float.ieee", refs)
            _role(binding, "float.rounding", refs)
    elif isinstance(statement, Domain):
        if _excludes_bound(statement.condition, "max"):
            pass   # an exclusion of the wrong bound verifies no obligation: uncovered, and check-spec says why
        elif _excludes_bound(statement.condition, "min"):
            _role(binding, "int.overflow", refs)
            if family == "int" and (tree := _wrap_tree(statement.condition)) is not None:
                binding.int_preconditions.append((tree, refs))
        elif family in ("real", "int") and _nonzero_b(statement.condition):
            _role(binding, f"{family}.domain", refs)
        elif family in ("real", "int"):   # the domain's obligations state B ≠ 0: another precondition is none of them
            binding.unread.append(Unread(part.line, part.column, part.text, f"a precondition ({statement.condition}) "
                                         "other than B ≠ 0: no obligation states it", part.tag))
    elif isinstance(statement, Constraint) and statement.kind == "scalar":
        # no obligation: the statement is of ONNX's typing of the input, which the description records
        index = statement.scalar_input
        if index >= binding.operator.arity or not binding.operator.inputs[index].scalar:
            binding.unread.append(Unread(part.line, part.column, part.text, f"it says input {index + 1} is a "
                                         f"scalar, but {binding.operator.name} takes no scalar there", part.tag))
    elif isinstance(statement, Constraint):
        _role(binding, statement.kind, refs)
    elif isinstance(statement, Accuracy) and family == "float":
        _role(binding, "float.accuracy", refs)
    elif isinstance(statement, CaseRule) and family == "float":
        _role(binding, "float.case", refs)
        binding.case_rules += [(statement, ref) for ref in refs[:1]]
    elif isinstance(statement, Reference):
        _role(binding, "reference", refs)


def _nonzero_b(condition: Condition) -> bool:
    """B ≠ 0, the precondition the operators' domain obligations state."""
    return isinstance(condition, Atom) and condition.operand == "B" and condition.op == "≠" and \
        condition.literal is not None and condition.literal.kind == "number" and condition.literal.value == 0


def _excludes_bound(condition: Condition, bound: str) -> bool:
    """An exclusion naming the integer type's smallest ("min": INT_MIN alone, or INT_MIN / -1, the overflow) or
    largest ("max") value, alone or as one alternative of several."""
    if isinstance(condition, Atom):   # alone, it excludes the value only when it says "≠"
        return condition.op == "≠" and condition.literal is not None and condition.literal.kind == bound
    return isinstance(condition, Or) and any(isinstance(p, Atom) and p.literal is not None and p.literal.kind == bound
                                             for p in condition.parts)


_COMPARISONS = ("=", "≠", "<", ">", "≤", "≥")


def _wrap_tree(condition: Condition):
    """A condition on integer operands as a wrap-around claim's tree (`statements.wraparound`), or None where it
    names anything but integers, the type's bounds and comparisons."""
    if isinstance(condition, (And, Or)):
        parts = [_wrap_tree(p) for p in condition.parts]
        return None if None in parts else ("and" if isinstance(condition, And) else "or", tuple(parts))
    if isinstance(condition, Not):
        part = _wrap_tree(condition.part)
        return None if part is None else ("not", part)
    if not isinstance(condition, Atom) or condition.op not in _COMPARISONS or condition.literal is None:
        return None
    literal = condition.literal
    if literal.kind in ("min", "max"):
        value = (literal.kind,)
    elif literal.kind == "number" and literal.value.denominator == 1:
        value = ("num", int(literal.value))
    else:
        return None
    return ("cmp", condition.op, (condition.operand,), value)


def _examples(doc: SpecDocument, section: Section, binding: Binding, function: tuple[TagRef, ...]) -> None:
    examples = [e for e in doc.examples if e.section == section.title and not e.broadcast]
    for number, example in enumerate(examples, 1):
        flat = [[x for row in m.entries for x in row] for m in (*example.inputs, example.c)]
        if len({len(f) for f in flat}) != 1:
            continue
        refs = tuple(TagRef(r.tag, example.line) for r in function) or (TagRef("", example.line),)
        binding.examples.append(DocExample(section.family, number, example.line, tuple(zip(*flat)),
                                           example.types or section.types, refs, tuple(example.attributes.items())))


def _wraps(doc: SpecDocument, section: Section, binding: Binding, function: tuple[TagRef, ...]) -> None:
    """The integer section's wrap-around claims, in document order: a lead-in's scope ("For an unsigned type")
    holds until the next; consecutive rows make a case analysis, which the multiples' sentence after it
    completes; a sentence stating a result, or a fact, is a claim of its own.  An analysis is bound row by row:
    a row not read is unread (its part), and so is an "otherwise" row after it (where it applies is not known);
    a row that cannot be encoded exactly (`wraparound.encoding_gap`) is unread."""
    scope, table, previous = "", None, None
    found: list[dict] = []
    for part in doc.parts_in(section.title):
        wraps = [s for s in part.reading.statements if isinstance(s, Wrap)]
        refs = (TagRef(part.tag, part.line),) if part.tag else \
            tuple(TagRef(r.tag, part.line) for r in function) or (TagRef("", part.line),)
        if part.kind == "sentence" and not wraps and re.search(r"\b(?:un)?signed\b", part.text, re.I) and (
                part.text.rstrip().endswith(":") or not part.reading.understood):
            # a lead-in naming the types that is not read as one (run into other text): what follows is about
            # types unknown, never the previous lead-in's
            scope, table = None, None
        for statement in wraps:
            if statement.kind == "scope":
                scope, table = statement.scope, None
            elif statement.kind == "fact":
                found.append({"kind": "fact", "scope": statement.scope or scope, "line": part.line,
                              "facts": [statement.condition], "refs": list(refs)})
        cases = [(s.condition, s.result) for s in wraps if s.kind == "case"]
        bounds = [(s.names, s.domain, s.condition) for s in wraps if s.kind == "bound"]
        if part.kind == "row":
            if table is None or previous is None or previous.kind != "row":
                table = {"kind": "cases", "scope": scope, "line": part.line, "rows": [], "bounds": [], "at": [],
                         "bound_at": [], "row_refs": [], "bound_refs": [], "unknown": []}
                found.append(table)
            if not cases:             # a row not read (unread, its part): where it applies is not known
                table["unknown"].append(part.line)
            elif table["unknown"] and any(condition == ("otherwise",) for condition, _ in cases):
                binding.unread.append(Unread(part.line, part.column, part.text, "'otherwise' excludes the inputs of "
                                             f"the row(s) at line(s) {', '.join(map(str, table['unknown']))}, "
                                             "whose condition is not read", part.tag))
            else:
                table["rows"] += cases
                table["at"] += [(part.line, part.column, part.text, part.tag)] * len(cases)
                table["row_refs"] += [refs] * len(cases)
        elif cases:
            at = (part.line, part.column, part.text, part.tag)
            found.append({"kind": "sentence", "scope": scope, "line": part.line, "rows": cases, "bounds": bounds,
                          "at": [at], "bound_at": [at] * len(bounds), "row_refs": [refs] * len(cases),
                          "bound_refs": [refs] * len(bounds)})
        elif bounds and table is not None:
            table["bounds"] += bounds
            table["bound_at"] += [(part.line, part.column, part.text, part.tag)] * len(bounds)
            table["bound_refs"] += [refs] * len(bounds)
        elif bounds:
            binding.unread.append(Unread(part.line, part.column, part.text, "introduces a multiple that no case "
                                         "analysis before it uses", part.tag))
        previous = part
    for claim in found:
        rows = _resolved(claim.get("rows", ()))
        bounds = tuple(claim.get("bounds", ()))
        if not rows and not claim.get("facts"):
            continue
        if claim["scope"] is None:
            binding.unread += [Unread(line, column, text, "the types it speaks of are not read (its lead-in is run "
                                      "into other text)", tag) for line, column, text, tag in claim.get("at", ())]
            continue
        gaps = [(at, gap) for at, row in zip(claim.get("at", ()), rows)
                if (gap := wraparound.encoding_gap([row], bounds)
                    or _result_type_gap(binding.operator, "bool" if row[1][0] == "bool" else "number"))]
        gaps += [(at, gap) for at, bound in zip(claim.get("bound_at", ()), bounds)
                 if (gap := wraparound.bound_gap(rows, bound))]
        for (line, column, text, tag), gap in dict.fromkeys(gaps):
            binding.unread.append(Unread(line, column, text, gap, tag))
        if not gaps:
            binding.wraps.append(WrapClaim(claim["kind"], claim["scope"], claim["line"], rows, bounds,
                                           tuple(claim.get("facts", ())), tuple(claim.get("refs", ())),
                                           tuple(claim.get("row_refs", ())), tuple(claim.get("bound_refs", ()))))
            # a case analysis read whole defines the integer result: the description's integer properties, where
            # it has some, verify it too (-INT_MIN = INT_MIN)
            if claim["kind"] == "cases" and any(p.family == "int" for p in binding.operator.properties):
                _role(binding, "int.definition", tuple(dict.fromkeys(r for refs in claim["row_refs"] for r in refs)))


def _resolved(cases) -> tuple:
    """The rows with "otherwise" as the negation of the rows above it, and "everywhere" as true."""
    rows, earlier = [], []
    for condition, result in cases:
        if condition is None:
            condition = ("true",)
        elif condition == ("otherwise",):
            condition = ("not", earlier[0] if len(earlier) == 1 else ("or", tuple(earlier))) if earlier else ("true",)
        else:
            earlier.append(condition)
        rows.append((condition, result))
    return tuple(rows)


def _tables(doc: SpecDocument, binding: Binding) -> None:
    """A float section's cases as rows of plain data: its tables, row by row (a row not read is unread at its line
    and the others are still rows: an "otherwise" row after a row whose condition is not read is unread too, since
    where it applies is not known), its cases in words, its sign rules of one case.  A case some backend cannot
    encode exactly (`case_table.encoding_gap`) is unread, not a row."""
    sections = {s.title: s for s in doc.sections}
    row_tags = {p.line: p.tag for p in doc.parts if p.kind == "row"}
    for table in doc.tables:
        section = sections[table.section]
        if section.family != "float" or not section.types:
            continue
        rows, earlier, unknown = [], [], []
        tags = _tags_at(doc, table.line) or tuple(r.tag for r in binding.function.get("float", ())) or ("",)
        for row in table.rows:
            if row.condition is None:       # the row is unread (`SpecDocument.unread`); where it applies is unknown
                unknown.append(row.line)
                continue
            if isinstance(row.condition, Otherwise) and unknown:
                if row.result is not None:   # (a row whose result is not read is unread already)
                    binding.unread.append(Unread(row.line, row.column, row.text, "'otherwise' excludes the inputs of "
                                                 f"the row(s) at line(s) {', '.join(map(str, unknown))}, whose "
                                                 "condition is not read", row_tags.get(row.line, "")))
                continue
            condition = condition_data(row.condition, earlier)
            earlier.append(condition)
            result = row.result
            if result is None:              # unread; its condition still excludes its inputs from "otherwise"
                continue
            if row.line in table.ruled and result.sign == "":   # a sign sentence gives it its sign
                result = Result(result.kind, "±", result.value)
            if result.kind != "undefined":      # a float row left undefined is open, not a claim
                text = "no earlier row applies" if isinstance(row.condition, Otherwise) else str(row.condition)
                row_data = DocRow(row.line, condition, result_data(result), text, str(result),
                                  row_name(text))
                if _encodable(binding, row_data, row.column, row.text, tags[0]):
                    rows.append(row_data)
        binding.tables.append(DocTable(len(binding.tables) + 1, section.title, table.line, section.types,
                                       _unique(rows), tags))
    for part, statement in doc.statements():
        section = sections[part.section]
        if section.family != "float" or not section.types or part.kind == "row":
            continue
        tags = (part.tag,) if part.tag else tuple(r.tag for r in binding.function.get("float", ())) or ("",)
        foreign = isinstance(statement, Case) and statement.condition is None and \
            statement.result.kind == OPERATION_RESULT and not statement.result.is_operation_of(binding.operator)
        if foreign or isinstance(statement, Case) and statement.condition is not None and \
                not isinstance(statement.condition, Otherwise) and statement.result.kind != "undefined":
            # a definition by another operator's operation is a case everywhere: refuted where the two differ
            text = "everywhere" if foreign else str(statement.condition)
            condition = ("true",) if foreign else condition_data(statement.condition, [])
            row = DocRow(part.line, condition, result_data(statement.result), text,
                         str(statement.result), row_name(text))
            if not _encodable(binding, row, part.column, part.text, tags[0]):
                continue
            binding.tables.append(DocTable(len(binding.tables) + 1, section.title, part.line, section.types, (row,),
                                           tags, "case"))
        elif isinstance(statement, SignRule) and (statement.condition is not None or statement.case == 0):
            # a rule of one case ("in the second case") signs that row of the table; any other is a row of its own
            text = str(statement.condition) if statement.condition is not None else "everywhere"
            condition = condition_data(statement.condition, []) if statement.condition is not None else ("true",)
            for applies in statement.applies:   # where C is a zero (an infinity): its sign
                row = DocRow(part.line, condition, ("sign", statement.sign, applies, ""),
                             text, str(SignRule(statement.sign, (applies,))), row_name(f"{text} {applies}"))
                if not _encodable(binding, row, part.column, part.text, tags[0]):
                    continue
                binding.tables.append(DocTable(len(binding.tables) + 1, section.title, part.line, section.types,
                                               (row,), tags, "sign"))


def _encodable(binding: Binding, row: DocRow, column: int, text: str, tag: str) -> bool:
    """Whether every backend encodes the row exactly, a result of the operator's result type; if not, it is
    unread (`binding.unread`)."""
    gap = encoding_gap(row.condition, row.result, binding.operator) or \
        _result_type_gap(binding.operator, row.result[0])
    if gap:
        binding.unread.append(Unread(row.line, column, text, gap, tag))
    return not gap


def _result_type_gap(op, kind: str) -> str:
    """Why a row's result of this kind is no result of the operator ("": it is one, or a sign rule's, which
    states no result): `Operator.result_gap`."""
    return "" if kind in ("sign", "undefined") else op.result_gap(kind == "bool")


def _tags_at(doc: SpecDocument, line: int) -> tuple[str, ...]:
    return tuple(dict.fromkeys(p.tag for p in doc.parts if p.line >= line and p.kind == "row" and p.tag))[:1]


# the operators' symbols as their descriptions spell them in ids (`operators.obligations.Obligations.id_symbols`)
_ID_SYMBOLS = {symbol: f" {word} " for op in operators.OPERATORS.values()
               for symbol, word in op.obligations.id_symbols}


def row_name(condition: str) -> str:
    """A case named by its condition, `a_eq_0_and_b_ne_0`: a row inserted elsewhere, or a row whose result
    changes, keeps its name ("otherwise" rows are `no_earlier_row_applies`)."""
    words = {"≠": " ne ", "=": " eq ", "<": " lt ", ">": " gt ", "≤": " le ", "≥": " ge ", "±": " pm ", "·": " ",
             **_ID_SYMBOLS, "-": " minus ", "+": " plus "}
    text = condition
    for symbol, word in words.items():
        text = text.replace(symbol, word)
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")[:80]


def _unique(rows: list[DocRow]) -> tuple[DocRow, ...]:
    """Two rows stating the same thing keep apart by their order among equals."""
    seen: dict[str, int] = {}
    out = []
    for row in rows:
        seen[row.name] = seen.get(row.name, 0) + 1
        out.append(row if seen[row.name] == 1 else DocRow(row.line, row.condition, row.result, row.condition_text,
                                                          row.result_text, f"{row.name}_{seen[row.name]}"))
    return tuple(out)


def _apart(tables: list[DocTable]) -> None:
    """Cases of different tables or sentences named alike (by their condition) that state different things keep
    apart, the later one's name numbered: an obligation is one per id, and two claims sharing one would leave the
    second's tag traced to the first's statement, its own never proved.  Alike ones keep one name: one
    obligation tracing to both places."""
    stated: dict[tuple[str, str], tuple] = {}
    for index, table in enumerate(tables):
        rows = []
        for row in table.rows:
            name, number = row.name, 1
            while stated.setdefault((table.kind, name), (row.condition, row.result)) != (row.condition, row.result):
                number += 1
                name = f"{row.name}_{number}"
            rows.append(replace(row, name=name))
        tables[index] = replace(table, rows=tuple(rows))


def condition_data(condition: Condition, earlier: list[tuple]) -> tuple:
    """A row's condition as plain data (`properties.case_table`); ``otherwise``: no earlier row applies."""
    if isinstance(condition, Otherwise):
        return ("not", ("or", tuple(earlier))) if earlier else ("true",)
    if isinstance(condition, (And, Or)):
        return ("and" if isinstance(condition, And) else "or", tuple(condition_data(p, []) for p in condition.parts))
    if isinstance(condition, Not):
        return ("not", condition_data(condition.part, []))
    assert isinstance(condition, Atom)
    literal = condition.literal
    if literal is not None and literal.kind == "operand":     # the other operand: its name in the value's place
        return ("atom", condition.operand, condition.op, (literal.kind, literal.operand, literal.sign))
    if literal is not None and literal.kind == "inf" and literal.sign == "±" and condition.op in ("=", "≠"):
        # A = ±∞: either infinity, not the one literal of a sign
        return ("atom", condition.operand, "isinf" if condition.op == "=" else "notinf", None)
    return ("atom", condition.operand, condition.op,
            None if literal is None else (literal.kind, str(literal.value), literal.sign))


def result_data(result: Result) -> tuple:
    """A row's result as plain data (`statements.case_table`): an operation result's kind is the word of the
    operator whose operation it is, the one its infix names (`Operator.result_word`), the document's own or
    another's; an operand result's value is the operand's name."""
    if result.kind == OPERATION_RESULT:
        return (result.operator.result_word, result.sign, "0", result.rounding)
    if result.kind == "operand":
        return (result.kind, result.sign, result.operand, result.rounding)
    if result.kind == "scaled":     # an attribute times an operand: "alpha*A"
        return (result.kind, result.sign, f"{result.factor}*{result.operand}", result.rounding)
    return (result.kind, result.sign, str(result.value), result.rounding)


def entry_text(entry: Entry) -> str:
    """An example entry as formats.parse and the renderers read it: "-7/2", "-0", "-inf", "nan"; a truth value
    "true" or "false"."""
    literal = entry.literal
    if literal.kind == "bool":
        return "true" if literal.value else "false"
    if literal.kind == "nan":
        return "nan"
    if literal.kind == "inf":
        return "-inf" if literal.sign == "-" else "inf"
    if literal.value == 0:
        return "-0" if literal.sign == "-" else "0"
    return str(literal.value)


def summary(binding: Binding, notes: list[dict] = (), gaps: list = ()) -> dict:
    """The document as results.json records it: name (as `assets.artifact_path` names files), title, and
    every requirement with its lines and roles (none: no formal reading, informal); ``notes``: the summaries
    of the accuracy notes it carries, whose requirements follow its own; ``gaps``: the requirements the run
    does not cover (`obligations.coverage`), recorded only when there are some."""
    data = {"path": assets.artifact_path(Path(binding.path)), "title": binding.title,
            "requirements": [{"tag": r.tag, "line": r.line, "lines": r.lines, "text": r.text,
                              "section": r.section, "sections": r.sections, "roles": r.roles,
                              "readings": [list(reading) for reading in r.readings]}
                             for r in binding.requirements.values()]
            + [r for note in notes for r in note["requirements"]]}
    if gaps:
        data["uncovered"] = [g.to_json() for g in gaps]
    return data
