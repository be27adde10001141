"""The web's refusals name the page's fields and choices, never a command-line option."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from plansza.i18n import translator
from plansza.server.wording import WEB_WORDING

from .test_console import NAMES, _opened, act, create, hall, register

__all__ = ["hall"]  # the fixture, used by name

OPTION = re.compile(r"(?<![\w-])--[a-z]")


def words_of(html: str) -> str:
    """What a page says: its text without its styles (their colour roles are
    ``--fg``, ``--bg``…) and without its comments' openings."""
    return re.sub(r"<style>.*?</style>", "", html, flags=re.S).replace("<!--", "")


def test_no_web_wording_names_an_option_in_either_language() -> None:
    pl, en = translator("pl"), translator("en")
    for domain, web in WEB_WORDING.items():
        assert OPTION.search(domain), domain  # only the CLI's words are replaced
        assert not OPTION.search(web), web
        polish = pl.gettext(web)
        assert polish != web, f"no Polish for: {web}"
        assert not OPTION.search(polish), polish
        assert not OPTION.search(en.gettext(web))
        # the same details as the domain's words: a detail missing would stay a {brace}
        assert set(re.findall(r"{(\w+)}", web)) == set(re.findall(r"{(\w+)}", domain)), web


def test_a_late_correction_in_the_console_says_which_choice_to_make(
    hall: tuple[TestClient, str],
) -> None:
    # TR 4.6.4: once the next round is paired, only the referee's consent corrects
    client, path = hall
    create(client)
    register(client, NAMES)
    act(client, "kojarz", round="1", manual="1-2,3-4")
    page = "/sedzia/runda/1"
    for a, b in (("1", "2"), ("3", "4")):
        status, html = act(client, "wynik", page, round="1", a=a, sa="400", b=b, sb="300")
        assert status == 200, html
    status, html = act(client, "kojarz", round="2")
    assert status == 200, html
    status, html = act(
        client, "popraw", page, round="1", a="1", sa="410", b="2", sb="300", consent="players"
    )
    assert status == 422
    assert "wybierz „zgoda sędziego”" in html, html
    assert not OPTION.search(words_of(html)), "an option named on the page"
    with _opened(path) as t:
        assert t.state().rounds[1].pairings[0].result.score_first == 400  # nothing changed
    status, html = act(
        client, "popraw", page, round="1", a="1", sa="410", b="2", sb="300", consent="referee"
    )
    assert status == 200, html
    with _opened(path) as t:
        assert t.events()[-1].data.get("consent") == "referee"


def test_a_school_tie_without_last_moves_names_the_field(hall: tuple[TestClient, str]) -> None:
    # SCH: the higher last move wins a tie; the form's field is named, not --last-move
    client, _ = hall
    status, html = act(
        client, "nowy", name="Szkolny", rounds="3", system="halving", preset="school"
    )
    assert status == 200, html
    for name, school in (("Ala Ąk", "SP 1"), ("Ela Ęk", "SP 2")):
        status, html = act(client, "dodaj", "/sedzia/gracze", name=name, club=school, unlisted="1")
        assert status == 200, html
    act(client, "kojarz", round="1", manual="1-2")
    status, html = act(
        client, "wynik", "/sedzia/runda/1", round="1", a="1", sa="300", b="2", sb="300"
    )
    assert status == 422
    assert "wpisz ostatnie ruchy obu graczy" in html
    assert "--last-move" not in html
