"""The deployment guide's nginx site, run as written (docs/en/deployment.md).

The guide's only ``nginx`` block is taken from the English guide (the Polish one must
hold the same block): its two upstream ports, its two ``listen`` (443 with TLS, 80)
and its certificate's paths are replaced by the test's (a self-signed certificate for
``127.0.0.1`` made by ``openssl``), and Debian's nginx serves it in front of two
``plansza serve`` processes on a throwaway PostgreSQL and Redis. A game is made
through the proxy over HTTPS, played by two players and watched by a spectator whose
WebSockets (``wss://``) all go through it; the process owning the game is killed with
SIGKILL and a player's client reconnects to the proxy with ``?last=N``, as the game
page does: the game goes on within seconds, no step lost. Plain HTTP is only a
redirect to HTTPS; over HTTPS the app's cookies come back ``Secure``, the answers
carry HSTS, and only TLS 1.2 and 1.3 are spoken.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import ssl
import subprocess
import time
import warnings
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from tests.debian import ensure_program

from .served import event, free_port, game_with_friend, wait_up
from .test_cluster import Node, Seat, csrf_of, numbers
from .test_restart import Game

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
HOW = "the proxy test needs nginx: apt-get install nginx"
HOW_OPENSSL = "the proxy test needs openssl: apt-get install openssl"
#: The ports the guide's upstream names, replaced by the test's processes'.
GUIDE_PORTS = ("8001", "8002")
#: The guide's certificate and its key, replaced by the test's self-signed ones.
GUIDE_CERTIFICATE = "/etc/letsencrypt/live/plansza.example/fullchain.pem"
GUIDE_KEY = "/etc/letsencrypt/live/plansza.example/privkey.pem"
#: The test adds a header saying which process answered (the guide's block does not),
#: beside the guide's HSTS header: nginx takes ``add_header`` from the ``http`` level
#: only into a ``server`` that has none of its own.
UPSTREAM = "x-plansza-upstream"
HSTS = re.compile(r"^( *)add_header Strict-Transport-Security .*;$", re.M)


def guide_block(language: str) -> str:
    """The ``nginx`` fenced block of the guide in ``language`` (exactly one)."""
    text = (ROOT / "docs" / language / "deployment.md").read_text(encoding="utf-8")
    blocks = re.findall(r"^```nginx\n(.*?)^```$", text, flags=re.S | re.M)
    assert len(blocks) == 1, f"docs/{language}/deployment.md: {len(blocks)} nginx blocks"
    return str(blocks[0])


def ensure_nginx() -> str:
    """The path of nginx, installing Debian's package when missing and root."""
    return ensure_program("nginx", "nginx", HOW, "/usr/sbin/nginx")


