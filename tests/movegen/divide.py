"""The "divide" of a move list: counts per anchor square and direction (for failures)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from plansza.board import Board, Direction, square_name
from plansza.moves import Play
from twins.movegen import RefMove


def generator_anchor(
    board: Board, play: Play, *, rightmost: bool = False
) -> tuple[int, int, int]:
    """``(direction, lane, index)`` of the anchor the generator finds ``play`` from.

    In the play's lane, anchors are the last tile of each run of tiles and each
    empty square with no tile beside it in the lane but one across it (the centre
    on an empty board); listing all moves, a play is found from the leftmost anchor
    it covers, in a top-N search from the rightmost.
    """
    across = play.coordinate.direction is Direction.ACROSS
    d = 0 if across else 1
    lane = play.coordinate.row if across else play.coordinate.col
    start = play.coordinate.col if across else play.coordinate.row

    def cell(i: int) -> str | None:
        return board.get(lane, i) if across else board.get(i, lane)

    def crossed(i: int) -> bool:
        r, c = (lane, i) if across else (i, lane)
        dr, dc = (1, 0) if across else (0, 1)
        return board.get(r - dr, c - dc) is not None or board.get(r + dr, c + dc) is not None

    indices = range(start, start + len(play.word))
    for i in reversed(indices) if rightmost else indices:
        if board.is_empty():
            if (lane, i) == (7, 7):
                return (d, lane, i)
        elif cell(i) is not None:
            if cell(i + 1) is None:
                return (d, lane, i)
        elif cell(i - 1) is None and cell(i + 1) is None and crossed(i):
            return (d, lane, i)
    raise AssertionError(f"{play} covers no anchor")


def anchor_of(board: Board, move: RefMove) -> str:
    """The anchor as a square name and direction, for the divide."""
    d, lane, i = generator_anchor(board, move.play)
    r, c = (lane, i) if d == 0 else (i, lane)
    return f"{square_name(r, c)} {'across' if d == 0 else 'down'}"


def divide(board: Board, moves: Iterable[RefMove]) -> Counter[str]:
    return Counter(anchor_of(board, m) for m in moves)


def divide_report(board: Board, fast: set[RefMove], slow: set[RefMove]) -> str:
    """Where the two generators differ: per anchor and direction, then a few moves."""
    df, ds = divide(board, fast), divide(board, slow)
    lines = [f"position {board.cgp()}", "anchor/direction   fast  slow"]
    for key in sorted(set(df) | set(ds)):
        mark = "" if df[key] == ds[key] else "   <--"
        lines.append(f"{key:<18} {df[key]:>5} {ds[key]:>5}{mark}")
    only_fast = sorted(str(m) for m in fast - slow)[:10]
    only_slow = sorted(str(m) for m in slow - fast)[:10]
    lines.append(f"only fast: {only_fast}")
    lines.append(f"only slow: {only_slow}")
    return "\n".join(lines)
