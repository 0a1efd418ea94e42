"""The obligations a spec document requires, built from its binding (`obligations.document`).

The document decides which obligations exist: its sections' types are the
formats, its requirements bind the statements that verify them (the float,
integer, real and tensor properties of `divbridge.statements`), its
special-value sentences, case tables, rounding rules and worked examples become
obligations of their own.  Every obligation carries the tags and lines of the requirements it
verifies.  Implementation strategies (ways of computing the operator, not claims of the
document) live in `divbridge.obligations.strategies`.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from pathlib import Path

import numpy as np

from divbridge import operators
from divbridge.document.caserule import CaseRule
from divbridge.document.notes import is_note_file
from divbridge.formats import FloatFormat, IntFormat, get_format
from divbridge.obligations import coverage, document, theorems
from divbridge.document.meaning import show
from divbridge.obligations.document import Binding, TagRef, entry_text
from divbridge.obligations.model import Obligation
from divbridge.operators.model import Operator, SpecialRule
from divbridge import statements
from divbridge.statements import case_rule, case_table, rounding_rule
from divbridge.terms import Var, smtlib, text

def _obligation(refs: tuple[TagRef, ...], **fields) -> Obligation:
    return Obligation(requirements=tuple(r.tag for r in refs), lines=tuple(r.line for r in refs), **fields)


def _of(op: Operator, obligations: list[Obligation]) -> list[Obligation]:
    """The obligations of the operator: their ids start with its prefix and they name it, as its description
    says (`operators.id_prefix`, `operators.obligation_name`); Why3 states those of the families its modules
    cover (`Operator.why3_families`) whose statements it encodes, the SMT solvers the others."""
    def kept(o: Obligation) -> frozenset[str]:
        return o.backends - ({"why3"} if o.family not in op.why3_families or not statements.has(o, "why3") else set())
    return [Obligation(**{**o.__dict__, "id": operators.id_prefix(op) + o.id, "operator": operators.obligation_name(op),
                          "backends": kept(o)}) for o in obligations]


def float_obligations(binding: Binding) -> list[Obligation]:
    op = binding.operator
    obligations = []
    for name in binding.types.get("float", ()):
        fmt = get_format(name)
        assert isinstance(fmt, FloatFormat)
        params = {"eb": fmt.eb, "sb": fmt.sb}
        stated: dict[tuple, list[TagRef]] = {}     # the document's special-value rules, with where they are said
        for rule, ref in binding.case_rules:
            stated.setdefault(rule_key(rule), []).append(ref)
        ieee = binding.refs("float.ieee")
        # the operator's IEEE 754 rules; one said again by a sentence: one obligation, both places
        for rule in binding.operator.rules:
            if ieee and rule_key(rule) in stated:
                stated[rule_key(rule)] = [*stated[rule_key(rule)], *ieee]
            elif ieee:
                obligations.append(_case_rule(rule, ieee, f"float.{name}.ieee.{rule.name}", name, params, "ieee",
                                               binding.operator))
        for rule, rule_name in rule_names(binding):
            refs = tuple(dict.fromkeys(stated[rule_key(rule)]))
            obligations.append(_case_rule(rule, refs, f"float.{name}.special.{rule_name}", name, params,
                                          "special", binding.operator, rule_name))
        for prop in (statements.registry().find("float", law.name) for law in op.library.laws):
            if not binding.has(prop.role):
                continue
            obligations.append(_obligation(
                binding.refs(prop.role), id=f"float.{name}.{prop.group}.{prop.name}",
                title=prop.title.format(p=fmt.precision), family="float", format=name, kind=prop.group,
                prop=prop.name, statement=prop.statement.format(p=fmt.precision), params=params,
                backends=prop.backends(fmt)))
        obligations += _properties(binding, "float", name, params)
        obligations += _examples(binding, "float", name, params)
    return _of(op, obligations)


def _properties(binding: Binding, family: str, fmt_name: str, params: dict) -> list[Obligation]:
    """The generic properties of the operator's description in the family (`model.Property`), which verify the
    document's IEEE 754 requirement (floats) or its integer definition; an operator whose library lists float
    laws (`library.FloatLaw`) has those verify its float requirements instead.  Why3 states them for an exact
    operator (Z3 bit-blasts them at once), but for an integer probe (the axioms of Why3's bit-vector library
    keep Z3 from a model there); a rounded one's go to the SMT portfolio alone, whose solvers settle the
    rounding of binary64 where Z3 under Why3 takes minutes."""
    op = binding.operator
    refs = binding.refs("float.ieee") if family == "float" else binding.refs("int.definition")
    if not refs or (family == "float" and op.library.laws):
        return []
    def backends(prop) -> frozenset[str]:
        why3 = op.operation.exactness == "exact" and (family == "float" or prop.holds)
        return frozenset({"smt", "why3"} if why3 else {"smt"})
    return [_obligation(refs, id=f"{family}.{fmt_name}.generic.{prop.name}", title=prop.text, family=family,
                        format=fmt_name, kind="generic", prop="operator_property", statement=prop.text,
                        expect="valid" if prop.holds else "invalid", params={**params, "property": prop.name},
                        backends=backends(prop))
            for prop in op.properties if prop.family == family
            and not (prop.signed_only and not get_format(fmt_name).signed)]


def rule_names(binding: Binding) -> list[tuple[CaseRule, str]]:
    """Each special-value rule the document states, once, with the name of its obligation (its id's last part and
    its goal's name in Why3): the operator's own rule's name when it states that rule; else the name of the
    operator's rule for the same case (a rule whose result or sign changes keeps its name: `audit` shows it
    changed), else a name built from its classes in the operator's words; numbered when another rule has the
    name."""
    op = binding.operator
    own = {rule_key(r): r.name for r in op.rules}
    stated = list(dict.fromkeys(rule for rule, _ in binding.case_rules))
    keys = list(dict.fromkeys(rule_key(rule) for rule in stated))
    first = {key: next(rule for rule in stated if rule_key(rule) == key) for key in keys}
    taken = {own[key]: key for key in keys if key in own}   # a rule stated as the operator has it keeps its name
    names = {key: own[key] for key in keys if key in own}
    for key in keys:
        if key in names:
            continue
        base = _case_name(op, first[key])
        name, number = base, 1
        while taken.setdefault(name, key) != key:
            number += 1
            name = f"{base}_{number}"
        names[key] = name
    return [(first[key], names[key]) for key in keys]


def _case_name(op: Operator, rule: CaseRule) -> str:
    """The name of the operator's rule for the rule's case: the same classes and relation, or the same classes
    where none of the operator's rules for them has a relation (the document's relation narrows a case the
    operator does not split); else the classes joined by the operator's word for its symbol in ids
    (`Obligations.id_symbols`), or by its special-value sentences' (`Vocabulary.joins`), and the relation."""
    same = [r for r in op.rules if _classes(r) == _classes(rule)]
    found = next((r.name for r in same if r.relation == rule.relation), None) or \
        (same[0].name if same and not any(r.relation for r in same) else None)
    if found:
        return found
    word = dict(op.obligations.id_symbols).get(op.vocabulary.infix) or next(iter(op.vocabulary.joins), "op")
    return f"_{word}_".join(_classes(rule)) + (f"_{rule.relation}" if rule.relation else "")


