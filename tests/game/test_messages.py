"""Every refusal reaches a Polish user in Polish (DEVELOPERS: Polish messages).

The engine raises templates (English ids) with their details; the catalogues word
them (:func:`plansza.i18n.describe` with the translator of the user's language).
"""

from __future__ import annotations

import pytest

from plansza import i18n
from plansza.board import Board
from plansza.errors import IllegalActionError, IllegalMoveError, PlanszaError
from plansza.game import Game
from plansza.i18n import describe
from plansza.moves import Play
from plansza.rules import Rules
from plansza.scoring import play_from_tiles, score_play


def pl(error: PlanszaError) -> str:
    return describe(error, i18n.translator("pl"))


def en(error: PlanszaError) -> str:
    return describe(error, i18n.translator("en"))


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
def test_polish_and_english_descriptions(error: PlanszaError) -> None:
    polish, english = pl(error), en(error)
    assert english == str(error)
    assert polish != english and "{" not in polish  # translated, with every field filled


def _game_with_rack(rack: str) -> Game:
    g = Game(Rules.pfs(), seed=1, starting_player=0)
    g.racks[0] = list(rack)
    return g


def test_a_word_typed_in_lower_case_is_told_that_lower_case_means_a_blank() -> None:
    # GR, TR 3.2.3: a blank is written as a lower-case letter; "brakuje ???" alone
    # would not tell a player who typed "h8 kot" why the rack lacks tiles.
    g = _game_with_rack("KOTABCD")
    with pytest.raises(IllegalMoveError) as e:
        g.score("H8 kot")
    assert e.value.code == "not_on_rack"
    text = pl(e.value)
    assert "brakuje ???" in text and "mała litera oznacza blank" in text and "KOT" in text
    assert "a lower-case letter means a blank" in en(e.value)


def test_a_rack_short_of_capital_letters_gets_no_blank_hint() -> None:
    g = _game_with_rack("ABCDEFG")
    with pytest.raises(IllegalMoveError) as e:
        g.score("H8 KOT")
    assert pl(e.value) == "H8 KOT: na stojaku ABCDEFG brakuje KOT"


@pytest.mark.parametrize(
    ("bag", "form"),
    [(1, "jest 1 płytka"), (2, "są 2 płytki"), (4, "są 4 płytki"), (5, "jest 5 płytek"),
     (6, "jest 6 płytek")],
)
def test_the_bag_count_takes_its_polish_form(bag: int, form: str) -> None:
    # TR 4.3.1: an exchange needs at least 7 tiles in the bag (PFS).
    g = Game(Rules.pfs(), seed=1, starting_player=0)
    g.bag = g.bag[:bag]
    with pytest.raises(IllegalActionError) as e:
        g.exchange(g.racks[0][0])
    assert e.value.code == "bag_too_small"
    assert f"w woreczku {form}" in pl(e.value)


@pytest.mark.parametrize(("bag", "form"), [(7, "zostało 7 płytek"), (2, "zostały 2 płytki")])
def test_a_school_exchange_refusal_cites_the_school_rule(bag: int, form: str) -> None:
    # SCH "Wymiana płytek": "Wymiana płytek nie jest dozwolona, gdy pod koniec gry w worku
    # pozostanie 7 lub mniej płytek" — the refusal cites that rule, not TR 4.3.1 (PFS).
    g = Game(Rules.school(), seed=1, starting_player=0)
    g.bag = g.bag[:bag]
    with pytest.raises(IllegalActionError) as e:
        g.exchange(g.racks[0][0])
    assert e.value.code == "bag_too_small" and g.to_move == 0
    text = pl(e.value)
    assert "4.3.1" not in text and "regulamin turnieju szkolnego" in text
    assert f"w woreczku {form}" in text and "7 lub mniej" in text
    english = describe(e.value, i18n.translator("en"))
    assert "school tournament rules" in english and "4.3.1" not in english
    # The PFS refusal (TR 4.3.1: at least 7 in the bag) still cites TR 4.3.1.
    pfs = Game(Rules.pfs(), seed=1, starting_player=0)
    pfs.bag = pfs.bag[: min(bag, 6)]
    with pytest.raises(IllegalActionError) as e:
        pfs.exchange(pfs.racks[0][0])
    assert "TR 4.3.1" in pl(e.value)
