"""The ranking's service: a finished tournament added to the history, what it changed,
and the refusals (several tournaments in one file; the same edition twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.ranking.records import read_games_csv_text
from plansza.services.ranking import RankingError, add_tournament, one_tournament

HEADER = "date,tournament,player1,player2,score1,score2\n"


def games(text: str) -> list:  # type: ignore[type-arg]
    return read_games_csv_text(HEADER + text)


def test_a_tournament_added_says_what_it_changed(tmp_path: Path) -> None:
    history = str(tmp_path / "h.csv")
    added = add_tournament(
        history,
        games(
            "2024-05-11,Puchar,Anna Żak,Łukasz Ćwik,412,377\n"
            "2024-05-11,Puchar,Anna Żak,Ola Nowak,300,350\n"
        ),
        "t.csv",
    )
    assert added.tournament.name == "Puchar" and str(added.list_date) == "2024-05-12"
    # RR §2.2: debutants enter at 100; Polish order of the names
    assert [c.name for c in added.changes] == ["Anna Żak", "Łukasz Ćwik", "Ola Nowak"]
    assert all(c.entry_ranking == 100 and c.before is None for c in added.changes)


def test_the_same_edition_twice_is_refused(tmp_path: Path) -> None:
    history = str(tmp_path / "h.csv")
    played = games("2024-05-11,Puchar,Anna,Ola,412,377\n")
    add_tournament(history, played, "t.csv")
    size = Path(history).stat().st_size
    with pytest.raises(RankingError) as caught:
        add_tournament(history, played, "t.csv")
    assert caught.value.code == "already_added" and Path(history).stat().st_size == size


def test_one_file_one_tournament() -> None:
    two = games("2024-05-11,Puchar,Anna,Ola,412,377\n2024-06-01,Memoriał,Anna,Ola,400,300\n")
    with pytest.raises(RankingError) as caught:
        one_tournament(two, "t.csv")
    assert caught.value.code == "several_tournaments"
