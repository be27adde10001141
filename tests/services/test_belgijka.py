"""Belgijka's service: a change is saved whole, or not at all; the referee's move and
the tables as both front ends read them."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.duplicate import Championship
from plansza.errors import FormatError, PlanszaError
from plansza.lexicon import Lexicon
from plansza.rules import Rules
from plansza.services import belgijka
from plansza.services.belgijka import championship, declared_score, penalty_kind, save
from plansza.services.tournament import ArgumentError


@pytest.mark.parametrize(("text", "score"), [("0", 0), (" 24 ", 24), ("-", None), ("brak", None)])
def test_a_declared_score(text: str, score: int | None) -> None:
    assert declared_score(text) == score


@pytest.mark.parametrize("text", ["x", "-3", "²", "١٢", "999999"])
def test_a_declared_score_that_is_not_one(text: str) -> None:
    with pytest.raises(ArgumentError):
        declared_score(text)


def test_penalty_words_in_both_languages() -> None:
    # KARY 1–3: a warning, an exclusion from a move, from the rest of the game
    assert [penalty_kind(w) for w in ("upomnienie", "RUCH", "partia", "game")] == [
        "warning",
        "exclude_move",
        "exclude_game",
        "exclude_game",
    ]


def test_a_change_is_saved_and_a_refused_one_is_not(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    ch = Championship(seed="1", name="B")
    ch.start_game()
    save(ch, path)
    with championship(path) as opened:
        opened.register("Anna Żak", None)
    before = path.read_bytes()
    assert b"Anna" in before
    with pytest.raises(PlanszaError), championship(path) as opened:
        opened.register("Ola", None)
        opened.register("Ola", 1)  # table 1 is Anna's: refused, and nothing is written
    assert path.read_bytes() == before


def test_a_missing_file_says_how_to_create_one(tmp_path: Path) -> None:
    with pytest.raises(FormatError) as caught, championship(tmp_path / "none.json"):
        pass
    assert caught.value.code == "no_file"


# ---- the referee's move and the tables, as both front ends read them -------------

WORDS = ["KOT", "KOTY", "KOTA", "TOK", "OK", "TO", "KOC", "AK", "KA", "OKO", "KOTEK", "TAK"]


@pytest.fixture(scope="module")
def lex() -> Lexicon:
    return Lexicon.build(WORDS, Rules.pfs().tileset, name="test-belgijka")


def a_move(lex: Lexicon) -> Championship:
    """Three players, the first move drawn from a small bag, Ala's card the top move."""
    ch = Championship(seed="7")
    for name in ("Ola", "Ala", "Ela"):
        ch.register(name)
    ch.start_game(bag="KOTYAKOTOKOTEKA")
    belgijka.draw(ch, lex)
    best = belgijka.top_list(ch).candidates[0]
    belgijka.enter_card(ch, "Ala", str(best.play), best.score, "", lex)
    belgijka.enter_card(ch, "Ola", str(best.play), best.score + 1, "", lex)
    return ch


def test_a_game_table_after_a_move_carries_each_rows_result(lex: Lexicon) -> None:
    ch = a_move(lex)
    closed = belgijka.close(ch)
    assert closed.found == ["Ala"] and closed.more_games
    table = belgijka.game_standings(ch)
    # The web's results of the move, row by row: the same view on both front ends.
    assert table.results == belgijka.move_results(ch, ch.game, closed.move)
    assert [r.row for r in table.results] == table.rows
    assert table.after == closed.move.number == table.moves == 1
    assert [(r.row.player.name, r.top, r.awarded.score > 0) for r in table.results] == [
        ("Ala", True, True), ("Ela", False, False), ("Ola", False, False)
    ]
    assert closed.move.choice is not None
    assert table.top_total == closed.move.choice.candidate.score
    # After a move the game does not have: the table so far, no move's results.
    later = belgijka.game_standings(ch, 1, 5)
    assert later.after == 5 and later.results == [] and later.rows == table.rows
    assert belgijka.championship_standings(ch).top_total == table.top_total


