"""Sending a closed tournament from the hall (issue 46): queued while the federation
cannot be reached, sent when it can, once; refused by the federation, not retried;
only the head referee sends (RS §6)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from plansza.services.federation_server import FederationServer
from plansza.services.sending import Sender, load_status, read_key
from plansza.tournament.storage import TournamentFile

from .served import free_port, serve
from .test_federation_server import KLUB, REFEREE, fed_path  # noqa: F401 (a fixture)


@contextmanager
def federation_on(port: int, path: str, words: Any) -> Iterator[str]:
    """The federation's server on ``port`` (in a thread) until the block ends."""
    from plansza.server.app import create_app

    app = create_app(db="sqlite://", words=words, secret="s", federation=path)
    yield from serve(app, port)


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def hall(tmp_path: Path) -> str:
    """The kept club tournament, closed."""
    path = tmp_path / "klub.turniej.sqlite"
    shutil.copy(KLUB, path)
    return str(path)


def key_file(tmp_path: Path, fed: str) -> Path:
    server = FederationServer(fed, lambda: "2026-05-04T10:00:00")
    try:
        key_id, secret = server.issue_key(REFEREE)
    finally:
        server.close()
    path = tmp_path / "klucz.txt"
    path.write_text(f"{key_id}:{secret}\n", encoding="utf-8")
    return path


def test_queued_while_the_network_is_down_sent_when_it_is_back(
    tmp_path: Path,
    hall: str,
    fed_path: str,  # noqa: F811
    words: Any,
) -> None:
    port = free_port()
    clock = Clock()
    sender = Sender(
        hall, f"http://127.0.0.1:{port}", read_key(str(key_file(tmp_path, fed_path))), clock=clock
    )
    assert sender.status() is None
    sender.queue()
    first = sender.attempt()
    assert first is not None and first.state == "queued" and first.attempts == 1
    assert first.error and first.next_at == clock.now + 2
    assert sender.attempt() == first  # not due yet: not tried
    clock.now += 2
    second = sender.attempt()
    assert second is not None and second.attempts == 2 and second.next_at == clock.now + 4
    with federation_on(port, fed_path, words):
        clock.now += 4
        sent = sender.attempt()
        assert sent is not None and sent.state == "sent" and sent.new, sent
        # the queue is on disk: another sender (the hall restarted) sees it sent
        assert load_status(hall) == sent
        # sent again (a second click): the federation answers the same receipt
        sender.queue()
        again = sender.attempt()
        assert again is not None and again.state == "sent" and not again.new
        assert again.version == sent.version
    server = FederationServer(fed_path, lambda: "")
    versions = server.state().server.submissions["klubowy-lodz-2026-05-02"]
    server.close()
    assert len(versions) == 1 and versions[0].sender == REFEREE


def test_a_refusal_is_not_retried(
    tmp_path: Path,
    hall: str,
    fed_path: str,  # noqa: F811
    words: Any,
) -> None:
    port = free_port()
    clock = Clock()
    wrong = ("abc123", "x" * 43)
    sender = Sender(hall, f"http://127.0.0.1:{port}", wrong, clock=clock)
    with federation_on(port, fed_path, words):
        sender.queue()
        refused = sender.attempt()
        assert refused is not None and refused.state == "refused"
        assert refused.code == "bad_signature" and "podpis" in refused.error  # in Polish
        clock.now += 3600
        assert sender.attempt() == refused


def test_an_open_tournament_is_not_queued(tmp_path: Path, fed_path: str) -> None:  # noqa: F811
    from plansza.errors import PlanszaError
    from plansza.tournament.model import Settings

    path = tmp_path / "open.turniej.sqlite"
    t = TournamentFile.create(
        str(path), Settings("Otwarty", 3, "halving"), at="2026-05-03T20:00:00"
    )
    t.close()
    sender = Sender(str(path), "http://127.0.0.1:9", read_key(str(key_file(tmp_path, fed_path))))
    with pytest.raises(PlanszaError) as e:
        sender.queue()
    assert e.value.code == "not_closed"  # TR 4.6.4
    assert sender.status() is None


def test_a_bad_key_file_is_named(tmp_path: Path) -> None:
    from plansza.errors import PlanszaError

    bad = tmp_path / "klucz.txt"
    bad.write_text("nie klucz", encoding="utf-8")
    with pytest.raises(PlanszaError) as e:
        read_key(str(bad))
    assert str(bad) in str(e.value.details.get("path"))


def test_the_console_imports_the_sign_ups_and_only_the_head_referee_sends(
    tmp_path: Path,
    fed_path: str,  # noqa: F811
    words: Any,
) -> None:
    import re
    from datetime import date, timedelta

    from starlette.testclient import TestClient

    from plansza.server.app import create_app
    from plansza.tournament.model import Settings

    from .test_station import log_in

    soon = date.today() + timedelta(days=10)
    server = FederationServer(fed_path, lambda: "2026-05-04T10:00:00")
    tid = server.announce("Puchar Wiosny", soon, category="ranked", referee=REFEREE)
    server.sign_up(tid, "Żak Anna", "ala")
    server.sign_up(tid, "Łoś Jan", "jan")
    server.close()
    path = str(tmp_path / "puchar.turniej.sqlite")
    TournamentFile.create(
        path, Settings("Puchar Wiosny", 5, "halving", dates=(soon.isoformat(),)), at="t"
    ).close()
    port = free_port()
    key = key_file(tmp_path, fed_path)
    app = create_app(
        db="sqlite://",
        words=words,
        secret="s",
        tournament=path,
        send_to=f"http://127.0.0.1:{port}",
        key_file=str(key),
    )
    with federation_on(port, fed_path, words), TestClient(app) as c:
        log_in(c)
        html = c.get("/sedzia").text
        assert "Importuj zgłoszenia z federacji" in html
        token = re.search(r'name="csrf" value="([^"]+)"', html)
        assert token
        res = c.post("/sedzia/federacja/zgloszenia", data={"csrf": token.group(1)})
        assert "Zaimportowano graczy: 2" in res.text
        t = TournamentFile.open(path)
        names = [p.name for p in t.state().players.values()]
        t.close()
        assert sorted(names) == ["Łoś Jan", "Żak Anna"]
        # again: nobody twice
        res = c.post("/sedzia/federacja/zgloszenia", data={"csrf": token.group(1)})
        assert "Zaimportowano graczy: 0" in res.text
        # not closed: nothing is queued (TR 4.6.4)
        res = c.post("/sedzia/federacja/wyslij", data={"csrf": token.group(1)})
        assert "najpierw zamknij turniej" in res.text
        assert load_status(path) is None
        # an assistant referee (RS §6.5) does not send
        users = c.app.state.hub.store.users  # type: ignore[attr-defined]
        users.set_referee("sedzia", False)
        users.set_assistant("sedzia", True)
        res = c.post("/sedzia/federacja/wyslij", data={"csrf": token.group(1)})
        assert res.status_code == 403
