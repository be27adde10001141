"""``plansza turniej`` (alias ``tournament``): the referee's commands.

Every command takes ``--db FILE``; without it the one ``*.turniej.sqlite``
file in the current directory is used. Each command is one transaction.
"""

from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from plansza.cli.common import (
    EXIT_INPUT,
    EXIT_NEGATIVE,
    EXIT_REFUSED,
    console,
    err_console,
    fail,
    user_errors,
)
from plansza.errors import FormatError, PlanszaError
from plansza.i18n import tr
from plansza.tiles import polish_collation_key
from plansza.tournament import model
from plansza.tournament.events import Event, apply, replay
from plansza.tournament.messages import MESSAGES
from plansza.tournament.model import Settings, State, seeds

if TYPE_CHECKING:
    from plansza.tournament.storage import TournamentFile

# The storage (SQLAlchemy, Alembic) is imported by the commands that open a file,
# not when the CLI starts: every other command would pay most of a second.
SUFFIX = ".turniej.sqlite"  # = plansza.tournament.storage.SUFFIX (a test checks)

CLI: dict[str, dict[str, str]] = {
    "help": {
        "pl": "Turniej: zapisy, kojarzenie, wyniki, klasyfikacja, raporty.",
        "en": "Tournament: registration, pairing, results, standings, reports.",
    },
    "created": {
        "pl": "Utworzono turniej „{name}” w pliku {path}", "en": "Created '{name}' in {path}"
    },
    "added": {"pl": "Dopisano gracza {name} (numer {seed})", "en": "Added {name} (seed {seed})"},
    "late": {
        "pl": "Gracz dołącza od rundy {round} (wyrównanie przy kojarzeniu tej rundy)",
        "en": "The player joins from round {round} (adjusted when that round is paired)",
    },
    "imported": {"pl": "Zaimportowano graczy: {count}", "en": "Players imported: {count}"},
    "round": {"pl": "Runda {round}", "en": "Round {round}"},
    "table": {"pl": "Stół", "en": "Table"},
    "bye": {"pl": "pauza", "en": "bye"},
    "result_ok": {
        "pl": "Runda {round}: {a} {sa} – {sb} {b}", "en": "Round {round}: {a} {sa} – {sb} {b}"
    },
    "walkover_ok": {
        "pl": "Runda {round}: walkower dla {w}, {n}:1 (TR 7.2)",
        "en": "Round {round}: walkover to {w}, {n}:1 (TR 7.2)",
    },
    "forfeit_ok": {
        "pl": "Runda {round}: {a} i {b} nieobecni — porażka obu",
        "en": "Round {round}: {a} and {b} absent — a loss for both",
    },
    "walkover": {"pl": "walkower", "en": "walkover"},
    "forfeit": {"pl": "obaj nieobecni", "en": "both absent"},
    "no_show": {
        "pl": "Uwaga: {name} przegrał(a) walkowerem w rundzie {round}; nieobecnego gracza "
        "sędzia usuwa z turnieju przed kojarzeniem (TR 6.3.4): withdraw, potem pair --round {next}",
        "en": "Note: {name} lost by walkover in round {round}; a player still absent is "
        "removed before the pairing (TR 6.3.4): withdraw, then pair --round {next}",
    },
    "bye_ok": {"pl": "Runda {round}: pauza dla {name}", "en": "Round {round}: bye for {name}"},
    "penalty_ok": {
        "pl": "Runda {round}: kara −{points} dla {name} (TR 7.1)",
        "en": "Round {round}: penalty −{points} for {name} (TR 7.1)",
    },
    "withdraw_ok": {
        "pl": "Gracz {name} wycofany od rundy {round}",
        "en": "{name} withdrawn from round {round}",
    },
    "return_ok": {
        "pl": "Gracz {name} wraca od rundy {round}",
        "en": "{name} returns from round {round}",
    },
    "correct_ok": {
        "pl": "Poprawiono (zapisane w dzienniku): runda {round}: {a} {sa} – {sb} {b}",
        "en": "Corrected (on record): round {round}: {a} {sa} – {sb} {b}",
    },
    "undo_ok": {"pl": "Cofnięto: {what}", "en": "Undone: {what}"},
    "standings_title": {
        "pl": "Klasyfikacja po rundzie {round}", "en": "Standings after round {round}"
    },
    "final_title": {"pl": "Klasyfikacja końcowa", "en": "Final standings"},
    "cols": {
        "pl": "M.|Nr|Gracz|DP|MP|Różnica|Partie",
        "en": "Pl.|Seed|Player|BP|Score|Spread|Games",
    },
    "bad_pairs": {
        "pl": "nie rozumiem kojarzenia „{text}”: podaj pary jak „1-4,2-3,5” (sam numer = pauza)",
        "en": "cannot read the pairing '{text}': give pairs like '1-4,2-3,5' (a lone number = bye)",
    },
    "bad_system": {
        "pl": "nieznany system {system}: wybierz jeden z {systems}",
        "en": "unknown system {system}: choose one of {systems}",
    },
    "bad_date": {
        "pl": "niepoprawna data {text} (RRRR-MM-DD)", "en": "bad date {text} (YYYY-MM-DD)"
    },
    "bad_csv": {
        "pl": "wiersz {row}: {reason}",
        "en": "row {row}: {reason}",
    },
    "no_name_column": {
        "pl": "brak kolumny z nazwiskiem (name/nazwisko/gracz)",
        "en": "no name column (name/nazwisko/gracz)",
    },
    "bad_number": {"pl": "„{text}” nie jest liczbą", "en": "'{text}' is not a number"},
    "check_ok": {"pl": "OK", "en": "OK"},
    "check_warn": {"pl": "UWAGA", "en": "WARNING"},
    "exported": {"pl": "Zapisano {path}", "en": "Wrote {path}"},
    "report_done": {"pl": "Raport zapisany w {path}", "en": "Report written to {path}"},
    "nothing": {"pl": "brak", "en": "none"},
    "preview": {
        "pl": "(podgląd — nic nie zapisano; zapis: pair bez --preview)",
        "en": "(preview — nothing recorded; to record: pair without --preview)",
    },
    "status": {
        "pl": "{name} — system {system}, rund {rounds}; skojarzono {paired}, graczy {players} "
        "(aktywnych w następnej rundzie: {active})",
        "en": "{name} — system {system}, {rounds} rounds; {paired} paired, {players} players "
        "({active} active next round)",
    },
    "missing": {"pl": "Brak wyników, runda {round}:", "en": "Missing results, round {round}:"},
    "all_in": {"pl": "Wszystkie wyniki wpisane.", "en": "All results are in."},
    "finished": {"pl": "Turniej zakończony.", "en": "The tournament is finished."},
    "card_head": {
        "pl": "{seed}. {name} — miejsce {place}: {bp} DP, {sp} MP, różnica {spread:+d}, "
        "partie {games}",
        "en": "{seed}. {name} — place {place}: {bp} BP, {sp} scored, spread {spread:+d}, "
        "games {games}",
    },
    "card_game": {
        "pl": "runda {round:>2}: {opp:<28} {start:<10} {score}:{opp_score} {extra}",
        "en": "round {round:>2}: {opp:<28} {start:<10} {score}:{opp_score} {extra}",
    },
    "starts": {"pl": "rozpoczyna", "en": "starts"},
    "second_": {"pl": "drugi", "en": "second"},
    "penalty_note": {"pl": "(kara −{points})", "en": "(penalty −{points})"},
    "adj_line": {
        "pl": "wyrównanie przed rundą {round} (RS §7.2): miejsce docelowe {target}, "
        "+{bp} DP, +{sp} MP, {spread:+d} różnicy",
        "en": "adjustment before round {round} (RS §7.2): target place {target}, "
        "+{bp} BP, +{sp} scored, {spread:+d} spread",
    },
    "absent_line": {"pl": "nieobecny: rundy {start}–{end}", "en": "absent: rounds {start}–{end}"},
    "excl_line": {
        "pl": "MPA 2e viii: pominięte dwie najlepsze wygrane: −{spread} różnicy, −{sp} MP",
        "en": "MPA 2e viii: two best wins left out: −{spread} spread, −{sp} scored",
    },
}

