"""``plansza turniej`` (alias ``tournament``): the referee's commands.

Every command takes ``--db FILE``; without it the one ``*.turniej.sqlite``
file in the current directory is used. Each command is one transaction.

Thin: a command parses its arguments and calls the referee's service
(:class:`plansza.services.tournament.Referee`); the commands that only show or
write something call ``cli/tournament_views.py``, imported inside them (a
``turniej result`` never compiles it). What both share is ``cli/tournament_common.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from typing import TYPE_CHECKING, Any

import typer

from plansza.cli.common import (
    EXIT_INPUT,
    EXIT_NEGATIVE,
    EXIT_REFUSED,
    LazyModule,
    console,
    describe_error,
    err_console,
    fail,
    user_errors,
)
from plansza.cli.i18n import _, text_of
from plansza.cli.i18n import t as cli_translator
from plansza.cli.tournament_common import (
    CLI,
    SUFFIX,
    DbOption,
    _left,
    _name,
    _parse_date,
    _print_round,
    now,
    referee,
    referee_errors,
)
from plansza.errors import N_
from plansza.files import check_output, read_record
from plansza.services.tournament import (
    ArgumentError,
    Referee,
    category_list,
    category_titles,
    default_bye,
    from_list,
    new_settings,
    parse_score_pair,
    pending_removals,
    rating_list,
    read_players_csv,
    registered,
    seed_from_history,
    slug,
    tie_decided,
)
from plansza.services.tournament import player as resolve

if TYPE_CHECKING:
    from plansza import records
    from plansza.services.tournament import State
else:
    records = LazyModule("plansza.records")  # msgspec: not for turniej --help

app = typer.Typer(
    help=N_("Tournament: registration, pairing, results, standings, reports."), no_args_is_help=True
)

DatesOption = typer.Option([], "--date", help=N_("A day, repeatable"))
LastMoveOption = typer.Option(
    None,
    "--last-move",
    help=N_("Both last moves, A:B, e.g. 35:28 (SCH: they decide a tie)"),
)


def register(root: typer.Typer) -> None:
    """Add ``turniej`` (alias ``tournament``) to the root app."""
    root.add_typer(app, name="turniej")
    root.add_typer(app, name="tournament", hidden=True)


AssistantOption = typer.Option(
    [], "--assistant", help=N_("An assistant referee (RS §6.5); again for the second")
)
FederationOption = typer.Option(
    None,
    "--federation",
    help=N_("The federation's registry: the referees' licences are checked (RS §2, §4, §6)"),
)


def _roles(
    category: str, assistants: list[str], plays: bool, internship: str, exam: str
) -> dict[str, Any]:
    """The roles' settings given on the command line (only those given)."""
    out: dict[str, Any] = {}
    if category:
        out["category"] = category.strip()
    if assistants:
        out["assistants"] = [a.strip() for a in assistants if a.strip()]
    if plays:
        out["referee_plays"] = True
    if internship.strip():
        out["internship"] = internship.strip()
    if exam.strip():
        out["exam"] = exam.strip()
    return out


def _say_roles(findings: list[Any], federation: str | None, settings: Any) -> None:
    """RR §4, RS §2–§6: the warnings the service's check returned, said."""
    for f in findings:
        text = _(f.template, **f.details)
        err_console.print(
            _("warning: {text}", text=_("{paragraph}: {text}", paragraph=f.paragraph, text=text))
        )
    if settings.category and federation is None and settings.category != "unranked":
        err_console.print(
            _("The referee's licence is not checked: give the registry with --federation FILE")
        )


@contextmanager
def _roles_refused() -> Iterator[None]:
    """A refusal of the roles (:class:`RolesRefused`): every finding said, exit 3."""
    from plansza.services.tournament import RolesRefused

    try:
        yield
    except RolesRefused as e:
        for f in e.findings[1:]:
            err_console.print(
                _("{paragraph}: {text}", paragraph=f.paragraph, text=_(f.template, **f.details))
            )
        f = e.findings[0]
        fail(
            _("{paragraph}: {text}", paragraph=f.paragraph, text=_(f.template, **f.details)),
            EXIT_REFUSED,
        )