def rule_key(rule: CaseRule | SpecialRule) -> tuple:
    """What a special-value rule states (its wording aside)."""
    return _classes(rule), rule.result, rule.sign, rule.relation


def _classes(rule: CaseRule | SpecialRule) -> tuple[str, ...]:
    """The classes of the operands a rule is about (a sentence of the document names two)."""
    return rule.classes if isinstance(rule, SpecialRule) else (rule.a, rule.b)


def _case_rule(rule: CaseRule | SpecialRule, refs: tuple[TagRef, ...], oid: str, fmt_name: str, params: dict,
               kind: str, op: Operator, name: str = "") -> Obligation:
    """The rule's obligation (``name``: the rule's, when it is the operator's own said by a sentence)."""
    rule_params = {**{i.var: c for i, c in zip(op.inputs, _classes(rule))}, "result": rule.result,
                   "sign": rule.sign, "rule": name or rule.name, **({"relation": rule.relation} if rule.relation else {})}
    return _obligation(refs, id=oid, title=rule.text.strip().rstrip("."), family="float", format=fmt_name, kind=kind,
                       prop="case_rule", statement=case_rule.statement(rule_params, op), params={**params, **rule_params})


def rounding_obligations(binding: Binding) -> list[Obligation]:
    """A rounding rule the document states that is not the operator's own, in each format of its family (a float
    one for every operator: IEEE 754's operation in that mode)."""
    obligations = []
    noun = binding.operator.vocabulary.result_nouns[0]
    for family, mode, ref in binding.rounding_rules:
        # a float rule for every operator (IEEE 754's operation in that mode), another where its library encodes it
        if family != "float" and family not in binding.operator.library.rounding:
            continue
        for name in binding.types.get(family, ()):
            fmt = get_format(name)
            params = {"eb": fmt.eb, "sb": fmt.sb} if isinstance(fmt, FloatFormat) else {}
            obligations.append(_obligation(
                (ref,), id=f"{family}.{name}.rounding.rounded_{mode}", title=f"the {noun} rounded {rounding_rule.WORDS[mode]}",
                family=family, format=name, kind="rounding", prop="rounding_rule",
                statement=rounding_rule.statement(binding.operator, family, mode), params={**params, "mode": mode}))
    return _of(binding.operator, obligations)


