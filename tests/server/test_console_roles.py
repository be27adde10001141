"""The web console checks the roles as the command line does (RR §4, RS §2–§6): the
check runs in the service, so a setting the CLI refuses is refused in the browser too,
with the federation's registry when the server has one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.federation.test_tournament_roles import registry
from typer.testing import CliRunner

from plansza.cli.main import app as cli
from plansza.lexicon import Lexicon

from .conftest import Clock
from .test_console import _opened, act
from .test_station import log_in

runner = CliRunner()


@pytest.fixture
def served(tmp_path: Path, words: Lexicon, clock: Clock) -> Iterator[tuple[TestClient, str]]:
    """A console on a server started with the federation's registry; a tournament
    created in it (12 rounds, its first day 2026-05-02)."""
    from plansza.server.app import create_app

    fed = registry(tmp_path)
    path = str(tmp_path / "gp.turniej.sqlite")
    app = create_app(
        db="sqlite://", words=words, secret="s", clock=clock, tournament=path, federation=fed
    )
    with TestClient(app) as c:
        log_in(c)
        status, html = act(
            c, "nowy", name="GP Hali", rounds="12", system="halving", date="2026-05-02"
        )
        assert status == 200, html
        yield c, path


def settings(client: TestClient, **changes: str) -> tuple[int, str]:
    return act(client, "ustawienia", "/sedzia/ustawienia", **changes)


def test_a_playing_referee_at_the_championship_is_refused_in_the_browser(
    served: tuple[TestClient, str],
) -> None:
    # RS §6.4: no playing referee at MP, KMP, PP, LeMans, GP
    client, path = served
    status, html = settings(client, referee="Jan Kos", category="MP", referee_plays="1")
    assert status == 422, html
    assert "RS §6.4" in html
    with _opened(path) as t:
        s = t.state().settings
        assert (s.category, s.referee_plays) == ("", False)  # refused: nothing recorded


def test_the_registrys_licences_decide_who_referees_the_grand_prix(
    served: tuple[TestClient, str],
) -> None:
    # RS §2.2: a degree-II licence is not enough for GP; degree I is
    client, path = served
    status, html = settings(client, referee="Anna Żak", category="GP")
    assert status == 422 and "RS §2.2" in html and "Anna Żak" in html, html
    status, html = settings(client, referee="Jan Kos", category="GP")
    assert status == 200, html
    with _opened(path) as t:
        assert t.state().settings.category == "GP"


def test_without_a_licence_no_ranked_tournament(served: tuple[TestClient, str]) -> None:
    # RR §4: a ranked tournament is run by a PFS referee
    client, _ = served
    for who in ("Ewa Lis", "Nowak Nieznany"):
        status, html = settings(client, referee=who, category="ranked")
        assert status == 422 and "RR §4" in html, html


CASES = [  # (the settings changed, as the web's form and as the CLI's options)
    ({"category": "MP", "referee_plays": "1"}, ["--category", "MP", "--referee-plays"]),
    ({"category": "PP", "internship": "Ula"}, ["--category", "PP", "--internship", "Ula"]),
    ({"category": "GP", "referee": "Anna Żak"}, ["--category", "GP", "--referee", "Anna Żak"]),
    ({"category": "GP", "referee": "Jan Kos"}, ["--category", "GP", "--referee", "Jan Kos"]),
    (
        {"category": "ranked", "referee": "Ewa Lis"},
        ["--category", "ranked", "--referee", "Ewa Lis"],
    ),
    ({"category": "unranked", "referee_plays": "1"}, ["--category", "unranked", "--referee-plays"]),
]


@pytest.mark.parametrize(("form", "options"), CASES)
def test_the_browser_refuses_what_the_command_line_refuses(
    tmp_path: Path, words: Lexicon, clock: Clock, form: dict[str, str], options: list[str]
) -> None:
    from plansza.server.app import create_app

    fed = registry(tmp_path)
    cli_db = str(tmp_path / "cli.turniej.sqlite")
    new = ["--lang", "en", "turniej", "new", "T", "--rounds", "12", "--system", "halving"]
    new += ["--date", "2026-05-02", "--bye", "300:250", "--referee", "Jan Kos", "--db", cli_db]
    assert runner.invoke(cli, new).exit_code == 0
    res = runner.invoke(
        cli, ["--lang", "en", "turniej", "set", *options, "--federation", fed, "--db", cli_db]
    )
    path = str(tmp_path / "web.turniej.sqlite")
    app = create_app(
        db="sqlite://", words=words, secret="s", clock=clock, tournament=path, federation=fed
    )
    with TestClient(app) as c:
        log_in(c)
        act(c, "nowy", name="T", rounds="12", system="halving", date="2026-05-02",
            referee="Jan Kos")  # fmt: skip
        status, html = settings(c, **form)
    assert res.exit_code in (0, 3), res.output
    assert (status == 422) == (res.exit_code == 3), (res.output, html[-2000:])
    assert status in (200, 422)
