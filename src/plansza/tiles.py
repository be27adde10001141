"""Tile sets as data: letters, counts, values, alphabet order, vowels.

A tile set is a value, never a branch in the code (``architecture.md``: rules are
data). Letters are upper-case one-character strings; on a rack a blank is ``?``;
on the board and in notation a blank is the lower-case letter it stands for.

>>> ts = TileSet.polish()
>>> ts.total, ts.value("Ź"), ts.count("A"), ts.value("ź")
(100, 9, 9, 0)
>>> sorted(["Łukasz", "Lucyna", "Zenon", "Żaneta", "Źdźbło", "Adam"], key=polish_collation_key)
['Adam', 'Lucyna', 'Łukasz', 'Zenon', 'Źdźbło', 'Żaneta']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from types import MappingProxyType

from plansza.errors import N_, PlanszaError

BLANK = "?"

# GR "Zawartość kompletu" (spec rules.md § Polish tile set): letter, count, points.
_POLISH: tuple[tuple[str, int, int], ...] = (
    ("A", 9, 1), ("Ą", 1, 5), ("B", 2, 3), ("C", 3, 2), ("Ć", 1, 6), ("D", 3, 2),
    ("E", 7, 1), ("Ę", 1, 5), ("F", 1, 5), ("G", 2, 3), ("H", 2, 3), ("I", 8, 1),
    ("J", 2, 3), ("K", 3, 2), ("L", 3, 2), ("Ł", 2, 3), ("M", 3, 2), ("N", 5, 1),
    ("Ń", 1, 7), ("O", 6, 1), ("Ó", 1, 5), ("P", 3, 2), ("R", 4, 1), ("S", 4, 1),
    ("Ś", 1, 5), ("T", 3, 2), ("U", 2, 3), ("W", 4, 1), ("Y", 4, 2), ("Z", 5, 1),
    ("Ź", 1, 9), ("Ż", 1, 5),
)  # fmt: skip

# The standard English distribution (MPA plays WESPA rules with it).
_ENGLISH: tuple[tuple[str, int, int], ...] = (
    ("A", 9, 1), ("B", 2, 3), ("C", 2, 3), ("D", 4, 2), ("E", 12, 1), ("F", 2, 4),
    ("G", 3, 2), ("H", 2, 4), ("I", 9, 1), ("J", 1, 8), ("K", 1, 5), ("L", 4, 1),
    ("M", 2, 3), ("N", 6, 1), ("O", 8, 1), ("P", 2, 3), ("Q", 1, 10), ("R", 6, 1),
    ("S", 4, 1), ("T", 6, 1), ("U", 4, 1), ("V", 2, 4), ("W", 2, 4), ("X", 1, 8),
    ("Y", 2, 4), ("Z", 1, 10),
)  # fmt: skip


@dataclass(frozen=True)
class TileSet:
    """A language's tiles: alphabet order, counts, points, blanks and vowels."""

    name: str
    letters: tuple[str, ...]
    counts: Mapping[str, int]
    values: Mapping[str, int]
    blanks: int
    vowels: frozenset[str]
    _index: Mapping[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "_index", MappingProxyType({c: i for i, c in enumerate(self.letters)})
        )

    @classmethod
    def from_table(
        cls, name: str, table: Iterable[tuple[str, int, int]], blanks: int, vowels: str
    ) -> TileSet:
        """Build a tile set from ``(letter, count, points)`` rows in alphabet order."""
        rows = tuple(table)
        return cls(
            name=name,
            letters=tuple(r[0] for r in rows),
            counts=MappingProxyType({r[0]: r[1] for r in rows}),
            values=MappingProxyType({r[0]: r[2] for r in rows}),
            blanks=blanks,
            vowels=frozenset(vowels),
        )

    @classmethod
    def polish(cls) -> TileSet:
        """The PFS set: 98 letters + 2 blanks (GR "Zawartość kompletu")."""
        return _POLISH_SET

    @classmethod
    def english(cls) -> TileSet:
        """The standard English set (MPA, WESPA rules)."""
        return _ENGLISH_SET

    @classmethod
    def by_name(cls, name: str) -> TileSet:
        """``"polish"`` or ``"english"`` (also ``"pl"`` / ``"en"``)."""
        key = name.lower()
        if key in ("polish", "pl", "pfs"):
            return _POLISH_SET
        if key in ("english", "en", "wespa"):
            return _ENGLISH_SET
        raise PlanszaError(
            N_("unknown tile set {name!r}: use 'polish' or 'english'"),
            code="unknown_tileset",
            name=name,
        )

    @property
    def total(self) -> int:
        """Number of tiles in a full bag."""
        return sum(self.counts.values()) + self.blanks

    def is_letter(self, ch: str) -> bool:
        """Whether ``ch`` (either case) is a letter of this set.

        Only the letter itself in either case: ``ı`` and ``ſ`` have ``I`` and ``S``
        as their upper case but are other letters.

        >>> TileSet.polish().is_letter("ż"), TileSet.polish().is_letter("ı")
        (True, False)
        """
        up = ch.upper()
        return len(ch) == 1 and up in self._index and up.lower() == ch.lower()

    def index(self, letter: str) -> int:
        """Position of ``letter`` (either case) in the alphabet, from 0."""
        return self._index[letter.upper()]

    def value(self, tile: str) -> int:
        """Points of a tile: a lower-case letter or ``?`` is a blank and scores 0."""
        if tile == BLANK or tile.islower():
            return 0
        return self.values[tile]

    def count(self, letter: str) -> int:
        """How many tiles of ``letter`` are in a full bag (``?``: the blanks)."""
        return self.blanks if letter == BLANK else self.counts[letter]

    def is_vowel(self, letter: str) -> bool:
        """Vowel test for duplicate rack rules (a blank is handled by the caller)."""
        return letter.upper() in self.vowels

    def full_bag(self) -> list[str]:
        """Every tile of a full set in alphabet order, blanks (``?``) last."""
        bag = [c for c in self.letters for _ in range(self.counts[c])]
        return bag + [BLANK] * self.blanks

    def tile_sort_key(self, tile: str) -> tuple[int, int]:
        """Order tiles on a rack alphabetically, blanks last."""
        if tile == BLANK:
            return (len(self.letters), 0)
        return (self._index[tile.upper()], 1 if tile.islower() else 0)

    def sort_tiles(self, tiles: Iterable[str]) -> str:
        """The tiles as a string in alphabet order, blanks last."""
        return "".join(sorted(tiles, key=self.tile_sort_key))

    def rack_value(self, tiles: Iterable[str]) -> int:
        """Sum of the tiles' points (blanks 0)."""
        return sum(self.value(t) for t in tiles)