def table_row_id(fmt_name: str, kind: str, name: str) -> str:
    """A case's obligation, named by what it states (a row moved or a row inserted elsewhere keeps it)."""
    return f"float.{fmt_name}.{kind}.{name}"


def table_obligations(binding: Binding) -> list[Obligation]:
    """Each case of the document's float sections (a table row, a case or a sign rule of one case in words),
    in each format of its section: C is the row's result wherever its condition holds (see
    `statements.case_table`)."""
    obligations = []
    what = {"table": "case table {n}, row", "case": "the case", "sign": "the sign rule"}
    for table in binding.tables:
        for fmt_name, row in ((f, r) for f in table.types for r in table.rows):
            fmt = get_format(fmt_name)
            params = {"eb": fmt.eb, "sb": fmt.sb}
            # no position among the params: a row inserted before it does not change what this one claims
            row_params = {"condition": row.condition, "result": row.result, "condition_text": row.condition_text,
                          "result_text": row.result_text}
            obligations.append(_obligation(
                tuple(TagRef(tag, row.line) for tag in table.tags), id=table_row_id(fmt_name, table.kind, row.name),
                title=f"{what[table.kind].format(n=table.number)} {row.condition_text} -> {row.result_text}",
                family="float", format=fmt_name, kind=table.kind, prop="case_table",
                statement=case_table.statement(row_params, binding.operator),
                params={**params, **row_params}))
    return _of(binding.operator, _distinct(obligations))


def _distinct(obligations: list[Obligation]) -> list[Obligation]:
    """The same statement made twice (two tables, or a sentence restating a row) is one obligation tracing
    to both places."""
    merged: dict[str, Obligation] = {}
    for o in obligations:
        if o.id in merged:
            first = merged[o.id]
            refs = tuple(dict.fromkeys(zip(first.requirements + o.requirements, first.lines + o.lines)))
            merged[o.id] = Obligation(**{**first.__dict__, "requirements": tuple(r for r, _ in refs),
                                         "lines": tuple(line for _, line in refs)})
        else:
            merged[o.id] = o
    return list(merged.values())


