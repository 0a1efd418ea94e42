"""Coq with Flocq proves the claims bit-blasting does not reach; a weakened claim, an
unproved command or a foreign axiom (in a file or in a library it loads) is never proved;
each generic theorem is compiled once, and its text keys the instances' cached answers."""

from __future__ import annotations

import io
import shutil
import time
from dataclasses import replace

import pytest

from divbridge.errors import ToolMissing
from divbridge.formats import get_format
from divbridge.obligations.catalog import spec_obligations
from divbridge.obligations.strategies import strategy_obligations
from divbridge.provers import coq as coq_backend
from divbridge.provers.cache import ProofCache
from divbridge.provers.coq import (STANDARD_AXIOMS, CoqBackend, Libraries, assumptions, handles, prove,
                                   required_libraries, unproved_commands)
from divbridge.provers.runner import RunOptions, Runner
from conftest import DIV_MD
from divbridge.operators.div import DIV

needs_coq = pytest.mark.skipif(shutil.which("coqc") is None, reason="coqc is not installed (apt-get install coq libcoq-flocq)")

BY_ID = {o.id: o for o in spec_obligations(DIV_MD) + strategy_obligations(DIV)}
# the six claims that bit-blasting leaves open, and the 16-bit instances of the same theorems
SIX = ["float.fp32.generic.monotone_numerator", "float.fp64.generic.monotone_numerator",
       "float.fp32.generic.exact_when_representable", "float.fp64.generic.exact_when_representable",
       "float.fp32.strategy.via_fp64", "int.int32.strategy.via_fp64"]
SIXTEEN_BIT = ["float.fp16.generic.monotone_numerator", "float.bf16.generic.exact_when_representable",
               "float.fp16.strategy.via_fp32", "float.bf16.strategy.via_fp32"]
TIMEOUT = 600   # a ceiling: a proof takes 1-3 s here, far longer on a loaded 2-core machine
LIBRARY_OF = {"monotone_numerator": "MonotoneNumerator", "exact_when_representable": "ExactWhenRepresentable",
              "via_wider": "ViaWider", "int_via_float": "IntViaFloat"}


@pytest.fixture(scope="module")
def libraries():
    """The generic theorems, compiled once for the whole module (as in one run)."""
    return Libraries()


def text_of(obligation_id: str) -> str:
    return CoqBackend().render(BY_ID[obligation_id])


def library_of(obligation_id: str) -> str:
    return LIBRARY_OF[BY_ID[obligation_id].prop]


def line_of(text: str, fragment: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), start=1) if fragment in line)


def weakened(obligation_id: str, old: str, new: str) -> tuple[str, Libraries]:
    """The instance and its library with a hypothesis changed in both theorems (the generic one and
    its instance): the instance still matches the library, so only the generic proof can fail."""
    text, name = text_of(obligation_id), library_of(obligation_id)
    library = Libraries().texts[name]
    assert old in text and old in library, f"{old!r} is not stated in both theorems"
    return text.replace(old, new), Libraries({name: library.replace(old, new)})


def test_the_claims_go_to_coq_and_none_is_open():
    for obligation_id in SIX + SIXTEEN_BIT:
        assert handles(BY_ID[obligation_id]) and not BY_ID[obligation_id].open
    assert not any(o.open for o in BY_ID.values())
    assert not handles(BY_ID["int.int64.strategy.via_fp64"])   # the probe expected invalid is SMT's


def test_prepare_writes_one_file_per_obligation_and_the_libraries_beside_them(tmp_path):
    backend = CoqBackend()
    groups = backend.prepare([BY_ID[i] for i in SIX], tmp_path, {"coq"})
    assert [g[0].artifact for g in groups] == [(tmp_path / "coq" / f"{i}.v").as_posix() for i in SIX]
    assert all((tmp_path / "coq" / f"{i}.v").read_text() == g[0].text for i, g in zip(SIX, groups))
    assert sorted(p.name for p in (tmp_path / "coq" / "DivBridge").iterdir()) == sorted(
        f"{name}.v" for name in LIBRARY_OF.values())
    for obligation_id, [task] in zip(SIX, groups):
        name = library_of(obligation_id)
        assert required_libraries(task.text) == [name]
        assert (tmp_path / "coq" / "DivBridge" / f"{name}.v").read_text() == backend.libraries.texts[name]
        assert [key for key, _ in task.options] == [f"DivBridge.{name}"]
    assert CoqBackend().prepare([BY_ID[i] for i in SIX], tmp_path, {"z3"}) == []
    # a later run without two of them removes their files, not the libraries below
    backend.prepare([BY_ID[i] for i in SIX[2:]], tmp_path, {"coq"})
    assert sorted(p.name for p in (tmp_path / "coq").glob("*.v")) == sorted(f"{i}.v" for i in SIX[2:])
    assert len(list((tmp_path / "coq" / "DivBridge").iterdir())) == len(LIBRARY_OF)


