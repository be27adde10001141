"""``plansza ranking update`` prints what the history it writes recomputes to (issue 41).

A player whose games the history lacks plays with the ranking they were registered
with from the federation's list (RR §2.1), and the opponents' scalps come from it
(RR §1). ``update`` used to compute with those rankings but write only the games, so
``ranking compute`` on the written history made the same players debutants at 100
(RR §2.2) and gave other numbers. The history now keeps the registered rankings
(``registered_ranking,registered_games`` rows) and ``update`` computes from the file
as written.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import date, timedelta
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from plansza.cli.i18n import use as set_language
from plansza.cli.main import app
from plansza.ranking import (
    BadRowsError,
    RankedGame,
    RankingHistory,
    Registration,
    read_games_csv_text,
    read_history_text,
    round_half_up,
    write_games_csv,
)
from plansza.ranking.hollington import Prior
from plansza.ranking.listing import read_list_text
from plansza.ranking.store import load_ranking
from plansza.services.ranking import add_tournament

runner = CliRunner()

#: A small federation list: two players whose games the history does not hold.
FEDERATION = "Nazwisko i imię;Ranking;Partie\nOla Nowak;150;100\nAla Kot;130;120\n"
DAY = date(2024, 5, 11)


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    set_language("en")
    yield
    set_language("pl")


def _history(path: Path) -> None:
    """Kuba and Dora with 32 games each against debutants (listed, RR §2.1)."""
    games = []
    for i in range(32):
        games.append(RankedGame(date(2024, 3, 9), "Wiosna", "Kuba", f"D{i % 8}",
                                400 if i % 3 else 300, 350))
        games.append(RankedGame(date(2024, 3, 9), "Wiosna", "Dora", f"E{i % 8}",
                                400 if i % 2 else 300, 350))
    with path.open("w", encoding="utf-8", newline="") as f:
        write_games_csv(games, f)


def _tournament(path: Path) -> None:
    """A finished tournament of the referee's program: the listed Ola and Ala registered
    with the list's rankings and games, Kuba and Dora (in the history) without; three
    rounds, everyone against everyone."""
    from plansza.tournament.model import Settings
    from plansza.tournament.storage import TournamentFile

    listed = {p.name: p for p in read_list_text(FEDERATION, source="lista.csv")}
    t = TournamentFile.create(str(path), Settings("Puchar", 6, "halving", dates=(DAY.isoformat(),)),
                              at="2024-05-11T08:00:00+00:00")
    events: list[tuple[str, dict[str, object]]] = [
        ("player_added", {"name": n, "ranking": listed[n].ranking, "games": listed[n].games})
        for n in ("Ala Kot", "Ola Nowak")
    ]
    events += [("player_added", {"name": n}) for n in ("Kuba", "Dora")]
    # 1 Ala Kot, 2 Ola Nowak, 3 Kuba, 4 Dora
    for rnd, tables in enumerate(([(1, 2, 400, 300), (3, 4, 400, 300)],
                                  [(1, 3, 300, 400), (2, 4, 400, 300)],
                                  [(1, 4, 400, 300), (2, 3, 300, 400)]), start=1):
        events.append(("paired", {"round": rnd, "tables": [[a, b] for a, b, _, _ in tables]}))
        events += [("result", {"round": rnd, "a": a, "sa": sa, "b": b, "sb": sb})
                   for a, b, sa, sb in tables]
    t.append_many(events, at="2024-05-11T09:00:00+00:00")
    t.close()


def test_update_prints_what_the_written_history_recomputes_to(tmp_path: Path) -> None:
    history = tmp_path / "historia.csv"
    _history(history)
    db = tmp_path / "puchar.turniej.sqlite"
    _tournament(db)
    r = runner.invoke(app, ["ranking", "update", "--tournament", str(db), "--history",
                            str(history), "--json"])
    assert r.exit_code == 0, r.output
    players = {p["name"]: p for p in json.loads(r.stdout)["players"]}
    # RR §2.1: the listed players play with the list's rankings, not as debutants (RR §2.2)
    assert {n: p["entry_ranking"] for n, p in players.items()} == {
        "Ala Kot": 130, "Ola Nowak": 150, "Kuba": 116, "Dora": 100}
    printed = {n: p["after"] for n, p in players.items()}
    assert printed == {"Ala Kot": 130, "Ola Nowak": 149, "Kuba": 121, "Dora": 98}
    # the reported fault: the written history recomputed to Ala 102, Ola 100 (debutants'
    # rankings), Kuba 119, Dora 96 (their scalps from 100 instead of 130 and 150)
    r = runner.invoke(app, ["ranking", "compute", "--history", str(history), "--json", "--all"])
    assert r.exit_code == 0, r.output
    recomputed = {e["name"]: e["ranking"] for e in json.loads(r.stdout) if e["name"] in printed}
    assert recomputed == printed
    # …because the history keeps the registered rankings (RR §2.1), before the games
    text = history.read_text(encoding="utf-8")
    assert text.splitlines()[0].endswith(",walkover,registered_ranking,registered_games")
    assert "\n2024-05-11,Puchar,Ala Kot,,,,,130,120\n2024-05-11,Puchar,Ola Nowak,,,,,150,100\n" \
        in text
    # explain and seed read them too: Ola's next tournament ranking is her list value
    r = runner.invoke(app, ["ranking", "explain", "Ola Nowak", "--history", str(history),
                            "--json"])
    assert json.loads(r.stdout)["listed"]["ranking"] == printed["Ola Nowak"]
    r = runner.invoke(app, ["ranking", "seed", "--history", str(history), "--date",
                            "2024-06-01", "--name", "Ala Kot", "--json"])
    assert json.loads(r.stdout)[0]["ranking"] == printed["Ala Kot"]
    nxt = tmp_path / "lato.csv"
    nxt.write_text("date,tournament,player1,player2,score1,score2\n"
                   "2024-06-01,Lato,Ola Nowak,Kuba,400,300\n", encoding="utf-8")
    r = runner.invoke(app, ["ranking", "estimate", "--tournament", str(nxt), "--history",
                            str(history), "--json"])
    assert {p["name"]: p["before"] for p in json.loads(r.stdout)["players"]} == {
        "Ola Nowak": printed["Ola Nowak"], "Kuba": printed["Kuba"]}
    # the human-readable table prints the same numbers, and says the history keeps them
    again = tmp_path / "h2.csv"
    _history(again)
    r = runner.invoke(app, ["ranking", "update", "--tournament", str(db), "--history",
                            str(again)])
    assert r.exit_code == 0, r.output
    assert "kept in the history" in " ".join(r.stderr.split())
    after = {}  # the table's "After" column: the one before the place
    for line in r.stdout.splitlines():
        for name in printed:
            if line.strip().startswith(name):
                after[name] = int(line.split()[-2])
    assert after == printed


def test_an_old_polish_history_reads_and_gains_the_columns(tmp_path: Path) -> None:
    # Old files have no registration columns: they still read, and the first update with
    # a registered ranking adds the columns (named in the header's language) to every row.
    old = ("\ufeffdata;turniej;gracz1;gracz2;wynik1;wynik2;walkower\n"
           "2024-03-09;Wiosna;Kuba;Ela;400;300;\n"
           "2024-03-09;Wiosna;Kuba;'=Iza;400;1;tak\n")
    path = tmp_path / "historia.csv"
    path.write_text(old, encoding="utf-8")
    games_before = read_games_csv_text(old)
    games = [RankedGame(DAY, "Puchar", "Ola", "Kuba", 400, 300)]
    added = add_tournament(str(path), games, "t", {"Ola": Prior(Fraction(605, 4), 100)})
    assert added.estimated == ("Ola",)
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0].endswith(";walkower;ranking_zgłoszenia;partie_zgłoszenia")
    assert text.splitlines()[3] == "2024-05-11;Puchar;Ola;;;;;151.25;100"
    rows = read_history_text(text)
    assert rows.games == [*games_before, *games]
    assert rows.registrations == [Registration(DAY, "Puchar", "Ola", Fraction(605, 4), 100)]
    # a later update without registrations only appends
    more = [RankedGame(date(2024, 6, 1), "Lato", "Ola", "Kuba", 300, 400)]
    add_tournament(str(path), more, "t")
    assert path.read_text(encoding="utf-8") == text + "2024-06-01;Lato;Ola;Kuba;300;400;;;\n"


def test_bad_registration_rows_are_named_and_nothing_is_read() -> None:
    text = ("date,tournament,player1,player2,score1,score2,walkover,registered_ranking,"
            "registered_games\n"
            "2024-05-11,P,Ala,Ola,400,300,,,\n"
            "2024-05-11,P,Ola,Ala,,,,150,100\n"
            "2024-05-11,P,Ola,,,,,sto,100\n"
            "2024-05-11,P,Ola,,,,,150,-3\n"
            "2024-05-11,P,,,,,,150,\n"
            "2024-05-11,P,Ola,,,,,1/0,\n")
    with pytest.raises(BadRowsError) as e:
        read_history_text(text, source="h.csv")
    assert [(p.line, p.reason) for p in e.value.problems] == [
        (3, "a row is either a game or a registered ranking: player2 must be empty in a row "
            "with registered_ranking"),
        (4, "registered_ranking must be a number from 0 to 10000 (151.25, 151,25 or 605/4), "
            "not 'sto'"),
        (5, "registered_games must be a whole number from 0 to 1000000, not '-3'"),
        (6, "player1 is missing"),
        (7, "registered_ranking must be a number from 0 to 10000 (151.25, 151,25 or 605/4), "
            "not '1/0'"),
    ]
    # the games-only reader skips good registrations; the ranking reads them
    good = [*text.splitlines()[:2], '2024-05-11,P,Ola,,,,,"151,25",']
    rows = read_history_text("\n".join(good) + "\n")
    assert rows.registrations == [Registration(DAY, "P", "Ola", Fraction(605, 4), 0)]
    assert read_games_csv_text("\n".join(good) + "\n") == rows.games


def test_a_registration_gives_way_to_the_players_games() -> None:
    # RR §2.1 stands in only for a missing history: once the history holds an earlier
    # tournament of the player, their games decide and the registration is not used.
    reg = Registration(DAY, "Puchar", "Ola", Fraction(150), 100)
    games = [RankedGame(DAY, "Puchar", "Ala", "Ola", 400, 300)]
    h = RankingHistory(games, registrations=[reg])
    assert h.entry_rankings(0) == {"Ala": 100, "Ola": 150}
    earlier = [RankedGame(date(2024, 4, 6), "Kwiecień", "Ola", "Ela", 400, 300)]
    h = RankingHistory([*earlier, *games], registrations=[reg])
    assert h.entry_rankings(1)["Ola"] == 102  # 1 game at 150 padded to 30 (RR §2.4)
    # another edition of the same name does not take it either
    h = RankingHistory([RankedGame(date(2025, 5, 10), "Puchar", "Ala", "Ola", 400, 300)],
                       registrations=[reg])
    assert h.entry_rankings(0) == {"Ala": 100, "Ola": 100}


NAMES = ["Ala", "Ola", "Ela", "Iza", "Kuba", "Jan", "Ewa", "Łucja"]
SCORES = [(400, 300), (300, 400), (350, 350), (400, 1)]


@st.composite
def tournaments(draw: st.DrawFn) -> list[tuple[list[RankedGame], dict[str, Prior]]]:
    """A few tournaments (some dated before those added earlier), their games and the
    rankings some players were registered with from the list."""
    out = []
    for k in range(draw(st.integers(1, 4))):
        start = date(2024, 1, 6) + timedelta(days=draw(st.integers(0, 900)))
        players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True))
        pairs = draw(st.lists(st.tuples(st.sampled_from(players), st.sampled_from(players),
                                        st.sampled_from(SCORES), st.integers(0, 2)),
                              min_size=1, max_size=12))
        games = [RankedGame(start + timedelta(days=d), f"T{k}", a, b, sa, sb, sb == 1)
                 for a, b, (sa, sb), d in pairs if a != b]
        if not games:
            games = [RankedGame(start, f"T{k}", players[0], players[1], 400, 300)]
        priors = draw(st.dictionaries(
            st.sampled_from(players),
            st.builds(Prior, st.fractions(min_value=60, max_value=220, max_denominator=10**6),
                      st.integers(0, 260)),
            max_size=len(players)))
        out.append((games, priors))
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tournaments())
def test_printed_equals_recomputed_for_any_tournaments(
    tmp_path_factory: pytest.TempPathFactory,
    found: list[tuple[list[RankedGame], dict[str, Prior]]],
) -> None:
    path = str(tmp_path_factory.mktemp("h") / "history.csv")
    for games, priors in found:
        added = add_tournament(path, games, "t", priors)
        ranking = load_ranking(path)  # what `plansza ranking compute` reads
        rows = {e.name: e for e in ranking.ranking_list(added.list_date, include_unlisted=True)}
        index = next(i for i, t in enumerate(ranking.tournaments)
                     if t.name == added.tournament.name)
        played = ranking.entry_rankings(index)
        for c in added.changes:
            e = rows[c.name]
            assert (c.after, c.listed, c.place) == (e.ranking, e.listed, e.place)
            assert c.entry_ranking == played[c.name]
            if c.estimated:  # RR §2.1 (and §2.2: at least 100)
                assert c.entry_ranking == max(round_half_up(priors[c.name].ranking), 100)
