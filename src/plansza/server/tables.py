"""Results from the tables: the players' phones, the referee's queue, the slips.

Each player of a table of the round played has a short code of their own
(:mod:`plansza.services.tables`), printed on their half of the result slip with a QR
code of ``/s/{code}`` (``/sedzia/karty``). A player opens theirs (or types it at
``/stolik``) and enters the scores; the entry waits in the web store (table
``table_entries``) until the other player, with the other code on another phone,
confirms it or enters the same — a phone (a session) never confirms an entry it made
itself. The result is then recorded in the event log by ``table:N`` through the referee's
:class:`~plansza.services.tournament.Referee`, with the command line's rules. Two
different entries go to the referee's queue (``/sedzia/wyniki``), never into the
standings; the referee records one, or the scores typed, with the sequence number
the page showed (a change made since to the same game is refused as a conflict).

Wrong codes from one address are limited like log-ins: :data:`WRONG_CODES` in
:data:`WINDOW` seconds, then the address waits.
"""

from __future__ import annotations

import asyncio
import os
import threading
import weakref
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import segno
from anyio import to_thread
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from plansza.errors import N_, PlanszaError
from plansza.server.accounts import current
from plansza.server.limits import Limiter
from plansza.server.pages import (
    client_address,
    code_limiter,
    error_page,
    hub_of,
    page,
    sentence,
    translator_of,
)
from plansza.server.security import checked_form, referee_required
from plansza.server.tournament import spectator_of
from plansza.services import tables
from plansza.services.tables import TableEntry
from plansza.services.tournament import Referee, parse_last_moves, parse_score
from plansza.services.tournament_file import State, TournamentFile, round_date, seeds

#: Wrong codes one address may try in :data:`WINDOW` seconds.
WRONG_CODES = 10
#: The guessing limiter's window, in seconds.
WINDOW = 10 * 60.0
#: The longest form read, in bytes.
MAX_FORM = 2048

#: One writer at a time in this process (the tables and the referees' queue): a table's
#: state is checked and its result recorded together.
_writing = threading.Lock()


def routes() -> list[Route]:
    """The tables' pages, the referee's queue and the slips."""
    return [
        Route("/stolik", enter_code),
        Route("/s/{code}", table, methods=["GET", "POST"]),
        Route("/sedzia/wyniki", queue, methods=["GET", "POST"]),
        Route("/sedzia/karty", slips),
    ]


# ---- helpers ---------------------------------------------------------------------


def _path(request: Request) -> str | None:
    watch = getattr(request.app.state, "tournament", None)
    return None if watch is None else str(watch.path)


def _key(path: str) -> str:
    return path if "://" in path else os.path.abspath(path)


def _limiter(request: Request) -> Limiter:
    return code_limiter(request, "table_codes", WRONG_CODES, WINDOW)


def _stamp(request: Request) -> Any:
    clock = hub_of(request).clock

    def now() -> str:
        return datetime.fromtimestamp(clock(), UTC).isoformat(timespec="seconds")

    return now


async def _checked(request: Request) -> dict[str, str] | Response:
    return await checked_form(
        request, MAX_FORM, lambda status, why: error_page(request, status, why)
    )


def _entry(form: dict[str, str], state: State, n: int, table_no: int, side: int) -> TableEntry:
    """The entry of the form's scores (checked like the command line's)."""
    p = next(x for x in state.rounds[n].pairings if x.table == table_no)
    assert p.second is not None
    first = parse_score(form.get("sa", ""), state.players[p.first].name)
    second = parse_score(form.get("sb", ""), state.players[p.second].name)
    last = None
    if tables.wants_last_moves(state):
        last = parse_last_moves(f"{form.get('la', '').strip()}:{form.get('lb', '').strip()}")
    return TableEntry(n, table_no, side, first, second, last)


def _record(
    path: str, key: str, request: Request, entry: TableEntry, by: str, expected: int | None
) -> None:
    """Record the entry in the log (then forget the table's entries), one writer at a
    time; a :class:`PlanszaError` when refused."""

    with _writing:
        _record_locked(path, key, request, entry, by, expected)


def _record_locked(
    path: str,
    key: str,
    request: Request,
    entry: TableEntry,
    by: str,
    expected: int | None,
    state: State | None = None,
    clear: bool = True,
) -> None:
    file = _writer(request, path)
    tables.record(Referee(file, _stamp(request), by=by, expected=expected), entry, state)
    if clear:  # (a phone's step took the entries away already)
        hub_of(request).store.tables.clear(key, entry.round, entry.table)


