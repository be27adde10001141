"""The paperwork of a tournament day (tournament/paperwork.py, `turniej slips`,
`pairings --alphabetical`, `report --referee`, `export --federation`): result slips
(TR 5.2), the pairing list by name (Polish order), the referee's report (RS §6) and
the federation's file of games, read back by the ranking."""

from __future__ import annotations

import csv
import doctest
import io
import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from htmlpage import Page
from plansza import i18n
from plansza.cli.common import EXIT_INPUT, EXIT_REFUSED
from plansza.cli.main import app
from plansza.ranking.records import read_games_csv_text
from plansza.records import dump
from plansza.tiles import polish_collation_key
from plansza.tournament import paperwork, ranked_games
from plansza.tournament.events import replay
from plansza.tournament.model import Pairing, Result, Round, Settings, State, seeds

from .helpers import Log
from .helpers import settings as tournament_settings
from .test_cli import Referee, runner, simulate

HOSTILE = ("<script>alert(1)</script>", 'Ola & "Ela"', "=1+1 Łoś", "Łukasz </td> Żak")


def test_doctests() -> None:
    result = doctest.testmod(paperwork)
    assert result.attempted > 0 and result.failed == 0


def small(
    names: tuple[str, ...] = ("Żak Jan", "Łoś Ola", "Lis Adam", "Śliwa Ewa", "Sowa Piotr"),
) -> Log:
    log = Log(tournament_settings("halving", 6, referee="Jan Sędzia", venue="Łódź, Dom Kultury"))
    for i, name in enumerate(names):
        log.player(name, 150 - i)
    log.pair()
    return log


# ---- the pairing list by name ---------------------------------------------------------

POLISH_NAME = st.from_regex(r"[A-ZĄĆĘŁŃÓŚŹŻa-ząćęłńóśźż]{1,6} [A-ZŁŚŻa-złśż]{1,4}", fullmatch=True)


@settings(max_examples=40, deadline=None)
@given(st.lists(POLISH_NAME, min_size=2, max_size=11, unique=True))
def test_the_list_by_name_is_in_polish_order_and_seats_everyone_once(names: list[str]) -> None:
    # RS §7.1 orders equal rankings alphabetically; the list the players look for at the
    # hall is the same Polish order (Ł after L, Ś after S), everyone once, at their table.
    log = small(tuple(names))
    seats = paperwork.by_name(log.state, 1)
    assert [s.name for s in seats] == sorted(names, key=polish_collation_key)
    assert sorted(s.pid for s in seats) == sorted(log.state.players)
    for s in seats:
        p = log.state.rounds[1].pairing_of(s.pid)
        assert p is not None and p.table == s.table
        assert s.opponent == (p.second if p.first == s.pid else p.first)
        assert s.starts == (p.first == s.pid and p.second is not None)


def test_polish_letters_sort_after_their_base_letter() -> None:
    log = small(("Śliwa Ewa", "Sowa Piotr", "Łoś Ola", "Lis Adam", "Żak Jan"))
    assert [s.name for s in paperwork.by_name(log.state, 1)] == [
        "Lis Adam",
        "Łoś Ola",
        "Sowa Piotr",
        "Śliwa Ewa",
        "Żak Jan",
    ]


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_page_by_name_escapes_names_and_lists_every_player(lang: str) -> None:
    log = small((*HOSTILE, "Ćwik Igor"))
    page = Page(paperwork.by_name_page(log.state, 1, i18n.translator(lang)))
    assert page.lang == lang and "script" not in page.tags
    [table] = page.tables
    assert len(table) == 1 + len(HOSTILE) + 1 and all(len(r) == 5 for r in table)
    assert [r[0] for r in table[1:]] == sorted([*HOSTILE, "Ćwik Igor"], key=polish_collation_key)
    assert ("pauza" if lang == "pl" else "bye") in page.all_text()  # 5 players: one bye


