"""Complete simulated tournaments through the CLI, and refusals of bad input."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer.main
import typer.testing
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT, EXIT_NEGATIVE, EXIT_OK, EXIT_REFUSED
from plansza.cli.i18n import use as set_language
from plansza.cli.main import app
from plansza.cli.tournament import app as turniej
from plansza.tournament import ranked_games

runner = CliRunner()


_built: dict[int, object] = {}


def _cached_command(app: typer.Typer) -> object:
    # Building the Click command from the Typer app costs more than the command itself;
    # the app does not change between invocations, so build it once.
    if id(app) not in _built:
        _built[id(app)] = typer.main.get_command(app)
    return _built[id(app)]


@pytest.fixture(autouse=True)
def polish(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(typer.testing, "_get_command", _cached_command)
    set_language("pl")
    yield
    set_language("pl")


class Referee:
    """Runs ``plansza turniej`` commands against one file."""

    def __init__(self, db: Path) -> None:
        self.db = str(db)

    def __call__(self, *args: str, code: int = EXIT_OK) -> str:
        # the sub-app directly: building the whole root app each call is slow
        res = runner.invoke(turniej, [*args, "--db", self.db])
        assert res.exit_code == code, (args, res.output, res.stderr)
        return res.output if code == EXIT_OK else res.stderr

    def json(self, *args: str) -> list[dict[str, object]]:
        out = json.loads(self(*args, "--json"))
        assert isinstance(out, list)
        return out

    def log_size(self) -> int:
        return len(self.json("log"))


def score(round_no: int, table: int, first: bool) -> int:
    """Deterministic, varied scores (no draws)."""
    base = 300 + (round_no * 37 + table * 53) % 180
    return base + (15 if first else 0) if (round_no + table) % 3 else base - (20 if first else 0)


PLAYERS = [
    ("Żak Jan", None), ("Abacki Adam", None), ("Nowak Ewa", 150), ("Łoś Ola", 120),
    ("Kowal Piotr", 101), ("Śliwa Anna", 140), ("Sowa Tomasz", 135), ("Ćwik Igor", 110),
    ("Bąk Ewa", 105), ("Górny Jan", 104), ("Dąb Olaf", 103), ("Mróz Ula", 102),
]


def simulate(tmp_path: Path, system: str, players: int, rounds: int, late_round: int = 2,
             withdraw_round: int = 3) -> Referee:
    ref = Referee(tmp_path / f"{system}.turniej.sqlite")
    ref("new", f"Turniej {system}", "--rounds", str(rounds), "--system", system,
        "--date", "2026-05-02", "--date", "2026-05-03")
    for name, ranking in PLAYERS[:players]:
        extra = [] if ranking is None else ["--ranking", str(ranking)]
        ref("add-player", name, *extra, "--club", "KS Scrabble" if ranking else "SP 1")
    late = "Późny Paweł"
    for r in range(1, rounds + 1):
        if r == late_round:
            out = ref("add-player", late, "--ranking", "130")
            assert "dołącza od rundy" in out
        if r == withdraw_round:
            ref("withdraw", "Kowal")
        ref("pair")
        tables = ref.json("pairings", "--round", str(r))
        for t in tables:
            assert set(t) == {"table", "first", "second"}
        games = [t for t in tables if t["second"] is not None]
        for i, t in enumerate(games):
            a, b = str(t["first"]), str(t["second"])
            ti = int(str(t["table"]))
            if r == 2 and i == 0:
                out = ref("walkover", str(r), a, b)
                assert "walkower" in out and ":1" in out
                continue
            sa, sb = score(r, ti, True), score(r, ti, False)
            if r == 2 and i == 1:
                ref("result", str(r), a, str(sa + 100), b, str(sb))
                ref("correct", str(r), a, str(sa), b, str(sb), "--note", "zła suma")
                continue
            if r == 3 and i == 0:
                ref("result", str(r), a, str(sb), b, str(sa))
                n = ref.log_size()
                assert "Cofnięto" in ref("undo")
                assert ref.log_size() == n + 1  # the undo itself is on record
            ref("result", str(r), a, str(sa), b, str(sb))
    return ref


def check_final(ref: Referee, expected_players: int) -> list[dict[str, object]]:
    rows = ref.json("standings")
    assert [r["place"] for r in rows] == list(range(1, expected_players + 1))
    for r in rows:
        assert set(r) == {"place", "seed", "name", "big_points", "small_points", "spread",
                          "games", "status", "since_round"}
    assert "Klasyfikacja końcowa" in ref("standings")
    return rows


@pytest.mark.parametrize(
    ("system", "players", "rounds"),
    [("halving", 9, 7), ("swiss", 8, 6), ("danish", 7, 6)],
)
def test_complete_standings_based_tournament(
    tmp_path: Path, system: str, players: int, rounds: int
) -> None:
    ref = simulate(tmp_path, system, players, rounds)
    rows = check_final(ref, players + 1)
    kowal = next(r for r in rows if r["name"] == "Kowal Piotr")
    assert kowal["games"] == 2  # withdrawn before round 3
    late = next(r for r in rows if r["name"] == "Późny Paweł")
    assert int(str(late["games"])) >= rounds - 2  # no adjustment in the final results
    log = ref.json("log")
    kinds = [e["kind"] for e in log]
    assert {"walkover", "correct", "undo", "withdraw"} <= set(kinds)
    corr = next(e for e in log if e["kind"] == "correct")
    assert corr["at"] and corr["data"]["note"] == "zła suma"  # type: ignore[index]
    assert ref("check-ranked", code=EXIT_OK if rounds >= 6 else EXIT_NEGATIVE)


def test_complete_round_robin(tmp_path: Path) -> None:
    # 5 players on the 6-table; the late entrant fills the phantom number 6
    ref = simulate(tmp_path, "roundrobin", 5, 5)
    rows = check_final(ref, 6)
    r1 = ref.json("pairings", "--round", "1")
    assert [(t["first"], t["second"]) for t in r1] == [(2, 3), (4, 5), (1, None)]
    assert {r["name"] for r in rows} >= {"Późny Paweł"}


def test_complete_mpa_over_ten(tmp_path: Path) -> None:
    # MPA 2a vi: 11 + 1 late; 8 rounds halving, then top eight round robin
    ref = simulate(tmp_path, "mpa", 11, 15)
    rows = check_final(ref, 12)
    assert len(rows) == 12
    r9 = ref.json("pairings", "--round", "9")
    assert len(r9) == 6


def test_complete_mpa_seven(tmp_path: Path) -> None:
    ref = simulate(tmp_path, "mpa", 7, 15, late_round=99, withdraw_round=99)
    check_final(ref, 7)


def test_reports_exports_and_ranked_games(tmp_path: Path) -> None:
    ref = simulate(tmp_path, "halving", 7, 6)
    ref("report", "--html", str(tmp_path / "rep"))
    html = (tmp_path / "rep" / "index.html").read_text(encoding="utf-8")
    assert "Klasyfikacja końcowa" in html and "Karty graczy" in html and "Łoś Ola" in html
    assert (tmp_path / "rep" / "standings.csv").read_text(encoding="utf-8").startswith("place,")
    assert (tmp_path / "rep" / "runda-6.html").exists()
    assert "Klasyfikacja po rundzie 3" in (tmp_path / "rep" / "klasyfikacja-3.html").read_text(
        encoding="utf-8")
    t = tmp_path / "x.t"
    ref("export", "--tsh", str(t))
    back = Referee(tmp_path / "back.turniej.sqlite")
    runner.invoke(app, ["turniej", "import", "--tsh", str(t), "--db", back.db, "--rounds", "6"])
    a = [(r["name"], r["big_points"], r["small_points"]) for r in ref.json("standings")]
    b = [(r["name"], r["big_points"], r["small_points"]) for r in back.json("standings")]
    assert sorted(a) == sorted(b)  # TSH round trip keeps every result
    games = ranked_games(ref.db)
    assert games and set(games[0]) == {"date", "tournament", "player1", "player2", "score1",
                                       "score2", "walkover"}
    assert {g["date"] for g in games} == {"2026-05-02", "2026-05-03"}
    assert any(g["score2"] == 1 or g["score1"] == 1 for g in games)  # the walkover, N:1


def refused(ref: Referee, *args: str, code: int = EXIT_REFUSED, says: str = "") -> None:
    before = ref.json("log")
    err = ref(*args, code=code)
    assert "Błąd" in err and says in err and "Traceback" not in err
    assert ref.json("log") == before  # nothing changed


def test_bad_input_gets_a_clear_error_and_changes_nothing(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "t.turniej.sqlite")
    ref("new", "Błędy", "--rounds", "6", "--system", "halving")
    for name, ranking in PLAYERS[:4]:
        ref("add-player", name, *([] if ranking is None else ["--ranking", str(ranking)]))
    ref("pair")
    # cli/common.py: 2 = an argument that cannot be used, 3 = refused by the rules/state
    refused(ref, "result", "1", "Nikt", "400", "2", "300", code=EXIT_INPUT,
            says="nie ma takiego gracza: Nikt")
    refused(ref, "result", "1", "99", "400", "2", "300", code=EXIT_INPUT, says="99")
    refused(ref, "result", "1", "1", "400", "2", "300", says="nie ma pary")
    refused(ref, "result", "2", "1", "400", "3", "300", says="runda 2 nie jest skojarzona")
    refused(ref, "result", "1", "1", "-5", "3", "300", code=EXIT_INPUT,
            says="niepoprawny wynik -5")
    refused(ref, "result", "1", "1", "abc", "3", "300", code=EXIT_INPUT, says="abc")
    ref("result", "1", "1", "400", "3", "300")
    refused(ref, "result", "1", "3", "310", "1", "400", says="jest już wpisany")
    refused(ref, "penalty", "1", "1", "7", says="wielokrotność 5")
    refused(ref, "pair", says="nie ma jeszcze wszystkich wyników")
    refused(ref, "add-player", "Nowak Ewa", says="już zapisany")
    refused(ref, "return", "1", says="nie jest wycofany")
    refused(ref, "new", "Znowu", "--rounds", "6", "--system", "halving", says="istnieje")
    refused(ref, "new", "Zły", "--rounds", "6", "--system", "bogus", code=EXIT_INPUT,
            says="system: 'bogus' nie jest żadną z wartości: roundrobin, halving")
    bad = tmp_path / "bad.csv"
    bad.write_text("nazwisko;ranking\nKto;sto\n", encoding="utf-8")
    refused(ref, "import-players", str(bad), code=EXIT_INPUT, says="bad.csv:2")


def test_default_file_is_the_one_in_the_directory(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    res = runner.invoke(app, ["turniej", "new", "Mój Turniej", "--rounds", "6", "--system",
                              "swiss"])
    assert res.exit_code == 0 and (tmp_path / "moj-turniej.turniej.sqlite").exists()
    res = runner.invoke(app, ["tournament", "add-player", "Ala"])  # the English alias
    assert res.exit_code == 0, res.output
    (tmp_path / "b.turniej.sqlite").write_bytes(b"")
    res = runner.invoke(app, ["turniej", "players"])
    assert res.exit_code == EXIT_INPUT and "kilka plików" in res.stderr


def test_import_players_csv_and_manual_pairing_and_bye(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "m.turniej.sqlite")
    ref("new", "Ręczny", "--rounds", "6", "--system", "manual")
    csv = tmp_path / "gracze.csv"
    csv.write_text("nazwisko;ranking;klub;miasto\nŁoś Ola;120;KS;Łódź\nAbacki Adam;;;\n"
                   "Nowak Ewa;150;;\n", encoding="utf-8")
    assert "3" in ref("import-players", str(csv))
    players = ref.json("players")
    assert [p["name"] for p in players] == ["Nowak Ewa", "Łoś Ola", "Abacki Adam"]
    refused(ref, "pair", says="ręcznie")
    ref("pair", "--manual", "1-3, 2")
    ref("bye", "1", "Abacki")  # the referee moves the bye: Łoś plays Nowak, Abacki pauses
    assert [(t["first"], t["second"]) for t in ref.json("pairings", "--round", "1")] == [
        (1, 2), (3, None)]
    ref("penalty", "1", "Nowak", "10")
    ref("result", "1", "Nowak", "400", "Łoś", "395")
    rows = ref.json("standings")
    assert rows[0]["name"] == "Łoś Ola" and rows[0]["small_points"] == 395  # 400 − 10 < 395
    assert ref.json("standings", "--teams")[0]["team"] == "KS"


def test_root_app_registers_turniej_and_the_english_alias() -> None:
    for name in ("turniej", "tournament"):
        res = runner.invoke(app, [name, "--help"])
        assert res.exit_code == 0 and "add-player" in res.output


def test_set_changes_settings_through_the_cli(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "s.turniej.sqlite")
    ref("new", "Ustawienia", "--rounds", "6", "--system", "halving")
    out = json.loads(ref("set", "--criteria", "big_points,spread", "--bye", "300:250",
                         "--adjustments", "seed", "--group-range", "1.5"))
    assert out["criteria"] == ["big_points", "spread"] and out["adjustment_formula"] == "seed"
    refused(ref, "set", "--adjustments", "magic", says="magic")
    refused(ref, "set", "--criteria", "nonsense", says="nonsense")


def test_forfeit_round_dates_and_the_no_show_reminder(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "f.turniej.sqlite")
    ref("new", "Nieobecni", "--rounds", "6", "--system", "manual", "--date", "2026-05-02")
    for name in ("A", "B", "C", "D"):
        ref("add-player", name)
    ref("pair", "--manual", "1-2,3-4", "--date", "2026-05-09")
    ref("forfeit", "1", "1", "2")  # TR 6.3.3–6.3.4: both absent, a loss for both
    ref("walkover", "1", "3", "4")
    rows = {r["name"]: r for r in ref.json("standings")}
    assert rows["A"]["big_points"] == 0 and rows["B"]["big_points"] == 0
    assert rows["A"]["games"] == 0
    res = runner.invoke(turniej, ["pair", "--manual", "1-3,2-4", "--db", ref.db])
    assert res.exit_code == 0 and "TR 6.3.4" in res.stderr and "D" in res.stderr
    games = ranked_games(ref.db)
    assert [(g["player1"], g["player2"], g["date"]) for g in games] == [
        ("C", "D", "2026-05-09")]  # the forfeit is no game; the round's own date is used


def test_english_messages_with_lang_en(tmp_path: Path) -> None:
    db = str(tmp_path / "e.turniej.sqlite")
    res = runner.invoke(app, ["--lang", "en", "tournament", "new", "Open", "--rounds", "6",
                              "--system", "swiss", "--db", db])
    assert res.exit_code == 0 and "Created 'Open'" in res.output
    res = runner.invoke(app, ["--lang", "en", "tournament", "result", "1", "X", "1", "Y", "2",
                              "--db", db])
    assert res.exit_code == EXIT_INPUT and "no such player: X" in res.stderr


def test_a_bad_t_file_creates_nothing(tmp_path: Path) -> None:
    t = tmp_path / "bad.t"
    t.write_text("A 100 2; 300\nB 100 1; 300\nA 100 0; 50\n", encoding="utf-8")  # A twice
    db = tmp_path / "x.turniej.sqlite"
    res = runner.invoke(turniej, ["import", "--tsh", str(t), "--db", str(db)])
    assert res.exit_code == EXIT_INPUT and "już zapisany" in res.stderr
    assert not db.exists()


def two_paired(db: Path, first: str, second: str, pairing: str) -> Referee:
    """A manual tournament of two players, paired for round 1."""
    ref = Referee(db)
    ref("new", "Para", "--rounds", "6", "--system", "manual")
    ref("add-player", first)
    ref("add-player", second)
    ref("pair", "--manual", pairing)
    return ref


def test_names_without_polish_letters_are_found(tmp_path: Path) -> None:
    ref = two_paired(tmp_path / "n.turniej.sqlite", "Łoś Ola", "Śliwa Anna", "los-sliwa")
    assert "Łoś Ola" in ref("result", "1", "LOS", "400", "sliw", "300")


def test_a_superscript_digit_is_a_name_not_a_seed(tmp_path: Path) -> None:
    # "¹" passes str.isdigit but not int(): found by the fuzzing test below, it raised
    ref = two_paired(tmp_path / "d.turniej.sqlite", "Ala", "Ola", "1-2")
    err = ref("result", "1", "¹", "400", "Ola", "300", code=EXIT_INPUT)
    assert "¹" in err


def test_log_reads_in_words_with_seeds_and_names(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "l.turniej.sqlite")
    ref("new", "Dziennik", "--rounds", "6", "--system", "manual")
    ref("add-player", "Łoś Ola", "--ranking", "120")
    ref("add-player", "Abacki Adam")
    ref("pair", "--manual", "1-2")
    ref("result", "1", "1", "400", "2", "350")
    ref("correct", "1", "1", "410", "2", "350", "--note", "suma")
    out = ref("log")
    assert "wynik, runda 1: 1 Łoś Ola 400 – 350 2 Abacki Adam" in out
    assert "POPRAWKA, runda 1: 1 Łoś Ola 410 – 350 2 Abacki Adam (suma)" in out
    assert "Cofnięto: #6 POPRAWKA" in ref("undo")
    assert ref.json("log")[-1]["text"] == "COFNIĘCIE ostatniego zdarzenia"


def test_card_shows_games_penalties_and_adjustments(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "c.turniej.sqlite")
    ref("new", "Karta", "--rounds", "6", "--system", "halving")
    for name, r in (("Nowak Ewa", "150"), ("Łoś Ola", "120"), ("Kowal Piotr", "110"),
                    ("Abacki Adam", "105")):
        ref("add-player", name, "--ranking", r)
    ref("pair")
    ref("result", "1", "1", "400", "3", "300")
    ref("result", "1", "2", "350", "4", "360")
    ref("penalty", "1", "Nowak", "10")
    ref("add-player", "Późny Paweł", "--ranking", "130")
    ref("pair")
    out = ref("card", "Nowak")
    assert "1. Nowak Ewa" in out and "390:300" in out and "kara −10" in out
    late = ref("card", "Późny")
    assert "wyrównanie przed rundą 2 (RS §7.2): miejsce docelowe 2" in late


def test_no_traceback_for_any_typed_result(tmp_path_factory: pytest.TempPathFactory) -> None:
    # whatever the referee types, a clean message and exit code — never a traceback
    from hypothesis import given
    from hypothesis import settings as hsettings
    from hypothesis import strategies as st

    ref = Referee(tmp_path_factory.mktemp("fuzz") / "z.turniej.sqlite")
    ref("new", "Fuzz", "--rounds", "6", "--system", "manual")
    for name in ("Ala", "Ola", "Ela", "Iza"):
        ref("add-player", name)
    ref("pair", "--manual", "1-2,3-4")
    size = ref.log_size()
    token = st.one_of(st.text(min_size=1, max_size=6).filter(lambda t: not t.startswith("-")),
                      st.integers(-5, 9).map(str), st.sampled_from(["Ala", "Ola", "1", "2"]))

    @hsettings(max_examples=30)
    @given(st.integers(-1, 3), token, token, token, token)
    def typed(rnd: int, a: str, sa: str, b: str, sb: str) -> None:
        res = runner.invoke(turniej, ["result", str(rnd), a, sa, b, sb, "--db", ref.db])
        assert res.exit_code in (EXIT_OK, EXIT_INPUT, EXIT_REFUSED), res.output
        assert res.exception is None or isinstance(res.exception, SystemExit)
        if res.exit_code == EXIT_OK:  # a valid entry: take it back for the next example
            runner.invoke(turniej, ["undo", "--db", ref.db])

    typed()
    assert len([e for e in ref.json("log") if e["kind"] != "undo"]) - size == len(
        [e for e in ref.json("log") if e["kind"] == "undo"])


def test_printable_pages_for_a_round_and_the_standings(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "p.turniej.sqlite")
    ref("new", "Druk", "--rounds", "6", "--system", "halving")
    for name in ("Łoś Ola", "Abacki Adam", "Nowak Ewa"):
        ref("add-player", name)
    ref("pair")
    ref("pairings", "--html", str(tmp_path / "r1.html"))
    page = (tmp_path / "r1.html").read_text(encoding="utf-8")
    assert "Runda 1" in page and "Łoś Ola" in page and "pauza" in page
    ref("standings", "--html", str(tmp_path / "s.html"))
    assert "Klasyfikacja po rundzie 0" in (tmp_path / "s.html").read_text(encoding="utf-8")


def test_status_lists_the_missing_results(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "st.turniej.sqlite")
    ref("new", "Stan", "--rounds", "6", "--system", "halving")
    for name in ("A", "B", "C", "D"):
        ref("add-player", name)
    ref("pair")
    ref("result", "1", "1", "400", "3", "300")
    out = ref("status")
    assert "Brak wyników, runda 1:" in out and "2 B – 4 D" in out and "1 A" not in out
    ref("result", "1", "2", "400", "4", "300")
    assert "Wszystkie wyniki wpisane." in ref("status")


def test_import_players_reads_the_ranking_modules_seed_csv(tmp_path: Path) -> None:
    # `plansza ranking seed --csv` writes: nazwisko,ranking,partie (empty ranking = debutant)
    ref = Referee(tmp_path / "i.turniej.sqlite")
    ref("new", "Z rankingu", "--rounds", "6", "--system", "halving")
    csv = tmp_path / "seed.csv"
    csv.write_text("nazwisko,ranking,partie\nNowak Ewa,151,340\nŻak Jan,,0\nŁoś Ola,116,24\n",
                   encoding="utf-8")
    ref("import-players", str(csv))
    players = ref.json("players")
    assert [(p["name"], p["ranking"], p["games"]) for p in players] == [
        ("Nowak Ewa", 151.0, 340), ("Łoś Ola", 116.0, 24), ("Żak Jan", None, 0)]


def test_import_players_names_the_row_of_a_duplicate(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "dup.turniej.sqlite")
    ref("new", "Duplikaty", "--rounds", "6", "--system", "halving")
    csv = tmp_path / "g.csv"
    csv.write_text("name,ranking\nAla,120\nOla,\nAla,130\n", encoding="utf-8")
    refused(ref, "import-players", str(csv), code=EXIT_INPUT, says="g.csv:4")
    assert ref.json("players") == []  # all or nothing
    assert "greater than or equal to 0" in ref("add-player", "Ewa", "--ranking", "-3",
                                               code=EXIT_INPUT)  # Typer's own check
    assert ref.json("players") == []


def test_pair_preview_records_nothing(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "pv.turniej.sqlite")
    ref("new", "Podgląd", "--rounds", "6", "--system", "halving")
    for name in ("A", "B", "C", "D"):
        ref("add-player", name)
    size = ref.log_size()
    out = ref("pair", "--preview")
    assert "Stół   1: 1 A – 3 C" in out and "podgląd" in out
    assert ref.log_size() == size
    assert "Stół   1: 1 A – 3 C" in ref("pair")  # the same pairing, now recorded


def test_cli_suffix_is_the_storage_suffix() -> None:
    # The CLI keeps its own copy so that it starts without importing the storage.
    from plansza.cli import tournament as cli_tournament
    from plansza.tournament import storage

    assert cli_tournament.SUFFIX == storage.SUFFIX
