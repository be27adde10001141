"""plansza — the open Polish Scrabble system.

The public API is re-exported here, flat (``plansza.TileSet``, ``plansza.Board``, …).
"""

from plansza.errors import (
    FormatError,
    IllegalActionError,
    IllegalMoveError,
    InvalidMoveError,
    PlanszaError,
)
from plansza.tiles import BLANK, TileSet, polish_collation_key

__version__ = "0.1.0"

__all__ = [
    "BLANK",
    "FormatError",
    "IllegalActionError",
    "IllegalMoveError",
    "InvalidMoveError",
    "PlanszaError",
    "TileSet",
    "polish_collation_key",
]