# ---- result slips (TR 5.2) ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_one_slip_per_table_with_both_names_round_table_and_day(lang: str) -> None:
    # TR 5.2: both players write the result on the game's slip and sign it; one slip a
    # table (a bye plays no game: no slip).
    log = small((*HOSTILE, "Ćwik Igor", "Nowak Ewa"))  # 6 players: 3 tables, no bye
    log.player("Bąk Ola", 90)  # registered after round 1 was paired: not on its slips
    html = paperwork.slips_page(log.state, 1, i18n.translator(lang))
    page = Page(html)
    assert "script" not in page.tags
    pairings = log.state.rounds[1].pairings
    assert html.count('<div class="slip paper">') == len(page.tables) == len(pairings) == 3
    sd = seeds(log.state)
    for p, table in zip(pairings, page.tables, strict=True):
        assert p.second is not None
        assert table[1][1] == f"{sd[p.first]} {log.state.players[p.first].name}"
        assert table[2][1] == f"{sd[p.second]} {log.state.players[p.second].name}"
        assert table[1][2:] == ["", ""] and table[2][2:] == ["", ""]  # to be filled by hand
    text = page.all_text()
    assert "2026-05-02" in text and "TR 5.2" in text and "TR 4.6.4" in text
    word = {
        "pl": ("Protokół partii", "Stół 3", "Podpis"),
        "en": ("Result slip", "Table 3", "Signature"),
    }[lang]
    assert all(w in text for w in word)
    assert "Bąk Ola" not in text


def test_a_bye_gets_no_slip_and_the_slip_names_the_days_round() -> None:
    log = Log(tournament_settings("halving", 6, dates=("2026-05-02", "2026-05-03")))
    for name in ("A", "B", "C"):
        log.player(name)
    for _ in range(4):  # 6 rounds over 2 days: round 4 is on the second day
        log.pair()
        log.play(random.Random(1))
    html = paperwork.slips_page(log.state, 4, i18n.translator("pl"))
    assert html.count('<div class="slip paper">') == 1 and "2026-05-03" in html
    assert paperwork.round_date(log.state, 3) == "2026-05-02"


# ---- the referee's report (RS §6) ----------------------------------------------------


def eventful() -> Log:
    """Six rounds with a late entry, a walkover, a double forfeit, a penalty, a
    correction, a withdrawal and an exclusion."""
    log = Log(
        tournament_settings(
            "halving", 6, referee="Jan <b>Sędzia</b>", venue="Łódź, Dom Kultury", minutes=20
        )
    )
    for i, name in enumerate(
        (
            "Żak Jan",
            "Łoś Ola",
            "Lis Adam",
            "Śliwa Ewa",
            "Sowa Piotr",
            "Nowak Anna",
            "Kowal Igor",
            "Bąk Ewa",
        )
    ):
        log.player(name, 150 - i)
    rng = random.Random(3)
    for r in range(1, 7):
        if r == 2:
            log.player("Późny Paweł", 130)
        if r == 3:
            log.add("withdraw", player=5, round=3, excluded=False)
            log.add("withdraw", player=6, round=3, excluded=True)
        log.pair()
        games = [p for p in log.state.rounds[r].pairings if p.second is not None]
        if r == 1:
            w = games[0]
            log.add("walkover", round=1, winner=w.first, loser=w.second, score=0)
            f = games[1]
            log.add("forfeit", round=1, a=f.first, b=f.second)
        log.play(rng)
        if r == 2:
            g = games[0]
            log.add("penalty", round=2, player=g.first, points=10)
            log.add("correct", round=2, a=g.first, sa=333, b=g.second, sb=222, note="zła suma")
    return log


