"""Games between computer players, and matches of many games with statistics.

A match is reproducible: game ``i`` of a match with seed ``S`` draws its tiles
from ``Random(f"{S}:{i}")`` and its players from their own seeds, and player 1
starts the even games, player 2 the odd ones — so the same seed gives the same
games whatever the number of worker processes.

>>> from plansza.lexicon import Lexicon
>>> lex = Lexicon.build(["KOT", "KOTY", "TOK", "OK", "KOC", "TO", "TY"], Rules.pfs().tileset)
>>> r = run_match("greedy", "random", games=4, seed=1, lexicon=lex)
>>> r.games, r.p1_wins + r.p2_wins + r.draws
(4, 4)
"""

from __future__ import annotations

import math
import multiprocessing
import signal
import threading
import time
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from plansza.engine.base import ComputerPlayer, view_of
from plansza.engine.levels import make_player
from plansza.errors import N_, PlanszaError
from plansza.game import Game
from plansza.rules import Rules

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

__all__ = ["GameOutcome", "MatchResult", "play_game", "run_match", "wilson_interval"]

MAX_TURNS = 400  #: a guard: no legal game comes near it (every 4 passes end one)


class EngineError(PlanszaError):
    """A player broke the rules (a bug in the player, never a user's mistake)."""


def play_game(
    game: Game, players: list[ComputerPlayer], *, on_turn: Callable[[Game], None] | None = None
) -> int:
    """Play ``game`` to its end with ``players`` (by seat); returns the number of moves made.

    Plays go through the challenge window: the next player decides whether to
    challenge (TR 4.7). A move the game refuses is the player's bug: it raises
    :class:`EngineError` naming the player, the move and the position.
    """
    moves = 0
    while not game.is_over:
        if len(game.history) > MAX_TURNS:
            raise EngineError(
                N_("the game passed {turns} turns without ending"), code="endless", turns=MAX_TURNS
            )
        seat = game.to_move
        player = players[seat]
        move = player.choose(view_of(game, seat))
        try:
            game.move(move)
        except PlanszaError as e:
            raise EngineError(
                N_(
                    "player {seat} ({player}) chose {move}, which the game refused: {why} "
                    "(position {cgp}, rack {rack})"
                ),
                code="refused_move",
                seat=seat + 1,
                player=player.name,
                move=str(move),
                why=e,
                cgp=game.board.cgp(),
                rack=game.rack_string(seat),
            ) from e
        moves += 1
        if game.pending is not None:
            judge = (seat + 1) % game.rules.players
            words = tuple(w.word for w in game.pending.scored.words)
            if game.words is not None and players[judge].challenges(view_of(game, judge), words):
                game.challenge(challenger=judge)
            else:
                game.accept()
        if on_turn is not None:
            on_turn(game)
    return moves


@dataclass(frozen=True)
class GameOutcome:
    """One game of a match, from player 1's side."""

    index: int
    p1_started: bool
    p1_score: int
    p2_score: int
    moves: int
    seconds: float
    gcg: str | None = None

    @property
    def spread(self) -> int:
        return self.p1_score - self.p2_score


