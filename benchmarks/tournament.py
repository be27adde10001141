"""Tournament benchmarks: pairing 200 players by the halving system without
repeats (target ≤ 2 s a round) and replaying a 15-round, 200-player
tournament from its log (target ≤ 1 s).

    .venv/bin/python benchmarks/tournament.py          # a table
    .venv/bin/python benchmarks/tournament.py --json   # the same as JSON
"""

from __future__ import annotations

import argparse
import json
import os
import random
import tempfile
import time

from plansza.records import dump
from plansza.tournament.events import Event, apply, replay
from plansza.tournament.model import Settings
from plansza.tournament.pairing import pair_round
from plansza.tournament.standings import standings
from plansza.tournament.storage import TournamentFile

PLAYERS = 200
ROUNDS = 15


def build(players: int, rounds: int, seed: int) -> tuple[list[Event], list[float]]:
    """Play a whole tournament; return its log and the time to pair each round."""
    settings = Settings("Benchmark", rounds, "halving", dates=("2026-05-02",))
    log = [Event(1, "created", {"settings": dump(settings)}, "t")]
    state = replay(log)
    rng = random.Random(seed)

    def add(kind: str, data: dict[str, object]) -> None:
        e = Event(len(log) + 1, kind, data, "t")
        apply(state, e)
        log.append(e)

    for i in range(players):
        add("player_added", {"name": f"Gracz {i:03d}", "ranking": rng.randint(90, 180)})
    times = []
    for n in range(1, rounds + 1):
        t0 = time.perf_counter()
        tables = pair_round(state, n)
        times.append(time.perf_counter() - t0)
        add("paired", {"round": n, "tables": [list(t) for t in tables]})
        for p in state.rounds[n].pairings:
            if p.second is not None:
                add("result", {"round": n, "a": p.first, "sa": rng.randint(250, 550),
                               "b": p.second, "sb": rng.randint(250, 550)})
    return log, times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print JSON instead of a table")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    log, times = build(PLAYERS, ROUNDS, args.seed)
    t0 = time.perf_counter()
    state = replay(log)
    replay_mem = time.perf_counter() - t0
    assert state.finished

    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "bench.turniej.sqlite")
        t = TournamentFile.create(path, state.settings, at="t")
        t.append_many([(e.kind, e.data) for e in log[1:]], at="t")
        t.close()
        t0 = time.perf_counter()
        f = TournamentFile.open(path)
        replayed = f.state()
        f.close()
        replay_file = time.perf_counter() - t0
        t0 = time.perf_counter()
        final = standings(replayed)
        standings_time = time.perf_counter() - t0
    assert replayed.finished and len(final) == PLAYERS
    met: set[frozenset[int]] = set()
    repeats = 0
    for rnd in state.rounds.values():
        for p in rnd.pairings:
            if p.second is not None:
                pair = frozenset((p.first, p.second))
                repeats += pair in met
                met.add(pair)

    rows = [
        ("pair one round, 200 players, halving without repeats (worst round)", max(times), 2.0),
        ("pair one round, 200 players (mean of 15)", sum(times) / len(times), 2.0),
        (f"replay 15 rounds × 200 players from memory ({len(log)} events)", replay_mem, 1.0),
        ("open the SQLite file and replay it", replay_file, 1.0),
        ("final standings of the replayed tournament", standings_time, 1.0),
    ]
    if args.json:
        print(json.dumps({"repeats": repeats, "results": [
            {"benchmark": n, "seconds": round(s, 4), "target": t, "ok": s <= t}
            for n, s, t in rows]}, ensure_ascii=False))
        return
    width = max(len(r[0]) for r in rows)
    print(f"{'benchmark':<{width}}  {'seconds':>8}  {'target':>6}")
    for name, secs, target in rows:
        flag = "ok" if secs <= target else "SLOW"
        print(f"{name:<{width}}  {secs:8.3f}  {target:6.1f}  {flag}")
    print("rounds:", " ".join(f"{x:.2f}" for x in times), f"| repeats: {repeats}")


if __name__ == "__main__":
    main()
