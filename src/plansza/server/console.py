"""The referee's console (``/sedzia``): the whole ``turniej`` command set in the browser.

A referee (an account with the role, ``plansza konto sedzia NICK``) runs the tournament
served with ``plansza serve --tournament FILE``: creates it when the file does not
exist yet, registers players (looking them up in the imported ranking list), pairs
rounds (with a preview), enters and corrects results (TR 4.6.4), walkovers, byes,
penalties, withdrawals, settings, days of play, undo and the close — every action
through :class:`plansza.services.tournament.Referee`, the command line's own service,
so the rules and the refusals are the same.

Every form carries the log's sequence number the page showed (``seq``): the write is
refused with a conflict message when someone else recorded something touching the
same game or player since (:class:`~plansza.tournament.storage.ConflictError`), so two
referees never overwrite each other. Every event keeps the referee's nickname.

After an action the page says what was recorded in the words of the event log
(:func:`plansza.tournament.events.describe`), with the warnings the command line gives
(a repeat, a widened group, a pending TR 6.3.4 removal, an unplayed bye); a refusal
shows the page again with the referee's input kept and the reason.
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable
from contextvars import ContextVar
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import Route

from plansza.errors import N_, PlanszaError, Term
from plansza.i18n import Translator
from plansza.server.accounts import current, role
from plansza.server.pages import page, said_of, said_url, translator_of
from plansza.server.security import checked_form, referee_required
from plansza.server.wording import describe
from plansza.services.federation_server import CATEGORY_WORDS
from plansza.services.tournament import (
    ROLE_SETTINGS,
    Referee,
    category_list,
    from_history,
    from_list,
    new_settings,
    parse_score_pair,
    pending_removals,
    search_list,
    setting_changes,
)
from plansza.services.tournament_file import CRITERIA_WORDS, Settings, State, seeds
from plansza.tiles import polish_collation_key

if TYPE_CHECKING:
    from plansza.services.tournament_file import Finding

#: The longest console form read, in bytes (a manual pairing of 150 players fits).
MAX_FORM = 32_768
#: The ranking list's matches shown while the referee types a name.
LIST_SHOWN = 12


def routes() -> list[Route]:
    """The console's routes (a referee's log-in needed for every one)."""
    return [
        Route("/sedzia", home),
        Route("/sedzia/gracze", players_page),
        Route("/sedzia/runda/{n:int}", round_page),
        Route("/sedzia/ustawienia", settings_page),
        Route("/sedzia/dziennik", log_page),
        Route("/sedzia/lista", list_search),
        Route("/sedzia/plik/{name}", download),
        Route("/sedzia/akcja/{action}", act, methods=["POST"]),
    ]


def _now() -> str:
    """An event's time stamp: UTC to the second, as the command line writes it."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def _path(request: Request) -> str | None:
    watch = getattr(request.app.state, "tournament", None)
    return None if watch is None else str(watch.path)


def _exists(path: str) -> bool:
    return "://" in path or os.path.exists(path)


def _names(state: State) -> dict[int, str]:
    sd = seeds(state)
    return {pid: f"{sd[pid]} {p.name}" for pid, p in state.players.items()}


def _read(path: str) -> tuple[int, State, list[Any]]:
    """(the log's last sequence number, the state, the log) read in one go."""
    from plansza.services.tournament_file import read_log

    return read_log(path)


def _console(
    request: Request,
    name: str,
    *,
    status: int = 200,
    error: str | None = None,
    form: dict[str, str] | None = None,
    **context: Any,
) -> HTMLResponse:
    """A console page: the flash message of the last action (once), the error of a
    refused one and the form's values kept (``form``, with its ``form_id``)."""
    flash = said_of(request)
    return page(
        request,
        name,
        status=status,
        flash=flash if isinstance(flash, list) else [],
        error=error,
        form=form or {},
        **context,
    )


