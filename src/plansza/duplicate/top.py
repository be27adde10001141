"""The top move and its alternatives, ordered by the Belgijka tie-breaks (II.12).

Every legal placement of the rack comes from :mod:`plansza.movegen`; they are
ordered by the key of II.12:

1. the higher score;
2. then a move without a blank ("nie zawierają blanka");
3. then the shorter main word ("są krótsze");
4. then fewer word-premium squares, then fewer letter-premium squares
   ("nie wykorzystują premii — w pierwszej kolejności słownej, potem literowej").

Premium squares are counted under the **new** tiles only: a premium under a
tile already on the board was used up by the move that covered it. Moves equal
on the whole key are listed in notation order (row, column, direction, word) —
that order is not a rule: the referee decides between them (II.12, II.13).

The ordering is lazy: only the score groups that are looked at get their keys
computed, so the top move of a rack with two blanks (tens of thousands of
placements) costs little more than the highest score.

>>> from plansza.board import Board
>>> from plansza.lexicon import Lexicon
>>> from plansza.rules import Rules
>>> lex = Lexicon.build(["KOT", "KOTA"], Rules.pfs().tileset)
>>> ranking = rank(Board(), "KOT?", lex)
>>> first = ranking[0]
>>> str(first.play), first.score, first.blanks, first.length, first.word_premiums
('F8 KOT', 10, 0, 3, 1)
>>> len(ranking), ranking.tied()          # six plays of KOT share the whole key
(32, 6)
>>> [(str(c.play), c.score, c.blanks) for c in ranking[5:7]]   # blanks come after
[('8H KOT', 10, 0), ('E8 KOTa', 10, 1)]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, overload

from plansza.board import Board, Direction, Premium
from plansza.moves import Play
from plansza.rules import Rules
from plansza.tiles import TileSet

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon
    from plansza.movegen import MoveGenerator, MoveList

_WORD_PREMIUMS = frozenset({Premium.DW, Premium.TW})
_LETTER_PREMIUMS = frozenset({Premium.DL, Premium.TL})


@dataclass(frozen=True)
class DuplicateCandidate:
    """A legal play with the facts II.12 orders by (a record: :mod:`plansza.records`)."""

    #: The play as written, blanks in lower case (``H8 KOt``); :attr:`play` reads it.
    move: str
    score: int
    #: Blanks among the new tiles (blanks already on the board do not count).
    blanks: int
    #: Letters of the main word (II.12 "shorter").
    length: int
    #: Word-premium squares (DW, TW) under the new tiles.
    word_premiums: int
    #: Letter-premium squares (DL, TL) under the new tiles.
    letter_premiums: int
    #: Every word formed, main word first (blanks in lower case).
    words: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        play: Play,
        score: int,
        blanks: int,
        word_p: int,
        letter_p: int,
        words: tuple[str, ...] = (),
    ) -> DuplicateCandidate:
        """The candidate of ``play``, which it keeps (not read again from :attr:`move`)."""
        c = cls(str(play), score, blanks, len(play.word), word_p, letter_p, words)
        c.__dict__["play"] = play  # the cached_property's slot
        return c

    @cached_property
    def play(self) -> Play:
        """The play of :attr:`move`."""
        return Play.parse(self.move)

    def key(self) -> tuple[int, bool, int, int, int]:
        """The II.12 key: smaller is preferred."""
        return (-self.score, self.blanks > 0, self.length, self.word_premiums, self.letter_premiums)

    def __str__(self) -> str:
        return f"{self.move} {self.score}"


def describe_play(
    board: Board, play: Play, score: int, words: tuple[str, ...] = ()
) -> DuplicateCandidate:
    """The :class:`DuplicateCandidate` of a play on ``board`` (the position before it)."""
    blanks = word_p = letter_p = 0
    for (r, c), ch in zip(play.coordinate.squares(len(play.word)), play.word, strict=True):
        if board.get(r, c) is not None:
            continue  # an old tile: its blank and its premium belong to an earlier move
        if ch.islower():
            blanks += 1
        premium = board.premium(r, c)
        if premium in _WORD_PREMIUMS:
            word_p += 1
        elif premium in _LETTER_PREMIUMS:
            letter_p += 1
    return DuplicateCandidate.of(play, score, blanks, word_p, letter_p, words)


_ORDER_TABLES: dict[str, dict[int, str]] = {}


def _order_table(tileset: TileSet) -> dict[int, str]:
    """A ``str.translate`` table turning a word into a string that sorts in alphabet order."""
    table = _ORDER_TABLES.get(tileset.name)
    if table is None:
        table = {}
        for i, letter in enumerate(tileset.letters):
            table[ord(letter)] = chr(0x100 + 2 * i)
            table[ord(letter.lower())] = chr(0x101 + 2 * i)  # a blank after the tile
        _ORDER_TABLES[tileset.name] = table
    return table


def notation_key(play: Play, tileset: TileSet) -> tuple[int, int, int, str]:
    """A stable order of plays equal under II.12: across first, then by square and word.

    Not a rule: between such plays the referee decides (II.12, II.13).
    """
    c = play.coordinate
    return (
        0 if c.direction is Direction.ACROSS else 1,
        c.row,
        c.col,
        play.word.translate(_order_table(tileset)),
    )


class Ranking(Sequence[DuplicateCandidate]):
    """Every legal play of a rack, best first by II.12; computed group by group on demand.

    ``len()`` is the number of legal plays. :meth:`tied` counts the plays equal to
    the first on the whole II.12 key (more than one: the referee picks, II.12).
    """

    def __init__(self, moves: MoveList, board: Board, rules: Rules) -> None:
        self._moves = moves
        self._board = board
        self._rules = rules
        scores = moves.scores()
        self._order = sorted(range(len(scores)), key=lambda i: -scores[i])
        self._scores = scores
        self._done: list[DuplicateCandidate] = []
        # Per square: the tile (None = empty) and the premium class (0, 1 letter, 2 word),
        # read once for the whole ranking.
        self._cells = board.rows()
        self._premium_class = [
            [
                2
                if board.premium(r, c) in _WORD_PREMIUMS
                else 1
                if board.premium(r, c) in _LETTER_PREMIUMS
                else 0
                for c in range(len(self._cells[r]))
            ]
            for r in range(len(self._cells))
        ]

    def _describe(self, play: Play, score: int) -> DuplicateCandidate:
        """:func:`describe_play` over the grids read once (the hot loop of a full ordering)."""
        coord = play.coordinate
        dr, dc = (0, 1) if coord.direction is Direction.ACROSS else (1, 0)
        r, c = coord.row, coord.col
        cells, prem = self._cells, self._premium_class
        blanks = word_p = letter_p = 0
        for ch in play.word:
            if cells[r][c] is None:
                if ch.islower():
                    blanks += 1
                p = prem[r][c]
                if p == 2:
                    word_p += 1
                elif p == 1:
                    letter_p += 1
            r += dr
            c += dc
        return DuplicateCandidate.of(play, score, blanks, word_p, letter_p)

    def __len__(self) -> int:
        return len(self._order)

    def _extend_to(self, index: int) -> None:
        order, scores, done = self._order, self._scores, self._done
        ts = self._rules.tileset
        while len(done) <= index and len(done) < len(order):
            start = len(done)
            group_score = scores[order[start]]
            end = start
            while end < len(order) and scores[order[end]] == group_score:
                end += 1
            moves = self._moves
            group = [self._describe(moves[i].play, group_score) for i in order[start:end]]
            group.sort(key=lambda c: (c.key(), notation_key(c.play, ts)))
            done.extend(group)

    @overload
    def __getitem__(self, index: int) -> DuplicateCandidate: ...
    @overload
    def __getitem__(self, index: slice) -> list[DuplicateCandidate]: ...

    def __getitem__(self, index: int | slice) -> DuplicateCandidate | list[DuplicateCandidate]:
        if isinstance(index, slice):
            idx = range(*index.indices(len(self)))
            if len(idx):
                self._extend_to(max(idx))
            return [self._done[i] for i in idx]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("candidate index out of range")
        self._extend_to(index)
        return self._done[index]

    def __iter__(self) -> Iterator[DuplicateCandidate]:
        for i in range(len(self)):
            yield self[i]

    def head(self, n: int) -> list[DuplicateCandidate]:
        """The first ``n`` candidates with the words they form (for showing and the record).

        Indexing gives candidates without ``words``: computing the words of every
        play of a two-blank rack (100,000 of them) would cost seconds.
        """
        return [self.with_words(c) for c in self[:n]]

    def with_words(self, c: DuplicateCandidate) -> DuplicateCandidate:
        """``c`` with the words it forms, main word first."""
        if c.words:
            return c
        from plansza.scoring import resolve, words_formed

        tiles = resolve(self._board, c.play)
        words = tuple(
            w.word
            for w in words_formed(
                self._board, tiles, c.play.coordinate.direction, self._rules.tileset
            )
        )
        return DuplicateCandidate.of(
            c.play, c.score, c.blanks, c.word_premiums, c.letter_premiums, words
        )

    def top(self) -> DuplicateCandidate | None:
        """The proposed winning move (with its words), or ``None`` when there is no placement."""
        return self.with_words(self[0]) if len(self) else None

    def tied(self) -> int:
        """How many plays share the first one's whole II.12 key."""
        if not len(self):
            return 0
        first = self[0].key()
        n = 1
        while n < len(self) and self[n].key() == first:
            n += 1
        return n

    def find(self, play: Play) -> int | None:
        """The index of ``play`` in the ranking, or ``None`` when it is not a legal play."""
        for i in range(len(self._order)):
            self._extend_to(i)
            if self._done[i].play == play:
                return i
        return None


def rank(
    board: Board,
    rack: str,
    lexicon: Lexicon | None = None,
    rules: Rules | None = None,
    *,
    generator: MoveGenerator | None = None,
) -> Ranking:
    """Every legal play of ``rack`` on ``board``, ordered by II.12.

    Give a ``lexicon`` or a ready ``generator`` (a :class:`MoveGenerator` holding
    this board, reused across moves of a game).
    """
    from plansza.movegen import MoveGenerator

    rules = rules or (generator.rules if generator is not None else Rules.pfs())
    if generator is None:
        if lexicon is None:
            raise ValueError("rank() needs a lexicon or a generator")
        generator = MoveGenerator(lexicon, rules, board)
    return Ranking(generator.generate(rack), board.copy(), rules)
