"""The 15×15 board, its premium squares and the Polish coordinate notation.

Squares are ``(row, col)`` pairs from 0; a square's name is its column letter and
row number (``H8`` is the centre). A move's coordinate is the square of the first
letter of its main word plus a direction (GR "Współrzędne"): a horizontal word is
written letter-then-number (``H8``), a vertical one number-then-letter (``8H``).

>>> c = Coordinate.parse("8H"); c
Coordinate.parse('8H')
>>> c.row, c.col, c.direction is Direction.DOWN
(7, 7, True)
>>> str(Coordinate.parse("h8")), Coordinate.parse("H8").gcg()
('H8', '8H')

On the board a cell holds ``None`` or one letter: upper case for a tile, lower
case for a blank standing for that letter.

>>> b = Board()
>>> b.premium(0, 0), b.premium(7, 7), b.premium(1, 5)
(<Premium.TW: 'TW'>, <Premium.DW: 'DW'>, <Premium.TL: 'TL'>)
"""

from __future__ import annotations

import enum
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from plansza.errors import N_, NP_, FormatError, InvalidMoveError
from plansza.files import excerpt
from plansza.tiles import BLANK, TileSet

SIZE = 15
COLUMNS = "ABCDEFGHIJKLMNO"
CENTRE = (7, 7)


class Premium(enum.Enum):
    """A premium square: letter ×2/×3 (DL/TL) or word ×2/×3 (DW/TW)."""

    NONE = ""
    DL = "DL"
    TL = "TL"
    DW = "DW"
    TW = "TW"

    @property
    def letter_multiplier(self) -> int:
        return {Premium.DL: 2, Premium.TL: 3}.get(self, 1)

    @property
    def word_multiplier(self) -> int:
        return {Premium.DW: 2, Premium.TW: 3}.get(self, 1)


class Direction(enum.Enum):
    """The direction of a word: across (horizontal) or down (vertical)."""

    ACROSS = "across"
    DOWN = "down"

    @property
    def step(self) -> tuple[int, int]:
        """(row, col) step to the next square along the word."""
        return (0, 1) if self is Direction.ACROSS else (1, 0)

    @property
    def other(self) -> Direction:
        return Direction.DOWN if self is Direction.ACROSS else Direction.ACROSS


def square_name(row: int, col: int) -> str:
    """``(7, 7)`` → ``"H8"`` (column letter, row number)."""
    return f"{COLUMNS[col]}{row + 1}"


def parse_square(text: str) -> tuple[int, int]:
    """``"H8"`` (or ``"8H"``) → ``(7, 7)``: a square, whatever the direction."""
    return Coordinate.parse(text).square


_ACROSS_RE = re.compile(r"^([A-Oa-o])(1[0-5]|[1-9])$")
_DOWN_RE = re.compile(r"^(1[0-5]|[1-9])([A-Oa-o])$")


@dataclass(frozen=True, order=True)
class Coordinate:
    """Where a main word starts and which way it runs."""

    row: int
    col: int
    direction: Direction

    def __post_init__(self) -> None:
        if not (0 <= self.row < SIZE and 0 <= self.col < SIZE):
            raise InvalidMoveError(
                N_("square ({row}, {col}) is off the board"), row=self.row, col=self.col
            )

    @classmethod
    def parse(cls, text: str) -> Coordinate:
        """Read the Polish notation: ``H8`` across, ``8H`` down (case-insensitive letter)."""
        s = text.strip()
        m = _ACROSS_RE.match(s)
        if m:
            return cls(int(m.group(2)) - 1, COLUMNS.index(m.group(1).upper()), Direction.ACROSS)
        m = _DOWN_RE.match(s)
        if m:
            return cls(int(m.group(1)) - 1, COLUMNS.index(m.group(2).upper()), Direction.DOWN)
        raise InvalidMoveError(
            N_(
                "“{coord}” is not a coordinate: a column A–O and a row 1–15, e.g. H8 (across) "
                "or 8H (down)"
            ),
            coord=excerpt(text),
        )

    @classmethod
    def from_gcg(cls, text: str) -> Coordinate:
        """Read GCG's convention, the opposite of the Polish one: ``8H`` is across."""
        p = cls.parse(text)
        return cls(p.row, p.col, p.direction.other)

    def gcg(self) -> str:
        """GCG's convention: across written row first (``8H``), down column first (``H8``)."""
        return Coordinate(self.row, self.col, self.direction.other).__str__()

    @property
    def square(self) -> tuple[int, int]:
        return (self.row, self.col)

    def squares(self, length: int) -> list[tuple[int, int]]:
        """The ``length`` squares from this one along the direction (may leave the board)."""
        dr, dc = self.direction.step
        return [(self.row + i * dr, self.col + i * dc) for i in range(length)]

    def __str__(self) -> str:
        if self.direction is Direction.ACROSS:
            return f"{COLUMNS[self.col]}{self.row + 1}"
        return f"{self.row + 1}{COLUMNS[self.col]}"

    def __repr__(self) -> str:
        return f"Coordinate.parse({str(self)!r})"


