"""Every legal placement and the best ones: the compiled move generator.

The core (``_movegen.c``) runs Gordon's GADDAG algorithm over the lexicon's
automaton with anchors, cross-set bitmasks and cross-scores, scores in C and
returns a compact array of move records. Python objects are made only when
asked for: :class:`MoveList` is a lazy, countable view (``len()``, indexing,
iteration), like python-chess' ``board.legal_moves``.

Conventions (spec rules.md § Placement; docs/en/moves.md):

* a single tile is **one** move, written across when it forms an across word,
  down otherwise (as :func:`plansza.scoring.play_from_tiles` writes it);
* on the empty board the vertical openings are listed too — they are different
  moves from the horizontal ones;
* each blank designation is a distinct move (``H8 kOT`` and ``H8 KoT``);
* exchanges are not placements: :func:`exchanges` lists them separately.

>>> from plansza.board import Board
>>> from plansza.lexicon import Lexicon
>>> from plansza.rules import Rules
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK"], Rules.pfs().tileset)
>>> moves = generate(Board(), "KOT", lex)
>>> len(moves), moves.best().score
(16, 10)
>>> sorted(str(m.play) for m in moves if m.play.coordinate.direction.value == "across")
['F8 KOT', 'F8 TOK', 'G8 KOT', 'G8 OK', 'G8 TOK', 'H8 KOT', 'H8 OK', 'H8 TOK']
>>> top(Board(), "KOT", lex, n=3).scores()
[10, 10, 10]
>>> sorted(str(e) for e in exchanges("AAB"))
['-A', '-AA', '-AAB', '-AB', '-B']
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

from plansza.board import SIZE, Board, Coordinate, Direction
from plansza.errors import N_, NP_, PlanszaError
from plansza.files import excerpt
from plansza.moves import Exchange, Play
from plansza.rules import Rules
from plansza.scoring import PlacedTile, ScoredPlay, WordScore, score_play, words_formed
from plansza.tiles import BLANK, TileSet

from . import _movegen
from ._automaton import Automaton, automaton_of

if TYPE_CHECKING:
    from typing_extensions import Buffer

    from plansza.lexicon import Lexicon

__all__ = [
    "GeneratedMove",
    "MoveGenerator",
    "MoveList",
    "RackError",
    "exchanges",
    "generate",
    "leave_index_order",
    "top",
]

RECORD_SIZE: int = _movegen.RECORD_SIZE
_BLANK_FLAG: int = _movegen.BLANK_FLAG
_THROUGH_FLAG: int = _movegen.THROUGH_FLAG
_LETTER = 0x3F


class RackError(PlanszaError):
    """A rack that cannot be used: unknown tile, or more tiles than a rack holds."""


def _rack_codes(rack: str, tileset: TileSet, rules: Rules) -> bytes:
    codes = bytearray()
    for ch in rack.strip():
        if ch == BLANK:
            codes.append(0)
        elif tileset.is_letter(ch) and ch.isupper():
            codes.append(tileset.index(ch) + 1)
        else:
            raise RackError(
                N_(
                    "rack {rack!r}: {tile!r} is not a tile of the {tileset} set "
                    "(upper-case letters, ? for a blank)"
                ),
                rack=excerpt(rack),
                tile=ch,
                tileset=tileset.name,
            )
    if len(codes) > rules.rack_size:
        raise RackError(
            NP_(
                "rack {rack!r} has {n} tile; a rack holds {rack_size}",
                "rack {rack!r} has {n} tiles; a rack holds {rack_size}",
            ),
            plural_field="n",
            rack=excerpt(rack),
            n=len(codes),
            rack_size=rules.rack_size,
        )
    return bytes(codes)


def _tile_code(tile: str, tileset: TileSet) -> int:
    code = tileset.index(tile) + 1
    return code | _BLANK_FLAG if tile.islower() else code


def _board_codes(board: Board, tileset: TileSet) -> bytes:
    out = bytearray(SIZE * SIZE)
    for (r, c), t in board.tiles():
        out[r * SIZE + c] = _tile_code(t, tileset)
    return bytes(out)


def _premium_codes(board: Board) -> bytes:
    lm = bytes(board.premium(r, c).letter_multiplier for r in range(SIZE) for c in range(SIZE))
    wm = bytes(board.premium(r, c).word_multiplier for r in range(SIZE) for c in range(SIZE))
    return lm + wm


def _code_chars(tileset: TileSet) -> list[str]:
    """The letter of every record code (with the blank and on-board flags)."""
    out = [""] * 256
    for code in range(256):
        letter = code & _LETTER
        if 1 <= letter <= len(tileset.letters):
            ch = tileset.letters[letter - 1]
            out[code] = ch.lower() if code & _BLANK_FLAG else ch
    return out


_COORDINATES: dict[tuple[int, int, int], Coordinate] = {}


def _coordinate(direction: int, lane: int, start: int) -> Coordinate:
    """The coordinate of a record (cached: there are only 450)."""
    key = (direction, lane, start)
    coord = _COORDINATES.get(key)
    if coord is None:
        if direction == 0:
            coord = Coordinate(lane, start, Direction.ACROSS)
        else:
            coord = Coordinate(start, lane, Direction.DOWN)
        _COORDINATES[key] = coord
    return coord


class GeneratedMove:
    """One generated placement: the written play, its score and (on demand) its words.

    Made by :class:`MoveList` when asked for; ``words`` and :meth:`scored` look
    at the position the moves were generated in.
    """

    __slots__ = ("_board", "_codes", "_rules", "_tiles", "play", "score")

    def __init__(self, play: Play, score: int, codes: bytes, board: Board, rules: Rules) -> None:
        self.play = play
        self.score = score
        # The record's letter codes (which ones were on the board is flagged in them);
        # the PlacedTile objects are made only when asked for.
        self._codes = codes
        self._tiles: tuple[PlacedTile, ...] | None = None
        self._board = board
        self._rules = rules

    @property
    def tiles(self) -> tuple[PlacedTile, ...]:
        """The tiles the play puts down, in word order."""
        if self._tiles is None:
            squares = self.play.coordinate.squares(len(self.play.word))
            self._tiles = tuple(
                PlacedTile(r, c, ch)
                for (r, c), ch, code in zip(squares, self.play.word, self._codes, strict=True)
                if not code & _THROUGH_FLAG
            )
        return self._tiles

    @property
    def words(self) -> tuple[str, ...]:
        """The words formed, as they stand on the board (blanks in lower case), main first."""
        return tuple(w.word for w in self.word_scores)

    @property
    def word_scores(self) -> tuple[WordScore, ...]:
        """The words formed with their coordinates and scores, main word first."""
        return tuple(
            words_formed(
                self._board, self.tiles, self.play.coordinate.direction, self._rules.tileset
            )
        )

    @property
    def bingo(self) -> bool:
        """Whether the play uses a whole rack (``rules.rack_size`` tiles)."""
        return sum(not code & _THROUGH_FLAG for code in self._codes) == self._rules.rack_size

    def scored(self) -> ScoredPlay:
        """The play validated and scored by :func:`plansza.scoring.score_play`."""
        return score_play(self._board, self.play, self._rules)

    def __str__(self) -> str:
        return f"{self.play} {self.score}"

    def __repr__(self) -> str:
        return f"<GeneratedMove {self.play} {self.score}>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GeneratedMove):
            return NotImplemented
        return (self.play, self.score) == (other.play, other.score)

    def __hash__(self) -> int:
        return hash((self.play, self.score))


class MoveList(Sequence[GeneratedMove]):
    """A lazy, countable view of generated moves over the core's compact records.

    ``len()`` costs nothing; an element becomes a :class:`GeneratedMove` only
    when indexed or iterated. :meth:`scores` reads every score without making
    any object.
    """

    def __init__(self, records: bytes, board: Board, rules: Rules) -> None:
        self._records = records
        self._view = memoryview(records)
        self._board = board
        self._rules = rules
        self._chars = _code_chars(rules.tileset)

    def __len__(self) -> int:
        return len(self._records) // RECORD_SIZE

    @overload
    def __getitem__(self, index: int) -> GeneratedMove: ...
    @overload
    def __getitem__(self, index: slice) -> list[GeneratedMove]: ...

    def __getitem__(self, index: int | slice) -> GeneratedMove | list[GeneratedMove]:
        if isinstance(index, slice):
            return [self._make(i) for i in range(*index.indices(len(self)))]
        n = len(self)
        if index < 0:
            index += n
        if not 0 <= index < n:
            raise IndexError("move index out of range")
        return self._make(index)

    def __iter__(self) -> Iterator[GeneratedMove]:
        for i in range(len(self)):
            yield self._make(i)

    def scores(self) -> list[int]:
        """Every move's score, in list order (no move objects are made)."""
        return list(self._view.cast("i")[:: RECORD_SIZE // 4])

    def keys(self) -> list[int]:
        """Every move's ranking key: its score, or from :meth:`MoveGenerator.top_equity`
        the score times the scale plus the leave's value."""
        return list(self._view.cast("i")[RECORD_SIZE // 4 - 1 :: RECORD_SIZE // 4])

    def leave(self, index: int, rack: str) -> str:
        """The tiles of ``rack`` that move ``index`` does not use (blanks as ``?``)."""
        left = list(rack)
        for tile in self[index].tiles:
            left.remove(tile.rack_tile)
        return "".join(left)

    def order_best_first(self) -> list[int]:
        """Indices sorted best first (ties by notation order of the core, stable)."""
        scores = self.scores()
        return sorted(range(len(scores)), key=lambda i: -scores[i])

    def best(self) -> GeneratedMove | None:
        """The highest-scoring move, or ``None`` when there is none."""
        if not len(self):
            return None
        scores = self.scores()
        return self._make(max(range(len(scores)), key=scores.__getitem__))

    def plays(self) -> list[Play]:
        """Every written play, in list order."""
        return [self._decode(i)[0] for i in range(len(self))]

    def _decode(self, i: int) -> tuple[Play, int, bytes]:
        off = i * RECORD_SIZE
        rec = self._records
        score = int.from_bytes(rec[off : off + 4], sys.byteorder, signed=True)  # native int32
        direction, lane, start, length = rec[off + 4], rec[off + 5], rec[off + 6], rec[off + 7]
        codes = rec[off + 12 : off + 12 + length]
        chars = self._chars
        word = "".join([chars[code] for code in codes])
        return Play(_coordinate(direction, lane, start), word), score, codes

    def _make(self, i: int) -> GeneratedMove:
        play, score, codes = self._decode(i)
        return GeneratedMove(play, score, codes, self._board, self._rules)

    def __repr__(self) -> str:
        return f"<MoveList of {len(self)} moves>"


class MoveGenerator:
    """A position kept by the core: the board with its cross-sets, over one lexicon.

    :meth:`place` puts a play's tiles down and recomputes only the lanes they
    touch (its row or column and the crossing ones), so a game or a simulation
    can follow a position move by move without rebuilding it.

    >>> from plansza.lexicon import Lexicon
    >>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK"], Rules.pfs().tileset)
    >>> g = MoveGenerator(lex)
    >>> g.place(Play.parse("H8 KOT"))
    >>> [str(m) for m in g.top("Y", n=2)]
    ['H8 KOTY 7']
    """

    def __init__(
        self, lexicon: Lexicon | Automaton, rules: Rules | None = None, board: Board | None = None
    ) -> None:
        self.rules = rules or Rules.pfs()
        self.automaton = automaton_of(lexicon, self.rules.tileset)
        self.board = board.copy() if board is not None else Board()
        ts = self.rules.tileset
        values = bytes([0] + [ts.values[letter] for letter in ts.letters])
        self._core: Any = _movegen.Position(
            self.automaton.nodes,
            values,
            _premium_codes(self.board),
            self.rules.rack_size,
            self.rules.bingo_bonus,
            self.rules.first_play_min_tiles,
        )
        self._core.set_board(_board_codes(self.board, ts))

    def set_board(self, board: Board) -> None:
        """Replace the position (every cross-set is recomputed)."""
        self.board = board.copy()
        self._core.set_board(_board_codes(self.board, self.rules.tileset))

    def place(self, play: Play) -> None:
        """Put down the new tiles of ``play`` (checked by :func:`plansza.scoring.score_play`)."""
        scored = score_play(self.board, play, self.rules)
        self.place_tiles([(t.square, t.letter) for t in scored.tiles])

    def place_tiles(self, tiles: Sequence[tuple[tuple[int, int], str]]) -> None:
        """Put tiles on empty squares; only the touched lanes' cross-sets are recomputed."""
        ts = self.rules.tileset
        triples = bytearray()
        for (r, c), t in tiles:
            triples += bytes((r, c, _tile_code(t, ts)))
        self._core.place(bytes(triples))
        self.board.place(tiles)

    def generate(self, rack: str) -> MoveList:
        """Every legal placement of ``rack`` (``?`` = blank), in the core's order."""
        codes = _rack_codes(rack, self.rules.tileset, self.rules)
        return MoveList(self._core.generate(codes), self.board.copy(), self.rules)

    def top(self, rack: str, n: int = 1) -> MoveList:
        """The ``n`` best placements, best first, found with upper-bound pruning.

        Among equal scores at the cut, which ones are kept is unspecified.
        """
        if n < 1:
            raise ValueError(f"n must be at least 1, not {n}")
        codes = _rack_codes(rack, self.rules.tileset, self.rules)
        return MoveList(self._core.top(codes, n), self.board.copy(), self.rules)

    def top_equity(self, rack: str, n: int, leaves: Buffer, scale: int = 100) -> MoveList:
        """The ``n`` best placements by ``score * scale + leaves[leave index]``, best first.

        ``leaves`` holds one native int32 per sub-multiset of the rack (what a
        move may leave), in mixed-radix order over the rack's distinct tiles —
        blank first, then letters in alphabet order; :func:`leave_index_order`
        lists the leaves in that order. :meth:`MoveList.keys` gives each move's key.
        """
        if n < 1:
            raise ValueError(f"n must be at least 1, not {n}")
        codes = _rack_codes(rack, self.rules.tileset, self.rules)
        return MoveList(self._core.top(codes, n, leaves, scale), self.board.copy(), self.rules)

    def snapshot(self) -> tuple[bytes, Board]:
        """The position (tiles and cross-sets) to put back later with :meth:`restore`."""
        return self._core.snapshot(), self.board.copy()

    def restore(self, snapshot: tuple[bytes, Board]) -> None:
        """Put back a position saved by :meth:`snapshot` (undoes any placements since)."""
        core, board = snapshot
        self._core.restore(core)
        self.board = board.copy()

    def anchor_bounds(self, rack: str) -> dict[tuple[int, int, int], int]:
        """The upper bound the top-move search uses for each anchor.

        Keys are ``(direction, lane, index)`` (direction 0 across with lane = row,
        1 down with lane = column); no play whose rightmost anchor it is scores more.
        """
        codes = _rack_codes(rack, self.rules.tileset, self.rules)
        bounds: dict[tuple[int, int, int], int] = self._core.anchor_bounds(codes)
        return bounds

    def work(self) -> dict[str, int]:
        """The counted work of the last :meth:`generate`, :meth:`top` or :meth:`count`
        to finish: anchors walked, squares visited, plays recorded (words reached,
        kept or not) and anchor bounds computed. The same position and rack give the
        same counts on any machine, so a search that does more is caught by counting
        (``tests/movegen/test_work.py``), not by timing.

        >>> from plansza.lexicon import Lexicon
        >>> g = MoveGenerator(Lexicon.build(["KOT", "TOK"], Rules.pfs().tileset))
        >>> g.count("KOT"), g.work()["records"]
        (12, 12)
        """
        work: dict[str, int] = self._core.work()
        return work

    def count(self, rack: str) -> int:
        """The number of legal placements of ``rack``."""
        codes = _rack_codes(rack, self.rules.tileset, self.rules)
        return len(self._core.generate(codes)) // RECORD_SIZE


def generate(
    board: Board, rack: str, lexicon: Lexicon | Automaton, rules: Rules | None = None
) -> MoveList:
    """Every legal placement of ``rack`` on ``board`` (a lazy :class:`MoveList`)."""
    return MoveGenerator(lexicon, rules, board).generate(rack)


def top(
    board: Board, rack: str, lexicon: Lexicon | Automaton, rules: Rules | None = None, n: int = 1
) -> MoveList:
    """The ``n`` best placements of ``rack`` on ``board``, best first."""
    return MoveGenerator(lexicon, rules, board).top(rack, n)


def leave_index_order(rack: str, tileset: TileSet) -> list[str]:
    """Every sub-multiset of ``rack`` in the order of a leave table (see
    :meth:`MoveGenerator.top_equity`): mixed radix over the distinct tiles, the
    blank first and then the letters in alphabet order, the first digit fastest.

    >>> leave_index_order("KOT?", TileSet.polish())
    ['', '?', 'K', 'K?', 'O', 'O?', 'KO', 'KO?', 'T', 'T?', 'KT', 'KT?', 'OT', 'OT?', 'KOT', 'KOT?']
    >>> leave_index_order("AA", TileSet.polish())
    ['', 'A', 'AA']
    """
    distinct = sorted(set(rack), key=lambda t: -1 if t == BLANK else tileset.index(t))
    out = [""]
    # Each distinct tile multiplies the table: its copies 0..count in turn, the
    # earlier digits varying fastest. Letters come in alphabet order, so each
    # string is sorted but for its leading blanks, which go to the end.
    for tile in distinct:
        count = rack.count(tile)
        out = [prev + tile * k for k in range(count + 1) for prev in out]
    if BLANK in distinct:
        out = [x.lstrip(BLANK) + BLANK * (len(x) - len(x.lstrip(BLANK))) for x in out]
    return out


def exchanges(rack: str, tileset: TileSet | None = None) -> list[Exchange]:
    """Every distinct exchange of ``rack``: each non-empty sub-multiset once (GR; TR 4.3).

    Shorter exchanges first, tiles in alphabet order (blanks last). Whether an
    exchange is allowed (bag size, limit) is the game's business.

    >>> [str(e) for e in exchanges("ZA?")]
    ['-A', '-Z', '-?', '-AZ', '-A?', '-Z?', '-AZ?']
    """
    ts = tileset or TileSet.polish()
    tiles = sorted(rack.strip(), key=ts.tile_sort_key)
    seen: set[str] = set()
    out: list[Exchange] = []
    for k in range(1, len(tiles) + 1):
        for combo in itertools.combinations(tiles, k):
            key = "".join(combo)
            if key not in seen:
                seen.add(key)
                out.append(Exchange(key))
    return out
