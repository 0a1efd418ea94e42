"""A sentence's tokens as the words the statement grammar (`document.grammar`) reads, each tied to its tokens.

A sentence arrives as `document.latex` tokens: its words, and its inline math
and code parsed the same way.  The grammar reads plain words, so:

- a capital letter, with its index or not (``A[i]``, ``A_i``, ``A(i)``, ``A``), is
  the one word ``A`` (``B``, ``C``; the result under another name, ``Y``, is
  ``C``); a bare ``A`` opening the sentence may be the article: it is the word
  ``A`` of kind ``cap`` (the grammar takes it either way);
- every other word is lowercase; words joined by a hyphen, an underscore or an
  apostrophe are one word as written (``non-zero``, ``element-wise``,
  ``ieee-754``, ``int_min``, a requirement tag) and ``B's`` is ``B`` and ``'s``;
- a number is its digits (``0.`` ending the sentence is ``0``); a symbol is
  itself (``≠``, ``±``, ``(``); a power is ``^`` and its exponent (``^n``,
  ``^n-1``); ``\\frac{A[i]}{B[i]}`` is ``A``, ``/``, ``B``;
- anything else of a formula (a macro with no meaning, a matrix) is one word
  spelled as the formula writes it, which the grammar does not know.

Each `Word` keeps the range of tokens it stands for, so that a condition the
grammar delimits is read by the formula grammar on its own tokens, and a place
where reading stopped is a column of the document.
"""

from __future__ import annotations

from dataclasses import dataclass

from divbridge.document.latex import Token, render

@dataclass(frozen=True)
class Word:
    text: str                 # as the grammar reads it
    kind: str                 # word | operand | cap | number | sym | script | math
    first: int                # the tokens it stands for: items[first:last + 1]
    last: int
    raw: str = ""             # as written (a requirement tag keeps its case)


def _index(items: list[Token], k: int) -> int:
    """How many tokens after an operand letter at ``k`` write its index (``[i]``, ``(i)``, ``_i``): 0 when none."""
    rest = [t.text for t in items[k + 1:k + 4]]
    if len(rest) == 3 and rest[0] + rest[2] in ("[]", "()") and rest[1] in ("i", "I"):
        return 3
    nxt = items[k + 1] if k + 1 < len(items) else None
    if nxt is not None and nxt.kind == "subscript" and render(nxt.parts[0] if nxt.parts else ()) in ("i", "I"):
        return 1
    return 0


def _glued(a: Token, b: Token) -> bool:
    return b.pos == a.pos + len(a.text) and a.kind in ("word", "number", "sym")


def _operand_over_operand(token: Token, output) -> bool:
    if token.kind != "frac" or len(token.parts) != 2:
        return False
    sides = [[w.text for w in stream(list(part), output)] for part in token.parts]
    return sides == [["A"], ["B"]]


def stream(items: list[Token], output: str | tuple[str, ...] = "C", inputs: dict[str, str] | None = None) -> list[Word]:
    """The words of a sentence's tokens; ``output``: the name the document gives the result (C, Y), or the names
    it may have where the document has not fixed it; ``inputs``: inputs' names the section gives, each with the
    operand the grammar reads it as (``L`` as B, ``M`` as D: the third input)."""
    outputs = (output,) if isinstance(output, str) else output
    words: list[Word] = []
    k = 0
    while k < len(items):
        token = items[k]
        text = token.text
        tagged = k + 2 < len(items) and items[k + 1].text == "_" and _glued(token, items[k + 1]) \
            and _glued(items[k + 1], items[k + 2])      # E_<OP>_...: a requirement tag, not the operand E
        if token.kind == "word" and len(text) == 1 and text.isupper() and not tagged:
            skip = _index(items, k)
            # X is the first input, as ONNX names the input of an operator of one (Y = Neg(X)); no document of
            # an operator of two names an operand X (their inputs are A and B)
            name = (inputs or {}).get(text) or ("C" if text in outputs else "A" if text == "X" else text)
            opening = k == 0 or items[k - 1].text == ":"
            kind = "cap" if name == "A" and opening and not skip else "operand"
            words.append(Word(name, kind, k, k + skip, text))
            k += skip + 1
            continue
        if token.kind == "sym" and text == "'":
            nxt = items[k + 1] if k + 1 < len(items) else None
            if nxt is not None and nxt.kind == "word" and nxt.text.lower() == "s" and _glued(token, nxt):
                words.append(Word("'s", "word", k, k + 1, "'s"))        # B's
                k += 2
                continue
            if k > 0 and items[k - 1].text.lower().endswith("s") and _glued(items[k - 1], token):
                words.append(Word("'s", "word", k, k, "'"))             # the operands'
                k += 1
                continue
        if token.kind in ("word", "number"):
            last = k        # a word and what "-" or "_" glue to it: one word, as written
            while last + 2 < len(items) and items[last + 1].kind == "sym" and items[last + 1].text in "-_" \
                    and items[last + 2].kind in ("word", "number") and _glued(items[last], items[last + 1]) \
                    and _glued(items[last + 1], items[last + 2]):
                last += 2
            raw = "".join(t.text for t in items[k:last + 1])
            if token.kind == "number" and last == k:
                words.append(Word(raw[:-1] if raw.endswith(".") else raw, "number", k, k, raw))
            else:
                words.append(Word(raw.lower(), "word", k, last, raw))
            k = last + 1
            continue
        if token.kind == "sym":
            words.append(Word(text, "sym", k, k, text))
        elif token.kind in ("superscript", "subscript"):
            inner = render(token.parts[0] if token.parts else ())
            if token.kind == "subscript" and words and words[-1].text == "int" and inner.lower() == "min":
                words[-1] = Word("int_min", "word", words[-1].first, k, "INT_MIN")   # INT_{MIN}
            else:
                words.append(Word(f"{token.text}{inner.replace(' ', '')}", "script", k, k, render((token,))))
        elif _operand_over_operand(token, output):
            words += [Word("A", "operand", k, k, "A"), Word("/", "sym", k, k, "/"), Word("B", "operand", k, k, "B")]
        else:
            words.append(Word(render((token,)).replace(" ", ""), "math", k, k, render((token,))))
        k += 1
    return words
