"""Benchmark: recompute the PFS ranking from 20 years of synthetic history.

Generates a seeded history — 3,000 players, 2,000 tournaments, 200,000 games
over 20 years, with careers that start, pause and end (so debutants, padded
players, players off the list and the 200-game cut all occur) — then times:

* ``compute``  — the full recomputation, tournament by tournament, plus the
  latest list (the target: at most 10 s);
* ``read_csv`` — reading the same history back from its CSV file;
* ``list``     — one more list for an earlier date, from the computed history.

Usage::

    .venv/bin/python benchmarks/ranking.py [--json] [--seed N] [--players N]
        [--tournaments N] [--games N]
"""

from __future__ import annotations

import argparse
import io
import json
import random
import sys
import time
from datetime import date, timedelta
from typing import Any

from plansza.ranking import Game, RankingHistory, read_games_csv_text, write_games_csv

TARGET_SECONDS = 10.0


def synthetic_history(
    *, seed: int = 2024, players: int = 3000, tournaments: int = 2000, games: int = 200_000,
    years: int = 20, start: date = date(2005, 1, 1),
) -> list[Game]:
    """A seeded synthetic history with ``games`` games in ``tournaments`` tournaments."""
    rng = random.Random(seed)
    days = years * 365
    # Each player: a skill, and a career (first and last day of activity).
    skill = [rng.gauss(0, 60) for _ in range(players)]
    career: list[tuple[int, int]] = []
    for _ in range(players):
        first = rng.randrange(days)
        career.append((first, min(days, first + rng.randrange(200, 8 * 365))))
    names = [f"Gracz {i:04d} Źdźbło-Łęcki" for i in range(players)]
    per_tournament = games // tournaments
    extra = games - per_tournament * tournaments
    out: list[Game] = []
    tournament_days = sorted(rng.randrange(days) for _ in range(tournaments))
    for t, day_offset in enumerate(tournament_days):
        quota = per_tournament + (1 if t < extra else 0)
        active = [p for p in range(players) if career[p][0] <= day_offset <= career[p][1]]
        if len(active) < 8:
            active = rng.sample(range(players), 40)
        size = min(len(active), rng.choice((12, 16, 20, 24, 30, 40)))
        # A tenth of the players are keen: they fill up to half of every field, so
        # they pass 200 games in two years and the cut of RR §1 is exercised.
        keen = [p for p in active if p < players // 10]
        field = rng.sample(keen, min(len(keen), size // 2))
        rest = [p for p in active if p >= players // 10]
        field += rng.sample(rest, min(len(rest), size - len(field)))
        size = len(field) - len(field) % 2
        name = f"Turniej {t:04d} — Łódź"
        first_day = start + timedelta(days=day_offset)
        rounds_per_day = max(1, -(-quota // (size // 2)) // 2)
        made = 0
        rnd = 0
        while made < quota:
            rng.shuffle(field)
            day = first_day + timedelta(days=min(1, rnd // rounds_per_day))
            for i in range(0, size - 1, 2):
                if made == quota:
                    break
                a, b = field[i], field[i + 1]
                if rng.random() < 0.01:  # a walkover: N:1 with N ≥ 400 (TR 7.2)
                    s1, s2, wo = (400, 1, True) if rng.random() < 0.5 else (1, 400, True)
                else:
                    base = 360 + (skill[a] - skill[b]) / 2
                    s1 = max(0, int(rng.gauss(base, 60)))
                    s2 = max(0, int(rng.gauss(360 - (skill[a] - skill[b]) / 2, 60)))
                    wo = False
                out.append(Game(day, name, names[a], names[b], s1, s2, wo))
                made += 1
            rnd += 1
    return out


def run(seed: int, players: int, tournaments: int, games: int) -> dict[str, Any]:
    """Generate, then time the recomputation; the figures as a dict."""
    t0 = time.perf_counter()
    history_games = synthetic_history(seed=seed, players=players, tournaments=tournaments,
                                      games=games)
    generate = time.perf_counter() - t0

    t0, c0 = time.perf_counter(), time.process_time()
    history = RankingHistory(history_games)
    latest = history.ranking_list(include_unlisted=True)
    compute = time.perf_counter() - t0
    compute_cpu = time.process_time() - c0

    buf = io.StringIO()
    write_games_csv(history_games, buf)
    text = buf.getvalue()
    t0, c0 = time.perf_counter(), time.process_time()
    reread = read_games_csv_text(text, source="synthetic.csv")
    read_csv = time.perf_counter() - t0
    read_csv_cpu = time.process_time() - c0
    assert reread == history_games

    listed_date = history.last_list_date()
    assert listed_date is not None
    t0 = time.perf_counter()
    earlier = history.ranking_list(listed_date - timedelta(days=3650))
    one_list = time.perf_counter() - t0

    listed = sum(1 for e in latest if e.listed)
    bases: dict[str, int] = {}
    cut = 0
    for name in history.players:
        ranking = history.tournament_ranking(name, listed_date)
        bases[ranking.basis.value] = bases.get(ranking.basis.value, 0) + 1
        cut += bool(ranking.dropped)
    return {
        "seed": seed, "players": players, "tournaments": len(history.tournaments),
        "games": len(history_games), "csv_mb": round(len(text.encode()) / 1e6, 1),
        "listed_now": listed, "listed_10y_ago": len(earlier),
        "bases_now": bases, "cut_by_200_now": cut,
        "generate_s": round(generate, 3), "compute_s": round(compute, 3),
        "compute_cpu_s": round(compute_cpu, 3), "read_csv_s": round(read_csv, 3),
        "read_csv_cpu_s": round(read_csv_cpu, 3), "list_s": round(one_list, 3),
        "target_compute_s": TARGET_SECONDS, "ok": compute <= TARGET_SECONDS,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--tournaments", type=int, default=2000)
    parser.add_argument("--games", type=int, default=200_000)
    args = parser.parse_args(argv)
    figures: dict[str, Any] = run(args.seed, args.players, args.tournaments, args.games)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"{'measure':<28} {'value':>12}")
        print("-" * 41)
        rows = [
            ("players", figures["players"]), ("tournaments", figures["tournaments"]),
            ("games", figures["games"]), ("history CSV (MB)", figures["csv_mb"]),
            ("listed on the latest list", figures["listed_now"]),
            ("listed 10 years earlier", figures["listed_10y_ago"]),
            *((f"  now {k}", v) for k, v in sorted(figures["bases_now"].items())),
            ("  now cut to 200 games", figures["cut_by_200_now"]),
            ("generate history (s)", figures["generate_s"]),
            ("full recomputation (s)", figures["compute_s"]),
            ("  of which CPU (s)", figures["compute_cpu_s"]),
            ("  target (s)", f"≤ {TARGET_SECONDS:g}"),
            ("read history CSV (s)", figures["read_csv_s"]),
            ("  of which CPU (s)", figures["read_csv_cpu_s"]),
            ("one more list (s)", figures["list_s"]),
        ]
        for label, value in rows:
            print(f"{label:<28} {value!s:>12}")
        print(f"{'result':<28} {'OK' if figures['ok'] else 'TOO SLOW':>12}")
    return 0 if figures["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
