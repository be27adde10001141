"""Every refusal reaches a Polish user in Polish (DEVELOPERS: Polish messages)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from plansza.board import Board
from plansza.cli.i18n import use as set_language
from plansza.errors import IllegalActionError, IllegalMoveError
from plansza.game import Game
from plansza.messages import REASONS, describe
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import play_from_tiles, score_play

SRC = Path(__file__).resolve().parents[2] / "src" / "plansza"


def test_every_reason_code_raised_by_the_engine_has_a_polish_text() -> None:
    raised: set[str] = set()
    for name in ("scoring.py", "game.py"):
        text = (SRC / name).read_text(encoding="utf-8")
        raised |= set(re.findall(r'Illegal(?:Move|Action)Error\(\s*"([a-z_]+)"', text))
    assert raised, "the pattern found no raise sites"
    assert raised <= set(REASONS), raised - set(REASONS)


def _errors() -> list[Exception]:
    out: list[Exception] = []
    b = Board()
    b.place([((7, 7), "Ż"), ((7, 8), "U"), ((7, 9), "B"), ((7, 10), "R")])
    for move in ("H8 ŻUB", "H8 ŻABAR", "L8 ABCDE", "H8 ŻUBR", "H8 (ŻUB)RY", "A1 KOT"):
        try:
            score_play(b, Play.parse(move), Rules.pfs())
        except IllegalMoveError as e:
            out.append(e)
    for tiles in ([((8, 7), "A"), ((8, 9), "B")], [((8, 7), "A"), ((9, 8), "B")], [((7, 7), "A")]):
        try:
            play_from_tiles(b, tiles)
        except IllegalMoveError as e:
            out.append(e)
    g = Game(Rules.pfs(), seed=1, starting_player=0)
    g.bag = g.bag[:3]
    for action in (lambda: g.exchange(g.racks[0][0]), lambda: g.accept(), lambda: g.penalize(0, 3)):
        try:
            action()
        except IllegalActionError as e:
            out.append(e)
    return out


@pytest.mark.parametrize("error", _errors(), ids=lambda e: getattr(e, "reason", "?"))
def test_polish_and_english_descriptions(error: Exception) -> None:
    set_language("pl")
    try:
        pl = describe(error)
    finally:
        set_language("en")
    en = describe(error)
    set_language("pl")
    assert en == str(error)
    assert pl != en and "{" not in pl  # translated, with every field filled
