"""``plansza ranking …`` through the CLI: JSON shapes, messages, exit codes, files."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.i18n import use as set_language
from plansza.cli.main import app
from plansza.ranking import Game, write_games_csv

from .builders import results

runner = CliRunner()
DATA = Path(__file__).parent / "data"
KEYS = {"place", "name", "ranking", "exact", "games", "tournaments"}


@pytest.fixture(autouse=True)
def polish() -> Iterator[None]:
    set_language("pl")
    yield
    set_language("pl")


def history_games() -> list[Game]:
    """Hela 112.5 (→ 113) and Dora 87.5 (→ 88) listed; Ula padded; Żaneta a cut."""
    games = results(date(2024, 5, 11), "Puchar Łodzi", "Hela Żółw", "Dora Ćma",
                    wins=20, losses=12)
    games += results(date(2024, 6, 1), "Turniej Świąteczny", "Ula Łoś", "Hela Żółw",
                     wins=1, draws=1)
    return games


def write(path: Path, games: list[Game]) -> str:
    buf = io.StringIO()
    write_games_csv(games, buf)
    path.write_text(buf.getvalue(), encoding="utf-8")
    return str(path)


@pytest.fixture
def games_csv(tmp_path: Path) -> str:
    return write(tmp_path / "games.csv", history_games())


def test_compute_json_shape(games_csv: str) -> None:
    # RR §1: rounded half up for display, ordered by exact value; RR §2.1: 30 games
    r = runner.invoke(app, ["ranking", "compute", games_csv, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert all(set(row) == KEYS for row in data)
    # the list dated 2024-06-02: Hela 32 + 2 games, scalps 3600 + 150 + 100 (Ula's entry 100)
    assert data == [
        {"place": 1, "name": "Hela Żółw", "ranking": 110, "exact": "1875/17", "games": 34,
         "tournaments": 2},
        {"place": 2, "name": "Dora Ćma", "ranking": 88, "exact": "175/2", "games": 32,
         "tournaments": 1},
    ]


def test_compute_all_adds_unlisted_without_place(games_csv: str) -> None:
    # RR §2.1: below 30 games, no place; RR §2.4: Ula's tournament ranking is padded:
    # scalps 163 + 113 = 276, (276 + 28·100)/30 = 3076/30 = 102.53 → 103
    r = runner.invoke(app, ["ranking", "compute", games_csv, "--json", "--all"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data[-1] == {"place": None, "name": "Ula Łoś", "ranking": 103, "exact": "1538/15",
                        "games": 2, "tournaments": 1}


def test_compute_as_of_gives_the_list_in_force(games_csv: str) -> None:
    # RR §2.5: on 2024-06-01 the list of 2024-05-12 is in force
    r = runner.invoke(app, ["ranking", "compute", games_csv, "--json", "--as-of", "2024-06-01"])
    data = json.loads(r.stdout)
    assert [(d["name"], d["ranking"], d["exact"]) for d in data] == [
        ("Hela Żółw", 113, "225/2"), ("Dora Ćma", 88, "175/2")]


def test_compute_table_in_polish(games_csv: str) -> None:
    r = runner.invoke(app, ["ranking", "compute", games_csv])
    assert r.exit_code == 0
    assert "Ranking PFS — lista z dnia 2024-06-02" in r.stdout
    assert "Hela Żółw" in r.stdout and "110,294" in r.stdout


def test_bad_rows_are_all_reported_and_nothing_is_applied(tmp_path: Path) -> None:
    path = tmp_path / "bad.csv"
    path.write_text("date,tournament,player1,player2,score1,score2\n"
                    "2024-05-11,P,Ala,Ola,400,300\n"
                    "11.05.2024,P,Ala,Ola,400,300\n"
                    "2024-05-11,P,Ala,Ola,,300\n"
                    "2024-05-11,P,Ola,Ola,400,300\n", encoding="utf-8")
    r = runner.invoke(app, ["--lang", "en", "ranking", "compute", str(path), "--json"])
    assert r.exit_code == 2
    assert r.stdout == ""
    assert f"{path}:3: unknown date format '11.05.2024' (use YYYY-MM-DD)" in r.stderr
    assert f"{path}:4: score1 is missing" in r.stderr
    assert f"{path}:5: Ola is entered as playing against themself" in r.stderr
    assert "bad rows in" in r.stderr and "nothing was applied" in r.stderr
    assert "Traceback" not in r.output


def test_bad_as_of_and_missing_file(tmp_path: Path, games_csv: str) -> None:
    r = runner.invoke(app, ["ranking", "compute", games_csv, "--as-of", "1.6.2024"])
    assert r.exit_code == 2 and "--as-of" in r.stderr
    r = runner.invoke(app, ["ranking", "compute", str(tmp_path / "nie.csv")])
    assert r.exit_code == 2 and "nie ma pliku" in r.stderr
    r = runner.invoke(app, ["ranking", "compute", "--history", str(tmp_path / "nie.csv")])
    assert r.exit_code == 2 and "historii rankingu" in r.stderr


def test_explain_text_names_every_tournament_and_scalp(games_csv: str) -> None:
    # RR §1: Ula's scalps: a win over Hela (113 + 50) and a draw (113)
    r = runner.invoke(app, ["ranking", "explain", "Ula Łoś", games_csv])
    assert r.exit_code == 0, r.output
    out = r.stdout
    assert "Ula Łoś — lista z dnia 2024-06-02" in out
    assert "RR §2.4" in out and "276 + 28 × 100 = 3076" in out
    assert "Hela Żółw" in out and "163" in out and "113" in out


def test_explain_json(games_csv: str) -> None:
    r = runner.invoke(app, ["ranking", "explain", "hela żółw", games_csv, "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["name"] == "Hela Żółw"
    assert data["listed"] == {"place": 1, "ranking": 110, "exact": "1875/17", "games": 34,
                              "tournaments": 2}
    assert data["tournament_ranking"]["basis"] == "listed"
    first = data["tournaments"][0]
    assert (first["tournament"], first["games"], first["scalps"], first["achieved"],
            first["status"]) == ("Puchar Łodzi", 32, 3600, "225/2", "counted")
    assert first["scalp_detail"][0] == {
        "date": "2024-05-11", "opponent": "Dora Ćma", "score": 400, "opponent_score": 300,
        "result": "W", "opponent_ranking": 100, "scalp": 150, "walkover": False}


def test_explain_cut_and_window_statuses(tmp_path: Path) -> None:
    # RR §1: a tournament outside the two years, and one dropped by the 200-game cut
    games = results(date(2020, 1, 4), "Dawny", "Kuba", "Debiutant A", wins=30)
    games += results(date(2024, 1, 6), "Słaby", "Kuba", "Debiutant B", wins=50, losses=50)
    games += results(date(2024, 2, 3), "Dobry", "Kuba", "Debiutant C", wins=120)
    path = write(tmp_path / "g.csv", games)
    r = runner.invoke(app, ["ranking", "explain", "Kuba", path, "--json"])
    statuses = {t["tournament"]: t["status"] for t in json.loads(r.stdout)["tournaments"]}
    assert statuses == {"Dawny": "outside", "Słaby": "dropped", "Dobry": "counted"}
    r = runner.invoke(app, ["ranking", "explain", "Kuba", path])
    assert "odrzucony" in r.stdout and "liczony" in r.stdout  # statuses may wrap
    assert "latami" in r.stdout
    # games are listed for the tournaments of the two years; older ones only in the table
    assert "Skalpy: Dobry (2024-02-03)" in r.stdout and "Skalpy: Słaby" in r.stdout
    assert "Skalpy: Dawny" not in r.stdout


def test_explain_unknown_player_suggests(games_csv: str) -> None:
    r = runner.invoke(app, ["--lang", "en", "ranking", "explain", "Hela", games_csv])
    assert r.exit_code == 2
    assert "no player 'Hela'" in r.stderr and "Hela Żółw" in r.stderr


def test_update_adds_a_tournament_once(tmp_path: Path) -> None:
    history = str(tmp_path / "historia.csv")
    first = write(tmp_path / "t1.csv", history_games()[:32])
    second = write(tmp_path / "t2.csv", history_games()[32:])
    r = runner.invoke(app, ["ranking", "update", "--tournament", first, "--history", history])
    assert r.exit_code == 0, r.output
    assert "Dopisano turniej Puchar Łodzi" in r.stdout
    r = runner.invoke(app, ["ranking", "update", "--tournament", second, "--history", history,
                            "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["list_date"] == "2024-06-02"
    hela = next(p for p in data["players"] if p["name"] == "Hela Żółw")
    assert (hela["entry_ranking"], hela["before"], hela["after"], hela["place"]) == (
        113, 113, 110, 1)
    before = Path(history).read_bytes()
    r = runner.invoke(app, ["ranking", "update", "--tournament", second, "--history", history])
    assert r.exit_code == 3 and "już jest w historii" in r.stderr
    assert Path(history).read_bytes() == before
    r = runner.invoke(app, ["ranking", "compute", "--history", history, "--json"])
    assert json.loads(r.stdout)[0]["exact"] == "1875/17"


def test_update_with_bad_rows_changes_nothing(tmp_path: Path) -> None:
    history = write(tmp_path / "h.csv", history_games()[:32])
    before = Path(history).read_bytes()
    bad = tmp_path / "bad.csv"
    bad.write_text("date,tournament,player1,player2,score1,score2\n"
                   "2024-07-06,Lato,Ala,Ola,400,300\n2024-07-06,Lato,Ala,,400,300\n",
                   encoding="utf-8")
    r = runner.invoke(app, ["ranking", "update", "--tournament", str(bad), "--history", history])
    assert r.exit_code == 2 and f"{bad}:3: brak pola player2" in r.stderr
    assert Path(history).read_bytes() == before


def test_update_refuses_a_file_of_several_tournaments(tmp_path: Path, games_csv: str) -> None:
    r = runner.invoke(app, ["ranking", "update", "--tournament", games_csv,
                            "--history", str(tmp_path / "h.csv")])
    assert r.exit_code == 2 and "zawiera kilka turniejów" in r.stderr
    assert not (tmp_path / "h.csv").exists()


def test_update_from_a_tsh_file(tmp_path: Path) -> None:
    t = tmp_path / "puchar.t"
    t.write_text("Żak, Anna 150 2 3; 410 400\nĆwik, Łukasz 0 1 0; 380 50\n"
                 "Nowy, Jan 0 0 1; 50 300\n", encoding="utf-8")
    history = str(tmp_path / "h.csv")
    r = runner.invoke(app, ["ranking", "update", "--tournament", str(t), "--history", history])
    assert r.exit_code == 2 and "--date" in r.stderr
    r = runner.invoke(app, ["ranking", "update", "--tournament", str(t), "--history", history,
                            "--date", "2024-05-11", "--json"])
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["tournament"] == "puchar"
    assert {p["name"]: p["scalps"] for p in data["players"]} == {
        "Ćwik, Łukasz": 50, "Nowy, Jan": 50, "Żak, Anna": 300}


def test_update_from_the_referees_program(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    # The referee's program gives plansza.tournament.ranked_games(path); walkovers
    # arrive as N:1 games and count (TR 7.2, TR 6.3.4).
    import plansza.tournament as referee

    seen: list[str] = []

    def ranked_games(path: str) -> list[dict[str, object]]:
        seen.append(path)
        return [{"date": "2024-05-11", "tournament": "Mistrzostwa", "player1": "Ala",
                 "player2": "Ola", "score1": 400, "score2": 1},
                {"date": "2024-05-12", "tournament": "Mistrzostwa", "player1": "Ola",
                 "player2": "Ala", "score1": 350, "score2": 350}]

    monkeypatch.setattr(referee, "ranked_games", ranked_games, raising=False)
    # and the rankings the players were registered with: none here (debutants, RR §2.2)
    monkeypatch.setattr(referee, "registered_rankings", lambda path: {}, raising=False)
    source = tmp_path / "turniej.plansza"
    source.write_bytes(b"")
    history = str(tmp_path / "h.csv")
    r = runner.invoke(app, ["ranking", "update", "--tournament", str(source), "--history",
                            history, "--json"])
    assert r.exit_code == 0, r.output
    assert seen == [str(source)]
    data = json.loads(r.stdout)
    assert {p["name"]: (p["games"], p["scalps"]) for p in data["players"]} == {
        "Ala": (2, 250), "Ola": (2, 150)}

    def broken(path: str) -> list[dict[str, object]]:
        raise RuntimeError("not a tournament database")

    monkeypatch.setattr(referee, "ranked_games", broken, raising=False)
    r = runner.invoke(app, ["--lang", "en", "ranking", "update", "--tournament", str(source),
                            "--history", str(tmp_path / "h2.csv")])
    assert r.exit_code == 2
    assert "cannot read the tournament file" in r.stderr and "Traceback" not in r.output


def test_export_csv_polish_headings(games_csv: str) -> None:
    r = runner.invoke(app, ["ranking", "export", games_csv, "--format", "csv"])
    assert r.exit_code == 0
    assert r.stdout.splitlines() == [
        "Miejsce,Zawodnik,Ranking,Wartość dokładna,Partie,Turnieje",
        "1,Hela Żółw,110,1875/17,34,2",
        "2,Dora Ćma,88,175/2,32,1",
    ]


def test_export_csv_english(games_csv: str) -> None:
    r = runner.invoke(app, ["--lang", "en", "ranking", "export", games_csv, "--all"])
    assert r.stdout.splitlines()[0] == "Place,Player,Ranking,Exact value,Games,Tournaments"
    assert r.stdout.splitlines()[-1] == ",Ula Łoś,103,1538/15,2,1"


def test_export_html_golden(tmp_path: Path, games_csv: str) -> None:
    out = tmp_path / "lista.html"
    r = runner.invoke(app, ["ranking", "export", games_csv, "--all", "-o", str(out)])
    assert r.exit_code == 0, r.output
    text = out.read_text(encoding="utf-8")
    golden = DATA / "list.html"
    if os.environ.get("PLANSZA_UPDATE_GOLDEN"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
    assert '<html lang="pl">' in text and "@media print" in text and "Hela Żółw" in text


def test_export_bad_format(games_csv: str) -> None:
    r = runner.invoke(app, ["ranking", "export", games_csv, "--format", "pdf"])
    assert r.exit_code == 2 and "--format" in r.stderr


def test_polish_aliases(games_csv: str) -> None:
    r = runner.invoke(app, ["ranking", "lista", games_csv, "--json"])
    assert r.exit_code == 0 and json.loads(r.stdout)[0]["name"] == "Hela Żółw"


def test_update_from_a_real_referee_tournament(tmp_path: Path) -> None:
    # The referee's program end to end: a walkover and a draw reach the ranking
    # (TR 7.2, TR 6.3.4; RR §1).
    import plansza.tournament as referee

    if not hasattr(referee, "ranked_games"):
        pytest.skip("the referee's program does not provide ranked_games yet")
    db = str(tmp_path / "puchar.turniej.sqlite")
    steps = [
        ["turniej", "new", "Puchar Testowy", "--rounds", "3", "--system", "roundrobin",
         "--date", "2024-05-11", "--db", db],
        *[["turniej", "add-player", n, "--db", db]
          for n in ("Anna Żak", "Łukasz Ćwik", "Ewa Śliwa", "Jan Nowak")],
        ["turniej", "pair", "--db", db],
    ]
    for step in steps:
        r = runner.invoke(app, step)
        assert r.exit_code == 0, r.output
    from plansza.tournament import TournamentFile

    t = TournamentFile.open(db)
    try:
        pairs = [(p.first, p.second) for p in t.state().rounds[1].pairings]
        names = {pid: pl.name for pid, pl in t.state().players.items()}
    finally:
        t.close()
    (a, b), (c, d) = pairs
    assert b is not None and d is not None
    for step in (["turniej", "result", "1", names[a], "400", names[b], "400", "--db", db],
                 ["turniej", "walkover", "1", names[c], names[d], "--db", db]):
        r = runner.invoke(app, step)
        assert r.exit_code == 0, r.output
    history = str(tmp_path / "h.csv")
    r = runner.invoke(app, ["ranking", "update", "--tournament", db, "--history", history,
                            "--json"])
    assert r.exit_code == 0, r.output
    players = {p["name"]: (p["games"], p["scalps"]) for p in json.loads(r.stdout)["players"]}
    assert players == {names[a]: (1, 100), names[b]: (1, 100), names[c]: (1, 150),
                       names[d]: (1, 50)}


def test_html_escapes_names(tmp_path: Path) -> None:
    path = write(tmp_path / "g.csv", results(date(2024, 5, 11), "T", "<b>Ala</b> & Co",
                                             "Ola", wins=30))
    r = runner.invoke(app, ["ranking", "export", path, "--format", "html"])
    assert "&lt;b&gt;Ala&lt;/b&gt; &amp; Co" in r.stdout and "<b>Ala" not in r.stdout


def test_seed_gives_each_entrants_tournament_ranking(tmp_path: Path, games_csv: str) -> None:
    # RR §2.1 (Hela from the list, 110), §2.4 (Ula padded, 103), §2.2 (Dora's 87.5 → 88
    # raised to 100; a debutant 100); RS §7.1: descending, equal rankings alphabetically.
    entrants = tmp_path / "zgloszenia.csv"
    entrants.write_text("nazwisko;klub\nUla Łoś;Łódź\nDora Ćma;\nAdam Nowy;\n",
                        encoding="utf-8")
    r = runner.invoke(app, ["ranking", "seed", games_csv, "--date", "2024-06-08",
                            "--players", str(entrants), "--name", "hela żółw", "--json"])
    assert r.exit_code == 0, r.output
    assert [(d["seed"], d["name"], d["ranking"], d["basis"], d["raised"], d["games"])
            for d in json.loads(r.stdout)] == [
        (1, "Hela Żółw", 110, "listed", False, 34),
        (2, "Ula Łoś", 103, "padded", False, 2),
        (3, "Adam Nowy", 100, "debutant", False, 0),
        (4, "Dora Ćma", 100, "listed", True, 32),
    ]


def test_seed_csv_for_the_referees_import(games_csv: str) -> None:
    # the columns `plansza turniej import-players` reads; a debutant has no ranking
    r = runner.invoke(app, ["ranking", "seed", games_csv, "--date", "2024-06-08", "--csv",
                            "--name", "Ula Łoś", "--name", "Adam Nowy"])
    assert r.stdout.splitlines() == ["nazwisko,ranking,partie", "Ula Łoś,103,2",
                                     "Adam Nowy,,0"]


def test_seed_warns_about_a_probable_typo(tmp_path: Path, games_csv: str) -> None:
    names = tmp_path / "names.txt"
    names.write_text("# entrants\nHela\n\n", encoding="utf-8")
    r = runner.invoke(app, ["--lang", "en", "ranking", "seed", games_csv, "--players",
                            str(names), "--date", "2024-06-08", "--json"])
    assert r.exit_code == 0
    assert json.loads(r.stdout)[0]["basis"] == "debutant"
    assert "did you mean: Hela Żółw" in r.stderr and "debutant (RR §2.2)" in r.stderr
    r = runner.invoke(app, ["ranking", "seed", games_csv])
    assert r.exit_code == 2 and "--players" in r.stderr


# RR §2.3–§2.4: a player off the list with ranked games plays with the tournament
# ranking their history gives, not the debutant's 100 (RR §2.2) — the same figure as
# `ranking seed`
def test_add_player_seeds_an_unlisted_player_from_the_history(
    tmp_path: Path, games_csv: str
) -> None:
    from plansza.ranking import RankingHistory
    from plansza.ranking.records import read_games_csv
    from plansza.tournament import TournamentFile

    db = str(tmp_path / "t.turniej.sqlite")
    new = ["turniej", "new", "T", "--rounds", "3", "--system", "halving", "--date", "2024-07-01"]
    assert runner.invoke(app, [*new, "--db", db]).exit_code == 0
    r = runner.invoke(app, ["turniej", "add-player", "ula łoś", "--history", games_csv, "--db", db])
    assert r.exit_code == 0, r.output
    expected = RankingHistory(read_games_csv(games_csv)).tournament_ranking(
        "Ula Łoś", date(2024, 7, 1)
    )
    assert "RR §2.3–§2.4" in r.output and str(expected.value) in r.output
    seed = runner.invoke(
        app, ["ranking", "seed", games_csv, "--date", "2024-07-01", "--name", "Ula Łoś", "--json"]
    )
    seeded = json.loads(seed.output)[0]
    t = TournamentFile.open(db)
    try:
        [p] = t.state().players.values()
    finally:
        t.close()
    assert (p.name, p.ranking, p.games) == ("Ula Łoś", seeded["ranking"], seeded["games"])
    # someone the history has never seen is a debutant still
    r = runner.invoke(app, ["turniej", "add-player", "Nowa", "--history", games_csv, "--db", db])
    assert r.exit_code == 0 and "RR §2.3" not in r.output