def test_an_instance_only_instantiates_its_library():
    # the generic proofs are in the libraries, not in the instance files
    for obligation_id in SIX:
        text = text_of(obligation_id)
        assert "Section Generic" not in text and len(text.splitlines()) < 50
        assert f"From DivBridge Require Import {library_of(obligation_id)}." in text


def test_required_libraries_are_read_from_the_commands_not_the_comments():
    assert required_libraries("From DivBridge Require Import A B.\n(* From DivBridge Require C. *)\n"
                              "From DivBridge Require Export D.\nFrom Flocq Require Import Core.\n") == ["A", "B", "D"]


def test_the_instance_states_the_obligation_format():
    text = text_of("float.fp32.strategy.via_fp64")
    assert "Definition prec := 24%Z. Definition emax := 128%Z." in text
    assert "Definition prec' := 53%Z. Definition emax' := 1024%Z." in text
    assert "(-2147483648 <= a <= 2147483647)%Z" in text_of("int.int32.strategy.via_fp64")
    assert "Definition emax := 16%Z." in text_of("float.fp16.generic.monotone_numerator")
    assert text_of("float.fp32.generic.monotone_numerator").rstrip().endswith(
        "Print Assumptions fp32_monotone_numerator.")


@needs_coq
@pytest.mark.parametrize("obligation_id", SIX + [pytest.param(i, marks=pytest.mark.slow) for i in SIXTEEN_BIT])
def test_each_claim_is_proved(obligation_id, libraries):
    # the 16-bit files instantiate the same theorems: slow-marked, `make test-slow` checks them
    attempt = prove(text_of(obligation_id), TIMEOUT, libraries=libraries)
    assert attempt.verdict == "proved", attempt.message


