"""One tournament, one database file: the event log in SQLite (or PostgreSQL).

Each command is one transaction: it reads the log, replays it, checks the new
event against the state, and appends it — or raises and writes nothing. A
killed program therefore loses at most the event being typed. The schema is
created and upgraded by Alembic migrations shipped inside the package.

>>> import tempfile, os
>>> from plansza.tournament.model import Settings
>>> path = os.path.join(tempfile.mkdtemp(), "t.turniej.sqlite")
>>> t = TournamentFile.create(path, Settings("Test", 6, "halving"), at="2026-05-01T10:00:00")
>>> _ = t.append("player_added", {"name": "Ala"}, at="2026-05-01T10:01:00")
>>> [p.name for p in t.state().players.values()]
['Ala']
>>> t.close()
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from plansza.errors import PlanszaError
from plansza.i18n import tr
from plansza.tournament.events import Event, apply, effective, replay
from plansza.tournament.messages import MESSAGES
from plansza.tournament.model import Settings, State

SUFFIX = ".turniej.sqlite"
MIGRATIONS = Path(__file__).with_name("migrations")

metadata = sa.MetaData()
events_table = sa.Table(
    "events",
    metadata,
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("kind", sa.String(32), nullable=False),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("at", sa.String(40), nullable=False),
)


def _immediate_transactions(engine: sa.Engine) -> None:
    """SQLite: take the write lock when a transaction begins (``BEGIN IMMEDIATE``).

    A command reads the log, checks the new event and appends it; two referees'
    terminals doing that at once must not both pass the check (two results for
    one table would make the log unreadable). The second waits for the first.
    """

    @sa.event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # let us issue BEGIN ourselves

    @sa.event.listens_for(engine, "begin")
    def _begin(conn: sa.Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


def _lock(conn: sa.Connection) -> None:
    """Other databases: lock the log for the length of the transaction."""
    if conn.dialect.name == "postgresql":
        conn.exec_driver_sql("LOCK TABLE events IN EXCLUSIVE MODE")


def _url(path: str) -> str:
    return path if "://" in path else f"sqlite:///{path}"


HEAD = "0001"  # the newest migration in migrations/versions


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest migration (Alembic, programmatically)."""
    with engine.connect() as conn:
        if sa.inspect(conn).has_table("alembic_version"):
            current = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
            if current == HEAD:
                return  # up to date: skip loading Alembic's script directory
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


class TournamentFile:
    """An open tournament database."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.engine = sa.create_engine(_url(path))
        if self.engine.dialect.name == "sqlite":
            _immediate_transactions(self.engine)
        migrate(self.engine)

    @classmethod
    def create(cls, path: str, settings: Settings, *, at: str) -> TournamentFile:
        """Create a new tournament file (refused if the file exists)."""
        if "://" not in path and os.path.exists(path):
            raise PlanszaError(tr(MESSAGES, "file_exists", path=path))
        t = cls(path)
        if t.events():
            raise PlanszaError(tr(MESSAGES, "db_has_tournament", path=path))
        t.append("created", {"settings": settings.to_dict()}, at=at)
        return t

    @classmethod
    def open(cls, path: str) -> TournamentFile:
        """Open an existing tournament file."""
        if "://" not in path and not os.path.exists(path):
            raise FileNotFoundError(2, "No such file", path)
        t = cls(path)
        if not t.events():
            t.close()
            raise PlanszaError(tr(MESSAGES, "not_tournament", path=path))
        return t

    def close(self) -> None:
        """Release the database."""
        self.engine.dispose()

    def events(self, conn: sa.Connection | None = None) -> list[Event]:
        """The whole log, oldest first (undo events included)."""
        if conn is None:
            with self.engine.connect() as c:
                return self.events(c)
        rows = conn.execute(sa.select(events_table).order_by(events_table.c.seq)).all()
        return [Event(r.seq, r.kind, json.loads(r.data), r.at) for r in rows]

    def state(self) -> State:
        """The tournament now (replay of the log)."""
        return replay(self.events())

    def append(self, kind: str, data: dict[str, Any], *, at: str) -> Event:
        """Check and append one event, in one transaction; raise and write nothing if refused."""
        with self.engine.begin() as conn:
            _lock(conn)
            log = self.events(conn)
            if kind == "created":
                if log:
                    raise PlanszaError(tr(MESSAGES, "db_has_tournament", path=self.path))
            elif kind == "undo":
                if len(effective(log)) <= 1:
                    raise PlanszaError(tr(MESSAGES, "nothing_to_undo"))
            else:
                state = replay(log)
                apply(state, Event(0, kind, data, at))
            res = conn.execute(
                events_table.insert().values(
                    kind=kind, data=json.dumps(data, ensure_ascii=False), at=at
                )
            )
            pk = res.inserted_primary_key
            seq = int(pk[0]) if pk is not None else 0
        return Event(seq, kind, data, at)

    def append_many(self, items: list[tuple[str, dict[str, Any]]], *, at: str) -> None:
        """Append several events in one transaction (all or nothing)."""
        with self.engine.begin() as conn:
            _lock(conn)
            state = replay(self.events(conn))
            for kind, data in items:
                apply(state, Event(0, kind, data, at))
            for kind, data in items:
                conn.execute(
                    events_table.insert().values(
                        kind=kind, data=json.dumps(data, ensure_ascii=False), at=at
                    )
                )


def find_default(directory: str = ".") -> str:
    """The one tournament file in ``directory`` (RS: the referee's working folder)."""
    found = sorted(str(p) for p in Path(directory).glob(f"*{SUFFIX}"))
    if len(found) == 1:
        return found[0]
    if not found:
        raise PlanszaError(tr(MESSAGES, "no_file", suffix=SUFFIX, dir=os.path.abspath(directory)))
    raise PlanszaError(tr(MESSAGES, "many_files", files=", ".join(found)))
