"""Random referee sessions: whatever sequence of actions, the log replays to the
running state, refused actions change nothing, and every paired round seats
every active player exactly once."""

from __future__ import annotations

import contextlib
import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from plansza.errors import PlanszaError
from plansza.records import dump
from plansza.tournament import tsh
from plansza.tournament.events import Event, replay
from plansza.tournament.model import State
from plansza.tournament.pairing import pair_round
from plansza.tournament.standings import standings, totals

from .helpers import Log
from .helpers import settings as make_settings

SYSTEMS = ["halving", "swiss", "danish", "roundrobin", "mpa"]


def act(log: Log, rng: random.Random) -> None:
    """One random referee action (possibly an invalid one)."""
    s = log.state
    n = s.last_round
    pids = [*s.players, 999]
    choice = rng.random()
    if choice < 0.25 and (n == 0 or s.rounds[n].complete) and n < s.settings.rounds:
        tables = pair_round(s, n + 1)
        log.add("paired", round=n + 1, tables=[list(t) for t in tables])
    elif choice < 0.6 and n:
        tables = [p for p in s.rounds[n].pairings if p.second is not None]
        open_ = [p for p in tables if p.result is None]
        pool = open_ if open_ and rng.random() < 0.85 else tables  # mostly new results
        p = rng.choice(pool) if pool else None
        if p is None:
            return
        kind = rng.choice(["result", "result", "result", "walkover", "forfeit", "correct"])
        if kind == "walkover":
            log.add("walkover", round=n, winner=p.first, loser=p.second)
        elif kind == "forfeit":
            log.add("forfeit", round=n, a=p.first, b=p.second)
        else:
            log.add(kind, round=n, a=p.first, sa=rng.randint(-10, 600), b=p.second,
                    sb=rng.randint(0, 600))
    elif choice < 0.64 and n:
        # a manual change of the last round: a random seating (refused once results exist)
        seat = list(s.active(n))
        rng.shuffle(seat)
        tables = [[seat[i], seat[i + 1] if i + 1 < len(seat) else None]
                  for i in range(0, len(seat), 2)]
        log.add("paired", round=n, tables=tables, method="manual")
    elif choice < 0.68:
        log.add("penalty", round=max(n, 1), player=rng.choice(pids),
                points=rng.choice([5, 10, 7, 0]))
    elif choice < 0.76:
        log.add("withdraw", player=rng.choice(pids), round=n + 1)
    elif choice < 0.84:
        log.add("return", player=rng.choice(pids), round=n + 1)
    elif choice < 0.92:
        log.add("player_added", name=f"Late {len(s.players)}", ranking=rng.choice([None, 140]))
    else:
        log.events.append(Event(len(log.events) + 1, "undo", {}, "u"))
        log.state = replay(log.events)


@settings(max_examples=40)
@given(st.sampled_from(SYSTEMS), st.integers(2, 11), st.integers(0, 10**6))
def test_random_sessions_keep_the_log_and_the_state_in_step(system: str, n: int,
                                                            seed: int) -> None:
    rng = random.Random(seed)
    log = Log(make_settings(system, 15 if system == "mpa" else 6))
    for i in range(n):
        log.player(f"P{i:02d}", rng.choice([None, 110.0, 150.0]))
    for _ in range(80):
        before = copy.deepcopy(log.state)
        size = len(log.events)
        try:
            act(log, rng)
        except PlanszaError:
            assert log.state == before and len(log.events) == size  # nothing half-applied
        for r, rnd in log.state.rounds.items():
            seated = [p for t in rnd.pairings for p in t.players()]
            assert len(seated) == len(set(seated))
            if rnd.method == "auto":
                assert set(seated) == set(log.state.active(r))
    again = replay(log.events)
    assert [x.as_json() for x in standings(again)] == [x.as_json() for x in standings(log.state)]
    # every game hands out one big point in all, a double forfeit none; spreads cancel
    # out between opponents (penalties included), so only the byes remain
    raw = totals(log.state, adjustments=False).values()
    results = [p.result for r in log.state.rounds.values() for p in r.pairings
               if p.second is not None and p.result is not None]
    byes = sum(x.byes for x in raw)
    bye_a, bye_b = log.state.settings.bye_score
    assert sum(x.big_points for x in raw) == (
        sum(1 for r in results if r.kind != "forfeit") + byes * log.state.settings.bye_big_points)
    assert sum(x.spread for x in raw) == byes * (bye_a - bye_b)


@settings(max_examples=25)
@given(st.sampled_from(SYSTEMS), st.integers(2, 12), st.integers(0, 10**6))
def test_random_sessions_survive_a_tsh_round_trip(system: str, n: int, seed: int) -> None:
    # export --tsh then import --tsh: every score of every round comes back (a double
    # forfeit has no .t form and reads back as a 0:0 game, so only scores are compared)
    rng = random.Random(seed)
    log = Log(make_settings(system, 15 if system == "mpa" else 6))
    for i in range(n):
        log.player(f"Gracz {i}", rng.choice([None, 110.0, 150.0]))
    for _ in range(120):
        with contextlib.suppress(PlanszaError):  # refused actions are part of a session
            act(log, rng)
    t = tsh.read_t(tsh.write_t(log.state), "x.t")
    target = make_settings("manual", max(6, t.rounds))
    events = [Event(1, "created", {"settings": dump(target)})]
    events += [Event(i, k, d) for i, (k, d) in enumerate(tsh.events_from(t, target), 2)]
    again = replay(events)

    def scores(state: State) -> list[tuple[str, int, int]]:
        return sorted((x.name, x.small_points, x.against)
                      for x in totals(state, adjustments=False).values())

    assert scores(again) == scores(log.state)