async def _state_page(
    request: Request,
    name: str,
    *,
    status: int = 200,
    error: str | None = None,
    form: dict[str, str] | None = None,
    more: Callable[[State, Translator], dict[str, Any]] | None = None,
    **extra: Any,
) -> Response:
    """A page about the tournament: refused to a non-referee, the create form while the
    file does not exist, else ``name`` with the state and its sequence number (and what
    ``more`` adds from the state). An assistant referee (RS §6.5) sees the pages and
    enters results only. Called by endpoints under ``@referee_required(assistant=True)``:
    the role is read again only to mark an assistant's page."""
    extra["assistant"] = await role(request) == "assistant"
    path = _path(request)
    if path is None:
        t = translator_of(request)
        message = t.gettext(
            "This server runs no tournament: start it with plansza serve --tournament FILE."
        )
        return page(request, "web/error.html", status=404, message=message)
    if not _exists(path):
        return _console(
            request,
            "web/console_new.html",
            status=status,
            error=error,
            form=form,
            file=path,
            systems=SYSTEMS,
        )
    seq, state, events = await run_in_threadpool(_read, path)
    if name == "web/console.html":  # where its sending to the federation stands
        from plansza.server.sending import sender_of, view

        extra["sending"] = await run_in_threadpool(view, sender_of(request), translator_of(request))
    sd = seeds(state)
    if more is not None:
        extra |= more(state, translator_of(request))
    return _console(
        request,
        name,
        status=status,
        error=error,
        form=form,
        seq=seq,
        state=state,
        events=events,
        sd=sd,
        names=_names(state),
        removals=_removals(state),
        by_seed=sorted(state.players, key=lambda pid: sd[pid]),
        systems=SYSTEMS,
        ranking_text=_ranking_text,
        by_name=sorted(
            state.players, key=lambda pid: polish_collation_key(state.players[pid].name)
        ),
        **extra,
    )


# ---- the pages ---------------------------------------------------------------------


def _removals(state: State) -> list[tuple[str, int]]:
    n = state.next_round
    return [(state.players[p].name, r) for p, r in pending_removals(state, n)]


@referee_required(assistant=True)
async def home(request: Request) -> Response:
    """The tournament at a glance: its rounds, what is missing, the next step, and
    where its sending to the federation stands."""
    return await _state_page(request, "web/console.html")


@referee_required(assistant=True)
async def players_page(request: Request) -> Response:
    """The players by seeding number, the registration form, withdrawals."""
    return await _state_page(request, "web/console_players.html")


@referee_required(assistant=True)
async def round_page(request: Request) -> Response:
    """A round's tables: results, corrections, walkovers, byes, penalties — and which
    tables have entries from the players' phones waiting (server/tables.py)."""
    n = request.path_params["n"]
    return await _state_page(
        request,
        "web/console_round.html",
        n=n,
        more=_round_context(n),
        queued=await _queued(request, n),
    )


async def _queued(request: Request, n: int) -> dict[int, str]:
    """The round's tables with phone entries waiting: ``waiting`` (one player's, for the
    other's confirmation) or ``mismatch`` (two that differ: the referee's queue)."""
    from anyio import to_thread

    from plansza.server.pages import hub_of
    from plansza.services.tables import verdict

    path = _path(request)
    if path is None:
        return {}
    key = path if "://" in path else os.path.abspath(path)
    entries = await to_thread.run_sync(hub_of(request).store.tables.entries, key, n)
    by_table: dict[int, list[Any]] = {}
    for e in entries:
        by_table.setdefault(e.table, []).append(e)
    return {table: verdict(found) for table, found in by_table.items()}


def _round_context(n: int) -> Callable[[State, Translator], dict[str, Any]]:
    def more(state: State, t: Translator) -> dict[str, Any]:
        clock = state.clocks.get(n)
        left = None
        if clock is not None:
            left = int(clock.remaining(datetime.now(UTC)))
        return {
            "round_notes": _pairing_notes(state, n, t) if n in state.rounds else [],
            "clock": clock,
            "clock_left": left,
        }

    return more


@referee_required(assistant=True)
async def settings_page(request: Request) -> Response:
    """The settings the referee may change, with their values now."""
    return await _state_page(request, "web/console_settings.html", more=_settings_context)


@referee_required(assistant=True)
async def log_page(request: Request) -> Response:
    """The event log, newest first, with who recorded each event."""
    return await _state_page(request, "web/console_log.html", more=_log_context)