def _examples(binding: Binding, family: str, fmt_name: str, params: dict) -> list[Obligation]:
    """The document's worked examples of the family, in a format that holds every value exactly (an integer
    example of a truncating operator is not bound where its result is undefined or does not fit: check-spec
    says why; a wrapping operator's C is what the obligation checks)."""
    fmt = get_format(fmt_name)
    obligations = []
    if binding.operator.operation.function_or_none(family) is None:   # no prover term (Sqrt's real root)
        return obligations
    for example in (e for e in binding.examples if e.family == family and fmt_name in e.types):
        given = dict(example.attributes)
        if any(x.approx for triple in example.elements for x in triple):
            continue
        entries = (*(x for triple in example.elements for x in triple), *given.values())
        if not all(_exact_in(fmt, x) for x in entries) or \
                not all(_typed(binding.operator, triple) for triple in example.elements):
            continue
        if isinstance(fmt, IntFormat) and binding.operator.integer.kind == "truncate" and \
                not all(_int_example_holds(binding.operator, fmt, triple) for triple in example.elements):
            continue
        elements = tuple(tuple(entry_text(x) for x in triple) for triple in example.elements)
        op = binding.operator
        sort = {"float": "float", "int": "bv", "real": "real"}[family]
        # its attributes at the values it gives them, else at their defaults (`example.attribute_values`)
        attributes = {v.name: entry_text(given[v.name]) if v.name in given else _default(op, v.name)
                      for v in op.attribute_variables(family)}
        if isinstance(fmt, FloatFormat) and not all(_value_of(fmt, x) for x in attributes.values()) or \
                family == "real" and any(x in ("nan", "inf", "-inf") for x in attributes.values()):
            continue   # a value no value of the format (FP32's 0.01 in FP16), or of the reals: check-spec judges it
        applied = [text.term(op.applied(family, args=tuple(Var(x, i.sort(family))
                                                           for i, x in zip(op.inputs, element[:-1])),
                                        attributes=tuple(Var(a, sort) for a in attributes.values())))
                   for element in elements]
        statement = f"{op.name}({', '.join(i.name for i in op.inputs)}) = C elementwise: " + ", ".join(
            f"{shown} = {element[-1]}" for shown, element in zip(applied, elements))
        obligations.append(_obligation(
            example.refs,
            id=f"{family}.{fmt_name + '.' if family != 'real' else ''}example.example_{example.number}",
            title=f"worked example {example.number}", family=family, format=fmt_name,
            kind="example", prop="example", statement=statement,
            params={**params, "example": f"example_{example.number}", "elements": elements,
                    **({"attributes": attributes} if attributes else {})}))
    return obligations


def _value_of(fmt: FloatFormat, written: str) -> bool:
    """Whether a written value (an attribute's) is a value of the format, exactly."""
    if written in ("nan", "inf", "-inf", "-0", "0"):
        return True
    return fmt.decode(fmt.parse(written)).value == Fraction(written)


def _default(op: Operator, name: str) -> str:
    """An attribute's default as an example's value (a float attribute's: as ONNX's node stores it, in FP32)."""
    default = next(a.default for a in op.attributes if a.name == name)
    if default is None:
        raise ValueError(f"{op.name}'s attribute {name} has no default: an example must give it")
    return str(Fraction(float(np.float32(default))))


def _int_example_holds(op: Operator, fmt: IntFormat, triple) -> bool:
    """An integer element the example can be about: the operator's exact result defined (its kernel raises
    ZeroDivisionError where it is not) and in range (the written C is what the obligation checks)."""
    *inputs, _ = (int(x.literal.value) for x in triple)
    try:
        result = op.kernels.integer(fmt, *inputs)
    except ZeroDivisionError:
        return False
    return fmt.min <= result <= fmt.max


def _typed(op: Operator, element) -> bool:
    """Whether each entry of an example's element is of its input's type, C of the result's: a truth value
    where the type is bool (a condition, Less's result), a number elsewhere (check-spec finds the others)."""
    kinds = (*(i.type == "bool" for i in op.inputs), op.operation.result == "bool")
    return all((x.literal.kind == "bool") == wanted for x, wanted in zip(element, kinds))


def _exact_in(fmt, entry) -> bool:
    """Whether the format holds the written value exactly (a truth value: in any)."""
    if entry.literal.kind == "bool":
        return True
    if isinstance(fmt, IntFormat):
        value = entry.literal.value
        return entry.literal.kind == "number" and value.denominator == 1 and fmt.min <= value <= fmt.max
    if not isinstance(fmt, FloatFormat) or entry.literal.kind != "number":
        return True
    return fmt.decode(fmt.parse(entry_text(entry))).value == entry.literal.value