# GR "Pola premiowe": the standard layout (spec rules.md § Board).
_PREMIUM_SQUARES: dict[Premium, str] = {
    Premium.TW: "A1 H1 O1 A8 O8 A15 H15 O15",
    Premium.DW: "B2 C3 D4 E5 K5 L4 M3 N2 B14 C13 D12 E11 K11 L12 M13 N14 H8",
    Premium.TL: "F2 J2 B6 F6 J6 N6 B10 F10 J10 N10 F14 J14",
    Premium.DL: "D1 L1 G3 I3 A4 H4 O4 C7 G7 I7 M7 D8 L8 C9 G9 I9 M9 A12 H12 O12 G13 I13 D15 L15",
}


def _standard_layout() -> tuple[tuple[Premium, ...], ...]:
    grid = [[Premium.NONE] * SIZE for _ in range(SIZE)]
    for premium, names in _PREMIUM_SQUARES.items():
        for name in names.split():
            r, c = Coordinate.parse(name).square
            grid[r][c] = premium
    return tuple(tuple(row) for row in grid)


STANDARD_LAYOUT: tuple[tuple[Premium, ...], ...] = _standard_layout()


class Board:
    """The grid of placed tiles with its premium layout. Mutable; ``copy()`` is cheap.

    >>> b = Board()
    >>> b.place([((7, 7), "A"), ((7, 8), "s")])
    >>> b[7, 7], b[7, 8], b.is_empty(), b.tile_count()
    ('A', 's', False, 2)
    """

    __slots__ = ("_cells", "layout")

    def __init__(self, layout: tuple[tuple[Premium, ...], ...] = STANDARD_LAYOUT) -> None:
        self.layout = layout
        self._cells: list[list[str | None]] = [[None] * SIZE for _ in range(SIZE)]

    def copy(self) -> Board:
        b = Board(self.layout)
        b._cells = [row[:] for row in self._cells]
        return b

    def __getitem__(self, square: tuple[int, int]) -> str | None:
        r, c = square
        return self._cells[r][c]

    def get(self, row: int, col: int) -> str | None:
        """The tile at ``(row, col)``, or ``None`` when empty or off the board."""
        if 0 <= row < SIZE and 0 <= col < SIZE:
            return self._cells[row][col]
        return None

    def __setitem__(self, square: tuple[int, int], tile: str | None) -> None:
        r, c = square
        self._cells[r][c] = tile

    def premium(self, row: int, col: int) -> Premium:
        return self.layout[row][col]

    def place(self, tiles: Iterable[tuple[tuple[int, int], str]]) -> None:
        """Put tiles on empty squares (no rule checks: see :mod:`plansza.scoring`)."""
        for (r, c), t in tiles:
            if self._cells[r][c] is not None:
                raise ValueError(f"{square_name(r, c)} is already occupied")
            self._cells[r][c] = t

    def remove(self, squares: Iterable[tuple[int, int]]) -> None:
        """Take tiles off (a play challenged off the board)."""
        for r, c in squares:
            self._cells[r][c] = None

    def is_empty(self) -> bool:
        return all(t is None for row in self._cells for t in row)

    def tile_count(self) -> int:
        return sum(t is not None for row in self._cells for t in row)

    def tiles(self) -> Iterator[tuple[tuple[int, int], str]]:
        """Every placed tile as ``((row, col), letter)``, row by row."""
        for r, row in enumerate(self._cells):
            for c, t in enumerate(row):
                if t is not None:
                    yield (r, c), t

    def tile_counts(self) -> Counter[str]:
        """The tiles on the board as tiles of the set: a blank (a lower-case
        letter) counts as ``?``.

        >>> b = Board()
        >>> b.place([((7, 7), "K"), ((7, 8), "o"), ((7, 9), "K")])
        >>> sorted(b.tile_counts().items())
        [('?', 1), ('K', 2)]
        """
        return Counter(BLANK if t.islower() else t for _, t in self.tiles())

    def rows(self) -> list[list[str | None]]:
        """A copy of the cells, row by row."""
        return [row[:] for row in self._cells]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return self._cells == other._cells and self.layout == other.layout

    def __hash__(self) -> int:
        return hash(tuple(tuple(r) for r in self._cells))

    def __str__(self) -> str:
        """A plain-text drawing: tiles as letters, empty squares as dots."""
        head = "    " + " ".join(COLUMNS)
        lines = [head]
        for r, row in enumerate(self._cells):
            lines.append(f"{r + 1:>2}  " + " ".join(t if t else "." for t in row))
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board.from_cgp({board_to_cgp(self)!r})"

    @classmethod
    def from_cgp(cls, text: str) -> Board:
        """The board part of a CGP position (``15/15/…``); see :mod:`plansza.cgp`."""
        return board_from_cgp(text)

    def cgp(self) -> str:
        """The board part of a CGP position."""
        return board_to_cgp(self)