app = typer.Typer(help=tr(CLI, "help"), no_args_is_help=True)

DbOption = typer.Option(None, "--db", help="Plik turnieju / tournament file (*.turniej.sqlite)")
DatesOption = typer.Option(
    [], "--date", help="Dzień turnieju RRRR-MM-DD, powtarzalne / a day, repeatable"
)


def register(root: typer.Typer) -> None:
    """Add ``turniej`` (alias ``tournament``) to the root app."""
    root.add_typer(app, name="turniej")
    root.add_typer(app, name="tournament", hidden=True)


class BadArgument(PlanszaError):
    """A command-line argument that names no player or is not a usable number."""


@contextmanager
def referee_errors() -> Iterator[None]:
    """Exit 2 for an argument that cannot be used (unknown player, a score that is
    not a whole number ≥ 0); exit 3 for what the rules or the state refuse."""
    with user_errors(EXIT_REFUSED):
        try:
            yield
        except BadArgument as e:
            fail(str(e), EXIT_INPUT)


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


def resolve(state: State, text: str) -> int:
    """A player by seeding number or by name (exact, then a unique prefix)."""
    text = text.strip()
    if text.isdecimal():
        by_seed = model.player_by_seed(state)
        n = int(text)
        if n in by_seed:
            return by_seed[n]
        raise BadArgument(tr(MESSAGES, "unknown_player", who=text))
    low = text.casefold()
    exact = [p.pid for p in state.players.values() if p.name.casefold() == low]
    if len(exact) == 1:
        return exact[0]
    pref = [p.pid for p in state.players.values() if p.name.casefold().startswith(low)]
    if len(pref) == 1:
        return pref[0]
    if not pref:  # "Los" finds "Łoś": typing without Polish letters is common
        folded = _fold(text)
        pref = [p.pid for p in state.players.values() if _fold(p.name).startswith(folded)]
        if len(pref) == 1:
            return pref[0]
    if len(pref) > 1:
        names = ", ".join(sorted((state.players[p].name for p in pref), key=polish_collation_key))
        raise BadArgument(tr(MESSAGES, "ambiguous_player", who=text, names=names))
    raise BadArgument(tr(MESSAGES, "unknown_player", who=text))


def _fold(text: str) -> str:
    """Case- and diacritic-insensitive form of a name (ł → l)."""
    s = unicodedata.normalize("NFKD", text.casefold().replace("ł", "l"))
    return "".join(c for c in s if not unicodedata.combining(c))


def _name(state: State, pid: int | None) -> str:
    if pid is None:
        return tr(CLI, "bye")
    return f"{seeds(state)[pid]} {state.players[pid].name}"


