"""The word-check station in-process: one joint verdict, the log of checks, bad input.

The app's lexicon is the small ``words`` fixture (tests/server/conftest.py): KOT, KOTY,
KOTA, TO, OK, … — and no XYZ.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from plansza.server.station import MAX_FORM, MAX_TABLE, MAX_TEXT

from .conftest import WORDS, Clock


def csrf_of(client: TestClient, path: str = "/sprawdzanie") -> str:
    m = re.search(r'name="csrf" value="([^"]+)"', client.get(path).text)
    assert m
    return m.group(1)


def check(client: TestClient, words: str, table: str = "7", path: str = "/sprawdzanie") -> str:
    r = client.post(path, data={"csrf": csrf_of(client, path), "table": table, "words": words})
    assert r.status_code == 200, r.text
    return r.text


def verdict(html: str) -> str:
    found = re.findall(r'<p class="verdict (\w+)">([^<]*)</p>', html)
    assert len(found) == 1, html
    return found[0][0]


def words_field(html: str) -> str:
    m = re.search(r'<input type="text" name="words" value="([^"]*)"', html)
    assert m
    return m.group(1)


def log_in(client: TestClient, *, referee: bool = True) -> None:
    """Sign up as ``sedzia`` and (``referee``) get the referee's role."""
    from plansza.server.accounts import Accounts

    client.app.state.accounts = Accounts(cheap=True)  # type: ignore[attr-defined]
    token = csrf_of(client, "/konto/rejestracja")
    r = client.post(
        "/konto/rejestracja",
        data={"csrf": token, "nickname": "sedzia", "password": PW, "password2": PW},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text
    if referee:
        assert client.app.state.hub.store.users.set_referee("sedzia", True)  # type: ignore[attr-defined]


PW = "tajne-haslo-1"


def log_rows(html: str) -> list[list[str]]:
    rows = re.findall(r'<tr class="check">(.*?)</tr>', html, re.S)
    return [re.findall(r"<td[^>]*>(.*?)</td>", row) for row in rows]


# ---- the verdict ------------------------------------------------------------------------


def test_the_station_gives_one_joint_verdict(client: TestClient) -> None:
    # TR 4.7.11: the verdict is given jointly for the whole set of words.
    ok = check(client, "kot kota, to")
    assert verdict(ok) == "valid" and "DOPUSZCZALNE" in ok and "KOT KOTA TO" in ok
    bad = check(client, "KOT XYZ TO")
    assert verdict(bad) == "invalid" and "NIEDOPUSZCZALNE" in bad


def test_the_station_never_says_which_word_failed(client: TestClient) -> None:
    # TR 4.7.11: the page for a set with a bad word is the same wherever the word stands,
    # apart from the set itself echoed back (all the words shown at once).
    pages = [check(client, s) for s in ("KOT XYZ TO", "XYZ TO KOT", "TO KOT XYZ")]
    stripped = {re.sub(r"KOT XYZ TO|XYZ TO KOT|TO KOT XYZ", "", p) for p in pages}
    assert len(stripped) == 1


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.lists(st.sampled_from([*WORDS, "XYZ", "KOTT", "QQ"]), min_size=1, max_size=8))
def test_the_verdict_is_valid_exactly_when_every_word_is(
    client: TestClient, words: list[str]
) -> None:
    # TR 4.7.11: valid only when each word of the set is in the word list.
    expected = "valid" if all(w in WORDS for w in words) else "invalid"
    assert verdict(check(client, " ".join(words))) == expected


def test_after_a_check_the_input_is_empty_and_focused(client: TestClient) -> None:
    # TR 4.7.12-4.7.13: the next players type their own words; the table number is kept.
    html = check(client, "KOT", table="12")
    assert words_field(html) == ""
    assert re.search(r'name="words" value=""[^>]*autofocus', html)
    assert 'name="table" value="12"' in html


def test_the_english_alias_and_no_external_assets(client: TestClient) -> None:
    html = check(client, "KOT", path="/station")
    assert verdict(html) == "valid"
    # the hall may be offline: nothing is fetched from another host
    assert not re.search(r'(src|href)="(https?:)?//', client.get("/station").text)


# ---- bad input --------------------------------------------------------------------------


