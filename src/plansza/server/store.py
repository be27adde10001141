"""The web server's database: live games and their numbered steps (SQLAlchemy 2).

SQLite by default (a file in the user's data folder), PostgreSQL by a URL: the same
code. The schema is made and upgraded by the Alembic migrations in ``migrations/``
(their own version table, so the database may hold other plansza schemas too).
A step is written in its own transaction before anyone is told of it.

>>> from plansza.services.live import MoveAction, Passed
>>> store = Store("sqlite://")
>>> store.games.create("g1", 0.0, {"rules": "pfs"})
>>> store.games.append("g1", Step(1, 1.5, 0, MoveAction("pauza"), (Passed(0),)))
>>> store.games.load("g1")[1][0].action
MoveAction(text='pauza')
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from plansza.services.live import Ended, Join, Step
from plansza.services.ratings import COMPUTER, Outcome, Rating, Standing, pool_of, rated
from plansza.services.tables import TableEntry

MIGRATIONS = Path(__file__).with_name("migrations")
HEAD = "w0008"

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
users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("nickname", sa.String(24), nullable=False),
    sa.Column("nickname_key", sa.String(24), nullable=False, unique=True),
    sa.Column("password_hash", sa.Text, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("referee", sa.Boolean, nullable=False, server_default=sa.false()),
    # RS §6.5: an assistant referee enters results in the console, nothing else
    sa.Column("assistant", sa.Boolean, nullable=False, server_default=sa.false()),
    # the chat's moderator: sees reports, silences accounts
    sa.Column("moderator", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("silenced_until", sa.Float, nullable=True),
    sa.Column("pfs_name", sa.String(80), nullable=True),
)
seats = sa.Table(
    "game_seats",
    metadata,
    sa.Column("game", sa.String(24), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account", sa.Integer, nullable=False),
)
word_checks = sa.Table(
    "word_checks",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("table_no", sa.Integer, nullable=False),
    sa.Column("words", sa.Text, nullable=False),
    sa.Column("valid", sa.Boolean, nullable=False),
)
table_secrets = sa.Table(
    "table_secrets",
    metadata,
    sa.Column("tournament", sa.String(500), primary_key=True),
    sa.Column("secret", sa.String(64), nullable=False),
)
table_entries = sa.Table(
    "table_entries",
    metadata,
    sa.Column("tournament", sa.String(500), primary_key=True),
    sa.Column("round_no", sa.Integer, primary_key=True),
    sa.Column("table_no", sa.Integer, primary_key=True),
    sa.Column("side", sa.Integer, primary_key=True),
    sa.Column("score_first", sa.Integer, nullable=False),
    sa.Column("score_second", sa.Integer, nullable=False),
    sa.Column("last_first", sa.Integer, nullable=True),
    sa.Column("last_second", sa.Integer, nullable=True),
    sa.Column("at", sa.Float, nullable=False),
)
ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("account", sa.Integer, primary_key=True),
    sa.Column("pool", sa.String(24), primary_key=True),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("volatility", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
rated_games = sa.Table(
    "rated_games",
    metadata,
    sa.Column("game", sa.String(24), primary_key=True),
    sa.Column("account", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("pool", sa.String(24), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("opponent", sa.Integer, nullable=True),
    sa.Column("opponent_name", sa.String(40), nullable=False),
    sa.Column("opponent_rating", sa.Float, nullable=False),
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("points", sa.Integer, nullable=False),
    sa.Column("opponent_points", sa.Integer, nullable=False),
    sa.Column("before", sa.Float, nullable=False),
    sa.Column("after", sa.Float, nullable=False),
    sa.Column("deviation", sa.Float, nullable=False),
    sa.Column("bingos", sa.Integer, nullable=False),
    sa.Column("challenges_won", sa.Integer, nullable=False),
)
chat_messages = sa.Table(
    "chat_messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("game", sa.String(24), nullable=False),
    sa.Column("channel", sa.String(12), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("account", sa.Integer, nullable=True),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("text", sa.String(300), nullable=False),
)
chat_reports = sa.Table(
    "chat_reports",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("message", sa.Integer, nullable=False),
    sa.Column("reporter", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("handled", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.UniqueConstraint("message", "reporter"),
)
chat_mutes = sa.Table(
    "chat_mutes",
    metadata,
    sa.Column("account", sa.Integer, primary_key=True),
    sa.Column("muted", sa.Integer, primary_key=True),
)
alive = sa.Table(
    "server_alive",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)


# The table entries' statements, built once: a hall of phones sends its results at
# once, and building a statement costs more than running it.
_ENTRY_KEY = ("tournament", "round_no", "table_no", "side")
_ENTRY_VALUES = ("score_first", "score_second", "last_first", "last_second", "at")
_UPDATE_ENTRY = (
    table_entries.update()
    .where(*(table_entries.c[k] == sa.bindparam(f"k_{k}") for k in _ENTRY_KEY))
    .values({k: sa.bindparam(f"v_{k}") for k in _ENTRY_VALUES})
)
_INSERT_ENTRY = table_entries.insert().values(
    {k: sa.bindparam(f"k_{k}") for k in _ENTRY_KEY}
    | {k: sa.bindparam(f"v_{k}") for k in _ENTRY_VALUES}
)
_TABLE_ENTRIES = (
    sa.select(table_entries)
    .where(
        table_entries.c.tournament == sa.bindparam("tournament"),
        table_entries.c.round_no == sa.bindparam("round_no"),
        table_entries.c.table_no == sa.bindparam("table_no"),
    )
    .order_by(table_entries.c.side)
)
_CLEAR_ENTRIES = table_entries.delete().where(
    table_entries.c.tournament == sa.bindparam("tournament"),
    table_entries.c.round_no == sa.bindparam("round_no"),
    table_entries.c.table_no == sa.bindparam("table_no"),
)


def _table_key(tournament: str, round_no: int, table_no: int) -> dict[str, Any]:
    return {"tournament": tournament, "round_no": round_no, "table_no": table_no}


def default_url() -> str:
    """``sqlite:///…/plansza.db`` in the user's data folder (``PLANSZA_DB`` overrides)."""
    env = os.environ.get("PLANSZA_DB")
    if env:
        return env
    from platformdirs import user_data_dir

    folder = Path(user_data_dir("plansza"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'plansza.db'}"


class Store:
    """The server's database: its records by kind — :attr:`games`, :attr:`users`,
    :attr:`seats`, :attr:`checks` (the word-check station), :attr:`tables` (the
    tables' phones) and :attr:`heartbeat` — sharing one engine and one lock."""

    def __init__(self, url: str) -> None:
        #: held by every query: the SQLite connection is one, shared by the server's
        #: threads, and two transactions on it at once would be one (or an error)
        self.lock = threading.RLock()
        if url.startswith("sqlite"):
            from sqlalchemy.pool import StaticPool

            # one connection shared by the server's threads (an in-memory database
            # must be the same one for every query; a file is served in order anyway)
            self.engine = sa.create_engine(
                url, poolclass=StaticPool, connect_args={"check_same_thread": False}
            )
            if url not in ("sqlite://", "sqlite:///:memory:"):
                sa.event.listen(self.engine, "connect", _sqlite_wal)
        else:
            self.engine = sa.create_engine(url)
        migrate(self.engine)
        self.games = GameRecords(self)
        self.users = UserRecords(self)
        self.seats = SeatRecords(self)
        self.checks = WordCheckRecords(self)
        self.tables = TableRecords(self)
        self.heartbeat = Heartbeat(self)
        self.ratings = RatingRecords(self)
        self.chat = ChatRecords(self)

    def close(self) -> None:
        """Close the pooled connections (PostgreSQL's would otherwise be left open when
        the server stops); the store may still be used: it connects again. An
        in-memory SQLite database lives in its one connection: it is kept.

        Under :attr:`lock`, so that a query still running in a worker thread (a
        heartbeat whose task was cancelled: its thread goes on) ends first: a pool
        disposed under a checked-out connection never closes it. A server database
        is then used without a pool, each query closing its connection, so that one
        more query from such a thread leaves none open either."""
        if self.engine.url.database in (None, "", ":memory:"):
            return
        with self.lock:
            self.engine.dispose()
            if self.engine.dialect.name != "sqlite":
                from sqlalchemy.pool import NullPool

                self.engine = sa.create_engine(self.engine.url, poolclass=NullPool)

    @contextmanager
    def _begin(self) -> Iterator[sa.Connection]:
        with self.lock, self.engine.begin() as c:
            yield c

    @contextmanager
    def _connect(self) -> Iterator[sa.Connection]:
        with self.lock, self.engine.connect() as c:
            yield c


class _Records:
    """One kind of record in a :class:`Store`'s database, under the store's lock."""

    def __init__(self, store: Store) -> None:
        self._store = store

    def _begin(self) -> AbstractContextManager[sa.Connection]:
        return self._store._begin()

    def _connect(self) -> AbstractContextManager[sa.Connection]:
        return self._store._connect()


class GameRecords(_Records):
    """The live games' setups and steps."""

    def create(self, game_id: str, created: float, setup: dict[str, Any]) -> None:
        with self._begin() as c:
            c.execute(
                games.insert().values(
                    id=game_id, created=created, setup=json.dumps(setup), over=False
                )
            )

    def append(
        self, game_id: str, step: Step, *, over: bool = False, outcome: Outcome | None = None
    ) -> None:
        """Store one step (and whether the game is over now), in one transaction."""
        self.append_many([(game_id, step, over)], {game_id: outcome} if outcome else None)

    def append_many(
        self, rows: list[tuple[str, Step, bool]], outcomes: dict[str, Outcome] | None = None
    ) -> None:
        """Store steps of any games (game, step, over now) in one transaction: all or
        none. ``outcomes``: the games that a step of ``rows`` ended rated — their
        players' ratings change in the same transaction (never twice: a game's rated
        rows are keyed by the game)."""
        with self._begin() as c:
            values = []
            for game_id, step, _ in rows:
                action, outcome = step.stored()
                values.append(
                    {
                        "game": game_id,
                        "n": step.n,
                        "at": step.at,
                        "seat": step.seat,
                        "action": action,
                        "outcome": outcome,
                    }
                )
            c.execute(steps.insert(), values)
            for game_id, step, over in rows:
                if over:
                    c.execute(games.update().where(games.c.id == game_id).values(over=True))
                if isinstance(step.action, Join):
                    # the name a person took, for the lists of games (the replay has it)
                    found = c.execute(
                        sa.select(games.c.setup).where(games.c.id == game_id)
                    ).scalar()
                    if found is not None:
                        setup = json.loads(found)
                        if isinstance(setup.get("names"), list) and len(setup["names"]) > 1:
                            setup["names"][step.action.seat] = step.action.name
                            c.execute(
                                games.update()
                                .where(games.c.id == game_id)
                                .values(setup=json.dumps(setup))
                            )
            for game_id, step, over in rows:
                rate = (outcomes or {}).get(game_id)
                ended = [e for e in step.events if isinstance(e, Ended)]
                if over and rate is not None and ended:
                    _rate(c, game_id, rate, ended[-1].scores, step.at)

    def load(self, game_id: str) -> tuple[dict[str, Any], list[Step], bool] | None:
        """The game's setup, its steps in order and whether it is over; ``None``: no game."""
        with self._connect() as c:
            row = c.execute(sa.select(games).where(games.c.id == game_id)).first()
            if row is None:
                return None
            rows = c.execute(
                sa.select(steps).where(steps.c.game == game_id).order_by(steps.c.n)
            ).all()
        return (
            json.loads(row.setup),
            [Step.from_stored(r.n, r.at, r.seat, r.action, r.outcome) for r in rows],
            bool(row.over),
        )

    def step_counts(self, game_ids: list[str]) -> dict[str, int]:
        """How many steps each of the games has (a takeover checking its replicas)."""
        if not game_ids:
            return {}
        with self._connect() as c:
            rows = c.execute(
                sa.select(steps.c.game, sa.func.max(steps.c.n))
                .where(steps.c.game.in_(game_ids))
                .group_by(steps.c.game)
            ).all()
        found = {r[0]: int(r[1]) for r in rows}
        return {g: found.get(g, 0) for g in game_ids}

    def steps_after(self, game_id: str, n: int) -> list[Step]:
        """The game's steps numbered above ``n``, in order (a replica catching up)."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(steps).where(steps.c.game == game_id, steps.c.n > n).order_by(steps.c.n)
            ).all()
        return [Step.from_stored(r.n, r.at, r.seat, r.action, r.outcome) for r in rows]

    # ---- accounts (server/accounts.py) ---------------------------------------

    def live_ids(self) -> list[str]:
        """The games not over, oldest first."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(games.c.id).where(games.c.over.is_(False)).order_by(games.c.created)
            ).all()
        return [r.id for r in rows]