#: Each setting in words (the options of ``turniej set`` say the same).
SETTING_LABELS = {
    "name": N_("Tournament name"),
    "minutes": N_("Minutes per player"),
    "round_minutes": N_("Minutes of a round (the round's clock)"),
    "criteria": N_("Criteria of the standings, in order"),
    "final_criteria": N_("Criteria of the final standings, in order (none chosen: the same)"),
    "bye_score": N_("Bye score, e.g. 300:250"),
    "bye_big_points": N_("Big points of a bye"),
    "exclude_best_wins": N_("Best wins left out of the final spread (MPA 2e viii)"),
    "exclude_best_places": N_("Places whose best wins are left out (MPA 2e viii)"),
    "repeats": N_("Repeats allowed"),
    "group_range": N_("Score group range (1.5)"),
    "adjustment_formula": N_("Adjustments (RS §7.2)"),
    "prize_places": N_("Last prize place"),
    "elimination": N_("Elimination tournament (RS §7.3)"),
    "seed": N_("Seed of the draws"),
    "team_size": N_("Players counted per team (SCH)"),
    "team_limit": N_("Players registered per school at most (SCH; 0 = any)"),
    "tie_rule": N_("A tie"),
    "referee": N_("Head referee"),
    "venue": N_("Venue"),
    "category": N_("Category (RR §4, RS §6.4)"),
    "assistants": N_("Assistant referees, separated by commas (RS §6.5)"),
    "referee_plays": N_("The head referee plays too (RS §6.4)"),
    "internship": N_("Candidate interning (RS §3.4)"),
    "exam": N_("Candidate sitting the practical exam (RS §3.5)"),
}

#: The settings chosen from a list: value → its words.
SETTING_CHOICES = {
    "category": CATEGORY_WORDS,
    "adjustment_formula": {
        "weighted": N_("weighted (RS §7.2)"),
        "seed": N_("by seeding number"),
        "none": N_("none"),
    },
    "tie_rule": {
        "draw": N_("a draw (TR 5.2)"),
        "higher_last_move": N_("the higher last move wins (SCH)"),
    },
}

#: The pairing systems in words.
SYSTEMS = {
    "halving": N_("halving (PFS, RS §7)"),
    "swiss": N_("Swiss"),
    "danish": N_("Danish"),
    "roundrobin": N_("round robin"),
    "mpa": N_("MPA (the English championship)"),
    "manual": N_("by hand"),
}


def _settings_context(state: State, t: Translator) -> dict[str, Any]:
    from plansza.services.tournament_file import SETTABLE, settings_now

    return {
        "settable": [k for k in SETTING_LABELS if k in SETTABLE]
        + sorted(SETTABLE - SETTING_LABELS.keys()),
        "settings_now": settings_now(state),
        "labels": SETTING_LABELS,
        "choices": SETTING_CHOICES,
        "criteria_words": CRITERIA_WORDS,
        "chain_length": len(CRITERIA_WORDS),
    }


def _log_context(state: State, t: Translator) -> dict[str, Any]:
    from plansza.services.tournament_file import Event, local_time
    from plansza.services.tournament_file import describe_event as said

    names = _names(state)

    def log_text(e: Event) -> str:
        return said(e, names, t)

    def log_time(e: Event) -> str:
        return local_time(e.at, "%Y-%m-%d %H:%M:%S")

    return {"log_text": log_text, "log_time": log_time}


@referee_required
async def list_search(request: Request) -> Response:
    """The ranking list's players matching what the referee types (an htmx fragment)."""
    text = request.query_params.get("name", "")[:80]
    listing = await run_in_threadpool(_listing)
    found = search_list(listing, text, LIST_SHOWN) if listing is not None and text.strip() else []
    return page(
        request,
        "web/console_list.html",
        found=found,
        listed=listing is not None,
        text=text,
        ranking_text=_ranking_text,
    )


#: The files the console hands out (``turniej report`` and ``export``): name → (kind,
#: what makes it from the state and the translator).
FILES: dict[str, tuple[str, Callable[[State, Translator], str]]] = {}


def _files() -> dict[str, tuple[str, Callable[[State, Translator], str]]]:
    if not FILES:
        from plansza.services.tournament_file import tournament_files

        FILES.update(tournament_files())
    return FILES


@referee_required
async def download(request: Request) -> Response:
    """A file of the tournament, made from the log now: the federation's CSV of games
    (RS §6), the standings and games as CSV, a TSH ``.t`` file, the referee's report,
    the standings page — what ``turniej export`` and ``report`` write."""
    t = translator_of(request)
    name = request.path_params["name"]
    path = _path(request)
    made = _files().get(name)
    if made is None or path is None or not _exists(path):
        return page(request, "web/error.html", status=404, message=t.gettext("No such file."))
    kind, make = made
    _seq, state, _events = await run_in_threadpool(_read, path)
    try:
        body = await run_in_threadpool(make, state, t)
    except PlanszaError as e:
        return page(request, "web/error.html", status=422, message=describe(e, t))
    disposition = "inline" if kind == "text/html" else f'attachment; filename="{name}"'
    return Response(
        body,
        media_type=f"{kind}; charset=utf-8",
        headers={"Content-Disposition": disposition},
    )


