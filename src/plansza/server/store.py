"""The web server's database: live games and their numbered steps (SQLAlchemy 2).

SQLite by default (a file in the user's data folder), PostgreSQL by a URL: the same
code. The schema is made and upgraded by the Alembic migrations in ``migrations/``
(their own version table, so the database may hold other plansza schemas too).
A step is written in its own transaction before anyone is told of it.

>>> store = Store("sqlite://")
>>> store.create_game("g1", 0.0, {"rules": "pfs"})
>>> store.append("g1", Step(1, 1.5, 0, {"kind": "move", "text": "pauza"}, {"pass": True}))
>>> store.load("g1")[1][0].action
{'kind': 'move', 'text': 'pauza'}
"""

from __future__ import annotations

import functools
import json
import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import sqlalchemy as sa

from plansza.services.live import Step

_M = TypeVar("_M", bound=Callable[..., Any])

MIGRATIONS = Path(__file__).with_name("migrations")
HEAD = "w0001"

metadata = sa.MetaData()
games = sa.Table(
    "live_games",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("setup", sa.Text, nullable=False),
    sa.Column("over", sa.Boolean, nullable=False, default=False),
)
steps = sa.Table(
    "live_steps",
    metadata,
    sa.Column("game", sa.String(24), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("outcome", sa.Text, nullable=False),
)
alive = sa.Table(
    "server_alive",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)


def default_url() -> str:
    """``sqlite:///…/plansza.db`` in the user's data folder (``PLANSZA_DB`` overrides)."""
    env = os.environ.get("PLANSZA_DB")
    if env:
        return env
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("plansza"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'plansza.db'}"


def _serial(method: _M) -> _M:
    """One call at a time: the server's threads share one SQLite connection, and two
    transactions interleaved on it fail ("cannot commit - no transaction is active")."""

    @functools.wraps(method)
    def serial(self: Store, *args: Any, **kwargs: Any) -> Any:
        with self._lock:
            return method(self, *args, **kwargs)

    return cast("_M", serial)


class Store:
    """The live games of one database."""

    def __init__(self, url: str) -> None:
        self._lock = threading.RLock()
        if url.startswith("sqlite"):
            from sqlalchemy.pool import StaticPool

            # one connection shared by the server's threads (an in-memory database
            # must be the same one for every query; a file is served in order anyway)
            self.engine = sa.create_engine(
                url, poolclass=StaticPool, connect_args={"check_same_thread": False}
            )
        else:
            self.engine = sa.create_engine(url)
        migrate(self.engine)

    @_serial
    def create_game(self, game_id: str, created: float, setup: dict[str, Any]) -> None:
        with self.engine.begin() as c:
            c.execute(
                games.insert().values(
                    id=game_id, created=created, setup=json.dumps(setup), over=False
                )
            )

    @_serial
    def append(self, game_id: str, step: Step, *, over: bool = False) -> None:
        """Store one step (and whether the game is over now), in one transaction."""
        with self.engine.begin() as c:
            c.execute(
                steps.insert().values(
                    game=game_id,
                    n=step.n,
                    at=step.at,
                    seat=step.seat,
                    action=json.dumps(step.action, ensure_ascii=False),
                    outcome=json.dumps(step.outcome, ensure_ascii=False),
                )
            )
            if over:
                c.execute(games.update().where(games.c.id == game_id).values(over=True))

    @_serial
    def load(self, game_id: str) -> tuple[dict[str, Any], list[Step], bool] | None:
        """The game's setup, its steps in order and whether it is over; ``None``: no game."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            rows = c.execute(
                sa.select(steps).where(steps.c.game == game_id).order_by(steps.c.n)
            ).all()
        return (
            json.loads(row.setup),
            [Step(r.n, r.at, r.seat, json.loads(r.action), json.loads(r.outcome)) for r in rows],
            bool(row.over),
        )

    @_serial
    def live_ids(self) -> list[str]:
        """The games not over, oldest first."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(games.c.id).where(games.c.over.is_(False)).order_by(games.c.created)
            ).all()
        return [r.id for r in rows]

    @_serial
    def beat(self, now: float) -> None:
        """Say the server is alive at ``now`` (what a restart charges running clocks to)."""
        with self.engine.begin() as c:
            if c.execute(alive.update().where(alive.c.id == 1).values(at=now)).rowcount == 0:
                c.execute(alive.insert().values(id=1, at=now))

    @_serial
    def alive_at(self) -> float | None:
        with self.engine.connect() as c:
            return c.execute(sa.select(alive.c.at).where(alive.c.id == 1)).scalar()


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest migration (Alembic, programmatically)."""
    with engine.connect() as conn:
        if sa.inspect(conn).has_table("plansza_web_version"):
            current = conn.execute(sa.text("SELECT version_num FROM plansza_web_version")).scalar()
            if current == HEAD:
                return
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
