"""``plansza federacja internship apply | queue``: the wish to intern and the queue
(RS §3.2–§3.4), and the checks on ``tournament add --internship``, end to end."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.common import EXIT_INPUT, EXIT_OK, EXIT_REFUSED

from .cli import as_json, run

runner = CliRunner()


MEMBERS = """name,born,since,until,player
Ewa Nowak,1980-02-02,2010-01-01,,
Ala Kot,1990-01-01,2015-01-01,,
Ola Lis,1991-01-01,2015-01-01,,
Ula Sowa,1992-01-01,2015-01-01,,
Zosia Mak,1993-01-01,2015-01-01,,
"""
START = "2025-05-10"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """Ala, Ola and Ula approved on 2025-01-10 (Zosia not); Ala already interned at a
    whole tournament of 12 rounds (RS §3.5: enough rounds)."""
    path = tmp_path / "pfs.federacja.sqlite"
    members = tmp_path / "members.csv"
    members.write_text(MEMBERS, encoding="utf-8")
    run(path, "member", "import", str(members))
    run(path, "referee", "grant", "Ewa Nowak", "--degree", "1", "--date", "2015-01-01")
    for name in ("Ala Kot", "Ola Lis", "Ula Sowa"):
        run(path, "approve", name, "--date", "2025-01-10")
    run(path, "tournament", "add", "Zima", "--date", "2025-02-01", "--category", "ranked",
        "--referee", "Ewa Nowak", "--internship", "Ala Kot", "--rounds", "12")  # fmt: skip
    return path


def apply(db: Path, name: str, day: str, *extra: str, code: int = EXIT_OK) -> str:
    return run(db, "internship", "apply", name, "--tournament", "Maj", "--start", START,
               "--date", day, *extra, code=code)  # fmt: skip


def order(db: Path, *extra: str) -> list[str]:
    found = as_json(db, "internship", "queue", "--tournament", "Maj", *extra)
    return [row["name"] for row in found["queue"]]


def test_order_of_application(db: Path) -> None:
    # RS §3.4: "O pierwszeństwie … decyduje kolejność zgłoszeń kandydatów"
    apply(db, "Ula Sowa", "2025-04-03")
    apply(db, "Ola Lis", "2025-04-02")
    found = as_json(db, "internship", "queue", "--tournament", "Maj")
    assert [r["name"] for r in found["queue"]] == ["Ola Lis", "Ula Sowa"]
    assert found["intern"] == "Ola Lis"
    assert [r["position"] for r in found["queue"]] == [1, 2]
    assert found["queue"][0]["reasons"][0]["code"] == "applied"
    assert "2025-04-02" in found["queue"][0]["reasons"][0]["message"]


def test_the_exam_goes_first(db: Path) -> None:
    # RS §3.4: a candidate asking to sit the exam there goes first, though told later
    apply(db, "Ola Lis", "2025-04-02")
    apply(db, "Ula Sowa", "2025-04-03", "--exam")
    found = as_json(db, "internship", "queue", "--tournament", "Maj")
    assert found["intern"] == "Ula Sowa"
    assert [r["code"] for r in found["queue"][0]["reasons"]] == ["applied", "exam_first"]
    assert found["queue"][0]["exam"] is True


def test_enough_rounds_give_way(db: Path) -> None:
    # RS §3.4: the first in the queue with enough rounds (12, a whole tournament,
    # RS §3.5) gives way to the next one
    apply(db, "Ala Kot", "2025-04-01")
    apply(db, "Ola Lis", "2025-04-02")
    found = as_json(db, "internship", "queue", "--tournament", "Maj")
    assert [r["name"] for r in found["queue"]] == ["Ola Lis", "Ala Kot"]
    last = found["queue"][1]
    assert last["has_rounds"] is True and last["rounds"] == 12 and last["whole_tournament"]
    assert last["reasons"][-1]["code"] == "gives_way"
    # before Zima (2025-02-01) Ala had no rounds: then she comes first
    assert order(db, "--as-of", "2025-01-31") == []  # nobody had applied yet
    assert order(db, "--as-of", "2025-04-01") == ["Ala Kot"]


def test_the_three_rules_together_in_polish(db: Path) -> None:
    # RS §3.4: exam first, then the order of application, enough rounds last
    apply(db, "Ala Kot", "2025-04-01")
    apply(db, "Ola Lis", "2025-04-02")
    apply(db, "Ula Sowa", "2025-04-03", "--exam")
    assert order(db) == ["Ula Sowa", "Ola Lis", "Ala Kot"]
    out = run(db, "internship", "queue", "--tournament", "maj")  # any case
    assert "Ula Sowa" in out.splitlines()[0] and "RS §3.4" in out
    assert "egzamin" in out and "ustępuje" in out


def test_not_approved_is_refused(db: Path) -> None:
    # RS §3.2: only with the board's consent may a candidate intern
    out = apply(db, "Zosia Mak", "2025-04-01", code=EXIT_REFUSED)
    assert "RS §3.2" in out and "Traceback" not in out
    assert order(db) == []  # nothing written
    # consent given on the start day is in time
    run(db, "approve", "Zosia Mak", "--date", START)
    apply(db, "Zosia Mak", "2025-04-01")
    assert order(db) == ["Zosia Mak"]


@pytest.mark.parametrize("category", ["PP", "MP"])
def test_no_internship_at_pp_or_mp(db: Path, category: str) -> None:
    # RS §3.4: "Nie można asystować w turniejach specjalnych (PP, MP)"
    run(db, "tournament", "add", "Maj", "--date", START, "--category", category,
        "--referee", "Ewa Nowak")  # fmt: skip
    out = apply(db, "Ola Lis", "2025-04-01", code=EXIT_REFUSED)
    assert "RS §3.4" in out and category in out
    assert order(db) == []


def test_seven_days_notice(db: Path) -> None:
    # RS §3.3: told "nie później niż na 7 dni przed": 2025-05-03 is in time for
    # 2025-05-10, 2025-05-04 is not
    out = apply(db, "Ola Lis", "2025-05-04", code=EXIT_REFUSED)
    assert "RS §3.3" in out and "2025-05-03" in out
    apply(db, "Ola Lis", "2025-05-03")
    assert order(db) == ["Ola Lis"]


def test_applying_twice_and_unknown_names(db: Path) -> None:
    apply(db, "Ola Lis", "2025-04-01")
    assert "2025-04-01" in apply(db, "ola lis", "2025-04-02", code=EXIT_REFUSED)
    out = apply(db, "Nikt", "2025-04-01", code=EXIT_INPUT)
    assert "Nikt" in out
    bad = ("--tournament", "X", "--start", "10.05.2025", "--date", "2025-04-01")
    assert "--start" in run(db, "internship", "apply", "Ola Lis", *bad, code=EXIT_INPUT)


def test_empty_queue(db: Path) -> None:
    assert as_json(db, "internship", "queue", "--tournament", "Maj") == {
        "tournament": "Maj", "intern": None, "queue": []
    }  # fmt: skip
    assert "Maj" in run(db, "internship", "queue", "--tournament", "Maj")


def test_tournament_add_internship_checks(db: Path) -> None:
    base = ("--category", "ranked", "--referee", "Ewa Nowak", "--rounds", "8")
    # RS §3.2: not approved by the tournament's start
    out = run(db, "tournament", "add", "Kwiecień", "--date", "2025-04-05", *base,
              "--internship", "Zosia Mak", code=EXIT_REFUSED)  # fmt: skip
    assert "RS §3.2" in out
    run(db, "approve", "Zosia Mak", "--date", "2025-04-06")
    run(db, "tournament", "add", "Kwiecień", "--date", "2025-04-05", *base,
        "--internship", "Zosia Mak", code=EXIT_REFUSED)  # fmt: skip
    run(db, "tournament", "add", "Kwiecień", "--date", "2025-04-06", *base,
        "--internship", "Zosia Mak")  # fmt: skip
    # RS §3.4: none at PP or MP
    for category in ("PP", "MP"):
        out = run(db, "tournament", "add", f"{category} 2025", "--date", "2025-06-01",
                  "--category", category, "--referee", "Ewa Nowak",
                  "--internship", "Ola Lis", code=EXIT_REFUSED)  # fmt: skip
        assert "RS §3.4" in out
    assert as_json(db, "candidate", "Zosia Mak", "--as-of", "2025-04-06")["rounds"] == 8
