"""``plansza federacja candidate | approve | exam``: RS §3 through the registry, end to end."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT, EXIT_REFUSED

from .cli import as_json, run

runner = CliRunner()


MEMBERS = """name,born,since,until,player
Ewa Nowak,1980-02-02,2010-01-01,,
Jan Zieliński,1999-04-04,2018-01-01,2019-12-31,Jan Zielinski
Jan Zieliński,,2020-01-01,,
Ola Wiśniewska,2001-03-03,2012-01-01,,
"""
HEADER = "date,tournament,player1,player2,score1,score2\n"


def history(tmp_path: Path) -> Path:
    """Jan (as the ranking names him, "Jan Zielinski"): 119 games on 2019-05-01, one
    walkover that does not count, the 120th game on 2020-06-01."""
    rows = ["2019-05-01,Maj,Jan Zielinski,Ewa Nowak,400,300,0\n"] * 119
    rows.append("2019-07-01,Lipiec,Jan Zielinski,Ewa Nowak,300,0,1\n")
    rows.append("2020-06-01,Czerwiec,Ewa Nowak,Jan Zielinski,350,360,0\n")
    path = tmp_path / "history.csv"
    path.write_text(HEADER.replace("score2", "score2,walkover") + "".join(rows), "utf-8")
    return path


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "pfs.federacja.sqlite"
    members = tmp_path / "members.csv"
    members.write_text(MEMBERS, encoding="utf-8")
    run(path, "member", "import", str(members))
    run(path, "referee", "grant", "Ewa Nowak", "--degree", "1", "--date", "2015-01-01")
    return path


def test_119_and_120_games(db: Path, tmp_path: Path) -> None:
    # RS §3.1: at least 120 ranked games; the 120th on 2020-06-01 (the walkover not counted)
    games = ("--history", str(history(tmp_path)))
    before = as_json(db, "candidate", "Jan Zieliński", "--as-of", "2020-05-31", *games)
    assert before["eligible"] is False and before["stage"] == "not_eligible"
    assert [(u["code"], u["have"], u["need"]) for u in before["unmet"]] == [("games", 119, 120)]
    assert "119 z 120" in before["unmet"][0]["message"]
    after = as_json(db, "candidate", "Jan Zieliński", "--as-of", "2020-06-01", *games)
    assert after["eligible"] is True and after["unmet"] == []
    assert after["stage"] == "may_apply"
    # in words, in Polish: each unmet condition with how far it is
    out = run(db, "candidate", "Jan Zieliński", "--as-of", "2020-05-31", *games)
    assert "119 z 120" in out and "RS §3.1" in out
    # RS §3.2: the board's consent refused on 2020-05-31 with the history, given the day after
    out = run(db, "approve", "Jan Zieliński", "--date", "2020-05-31", *games, code=EXIT_REFUSED)
    assert "119 z 120" in out and len(out.strip().splitlines()) == 1
    run(db, "approve", "Jan Zieliński", "--date", "2020-06-01", *games)
    out = run(db, "approve", "Jan Zieliński", "--date", "2020-06-02", code=EXIT_REFUSED)
    assert "2020-06-01" in out


def test_membership_gap_and_age_refuse_the_approval(db: Path, tmp_path: Path) -> None:
    # RS §3.1: a year as a member without a break — Jan's periods meet, so 2018 counts
    unmet = as_json(db, "candidate", "Jan Zieliński", "--as-of", "2020-06-01")["unmet"]
    assert [u["code"] for u in unmet] == ["no_games", "games"]
    # RS §3.1: 21 years old — Ola is 21 on 2022-03-03; the registry refuses before
    out = run(db, "approve", "Ola Wiśniewska", "--date", "2022-03-02", code=EXIT_REFUSED)
    assert "2022-03-03" in out and "RS §3.1" in out
    run(db, "approve", "Ola Wiśniewska", "--date", "2022-03-03")
    # RS §3.1: a break in the membership: a new member since 2024-02-01 waits a year
    run(db, "member", "add", "Piotr Nowy", "--born", "1970-01-01", "--since", "2020-01-01",
        "--until", "2023-12-31")  # fmt: skip
    run(db, "member", "add", "Piotr Nowy", "--since", "2024-02-01")
    out = run(db, "approve", "Piotr Nowy", "--date", "2024-06-01", code=EXIT_REFUSED)
    assert "2025-02-01" in out
    run(db, "approve", "Piotr Nowy", "--date", "2025-02-01")


def test_birth_date_unknown(db: Path) -> None:
    # RS §3.1: the age cannot be checked: an unmet condition of its own; the board's
    # consent is recorded all the same (the board knows the candidate)
    run(db, "member", "add", "Adam Bez", "--since", "2010-01-01")
    found = as_json(db, "candidate", "Adam Bez", "--as-of", "2020-01-01")
    assert found["unmet"][0]["code"] == "born_unknown" and found["stage"] == "not_eligible"
    run(db, "approve", "Adam Bez", "--date", "2020-01-01")


def test_exam_refused_without_approval_and_bad_usage(db: Path) -> None:
    # RS §3.2: no exam without the board's consent
    out = run(db, "exam", "Jan Zieliński", "--theory", "--date", "2021-01-01", "--passed",
              code=EXIT_REFUSED)  # fmt: skip
    assert "RS §3.2" in out and len(out.strip().splitlines()) == 1
    run(db, "exam", "Jan Zieliński", "--date", "2021-01-01", "--passed", code=EXIT_INPUT)
    run(db, "exam", "Jan Zieliński", "--theory", "--date", "2021-01-01", code=EXIT_INPUT)
    run(db, "exam", "Jan Zieliński", "--practical", "--date", "2021-01-01", "--passed",
        code=EXIT_INPUT)  # fmt: skip
    run(db, "candidate", "Nikt", "--as-of", "2021-01-01", code=EXIT_INPUT)


def test_scripted_season(db: Path, tmp_path: Path) -> None:
    games = ("--history", str(history(tmp_path)))
    jan = "Jan Zieliński"

    def candidate(day: str) -> dict[str, Any]:
        return as_json(db, "candidate", jan, "--as-of", day, *games)

    def degree(day: str) -> object:
        return as_json(db, "referee", "status", jan, "--as-of", day)["degree"]

    run(db, "approve", jan, "--date", "2020-06-01", *games)
    assert candidate("2020-06-01")["stage"] == "interning"
    # RS §3.4, §3.5: two internships, each a whole tournament: 8 + 7 rounds
    for name, day, rounds in (("Lipiec", "2020-07-04", "8"), ("Wrzesień", "2020-09-05", "7")):
        run(db, "tournament", "add", name, "--date", day, "--category", "ranked",
            "--referee", "Ewa Nowak", "--internship", jan, "--rounds", rounds)  # fmt: skip
        if name == "Lipiec":
            mid = candidate("2020-08-01")
            assert mid["stage"] == "interning" and mid["rounds"] == 8
            assert [n["code"] for n in mid["notes"]] == ["rounds"]
    done = candidate("2020-09-05")
    # RS §3.5: the exam within 24 months of the internship
    assert (done["stage"], done["rounds"]) == ("may_sit_theory", 15)
    assert (done["from"], done["until"]) == ("2020-09-05", "2022-09-05")
    # RS §3.5, §3.6: the theory exam, three questions drawn from the pool; failed
    pool = tmp_path / "pool.txt"
    questions = [f"Pytanie {n}?" for n in range(1, 11)]
    pool.write_text("# pula\n" + "\n".join(questions) + "\n", encoding="utf-8")
    failed = as_json(db, "exam", jan, "--theory", "--date", "2020-10-01", "--failed",
                     "--pool", str(pool), "--seed", "7")  # fmt: skip
    assert len(failed["questions"]) == 3 and set(failed["questions"]) <= set(questions)
    # RS §3.7: 14 days to appeal, the board's 21 days
    assert (failed["appeal_by"], failed["decision_by"]) == ("2020-10-15", "2020-11-05")
    # the same day again: refused, and nothing recorded
    run(db, "exam", jan, "--theory", "--date", "2020-10-01", "--failed",
        "--pool", str(pool), "--seed", "7", code=EXIT_REFUSED)  # fmt: skip
    # RS §3.5: the theory exam once in 3 months: again from 2021-01-01
    assert candidate("2020-12-31")["from"] == "2021-01-01"
    out = run(db, "exam", jan, "--theory", "--date", "2020-12-31", "--passed", code=EXIT_REFUSED)
    assert "2021-01-01" in out and "RS §3.5" in out
    out = run(db, "exam", jan, "--theory", "--date", "2021-01-01", "--passed")
    assert "2021-01-01" in out
    assert candidate("2021-01-01")["stage"] == "may_sit_practical"
    # RS §3.5: the practical exam is a tournament of at least 12 rounds
    run(db, "tournament", "add", "Mały", "--date", "2021-02-06", "--category", "ranked",
        "--referee", "Ewa Nowak", "--exam", jan, "--rounds", "8")  # fmt: skip
    out = run(db, "exam", jan, "--practical", "--tournament", "Mały", "--date", "2021-02-06",
              "--passed", code=EXIT_REFUSED)  # fmt: skip
    assert "12" in out and "RS §3.5" in out
    run(db, "tournament", "add", "Luty", "--date", "2021-02-20", "--category", "ranked",
        "--referee", "Ewa Nowak", "--exam", jan, "--rounds", "12")  # fmt: skip
    assert degree("2021-02-20") is None
    out = run(db, "exam", jan, "--practical", "--tournament", "Luty", "--date", "2021-02-20",
              "--passed", "--assessor", "Ewa Nowak")  # fmt: skip
    # RS §3.5: passed: degree II on that day
    passed = candidate("2021-02-20")
    assert (passed["stage"], passed["granted"]) == ("passed", "2021-02-20")
    assert degree("2021-02-19") is None and degree("2021-02-20") == 2
    run(db, "exam", jan, "--practical", "--tournament", "Luty", "--date", "2021-02-21",
        "--passed", code=EXIT_REFUSED)  # fmt: skip
    # RS §3.8: two tournaments run → degree I on the second's last day
    for name, day in (("Marzec", "2021-03-13"), ("Kwiecień", "2021-04-10")):
        run(db, "tournament", "add", name, "--date", day, "--category", "ranked",
            "--referee", jan)  # fmt: skip
    assert degree("2021-04-09") == 2 and degree("2021-04-10") == 1
    # RS §4.1.3: degree I suspended for 60 days, to 2021-06-29
    run(db, "referee", "penalty", jan, "--kind", "suspend-1", "--date", "2021-05-01",
        "--days", "60")  # fmt: skip
    assert degree("2021-06-29") == 2 and degree("2021-06-30") == 1
    # the text answer, in Polish by default
    out = run(db, "candidate", jan, "--as-of", "2021-03-01", *games)
    assert "2021-02-20" in out and "RS §3.5" in out