def _slug(name: str) -> str:
    s = unicodedata.normalize("NFKD", name.replace("ł", "l").replace("Ł", "L"))
    s = "".join(c for c in s if not unicodedata.combining(c))
    return re.sub(r"[^A-Za-z0-9]+", "-", s).strip("-").lower() or "turniej"


def _parse_date(text: str) -> str:
    try:
        return date.fromisoformat(text).isoformat()
    except ValueError:
        fail(tr(CLI, "bad_date", text=text), EXIT_INPUT)


@app.command("new")
def new(
    name: str = typer.Argument(..., help="Nazwa turnieju / tournament name"),
    rounds: int = typer.Option(..., "--rounds", min=1, help="Liczba rund / number of rounds"),
    system: str = typer.Option(
        ..., "--system", help="roundrobin | halving | swiss | danish | mpa | manual"
    ),
    minutes: int = typer.Option(
        15, "--minutes", min=1, help="Minuty na gracza / minutes per player"
    ),
    dates: list[str] = DatesOption,
    bye: str = typer.Option("300:250", "--bye", help="Wynik pauzy / bye score (MPA 2c i)"),
    criteria: str = typer.Option(
        "", "--criteria", help="Kryteria / criteria chain, e.g. big_points,spread,small_points"
    ),
    repeats: bool = typer.Option(False, "--repeats", help="Z powtórzeniami / repeats allowed"),
    seed: int = typer.Option(0, "--seed", help="Ziarno losowań / seed of the draws"),
    db: str | None = DbOption,
) -> None:
    """Załóż turniej / create a tournament."""
    if system not in model.SYSTEMS:
        fail(tr(CLI, "bad_system", system=system, systems=", ".join(model.SYSTEMS)), EXIT_INPUT)
    m = re.fullmatch(r"(\d+):(\d+)", bye)
    if not m:
        fail(tr(CLI, "bad_pairs", text=bye), EXIT_INPUT)
    chain: tuple[str, ...] = model.PFS_CHAIN
    final_chain: tuple[str, ...] | None = None
    exclude = 0
    if system == "mpa":
        chain, final_chain, exclude = model.MPA_ROUND_CHAIN, model.MPA_FINAL_CHAIN, 2
    if criteria:
        chain = tuple(c.strip() for c in criteria.split(",") if c.strip())
        bad = [c for c in chain if c not in model.CRITERIA]
        if bad:
            fail(tr(MESSAGES, "bad_setting_value", setting="criteria", value=bad[0])
                 + " (" + ", ".join(model.CRITERIA) + ")", EXIT_INPUT)
    settings = Settings(
        name=name, rounds=rounds, system=system, minutes=minutes,
        dates=tuple(_parse_date(d) for d in dates) or (date.today().isoformat(),),
        bye_score=(int(m.group(1)), int(m.group(2))),
        criteria=chain, final_criteria=final_chain, exclude_best_wins=exclude,
        repeats=repeats, seed=seed,
    )
    path = db or (_slug(name) + SUFFIX)
    with referee_errors():
        from plansza.tournament.storage import TournamentFile

        TournamentFile.create(path, settings, at=now()).close()
    console.print(tr(CLI, "created", name=name, path=path))


def _add(t: TournamentFile, data: dict[str, Any]) -> None:
    t.append("player_added", data, at=now())
    st = t.state()
    pid = max(st.players)
    console.print(tr(CLI, "added", name=st.players[pid].name, seed=seeds(st)[pid]))
    if st.players[pid].joined_round > 1:
        console.print(tr(CLI, "late", round=st.players[pid].joined_round))


@app.command("add-player")
def add_player(
    name: str = typer.Argument(..., help="Nazwisko i imię / name"),
    ranking: float | None = typer.Option(
        None, "--ranking", min=0, help="Ranking PFS (brak = debiutant / none = debutant)"
    ),
    games: int = typer.Option(0, "--games", min=0, help="Partie rankingowe / ranked games"),
    club: str = typer.Option("", "--club", help="Klub / szkoła"),
    city: str = typer.Option("", "--city", help="Miasto / city"),
    db: str | None = DbOption,
) -> None:
    """Dopisz gracza / register a player (after round 1: a late entry, RS §7.2)."""
    with opened(db) as t, referee_errors():
        _add(t, {"name": name, "ranking": ranking, "games": games, "club": club, "city": city})


def read_players_csv(text: str, source: str) -> list[dict[str, Any]]:
    """Players from a CSV with a header (name, ranking, games, club, city; Polish
    headers nazwisko/gracz, ranking, partie, klub, miasto also understood)."""
    sample = text[:2000]
    delim = ";" if sample.count(";") > sample.count(",") else ","
    rows = list(csv.reader(io.StringIO(text), delimiter=delim))
    if not rows:
        raise FormatError(tr(CLI, "no_name_column"), source=source)
    aliases = {
        "name": ("name", "nazwisko", "gracz", "zawodnik", "imię i nazwisko"),
        "ranking": ("ranking", "rating"),
        "games": ("games", "partie", "gry"),
        "club": ("club", "klub", "szkoła", "school"),
        "city": ("city", "miasto"),
    }
    header = [h.strip().casefold() for h in rows[0]]
    col = {k: next((i for i, h in enumerate(header) if h in v), None) for k, v in aliases.items()}
    if col["name"] is None:
        raise FormatError(tr(CLI, "no_name_column"), line=1, source=source)
    out: list[dict[str, Any]] = []
    for lineno, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue

        def cell(key: str, row: list[str] = row) -> str:
            i = col[key]
            return row[i].strip() if i is not None and i < len(row) else ""

        rec: dict[str, Any] = {"name": cell("name"), "club": cell("club"), "city": cell("city")}
        r = cell("ranking").replace(",", ".")
        g = cell("games")
        if r and not re.fullmatch(r"\d+(\.\d+)?", r):
            raise FormatError(tr(CLI, "bad_number", text=r), line=lineno, source=source)
        if g and not g.isdecimal():
            raise FormatError(tr(CLI, "bad_number", text=g), line=lineno, source=source)
        rec["ranking"] = float(r) if r else None
        rec["games"] = int(g) if g else 0
        if not rec["name"]:
            raise FormatError(tr(MESSAGES, "empty_name"), line=lineno, source=source)
        if any(r["name"] == rec["name"] for r in out):
            raise FormatError(tr(MESSAGES, "duplicate_player", name=rec["name"]), line=lineno,
                              source=source)
        out.append(rec)
    return out


