"""The computer players by level name: :func:`make_player` and :data:`LEVELS`.

The levels are described in :mod:`plansza.engine`, which re-exports these names.
They live in their own module so that the engine's other modules (matches,
analysis) can make players without importing the package that imports them.

>>> from plansza.lexicon import Lexicon
>>> lex = Lexicon.build(["KOT", "TOK"], Rules.pfs().tileset)
>>> [make_player(level, lex).name for level in ("greedy", "static")]
['greedy', 'static']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from plansza.engine.base import ComputerPlayer, GameView, RandomPlayer
from plansza.engine.static import GreedyPlayer, StaticPlayer
from plansza.errors import N_, PlanszaError
from plansza.moves import Move
from plansza.rules import Rules

if TYPE_CHECKING:
    from plansza.lexicon import Lexicon

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
) -> ComputerPlayer:
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
    raise UnknownLevelError(
        N_("unknown player level {level!r}; choose one of: {levels}"),
        level=level,
        levels=", ".join(LEVELS),
    )
