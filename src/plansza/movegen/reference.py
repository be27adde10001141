"""The slow twin: a brute-force move generator, used only by the tests.

It knows nothing of anchors, cross-sets or automata. For every line segment of
the board (every direction, lane, start and end) it tries every assignment of
rack tiles to the segment's empty squares — a blank as every letter — and keeps
a placement when every word it forms is in a plain Python ``set`` and
:func:`plansza.scoring.score_play` accepts it (one line, no gap, connected,
first play through H8). The only shortcut is a set of word prefixes so that
hopeless letter sequences are dropped early; it changes what is tried, never
what is accepted.

Moves come back as :class:`RefMove` values (the written play in its canonical
form, the score and the words formed), so a set of them can be compared with
the fast generator move for move.

>>> from plansza.board import Board
>>> from plansza.rules import Rules
>>> moves = generate_reference(Board(), "AL", {"AL", "LA"}, Rules.pfs())
>>> sorted(str(m) for m in moves)   # doctest: +NORMALIZE_WHITESPACE
['7H AL 6', '7H LA 6', '8G AL 6', '8G LA 6', '8H AL 6', '8H LA 6',
 'G8 AL 6', 'G8 LA 6', 'H7 AL 6', 'H7 LA 6', 'H8 AL 6', 'H8 LA 6']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from plansza.board import SIZE, Board, Coordinate, Direction
from plansza.errors import IllegalMoveError
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import play_from_tiles, score_play
from plansza.tiles import BLANK


@dataclass(frozen=True)
class RefMove:
    """A generated placement in canonical form: play, score and words formed.

    ``words`` are spelt as they stand on the board (a blank in lower case),
    main word first, then the cross words in the order of the new tiles.
    """

    play: Play
    score: int
    words: tuple[str, ...]

    def __str__(self) -> str:
        return f"{self.play} {self.score}"

    def sort_key(self) -> tuple[int, str, tuple[str, ...]]:
        """Best first, then by notation: a stable order for listings and diffs."""
        return (-self.score, str(self.play), self.words)


def _prefixes(words: Iterable[str]) -> set[str]:
    out: set[str] = set()
    for w in words:
        for i in range(1, len(w) + 1):
            out.add(w[:i])
    return out


def _cross_word(
    board: Board, r: int, c: int, letter: str, direction: Direction
) -> str | None:
    """The run through (r, c) across ``direction`` with ``letter`` put there, if 2+ long."""
    dr, dc = direction.other.step
    rr, cc = r - dr, c - dc
    before: list[str] = []
    while (t := board.get(rr, cc)) is not None:
        before.append(t)
        rr, cc = rr - dr, cc - dc
    after: list[str] = []
    rr, cc = r + dr, c + dc
    while (t := board.get(rr, cc)) is not None:
        after.append(t)
        rr, cc = rr + dr, cc + dc
    if not before and not after:
        return None
    return "".join(reversed(before)) + letter + "".join(after)


def generate_reference(
    board: Board, rack: str, words: Iterable[str], rules: Rules
) -> set[RefMove]:
    """Every legal placement of ``rack`` tiles on ``board`` whose words are all in ``words``.

    ``rack`` is upper-case letters and ``?`` for blanks; ``words`` are upper case.
    A single tile is one move (written across when it forms an across word);
    each blank designation is a separate move; exchanges are not placements.
    """
    lexicon = {w.upper() for w in words}
    prefixes = _prefixes(lexicon)
    letters = rules.tileset.letters
    empty_board = board.is_empty()
    rack_counts = Counter(rack)
    found: set[RefMove] = set()

    for direction in (Direction.ACROSS, Direction.DOWN):
        dr, dc = direction.step
        for lane in range(SIZE):
            for start in range(SIZE):
                r0, c0 = (lane, start) if direction is Direction.ACROSS else (start, lane)
                # A segment is a whole word: the square before it is empty or off the board.
                if board.get(r0 - dr, c0 - dc) is not None:
                    continue
                for end in range(start + 1, SIZE):
                    length = end - start + 1
                    squares = [(r0 + i * dr, c0 + i * dc) for i in range(length)]
                    empties = [sq for sq in squares if board[sq] is None]
                    if len(empties) > min(len(rack), rules.rack_size):
                        break
                    if not empties:
                        continue
                    last_r, last_c = squares[-1]
                    if board.get(last_r + dr, last_c + dc) is not None:
                        continue
                    _fill(
                        board, squares, 0, "", [], rack_counts, direction, letters,
                        lexicon, prefixes, rules, empty_board, found,
                    )  # fmt: skip
    return found


def _fill(
    board: Board,
    squares: list[tuple[int, int]],
    i: int,
    word: str,
    placed: list[tuple[tuple[int, int], str]],
    rack: Counter[str],
    direction: Direction,
    letters: tuple[str, ...],
    lexicon: set[str],
    prefixes: set[str],
    rules: Rules,
    empty_board: bool,
    found: set[RefMove],
) -> None:
    if i == len(squares):
        if word.upper() in lexicon:
            _accept(board, placed, rules, empty_board, found)
        return
    sq = squares[i]
    on_board = board[sq]
    if on_board is not None:
        nxt = word + on_board
        if nxt.upper() in prefixes:
            _fill(board, squares, i + 1, nxt, placed, rack, direction, letters,
                  lexicon, prefixes, rules, empty_board, found)  # fmt: skip
        return
    choices: list[tuple[str, str]] = []  # (rack tile, letter as written)
    for tile in sorted(rack):
        if rack[tile] <= 0:
            continue
        if tile == BLANK:
            choices.extend((BLANK, letter.lower()) for letter in letters)
        else:
            choices.append((tile, tile))
    for tile, letter in choices:
        nxt = word + letter
        if nxt.upper() not in prefixes:
            continue
        cross = _cross_word(board, sq[0], sq[1], letter, direction)
        if cross is not None and cross.upper() not in lexicon:
            continue
        rack[tile] -= 1
        placed.append((sq, letter))
        _fill(board, squares, i + 1, nxt, placed, rack, direction, letters,
              lexicon, prefixes, rules, empty_board, found)  # fmt: skip
        placed.pop()
        rack[tile] += 1


def _accept(
    board: Board,
    placed: list[tuple[tuple[int, int], str]],
    rules: Rules,
    empty_board: bool,
    found: set[RefMove],
) -> None:
    try:
        # The canonical written form decides the direction of a single tile.
        play = play_from_tiles(board, placed)
        scored = score_play(board, play, rules)
    except IllegalMoveError:
        return  # not connected / not through the centre: not a legal placement
    if empty_board and len(placed) < rules.first_play_min_tiles:
        return
    found.add(RefMove(play, scored.score, tuple(w.word for w in scored.words)))


def ref_move(board: Board, coordinate: Coordinate, word: str, rules: Rules) -> RefMove:
    """The :class:`RefMove` of a written play (for building expectations in tests)."""
    play = Play(coordinate, word)
    scored = score_play(board, play, rules)
    return RefMove(play, scored.score, tuple(w.word for w in scored.words))