@app.command("import-players")
def import_players(
    path: str = typer.Argument(..., help="Plik CSV z nagłówkiem / CSV file with a header"),
    db: str | None = DbOption,
) -> None:
    """Zaimportuj graczy z CSV / import players from CSV (all or none)."""
    with opened(db) as t, referee_errors():
        text = Path(path).read_text(encoding="utf-8-sig")
        recs = read_players_csv(text, path)
        t.append_many([("player_added", r) for r in recs], at=now())
        console.print(tr(CLI, "imported", count=len(recs)))


def parse_manual(state: State, text: str) -> list[tuple[int, int | None]]:
    """``"1-4,2-3,5"`` → pid pairs (seeding numbers or names; a lone one = bye)."""
    out: list[tuple[int, int | None]] = []
    for part in re.split(r"[,;]", text):
        part = part.strip()
        if not part:
            continue
        bits = [b.strip() for b in re.split(r"\s*[-–:]\s*", part)]
        if len(bits) == 1:
            out.append((resolve(state, bits[0]), None))
        elif len(bits) == 2:
            out.append((resolve(state, bits[0]), resolve(state, bits[1])))
        else:
            raise BadArgument(tr(CLI, "bad_pairs", text=part))
    if not out:
        raise BadArgument(tr(CLI, "bad_pairs", text=text))
    return out


def _print_round(state: State, n: int) -> None:
    console.print(f"[bold]{tr(CLI, 'round', round=n)}[/]")
    for p in state.rounds[n].pairings:
        res = ""
        if p.result is not None:
            res = f"  {p.result.score_first}:{p.result.score_second}"
            if p.result.kind in ("walkover", "forfeit"):
                res += f" ({tr(CLI, p.result.kind)})"
        console.print(
            f"{tr(CLI, 'table')} {p.table:>3}: {_name(state, p.first)} – "
            f"{_name(state, p.second)}{res}"
        )


@app.command("pair")
def pair(
    round_no: int | None = typer.Option(
        None, "--round", help="Runda (domyślnie następna) / round (default: next)"
    ),
    manual: str = typer.Option("", "--manual", help="Ręcznie / by hand, e.g. 1-4,2-3,5"),
    day: str | None = typer.Option(None, "--date", help="Data rundy / the round's date YYYY-MM-DD"),
    preview: bool = typer.Option(
        False, "--preview", help="Tylko pokaż, nie zapisuj / show without recording"
    ),
    db: str | None = DbOption,
) -> None:
    """Skojarz rundę / pair a round (again, if it has no results: a manual change)."""
    from plansza.tournament.pairing import pair_round

    with opened(db) as t, referee_errors():
        state = t.state()
        n = state.next_round if round_no is None else round_no
        _warn_no_shows(state, n)
        if manual:
            tables = parse_manual(state, manual)
            method = "manual"
        else:
            if n != state.next_round and not (n == state.last_round):
                raise PlanszaError(tr(MESSAGES, "wrong_round", round=n, next=state.next_round))
            if n > state.settings.rounds:
                raise PlanszaError(tr(MESSAGES, "over", rounds=state.settings.rounds))
            if n > 1 and n - 1 in state.rounds and not state.rounds[n - 1].complete:
                raise PlanszaError(tr(MESSAGES, "incomplete", round=n - 1))
            tables = pair_round(state, n)
            method = "auto"
        data: dict[str, Any] = {"round": n, "tables": [list(x) for x in tables], "method": method}
        if day is not None:
            data["date"] = _parse_date(day)
        if preview:  # the same checks as a real pairing, on a copy; nothing is written
            trial = replay(t.events())
            apply(trial, Event(0, "paired", data, now()))
            _print_round(trial, n)
            console.print(tr(CLI, "preview"))
            return
        t.append("paired", data, at=now())
        _print_round(t.state(), n)


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
            err_console.print(tr(CLI, "no_show", name=state.players[loser].name, round=n - 1,
                                 next=n))


def _round_arg(state: State, n: int) -> int:
    if n not in state.rounds:
        raise PlanszaError(tr(MESSAGES, "no_round", round=n))
    return n


def _score(text: str, who: str) -> int:
    from plansza.tournament.events import MAX_SCORE

    if not re.fullmatch(r"\d+", text.strip()) or int(text) > MAX_SCORE:
        raise BadArgument(tr(MESSAGES, "bad_score", score=text, name=who))
    return int(text)


