"""Belgijka's service: a change is saved whole, or not at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.duplicate import Championship
from plansza.errors import FormatError, PlanszaError
from plansza.services.duplicate import championship, declared_score, penalty_kind, save
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
