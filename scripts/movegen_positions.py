"""Write the move generator's benchmark and work-count positions (issue 43).

One position a line in ``tests/movegen/data/positions.tsv``: the board (CGP; empty
for the empty board), a tab, the rack, a tab, the position's name. The named
positions come first; then the board and rack before every play of the test games
(``tests/game/data/games/*.gcg``), and for each such rack of seven tiles without a
blank the same rack with its last one and two tiles made blanks. Both
``benchmarks/movegen.py`` and ``tests/movegen/test_work.py`` read the file; it is
written again only when the positions change on purpose::

    .venv/bin/python scripts/movegen_positions.py
"""

from __future__ import annotations

from pathlib import Path

from plansza.gcg import EventKind, GameRecord, read_gcg
from plansza.replay import replay
from plansza.rules import Rules

ROOT = Path(__file__).resolve().parent.parent
GAMES = ROOT / "tests" / "game" / "data" / "games"
OUT = ROOT / "tests" / "movegen" / "data" / "positions.tsv"

MID1 = (
    "15/15/15/15/15/7N7/7ARMIA3/7P3MIOT/7OŚKA3R/5BOI2N3W/"
    "1DESKI3PO2DA/1OR1O4IN1FAŁ/1M2TWYCH1S2Ł1/15/15"
)
# The board before play 20 of 03_two_blanks (a full mid-game board).
MID2_GAME, MID2_PLAY = "03_two_blanks", 20

NAMED = [
    ("", "AEINORZ", "empty"),
    ("", "KOTŁEIA", "empty"),
    ("", "AEINRS?", "empty"),
    ("", "AEINR??", "empty"),
    ("", "?DEFRUZ", "empty"),
    (MID1, "EIKNORS", "mid1"),
    (MID1, "AAĄRTWZ", "mid1"),
    (MID1, "EIKNOR?", "mid1"),
    (MID1, "EKR??", "mid1"),
    ("MID2", "AEILNOZ", "mid2"),
    ("MID2", "AEILNO?", "mid2"),
    ("MID2", "ŁY", "mid2"),
    ("MID2", "CHW?", "mid2"),
]


def game_positions(rules: Rules) -> list[tuple[str, str, str]]:
    """(board CGP, rack, name) before every play of every test game, in file order."""
    out = []
    for path in sorted(GAMES.glob("*.gcg")):
        record = read_gcg(path.read_text(encoding="utf-8"), rules.tileset, source=str(path))
        plays = 0
        for i, ev in enumerate(record.events):
            if ev.kind is not EventKind.PLAY or not ev.rack:
                continue
            plays += 1
            board = replay(GameRecord(record.players, record.pragmas, record.events[:i]), rules)
            out.append((board.board.cgp(), ev.rack, f"{path.stem}:{plays}"))
    return out


def main() -> None:
    rules = Rules.pfs()
    games = game_positions(rules)
    mid2 = next(cgp for cgp, _, name in games if name == f"{MID2_GAME}:{MID2_PLAY}")
    lines = ["# board (CGP, empty: the empty board)\track\tname — scripts/movegen_positions.py"]
    for cgp, rack, name in NAMED:
        lines.append(f"{mid2 if cgp == 'MID2' else cgp}\t{rack}\t{name}")
    for cgp, rack, name in games:
        lines.append(f"{cgp}\t{rack}\t{name}")
        if len(rack) == rules.rack_size and "?" not in rack:
            lines.append(f"{cgp}\t{rack[:-1]}?\t{name}?")
            lines.append(f"{cgp}\t{rack[:-2]}??\t{name}??")
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines) - 1} positions")


if __name__ == "__main__":
    main()
