"""A position's use cases: its board as a front end draws it, a play scored on it, every
placement of a rack listed, the endgame solved.

The position is the one a front end read (a CGP: :func:`plansza.cgp.parse_cgp`); each
function takes its board, the racks and the rules, and answers with values. Input that
cannot be used raises a :class:`~plansza.errors.PlanszaError` (a code, an English
template, details) that the front end words.

* :func:`board_view` — the squares with their premiums and tiles;
* :func:`read_play`, :func:`score_on` — a play typed in Polish notation, scored on the
  board with its words (an illegal one raises
  :class:`~plansza.errors.IllegalMoveError`);
* :func:`placements` — every legal placement of a rack, or the ``n`` best;
* :func:`endgame_setup`, :func:`solve_endgame` — the racks of an endgame checked (the
  bag empty, the game not over) and the best line for both sides to the end.

>>> from plansza.cgp import parse_cgp
>>> from plansza.rules import Rules
>>> pos = parse_cgp("/".join(["15"] * 15) + " KOTEKAB/ 0/0 0", Rules.pfs().tileset)
>>> scored = score_on(pos.board, read_play("H8 KOT", Rules.pfs()), Rules.pfs())
>>> scored.move, scored.score, [w.word for w in scored.words]
('H8 KOT', 10, ['KOT'])
>>> view = board_view(pos.board)
>>> view.rows[0][0], view.rows[7][7]
(Square(tile=None, premium='TW'), Square(tile=None, premium='DW'))
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plansza.errors import N_, PlanszaError

if TYPE_CHECKING:
    from plansza.board import Board as Board
    from plansza.lexicon import Lexicon
    from plansza.movegen import MoveList
    from plansza.moves import Move, Play
    from plansza.rules import Rules

__all__ = [
    "BoardView",
    "EndgameAnswer",
    "EndgameError",
    "EndgameSetup",
    "EndgameStep",
    "NotAPlayError",
    "Placement",
    "Placements",
    "ScoredMove",
    "ScoredWord",
    "Square",
    "auto_table_bits",
    "board_view",
    "endgame_setup",
    "placements",
    "read_play",
    "score_on",
    "solve_endgame",
]


# ---- the board drawn ---------------------------------------------------------------


@dataclass(frozen=True)
class Square:
    """One square: its tile (a blank's letter in lower case; None: empty) and its
    premium (``""``, ``"DL"``, ``"TL"``, ``"DW"``, ``"TW"``)."""

    tile: str | None
    premium: str


@dataclass(frozen=True)
class BoardView:
    """The board as a front end draws it: the column letters and 15 rows of squares."""

    columns: str
    rows: tuple[tuple[Square, ...], ...]
    centre: tuple[int, int]  #: the starting square (row, column)


def board_view(board: Board) -> BoardView:
    """The squares of ``board``, row by row, with their premiums and tiles."""
    from plansza.board import COLUMNS, SIZE

    rows = tuple(
        tuple(Square(board[r, c], board.premium(r, c).value) for c in range(SIZE))
        for r in range(SIZE)
    )
    return BoardView(COLUMNS, rows, (SIZE // 2, SIZE // 2))


# ---- a play scored ------------------------------------------------------------------


class NotAPlayError(PlanszaError):
    """A move that was to be a play (a coordinate and a word) is an exchange or a pass."""

    code = "not_a_play"


def read_play(text: str, rules: Rules) -> Play:
    """The play written as ``text`` in Polish notation (``H8 KOT``; a blank in lower
    case). Unreadable text raises :class:`~plansza.errors.InvalidMoveError`; an exchange
    or a pass, :class:`NotAPlayError`."""
    from plansza.files import excerpt
    from plansza.moves import Play, parse_move

    parsed = parse_move(text, rules.tileset)
    if not isinstance(parsed, Play):
        raise NotAPlayError(
            N_("{move!r} is not a play (coordinate and word)"), move=excerpt(text)
        )
    return parsed


@dataclass(frozen=True)
class ScoredWord:
    """A word a play formed, where it stands (``H8``/``8H``) and its score."""

    word: str
    coordinate: str
    score: int


@dataclass(frozen=True)
class ScoredMove:
    """A legal play's score: the play, written plainly (``move``) and with the tiles
    already on the board in brackets (``notation``), its words and the bingo."""

    move: str
    notation: str
    score: int
    bingo: bool
    words: tuple[ScoredWord, ...]


def score_on(board: Board, play: Play, rules: Rules) -> ScoredMove:
    """``play`` scored on ``board`` (an illegal one raises
    :class:`~plansza.errors.IllegalMoveError` with its reason)."""
    from plansza.scoring import score_play

    scored = score_play(board, play, rules)
    words = tuple(ScoredWord(w.word, str(w.coordinate), w.score) for w in scored.words)
    notation = scored.play.notation(parens=True, board=board)
    return ScoredMove(str(scored.play), notation, scored.score, scored.bingo, words)


# ---- every placement of a rack ------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """One legal placement: the play, its score, its new tiles and its words."""

    move: str
    score: int
    tiles: int
    words: tuple[str, ...]


class Placements:
    """The placements of a rack (all of them or the best ones): :attr:`count` costs
    nothing, :meth:`best_first` makes each one's words as it is asked for."""

    def __init__(self, listed: MoveList, *, is_top: bool) -> None:
        self._listed = listed
        self.is_top = is_top  #: the ``n`` best only, in order

    @property
    def count(self) -> int:
        return len(self._listed)

    def best_first(self, limit: int | None = None) -> list[Placement]:
        """The placements, best first (the first ``limit`` of them)."""
        listed = self._listed
        order = list(range(len(listed))) if self.is_top else listed.order_best_first()
        shown = []
        for i in order[:limit]:
            m = listed[i]
            shown.append(Placement(str(m.play), m.score, len(m.tiles), tuple(m.words)))
        return shown


def placements(
    board: Board, rack: str, lexicon: Lexicon, rules: Rules, *, top: int | None = None
) -> Placements:
    """Every legal placement of ``rack`` (``?`` a blank) on ``board``, or the ``top``
    best. A single tile is one placement; each blank designation is another."""
    from plansza.movegen import MoveGenerator

    gen = MoveGenerator(lexicon, rules, board)
    return Placements(gen.top(rack, top) if top else gen.generate(rack), is_top=bool(top))


# ---- the endgame ---------------------------------------------------------------------


class EndgameError(PlanszaError):
    """A position that is not an endgame (tiles left in the bag), or a game over."""

    code = "endgame"


@dataclass(frozen=True)
class EndgameSetup:
    """The racks of an endgame, checked: the player to move's, the opponent's, and how
    many scoreless turns may still be played (None: no such limit)."""

    mover: str
    opponent: str
    scoreless_left: int | None


def endgame_setup(
    board: Board, mover: str, opponent: str, rules: Rules, *, zeros: int = 0
) -> EndgameSetup:
    """The endgame of ``mover`` to move against ``opponent`` (empty: the unseen tiles,
    TR 1.4), after ``zeros`` scoreless turns in a row.

    The unseen tiles are the full set less the board (a blank on the board, a
    lower-case letter, is a ``?``) and the mover's rack; the bag must be empty and
    the game not over (:class:`EndgameError`).
    """
    theirs = _opponent_rack(board, mover, opponent, rules)
    limit = rules.end_consecutive_passes
    if limit is not None and zeros >= limit:
        raise EndgameError(
            N_(
                "the game is already over: {zeros} scoreless turns in a row (rules {rules}: "
                "{limit})"
            ),
            code="over",
            zeros=zeros,
            rules=rules.name,
            limit=limit,
        )
    return EndgameSetup(mover, theirs, None if limit is None else limit - zeros)


def _opponent_rack(board: Board, mover: str, given: str, rules: Rules) -> str:
    ts = rules.tileset
    unseen = Counter(ts.full_bag()) - (board.tile_counts() + Counter(mover))
    if given:
        bag = unseen - Counter(given)
        if bag:
            raise EndgameError(
                N_("not an endgame: {n} tiles are left in the bag ({tiles})"),
                code="bag",
                n=bag.total(),
                tiles=ts.sort_tiles(bag.elements()),
            )
        return given
    if not unseen:
        raise EndgameError(
            N_("the opponent has no tiles: the game is already over"), code="no_tiles"
        )
    if unseen.total() > rules.rack_size:
        raise EndgameError(
            N_("not an endgame: {n} tiles are unseen and a rack holds {size}"),
            code="unseen",
            n=unseen.total(),
            size=rules.rack_size,
        )
    return ts.sort_tiles(unseen.elements())


#: The solver's default table (TT_BITS, 2**22 entries) suits a solve of seconds
#: (measured: bigger ones are no faster there); a proof of minutes keeps far more of
#: its work in 2**26 (docs/decisions/endgame.md, "A bigger table for long proofs").
LONG_TABLE_BITS, LONG_SECONDS = 26, 60.0


def auto_table_bits(seconds: float, memory: int | None) -> int:
    """The table size for a solve of ``seconds``: 22, or for a minute or more up to 26,
    the table taking at most an eighth of ``memory`` bytes (None: not known, 22).

    >>> auto_table_bits(10, 24 << 30), auto_table_bits(600, 24 << 30)
    (22, 26)
    >>> auto_table_bits(600, 4 << 30), auto_table_bits(600, None)
    (24, 22)
    """
    from plansza.engine.endgame import TT_BITS

    if seconds < LONG_SECONDS or memory is None:
        return TT_BITS
    bits = LONG_TABLE_BITS
    while bits > TT_BITS and (32 << bits) > memory // 8:
        bits -= 1
    return bits


def _memory_bytes() -> int | None:
    """The machine's physical memory, where the system tells it."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return None


@dataclass(frozen=True)
class EndgameStep:
    """A move of the best line: who plays it (0: the player to move), the move
    (``-`` a pass) and its score."""

    player: int
    move: str
    score: int


@dataclass(frozen=True)
class EndgameAnswer:
    """The solver's answer (see :class:`plansza.engine.endgame.EndgameResult`): the
    value for the player to move, whether it is proved (``exact``) or within the proved
    bounds ``lower``/``upper``, whether the line runs to the end (``complete``), the
    line itself and the work done."""

    spread: int
    exact: bool
    lower: int | None
    upper: int | None
    complete: bool
    line: tuple[EndgameStep, ...]
    nodes: int
    depth: int


def solve_endgame(
    board: Board,
    setup: EndgameSetup,
    lexicon: Lexicon,
    rules: Rules,
    *,
    seconds: float,
    threads: int | None = None,
    table_bits: int | None = None,
) -> EndgameAnswer:
    """The best line of the endgame ``setup`` on ``board`` within ``seconds``.

    ``threads``: the search's (default: 2 where there are two cores); ``table_bits``:
    the transposition table's size (default: :func:`auto_table_bits`).
    """
    from plansza.engine.endgame import solve

    if threads is None:
        threads = 2 if (os.cpu_count() or 1) >= 2 else 1
    if table_bits is None:
        table_bits = auto_table_bits(seconds, _memory_bytes())
    result = solve(
        board,
        setup.mover,
        setup.opponent,
        lexicon,
        rules,
        scoreless_left=setup.scoreless_left,
        time_limit=seconds,
        threads=threads,
        tt_bits=table_bits,
    )
    return EndgameAnswer(
        result.spread,
        result.exact,
        result.lower,
        result.upper,
        result.complete,
        _line(board, result.moves, rules),
        result.nodes,
        result.depth,
    )


def _line(board: Board, moves: tuple[Move, ...], rules: Rules) -> tuple[EndgameStep, ...]:
    """The moves of the best line with their scores; player 0 is the one to move."""
    from plansza.moves import Play
    from plansza.scoring import score_play

    position = board.copy()
    steps: list[EndgameStep] = []
    for i, move in enumerate(moves):
        score = 0
        if isinstance(move, Play):
            scored = score_play(position, move, rules)
            position.place((t.square, t.letter) for t in scored.tiles)
            score = scored.score
        steps.append(EndgameStep(i % 2, str(move), score))
    return tuple(steps)