def post(client: TestClient, **data: str) -> tuple[int, str]:
    form = {"csrf": csrf_of(client), "table": "3", "words": "KOT"}
    form.update(data)
    r = client.post("/sprawdzanie", data=form)
    return r.status_code, r.text


def test_a_bad_table_number_is_named(client: TestClient) -> None:
    for table in ("", "0", "abc", "-1", str(MAX_TABLE + 1), "١"):
        status, html = post(client, table=table)
        assert status == 400 and "Numer stołu" in html and 'class="verdict' not in html, table
    status, html = post(client, table=str(MAX_TABLE))
    assert status == 200


def test_bad_words_are_named_and_kept_for_correction(client: TestClient) -> None:
    status, html = post(client, words="   ")
    assert status == 400 and "Słowa:" in html and 'class="verdict' not in html
    status, html = post(client, words=" ".join(["KOT"] * 21))
    assert status == 400 and "Słowa:" in html and 'class="verdict' not in html
    assert words_field(html).startswith("KOT KOT")  # kept, to be corrected
    status, html = post(client, words="K" * (MAX_TEXT + 1))
    assert status == 400 and str(MAX_TEXT) in html


def test_a_form_over_the_size_limit_is_refused_unread(client: TestClient) -> None:
    status, html = post(client, words="KOT " * (MAX_FORM // 4 + 10))
    assert status == 413 and 'class="verdict' not in html


def test_a_form_without_its_token_is_refused(client: TestClient) -> None:
    client.get("/sprawdzanie")
    r = client.post("/sprawdzanie", data={"csrf": "forged", "table": "3", "words": "KOT"})
    assert r.status_code == 403 and 'class="verdict' not in r.text
    log_in(client)
    assert log_rows(client.get("/sprawdzanie/dziennik").text) == []


def test_an_english_visitor_gets_english_messages(client: TestClient) -> None:
    client.get("/station?lang=en")
    status, html = post(client, table="x")
    assert status == 400 and "Table number: a whole number from 1 to 999." in html


# ---- the log ----------------------------------------------------------------------------


def test_every_check_is_logged_and_listed_for_a_referee(client: TestClient, clock: Clock) -> None:
    check(client, "KOT TO", table="4")
    clock.now += 60
    check(client, "KOT XYZ", table="11")
    post(client, table="0")  # refused: not a check, not logged
    # a guest does not see the log, nor does an account that is not a referee's
    r = client.get("/sprawdzanie/dziennik")
    assert r.status_code == 403 and "KOT XYZ" not in r.text
    log_in(client, referee=False)
    r = client.get("/sprawdzanie/dziennik")
    assert r.status_code == 403 and "KOT XYZ" not in r.text
    assert client.app.state.hub.store.users.set_referee("sedzia", True)  # type: ignore[attr-defined]
    html = client.get("/sprawdzanie/dziennik").text
    rows = log_rows(html)
    assert [row[1:] for row in rows] == [
        ["11", "KOT XYZ", "NIEDOPUSZCZALNE"],
        ["4", "KOT TO", "DOPUSZCZALNE"],
    ]
    assert all(re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", row[0]) for row in rows)
    assert log_rows(client.get("/station/log").text) == rows


def test_the_log_survives_a_new_app_on_the_same_database(tmp_path, words) -> None:  # type: ignore[no-untyped-def]
    from plansza.server.app import create_app

    db = f"sqlite:///{tmp_path / 'hall.db'}"
    with TestClient(create_app(db=db, words=words, secret="s")) as c:
        check(c, "KOTY", table="2")
    with TestClient(create_app(db=db, words=words, secret="s")) as c:
        log_in(c)
        assert [r[1:] for r in log_rows(c.get("/station/log").text)] == [
            ["2", "KOTY", "DOPUSZCZALNE"]
        ]


def test_typed_words_are_shown_as_text(client: TestClient) -> None:
    evil = "<script>alert(1)</script>"
    html = check(client, evil)
    assert verdict(html) == "invalid" and "<SCRIPT>" not in html and "&lt;SCRIPT&gt;" in html
    status, html = post(client, words=evil * 30)  # refused: echoed back escaped
    assert status == 400 and "<script>" not in html.split("<main>", 1)[1]
    log_in(client)
    log = client.get("/sprawdzanie/dziennik").text
    assert "<SCRIPT>" not in log and "&lt;SCRIPT&gt;ALERT(1)&lt;/SCRIPT&gt;" in log