@app.command("new")
def new(
    name: str = typer.Argument(..., help=N_("Tournament name")),
    rounds: int = typer.Option(..., "--rounds", min=1, help=N_("Number of rounds")),
    system: str = typer.Option(
        ..., "--system", help="roundrobin | halving | swiss | danish | mpa | manual"
    ),
    minutes: int = typer.Option(15, "--minutes", min=1, help=N_("Minutes per player")),
    dates: list[str] = DatesOption,
    bye: str | None = typer.Option(
        None,
        "--bye",
        help=N_(
            "Bye score, e.g. 300:250 (asked when not given; the English championship's "
            "is 300:250, MPA 2c i; the PFS rules set none)"
        ),
    ),
    criteria: str = typer.Option(
        "", "--criteria", help=N_("Criteria chain, e.g. big_points,spread,small_points")
    ),
    repeats: bool = typer.Option(False, "--repeats", help=N_("Repeats allowed")),
    seed: int = typer.Option(0, "--seed", help=N_("Seed of the draws")),
    referee_name: str = typer.Option(
        "", "--referee", help=N_("The head referee, for the referee's report (RS §6)")
    ),
    venue: str = typer.Option("", "--venue", help=N_("Where it is played")),
    preset: str = typer.Option(
        "pfs",
        "--preset",
        help=N_("pfs | school (SCH: teams of 8 per school, a tie to the higher last move)"),
    ),
    category: str = typer.Option(
        "", "--category", help=N_("GP | MP | KMP | PP | LeMans | ranked | unranked (RR §4)")
    ),
    assistants: list[str] = AssistantOption,
    referee_plays: bool = typer.Option(
        False, "--referee-plays", help=N_("The head referee plays too (RS §6.4)")
    ),
    internship: str = typer.Option("", "--internship", help=N_("Candidate interning (RS §3.4)")),
    exam: str = typer.Option(
        "", "--exam", help=N_("Candidate sitting the practical exam (RS §3.5)")
    ),
    federation: str | None = FederationOption,
    db: str | None = DbOption,
) -> None:
    """Create a tournament."""
    bye_score, assumed = _bye_score(bye, system)
    with user_errors(EXIT_INPUT):  # a preset, system or criterion the settings refuse
        settings = new_settings(
            name,
            rounds,
            system,
            minutes=minutes,
            dates=[_parse_date(d) for d in dates],
            bye_score=bye_score,
            criteria=[c.strip() for c in criteria.split(",") if c.strip()],
            repeats=repeats,
            seed=seed,
            referee=referee_name,
            venue=venue,
            preset=preset,
            today=date.today().isoformat(),
            roles=_roles(category, assistants, referee_plays, internship, exam),
        )
    path = db or (slug(name) + SUFFIX)
    with referee_errors(), _roles_refused():
        check_output(path)  # its directory: the database would only say "unable to open"
        warnings = Referee.create(path, settings, now, registry=federation)
    _say_roles(warnings, federation, settings)
    console.print(_("Created '{name}' in {path}", name=name, path=path))
    if assumed:
        err_console.print(
            _(
                "No --bye given: a bye scores {score} (the English championship's, MPA 2c i; "
                "the PFS rules set none). To change it before the first bye: turniej set "
                "--bye POINTS:OPPONENT",
                score="{}:{}".format(*bye_score),
            )
        )


def interactive() -> bool:
    """Whether the referee is at a terminal to be asked (tests replace this)."""
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


def _bye_score(text: str | None, system: str) -> tuple[tuple[int, int], bool]:
    """The bye's score, and whether it was assumed: ``--bye``; else the format's (MPA
    2c i: 300:250); else the referee is asked; without a terminal, 300:250 assumed
    (``new`` says so once the tournament is created)."""
    if text is not None:
        with referee_errors():
            return parse_score_pair(text), False
    score, set_by_format = default_bye(system)
    if set_by_format:
        return score, False
    if not interactive():
        return score, True
    while True:
        answer = typer.prompt(
            _(
                "The bye's score: the points of the player with the bye and of the missing "
                "opponent, e.g. 300:250 (the PFS rules set none)"
            )
        )
        try:
            return parse_score_pair(answer), False
        except ArgumentError as e:
            err_console.print(describe_error(e))


def _added(state: State, pid: int) -> None:
    added = registered(state, pid)
    console.print(_("Added {name} (seed {seed})", name=added.name, seed=added.seed))
    if added.team_limit:  # SCH: one team per school, checked as it fills
        console.print(
            _(
                "{school}: {count} of {limit} in the team (SCH)",
                school=added.club,
                count=added.team,
                limit=added.team_limit,
            )
        )
    if added.joined_round > 1:
        console.print(
            _(
                "The player joins from round {round} (adjusted when that round is paired)",
                round=added.joined_round,
            )
        )


CategoryOption = typer.Option(
    [], "--category", help=N_("A prize category (women, juniors, seniors, …), repeatable")
)
ListOption = typer.Option(
    None,
    "--list",
    help=N_("The ranking list to look players up in (default: the one ranking import-list keeps)"),
)