@app.command("result", context_settings={"ignore_unknown_options": True})
def result(
    round_no: int = typer.Argument(..., help="Runda / round"),
    player_a: str = typer.Argument(..., help="Gracz A: numer lub nazwisko / seed or name"),
    score_a: str = typer.Argument(..., help="Wynik A / score A"),
    player_b: str = typer.Argument(..., help="Gracz B / player B"),
    score_b: str = typer.Argument(..., help="Wynik B / score B"),
    db: str | None = DbOption,
) -> None:
    """Wpisz wynik / enter a result: ROUND A SCORE_A B SCORE_B."""
    _result("result", round_no, player_a, score_a, player_b, score_b, db, "")


def _result(
    kind: str, round_no: int, pa: str, sa: str, pb: str, sb: str, db: str | None, note: str
) -> None:
    with opened(db) as t, referee_errors():
        state = t.state()
        a, b = resolve(state, pa), resolve(state, pb)
        data: dict[str, Any] = {
            "round": _round_arg(state, round_no), "a": a,
            "sa": _score(sa, state.players[a].name), "b": b,
            "sb": _score(sb, state.players[b].name),
        }
        if kind == "correct":
            data["note"] = note
        t.append(kind, data, at=now())
        key = "result_ok" if kind == "result" else "correct_ok"
        console.print(tr(CLI, key, round=round_no, a=_name(state, a), sa=data["sa"],
                         b=_name(state, b), sb=data["sb"]))


@app.command("correct", context_settings={"ignore_unknown_options": True})
def correct(
    round_no: int = typer.Argument(..., help="Runda / round"),
    player_a: str = typer.Argument(...),
    score_a: str = typer.Argument(...),
    player_b: str = typer.Argument(...),
    score_b: str = typer.Argument(...),
    note: str = typer.Option("", "--note", help="Powód (do dziennika) / reason, for the log"),
    db: str | None = DbOption,
) -> None:
    """Popraw wpisany wynik (zapisane z czasem) / correct a result, on record."""
    _result("correct", round_no, player_a, score_a, player_b, score_b, db, note)


@app.command("walkover")
def walkover(
    round_no: int = typer.Argument(..., help="Runda / round"),
    winner: str = typer.Argument(..., help="Zwycięzca walkowera / the player awarded it"),
    loser: str = typer.Argument(..., help="Przeciwnik / the absent or excluded opponent"),
    score: int = typer.Option(
        0, "--score", min=0, help="Wynik w chwili przyznania / score at the time"
    ),
    replace: bool = typer.Option(
        False, "--replace", help="Zastąp wynik / replace the result (TR 7.2)"
    ),
    db: str | None = DbOption,
) -> None:
    """Walkower N:1 (TR 7.2) — N wyliczane przez program / a walkover, N computed."""
    with opened(db) as t, referee_errors():
        state = t.state()
        w, lo = resolve(state, winner), resolve(state, loser)
        t.append("walkover", {"round": _round_arg(state, round_no), "winner": w, "loser": lo,
                              "score": score, "replace": replace}, at=now())
        after = t.state()
        p = after.rounds[round_no].pairing_of(w)
        assert p is not None and p.result is not None
        n = max(p.result.score_first, p.result.score_second)
        console.print(tr(CLI, "walkover_ok", round=round_no, w=_name(state, w), n=n))


@app.command("forfeit")
def forfeit(
    round_no: int = typer.Argument(..., help="Runda / round"),
    player_a: str = typer.Argument(..., help="Gracz A / player A"),
    player_b: str = typer.Argument(..., help="Gracz B / player B"),
    replace: bool = typer.Option(False, "--replace", help="Zastąp wynik / replace the result"),
    db: str | None = DbOption,
) -> None:
    """Obaj gracze nieobecni (TR 6.3.3–6.3.4): porażka obu / a double forfeit."""
    with opened(db) as t, referee_errors():
        state = t.state()
        a, b = resolve(state, player_a), resolve(state, player_b)
        t.append("forfeit", {"round": _round_arg(state, round_no), "a": a, "b": b,
                             "replace": replace}, at=now())
        console.print(tr(CLI, "forfeit_ok", round=round_no, a=_name(state, a),
                         b=_name(state, b)))


@app.command("bye")
def bye(
    round_no: int = typer.Argument(..., help="Runda / round"),
    player: str = typer.Argument(..., help="Gracz / player"),
    db: str | None = DbOption,
) -> None:
    """Przenieś pauzę na gracza / move the bye to a player (a manual change)."""
    with opened(db) as t, referee_errors():
        state = t.state()
        pid = resolve(state, player)
        t.append("bye", {"round": _round_arg(state, round_no), "player": pid}, at=now())
        console.print(tr(CLI, "bye_ok", round=round_no, name=_name(state, pid)))


@app.command("penalty")
def penalty(
    round_no: int = typer.Argument(..., help="Runda / round"),
    player: str = typer.Argument(..., help="Gracz / player"),
    points: int = typer.Argument(
        ..., help="Kara, wielokrotność 5 / points, a multiple of 5 (TR 7.1)"
    ),
    db: str | None = DbOption,
) -> None:
    """Kara: odjęcie wielokrotności 5 punktów (TR 7.1) / a penalty."""
    with opened(db) as t, referee_errors():
        state = t.state()
        pid = resolve(state, player)
        t.append("penalty", {"round": _round_arg(state, round_no), "player": pid,
                             "points": points}, at=now())
        console.print(tr(CLI, "penalty_ok", round=round_no, name=_name(state, pid), points=points))


