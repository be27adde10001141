"""The English championship formats (MPA 2a), by number of players.

* 2 players: 15 × round robin (starts alternate; the 15th drawn);
* 3–4: 5 ×; 5–6: 3 × (second series swaps starts; the last series draws who
  starts and is numbered by the places after the previous series);
* 7–8: 2 × with an extra round 1-4, 2-5, 3-6, 7-8 after the first series; the
  second series swaps starts and is numbered by the places after the extra round;
* 9–10: once, the extra round 1-4, 2-5, 3-6, 7-8, 9-10, then a split: the top
  six play a round robin again (numbered by places), the rest the halving
  system with repeats;
* over 10: 8 rounds of halving without repeats, then the top eight play a
  round robin (the starter named second, MPA appendix), the others 7 rounds
  of halving with repeats.

Numbers in an extra round or a later series are places in the standings
(MPA 2d chain) after the stated round.
"""

from __future__ import annotations

import math

from plansza.tournament import roundrobin
from plansza.tournament.halving import PairingNotes, by_standings, who_starts
from plansza.tournament.model import State, Table, player_by_seed, seat_present
from plansza.tournament.standings import split_groups, split_round, standings

# MPA 2e vii: which players the split put in the upper group. Decided by the
# standings after the split round, and part of every later standings, so it is
# computed in plansza.tournament.standings; the MPA pairing and the reports ask here.
groups = split_groups

EXTRA = [(1, 4), (2, 5), (3, 6), (7, 8), (9, 10)]  # MPA 2a iv-v


def _places(state: State, after: int, among: list[int] | None = None) -> list[int]:
    order = [s.pid for s in standings(state, after, final=False)]
    return [p for p in order if among is None or p in among]


def _by_numbers(
    state: State, n: int, numbering: list[int], pairs: list[tuple[int, int | None]]
) -> list[Table]:
    mapped = [
        (numbering[a - 1], None if b is None or b > len(numbering) else numbering[b - 1])
        for a, b in pairs
    ]
    return seat_present(state, n, mapped)


def pair(state: State, n: int, notes: PairingNotes | None = None) -> list[Table]:
    """The MPA pairing of round ``n`` (MPA 2a and the appendix); ``notes`` as in
    :func:`plansza.tournament.halving.by_standings` for its halving rounds."""
    seeds = player_by_seed(state)
    count = len(seeds)
    by_seed = [seeds[i] for i in range(1, count + 1)]
    rng = state.settings.seed
    if count <= 6:
        length = len(roundrobin.schedule(count))
        total = math.ceil(state.settings.rounds / length)
        series = (n - 1) // length + 1
        drawn = frozenset({total}) if total > 1 and total % 2 == 1 else frozenset()
        numbering = by_seed
        if series == total and count > 2 and total > 1:
            numbering = _places(state, (total - 1) * length)
        pairs = roundrobin.round_pairs(count, n, rng_seed=rng, drawn_series=drawn)
        return _by_numbers(state, n, numbering, pairs)
    if count <= 8:
        if n <= 7:
            return _by_numbers(state, n, by_seed, roundrobin.round_pairs(count, n))
        if n == 8:
            return _extra(state, n, count)
        numbering = _places(state, 8)
        return _by_numbers(state, n, numbering, roundrobin.round_pairs(count, n - 8 + 7))
    cut = split_round(count)
    assert cut is not None
    if count <= 10:
        if n <= 9:
            return _by_numbers(state, n, by_seed, roundrobin.round_pairs(count, n))
        if n == 10:
            return _extra(state, n, count)
        # the top six after the extra round, numbered by their places after the
        # first series (MPA appendix, 5–6 table: "według miejsc zajętych po pierwszej serii")
        six = set(_places(state, cut)[:6])
        upper = _places(state, cut - 1, among=list(six))
        rr = roundrobin.round_pairs(6, n - cut)
    else:
        if n <= cut:
            return by_standings(state, n, "halving", repeats=False, notes=notes)
        upper = _places(state, cut)[:8]
        # MPA appendix (2 a.vi): "rozpoczynający na drugim miejscu" — the second named starts
        rr = [(b, a) if b is not None else (a, b) for a, b in roundrobin.round_pairs(8, n - cut)]
    tables = _by_numbers(state, n, upper, rr)
    lower = set(state.players) - set(upper)
    tables += by_standings(state, n, "halving", repeats=True, only=lower, notes=notes)
    return tables


def _extra(state: State, n: int, count: int) -> list[Table]:
    """MPA 2a iv–v: the extra round 1-4, 2-5, 3-6, 7-8 (, 9-10) by places."""
    order = _places(state, n - 1)
    place = {pid: i for i, pid in enumerate(order)}
    out: list[Table] = []
    for a, b in EXTRA:
        if a > count:
            break
        pa = order[a - 1]
        pb = order[b - 1] if b <= count else None
        if pb is None or not state.players[pb].active_in(n):
            out.append((pa, None))
        elif not state.players[pa].active_in(n):
            out.append((pb, None))
        else:
            out.append(who_starts(state, pa, pb, n, place))
    return out