def _ranking_text(value: float | None) -> str:
    from plansza.services.ranking import ranking_text

    return "—" if value is None else ranking_text(value)


#: The ranking's history of the server (``plansza serve --ranking``), set for the
#: request being handled: a player off the list is seeded from it (RR §2.3–§2.4).
_HISTORY: ContextVar[Any] = ContextVar("ranking_history", default=None)
#: The federation's registry of the server (``plansza serve --federation``), set for
#: the request being handled: the roles are checked against its licences (RS §2–§6).
_REGISTRY: ContextVar[str | None] = ContextVar("federation_registry", default=None)


def _listing() -> Any:
    """The ranking list ``ranking import-list`` keeps (``None``: none imported)."""
    from plansza.services.ranking import default_listing

    return default_listing()


# ---- the actions -------------------------------------------------------------------


class _Refused(PlanszaError):
    """A form the console cannot read (a field missing or not a number)."""

    code = "console_form"


def _field(form: dict[str, str], key: str) -> str:
    return form.get(key, "").strip()


def _number(form: dict[str, str], key: str, t: Translator, default: int | None = None) -> int:
    text = _field(form, key)
    if not text and default is not None:
        return default
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise _Refused(t.gettext("{field}: give a whole number.").format(field=_label(key, t)))
    return int(text)


def _label(key: str, t: Translator) -> str:
    labels = {
        "round": t.pgettext("form field", "round"),
        "points": t.pgettext("form field", "points"),
        "rounds": t.pgettext("form field", "rounds"),
        "minutes": t.pgettext("form field", "minutes"),
        "games": t.pgettext("form field", "games"),
        "score": t.pgettext("form field", "score"),
        "swap_a": t.pgettext("form field", "the player to swap"),
        "swap_b": t.pgettext("form field", "the player to swap with"),
    }
    return labels.get(key, key)


Said = list[str]
Action = Callable[[Referee, dict[str, str], Translator], Said]


def _recorded(r: Referee, t: Translator, before: int) -> Said:
    """What was recorded since ``before``, in the words of the event log."""
    from plansza.services.tournament_file import describe_event as said

    events = r.file.events()
    state = r.state()
    names = _names(state)
    return [said(e, names, t) for e in events if e.seq > before]


def _add(r: Referee, form: dict[str, str], t: Translator) -> Said:
    data: dict[str, Any] = {
        "name": _field(form, "name"),
        "ranking": None,
        "games": _number(form, "games", t, 0),
        "club": _field(form, "club"),
        "city": _field(form, "city"),
    }
    ranking = _field(form, "ranking").replace(",", ".")
    if ranking:
        try:
            data["ranking"] = float(ranking)
        except ValueError:
            raise _Refused(t.gettext("Ranking: give a number, like 142.5.")) from None
    if _field(form, "categories"):
        data["categories"] = category_list([_field(form, "categories")])
    if _field(form, "division"):
        data["division"] = _field(form, "division")
    hit = from_list(_listing(), data, unlisted=form.get("unlisted") == "1")
    seeded = None
    history = _HISTORY.get()
    if hit is None and history is not None:
        dates = r.state().settings.dates
        day = date.fromisoformat(dates[0]) if dates else date.today()
        seeded = from_history(history, data, day)
    pid = r.add_player(data)
    state = r.state()
    said = [
        t.gettext("Added {name} (seed {seed})").format(
            name=state.players[pid].name, seed=seeds(state)[pid]
        )
    ]
    if hit is not None:
        from plansza.services.ranking import ranking_text

        said.append(
            t.gettext("From the ranking list: ranking {ranking}, games {games} (RR §2.1)").format(
                ranking=ranking_text(hit.ranking), games=hit.games
            )
        )
    if seeded is not None:
        said.append(
            t.gettext(
                "Off the ranking list: the tournament ranking from the history, {ranking} "
                "({games} games; RR §2.3–§2.4)"
            ).format(ranking=seeded.value, games=seeded.career_games)
        )
    if state.players[pid].joined_round > 1:
        said.append(
            t.gettext(
                "The player joins from round {round} (adjusted when that round is paired)"
            ).format(round=state.players[pid].joined_round)
        )
    return said