@app.command("withdraw")
def withdraw(
    player: str = typer.Argument(..., help="Gracz / player"),
    round_no: int | None = typer.Option(
        None, "--round", help="Pierwsza runda bez gracza / first round missed"
    ),
    excluded: bool = typer.Option(
        False, "--excluded", help="Wykluczenie / exclusion (TR 7.1)"
    ),
    db: str | None = DbOption,
) -> None:
    """Wycofaj gracza (od następnej rundy) / withdraw a player."""
    with opened(db) as t, referee_errors():
        state = t.state()
        pid = resolve(state, player)
        n = state.next_round if round_no is None else round_no
        t.append("withdraw", {"player": pid, "round": n, "excluded": excluded}, at=now())
        console.print(tr(CLI, "withdraw_ok", name=_name(state, pid), round=n))


@app.command("return")
def return_(
    player: str = typer.Argument(..., help="Gracz / player"),
    round_no: int | None = typer.Option(None, "--round", help="Runda powrotu / round of return"),
    db: str | None = DbOption,
) -> None:
    """Przywróć wycofanego gracza (z wyrównaniem, RS §7.2) / a player returns."""
    with opened(db) as t, referee_errors():
        state = t.state()
        pid = resolve(state, player)
        n = state.next_round if round_no is None else round_no
        t.append("return", {"player": pid, "round": n}, at=now())
        console.print(tr(CLI, "return_ok", name=_name(state, pid), round=n))


def _chain(text: str | None) -> list[str] | None:
    return None if text is None else [c.strip() for c in text.split(",") if c.strip()]


@app.command("set")
def set_(
    criteria: str | None = typer.Option(
        None, "--criteria", help="Kryteria / criteria, e.g. big_points,spread"
    ),
    final_criteria: str | None = typer.Option(None, "--final-criteria"),
    bye: str | None = typer.Option(None, "--bye", help="Wynik pauzy / bye score, e.g. 300:250"),
    bye_points: float | None = typer.Option(
        None, "--bye-points", help="Duże punkty za pauzę / big points of a bye"
    ),
    repeats: bool | None = typer.Option(None, "--repeats/--no-repeats"),
    group_range: float | None = typer.Option(
        None, "--group-range", help="Zasięg grupy / score group range (1.5)"
    ),
    adjustments: str | None = typer.Option(
        None, "--adjustments", help="Wyrównania / adjustments: weighted | seed | none"
    ),
    prize_places: int | None = typer.Option(
        None, "--prize-places", help="Ostatnie miejsce z nagrodą / last prize place"
    ),
    elimination: bool | None = typer.Option(None, "--elimination/--no-elimination"),
    exclude_best_wins: int | None = typer.Option(None, "--exclude-best-wins"),
    team_size: int | None = typer.Option(
        None, "--team-size", help="Gracze liczeni w drużynie / players counted per team (SCH)"
    ),
    seed: int | None = typer.Option(None, "--seed"),
    db: str | None = DbOption,
) -> None:
    """Zmień ustawienia turnieju (zapisane w dzienniku) / change settings, on record."""
    changes: dict[str, Any] = {}
    for key, value in (
        ("criteria", _chain(criteria)), ("final_criteria", _chain(final_criteria)),
        ("bye_big_points", bye_points), ("repeats", repeats), ("group_range", group_range),
        ("adjustment_formula", adjustments), ("prize_places", prize_places),
        ("elimination", elimination), ("exclude_best_wins", exclude_best_wins),
        ("team_size", team_size), ("seed", seed),
    ):
        if value is not None:
            changes[key] = value
    if bye is not None:
        m = re.fullmatch(r"(\d+):(\d+)", bye)
        if not m:
            fail(tr(MESSAGES, "bad_setting_value", setting="bye_score", value=bye), EXIT_INPUT)
        changes["bye_score"] = [int(m.group(1)), int(m.group(2))]
    with opened(db) as t, referee_errors():
        if changes:
            t.append("settings", {"changes": changes}, at=now())
        typer.echo(json.dumps(t.state().settings.to_dict(), ensure_ascii=False))


@app.command("undo")
def undo(db: str | None = DbOption) -> None:
    """Cofnij ostatnie zdarzenie (cofnięcie też jest zapisane) / undo the last event."""
    from plansza.tournament.events import describe, effective

    with opened(db) as t, referee_errors():
        state = t.state()
        live = effective(t.events())
        t.append("undo", {}, at=now())
        sd = seeds(state)
        names = {pid: f"{sd[pid]} {p.name}" for pid, p in state.players.items()}
        console.print(tr(CLI, "undo_ok", what=f"#{live[-1].seq} {describe(live[-1], names)}"))


