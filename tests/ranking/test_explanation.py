"""A player's explanation (``services.ranking.explanation``): one view for the CLI's
``ranking explain`` and the web's player page — message ids and details, not text —
and the CLI's text as before the view existed (golden files in ``data/``)."""

from __future__ import annotations

from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from plansza.cli.i18n import use as set_language
from plansza.cli.main import app
from plansza.i18n import translator
from plansza.ranking import Game
from plansza.ranking.hollington import RankingHistory
from plansza.services.ranking import explanation

from .builders import results
from .test_cli_ranking import write

DATA = Path(__file__).parent / "data"
runner = CliRunner()


def cut_history() -> list[Game]:
    """Kuba: a tournament outside the two years, one dropped by the 200-game cut (RR §1),
    walkovers in the counted one; Debiutant A off the list with 30 old games (RR §2.3)."""
    games = results(date(2020, 1, 4), "Dawny", "Kuba", "Debiutant A", wins=30)
    games += results(date(2024, 1, 6), "Słaby", "Kuba", "Debiutant B", wins=50, losses=50)
    games += results(date(2024, 2, 3), "Dobry", "Kuba", "Debiutant C", wins=120,
                     walkover_wins=3)  # fmt: skip
    return games


@pytest.mark.parametrize(
    ("name", "lang", "golden"),
    [("Kuba", "pl", "explain-kuba.pl.txt"), ("Debiutant A", "en", "explain-debiutant.en.txt")],
)
def test_explain_text_unchanged(tmp_path: Path, name: str, lang: str, golden: str) -> None:
    path = write(tmp_path / "g.csv", cut_history())
    try:
        r = runner.invoke(app, ["--lang", lang, "ranking", "explain", name, path])
    finally:
        set_language("pl")
    assert r.exit_code == 0, r.output
    assert r.stdout == (DATA / golden).read_text(encoding="utf-8")


def test_view_holds_message_ids_and_values() -> None:
    view = explanation(RankingHistory(cut_history()), "kuba")
    assert view.player == "Kuba" and view.list_date == date(2024, 2, 4)
    # the sentences are the catalogues' English ids with their details, said by each front end
    assert view.heading.template == "{name} — list dated {date} (tournaments from {start} to {end})"
    assert view.heading.details["end"] == date(2024, 2, 3)
    assert view.standing is not None and view.standing.details["games"] == 123
    assert [(t.name, t.status, t.shows_games) for t in view.tournaments] == [
        ("Dawny", "outside", False), ("Słaby", "dropped", True), ("Dobry", "counted", True)]
    dobry = view.tournaments[2]
    # RR §1: a win over a debutant's 100 is a scalp of 150; a walkover counts as any game
    assert dobry.achieved == Fraction(150) and len(dobry.games_played) == 123
    walkover = dobry.games_played[-1]
    assert walkover.walkover and walkover.scalp == 150 and walkover.result == "W"
    assert walkover.score_said(translator("pl")) == "400:1 (walkower)"
    assert view.next_ranking.basis == "listed" and view.next_ranking.value == 150
    assert view.lines(translator("en"))[1] == (
        "Tournament ranking for a tournament from 2024-02-04: 150 — from the list: scalps "
        "18450 / 123 games = 150.000 (RR §2.1)")


def test_view_raised_and_without_a_list() -> None:
    history = RankingHistory(cut_history())
    # RR §2.3 then §2.2: off the list at 50, raised to the temporary 100 for a tournament
    view = explanation(history, "Debiutant A")
    assert [s.template for s in view.basis][1] == (
        "ranking {rounded} is under 100: 100 for the tournament (RR §2.2)")
    assert view.next_ranking.raised and view.next_ranking.value == 100
    assert "; ranking 50 is under 100" in view.basis_said(translator("en"))
    # before any tournament: a debutant, no list, no tables
    early = explanation(history, "Kuba", date(2019, 1, 1))
    assert early.list_date is None and early.standing is None and early.tournaments == ()
    assert early.lines(translator("en")) == ["debutant: temporary ranking 100 (RR §2.2)"]
