"""Accounts of the web app: the nickname and password rules, hashing, a rate limiter.

A nickname is 3 to 24 characters: letters of the Polish alphabet or plain Latin
ones, digits, ``_``, ``-`` and ``.``, starting with a letter. It is unique
regardless of case — ``Łukasz`` and ``łukasz`` are one account — so it is stored
with its :func:`nickname_key`. A password has at least 8 characters; only its
Argon2id hash (argon2-cffi's :class:`~argon2.PasswordHasher`) is ever stored.

>>> nickname("  Łukasz ")
'Łukasz'
>>> nickname_key("ŁUKASZ") == nickname_key("łukasz")
True
>>> nickname("ab")
Traceback (most recent call last):
...
plansza.services.accounts.AccountError: a nickname has 3 to 24 characters
"""

from __future__ import annotations

import re
import time
import unicodedata
from collections import deque
from collections.abc import Callable

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from plansza.errors import N_, PlanszaError

NICK_MIN, NICK_MAX = 3, 24
PASSWORD_MIN = 8
#: Longer passwords are refused: hashing megabytes is a way to tire the server.
PASSWORD_MAX = 256
_NICK = re.compile(r"[A-Za-ząćęłńóśźżĄĆĘŁŃÓŚŹŻ][0-9A-Za-ząćęłńóśźżĄĆĘŁŃÓŚŹŻ_.\-]*")


class AccountError(PlanszaError):
    """A sign-up or log-in refused: a bad nickname or password, a taken nickname."""

    code = "account"


def nickname(text: str) -> str:
    """The nickname typed, checked: spaces around it dropped, Unicode composed (NFC)."""
    nick = unicodedata.normalize("NFC", text.strip())
    if not NICK_MIN <= len(nick) <= NICK_MAX:
        raise AccountError(
            N_("a nickname has {low} to {high} characters"),
            code="nickname_length",
            low=NICK_MIN,
            high=NICK_MAX,
        )
    if not _NICK.fullmatch(nick):
        raise AccountError(
            N_(
                "a nickname starts with a letter and has only letters (Polish ones too),"
                " digits, _ - and ."
            ),
            code="nickname_characters",
        )
    return nick


def nickname_key(nick: str) -> str:
    """What makes two nicknames one: ``Łukasz``, ``ŁUKASZ`` and ``łukasz`` have one key."""
    return unicodedata.normalize("NFC", nick).casefold()


def password(text: str) -> str:
    """The password chosen, checked for its length (it is used as typed)."""
    if len(text) < PASSWORD_MIN:
        raise AccountError(
            N_("a password has at least {low} characters"), code="password_short", low=PASSWORD_MIN
        )
    if len(text) > PASSWORD_MAX:
        raise AccountError(
            N_("a password has at most {high} characters"), code="password_long", high=PASSWORD_MAX
        )
    return text


class Passwords:
    """Hashes and checks passwords (Argon2id). ``cheap`` lowers the cost, for tests."""

    def __init__(self, *, cheap: bool = False) -> None:
        self.hasher = (
            PasswordHasher(time_cost=1, memory_cost=64, parallelism=1)
            if cheap
            else PasswordHasher()
        )
        # checked when the nickname is unknown, so that the answer takes as long
        self._dummy = self.hasher.hash("not a password of anyone")

    def hash(self, secret: str) -> str:
        return self.hasher.hash(secret)

    def check(self, stored: str | None, secret: str) -> bool:
        """Whether ``secret`` is the password hashed in ``stored`` (``None``: no such
        account — checked against a dummy hash all the same)."""
        try:
            return self.hasher.verify(stored or self._dummy, secret) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    def stale(self, stored: str) -> bool:
        """Whether ``stored`` was hashed with older parameters (rehash it at log-in)."""
        return self.hasher.check_needs_rehash(stored)


class RateLimiter:
    """At most ``limit`` hits per key in any ``window`` seconds (in memory, one process).

    >>> now = [0.0]
    >>> limiter = RateLimiter(2, 60.0, clock=lambda: now[0])
    >>> limiter.hit("ola"); limiter.hit("ola"); limiter.wait("ola")
    60.0
    >>> now[0] = 61.0
    >>> limiter.wait("ola")
    0.0
    """

    def __init__(self, limit: int, window: float, clock: Callable[[], float] = time.time) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._hits: dict[str, deque[float]] = {}

    def _recent(self, key: str) -> deque[float]:
        hits = self._hits.setdefault(key, deque())
        now = self.clock()
        while hits and hits[0] <= now - self.window:
            hits.popleft()
        if not hits:
            del self._hits[key]  # nothing kept for a key at rest
            return deque()
        return hits

    def hit(self, key: str) -> None:
        self._recent(key)
        self._hits.setdefault(key, deque()).append(self.clock())

    def wait(self, key: str) -> float:
        """Seconds until ``key`` may try again (``0.0``: now)."""
        hits = self._recent(key)
        if len(hits) < self.limit:
            return 0.0
        return max(0.0, hits[len(hits) - self.limit] + self.window - self.clock())

    def reset(self, key: str) -> None:
        self._hits.pop(key, None)
