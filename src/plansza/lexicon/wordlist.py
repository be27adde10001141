"""Reading a word list: one word a line, in the letters of a tile set.

The compiled core (``_kwg.parse_words``) does the work, so the 3.3 million lines
of the default list are read in well under a second. Lines that cannot be
spelled with the tile set are reported with their numbers; words are folded to
lower case, so ``Kot`` and ``kot`` are one word (a duplicate); blank lines and
blanks around a word are ignored.

>>> from plansza.tiles import TileSet
>>> report = read_word_list("kot\\nKOT\\nżółw\\nquiz\\na\\n", TileSet.polish(), source="x.txt")
>>> report.accepted, [(b.line, b.text) for b in report.bad]
(3, [(4, 'quiz')])
>>> report.too_short
(5,)

A file given as a lexicon must *be* a word list: :func:`require_word_list` refuses
one with no word, or with a line that is not a word in the tile set's letters
(``/etc/passwd``, a binary file, a text in another alphabet), naming the file and
the first such line. A wrong file must not give a referee NOT VALID verdicts.

>>> require_word_list(read_word_list("kot\\nroot:x:0:0\\n", TileSet.polish(), source="p"))
Traceback (most recent call last):
...
plansza.errors.FormatError: p:2: not a word list (one word a line, in the letters of the \
polish set): 'root:x:0:0'
"""

from __future__ import annotations

from dataclasses import dataclass

from plansza.errors import N_, FormatError
from plansza.files import excerpt
from plansza.lexicon import _kwg
from plansza.tiles import TileSet

MIN_WORD = 2
"""A one-letter word cannot be played (a play forms a word of at least two letters)."""
MAX_WORD = _kwg.MAX_WORD
"""No word longer than the 15 squares of a board line can be played."""


@dataclass(frozen=True)
class BadLine:
    """A line of a word list that cannot be spelled with the tile set."""

    line: int
    text: str


@dataclass(frozen=True)
class WordListReport:
    """What was read from a word list, and what was left out and why."""

    source: str
    packed: bytes
    """The accepted words as tile bytes (1-based indices), each followed by a 0 byte."""
    lines: int
    accepted: int
    """Lines accepted as words, duplicates included (the build counts distinct words)."""
    bad: tuple[BadLine, ...]
    too_short: tuple[int, ...]
    too_long: tuple[int, ...]

    @property
    def skipped(self) -> int:
        """Lines left out (bad letters, too short, too long), duplicates not counted."""
        return len(self.bad) + len(self.too_short) + len(self.too_long)


def tileset_letters(tileset: TileSet) -> tuple[str, str]:
    """The tile set's letters in alphabet order, in lower and in upper case."""
    upper = "".join(tileset.letters)
    return upper.lower(), upper


def read_word_list(
    text: str | bytes, tileset: TileSet, *, source: str = "<words>"
) -> WordListReport:
    """Read a word list (UTF-8 bytes or text) for ``tileset``; see the module doc."""
    data = text.encode("utf-8") if isinstance(text, str) else text
    lower, upper = tileset_letters(tileset)
    packed, lines, bad, too_short, too_long = _kwg.parse_words(
        data, lower, upper, MIN_WORD, MAX_WORD
    )
    bad_lines = tuple(BadLine(n, t) for n, t in zip(bad, _line_texts(data, bad), strict=True))
    return WordListReport(
        source=source,
        packed=packed,
        lines=lines,
        accepted=packed.count(b"\0"),
        bad=bad_lines,
        too_short=tuple(too_short),
        too_long=tuple(too_long),
    )


def require_word_list(report: WordListReport, tileset_name: str = "polish") -> None:
    """Raise :class:`FormatError` unless ``report`` read a word list: some words, and
    every line a word in the tile set's letters (blank lines, and words too short or
    too long to play, are still allowed)."""
    if report.bad:
        first = report.bad[0]
        raise FormatError(
            N_("not a word list (one word a line, in the letters of the {tileset} set): {text!r}"),
            code="not_word_list",
            line=first.line,
            source=report.source,
            tileset=tileset_name,
            text=excerpt(first.text),
        )
    if report.accepted == 0:
        raise FormatError(
            N_("not a word list: no words"), code="not_word_list", source=report.source
        )


def _line_texts(data: bytes, numbers: list[int]) -> list[str]:
    """The text of the given (sorted, 1-based) lines, for error messages."""
    if not numbers:
        return []
    lines = data.split(b"\n")
    texts = []
    for n in numbers:
        raw = lines[n - 1]
        if n == 1 and raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        texts.append(raw.decode("utf-8", errors="replace").strip())
    return texts