def _rate(
    c: sa.Connection, game_id: str, outcome: Outcome, points: tuple[int, ...], at: float
) -> None:
    """Both players' ratings after the rated game ``game_id`` (inside its end
    transaction). Not rated when a person's seat has no account or one account holds
    both seats (a game against oneself proves nothing)."""
    found = c.execute(sa.select(games.c.setup).where(games.c.id == game_id)).scalar()
    names = json.loads(found).get("names", ["", ""]) if found else ["", ""]
    linked = dict(
        c.execute(sa.select(seats.c.seat, seats.c.account).where(seats.c.game == game_id)).all()
    )
    accounts: list[int | None] = []
    for seat in (0, 1):
        if outcome.computers[seat]:
            accounts.append(None)
        elif seat in linked:
            accounts.append(int(linked[seat]))
        else:
            return
    if accounts[0] is not None and accounts[0] == accounts[1]:
        return
    if c.execute(sa.select(rated_games.c.game).where(rated_games.c.game == game_id)).first():
        return  # rated once already
    before: list[Standing | None] = []
    strength: list[Rating] = []
    for seat, account in enumerate(accounts):
        if account is None:
            before.append(None)
            strength.append(COMPUTER[outcome.computers[seat]])
            continue
        row = c.execute(
            sa.select(ratings).where(ratings.c.account == account, ratings.c.pool == outcome.pool)
        ).first()
        standing = (
            Standing(Rating(row.rating, row.deviation, row.volatility), row.games, row.at)
            if row
            else None
        )
        before.append(standing)
        strength.append(standing.rating if standing else Rating())
    for seat, account in enumerate(accounts):
        if account is None:
            continue
        other = 1 - seat
        after = rated(before[seat], strength[other], outcome.scores[seat], at)
        values = {
            "rating": after.rating.rating,
            "deviation": after.rating.deviation,
            "volatility": after.rating.volatility,
            "games": after.games,
            "at": at,
        }
        if before[seat] is None:
            c.execute(ratings.insert().values(account=account, pool=outcome.pool, **values))
        else:
            c.execute(
                ratings.update()
                .where(ratings.c.account == account, ratings.c.pool == outcome.pool)
                .values(**values)
            )
        c.execute(
            rated_games.insert().values(
                game=game_id,
                account=account,
                seat=seat,
                pool=outcome.pool,
                at=at,
                opponent=accounts[other],
                opponent_name=str(names[other])[:40],
                opponent_rating=strength[other].rating,
                score=outcome.scores[seat],
                points=points[seat] if seat < len(points) else 0,
                opponent_points=points[other] if other < len(points) else 0,
                before=strength[seat].rating,
                after=after.rating.rating,
                deviation=after.rating.deviation,
                bingos=outcome.bingos[seat],
                challenges_won=outcome.challenges_won[seat],
            )
        )


