"""A game's chat: the players' and the spectators' (issue 45, item 4).

Two channels, kept apart while the game is played, so that no spectator can whisper
a move to a player: the **players'** channel is read and written by the two seats,
the **spectators'** by everyone watching — written only by a logged-in account (who
can be muted, reported and silenced). Once the game is over, each side may read the
other's too (:func:`readable`).

A message is one line of at most :data:`MAX_TEXT` characters, at most :data:`RATE`
per author in a window (counted in Redis when the processes share it). It is stored,
then sent on the game's socket to each reader who may read its channel and has not
muted its author; in a cluster it is published on the game's channel for the readers
on other processes. Text goes to the page as text (``textContent``), never as HTML.

A logged-in reader may mute an author (they see no more of them, anywhere) and report
a message to the moderators (``server/moderation.py``), who may silence an account:
a silenced account's messages are refused until the time set.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING, Any

from anyio import to_thread
from starlette.websockets import WebSocket

from plansza.i18n import Translator
from plansza.server.chat_core import PLAYERS, SPECTATORS, deliver, history, readable
from plansza.server.limits import limiter
from plansza.server.pages import hub_of
from plansza.server.security import current

if TYPE_CHECKING:
    from plansza.server.live import LiveGame, Subscriber

__all__ = ["PLAYERS", "SPECTATORS", "history", "mute", "muted_by", "readable", "report", "say"]

#: The longest message.
MAX_TEXT = 300
#: Messages an author may send in a window of seconds.
RATE = (5, 10.0)


def _refused(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message, "chat": True}


async def say(ws: WebSocket, live: LiveGame, seat: int | None, text: str, t: Translator) -> (
    dict[str, Any] | None
):
    """A message written on ``ws`` (a seat's or a spectator's), stored and sent; the
    refusal instead when it may not be."""
    me = current(ws)
    hub = hub_of(ws)
    if seat is None and me is None:
        return _refused("chat_login", t.gettext("Log in to chat with the other spectators."))
    text = " ".join(text.split())
    if not text:
        return _refused("chat_empty", t.gettext("The message is empty."))
    if len(text) > MAX_TEXT:
        return _refused(
            "chat_long", t.gettext("A message has at most %(n)d characters.") % {"n": MAX_TEXT}
        )
    now = hub.clock()
    if me is not None:
        until = await to_thread.run_sync(hub.store.users.silenced_until, me[0])
        if until is not None and until > now:
            return _refused("chat_silenced", t.gettext("A moderator has silenced you for now."))
    limit = limiter(ws.app.state, "chat", RATE[0], RATE[1], hub.clock)
    key = f"a{me[0]}" if me is not None else f"s{live.id}:{seat}"
    if await to_thread.run_sync(limit.wait, key) > 0:
        return _refused("chat_fast", t.gettext("Too many messages: wait a moment."))
    await to_thread.run_sync(limit.hit, key)
    channel = PLAYERS if seat is not None else SPECTATORS
    name = live.table.game.names[seat] if seat is not None else (me[1] if me else "")
    line = await to_thread.run_sync(
        hub.store.chat.add, live.id, channel, now, me[0] if me else None, seat, name, text
    )
    message = line.sent()
    deliver(live, message)
    if hub.cluster is not None:
        # Redis away: the other processes' readers get it from the history later
        with contextlib.suppress(Exception):
            await hub.cluster.publish(live.id, {"chat": message, "from": hub.cluster.me})
    return None


async def mute(ws: WebSocket, sub: Subscriber, author: str, t: Translator) -> dict[str, Any]:
    """This reader mutes the account ``author`` (no more of their messages)."""
    from plansza.services.accounts import nickname_key

    me = current(ws)
    if me is None:
        return _refused("chat_login", t.gettext("Log in to mute someone."))
    store = hub_of(ws).store
    found = await to_thread.run_sync(store.users.get, nickname_key(author[:40]))
    if found is None or found[0] == me[0]:
        return _refused("chat_mute", t.gettext("There is no such player."))
    await to_thread.run_sync(store.chat.mute, me[0], found[0])
    sub.muted.add(found[1].casefold())
    return {"type": "chat_muted", "author": found[1]}


async def report(ws: WebSocket, live: LiveGame, message: object, t: Translator) -> dict[str, Any]:
    """This reader reports a message of this game to the moderators."""
    me = current(ws)
    if me is None:
        return _refused("chat_login", t.gettext("Log in to report a message."))
    store = hub_of(ws).store
    line = None
    if isinstance(message, int):
        line = await to_thread.run_sync(store.chat.get, message)
    if line is None or line.game != live.id:
        return _refused("chat_report", t.gettext("There is no such message."))
    await to_thread.run_sync(store.chat.report, line.id, me[0], hub_of(ws).clock())
    return {"type": "chat_reported", "id": line.id}


async def muted_by(ws: WebSocket) -> set[str]:
    """The nicknames (case-folded) the logged-in reader has muted."""
    me = current(ws)
    if me is None:
        return set()
    names = await to_thread.run_sync(hub_of(ws).store.chat.muted_by, me[0])
    return {n.casefold() for n in names}
