"""Sending a closed tournament from the hall to the federation's server (issue 46):
queued, signed, retried until the network is back, idempotent.

The hall's laptop keeps the referee's key (``plansza federacja key NAME --output``
writes the file ``KEY_ID:SECRET``) and the federation's address (``plansza serve
--tournament FILE --send-to URL --key-file KEY``). The referee's console queues the
closed tournament; the queue is a small JSON file beside the tournament's
(``<file>.wysylka.json``), so that a hall that loses power keeps it. A
:class:`Sender` tries the queued file now and again: a network error is retried with
a growing pause (:data:`RETRY_MAX` at most), a refusal by the federation (a bad
signature, a file it cannot read) stops until the referee queues it again, and the
receipt is kept. The federation answers the same file with the same receipt, so a
file sent twice (a lost answer, a second click) changes nothing there.

>>> import tempfile, os
>>> key = os.path.join(tempfile.mkdtemp(), "klucz.txt")
>>> with open(key, "w") as f:
...     _ = f.write("a1b2c3:" + "s" * 43 + "\\n")
>>> read_key(key)[0]
'a1b2c3'
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from plansza.errors import N_, PlanszaError
from plansza.files import write_atomic

#: The longest pause between two tries, in seconds.
RETRY_MAX = 60.0
#: How long one try may wait for the federation, in seconds.
TIMEOUT = 20.0
#: Where a hall sends to, under the federation's address.
API_PATH = "/federacja/api/turniej"


def read_key(path: str) -> tuple[str, str]:
    """The referee's key from its file (``KEY_ID:SECRET``): a bad file is an error
    naming it."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read(4096).strip()
    except OSError as e:
        raise PlanszaError(
            N_("{path}: cannot read the key: {reason}"), path=path, reason=e.strerror or str(e)
        ) from None
    key_id, sep, secret = text.partition(":")
    if not sep or not key_id.isalnum() or len(secret) < 32:
        raise PlanszaError(
            N_("{path}: not a referee's key (KEY_ID:SECRET, from plansza federacja key)"),
            code="bad_key",
            path=path,
        )
    return key_id, secret


@dataclass(frozen=True)
class Status:
    """Where the tournament's sending stands: ``queued`` (waiting for its next try),
    ``sent`` (with the federation's receipt) or ``refused`` (the federation's reason;
    not tried again until queued again)."""

    state: str
    queued_at: float
    attempts: int = 0
    next_at: float = 0.0
    error: str = ""
    version: str = ""
    sent_at: float = 0.0
    new: bool = True
    code: str = ""
    """Why the last try failed: ``unreachable`` (the network, the server),
    ``not_closed``, or the federation's code of a refusal."""


def outbox_path(tournament: str) -> str:
    """The queue's file for the tournament at ``tournament`` (a file, or a database's
    URL: then in the user's data folder)."""
    if "://" not in tournament:
        return tournament + ".wysylka.json"
    from platformdirs import user_data_dir

    digest = hashlib.sha256(tournament.encode()).hexdigest()[:16]
    return os.path.join(user_data_dir("plansza", appauthor=False), "wysylka", digest + ".json")


def load_status(tournament: str) -> Status | None:
    """The sending's status (``None``: never queued)."""
    try:
        with open(outbox_path(tournament), encoding="utf-8") as f:
            return Status(**json.load(f))
    except (OSError, ValueError, TypeError):
        return None


def _save(tournament: str, status: Status) -> Status:
    path = outbox_path(tournament)
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    write_atomic(path, json.dumps(asdict(status)))
    return status


def tournament_body(tournament: str) -> tuple[bytes, bool]:
    """The file the hall sends (the tournament's whole log) and whether it is closed."""
    from plansza.services.federation_server import days_of, export_log
    from plansza.services.tournament_file import opened

    with opened(tournament) as t:
        events = t.events()
        state = t.state()
    first = days_of(state)[0] or (events[0].at[:10] if events else "")
    return export_log(events, state.settings.name, first), state.closed


