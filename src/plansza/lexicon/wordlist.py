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
"""

from __future__ import annotations

from dataclasses import dataclass

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
