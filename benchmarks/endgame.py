"""Endgame solver benchmark: random 7-vs-7 endgames from greedy self-play.

Target (issue 4): the exact best sequence of every 7-tile-vs-7-tile endgame
within 10 s.

    python benchmarks/endgame.py                    # 100 endgames, table
    python benchmarks/endgame.py --games 20 --seed 5 --limit 10
    python benchmarks/endgame.py --json             # {"endgames": [...], "summary": {...}}
    python benchmarks/endgame.py --clock cpu        # limit and times in CPU seconds
    python benchmarks/endgame.py --threads 2        # two search threads (wall clock)
    python benchmarks/endgame.py --seeds 72,75 --limit 600 --save-proved P.json
    python benchmarks/endgame.py --truth benchmarks/data/endgame_proved.json
    python benchmarks/endgame.py --seeds 286 --limit 3600 --clock cpu --tt-bits 26

``--clock cpu`` measures the limit and the times with the process's CPU time
(``time.process_time``) instead of the wall clock: on a machine shared with
other work the wall clock counts the time the solver waited for a core.

Each endgame comes from a game played by both sides with the top-scoring move
(``plansza.movegen.top(..., n=1)``, the default lexicon) until the bag is
empty; only games where both racks then hold 7 tiles are kept (about one in
seven). ``--seeds`` names the self-play seeds to use instead of the first
``--games`` endgames from ``--seed``. Each is solved with ``--limit`` seconds;
the table gives the distribution of the time and the nodes, and how many were
proved exactly.

A solve stopped by the limit still answers: the best line of the deepest
iteration it completed, with ``exact=False``, and what the tests of its proof
had proved by then: where that is a lower bound equal to the answer's value,
the answer's line is proved to reach it (counted in the summary) — only that
no line is better is not — and that line is checked on after the limit to the
end of the game (every move after the first a best one; counted too). Whether
that answer is right can only be told against the endgame's value proved by a
longer solve; ``benchmarks/endgame_lines.py`` proves every position of an
answer's line.
``--save-proved FILE`` adds the values this run proved to FILE (a JSON file of
proved endgames, kept across runs: a value proved again must be the same, or
the run fails with exit code 1); ``--truth FILE`` compares every answer of
this run with the proved values of FILE: the same value, and for the answers
not proved within the limit the same first move as the proved line.
``benchmarks/data/endgame_proved.json`` holds the proved values of the 100
default endgames that have one, each with the limit, clock, threads and table
size (``--tt-bits``, default 22) of the run that proved it. A proof of minutes
needs a bigger table than the default: ``--tt-bits 26`` (2 GiB) proved seed 286
in about three minutes, which 2^22 entries had not done in ten.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from plansza.board import Board
from plansza.engine.endgame import TT_BITS, TT_BITS_RANGE, EndgameResult, solve
from plansza.files import write_atomic
from plansza.game import Game
from plansza.lexicon import Lexicon
from plansza.movegen import top
from plansza.rules import Rules

#: What identifies an endgame in a file of proved values.
POSITION_KEYS = ("seed", "cgp", "mover", "opponent", "scoreless_left")


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


def solve_timed(
    found: tuple[Board, str, str, int],
    lex: Lexicon,
    rules: Rules,
    *,
    limit: float,
    clock: Callable[[], float],
    threads: int,
    tt_bits: int,
) -> tuple[EndgameResult, float]:
    """Solve an endgame of :func:`endgame_from_selfplay` within ``limit`` seconds of
    ``clock``: the result and the seconds it took."""
    board, mover, other, left = found
    start = clock()
    result = solve(
        board, mover, other, lex, rules, scoreless_left=left, time_limit=limit, now=clock,
        threads=threads, tt_bits=tt_bits,
    )  # fmt: skip
    return result, clock() - start


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def spread_of(values: list[float]) -> dict[str, float] | None:
    """Min, median, 90th percentile and max; None for no values (none proved)."""
    if not values:
        return None
    return {
        "min": min(values),
        "median": statistics.median(values),
        "p90": percentile(values, 0.9),
        "max": max(values),
    }


def load_proved(path: Path) -> dict[int, dict[str, Any]]:
    """The proved endgames of a file written by ``--save-proved``, by seed."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rows = data["endgames"]
        return {int(r["seed"]): r for r in rows if r["exact"]}
    except FileNotFoundError:
        return {}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise SystemExit(f"{path}: not a file of proved endgames ({exc})") from exc


