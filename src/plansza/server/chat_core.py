"""The chat's channels and delivery, beneath the game's owner (``server/live.py``)
and the chat's handlers (``server/chat.py``): who may read which channel, the
history sent on connecting, a message sent to this process's readers.
"""

from __future__ import annotations

import json
from typing import Any

from anyio import to_thread

PLAYERS, SPECTATORS = "players", "spectators"


def readable(seat: int | None, over: bool) -> tuple[str, ...]:
    """The channels a reader may read: a seat the players', a spectator the
    spectators'; both once the game is over.

    >>> readable(0, False), readable(None, False), readable(None, True)
    (('players',), ('spectators',), ('players', 'spectators'))
    """
    if over:
        return (PLAYERS, SPECTATORS)
    return (PLAYERS,) if seat is not None else (SPECTATORS,)


async def history(live: Any, sub: Any, channels: tuple[str, ...]) -> None:
    """The last messages of ``channels`` put on ``sub``'s queue (on connecting, and
    when the game's end opens the other channel)."""
    store = live.hub.store
    lines = await to_thread.run_sync(store.chat.recent, live.id, channels)
    for line in lines:
        if line.author is None or line.author.casefold() not in sub.muted:
            sub.put(json.dumps(line.sent(), ensure_ascii=False))


def deliver(live: Any, message: dict[str, Any]) -> None:
    """A message to this process's readers of its channel (its author's muters left out)."""
    encoded = json.dumps(message, ensure_ascii=False)
    over = live.table.over
    author = (message.get("author") or "").casefold()
    for sub in live.subscribers:
        if message["channel"] in readable(sub.seat, over) and author not in sub.muted:
            sub.put(encoded)
