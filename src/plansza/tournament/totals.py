"""Totals per player and their order by a chain of criteria (RR §4; MPA 2d, 2e).

The arithmetic under :mod:`plansza.tournament.standings`, which adds the rules
about adjustments and the MPA split. Adjustments (RS §7.2–7.3) are computed from
these totals, and the standings apply them, so this module is below both.

>>> from plansza.tournament.model import State, Settings, Pairing, Result, Round
>>> s = State(Settings(name="T", rounds=6, system="halving"))
>>> a, b = s.add_player("A"), s.add_player("B")
>>> s.rounds[1] = Round(1, [Pairing(1, a, b, Result(350, 400))])
>>> [(r.name, r.big_points) for r in rank(s, list(totals(s).values()), ["big_points"])]
[('B', 1.0), ('A', 0.0)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from plansza.tournament.model import State, TournamentGame, seeds


@dataclass
class Standing:
    """One line of the standings; ``adjusted`` marks RS §7.2 points included."""

    place: int
    pid: int
    seed: int
    name: str
    big_points: float
    small_points: int
    against: int
    games: int
    byes: int = 0
    adjusted: bool = False
    group: int = 0
    excluded_small: int = 0
    excluded_spread: int = 0
    # out of the tournament (TR 6.3.4, TR 7.1, RS §7.2): TournamentPlayer.left
    left: tuple[str, int] | None = None
    detail: list[TournamentGame] = field(default_factory=list, repr=False)

    @property
    def spread(self) -> int:
        """Small points scored minus conceded."""
        return self.small_points - self.against

    def as_json(self) -> dict[str, object]:
        """The JSON shape of ``standings --json``."""
        bp: float | int = int(self.big_points) if self.big_points.is_integer() else self.big_points
        return {
            "place": self.place,
            "seed": self.seed,
            "name": self.name,
            "big_points": bp,
            "small_points": self.small_points,
            "spread": self.spread,
            "games": self.games,
            "status": None if self.left is None else self.left[0],
            "since_round": None if self.left is None else self.left[1],
        }


def totals(
    state: State, upto: int | None = None, *, adjustments: bool = True, final: bool = False
) -> dict[int, Standing]:
    """Totals of every player over rounds ≤ ``upto`` (all rounds when ``None``).

    Adjustments (RS §7.2) count when ``adjustments`` and the player joined by
    the round after ``upto``. In the ``final`` classification an excluded
    player's wins and draws are void (TR 7.1).
    """
    sd = seeds(state)
    last = state.last_round if upto is None else upto
    out: dict[int, Standing] = {}
    bye_bp = state.settings.bye_big_points
    for pid, p in state.players.items():
        games = state.games_of(pid, last)
        st = Standing(0, pid, sd[pid], p.name, 0.0, 0, 0, 0, detail=games)
        for g in games:
            if g.kind == "bye":
                st.big_points += bye_bp
                st.byes += 1
            else:
                if not (final and p.excluded):
                    st.big_points += g.big_points
                if g.kind != "forfeit":  # nobody played: not a game
                    st.games += 1
            st.small_points += g.score
            st.against += g.opp_score
        if adjustments:
            for adj in state.adjustments.get(pid, []):
                if adj.round <= last + 1:
                    st.big_points += adj.big_points
                    st.small_points += adj.small_points
                    st.against -= adj.spread - adj.small_points
                    st.adjusted = True
        out[pid] = st
    return out


def _value(st: Standing, crit: str, exclude: bool) -> float:
    if crit == "big_points":
        return st.big_points
    if crit == "small_points":
        return st.small_points - (st.excluded_small if exclude else 0)
    if crit == "spread":
        return st.spread - (st.excluded_spread if exclude else 0)
    if crit == "games":
        return st.games
    raise ValueError(f"unknown criterion {crit!r}")


def _h2h(lines: list[Standing]) -> dict[int, float] | None:
    """MPA 2e v: big points among the tied; None when the rule does not apply."""
    ids = {s.pid for s in lines}
    pts = {s.pid: 0.0 for s in lines}
    count = {s.pid: 0 for s in lines}
    for s in lines:
        for g in s.detail:
            if g.opponent in ids and g.kind != "bye":
                pts[s.pid] += g.big_points
                count[s.pid] += 1
    if len(lines) >= 3 and len(set(count.values())) > 1:
        return None
    return pts


def rank(
    state: State,
    lines: Sequence[Standing],
    chain: Sequence[str],
    exclude: bool = False,
) -> list[Standing]:
    """Sort ``lines`` by ``chain``; ``exclude`` applies MPA 2e viii amounts."""
    lot = list(state.players)
    random.Random(state.settings.seed).shuffle(lot)
    lot_pos = {pid: i for i, pid in enumerate(lot)}

    def split(group: list[Standing], crits: Sequence[str]) -> list[Standing]:
        if len(group) <= 1 or not crits:
            return sorted(group, key=lambda s: s.seed)
        crit, rest = crits[0], crits[1:]
        if crit == "lot":
            return sorted(group, key=lambda s: lot_pos[s.pid])
        if crit == "head_to_head":
            h = _h2h(group)
            if h is None:
                return split(group, rest)
            keyf = {s.pid: h[s.pid] for s in group}
        else:
            keyf = {s.pid: _value(s, crit, exclude) for s in group}
        out: list[Standing] = []
        for v in sorted(set(keyf.values()), reverse=True):
            out.extend(split([s for s in group if keyf[s.pid] == v], rest))
        return out

    groups = sorted({s.group for s in lines})
    result: list[Standing] = []
    for g in groups:  # MPA 2e vii: the lower group ranks after the upper whatever its points
        result.extend(split([s for s in lines if s.group == g], list(chain)))
    return result
