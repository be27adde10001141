"""The "divide" of a move list: counts per anchor square and direction (for failures)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from plansza.board import CENTRE, Board, square_name
from plansza.movegen.reference import RefMove
from plansza.scoring import resolve


def anchor_of(board: Board, move: RefMove) -> str:
    """The generator's anchor of a move: its first new tile on an anchor square."""
    tiles = resolve(board, move.play)
    empty = board.is_empty()
    for t in tiles:
        if empty:
            if t.square == CENTRE:
                break
        elif any(
            board.get(t.row + dr, t.col + dc) is not None
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
        ):
            break
    else:
        return "?"
    return f"{square_name(t.row, t.col)} {move.play.coordinate.direction.value}"


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
