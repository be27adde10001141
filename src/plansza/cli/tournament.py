"""``plansza turniej`` (alias ``tournament``): the referee's commands.

Every command takes ``--db FILE``; without it the one ``*.turniej.sqlite``
file in the current directory is used. Each command is one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.text import Text

from plansza.cli.common import (
    EXIT_INPUT,
    EXIT_NEGATIVE,
    EXIT_REFUSED,
    console,
    describe_error,
    err_console,
    fail,
    user_errors,
)
from plansza.cli.i18n import _, ngettext, text_of
from plansza.cli.i18n import t as cli_translator
from plansza.errors import N_, PlanszaError
from plansza.files import (
    check_output,
    output_directory,
    read_record,
    write_output,
    writing,
)
from plansza.records import dump, load
from plansza.services.tournament import (
    ArgumentError,
    Referee,
    category_list,
    from_list,
    parse_score_pair,
    read_players_csv,
    slug,
)
from plansza.services.tournament import player as resolve
from plansza.tournament import model
from plansza.tournament.events import Event, replay
from plansza.tournament.model import Settings, State, seeds

if TYPE_CHECKING:
    from plansza.tournament.storage import TournamentFile

# The storage (SQLAlchemy, Alembic) is imported by the commands that open a file,
# not when the CLI starts: every other command would pay most of a second.
SUFFIX = ".turniej.sqlite"  # = plansza.tournament.storage.SUFFIX (a test checks)
PRESETS = ("pfs", "school")  # `new --preset`: PFS rules, or the school tournament (SCH)

CLI = {
    "created": N_("Created '{name}' in {path}"),
    "table": N_("Table"),
    "bye": N_("bye"),
    "result_ok": N_("Round {round}: {a} {sa} – {sb} {b}"),
    "walkover": N_("walkover"),
    "forfeit": N_("both absent"),
    "correct_ok": N_("Corrected (on record): round {round}: {a} {sa} – {sb} {b}"),
    "status": N_(
        "{name} — system {system}, {rounds} rounds; {paired} paired, {players} players "
        "({active} active next round)"
    ),
    "starts": N_("starts"),
    "second_": N_("second"),
}

app = typer.Typer(
    help=N_("Tournament: registration, pairing, results, standings, reports."), no_args_is_help=True
)

DbOption = typer.Option(None, "--db", help=N_("Tournament file (*.turniej.sqlite)"))
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


@contextmanager
def referee_errors() -> Iterator[None]:
    """Exit 2 for an argument that cannot be used (unknown player, a score that is
    not a whole number ≥ 0); exit 3 for what the rules or the state refuse."""
    with user_errors(EXIT_REFUSED):
        try:
            yield
        except ArgumentError as e:
            fail(describe_error(e), EXIT_INPUT)


def now() -> str:
    """The time stamp of an event (UTC, to the second)."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@contextmanager
def opened(db: str | None) -> Iterator[TournamentFile]:
    """Open the tournament named by ``--db`` or the one in the current directory."""
    with user_errors(EXIT_INPUT):
        from plansza.tournament.storage import TournamentFile, find_default

        t = TournamentFile.open(db or find_default("."))
    try:
        yield t
    finally:
        t.close()


@contextmanager
def referee(db: str | None) -> Iterator[Referee]:
    """The referee's commands (:class:`plansza.services.tournament.Referee`) on the
    tournament named by ``--db`` or the one in the current directory."""
    with opened(db) as t, referee_errors():
        yield Referee(t, now)


def _name(state: State, pid: int | None) -> str:
    if pid is None:
        return _("bye")
    return f"{seeds(state)[pid]} {state.players[pid].name}"