def _import(r: Referee, form: dict[str, str], t: Translator) -> Said:
    """Players pasted as CSV (``turniej import-players``): all registered or none."""
    from plansza.services.tournament import ArgumentError, read_players_csv

    records = read_players_csv(form.get("csv", ""), t.gettext("the pasted list"))
    listing = _listing()
    said: Said = []
    found = 0
    for rec in records:
        try:
            found += from_list(listing, rec) is not None
        except ArgumentError as e:  # close names, not the name: say so, register as given
            said.append(t.gettext("Note: {message}").format(message=describe(e, t)))
    count = r.import_players(records)
    said.insert(0, t.gettext("Players imported: {count}").format(count=count))
    if listing is not None:
        said.insert(1, t.gettext("From the ranking list: {count}").format(count=found))
    return said


def _categories(r: Referee, form: dict[str, str], t: Translator) -> Said:
    division = form.get("division")
    r.set_categories(
        _field(form, "player"),
        category_list([_field(form, "categories")]),
        None if division is None else division.strip(),
    )
    return []


def _withdraw(r: Referee, form: dict[str, str], t: Translator) -> Said:
    how = _field(form, "how")
    n = _number(form, "round", t) if _field(form, "round") else None
    r.withdraw(_field(form, "player"), n, how == "excluded", how == "removed")
    return []


def _return(r: Referee, form: dict[str, str], t: Translator) -> Said:
    n = _number(form, "round", t) if _field(form, "round") else None
    r.come_back(_field(form, "player"), n)
    return []


def _pair(r: Referee, form: dict[str, str], t: Translator) -> Said:
    n = _number(form, "round", t) if _field(form, "round") else None
    manual = _field(form, "manual")
    # the swaps made in the preview, if the pairing by hand is still the one they made
    swaps = _swaps(form, r.state()) if manual and manual == _field(form, "swapped_text") else []
    state, n = r.pair(n, manual=manual, swaps=swaps)
    return _pairing_notes(state, n, t)


def _swaps(form: dict[str, str], state: State) -> list[tuple[int, int]]:
    """The swaps made so far in the preview (``"a:b,c:d"``, players' ids); a field
    that does not name two registered players is no swap."""
    out: list[tuple[int, int]] = []
    for part in _field(form, "swaps").split(","):
        a, _, b = part.partition(":")
        if a.isdigit() and b.isdigit() and int(a) in state.players and int(b) in state.players:
            out.append((int(a), int(b)))
    return out


def _pairing_notes(state: State, n: int, t: Translator) -> Said:
    """What the pairing had to do (RS §7.5–7.7), as the command line says it."""
    from plansza.services.tournament import pairing_notes
    from plansza.services.tournament_file import unplayed_bye

    said: Said = [note.said(t) for note in pairing_notes(state, n)]
    names = _names(state)
    pid = unplayed_bye(state, n)
    if pid is not None:
        said.append(
            t.gettext(
                "{name} has the bye without having played a game (RS §7.7): it may be "
                "replaced by an adjustment on the round's page."
            ).format(name=names[pid])
        )
    return said


def _result(r: Referee, form: dict[str, str], t: Translator) -> Said:
    last = _field(form, "last") or None
    n = _number(form, "round", t)
    a, sa, b, sb = _field(form, "a"), _field(form, "sa"), _field(form, "b"), _field(form, "sb")
    r.result(n, a, sa, b, sb, last_moves=last)
    return []


def _correct(r: Referee, form: dict[str, str], t: Translator) -> Said:
    consent = _field(form, "consent")
    n = _number(form, "round", t)
    c = r.correct(
        n,
        _field(form, "a"),
        _field(form, "sa"),
        _field(form, "b"),
        _field(form, "sb"),
        note=_field(form, "note"),
        referee_consent=consent == "referee",
        override=consent == "override",
        last_moves=_field(form, "last") or None,
    )
    names = _names(r.state())
    return [
        t.gettext(
            "The walkover of round {round} to {w} follows the corrected result: now {n}:1 (TR 7.2)"
        ).format(round=k, w=names[winner], n=score)
        for (k, winner), score in c.walkovers
    ]