@pytest.mark.parametrize("lang", ["pl", "en"])
def test_the_referees_report_holds_what_rs6_asks_for(lang: str) -> None:
    log = eventful()
    state = log.state
    assert state.finished
    page = Page(paperwork.referee_report_page(state, i18n.translator(lang)))
    text = page.all_text()
    assert page.lang == lang and "b" not in page.tags  # the referee's name is text
    assert "Jan <b>Sędzia</b>" in text and "Łódź, Dom Kultury" in text and "2026-05-02" in text
    report = paperwork.referee_report(state, i18n.translator(lang))
    # RR §4 findings as check-ranked gives them (6 rounds, 20 minutes, a Saturday: ranked)
    assert report.ranked and len(report.findings) == 5
    assert all(f in text for _ok, f in report.findings)
    # the walkover (TR 7.2) with its N, the forfeit (TR 6.3.3–6.3.4), the penalty (TR 7.1)
    [w] = report.walkovers
    p = state.rounds[1].pairings[w.table - 1]
    assert p.result is not None and w.score == max(p.result.score_first, p.result.score_second)
    assert f"{w.score}:1" in text and len(report.forfeits) == 1
    assert report.penalties == [(2, state.rounds[2].pairings[0].first, 10)] and "−10" in text
    # the correction (TR 4.6.4), the withdrawal and the exclusion (TR 7.1), the late entry
    assert [c["new"] for c in report.corrections] == [[333, 222]] and "zła suma" in text
    assert [(a.pid, a.first_missed, a.excluded) for a in report.absences] == [
        (5, 3, False),
        (6, 3, True),
    ]
    assert report.late == [9] and "Późny Paweł" in text
    assert "TR 7.1" in text and "RS §7.2" in text and "RR §4" in text
    # games: every table with a result but the double forfeit (and no bye)
    assert report.games == sum(
        1
        for r in state.rounds.values()
        for p in r.pairings
        if p.second is not None and p.result is not None and p.result.kind != "forfeit"
    )
    # the final standings, every player, in the standings' order
    standings_table = page.tables[-1]
    assert len(standings_table) == 1 + len(state.players)
    # (a player who left carries the standings' mark after the name: TR 6.3.4, TR 7.1)
    assert [r[2].split(" (")[0] for r in standings_table[1:]] == [s.name for s in report.lines]
    final = {"pl": "Klasyfikacja końcowa", "en": "Final standings"}[lang]
    assert final in text


def test_the_report_says_when_a_condition_of_a_ranked_tournament_is_not_met() -> None:
    # RR §4: at least 6 rounds and 15 minutes per player
    log = Log(Settings("Krótki", 2, "halving", minutes=10, dates=("2026-05-02",)))
    for name in ("A", "B", "C", "D"):
        log.player(name)
    text = Page(paperwork.referee_report_page(log.state, i18n.translator("pl"))).all_text()
    assert "Nie wszystkie warunki" in text and text.count("UWAGA") == 2
    assert "Brak." in text  # no walkover, penalty, correction yet
    assert "Klasyfikacja po rundzie 0" in text


@pytest.mark.parametrize(
    ("consent", "pl"),
    [
        ("players", "obaj gracze"),
        ("referee", "sędzia, w tym samym dniu zawodów"),
        ("override", "decyzja sędziego poza terminem"),
    ],
)
def test_a_correction_shows_whose_consent_and_the_day_when_recorded(consent: str, pl: str) -> None:
    # TR 4.6.4: both players until the next pairing, the referee until the end of the
    # day; past that only the referee's recorded override. Older logs have no such keys.
    s = State(Settings("T", 1, "halving", dates=("2026-05-02",)))
    a, b = s.add_player("Ala"), s.add_player("Ola")
    s.rounds[1] = Round(1, [Pairing(1, a, b, Result(400, 350))])
    s.corrections.append(
        {
            "at": "2026-05-02T10:00:00+00:00",
            "round": 1,
            "first": a,
            "second": b,
            "old": [400, 300],
            "new": [400, 350],
            "note": "",
            "consent": consent,
            "day": "2026-05-02",
        }
    )
    s.corrections.append(
        {
            "at": "2026-05-02T11:00:00+00:00",
            "round": 1,
            "first": a,
            "second": b,
            "old": [400, 350],
            "new": [400, 350],
            "note": "stary",
        }
    )
    page = Page(paperwork.referee_report_page(s, i18n.translator("pl")))
    rows = next(t for t in page.tables if t[0][0] == "Runda" and len(t[0]) == 7)
    assert rows[1][4] == f"{pl} (dzień 2026-05-02)"
    assert rows[2][4] == "—" and rows[2][6] == "stary"