def _parse_date(text: str) -> str:
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        fail(_("bad date {text} (YYYY-MM-DD)", text=text), EXIT_INPUT)


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
    db: str | None = DbOption,
) -> None:
    """Create a tournament."""
    if preset not in PRESETS:
        fail(
            _(
                "unknown preset {preset}: choose one of {presets}",
                preset=preset,
                presets=", ".join(PRESETS),
            ),
            EXIT_INPUT,
        )
    bye_score, assumed = _bye_score(bye, system)
    chain: tuple[str, ...] = model.PFS_CHAIN
    final_chain: tuple[str, ...] | None = None
    exclude = 0
    if system == "mpa":
        chain, final_chain, exclude = model.MPA_ROUND_CHAIN, model.MPA_FINAL_CHAIN, 2
    if criteria:
        chain = tuple(c.strip() for c in criteria.split(",") if c.strip())
    with user_errors(EXIT_INPUT):  # a system or criterion the settings' types refuse
        settings = load(
            Settings,
            {
                "name": name,
                "rounds": rounds,
                "system": system,
                "minutes": minutes,
                "dates": [_parse_date(d) for d in dates] or [date.today().isoformat()],
                "bye_score": list(bye_score),
                "criteria": list(chain),
                "final_criteria": None if final_chain is None else list(final_chain),
                "exclude_best_wins": exclude,
                "repeats": repeats,
                "seed": seed,
                "referee": referee_name.strip(),
                "venue": venue.strip(),
            },
        )
    if preset == "school":  # SCH: one team of 8 per school, a tie to the higher last move
        team = model.SCHOOL_TEAM
        settings = settings.with_(team_limit=team, team_size=team, tie_rule="higher_last_move")
    path = db or (slug(name) + SUFFIX)
    with referee_errors():
        check_output(path)  # its directory: the database would only say "unable to open"
        Referee.create(path, settings, now)
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
    if system == "mpa":
        return model.MPA_BYE_SCORE, False
    if not interactive():
        return model.MPA_BYE_SCORE, True
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
    console.print(
        _("Added {name} (seed {seed})", name=state.players[pid].name, seed=seeds(state)[pid])
    )
    limit = state.settings.team_limit
    if limit:  # SCH: one team per school, checked as it fills
        club = state.players[pid].club
        count = sum(
            model.school_key(p.club) == model.school_key(club) for p in state.players.values()
        )
        console.print(
            _(
                "{school}: {count} of {limit} in the team (SCH)",
                school=club,
                count=count,
                limit=limit,
            )
        )
    if state.players[pid].joined_round > 1:
        console.print(
            _(
                "The player joins from round {round} (adjusted when that round is paired)",
                round=state.players[pid].joined_round,
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
    from plansza.ranking.store import default_list_path
    from plansza.services.ranking import load_list

    with user_errors(EXIT_INPUT):
        return load_list(path or default_list_path())


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
    db: str | None = DbOption,
) -> None:
    """Register a player (after round 1: a late entry, RS §7.2); a listed player's
    ranking and games come from the imported ranking list."""
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
        pid = r.add_player(data)
        state = r.state()
        _added(state, pid)
        if hit is not None:
            from plansza.ranking.listing import ranking_text

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
    from plansza.tournament.categories import categories_of, title

    with referee(db) as r:
        given = category_list(labels or [])
        if given or clear or division is not None:
            pid = r.set_categories(player, given, division)
        else:
            pid = resolve(r.state(), player)
        p = r.state().players[pid]
        shown = ", ".join(title(c, cli_translator()) for c in categories_of(p)) or "—"
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


def _print_round(state: State, n: int) -> None:
    console.print(_("Round {round}", round=n), style="bold")
    for p in state.rounds[n].pairings:
        res = ""
        if p.result is not None:
            res = f"  {p.result.score_first}:{p.result.score_second}"
            if p.result.kind in ("walkover", "forfeit"):
                res += f" ({text_of(CLI[p.result.kind])})"
            game = next(g for g in state.games_of(p.first, n) if g.round == n)
            if game.tie_break and game.last_moves is not None:
                res += " " + _(
                    "(last moves {la}:{lb})", la=game.last_moves[0], lb=game.last_moves[1]
                )
        console.print(
            f"{_('Table')} {p.table:>3}: {_name(state, p.first)} – {_name(state, p.second)}{res}"
        )


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
    """What the pairing had to do, as the log records it: repeated pairs and why,
    a score group widened to 1.5 points (RS §7.5–7.6)."""
    notes = state.rounds[n].notes
    rnd = state.rounds[n]
    for a, b, met in notes.get("repeats", []):
        p = rnd.pairing_of(a)
        console.print(
            ngettext(
                "Table {table}: {a} – {b} meet again (they played in round {rounds})",
                "Table {table}: {a} – {b} meet again (they played in rounds {rounds})",
                len(met),
                table="?" if p is None else p.table,
                a=_name(state, a),
                b=_name(state, b),
                rounds=", ".join(str(k) for k in met),
            )
        )
    why = notes.get("why")
    if why == "forced":
        console.print(
            _(
                "No pairing without repeats exists (RS §7.5), so these repeats are allowed "
                "(RS §7.6)."
            )
        )
    elif why == "allowed":
        console.print(_("Repeats are allowed in this pairing (the setting or the format)."))
    elif why == "manual":
        console.print(_("Paired by hand with repeats."))
    if notes.get("widened"):
        console.print(
            _(
                "The score groups were widened to {range} points (RS §7.6).",
                range=f"{notes['widened']:g}",
            )
        )


def _offer_bye_adjustment(state: State, n: int) -> None:
    """RS §7.7: a bye to a player who has not played a game (round 1 of an odd field)
    may be corrected by an adjustment; say how."""
    from plansza.tournament.pairing import unplayed_bye

    pid = unplayed_bye(state, n)
    if pid is None:
        return
    console.print(
        _(
            "{name} has the bye without having played a game (RS §7.7). To correct it by an "
            "adjustment instead (no bye score; the player joins round {next} with an RS §7.2 "
            "adjustment): turniej bye {round} {seed} --adjust",
            name=_name(state, pid),
            next=n + 1,
            round=n,
            seed=seeds(state)[pid],
        )
    )


def _warn_no_shows(state: State, n: int) -> None:
    """TR 6.3.4: remind the referee of walkover losers of the previous round."""
    prev = state.rounds.get(n - 1)
    if prev is None:
        return
    for p in prev.pairings:
        r = p.result
        if r is None or r.kind != "walkover" or r.winner is None or p.second is None:
            continue
        loser = p.second if r.winner == 0 else p.first
        if state.players[loser].active_in(n):
            err_console.print(
                _(
                    "Note: {name} lost by walkover in round {round}; a player still absent is "
                    "removed before the pairing (TR 6.3.4): withdraw --removed, then pair --round "
                    "{next}",
                    name=state.players[loser].name,
                    round=n - 1,
                    next=n,
                )
            )


def _round_arg(state: State, n: int) -> int:
    if n not in state.rounds:
        raise PlanszaError(N_("round {round} has not been paired"), round=n)
    return n


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
    game = next((g for g in state.games_of(pid, round_no) if g.round == round_no), None)
    if game is None or game.last_moves is None or game.score != game.opp_score:
        return
    if not game.tie_break:
        console.print(_("The last moves are equal too: a draw"))
        return
    winner = pid if game.tie_break > 0 else game.opponent
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
def set_(
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
    ):
        if value is not None:
            changes[key] = value
    with referee(db) as r:
        if bye is not None:
            changes["bye_score"] = list(parse_score_pair(bye))
        settings = r.change_settings(changes)
        typer.echo(json.dumps(dump(settings), ensure_ascii=False))


@app.command("undo")
def undo(db: str | None = DbOption) -> None:
    """Undo the last event."""
    from plansza.tournament.events import describe

    with referee(db) as r:
        state, event = r.undo()
        sd = seeds(state)
        names = {pid: f"{sd[pid]} {p.name}" for pid, p in state.players.items()}
        what = f"#{event.seq} {describe(event, names, cli_translator())}"
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
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings, team_standings

    with opened(db) as t, referee_errors():
        state = t.state()
        if round_no is not None and round_no not in state.rounds:
            raise PlanszaError(N_("round {round} has not been paired"), round=round_no)
        if category is not None or division is not None:
            _part_standings(state, round_no, category, division, as_json)
            return
        if teams:
            rows = team_standings(state, round_no)
            if as_json:
                typer.echo(json.dumps(rows, ensure_ascii=False))
            else:
                for r in rows:
                    console.print(
                        f"{r['place']:>3}. {r['team']}  {r['big_points']}  "
                        f"{r['small_points']}  {r['spread']:+}"
                    )
            return
        if html is not None:
            from plansza.tournament.reports import standings_page

            page = standings_page(state, round_no, cli_translator())
            write_output(html, page)
            console.print(_("Wrote {path}", path=html))
            return
        lines = standings(state, round_no, groups=mpa.groups(state, round_no))
        if as_json:
            typer.echo(json.dumps([s.as_json() for s in lines], ensure_ascii=False))
            return
        final = state.finished and (round_no is None or round_no >= state.last_round)
        shown = (
            round_no
            if round_no is not None
            else max((n for n, r in state.rounds.items() if r.complete), default=0)
        )
        title = _("Final standings") if final else _("Standings after round {round}", round=shown)
        console.print(f"{state.settings.name} — {title}", style="bold")
        cols = _("Pl.|Seed|Player|BP|Score|Spread|Games").split("|")
        console.print(
            f"{cols[0]:>4} {cols[1]:>4}  {cols[2]:<28} {cols[3]:>5} {cols[4]:>6} "
            f"{cols[5]:>7} {cols[6]:>6}"
        )
        for s in lines:
            bp = f"{s.big_points:g}"
            mark = "*" if s.adjusted else ""
            left = "" if s.left is None else "  " + _left(*s.left)
            console.print(
                f"{s.place:>4} {s.seed:>4}  {s.name:<28} {bp:>5}{mark:1}"
                f"{s.small_points:>6} {s.spread:>+7} {s.games:>6}{left}",
                soft_wrap=True,
            )


def _part_standings(
    state: State, round_no: int | None, category: str | None, division: str | None, as_json: bool
) -> None:
    """The standings of one prize category or division: places among its members,
    beside the overall place (one event log, one criteria chain)."""
    from plansza.tournament import categories

    parts: list[str] = []
    lines = None
    if division is not None:
        lines = [s for _i, s in categories.division_standings(state, division, round_no)]
        parts.append(_("Division {division}", division=categories.clean(division)))
    if category is not None:
        in_category = [s for _i, s in categories.category_standings(state, category, round_no)]
        pids = {s.pid for s in lines} if lines is not None else None
        lines = [s for s in in_category if pids is None or s.pid in pids]
        key = categories.label(category)
        parts.append(_("Category: {category}", category=categories.title(key, cli_translator())))
    assert lines is not None
    rows = list(enumerate(lines, 1))
    heading = ", ".join(parts)
    if as_json:
        typer.echo(
            json.dumps(
                [{**s.as_json(), "overall_place": s.place, "place": i} for i, s in rows],
                ensure_ascii=False,
            )
        )
        return
    console.print(f"{state.settings.name} — {heading}", style="bold")
    cols = _("Pl.|Overall|Seed|Player|BP|Score|Spread").split("|")
    console.print(
        f"{cols[0]:>4} {cols[1]:>7} {cols[2]:>4}  {cols[3]:<28} {cols[4]:>5} {cols[5]:>6} "
        f"{cols[6]:>7}"
    )
    for i, s in rows:
        console.print(
            f"{i:>4} {s.place:>7} {s.seed:>4}  {s.name:<28} {s.big_points:>5g} "
            f"{s.small_points:>6} {s.spread:>+7}"
        )


def _left(kind: str, round_no: int) -> str:
    """A player out of the tournament, as the standings mark it."""
    if kind == "excluded":
        return _("excluded from round {round} (TR 7.1)", round=round_no)
    if kind == "removed":
        return _("removed from round {round} (TR 6.3.4)", round=round_no)
    return _("withdrawn from round {round}", round=round_no)


@app.command("status")
def status(db: str | None = DbOption) -> None:
    """Where the tournament stands, missing results."""
    with opened(db) as t:
        state = t.state()
    s = state.settings
    console.print(
        _(
            "{name} — system {system}, {rounds} rounds; {paired} paired, {players} players "
            "({active} active next round)",
            name=s.name,
            system=s.system,
            rounds=s.rounds,
            paired=state.last_round,
            players=len(state.players),
            active=len(state.active(state.next_round)),
        )
    )
    console.print(_("Day {day} of play.", day=state.day))
    if state.closed:
        console.print(_("The tournament is closed (TR 4.6.4)."))
        return
    if state.finished:
        console.print(_("The tournament is finished."))
        return
    missing = [
        (n, p)
        for n in sorted(state.rounds)
        for p in state.rounds[n].pairings
        if p.second is not None and p.result is None
    ]
    if not missing:
        console.print(_("All results are in."))
    for n in sorted({n for n, _p in missing}):
        console.print(_("Missing results, round {round}:", round=n))
        for m, p in missing:
            if m == n:
                console.print(
                    f"  {_('Table')} {p.table:>3}: {_name(state, p.first)} – "
                    f"{_name(state, p.second)}"
                )


@app.command("card")
def card(
    player: str = typer.Argument(..., help=N_("Seed or name")),
    db: str | None = DbOption,
) -> None:
    """A player's card: why they stand there."""
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings

    with opened(db) as t, referee_errors():
        state = t.state()
        pid = resolve(state, player)
        line = next(s for s in standings(state, groups=mpa.groups(state)) if s.pid == pid)
        console.print(
            _(
                "{seed}. {name} — place {place}: {bp} BP, {sp} scored, spread {spread:+d}, "
                "games {games}",
                seed=line.seed,
                name=line.name,
                place=line.place,
                bp=f"{line.big_points:g}",
                sp=line.small_points,
                spread=line.spread,
                games=line.games,
            )
        )
        for g in state.games_of(pid):
            extra = []
            if g.kind in ("walkover", "forfeit"):
                extra.append(f"({text_of(CLI[g.kind])})")
            if g.penalty:
                extra.append(_("(penalty −{points})", points=g.penalty))
            if g.tie_break and g.last_moves is not None:
                mine, theirs = g.last_moves
                extra.append(
                    _("(tie won on the last move {mine}:{theirs}, SCH)", mine=mine, theirs=theirs)
                    if g.tie_break > 0
                    else _(
                        "(tie lost on the last move {mine}:{theirs}, SCH)",
                        mine=mine,
                        theirs=theirs,
                    )
                )
            start = "" if g.opponent is None else text_of(CLI["starts" if g.started else "second_"])
            console.print(
                _(
                    "round {round:>2}: {opp:<28} {start:<10} {score}:{opp_score} {extra}",
                    round=g.round,
                    opp=_name(state, g.opponent),
                    start=start,
                    score=g.score,
                    opp_score=g.opp_score,
                    extra=" ".join(extra),
                )
            )
        for a in state.adjustments.get(pid, []):
            console.print(
                _(
                    "adjustment before round {round} (RS §7.2): target place {target}, +{bp} "
                    "BP, +{sp} scored, {spread:+d} spread",
                    round=a.round,
                    target=a.target_place,
                    bp=f"{a.big_points:g}",
                    sp=a.small_points,
                    spread=a.spread,
                )
            )
        for start_r, end_r in state.players[pid].absences:
            last = "…" if end_r is None else end_r - 1
            console.print(_("absent: rounds {start}–{end}", start=start_r, end=last))
        if line.excluded_spread or line.excluded_small:
            console.print(
                _(
                    "MPA 2e viii: two best wins left out: −{spread} spread, −{sp} scored",
                    spread=line.excluded_spread,
                    sp=line.excluded_small,
                )
            )


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
    with opened(db) as t, referee_errors():
        state = t.state()
        round_no = _round_arg(state, state.last_round if round_no is None else round_no)
        if alphabetical:
            _by_name(state, round_no, as_json, html)
            return
        if html is not None:
            from plansza.tournament.reports import round_page

            page = round_page(state, round_no, cli_translator())
            write_output(html, page)
            console.print(_("Wrote {path}", path=html))
            return
        sd = seeds(state)
        if as_json:
            rows = [
                {
                    "table": p.table,
                    "first": sd[p.first],
                    "second": None if p.second is None else sd[p.second],
                }
                for p in state.rounds[round_no].pairings
            ]
            typer.echo(json.dumps(rows))
            return
        _print_round(state, round_no)


def _by_name(state: State, n: int, as_json: bool, html: str | None) -> None:
    """The pairing list by player name (Polish alphabetical order)."""
    from plansza.tournament import paperwork

    if html is not None:
        write_output(html, paperwork.by_name_page(state, n, cli_translator()))
        console.print(_("Wrote {path}", path=html))
        return
    seats = paperwork.by_name(state, n)
    sd = seeds(state)
    if as_json:
        rows = [
            {
                "name": x.name,
                "seed": x.seed,
                "table": x.table,
                "opponent": None if x.opponent is None else sd[x.opponent],
                "starts": x.starts,
            }
            for x in seats
        ]
        typer.echo(json.dumps(rows, ensure_ascii=False))
        return
    console.print(_("Round {round}: pairings by name", round=n), style="bold")
    for x in seats:
        start = f" ({text_of(CLI['starts'])})" if x.starts else ""
        console.print(
            f"{x.name:<28} {x.seed:>4}  {_('Table')} {x.table:>3}: {_name(state, x.opponent)}"
            f"{start}"
        )


@app.command("slips")
def slips(
    round_no: int | None = typer.Option(None, "--round", help=N_("Round (default: last)")),
    html: str = typer.Option(..., "--html", help=N_("A printable page (A4)")),
    db: str | None = DbOption,
) -> None:
    """The round's result slips, one per table (TR 5.2)."""
    from plansza.tournament import paperwork

    with opened(db) as t, referee_errors():
        state = t.state()
        round_no = _round_arg(state, state.last_round if round_no is None else round_no)
        write_output(html, paperwork.slips_page(state, round_no, cli_translator()))
        tables = sum(1 for p in state.rounds[round_no].pairings if p.second is not None)
        console.print(
            ngettext(
                "Wrote {path}: {count} slip, round {round}",
                "Wrote {path}: {count} slips, round {round}",
                tables,
                path=html,
                count=tables,
                round=round_no,
            )
        )


@app.command("players")
def players_cmd(
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    db: str | None = DbOption,
) -> None:
    """Players by seeding number."""
    from plansza.tournament.categories import categories_of

    with opened(db) as t, referee_errors():
        state = t.state()
        sd = seeds(state)
        rows = sorted(state.players.values(), key=lambda p: sd[p.pid])
        if as_json:
            typer.echo(
                json.dumps(
                    [
                        {
                            "seed": sd[p.pid],
                            "name": p.name,
                            "ranking": p.ranking,
                            "games": p.games,
                            "club": p.club,
                            "city": p.city,
                            "joined_round": p.joined_round,
                            "withdrawn": p.withdrawn,
                            "categories": categories_of(p),
                            "division": p.division,
                            "status": (p.left(state.last_round) or (None,))[0],
                        }
                        for p in rows
                    ],
                    ensure_ascii=False,
                )
            )
            return
        for p in rows:
            rk = "—" if p.ranking is None else f"{p.ranking:g}"
            extra = " ".join(
                x for x in (p.division and f"[{p.division}]", ", ".join(p.categories)) if x
            )
            line = f"{sd[p.pid]:>4}  {p.name:<28} {rk:>6}  {p.club}  {p.city}"
            console.print(f"{line}  {extra}" if extra else line)


@app.command("log")
def log_cmd(
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    db: str | None = DbOption,
) -> None:
    """The event log, with times."""
    from plansza.tournament.events import describe

    with opened(db) as t:
        events = t.events()
        state = t.state()
    sd = seeds(state)
    names = {pid: f"{sd[pid]} {p.name}" for pid, p in state.players.items()}
    if as_json:
        typer.echo(
            json.dumps(
                [
                    {
                        "seq": e.seq,
                        "kind": e.kind,
                        "at": e.at,
                        "data": e.data,
                        "text": describe(e, names, cli_translator()),
                    }
                    for e in events
                ],
                ensure_ascii=False,
            )
        )
        return
    for e in events:
        console.print(f"{e.seq:>5}  {e.at}  {describe(e, names, cli_translator())}", soft_wrap=True)


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
    from plansza.tournament import reports

    if html is None and referee_page is None:
        fail(_("say what to write: --html DIRECTORY or --referee FILE"), EXIT_INPUT)
    with opened(db) as t, user_errors(EXIT_INPUT):
        state = t.state()
        if referee_page is not None:
            from plansza.tournament.paperwork import referee_report_page

            write_output(referee_page, referee_report_page(state, cli_translator()))
            console.print(_("Wrote {path}", path=referee_page))
        if html is not None:
            directory = output_directory(html)
            with writing(directory):
                school = state.settings.team_limit > 0  # SCH: the school table belongs in it
                reports.write_report(
                    state,
                    directory,
                    cli_translator(),
                    teams=teams or school,
                    extra=category_list(category),
                )
            console.print(_("Report written to {path}", path=html))


@app.command("export")
def export(
    tsh: str | None = typer.Option(None, "--tsh", help=N_("A TSH .t file")),
    federation: str | None = typer.Option(
        None, "--federation", help=N_("The federation's CSV of games (for the ranking)")
    ),
    db: str | None = DbOption,
) -> None:
    """Export a TSH .t file, or the federation's CSV of games (RS §6)."""
    from plansza.tournament import tsh as tsh_mod

    if tsh is None and federation is None:
        fail(_("say what to write: --tsh FILE or --federation FILE"), EXIT_INPUT)
    with opened(db) as t, user_errors(EXIT_INPUT):
        state = t.state()
        if federation is not None:
            from plansza.tournament.paperwork import federation_csv

            write_output(federation, federation_csv(state))
            console.print(_("Wrote {path}", path=federation))
            if not state.finished:
                err_console.print(
                    _(
                        "Note: the tournament is not finished; the file holds the games "
                        "played so far"
                    )
                )
        if tsh is not None:
            write_output(tsh, tsh_mod.write_t(state))
            console.print(_("Wrote {path}", path=tsh))


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
    from plansza.tournament import tsh as tsh_mod

    with user_errors(EXIT_INPUT):
        text = read_record(tsh)
        parsed = tsh_mod.read_t(text, tsh)
        title = name or Path(tsh).stem
        settings = load(
            Settings,
            {
                "name": title,
                "rounds": rounds or max(parsed.rounds, 1),
                "system": system,
                "dates": [_parse_date(d) for d in dates] or [date.today().isoformat()],
            },
        )
        path = db or (slug(title) + SUFFIX)
        items = tsh_mod.events_from(parsed, settings)
        # check the whole file against the rules before creating anything
        replay(
            [Event(1, "created", {"settings": dump(settings)})]
            + [Event(i, k, d) for i, (k, d) in enumerate(items, 2)]
        )
        from plansza.tournament.storage import TournamentFile

        check_output(path)
        tf = TournamentFile.create(path, settings, at=now())
        try:
            tf.append_many(items, at=now())
        finally:
            tf.close()
        console.print(_("Created '{name}' in {path}", name=title, path=path))


@app.command("check-ranked")
def check_ranked(db: str | None = DbOption) -> None:
    """Ranked-tournament conditions (RR §4)."""
    from plansza.tournament.ranked import check

    with opened(db) as t:
        findings = check(t.state(), cli_translator())
    bad = False
    for ok, text in findings:
        tag = _("OK") if ok else _("WARNING")
        console.print(Text.assemble((tag, "green" if ok else "yellow"), " ", text))
        bad = bad or not ok
    if bad:
        raise typer.Exit(EXIT_NEGATIVE)