def _writer(request: Request, path: str) -> TournamentFile:
    """The tournament file the tables' results are written through (under
    :data:`_writing`): kept open, so that its state moves on with each result instead of
    the log being replayed for every one (read again when someone else wrote)."""
    from plansza.services.tournament_file import open_file

    state = request.app.state
    file: TournamentFile | None = getattr(state, "table_writer", None)
    if file is None or file.path != path:
        file = state.table_writer = open_file(path)
    return file


# ---- the players' pages ------------------------------------------------------------


async def enter_code(request: Request) -> Response:
    """A field to type the code in; ``?kod=`` goes to the table's page."""
    code = tables.normalize(request.query_params.get("kod", ""))
    if code:
        return RedirectResponse(f"/s/{code}", status_code=303)
    return page(
        request,
        "web/code_entry.html",
        heading=N_("Your table's result"),
        label=N_("The code from your result slip"),
        action="/stolik",
        maxlength=8,
    )


async def table(request: Request) -> Response:
    """A table's page: its players, the entries waiting, the form (GET); an entry, a
    confirmation (POST).

    The work is done by the tournament's :class:`_Desk`, on the file the results are
    written through (:func:`_writer`): its kept state moves on with each result (no
    replay of the log), and the results of the requests waiting together are written
    in one transaction."""
    t = translator_of(request)
    limiter = _limiter(request)
    address = client_address(request)
    wait = limiter.wait(address)
    if wait > 0:
        minutes = max(1, round(wait / 60))
        message = t.ngettext(
            "Too many wrong codes: try again in {n} minute.",
            "Too many wrong codes: try again in {n} minutes.",
            minutes,
        ).format(n=minutes)
        return error_page(request, 429, message)
    s, path = spectator_of(request), _path(request)
    if s is None or path is None:
        return error_page(request, 404, t.gettext("This server shows no tournament."))
    form: dict[str, str] | None = None
    if request.method == "POST":
        checked = await _checked(request)
        if isinstance(checked, Response):
            return checked
        form = checked
    answer = await _desk(request).ask(_Ask(request, path, form))
    if answer.wrong_code:
        limiter.hit(address)
    return answer.response


@dataclass
class _Ask:
    """One table page asked for: the request, the tournament, the form (None: GET)."""

    request: Request
    path: str
    form: dict[str, str] | None


@dataclass
class _Answer:
    response: Response
    #: the code opened no table (counted against the address)
    wrong_code: bool = False


class _Desk:
    """The tables' pages of one server, one batch at a time.

    The requests that arrive while a batch is being done wait together and are the
    next batch: done in one worker thread under :data:`_writing`, their results staged
    on the file and written in one transaction (one wait for the disk for a hall's
    tables, not one each), then their pages made from the state that holds them. A
    page is answered only once its result is written."""

    def __init__(self) -> None:
        self._waiting: list[tuple[_Ask, asyncio.Future[_Answer]]] = []
        self._task: asyncio.Task[None] | None = None

    async def ask(self, ask: _Ask) -> _Answer:
        future: asyncio.Future[_Answer] = asyncio.get_running_loop().create_future()
        self._waiting.append((ask, future))
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run())
        return await future

    async def _run(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                answers = await to_thread.run_sync(_batch, [ask for ask, _ in batch])
            except asyncio.CancelledError:  # the server stops
                for _ask, future in batch:
                    future.cancel()
                raise
            except Exception as e:  # the batch failed as a whole: each request says so
                answers = [e] * len(batch)
            for (_ask, future), answer in zip(batch, answers, strict=True):
                if future.done():  # the phone went away meanwhile
                    continue
                if isinstance(answer, BaseException):
                    future.set_exception(answer)
                else:
                    future.set_result(answer)


def _desk(request: Request) -> _Desk:
    """The desk of the event loop serving the request (a server has one; a test's
    client may start a loop for each request)."""
    state = request.app.state
    desks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Desk] | None = getattr(
        state, "table_desks", None
    )
    if desks is None:
        desks = state.table_desks = weakref.WeakKeyDictionary()
    loop = asyncio.get_running_loop()
    desk = desks.get(loop)
    if desk is None:
        desk = desks[loop] = _Desk()
    return desk


@dataclass
class _Step:
    """One table page's work in a batch, before its page is made."""

    ask: _Ask
    n: int
    table: int
    side: int
    status: int = 200
    errors: list[str] = field(default_factory=list)
    #: the table's entries (None: read them when the page is made)
    entries: list[TableEntry] | None = None
    #: a result staged on the file: its error decides the page; given back when refused
    staged: bool = False
    give_back: list[TableEntry] = field(default_factory=list)