def _listing(path: str | None) -> Any:
    """The imported ranking list (``None``: none imported), read with exit 2 on a bad file."""
    with user_errors(EXIT_INPUT):
        return rating_list(path)


@app.command("add-player")
def add_player(
    name: str = typer.Argument(..., help=N_("Name")),
    ranking: float | None = typer.Option(
        None, "--ranking", min=0, help=N_("PFS ranking (default: from the ranking list)")
    ),
    games: int = typer.Option(0, "--games", min=0, help=N_("Ranked games")),
    club: str = typer.Option("", "--club", help=N_("Club or school")),
    city: str = typer.Option("", "--city", help=N_("City")),
    category: list[str] = CategoryOption,
    division: str = typer.Option("", "--division", help=N_("Division (group)")),
    unlisted: bool = typer.Option(
        False, "--unlisted", help=N_("Not on the ranking list: register as given")
    ),
    list_path: str | None = ListOption,
    history: str | None = typer.Option(
        None,
        "--history",
        help=N_(
            "The ranking's history CSV: a player off the list plays with the tournament "
            "ranking it gives (RR §2.3–§2.4) instead of 100"
        ),
    ),
    db: str | None = DbOption,
) -> None:
    """Register a player (after round 1: a late entry, RS §7.2); a listed player's
    ranking and games come from the imported ranking list, an unlisted one's from the
    ranking's history when it is given (``--history``)."""
    listing = _listing(list_path)
    with referee(db) as r:
        data: dict[str, Any] = {
            "name": name,
            "ranking": ranking,
            "games": games,
            "club": club,
            "city": city,
        }
        if category:
            data["categories"] = category_list(category)
        if division:
            data["division"] = division
        hit = from_list(listing, data, unlisted=unlisted)
        seeded = None
        if hit is None and history is not None:
            with user_errors():  # a missing or bad history: a clear error, exit 2
                seeded = seed_from_history(history, data, r.state(), date.today())
        pid = r.add_player(data)
        state = r.state()
        _added(state, pid)
        if seeded is not None:
            console.print(
                _(
                    "Off the ranking list: the tournament ranking from the history, {ranking} "
                    "({games} games; RR §2.3–§2.4)",
                    ranking=seeded.value,
                    games=seeded.career_games,
                ),
                soft_wrap=True,
            )
            return
        if hit is not None:
            from plansza.services.ranking import ranking_text

            console.print(
                _(
                    "From the ranking list: ranking {ranking}, games {games} (RR §2.1)",
                    ranking=ranking_text(hit.ranking),
                    games=hit.games,
                )
            )
        elif listing is not None and ranking is None:
            console.print(_("Not on the ranking list: a debutant, ranking 100 (RR §2.2)"))


LabelsArgument = typer.Argument(None, help=N_("Its prize categories (all of them)"))


@app.command("category")
def category_cmd(
    player: str = typer.Argument(..., help=N_("Seed or name")),
    labels: list[str] | None = LabelsArgument,
    division: str | None = typer.Option(
        None, "--division", help=N_("Division (group), before round 1")
    ),
    clear: bool = typer.Option(False, "--clear", help=N_("No prize category")),
    db: str | None = DbOption,
) -> None:
    """Set a player's prize categories (and division); without any, show them."""
    with referee(db) as r:
        given = category_list(labels or [])
        if given or clear or division is not None:
            pid = r.set_categories(player, given, division)
        else:
            pid = resolve(r.state(), player)
        state = r.state()
        p = state.players[pid]
        shown = ", ".join(category_titles(state, pid, cli_translator())) or "—"
        console.print(
            _(
                "{name}: categories {categories}; division {division}",
                name=_name(r.state(), pid),
                categories=shown,
                division=p.division or "—",
            )
        )


@app.command("import-players")
def import_players(
    path: str = typer.Argument(..., help=N_("CSV file with a header")),
    list_path: str | None = ListOption,
    db: str | None = DbOption,
) -> None:
    """Import players from CSV (all or none); a row without a ranking takes it from the
    imported ranking list when the name is on it."""
    listing = _listing(list_path)
    with referee(db) as r:
        records = read_players_csv(read_record(path), path)
        found = 0
        for rec in records:
            try:
                found += from_list(listing, rec) is not None
            except ArgumentError as e:  # close names, not the name: say so, register as given
                err_console.print(_("Note: {message}", message=describe_error(e)), markup=False)
        count = r.import_players(records)
        console.print(_("Players imported: {count}", count=count))
        if listing is not None:
            console.print(_("From the ranking list: {count}", count=found))


