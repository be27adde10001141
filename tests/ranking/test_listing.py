"""The federation's ranking list: reading it, keeping it, finding names, and the
registered rankings ``ranking update`` uses for players without history (RR §2.1)."""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from plansza.cli.main import app
from plansza.ranking import RankedGame, RankingHistory
from plansza.ranking.hollington import Prior
from plansza.ranking.listing import ListedPlayer, list_csv, read_list_text
from plansza.ranking.records import BadRowsError
from plansza.services.ranking import add_tournament

runner = CliRunner()

FEDERATION = (
    "\ufeffMiejsce;Nazwisko i imię;Ranking;Partie;Miasto\n"
    "1;Łoś Jan;151,25;180;Łódź\n"
    "2;Żak Anna;140;95;\n"
    "3;Kowalski Jan;128;30;Kraków\n"
)


def test_reads_the_federation_table_polish_headers_semicolons_bom() -> None:
    # RR §2.1: the list gives each listed player's ranking and games
    lst = read_list_text(FEDERATION, source="lista.csv")
    assert [(p.name, p.ranking, p.games, p.city) for p in lst] == [
        ("Łoś Jan", 151.25, 180, "Łódź"),
        ("Żak Anna", 140.0, 95, ""),
        ("Kowalski Jan", 128.0, 30, "Kraków"),
    ]


def test_reads_english_headers_and_commas() -> None:
    lst = read_list_text("name,ranking,games\nAnna Nowak,133.5,41\n")
    assert lst.find("Anna Nowak") == ListedPlayer("Anna Nowak", 133.5, 41)


def test_every_bad_row_named_with_line_and_reason() -> None:
    text = "Nazwisko i imię;Ranking;Partie\nA;12x;30\nB;;30\nC;120;3.5\nA;120;30\n"
    with pytest.raises(BadRowsError) as e:
        read_list_text(text, source="lista.csv")
    lines = str(e.value).splitlines()
    assert lines == [
        "lista.csv:2: the ranking is not a number: '12x'",
        "lista.csv:3: Ranking is missing",
        "lista.csv:4: the games are not a whole number: '3.5'",
    ]  # line 5 repeats A, but A (line 2) was bad: not listed, so not a repeat


def test_a_name_twice_and_a_missing_column() -> None:
    with pytest.raises(BadRowsError, match=r"l\.csv:3: Ala is on the list twice \(also line 2\)"):
        read_list_text("name;ranking;games\nAla;120;30\nAla;121;31\n", source="l.csv")
    with pytest.raises(BadRowsError, match="the header lacks the columns: games"):
        read_list_text("Gracz,Ranking\nAla,120\n")
    with pytest.raises(BadRowsError, match="no header"):
        read_list_text("Ala,120,30\n")


def test_find_respects_polish_letters_and_suggests_close_names() -> None:
    lst = read_list_text(FEDERATION)
    assert lst.find("ŁOŚ JAN") is not None  # case does not matter
    assert lst.find("Los Jan") is None  # Polish letters do: "Los" is another name …
    assert lst.suggest("Los Jan") == ["Łoś Jan"]  # … offered as a close one
    assert lst.suggest("Jan Łoś") == ["Łoś Jan"]  # the other word order
    # several close names come in Polish alphabetical order (Ł after L, Ż last)
    many = read_list_text("name,ranking,games\nŻak Jan,1,30\nZak Jan,1,30\nŁak Jan,1,30\n")
    assert many.suggest("Zak Jan") == ["Łak Jan", "Zak Jan", "Żak Jan"]
    assert lst.suggest("Grzegorz Brzęczyszczykiewicz") == []


names = st.text(alphabet="abcłśżźćńąęóABCŁŚŻ -", min_size=1, max_size=20).filter(
    lambda s: s.strip(" -") != ""
)


@given(
    st.dictionaries(
        names.map(lambda s: " ".join(s.split())),
        st.tuples(st.integers(0, 300_000), st.integers(0, 5000)),
        min_size=1,
        max_size=8,
    )
)
def test_the_kept_list_reads_back_the_same(rows: dict[str, tuple[int, int]]) -> None:
    players = [ListedPlayer(n, r / 100, g) for n, (r, g) in rows.items()]
    assert list(read_list_text(list_csv(players))) == players


def test_import_list_keeps_it_beside_the_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PLANSZA_RANKING_LIST")
    monkeypatch.setenv("PLANSZA_RANKING_HISTORY", str(tmp_path / "r" / "history.csv"))
    src = tmp_path / "lista.csv"
    src.write_text(FEDERATION, encoding="utf-8")
    r = runner.invoke(app, ["--lang", "en", "ranking", "import-list", str(src)])
    assert r.exit_code == 0, r.output
    kept = tmp_path / "r" / "list.csv"
    assert "3 players" in r.stdout and str(kept) in r.stdout.replace("\n", "")
    assert kept.read_text(encoding="utf-8").splitlines()[1] == "Łoś Jan,151.25,180,,Łódź"


