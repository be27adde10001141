"""A line chart's geometry for the pages that draw one as SVG (a rating's history).

The server draws charts: no script, nothing from elsewhere, and a chart of thousands
of games stays small — :func:`line_chart` keeps at most ``most`` points (in each
slice of the series its lowest and highest, so a dip or a peak is never smoothed
away) and rounds the coordinates to whole pixels.

>>> c = line_chart([1500, 1532, 1510, 1560], width=300, height=120)
>>> c.points
'40,112 127,68 213,98 300,29'
>>> [label for _, label in c.ticks]
['1500', '1525', '1550', '1575']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

#: The left margin for the scale's labels, and the top and bottom margins.
LEFT, TOP, BOTTOM = 40, 8, 8
#: The scale's steps, the smallest first: the first that gives at most 6 lines is used.
STEPS = (5, 10, 25, 50, 100, 200, 250, 500, 1000)


@dataclass(frozen=True)
class Chart:
    """An SVG polyline's ``points`` in a ``width`` × ``height`` box, the horizontal
    lines of its scale (``ticks``: y and label), and the series' first, last, lowest
    and highest values (for the chart's text alternative)."""

    width: int
    height: int
    points: str
    ticks: tuple[tuple[int, str], ...]
    first: float
    last: float
    low: float
    high: float
    count: int


def thinned(values: Sequence[float], most: int) -> list[tuple[int, float]]:
    """``values`` with their indexes, at most ``most`` of them (≥ 4): the first, the
    last, and each slice's lowest and highest in between, in order.

    >>> thinned([1, 9, 2, 8, 3, 7, 4, 6, 5], 4)
    [(0, 1), (1, 9), (2, 2), (8, 5)]
    """
    n = len(values)
    if n <= most:
        return list(enumerate(values))
    inner = max(1, (most - 2) // 2)
    kept: dict[int, float] = {0: values[0], n - 1: values[-1]}
    size = (n - 2) / inner
    for k in range(inner):
        lo, hi = 1 + int(k * size), 1 + int((k + 1) * size)
        chunk = range(lo, max(lo + 1, min(hi, n - 1)))
        low = min(chunk, key=lambda i: values[i])
        high = max(chunk, key=lambda i: values[i])
        kept[low], kept[high] = values[low], values[high]
    return sorted(kept.items())[: max(most, 4)]


def line_chart(
    values: Sequence[float], *, width: int = 600, height: int = 200, most: int = 400
) -> Chart:
    """The chart of ``values`` (oldest first; at least one) drawn left to right."""
    if not values:
        raise ValueError("a chart needs at least one value")
    low, high = min(values), max(values)
    step = next((s for s in STEPS if (high - low) / s <= 5), STEPS[-1])
    bottom = (low // step) * step
    top = max(bottom + step, -(-high // step) * step)
    inner_w, inner_h = width - LEFT, height - TOP - BOTTOM

    def y(v: float) -> int:
        return round(TOP + inner_h * (top - v) / (top - bottom))

    kept = thinned(values, most)
    last = max(1, len(values) - 1)
    points = " ".join(f"{round(LEFT + inner_w * i / last)},{y(v)}" for i, v in kept)
    ticks = []
    v = bottom
    while v <= top:
        ticks.append((y(v), f"{v:.0f}"))
        v += step
    return Chart(width, height, points, tuple(ticks), values[0], values[-1], low, high, len(values))