def int_obligations(binding: Binding) -> list[Obligation]:
    """The integer properties in every listed integer type.  Where the document excludes INT_MIN / -1, the
    probe shows why it must (expected refuted); where it does not, a property that says what it claims
    then ("every input of the domain has a representable result") is an obligation of the section's
    definition, which the provers refute."""
    obligations = []
    preconditions = ("int.domain", "int.overflow")
    excluded = binding.has("int.overflow")
    for name in binding.types.get("int", ()):
        fmt = get_format(name)
        params = {"bits": fmt.bits, "signed": fmt.signed, "excludes_int_min": excluded}
        for prop in (statements.registry().find("int", claim.name) for claim in binding.operator.library.integer):
            needs = [r for r in prop.roles if r != "int.overflow"]
            if prop.signed_only and not fmt.signed:
                continue
            if prop.probe:
                if not (fmt.signed and excluded):
                    continue
                refs, statement, expect = binding.refs(*prop.roles), prop.statement.format(min=fmt.min), "invalid"
            elif not all(binding.has(role) for role in needs):
                continue
            elif prop.unguarded is not None and not excluded:
                if not fmt.signed:
                    continue
                refs, statement, expect = binding.refs("int.definition", "int.domain"), prop.unguarded, "valid"
            else:
                refs, statement, expect = binding.refs(*needs, *preconditions), prop.statement, "valid"
            obligations.append(_obligation(
                refs, id=f"int.{name}.{prop.group}.{prop.name}", title=prop.title, family="int", format=name,
                kind=prop.group, prop=prop.name, statement=statement, params=params, expect=expect))
        obligations += _properties(binding, "int", name, params)
        obligations += _wraps(binding, fmt, params)
        obligations += _negated(binding, "int", fmt.name, params)
        obligations += _examples(binding, "int", name, params)
    return _of(binding.operator, obligations)


def _wraps(binding: Binding, fmt: IntFormat, params: dict) -> list[Obligation]:
    """The document's wrap-around claims (`document.WrapClaim`) that speak of the type, one obligation per fact
    and per row (a row with the multiples' bounds it uses, at their lines): its operator's bit-vector operation
    is what the row states where its condition holds (`statements.wraparound`).  Ids: the claim's number in the
    document's order, the row named by its condition."""
    obligations = []
    op = binding.operator
    for number, claim in enumerate(binding.wraps, 1):
        if claim.scope and (claim.scope == "signed") != fmt.signed:
            continue
        # each part named by the row's own condition, stated where the section's preconditions hold
        parts = [(claim, "")] if claim.kind == "fact" else [
            (claim.row(i), _wrap_row_name(condition)) for i, (condition, _) in enumerate(claim.rows)]
        parts = [(part.assuming(tuple(binding.int_preconditions)), name) for part, name in parts]
        names: dict[str, int] = {}
        for part, name in parts:
            names[name] = names.get(name, 0) + 1
            suffix = f".{name}" if name else ""
            suffix += f"_{names[name]}" if names[name] > 1 else ""
            obligations.append(_obligation(
                part.refs, id=f"int.{fmt.name}.wraparound.{claim.kind}_{number}{suffix}",
                title=f"{smtlib.head(op.operation.function('int', fmt.signed))} on {fmt.name}: {part}", family="int",
                format=fmt.name,
                kind="wraparound", prop="wraparound", statement=str(part),
                params={**params, "rows": part.rows, "bounds": part.bounds, "facts": part.facts}))
    return obligations


def _wrap_row_name(condition: tuple) -> str:
    """A row named by its condition (``otherwise`` for the row of no earlier condition, ``everywhere``)."""
    if condition[0] == "not":
        return "otherwise"
    return "everywhere" if condition == ("true",) else document.row_name(show(condition))


