"""Are the endgame answers given within the limit whole best lines? Checked by proof.

Target (issue 4): the solver "finds the exact best sequence" of a 7-vs-7
endgame within 10 s. ``benchmarks/endgame.py --truth`` checks an answer's
value and first move against the proved value; this script checks its whole
line. Each endgame is solved with ``--limit`` (as in ``endgame.py``); then the
answer's line is played out in a real ``Game`` and every position on it — the
mover's, the opponent's reply's, and so on to the end of the game — is proved
with ``--proof-limit`` (a proof of its own, no time limit by default). The line
is a best sequence when, at every one of those positions, what the rest of the
line adds to the spread of the side to move equals that position's proved
value: then each move of the line, of either side, is one of the best there.

    python benchmarks/endgame_lines.py              # the 12 not proved in 10 s, one core
    python benchmarks/endgame_lines.py --seeds 130,451 --limit 10 --clock cpu
    python benchmarks/endgame_lines.py --seeds 75,212 --threads 2 --proof-tt-bits 26
    python benchmarks/endgame_lines.py --seeds 75,130 --json

Answers proved within the limit need no check (their line is rebuilt from the
proof, each move confirmed to keep the value); the ones worth checking are
those the limit cut short. The first position's value is taken from the
proofs kept in ``benchmarks/data/endgame_proved.json`` (``--truth``): the
hardest took minutes. The positions after it are proved here, with a table of
2^24 entries (``--proof-tt-bits``; 26, 2 GiB, for the longest).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from endgame import endgame_from_selfplay, load_proved, same_position, solve_timed

from plansza.engine.endgame import TT_BITS, TT_BITS_RANGE, play_line, release_tables, solve
from plansza.lexicon import Lexicon
from plansza.rules import Rules

#: The benchmark endgames (benchmarks/endgame.py) not proved within 10 s of one
#: core when this script was written (2026-11-25): the answers worth checking.
NOT_PROVED_IN_10_S = (75, 130, 212, 259, 277, 281, 286, 331, 340, 352, 423, 451)

PROVED = Path(__file__).parent / "data" / "endgame_proved.json"


def check_line(
    seed: int,
    lex: Lexicon,
    rules: Rules,
    *,
    limit: float,
    clock: Any,
    threads: int,
    tt_bits: int,
    proof_tt_bits: int,
    proof_limit: float | None,
    truth: dict[int, dict[str, Any]],
) -> dict[str, Any] | None:
    """Solve one endgame within ``limit``, then prove every position of its line."""
    found = endgame_from_selfplay(seed, lex, rules)
    if found is None:
        return None
    board, mover, other, left = found
    release_tables()  # each endgame starts from empty tables, as in endgame.py
    answer, seconds = solve_timed(
        found, lex, rules, limit=limit, clock=clock, threads=threads, tt_bits=tt_bits
    )
    played, game = play_line(board, mover, other, answer.moves, lex, rules, scoreless_left=left)
    gains = [step.gain for step in played]
    complete = game.is_over
    # The positions on the line: each move's, and the one after the last move
    # when a line stops before the end.
    positions = [
        (step.board, step.rack, step.opponent_rack, step.scoreless_left) for step in played
    ]
    if not complete:
        side = game.to_move
        positions.append(
            (
                game.board.copy(),
                game.rack_string(side),
                game.rack_string(1 - side),
                game.scoreless_left(),
            )
        )
    known = truth.get(seed)
    this = {"seed": seed, "cgp": board.cgp(), "mover": mover, "opponent": other}
    if known is not None and not same_position(known, {**this, "scoreless_left": left}):
        known = None  # another endgame under that seed (another lexicon or rules)
    proof_seconds = 0.0

    def value(i: int) -> int | None:
        """The proved value of position ``i`` of the line for its side to move."""
        nonlocal proof_seconds
        if i == len(gains) and complete:
            return 0  # the game is over
        if i == 0 and answer.exact:
            return answer.spread
        if i == 0 and known is not None:
            return int(known["spread"])
        pos_board, to_move, waiting, sl = positions[i]
        t0 = clock()
        proved = solve(
            pos_board,
            to_move,
            waiting,
            lex,
            rules,
            scoreless_left=sl,
            time_limit=proof_limit,
            now=clock,
            threads=threads,
            tt_bits=proof_tt_bits,
        )
        proof_seconds += clock() - t0
        return proved.spread if proved.exact else None

    # Move i is one of the best when the value of its position is what it gains
    # plus the value of the next position for the other side, taken away.
    steps: list[dict[str, Any]] = []
    here = value(0)
    for i, move in enumerate(answer.moves):
        after = value(i + 1)
        best = here is not None and after is not None and here == gains[i] - after
        steps.append({"move": str(move), "gain": gains[i], "proved": here, "best": best})
        if not best:
            break  # past a move not shown best the line is not checked further
        here = after
    release_tables()
    return {
        "seed": seed,
        "seconds": round(seconds, 3),
        "exact": answer.exact,
        "spread": answer.spread,
        "line": [str(m) for m in answer.moves],
        "to_the_end": complete,
        "best_moves": sum(s["best"] for s in steps),
        "best_line": len(steps) == len(answer.moves) and all(s["best"] for s in steps),
        "proof_seconds": round(proof_seconds, 1),
        "steps": steps,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seeds",
        default=",".join(map(str, NOT_PROVED_IN_10_S)),
        help="comma-separated self-play seeds (the 12 not proved within 10 s of one core)",
    )
    parser.add_argument("--limit", type=float, default=10.0, help="seconds for the answer (10)")
    parser.add_argument(
        "--proof-limit", type=float, default=None, help="seconds for each proof (none)"
    )
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall")
    parser.add_argument("--threads", type=int, choices=(1, 2), default=1)
    parser.add_argument("--tt-bits", type=int, default=TT_BITS, help="the answer's table")
    parser.add_argument(
        "--proof-tt-bits", type=int, default=24, help="the proofs' table (24: 512 MiB)"
    )
    parser.add_argument(
        "--truth",
        type=Path,
        metavar="FILE",
        default=PROVED,
        help="take the first position's value from FILE's proofs (endgame.py --save-proved; "
        "default benchmarks/data/endgame_proved.json)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of lines")
    args = parser.parse_args(argv)
    try:
        seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        parser.error(f"--seeds: {args.seeds!r} is not a comma-separated list of numbers")
    for name, bits in (("--tt-bits", args.tt_bits), ("--proof-tt-bits", args.proof_tt_bits)):
        if bits is not None and not TT_BITS_RANGE[0] <= bits <= TT_BITS_RANGE[1]:
            parser.error(f"{name}: {bits} is not {TT_BITS_RANGE[0]} to {TT_BITS_RANGE[1]}")
    truth = load_proved(args.truth) if args.truth else {}
    clock = time.perf_counter if args.clock == "wall" else time.process_time
    lex = Lexicon.default()
    rules = Rules.pfs()
    rows = []
    for seed in seeds:
        row = check_line(
            seed,
            lex,
            rules,
            limit=args.limit,
            clock=clock,
            threads=args.threads,
            tt_bits=args.tt_bits,
            proof_tt_bits=args.proof_tt_bits,
            proof_limit=args.proof_limit,
            truth=truth,
        )
        if row is None:
            print(f"seed {seed}: the self-play game gives no 7-vs-7 endgame", file=sys.stderr)
            continue
        rows.append(row)
        if not args.json:
            moves = len(row["line"])
            short = "" if row["to_the_end"] else " (stops before the end)"
            verdict = (
                f"every move one of the best{short}"
                if row["best_line"]
                else f"move {row['best_moves'] + 1} NOT shown best"
            )
            print(
                f"seed {seed:5d} answer {row['spread']:+d} in {row['seconds']:.2f} s "
                f"({'proved' if row['exact'] else 'not proved'}), line of {moves} moves: "
                f"{verdict}; proofs {row['proof_seconds']:.1f} s",
                flush=True,
            )
            for i, step in enumerate(row["steps"]):
                proved = "not proved" if step["proved"] is None else f"{step['proved']:+d}"
                print(
                    f"    {i + 1:2d}. {step['move']:28s} gains {step['gain']:+4d}, "
                    f"position proved {proved}{'' if step['best'] else '  <- not shown best'}"
                )
    if args.json:
        json.dump(rows, sys.stdout, ensure_ascii=False, indent=1)
        print()
    best = sum(r["best_line"] for r in rows)
    if not args.json:
        whole = sum(r["best_line"] and r["to_the_end"] for r in rows)
        print(
            f"{best} of {len(rows)} answers have every move of their line one of the best, "
            f"checked by proof; {whole} of them reach the end of the game"
        )
    return 0 if best == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