def wilson_interval(points: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a rate ``points / n`` (95% for z = 1.96).

    >>> lo, hi = wilson_interval(60, 100); round(lo, 3), round(hi, 3)
    (0.502, 0.691)
    """
    if n == 0:
        return (0.0, 1.0)
    p = points / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # Rounding must not push the rate itself outside (p = 0 or 1 lies on an edge).
    return (max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half)))


@dataclass
class MatchResult:
    """What a match shows: wins, draws, the win rate with its 95% interval, spread, speed.

    The win rate counts a draw as half a win; the interval is Wilson's.
    """

    p1: str
    p2: str
    seed: int
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    planned: int = 0  #: the games asked for (``games`` is those played)
    interrupted: bool = False  #: stopped by Ctrl-C: the figures cover the games finished

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def p1_wins(self) -> int:
        return sum(o.spread > 0 for o in self.outcomes)

    @property
    def p2_wins(self) -> int:
        return sum(o.spread < 0 for o in self.outcomes)

    @property
    def draws(self) -> int:
        return sum(o.spread == 0 for o in self.outcomes)

    @property
    def p1_win_rate(self) -> float:
        return (self.p1_wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        return wilson_interval(self.p1_wins + self.draws / 2, self.games)

    @property
    def mean_spread(self) -> float:
        return sum(o.spread for o in self.outcomes) / self.games if self.games else 0.0

    @property
    def moves(self) -> int:
        return sum(o.moves for o in self.outcomes)

    @property
    def moves_per_second(self) -> float:
        busy = sum(o.seconds for o in self.outcomes)
        return self.moves / busy if busy else 0.0

    def as_json(self) -> dict[str, Any]:
        lo, hi = self.ci95
        return {
            "p1": self.p1,
            "p2": self.p2,
            "seed": self.seed,
            "games": self.games,
            "p1_wins": self.p1_wins,
            "p2_wins": self.p2_wins,
            "draws": self.draws,
            "p1_win_rate": round(self.p1_win_rate, 4),
            "ci95": [round(lo, 4), round(hi, 4)],
            "mean_spread": round(self.mean_spread, 2),
            "moves": self.moves,
            "moves_per_second": round(self.moves_per_second, 1),
            "seconds": round(self.seconds, 2),
            "planned": self.planned,
            "interrupted": self.interrupted,
        }


# ---- running games, in this process or in workers ------------------------------------

_WORKER: dict[str, Any] = {}


@dataclass(frozen=True)
class _Job:
    index: int
    p1: str
    p2: str
    seed: int
    rules: str
    record: bool
    options: dict[str, Any] = field(default_factory=dict)


def _lexicon() -> Lexicon:
    lex = _WORKER.get("lexicon")
    if lex is None:
        from plansza.lexicon import Lexicon

        lex = Lexicon.default(progress=False)
        _WORKER["lexicon"] = lex
    return lex


def _play_one(job: _Job) -> GameOutcome:
    from plansza.gcg import record_from_game, write_gcg

    rules = Rules.by_name(job.rules)
    lexicon = _lexicon()
    p1_starts = job.index % 2 == 0
    # Seat 0 moves first; the players sit by who starts this game.
    first, second = (job.p1, job.p2) if p1_starts else (job.p2, job.p1)
    seeds = (f"{job.seed}:{job.index}:first", f"{job.seed}:{job.index}:second")
    players = [
        make_player(first, lexicon, rules, seed=hash_seed(seeds[0]), **job.options.get(first, {})),
        make_player(
            second, lexicon, rules, seed=hash_seed(seeds[1]), **job.options.get(second, {})
        ),
    ]
    names = [
        f"{first} (1)" if p1_starts else f"{first} (2)",
        f"{second} (2)" if p1_starts else f"{second} (1)",
    ]
    game = Game(
        rules, names, seed=hash_seed(f"{job.seed}:{job.index}"), words=lexicon, starting_player=0
    )
    start = time.perf_counter()
    moves = play_game(game, players)
    seconds = time.perf_counter() - start
    p1_seat = 0 if p1_starts else 1
    gcg = write_gcg(record_from_game(game)) if job.record else None
    return GameOutcome(
        job.index,
        p1_starts,
        game.scores[p1_seat],
        game.scores[1 - p1_seat],
        moves,
        seconds,
        gcg,
    )


def hash_seed(text: str) -> int:
    """A stable 63-bit seed from text (Python's ``hash`` of a str varies per process).

    >>> hash_seed("1:0")
    5995469358269906430
    """
    import hashlib

    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def iter_match(
    p1: str,
    p2: str,
    *,
    games: int,
    seed: int,
    rules: str = "pfs",
    jobs: int = 1,
    record: bool = False,
    lexicon: Lexicon | None = None,
    options: dict[str, dict[str, Any]] | None = None,
) -> Generator[GameOutcome, None, None]:
    """The outcomes of a match's games, in game order, as they finish."""
    job_list = [_Job(i, p1, p2, seed, rules, record, options or {}) for i in range(games)]
    if lexicon is not None:
        _WORKER["lexicon"] = lexicon
    if jobs <= 1 or games <= 1:
        for job in job_list:
            yield _play_one(job)
        return
    ctx = multiprocessing.get_context("fork")
    # Ctrl-C reaches the whole process group: the workers ignore it and the parent
    # alone stops the match (leaving the pool terminates it), so no worker dies
    # mid-task with a traceback of its own.
    with ctx.Pool(jobs, initializer=_ignore_interrupts) as pool:
        yield from pool.imap(_play_one, job_list)


def _ignore_interrupts() -> None:
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold SIGINT back for the block (the main thread of a POSIX process); it is
    delivered, as a KeyboardInterrupt, right after."""
    hold = (
        hasattr(signal, "pthread_sigmask") and threading.current_thread() is threading.main_thread()
    )
    if hold:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        if hold:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def run_match(
    p1: str,
    p2: str,
    *,
    games: int,
    seed: int,
    rules: str = "pfs",
    jobs: int = 1,
    record: bool = False,
    lexicon: Lexicon | None = None,
    options: dict[str, dict[str, Any]] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
) -> MatchResult:
    """Play a whole match (see :func:`iter_match`); ``on_game`` hears of each game.

    Ctrl-C (``KeyboardInterrupt``) stops the match, not the caller: the result holds
    the games finished so far and ``interrupted`` is set, so a long match keeps what
    it played. An error in ``on_game`` stops the match and is raised.
    """
    result = MatchResult(p1, p2, seed, planned=games)
    start = time.perf_counter()
    outcomes = iter_match(
        p1, p2, games=games, seed=seed, rules=rules, jobs=jobs, record=record,
        lexicon=lexicon, options=options,
    )  # fmt: skip
    try:
        for outcome in outcomes:
            # Heard of and counted as one step: Ctrl-C waits until both are done, so
            # the result counts exactly the games ``on_game`` saved (none half-saved,
            # none saved but left out).
            with _ctrl_c_held():
                if on_game is not None:
                    on_game(outcome)
                result.outcomes.append(outcome)
    except KeyboardInterrupt:
        result.interrupted = True
    finally:
        outcomes.close()  # the worker pool, if any, is shut down now, not when collected
    result.seconds = time.perf_counter() - start
    return result