class Sender:
    """Sends one tournament to ``url`` signed with ``key``; ``clock`` gives seconds."""

    def __init__(
        self,
        tournament: str,
        url: str,
        key: tuple[str, str],
        *,
        clock: Callable[[], float] = time.time,
        retry_max: float = RETRY_MAX,
    ) -> None:
        self.tournament = tournament
        self.base = url.rstrip("/")
        self.url = self.base + API_PATH
        self.key = key
        self.clock = clock
        self.retry_max = retry_max
        self._lock = threading.Lock()

    def status(self) -> Status | None:
        """Where the sending stands."""
        return load_status(self.tournament)

    def queue(self) -> Status:
        """Queue the closed tournament (again): tried at once by :meth:`attempt`.
        Refused while it is not closed (TR 4.6.4)."""
        _body, closed = tournament_body(self.tournament)
        if not closed:
            raise PlanszaError(
                N_("close the tournament first (TR 4.6.4): only a closed one is sent"),
                code="not_closed",
            )
        with self._lock:
            return _save(self.tournament, Status("queued", self.clock()))

    def attempt(self) -> Status | None:
        """One try, when one is due: the status after it."""
        with self._lock:
            status = load_status(self.tournament)
            now = self.clock()
            if status is None or status.state != "queued" or now < status.next_at:
                return status
            try:
                body, closed = tournament_body(self.tournament)
            except (PlanszaError, OSError) as e:
                return _save(self.tournament, self._later(status, str(e)))
            if not closed:  # reopened (undo) after it was queued: wait for the close
                return _save(self.tournament, self._later(status, "", code="not_closed"))
            return _save(self.tournament, self._send(status, body))

    def _later(self, status: Status, error: str, code: str = "unreachable") -> Status:
        attempts = status.attempts + 1
        pause = min(self.retry_max, 2.0**attempts)
        return replace(
            status, attempts=attempts, next_at=self.clock() + pause, error=error, code=code
        )

    def _send(self, status: Status, body: bytes) -> Status:
        from plansza.services.federation_server import sign

        request = urllib.request.Request(
            self.url,
            data=body,
            method="POST",
            headers={
                "Content-Type": "application/json",
                "X-Plansza-Key": self.key[0],
                "X-Plansza-Signature": sign(body, self.key[1]),
            },
        )
        try:
            with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
                receipt = json.loads(response.read())
        except urllib.error.HTTPError as e:
            reason, code = _reason(e)
            if e.code in (408, 429) or e.code >= 500:  # the federation's trouble: again
                return self._later(status, reason)
            return replace(
                status, state="refused", attempts=status.attempts + 1, error=reason, code=code
            )
        except (OSError, ValueError) as e:  # no network, no server, a cut answer
            return self._later(status, str(getattr(e, "reason", e)))
        return replace(
            status,
            state="sent",
            attempts=status.attempts + 1,
            error="",
            code="",
            version=str(receipt.get("version", "")),
            new=bool(receipt.get("new", True)),
            sent_at=self.clock(),
        )


def _reason(e: urllib.error.HTTPError) -> tuple[str, str]:
    """The federation's reason (in the language it was asked in) and its code."""
    try:
        said: Any = json.loads(e.read(4096))
        return str(said.get("error") or e.reason), str(said.get("code", ""))
    except (OSError, ValueError, AttributeError):
        return f"HTTP {e.code}", ""


def fetch_entrants(url: str, tid: str) -> str:
    """The sign-ups for the coming tournament ``tid`` from the federation at ``url``,
    with their rankings (the CSV the console's import reads)."""
    from urllib.parse import quote

    address = f"{url.rstrip('/')}/federacja/kalendarz/{quote(tid)}/zgloszenia.csv"
    try:
        with urllib.request.urlopen(address, timeout=TIMEOUT) as response:
            return str(response.read(2_000_000).decode("utf-8"))
    except urllib.error.HTTPError as e:
        raise PlanszaError(
            N_("the federation has no sign-ups for {id}: {reason}"),
            code="no_entrants",
            id=tid,
            reason=f"HTTP {e.code}",
        ) from None
    except OSError as e:
        raise PlanszaError(
            N_("the federation cannot be reached: {reason}"),
            code="offline",
            reason=str(getattr(e, "reason", e)),
        ) from None
