"""The ranking's service: a finished tournament added to the history, what it changed,
and the refusals (several tournaments in one file; the same edition twice)."""

from __future__ import annotations

from pathlib import Path

import pytest

from plansza.errors import PlanszaError
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


def test_the_commands_history_is_the_one_given_else_none_is_an_error(tmp_path: Path) -> None:
    from plansza.services.ranking import open_history

    missing = str(tmp_path / "none.csv")
    with pytest.raises(PlanszaError) as caught:
        open_history(history=missing)
    assert caught.value.code == "no_history" and caught.value.details["path"] == missing
    with pytest.raises(FileNotFoundError):  # a CSV of games given: the file itself is missing
        open_history(missing)


def test_a_date_an_option_gives_is_iso_and_in_range() -> None:
    from plansza.services.ranking import option_day

    assert str(option_day(" 2024-02-29 ", "--date")) == "2024-02-29"
    for typed, code, named in (("20240229", "bad_date", "option"),
                               ("2023-02-29", "bad_date", "option"),
                               ("1899-12-31", "date_range", "field")):
        with pytest.raises(PlanszaError) as caught:
            option_day(typed, "--as-of")
        assert (caught.value.code, caught.value.details[named]) == (code, "--as-of")


def test_seeding_orders_by_ranking_then_name_and_names_the_close_unknowns(
    tmp_path: Path,
) -> None:
    from datetime import date

    from plansza.services.ranking import seeding

    history = tmp_path / "h.csv"
    history.write_text(HEADER + "2024-05-11,Puchar,Anna Żak,Ola Nowak,412,377\n", encoding="utf-8")
    found = seeding(["Ola Nowak", "anna żak", " ", "Ola Nowak", "Anna Żal", "Ćma Dora"],
                    date(2024, 6, 1), str(history))
    # RR §2.4: Anna won (padded: 102); Ola lost (98, raised to 100, RR §2.2) and ties the
    # debutants at 100: then Polish alphabetical order (Ć between C and D, before O)
    assert [(e.name, e.ranking.value, e.ranking.debutant) for e in found.entrants] == [
        ("Anna Żak", 102, False), ("Anna Żal", 100, True), ("Ćma Dora", 100, True),
        ("Ola Nowak", 100, False)]
    assert found.entrants[3].ranking.raised
    assert [e.suggestions for e in found.unknown] == [["Anna Żak"]]


def test_a_file_of_names_is_one_a_line_or_a_csv_with_a_name_column(tmp_path: Path) -> None:
    from plansza.services.ranking import read_names

    lines = tmp_path / "names.txt"
    lines.write_text("# entrants\nNazwisko\nAnna Żak\n\n Ola Nowak \n", encoding="utf-8")
    table = tmp_path / "names.csv"
    table.write_text("klub;Gracz\nŁódź;Anna Żak\nKraków;\n", encoding="utf-8")
    assert read_names(str(lines)) == ["Anna Żak", "Ola Nowak"]
    assert read_names(str(table)) == ["Anna Żak"]


def test_an_update_and_an_estimate_name_the_history_they_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import date

    from plansza.services.ranking import estimate_tournament, update_history

    history = tmp_path / "default.csv"
    monkeypatch.setenv("PLANSZA_RANKING_HISTORY", str(history))
    first = tmp_path / "first.csv"
    first.write_text(HEADER + "2024-05-11,Puchar,Anna,Ola,412,377\n", encoding="utf-8")
    added = update_history(str(first))
    assert added.history == str(history) and history.exists()
    second = tmp_path / "second.csv"
    second.write_text(HEADER + "2024-06-01,Memoriał,Anna,Ola,300,400\n"
                      "2024-06-01,Memoriał,Ela,Anna,350,340\n", encoding="utf-8")
    found = estimate_tournament(None, str(second), date(2024, 6, 1))
    assert found.history == str(history) and found.effect.tournament is not None
    by_name = estimate_tournament(None, str(second), date(2024, 6, 1), by_name=True)
    assert [e.name for e in by_name.players] == ["Anna", "Ela", "Ola"]
    assert sorted(e.name for e in found.players) == ["Anna", "Ela", "Ola"]
    assert [e.name for e in found.players] != ["Anna", "Ela", "Ola"]  # by the change
