"""Computer players: random, greedy, static equity, simulation, exact endgame.

Every player implements :class:`ComputerPlayer` — ``choose(view) -> Move`` for a
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
>>> from plansza.rules import Rules
>>> lex = Lexicon.build(["KOT", "TOK"], Rules.pfs().tileset)
>>> make_player("greedy", lex).name
'greedy'
"""

from __future__ import annotations

from plansza.engine.base import ComputerPlayer, GameView, RandomPlayer, view_of
from plansza.engine.leaves import LeaveModel
from plansza.engine.levels import LEVELS, UnknownLevelError, make_player
from plansza.engine.match import MatchResult, play_game, run_match
from plansza.engine.static import Candidate, GreedyPlayer, StaticPlayer

__all__ = [
    "LEVELS",
    "Candidate",
    "ComputerPlayer",
    "GameView",
    "GreedyPlayer",
    "LeaveModel",
    "MatchResult",
    "RandomPlayer",
    "StaticPlayer",
    "UnknownLevelError",
    "make_player",
    "play_game",
    "run_match",
    "view_of",
]
