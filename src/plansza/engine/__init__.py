"""Computer players: random, greedy, static equity, simulation, exact endgame.

Every player implements :class:`Player` — ``choose(view) -> Move`` for a
:class:`GameView` (the game as the player to move sees it) and
``challenges(view, words)`` — and is made by name with :func:`make_player`:

=========  ===============================================================
level      what it does
=========  ===============================================================
random     a uniformly random legal placement (a baseline)
greedy     the highest-scoring placement (a baseline)
static     score + the value of the tiles kept (Polish leave values learned
           by self-play), with exchange and pass decisions
endgame    static, and with the bag empty an exact search
sim        2-ply Monte Carlo simulation over static's best candidates
           within a time budget, and the exact endgame
=========  ===============================================================

>>> from plansza.lexicon import Lexicon
>>> lex = Lexicon.build(["KOT", "TOK"], Rules.pfs().tileset)
>>> make_player("greedy", lex).name
'greedy'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from plansza.engine.base import GameView, Player, RandomPlayer, view_of
from plansza.engine.leaves import LeaveModel
from plansza.engine.match import MatchResult, play_game, run_match
from plansza.engine.static import Candidate, GreedyPlayer, StaticPlayer
from plansza.errors import PlanszaError
from plansza.moves import Move
from plansza.rules import Rules

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

__all__ = [
    "LEVELS",
    "Candidate",
    "GameView",
    "GreedyPlayer",
    "LeaveModel",
    "MatchResult",
    "Player",
    "RandomPlayer",
    "StaticPlayer",
    "UnknownLevelError",
    "make_player",
    "play_game",
    "run_match",
    "view_of",
]

#: The players by name, weakest first.
LEVELS: tuple[str, ...] = ("random", "greedy", "static", "endgame", "sim")


#: How long the exact endgame search may take a move before it answers with its
#: best sequence so far.
ENDGAME_SECONDS = 10.0


def exact_endgame(
    lexicon: Lexicon, rules: Rules, seconds: float = ENDGAME_SECONDS, threads: int = 1
) -> Callable[[GameView], Move | None]:
    """The endgame decision of the levels that search it exactly (bag empty, two players).

    Returns None (the caller decides statically) when the opponent's rack is not
    known — more than two players. ``threads=2`` searches with a second thread
    (for a game against a person; self-play matches run one game a core).
    """

    def decide(view: GameView) -> Move | None:
        opponent = view.opponent_rack_known
        if opponent is None or not opponent or not view.rack or view.scoreless_left is None:
            return None  # not a two-player endgame the search is made for
        from plansza.engine.endgame import EndgameError, solve

        try:
            result = solve(
                view.board,
                view.rack,
                opponent,
                lexicon,
                rules,
                scoreless_left=view.scoreless_left,
                time_limit=seconds,
                threads=threads,
            )
        except EndgameError:
            return None  # e.g. rules the search does not cover: the static decision
        return result.moves[0] if result.moves else None

    return decide


class UnknownLevelError(PlanszaError):
    """A player level that does not exist."""


def make_player(
    level: str,
    lexicon: Lexicon,
    rules: Rules | None = None,
    *,
    seed: int | None = None,
    **options: Any,
) -> Player:
    """A player of the named level (see the module's table)."""
    rules = rules or Rules.pfs()
    if level == "random":
        return RandomPlayer(lexicon, rules, seed=seed)
    if level == "greedy":
        return GreedyPlayer(lexicon, rules, seed=seed)
    if level == "static":
        return StaticPlayer(lexicon, rules, seed=seed, **options)
    if level in ("endgame", "sim"):
        endgame = exact_endgame(
            lexicon,
            rules,
            float(options.pop("endgame_seconds", ENDGAME_SECONDS)),
            int(options.pop("endgame_threads", 1)),
        )
        if level == "endgame":
            return StaticPlayer(lexicon, rules, seed=seed, endgame=endgame, **options)
        from plansza.engine.sim import SimPlayer

        return SimPlayer(lexicon, rules, seed=seed, endgame=endgame, **options)
    raise UnknownLevelError(f"unknown player level {level!r}; choose one of: {', '.join(LEVELS)}")
