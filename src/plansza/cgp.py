"""CGP positions (macondo's compact format): read and write.

``ROWS RACKS SCORES ZEROS [op value; …]`` where ROWS is 15 rows joined by ``/``
(digits for runs of empty squares, upper case tiles, lower case blanks), RACKS is
``rack1/rack2`` (the player to move first; ``?`` a blank; either may be empty),
SCORES ``s1/s2`` and ZEROS the number of consecutive scoreless turns. Trailing
fields may be left out (a board alone is a position with empty racks).

>>> p = parse_cgp("15/15/15/15/15/15/15/7ŻUBr4/15/15/15/15/15/15/15 ABC?/ 10/0 0 lex sjp;")
>>> p.board[7, 10], p.racks, p.scores, p.zeros, p.ops
('r', ['ABC?', ''], [10, 0], 0, {'lex': 'sjp'})
>>> p.cgp()
'15/15/15/15/15/15/15/7ŻUBr4/15/15/15/15/15/15/15 ABC?/ 10/0 0 lex sjp;'

Numbers are ASCII digits only (``int()`` would also read ``²`` or ``١٢``); a bad
field is a :class:`~plansza.errors.FormatError` naming it and quoting at most
:data:`~plansza.files.EXCERPT` characters of it. A CGP longer than
:data:`MAX_CGP` characters is refused before it is read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# The board part of a CGP is read and written by plansza.board (Board.from_cgp and
# Board.cgp need it, and the board is below the formats); re-exported here.
from plansza.board import Board
from plansza.board import board_from_cgp as board_from_cgp
from plansza.board import board_to_cgp as board_to_cgp
from plansza.errors import N_, NP_, FormatError
from plansza.files import excerpt
from plansza.tiles import BLANK, TileSet

MAX_CGP = 1 << 16
"""Characters: a CGP is a few hundred; ops with long notes leave room to spare."""

_RUN_OR_CHAR = re.compile(r"[0-9]+|.", re.DOTALL)
_SCORE = re.compile(r"[+-]?[0-9]{1,6}")  # ASCII: a score of a million is not a score
_ZEROS = re.compile(r"[0-9]{1,3}")


@dataclass
class Position:
    """A position: the board, racks (player to move first), scores, scoreless turns, ops."""

    board: Board
    racks: list[str] = field(default_factory=lambda: ["", ""])
    scores: list[int] = field(default_factory=lambda: [0, 0])
    zeros: int = 0
    ops: dict[str, str] = field(default_factory=dict)

    @property
    def lexicon(self) -> str | None:
        """The ``lex`` op: the lexicon the position is meant for."""
        return self.ops.get("lex")

    def cgp(self) -> str:
        """Write the position back as CGP."""
        text = (
            f"{board_to_cgp(self.board)} {'/'.join(self.racks)} "
            f"{'/'.join(str(s) for s in self.scores)} {self.zeros}"
        )
        for k, v in self.ops.items():
            text += f" {k} {v};" if v else f" {k};"
        return text

    def __str__(self) -> str:
        return self.cgp()


RACK_TILES = 7
"""The most tiles a rack holds (every rule set plansza knows; ``Rules.rack_size``)."""


def _rack(text: str, ts: TileSet, which: int) -> str:
    tiles = frozenset(ts.letters) | {BLANK}
    for ch in text:
        if ch not in tiles:
            raise FormatError(
                N_("CGP rack {which} {text!r}: {char!r} is not a tile "
                   "(upper-case letters, ? for a blank)"),
                which=which, text=excerpt(text), char=ch,
            )
    if len(text) > RACK_TILES:
        raise FormatError(
            NP_("CGP rack {which} {text!r} has {count} tile; a rack holds at most {most}",
                "CGP rack {which} {text!r} has {count} tiles; a rack holds at most {most}"),
            plural_field="count", code="rack_size", which=which, text=excerpt(text),
            count=len(text), most=RACK_TILES,
        )
    return text


def parse_cgp(
    text: str, tileset: TileSet | None = None, *, check_counts: bool = False
) -> Position:
    """Read a CGP position; raise :class:`FormatError` naming the field and the reason.

    ``check_counts`` also refuses a position using more of a tile than the set has.
    It is off by default: analysis positions (the issue's mid1 with the rack
    EIKNORS has a seventh O) need not come from a real bag.

    >>> parse_cgp("15/15/15/15/15/15/15/15/15/15/15/15/15/15/15 A/B ²/0")
    Traceback (most recent call last):
    ...
    plansza.errors.FormatError: CGP scores '²/0': expected numbers like 120/87
    """
    ts = tileset or TileSet.polish()
    if len(text) > MAX_CGP:
        raise FormatError(
            N_("CGP is longer than {limit} characters: {text!r}"),
            code="too_large", limit=MAX_CGP, text=excerpt(text),
        )
    s = text.strip()
    if not s:
        raise FormatError(N_("empty CGP"))
    ops_text = ""
    fields = s.split(None, 4)
    if len(fields) == 5:
        ops_text = fields[4]
        fields = fields[:4]
    board = board_from_cgp(fields[0], ts)
    pos = Position(board)
    if len(fields) > 1:
        racks = fields[1].split("/")
        if not 1 <= len(racks) <= 4:
            raise FormatError(
                N_("CGP racks {text!r}: expected rack1/rack2"), text=excerpt(fields[1])
            )
        if len(racks) == 1:
            racks.append("")
        pos.racks = [_rack(r, ts, i + 1) for i, r in enumerate(racks)]
    if len(fields) > 2:
        scores = fields[2].split("/")
        if not all(_SCORE.fullmatch(x) for x in scores):
            raise FormatError(
                N_("CGP scores {text!r}: expected numbers like 120/87"), text=excerpt(fields[2])
            )
        pos.scores = [int(x) for x in scores]
        if len(pos.scores) != len(pos.racks):
            raise FormatError(
                N_("CGP scores {text!r}: {scores} scores for {racks} racks"),
                text=excerpt(fields[2]), scores=len(pos.scores), racks=len(pos.racks),
            )
    else:
        pos.scores = [0] * len(pos.racks)
    if len(fields) > 3:
        if not _ZEROS.fullmatch(fields[3]):
            raise FormatError(
                N_("CGP scoreless-turn count {text!r} is not a number"), text=excerpt(fields[3])
            )
        pos.zeros = int(fields[3])
    if ops_text:
        for op in ops_text.split(";"):
            op = op.strip()
            if not op:
                continue
            name, _, value = op.partition(" ")
            pos.ops[name] = value.strip()
    if check_counts:
        check_tile_counts(pos, ts)
    return pos


def check_tile_counts(pos: Position, ts: TileSet) -> None:
    """Raise :class:`FormatError` when board and racks use more of a tile than the set has."""
    used = pos.board.tile_counts()
    for rack in pos.racks:
        used.update(rack)
    for tile, n in used.items():
        if n > ts.count(tile):
            if tile == BLANK:
                raise FormatError(
                    NP_("CGP uses {n} blank on the board and racks; the {tileset} set has {has}",
                        "CGP uses {n} blanks on the board and racks; the {tileset} set has {has}"),
                    plural_field="n", n=n, tileset=ts.name, has=ts.count(tile),
                )
            raise FormatError(
                NP_("CGP uses {n} {tile} tile on the board and racks; "
                    "the {tileset} set has {has}",
                    "CGP uses {n} {tile} tiles on the board and racks; "
                    "the {tileset} set has {has}"),
                plural_field="n", n=n, tile=tile, tileset=ts.name, has=ts.count(tile),
            )