def self_signed(folder: Path) -> tuple[Path, Path]:
    """A certificate for ``127.0.0.1``, signed by its own key, good for a day: the
    certificate's file and the key's."""
    binary = ensure_program("openssl", "openssl", HOW_OPENSSL)
    cert, key = folder / "cert.pem", folder / "key.pem"
    made = subprocess.run(
        [
            binary,
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "1",
            "-subj",
            "/CN=127.0.0.1",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stderr
    return cert, key


def replace_once(site: str, old: str, new: str) -> str:
    assert site.count(old) == 1, f"the guide's nginx block has {site.count(old)} {old!r}"
    return site.replace(old, new)


class Proxy:
    """nginx with the guide's site in front of ``nodes``: HTTPS on a free loopback
    port (:attr:`url`) and plain HTTP on another (:attr:`plain_url`).

    :attr:`trust` trusts the test's certificate (and negotiates TLS 1.3);
    :attr:`socket_trust` too, for the WebSockets, held to TLS 1.2 (the guide's other
    version): websockets' sync client reads in a thread of its own while it writes,
    and a Python TLS socket is not safe for that while TLS 1.3's session tickets come
    in after the handshake (a request is lost now and then: a handshake times out).
    """

    def __init__(self, tmp: Path, nodes: list[Node]) -> None:
        binary = ensure_nginx()
        home = tmp / "nginx"
        home.mkdir()
        cert, key = self_signed(home)
        self.cert = cert
        self.trust = ssl.create_default_context(cafile=str(cert))
        self.socket_trust = ssl.create_default_context(cafile=str(cert))
        self.socket_trust.maximum_version = ssl.TLSVersion.TLSv1_2
        self.port, self.plain = free_port(), free_port()
        self.url = f"https://127.0.0.1:{self.port}"
        self.plain_url = f"http://127.0.0.1:{self.plain}"
        site = guide_block("en")
        for guide_port, node in zip(GUIDE_PORTS, nodes, strict=True):
            site = replace_once(site, f"127.0.0.1:{guide_port};", f"127.0.0.1:{node.port};")
        site = replace_once(site, "listen 443 ssl;", f"listen 127.0.0.1:{self.port} ssl;")
        site = replace_once(site, "listen 80;", f"listen 127.0.0.1:{self.plain};")
        site = replace_once(site, f" {GUIDE_CERTIFICATE};", f" {cert};")
        site = replace_once(site, f" {GUIDE_KEY};", f" {key};")
        hsts = len(HSTS.findall(site))
        assert hsts == 1, f"the guide's nginx block has {hsts} Strict-Transport-Security"
        site = HSTS.sub(r"\g<0>\n\1add_header X-Plansza-Upstream $upstream_addr always;", site)
        temps = "\n".join(
            f"    {name}_temp_path {home / name};"
            for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        user = "user root;\n" if os.geteuid() == 0 else ""
        self.conf = home / "nginx.conf"
        self.conf.write_text(
            f"{user}daemon off;\nworker_processes 1;\npid {home / 'nginx.pid'};\n"
            f"error_log {home / 'error.log'} info;\nevents {{ worker_connections 256; }}\n"
            f"http {{\n    access_log {home / 'access.log'};\n{temps}\n"
            f"{site}}}\n",
            encoding="utf-8",
        )
        checked = subprocess.run(
            [binary, "-t", "-p", str(home), "-c", str(self.conf)], capture_output=True, text=True
        )
        assert checked.returncode == 0, checked.stderr
        self.log = home / "error.log"
        self.proc = subprocess.Popen(
            [binary, "-p", str(home), "-c", str(self.conf)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_up(self.proc, self.url + "/", self.log, timeout=20, verify=self.trust)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture
def proxied(
    tmp_path: Path, postgres_url: str, redis_url: str
) -> Iterator[tuple[Proxy, list[Node]]]:
    started: list[Node] = []
    proxy: Proxy | None = None
    try:
        for i in range(2):
            started.append(Node(tmp_path, f"node{i}", postgres_url, redis_url))
        proxy = Proxy(tmp_path, started)
        yield proxy, started
    finally:
        if proxy is not None:
            proxy.stop()
        for node in started:
            node.stop()
        import redis

        redis.Redis.from_url(redis_url).flushall()


def seat(proxy: Proxy, game: Game, who: int | None, last: int = 0) -> Seat:
    """A game's socket through the proxy, over ``wss://`` (see :class:`Seat`)."""
    return Seat(proxy, game, who, last, tls=proxy.socket_trust)  # type: ignore[arg-type]


def test_the_guides_nginx_block_is_the_same_in_both_languages() -> None:
    assert guide_block("pl") == guide_block("en")


def test_a_game_through_the_proxy_survives_its_owner_killed(
    proxied: tuple[Proxy, list[Node]],
) -> None:
    proxy, nodes = proxied
    # the lobby's form through the proxy over HTTPS: the game is made (and owned) by
    # one process
    game_id, tokens, answer = game_with_friend(proxy.url, verify=proxy.trust)
    made_by = answer[UPSTREAM]
    game = Game(game_id, tokens)
    owner = next(n for n in nodes if made_by == f"127.0.0.1:{n.port}")
    # both players and a spectator through the proxy, over wss:// (nginx spreads them)
    seats = {0: seat(proxy, game, 0), 1: seat(proxy, game, 1)}
    watcher = seat(proxy, game, None)
    to_move = seats[0].view["to_move"]
    for _ in range(4):
        n = seats[to_move].exchange()
        for s in (*seats.values(), watcher):
            assert s.wait_step(n)["seat"] == to_move
        to_move = 1 - to_move
    made = len(watcher.steps)
    assert numbers(watcher.steps) == list(range(1, made + 1))

    died = owner.kill()
    # the player to move reconnects through the proxy as the game page does: ?last=N;
    # nginx skips the dead process (proxy_next_upstream error)
    seats[to_move].close()
    deadline = time.monotonic() + 10
    while True:
        try:
            seats[to_move] = seat(proxy, game, to_move, last=made)
            break
        except Exception:
            assert time.monotonic() < deadline, "no reconnect through the proxy"
            time.sleep(0.2)
    assert seats[to_move].steps == []  # nothing after the last step it saw... yet
    # the spectator's and the other player's sockets may have been on the dead process:
    # they reconnect the same way
    for who in (1 - to_move, None):
        old = watcher if who is None else seats[who]
        old.close()
        fresh = seat(proxy, game, who, last=made)
        if who is None:
            watcher = fresh
        else:
            seats[who] = fresh
    n = seats[to_move].exchange() + 1  # after the takeover's resume step
    step = seats[1 - to_move].wait_step(n, timeout=10)
    went_on = time.time() - died
    assert went_on <= 5, f"the game went on {went_on:.2f} s after the kill"
    assert step["seat"] == to_move and event(step, "exchanged") is not None
    # no step lost: the watcher has every step after the one it saw, in order
    watcher.wait_step(n)
    assert numbers(watcher.steps) == list(range(made + 1, n + 1))
    kinds = [s["action"]["kind"] for s in watcher.steps]
    assert kinds == ["resume", "move"], kinds
    # the whole record, asked through the proxy, has every move
    with httpx.Client(base_url=proxy.url, verify=proxy.trust) as browser:
        browser.cookies.set(f"seat_{game.id}", game.tokens[0])  # a player's record
        record = browser.get(f"/g/{game.id}/record.gcg")
        assert record.status_code == 200
        assert record.headers[UPSTREAM] != made_by  # the dead one is skipped
        assert record.text.count("\n>") >= made, record.text  # the moves, not the arrival
    # the other player answers through the proxy
    n = seats[1 - to_move].exchange()
    assert watcher.wait_step(n)["seat"] == 1 - to_move
    for s in (*seats.values(), watcher):
        s.close()


def test_a_websocket_from_a_browser_page_passes_the_origin_check(
    proxied: tuple[Proxy, list[Node]],
) -> None:
    """The guide's ``Host $http_host``: the app compares a WebSocket's Origin with the
    Host it is given, port included; a browser's socket through the proxy is let in."""
    proxy, _ = proxied
    with httpx.Client(base_url=proxy.url, verify=proxy.trust) as browser:
        form = {"csrf": csrf_of(browser), "opponent": "person", "rules": "pfs", "minutes": "15"}
        r = browser.post("/games", data=form)
        game_id = r.headers["location"].rsplit("/", 1)[-1]
    from websockets.sync.client import connect
    from websockets.typing import Origin

    url = f"wss://127.0.0.1:{proxy.port}/g/{game_id}/ws?last=0"
    with connect(url, origin=Origin(proxy.url), ssl=proxy.socket_trust) as ws:
        assert '"view"' in str(ws.recv(timeout=10))


def set_cookie(response: httpx.Response, name: str) -> list[str]:
    """The attributes of the cookie ``name`` a response sets, as sent (lower case)."""
    sent = [v for v in response.headers.get_list("set-cookie") if v.startswith(f"{name}=")]
    assert len(sent) == 1, (name, response.headers.get_list("set-cookie"))
    return [a.strip().lower() for a in sent[0].split(";")[1:]]


def test_plain_http_is_a_redirect_and_https_cookies_are_secure(
    proxied: tuple[Proxy, list[Node]],
) -> None:
    """The guide's TLS: port 80 only redirects to HTTPS (the app is not reached);
    over HTTPS the session's and the seat's cookies are ``Secure`` (the app reads the
    guide's ``X-Forwarded-Proto``), and the answers carry HSTS (nginx's) and the
    app's own security headers."""
    proxy, nodes = proxied
    plain = httpx.get(f"{proxy.plain_url}/g/abc/join/xyz?lang=en")
    assert plain.status_code == 301
    assert plain.headers["location"] == "https://127.0.0.1/g/abc/join/xyz?lang=en"
    assert "content-security-policy" not in plain.headers  # nginx's own answer
    assert "set-cookie" not in plain.headers
    with httpx.Client(base_url=proxy.url, verify=proxy.trust) as browser:
        lobby = browser.get("/")
        assert lobby.status_code == 200
        assert lobby.headers["strict-transport-security"] == "max-age=31536000"
        policy = lobby.headers["content-security-policy"]
        assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert lobby.headers["x-content-type-options"] == "nosniff"
        assert lobby.headers["x-frame-options"] == "DENY"
        assert "secure" in set_cookie(lobby, "session")
        form = {"csrf": csrf_of(browser), "opponent": "person", "rules": "pfs", "minutes": "15"}
        made = browser.post("/games", data=form)
        assert made.status_code == 303, made.text
        assert made.headers["strict-transport-security"] == "max-age=31536000"
        game_id = made.headers["location"].rsplit("/", 1)[-1]
        assert "secure" in set_cookie(made, f"seat_{game_id}")
        missing = browser.get("/g/no-such-game")  # an error page carries them too
        assert missing.status_code == 404
        assert missing.headers["strict-transport-security"] == "max-age=31536000"
        assert "content-security-policy" in missing.headers
    # the same app over plain HTTP, straight to a process: its cookies are not Secure
    # (what marks them is the proxy's X-Forwarded-Proto)
    direct = httpx.get(nodes[0].url + "/")
    assert direct.status_code == 200
    assert "secure" not in set_cookie(direct, "session")
    assert "strict-transport-security" not in direct.headers


def tls_version(proxy: Proxy, context: ssl.SSLContext) -> str | None:
    """The version of TLS the proxy's HTTPS port agrees on with ``context``."""
    with (
        socket.create_connection(("127.0.0.1", proxy.port), timeout=10) as raw,
        context.wrap_socket(raw, server_hostname="127.0.0.1") as tls,
    ):
        return tls.version()


def test_the_proxy_speaks_tls_1_2_and_1_3_only(proxied: tuple[Proxy, list[Node]]) -> None:
    """The guide's ``ssl_protocols TLSv1.2 TLSv1.3``: a client held to TLS 1.1 (and
    willing to speak it) is refused with nginx's "protocol version" alert."""
    proxy, _ = proxied
    assert tls_version(proxy, proxy.trust) == "TLSv1.3"
    assert tls_version(proxy, proxy.socket_trust) == "TLSv1.2"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)  # TLS 1.1 is, rightly
        old = ssl.create_default_context(cafile=str(proxy.cert))
        old.set_ciphers("DEFAULT:@SECLEVEL=0")
        old.minimum_version = old.maximum_version = ssl.TLSVersion.TLSv1_1
    with pytest.raises(ssl.SSLError, match="PROTOCOL_VERSION"):
        tls_version(proxy, old)
