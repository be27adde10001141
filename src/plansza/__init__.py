"""plansza — the open Polish Scrabble system.

The public API is here, flat: the classes and functions a Python user reaches for,
from the board and the moves to the tournament and the ranking. Each name means one
thing (``Game`` is the game state machine; a Belgijka game is a ``DuplicateGame``,
a tournament's a ``TournamentGame``, a ranking history's a ``RankedGame``).

>>> import plansza
>>> board = plansza.Board()
>>> move = plansza.Play.parse("H8 KOT")
>>> plansza.score_play(board, move, plansza.Rules.pfs()).score
10
>>> plansza.parse_move("-AB")
Exchange.parse('-AB')

The names are loaded on first use (PEP 562), so ``import plansza`` stays cheap:
it imports no submodule, and the command line, which imports ``plansza.cli``
through this package, pays only for what it uses. Subsystems keep their own
modules for the rest (``plansza.gcg``, ``plansza.movegen``, ``plansza.engine``,
``plansza.duplicate``, ``plansza.tournament``, ``plansza.ranking`` …).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from plansza.board import Board, Coordinate, Direction, Premium
    from plansza.cgp import Position, parse_cgp
    from plansza.clock import ChessClock
    from plansza.duplicate.cards import Card, Verdict
    from plansza.duplicate.game import (
        Championship,
        DuplicateGame,
        DuplicateMove,
        DuplicatePlayer,
    )
    from plansza.duplicate.messages import DuplicateError
    from plansza.duplicate.top import DuplicateCandidate
    from plansza.engine.analysis import Analysis, analyze
    from plansza.engine.base import ComputerPlayer, GameView, RandomPlayer, view_of
    from plansza.engine.endgame import EndgameResult
    from plansza.engine.endgame import solve as solve_endgame
    from plansza.engine.leaves import LeaveModel
    from plansza.engine.levels import make_player
    from plansza.engine.match import MatchResult, play_game, run_match
    from plansza.engine.sim import SimPlayer
    from plansza.engine.static import Candidate, GreedyPlayer, StaticPlayer
    from plansza.errors import (
        FormatError,
        IllegalActionError,
        IllegalMoveError,
        InvalidMoveError,
        PlanszaError,
    )
    from plansza.game import ChallengeVerdict, Game
    from plansza.gcg import GameRecord, read_gcg, record_from_game, write_gcg
    from plansza.lexicon.core import Lexicon
    from plansza.lexicon.store import LexiconError
    from plansza.movegen import GeneratedMove, MoveGenerator, MoveList, RackError
    from plansza.moves import Exchange, Move, Pass, Play, parse_move
    from plansza.ranking.hollington import RankingHistory, RankingList
    from plansza.ranking.records import RankedGame, read_games_csv, write_games_csv
    from plansza.rules import ChallengeMode, EndRackRule, FlagFall, Rules, TieRule
    from plansza.scoring import ScoredPlay, score_play
    from plansza.tiles import BLANK, TileSet, polish_collation_key
    from plansza.tournament.model import TournamentGame, TournamentPlayer
    from plansza.tournament.storage import TournamentFile

__version__ = "0.1.0"

# Where each public name lives: "module" or "module:attribute" when the flat name is
# not the module's (the endgame's ``solve`` is ``solve_endgame`` here). It must agree
# with the TYPE_CHECKING imports above, which type checkers and readers see;
# tests/test_api.py checks that it does.
_PUBLIC: dict[str, str] = {
    # the pieces: tiles, board, moves, rules, scoring, clock
    "BLANK": "plansza.tiles",
    "TileSet": "plansza.tiles",
    "polish_collation_key": "plansza.tiles",
    "Board": "plansza.board",
    "Coordinate": "plansza.board",
    "Direction": "plansza.board",
    "Premium": "plansza.board",
    "Move": "plansza.moves",
    "Play": "plansza.moves",
    "Exchange": "plansza.moves",
    "Pass": "plansza.moves",
    "parse_move": "plansza.moves",
    "Rules": "plansza.rules",
    "ChallengeMode": "plansza.rules",
    "EndRackRule": "plansza.rules",
    "FlagFall": "plansza.rules",
    "TieRule": "plansza.rules",
    "ScoredPlay": "plansza.scoring",
    "score_play": "plansza.scoring",
    "ChessClock": "plansza.clock",
    # the game and its records
    "Game": "plansza.game",
    "ChallengeVerdict": "plansza.game",
    "GameRecord": "plansza.gcg",
    "read_gcg": "plansza.gcg",
    "write_gcg": "plansza.gcg",
    "record_from_game": "plansza.gcg",
    "Position": "plansza.cgp",
    "parse_cgp": "plansza.cgp",
    # words and moves
    "Lexicon": "plansza.lexicon.core",
    "LexiconError": "plansza.lexicon.store",
    "MoveGenerator": "plansza.movegen",
    "MoveList": "plansza.movegen",
    "GeneratedMove": "plansza.movegen",
    "RackError": "plansza.movegen",
    # computer players, matches, analysis, the exact endgame
    "ComputerPlayer": "plansza.engine.base",
    "GameView": "plansza.engine.base",
    "view_of": "plansza.engine.base",
    "RandomPlayer": "plansza.engine.base",
    "GreedyPlayer": "plansza.engine.static",
    "StaticPlayer": "plansza.engine.static",
    "Candidate": "plansza.engine.static",
    "SimPlayer": "plansza.engine.sim",
    "LeaveModel": "plansza.engine.leaves",
    "make_player": "plansza.engine.levels",
    "play_game": "plansza.engine.match",
    "run_match": "plansza.engine.match",
    "MatchResult": "plansza.engine.match",
    "analyze": "plansza.engine.analysis",
    "Analysis": "plansza.engine.analysis",
    "solve_endgame": "plansza.engine.endgame:solve",
    "EndgameResult": "plansza.engine.endgame",
    # Belgijka (duplicate)
    "Championship": "plansza.duplicate.game",
    "DuplicateGame": "plansza.duplicate.game",
    "DuplicateMove": "plansza.duplicate.game",
    "DuplicatePlayer": "plansza.duplicate.game",
    "DuplicateCandidate": "plansza.duplicate.top",
    "Card": "plansza.duplicate.cards",
    "Verdict": "plansza.duplicate.cards",
    "DuplicateError": "plansza.duplicate.messages",
    # tournaments and the ranking
    "TournamentFile": "plansza.tournament.storage",
    "TournamentPlayer": "plansza.tournament.model",
    "TournamentGame": "plansza.tournament.model",
    "RankingHistory": "plansza.ranking.hollington",
    "RankingList": "plansza.ranking.hollington",
    "RankedGame": "plansza.ranking.records",
    "read_games_csv": "plansza.ranking.records",
    "write_games_csv": "plansza.ranking.records",
    # errors: "can't read that" vs "can't play that here", and the rest
    "PlanszaError": "plansza.errors",
    "InvalidMoveError": "plansza.errors",
    "IllegalMoveError": "plansza.errors",
    "IllegalActionError": "plansza.errors",
    "FormatError": "plansza.errors",
}

# The names of _PUBLIC, written out for type checkers, linters and pdoc, which read
# ``__all__`` without running the module (tests/test_api.py checks that they agree).
__all__ = [
    "BLANK",
    "Analysis",
    "Board",
    "Candidate",
    "Card",
    "ChallengeMode",
    "ChallengeVerdict",
    "Championship",
    "ChessClock",
    "ComputerPlayer",
    "Coordinate",
    "Direction",
    "DuplicateCandidate",
    "DuplicateError",
    "DuplicateGame",
    "DuplicateMove",
    "DuplicatePlayer",
    "EndRackRule",
    "EndgameResult",
    "Exchange",
    "FlagFall",
    "FormatError",
    "Game",
    "GameRecord",
    "GameView",
    "GeneratedMove",
    "GreedyPlayer",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidMoveError",
    "LeaveModel",
    "Lexicon",
    "LexiconError",
    "MatchResult",
    "Move",
    "MoveGenerator",
    "MoveList",
    "Pass",
    "PlanszaError",
    "Play",
    "Position",
    "Premium",
    "RackError",
    "RandomPlayer",
    "RankedGame",
    "RankingHistory",
    "RankingList",
    "Rules",
    "ScoredPlay",
    "SimPlayer",
    "StaticPlayer",
    "TieRule",
    "TileSet",
    "TournamentFile",
    "TournamentGame",
    "TournamentPlayer",
    "Verdict",
    "analyze",
    "make_player",
    "parse_cgp",
    "parse_move",
    "play_game",
    "polish_collation_key",
    "read_games_csv",
    "read_gcg",
    "record_from_game",
    "run_match",
    "score_play",
    "solve_endgame",
    "view_of",
    "write_games_csv",
    "write_gcg",
]


def __getattr__(name: str) -> Any:
    # PEP 562: a public name is imported when first asked for, then kept in the
    # module's namespace, so this runs once a name.
    where = _PUBLIC.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module, _, attribute = where.partition(":")
    value = getattr(importlib.import_module(module), attribute or name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_PUBLIC})