_POLISH_SET = TileSet.from_table("polish", _POLISH, blanks=2, vowels="AĄEĘIOÓUY")
_ENGLISH_SET = TileSet.from_table("english", _ENGLISH, blanks=2, vowels="AEIOU")

# The Polish alphabet for names, with Q V X in their Latin places (names may use them).
_NAME_ALPHABET = "AĄBCĆDEĘFGHIJKLŁMNŃOÓPQRSŚTUVWXYZŹŻ"
_NAME_RANK = {c: i + 1 for i, c in enumerate(_NAME_ALPHABET)}


def _char_rank(ch: str) -> int:
    up = ch.upper()
    rank = _NAME_RANK.get(up)
    if rank is not None:
        return rank
    # Foreign accented letters (é, ü, ö) sort with their base letter.
    base = unicodedata.normalize("NFD", up)[0]
    rank = _NAME_RANK.get(base)
    if rank is not None:
        return rank
    if ch.isdigit():
        return -10 + int(ch) if ch in "0123456789" else 0
    return 0  # spaces, hyphens, apostrophes come first


@lru_cache(maxsize=8192)
def polish_collation_key(text: str) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """A sort key for names in Polish alphabetical order.

    Ą after A, Ć after C, Ę after E, Ł after L, Ń after N, Ó after O, Ś after S,
    Ź and Ż after Z; case is ignored first and breaks ties (lower before upper).

    >>> sorted(["Śliwa", "Sowa", "Szot", "Łoś", "Lis"], key=polish_collation_key)
    ['Lis', 'Łoś', 'Sowa', 'Szot', 'Śliwa']

    Kept for the last names asked (a tournament's standings and seeds sort the same
    names again with every change).
    """
    primary = tuple(_char_rank(c) for c in text)
    tertiary = tuple(0 if c.islower() else 1 for c in text)
    return (primary, tertiary, text)
