"""Learn Polish leave values by self-play (the script that made ``data/leaves-pl.json``).

Method (temporal-difference regression, as Maven and Quackle learned theirs):
the static player plays itself; after every move that leaves tiles with the bag
still holding some, the sample is the leave ``L`` and what the same player got
on its next turn — the score plus the current value of the next leave, ``y =
s' + v(L')``. The weights of the leave features (:func:`plansza.engine.leaves.
features`) are fitted to ``y`` by ridge regression with an intercept (the
intercept is the value of an empty leave, so leave values are relative to using
every tile). The fitted model plays the next round of games; a few rounds
converge.

Run it (about 10 minutes a round of 4,000 games on two cores)::

    python -m plansza.engine.train --games 4000 --rounds 4 --seed 1 --jobs 2 \\
        --out src/plansza/engine/data/leaves-pl.json
"""

from __future__ import annotations

import argparse
import datetime
import multiprocessing
import sys
import time
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from plansza.engine.base import GameView
from plansza.engine.leaves import LeaveModel, feature_names, features
from plansza.engine.match import hash_seed, play_game
from plansza.engine.static import StaticPlayer
from plansza.files import write_atomic
from plansza.game import Game
from plansza.moves import Move
from plansza.rules import Rules

__all__ = ["Sample", "fit", "self_play_samples", "train"]


@dataclass(frozen=True)
class Sample:
    """A leave and what its owner scored (plus the next leave's value) next turn."""

    leave: str
    target: float


class _Recorder(StaticPlayer):
    """A static player that notes each decision: (view, candidate)."""

    decisions: list[tuple[GameView, float, str, int]]

    def choose(self, view: GameView) -> Move:
        best = self.evaluate(view, 1)[0]
        used = len(view.rack) - len(best.leave)
        self.decisions.append((view, float(best.score), best.leave, used))
        return best.move


_STATE: dict[str, Any] = {}


def _samples_of_game(args: tuple[int, int, str]) -> list[Sample]:
    index, seed, model_json = args
    from plansza.lexicon import Lexicon

    lexicon = _STATE.get("lexicon")
    if lexicon is None:
        lexicon = _STATE["lexicon"] = Lexicon.default(progress=False)
    rules = Rules.pfs()
    key = hash(model_json)
    if _STATE.get("model_key") != key:
        _STATE["model"] = LeaveModel.loads(model_json, rules.tileset)
        _STATE["model_key"] = key
    model: LeaveModel = _STATE["model"]
    players = [_Recorder(lexicon, rules, leaves=model), _Recorder(lexicon, rules, leaves=model)]
    for p in players:
        p.decisions = []
    game = Game(
        rules, seed=hash_seed(f"train:{seed}:{index}"), words=lexicon, starting_player=index % 2
    )
    play_game(game, list(players))
    out: list[Sample] = []
    size = rules.rack_size
    for p in players:
        d = p.decisions
        for (view, _score, leave, used), (nview, nscore, nleave, nused) in pairwise(d):
            if view.bag_count - used < 1 or not leave:
                continue  # the bag emptied: what follows is the endgame, not a leave's worth
            future = model.value(nleave) if nview.bag_count - nused >= size else 0.0
            out.append(Sample(leave, nscore + future))
    return out


