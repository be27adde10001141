"""A referee's two days, through the CLI: a 48-player, 7-round halving tournament with
a late entrant, a walkover, a withdrawal and corrections inside and past the TR 4.6.4
window (refused, then the referee's override on record), the walkover's N following
the corrected result (TR 7.2), and the official close."""

from __future__ import annotations

import math
from pathlib import Path

from plansza.cli.common import EXIT_REFUSED
from plansza.tournament import ranked_games

from .test_cli import Referee, polish  # noqa: F401  (the fixture: Polish messages)

DAY_1, DAY_2 = "2026-05-02", "2026-05-03"
SURNAMES = [
    "Nowak",
    "Wójcik",
    "Kowalczyk",
    "Woźniak",
    "Mazur",
    "Krawczyk",
    "Kaczmarek",
    "Zając",
    "Król",
    "Wieczorek",
    "Jabłoński",
    "Wróbel",
]
FIRST = ["Anna", "Łukasz", "Żaneta", "Piotr"]


def score(round_no: int, table: int, first: bool) -> int:
    """Deterministic, varied scores (no draws)."""
    base = 300 + (round_no * 37 + table * 53) % 180
    return base + (15 if first else 0) if (round_no + table) % 3 else base - (20 if first else 0)


def play(ref: Referee, n: int, skip: set[int] | None = None) -> list[dict[str, object]]:
    """Enter every result of round ``n`` except the tables in ``skip``; its tables."""
    tables = ref.json("pairings", "--round", str(n))
    for t in tables:
        if t["second"] is None or t["table"] in (skip or set()):
            continue
        ti = int(str(t["table"]))
        ref(
            "result",
            str(n),
            str(t["first"]),
            str(score(n, ti, True)),
            str(t["second"]),
            str(score(n, ti, False)),
        )
    return tables


class Hall(Referee):
    def flat(self, *args: str, code: int = 0) -> str:
        """The output with its words in one line (the console wraps long lines)."""
        return " ".join(self(*args, code=code).split())


def table_of(tables: list[dict[str, object]], seed: int) -> dict[str, object]:
    return next(t for t in tables if seed in (t["first"], t["second"]))