def real_obligations(binding: Binding) -> list[Obligation]:
    if "real" not in binding.types:
        return []
    obligations = [
        _obligation(binding.refs(*prop.roles, *(("real.domain",) if "b != 0" in prop.statement else ())),
                    id=f"real.{prop.group}.{prop.name}", title=prop.title, family="real", format="real",
                    kind=prop.group, prop=prop.name, statement=prop.statement)
        for prop in (statements.registry().find("real", claim.name) for claim in binding.operator.library.real)
        if all(binding.has(r) for r in prop.roles)
    ]
    return _of(binding.operator, obligations + _negated(binding, "real", "real", {}) + _examples(binding, "real", "real", {}))


def _negated(binding: Binding, family: str, fmt_name: str, params: dict) -> list[Obligation]:
    """The definitions C = -(A op B) the family's section states, each an obligation (`statements.definition`)."""
    infix = binding.operator.vocabulary.infix
    stated = [refs for at, refs in binding.negated if at == family]
    return [_obligation(refs, id=f"{family}.{fmt_name + '.' if family != 'real' else ''}definition.negated_{number}",
                        title=f"the definition as stated: C = -(A {infix} B)", family=family, format=fmt_name,
                        kind="definition", prop="negated_definition", statement=f"C = -(A {infix} B)",
                        params=params, backends=frozenset({"smt"}))
            for number, refs in enumerate(stated, 1)]


def shape_obligations(binding: Binding) -> list[Obligation]:
    """The tensor goals (`statements.shape`), in Why3, in the operator's names."""
    obligations = []
    op, infix = binding.operator, binding.operator.vocabulary.infix
    # the scalar operation on the elements: with the operator's infix (A[i] * B[i]), else as a call (Max(A[i], B[i]))
    words = {"op": op.name, "scalar": f"A[i] {infix} B[i]" if infix else f"{op.name}(A[i], B[i])",
             "inputs": ", ".join(i.name for i in op.inputs), "elements": ", ".join(f"{i.name}[i]" for i in op.inputs)}
    for prop in statements.registry().of_kind("shape"):
        if binding.has(prop.roles[0]):
            obligations.append(_obligation(
                binding.refs(*prop.roles), id=f"shape.{prop.group}.{prop.name}", title=prop.title.format(**words),
                family="shape", format="none", kind=prop.group, prop=prop.name,
                statement=prop.stated(binding.operator)[0].format(**words), backends=frozenset({"why3"})))
    return _of(binding.operator, obligations)


def contract_obligations(binding: Binding) -> list[Obligation]:
    """The operator's contract in every type of every section (`statements.specification`, <op>_spec.mlw): the
    clauses the document states, each with where it states them, and the loop that must meet them."""
    obligations = []
    noun = binding.operator.vocabulary.result_nouns[0]
    for family, types in binding.types.items() if binding.operator.library.contract is not None else ():
        rules = {"real": [("exact", binding.refs("real.definition"))],
                 "float": [("nearest", binding.refs("float.rounding", "float.ieee"))],
                 "int": [("trunc", binding.refs("int.definition"))]}[family]
        for rule_family, mode, ref in binding.rounding_rules:
            if rule_family == family:
                rules.append((mode, (ref,)))
        rules = [(mode, refs) for mode, refs in rules if refs]
        clauses = {"shape": binding.refs("shape"),
                   "domain": binding.refs(f"{family}.domain") if family != "float" else (),
                   "overflow": binding.refs("int.overflow") if family == "int" else ()}
        refs = tuple(dict.fromkeys([*(r for refs in clauses.values() for r in refs),
                                    *(r for _, refs in rules for r in refs)]))
        words = [f"{name} ({_where(found)})" for name, found in clauses.items() if found] + \
            [f"{noun} {mode} ({_where(found)})" for mode, found in rules]
        for name in types:
            # each clause labelled by the tags that state it (their lines change with every line added above
            # them: the statement gives them, <op>_spec.mlw does not)
            params = {"element": family, **{name: _tags(found) for name, found in clauses.items()},
                      "rules": [(mode, _tags(found)) for mode, found in rules]}
            obligations.append(_obligation(
                refs, id=f"spec.{name}.contract", title=f"{binding.operator.name} on {name} as specified: an element-wise loop meets "
                "the clauses", family="spec", format=name, kind="specification", prop="contract",
                statement="; ".join(words) or "no clause stated", params=params, backends=frozenset({"why3"})))
    return obligations


