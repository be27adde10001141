"""The pairing preview in the console: each player's points before the round, the
score groups, the adjustments given for the round (RS §7.2, §7.5), and two players
swapped in the system's proposal before it is recorded — as a pairing by hand, the
swap named in the log."""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from plansza.tournament.events import describe as said

from .test_console import _opened, act, create, hall

__all__ = ["hall"]  # the fixture, used by name

SIX = ["Anna Żak", "Łukasz Ćwik", "Ola Nowak", "Jan Kos", "Ewa Lis", "Igor Śliwa"]


def played_round_one(client: TestClient) -> None:
    """Six players; round 1 paired 1-2, 3-4, 5-6 and won by 1, 3 and 5."""
    create(client, rounds="5")
    for name in SIX:
        status, html = act(client, "dodaj", "/sedzia/gracze", name=name, unlisted="1")
        assert status == 200, html
    status, html = act(client, "kojarz", round="1", manual="1-2, 3-4, 5-6")
    assert status == 200, html
    for a, b, sa in (("1", "2", "420"), ("3", "4", "390"), ("5", "6", "405")):
        status, html = act(client, "wynik", "/sedzia/runda/1", round="1", a=a, sa=sa, b=b, sb="300")
        assert status == 200, html


def rows(html: str) -> list[list[str]]:
    table = html.split('<table class="console pairing-preview">')[1].split("</table>")[0]
    out = []
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S):
        cells = [
            re.sub(r"<[^>]+>", "", c).strip()
            for c in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", row, re.S)
        ]
        out.append(cells)
    return out


def hidden(html: str, name: str) -> str:
    found = re.findall(rf'name="{name}" value="([^"]*)"', html)
    assert found, name
    return found[-1]


def test_the_preview_shows_points_and_score_groups(hall: tuple[TestClient, str]) -> None:
    # RS §7.5: halving pairs within score groups; the referee sees the points it used
    client, path = hall
    played_round_one(client)
    status, html = act(client, "podglad", round="2")
    assert status == 200, html
    table = rows(html)
    groups = [r[0] for r in table if len(r) == 1]
    assert groups == ["Grupa punktowa: 1 duż. pkt", "Grupa punktowa: 0 duż. pkt"], table
    # seeds go by ranking, then by name in Polish order: Anna 1, Ewa 2, Igor 3, Jan 4,
    # Łukasz 5, Ola 6; round 1 was Anna–Ewa, Igor–Jan, Łukasz–Ola, the first won
    lines = {r[1]: r[2:5] for r in table[1:] if len(r) == 9} | {
        r[5]: r[6:9] for r in table[1:] if len(r) == 9
    }
    assert lines["1. Anna Żak"] == ["1", "420", "+120"]
    assert lines["6. Ola Nowak"] == ["0", "300", "-105"]
    assert len(lines) == 6
    with _opened(path) as t:
        assert 2 not in t.state().rounds  # a preview records nothing


def test_two_players_swapped_in_the_proposal_are_recorded_by_hand(
    hall: tuple[TestClient, str],
) -> None:
    client, path = hall
    played_round_one(client)
    status, html = act(client, "podglad", round="2")
    with _opened(path) as t:
        state = t.state()
        pid = {p.name: k for k, p in state.players.items()}
    proposal = [r for r in rows(html)[1:] if len(r) == 9]
    first, second = proposal[0], proposal[1]
    a_name = first[5].split(". ", 1)[1]  # the opponent at table 1
    b_name = second[5].split(". ", 1)[1]  # the opponent at table 2
    a, b = pid[a_name], pid[b_name]
    status, html = act(
        client,
        "podglad",
        round="2",
        manual=hidden(html, "manual"),
        swaps=hidden(html, "swaps"),
        swapped_text=hidden(html, "swapped_text"),
        swap="1",
        swap_a=str(a),
        swap_b=str(b),
    )
    assert status == 200, html
    swapped = [r for r in rows(html)[1:] if len(r) == 9]
    assert swapped[0][5].endswith(b_name) and swapped[1][5].endswith(a_name), swapped
    manual = hidden(html, "manual")
    assert manual and hidden(html, "swapped_text") == manual
    with _opened(path) as t:
        assert 2 not in t.state().rounds  # still a preview
    status, html = act(
        client,
        "kojarz",
        round="2",
        manual=manual,
        swaps=hidden(html, "swaps"),
        swapped_text=hidden(html, "swapped_text"),
    )
    assert status == 200, html
    with _opened(path) as t:
        state = t.state()
        rnd = state.rounds[2]
        event = [e for e in t.events() if e.kind == "paired"][-1]
        names = {k: p.name for k, p in state.players.items()}
    assert rnd.method == "manual"
    assert event.data["swapped"] == [[a, b]]
    assert rnd.pairings[0].second == b and rnd.pairings[1].second == a
    from plansza.i18n import translator

    line = said(event, names, translator("en"))
    assert f"swapped in the system's proposal {a_name} ↔ {b_name}" in line, line


def test_a_swap_that_changes_nothing_is_refused(hall: tuple[TestClient, str]) -> None:
    client, path = hall
    played_round_one(client)
    status, html = act(client, "podglad", round="2", manual="1-3, 2-4, 5-6")
    with _opened(path) as t:
        pid = {p.name: k for k, p in t.state().players.items()}
    status, html = act(
        client,
        "podglad",
        round="2",
        manual="1-3, 2-4, 5-6",
        swap="1",
        swap_a=str(pid["Anna Żak"]),
        swap_b=str(pid["Igor Śliwa"]),
    )
    assert status == 422
    assert "1 Anna Żak i 3 Igor Śliwa już grają ze sobą przy stole 1" in html, html


def test_a_late_entrant_s_adjustment_is_shown_before_the_pairing(
    hall: tuple[TestClient, str],
) -> None:
    # RS §7.2: a player joining after round 1 is given points to a target place
    client, _ = hall
    played_round_one(client)
    status, html = act(client, "dodaj", "/sedzia/gracze", name="Zenon Późny", unlisted="1")
    assert status == 200, html
    status, html = act(client, "podglad", round="2")
    assert status == 200, html
    assert "Wyrównania w tej rundzie (RS §7.2)" in html, html
    assert re.search(r"Zenon Późny: [+-]\d", html), html
    assert "(wyrównanie)" in html



def test_the_console_says_every_pairing_note_the_command_line_says(
    hall: tuple[TestClient, str],
) -> None:
    # RS §7.5–7.6: the notes come from one service; the console used to drop two
    from typer.testing import CliRunner

    from plansza.cli.main import app as cli

    client, path = hall
    played_round_one(client)
    status, html = act(client, "kojarz", round="2", manual="1-2, 3-4, 5-6")  # all again
    assert status == 200, html
    page = client.get("/sedzia/runda/2").text
    assert "Kojarzenie ręczne z powtórzeniami." in page, page
    args = ["--lang", "pl", "turniej", "pair", "--round", "2", "--manual", "1-2, 3-4, 5-6"]
    out = CliRunner().invoke(cli, [*args, "--preview", "--db", path])
    assert out.exit_code == 0, out.output
    said = [x for x in out.output.splitlines() if "powtórzeniami" in x.lower()]
    assert said and said[0].strip() in page, (said, page[-3000:])
