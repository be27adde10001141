"""``plansza federacja`` (alias ``federation``): the federation's registry.

Members and their membership periods, referees' licences (RS §2–§5), tournaments
with their referees. Every command takes ``--db FILE`` (without it, the one
``*.federacja.sqlite`` file in the current folder; a writing command given a file
that does not exist starts a new registry there) and ``--json``. Thin: parse, call
:class:`plansza.services.federation.Federation`, print.

The board's commands for the federation's server (issue 46) call
:class:`plansza.services.federation_server.FederationServer`: ``key`` (a referee's
signing key), ``administrator`` (the ranking administrator's desk), ``announce`` (the
calendar), ``import-history`` (a federation started from its ranking history) and
``desk`` (what waits for the ranking administrator). Only ``administrator`` and
``import-history`` start a new registry: ``key`` and ``announce`` need its members.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from typing import TYPE_CHECKING, Any, Protocol

import typer

from plansza.cli.common import (
    EXIT_INPUT,
    EXIT_REFUSED,
    console,
    describe_error,
    err_console,
    fail,
    report_bad_rows,
    user_errors,
)
from plansza.cli.i18n import _, ngettext, text_of
from plansza.errors import N_, PlanszaError

if TYPE_CHECKING:
    from plansza.services.federation import AppealDates
    from plansza.services.federation_server import FederationServer

app = typer.Typer(
    help=N_("The federation's registry: members, referees' licences, tournaments."),
    no_args_is_help=True,
)
member_app = typer.Typer(help=N_("Members and their membership periods."), no_args_is_help=True)
referee_app = typer.Typer(
    help=N_("Referees' licences: grants, penalties, status (RS §2–§5)."), no_args_is_help=True
)
tournament_app = typer.Typer(
    help=N_("Tournaments with their referees and category (RS §6)."), no_args_is_help=True
)
app.add_typer(member_app, name="member")
app.add_typer(referee_app, name="referee")
app.add_typer(tournament_app, name="tournament")
internship_app = typer.Typer(
    help=N_("Wishes to intern and the internship queue (RS §3.3, §3.4)."), no_args_is_help=True
)
app.add_typer(internship_app, name="internship")

DbOption = typer.Option(
    None, "--db", help=N_("Registry file (*.federacja.sqlite) or a PostgreSQL URL")
)
JsonOption = typer.Option(False, "--json", help=N_("Answer in JSON"))
ROMAN = {1: "I", 2: "II"}
"""A licence's degree as the rules write it."""
AssistantOption = typer.Option([], "--assistant", help=N_("An assistant referee, repeatable"))


def register(root: typer.Typer) -> None:
    """Add ``federacja`` (alias ``federation``) to the root app."""
    root.add_typer(app, name="federacja")
    root.add_typer(app, name="federation", hidden=True)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _day(text: str | None, option: str) -> date | None:
    """The date an option gives (from 1900 to 2999), or one line naming it (exit 2)."""
    from plansza.files import excerpt
    from plansza.inputs import check_day

    if text is None:
        return None
    try:
        day = date.fromisoformat(text.strip())
    except ValueError:
        fail(
            _("{option}: bad date {text} (YYYY-MM-DD)", option=option, text=excerpt(text)),
            EXIT_INPUT,
        )
    with user_errors(EXIT_INPUT):
        check_day(day, option)
    return day


def _required_day(text: str, option: str) -> date:
    day = _day(text, option)
    assert day is not None
    return day


class _Closing(Protocol):
    def close(self) -> None: ...


@contextmanager
def _board(db: str | None, *, write: bool = False) -> Iterator[Any]:
    """The board's service on the registry ``--db`` names. An unknown name or an
    unreadable input: exit 2; what the rules refuse: exit 3."""
    from plansza.services.federation import Federation, open_registry

    with user_errors(EXIT_INPUT):
        registry = open_registry(db, create=write and db is not None, at=_now())
    with _exits(Federation(registry, _now)) as board:
        yield board


