"""Computer players benchmark: strength (matches) and speed (per move, per rollout).

Targets (issue 4):

    static beats greedy        ≥ 60% of 1,000 games (report the 95% interval)
    sim (1 s a move) beats static  ≥ 55% of 200 games
    static                     ≤ 20 ms a move on average
    sim                        ≥ 300 two-ply iterations per second on one core

    python benchmarks/engine.py         # the quick part: speed, 200 games static-greedy
    python benchmarks/engine.py --full                # the issue's match sizes (an hour on 2 cores)
    python benchmarks/engine.py --static-games 1000 --sim-games 200 --sim-seconds 1 --jobs 2
    python benchmarks/engine.py --json

"static move" is the mean wall time of the static player's decision (view to
move) over every move of the static–greedy match. "sim iterations/s" is the
number of 2-ply rollouts a second of the simulating player over 20 midgame
positions, one core. The lexicon is the default one (SJP.PL 2022-03-01, not
the official OSPS); the rules are PFS.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from plansza.engine import make_player, view_of
from plansza.engine.match import run_match
from plansza.engine.sim import SimPlayer
from plansza.engine.static import StaticPlayer
from plansza.game import Game
from plansza.lexicon import Lexicon
from plansza.rules import Rules


def static_speed(lex: Lexicon, games: int = 20) -> dict[str, float]:
    """Mean and worst decision time of the static player over whole games against greedy."""
    rules = Rules.pfs()
    times: list[float] = []
    for seed in range(games):
        g = Game(rules, seed=1000 + seed, words=lex, starting_player=seed % 2)
        players = [StaticPlayer(lex, rules), make_player("greedy", lex, rules)]
        while not g.is_over:
            p = g.to_move
            v = view_of(g)
            t = time.perf_counter()
            move = players[p].choose(v)
            if p == 0:
                times.append(time.perf_counter() - t)
            g.move(move)
            if g.pending is not None:
                g.accept()
    times.sort()
    return {
        "static_moves": len(times),
        "static_mean_ms": 1000 * sum(times) / len(times),
        "static_p90_ms": 1000 * times[int(0.9 * len(times))],
        "static_max_ms": 1000 * times[-1],
    }


def sim_speed(lex: Lexicon, positions: int = 20, seconds: float = 1.0) -> dict[str, float]:
    """Rollouts a second of the simulating player on midgame positions (one core)."""
    rules = Rules.pfs()
    static = StaticPlayer(lex, rules)
    rollouts = 0
    spent = 0.0
    for seed in range(positions):
        g = Game(rules, seed=2000 + seed, words=lex, starting_player=0)
        for _ in range(4 + seed % 8):
            g.move(static.choose(view_of(g)))
            if g.pending is not None:
                g.accept()
            if g.is_over:
                break
        if g.is_over or g.bag_count == 0:
            continue
        sim = SimPlayer(lex, rules, seed=seed)
        v = view_of(g)
        cands = sim.evaluate(v, sim.candidates)
        t = time.perf_counter()
        sim.simulate(v, cands, seconds)
        spent += time.perf_counter() - t
        rollouts += sim.last_rollouts
    return {"sim_positions": positions, "sim_iterations_per_s": rollouts / spent if spent else 0.0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--static-games", type=int, default=200)
    ap.add_argument("--sim-games", type=int, default=0)
    ap.add_argument("--sim-seconds", type=float, default=1.0)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument(
        "--full", action="store_true", help="1,000 static–greedy and 200 sim–static games"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.full:
        args.static_games, args.sim_games = 1000, 200
    lex = Lexicon.default(progress=False)
    out: dict[str, Any] = {}
    out.update(static_speed(lex))
    out.update(sim_speed(lex))
    matches = []
    if args.static_games:
        r = run_match(
            "static", "greedy", games=args.static_games, seed=args.seed, jobs=args.jobs, lexicon=lex
        )
        matches.append((r.as_json(), 0.60))
    if args.sim_games:
        r = run_match(
            "sim",
            "static",
            games=args.sim_games,
            seed=args.seed,
            jobs=args.jobs,
            lexicon=lex,
            options={"sim": {"seconds": args.sim_seconds}},
        )
        matches.append((r.as_json(), 0.55))
    out["matches"] = [m for m, _ in matches]
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return
    print(f"{'measure':<40} {'value':>14} {'target':>10}")
    print(f"{'static move, mean':<40} {out['static_mean_ms']:>11.2f} ms {'≤ 20 ms':>10}")
    p90, worst = out["static_p90_ms"], out["static_max_ms"]
    print(f"{'static move, p90 / max':<40} {p90:>6.1f} / {worst:.1f} ms")
    rate = out["sim_iterations_per_s"]
    print(f"{'sim 2-ply iterations per second':<40} {rate:>14.0f} {'≥ 300':>10}")
    for m, target in matches:
        lo, hi = m["ci95"]
        name = f"{m['p1']} vs {m['p2']}, {m['games']} games"
        goal = f"≥ {100 * target:.0f}%"
        print(
            f"{name:<40} {100 * m['p1_win_rate']:>13.1f}% {goal:>10}"
            f"   95% CI {100 * lo:.1f}–{100 * hi:.1f}%, spread {m['mean_spread']:+.1f},"
            f" {m['seconds']:.0f} s"
        )


if __name__ == "__main__":
    main()
