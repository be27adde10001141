"""A replica's move when Redis is away (server/live.py ``Hub.forward``): the player is
told the game's server does not answer — an error in their words, no crash of the
socket — and nothing is recorded."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from plansza.errors import PlanszaError
from plansza.lexicon import Lexicon
from plansza.server import live as live_mod
from plansza.server.live import Hub, LiveGame
from plansza.server.store import Store
from plansza.services.live import LiveTable, MoveAction, live_rules


class RedisAway:
    """A cluster whose every call fails as a Redis connection that went away does."""

    me = "here"

    async def owner(self, game: str) -> str | None:
        raise ConnectionError("Redis is away")

    async def claim(self, game: str) -> tuple[str, str | None]:
        raise ConnectionError("Redis is away")

    async def ask(self, owner: str, message: dict[str, Any]) -> dict[str, Any] | None:
        raise ConnectionError("Redis is away")


def test_a_move_forwarded_while_redis_is_away_is_refused_in_words(
    words: Lexicon, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(live_mod, "FORWARD_PATIENCE", 0.3)
    store = Store("sqlite://")
    hub = Hub(store, words, cluster=RedisAway())  # type: ignore[arg-type]
    table = LiveTable.new(
        rules=live_rules("pfs", 15), seed=3, seats=("person", "person"), names=("Ala", "Ola"),
        words=words, starting=0, now=0.0,
    )  # fmt: skip
    replica = LiveGame(hub, "g1", table)
    replica.owned = False  # another process owns it
    with pytest.raises(PlanszaError) as e:
        asyncio.run(replica.act(0, MoveAction("pauza")))
    assert e.value.code == "no_owner"
    assert table.steps == []  # nothing made here
    store.close()
