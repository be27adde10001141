"""Standings: totals per player and the tournament's chain of criteria.

A chain is a tuple of criterion names applied in order (RR §4; MPA 2d, 2e):

* ``big_points`` — win 1, draw ½ (a bye: the tournament's setting);
* ``small_points`` — the sum of one's own scores;
* ``spread`` — scored minus conceded;
* ``games`` — games played, most first (MPA 2e ii);
* ``head_to_head`` — big points in the games among the tied players (MPA 2e v:
  for three or more only when each played the same number of those games);
* ``lot`` — a draw with the tournament's seed (MPA 2e vi).

Ties left after the chain keep seeding order (a listing must be total).

>>> from plansza.tournament.model import State, Settings, Pairing, Result, Round
>>> s = State(Settings(name="T", rounds=6, system="halving"))
>>> a, b = s.add_player("A"), s.add_player("B")
>>> s.rounds[1] = Round(1, [Pairing(1, a, b, Result(400, 350))])
>>> [(r.name, r.big_points, r.spread) for r in standings(s)]
[('A', 1.0, 50), ('B', 0.0, -50)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from plansza.tournament.model import Game, State, seeds


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
    detail: list[Game] = field(default_factory=list, repr=False)

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


def _best_wins(st: Standing, n: int) -> tuple[int, int]:
    """MPA 2e viii: spread of the n wins with the highest spread; sum of the n
    wins with the highest own score (each chosen separately)."""
    wins = [g for g in st.detail if g.kind != "bye" and g.score > g.opp_score]
    by_spread = sorted((g.score - g.opp_score for g in wins), reverse=True)[:n]
    by_total = sorted((g.score for g in wins), reverse=True)[:n]
    return sum(by_total), sum(by_spread)


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


def standings(
    state: State,
    after_round: int | None = None,
    *,
    final: bool | None = None,
    groups: dict[int, int] | None = None,
) -> list[Standing]:
    """The standings after ``after_round`` (default: the last round with results).

    ``final`` (default: the tournament is finished and this is its last round)
    uses ``final_criteria``, removes every adjustment (RS §7.3) and applies the
    MPA exclusion of the best wins when set. Two rounds before the end,
    adjustments above the line are cut (RS §7.3, see :mod:`adjustments`).
    ``groups`` maps pid → group index for split formats (MPA 2e vii); for an
    MPA tournament it defaults to the split the format made.
    """
    from plansza.tournament import adjustments as adj_mod

    s = state.settings
    last = after_round if after_round is not None else _last_with_results(state)
    if final is None:
        final = state.finished and last >= state.last_round
    lines = totals(state, last, adjustments=not final, final=final)
    if not final and state.adjustments:
        adj_mod.apply_removal(state, last, lines)
    if groups is None and s.system == "mpa":
        from plansza.tournament import mpa

        groups = mpa.groups(state, last)  # MPA 2e vii: the split ranks groups apart
    if groups:
        for pid, g in groups.items():
            lines[pid].group = g
    chain = (s.final_criteria or s.criteria) if final else s.criteria
    present = list(lines.values())
    ordered = rank(state, present, chain)
    if final and s.exclude_best_wins:
        cut = min(s.exclude_best_places, len(ordered))
        if cut:
            fourth_bp = ordered[cut - 1].big_points
            for i, st in enumerate(ordered):
                if i < cut or st.big_points == fourth_bp:
                    st.excluded_small, st.excluded_spread = _best_wins(st, s.exclude_best_wins)
            ordered = rank(state, present, chain, exclude=True)
    for i, st in enumerate(ordered, 1):
        st.place = i
    return ordered


def _last_with_results(state: State) -> int:
    last = 0
    for n in sorted(state.rounds):
        if state.rounds[n].complete:
            last = n
        else:
            break
    return last


def team_standings(
    state: State, after_round: int | None = None, team_size: int | None = None
) -> list[dict[str, object]]:
    """SCH: the school (team) classification — players grouped by ``club``.

    The document does not define it; the natural reading (tournament.md) is
    the sum of the team's big points, then of small points, then spread. With
    ``team_size`` (setting; 0 = all) only the team's best players count.
    """
    size = state.settings.team_size if team_size is None else team_size
    lines = standings(state, after_round)
    teams: dict[str, list[Standing]] = {}
    for st in lines:
        club = state.players[st.pid].club
        if club:
            teams.setdefault(club, []).append(st)
    from plansza.tiles import polish_collation_key

    totals_by_team: list[tuple[float, int, int, str, list[str]]] = []
    for club, members in teams.items():
        counted = members[:size] if size else members
        totals_by_team.append((
            sum(m.big_points for m in counted),
            sum(m.small_points for m in counted),
            sum(m.spread for m in counted),
            club,
            [m.name for m in counted],
        ))
    totals_by_team.sort(key=lambda t: polish_collation_key(t[3]))
    totals_by_team.sort(key=lambda t: (t[0], t[1], t[2]), reverse=True)  # stable: ties by name
    rows: list[dict[str, object]] = [
        {"place": i, "team": club, "big_points": bp, "small_points": sp, "spread": spread,
         "players": names}
        for i, (bp, sp, spread, club, names) in enumerate(totals_by_team, 1)
    ]
    return rows
