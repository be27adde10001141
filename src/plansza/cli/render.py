"""Drawing the board and score sheets with Rich (shared by the game commands)."""

from __future__ import annotations

from rich.text import Text

from plansza.board import COLUMNS, SIZE, Board, Premium
from plansza.tiles import TileSet

# GR "Pola premiowe": light blue ×2 letter, dark blue ×3 letter, light red ×2 word,
# dark red ×3 word.
PREMIUM_STYLE = {
    Premium.NONE: "on #2e7d32",
    Premium.DL: "black on #81d4fa",
    Premium.TL: "white on #1565c0",
    Premium.DW: "black on #f48fb1",
    Premium.TW: "white on #c62828",
}
PREMIUM_MARK = {
    Premium.NONE: "  ",
    Premium.DL: "2l",
    Premium.TL: "3l",
    Premium.DW: "2s",
    Premium.TW: "3s",
}
TILE_STYLE = "bold black on #f5deb3"
BLANK_STYLE = "bold #b71c1c on #f5deb3"
NEW_STYLE = "bold black on #ffeb3b"


def board_text(board: Board, highlight: set[tuple[int, int]] | None = None) -> Text:
    """The board in colour: premiums by the GR colours, tiles in wheat, blanks in red."""
    hl = highlight or set()
    out = Text("   " + "".join(f"{c} " for c in COLUMNS) + "\n")
    for r in range(SIZE):
        out.append(f"{r + 1:>2} ")
        for c in range(SIZE):
            tile = board[r, c]
            if tile is None:
                prem = board.premium(r, c)
                mark = "★ " if (r, c) == (7, 7) else PREMIUM_MARK[prem]
                out.append(mark, style=PREMIUM_STYLE[prem])
            else:
                style = NEW_STYLE if (r, c) in hl else BLANK_STYLE if tile.islower() else TILE_STYLE
                out.append(f"{tile} ", style=style)
        out.append(f" {r + 1}\n")
    out.append("   " + "".join(f"{c} " for c in COLUMNS))
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
    for prem, label in zip((Premium.DL, Premium.TL, Premium.DW, Premium.TW), labels, strict=True):
        out.append(f" {PREMIUM_MARK[prem]} ", style=PREMIUM_STYLE[prem])
        out.append(f" {label}   ")
    return out
