"""Placement validation and scoring (spec rules.md § Placement, § Scoring).

A written :class:`~plansza.moves.Play` is resolved against a board into the new
tiles it puts down; the placement is checked (one line, no gaps, connected, the
first play through H8 with two or more tiles) and every word formed is scored.

>>> from plansza.board import Board
>>> from plansza.moves import Play
>>> from plansza.rules import Rules
>>> b = Board()
>>> s = score_play(b, Play.parse("H8 ŻUBR"), Rules.pfs())
>>> s.score, [str(w) for w in s.words]
(24, ['H8 ŻUBR 24'])
>>> s = score_play(b, Play.parse("G8 ŻUBr"), Rules.pfs())   # blank R scores 0; U on the DW at H8
>>> s.score, s.rack_tiles
(22, ['Ż', 'U', 'B', '?'])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from plansza.board import CENTRE, SIZE, Board, Coordinate, Direction, square_name
from plansza.errors import N_, NP_, IllegalMoveError
from plansza.moves import Play
from plansza.rules import Rules
from plansza.tiles import TileSet


@dataclass(frozen=True)
class PlacedTile:
    """A tile put down by a play: its square and letter (lower case: a blank)."""

    row: int
    col: int
    letter: str

    @property
    def square(self) -> tuple[int, int]:
        return (self.row, self.col)

    @property
    def is_blank(self) -> bool:
        return self.letter.islower()

    @property
    def rack_tile(self) -> str:
        """The tile it takes from the rack: the letter, or ``?`` for a blank."""
        return "?" if self.is_blank else self.letter

    def __str__(self) -> str:
        return f"{square_name(self.row, self.col)}={self.letter}"


@dataclass(frozen=True)
class WordScore:
    """One word formed by a play, as it stands on the board, and its score."""

    coordinate: Coordinate
    word: str
    score: int

    def __str__(self) -> str:
        return f"{self.coordinate} {self.word} {self.score}"


@dataclass(frozen=True)
class ScoredPlay:
    """A validated play: its new tiles, the words formed (main word first) and the score."""

    play: Play
    tiles: tuple[PlacedTile, ...]
    words: tuple[WordScore, ...]
    bingo: bool
    score: int

    @property
    def word_strings(self) -> list[str]:
        """The words formed, upper case, as a lexicon checks them (TR 4.7.9)."""
        return [w.word.upper() for w in self.words]

    @property
    def rack_tiles(self) -> list[str]:
        """The tiles the play takes from the rack (``?`` for blanks)."""
        return [t.rack_tile for t in self.tiles]


def _cgp(board: Board) -> str:
    return board.cgp()


def resolve(board: Board, play: Play) -> tuple[PlacedTile, ...]:
    """The new tiles a written play puts down, checked against the board.

    Checks that the word stays on the board, matches the letters already there,
    is the whole word (no tile touches its ends), and places at least one tile.
    With the parenthesised form, letters in parentheses must be on the board and
    the others must not.
    """
    squares = play.coordinate.squares(len(play.word))
    last_r, last_c = squares[-1]
    if not (0 <= last_r < SIZE and 0 <= last_c < SIZE):
        raise IllegalMoveError(
            "off_board",
            N_("{move}: the word from {start} runs off the board"),
            cgp=_cgp(board),
            move=str(play),
            start=square_name(*play.coordinate.square),
        )
    dr, dc = play.coordinate.direction.step
    before = board.get(play.coordinate.row - dr, play.coordinate.col - dc)
    after = board.get(last_r + dr, last_c + dc)
    if before is not None or after is not None:
        where = (
            square_name(play.coordinate.row - dr, play.coordinate.col - dc)
            if before is not None
            else square_name(last_r + dr, last_c + dc)
        )
        raise IllegalMoveError(
            "not_whole_word",
            N_("{move}: the word continues at {square}; write the whole main word"),
            cgp=_cgp(board),
            move=str(play),
            square=where,
        )
    new: list[PlacedTile] = []
    for i, ((r, c), ch) in enumerate(zip(squares, play.word, strict=True)):
        on_board = board[r, c]
        if on_board is not None:
            if on_board.upper() != ch.upper():
                raise IllegalMoveError(
                    "mismatch",
                    N_("{move}: {square} holds {board}, not {letter}"),
                    cgp=_cgp(board),
                    move=str(play),
                    square=square_name(r, c),
                    board=on_board,
                    letter=ch,
                )
            if play.through is not None and not play.through[i]:
                raise IllegalMoveError(
                    "through_mismatch",
                    N_(
                        "{move}: {letter} at {square} is already on the board; "
                        "put it in parentheses"
                    ),
                    cgp=_cgp(board),
                    move=str(play),
                    square=square_name(r, c),
                    letter=ch,
                )
        else:
            if play.through is not None and play.through[i]:
                raise IllegalMoveError(
                    "through_mismatch",
                    N_("{move}: ({letter}) is written as on the board but {square} is empty"),
                    cgp=_cgp(board),
                    move=str(play),
                    square=square_name(r, c),
                    letter=ch,
                )
            new.append(PlacedTile(r, c, ch))
    if not new:
        raise IllegalMoveError(
            "no_new_tiles",
            N_("{move}: every letter is already on the board"),
            cgp=_cgp(board),
            move=str(play),
        )
    return tuple(new)


def check_placement(board: Board, tiles: Sequence[PlacedTile], rules: Rules) -> None:
    """First play through H8 with enough tiles; later plays touch the board (GR)."""
    if board.is_empty():
        if CENTRE not in {t.square for t in tiles}:
            raise IllegalMoveError(
                "first_play_centre",
                N_("the first play must cover the centre square H8"),
                cgp=_cgp(board),
            )
        if len(tiles) < rules.first_play_min_tiles:
            raise IllegalMoveError(
                "first_play_too_short",
                NP_(
                    "the first play must use at least {count} tile",
                    "the first play must use at least {count} tiles",
                ),
                cgp=_cgp(board),
                plural_field="count",
                count=rules.first_play_min_tiles,
            )
        return
    for t in tiles:
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if board.get(t.row + dr, t.col + dc) is not None:
                return
    names = ", ".join(square_name(t.row, t.col) for t in tiles)
    raise IllegalMoveError(
        "not_connected",
        N_("no new tile ({squares}) touches a tile already on the board"),
        cgp=_cgp(board),
        squares=names,
    )


def _run(
    board: Board, new: dict[tuple[int, int], str], r: int, c: int, direction: Direction
) -> tuple[int, int, int]:
    """Start square and length of the run through (r, c) along ``direction``."""
    dr, dc = direction.step

    def filled(rr: int, cc: int) -> bool:
        return (rr, cc) in new or board.get(rr, cc) is not None

    while filled(r - dr, c - dc):
        r, c = r - dr, c - dc
    length = 0
    rr, cc = r, c
    while filled(rr, cc):
        length += 1
        rr, cc = rr + dr, cc + dc
    return r, c, length


def _score_word(
    board: Board,
    new: dict[tuple[int, int], str],
    start: tuple[int, int],
    length: int,
    direction: Direction,
    tileset: TileSet,
) -> WordScore:
    dr, dc = direction.step
    r, c = start
    total = 0
    word_mult = 1
    letters: list[str] = []
    for i in range(length):
        rr, cc = r + i * dr, c + i * dc
        if (rr, cc) in new:
            tile = new[rr, cc]
            premium = board.premium(rr, cc)
            total += tileset.value(tile) * premium.letter_multiplier
            word_mult *= premium.word_multiplier
        else:
            tile = board[rr, cc]  # type: ignore[assignment]
            total += tileset.value(tile)
        letters.append(tile)
    return WordScore(Coordinate(r, c, direction), "".join(letters), total * word_mult)


def words_formed(
    board: Board, tiles: Sequence[PlacedTile], direction: Direction, tileset: TileSet
) -> list[WordScore]:
    """Every word the tiles form, main word first, then cross words in play order.

    The main word is the run along ``direction``; each new tile's run across it
    is a cross word when it has two or more letters (one-letter runs are not words).
    """
    new = {t.square: t.letter for t in tiles}
    first = tiles[0]
    words: list[WordScore] = []
    r, c, length = _run(board, new, first.row, first.col, direction)
    if length >= 2:
        words.append(_score_word(board, new, (r, c), length, direction, tileset))
    cross = direction.other
    for t in tiles:
        r, c, length = _run(board, new, t.row, t.col, cross)
        if length >= 2:
            words.append(_score_word(board, new, (r, c), length, cross, tileset))
    return words


def score_play(board: Board, play: Play, rules: Rules) -> ScoredPlay:
    """Validate a written play on ``board`` and score it.

    Raises :class:`IllegalMoveError` (reason code, squares named) for an illegal
    placement. Word validity is not checked here (that is the game's or the
    challenge's business).
    """
    tiles = resolve(board, play)
    if len(tiles) > rules.rack_size:
        raise IllegalMoveError(
            "too_many_tiles",
            N_("{move}: {count} new tiles, more than a rack holds ({rack_size})"),
            cgp=_cgp(board),
            move=str(play),
            count=len(tiles),
            rack_size=rules.rack_size,
        )
    check_placement(board, tiles, rules)
    words = words_formed(board, tiles, play.coordinate.direction, rules.tileset)
    bingo = len(tiles) == rules.rack_size
    score = sum(w.score for w in words) + (rules.bingo_bonus if bingo else 0)
    return ScoredPlay(play, tiles, tuple(words), bingo, score)


def play_from_tiles(board: Board, tiles: Iterable[tuple[tuple[int, int], str]]) -> Play:
    """The written play for tiles put down on ``board`` (for GUIs and generators).

    Checks the tiles lie in one line on empty squares with no gap; a single tile
    is written across when it forms a word across, otherwise down.

    >>> b = Board(); b.place([((7, 7), "A"), ((7, 8), "S")])
    >>> play_from_tiles(b, [((6, 8), "O"), ((8, 8), "K")])
    Play.parse('7I OSK')
    """
    placed = sorted(((r, c), ch) for (r, c), ch in tiles)
    if not placed:
        raise IllegalMoveError("no_new_tiles", N_("no tiles were put down"), cgp=_cgp(board))
    seen: set[tuple[int, int]] = set()
    for (r, c), _ in placed:
        if not (0 <= r < SIZE and 0 <= c < SIZE):
            raise IllegalMoveError(
                "off_board", N_("square {move} is off the board"), move=f"({r}, {c})"
            )
        if (r, c) in seen:
            raise IllegalMoveError(
                "duplicate_square", N_("two tiles on {square}"), square=square_name(r, c)
            )
        seen.add((r, c))
        if board[r, c] is not None:
            raise IllegalMoveError(
                "occupied",
                N_("{square} is already occupied"),
                cgp=_cgp(board),
                square=square_name(r, c),
            )
    rows = {sq[0] for sq, _ in placed}
    cols = {sq[1] for sq, _ in placed}
    new = dict(placed)
    if len(placed) == 1:
        (r, c), _ = placed[0]
        _, _, across_len = _run(board, new, r, c, Direction.ACROSS)
        direction = Direction.ACROSS if across_len >= 2 else Direction.DOWN
    elif len(rows) == 1:
        direction = Direction.ACROSS
    elif len(cols) == 1:
        direction = Direction.DOWN
    else:
        names = ", ".join(square_name(*sq) for sq, _ in placed)
        raise IllegalMoveError(
            "not_in_line", N_("the tiles ({squares}) are not in one row or column"), squares=names
        )
    (r0, c0), _ = placed[0]
    r, c, length = _run(board, new, r0, c0, direction)
    dr, dc = direction.step
    (rl, cl), _ = placed[-1]
    if (rl - r) * dr + (cl - c) * dc >= length:
        # The run from the first tile stops before the last one: a gap.
        gr, gc = r + length * dr, c + length * dc
        raise IllegalMoveError(
            "gap",
            N_("the tiles leave a gap at {square}"),
            cgp=_cgp(board),
            square=square_name(gr, gc),
        )
    if length < 2:
        raise IllegalMoveError(
            "single_letter",
            N_("the tile at {square} forms no word of two or more letters"),
            cgp=_cgp(board),
            square=square_name(r0, c0),
        )
    letters: list[str] = []
    for i in range(length):
        sq = (r + i * dr, c + i * dc)
        tile = new[sq] if sq in new else board[sq]
        assert tile is not None  # the run is filled by construction
        letters.append(tile)
    return Play(Coordinate(r, c, direction), "".join(letters))
