"""The document drives the proof run: its requirements bind the obligations, a changed requirement
changes what `prove` proves and `audit` shows; every float property has every encoding."""

import dataclasses
import re
import shutil

import pytest

from divbridge.cli import main
from divbridge.crosscheck import predicates, vectors
from divbridge.formats import get_format
from divbridge.obligations import document, smtrender, why3render
from divbridge.document.reader import read_document
from divbridge.obligations.catalog import spec_obligations
from divbridge import statements
from divbridge.statements.float_property import IncompleteProperty, check
from conftest import DIV_MD
from divbridge.operators.div import DIV

SIGN_RULE = "A zero over a finite non-zero number is a zero carrying the product of the signs."
WRONG_RULE = "A zero over a finite non-zero number is a zero carrying the sign of the numerator."
needs_solvers = pytest.mark.skipif(shutil.which("z3") is None, reason="z3 is not installed (scripts/setup.sh)")


@pytest.fixture
def wrong_sign(tmp_path):
    """A copy of proofs/spec/div.md whose sign rule for 0 / y is wrong, and the rule's line."""
    text = DIV_MD.read_text()
    assert SIGN_RULE in text
    line = text[:text.index(SIGN_RULE)].count("\n") + 1
    copy = tmp_path / "div.md"
    copy.write_text(text.replace(SIGN_RULE, WRONG_RULE))
    return copy, line


def test_every_obligation_names_the_tags_and_lines_of_the_document():
    lines = DIV_MD.read_text().splitlines()
    doc = read_document(DIV_MD)
    untagged = {part.line: part.section for part in doc.parts if not part.tag and part.reading.understood}
    for obligation in spec_obligations(DIV_MD):
        assert obligation.requirements and len(obligation.lines) == len(obligation.requirements), obligation.id
        for tag, line in zip(obligation.requirements, obligation.lines):
            stated = lines[line - 1]
            # the tag's own line; or a statement outside every tag (a table row, an example, a sentence of the
            # section), traced to its section's function requirement at its own line
            section = next(u.section for u in doc.tags if u.tag == tag)
            assert f"[{tag}]" in stated or untagged.get(line) == section, (obligation.id, tag, line)


def test_the_documents_types_are_the_formats():
    formats = {o.format for o in spec_obligations(DIV_MD) if o.family == "int"}
    assert formats == {"int8", "int16", "int32"}          # SONNX's integer types, as div.md lists them
    assert {o.format for o in spec_obligations(DIV_MD) if o.family == "float"} == {"fp16", "bf16", "fp32", "fp64"}


def test_a_changed_requirement_changes_the_obligation(wrong_sign):
    copy, line = wrong_sign
    before = {o.id: o for o in spec_obligations(DIV_MD)}
    after = {o.id: o for o in spec_obligations(copy)}
    # the sentence no longer restates IEEE 754's own rule for 0 / y: that rule, which the document's rounding
    # requirement binds, becomes an obligation of its own
    formats = ("fp16", "bf16", "fp32", "fp64")
    assert after.keys() - before.keys() == {f"float.{f}.ieee.zero_div_nonzero_sign" for f in formats}
    assert before.keys() <= after.keys()
    changed = [i for i in before if after[i].statement != before[i].statement]
    assert sorted(changed) == sorted(f"float.{f}.special.zero_div_nonzero_sign" for f in ("fp16", "bf16", "fp32", "fp64"))
    assert after[changed[0]].statement.endswith("sign(a / b) = sign(a)") and after[changed[0]].lines == (line,)


def test_a_requirement_no_property_reads_binds_nothing_and_is_listed(tmp_path):
    copy = tmp_path / "div.md"
    copy.write_text(DIV_MD.read_text().replace("The rounding error is bounded as IEEE 754 bounds it.",
                                               "Implementations should be fast."))
    binding = document.read(copy)
    assert not binding.requirements["E_DIV_FLOAT_ACC_0010"].roles        # listed, with no formal reading
    assert not [o for o in spec_obligations(copy) if o.kind == "accuracy"]


@needs_solvers
def test_prove_fails_at_the_requirements_line_with_a_decoded_counterexample(wrong_sign, tmp_path, capsys):
    copy, line = wrong_sign
    code = main(["prove", "--spec", str(copy), "--only", "float.fp16.special.*", "--provers", "z3,bitwuzla",
                 "--out", str(tmp_path / "out"), "--cache-dir", str(tmp_path / "cache"), "--no-crosscheck"])
    out = capsys.readouterr().out
    assert code == 1
    assert "float.fp16.special.zero_div_nonzero_sign: expected valid, got refuted" in out
    assert f"stated at E_DIV_FLOAT_DEF_0070 line {line}" in out
    # either zero numerator refutes "the sign of the numerator": the mirror's zero has the other sign
    found = re.search(r"counterexample: a = (-?)0\.0 = .*?\(fp16 0x[08]000\).*the mirror computes a / b = (-?)0\.0", out, re.S)
    assert found and found[1] != found[2], out


@needs_solvers
def test_audit_shows_the_text_the_moved_obligations_and_the_worse_verdict(wrong_sign, capsys):
    copy, line = wrong_sign
    assert main(["audit", str(DIV_MD), str(copy)]) == 1
    out = capsys.readouterr().out
    assert f"requirement E_DIV_FLOAT_DEF_0070 (line {line}):" in out
    assert f"    - {SIGN_RULE}" in out and f"    + {WRONG_RULE}" in out
    assert "obligations changed (4):" in out and "    float.fp16.special.zero_div_nonzero_sign" in out
    assert (f"verdict float.fp16.special.zero_div_nonzero_sign (E_DIV_FLOAT_DEF_0070 line {line}): "
            "proved -> refuted  WORSE") in out
    assert "counterexample: a = " in out and "audit: FAIL" in out


FLOAT_PROPERTIES = statements.registry().of_kind("float_property")


def test_every_float_property_has_every_encoding_and_a_missing_one_is_refused():
    for prop in FLOAT_PROPERTIES:
        assert {"why3", "smt", "predicate"} <= prop.encodings
        for needed in ("why3_goal", "smt_goal", "holds", "title", "statement"):
            with pytest.raises(IncompleteProperty, match=prop.name):
                check(dataclasses.replace(prop, **{needed: None if needed == "holds" else ""}), "test")


def test_every_float_property_reaches_why3_smt_and_the_crosscheck(tmp_path):
    names = {prop.name for prop in FLOAT_PROPERTIES}
    fp16 = [o for o in spec_obligations(DIV_MD) if o.format == "fp16" and o.prop in names]
    assert {o.prop for o in fp16} == names
    [theory] = why3render.render(fp16, tmp_path)
    sets = vectors.vector_sets(get_format("fp16"), op=DIV)
    for obligation in fp16:
        # one format: its properties are its own goals; several share them through the generic module
        assert f"goal {obligation.prop}:" in theory.text and theory.clones is None
        rendered = smtrender.render(obligation, tmp_path)
        assert "(define-fun goal () Bool" in rendered.text and "(assert (not goal))" in rendered.text
        run, failures, first = predicates.evaluate(obligation, sets)
        assert run > 0 and failures == 0, (obligation.id, first)