def test_a_tournament_day_by_the_rules(tmp_path: Path) -> None:
    ref = Hall(tmp_path / "lodz.turniej.sqlite")
    ref(
        "new",
        "Mistrzostwa Łodzi",
        "--rounds",
        "7",
        "--system",
        "halving",
        "--date",
        DAY_1,
        "--date",
        DAY_2,
    )
    csv = tmp_path / "gracze.csv"
    rows = ["name,ranking,games,club,city"] + [
        f"{s} {f},{100 + (i * 7) % 60},{50 + i},KS,Łódź"
        for i, (s, f) in enumerate((s, f) for s in SURNAMES for f in FIRST)
    ]
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    assert "48" in ref.flat("import-players", str(csv))

    # ---- day 1: rounds 1-4 -------------------------------------------------------
    ref("pair", "--date", DAY_1)
    r1 = play(ref, 1, skip={1})
    t1 = r1[0]
    a1, b1 = str(t1["first"]), str(t1["second"])
    ref("result", "1", a1, "450", b1, "300")
    # TR 4.6.4: before round 2 is paired, both players' consent is enough
    out = ref.flat("correct", "1", a1, "460", b1, "300", "--note", "zła suma")
    assert "Zapisano zgodę obu graczy (TR 4.6.4), dzień zawodów 1." in out

    # a late entrant (RS §7.2), then round 2 with a walkover (TR 7.2)
    assert "dołącza od rundy 2" in ref.flat("add-player", "Późny Paweł", "--ranking", "130")
    ref("pair")
    r2 = ref.json("pairings", "--round", "2")
    w = int(str(t1["first"]))  # the walkover goes to the winner of round 1's first table
    t2 = table_of(r2, w)
    loser = int(str(t2["second"] if t2["first"] == w else t2["first"]))
    out = ref.flat("walkover", "2", str(w), str(loser))
    n_before = math.ceil((460 + 6 * 400) / 7)  # TR 7.2: S = 460, M = 6, R = 7
    assert f"{n_before}:1" in out
    play(ref, 2, skip={int(str(t2["table"]))})

    # TR 6.3.4: the walkover's loser is still absent at the next pairing: removed
    assert "TR 6.3.4" in ref.flat("pair", "--preview")
    ref("withdraw", str(loser))
    ref("pair")
    # TR 4.6.4: round 3 is paired: a round-2 result needs the referee's consent today
    t = next(x for x in r2 if x["second"] is not None and w not in (x["first"], x["second"]))
    ti = int(str(t["table"]))
    fix = (
        str(t["first"]),
        str(score(2, ti, True) + 10),
        str(t["second"]),
        str(score(2, ti, False)),
    )
    err = ref.flat("correct", "2", *fix, code=EXIT_REFUSED)
    assert "TR 4.6.4" in err and "--referee-consent" in err
    out = ref.flat("correct", "2", *fix, "--referee-consent")
    assert "zgodę sędziego (TR 4.6.4), dzień zawodów 1" in out
    play(ref, 3)
    ref("pair")
    play(ref, 4)

    # ---- day 2: rounds 5-7 -------------------------------------------------------
    assert "Rozpoczyna się dzień zawodów 2." in ref.flat("new-day", "--date", DAY_2)
    ref("pair", "--date", DAY_2)
    assert "Dzień zawodów 2." in ref.flat("status")
    # TR 4.6.4: round 1's error found on day 2 — past every window: refused
    for flags in ((), ("--referee-consent",)):
        err = ref.flat("correct", "1", a1, "520", b1, "300", *flags, code=EXIT_REFUSED)
        assert "TR 4.6.4" in err and "--override" in err
    # the referee overrides, on record with the day
    out = ref.flat("correct", "1", a1, "520", b1, "300", "--override", "--note", "protokół")
    assert "decyzję sędziego poza terminem, dzień zawodów 2" in out
    n_after = math.ceil((520 + 6 * 400) / 7)  # TR 7.2: N follows the corrected S
    assert n_after != n_before
    assert f"teraz {n_after}:1 (TR 7.2)" in out
    corr = [e for e in ref.json("log") if e["kind"] == "correct"]
    assert [(e["data"]["consent"], e["data"]["day"]) for e in corr] == [  # type: ignore[index]
        ("players", 1),
        ("referee", 1),
        ("override", 2),
    ]
    assert "DECYZJA SĘDZIEGO poza terminem z TR 4.6.4; dzień 2" in ref.flat("log")
    assert f"{n_after}:1 (walkower)" in ref.flat("card", str(w))

    play(ref, 5)
    ref("pair")
    play(ref, 6)
    ref("pair")
    last = next(t for t in play(ref, 7) if t["second"] is not None)

    # the standings and the ranking's games show the new N
    rows = ref.json("standings")
    assert len(rows) == 49
    games = [g for g in ranked_games(ref.db) if g["walkover"]]
    assert [(g["score1"], g["score2"]) for g in games] in ([(n_after, 1)], [(1, n_after)])
    assert games[0]["date"] == DAY_1
    assert {g["date"] for g in ranked_games(ref.db)} == {DAY_1, DAY_2}
    wrow = next(r for r in rows if r["seed"] == w)
    played = [ln for ln in ref("card", str(w)).splitlines() if ln.startswith("runda")]
    assert len(played) == 7 and int(str(wrow["small_points"])) >= 520 + n_after

    # the report lists the corrections with their consent, the games with the new N
    ref("report", "--html", str(tmp_path / "raport"))
    page = " ".join((tmp_path / "raport" / "index.html").read_text(encoding="utf-8").split())
    assert "decyzja sędziego poza terminem z TR 4.6.4, dzień 2" in page
    csv_games = (tmp_path / "raport" / "games.csv").read_text(encoding="utf-8")
    assert f",{n_after},1,walkover" in csv_games or f",1,{n_after},walkover" in csv_games

    # TR 4.6.4: the official close; a correction then needs the referee (that day) or more
    assert "TR 4.6.4" in ref.flat("close")
    err = ref.flat(
        "correct", "7", str(last["first"]), "400", str(last["second"]), "300", code=EXIT_REFUSED
    )
    assert "zakończony" in err
    assert "zakończony" in ref.flat("withdraw", "1", code=EXIT_REFUSED)
    assert "oficjalnie zakończony" in ref.flat("status")


def test_the_ranking_dates_rounds_by_their_day_of_play(tmp_path: Path) -> None:
    # A round belongs to the day of play it was paired on (TR 4.6.4 "dzień zawodów"):
    # day 2 began after round 1, so round 2 is dated the second day, not spread evenly
    ref = Hall(tmp_path / "d.turniej.sqlite")
    ref("new", "Dwa dni", "--rounds", "4", "--system", "manual", "--date", DAY_1, "--date", DAY_2)
    for name in ("Ala", "Ola"):
        ref("add-player", name)
    ref("pair", "--manual", "Ala-Ola")
    ref("result", "1", "Ala", "400", "Ola", "350")
    ref("new-day")
    ref("pair", "--manual", "Ola-Ala")
    ref("result", "2", "Ola", "400", "Ala", "350")
    assert [g["date"] for g in ranked_games(ref.db)] == [DAY_1, DAY_2]