@app.command("pair")
def pair(
    round_no: int | None = typer.Option(None, "--round", help=N_("Round (default: next)")),
    manual: str = typer.Option("", "--manual", help=N_("By hand, e.g. 1-4,2-3,5")),
    day: str | None = typer.Option(None, "--date", help=N_("The round's date YYYY-MM-DD")),
    preview: bool = typer.Option(False, "--preview", help=N_("Show without recording")),
    db: str | None = DbOption,
) -> None:
    """Pair a round (again, if it has no results: a manual change)."""
    with referee(db) as r:
        before = r.state()
        if not before.closed:
            _warn_no_shows(before, before.next_round if round_no is None else round_no)
        the_day = None if day is None else _parse_date(day)
        state, n = r.pair(round_no, manual=manual, day=the_day, preview=preview)
        _print_round(state, n)
        _print_notes(state, n)
        _offer_bye_adjustment(state, n)
        if preview:
            console.print(_("(preview — nothing recorded; to record: pair without --preview)"))


def _print_notes(state: State, n: int) -> None:
    """What the pairing had to do, as the log records it (:func:`pairing_notes`)."""
    from plansza.services.tournament import pairing_notes

    for note in pairing_notes(state, n):
        console.print(note.said(cli_translator()))


def _offer_bye_adjustment(state: State, n: int) -> None:
    """RS §7.7: a bye to a player who has not played a game (round 1 of an odd field)
    may be corrected by an adjustment; say how."""
    from plansza.services.tournament import unplayed_bye_seed

    found = unplayed_bye_seed(state, n)
    if found is None:
        return
    pid, seed = found
    console.print(
        _(
            "{name} has the bye without having played a game (RS §7.7). To correct it by an "
            "adjustment instead (no bye score; the player joins round {next} with an RS §7.2 "
            "adjustment): turniej bye {round} {seed} --adjust",
            name=_name(state, pid),
            next=n + 1,
            round=n,
            seed=seed,
        )
    )


def _warn_no_shows(state: State, n: int) -> None:
    """TR 6.3.4: remind the referee of walkover losers of the previous round."""
    for loser, lost in pending_removals(state, n):
        err_console.print(
            _(
                "Note: {name} lost by walkover in round {round}; a player still absent is "
                "removed before the pairing (TR 6.3.4): withdraw --removed, then pair --round "
                "{next}",
                name=state.players[loser].name,
                round=lost,
                next=n,
            )
        )


@app.command("result", context_settings={"ignore_unknown_options": True})
def result(
    round_no: int = typer.Argument(..., help=N_("Round")),
    player_a: str = typer.Argument(..., help=N_("Seed or name")),
    score_a: str = typer.Argument(..., help=N_("Score A")),
    player_b: str = typer.Argument(..., help=N_("Player B")),
    score_b: str = typer.Argument(..., help=N_("Score B")),
    last_move: str | None = LastMoveOption,
    db: str | None = DbOption,
) -> None:
    """Enter a result: ROUND A SCORE_A B SCORE_B."""
    with referee(db) as r:
        state = r.state()
        a, sa, b, sb = r.result(
            round_no, player_a, score_a, player_b, score_b, last_moves=last_move
        )
        console.print(
            text_of(
                CLI["result_ok"],
                round=round_no,
                a=_name(state, a),
                sa=sa,
                b=_name(state, b),
                sb=sb,
            )
        )
        _tie_decided(r.state(), round_no, a)


def _tie_decided(state: State, round_no: int, pid: int) -> None:
    """SCH: say who the last move gave the tie to (or that it stays a draw)."""
    tie = tie_decided(state, round_no, pid)
    if tie is None:
        return
    if tie.winner is None:
        console.print(_("The last moves are equal too: a draw"))
        return
    winner = tie.winner
    console.print(
        _(
            "A tie: {name} wins on the higher last move (SCH)",
            name=_name(state, winner),
        )
    )


CONSENT = {
    "players": N_("Both players' consent recorded (TR 4.6.4), day {day} of play."),
    "referee": N_(
        "Round {next} is already paired: the referee's consent recorded (TR 4.6.4), "
        "day {day} of play."
    ),
    "override": N_(
        "Past the TR 4.6.4 window: recorded in the log as the referee's override, "
        "day {day} of play."
    ),
}


