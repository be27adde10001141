"""One tournament, one database file: the event log in SQLite (or PostgreSQL).

Each command is one transaction: it reads the log, replays it, checks the new
event against the state, and appends it — or raises and writes nothing. A
killed program therefore loses at most the event being typed. The schema is
created and upgraded by Alembic migrations shipped inside the package.

A database that cannot be written (a file set read-only, a folder the referee may
not write in, a read-only connection) refuses a new event with a
:class:`~plansza.errors.PlanszaError` of code ``read_only`` — checked before the
transaction for a file, and recognised from the database's own answer otherwise —
and the log is left as it was.

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

import contextlib
import json
import os
import sqlite3
import threading
from contextlib import closing
from pathlib import Path
from typing import TYPE_CHECKING, Any

from plansza.errors import N_, PlanszaError
from plansza.records import dump
from plansza.tournament.events import Event, apply, conflicting, effective, replay
from plansza.tournament.model import Settings, State

if TYPE_CHECKING:
    from collections.abc import Iterator

    import sqlalchemy as sa

SUFFIX = ".turniej.sqlite"
MIGRATIONS = Path(__file__).with_name("migrations")

# SQLAlchemy is imported when a file is written, migrated or is not a plain SQLite
# file: importing it costs more than a whole read-only command (standings, status),
# which reads the log of an up-to-date SQLite file with the standard library alone.
_TABLES: dict[str, Any] = {}


def _events_table() -> Any:
    """The events table (seq, kind, data as JSON, at, by), declared on first use."""
    if "events" not in _TABLES:
        import sqlalchemy as sa

        _TABLES["events"] = sa.Table(
            "events",
            sa.MetaData(),
            sa.Column("seq", sa.Integer, primary_key=True, autoincrement=True),
            sa.Column("kind", sa.String(32), nullable=False),
            sa.Column("data", sa.Text, nullable=False),
            sa.Column("at", sa.String(40), nullable=False),
            sa.Column("by", sa.String(64), nullable=True),
        )
    return _TABLES["events"]


def read_events(conn: sa.Connection) -> list[Event]:
    """The events table's log on ``conn``, oldest first (the tournaments' and the
    federation's registry's: the same table)."""
    import sqlalchemy as sa

    table = _events_table()
    rows = conn.execute(sa.select(table).order_by(table.c.seq)).all()
    return [Event(r.seq, r.kind, json.loads(r.data), r.at, r.by or "") for r in rows]


def _immediate_transactions(engine: sa.Engine) -> None:
    """SQLite: take the write lock when a transaction begins (``BEGIN IMMEDIATE``).

    A command reads the log, checks the new event and appends it; two referees'
    terminals doing that at once must not both pass the check (two results for
    one table would make the log unreadable). The second waits for the first.
    """
    import sqlalchemy as sa

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


HEAD = "0002"  # the newest migration in migrations/versions


def migrate(engine: sa.Engine) -> None:
    """Bring the schema to the newest migration (Alembic, programmatically)."""
    import sqlalchemy as sa

    with engine.connect() as conn:
        if sa.inspect(conn).has_table("alembic_version"):
            current = conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar()
            if current == HEAD:
                return  # up to date: skip loading Alembic's script directory
    # Alembic only when migrating: importing it costs more than a whole command.
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


def _shown(url: str) -> str:
    """The URL or file for a message, never with its password."""
    if "://" not in url:
        return url
    import sqlalchemy as sa

    try:
        return sa.make_url(url).render_as_string(hide_password=True)
    except sa.exc.ArgumentError:
        return url.split("://", 1)[0] + "://…"


def _engine(path: str) -> sa.Engine:
    """The engine of a file or URL; a missing driver or an unknown kind of database is a
    :class:`PlanszaError` naming it (a user's setup, not a bug: no traceback)."""
    import sqlalchemy as sa

    url = _url(path)
    try:
        return sa.create_engine(url)
    except ImportError as e:  # the dialect imports its DB-API module lazily, here
        module = e.name or "?"
        if url.startswith("postgresql"):
            raise PlanszaError(
                N_(
                    "database {url}: its driver is not installed (module {module}) — "
                    "install it: pip install 'plansza[postgres]'"
                ),
                code="no_driver",
                url=_shown(url),
                module=module,
            ) from e
        raise PlanszaError(
            N_("database {url}: its driver is not installed (module {module})"),
            code="no_driver",
            url=_shown(url),
            module=module,
        ) from e
    except sa.exc.NoSuchModuleError as e:
        kind = url.split("://", 1)[0]
        raise PlanszaError(
            N_("database {url}: unknown kind '{kind}' (an SQLite file or postgresql+psycopg://…)"),
            url=_shown(url),
            kind=kind,
        ) from e
    except sa.exc.ArgumentError as e:
        raise PlanszaError(
            N_("cannot open the database {url}: {reason}"), url=_shown(url), reason=e
        ) from e


def _is_read_only(error: sa.exc.DBAPIError) -> bool:
    """Whether the database refused a write because it is read-only."""
    orig = error.orig
    code = getattr(orig, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF == 8  # SQLITE_READONLY and its extended codes
    return getattr(orig, "sqlstate", None) == "25006"  # PostgreSQL: read_only_sql_transaction


def _insert(
    db: sqlite3.Connection, kind: str, data: dict[str, Any], at: str, by: str | None
) -> int:
    """One event appended to the log (in the caller's transaction): its sequence number
    (0 where the driver does not say)."""
    cursor = db.execute(
        "INSERT INTO events (kind, data, at, by) VALUES (?, ?, ?, ?)",
        (kind, json.dumps(data, ensure_ascii=False), at, by),
    )
    return cursor.lastrowid or 0


def _read_only_error(path: str) -> PlanszaError:
    return PlanszaError(
        N_("cannot write to {path}: read-only"),
        code="read_only",
        path=path if path.startswith("sqlite") else _shown(path),  # SQLite has no password
    )


def _current_sqlite(path: str) -> bool:
    """Whether ``path`` is an SQLite tournament file at the newest schema, read with the
    standard library alone (read-only; anything unexpected: False, and the full path
    through SQLAlchemy decides)."""
    if "://" in path or not os.path.isfile(path):
        return False
    try:
        with closing(sqlite3.connect(f"file:{Path(path).resolve()}?mode=ro", uri=True)) as db:
            row = db.execute("SELECT version_num FROM alembic_version").fetchone()
            db.execute("SELECT seq FROM events LIMIT 1")
    except sqlite3.Error:
        return False
    return row is not None and row[0] == HEAD


class TournamentFile:
    """An open tournament database.

    An SQLite file already at the newest schema is read with the standard library's
    ``sqlite3``; SQLAlchemy (the engine, migrations, PostgreSQL) is started only when
    something is written or the file needs it.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self._engine: sa.Engine | None = None
        #: (the log's last sequence number, the state as of it): see :meth:`state`.
        self._cached: tuple[int, State] | None = None
        #: Events checked and applied to the kept state, to be written together by
        #: :meth:`commit_staged` (kind, data, at, by), and the log's last sequence number
        #: they were checked against.
        self._staged: list[tuple[str, dict[str, Any], str, str | None]] = []
        self._staged_on = 0
        #: The work done, counted (the tests catch a change that replays the log or
        #: writes once per result again): replays of the log by :meth:`state`, and
        #: transactions that wrote events.
        self.replays = 0
        self.writes = 0
        self._plain = _current_sqlite(path)
        #: The file's address for the standard library's ``sqlite3``, resolved once (the
        #: live pages ask for the last sequence number often).
        self._uri = "" if "://" in path else f"file:{Path(path).resolve()}"
        #: A read-only connection kept open for the reads (a live page's question "did
        #: the log change?" costs a query, not a connection), with the file's identity
        #: it was opened on: a file replaced under the same name is opened again.
        self._kept: dict[str, tuple[tuple[int, int], sqlite3.Connection]] = {}
        self._reading = threading.Lock()
        #: The same for the writes ("rw"): a connection opened for each write reads the
        #: schema and the pages again, costing about half as much as the write itself.
        self._writing = threading.Lock()
        if not self._plain:
            self._connect()

    def _connect(self) -> sa.Engine:
        import sqlalchemy as sa

        engine = _engine(self.path)
        if engine.dialect.name == "sqlite":
            _immediate_transactions(engine)
        if not self._plain:
            try:
                migrate(engine)
            except sa.exc.DatabaseError as e:  # no server, refused login, not a database
                engine.dispose()
                reason = str(e.orig).strip().splitlines()[0] if e.orig else str(e)
                raise PlanszaError(
                    N_("cannot open the database {url}: {reason}"),
                    url=_shown(self.path),
                    reason=reason,
                ) from e
        self._engine = engine
        return engine

    @property
    def engine(self) -> sa.Engine:
        """The SQLAlchemy engine, started on first use."""
        return self._engine if self._engine is not None else self._connect()

    @classmethod
    def create(cls, path: str, settings: Settings, *, at: str) -> TournamentFile:
        """Create a new tournament file (refused if the file exists)."""
        if "://" not in path and os.path.exists(path):
            raise PlanszaError(N_("{path}: the file exists"), path=path)
        t = cls(path)
        if t.events():
            raise PlanszaError(N_("{path}: already holds a tournament"), path=path)
        t.append("created", {"settings": dump(settings)}, at=at)
        return t

    @classmethod
    def open(cls, path: str) -> TournamentFile:
        """Open an existing tournament file."""
        if "://" not in path and not os.path.exists(path):
            raise FileNotFoundError(2, "No such file", path)
        t = cls(path)
        if not t.events():
            t.close()
            raise PlanszaError(N_("{path}: not a tournament file"), path=path)
        return t

    def close(self) -> None:
        """Release the database."""
        with self._reading, self._writing:
            if "rw" in self._kept:
                _remove_empty_journal(self.path, self._kept["rw"][1])
            for _ident, db in self._kept.values():
                db.close()
            self._kept.clear()
        if self._engine is not None:
            self._engine.dispose()

    def _connection(self, mode: str) -> tuple[sqlite3.Connection, bool]:
        """The plain file's connection of ``mode`` (``ro``, ``rw``; the caller holds its
        lock) and whether it is kept: opened once and again only when the file was
        replaced under its name; a file that is gone gets a connection for this use
        alone (closed by the caller: its error is sqlite's, as for any connection)."""
        try:
            st = os.stat(self.path)
            ident = (st.st_dev, st.st_ino)
        except OSError:
            ident = None
        kept = self._kept.get(mode)
        if kept is not None and kept[0] == ident:
            return kept[1], True
        if kept is not None:
            kept[1].close()
            del self._kept[mode]
        db = sqlite3.connect(
            f"{self._uri}?mode={mode}",
            uri=True,
            isolation_level=None,  # each statement its own transaction unless BEGIN
            timeout=30,
            check_same_thread=False,
        )
        if ident is None:
            return db, False
        if mode == "rw":
            # the journal emptied, not deleted, after each write: the same safety for
            # a third less work a write (the empty ``-journal`` file is removed by
            # :meth:`close`)
            db.execute("PRAGMA journal_mode=TRUNCATE")
        self._kept[mode] = (ident, db)
        return db, True

    def _read(self, sql: str) -> list[Any]:
        """The rows of a query on the plain file, through the kept connection (each
        query its own transaction: it sees every write committed before it)."""
        with self._reading:
            db, kept = self._connection("ro")
            try:
                return db.execute(sql).fetchall()
            finally:
                if not kept:
                    db.close()

    def events(self, conn: sa.Connection | None = None) -> list[Event]:
        """The whole log, oldest first (undo events included)."""
        if conn is None and self._plain:
            found = self._read("SELECT seq, kind, data, at, by FROM events ORDER BY seq")
            return _rows(found)
        if conn is None:
            with self.engine.connect() as c:
                return read_events(c)
        return read_events(conn)

    def last_seq(self) -> int:
        """The sequence number of the log's newest event (0: an empty log): what a live
        page watches to know the tournament changed, without reading the log."""
        if self._plain:
            return int(self._read("SELECT max(seq) FROM events")[0][0] or 0)
        import sqlalchemy as sa

        table = _events_table()
        with self.engine.connect() as c:
            return int(c.execute(sa.select(sa.func.max(table.c.seq))).scalar() or 0)

    def state(self) -> State:
        """The tournament now (replay of the log).

        The state is kept until the log changes: a command that reads it before and
        after its own event replays the log once, and a write through this file moves
        the kept state on by the new events instead of replaying the log again. So the
        state returned belongs to this file — read it, do not change it, and do not
        rely on it staying as it was after a write through the same file.
        """
        seq = self.last_seq()
        if self._cached is not None and self._cached[0] == seq:
            return self._cached[1]
        events = self.events()
        state = replay(events)
        self.replays += 1
        self._cached = (events[-1].seq if events else 0, state)
        return state

    def check_writable(self) -> None:
        """Raise a ``read_only`` :class:`PlanszaError` when the file cannot be written.

        Only a plain file is checked here (the file, and its folder, where SQLite
        keeps its journal); a server's refusal is recognised when it comes.
        """
        if "://" in self.path:
            return
        folder = os.path.dirname(os.path.abspath(self.path))
        if not os.access(self.path, os.W_OK) or not os.access(folder, os.W_OK):
            raise _read_only_error(self.path)

    def stage(self, kind: str, data: dict[str, Any], *, at: str, by: str | None = None) -> None:
        """Check an event against the tournament now and apply it to the kept state, to
        be written with the others staged by :meth:`commit_staged`, in one transaction
        (a hall's tables sending their results at once: one write for a batch of them).
        Refused as :meth:`append` refuses it (raises, nothing staged). Until it is
        committed, :meth:`state` includes it; an event the state cannot be moved on by
        (an undo), and any event of a server's log, is appended at once instead.

        >>> import tempfile, os
        >>> from plansza.tournament.model import Settings
        >>> path = os.path.join(tempfile.mkdtemp(), "t.sqlite")
        >>> TournamentFile.create(path, Settings("Test", 3, "swiss"), at="t").close()
        >>> f = TournamentFile.open(path)
        >>> f.stage("player_added", {"name": "Ola"}, at="t")
        >>> f.stage("player_added", {"name": "Ola"}, at="t")
        Traceback (most recent call last):
        ...
        plansza.errors.IllegalActionError: Ola is already registered
        >>> len(f.state().players), f.last_seq()
        (1, 1)
        >>> f.commit_staged(), f.last_seq()
        ([None], 2)
        >>> f.close()
        """
        if not (self._plain and self._engine is None) or not _incremental([(kind, data)]):
            self.append(kind, data, at=at, by=by)
            return
        state = self.state()
        assert self._cached is not None
        if not self._staged:
            self._staged_on = self._cached[0]
        apply(state, Event(0, kind, data, at))  # raises, changing nothing, when refused
        self._staged.append((kind, data, at, by))

    def commit_staged(self) -> list[PlanszaError | None]:
        """Write the events :meth:`stage` checked, in one transaction; for each, None or
        what refused it. When the log changed since they were checked (another writer:
        the referee's command line), each is appended on its own instead, checked
        against the log as it is, and the kept state is read again."""
        staged, self._staged = self._staged, []
        if not staged:
            return []
        try:
            self.check_writable()
            with self._writing:
                db, kept = self._connection("rw")
                try:
                    written = self._write_staged(db, staged)
                finally:
                    if not kept:
                        db.close()
        except BaseException:
            self._cached = None  # it holds events that were not written
            raise
        if written:
            return [None] * len(staged)
        self._cached = None  # checked against a log that is not the file's now
        out: list[PlanszaError | None] = []
        for kind, data, at, by in staged:
            try:
                self.append(kind, data, at=at, by=by)
                out.append(None)
            except PlanszaError as e:
                out.append(e)
        return out

    @contextlib.contextmanager
    def _transaction(self, db: sqlite3.Connection) -> Iterator[None]:
        """One write of the log: begun at once (``IMMEDIATE``: the writer's lock taken
        before the log is read), committed when the block ends unless it rolled back
        itself, rolled back on any error — a read-only file named as such."""
        try:
            db.execute("BEGIN IMMEDIATE")
            yield
            if db.in_transaction:
                db.execute("COMMIT")
                self.writes += 1
        except sqlite3.OperationalError as e:
            if db.in_transaction:
                db.execute("ROLLBACK")
            if getattr(e, "sqlite_errorcode", 0) & 0xFF == 8:  # SQLITE_READONLY
                raise _read_only_error(self.path) from e
            raise
        except BaseException:
            if db.in_transaction:
                db.execute("ROLLBACK")
            raise

    def _write_staged(
        self, db: sqlite3.Connection, staged: list[tuple[str, dict[str, Any], str, str | None]]
    ) -> bool:
        """The staged events written (True), or nothing when the log moved on since they
        were checked (False)."""
        with self._transaction(db):
            last = int(db.execute("SELECT max(seq) FROM events").fetchone()[0] or 0)
            if self._cached is None or last != self._staged_on:
                db.execute("ROLLBACK")
                return False
            seq = last
            for kind, data, at, by in staged:
                seq = _insert(db, kind, data, at, by) or seq + 1
        assert self._cached is not None
        self._cached = (seq, self._cached[1])
        return True

    def append(
        self,
        kind: str,
        data: dict[str, Any],
        *,
        at: str,
        expected: int | None = None,
        by: str | None = None,
    ) -> Event:
        """Check and append one event, in one transaction; raise and write nothing if refused.

        ``expected`` is the log's last sequence number when the writer looked at the
        tournament: an event recorded since then that touches the same game or player
        (:func:`~plansza.tournament.events.conflicting`) makes this one a
        :class:`ConflictError` instead of a silently lost update. ``by`` is who records
        it (kept with the event).
        """
        return self._write([(kind, data)], at=at, expected=expected, by=by)[0]

    def _write(
        self,
        items: list[tuple[str, dict[str, Any]]],
        *,
        at: str,
        expected: int | None,
        by: str | None,
    ) -> list[Event]:
        self.check_writable()
        if self._plain and self._engine is None:
            return self._append_plain(items, at=at, expected=expected, by=by)
        import sqlalchemy as sa

        try:
            return self._append(items, at=at, expected=expected, by=by)
        except sa.exc.DBAPIError as e:
            if _is_read_only(e):
                raise _read_only_error(self.path) from e
            raise

    def _append_plain(
        self,
        items: list[tuple[str, dict[str, Any]]],
        *,
        at: str,
        expected: int | None = None,
        by: str | None = None,
    ) -> list[Event]:
        """The SQLite file through the standard library: the write lock taken when the
        transaction begins (``BEGIN IMMEDIATE``, as the engine does), the log read and
        the new events checked against it, then appended — or nothing written."""
        with self._writing:
            db, kept = self._connection("rw")
            try:
                return self._append_on(db, items, at=at, expected=expected, by=by)
            finally:
                if not kept:
                    db.close()

    def _append_on(
        self,
        db: sqlite3.Connection,
        items: list[tuple[str, dict[str, Any]]],
        *,
        at: str,
        expected: int | None,
        by: str | None,
    ) -> list[Event]:
        cached, self._cached = self._cached, None  # kept again only once written
        with self._transaction(db):
            last = int(db.execute("SELECT max(seq) FROM events").fetchone()[0] or 0)
            if cached is not None and cached[0] == last and _incremental(items):
                # the kept state is the log's: only the events since ``expected``
                # are read (for the conflict check), the new ones applied to it
                since = last if expected is None else min(expected, last)
                found = db.execute(
                    "SELECT seq, kind, data, at, by FROM events WHERE seq > ? ORDER BY seq",
                    (since,),
                )
                state = _check(self.path, _rows(found), items, at, expected, cached[1])
            else:
                found = db.execute("SELECT seq, kind, data, at, by FROM events ORDER BY seq")
                state = _check(self.path, _rows(found), items, at, expected)
            added = [
                Event(_insert(db, kind, data, at, by) or 0, kind, data, at, by or "")
                for kind, data in items
            ]
        if state is not None and _incremental(items) and added:
            self._cached = (added[-1].seq, state)
        return added

    def _append(
        self,
        items: list[tuple[str, dict[str, Any]]],
        *,
        at: str,
        expected: int | None,
        by: str | None,
    ) -> list[Event]:
        added = []
        self._cached = None  # a server's log: read whole, as any other writer may add to it
        with self.engine.begin() as conn:
            _lock(conn)
            _check(self.path, self.events(conn), items, at, expected)
            for kind, data in items:
                res = conn.execute(
                    _events_table()
                    .insert()
                    .values(kind=kind, data=json.dumps(data, ensure_ascii=False), at=at, by=by)
                )
                pk = res.inserted_primary_key
                added.append(Event(int(pk[0]) if pk is not None else 0, kind, data, at, by or ""))
        self.writes += 1
        return added

    def append_many(
        self,
        items: list[tuple[str, dict[str, Any]]],
        *,
        at: str,
        expected: int | None = None,
        by: str | None = None,
    ) -> None:
        """Append several events in one transaction (all or nothing); ``expected`` and
        ``by`` as for :meth:`append`."""
        self._write(items, at=at, expected=expected, by=by)


def _remove_empty_journal(path: str, db: sqlite3.Connection) -> None:
    """Remove the empty ``-journal`` file a kept writing connection leaves (its journal
    is emptied, not deleted), while no other writer can be using it: under the
    database's exclusive lock, given up at once when another connection holds it."""
    journal = f"{path}-journal"
    with contextlib.suppress(OSError, sqlite3.Error):
        db.execute("PRAGMA busy_timeout=0")
        db.execute("BEGIN EXCLUSIVE")
        try:
            if os.path.getsize(journal) == 0:  # emptied: it holds nothing to roll back
                os.remove(journal)
        finally:
            db.execute("ROLLBACK")


def local_time(at: str, form: str = "%H:%M:%S") -> str:
    """An event's time stamp as the hall's clock shows it (stamps are written in UTC).

    >>> local_time("not a time")
    'not a time'
    """
    from datetime import datetime

    try:
        t = datetime.fromisoformat(at)
    except ValueError:
        return at
    return (t.astimezone() if t.tzinfo else t).strftime(form)


class ConflictError(PlanszaError):
    """Someone else recorded something touching the same game or player after the
    writer looked at the tournament (two referees at once): nothing is written."""

    code = "conflict"


def _rows(found: Any) -> list[Event]:
    return [Event(seq, kind, json.loads(data), at, by or "") for seq, kind, data, at, by in found]


def _incremental(items: list[tuple[str, dict[str, Any]]]) -> bool:
    """Whether the new events move a state on (an undo or a creation needs the log)."""
    return all(kind not in ("undo", "created") for kind, _ in items)


def _check(
    path: str,
    log: list[Event],
    items: list[tuple[str, dict[str, Any]]],
    at: str,
    expected: int | None = None,
    state: State | None = None,
) -> State | None:
    """Refuse new events the log does not allow (nothing is written then); the state
    with them applied (``state``, the log's state when given, else the log replayed;
    None when nothing needed it). With ``state`` given, ``log`` may hold only the
    events since ``expected``."""
    if expected is not None:
        newer = [e for e in log if e.seq > expected]
        for kind, data in items:
            e = conflicting(newer, kind, data)
            if e is not None:
                raise ConflictError(
                    N_(
                        "the tournament changed while you were at it: {who} recorded event "
                        "{seq} at {at}; look at it again and repeat your change if it is "
                        "still needed"
                    ),
                    who=e.by or "?",
                    seq=e.seq,
                    at=local_time(e.at),
                )
    for kind, data in items:
        if kind == "created":
            if log:
                raise PlanszaError(N_("{path}: already holds a tournament"), path=path)
        elif kind == "undo":
            if len(effective(log)) <= 1:
                raise PlanszaError(N_("nothing to undo"))
        else:
            state = state if state is not None else replay(log)
            apply(state, Event(0, kind, data, at))
    return state


def find_default(directory: str = ".") -> str:
    """The one tournament file in ``directory`` (RS: the referee's working folder)."""
    return find_one(
        directory,
        SUFFIX,
        none=N_("no tournament file (*{suffix}) in {dir} — give --db"),
        several=N_("several tournament files — choose one with --db: {files}"),
    )


def find_one(
    directory: str, suffix: str, *, none: str, several: str, codes: tuple[str, str] | None = None
) -> str:
    """The one file named ``*suffix`` in ``directory``, else a refusal: ``none`` (with
    ``{suffix}`` and ``{dir}``) or ``several`` (with ``{files}``), message ids with
    their error ``codes``; the tournament's and the federation registry's files."""
    found = sorted(str(p) for p in Path(directory).glob(f"*{suffix}"))
    if len(found) == 1:
        return found[0]
    if not found:
        raise PlanszaError(
            none,
            code=codes[0] if codes else None,
            suffix=suffix,
            dir=os.path.abspath(directory),
        )
    raise PlanszaError(several, code=codes[1] if codes else None, files=", ".join(found))