def _walkover(r: Referee, form: dict[str, str], t: Translator) -> Said:
    r.walkover(
        _number(form, "round", t),
        _field(form, "winner"),
        _field(form, "loser"),
        score=_number(form, "score", t, 0),
        replace=form.get("replace") == "1",
    )
    return []


def _forfeit(r: Referee, form: dict[str, str], t: Translator) -> Said:
    r.forfeit(
        _number(form, "round", t),
        _field(form, "a"),
        _field(form, "b"),
        replace=form.get("replace") == "1",
    )
    return []


def _bye(r: Referee, form: dict[str, str], t: Translator) -> Said:
    n = _number(form, "round", t)
    if form.get("adjust") == "1":
        r.bye_adjustment(n, _field(form, "player"))
    else:
        r.bye(n, _field(form, "player"))
    return []


def _penalty(r: Referee, form: dict[str, str], t: Translator) -> Said:
    r.penalty(_number(form, "round", t), _field(form, "player"), _number(form, "points", t))
    return []


def _clock(r: Referee, form: dict[str, str], t: Translator) -> Said:
    minutes = _number(form, "minutes", t) if _field(form, "minutes") else None
    r.clock(_number(form, "round", t), _field(form, "action"), minutes)
    return []


def _settings(r: Referee, form: dict[str, str], t: Translator) -> Said:
    from plansza.services.tournament_file import SETTABLE

    texts = {k: v for k, v in form.items() if k in SETTABLE}
    for key in ("criteria", "final_criteria"):  # a chain: one list per place in it
        places = [form.get(f"{key}.{i}", "") for i in range(1, len(CRITERIA_WORDS) + 1)]
        if any(f"{key}.{i}" in form for i in range(1, len(CRITERIA_WORDS) + 1)):
            texts[key] = ",".join(c for c in places if c)
    for key in ("repeats", "elimination"):  # an unticked box is not sent at all
        texts.setdefault(key, "")
    registry = _REGISTRY.get()
    try:
        changes = setting_changes(r.state().settings, texts)
        r.change_settings(changes, registry=registry)
    except PlanszaError as e:  # the setting named as the form names it, not by its key
        named = e.details.get("setting")
        if isinstance(named, str) and named in SETTING_LABELS:
            e.details["setting"] = Term(SETTING_LABELS[named])
        raise
    if ROLE_SETTINGS & changes.keys():
        return _role_notes(r.role_warnings(registry), r.state().settings, registry, t)
    return []


def _role_notes(
    warnings: list[Finding], settings: Settings, registry: str | None, t: Translator
) -> Said:
    """RR §4, RS §2–§6: what the check of the roles warns of, as notes to the referee."""
    said = [
        t.gettext("Warning: {paragraph}: {text}").format(
            paragraph=f.paragraph, text=t.gettext(f.template).format(**f.details)
        )
        for f in warnings
    ]
    if settings.category and settings.category != "unranked" and registry is None:
        said.append(
            t.gettext(
                "The referee's licence is not checked: this server has no federation registry."
            )
        )
    return said


def _new_day(r: Referee, form: dict[str, str], t: Translator) -> Said:
    r.new_day(_field(form, "date") or None)
    return []


def _close(r: Referee, form: dict[str, str], t: Translator) -> Said:
    r.close()
    return [
        t.gettext(
            "The tournament is closed (TR 4.6.4): a result can now be changed only by a "
            "correction with the referee's override."
        )
    ]


def _undo(r: Referee, form: dict[str, str], t: Translator) -> Said:
    from plansza.services.tournament_file import describe_event as said

    state, event = r.undo()
    return [
        t.gettext("Undone: {what}").format(what=f"#{event.seq} " + said(event, _names(state), t))
    ]


#: What an assistant referee may do in the console: enter results (RS §6.5: "pomagać
#: sędziemu głównemu we wpisywaniu wyników do programu sędziowskiego").
ASSISTANT_ACTIONS = frozenset({"wynik"})

ACTIONS: dict[str, Action] = {
    "dodaj": _add,
    "import": _import,
    "kategorie": _categories,
    "wycofaj": _withdraw,
    "powrot": _return,
    "kojarz": _pair,
    "wynik": _result,
    "popraw": _correct,
    "walkower": _walkover,
    "obustronny": _forfeit,
    "pauza": _bye,
    "kara": _penalty,
    "zegar": _clock,
    "ustawienia": _settings,
    "nowy-dzien": _new_day,
    "zamknij": _close,
    "cofnij": _undo,
}