def _batch(asks: list[_Ask]) -> list[_Answer | BaseException]:
    """The batch's pages (see :class:`_Desk`); an unexpected error is that page's alone."""
    with _writing:
        file = _writer(asks[0].request, asks[0].path)
        steps: list[_Step | _Answer | BaseException] = []
        for ask in asks:
            try:
                steps.append(_decide(ask, file))
            except Exception as e:  # a fault in one page, not the others'
                steps.append(e)
        try:
            refused: list[PlanszaError | None] | PlanszaError = file.commit_staged()
        except PlanszaError as e:  # not written (a read-only file): every result says so
            refused = e
        except Exception as e:  # the file busy too long, a disk error: nothing written
            refused = PlanszaError(
                N_("the tournament file could not be written: {reason}"), reason=str(e)
            )
        verdicts = iter(refused if isinstance(refused, list) else [])
        state = file.state()  # moved on by the results written (no replay)
        out: list[_Answer | BaseException] = []
        for step in steps:
            if not isinstance(step, _Step):
                out.append(step)
                continue
            try:
                if step.staged:
                    error = refused if isinstance(refused, PlanszaError) else next(verdicts)
                    if error is not None:
                        _refused(step, error)
                out.append(_page(step, state))
            except Exception as e:
                out.append(e)
        return out


def _refused(step: _Step, error: PlanszaError) -> None:
    """A step's result refused: its entries given back, the page says why."""
    request = step.ask.request
    store = hub_of(request).store
    now = hub_of(request).clock()
    for x in step.give_back:
        store.tables.put(_key(step.ask.path), x, now)
    step.entries, step.staged = None, False
    step.status = 400 if error.code in ("argument", "score", "last_moves") else 409
    step.errors = [sentence(error, translator_of(request))]


def _decide(ask: _Ask, file: TournamentFile) -> _Step | _Answer:
    """A table page's work (under :data:`_writing`): the code's table, and the entry or
    the confirmation sent — a result staged on the file when the two players agree."""
    request, form = ask.request, ask.form
    t = translator_of(request)
    key = _key(ask.path)
    store = hub_of(request).store
    state = file.state()
    try:
        n, p, side = tables.find_table(state, store.tables.secret(key), request.path_params["code"])
    except tables.CodeError as e:
        return _Answer(error_page(request, 404, sentence(e, t)), wrong_code=True)
    except tables.ClosedError as e:
        return _Answer(error_page(request, 409, sentence(e, t)))
    step = _Step(ask, n, p.table, side)
    if form is None or p.result is not None:
        return step
    # the sides this session (this phone) entered at this table: one never confirms an
    # entry it made itself, whatever code it holds (TR 5.2: both players sign)
    mine = f"stolik:{n}:{p.table}"
    entered = set(request.session.get(mine, []))
    by = f"table:{p.table}"
    now = hub_of(request).clock()
    try:
        if entered - {side}:  # it entered the other player's side: not this one too
            raise tables.CodeError(tables.OWN_ENTRY)
        if form.get("action") == "confirm":
            # the table's entries taken as the result is recorded, given back when not
            step.give_back = store.tables.take(key, n, p.table)
            others = [x for x in step.give_back if x.side != side]
            if not others:
                _refused(step, tables.CodeError(tables.NOTHING_TO_CONFIRM))
                return step
            result = others[0]
        else:
            entry = _entry(form, state, n, p.table, side)
            step.entries, agreed = store.tables.offer(key, entry, now)
            request.session[mine] = sorted(entered | {side})
            if not agreed:
                return step
            step.give_back, result = [*step.entries, entry], entry  # the other's says the same
        step.entries = []
        staged = Referee(file, _stamp(request), by=by, staged=True)
        try:
            tables.record(staged, result, state)
        except PlanszaError as e:
            _refused(step, e)
            return step
        step.staged = True
    except PlanszaError as e:
        step.status = 400 if e.code in ("argument", "score", "last_moves") else 409
        step.errors = [sentence(e, t)]
    return step


def _page(step: _Step, state: State) -> _Answer:
    """The table's page after its step, from the state with the batch's results; a
    phone's script that sent the form takes the page's part alone."""
    request, form = step.ask.request, step.ask.form
    p = next(x for x in state.rounds[step.n].pairings if x.table == step.table)
    notice = ""
    if form is not None and not step.errors:
        notice = "recorded" if p.result is not None else "saved"
    entries = step.entries
    if entries is None:
        entries = hub_of(request).store.tables.entries(_key(step.ask.path), step.n, step.table)
    part = form is not None and request.headers.get("x-plansza-part") == "1"
    return _Answer(
        page(
            request,
            "web/table_part.html" if part else "web/table.html",
            status=step.status,
            state=state,
            n=step.n,
            p=p,
            seeds=seeds(state),
            code=tables.normalize(request.path_params["code"]),
            side=step.side,
            entries=entries,
            verdict=tables.verdict(entries),
            last_moves=tables.wants_last_moves(state),
            errors=step.errors,
            notice=notice,
        )
    )