def same_position(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return all(a.get(k) == b.get(k) for k in POSITION_KEYS)


def save_proved(path: Path, rows: list[dict[str, Any]], run: dict[str, Any]) -> list[str]:
    """Add this run's proved values to ``path``; the conflicts found (none expected)."""
    kept = load_proved(path)
    conflicts = []
    for row in rows:
        if not row["exact"]:
            continue
        old = kept.get(row["seed"])
        if old is not None and same_position(old, row):
            if old["spread"] != row["spread"]:
                conflicts.append(
                    f"seed {row['seed']}: proved {row['spread']:+d} now, {old['spread']:+d} before"
                )
            continue  # the first proof stays, with the limit it was made with
        kept[row["seed"]] = {**row, **run}
    ordered = [kept[s] for s in sorted(kept)]
    about = (
        "Endgames of benchmarks/endgame.py with their values proved by plansza's exact "
        "solver: each row records the limit, clock, threads (and table size) of the run that "
        "proved it."
    )
    write_atomic(
        path, json.dumps({"about": about, "endgames": ordered}, ensure_ascii=False, indent=1) + "\n"
    )
    return conflicts


def against_truth(rows: list[dict[str, Any]], truth: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """How this run's answers compare with the proved values of ``truth``.

    The first move is compared only where this run proved nothing: a proved
    answer may start with another move of the same value (the blank as another
    letter, another word of the same score) and is right all the same.
    """
    checked = [
        (r, truth[r["seed"]])
        for r in rows
        if r["seed"] in truth and same_position(r, truth[r["seed"]])
    ]
    open_ = [(r, t) for r, t in checked if not r["exact"]]
    wrong = [
        {"seed": r["seed"], "answer": r["spread"], "proved": t["spread"]}
        for r, t in checked
        if r["spread"] != t["spread"]
    ]
    return {
        "with_proved_value": len(checked),
        "value_right": sum(r["spread"] == t["spread"] for r, t in checked),
        "not_proved_here": len(open_),
        "not_proved_here_value_right": sum(r["spread"] == t["spread"] for r, t in open_),
        "not_proved_here_first_move_as_proved": sum(
            r["line"][:1] == t["line"][:1] for r, t in open_
        ),
        "wrong": wrong,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="endgames to solve (100)")
    parser.add_argument("--seed", type=int, default=1, help="first self-play seed (1)")
    parser.add_argument("--seeds", help="comma-separated self-play seeds instead of --games/--seed")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds per endgame (10)")
    parser.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="measure the limit and the times on the wall clock (default) or in CPU time",
    )
    parser.add_argument("--threads", type=int, choices=(1, 2), default=1, help="search threads (1)")
    parser.add_argument(
        "--tt-bits",
        type=int,
        default=TT_BITS,
        help=f"transposition table of 2**N entries of 32 bytes ({TT_BITS}: 128 MiB); "
        "26 (2 GiB) for proofs of minutes",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--verbose", action="store_true", help="one line per endgame")
    parser.add_argument(
        "--save-proved", type=Path, metavar="FILE", help="add the proved values to FILE"
    )
    parser.add_argument(
        "--truth", type=Path, metavar="FILE", help="compare the answers with FILE's proved values"
    )
    args = parser.parse_args(argv)
    try:
        wanted = [int(s) for s in args.seeds.split(",")] if args.seeds else None
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a comma-separated list of numbers")
    if not TT_BITS_RANGE[0] <= args.tt_bits <= TT_BITS_RANGE[1]:
        parser.error(f"--tt-bits: {args.tt_bits} is not {TT_BITS_RANGE[0]} to {TT_BITS_RANGE[1]}")
    truth = load_proved(args.truth) if args.truth else None
    if args.truth and not truth:
        parser.error(f"--truth: {args.truth} holds no proved endgame")

    clock = time.perf_counter if args.clock == "wall" else time.process_time
    lex = Lexicon.default()
    rules = Rules.pfs()
    rows: list[dict[str, Any]] = []
    seeds = iter(wanted) if wanted is not None else iter(range(args.seed, 1 << 62))
    for seed in seeds:
        if wanted is None and len(rows) >= args.games:
            break
        found = endgame_from_selfplay(seed, lex, rules)
        if found is None:
            if wanted is not None:
                print(f"seed {seed}: the self-play game gives no 7-vs-7 endgame", file=sys.stderr)
            continue
        board, mover, other, left = found
        result, seconds = solve_timed(
            found, lex, rules, limit=args.limit, clock=clock, threads=args.threads,
            tt_bits=args.tt_bits,
        )  # fmt: skip
        row = {
            "seed": seed,
            "cgp": board.cgp(),
            "mover": mover,
            "opponent": other,
            "scoreless_left": left,
            "seconds": round(seconds, 4),
            "nodes": result.nodes,
            "exact": result.exact,
            "depth": result.depth,
            "spread": result.spread,
            "lower": result.lower,
            "upper": result.upper,
            "complete": result.complete,
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
    if not rows:
        print("no endgame to solve", file=sys.stderr)
        return 2
    summary: dict[str, Any] = {
        "endgames": len(rows),
        "limit_s": args.limit,
        "clock": args.clock,
        "threads": args.threads,
        "tt_bits": args.tt_bits,
        "exact": sum(r["exact"] for r in rows),
        # not proved, but the answer's value proved a lower bound: its line reaches it
        "not_exact_value_proved_reached": sum(
            not r["exact"] and r["lower"] == r["spread"] for r in rows
        ),
        # ... and its line checked after the limit to the end of the game
        "not_exact_line_checked": sum(
            not r["exact"] and r["lower"] == r["spread"] and r["complete"] for r in rows
        ),
        "seconds": spread_of([r["seconds"] for r in rows]),
        "proved_seconds": spread_of([r["seconds"] for r in rows if r["exact"]]),
        "nodes": spread_of([float(r["nodes"]) for r in rows]),
    }
    if truth is not None:
        summary["truth"] = against_truth(rows, truth)
    conflicts: list[str] = []
    if args.save_proved:
        run = {
            "limit_s": args.limit,
            "clock": args.clock,
            "threads": args.threads,
            "tt_bits": args.tt_bits,
        }
        conflicts = save_proved(args.save_proved, rows, run)
        for line in conflicts:
            print(f"{args.save_proved}: a different value proved — {line}", file=sys.stderr)
    if args.json:
        json.dump({"endgames": rows, "summary": summary}, sys.stdout, ensure_ascii=False, indent=1)
        print()
        return 1 if conflicts else 0
    print(
        f"{len(rows)} endgames, 7 vs 7 tiles, limit {args.limit:g} s ({args.clock} clock), "
        f"{args.threads} thread{'s' if args.threads > 1 else ''}, "
        f"table of 2^{args.tt_bits} entries, default lexicon"
    )
    print(f"{'':10s} {'min':>10s} {'median':>10s} {'p90':>10s} {'max':>10s}")
    for name, key, digits in (
        ("seconds", "seconds", 3),
        ("proved", "proved_seconds", 3),
        ("nodes", "nodes", 0),
    ):
        d = summary[key]
        cells = [
            "—" if d is None else f"{d[q]:.{digits}f}" for q in ("min", "median", "p90", "max")
        ]
        print(f"{name:10s} " + " ".join(f"{c:>10s}" for c in cells))
    print(f"proved exactly within the limit: {summary['exact']} of {len(rows)}")
    if summary["exact"] < len(rows):
        print(
            f"  of the {len(rows) - summary['exact']} not proved: the answer's value proved "
            f"at least (its line reaches it, not proved best) in "
            f"{summary['not_exact_value_proved_reached']}, its line checked to the end of "
            f"the game (every move after the first a best one) in "
            f"{summary['not_exact_line_checked']}"
        )
    if truth is not None:
        t = summary["truth"]
        print(
            f"against the proved values of {args.truth}: "
            f"{t['with_proved_value']} endgames have one; the answer has the proved value "
            f"in {t['value_right']}"
        )
        print(
            f"  of the {t['not_proved_here']} not proved within the limit: the proved value in "
            f"{t['not_proved_here_value_right']}, the proved first move in "
            f"{t['not_proved_here_first_move_as_proved']}"
        )
        for w in t["wrong"]:
            print(f"  seed {w['seed']}: answered {w['answer']:+d}, proved {w['proved']:+d}")
    return 1 if conflicts else 0


if __name__ == "__main__":
    sys.exit(main())
