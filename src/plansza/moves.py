"""Moves as written: play, exchange, pass — parse and print, no board needed.

A play is a coordinate and the whole main word, letters already on the board
included, blanks as lower-case letters (``H8 ŻUBR``). The form with board letters
in parentheses is read too (``13A Z(M)AR(TWYCH)W(S)TA(Ł)Ą``). An exchange is
``-KWŃW`` or ``wymiana KWŃW`` (``?`` for a blank); a pass is ``-`` or ``pauza``.

>>> parse_move("h8 ŻUBR")
Play.parse('H8 ŻUBR')
>>> parse_move("8H zUBR")
Play.parse('8H zUBR')
>>> p = parse_move("13A Z(M)AR(TWYCH)W(S)TA(Ł)Ą"); str(p), p.notation(parens=True)
('13A ZMARTWYCHWSTAŁĄ', '13A Z(M)AR(TWYCH)W(S)TA(Ł)Ą')
>>> parse_move("wymiana kwńw"), str(parse_move("-KWŃW")), parse_move("pauza")
(Exchange.parse('-KWŃW'), '-KWŃW', Pass())
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from plansza.board import Coordinate
from plansza.errors import N_, InvalidMoveError
from plansza.files import excerpt
from plansza.tiles import BLANK, TileSet

if TYPE_CHECKING:
    from plansza.board import Board

MAX_WORD = 15


@dataclass(frozen=True)
class Play:
    """Tiles placed on the board, written as the main word from its first square.

    ``word`` spells the whole main word (upper case: a tile; lower case: a blank
    standing for that letter). ``through`` optionally marks which letters were
    written as already on the board (parentheses or GCG's ``.``); it is a detail
    of the writing, not of the move, and is ignored by equality.
    """

    coordinate: Coordinate
    word: str
    through: tuple[bool, ...] | None = field(default=None, compare=False, hash=False)

    @classmethod
    def parse(cls, text: str, tileset: TileSet | None = None) -> Play:
        move = parse_move(text, tileset)
        if not isinstance(move, Play):
            raise InvalidMoveError(
                N_("{move!r} is not a play (coordinate and word)"), move=excerpt(text)
            )
        return move

    def notation(self, *, parens: bool = False, board: Board | None = None) -> str:
        """``H8 ŻUBR``; with ``parens=True`` letters already on the board go in parentheses.

        Which letters were on the board comes from ``board`` (the position before
        the play) when given, otherwise from ``through``.
        """
        if not parens:
            return f"{self.coordinate} {self.word}"
        mask = self.through_mask(board)
        out: list[str] = []
        open_ = False
        for ch, on_board in zip(self.word, mask, strict=True):
            if on_board and not open_:
                out.append("(")
                open_ = True
            elif not on_board and open_:
                out.append(")")
                open_ = False
            out.append(ch)
        if open_:
            out.append(")")
        return f"{self.coordinate} {''.join(out)}"

    def through_mask(self, board: Board | None = None) -> tuple[bool, ...]:
        """For each letter of the word, whether it was already on the board."""
        if board is not None:
            return tuple(
                board.get(r, c) is not None for r, c in self.coordinate.squares(len(self.word))
            )
        if self.through is not None:
            return self.through
        return (False,) * len(self.word)

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Play.parse({str(self)!r})"


@dataclass(frozen=True)
class Exchange:
    """Tiles returned to the bag (``?`` is a blank), in the order written."""

    tiles: str

    @classmethod
    def parse(cls, text: str, tileset: TileSet | None = None) -> Exchange:
        move = parse_move(text, tileset)
        if not isinstance(move, Exchange):
            raise InvalidMoveError(
                N_("“{text}” is not an exchange (-LETTERS or wymiana LETTERS)"), text=excerpt(text)
            )
        return move

    def notation(self, *, polish_word: bool = False) -> str:
        return f"wymiana {self.tiles}" if polish_word else f"-{self.tiles}"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return f"Exchange.parse({str(self)!r})"


@dataclass(frozen=True)
class Pass:
    """A pass (pauza)."""

    def notation(self, *, polish_word: bool = False) -> str:
        return "pauza" if polish_word else "-"

    def __str__(self) -> str:
        return self.notation()

    def __repr__(self) -> str:
        return "Pass()"


Move = Play | Exchange | Pass

_PASS_WORDS = {"-", "pauza", "pass", "--"}
_EXCHANGE_RE = re.compile(r"^(?:-|(?:wymiana|exchange|exch)\s+)(\S+)$", re.IGNORECASE)


def _exchange_tiles(text: str, tiles: str, tileset: TileSet) -> str:
    out = []
    for ch in tiles:
        if ch == BLANK:
            out.append(ch)
        elif tileset.is_letter(ch):
            out.append(ch.upper())
        else:
            raise _not_a_letter(text, ch, tileset)
    if not 1 <= len(out) <= 7:
        raise InvalidMoveError(N_("“{text}”: an exchange returns 1 to 7 tiles"), text=excerpt(text))
    return "".join(out)


def _not_a_letter(text: str, ch: str, tileset: TileSet) -> InvalidMoveError:
    if tileset.name == "polish":
        return InvalidMoveError(
            N_("“{text}”: “{ch}” is not a letter of the Polish tile set"), text=excerpt(text), ch=ch
        )
    return InvalidMoveError(
        N_("“{text}”: “{ch}” is not a letter of the {tileset} tile set"),
        text=excerpt(text),
        ch=ch,
        tileset=tileset.name,
    )


def _play_word(text: str, written: str, tileset: TileSet) -> tuple[str, tuple[bool, ...] | None]:
    letters: list[str] = []
    through: list[bool] = []
    inside = False
    saw_parens = False
    group_len = 0
    for ch in written:
        if ch == "(":
            if inside:
                raise InvalidMoveError(N_("“{text}”: parentheses cannot nest"), text=excerpt(text))
            inside, saw_parens, group_len = True, True, 0
        elif ch == ")":
            if not inside:
                raise InvalidMoveError(N_("“{text}”: “)” without “(”"), text=excerpt(text))
            if group_len == 0:
                raise InvalidMoveError(N_("“{text}”: empty parentheses"), text=excerpt(text))
            inside = False
        elif tileset.is_letter(ch):
            letters.append(ch)
            through.append(inside)
            group_len += 1
        else:
            raise _not_a_letter(text, ch, tileset)
    if inside:
        raise InvalidMoveError(N_("“{text}”: “(” is not closed"), text=excerpt(text))
    if len(letters) < 2:
        raise InvalidMoveError(N_("“{text}”: a word has at least two letters"), text=excerpt(text))
    if len(letters) > MAX_WORD:
        # MAX_WORD is 15, the board's width: the message says so without a field.
        raise InvalidMoveError(N_("“{text}”: a word has at most 15 letters"), text=excerpt(text))
    return "".join(letters), (tuple(through) if saw_parens else None)


def parse_move(text: str, tileset: TileSet | None = None) -> Move:
    """Read a move in Polish notation (strict: anything unreadable raises).

    Raises :class:`InvalidMoveError` naming the input and the reason.
    """
    ts = tileset or TileSet.polish()
    s = " ".join(text.split())
    if not s:
        raise InvalidMoveError(N_("empty move: write e.g. “H8 SŁOWO”, “-ABC” or “pauza”"))
    if s.lower() in _PASS_WORDS:
        return Pass()
    m = _EXCHANGE_RE.match(s)
    if m:
        return Exchange(_exchange_tiles(text, m.group(1), ts))
    parts = s.split(" ")
    if len(parts) != 2:
        raise InvalidMoveError(
            N_(
                "“{text}” is not a move: write a coordinate and a word (“H8 SŁOWO”), "
                "an exchange (“-ABC”, “wymiana ABC”) or a pass (“-”, “pauza”)"
            ),
            text=excerpt(text),
        )
    coord = Coordinate.parse(parts[0])  # its error names the coordinate
    word, through = _play_word(text, parts[1], ts)
    # Played-through letters keep their case from the board; new letters: upper = tile.
    return Play(coord, word, through)


def unreadable(text: str, tileset: TileSet) -> InvalidMoveError:
    """Why ``text`` cannot be read as a move, as an error a front end words.

    >>> from plansza.tiles import TileSet
    >>> e = unreadable("Z9 KOT", TileSet.polish())
    >>> e.code, e.details["coord"]
    ('coordinate', 'Z9')
    >>> unreadable("H8 K", TileSet.polish()).code
    'short'
    """
    words = text.split()
    if len(words) == 2 and words[0].lower() in ("wymiana", "exchange", "exch"):
        words = ["-" + words[1]]
    if len(words) == 1 and words[0].startswith("-"):
        for ch in words[0][1:]:
            if ch != "?" and not tileset.is_letter(ch):
                return InvalidMoveError(
                    N_("“{text}”: “{ch}” is not a letter of the Polish tile set"),
                    code="letter",
                    text=excerpt(text),
                    ch=ch,
                )
        return InvalidMoveError(
            N_("“{text}”: an exchange returns 1 to 7 tiles"), code="exchange", text=excerpt(text)
        )
    if len(words) != 2:
        return InvalidMoveError(
            N_(
                "cannot read “{text}”: a play is written like “H8 WORD”, an exchange “-ABC”, "
                "a pass “-”; commands: “help”"
            ),
            code="unknown",
            text=excerpt(text),
        )
    try:
        Coordinate.parse(words[0])
    except InvalidMoveError:
        return InvalidMoveError(
            N_(
                "“{coord}” is not a coordinate: a column A–O and a row 1–15, e.g. H8 (across) "
                "or 8H (down)"
            ),
            code="coordinate",
            coord=excerpt(words[0]),
        )
    letters = 0
    for ch in words[1]:
        if ch in "()":
            continue
        if not tileset.is_letter(ch):
            return InvalidMoveError(
                N_("“{text}”: “{ch}” is not a letter of the Polish tile set"),
                code="letter",
                text=excerpt(text),
                ch=ch,
            )
        letters += 1
    if letters < 2:
        return InvalidMoveError(
            N_("“{text}”: a word has at least two letters"), code="short", text=excerpt(text)
        )
    if letters > 15:
        return InvalidMoveError(
            N_("“{text}”: a word has at most 15 letters"), code="long", text=excerpt(text)
        )
    return InvalidMoveError(
        N_("“{text}”: parentheses hold letters already on the board, e.g. 8H W(O)RD"),
        code="parentheses",
        text=excerpt(text),
    )
