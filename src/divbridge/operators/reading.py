"""How the documents of an operator word it beyond its `model.Vocabulary`: what `document` reads them with."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Wording:
    """The words of the working group's documents that the operator's `Vocabulary` does not hold.

    ``shared``: every document is read with this operator's words (its roles and ``operands``, result nouns,
    gerund, verb, name): the working group wrote the other operators' pages from this operator's page, and
    they keep its words.  ``traces``: the built-in requirements (its profiles', `Profiles.requirements`) whose
    obligations check a document tag of a class (`document.tagclass`) in a family."""

    shared: bool = False
    operands: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())   # other names of A and of B than the roles
    verb_forms: str = ""        # a regular expression of its verb's forms, when its `Vocabulary.verbs` miss some
    traces: tuple[tuple[str, str, tuple[str, ...]], ...] = ()       # (tag class, family, built-in tags)
