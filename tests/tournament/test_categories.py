"""Registering from the ranking list, prize categories and divisions, through the CLI."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT, EXIT_NEGATIVE, EXIT_REFUSED
from plansza.cli.main import app
from plansza.records import dump
from plansza.tournament import categories
from plansza.tournament.events import Event, replay
from plansza.tournament.model import Pairing, Result, Round, Settings, State
from plansza.tournament.ranked import check

from .helpers import Log
from .helpers import settings as make_settings
from .test_cli import Referee

runner = CliRunner()

LIST = "Nazwisko i imię;Ranking;Partie;Miasto\nŁoś Jan;151,25;180;Łódź\nŻak Anna;140;95;\n"


@pytest.fixture
def ref(tmp_path: Path) -> Referee:
    r = Referee(tmp_path / "t.turniej.sqlite")
    r("new", "Puchar", "--rounds", "6", "--system", "halving", "--date", "2024-05-11")
    return r


@pytest.fixture
def listed(tmp_path: Path) -> None:
    src = tmp_path / "lista.csv"
    src.write_text(LIST, encoding="utf-8")
    res = runner.invoke(app, ["ranking", "import-list", str(src)])
    assert res.exit_code == 0, res.output
    assert os.path.exists(os.environ["PLANSZA_RANKING_LIST"])


def test_add_player_takes_ranking_and_games_from_the_list(ref: Referee, listed: None) -> None:
    # RR §2.1: a listed player plays with the list's ranking; the list's spelling is kept
    out = ref("add-player", "łoś jan")
    assert "151.25" in out and "180" in out
    p = ref.json("players")[0]
    assert (p["name"], p["ranking"], p["games"], p["city"]) == ("Łoś Jan", 151.25, 180, "Łódź")


def test_a_name_close_to_listed_ones_is_refused_with_them(ref: Referee, listed: None) -> None:
    # Polish letters count: "Los Jan" is not "Łoś Jan", and a typo would cost a ranking
    err = ref("add-player", "Los Jan", code=EXIT_INPUT)
    assert "Łoś Jan" in err and "--unlisted" in err and "Traceback" not in err
    assert "Łoś Jan" in ref("add-player", "Jan Łoś", code=EXIT_INPUT)  # the word order
    assert ref.json("players") == []
    ref("add-player", "Los Jan", "--unlisted")  # the referee says: another person
    assert ref.json("players")[0]["ranking"] is None


def test_a_name_far_from_the_list_is_a_debutant(ref: Referee, listed: None) -> None:
    out = ref("add-player", "Brzęczyszczykiewicz Grzegorz")
    assert "RR §2.2" in out
    assert ref.json("players")[0]["ranking"] is None


def test_a_given_ranking_wins_over_the_list(ref: Referee, listed: None) -> None:
    # RR §2.3: the referee may set an off-list player's tournament ranking himself
    ref("add-player", "Łoś Jan", "--ranking", "120", "--games", "40")
    p = ref.json("players")[0]
    assert (p["ranking"], p["games"]) == (120, 40)


def test_without_a_list_nothing_changes(ref: Referee) -> None:
    out = ref("add-player", "Los Jan")
    assert "RR §2.2" not in out  # no list imported: no remark about it
    assert ref.json("players")[0]["ranking"] is None


def test_import_players_fills_rankings_from_the_list(
    ref: Referee, listed: None, tmp_path: Path
) -> None:
    src = tmp_path / "gracze.csv"
    src.write_text("nazwisko;ranking;kategorie\nŻak Anna;;K\nLos Jan;;\nNowy Ktoś;;J\n",
                   encoding="utf-8")
    res = runner.invoke(app, ["turniej", "import-players", str(src), "--db", ref.db])
    assert res.exit_code == 0, res.output
    assert "Łoś Jan" in res.stderr  # a note, the import goes on
    rows = {p["name"]: (p["ranking"], p["categories"]) for p in ref.json("players")}
    assert rows == {"Żak Anna": (140, ["women"]), "Los Jan": (None, ["debutants"]),
                    "Nowy Ktoś": (None, ["juniors", "debutants"])}


def _played(ref: Referee) -> None:
    ref("add-player", "Ala", "--ranking", "150", "--category", "K", "--division", "A")
    ref("add-player", "Bea", "--ranking", "140", "--category", "kobiety,junior", "--division", "A")
    ref("add-player", "Cezary", "--ranking", "130", "--division", "B", "--club", "Siódemka")
    ref("add-player", "Dawid", "--division", "B")


def test_standings_per_category_from_the_same_log(ref: Referee) -> None:
    _played(ref)
    ref("pair", "--manual", "1-3,2-4")
    ref("result", "1", "Ala", "300", "Cezary", "400")
    ref("result", "1", "Bea", "400", "Dawid", "350")
    overall = {s["name"]: s["place"] for s in ref.json("standings")}
    women = ref.json("standings", "--category", "women")
    # the best woman is the best placed woman: places among them, beside the overall one
    assert [(s["place"], s["name"], s["overall_place"]) for s in women] == [
        (1, "Bea", overall["Bea"]), (2, "Ala", overall["Ala"])]
    assert [s["name"] for s in ref.json("standings", "--category", "debiutanci")] == ["Dawid"]
    assert [s["name"] for s in ref.json("standings", "--category", "klub:Siódemka")] == [
        "Cezary"]
    assert [s["name"] for s in ref.json("standings", "--division", "b")] == ["Cezary", "Dawid"]
    both = ref.json("standings", "--division", "A", "--category", "juniors")
    assert [(s["place"], s["name"]) for s in both] == [(1, "Bea")]
    err = ref("standings", "--category", "seniorzy", code=EXIT_REFUSED)
    assert "women" in err  # the categories there are


def test_category_command_on_record(ref: Referee) -> None:
    _played(ref)
    out = ref("category", "Dawid", "S", "U12")
    assert "U12" in out
    assert ref.json("players")[3]["categories"] == ["seniors", "U12", "debutants"]
    ref("category", "Dawid", "--clear")
    assert ref.json("players")[3]["categories"] == ["debutants"]
    ref("undo")
    assert "U12" in ref.json("players")[3]["categories"]
    assert any(e["kind"] == "categories" for e in ref.json("log"))
    ref("pair", "--manual", "1-3,2-4")
    # RR §4 counts each division's players: a division does not change once paired
    assert "RR §4" in ref("category", "Dawid", "--division", "A", code=EXIT_REFUSED)
    ref("category", "Dawid", "J")  # a prize category may still be set


def test_check_ranked_counts_rounds_per_division(ref: Referee) -> None:
    # RR §4: rounds ≤ players "w każdej z dywizji/grup"
    for i in range(8):
        ref("add-player", f"Gracz {i}", "--division", "A" if i < 6 else "B")
    res = runner.invoke(app, ["--lang", "en", "turniej", "check-ranked", "--db", ref.db])
    assert res.exit_code == EXIT_NEGATIVE
    assert "division A: rounds 6 not more than players 6" in res.stdout
    assert "WARNING division B: rounds 6 not more than players 2" in res.stdout


def test_check_ranked_division_findings_in_the_domain() -> None:
    s = State(Settings("T", 6, "halving", dates=("2026-05-02",)))
    for i in range(7):
        s.add_player(f"P{i}", division="A")
    assert [ok for ok, _ in check(s)] == [True, True, True, True, True]
    s.add_player("Q", division="B")
    assert [ok for ok, _ in check(s)] == [True, True, True, False, True, True]


def test_report_shows_divisions_and_categories(ref: Referee, tmp_path: Path) -> None:
    _played(ref)
    ref("pair", "--manual", "1-3,2-4")
    ref("result", "1", "Ala", "300", "Cezary", "400")
    ref("result", "1", "Bea", "400", "Dawid", "350")
    out = tmp_path / "rep"
    ref("report", "--html", str(out), "--category", "debutants")
    page = (out / "index.html").read_text(encoding="utf-8")
    for heading in ("Dywizja A", "Dywizja B", "Kategoria: kobiety", "Kategoria: juniorzy",
                    "Kategoria: debiutanci"):
        assert f"<h2>{heading}</h2>" in page
    assert "Kategoria: klub" not in page  # a club is a category only when asked for


def test_old_logs_load_without_categories() -> None:
    log = [Event(1, "created", {"settings": dump(Settings("T", 6, "halving"))}),
           Event(2, "player_added", {"name": "Ala", "ranking": 120.0})]
    p = replay(log).players[1]
    assert (p.categories, p.division) == ([], "")
    assert categories.categories_of(p) == []


def test_category_of_the_domain_standings() -> None:
    s = State(Settings("T", 6, "halving"))
    a = s.add_player("Ala", 120.0, 40, categories=["women"])
    b = s.add_player("Ola", 110.0, 40, categories=["women"])
    s.rounds[1] = Round(1, [Pairing(1, a, b, Result(300, 400))])
    assert [(i, st.name, st.place) for i, st in categories.category_standings(s, "K")] == [
        (1, "Ola", 1), (2, "Ala", 2)]
    assert json.dumps(categories.used(s)) == '["women"]'


@pytest.mark.parametrize("system", ["halving", "swiss", "danish", "roundrobin"])
@given(sizes=st.tuples(st.integers(2, 7), st.integers(2, 7)), seed=st.integers(0, 999))
@settings(max_examples=15, deadline=None)
def test_a_divided_tournament_pairs_each_division_within_itself(
    system: str, sizes: tuple[int, int], seed: int
) -> None:
    # RR §4 "w turniejach dywizyjnych/grupowych w każdej z dywizji/grup": a division
    # plays within itself; every active player is at one table a round, tables of
    # division A before those of division B, at most one bye per division.
    rounds = min(sizes) - 1 if system == "roundrobin" else 3
    log = Log(make_settings(system, rounds=max(rounds, 1)))
    rng = random.Random(seed)
    division = {}
    for d, size in zip("AB", sizes, strict=True):
        for i in range(size):
            division[log.player(f"{d}{i}", ranking=120 + rng.randint(0, 40), division=d)] = d
    for _ in range(max(rounds, 1)):
        n = log.pair()
        pairings = log.state.rounds[n].pairings
        assert all(p.second is None or division[p.first] == division[p.second] for p in pairings)
        order = [division[p.first] for p in pairings]
        assert order == sorted(order)
        assert sum(p.second is None for p in pairings) == sum(s % 2 for s in sizes)
        log.play(rng)
    assert log.replayed() == log.state