def _where(refs: tuple[TagRef, ...]) -> str:
    """Where the document states a clause: its tags and lines."""
    return ", ".join(f"{r.tag} line {r.line}" if r.tag else f"line {r.line}" for r in refs)


def _tags(refs: tuple[TagRef, ...]) -> str:
    """The tags that state a clause, each once (a text outside every tag: its line)."""
    return ", ".join(dict.fromkeys(r.tag or f"line {r.line}" for r in refs))


def spec_obligations(path: str | Path) -> list[Obligation]:
    """Every obligation the document requires (an accuracy note: its claims'), in a stable order (read once
    per file version)."""
    return list(_bound(*_version_of(path)))


def requirement_tags(path: str | Path) -> list:
    """The requirement tags a (non-note) document states: none means nothing of it is read as required."""
    return list(_binding(*_version_of(path)).requirements)


def spec_operator(path: str | Path) -> Operator:
    """The operator a (non-note) document specifies."""
    return _binding(*_version_of(path)).operator


def spec_summary(path: str | Path, obligations: list[Obligation],
                 accepted: frozenset[int] = frozenset()) -> tuple[str, dict]:
    """What results.json records of the document proved (`document.summary`, or a note's), and a short
    description of it for the run's first line; ``accepted``: its unread lines accepted for exploration
    (`coverage.acceptance`: a line that is not unread is an InputError)."""
    if is_note_file(path):
        from divbridge.document.accuracy import read_note
        from divbridge.obligations.accuracy import note_summary
        note = read_note(path)
        coverage.acceptance(accepted, (), str(path))   # a note's unread claims are information, never counted
        return f"accuracy note, {len(note.statements)} statements", note_summary(note, obligations)
    binding = _binding(*_version_of(path))
    notes = []
    if binding.notes:
        from divbridge.obligations.accuracy import note_name, note_summary
        notes = [note_summary(n, [o for o in obligations if any(t.startswith(f"{note_name(n)}#")
                                                                for t in o.requirements)]) for n in binding.notes]
    gaps = coverage.gaps(binding, spec_obligations(path), accepted)   # the whole document's, whatever --only chose
    return f"{len(binding.requirements)} requirement tags", document.summary(binding, notes, gaps)


def _version_of(path: str | Path) -> tuple[str, int]:
    """The document's resolved path and modification stamp: the key under which it is read once."""
    resolved = Path(path).resolve()
    try:
        return str(resolved), resolved.stat().st_mtime_ns
    except OSError:
        return str(resolved), 0          # document.read reports the missing file


@functools.lru_cache(maxsize=8)
def _binding(path: str, stamp: int) -> Binding:
    """The document read and bound, once per file version (its obligations and the run's summary need it)."""
    return document.read(path)


@functools.lru_cache(maxsize=8)
def _bound(path: str, stamp: int) -> tuple[Obligation, ...]:
    if is_note_file(path):          # an accuracy note: its bounds (`obligations.accuracy`, sympy: only then)
        from divbridge.document.accuracy import read_note
        from divbridge.obligations.accuracy import note_obligations
        return tuple(note_obligations(read_note(path)))
    return tuple(obligations_of(_binding(path, stamp)))


def obligations_of(binding: Binding) -> list[Obligation]:
    return real_obligations(binding) + float_obligations(binding) + table_obligations(binding) \
        + int_obligations(binding) + rounding_obligations(binding) + shape_obligations(binding) \
        + contract_obligations(binding) + note_bounds(binding) + theorems.theorem_obligations(binding)


def note_bounds(binding: Binding) -> list[Obligation]:
    """The bounds of the accuracy notes the document holds or links, in the document's own types."""
    if not binding.notes or binding.operator.library.accuracy is None:
        return []
    from divbridge.obligations.accuracy import note_obligations   # sympy: only for a document with notes
    return [o for note in binding.notes for o in note_obligations(note, binding.types)]