@app.command("correct", context_settings={"ignore_unknown_options": True})
def correct(
    round_no: int = typer.Argument(..., help=N_("Round")),
    player_a: str = typer.Argument(...),
    score_a: str = typer.Argument(...),
    player_b: str = typer.Argument(...),
    score_b: str = typer.Argument(...),
    note: str = typer.Option("", "--note", help=N_("Reason, for the log")),
    referee_consent: bool = typer.Option(
        False,
        "--referee-consent",
        help=N_("The referee consents (TR 4.6.4: after the next round is paired, that day)"),
    ),
    override: bool = typer.Option(
        False, "--override", help=N_("The referee overrides TR 4.6.4 (recorded as such)")
    ),
    last_move: str | None = LastMoveOption,
    db: str | None = DbOption,
) -> None:
    """Correct a confirmed result with both players' consent (TR 4.6.4), on record."""
    with referee(db) as r:
        state = r.state()
        c = r.correct(
            round_no,
            player_a,
            score_a,
            player_b,
            score_b,
            note=note,
            referee_consent=referee_consent,
            override=override,
            last_moves=last_move,
        )
        console.print(
            text_of(
                CLI["correct_ok"],
                round=round_no,
                a=_name(state, c.a),
                sa=c.score_a,
                b=_name(state, c.b),
                sb=c.score_b,
            )
        )
        console.print(text_of(CONSENT[c.consent], day=c.day, next=round_no + 1))
        after = r.state()
        _tie_decided(after, round_no, c.a)
        for (n, winner), score in c.walkovers:
            console.print(
                _(
                    "The walkover of round {round} to {w} follows the corrected result: now "
                    "{n}:1 (TR 7.2)",
                    round=n,
                    w=_name(after, winner),
                    n=score,
                )
            )


@app.command("new-day")
def new_day(
    day: str | None = typer.Option(None, "--date", help=N_("The day's date YYYY-MM-DD")),
    db: str | None = DbOption,
) -> None:
    """Start the next day of play (it ends the referee's TR 4.6.4 window of the last)."""
    the_day = None if day is None else _parse_date(day)
    with referee(db) as r:
        n = r.new_day(the_day)
        console.print(_("Day {day} of play begins.", day=n))


@app.command("close")
def close(db: str | None = DbOption) -> None:
    """The official end of the tournament (TR 4.6.4)."""
    with referee(db) as r:
        r.close()
        console.print(
            _(
                "The tournament is closed (TR 4.6.4): results can now be changed only by "
                "a correction with --override."
            )
        )


@app.command("walkover")
def walkover(
    round_no: int = typer.Argument(..., help=N_("Round")),
    winner: str = typer.Argument(..., help=N_("The player awarded it")),
    loser: str = typer.Argument(..., help=N_("The absent or excluded opponent")),
    score: int = typer.Option(0, "--score", min=0, help=N_("Score at the time")),
    replace: bool = typer.Option(False, "--replace", help=N_("Replace the result (TR 7.2)")),
    db: str | None = DbOption,
) -> None:
    """A walkover, N computed."""
    with referee(db) as r:
        state = r.state()
        w, n = r.walkover(round_no, winner, loser, score=score, replace=replace)
        console.print(
            _(
                "Round {round}: walkover to {w}, {n}:1 (TR 7.2)",
                round=round_no,
                w=_name(state, w),
                n=n,
            )
        )


@app.command("forfeit")
def forfeit(
    round_no: int = typer.Argument(..., help=N_("Round")),
    player_a: str = typer.Argument(..., help=N_("Player A")),
    player_b: str = typer.Argument(..., help=N_("Player B")),
    replace: bool = typer.Option(False, "--replace", help=N_("Replace the result")),
    db: str | None = DbOption,
) -> None:
    """A double forfeit."""
    with referee(db) as r:
        state = r.state()
        a, b = r.forfeit(round_no, player_a, player_b, replace=replace)
        console.print(
            _(
                "Round {round}: {a} and {b} absent — a loss for both",
                round=round_no,
                a=_name(state, a),
                b=_name(state, b),
            )
        )


@app.command("bye")
def bye(
    round_no: int = typer.Argument(..., help=N_("Round")),
    player: str = typer.Argument(..., help=N_("Player")),
    adjust: bool = typer.Option(
        False,
        "--adjust",
        help=N_(
            "RS §7.7: instead of the bye, the player (who has not played yet) joins the "
            "next round with an adjustment"
        ),
    ),
    db: str | None = DbOption,
) -> None:
    """Move the bye to a player (a manual change), or replace it by an adjustment."""
    with referee(db) as r:
        state = r.state()
        if adjust:
            pid = r.bye_adjustment(round_no, player)
            console.print(
                _(
                    "Round {round}: {name} sits out without the bye's score and joins round "
                    "{next} with an adjustment (RS §7.7, RS §7.2)",
                    round=round_no,
                    name=_name(state, pid),
                    next=round_no + 1,
                )
            )
            return
        pid = r.bye(round_no, player)
        console.print(_("Round {round}: bye for {name}", round=round_no, name=_name(state, pid)))


