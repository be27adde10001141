"""Endgame solver benchmark: random 7-vs-7 endgames from greedy self-play.

Target (issue 4): every 7-tile-vs-7-tile endgame solved exactly within 10 s.

    python benchmarks/endgame.py                    # 100 endgames, table
    python benchmarks/endgame.py --games 20 --seed 5 --limit 10
    python benchmarks/endgame.py --json             # {"endgames": [...], "summary": {...}}
    python benchmarks/endgame.py --clock cpu        # limit and times in CPU seconds
    python benchmarks/endgame.py --threads 2        # two search threads (wall clock)

``--clock cpu`` measures the limit and the times with the process's CPU time
(``time.process_time``) instead of the wall clock: on a machine shared with
other work the wall clock counts the time the solver waited for a core.

Each endgame comes from a game played by both sides with the top-scoring move
(``plansza.movegen.top(..., n=1)``, the default lexicon) until the bag is
empty; only games where both racks then hold 7 tiles are kept (about one in
seven). Each is solved with ``time_limit`` seconds; the table gives the
distribution of the time and the nodes, and how many were proved exactly.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from plansza.board import Board
from plansza.engine.endgame import solve
from plansza.game import Game
from plansza.lexicon import Lexicon
from plansza.movegen import top
from plansza.rules import Rules


def endgame_from_selfplay(
    seed: int, lex: Lexicon, rules: Rules
) -> tuple[Board, str, str, int] | None:
    """Play a greedy game until the bag is empty; the position if both racks hold 7."""
    game = Game(rules, seed=seed, words=lex, starting_player=0)
    while not game.is_over and game.bag_count > 0:
        rack = game.rack_string(game.to_move)
        moves = top(game.board, rack, lex, rules, n=1)
        if not len(moves):
            game.pass_turn()
            continue
        game.play(moves[0].play)
        game.accept()
    if game.is_over:
        return None
    mover, other = game.rack_string(game.to_move), game.rack_string(1 - game.to_move)
    if len(mover) != rules.rack_size or len(other) != rules.rack_size:
        return None
    left = game.scoreless_left()
    return game.board, mover, other, left if left is not None else 4


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="endgames to solve (100)")
    parser.add_argument("--seed", type=int, default=1, help="first self-play seed (1)")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per endgame (10)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="measure the limit and the times on the wall clock (default) or in CPU time",
    )
    parser.add_argument("--threads", type=int, choices=(1, 2), default=1, help="search threads (1)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--verbose", action="store_true", help="one line per endgame")
    args = parser.parse_args(argv)

    clock = time.perf_counter if args.clock == "wall" else time.process_time
    lex = Lexicon.default()
    rules = Rules.pfs()
    rows: list[dict[str, Any]] = []
    seed = args.seed
    while len(rows) < args.games:
        found = endgame_from_selfplay(seed, lex, rules)
        seed += 1
        if found is None:
            continue
        board, mover, other, left = found
        start = clock()
        result = solve(
            board,
            mover,
            other,
            lex,
            rules,
            scoreless_left=left,
            time_limit=args.limit,
            now=clock,
            threads=args.threads,
        )
        seconds = clock() - start
        row = {
            "seed": seed - 1,
            "cgp": board.cgp(),
            "mover": mover,
            "opponent": other,
            "seconds": round(seconds, 4),
            "nodes": result.nodes,
            "exact": result.exact,
            "depth": result.depth,
            "spread": result.spread,
            "line": [str(m) for m in result.moves],
        }
        rows.append(row)
        if args.verbose and not args.json:
            print(
                f"seed {row['seed']:5d} {mover:8s} {other:8s} {seconds:7.3f} s "
                f"{result.nodes:9d} nodes depth {result.depth:2d} "
                f"{'exact' if result.exact else 'NOT exact'} {result.spread:+d} "
                f"{' '.join(row['line'][:3])}",
                flush=True,
            )
    secs = [r["seconds"] for r in rows]
    proved = [r["seconds"] for r in rows if r["exact"]] or [0.0]
    nodes = [float(r["nodes"]) for r in rows]
    summary = {
        "endgames": len(rows),
        "limit_s": args.limit,
        "clock": args.clock,
        "threads": args.threads,
        "exact": sum(r["exact"] for r in rows),
        "seconds": {
            "min": min(secs),
            "median": statistics.median(secs),
            "p90": percentile(secs, 0.9),
            "max": max(secs),
        },
        "proved_seconds": {
            "min": min(proved),
            "median": statistics.median(proved),
            "p90": percentile(proved, 0.9),
            "max": max(proved),
        },
        "nodes": {
            "min": min(nodes),
            "median": statistics.median(nodes),
            "p90": percentile(nodes, 0.9),
            "max": max(nodes),
        },
    }
    if args.json:
        json.dump({"endgames": rows, "summary": summary}, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 0
    print(
        f"{len(rows)} endgames, 7 vs 7 tiles, limit {args.limit:g} s ({args.clock} clock), "
        f"{args.threads} thread{'s' if args.threads > 1 else ''}, default lexicon"
    )
    print(f"{'':10s} {'min':>10s} {'median':>10s} {'p90':>10s} {'max':>10s}")
    s, n, p = summary["seconds"], summary["nodes"], summary["proved_seconds"]
    print(f"{'seconds':10s} {s['min']:10.3f} {s['median']:10.3f} {s['p90']:10.3f} {s['max']:10.3f}")
    print(f"{'proved':10s} {p['min']:10.3f} {p['median']:10.3f} {p['p90']:10.3f} {p['max']:10.3f}")
    print(f"{'nodes':10s} {n['min']:10.0f} {n['median']:10.0f} {n['p90']:10.0f} {n['max']:10.0f}")
    print(f"proved exactly within the limit: {summary['exact']} of {len(rows)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
