"""``turniej new`` / ``set`` / ``check-ranked`` with the tournament's category and the
referees' roles (RR §4; RS §3.4, §3.5, §6.4, §6.5), without the registry: what can
be seen from the tournament alone. The licences checked against the registry are in
``test_federation_cli.py``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from plansza.cli.main import app
from plansza.tournament.storage import TournamentFile

runner = CliRunner()
NEW = ["--lang", "en", "turniej", "new", "Turniej", "--rounds", "12", "--system", "halving"]
NEW += ["--date", "2026-05-02", "--bye", "300:250", "--referee", "Nowak Jan"]


def test_a_playing_referee_at_a_central_tournament_is_refused(tmp_path: Path) -> None:
    # RS §6.4: no playing referee at MP, KMP, PP, LeMans, GP; RS §6.5: two assistants
    db = str(tmp_path / "t.turniej.sqlite")
    res = runner.invoke(app, [*NEW, "--category", "MP", "--referee-plays", "--db", db])
    assert res.exit_code == 3, res.output
    assert "RS §6.4" in res.output and "RS §6.5" in res.output
    assert not Path(db).exists()  # refused: nothing made


def test_a_playing_referee_with_two_assistants_at_a_ranked_tournament(tmp_path: Path) -> None:
    # RS §6.4 allows it at a ranked non-central tournament; RS §6.5 wants two assistants
    db = str(tmp_path / "t.turniej.sqlite")
    args = [*NEW, "--category", "ranked", "--referee-plays", "--assistant", "Lis Adam"]
    args += ["--assistant", "Kowalska Ewa", "--db", db]
    res = runner.invoke(app, args)
    assert res.exit_code == 0, res.output
    assert "--federation" in res.output  # the licence itself is not checked without it
    t = TournamentFile.open(db)
    s = t.state().settings
    t.close()
    assert (s.category, s.assistants, s.referee_plays) == (
        "ranked",
        ("Lis Adam", "Kowalska Ewa"),
        True,
    )
    # an internship makes the playing referee not allowed (RS §6.4), on record as refused
    res = runner.invoke(app, ["--lang", "en", "turniej", "set", "--internship", "Ula", "--db", db])
    assert res.exit_code == 3 and "RS §6.4" in res.output, res.output
    # check-ranked names what is not checked
    res = runner.invoke(app, ["--lang", "en", "turniej", "check-ranked", "--db", db])
    assert "NOT CHECKED" in res.output, res.output


def test_no_internship_at_the_polish_cup(tmp_path: Path) -> None:
    # RS §3.4: "Nie można asystować w turniejach specjalnych (PP, MP)"
    db = str(tmp_path / "t.turniej.sqlite")
    res = runner.invoke(app, [*NEW, "--category", "PP", "--internship", "Ula", "--db", db])
    assert res.exit_code == 3 and "RS §3.4" in res.output, res.output


def test_an_unknown_category_is_named(tmp_path: Path) -> None:
    db = str(tmp_path / "t.turniej.sqlite")
    res = runner.invoke(app, [*NEW, "--category", "Mistrzostwa", "--db", db])
    assert res.exit_code == 2, res.output
    assert "category" in res.output and "Traceback" not in res.output