#: The actions whose own words replace the log's line.
OWN_WORDS = frozenset({_add, _import, _undo, _close})

#: The page each action's form is on, shown again with the reason when refused.
PAGES = {
    "dodaj": "web/console_players.html",
    "import": "web/console_players.html",
    "kategorie": "web/console_players.html",
    "wycofaj": "web/console_players.html",
    "powrot": "web/console_players.html",
    "ustawienia": "web/console_settings.html",
}


def _back(form: dict[str, str]) -> str:
    """Where to go after the action: a console page the form names, else the console."""
    back = form.get("back", "")
    return back if back.startswith("/sedzia") and "//" not in back else "/sedzia"


def _run(
    path: str, action: Action, form: dict[str, str], t: Translator, by: str, expected: int | None
) -> Said:
    """The action through the referee's service, as ``by``, checked against ``expected``;
    what was recorded and what the referee should know."""
    from plansza.services.tournament_file import opened

    with opened(path) as file:
        r = Referee(file, _now, by=by, expected=expected)
        before = file.last_seq()
        extra = action(r, form, t)
        if action in OWN_WORDS:  # its own words say more than the log's line
            return extra
        return _recorded(r, t, before) + extra


@referee_required(assistant=True)
async def act(request: Request) -> Response:
    """One referee action (POST): recorded and said, or the page again with the reason.
    An assistant referee's only action is a result (RS §6.5)."""
    t = translator_of(request)
    if request.path_params["action"] not in ASSISTANT_ACTIONS and await role(request) != "referee":
        message = t.gettext(
            "An assistant referee enters results; the head referee does the rest (RS §6.5)."
        )
        return page(request, "web/error.html", status=403, message=message)
    form = await checked_form(request, MAX_FORM)
    if isinstance(form, Response):
        return form
    path = _path(request)
    if path is None:
        return page(request, "web/error.html", status=404, message="")
    name = request.path_params["action"]
    me = current(request)
    by = me[1] if me is not None else "?"
    if name == "nowy":
        return await _create(request, path, form, t)
    if name == "sedzia":
        return await _grant(request, form, t)
    if name == "podglad" and _exists(path):
        return await _preview(request, path, form, t)
    action = ACTIONS.get(name)
    if action is None or not _exists(path):
        return page(request, "web/error.html", status=404, message=t.gettext("No such action."))
    seq_text = form.get("seq", "")
    expected = int(seq_text) if seq_text.isascii() and seq_text.isdigit() else None
    back = _back(form)
    source = getattr(request.app.state, "ranking", None)
    if action is _add and source is not None:
        with contextlib.suppress(Exception):  # a missing or bad history: seeded as before
            _HISTORY.set((await run_in_threadpool(source.get)).history)
    _REGISTRY.set(getattr(request.app.state, "federation", None))
    try:
        said = await run_in_threadpool(_run, path, action, form, t, by, expected)
    except PlanszaError as e:
        return await _refused(request, name, back, form, e, t)
    return RedirectResponse(said_url(back, request, said), status_code=303)


async def _refused(
    request: Request, name: str, back: str, form: dict[str, str], e: PlanszaError, t: Translator
) -> Response:
    """The page the form was on, again: the reason, and what the referee typed."""
    from plansza.services.tournament_file import ConflictError

    status = 409 if isinstance(e, ConflictError) else 422
    message = str(e) if isinstance(e, _Refused) else describe(e, t)
    form_id = form.get("form_key") or name
    form = {k: v for k, v in form.items() if k not in ("csrf", "seq")} | {"form_id": form_id}
    if back.startswith("/sedzia/runda/"):
        tail = back.removeprefix("/sedzia/runda/")
        if tail.isdigit():
            n = int(tail)
            return await _state_page(
                request,
                "web/console_round.html",
                status=status,
                error=message,
                form=form,
                n=n,
                more=_round_context(n),
            )
    template = PAGES.get(name, "web/console.html")
    more = _settings_context if name == "ustawienia" else None
    return await _state_page(request, template, status=status, error=message, form=form, more=more)


