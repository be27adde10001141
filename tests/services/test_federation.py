"""The federation's service: what the board's commands answer beyond recording an event
(the members on a day, a failed exam's appeal dates, the questions drawn) and the
ranking's games the checks count."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from plansza.errors import FormatError
from plansza.services.federation import (
    Federation,
    exam_questions,
    open_registry,
    ranked_games,
)


def board(tmp_path: Path) -> Federation:
    registry = open_registry(str(tmp_path / "pfs.federacja.sqlite"), create=True,
                             at="2026-01-01T00:00:00")
    return Federation(registry, lambda: "2026-01-01T00:00:00")


def test_the_members_on_a_day(tmp_path: Path) -> None:
    f = board(tmp_path)
    try:
        f.add_member("Ola", born=None, since=date(2020, 1, 1), until=date(2021, 12, 31))
        f.add_member("Ala", born=None, since=date(2021, 6, 1))
        assert [m.name for m in f.members()] == ["Ala", "Ola"]
        assert [m.name for m in f.members(date(2021, 1, 1))] == ["Ola"]
        assert [m.name for m in f.members(date(2022, 1, 1))] == ["Ala"]
    finally:
        f.close()


def test_a_failed_exam_answers_the_appeal_dates(tmp_path: Path) -> None:
    f = board(tmp_path)
    try:
        f.add_member("Ala", born=date(1990, 1, 2), since=date(2015, 1, 1))
        f.add_member("Ewa", born=date(1970, 1, 2), since=date(2000, 1, 1))
        f.grant("Ewa", 1, date(2010, 1, 1))
        f.approve("Ala", date(2025, 5, 1))  # RS §3.2: the board's consent first
        # RS §3.5: 12 internship rounds, a whole tournament
        f.add_tournament("Maj", start=date(2025, 5, 10), category="ranked", referee="Ewa",
                         internship="Ala", rounds=12)
        # RS §3.7: 14 days to appeal, then 21 for the board
        appeal = f.exam("Ala", "theory", date(2025, 6, 2), passed=False)
        assert appeal is not None
        assert (appeal.appeal_by, appeal.decision_by) == (date(2025, 6, 16), date(2025, 7, 7))
        assert f.exam("Ala", "theory", date(2025, 9, 2), passed=True) is None
    finally:
        f.close()


def test_the_questions_drawn_are_checkable(tmp_path: Path) -> None:
    pool = tmp_path / "pool.txt"
    pool.write_text("# RS §3.6\n" + "\n".join(f"Q{i}" for i in range(10)), encoding="utf-8")
    drawn = exam_questions(str(pool), "Ala", date(2025, 6, 1))
    assert len(set(drawn)) == 3 and drawn == exam_questions(str(pool), "Ala", date(2025, 6, 1))
    assert drawn == exam_questions(str(pool), "Ola", date(2025, 6, 1), seed="Ala 2025-06-01")
    pool.write_text("Q1\nQ2\n", encoding="utf-8")
    with pytest.raises(FormatError) as caught:
        exam_questions(str(pool), "Ala", date(2025, 6, 1))
    assert caught.value.code == "pool_small"


def test_the_ranked_games_of_a_history_or_none(tmp_path: Path) -> None:
    history = tmp_path / "h.csv"
    history.write_text("date,tournament,player1,player2,score1,score2\n"
                       "2024-05-11,Puchar,Ala,Ola,412,377\n", encoding="utf-8")
    assert ranked_games(None) is None
    assert [(g.player1, g.date) for g in ranked_games(str(history)) or ()] == [
        ("Ala", date(2024, 5, 11))]