def self_play_samples(model: LeaveModel, games: int, seed: int, jobs: int = 1) -> list[Sample]:
    """Samples from ``games`` static-vs-static games played with ``model``."""
    text = model.dumps()
    args = [(i, seed, text) for i in range(games)]
    samples: list[Sample] = []
    if jobs <= 1:
        for a in args:
            samples.extend(_samples_of_game(a))
        return samples
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        for chunk in pool.imap(_samples_of_game, args, chunksize=8):
            samples.extend(chunk)
    return samples


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Solve the symmetric positive definite system ``a x = b`` (Gaussian elimination)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for col in range(n):
        piv = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[piv] = m[piv], m[col]
        p = m[col][col]
        if abs(p) < 1e-12:
            continue
        for r in range(col + 1, n):
            f = m[r][col] / p
            if f:
                row, top = m[r], m[col]
                for k in range(col, n + 1):
                    row[k] -= f * top[k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        s = m[r][n] - sum(m[r][k] * x[k] for k in range(r + 1, n))
        x[r] = s / m[r][r] if abs(m[r][r]) >= 1e-12 else 0.0
    return x


def fit(
    samples: list[Sample], tileset: Any, ridge: float = 5.0
) -> tuple[list[str], list[float], float]:
    """Ridge regression of the targets on the leave features with an intercept.

    Returns the feature names, their weights and the intercept (the mean value of
    a turn after an empty leave).

    >>> from plansza.tiles import TileSet
    >>> s = [Sample("A", 30.0), Sample("B", 20.0), Sample("AB", 28.0)] * 50
    >>> names, w, b = fit(s, TileSet.polish(), ridge=0.001)
    >>> m = LeaveModel.from_vector(TileSet.polish(), names, w)
    >>> round(m.value("A") - m.value("B"), 1), round(b + m.value("AB"), 1)
    (10.0, 28.0)
    """
    names = ["bias", *feature_names(tileset)]
    index = {n: i for i, n in enumerate(names)}
    n = len(names)
    xtx = [[0.0] * n for _ in range(n)]
    xty = [0.0] * n
    for s in samples:
        counts: dict[int, int] = {0: 1}
        for f in features(s.leave, tileset):
            i = index.get(f)
            if i is not None:
                counts[i] = counts.get(i, 0) + 1
        items = list(counts.items())
        for i, ci in items:
            xty[i] += ci * s.target
            row = xtx[i]
            for j, cj in items:
                row[j] += ci * cj
    for i in range(1, n):
        xtx[i][i] += ridge
    w = _solve(xtx, xty)
    return names[1:], w[1:], w[0]


def train(
    *,
    games: int,
    rounds: int,
    seed: int,
    jobs: int = 1,
    start: LeaveModel | None = None,
    log: Any = None,
) -> LeaveModel:
    """Rounds of self-play and fitting; returns the last model with its record in ``info``."""
    rules = Rules.pfs()
    model = start or LeaveModel.zero(rules.tileset)
    history: list[dict[str, Any]] = []
    for r in range(rounds):
        t0 = time.perf_counter()
        samples = self_play_samples(model, games, seed * 1000 + r, jobs)
        names, weights, bias = fit(samples, rules.tileset)
        model = LeaveModel.from_vector(rules.tileset, names, weights)
        history.append(
            {"round": r + 1, "games": games, "samples": len(samples), "intercept": round(bias, 2)}
        )
        if log is not None:
            print(
                f"round {r + 1}/{rounds}: {games} games, {len(samples)} samples, "
                f"intercept {bias:.2f}, {time.perf_counter() - t0:.0f} s",
                file=log,
                flush=True,
            )
    model.info = {
        "method": "TD regression by self-play of the static player (plansza.engine.train)",
        "command": (
            f"python -m plansza.engine.train --games {games} --rounds {rounds} "
            f"--seed {seed} --jobs {jobs}"
        ),
        "lexicon": "SJP.PL 20220301 (not the official OSPS)",
        "rules": "pfs",
        "rounds": history,
        "date": datetime.date.today().isoformat(),
    }
    return model


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m plansza.engine.train", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--games", type=int, default=4000)
    ap.add_argument("--rounds", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--start", help="a leave file to start from (default: all zero)")
    ap.add_argument("--out", required=True)
    args = ap.parse_args(argv)
    rules = Rules.pfs()
    start = None
    if args.start:
        with open(args.start, encoding="utf-8") as f:
            start = LeaveModel.loads(f.read(), rules.tileset)
    model = train(
        games=args.games,
        rounds=args.rounds,
        seed=args.seed,
        jobs=args.jobs,
        start=start,
        log=sys.stderr,
    )
    write_atomic(args.out, model.dumps() + "\n")
    print(f"written {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
