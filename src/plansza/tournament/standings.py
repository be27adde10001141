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

from plansza.tournament.adjustments import apply_removal
from plansza.tournament.model import State, school_key
from plansza.tournament.totals import Standing as Standing
from plansza.tournament.totals import rank as rank
from plansza.tournament.totals import totals as totals


def _best_wins(st: Standing, n: int) -> tuple[int, int]:
    """MPA 2e viii: spread of the n wins with the highest spread; sum of the n
    wins with the highest own score (each chosen separately)."""
    wins = [g for g in st.detail if g.kind != "bye" and g.score > g.opp_score]
    by_spread = sorted((g.score - g.opp_score for g in wins), reverse=True)[:n]
    by_total = sorted((g.score for g in wins), reverse=True)[:n]
    return sum(by_total), sum(by_spread)


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
    s = state.settings
    last = after_round if after_round is not None else _last_with_results(state)
    if final is None:
        final = state.finished and last >= state.last_round
    lines = totals(state, last, adjustments=not final, final=final)
    if not final and state.adjustments:
        apply_removal(state, last, lines)
    if groups is None and s.system == "mpa":
        groups = split_groups(state, last)  # MPA 2e vii: the split ranks groups apart
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
        st.left = state.players[st.pid].left(last)  # TR 6.3.4, TR 7.1: marked, not moved
    return ordered


# The MPA split lives here rather than in plansza.tournament.mpa: the groups are
# chosen by the standings after the split round, and every later standings ranks
# them apart (MPA 2e vii), so each needs the other.
def split_round(count: int) -> int | None:
    """MPA 2a: the last round before the split into two groups (None: no split).

    >>> split_round(8), split_round(10), split_round(24)
    (None, 10, 8)
    """
    if count <= 8:
        return None
    return 10 if count <= 10 else 8


def split_groups(state: State, after_round: int | None = None) -> dict[int, int] | None:
    """MPA 2e vii: pid → 0 (upper group) / 1 (lower) once the split happened."""
    if state.settings.system != "mpa":
        return None
    cut = split_round(len(state.players))
    last = state.last_round if after_round is None else after_round
    if cut is None or last <= cut:
        return None
    size = 6 if len(state.players) <= 10 else 8
    upper = {s.pid for s in standings(state, cut, final=False)[:size]}
    return {pid: 0 if pid in upper else 1 for pid in state.players}


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
    ``team_size`` (setting; 0 = all) only the team's best players count. Big
    points are the standings' own, so a tie won on the last move (SCH) counts 1.
    """
    size = state.settings.team_size if team_size is None else team_size
    lines = standings(state, after_round)
    teams: dict[str, list[Standing]] = {}
    spelling: dict[str, str] = {}  # a school as first registered ("SP 1" and "sp 1" are one)
    for pid in sorted(state.players):
        club = state.players[pid].club
        if club.strip():
            spelling.setdefault(school_key(club), " ".join(club.split()))
    for st in lines:
        club = state.players[st.pid].club
        if club.strip():
            teams.setdefault(spelling[school_key(club)], []).append(st)
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
