"""Pairing strategies: pure, deterministic functions of the tournament state.

:func:`pair_round` returns the tables of a round as ``(first, second)`` pids,
the first starting and ``second`` ``None`` for the bye. Systems:

* ``roundrobin`` — the MPA appendix tables / the circle method
  (:mod:`plansza.tournament.roundrobin`);
* ``halving`` — "system połówkowy" (pairing-notes.md,
  :mod:`plansza.tournament.halving`): score groups by big
  points ordered by the standings, an odd group takes the top of the next
  group, place *i* of a group of 2k meets place *i+k*; repeats forbidden by
  default (RS §7.5), and when that is impossible the group is widened to 1.5
  points with repeats allowed (RS §7.6);
* ``swiss`` — the same halves, but inside a score group players are ordered
  by seeding number (the Dutch system) rather than by small points;
* ``danish`` — King of the Hill: 1–2, 3–4, … repeats allowed;
* ``mpa`` — the English championship formats (:mod:`plansza.tournament.mpa`).

Where the ideal pairing breaks a rule, one weighted matching (networkx
``max_weight_matching``) picks the pairing with, lexicographically: fewest
repeats ≫ least leaving of score groups ≫ least distance from the ideal
opponents ≫ fewest start conflicts.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from plansza.errors import N_, IllegalActionError
from plansza.tournament import adjustments, mpa, roundrobin
from plansza.tournament.categories import divisions
from plansza.tournament.halving import PairingNotes as PairingNotes
from plansza.tournament.halving import by_standings
from plansza.tournament.halving import ideal as ideal
from plansza.tournament.model import SCHEDULED_BYES as SCHEDULED_BYES
from plansza.tournament.model import State, Table, player_by_seed, seat_present
from plansza.tournament.model import manual as manual
from plansza.tournament.standings import standings


def pair_round(
    state: State, round_no: int | None = None, *, notes: PairingNotes | None = None
) -> list[Table]:
    """The pairing of ``round_no`` (default: the next round) by the declared system.

    Raises :class:`IllegalActionError` when the round cannot be paired now.
    ``notes`` learns what the halving system had to do (RS §7.5–7.6), for
    :func:`explain`.
    """
    n = state.next_round if round_no is None else round_no
    work = copy.deepcopy(state)
    for k in [k for k in work.rounds if k >= n]:
        del work.rounds[k]  # pairing a round again (a manual change) starts from before it
    work.adjustments = {
        pid: [a for a in adjs if a.round < n] for pid, adjs in work.adjustments.items()
    }
    if len(work.active(n)) < 2:
        raise IllegalActionError("too_few", N_("too few players to pair"))
    adjustments.apply_pending(work, n)
    groups = divisions(work)
    if len(groups) < 2:
        return order_tables(work, n, _by_system(work, n, notes))
    # RR §4 "w turniejach dywizyjnych/grupowych w każdej z dywizji/grup": a division
    # plays within itself; each is paired by the system as a tournament of its own,
    # its tables after the previous division's.
    tables: list[Table] = []
    for pids in groups.values():
        sub = _division(work, pids)
        active = sub.active(n)
        if len(active) == 1:
            tables.append((active[0], None))
        elif active:
            tables += order_tables(sub, n, _by_system(sub, n, notes))
    return tables


def _by_system(work: State, n: int, notes: PairingNotes | None) -> list[Table]:
    """The tables of round ``n`` of ``work`` by the declared system, unordered."""
    system = work.settings.system
    if system == "roundrobin":
        return round_robin(work, n)
    if system in ("halving", "swiss", "danish"):
        return by_standings(work, n, system, repeats=work.settings.repeats, notes=notes)
    if system == "mpa":
        return mpa.pair(work, n, notes)
    raise IllegalActionError(
        "manual_system", N_("this tournament is paired by hand: give the pairs with --manual")
    )


def _division(state: State, pids: list[int]) -> State:
    """``state`` cut down to the players ``pids`` and their own games (a division)."""
    chosen = set(pids)
    sub = copy.copy(state)
    sub.players = {pid: p for pid, p in state.players.items() if pid in chosen}
    sub.rounds = {
        k: replace(rnd, pairings=[p for p in rnd.pairings if p.first in chosen], _index=None)
        for k, rnd in state.rounds.items()
    }
    sub.adjustments = {pid: a for pid, a in state.adjustments.items() if pid in chosen}
    sub.penalties = [x for x in state.penalties if x[1] in chosen]
    sub.seeds_kept = None  # the division's own numbers
    return sub


def repeats(state: State, n: int, tables: Sequence[Table]) -> list[tuple[int, int, list[int]]]:
    """The tables of round ``n`` whose players met before: (first, second, rounds)."""
    out = []
    for a, b in tables:
        if b is None:
            continue
        met = [
            k
            for k, rnd in sorted(state.rounds.items())
            if k < n and (p := rnd.pairing_of(a)) is not None and b in p.players()
        ]
        if met:
            out.append((a, b, met))
    return out


def explain(
    state: State, n: int, tables: Sequence[Table], notes: PairingNotes | None
) -> dict[str, Any]:
    """What the log records about a pairing beyond its tables (empty: nothing to say).

    ``repeats``: ``[first, second, [rounds they met]]`` per repeated table;
    ``why``: ``forced`` (no pairing without repeats exists, RS §7.5), ``allowed``
    (the setting or the format), ``manual`` (paired by hand, ``notes`` None);
    ``widened``: the score-group range RS §7.6 widened to.
    """
    again = repeats(state, n, tables)
    if notes is not None:  # by the system: only the repeats the halving made
        wanted = {frozenset(ab) for ab in notes.repeats}
        again = [(a, b, met) for a, b, met in again if frozenset((a, b)) in wanted]
    out: dict[str, Any] = {}
    if notes is not None and notes.widened is not None:
        out["widened"] = notes.widened
    if again:
        out["repeats"] = [[a, b, met] for a, b, met in again]
        if notes is None:
            out["why"] = "manual"
        elif notes.forced:
            out["why"] = "forced"
        else:
            out["why"] = "allowed"
    return out


# Systems whose bye is part of a schedule (each player's turn): RS §7.7 is about
# the halving system's bye, and the MPA scores a bye by its format (MPA 2c i).


def unplayed_bye(state: State, n: int) -> int | None:
    """RS §7.7: the player with the bye of round ``n`` who has not yet played a game
    (always so in round 1), when the referee may correct it by an adjustment instead
    (event ``bye_adjustment``): not in a scheduled system, not in the last round."""
    rnd = state.rounds.get(n)
    if rnd is None or state.settings.system in SCHEDULED_BYES or n >= state.settings.rounds:
        return None
    for p in rnd.pairings:
        if p.second is None and not any(g.kind != "bye" for g in state.games_of(p.first, n - 1)):
            return p.first
    return None


def round_robin(state: State, n: int) -> list[Table]:
    """Round robin by seeding number; an absent player's opponent has the bye."""
    by_seed = player_by_seed(state)
    count = len(by_seed)
    pairs = [
        (by_seed[a], None if b is None else by_seed[b])
        for a, b in roundrobin.round_pairs(count, n, rng_seed=state.settings.seed)
    ]
    return seat_present(state, n, pairs)


def order_tables(state: State, n: int, tables: list[Table]) -> list[Table]:
    """Number tables by the best-placed player at each; the bye last."""
    lines = standings(state, n - 1, final=False)
    place = {s.pid: s.place for s in lines}
    return sorted(
        tables,
        key=lambda t: (t[1] is None, min(place[p] for p in t if p is not None)),
    )


