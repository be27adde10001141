"""Round robin ("każdy z każdym"): the MPA appendix tables and the circle method.

The tables of the English championship document (seed 004, appendix) are
normative for 2–10 players, including who starts: the first number of a pair
starts. For an odd count the player paired with the missing last number has
the bye. Beyond 10 players the circle (Berger) method is used.

>>> schedule(4)[0]
[(1, 4), (2, 3)]
>>> round_pairs(3, 1)
[(1, None), (2, 3)]
>>> round_pairs(4, 4)  # second series: starts swapped (MPA 2a ii)
[(4, 1), (3, 2)]
"""

from __future__ import annotations

import random

# MPA appendix, "Schemat rozstawiania systemem każdy z każdym" (the first starts).
TABLES: dict[int, list[list[tuple[int, int]]]] = {
    2: [[(1, 2)]],
    4: [
        [(1, 4), (2, 3)],
        [(3, 1), (2, 4)],
        [(1, 2), (4, 3)],
    ],
    6: [
        [(1, 6), (2, 3), (4, 5)],
        [(5, 1), (4, 2), (3, 6)],
        [(1, 4), (6, 2), (5, 3)],
        [(3, 1), (2, 5), (6, 4)],
        [(1, 2), (3, 4), (5, 6)],
    ],
    8: [
        [(8, 1), (7, 2), (6, 3), (5, 4)],
        [(1, 7), (2, 8), (3, 5), (4, 6)],
        [(6, 1), (5, 2), (8, 3), (7, 4)],
        [(1, 5), (2, 6), (3, 7), (4, 8)],
        [(4, 1), (3, 2), (8, 5), (7, 6)],
        [(1, 3), (2, 4), (5, 7), (6, 8)],
        [(2, 1), (4, 3), (6, 5), (8, 7)],
    ],
    10: [
        [(1, 10), (2, 7), (3, 6), (4, 8), (5, 9)],
        [(9, 1), (10, 2), (5, 3), (7, 4), (8, 6)],
        [(1, 8), (2, 9), (3, 10), (4, 5), (6, 7)],
        [(7, 1), (8, 2), (9, 3), (6, 4), (5, 10)],
        [(1, 6), (2, 5), (3, 8), (4, 9), (10, 7)],
        [(5, 1), (6, 2), (7, 3), (10, 4), (8, 9)],
        [(1, 4), (2, 3), (5, 8), (6, 10), (9, 7)],
        [(3, 1), (4, 2), (7, 5), (9, 6), (8, 10)],
        [(1, 2), (3, 4), (6, 5), (8, 7), (10, 9)],
    ],
}


def slots(n: int) -> int:
    """The even table size used for ``n`` players (odd counts get a phantom)."""
    return n + (n % 2)


def circle(n: int) -> list[list[tuple[int, int]]]:
    """The circle (Berger) method for an even ``n``; starts balanced.

    Player ``n`` stays in the centre and meets the player at the head of the
    rotating circle; the others pair across the circle. The centre player
    alternates starting; across the circle the start alternates by table, so
    every player starts ``(n-1)//2`` or ``(n-1)//2 + 1`` games.

    >>> circle(4)
    [[(1, 4), (2, 3)], [(4, 2), (3, 1)], [(3, 4), (1, 2)]]
    """
    if n % 2:
        raise ValueError("circle() needs an even number of slots")
    rounds: list[list[tuple[int, int]]] = []
    for r in range(n - 1):
        pairs = [(r + 1, n) if r % 2 == 0 else (n, r + 1)]
        for i in range(1, n // 2):
            a, b = (r + i) % (n - 1) + 1, (r - i) % (n - 1) + 1
            pairs.append((a, b) if i % 2 == 1 else (b, a))
        rounds.append(pairs)
    return rounds


def schedule(n: int) -> list[list[tuple[int, int]]]:
    """One series for ``n`` players (phantom included): the MPA table or the circle."""
    m = slots(n)
    if m in TABLES:
        return TABLES[m]
    return circle(m)


def round_pairs(
    n: int,
    round_no: int,
    *,
    rng_seed: int | None = None,
    drawn_series: frozenset[int] = frozenset(),
) -> list[tuple[int, int | None]]:
    """Pairs of seeding numbers for ``round_no`` of a repeated round robin.

    Series 1, 3, … follow the table; series 2, 4, … swap who starts
    (MPA 2a, appendix). In a series listed in ``drawn_series`` who starts is
    drawn with ``rng_seed``. The partner of a phantom number gets the bye
    (``None``), listed first in its place.
    """
    sched = schedule(n)
    series, idx = divmod(round_no - 1, len(sched))
    out: list[tuple[int, int | None]] = []
    rng = random.Random(f"{rng_seed}:{round_no}")
    for a, b in sched[idx]:
        if series + 1 in drawn_series:
            if rng.random() < 0.5:
                a, b = b, a
        elif series % 2 == 1:
            a, b = b, a
        if b > n:
            out.append((a, None))
        elif a > n:
            out.append((b, None))
        else:
            out.append((a, b))
    return out