# ---- the referee's queue ---------------------------------------------------------


def _queue_rows(state: State, entries: list[TableEntry]) -> list[dict[str, Any]]:
    rows: dict[tuple[int, int], list[TableEntry]] = {}
    for e in entries:
        rows.setdefault((e.round, e.table), []).append(e)
    out = []
    for (n, table_no), found in sorted(rows.items()):
        rnd = state.rounds.get(n)
        p = next((x for x in rnd.pairings if x.table == table_no), None) if rnd else None
        if p is None or p.second is None or p.result is not None:
            continue  # recorded meanwhile (a paper slip): nothing to settle
        out.append({"n": n, "p": p, "entries": found, "verdict": tables.verdict(found)})
    return out


@referee_required
async def queue(request: Request) -> Response:
    """The entries waiting (GET) — a referee records one, or the scores typed (POST)."""
    t = translator_of(request)
    s, path = spectator_of(request), _path(request)
    if s is None or path is None:
        return error_page(request, 404, t.gettext("This server shows no tournament."))
    key = _key(path)
    store = hub_of(request).store
    status, errors, notice = 200, [], ""
    if request.method == "POST":
        form = await _checked(request)
        if isinstance(form, Response):
            return form
        _seq, state = await to_thread.run_sync(s.state)
        try:
            n, table_no = int(form.get("round", "0")), int(form.get("table", "0"))
            seen = int(form.get("seq", "0"))
        except ValueError:
            return error_page(request, 400, t.gettext("The form has expired: open the page again."))
        rnd = state.rounds.get(n)
        p = next((x for x in rnd.pairings if x.table == table_no), None) if rnd else None
        me = current(request)
        try:
            if p is None or p.second is None:
                raise tables.CodeError(tables.NO_TABLE, round=n, table=table_no)
            choice = form.get("choice", "")
            if choice in ("0", "1"):
                entries = await to_thread.run_sync(store.tables.entries, key, n, table_no)
                entry = next((x for x in entries if x.side == int(choice)), None)
                if entry is None:
                    raise tables.CodeError(tables.NO_TABLE, round=n, table=table_no)
            else:
                entry = _entry(form, state, n, table_no, 0)
            who = me[1] if me else "?"
            await to_thread.run_sync(_record, path, key, request, entry, who, seen)
            notice = t.gettext("Table {table} of round {round}: the result is recorded.").format(
                table=table_no, round=n
            )
        except PlanszaError as e:
            status, errors = 409, [sentence(e, t)]
    seq, state = await to_thread.run_sync(s.state)
    entries = await to_thread.run_sync(store.tables.entries, key)
    return page(
        request,
        "web/tables_queue.html",
        status=status,
        state=state,
        seq=seq,
        seeds=seeds(state),
        rows=_queue_rows(state, entries),
        last_moves=tables.wants_last_moves(state),
        errors=errors,
        notice=notice,
    )


# ---- the slips -------------------------------------------------------------------


@referee_required
async def slips(request: Request) -> Response:
    """The result slips of a round (``?runda=N``, else the current one), each with its
    table's code and a QR code of its address."""
    t = translator_of(request)
    s, path = spectator_of(request), _path(request)
    if s is None or path is None:
        return error_page(request, 404, t.gettext("This server shows no tournament."))
    _seq, state = await to_thread.run_sync(s.state)
    asked = request.query_params.get("runda", "")
    n = int(asked) if asked.isdigit() else max(state.rounds, default=0)
    if n not in state.rounds:
        return error_page(
            request, 404, t.gettext("Round {round} has not been paired.").format(round=n)
        )
    secret = await to_thread.run_sync(hub_of(request).store.tables.secret, _key(path))
    base = str(request.base_url).rstrip("/")
    cards = []
    for p in state.rounds[n].pairings:
        if p.second is None:
            continue
        halves = []
        for side, pid in enumerate((p.first, p.second)):
            code = tables.player_code(secret, n, p.table, side)
            url = f"{base}/s/{code}"
            qr = segno.make(url, error="m").svg_inline(scale=3, omitsize=False)
            halves.append({"side": side, "pid": pid, "code": code, "url": url, "qr": qr})
        cards.append({"p": p, "halves": halves})
    return page(
        request,
        "web/tables_slips.html",
        state=state,
        seeds=seeds(state),
        n=n,
        cards=cards,
        day=round_date(state, n),
    )
