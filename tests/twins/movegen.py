"""The slow twin of the move generator: brute force, used only by the tests.

It knows nothing of anchors, cross-sets or automata. For every line segment of
the board (every direction, lane, start and end) it tries every assignment of
rack tiles to the segment's empty squares — a blank as every letter — and keeps
a placement when every word it forms is in a plain Python ``set`` and
:func:`plansza.scoring.score_play` accepts it (one line, no gap, connected,
first play through H8). The only shortcuts are a table of the letters that
may follow each word prefix (plain dicts and sets) and skipping start squares
from which no connected word can be reached: they change what is tried, never what is accepted.

Moves come back as :class:`RefMove` values (the written play in its canonical
form, the score and the words formed), so a set of them can be compared with
the fast generator move for move.

>>> from plansza.board import Board
>>> from plansza.rules import Rules
>>> moves = generate_reference(Board(), "AL", {"AL", "LA"}, Rules.pfs())
>>> sorted(str(m) for m in moves)   # doctest: +NORMALIZE_WHITESPACE
['7H AL 6', '7H LA 6', '8H AL 6', '8H LA 6', 'G8 AL 6', 'G8 LA 6', 'H8 AL 6', 'H8 LA 6']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from plansza.board import CENTRE, SIZE, Board, Direction
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


def _next_letters(words: Iterable[str]) -> dict[str, set[str]]:
    """For each prefix of a word (the empty one too), the letters that may follow it."""
    out: dict[str, set[str]] = {}
    for w in words:
        for i in range(len(w)):
            out.setdefault(w[:i], set()).add(w[i])
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


class WordSet:
    """A word list as the reference uses it: a plain set and each prefix's next letters.

    Make one to reuse across many calls of :func:`generate_reference`.
    """

    def __init__(self, words: Iterable[str]) -> None:
        self.words = {w.upper() for w in words}
        self.nexts = _next_letters(self.words)


def generate_reference(
    board: Board, rack: str, words: Iterable[str] | WordSet, rules: Rules
) -> set[RefMove]:
    """Every legal placement of ``rack`` tiles on ``board`` whose words are all in ``words``.

    ``rack`` is upper-case letters and ``?`` for blanks; ``words`` are upper case.
    A single tile is one move (written across when it forms an across word);
    each blank designation is a separate move; exchanges are not placements.
    """
    word_set = words if isinstance(words, WordSet) else WordSet(words)
    lexicon, nexts = word_set.words, word_set.nexts
    empty_board = board.is_empty()
    rack_counts = Counter(rack)
    found: set[RefMove] = set()

    for direction in (Direction.ACROSS, Direction.DOWN):
        dr, dc = direction.step
        for lane in range(SIZE):
            for start in range(SIZE):
                r0, c0 = (lane, start) if direction is Direction.ACROSS else (start, lane)
                # A word starts where the square before it is empty or off the board.
                if board.get(r0 - dr, c0 - dc) is not None:
                    continue
                # Every segment from this start, extended one square at a time: each
                # end where the next square is empty is a candidate word.
                squares = [(r0 + i * dr, c0 + i * dc) for i in range(SIZE - start)]
                need = _first_contact(board, squares, min(len(rack), rules.rack_size))
                if need is None:
                    continue
                _extend(
                    board, squares, 0, need, "", [], rack_counts, direction,
                    lexicon, nexts, rules, empty_board, found,
                )  # fmt: skip
    return found


def _first_contact(board: Board, squares: list[tuple[int, int]], tiles: int) -> int | None:
    """Index of the first square a connected word from ``squares[0]`` must reach.

    A necessary condition only (:func:`score_play` decides): a word is connected
    only if it reaches, within its first ``tiles`` empty squares, a tile on the
    board, a square next to one, or the centre on an empty board. ``None`` when
    it cannot. It saves hopeless searches.
    """
    for i, (r, c) in enumerate(squares):
        if board[r, c] is not None:
            return i
        if i >= tiles:  # no tile on the way yet, so i + 1 empty squares
            return None
        if (r, c) == CENTRE:
            return i
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if board.get(r + dr, c + dc) is not None:
                return i
    return None


def _extend(
    board: Board,
    squares: list[tuple[int, int]],
    i: int,
    need: int,
    word: str,
    placed: list[tuple[tuple[int, int], str]],
    rack: Counter[str],
    direction: Direction,
    lexicon: set[str],
    nexts: dict[str, set[str]],
    rules: Rules,
    empty_board: bool,
    found: set[RefMove],
) -> None:
    """Fill ``squares[i]`` (from the board or the rack) and go on to the next square.

    ``word`` is what stands on ``squares[:i]``; only letters that keep it a
    prefix of some word are tried.
    """
    if i == len(squares):
        return
    sq = squares[i]
    follow = nexts.get(word.upper(), set())
    on_board = board[sq]
    options: list[tuple[str, str]] = []  # (rack tile or "" for a board tile, letter)
    if on_board is not None:
        if on_board.upper() in follow:
            options.append(("", on_board))
    elif len(placed) < rules.rack_size:
        for tile in sorted(rack):
            if rack[tile] <= 0:
                continue
            if tile == BLANK:
                options.extend((BLANK, letter.lower()) for letter in sorted(follow))
            elif tile in follow:
                options.append((tile, tile))
    dr, dc = direction.step
    after = board.get(sq[0] + dr, sq[1] + dc)
    for tile, letter in options:
        nxt = word + letter
        if tile:
            cross = _cross_word(board, sq[0], sq[1], letter, direction)
            if cross is not None and cross.upper() not in lexicon:
                continue
            rack[tile] -= 1
            placed.append((sq, letter))
        # The word may end here when the next square is empty or off the board.
        if i >= need and placed and after is None and nxt.upper() in lexicon:
            _accept(board, placed, rules, empty_board, found)
        _extend(board, squares, i + 1, need, nxt, placed, rack, direction,
                lexicon, nexts, rules, empty_board, found)  # fmt: skip
        if tile:
            placed.pop()
            rack[tile] += 1


def _accept(
    board: Board,
    placed: list[tuple[tuple[int, int], str]],
    rules: Rules,
    empty_board: bool,
    found: set[RefMove],
) -> None:
    # Spec rules.md § Placement: a later play touches the board, the first covers
    # H8. Checked here first only to spare score_play the hopeless cases (it
    # checks again); anything it lets through is decided by score_play.
    if empty_board:
        if all(sq != CENTRE for sq, _ in placed):
            return
    elif not any(
        board.get(r + dr, c + dc) is not None
        for (r, c), _ in placed
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
    ):
        return
    try:
        # The canonical written form decides the direction of a single tile.
        play = play_from_tiles(board, placed)
        scored = score_play(board, play, rules)
    except IllegalMoveError:
        return  # not connected / not through the centre: not a legal placement
    if empty_board and len(placed) < rules.first_play_min_tiles:
        return
    found.add(RefMove(play, scored.score, tuple(w.word for w in scored.words)))