@contextmanager
def _exits(service: _Closing) -> Iterator[Any]:
    """``service`` for the ``with`` block, closed after it: an unknown name exits 2,
    what the rules refuse exits 3."""
    from plansza.services.federation import UnknownNameError

    try:
        with user_errors(EXIT_REFUSED):
            try:
                yield service
            except UnknownNameError as e:
                fail(describe_error(e), EXIT_INPUT)
    finally:
        service.close()


def _answer(as_json: bool, text: str, data: dict[str, Any]) -> None:
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        console.print(text)


@member_app.command("add")
def member_add(
    name: str = typer.Argument(..., help=N_("The member's name")),
    born: str | None = typer.Option(None, "--born", help=N_("Date of birth, YYYY-MM-DD")),
    since: str = typer.Option(..., "--since", help=N_("First day of membership")),
    until: str | None = typer.Option(None, "--until", help=N_("Last day of membership")),
    player: str | None = typer.Option(
        None, "--player", help=N_("The name in the ranking's game history (default: the name)")
    ),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Add a member, or one more membership period of a member."""
    first, last, birth = _day(since, "--since"), _day(until, "--until"), _day(born, "--born")
    assert first is not None
    with _board(db, write=True) as board:
        board.add_member(name, born=birth, since=first, until=last, player=player)
    _answer(
        as_json,
        _("Member {name}: from {since} to {until}", name=name, since=first, until=last or "…"),
        {"name": name, "since": first.isoformat(), "until": last.isoformat() if last else None},
    )


@member_app.command("end")
def member_end(
    name: str = typer.Argument(..., help=N_("The member's name")),
    until: str = typer.Option(..., "--date", help=N_("Last day of membership")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """End a member's open membership on a day (RS §5.1 suspends a licence after it)."""
    last = _required_day(until, "--date")
    with _board(db, write=True) as board:
        board.end_membership(name, last)
    _answer(
        as_json,
        _("Member {name}: membership ends on {until}", name=name, until=last),
        {"name": name, "until": last.isoformat()},
    )


@member_app.command("import")
def member_import(
    csv_path: str = typer.Argument(
        ..., metavar="CSV", help=N_("CSV: name, born, since, until, player")
    ),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Import members from a CSV (a person with several periods: several rows)."""
    from plansza.files import read_record

    with user_errors(EXIT_INPUT):
        text = read_record(csv_path)
    with _board(db, write=True) as board:
        n = board.import_members(text, source=csv_path)
    _answer(
        as_json,
        ngettext("Imported {n} membership period.", "Imported {n} membership periods.", n, n=n),
        {"imported": n},
    )


@member_app.command("list")
def member_list(
    as_of: str | None = typer.Option(None, "--as-of", help=N_("Members on this day")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """The members and their membership periods."""
    day = _day(as_of, "--as-of")
    with _board(db) as board:
        members = board.members(day)
    rows = [
        {
            "name": m.name,
            "born": m.born.isoformat() if m.born else None,
            "player": m.player,
            "periods": [
                {"since": p.since.isoformat(), "until": p.until.isoformat() if p.until else None}
                for p in m.periods
            ],
        }
        for m in members
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return
    for row in rows:
        periods = ", ".join(f"{p['since']} – {p['until'] or '…'}" for p in row["periods"])
        console.print(f"{row['name']}  ({row['born'] or '?'})  {periods}")


@referee_app.command("grant")
def referee_grant(
    name: str = typer.Argument(..., help=N_("The referee's name")),
    degree: int = typer.Option(..., "--degree", help=N_("1 or 2 (RS §2.2)")),
    day: str = typer.Option(..., "--date", help=N_("The board's decision, YYYY-MM-DD")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a licence granted by the board (RS §2.1, §3.5)."""
    when = _required_day(day, "--date")
    with _board(db, write=True) as board:
        board.grant(name, degree, when)
    _answer(
        as_json,
        _(
            "{name}: degree {roman} licence granted on {date}",
            name=name,
            roman=ROMAN.get(degree, degree),
            date=when,
        ),
        {"name": name, "degree": degree, "date": when.isoformat()},
    )


@referee_app.command("temporary")
def referee_temporary(
    name: str = typer.Argument(..., help=N_("The member's name")),
    tournament: str = typer.Option(..., "--tournament", help=N_("The event")),
    day: str = typer.Option(..., "--date", help=N_("The event's day, YYYY-MM-DD")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a temporary licence for one event (RS §3.9)."""
    when = _required_day(day, "--date")
    with _board(db, write=True) as board:
        board.temporary(name, tournament, when)
    _answer(
        as_json,
        _(
            "{name}: a temporary licence for {tournament} on {date}",
            name=name,
            tournament=tournament,
            date=when,
        ),
        {"name": name, "tournament": tournament, "date": when.isoformat()},
    )


@referee_app.command("penalty")
def referee_penalty(
    name: str = typer.Argument(..., help=N_("The referee's name")),
    kind: str = typer.Option(
        ..., "--kind", help="warning | no-play | suspend-1 | suspend-all | re-exam | revoke"
    ),
    day: str = typer.Option(..., "--date", help=N_("The board's decision, YYYY-MM-DD")),
    days: int | None = typer.Option(
        None, "--days", help=N_("A suspension's length, 30–365 days (RS §4.1.3–4)")
    ),
    tournaments: int | None = typer.Option(
        None, "--tournaments", help=N_("No playing while refereeing: 1–5 tournaments (RS §4.1.2)")
    ),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a penalty of RS §4.1."""
    when = _required_day(day, "--date")
    with _board(db, write=True) as board:
        board.penalty(name, kind, when, days=days, tournaments=tournaments)
    _answer(
        as_json,
        _("{name}: penalty {kind} from {date}", name=name, kind=kind, date=when),
        {
            "name": name,
            "kind": kind,
            "date": when.isoformat(),
            "days": days,
            "tournaments": tournaments,
        },
    )


@referee_app.command("status")
def referee_status(
    name: str = typer.Argument(..., help=N_("The referee's name")),
    as_of: str | None = typer.Option(None, "--as-of", help=N_("The day (default: today)")),
    history: str | None = typer.Option(
        None, "--history", help=N_("The ranking's game-history CSV (days played, RS §5.2)")
    ),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """The licence in force on a day, what suspends it, until when and why."""
    day = _day(as_of, "--as-of") or date.today()
    games = _history(history)
    with _board(db) as board:
        found = board.status(name, day, games)
    if as_json:
        print(json.dumps(found.as_dict(), ensure_ascii=False))
        return
    if found.degree is not None:
        head = _(
            "{name} as of {date}: degree {roman} licence",
            name=found.name,
            date=day,
            roman=ROMAN[found.degree],
        )
    else:
        head = _("{name} as of {date}: no licence in force", name=found.name, date=day)
    console.print(head, style="bold")
    for reason in found.reasons:
        console.print("  • " + text_of(reason.template, **reason.fields()), soft_wrap=True)
    if found.lapses is not None:
        console.print(
            "  • "
            + _(
                "lapses on {date} unless a PFS tournament is run or played before (RS §5.2)",
                date=found.lapses,
            ),
            soft_wrap=True,
        )


#: A tournament's name, days, category and head referee: as ``tournament add`` and
#: ``announce`` take them.
TournamentNameArg = typer.Argument(..., help=N_("Tournament name"))
FirstDayOption = typer.Option(..., "--date", help=N_("First day, YYYY-MM-DD"))
LastDayOption = typer.Option(None, "--end", help=N_("Last day (default: the first)"))
CategoryOption = typer.Option(
    ..., "--category", help="GP | MP | KMP | PP | LeMans | ranked | unranked"
)
HeadRefereeOption = typer.Option(..., "--referee", help=N_("The head referee"))


@tournament_app.command("add")
def tournament_add(
    name: str = TournamentNameArg,
    day: str = FirstDayOption,
    end: str | None = LastDayOption,
    category: str = CategoryOption,
    referee: str = HeadRefereeOption,
    assistants: list[str] = AssistantOption,
    plays: bool = typer.Option(False, "--plays", help=N_("The head referee plays too")),
    internship: str | None = typer.Option(
        None, "--internship", help=N_("A candidate interning at it")
    ),
    exam: str | None = typer.Option(None, "--exam", help=N_("A candidate's exam held at it")),
    rounds: int | None = typer.Option(None, "--rounds", help=N_("Number of rounds")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a tournament, its referees and category (RS §6, RR §4)."""
    start = _required_day(day, "--date")
    last = _day(end, "--end")
    with _board(db, write=True) as board:
        warnings = board.add_tournament(
            name,
            start=start,
            end=last,
            category=category,
            referee=referee,
            assistants=assistants,
            plays=plays,
            internship=internship,
            exam=exam,
            rounds=rounds,
        )
    _answer(
        as_json,
        _(
            "Tournament {name} ({category}) on {date}, head referee {referee}",
            name=name,
            category=category,
            date=start,
            referee=referee,
        ),
        {
            "name": name,
            "date": start.isoformat(),
            "end": (last or start).isoformat(),
            "category": category,
            "referee": referee,
            "assistants": assistants,
            "plays": plays,
            "warnings": [{"code": w.code, "message": describe_error(w)} for w in warnings],
        },
    )
    if not as_json:
        for w in warnings:
            err_console.print(_("warning: {text}", text=describe_error(w)))


def _history(path: str | None) -> Any:
    """The ranking's game history at ``path`` (None: none given)."""
    from plansza.services.federation import ranked_games

    with user_errors(EXIT_INPUT):
        return ranked_games(path)


HistoryOption = typer.Option(
    None, "--history", help=N_("The ranking's game-history CSV (the ranked games, RS §3.1)")
)


@app.command("candidate")
def candidate(
    name: str = typer.Argument(..., help=N_("The candidate's name")),
    as_of: str | None = typer.Option(None, "--as-of", help=N_("The day (default: today)")),
    history: str | None = HistoryOption,
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """A candidate for referee on a day (RS §3): the conditions unmet and how far,
    the internship, the exams, from when and until when."""
    from plansza.cli.i18n import t
    from plansza.services.federation import STAGES

    day = _day(as_of, "--as-of") or date.today()
    games = _history(history)
    with _board(db) as board:
        found = board.candidate(name, day, games)
    words = t()
    if as_json:
        print(json.dumps({"name": name, **found.as_dict(words)}, ensure_ascii=False))
        return
    console.print(
        _(
            "{name} as of {date}: {stage}",
            name=name,
            date=day,
            stage=words.gettext(STAGES[found.stage]),
        ),
        style="bold",
    )
    applying = found.stage in ("not_eligible", "may_apply")
    # once the board consented (RS §3.2), RS §3.1 was checked: the --json answer
    # still says whether it holds on the day
    for f in (*(found.eligibility.unmet if applying else ()), *found.notes):
        console.print("  • " + f.text(words), soft_wrap=True)
    if not applying:
        console.print(
            "  • "
            + ngettext(
                "{n} internship round", "{n} internship rounds", found.rounds, n=found.rounds
            ),
            soft_wrap=True,
        )
    if found.since is not None or found.until is not None:
        console.print(
            "  • "
            + _(
                "the next exam from {since} until {until} (RS §3.5)",
                since=found.since or "…",
                until=found.until or "…",
            ),
            soft_wrap=True,
        )
    if found.granted is not None:
        console.print(
            "  • " + _("degree II licence from {date} (RS §3.5)", date=found.granted),
            soft_wrap=True,
        )


@app.command("approve")
def approve(
    name: str = typer.Argument(..., help=N_("The candidate's name")),
    day: str = typer.Option(..., "--date", help=N_("The board's decision, YYYY-MM-DD")),
    history: str | None = HistoryOption,
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Record the board's consent to a candidacy (RS §3.2)."""
    when = _required_day(day, "--date")
    games = _history(history)
    with _board(db, write=True) as board:
        board.approve(name, when, games)
    _answer(
        as_json,
        _("{name}: candidacy approved on {date} (RS §3.2)", name=name, date=when),
        {"name": name, "date": when.isoformat()},
    )


@app.command("exam")
def exam(
    name: str = typer.Argument(..., help=N_("The candidate's name")),
    theory: bool = typer.Option(False, "--theory", help=N_("The theory exam")),
    practical: bool = typer.Option(False, "--practical", help=N_("The practical exam")),
    day: str = typer.Option(..., "--date", help=N_("The exam's day, YYYY-MM-DD")),
    passed: bool | None = typer.Option(None, "--passed/--failed", help=N_("The result")),
    tournament: str | None = typer.Option(
        None, "--tournament", help=N_("The practical exam's tournament (at least 12 rounds)")
    ),
    assessor: str | None = typer.Option(None, "--assessor", help=N_("Who assessed it")),
    pool: str | None = typer.Option(
        None, "--pool", help=N_("The question pool, one question a line (RS §3.6)")
    ),
    seed: str | None = typer.Option(None, "--seed", help=N_("The draw's seed")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Record an exam sat (RS §3.5); a practical exam passed grants degree II.
    With --pool, three questions are drawn and recorded; a failed exam shows the
    appeal's deadlines (RS §3.7)."""
    from plansza.services.federation import exam_questions

    if theory == practical:
        fail(_("give one of --theory and --practical"), EXIT_INPUT)
    if passed is None:
        fail(_("give the result: --passed or --failed"), EXIT_INPUT)
    if practical and not tournament:
        fail(_("--practical needs --tournament (RS §3.5)"), EXIT_INPUT)
    when = _required_day(day, "--date")
    questions: tuple[str, ...] = ()
    if pool is not None:
        with user_errors(EXIT_INPUT):
            questions = exam_questions(pool, name, when, seed)
    kind = "theory" if theory else "practical"
    with _board(db, write=True) as board:
        appeal = board.exam(
            name,
            kind,
            when,
            passed=passed,
            questions=questions,
            tournament=tournament,
            assessor=assessor,
        )
    _said_exam(name, theory, when, passed, questions, appeal, as_json=as_json)


def _said_exam(
    name: str,
    theory: bool,
    when: date,
    passed: bool,
    questions: tuple[str, ...],
    appeal: AppealDates | None,
    *,
    as_json: bool,
) -> None:
    """What ``exam`` says it recorded: the exam, the questions drawn, an appeal's dates."""
    kind = "theory" if theory else "practical"
    data: dict[str, Any] = {
        "name": name,
        "kind": kind,
        "date": when.isoformat(),
        "passed": passed,
        "questions": list(questions),
        "appeal_by": appeal.appeal_by.isoformat() if appeal else None,
        "decision_by": appeal.decision_by.isoformat() if appeal else None,
    }
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return
    if theory:
        head = (
            _("{name}: the theory exam passed on {date}", name=name, date=when)
            if passed
            else _("{name}: the theory exam failed on {date}", name=name, date=when)
        )
    else:
        head = (
            _("{name}: the practical exam passed on {date}: degree II", name=name, date=when)
            if passed
            else _("{name}: the practical exam failed on {date}", name=name, date=when)
        )
    console.print(head)
    for n, q in enumerate(questions, start=1):
        console.print(f"  {n}. {q}", soft_wrap=True)
    if appeal is not None:
        console.print(
            _(
                "Appeal to the board by {appeal}; the board decides by {decision} (RS §3.7)",
                appeal=appeal.appeal_by,
                decision=appeal.decision_by,
            ),
            soft_wrap=True,
        )


@internship_app.command("apply")
def internship_apply(
    name: str = typer.Argument(..., help=N_("The candidate's name")),
    tournament: str = typer.Option(..., "--tournament", help=N_("The tournament")),
    start: str = typer.Option(..., "--start", help=N_("The tournament's first day")),
    day: str = typer.Option(..., "--date", help=N_("The day the board was told, YYYY-MM-DD")),
    exam: bool = typer.Option(False, "--exam", help=N_("The candidate asks to sit the exam there")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Record a wish to intern at a tournament (RS §3.3: at least 7 days before)."""
    first = _required_day(start, "--start")
    when = _required_day(day, "--date")
    with _board(db, write=True) as board:
        board.apply_internship(name, tournament, start=first, day=when, exam=exam)
    _answer(
        as_json,
        _(
            "{name}: wishes to intern at {tournament} ({start}), told on {date}",
            name=name,
            tournament=tournament,
            start=first,
            date=when,
        ),
        {
            "name": name,
            "tournament": tournament,
            "start": first.isoformat(),
            "date": when.isoformat(),
            "exam": exam,
        },
    )


@internship_app.command("queue")
def internship_queue(
    tournament: str = typer.Option(..., "--tournament", help=N_("The tournament")),
    as_of: str | None = typer.Option(
        None, "--as-of", help=N_("The day (default: the tournament's first day)")
    ),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """The internship queue of a tournament (RS §3.4): who interns, and why each
    applicant stands where they stand."""
    from plansza.cli.i18n import t

    day = _day(as_of, "--as-of")
    with _board(db) as board:
        found = board.internship_queue(tournament, day)
    words = t()
    intern = found[0].applicant.name if found else None
    if as_json:
        rows = [
            {
                "position": n,
                "name": q.applicant.name,
                "applied": q.applicant.applied.isoformat(),
                "start": q.application.start.isoformat(),
                "exam": q.applicant.wants_exam,
                "has_rounds": q.applicant.has_rounds,
                "rounds": q.rounds,
                "whole_tournament": q.whole,
                "reasons": [f.as_dict(words) for f in q.reasons()],
            }
            for n, q in enumerate(found, start=1)
        ]
        print(
            json.dumps(
                {"tournament": tournament, "intern": intern, "queue": rows}, ensure_ascii=False
            )
        )
        return
    if intern is None:
        console.print(_("No one wishes to intern at {tournament}.", tournament=tournament))
        return
    console.print(
        _(
            "{tournament}: {name} interns (RS §3.4)",
            tournament=found[0].application.tournament,
            name=intern,
        ),
        style="bold",
    )
    for n, q in enumerate(found, start=1):
        why = "; ".join(f.text(words) for f in q.reasons())
        console.print(f"  {n}. {q.applicant.name}: {why}", soft_wrap=True)


# --- the federation's server (issue 46): the board's commands ---


@contextmanager
def _server(db: str | None, *, create: bool = False) -> Iterator[FederationServer]:
    """The federation's server on the registry ``--db`` names (``create``: a new one
    when ``--db`` names a file that does not exist). An unknown name or an unreadable
    input: exit 2; what the registry refuses: exit 3."""
    from plansza.services.federation import find_default
    from plansza.services.federation_server import FederationServer

    with user_errors(EXIT_INPUT):
        server = FederationServer(db or find_default("."), _now, create=create and db is not None)
    with _exits(server) as opened:
        yield opened


def _new_key_file(path: str) -> int:
    """``path`` made empty for a key, readable by its owner only (0600), before the key
    is issued: a file there already is never overwritten (exit 3)."""
    from plansza.files import check_output, write_error

    with user_errors(EXIT_INPUT):
        check_output(path)
    try:
        # O_EXCL: refused when anything is there, a link to elsewhere too
        return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        fail(_("{path} already exists: a key file is never overwritten", path=path), EXIT_REFUSED)
    except OSError as e:
        fail(describe_error(write_error(e, path)), EXIT_INPUT)


def _write_key_file(fd: int, path: str, line: str) -> None:
    """The key's one line into the file :func:`_new_key_file` made (removed if it
    cannot be written)."""
    from plansza.files import write_error

    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(line)
    except OSError as e:
        os.unlink(path)
        fail(describe_error(write_error(e, path)), EXIT_INPUT)


@app.command("key")
def key(
    name: str = typer.Argument(..., help=N_("The referee's name (a member)")),
    output: str | None = typer.Option(
        None,
        "--output",
        help=N_("Write the key file here: KEY_ID:SECRET, mode 0600, never overwritten"),
    ),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Issue a referee's key for sending tournaments from the hall (plansza serve
    --send-to URL --key-file FILE). The secret is shown once; the referee's older key
    stops working."""
    with _server(db) as server:
        state = server.state()
        member: str = state.member(name).name  # unknown: exit 2, naming the name
        replaced = any(who == member for who, _secret in state.server.keys.values())
        fd = _new_key_file(output) if output is not None else None
        try:
            key_id, secret = server.issue_key(member)
        except BaseException:
            if fd is not None and output is not None:
                os.close(fd)
                os.unlink(output)
            raise
    if fd is not None and output is not None:
        _write_key_file(fd, output, f"{key_id}:{secret}\n")
    data = {
        "name": member,
        "key_id": key_id,
        "secret": None if output else secret,
        "file": output,
        "replaced": replaced,
    }
    if as_json:
        print(json.dumps(data, ensure_ascii=False))
        return
    if output is not None:
        said = _(
            "{name}: key {key_id} issued, written to {path} (for plansza serve --key-file)",
            name=member,
            key_id=key_id,
            path=output,
        )
        console.print(said, soft_wrap=True)
    else:
        console.print(_("{name}: key {key_id} issued", name=member, key_id=key_id))
        console.print(_("Secret, shown only this once: {secret}", secret=secret), soft_wrap=True)
        console.print(
            _(
                "The hall's key file (plansza serve --key-file) holds one line, "
                "KEY_ID:SECRET; --output FILE writes it."
            ),
            soft_wrap=True,
        )
    if replaced:
        console.print(_("The older key of {name} no longer works.", name=member), style="bold")


@app.command("administrator")
def administrator(
    nick: str = typer.Argument(..., help=N_("The web account's nickname (any case)")),
    remove: bool = typer.Option(False, "--remove", help=N_("Take the desk away")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Name a web account ranking administrator, who decides on the tournaments sent
    from the halls at /federacja/biuro (with --remove, no longer one)."""
    from plansza.services.accounts import nickname

    with user_errors(EXIT_INPUT):
        account = nickname(nick)
    with _server(db, create=not remove) as server:
        if remove and not server.is_administrator(account):
            fail(_("{nick} is not a ranking administrator", nick=account), EXIT_INPUT)
        server.name_administrator(account, active=not remove)
    _answer(
        as_json,
        _("{nick} is no longer a ranking administrator.", nick=account)
        if remove
        else _(
            "{nick} is a ranking administrator now: the desk is /federacja/biuro.", nick=account
        ),
        {"account": account, "administrator": not remove},
    )


@app.command("announce")
def announce(
    name: str = TournamentNameArg,
    day: str = FirstDayOption,
    end: str | None = LastDayOption,
    category: str = CategoryOption,
    referee: str = HeadRefereeOption,
    place: str = typer.Option("", "--place", help=N_("Where it is played")),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Announce a coming tournament in the calendar, where players sign up for it
    (announced again: its entry changed)."""
    from plansza.inputs import check_name

    if not name.strip():
        fail(_("give the tournament's name"), EXIT_INPUT)
    with user_errors(EXIT_INPUT):
        check_name(name)
    start = _required_day(day, "--date")
    last = _day(end, "--end")
    if last is not None and last < start:
        ends = _("the tournament ends ({end}) before it begins ({start})", end=last, start=start)
        fail(f"--end: {ends}", EXIT_INPUT)
    with _server(db) as server:
        try:
            tid = server.announce(
                name, start, end=last, category=category, referee=referee, place=place
            )
        except PlanszaError as e:
            if e.code != "bad_category":
                raise
            fail(f"--category: {describe_error(e)}", EXIT_INPUT)
        found = server.state().server.calendar[tid]
    days = f"{found.start}" if found.end == found.start else f"{found.start} – {found.end}"
    _answer(
        as_json,
        _(
            "Tournament {name} ({category}) on {date}, head referee {referee}: "
            "in the calendar as {id}",
            name=found.name,
            category=found.category,
            date=days,
            referee=found.referee,
            id=tid,
        ),
        {
            "id": tid,
            "name": found.name,
            "date": found.start.isoformat(),
            "end": found.end.isoformat(),
            "category": found.category,
            "referee": found.referee,
            "place": found.place,
        },
    )


def _read_history_first(path: str) -> None:
    """The history read before the registry is opened: a missing or bad file writes
    nothing, not even a new registry (exit 2); bad rows one a line, as ``plansza
    ranking`` lists them."""
    from plansza.services.federation import ranked_games
    from plansza.services.ranking import BadRowsError

    with user_errors(EXIT_INPUT):
        try:
            ranked_games(path)
        except BadRowsError as e:
            report_bad_rows(e)


@app.command("import-history")
def import_history(
    csv_path: str = typer.Argument(
        ..., metavar="CSV", help=N_("The ranking's game-history CSV (plansza ranking's file)")
    ),
    db: str | None = DbOption,
    as_json: bool = JsonOption,
) -> None:
    """Start the federation's server from its ranking history: every tournament of the
    CSV accepted as it is, then one ranking list published. Tournaments on record
    already are skipped: importing again changes nothing."""
    _read_history_first(csv_path)
    with _server(db, create=True) as server:
        n = server.import_history(csv_path)
        lists = server.state().server.lists
    published = lists[-1].day if n and lists else None
    if as_json:
        day = published.isoformat() if published else None
        print(json.dumps({"imported": n, "list": day}, ensure_ascii=False))
        return
    console.print(
        ngettext("Imported {n} tournament.", "Imported {n} tournaments.", n, n=n), soft_wrap=True
    )
    if published is not None:
        console.print(_("The ranking list of {date} is published.", date=published))


@app.command("desk")
def desk(db: str | None = DbOption, as_json: bool = JsonOption) -> None:
    """The tournaments sent from the halls that wait for the ranking administrator's
    decision, oldest first (as the desk at /federacja/biuro shows them)."""
    with _server(db) as server:
        waiting = server.state().server.waiting()
    rows = [
        {
            "id": s.id,
            "name": s.name,
            "date": s.start.isoformat(),
            "end": s.end.isoformat(),
            "category": s.category,
            "referee": s.referee,
            "sender": s.sender,
            "at": s.at,
            "version": s.version,
        }
        for s in waiting
    ]
    if as_json:
        print(json.dumps(rows, ensure_ascii=False))
        return
    if not rows:
        console.print(_("No tournament waits for the ranking administrator."))
        return
    n = len(rows)
    console.print(
        ngettext(
            "{n} tournament waits for the ranking administrator:",
            "{n} tournaments wait for the ranking administrator:",
            n,
            n=n,
        ),
        style="bold",
    )
    for row in rows:
        days = row["date"] if row["end"] == row["date"] else f"{row['date']} – {row['end']}"
        sent = _(
            "sent by {sender} on {at}", sender=row["sender"], at=row["at"][:16].replace("T", " ")
        )
        console.print(
            f"  {row['id']}  {row['name']}  {days}  {row['category']}  {sent}", soft_wrap=True
        )


# the registry's pages: a command of this group, in a module of its own
from plansza.cli.federation_report import report as _report  # noqa: E402

app.command("report")(_report)