@needs_coq
def test_a_claim_is_proved_with_the_libraries_under_a_relative_cache_directory(tmp_path, monkeypatch):
    """`make prove`'s cache is .cache/divbridge, relative: coqc runs elsewhere and must still find them."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DIVBRIDGE_CACHE", ".cache/divbridge")
    attempt = prove(text_of("float.fp32.generic.exact_when_representable"), TIMEOUT, libraries=Libraries())
    assert attempt.verdict == "proved", attempt.message
    assert list((tmp_path / ".cache/divbridge/coq").glob("ExactWhenRepresentable-*/ExactWhenRepresentable.vo"))


# Negative controls: each hypothesis that matters, weakened, makes the proof fail.  A weakened
# hypothesis keeps its place (the proof script binds hypotheses by position), so the failure is
# the proof's, at the step that needed it, and each weakened claim is false.
@needs_coq
def test_double_rounding_through_a_47_bit_intermediate_is_not_proved(libraries):
    narrow = replace(get_format("fp64"), sb=47)        # 2 * 24 > 47: double rounding may differ
    text = CoqBackend().render(BY_ID["float.fp32.strategy.via_fp64"], via=narrow)
    assert "Definition prec' := 47%Z." in text
    attempt = prove(text, TIMEOUT, libraries=libraries)
    # the library checks; the instance fails on the hypothesis 2 * prec <= prec'
    assert attempt.verdict == "unknown" and f"line {line_of(text, 'Proof. apply via_wider')}," in attempt.message


@needs_coq
def test_int64_through_fp64_is_not_proved(libraries):
    text = CoqBackend().render(BY_ID["int.int32.strategy.via_fp64"], fmt=get_format("int64"))
    attempt = prove(text, TIMEOUT, libraries=libraries)
    # the instance fails on the hypothesis w <= prec (64 > 53)
    assert attempt.verdict == "unknown" and f"line {line_of(text, 'apply (int_via_float 64)')}," in attempt.message


@needs_coq
@pytest.mark.parametrize("old, new, fails_at", [
    # b may be +inf: inf / inf is NaN; the proof needs b finite to read b > 0 as a real
    ("is_finite b = true -> Bltb", "is_nan b = false -> Bltb", "rewrite Bltb_correct in Pb by easy."),
    # b negative: the order flips; the proof needs 0 < b
    ("Bltb (B754_zero false) b = true", "Bltb b (B754_zero false) = true", "assert (Pb' : 0 < B2R b)"),
])
def test_monotonicity_without_its_divisor_hypothesis_is_not_proved(old, new, fails_at):
    text, weak = weakened("float.fp32.generic.monotone_numerator", old, new)
    attempt = prove(text, TIMEOUT, libraries=weak)
    # the generic proof fails where it needs the hypothesis, and the instance is not proved
    assert attempt.verdict == "unknown" and attempt.message.startswith("library MonotoneNumerator does not check")
    assert f"line {line_of(weak.texts['MonotoneNumerator'], fails_at)}," in attempt.message


@needs_coq
def test_exactness_without_a_nonzero_is_not_proved():
    # false: -0 / 1 is -0, not the representable +0.  (Dropping "c finite" instead leaves a true
    # claim in Flocq's model: B2R of a non-finite float is 0, and B2R c * B2R b = B2R a <> 0 forces c finite.)
    text, weak = weakened("float.fp64.generic.exact_when_representable",
                          "is_finite a = true -> B2R a <> 0 ->", "is_finite a = true -> B2R b <> 0 ->")
    attempt = prove(text, TIMEOUT, libraries=weak)
    assert attempt.verdict == "unknown" and attempt.message.startswith("library ExactWhenRepresentable does not check")


@needs_coq
def test_an_instance_that_does_not_match_its_library_is_not_proved(libraries):
    # the claim weakened in the instance alone: the library's theorem does not prove it
    text = text_of("float.fp32.generic.monotone_numerator").replace("is_finite b = true -> Bltb",
                                                                      "is_nan b = false -> Bltb")
    assert prove(text, TIMEOUT, libraries=libraries).verdict == "unknown"


# Never proved: a statement without proof, or a proof resting on an axiom of its own.
@pytest.mark.parametrize("text", [
    "Theorem t : 1 = 2. Proof. Admitted.\n",
    "Theorem t : 1 = 2. Proof. admit. Qed.\n",
    "Axiom wrong : 1 = 2.\nTheorem t : 1 = 2. Proof. exact wrong. Qed.\nPrint Assumptions t.\n",
    "Parameter wrong : 1 = 2.\nTheorem t : 1 = 2. Proof. exact wrong. Qed.\n",
    "Conjecture wrong : 1 = 2.\n",
    "Unset Guard Checking.\nFixpoint f (n : nat) : False := f n.\n",
    "#[bypass_check(guard)] Fixpoint f (n : nat) : False := f n.\n",
])
def test_unproved_commands_are_refused_before_running(text):
    attempt = prove(text, TIMEOUT)
    assert attempt.verdict == "error" and attempt.message.startswith("refused: the file uses")


def test_words_in_comments_are_not_commands():
    assert unproved_commands("(* no Axiom, nothing Admitted *) Theorem t : True. Proof. exact I. Qed.") == []
    assert unproved_commands("Theorem t : True. Proof. Admitted. (* done *)") == ["Admitted"]


def test_unproved_commands_in_a_library_are_refused_before_running():
    text = "From DivBridge Require Import Lib.\nTheorem u : 1 = 2. Proof. exact t. Qed.\nPrint Assumptions u.\n"
    attempt = prove(text, TIMEOUT, libraries=Libraries({"Lib": "Theorem t : 1 = 2. Proof. Admitted.\n"}))
    assert attempt.verdict == "error" and attempt.message == "refused: the library Lib uses Admitted"


@needs_coq
def test_a_foreign_axiom_in_a_library_is_refused_by_the_instance_assumptions():
    # Print Assumptions in the instance reaches into the library's proof
    library = Libraries({"Lib": "Hypothesis wrong : 1 = 2.\nTheorem t : 1 = 2. Proof. exact wrong. Qed.\n"})
    text = "From DivBridge Require Import Lib.\nTheorem u : 1 = 2. Proof. exact t. Qed.\nPrint Assumptions u.\n"
    attempt = prove(text, TIMEOUT, libraries=library)
    assert attempt.verdict == "error" and attempt.message == "refused: the proof rests on Lib.wrong"


@needs_coq
def test_a_library_is_only_found_by_the_command_that_names_it(libraries):
    # the load path holds only the libraries the file names as `From DivBridge Require`: what it
    # loads is what its cache key holds
    text = "Require Import DivBridge.ViaWider.\nTheorem t : True. Proof. exact I. Qed.\nPrint Assumptions t.\n"
    attempt = prove(text, TIMEOUT, libraries=libraries)
    assert attempt.verdict == "error" and "Cannot find a physical path" in attempt.message
    missing = prove("From DivBridge Require Import Nowhere.\n", TIMEOUT, libraries=libraries)
    assert missing.verdict == "error" and missing.message == "no library DivBridge.Nowhere"


@needs_coq
def test_a_foreign_axiom_is_refused_by_its_assumptions():
    # a toplevel Hypothesis is an axiom in disguise: the text check lets it through, Print Assumptions does not
    text = "Hypothesis wrong : 1 = 2.\nTheorem t : 1 = 2. Proof. exact wrong. Qed.\nPrint Assumptions t.\n"
    attempt = prove(text, TIMEOUT)
    assert attempt.verdict == "error" and attempt.message == "refused: the proof rests on wrong"


@needs_coq
def test_a_file_without_print_assumptions_is_not_proved():
    attempt = prove("Theorem t : True. Proof. exact I. Qed.\n", TIMEOUT)
    assert attempt.verdict == "error" and "Print Assumptions" in attempt.message


def test_assumptions_parsing():
    assert assumptions("Closed under the global context\n") == []
    assert assumptions("nothing printed") is None
    listed = ("Axioms:\nClassical_Prop.classic : forall P : Prop, P \\/ ~ P\n"
              "ClassicalDedekindReals.sig_forall_dec\n  : forall P : nat -> Prop,\n    (forall n, {P n} + {~ P n})\n"
              "my_axiom : False\n")
    assert assumptions(listed) == ["Classical_Prop.classic", "ClassicalDedekindReals.sig_forall_dec", "my_axiom"]
    assert "my_axiom" not in STANDARD_AXIOMS and "Classical_Prop.classic" in STANDARD_AXIOMS
    # a closed theorem printed first does not hide the axioms of another
    assert assumptions("Closed under the global context\nAxioms:\nmy_axiom : False\n") == ["my_axiom"]
    assert assumptions("Axioms:\nClassical_Prop.classic : forall P, P\nSection Variables:\nw : Z\n") == [
        "Classical_Prop.classic", "Section Variables:", "w"]


@needs_coq
def test_a_broken_file_is_never_proved_and_a_timeout_is_a_timeout():
    assert prove("Theorem t : 1 = 2. Proof. reflexivity. Qed.\nPrint Assumptions t.\n", TIMEOUT).verdict == "unknown"
    assert prove("this is not Coq", TIMEOUT).verdict == "error"
    slow = text_of("float.fp32.strategy.via_fp64")
    assert prove(slow, 0.05).verdict == "timeout"     # the library's compile or the file's runs out of time


def test_missing_coq_is_a_one_line_message(monkeypatch):
    monkeypatch.setattr(coq_backend.toolprobe, "system_tool", lambda tool: None)
    with pytest.raises(ToolMissing) as caught:
        CoqBackend().versions()
    assert str(caught.value) == "coqc is not installed; install it with: apt-get install coq libcoq-flocq"


def test_missing_flocq_is_a_one_line_message(monkeypatch, tmp_path):
    def what_coqc_says(command):   # coqc is there, its library directory has no Flocq
        return str(tmp_path) if "-where" in command else "The Coq Proof Assistant, version 8.16.1\n"
    monkeypatch.setattr(coq_backend.toolprobe, "system_tool", lambda tool: "/usr/bin/coqc")
    monkeypatch.setattr(coq_backend.toolprobe, "output", what_coqc_says)
    with pytest.raises(ToolMissing) as caught:
        CoqBackend().versions()
    assert str(caught.value) == "Flocq (the Coq library) is not installed; install it with: apt-get install coq libcoq-flocq"


def test_missing_coq_exits_2_through_the_cli(monkeypatch, capsys, tmp_path):
    from divbridge import cli
    monkeypatch.setattr(coq_backend.toolprobe, "system_tool", lambda tool: None)
    code = cli.main(["prove", "--provers", "coq", "--no-cache", "--out", str(tmp_path)])
    assert code == 2
    assert capsys.readouterr().err.strip().splitlines()[-1].endswith(
        "coqc is not installed; install it with: apt-get install coq libcoq-flocq")


@needs_coq
def test_versions_name_coq_and_flocq():
    version = CoqBackend().versions()["coq"]
    assert version[0].isdigit() and " flocq 4." in version


@needs_coq
def test_a_proof_is_cached_and_replayed_from_the_cache(tmp_path):
    obligation = BY_ID["float.fp32.generic.exact_when_representable"]

    def run(mode: str, backend: CoqBackend | None = None, target=obligation):
        runner = Runner([backend or CoqBackend()], ProofCache(tmp_path / "cache", mode, stream=io.StringIO()),
                        RunOptions(timeout=TIMEOUT, provers={"coq"}), tmp_path / "out", stream=io.StringIO())
        [result], versions = runner.run([target])
        return result.outcome, versions

    first, versions = run("readwrite")
    assert (first.verdict, first.prover, first.cached) == ("proved", "coq", False)
    assert versions["coq"] == CoqBackend().versions()["coq"]
    again, _ = run("readwrite")
    assert (again.verdict, again.cached) == ("proved", True)
    fresh, _ = run("off")                       # --no-cache proves it again
    assert (fresh.verdict, fresh.cached) == ("proved", False)
    # a changed comment is the same question: a claim cited otherwise (its statement is in the file's header
    # comment) is answered from the cache
    cited = replace(obligation, statement="changed")
    offline, _ = run("offline", target=cited)
    assert (offline.verdict, offline.cached) == ("proved", True)
    # a changed proof file is a different cache key: it is re-checked
    offline, _ = run("offline", CodeEdited())
    assert offline.verdict == "error" and "offline" in offline.message
    # so is a changed library, for the instance that loads it: checked again, with the new library
    edited = with_library_edited("ExactWhenRepresentable")
    offline, _ = run("offline", edited)
    assert offline.verdict == "error" and "offline" in offline.message
    rechecked, _ = run("readwrite", edited)
    assert (rechecked.verdict, rechecked.cached) == ("proved", False)


class CodeEdited(CoqBackend):
    """A backend whose files have one more command (it still checks)."""

    def render(self, obligation, fmt=None, via=None) -> str:
        return super().render(obligation, fmt, via) + "Definition edited := 0.\n"


def with_library_edited(name: str) -> CoqBackend:
    """A backend whose library ``name`` has one more line (a comment: it still checks)."""
    backend = CoqBackend()
    backend.libraries = Libraries({**backend.libraries.texts, name: backend.libraries.texts[name] + "(* edited *)\n"})
    return backend


def test_editing_a_library_changes_the_cache_key_of_its_instances_only(tmp_path):
    ids = ["float.fp32.generic.monotone_numerator", "float.fp64.generic.monotone_numerator",
           "float.fp32.strategy.via_fp64"]
    cache = ProofCache(tmp_path / "cache", stream=io.StringIO())

    def keys(backend: CoqBackend) -> list:
        groups = backend.prepare([BY_ID[i] for i in ids], tmp_path, {"coq"})
        return [cache.path(task, "8.16.1 flocq 4.1.0") for [task] in groups]

    before, same, after = keys(CoqBackend()), keys(CoqBackend()), keys(with_library_edited("MonotoneNumerator"))
    assert before == same
    assert after[0] != before[0] and after[1] != before[1]   # the instances of the edited library
    assert after[2] == before[2]                             # an instance of another library


@pytest.fixture
def compiled(monkeypatch) -> list[str]:
    """The files coqc compiles from now on, in order."""
    files: list[str] = []
    popen = coq_backend.subprocess.Popen

    def recording(command, **kwargs):
        if command[-1].endswith(".v"):   # coqc compiling a file, not asked its version
            files.append(command[-1])
        return popen(command, **kwargs)
    monkeypatch.setattr(coq_backend.subprocess, "Popen", recording)
    return files


def test_a_compiled_library_is_kept_under_its_text_and_the_tool_versions(monkeypatch, tmp_path):
    monkeypatch.setattr(coq_backend, "coq_version", lambda: "8.16.1 flocq 4.1.0")
    texts = Libraries().texts
    path = Libraries(store=tmp_path).path("ViaWider")
    assert path.parent == tmp_path and path.name.startswith("ViaWider-")
    assert Libraries(store=tmp_path).path("ViaWider") == path
    assert Libraries({"ViaWider": texts["ViaWider"] + "(* edited *)\n"}, store=tmp_path).path("ViaWider") != path
    monkeypatch.setattr(coq_backend, "coq_version", lambda: "8.17.0 flocq 4.1.0")
    assert Libraries(store=tmp_path).path("ViaWider") != path


@needs_coq
def test_a_library_loading_another_is_compiled_after_it_and_keyed_on_its_text(tmp_path):
    texts = {"Base": "Definition one := 1.\n",
             "Top": "From DivBridge Require Import Base.\nTheorem t : one = 1. Proof. reflexivity. Qed.\n"}
    libraries = Libraries(texts, store=tmp_path)
    assert libraries.loads("Top") == ["Base"] and libraries.closure(["Top"]) == ["Base", "Top"]
    assert [name for name, _ in libraries.key(["Top"])] == ["DivBridge.Base", "DivBridge.Top"]
    text = "From DivBridge Require Import Top.\nTheorem u : Base.one = 1. Proof. exact t. Qed.\nPrint Assumptions u.\n"
    assert prove(text, TIMEOUT, libraries=libraries).verdict == "proved"
    # an edit of the library it loads compiles it again
    assert Libraries({**texts, "Base": texts["Base"] + "(* edited *)\n"}, store=tmp_path).path("Top") != \
        libraries.path("Top")
    loop = Libraries({"A": "From DivBridge Require Import B.\n", "B": "From DivBridge Require Import A.\n"},
                     store=tmp_path)
    attempt = prove("From DivBridge Require Import A.\n", TIMEOUT, libraries=loop)
    assert attempt.verdict == "error" and "loads itself" in attempt.message


@needs_coq
def test_a_library_is_compiled_once_for_all_its_instances_and_kept_across_runs(tmp_path, monkeypatch, compiled):
    monkeypatch.setenv("DIVBRIDGE_CACHE", str(tmp_path / "root"))   # no library compiled yet
    ids = [f"float.{name}.generic.monotone_numerator" for name in ("fp16", "bf16", "fp32", "fp64")]

    def run() -> list[str]:
        # four jobs: the four instances start together and wait for one compile of their library;
        # no proof cache, so every instance is checked
        runner = Runner([CoqBackend()], ProofCache(tmp_path / "cache", "off", stream=io.StringIO()),
                        RunOptions(timeout=TIMEOUT, jobs=4, provers={"coq"}), tmp_path / "out", stream=io.StringIO())
        outcomes, _ = runner.run([BY_ID[i] for i in ids])
        return [o.outcome.verdict for o in outcomes]

    # the library, then the four instances together (`Batches`)
    assert run() == ["proved"] * 4
    assert compiled == ["MonotoneNumerator.v", "obligation.v"]
    # the next run finds the library compiled in the cache
    compiled.clear()
    assert run() == ["proved"] * 4 and compiled == ["obligation.v"]
    # a compiled copy that no longer matches what its compile left is compiled again
    [stored] = (tmp_path / "root" / "coq").glob("MonotoneNumerator-*/MonotoneNumerator.vo")
    stored.write_bytes(stored.read_bytes()[:-100])
    compiled.clear()
    assert run() == ["proved"] * 4
    assert compiled == ["MonotoneNumerator.v", "obligation.v"]


@pytest.fixture
def monotone_backend(libraries, compiled) -> CoqBackend:
    """A backend with MonotoneNumerator compiled (``compiled`` then records the instances' coqc runs only)."""
    assert libraries.compile("MonotoneNumerator", time.monotonic() + TIMEOUT, None) is None
    compiled.clear()
    backend = CoqBackend()
    backend.libraries = libraries
    return backend


@needs_coq
def test_instances_of_one_library_are_checked_together_in_one_coqc(monotone_backend, compiled):
    texts = [text_of(f"float.{name}.generic.monotone_numerator") for name in ("fp16", "fp32", "fp64")]
    for text in texts:
        monotone_backend.batches.include(text)
    assert [monotone_backend.prove(text, TIMEOUT).verdict for text in texts] == ["proved"] * 3
    assert compiled == ["obligation.v"]
    # a file the run did not add is checked alone
    alone = text_of("float.bf16.generic.monotone_numerator")
    assert monotone_backend.prove(alone, TIMEOUT).verdict == "proved" and compiled == ["obligation.v"] * 2


@needs_coq
@pytest.mark.parametrize("spoil, verdict, message", [
    # the claim weakened in the instance alone: the library's theorem does not prove it
    (lambda text: text.replace("is_finite b = true -> Bltb", "is_nan b = false -> Bltb"), "unknown", "line "),
    # a toplevel Hypothesis is an axiom in disguise: the batch's assumptions name it, and so do the file's own
    (lambda text: text + "Hypothesis wrong : 1 = 2.\nTheorem t : 1 = 2. Proof. exact wrong. Qed.\nPrint Assumptions t.\n",
     "error", "refused: the proof rests on wrong"),
])
def test_a_batch_that_does_not_check_leaves_each_file_to_be_checked_alone(monotone_backend, compiled, spoil, verdict,
                                                                          message):
    good, spoiled = (text_of(f"float.{name}.generic.monotone_numerator") for name in ("fp32", "fp64"))
    spoiled = spoil(spoiled)
    for text in (good, spoiled):
        monotone_backend.batches.include(text)
    answers = [monotone_backend.prove(text, TIMEOUT) for text in (good, spoiled)]
    assert answers[0].verdict == "proved"
    assert answers[1].verdict == verdict and message in answers[1].message
    assert compiled == ["obligation.v"] * 3   # the batch, then each file alone


def test_the_batch_file_holds_each_instance_in_a_module_and_prints_their_assumptions_once():
    texts = [text_of(f"float.{name}.generic.monotone_numerator") for name in ("fp32", "fp64")]
    batch = coq_backend.together(texts)
    assert [line for line in batch.splitlines() if line.startswith("Print")] == ["Print Assumptions all_instances."]
    assert batch.endswith("Definition all_instances := (Instance0.fp32_monotone_numerator, "
                          "Instance1.fp64_monotone_numerator).\nPrint Assumptions all_instances.\n")
    assert "Module Instance0.\n" in batch and "End Instance1.\n" in batch
    # a file that prints no assumptions cannot be checked in a batch
    assert coq_backend.together([texts[0], "Theorem t : True. Proof. exact I. Qed.\n"]) is None


@needs_coq
def test_a_library_that_does_not_check_is_compiled_once_and_proves_none_of_its_instances(tmp_path, compiled):
    weak = Libraries({"MonotoneNumerator": Libraries().texts["MonotoneNumerator"].replace(
        "Bltb (B754_zero false) b = true", "Bltb b (B754_zero false) = true")}, store=tmp_path)
    answers = [prove(text_of(f"float.{name}.generic.monotone_numerator"), TIMEOUT, libraries=weak)
               for name in ("fp32", "fp64")]
    assert [a.verdict for a in answers] == ["unknown", "unknown"] and compiled == ["MonotoneNumerator.v"]
    # one line: the library, and coqc's own words
    assert all(a.message.startswith("library MonotoneNumerator does not check: File") and "\n" not in a.message
               for a in answers)
    assert not list(tmp_path.iterdir())   # nothing kept: the next run compiles it again