# The board part of a CGP position lives here, not in plansza.cgp, because Board.from_cgp
# and Board.cgp need it and the formats are above the board; plansza.cgp re-exports it.
def board_from_cgp(rows_text: str, tileset: TileSet | None = None) -> Board:
    """The board part of a CGP (``15/15/…``); runs of empty squares in ASCII digits only."""
    ts = tileset or TileSet.polish()
    tiles = frozenset(ts.letters) | frozenset(letter.lower() for letter in ts.letters)
    rows = rows_text.strip().split("/")
    if len(rows) != SIZE:
        raise FormatError(
            NP_(
                "CGP board has {rows} row, expected {expected}: {text!r}",
                "CGP board has {rows} rows, expected {expected}: {text!r}",
            ),
            plural_field="rows",
            rows=len(rows),
            expected=SIZE,
            text=excerpt(rows_text),
        )
    board = Board()
    for r, row in enumerate(rows):
        c = 0
        for m in re.finditer(r"[0-9]+|.", row, re.DOTALL):
            tok = m.group(0)
            if tok[0] in "0123456789":
                if len(tok) > 2:  # a run of a hundred squares or more: not worth counting
                    raise FormatError(
                        N_("CGP row {row} {text!r} covers more than {expected} squares"),
                        row=r + 1,
                        text=excerpt(row),
                        expected=SIZE,
                    )
                if int(tok) == 0:
                    raise FormatError(
                        N_("CGP row {row} {text!r}: a run of 0 empty squares"),
                        row=r + 1,
                        text=excerpt(row),
                    )
                c += int(tok)
            else:
                if tok not in tiles:
                    raise FormatError(
                        N_("CGP row {row} {text!r}: {char!r} is not a letter of the {tileset} set"),
                        row=r + 1,
                        text=excerpt(row),
                        char=tok,
                        tileset=ts.name,
                    )
                if c < SIZE:
                    board[r, c] = tok
                c += 1
        if c != SIZE:
            raise FormatError(
                N_("CGP row {row} {text!r} covers {squares} squares, expected {expected}"),
                row=r + 1,
                text=excerpt(row),
                squares=c,
                expected=SIZE,
            )
    return board


def board_to_cgp(board: Board) -> str:
    """The board part of a CGP."""
    out = []
    for row in board.rows():
        parts: list[str] = []
        empty = 0
        for t in row:
            if t is None:
                empty += 1
                continue
            if empty:
                parts.append(str(empty))
                empty = 0
            parts.append(t)
        if empty:
            parts.append(str(empty))
        out.append("".join(parts))
    return "/".join(out)