@dataclass(frozen=True)
class RatedGame:
    """One account's rated game as a profile lists it."""

    game: str
    seat: int
    pool: str
    at: float
    opponent_name: str
    opponent_computer: bool
    opponent_rating: float
    score: float
    points: int
    opponent_points: int
    before: float
    after: float
    bingos: int
    challenges_won: int


@dataclass(frozen=True)
class RatedStats:
    """An account's rated games summed up (one pool, or all)."""

    games: int
    wins: int
    draws: int
    losses: int
    average_points: float
    bingos_per_game: float
    challenges_won: int


class RatingRecords(_Records):
    """The accounts' ratings and their rated games (written by the games' ends)."""

    def standings(self, account: int) -> list[tuple[str, Standing]]:
        """The account's rating in each pool it has played, most games first."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(ratings)
                .where(ratings.c.account == account)
                .order_by(ratings.c.games.desc(), ratings.c.pool)
            ).all()
        return [
            (r.pool, Standing(Rating(r.rating, r.deviation, r.volatility), r.games, r.at))
            for r in rows
        ]

    def of_game(self, game_id: str) -> dict[int, tuple[float, float]]:
        """A rated game's change for each person's seat: (before, after)."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(rated_games.c.seat, rated_games.c.before, rated_games.c.after).where(
                    rated_games.c.game == game_id
                )
            ).all()
        return {r.seat: (r.before, r.after) for r in rows}

    def history(self, account: int, pool: str, most: int = 400) -> list[float]:
        """The account's rating in ``pool`` after each rated game, oldest first — at
        most about ``most`` of them: a long history comes in slices, each its lowest
        and its highest (so no dip or peak is lost), then the last, computed by the
        database (a player of 20,000 games costs no 20,000 rows here)."""
        g = rated_games.c
        mine = sa.and_(g.account == account, g.pool == pool)
        with self._connect() as c:
            n = int(c.execute(sa.select(sa.func.count()).where(mine)).scalar() or 0)
            if n <= most:
                rows = c.execute(sa.select(g.after).where(mine).order_by(g.at, g.game)).all()
                return [float(r[0]) for r in rows]
            slices = max(1, most // 2)
            numbered = (
                sa.select(
                    g.after,
                    (
                        (sa.func.row_number().over(order_by=(g.at, g.game)) - 1) * slices // n
                    ).label("slice"),
                )
                .where(mine)
                .subquery()
            )
            rows = c.execute(
                sa.select(sa.func.min(numbered.c.after), sa.func.max(numbered.c.after))
                .group_by(numbered.c.slice)
                .order_by(numbered.c.slice)
            ).all()
            last = c.execute(
                sa.select(g.after).where(mine).order_by(g.at.desc(), g.game.desc()).limit(1)
            ).scalar()
        points = [float(v) for low, high in rows for v in (low, high)]
        return [*points, float(last)] if last is not None else points

    def _filtered(
        self, account: int, pool: str | None, score: float | None, opponent: str | None
    ) -> list[Any]:
        where = [rated_games.c.account == account]
        if pool:
            where.append(rated_games.c.pool == pool)
        if score is not None:
            where.append(rated_games.c.score == score)
        if opponent:
            where.append(rated_games.c.opponent_name == opponent)
        return where

    def against_people(self, account: int, prefix: str, since: float, limit: int) -> list[Any]:
        """The account's latest rated games against accounts (not the computer) in
        the pools of ``prefix`` (``"pfs:"``) since ``since``: (opponent, score),
        newest first."""
        g = rated_games.c
        with self._connect() as c:
            return list(
                c.execute(
                    sa.select(g.opponent, g.score)
                    .where(
                        g.account == account,
                        g.opponent.is_not(None),
                        g.pool.startswith(prefix),
                        g.at >= since,
                    )
                    .order_by(g.at.desc(), g.game)
                    .limit(limit)
                ).all()
            )

    def games(
        self,
        account: int,
        *,
        pool: str | None = None,
        score: float | None = None,
        opponent: str | None = None,
        limit: int = 50,
        offset: int = 0,
    ) -> list[RatedGame]:
        """The account's rated games, newest first, filtered by pool, by the score
        taken (1, 0.5, 0) and by the opponent's name as it was in the game."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(rated_games)
                .where(*self._filtered(account, pool, score, opponent))
                .order_by(rated_games.c.at.desc(), rated_games.c.game)
                .limit(limit)
                .offset(offset)
            ).all()
        return [
            RatedGame(
                r.game,
                r.seat,
                r.pool,
                r.at,
                r.opponent_name,
                r.opponent is None,
                r.opponent_rating,
                r.score,
                r.points,
                r.opponent_points,
                r.before,
                r.after,
                r.bingos,
                r.challenges_won,
            )
            for r in rows
        ]

    def stats(self, account: int, pool: str | None = None) -> RatedStats:
        """The account's rated games summed up, in ``pool`` or all."""
        g = rated_games.c
        with self._connect() as c:
            r = c.execute(
                sa.select(
                    sa.func.count(),
                    sa.func.sum(sa.case((g.score == 1.0, 1), else_=0)),
                    sa.func.sum(sa.case((g.score == 0.5, 1), else_=0)),
                    sa.func.avg(g.points),
                    sa.func.avg(g.bingos),
                    sa.func.sum(g.challenges_won),
                ).where(*self._filtered(account, pool, None, None))
            ).one()
        n = int(r[0] or 0)
        wins, draws = int(r[1] or 0), int(r[2] or 0)
        return RatedStats(
            n, wins, draws, n - wins - draws, float(r[3] or 0.0), float(r[4] or 0.0), int(r[5] or 0)
        )

    def listed(self, accounts: list[int]) -> dict[int, int]:
        """Each account's rating as a list shows it beside the name: in the pool of
        its most games (accounts without a rated game are left out)."""
        best: dict[int, tuple[int, float]] = {}
        with self._connect() as c:
            for chunk in range(0, len(accounts), 500):
                rows = c.execute(
                    sa.select(ratings.c.account, ratings.c.games, ratings.c.rating).where(
                        ratings.c.account.in_(accounts[chunk : chunk + 500])
                    )
                ).all()
                for r in rows:
                    if r.account not in best or r.games > best[r.account][0]:
                        best[r.account] = (r.games, r.rating)
        return {a: round(rating) for a, (_, rating) in best.items()}

    def of_seats(self, game_id: str) -> tuple[int | None, ...]:
        """The ratings of a game's players in its pool (a computer's fixed one; a
        guest or an account not yet rated there: ``None``)."""
        with self._connect() as c:
            found = c.execute(sa.select(games.c.setup).where(games.c.id == game_id)).scalar()
            setup = json.loads(found) if found else {}
            kinds = setup.get("seats", ["person", "person"])
            pool = pool_of(
                str(setup.get("rules", "")), int(setup.get("minutes", 0)), int(setup.get("days", 0))
            )
            linked = dict(
                c.execute(
                    sa.select(seats.c.seat, seats.c.account).where(seats.c.game == game_id)
                ).all()
            )
            out: list[int | None] = []
            for seat in range(len(kinds)):
                kind = kinds[seat]
                if kind != "person":
                    level = COMPUTER.get(kind)
                    out.append(round(level.rating) if level else None)
                    continue
                rating = None
                if seat in linked and pool is not None:
                    rating = c.execute(
                        sa.select(ratings.c.rating).where(
                            ratings.c.account == linked[seat], ratings.c.pool == pool
                        )
                    ).scalar()
                out.append(None if rating is None else round(rating))
        return tuple(out)


class UserRecords(_Records):
    """The accounts: nicknames, password hashes and roles."""

    def create(self, nickname: str, key: str, password_hash: str, now: float) -> int | None:
        """A new account's id; ``None`` when the nickname (its key) is taken."""
        try:
            with self._begin() as c:
                result = c.execute(
                    users.insert().values(
                        nickname=nickname,
                        nickname_key=key,
                        password_hash=password_hash,
                        created=now,
                    )
                )
        except sa.exc.IntegrityError:
            return None
        made = result.inserted_primary_key
        return None if made is None else int(made[0])

    def get(self, key: str) -> tuple[int, str, str] | None:
        """The account of the nickname ``key``: its id, nickname and password hash."""
        with self._connect() as c:
            row = c.execute(sa.select(users).where(users.c.nickname_key == key)).first()
        return None if row is None else (row.id, row.nickname, row.password_hash)

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        with self._begin() as c:
            c.execute(
                users.update().where(users.c.id == user_id).values(password_hash=password_hash)
            )

    def set_referee(self, key: str, referee: bool) -> bool:
        """Grant (or revoke) the referee's role of the account of the nickname ``key``;
        ``False``: no such account."""
        with self._begin() as c:
            done = c.execute(
                users.update().where(users.c.nickname_key == key).values(referee=referee)
            )
        return done.rowcount > 0

    def set_assistant(self, key: str, assistant: bool) -> bool:
        """Grant (or revoke) the assistant referee's role (RS §6.5) of the account of the
        nickname ``key``; ``False``: no such account."""
        with self._begin() as c:
            done = c.execute(
                users.update().where(users.c.nickname_key == key).values(assistant=assistant)
            )
        return done.rowcount > 0

    def role(self, user_id: int) -> str | None:
        """``referee``, ``assistant`` (RS §6.5) or ``None``: the account's role."""
        with self._connect() as c:
            row = c.execute(
                sa.select(users.c.referee, users.c.assistant).where(users.c.id == user_id)
            ).first()
        if row is None:
            return None
        return "referee" if row.referee else "assistant" if row.assistant else None

    def set_moderator(self, key: str, moderator: bool) -> bool:
        """Grant (or revoke) the chat moderator's role of the account of the nickname
        ``key``; ``False``: no such account."""
        with self._begin() as c:
            done = c.execute(
                users.update().where(users.c.nickname_key == key).values(moderator=moderator)
            )
        return done.rowcount > 0

    def is_moderator(self, user_id: int) -> bool:
        with self._connect() as c:
            found = c.execute(sa.select(users.c.moderator).where(users.c.id == user_id)).scalar()
        return bool(found)

    def silence(self, user_id: int, until: float | None) -> None:
        """The account may not chat before ``until`` (``None``: it may again)."""
        with self._begin() as c:
            c.execute(users.update().where(users.c.id == user_id).values(silenced_until=until))

    def silenced_until(self, user_id: int) -> float | None:
        with self._connect() as c:
            found = c.execute(
                sa.select(users.c.silenced_until).where(users.c.id == user_id)
            ).scalar()
        return None if found is None else float(found)

    def set_pfs_name(self, user_id: int, name: str | None) -> None:
        """The name the account says it has on the PFS ranking list (``None``: none)."""
        with self._begin() as c:
            c.execute(users.update().where(users.c.id == user_id).values(pfs_name=name))

    def pfs_names(self, user_ids: list[int]) -> dict[int, str]:
        """The PFS names of those of ``user_ids`` that gave one."""
        out: dict[int, str] = {}
        with self._connect() as c:
            for chunk in range(0, len(user_ids), 500):
                rows = c.execute(
                    sa.select(users.c.id, users.c.pfs_name).where(
                        users.c.id.in_(user_ids[chunk : chunk + 500]),
                        users.c.pfs_name.is_not(None),
                    )
                ).all()
                out.update({int(r[0]): str(r[1]) for r in rows})
        return out

    def is_referee(self, user_id: int) -> bool:
        """Whether the account ``user_id`` is a referee (no such account: not one)."""
        with self._connect() as c:
            found = c.execute(sa.select(users.c.referee).where(users.c.id == user_id)).scalar()
        return bool(found)


@dataclass(frozen=True)
class ChatLine:
    """One chat message as stored: ``author`` the account's nickname (``None``: a
    guest in a seat)."""

    id: int
    game: str
    channel: str
    at: float
    account: int | None
    author: str | None
    seat: int | None
    name: str
    text: str

    def sent(self) -> dict[str, Any]:
        """As a game's socket sends it (no account id: a nickname is public)."""
        return {
            "type": "chat",
            "id": self.id,
            "channel": self.channel,
            "at": self.at,
            "name": self.name,
            "author": self.author,
            "seat": self.seat,
            "text": self.text,
        }


@dataclass(frozen=True)
class ChatReport:
    """A report waiting for a moderator."""

    id: int
    at: float
    reporter: str
    line: ChatLine


class ChatRecords(_Records):
    """The games' chats, the reports of messages and each account's muted accounts."""

    def add(
        self,
        game: str,
        channel: str,
        at: float,
        account: int | None,
        seat: int | None,
        name: str,
        text: str,
    ) -> ChatLine:
        with self._begin() as c:
            new = c.execute(
                chat_messages.insert().values(
                    game=game, channel=channel, at=at, account=account, seat=seat,
                    name=name[:40], text=text[:300],
                )
            ).inserted_primary_key
            author = None
            if account is not None:
                author = c.execute(
                    sa.select(users.c.nickname).where(users.c.id == account)
                ).scalar()
        assert new is not None
        return ChatLine(int(new[0]), game, channel, at, account, author, seat, name, text)

    @staticmethod
    def _line(r: Any) -> ChatLine:
        return ChatLine(
            r.id, r.game, r.channel, r.at, r.account, r.nickname, r.seat, r.name, r.text
        )

    def _select(self) -> Any:
        return sa.select(chat_messages, users.c.nickname).outerjoin(
            users, users.c.id == chat_messages.c.account
        )

    def recent(self, game: str, channels: tuple[str, ...], limit: int = 100) -> list[ChatLine]:
        """The last ``limit`` messages of the game's ``channels``, oldest first."""
        with self._connect() as c:
            rows = c.execute(
                self._select()
                .where(chat_messages.c.game == game, chat_messages.c.channel.in_(channels))
                .order_by(chat_messages.c.id.desc())
                .limit(limit)
            ).all()
        return [self._line(r) for r in reversed(rows)]

    def get(self, message: int) -> ChatLine | None:
        with self._connect() as c:
            row = c.execute(self._select().where(chat_messages.c.id == message)).first()
        return None if row is None else self._line(row)

    def mute(self, account: int, muted: int, on: bool = True) -> None:
        """``account`` no longer sees ``muted``'s messages (``on`` False: again)."""
        with self._begin() as c:
            c.execute(
                chat_mutes.delete().where(
                    chat_mutes.c.account == account, chat_mutes.c.muted == muted
                )
            )
            if on:
                c.execute(chat_mutes.insert().values(account=account, muted=muted))

    def muted_by(self, account: int) -> set[str]:
        """The nicknames of the accounts ``account`` muted."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(users.c.nickname)
                .join(chat_mutes, chat_mutes.c.muted == users.c.id)
                .where(chat_mutes.c.account == account)
            ).all()
        return {str(r[0]) for r in rows}

    def report(self, message: int, reporter: int, at: float) -> bool:
        """``reporter`` reports ``message`` to the moderators (once); ``False``: no
        such message."""
        with self._begin() as c:
            if c.execute(
                sa.select(chat_messages.c.id).where(chat_messages.c.id == message)
            ).first() is None:
                return False
            seen = c.execute(
                sa.select(chat_reports.c.id).where(
                    chat_reports.c.message == message, chat_reports.c.reporter == reporter
                )
            ).first()
            if seen is None:
                c.execute(chat_reports.insert().values(message=message, reporter=reporter, at=at))
        return True

    def reports(self, limit: int = 200) -> list[ChatReport]:
        """The reports no moderator has handled, oldest first."""
        reporter = users.alias("reporter")
        with self._connect() as c:
            rows = c.execute(
                sa.select(chat_reports.c.id, chat_reports.c.at, chat_reports.c.message,
                          reporter.c.nickname.label("by"))
                .join(reporter, reporter.c.id == chat_reports.c.reporter)
                .where(chat_reports.c.handled == sa.false())
                .order_by(chat_reports.c.id)
                .limit(limit)
            ).all()
        out = []
        for r in rows:
            line = self.get(r.message)
            if line is not None:
                out.append(ChatReport(r.id, r.at, str(r.by), line))
        return out

    def handle(self, report: int) -> ChatLine | None:
        """A report marked handled (every report of its message): the message."""
        with self._begin() as c:
            found = c.execute(
                sa.select(chat_reports.c.message).where(chat_reports.c.id == report)
            ).scalar()
            if found is None:
                return None
            c.execute(
                chat_reports.update()
                .where(chat_reports.c.message == found)
                .values(handled=True)
            )
        return self.get(int(found))


class SeatRecords(_Records):
    """Which account sits in which game's seat."""

    def claim(self, game_id: str, seat: int, account: int) -> bool:
        """Link a game's seat to an account, unless it is someone's already."""
        try:
            with self._begin() as c:
                c.execute(seats.insert().values(game=game_id, seat=seat, account=account))
        except sa.exc.IntegrityError:
            return False
        return True

    def copy(self, from_game: str, to_game: str) -> None:
        """Link ``to_game``'s seats to the accounts of ``from_game``'s (a rematch)."""
        with self._begin() as c:
            rows = c.execute(
                sa.select(seats.c.seat, seats.c.account).where(seats.c.game == from_game)
            ).all()
            if rows:
                c.execute(
                    seats.insert(),
                    [{"game": to_game, "seat": r.seat, "account": r.account} for r in rows],
                )

    def of_account(self, game_id: str, account: int) -> int | None:
        """The seat the account plays in the game (the first, if both)."""
        with self._connect() as c:
            return c.execute(
                sa.select(seats.c.seat)
                .where(seats.c.game == game_id, seats.c.account == account)
                .order_by(seats.c.seat)
            ).scalar()

    def games_of(self, account: int) -> list[tuple[str, int, float, dict[str, Any], bool]]:
        """The account's games, newest first: id, seat, created, setup, over."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(games.c.id, seats.c.seat, games.c.created, games.c.setup, games.c.over)
                .join(seats, seats.c.game == games.c.id)
                .where(seats.c.account == account)
                .order_by(games.c.created.desc(), games.c.id)
            ).all()
        return [(r.id, r.seat, r.created, json.loads(r.setup), bool(r.over)) for r in rows]

    # ---- the word-check station (server/station.py) ------------------------------


class WordCheckRecords(_Records):
    """The word-check station's verdicts (TR 4.7.11)."""

    def add(self, at: float, table_no: int, words: tuple[str, ...], valid: bool) -> None:
        """Log one check of the station: when, which table, the words, the joint verdict."""
        with self._begin() as c:
            c.execute(
                word_checks.insert().values(
                    at=at, table_no=table_no, words=" ".join(words), valid=valid
                )
            )

    def recent(self, limit: int = 1000) -> list[tuple[float, int, str, bool]]:
        """The station's checks, newest first: when, table, words, verdict."""
        with self._connect() as c:
            rows = c.execute(
                sa.select(word_checks)
                .order_by(word_checks.c.at.desc(), word_checks.c.id.desc())
                .limit(limit)
            ).all()
        return [(r.at, r.table_no, r.words, bool(r.valid)) for r in rows]

    # ---- results from the tables (server/tables.py) -------------------------------------


class TableRecords(_Records):
    """The tables' phones: their codes' secrets and the entries waiting."""

    def __init__(self, store: Store) -> None:
        super().__init__(store)
        #: The secrets of table codes read or made: a secret never changes once made.
        self._secrets: dict[str, str] = {}

    def secret(self, tournament: str) -> str:
        """The secret the tournament's table codes are derived from, made on first use."""
        kept = self._secrets.get(tournament)
        if kept is not None:
            return kept
        with self._begin() as c:
            found = c.execute(
                sa.select(table_secrets.c.secret).where(table_secrets.c.tournament == tournament)
            ).scalar()
            if found is None:
                found = secrets.token_hex(32)
                c.execute(table_secrets.insert().values(tournament=tournament, secret=found))
        self._secrets[tournament] = str(found)
        return str(found)

    def put(self, tournament: str, entry: TableEntry, at: float) -> None:
        """One player's entry of a table's result; their earlier entry is replaced."""
        with self._begin() as c:
            self._put(c, tournament, entry, at)

    def offer(
        self, tournament: str, entry: TableEntry, at: float
    ) -> tuple[list[TableEntry], bool]:
        """A phone's entry, in one transaction: when the other player's entry says the
        same, the table's entries are taken away — the result is to be recorded (True,
        and the entries that were there) — else the entry is kept, replacing the
        player's earlier one (False, and the table's entries now)."""
        with self._begin() as c:
            found = self._entries(c, tournament, entry.round, entry.table)
            others = [x for x in found if x.side != entry.side]
            if others and others[0].same(entry):
                c.execute(_CLEAR_ENTRIES, _table_key(tournament, entry.round, entry.table))
                return found, True
            replacing = any(x.side == entry.side for x in found)
            self._put(c, tournament, entry, at, update=replacing)
        return sorted([*others, entry], key=lambda x: x.side), False

    def take(self, tournament: str, round_no: int, table_no: int) -> list[TableEntry]:
        """A table's entries, taken away in the same transaction (its result is to be
        recorded; :meth:`put_table_entry` gives one back when it is not)."""
        with self._begin() as c:
            found = self._entries(c, tournament, round_no, table_no)
            if found:
                c.execute(_CLEAR_ENTRIES, _table_key(tournament, round_no, table_no))
        return found

    @staticmethod

    def _put(
        c: sa.Connection, tournament: str, entry: TableEntry, at: float, update: bool = True
    ) -> None:
        last = entry.last_moves or (None, None)
        params = {
            "k_tournament": tournament,
            "k_round_no": entry.round,
            "k_table_no": entry.table,
            "k_side": entry.side,
            "v_score_first": entry.score_first,
            "v_score_second": entry.score_second,
            "v_last_first": last[0],
            "v_last_second": last[1],
            "v_at": at,
        }
        # ``update``: the player may have an entry (an insert when it has none)
        if not update or c.execute(_UPDATE_ENTRY, params).rowcount == 0:
            c.execute(_INSERT_ENTRY, params)

    def entries(
        self, tournament: str, round_no: int | None = None, table_no: int | None = None
    ) -> list[TableEntry]:
        """The pending entries (of a round, of one table), by round, table and side."""
        with self._connect() as c:
            return self._entries(c, tournament, round_no, table_no)

    @staticmethod

    def _entries(
        c: sa.Connection, tournament: str, round_no: int | None, table_no: int | None
    ) -> list[TableEntry]:
        if round_no is not None and table_no is not None:  # one table: the phones' case
            rows = c.execute(_TABLE_ENTRIES, _table_key(tournament, round_no, table_no)).all()
        else:
            where = [table_entries.c.tournament == tournament]
            if round_no is not None:
                where.append(table_entries.c.round_no == round_no)
            t = table_entries.c
            rows = c.execute(
                sa.select(table_entries).where(*where).order_by(t.round_no, t.table_no, t.side)
            ).all()
        return [
            TableEntry(
                r.round_no,
                r.table_no,
                r.side,
                r.score_first,
                r.score_second,
                None if r.last_first is None else (r.last_first, r.last_second),
            )
            for r in rows
        ]

    def clear(self, tournament: str, round_no: int, table_no: int) -> None:
        """Forget a table's entries (its result is in the event log now)."""
        with self._begin() as c:
            c.execute(_CLEAR_ENTRIES, _table_key(tournament, round_no, table_no))


class Heartbeat(_Records):
    """When the server was last alive (what a restart charges running clocks to)."""

    def beat(self, now: float) -> None:
        """Say the server is alive at ``now`` (what a restart charges running clocks to)."""
        with self._begin() as c:
            if c.execute(alive.update().where(alive.c.id == 1).values(at=now)).rowcount == 0:
                c.execute(alive.insert().values(id=1, at=now))

    def alive_at(self) -> float | None:
        with self._connect() as c:
            return c.execute(sa.select(alive.c.at).where(alive.c.id == 1)).scalar()


def _sqlite_wal(dbapi_connection: Any, _record: Any) -> None:
    """A SQLite file in WAL mode: a commit is one append to the log, and a committed
    step survives the server killed at any moment (``synchronous=NORMAL`` defers the
    disk flush to checkpoints: only a power cut may lose the last steps)."""
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


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
