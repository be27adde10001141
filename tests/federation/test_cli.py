"""``plansza federacja`` end to end: a scripted season, and refusals of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT, EXIT_REFUSED
from plansza.cli.main import app

from .cli import run

runner = CliRunner()


def status(db: Path, name: str, day: str, *extra: str) -> dict[str, object]:
    out = run(db, "referee", "status", name, "--as-of", day, "--json", *extra)
    found: dict[str, object] = json.loads(out)
    return found


MEMBERS = """name,born,since,until,player
Ewa Nowak,1980-02-02,2010-01-01,,
Jan Zieliński,1999-04-04,2018-01-01,2021-12-31,Jan Zielinski
Jan Zieliński,,2022-01-01,,
Ola Wiśniewska,1992-03-03,2012-01-01,,
"""

HISTORY = """date,tournament,player1,player2,score1,score2
2022-05-07,Mazury,Ewa Nowak,Ola Wiśniewska,410,380
"""


def test_scripted_season(tmp_path: Path) -> None:
    db = tmp_path / "pfs.federacja.sqlite"
    members = tmp_path / "members.csv"
    members.write_text(MEMBERS, encoding="utf-8")
    history = tmp_path / "history.csv"
    history.write_text(HISTORY, encoding="utf-8")
    assert json.loads(run(db, "member", "import", str(members), "--json")) == {"imported": 4}
    run(db, "referee", "grant", "Ewa Nowak", "--degree", "1", "--date", "2020-01-01")
    run(db, "referee", "grant", "Ola Wiśniewska", "--degree", "2", "--date", "2021-06-01")
    # the board consents to the candidacy (RS §3.2): only then may the candidate intern
    run(db, "approve", "Jan Zieliński", "--date", "2022-02-01")
    # the candidate interns at two tournaments (part B counts the rounds) …
    for name, day in (("Wiosna", "2022-03-05"), ("Lato", "2022-06-04")):
        run(db, "tournament", "add", name, "--date", day, "--category", "ranked",
            "--referee", "Ewa Nowak", "--internship", "Jan Zieliński", "--rounds", "8")  # fmt: skip
    # … passes both exams: the board grants degree II (RS §3.5)
    run(db, "tournament", "add", "Jesień", "--date", "2022-09-03", "--category", "ranked",
        "--referee", "Ewa Nowak", "--exam", "Jan Zieliński", "--rounds", "12")  # fmt: skip
    assert status(db, "Jan Zieliński", "2022-09-30")["degree"] is None
    run(db, "referee", "grant", "Jan Zieliński", "--degree", "2", "--date", "2022-10-01")
    assert status(db, "Jan Zieliński", "2022-10-01")["degree"] == 2
    # RS §3.8: two tournaments run → degree I on the second's last day
    run(db, "tournament", "add", "Listopad", "--date", "2022-11-05", "--category", "ranked",
        "--referee", "Jan Zieliński")  # fmt: skip
    assert status(db, "Jan Zieliński", "2022-11-30")["degree"] == 2
    run(db, "tournament", "add", "Grudzień", "--date", "2022-12-10", "--end", "2022-12-11",
        "--category", "KMP", "--referee", "Jan Zieliński")  # fmt: skip
    assert status(db, "Jan Zieliński", "2022-12-10")["degree"] == 2
    promoted = status(db, "Jan Zieliński", "2022-12-11")
    assert promoted["degree"] == 1
    assert promoted["reasons"][0]["paragraph"] == "RS §3.8"  # type: ignore[index]
    # RS §4.1.3: degree I suspended for 60 days: degree II in force, until the last day
    run(db, "referee", "penalty", "Jan Zieliński", "--kind", "suspend-1", "--date",
        "2023-01-10", "--days", "60")  # fmt: skip
    during = status(db, "Jan Zieliński", "2023-02-01")
    assert during["degree"] == 2 and during["held"] == 1
    assert during["reasons"][-1]["until"] == "2023-03-10"  # type: ignore[index]
    assert status(db, "Jan Zieliński", "2023-03-11")["degree"] == 1
    # RS §5.2: Ewa's last tournament run ended 2022-09-03: three full years end with
    # 2025-09-03, the licence is lost the day after
    assert status(db, "Ewa Nowak", "2025-09-03")["degree"] == 1
    assert status(db, "Ewa Nowak", "2025-09-04")["degree"] is None
    # RS §5.2: Ola ran none; her game of 2022-05-07 in the ranking's history counts
    assert status(db, "Ola Wiśniewska", "2024-06-02")["degree"] is None
    played = ("--history", str(history))
    assert status(db, "Ola Wiśniewska", "2025-05-07", *played)["degree"] == 2
    assert status(db, "Ola Wiśniewska", "2025-05-08", *played)["degree"] is None
    # the text answer, in Polish by default
    out = run(db, "referee", "status", "Jan Zieliński", "--as-of", "2023-02-01")
    assert "RS §4.1.3" in out and "2023-03-10" in out


def test_membership_gap_in_the_csv_suspends(tmp_path: Path) -> None:
    # RS §5.1: a month without membership (2022-01) suspends the licence
    db = tmp_path / "pfs.federacja.sqlite"
    members = tmp_path / "members.csv"
    members.write_text(MEMBERS.replace("2022-01-01,,", "2022-02-01,,"), encoding="utf-8")
    run(db, "member", "import", str(members))
    run(db, "referee", "grant", "Jan Zieliński", "--degree", "2", "--date", "2021-06-01")
    gap = status(db, "Jan Zieliński", "2022-01-15")
    assert gap["degree"] is None and gap["held"] == 2
    assert gap["reasons"][-1]["code"] == "not_member"  # type: ignore[index]
    assert gap["reasons"][-1]["until"] == "2022-01-31"  # type: ignore[index]


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (("referee", "grant", "Nikt", "--degree", "2", "--date", "2024-01-01"), EXIT_INPUT, "Nikt"),
        (
            ("referee", "grant", "Ewa", "--degree", "2", "--date", "2024-02-30"),
            EXIT_INPUT,
            "--date",
        ),
        (("referee", "grant", "Ewa", "--degree", "3", "--date", "2024-01-01"), EXIT_REFUSED, "3"),
        (
            (
                "referee",
                "penalty",
                "Ewa",
                "--kind",
                "suspend-all",
                "--date",
                "2024-01-01",
                "--days",
                "400",
            ),
            EXIT_REFUSED,
            "400",
        ),
        (
            (
                "tournament",
                "add",
                "T",
                "--date",
                "2024-01-01",
                "--category",
                "Open",
                "--referee",
                "Ewa",
            ),
            EXIT_REFUSED,
            "Open",
        ),
        (("member", "import", "missing.csv"), EXIT_INPUT, "missing.csv"),
    ],
)
def test_bad_input_is_one_line(
    tmp_path: Path, args: tuple[str, ...], code: int, words: str
) -> None:
    db = tmp_path / "pfs.federacja.sqlite"
    run(db, "member", "add", "Ewa", "--born", "1980-01-01", "--since", "2010-01-01")
    out = run(db, *args, code=code)
    assert words in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1


def test_bad_csv_names_file_and_line(tmp_path: Path) -> None:
    db = tmp_path / "pfs.federacja.sqlite"
    bad = tmp_path / "m.csv"
    bad.write_text("name,since\nEwa,2010-01-01\nOla,1.1.2010\n", encoding="utf-8")
    out = run(db, "member", "import", str(bad), code=EXIT_INPUT)
    assert "m.csv:3" in out and "1.1.2010" in out


def test_no_registry_file_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["federation", "member", "list"])
    assert result.exit_code == EXIT_INPUT and "--db" in result.output


def test_a_ranked_tournament_of_an_unlicensed_referee_is_recorded_with_a_warning(
    tmp_path: Path,
) -> None:
    # RS §2.1: a ranked tournament needs a licensed head referee; the registry records
    # what happened, and says so
    db = tmp_path / "pfs.federacja.sqlite"
    members = tmp_path / "members.csv"
    members.write_text(MEMBERS, encoding="utf-8")
    run(db, "member", "import", str(members))
    run(db, "referee", "grant", "Ewa Nowak", "--degree", "2", "--date", "2021-06-01")
    args = ("--date", "2023-05-06", "--category", "ranked", "--referee")
    ola = ("Ola Wiśniewska", "--json")
    out = json.loads(run(db, "tournament", "add", "Bez licencji", *args, *ola))
    assert [w["code"] for w in out["warnings"]] == ["unlicensed_referee"]
    assert "RS §2.1" in out["warnings"][0]["message"]
    said = CliRunner().invoke(
        app, ["federacja", "tournament", "add", "Drugi", *args, "Ola Wiśniewska", "--db", str(db)]
    )
    assert said.exit_code == 0 and "ostrzeżenie" in said.output and "RS §2.1" in said.output
    fine = json.loads(run(db, "tournament", "add", "Z licencją", *args, "Ewa Nowak", "--json"))
    assert fine["warnings"] == []
    unranked = ("--date", "2023-05-06", "--category", "unranked", "--referee", "Ola Wiśniewska")
    club = json.loads(run(db, "tournament", "add", "Klubowy", *unranked, "--json"))
    assert club["warnings"] == []