def test_the_top_list_puts_the_referees_choice_first(lex: Lexicon) -> None:
    ch = a_move(lex)
    top = belgijka.top_list(ch)
    assert (top.chosen, top.decided, top.count) == (0, False, len(ch.game.moves[0].candidates))
    assert len(top.candidates) >= 3
    ties = top.tied
    choice = belgijka.choose(ch, lex, "3", "the referee's", force=True)
    top = belgijka.top_list(ch)
    assert (top.chosen, top.decided) == (2, True) and choice.candidate == top.candidates[2]
    ordered = top.chosen_first()
    assert ordered[0] == top.candidates[2] and ordered[1:3] == top.candidates[:2]
    assert ordered[3:] == top.candidates[3:] and top.tied == ties


def test_the_top_list_needs_a_drawn_move() -> None:
    ch = Championship(seed="1")
    ch.start_game()
    with pytest.raises(PlanszaError) as refused:
        belgijka.top_list(ch)
    assert refused.value.code == "no_open_move"


def test_a_moves_cards_strike_the_replaced_and_name_who_has_none(lex: Lexicon) -> None:
    ch = a_move(lex)
    best = belgijka.top_list(ch).candidates[0]
    belgijka.enter_card(ch, 2, str(best.play), None, "", lex)  # Ala again: replaces her card
    cards = belgijka.move_cards(ch, None, None)
    assert [(c.name, c.latest) for c in cards.lines] == [
        ("Ala", False), ("Ola", True), ("Ala", True)
    ]
    assert cards.missing == ["Ela"] and (cards.game, cards.move.number) == (1, 1)


def test_every_player_checks_another_and_the_odd_one_the_referee() -> None:
    ch = Championship(seed="1")
    for name in ("A", "B", "C"):
        ch.register(name)
    assert belgijka.checking(ch) == {1: 2, 2: 1, 3: None}


def test_the_projector_lights_the_last_winning_move(lex: Lexicon) -> None:
    ch = a_move(lex)
    open_view = belgijka.projector(ch)
    assert open_view.rack == ch.game.moves[0].rack and open_view.highlight == set()
    assert open_view.table is not None and open_view.table.after == 1
    assert not any(r.top for r in open_view.table.results)  # nobody has found it: not closed
    closed = belgijka.close(ch)
    view = belgijka.projector(ch)
    assert closed.move.choice is not None
    play = closed.move.choice.candidate.play
    assert view.rack is None and view.move == 1
    assert view.highlight == set(play.coordinate.squares(len(play.word)))


def test_a_lexicon_that_cannot_be_loaded_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "b.json"
    with pytest.raises(PlanszaError):
        belgijka.create(path, seed="1", name="B", games=1, lexicon=str(tmp_path / "none.txt"))
    assert not path.exists()


def test_the_clock_beside_the_open_moves_rack(tmp_path: Path, lex: Lexicon) -> None:
    path = tmp_path / "b.json"
    assert belgijka.open_rack(path) == ""  # no file
    path.write_text("{", encoding="utf-8")
    assert belgijka.open_rack(path) == ""  # a file that cannot be read
    ch = a_move(lex)
    save(ch, path)
    assert belgijka.open_rack(path) == ch.game.moves[0].rack
    now = [0.0]
    clock = belgijka.MoveClock(120.0, lambda: now[0])
    faces: list[belgijka.ClockFace] = []

    def tick(face: belgijka.ClockFace) -> None:
        faces.append(face)
        if face.left <= 45.0:
            raise KeyboardInterrupt  # the referee stops it

    with pytest.raises(KeyboardInterrupt):
        clock.run(lambda s: now.__setitem__(0, now[0] + s), tick, tick=20.0)
    assert [f.said for f in faces if f.said] == [("one_minute",)]
    assert clock.face() == belgijka.face(40.0) and clock.face().signal == "running"
