"""The classification table: after a move, for a game, for the championship (II.15, II.16).

The place comes from the sum of points (II.15). Equal sums are ordered by the
best single move, then the second best, and so on (II.16) — over the games
counted (one game for a game's table, all three for the championship). Players
still equal share the place (ex aequo); prizes between them go by lot (II.16),
which :func:`draw_lots` draws and the championship records.

>>> rows = rank_rows([("A", [30, 10, 5]), ("B", [20, 20, 5]), ("C", [30, 5, 10])], {})
>>> [(r.place, r.key, r.total, r.shared) for r in rows]
[(1, 'A', 45, True), (1, 'C', 45, True), (3, 'B', 45, False)]
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from plansza.duplicate.game import Championship, DuplicateGame, DuplicatePlayer
from plansza.duplicate.messages import refuse
from plansza.tiles import polish_collation_key

K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Ranked(Generic[K]):
    """One ranked entry: its place, total and the move scores best first."""

    place: int
    key: K
    total: int
    best: tuple[int, ...]
    #: The place is shared with another entry (II.16: ex aequo).
    shared: bool
    #: The lot drawn within a shared place, when drawn.
    lot: int | None


def rank_rows(
    entries: Sequence[tuple[K, Sequence[int]]], lots: dict[K, int], name: dict[K, str] | None = None
) -> list[Ranked[K]]:
    """Order entries by total, then best move, second best, … (II.15, II.16).

    Entries equal on all of that share a place; within it a drawn lot orders
    them, else the name in Polish alphabetical order (display only).
    """

    def tiebreak(scores: Sequence[int]) -> tuple[int, ...]:
        return tuple(sorted(scores, reverse=True))

    length = max((len(s) for _, s in entries), default=0)
    keyed = []
    for key, scores in entries:
        best = tiebreak(scores)
        padded = best + (0,) * (length - len(best))  # a move not played counts as 0
        keyed.append((key, sum(scores), best, padded))

    def order(item: tuple[K, int, tuple[int, ...], tuple[int, ...]]) -> tuple[object, ...]:
        key, total, _, padded = item
        label = name.get(key, str(key)) if name else str(key)
        return (-total, tuple(-s for s in padded), lots.get(key, 0), polish_collation_key(label))

    keyed.sort(key=order)
    rows: list[Ranked[K]] = []
    for i, (key, total, best, padded) in enumerate(keyed):
        same_as_prev = i > 0 and (keyed[i - 1][1], keyed[i - 1][3]) == (total, padded)
        same_as_next = i + 1 < len(keyed) and (keyed[i + 1][1], keyed[i + 1][3]) == (total, padded)
        place = rows[-1].place if same_as_prev else i + 1
        rows.append(Ranked(place, key, total, best, same_as_prev or same_as_next, lots.get(key)))
    return rows


@dataclass(frozen=True)
class Row:
    """A line of a classification table."""

    place: int
    player: DuplicatePlayer
    total: int
    #: Points move by move (a game) or game by game (the championship).
    scores: tuple[int, ...]
    #: Every move's points, best first (the II.16 tie-break).
    best: tuple[int, ...]
    shared: bool
    lot: int | None
    #: Percentage of the top moves' total (how duplicate players compare).
    percent: float


def top_total(game: DuplicateGame, upto: int | None = None) -> int:
    """The sum of the winning moves' scores (the maximum a player could make)."""
    return sum(
        m.choice.candidate.score
        for m in game.moves
        if m.choice is not None and (upto is None or m.number <= upto)
    )


def _moves_of(ch: Championship, game: DuplicateGame, player: int, upto: int | None) -> list[int]:
    return [
        ch.awarded(player, game, m).score for m in game.moves if upto is None or m.number <= upto
    ]


def game_table(ch: Championship, game_no: int | None = None, upto: int | None = None) -> list[Row]:
    """The game's classification after move ``upto`` (all moves so far by default)."""
    game = ch.game if game_no is None else ch.find_game(game_no)
    per_player = {p: _moves_of(ch, game, p, upto) for p in ch.players}
    top = top_total(game, upto)
    names = {n: p.name for n, p in ch.players.items()}
    ranked = rank_rows(list(per_player.items()), {}, names)
    return [
        Row(
            r.place,
            ch.players[r.key],
            r.total,
            tuple(per_player[r.key]),
            r.best,
            r.shared,
            None,
            100.0 * r.total / top if top else 0.0,
        )
        for r in ranked
    ]


def championship_table(ch: Championship) -> list[Row]:
    """The championship's classification over every game (II.15, II.16)."""
    per_game = {p: [sum(_moves_of(ch, g, p, None)) for g in ch.games] for p in ch.players}
    every_move = {p: [s for g in ch.games for s in _moves_of(ch, g, p, None)] for p in ch.players}
    top = sum(top_total(g) for g in ch.games)
    names = {n: p.name for n, p in ch.players.items()}
    ranked = rank_rows(list(every_move.items()), ch.lots, names)
    return [
        Row(
            r.place,
            ch.players[r.key],
            r.total,
            tuple(per_game[r.key]),
            r.best,
            r.shared,
            r.lot,
            100.0 * r.total / top if top else 0.0,
        )
        for r in ranked
    ]


def draw_lots(ch: Championship) -> dict[int, list[int]]:
    """Draw lots within every shared place of the championship table (II.16).

    Returns ``place → players in the drawn order``; the lots are recorded in
    ``ch.lots`` (a place already drawn keeps its lots). The random source is the
    championship's seed.
    """
    rows = championship_table(ch)
    groups: dict[int, list[int]] = {}
    for row in rows:
        if row.shared:
            groups.setdefault(row.place, []).append(row.player.number)
    fresh = {place: ps for place, ps in groups.items() if not all(p in ch.lots for p in ps)}
    if not fresh:
        raise refuse("no_ties")
    drawn: dict[int, list[int]] = {}
    for place, players in sorted(fresh.items()):
        order = sorted(players)
        random.Random(f"{ch.seed}/lots/{place}/{','.join(map(str, order))}").shuffle(order)
        for i, p in enumerate(order, 1):
            ch.lots[p] = i
        drawn[place] = order
    return drawn