@app.command("penalty")
def penalty(
    round_no: int = typer.Argument(..., help=N_("Round")),
    player: str = typer.Argument(..., help=N_("Player")),
    points: int = typer.Argument(..., help=N_("Points, a multiple of 5 (TR 7.1)")),
    db: str | None = DbOption,
) -> None:
    """A penalty."""
    with referee(db) as r:
        state = r.state()
        pid = r.penalty(round_no, player, points)
        console.print(
            _(
                "Round {round}: penalty −{points} for {name} (TR 7.1)",
                round=round_no,
                name=_name(state, pid),
                points=points,
            )
        )


@app.command("withdraw")
def withdraw(
    player: str = typer.Argument(..., help=N_("Player")),
    round_no: int | None = typer.Option(None, "--round", help=N_("First round missed")),
    excluded: bool = typer.Option(False, "--excluded", help=N_("Exclusion (TR 7.1)")),
    removed: bool = typer.Option(
        False, "--removed", help=N_("Removed: absent at the next pairing (TR 6.3.4)")
    ),
    db: str | None = DbOption,
) -> None:
    """Withdraw a player."""
    if excluded and removed:
        fail(_("choose one: --excluded (TR 7.1) or --removed (TR 6.3.4)"), EXIT_INPUT)
    with referee(db) as r:
        state = r.state()
        pid, n = r.withdraw(player, round_no, excluded, removed)
        if excluded or removed:  # TR 7.1, TR 6.3.4: said as the standings will mark it
            kind = "excluded" if excluded else "removed"
            console.print(f"{_name(state, pid)}: {_left(kind, n)}")
        else:
            console.print(_("{name} withdrawn from round {round}", name=_name(state, pid), round=n))


@app.command("return")
def return_(
    player: str = typer.Argument(..., help=N_("Player")),
    round_no: int | None = typer.Option(None, "--round", help=N_("Round of return")),
    db: str | None = DbOption,
) -> None:
    """A player returns."""
    with referee(db) as r:
        state = r.state()
        pid, n = r.come_back(player, round_no)
        console.print(_("{name} returns from round {round}", name=_name(state, pid), round=n))


def _chain(text: str | None) -> list[str] | None:
    return None if text is None else [c.strip() for c in text.split(",") if c.strip()]


@app.command("set")
def set_(  # long: a command whose 23 options are most of it
    criteria: str | None = typer.Option(
        None, "--criteria", help=N_("Criteria, e.g. big_points,spread")
    ),
    final_criteria: str | None = typer.Option(None, "--final-criteria"),
    bye: str | None = typer.Option(None, "--bye", help=N_("Bye score, e.g. 300:250")),
    bye_points: float | None = typer.Option(None, "--bye-points", help=N_("Big points of a bye")),
    repeats: bool | None = typer.Option(None, "--repeats/--no-repeats"),
    group_range: float | None = typer.Option(
        None, "--group-range", help=N_("Score group range (1.5)")
    ),
    adjustments: str | None = typer.Option(
        None, "--adjustments", help=N_("Adjustments: weighted | seed | none")
    ),
    prize_places: int | None = typer.Option(None, "--prize-places", help=N_("Last prize place")),
    elimination: bool | None = typer.Option(None, "--elimination/--no-elimination"),
    exclude_best_wins: int | None = typer.Option(None, "--exclude-best-wins"),
    team_size: int | None = typer.Option(
        None, "--team-size", help=N_("Players counted per team (SCH)")
    ),
    team_limit: int | None = typer.Option(
        None, "--team-limit", help=N_("Players registered per school at most (SCH; 0 = any)")
    ),
    tie_rule: str | None = typer.Option(
        None, "--tie-rule", help=N_("A tie: draw | higher_last_move (SCH)")
    ),
    seed: int | None = typer.Option(None, "--seed"),
    referee_name: str | None = typer.Option(
        None, "--referee", help=N_("The head referee, for the referee's report (RS §6)")
    ),
    venue: str | None = typer.Option(None, "--venue", help=N_("Where it is played")),
    round_minutes: int | None = typer.Option(
        None, "--round-minutes", help=N_("The round's clock by default (minutes)")
    ),
    category: str | None = typer.Option(
        None, "--category", help=N_("GP | MP | KMP | PP | LeMans | ranked | unranked (RR §4)")
    ),
    assistants: list[str] = AssistantOption,
    referee_plays: bool | None = typer.Option(
        None, "--referee-plays/--referee-does-not-play", help=N_("RS §6.4")
    ),
    internship: str | None = typer.Option(None, "--internship", help=N_("RS §3.4")),
    exam: str | None = typer.Option(None, "--exam", help=N_("RS §3.5")),
    federation: str | None = FederationOption,
    db: str | None = DbOption,
) -> None:
    """Change settings, on record."""
    changes: dict[str, Any] = {}
    for key, value in (
        ("criteria", _chain(criteria)),
        ("final_criteria", _chain(final_criteria)),
        ("bye_big_points", bye_points),
        ("repeats", repeats),
        ("group_range", group_range),
        ("adjustment_formula", adjustments),
        ("prize_places", prize_places),
        ("elimination", elimination),
        ("exclude_best_wins", exclude_best_wins),
        ("team_size", team_size),
        ("team_limit", team_limit),
        ("tie_rule", tie_rule),
        ("seed", seed),
        ("referee", None if referee_name is None else referee_name.strip()),
        ("venue", None if venue is None else venue.strip()),
        ("round_minutes", round_minutes),
        ("category", None if category is None else category.strip()),
        ("assistants", [a.strip() for a in assistants if a.strip()] or None),
        ("referee_plays", referee_plays),
        ("internship", None if internship is None else internship.strip()),
        ("exam", None if exam is None else exam.strip()),
    ):
        if value is not None:
            changes[key] = value
    with referee(db) as r:
        if bye is not None:
            changes["bye_score"] = list(parse_score_pair(bye))
        from plansza.services.tournament import ROLE_SETTINGS

        with _roles_refused():
            settings = r.change_settings(changes, registry=federation)
        if ROLE_SETTINGS & changes.keys():
            _say_roles(r.role_warnings(federation), federation, settings)
        typer.echo(json.dumps(records.dump(settings), ensure_ascii=False))


