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


def registry(tmp_path: Path) -> str:
    """Anna Żak: degree II since 2023; Jan Kos: degree I, who ran a tournament last
    autumn, with a penalty forbidding him to play while refereeing (RS §4.1); Ewa Lis:
    a member without a licence."""
    db = str(tmp_path / "pfs.federacja.sqlite")
    fed = ["--lang", "en", "federacja"]
    for args in (
        ["member", "add", "Anna Żak", "--born", "1980-01-01", "--since", "2015-01-01"],
        ["member", "add", "Jan Kos", "--born", "1975-01-01", "--since", "2010-01-01"],
        ["member", "add", "Ewa Lis", "--born", "1990-01-01", "--since", "2019-01-01"],
        ["referee", "grant", "Anna Żak", "--degree", "2", "--date", "2023-06-01"],
        ["referee", "grant", "Jan Kos", "--degree", "1", "--date", "2024-06-01"],
        # RS §5.2: run within 3 years, or the licence lapses
        ["tournament", "add", "Klubowy", "--date", "2025-10-10", "--category", "ranked",
         "--referee", "Jan Kos"],
        ["referee", "penalty", "Jan Kos", "--kind", "no-play", "--tournaments", "2",
         "--date", "2026-01-10"],
    ):  # fmt: skip
        res = runner.invoke(app, [*fed, *args, "--db", db])
        assert res.exit_code == 0, (args, res.output)
    return db


def test_the_registry_says_who_may_referee_the_grand_prix(tmp_path: Path) -> None:
    # RS §2.2: a degree-II licence is not enough for GP, MP or PP; degree I is
    fed = registry(tmp_path)
    db = str(tmp_path / "gp.turniej.sqlite")
    base = [*NEW[:-2], "--category", "GP", "--federation", fed, "--db", db]
    res = runner.invoke(app, [*base, "--referee", "Anna Żak"])
    assert res.exit_code == 3 and "RS §2.2" in res.output and "Anna Żak" in res.output
    res = runner.invoke(app, [*base, "--referee", "Jan Kos"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(app, ["--lang", "en", "turniej", "check-ranked", "--federation", fed,
                              "--db", db])  # fmt: skip
    assert "NOT ALLOWED" not in res.output and "NOT CHECKED" not in res.output, res.output


def test_no_licence_no_ranked_tournament(tmp_path: Path) -> None:
    # RR §4: a ranked tournament is run by a PFS referee
    fed = registry(tmp_path)
    db = str(tmp_path / "t.turniej.sqlite")
    for who in ("Ewa Lis", "Nowak Nieznany"):
        args = [*NEW[:-2], "--referee", who, "--category", "ranked", "--federation", fed]
        res = runner.invoke(app, [*args, "--db", db])
        assert res.exit_code == 3 and "RR §4" in res.output, res.output


def test_a_penalty_keeps_the_referee_from_playing(tmp_path: Path) -> None:
    # RS §4.1: no playing while refereeing; refereeing alone stays allowed
    fed = registry(tmp_path)
    db = str(tmp_path / "t.turniej.sqlite")
    args = [*NEW[:-2], "--referee", "Jan Kos", "--category", "ranked", "--federation", fed]
    helpers = ["--assistant", "Ewa Lis", "--assistant", "Anna Żak"]
    res = runner.invoke(app, [*args, "--referee-plays", *helpers, "--db", db])
    assert res.exit_code == 3 and "RS §4.1" in res.output, res.output
    res = runner.invoke(app, [*args, *helpers, "--db", db])
    assert res.exit_code == 0, res.output
    # the assistants are a member and a licensed referee (RS §6.5): nothing said
    assert "RS §6.5" not in res.output
    res = runner.invoke(app, ["--lang", "en", "turniej", "check-ranked", "--federation", fed,
                              "--db", db])  # fmt: skip
    assert "NOT ALLOWED" not in res.output, res.output