@app.command("standings")
def standings_cmd(
    round_no: int | None = typer.Option(None, "--round", help="Po rundzie / after round"),
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    teams: bool = typer.Option(
        False, "--teams", help="Klasyfikacja drużynowa / team classification (SCH)"
    ),
    html: str | None = typer.Option(None, "--html", help="Strona do druku / a printable page"),
    db: str | None = DbOption,
) -> None:
    """Klasyfikacja / standings (the tournament's criteria chain)."""
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings, team_standings

    with opened(db) as t, referee_errors():
        state = t.state()
        if round_no is not None and round_no not in state.rounds:
            raise PlanszaError(tr(MESSAGES, "no_round", round=round_no))
        if teams:
            rows = team_standings(state, round_no)
            if as_json:
                typer.echo(json.dumps(rows, ensure_ascii=False))
            else:
                for r in rows:
                    console.print(f"{r['place']:>3}. {r['team']}  {r['big_points']}  "
                                  f"{r['small_points']}  {r['spread']:+}")
            return
        if html is not None:
            from plansza.i18n import language, translator
            from plansza.tournament.reports import standings_page

            page = standings_page(state, round_no, translator(language()))
            Path(html).write_text(page, encoding="utf-8")
            console.print(tr(CLI, "exported", path=html))
            return
        lines = standings(state, round_no, groups=mpa.groups(state, round_no))
        if as_json:
            typer.echo(json.dumps([s.as_json() for s in lines], ensure_ascii=False))
            return
        final = state.finished and (round_no is None or round_no >= state.last_round)
        shown = round_no if round_no is not None else max(
            (n for n, r in state.rounds.items() if r.complete), default=0)
        title = tr(CLI, "final_title") if final else tr(CLI, "standings_title", round=shown)
        console.print(f"[bold]{state.settings.name} — {title}[/]")
        cols = tr(CLI, "cols").split("|")
        console.print(f"{cols[0]:>4} {cols[1]:>4}  {cols[2]:<28} {cols[3]:>5} {cols[4]:>6} "
                      f"{cols[5]:>7} {cols[6]:>6}")
        for s in lines:
            bp = f"{s.big_points:g}"
            mark = "*" if s.adjusted else ""
            console.print(f"{s.place:>4} {s.seed:>4}  {s.name:<28} {bp:>5}{mark:1}"
                          f"{s.small_points:>6} {s.spread:>+7} {s.games:>6}")


@app.command("status")
def status(db: str | None = DbOption) -> None:
    """Stan turnieju i brakujące wyniki / where the tournament stands, missing results."""
    with opened(db) as t:
        state = t.state()
    s = state.settings
    console.print(tr(CLI, "status", name=s.name, system=s.system, rounds=s.rounds,
                     paired=state.last_round, players=len(state.players),
                     active=len(state.active(state.next_round))))
    if state.finished:
        console.print(tr(CLI, "finished"))
        return
    missing = [(n, p) for n in sorted(state.rounds) for p in state.rounds[n].pairings
               if p.second is not None and p.result is None]
    if not missing:
        console.print(tr(CLI, "all_in"))
    for n in sorted({n for n, _ in missing}):
        console.print(tr(CLI, "missing", round=n))
        for m, p in missing:
            if m == n:
                console.print(f"  {tr(CLI, 'table')} {p.table:>3}: {_name(state, p.first)} – "
                              f"{_name(state, p.second)}")


@app.command("card")
def card(
    player: str = typer.Argument(..., help="Gracz: numer lub nazwisko / seed or name"),
    db: str | None = DbOption,
) -> None:
    """Karta gracza: każda partia, kary, wyrównania / a player's card: why they stand there."""
    from plansza.tournament import mpa
    from plansza.tournament.standings import standings

    with opened(db) as t, referee_errors():
        state = t.state()
        pid = resolve(state, player)
        line = next(s for s in standings(state, groups=mpa.groups(state)) if s.pid == pid)
        console.print(tr(CLI, "card_head", seed=line.seed, name=line.name, place=line.place,
                         bp=f"{line.big_points:g}", sp=line.small_points, spread=line.spread,
                         games=line.games))
        for g in state.games_of(pid):
            extra = []
            if g.kind in ("walkover", "forfeit"):
                extra.append(f"({tr(CLI, g.kind)})")
            if g.penalty:
                extra.append(tr(CLI, "penalty_note", points=g.penalty))
            start = "" if g.opponent is None else tr(CLI, "starts" if g.started else "second_")
            console.print(tr(CLI, "card_game", round=g.round, opp=_name(state, g.opponent),
                             start=start, score=g.score, opp_score=g.opp_score,
                             extra=" ".join(extra)))
        for a in state.adjustments.get(pid, []):
            console.print(tr(CLI, "adj_line", round=a.round, target=a.target_place,
                             bp=f"{a.big_points:g}", sp=a.small_points, spread=a.spread))
        for start_r, end_r in state.players[pid].absences:
            last = "…" if end_r is None else end_r - 1
            console.print(tr(CLI, "absent_line", start=start_r, end=last))
        if line.excluded_spread or line.excluded_small:
            console.print(tr(CLI, "excl_line", spread=line.excluded_spread,
                             sp=line.excluded_small))


@app.command("pairings")
def pairings_cmd(
    round_no: int | None = typer.Option(
        None, "--round", help="Runda (domyślnie ostatnia) / round (default: last)"
    ),
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    html: str | None = typer.Option(None, "--html", help="Strona do druku / a printable page"),
    db: str | None = DbOption,
) -> None:
    """Kojarzenie rundy / a round's pairings (the first named starts)."""
    with opened(db) as t, referee_errors():
        state = t.state()
        round_no = _round_arg(state, state.last_round if round_no is None else round_no)
        if html is not None:
            from plansza.i18n import language, translator
            from plansza.tournament.reports import round_page

            page = round_page(state, round_no, translator(language()))
            Path(html).write_text(page, encoding="utf-8")
            console.print(tr(CLI, "exported", path=html))
            return
        sd = seeds(state)
        if as_json:
            rows = [
                {"table": p.table, "first": sd[p.first],
                 "second": None if p.second is None else sd[p.second]}
                for p in state.rounds[round_no].pairings
            ]
            typer.echo(json.dumps(rows))
            return
        _print_round(state, round_no)