#: ``turniej clock ACTION``: the actions, and the Polish words for them.
CLOCK_ACTIONS = {
    "start": "start",
    "pause": "pause",
    "pauza": "pause",
    "resume": "resume",
    "wznow": "resume",
    "wznów": "resume",
}


def clock_text(seconds: float) -> str:
    """Time left as the clock shows it: ``M:SS`` (``H:MM:SS`` from an hour)."""
    s = max(0, round(seconds))
    h, m = divmod(s // 60, 60)
    return f"{h}:{m:02d}:{s % 60:02d}" if h else f"{m}:{s % 60:02d}"


@app.command("clock")
def clock_cmd(
    action: str = typer.Argument(..., help=N_("start | pause | resume")),
    round_no: int | None = typer.Option(
        None, "--round", "--runda", help=N_("Round (default: the last paired)")
    ),
    minutes: int | None = typer.Option(
        None,
        "--minutes",
        "--minuty",
        help=N_("The round's length at the start (default: the round_minutes setting)"),
    ),
    db: str | None = DbOption,
) -> None:
    """The round's clock: start, pause, resume (the live pages show it)."""
    from plansza.services.tournament import clock_left

    kind = CLOCK_ACTIONS.get(action.strip().casefold())
    if kind is None:
        fail(
            _(
                "unknown clock action {action}: choose one of {actions}",
                action=action,
                actions="start, pause, resume",
            ),
            EXIT_INPUT,
        )
    if minutes is not None and kind != "start":
        fail(_("--minutes is given only with start"), EXIT_INPUT)
    with referee(db) as r:
        n, clock = r.clock(round_no, kind, minutes)
        left = clock_text(clock_left(clock, r.now()))  # the clock of the event
        if kind == "start":
            text = _(
                "Round {round}: the clock started, {minutes} minutes",
                round=n,
                minutes=clock.minutes,
            )
        elif kind == "pause":
            text = _("Round {round}: the clock paused, {left} left", round=n, left=left)
        else:
            text = _("Round {round}: the clock resumed, {left} left", round=n, left=left)
        console.print(text)


app.command("zegar", hidden=True)(clock_cmd)


@app.command("undo")
def undo(db: str | None = DbOption) -> None:
    """Undo the last event."""
    from plansza.services.tournament import describe_events

    with referee(db) as r:
        state, event = r.undo()
        what = f"#{event.seq} {describe_events(state, [event], cli_translator())[0]}"
        console.print(_("Undone: {what}", what=what))


@app.command("standings")
def standings_cmd(
    round_no: int | None = typer.Option(None, "--round", help=N_("After round")),
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    teams: bool = typer.Option(False, "--teams", help=N_("Team classification (SCH)")),
    category: str | None = typer.Option(
        None, "--category", help=N_("Only a prize category (women, juniors, club:NAME, …)")
    ),
    division: str | None = typer.Option(None, "--division", help=N_("Only a division")),
    html: str | None = typer.Option(None, "--html", help=N_("A printable page")),
    db: str | None = DbOption,
) -> None:
    """Standings (the tournament's criteria chain)."""
    from plansza.cli import tournament_views as views

    views.standings(
        db,
        round_no=round_no,
        as_json=as_json,
        teams=teams,
        category=category,
        division=division,
        html=html,
    )


@app.command("status")
def status(db: str | None = DbOption) -> None:
    """Where the tournament stands, missing results."""
    from plansza.cli import tournament_views as views

    views.status(db)


@app.command("card")
def card(
    player: str = typer.Argument(..., help=N_("Seed or name")),
    db: str | None = DbOption,
) -> None:
    """A player's card: why they stand there."""
    from plansza.cli import tournament_views as views

    views.card(db, player)


@app.command("pairings")
def pairings_cmd(
    round_no: int | None = typer.Option(None, "--round", help=N_("Round (default: last)")),
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    html: str | None = typer.Option(None, "--html", help=N_("A printable page")),
    alphabetical: bool = typer.Option(
        False, "--alphabetical", help=N_("By player name, in Polish alphabetical order")
    ),
    db: str | None = DbOption,
) -> None:
    """A round's pairings (the first named starts)."""
    from plansza.cli import tournament_views as views

    views.pairings(db, round_no=round_no, as_json=as_json, html=html, alphabetical=alphabetical)


@app.command("slips")
def slips(
    round_no: int | None = typer.Option(None, "--round", help=N_("Round (default: last)")),
    html: str = typer.Option(..., "--html", help=N_("A printable page (A4)")),
    db: str | None = DbOption,
) -> None:
    """The round's result slips, one per table (TR 5.2)."""
    from plansza.cli import tournament_views as views

    views.slips(db, round_no=round_no, html=html)


@app.command("players")
def players_cmd(
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    db: str | None = DbOption,
) -> None:
    """Players by seeding number."""
    from plansza.cli import tournament_views as views

    views.players(db, as_json=as_json)


@app.command("log")
def log_cmd(
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    db: str | None = DbOption,
) -> None:
    """The event log, with times."""
    from plansza.cli import tournament_views as views

    views.log(db, as_json=as_json)


ReportCategoryOption = typer.Option(
    [], "--category", help=N_("Also a derived category (debutants, club:NAME), repeatable")
)


@app.command("report")
def report(
    html: str | None = typer.Option(None, "--html", help=N_("Output directory")),
    teams: bool = typer.Option(False, "--teams", help=N_("With teams")),
    referee_page: str | None = typer.Option(
        None, "--referee", help=N_("The referee's post-tournament report (RS §6), a page")
    ),
    category: list[str] = ReportCategoryOption,
    db: str | None = DbOption,
) -> None:
    """HTML and CSV report (standings, pairings, cards, table; divisions and the prize
    categories players carry); the referee's report."""
    from plansza.cli import tournament_views as views

    if html is None and referee_page is None:
        fail(_("say what to write: --html DIRECTORY or --referee FILE"), EXIT_INPUT)
    views.report(db, html=html, teams=teams, referee_page=referee_page, category=category)


@app.command("export")
def export(
    tsh: str | None = typer.Option(None, "--tsh", help=N_("A TSH .t file")),
    federation: str | None = typer.Option(
        None, "--federation", help=N_("The federation's CSV of games (for the ranking)")
    ),
    db: str | None = DbOption,
) -> None:
    """Export a TSH .t file, or the federation's CSV of games (RS §6)."""
    from plansza.cli import tournament_views as views

    if tsh is None and federation is None:
        fail(_("say what to write: --tsh FILE or --federation FILE"), EXIT_INPUT)
    views.export(db, tsh=tsh, federation=federation)


@app.command("import")
def import_(
    tsh: str = typer.Option(..., "--tsh", help=N_("A TSH .t file")),
    name: str = typer.Option("", "--name", help=N_("Name (default: the file's)")),
    rounds: int | None = typer.Option(None, "--rounds", help=N_("Rounds (default: from the file)")),
    system: str = typer.Option("manual", "--system", help=N_("System for later rounds")),
    dates: list[str] = DatesOption,
    db: str | None = DbOption,
) -> None:
    """Import a TSH .t file."""
    from plansza.cli import tournament_views as views

    views.import_tsh(tsh, name=name, rounds=rounds, system=system, dates=dates, db=db)


@app.command("check-ranked")
def check_ranked(federation: str | None = FederationOption, db: str | None = DbOption) -> None:
    """Ranked-tournament conditions (RR §4), and the referee's (RS §2–§6)."""
    from plansza.cli import tournament_views as views

    if not views.check_ranked(db, federation):
        raise typer.Exit(EXIT_NEGATIVE)