# ---- the federation's file (RS §6) -----------------------------------------------------


def test_the_federation_file_is_what_the_ranking_reads() -> None:
    # RS §6: the database goes to the ranking officer. The file has a header, a row per
    # ranked game (walkovers with N:1 — TR 7.2, TR 6.3.4 — byes and forfeits left out),
    # and the ranking's own reader takes it as the referee's file gives it.
    state = eventful().state
    text = paperwork.federation_csv(state)
    rows = list(csv.DictReader(io.StringIO(text)))
    assert tuple(rows[0]) == paperwork.FEDERATION_COLUMNS
    games = read_games_csv_text(text, source="fed.csv")
    expected = [r for r in paperwork.ranked_rows(state)]
    assert [
        (g.date.isoformat(), g.tournament, g.player1, g.player2, g.score1, g.score2, g.walkover)
        for g in games
    ] == [
        (
            r["date"],
            r["tournament"],
            r["player1"],
            r["player2"],
            r["score1"],
            r["score2"],
            r["walkover"],
        )
        for r in expected
    ]
    assert sum(g.walkover for g in games) == 1
    tables = sum(1 for r in state.rounds.values() for p in r.pairings if p.second is not None)
    assert len(games) == tables - 1  # the double forfeit is no game
    # the penalty is off the score (TR 7.1): 333 − 10
    r2 = next(r for r in rows if r["round"] == "2" and r["table"] == "1")
    assert r2["score1"] == "323"


def test_names_that_look_like_formulas_come_back_whole() -> None:
    log = small((*HOSTILE, "Ćwik Igor", "Bąk Ola"))  # six: nobody has the bye
    log.play(random.Random(2))
    text = paperwork.federation_csv(log.state)
    assert "\n=1+1" not in text and ",=1+1" not in text  # no spreadsheet formula
    names = {g.player1 for g in read_games_csv_text(text)} | {
        g.player2 for g in read_games_csv_text(text)
    }
    assert names == set(HOSTILE) | {"Ćwik Igor", "Bąk Ola"}


# ---- the command line ---------------------------------------------------------------