def test_import_list_refuses_a_bad_file_whole(tmp_path: Path) -> None:
    kept = tmp_path / "kept.csv"
    src = tmp_path / "lista.csv"
    src.write_text("Nazwisko i imię;Ranking;Partie\nA;120;30\nB;x;30\n", encoding="utf-8")
    r = runner.invoke(app, ["ranking", "import-list", str(src), "--list", str(kept)])
    assert r.exit_code == 2
    assert f"{src}:3:" in r.stderr and "Traceback" not in r.output
    assert not kept.exists()  # all or nothing
    src.write_bytes(b"name,ranking,games\n\xff,1,1\n")
    r = runner.invoke(app, ["ranking", "import-list", str(src), "--list", str(kept)])
    assert r.exit_code == 2 and "UTF-8" in r.stderr


# ---- registered rankings in `ranking update` ------------------------------------------

DAY = date(2024, 5, 11)


def test_a_prior_stands_in_for_the_missing_history() -> None:
    # RR §2.1: a listed player plays with the list's ranking; RR §1: the opponent's
    # scalp is that ranking −50 for a loss. Without it (the old behaviour) Ola would be
    # a debutant at 100 (RR §2.2) and Ala's win worth 150.
    games = [RankedGame(DAY, "P", "Ala", "Ola", 400, 300)]
    plain = RankingHistory(games)
    assert plain.entry_rankings(0) == {"Ala": 100, "Ola": 100}
    h = RankingHistory(games, {"Ola": Prior(Fraction(150), 100)})
    assert h.entry_rankings(0) == {"Ala": 100, "Ola": 150}
    ala, ola = (next(e for e in h.ranking_list(include_unlisted=True) if e.name == n)
                for n in ("Ala", "Ola"))
    # Ala: one scalp 150 + 50, padded with 29 × 100 (RR §2.4): 3100 / 30 → 103
    assert ala.ranking == 103
    # Ola: 100 games at 150 and a loss to 100 (scalp 50): 15050 / 101 → 149, one "tournament"
    assert (ola.ranking, ola.games, ola.tournaments, ola.listed) == (149, 101, 2, True)


def test_a_prior_under_30_games_is_not_padded_twice() -> None:
    # RR §2.4: 24 games at 120 → a tournament ranking of 116; registered with 116 and
    # 24 games, the player plays with 116 and keeps scalps of 2880 behind it
    h = RankingHistory([RankedGame(DAY, "P", "Ala", "Ola", 300, 300)],
                       {"Ala": Prior(Fraction(116), 24)})
    assert h.entry_rankings(0)["Ala"] == 116
    after = next(e for e in h.ranking_list(include_unlisted=True) if e.name == "Ala")
    assert after.exact == Fraction(2880 + 100 + 5 * 100, 30)  # a draw with 100, padded


def test_the_200_game_cut_takes_part_of_a_prior() -> None:
    # RR §1: over 200 games the lowest results go first; a better tournament pushes
    # out 2 of the 200 games registered at 150, not all of them
    games = [RankedGame(DAY, "P", "Ala", "Ola", 400, 300)] * 2
    h = RankingHistory(games, {"Ala": Prior(Fraction(150), 200), "Ola": Prior(Fraction(300), 200)})
    ala = next(e for e in h.ranking_list() if e.name == "Ala")
    assert (ala.games, ala.exact) == (200, Fraction(198 * 150 + 2 * 350, 200))


def test_update_says_it_is_an_estimate(tmp_path: Path) -> None:
    games = [RankedGame(DAY, "Puchar", "Ala", "Ola", 400, 300)]
    history = str(tmp_path / "h.csv")
    added = add_tournament(history, games, "t", {"Ola": Prior(Fraction(150), 100)})
    assert added.estimated == ("Ola",)
    assert {c.name: (c.scalps, c.estimated) for c in added.changes} == {
        "Ala": (200, False), "Ola": (50, True)}
    # once Ola has history in the file, it wins over any registered ranking
    more = [RankedGame(date(2024, 6, 1), "Puchar 2", "Ala", "Ola", 400, 300)]
    again = add_tournament(history, more, "t", {"Ola": Prior(Fraction(300), 100)})
    assert again.estimated == ()


def test_update_from_a_tournament_file_uses_the_registered_rankings(tmp_path: Path) -> None:
    from plansza.tournament.model import Settings
    from plansza.tournament.storage import TournamentFile

    db = str(tmp_path / "t.turniej.sqlite")
    t = TournamentFile.create(db, Settings("Puchar", 6, "halving", dates=("2024-05-11",)),
                              at="2024-05-11T08:00:00+00:00")
    t.append_many([("player_added", {"name": "Ala"}),
                   ("player_added", {"name": "Ola", "ranking": 150.0, "games": 100}),
                   ("paired", {"round": 1, "tables": [[1, 2]]}),
                   ("result", {"round": 1, "a": 1, "sa": 400, "b": 2, "sb": 300})],
                  at="2024-05-11T09:00:00+00:00")
    t.close()
    history = str(tmp_path / "h.csv")
    r = runner.invoke(app, ["--lang", "en", "ranking", "update", "--tournament", db,
                            "--history", history, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["estimate"] is True
    assert {p["name"]: (p["entry_ranking"], p["scalps"], p["estimated"])
            for p in data["players"]} == {"Ala": (100, 200, False), "Ola": (150, 50, True)}
    r = runner.invoke(app, ["--lang", "en", "ranking", "update", "--tournament", db,
                            "--history", str(tmp_path / "h2.csv")])
    assert r.exit_code == 0
    assert "not the federation's computation" in " ".join(r.stderr.split())
    assert "Ola *" in r.stdout