async def _grant(request: Request, form: dict[str, str], t: Translator) -> Response:
    """Another account made a referee (``plansza konto sedzia NICK``): a second referee
    for the hall, given by one already logged in."""
    from plansza.server.pages import hub_of
    from plansza.services.accounts import nickname_key

    nick = _field(form, "nick")[:64]
    assistant = _field(form, "role") == "pomocniczy"  # RS §6.5: results only
    store = hub_of(request).store
    grant = store.users.set_assistant if assistant else store.users.set_referee
    found = bool(nick) and await run_in_threadpool(grant, nickname_key(nick), True)
    if not found:
        message = t.gettext("no account with the nickname {nick}").format(nick=nick)
        kept = {"nick": nick, "form_id": "sedzia"}
        return await _state_page(request, "web/console.html", status=422, error=message, form=kept)
    said = (
        t.gettext("{nick} is an assistant referee now: results only.")
        if assistant
        else t.gettext("{nick} is a referee now.")
    )
    return RedirectResponse(said_url("/sedzia", request, [said.format(nick=nick)]), status_code=303)


async def _preview(request: Request, path: str, form: dict[str, str], t: Translator) -> Response:
    """The pairing the referee asked for, shown and not recorded (``turniej pair
    --preview``); the form records it with the same sequence number, so a change made
    meanwhile is a conflict rather than a different pairing recorded unseen."""

    from plansza.services.tournament import pairing_preview, pairing_text, swap_players

    manual = _field(form, "manual")

    def trial() -> tuple[State, int, list[str], str, list[tuple[int, int]]]:
        from plansza.services.tournament_file import opened

        with opened(path) as file:
            r = Referee(file, _now)
            n = _number(form, "round", t) if _field(form, "round") else None
            text = manual
            swaps = _swaps(form, r.state()) if text == _field(form, "swapped_text") else []
            state, n = r.pair(n, manual=text, preview=True)
            if _field(form, "swap"):  # two players swapped in the proposal shown
                a, b = (_number(form, key, t) for key in ("swap_a", "swap_b"))
                tables = [(p.first, p.second) for p in state.rounds[n].pairings]
                text = pairing_text(state, swap_players(tables, a, b, _names(state)))
                swaps = [*swaps, (a, b)]
                state, n = r.pair(n, manual=text, preview=True, swaps=swaps)
            return state, n, _pairing_notes(state, n, t), text, swaps

    try:
        state, n, notes, text, swaps = await run_in_threadpool(trial)
    except PlanszaError as e:
        return await _refused(request, "kojarz", "/sedzia", form, e, t)
    return await _state_page(
        request,
        "web/console.html",
        preview=pairing_preview(state, n),
        preview_round=n,
        preview_adjusted=[
            (state.players[pid].name, adj)
            for pid, adjs in state.adjustments.items()
            for adj in adjs
            if adj.round == n
        ],
        preview_notes=notes,
        preview_manual=text,
        preview_swaps=",".join(f"{a}:{b}" for a, b in swaps),
        preview_swapped_text=text if swaps else "",
    )


async def _create(request: Request, path: str, form: dict[str, str], t: Translator) -> Response:
    """A new tournament in the served file (refused when it exists)."""
    try:
        bye_text = _field(form, "bye")
        settings = new_settings(
            _field(form, "name"),
            _number(form, "rounds", t),
            _field(form, "system"),
            minutes=_number(form, "minutes", t, 15),
            dates=[d for d in (_field(form, "date"),) if d],
            bye_score=parse_score_pair(bye_text) if bye_text else None,
            referee=_field(form, "referee"),
            venue=_field(form, "venue"),
            preset=_field(form, "preset") or "pfs",
            today=datetime.now().date().isoformat(),
        )
        registry = getattr(request.app.state, "federation", None)
        warnings = await run_in_threadpool(
            functools.partial(Referee.create, path, settings, _now, registry=registry)
        )
    except PlanszaError as e:
        message = str(e) if isinstance(e, _Refused) else describe(e, t)
        kept = {k: v for k, v in form.items() if k != "csrf"} | {"form_id": "nowy"}
        return await _state_page(request, "web/console.html", status=422, error=message, form=kept)
    return RedirectResponse(
        said_url(
            "/sedzia",
            request,
            [
                t.gettext("Created '{name}' in {path}").format(name=settings.name, path=path),
                *_role_notes(warnings, settings, registry, t),
            ],
        ),
        status_code=303,
    )
