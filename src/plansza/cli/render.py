"""Drawing the board and score sheets with Rich (shared by the game commands)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text

from plansza.tiles import TileSet

if TYPE_CHECKING:
    from plansza.services.positions import Board

# GR "Pola premiowe": light blue ×2 letter, dark blue ×3 letter, light red ×2 word,
# dark red ×3 word. Keyed by the premium's code in the board's view.
PREMIUM_STYLE = {
    "": "on #2e7d32",
    "DL": "black on #81d4fa",
    "TL": "white on #1565c0",
    "DW": "black on #f48fb1",
    "TW": "white on #c62828",
}
PREMIUM_MARK = {
    "": "  ",
    "DL": "2l",
    "TL": "3l",
    "DW": "2s",
    "TW": "3s",
}
TILE_STYLE = "bold black on #f5deb3"
BLANK_STYLE = "bold #b71c1c on #f5deb3"
NEW_STYLE = "bold black on #ffeb3b"


def board_text(board: Board, highlight: set[tuple[int, int]] | None = None) -> Text:
    """The board in colour: premiums by the GR colours, tiles in wheat, blanks in red."""
    from plansza.services.positions import board_view

    view = board_view(board)
    hl = highlight or set()
    out = Text("   " + "".join(f"{c} " for c in view.columns) + "\n")
    for r, row in enumerate(view.rows):
        out.append(f"{r + 1:>2} ")
        for c, square in enumerate(row):
            tile = square.tile
            if tile is None:
                prem = square.premium
                mark = "★ " if (r, c) == view.centre else PREMIUM_MARK[prem]
                out.append(mark, style=PREMIUM_STYLE[prem])
            else:
                style = NEW_STYLE if (r, c) in hl else BLANK_STYLE if tile.islower() else TILE_STYLE
                out.append(f"{tile} ", style=style)
        out.append(f" {r + 1}\n")
    out.append("   " + "".join(f"{c} " for c in view.columns))
    return out


def rack_text(rack: str, tileset: TileSet) -> Text:
    """A rack with each tile's value as a subscript-like suffix."""
    out = Text()
    for t in tileset.sort_tiles(rack):
        out.append(f" {t}{tileset.value(t) if t != '?' else 0} ", style=TILE_STYLE)
        out.append(" ")
    return out


def legend(lang: str) -> Text:
    labels = {
        "pl": ("litera ×2", "litera ×3", "słowo ×2", "słowo ×3"),
        "en": ("double letter", "triple letter", "double word", "triple word"),
    }[lang]
    out = Text()
    for prem, label in zip(("DL", "TL", "DW", "TW"), labels, strict=True):
        out.append(f" {PREMIUM_MARK[prem]} ", style=PREMIUM_STYLE[prem])
        out.append(f" {label}   ")
    return out
