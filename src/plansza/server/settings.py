"""What a served app is started with, in one object: ``plansza serve``'s options as the
app reads them (``app.state.settings``).

>>> s = AppSettings(tournament="puchar.turniej.sqlite")
>>> s.hall, s.with_(word_tools=True).word_tools
(True, True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class AppSettings:
    """The app's settings.

    ``db``: its database (default: the user's ``plansza.db``); ``words``: the word
    list (default: the SJP.PL lexicon — not the official OSPS); ``secret``: the
    session cookies' key (default: one kept for the user); ``clock``: the time (tests
    move it); ``tournament``: a tournament file whose live pages and console it serves,
    its log read every ``tournament_poll`` seconds; ``ranking``: a ranking history shown
    at ``/ranking``; ``belgijka``: a Belgijka championship run live at ``/belgijka``;
    ``redis``: a Redis URL shared by several processes (their live games, the
    tournament's changes, the rate limits); ``federation``: the federation's registry
    shown at ``/federacja`` and checked by the console; ``word_tools``: keep the word
    tools open in a hall (a club night); ``send_to``, ``key_file``: the federation's
    server the closed tournament is sent to, signed with the referee's key
    (``send_retry_max``: the longest pause between tries, seconds).
    """

    db: str | None = None
    words: Any = None
    secret: str | None = None
    clock: Callable[[], float] | None = None
    tournament: str | None = None
    tournament_poll: float | None = None
    ranking: str | None = None
    belgijka: str | None = None
    redis: str | None = None
    federation: str | None = None
    word_tools: bool = False
    send_to: str | None = None
    key_file: str | None = None
    send_retry_max: float | None = None

    @property
    def hall(self) -> bool:
        """Whether the app runs a hall (a tournament or a Belgijka): its word tools are
        then closed to all but the referees, unless :attr:`word_tools`."""
        return bool(self.tournament or self.belgijka)

    def with_(self, **changes: Any) -> AppSettings:
        """These settings with ``changes``."""
        return dataclasses.replace(self, **changes)