def test_the_paperwork_commands_end_to_end(tmp_path: Path) -> None:
    ref = simulate(tmp_path, "halving", 7, 6)
    ref("set", "--referee", "Jan Sędzia", "--venue", "Łódź")
    # slips of a round (TR 5.2)
    out = ref("slips", "--round", "2", "--html", str(tmp_path / "slips.html"))
    tables = [t for t in ref.json("pairings", "--round", "2") if t["second"] is not None]
    assert f"{len(tables)} protokoły, runda 2" in " ".join(out.split())
    slips = (tmp_path / "slips.html").read_text(encoding="utf-8")
    assert slips.count('<div class="slip paper">') == len(tables)
    # the pairing list by name
    rows = ref.json("pairings", "--round", "2", "--alphabetical")
    assert [r["name"] for r in rows] == sorted((r["name"] for r in rows), key=polish_collation_key)
    by_table = ref.json("pairings", "--round", "2")
    assert len(rows) == sum(1 if t["second"] is None else 2 for t in by_table)
    text = ref("pairings", "--round", "2", "--alphabetical")
    assert "kojarzenia według nazwisk" in text and "Łoś Ola" in text
    ref("pairings", "--round", "2", "--alphabetical", "--html", str(tmp_path / "abc.html"))
    assert "Łoś Ola" in (tmp_path / "abc.html").read_text(encoding="utf-8")
    # the referee's report (RS §6)
    ref("report", "--referee", str(tmp_path / "raport.html"))
    report = (tmp_path / "raport.html").read_text(encoding="utf-8")
    assert "Raport sędziego" in report and "Jan Sędzia" in report and "zła suma" in report
    assert "Walkowery (TR 7.2)" in report and "Kowal Piotr" in report  # withdrawn
    # the federation's file, read back by `ranking update`
    fed = tmp_path / "federacja.csv"
    ref("export", "--federation", str(fed))
    assert len(read_games_csv_text(fed.read_text(encoding="utf-8"))) == len(ranked_games(ref.db))
    history = tmp_path / "historia.csv"
    r = runner.invoke(
        app, ["ranking", "update", "--tournament", str(fed), "--history", str(history), "--json"]
    )
    assert r.exit_code == 0, r.output
    from_file = json.loads(r.stdout)
    assert from_file["tournament"] == "Turniej halving" and from_file["end"] == "2026-05-03"
    assert sum(p["games"] for p in from_file["players"]) == 2 * len(ranked_games(ref.db))
    # read from the referee's own tournament file
    r = runner.invoke(
        app,
        [
            "ranking",
            "update",
            "--tournament",
            ref.db,
            "--history",
            str(tmp_path / "historia2.csv"),
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    from_db = json.loads(r.stdout)
    # The same games; the rankings may differ, as the tournament file also holds the
    # rankings the players were registered with (RR §2.1 estimates), the CSV does not.
    def games(data: dict[str, object]) -> list[tuple[object, object]]:
        return [(p["name"], p["games"]) for p in data["players"]]  # type: ignore[attr-defined, index]

    assert games(from_db) == games(from_file) and from_db["start"] == from_file["start"]


def test_new_records_the_referee_and_the_venue(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "t.turniej.sqlite")
    ref(
        "new",
        "Puchar",
        "--rounds",
        "6",
        "--system",
        "halving",
        "--referee",
        " Jan Sędzia ",
        "--venue",
        "Łódź",
    )
    settings_now = json.loads(ref("set", "--venue", ""))
    assert settings_now["referee"] == "Jan Sędzia" and settings_now["venue"] == ""
    # an old log, without these settings, still loads
    old = {
        k: v
        for k, v in dump(Settings("T", 6, "halving")).items()
        if k not in ("referee", "venue")
    }
    from plansza.tournament.events import Event

    assert replay([Event(1, "created", {"settings": old})]).settings.referee == ""


def test_bad_paperwork_requests_get_one_line_and_an_exit_code(tmp_path: Path) -> None:
    ref = Referee(tmp_path / "t.turniej.sqlite")
    ref("new", "Puchar", "--rounds", "6", "--system", "halving")
    for name in ("A", "B"):
        ref("add-player", name)
    ref("pair")
    err = ref("slips", "--round", "3", "--html", str(tmp_path / "s.html"), code=EXIT_REFUSED)
    assert "runda 3 nie jest skojarzona" in err and "Traceback" not in err
    err = ref("pairings", "--round", "3", "--alphabetical", code=EXIT_REFUSED)
    assert "runda 3" in err
    assert "--referee" in ref("report", code=EXIT_INPUT)
    assert "--federation" in ref("export", code=EXIT_INPUT)
    err = ref("slips", "--html", str(tmp_path / "missing" / "s.html"), code=EXIT_INPUT)
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    # an unfinished tournament's file is written, with a note on the error stream
    res = runner.invoke(
        app, ["turniej", "export", "--federation", str(tmp_path / "f.csv"), "--db", ref.db]
    )
    assert res.exit_code == 0 and "nie jest zakończony" in res.stderr
    assert (tmp_path / "f.csv").read_text(encoding="utf-8").splitlines()[0].startswith("date,")