@app.command("players")
def players_cmd(
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    db: str | None = DbOption,
) -> None:
    """Lista graczy z numerami startowymi / players by seeding number."""
    with opened(db) as t, referee_errors():
        state = t.state()
        sd = seeds(state)
        rows = sorted(state.players.values(), key=lambda p: sd[p.pid])
        if as_json:
            typer.echo(json.dumps([
                {"seed": sd[p.pid], "name": p.name, "ranking": p.ranking, "games": p.games,
                 "club": p.club, "city": p.city, "joined_round": p.joined_round,
                 "withdrawn": p.withdrawn} for p in rows], ensure_ascii=False))
            return
        for p in rows:
            rk = "—" if p.ranking is None else f"{p.ranking:g}"
            console.print(f"{sd[p.pid]:>4}  {p.name:<28} {rk:>6}  {p.club}  {p.city}")


@app.command("log")
def log_cmd(
    as_json: bool = typer.Option(False, "--json", help="JSON"),
    db: str | None = DbOption,
) -> None:
    """Dziennik zdarzeń (z czasem) / the event log, with times."""
    from plansza.tournament.events import describe

    with opened(db) as t:
        events = t.events()
        state = t.state()
    sd = seeds(state)
    names = {pid: f"{sd[pid]} {p.name}" for pid, p in state.players.items()}
    if as_json:
        typer.echo(json.dumps([{"seq": e.seq, "kind": e.kind, "at": e.at, "data": e.data,
                                "text": describe(e, names)} for e in events],
                              ensure_ascii=False))
        return
    for e in events:
        console.print(f"{e.seq:>5}  {e.at}  {describe(e, names)}", soft_wrap=True)


@app.command("report")
def report(
    html: str = typer.Option(..., "--html", help="Katalog raportu / output directory"),
    teams: bool = typer.Option(False, "--teams", help="Z klasyfikacją drużynową / with teams"),
    db: str | None = DbOption,
) -> None:
    """Raport HTML i CSV / HTML and CSV report (standings, pairings, cards, table)."""
    from plansza.i18n import language, translator
    from plansza.tournament import reports

    with opened(db) as t, user_errors(EXIT_INPUT):
        state = t.state()
        reports.write_report(state, Path(html), translator(language()), teams=teams)
        console.print(tr(CLI, "report_done", path=html))


@app.command("export")
def export(
    tsh: str = typer.Option(..., "--tsh", help="Plik .t / a TSH .t file"),
    db: str | None = DbOption,
) -> None:
    """Eksport do pliku TSH .t / export a TSH .t file."""
    from plansza.tournament import tsh as tsh_mod

    with opened(db) as t, user_errors(EXIT_INPUT):
        Path(tsh).write_text(tsh_mod.write_t(t.state()), encoding="utf-8")
        console.print(tr(CLI, "exported", path=tsh))


@app.command("import")
def import_(
    tsh: str = typer.Option(..., "--tsh", help="Plik .t / a TSH .t file"),
    name: str = typer.Option("", "--name", help="Nazwa / name (default: the file's)"),
    rounds: int | None = typer.Option(
        None, "--rounds", help="Liczba rund / rounds (default: from the file)"
    ),
    system: str = typer.Option(
        "manual", "--system", help="System dalszego kojarzenia / system for later rounds"
    ),
    dates: list[str] = DatesOption,
    db: str | None = DbOption,
) -> None:
    """Import pliku TSH .t do nowego pliku turnieju / import a TSH .t file."""
    from plansza.tournament import tsh as tsh_mod

    if system not in model.SYSTEMS:
        fail(tr(CLI, "bad_system", system=system, systems=", ".join(model.SYSTEMS)), EXIT_INPUT)
    with user_errors(EXIT_INPUT):
        text = Path(tsh).read_text(encoding="utf-8-sig")
        parsed = tsh_mod.read_t(text, tsh)
        title = name or Path(tsh).stem
        settings = Settings(
            name=title, rounds=rounds or max(parsed.rounds, 1), system=system,
            dates=tuple(_parse_date(d) for d in dates) or (date.today().isoformat(),),
        )
        path = db or (_slug(title) + SUFFIX)
        items = tsh_mod.events_from(parsed, settings)
        # check the whole file against the rules before creating anything
        replay([Event(1, "created", {"settings": settings.to_dict()})]
               + [Event(i, k, d) for i, (k, d) in enumerate(items, 2)])
        from plansza.tournament.storage import TournamentFile

        tf = TournamentFile.create(path, settings, at=now())
        try:
            tf.append_many(items, at=now())
        finally:
            tf.close()
        console.print(tr(CLI, "created", name=title, path=path))


@app.command("check-ranked")
def check_ranked(db: str | None = DbOption) -> None:
    """Warunki turnieju rankingowego / ranked-tournament conditions (RR §4)."""
    from plansza.tournament.ranked import check

    with opened(db) as t:
        findings = check(t.state())
    bad = False
    for ok, text in findings:
        tag = tr(CLI, "check_ok") if ok else tr(CLI, "check_warn")
        console.print(f"[{'green' if ok else 'yellow'}]{tag}[/] {text}")
        bad = bad or not ok
    if bad:
        raise typer.Exit(EXIT_NEGATIVE)
