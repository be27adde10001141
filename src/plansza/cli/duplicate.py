"""``plansza duplikat`` (alias ``duplicate``): the Belgijka referee's console.

One championship lives in one JSON file (``--file``, default ``belgijka.json``
in the current directory), rewritten atomically by every command that changes
it. A move: ``draw`` → ``card`` for each player → (``top``, ``choose``,
``override``) → ``next``. ``show`` is the projector view (board, rack, table —
never the candidates), ``timer`` the move clock.

Exit codes (:mod:`plansza.cli.common`): 0 done (``card``: a correct card);
1 a card that scores 0 (it is recorded all the same); 2 input that cannot be
used (no file, unknown player, bad number); 3 refused by the rules or the state
(nothing was changed).
"""

from __future__ import annotations

import json
import secrets
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer
from rich.console import Group
from rich.live import Live
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from plansza.cli.common import (
    DEFAULT_LEXICON,
    EXIT_INPUT,
    EXIT_NEGATIVE,
    EXIT_REFUSED,
    console,
    err_console,
    fail,
    user_errors,
)
from plansza.cli.lexopt import CgpLexiconOption, choose_lexicon
from plansza.i18n import tr

if TYPE_CHECKING:
    from plansza.duplicate.game import Championship, Game, Move
    from plansza.duplicate.standings import Row
    from plansza.duplicate.top import Candidate
    from plansza.lexicon import Lexicon

DEFAULT_FILE = "belgijka.json"

CLI: dict[str, dict[str, str]] = {
    "help": {
        "pl": "Belgijka (duplikat): losowanie stojaków, ruch zwycięski, karty ruchu, tabela.",
        "en": "Belgijka (duplicate): rack draws, the top move, move cards, standings.",
    },
    "no_file": {
        "pl": "nie ma pliku {path}: utwórz go poleceniem „plansza duplikat new”",
        "en": "no file {path}: create it with 'plansza duplicate new'",
    },
    "exists": {
        "pl": "plik {path} już istnieje; nadpisanie: --force",
        "en": "{path} already exists; to overwrite it: --force",
    },
    "created": {
        "pl": "Utworzono „{name}” w {path} (ziarno losowania {seed}, słownik {lexicon}); "
        "partia 1 rozpoczęta",
        "en": "Created '{name}' in {path} (draw seed {seed}, lexicon {lexicon}); game 1 started",
    },
    "lexicon_note": {
        "pl": "Słownik {name}: lista SJP.PL, nie oficjalny OSPS — rozstrzyga sędzia (II.8).",
        "en": "Lexicon {name}: the SJP.PL list, not the official OSPS — "
        "the referee decides (II.8).",
    },
    "registered": {
        "pl": "Zawodnik {name}: stolik {number}",
        "en": "Player {name}: table {number}",
    },
    "players_title": {"pl": "Zawodnicy", "en": "Players"},
    "checks": {"pl": "sprawdza", "en": "checks"},
    "referee": {"pl": "sędzia", "en": "referee"},
    "game_started": {"pl": "Partia {game} rozpoczęta", "en": "Game {game} started"},
    "move_title": {"pl": "Partia {game}, ruch {move}", "en": "Game {game}, move {move}"},
    "kept": {
        "pl": "Zostają z poprzedniego ruchu: {tiles}",
        "en": "Kept from the last move: {tiles}",
    },
    "nothing_kept": {"pl": "nic", "en": "nothing"},
    "attempt": {
        "pl": "Losowanie {n}: {rack} — {verdict}",
        "en": "Draw {n}: {rack} — {verdict}",
    },
    "meets": {"pl": "spełnia II.2", "en": "meets II.2"},
    "fails": {
        "pl": "za mało samogłosek lub spółgłosek (potrzeba {v} i {c})",
        "en": "too few vowels or consonants ({v} and {c} needed)",
    },
    "outcome_meets": {"pl": "", "en": ""},
    "outcome_third_redraw": {
        "pl": "Po trzecim ponownym losowaniu stojak zostaje taki, jaki jest (II.2).",
        "en": "After the third redraw the rack stands as drawn (II.2).",
    },
    "outcome_unattainable": {
        "pl": "Wśród niewykorzystanych płytek nie ma wymaganych samogłosek/spółgłosek: "
        "bez ponownego losowania (II.2).",
        "en": "The unused tiles cannot supply the vowels/consonants: no redraw (II.2).",
    },
    "outcome_empty": {"pl": "Brak płytek.", "en": "No tiles left."},
    "rack": {"pl": "Stojak", "en": "Rack"},
    "bag_left": {"pl": "W worku: {n}", "en": "In the bag: {n}"},
    "pass_move": {
        "pl": "Stojak nie daje żadnego ułożenia: ten ruch jest pauzą dla wszystkich.",
        "en": "The rack has no placement: this move is a pass for everyone.",
    },
    "start_timer": {
        "pl": "Zegar ruchu: plansza duplikat timer",
        "en": "Move clock: plansza duplicate timer",
    },
    "top_title": {
        "pl": "Ruchy ze stojaka {rack}: {shown} z {total} (kolejność II.12)",
        "en": "Moves of the rack {rack}: {shown} of {total} (II.12 order)",
    },
    "tied": {
        "pl": "Uwaga: ruchy równe we wszystkich kryteriach II.12: {n} — wybiera sędzia (choose).",
        "en": "Note: {n} moves are equal on every II.12 criterion — the referee picks (choose).",
    },
    "cols_top": {
        "pl": "Nr|Ruch|Pkt|Blanki|Długość|Premie słowne|Premie literowe|Słowa",
        "en": "#|Move|Score|Blanks|Length|Word premiums|Letter premiums|Words",
    },
    "chosen": {"pl": "wybrany", "en": "chosen"},
    "proposed": {"pl": "propozycja", "en": "proposed"},
    "no_candidates": {
        "pl": "brak możliwych ułożeń ze stojaka {rack}",
        "en": "no placement of the rack {rack}",
    },
    "need_rack": {
        "pl": "z --cgp podaj też --rack (stojak)",
        "en": "with --cgp give --rack too",
    },
    "card_line": {"pl": "{name}: {verdict}", "en": "{name}: {verdict}"},
    "bad_number": {
        "pl": "„{text}” nie jest liczbą punktów (liczba całkowita od 0 albo - gdy brak)",
        "en": "'{text}' is not a score (a whole number from 0, or - when none is written)",
    },
    "choice_ok": {
        "pl": "Ruch zwycięski: {move} ({score} pkt){reason}",
        "en": "Winning move: {move} ({score} points){reason}",
    },
    "override_ok": {
        "pl": "Partia {game}, ruch {move}: {name} — {score} pkt (decyzja sędziego: {reason})",
        "en": "Game {game}, move {move}: {name} — {score} points (referee: {reason})",
    },
    "penalty_warning": {
        "pl": "{name}: upomnienie ({reason})",
        "en": "{name}: warning ({reason})",
    },
    "penalty_exclude_move": {
        "pl": "{name}: wykluczenie z ruchu {move} partii {game} ({reason})",
        "en": "{name}: excluded from move {move} of game {game} ({reason})",
    },
    "penalty_exclude_game": {
        "pl": "{name}: wykluczenie do końca partii {game}, od ruchu {move} ({reason})",
        "en": "{name}: excluded to the end of game {game}, from move {move} ({reason})",
    },
    "closed": {
        "pl": "Ruch {move} zamknięty. Ruch zwycięski: {top}",
        "en": "Move {move} closed. Winning move: {top}",
    },
    "closed_pass": {
        "pl": "Ruch {move} zamknięty: pauza dla wszystkich.",
        "en": "Move {move} closed: a pass for everyone.",
    },
    "found_top": {"pl": "Ruch zwycięski znaleźli: {names}", "en": "Found the top move: {names}"},
    "next_draw": {
        "pl": "Następny ruch: plansza duplikat draw",
        "en": "Next: plansza duplicate draw",
    },
    "game_end": {
        "pl": "Partia {game} zakończona: {end}.",
        "en": "Game {game} is over: {end}.",
    },
    "next_game": {
        "pl": "Następna partia: plansza duplikat game",
        "en": "Next game: plansza duplicate game",
    },
    "all_done": {
        "pl": "Mistrzostwa zakończone — klasyfikacja: plansza duplikat standings --all",
        "en": "The championship is over — standings: plansza duplicate standings --all",
    },
    "game_table": {
        "pl": "Tabela klasyfikacyjna — partia {game}, po ruchu {move}",
        "en": "Standings — game {game}, after move {move}",
    },
    "champ_table": {
        "pl": "Klasyfikacja mistrzostw (II.15, II.16)",
        "en": "Championship standings (II.15, II.16)",
    },
    "cols_game": {
        "pl": "M.|Stolik|Zawodnik|Ruch|Karta|Suma|% topu",
        "en": "Pl.|Table|Player|Move|Card|Total|% of top",
    },
    "cols_champ": {
        "pl": "M.|Stolik|Zawodnik|Partie|Suma|Najlepsze ruchy|% topu|Los",
        "en": "Pl.|Table|Player|Games|Total|Best moves|% of top|Lot",
    },
    "top_total": {"pl": "Suma ruchów zwycięskich: {n}", "en": "Total of the top moves: {n}"},
    "exaequo": {
        "pl": "„=” — miejsce ex aequo (II.16); nagrody rozstrzyga losowanie: plansza duplikat lots",
        "en": "'=' — a shared place (II.16); prizes by lot: plansza duplicate lots",
    },
    "lots_drawn": {
        "pl": "Miejsce {place}: kolejność losowania {names}",
        "en": "Place {place}: order drawn {names}",
    },
    "exported": {"pl": "Zapisano {path}", "en": "Wrote {path}"},
    "bad_format": {
        "pl": "nieznany format {fmt}: json albo txt",
        "en": "unknown format {fmt}: json or txt",
    },
    "sim_title": {
        "pl": "Symulacja partii (ziarno {seed}): suma {total}",
        "en": "Simulated game (seed {seed}): total {total}",
    },
    "cols_sim": {
        "pl": "Ruch|Stojak|Losowania|Ruch zwycięski|Pkt",
        "en": "Move|Rack|Redraws|Top move|Score",
    },
    "timer_title": {"pl": "Czas ruchu", "en": "Move time"},
    "one_minute": {"pl": "Minęła minuta (II.3)", "en": "One minute gone (II.3)"},
    "last_30": {"pl": "Ostatnie 30 sekund (II.3)", "en": "The last 30 seconds (II.3)"},
    "time_up": {
        "pl": "Koniec czasu — odłóżcie karty ruchu (II.7)",
        "en": "Time is up — put the move cards down (II.7)",
    },
    "timer_stopped": {"pl": "Zegar zatrzymany", "en": "Clock stopped"},
    "bad_seconds": {
        "pl": "czas ruchu musi być dodatni, nie {n}",
        "en": "the move time must be positive, not {n}",
    },
    "no_open": {"pl": "(żaden ruch nie jest otwarty)", "en": "(no move is open)"},
    "cards_title": {
        "pl": "Karty — partia {game}, ruch {move}",
        "en": "Cards — game {game}, move {move}",
    },
    "cols_cards": {
        "pl": "Stolik|Zawodnik|Karta|Zadekl.|Blanki|Werdykt|Pkt",
        "en": "Table|Player|Card|Declared|Blanks|Verdict|Points",
    },
    "missing": {"pl": "Brak kart: {names}", "en": "No card yet: {names}"},
}

ERROR_INPUT_REASONS = frozenset(
    {"unknown_player", "ambiguous_player", "bad_table", "empty_name", "bad_score", "bad_penalty",
     "bad_choice", "unknown_game", "no_move"}
)  # fmt: skip

app = typer.Typer(
    help="Belgijka (duplikat) — sędzia: losowanie, ruch zwycięski, karty, tabela. / "
    "Duplicate Scrabble — the referee's console.",
    no_args_is_help=True,
)

FileOption = typer.Option(
    DEFAULT_FILE, "--file", "-f", help="Plik mistrzostw / the championship file (JSON)"
)
JsonOption = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON")
LexiconOption = typer.Option(
    DEFAULT_LEXICON,
    "--lexicon",
    "-l",
    help="Słownik: nazwa lub ścieżka / lexicon: name or path (sjp-20220301 = SJP.PL, not OSPS)",
)


def register(root: typer.Typer) -> None:
    """Add ``duplikat`` (alias ``duplicate``) to the root app."""
    root.add_typer(app, name="duplikat")
    root.add_typer(app, name="duplicate", hidden=True)


def _command(name: str, polish: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Register a command under its English name; the Polish word goes into its help.

    No hidden Polish aliases: Typer builds every command of the whole ``plansza`` tree
    at each start (about 4 ms a command), so aliases would slow every command down.
    """

    def wrap(fn: Callable[..., None]) -> Callable[..., None]:
        app.command(name, help=f"[{polish}] {fn.__doc__ or ''}")(fn)
        return fn

    return wrap


# ----------------------------------------------------------------- the file


@contextmanager
def referee_errors() -> Iterator[None]:
    """The engine's refusals in the user's language: exit 2 for a bad argument, 3 for
    what the rules or the state refuse (nothing was changed)."""
    from plansza.duplicate.messages import DuplicateError, describe

    with user_errors(EXIT_REFUSED):
        try:
            yield
        except DuplicateError as e:
            code = EXIT_INPUT if e.reason in ERROR_INPUT_REASONS else EXIT_REFUSED
            fail(describe(e), code)


def _load(path: str) -> Championship:
    from plansza.duplicate.storage import load

    if not Path(path).is_file():
        fail(tr(CLI, "no_file", path=path), EXIT_INPUT)
    with user_errors(EXIT_INPUT):
        return load(path)


def _save(ch: Championship, path: str) -> None:
    from plansza.duplicate.storage import save

    with user_errors(EXIT_INPUT):
        save(ch, path)


def _lexicon(name: str, *, quiet: bool = False) -> Lexicon:
    from plansza.lexicon import Lexicon

    with user_errors(EXIT_INPUT):
        return Lexicon.load(name, progress=not quiet)


# ----------------------------------------------------------------- commands


@_command("new", "nowy")
def new(
    file: str = FileOption,
    seed: str = typer.Option(
        None, "--seed", help="Ziarno losowania (domyślnie losowe) / draw seed (random by default)"
    ),
    name: str = typer.Option("Belgijka", "--name", help="Nazwa / name of the championship"),
    games: int = typer.Option(3, "--games", help="Liczba partii (I.2) / number of games"),
    lexicon: str = LexiconOption,
    force: bool = typer.Option(False, "--force", help="Nadpisz plik / overwrite the file"),
) -> None:
    """Nowe mistrzostwa w pliku; partia 1 rozpoczęta. / A new championship; game 1 starts."""
    from plansza.duplicate.game import Championship

    if Path(file).exists() and not force:
        fail(tr(CLI, "exists", path=file), EXIT_REFUSED)
    if games < 1:
        fail(tr(CLI, "bad_number", text=games), EXIT_INPUT)
    the_seed = seed if seed is not None else secrets.token_hex(4)
    lex = _lexicon(lexicon)
    ch = Championship(seed=the_seed, name=name, games_planned=games, lexicon=lexicon)
    ch.start_game()
    _save(ch, file)
    console.print(
        tr(CLI, "created", name=name, path=file, seed=the_seed, lexicon=lex.name), soft_wrap=True
    )
    console.print(f"[dim]{tr(CLI, 'lexicon_note', name=lex.name)}[/]", soft_wrap=True)


@_command("register", "zapisz")
def register_player(
    name: str = typer.Argument(..., help="Imię i nazwisko / the player's name"),
    table: int = typer.Option(None, "--table", "-t", help="Numer stolika (I.3) / table number"),
    file: str = FileOption,
) -> None:
    """Zapisz zawodnika przy stoliku. / Register a player at a table."""
    ch = _load(file)
    with referee_errors():
        player = ch.register(name, table)
    _save(ch, file)
    console.print(tr(CLI, "registered", name=player.name, number=player.number))


@_command("players", "zawodnicy")
def players(file: str = FileOption, as_json: bool = JsonOption) -> None:
    """Zawodnicy i pary sprawdzających (II.9). / Players and checking pairs (II.9)."""
    ch = _load(file)
    checks: dict[int, str] = {}
    for a, b in ch.checking_pairs():
        checks[a] = str(b) if b is not None else tr(CLI, "referee")
        if b is not None:
            checks[b] = str(a)
    if as_json:
        out = [
            {"table": p.number, "name": p.name, "checks": checks.get(p.number)}
            for p in sorted(ch.players.values(), key=lambda p: p.number)
        ]
        _print_json(out)
        return
    table = Table(title=tr(CLI, "players_title"), title_justify="left")
    table.add_column("#", justify="right")
    table.add_column(tr(CLI, "players_title"))
    table.add_column(tr(CLI, "checks"), justify="right")
    for p in sorted(ch.players.values(), key=lambda p: p.number):
        table.add_row(str(p.number), p.name, checks.get(p.number, ""))
    console.print(table)


@_command("game", "partia")
def start_game(file: str = FileOption) -> None:
    """Rozpocznij następną partię (I.2). / Start the next game (I.2)."""
    ch = _load(file)
    with referee_errors():
        game = ch.start_game()
    _save(ch, file)
    console.print(tr(CLI, "game_started", game=game.number))


@_command("draw", "losuj")
def draw(file: str = FileOption, as_json: bool = JsonOption) -> None:
    """Wylosuj stojak następnego ruchu (II.2, II.14). / Draw the next move's rack.

    Nie pokazuje ruchów — ekran bywa rzutowany (I.6); ruchy: top.
    / Shows no moves — the screen may be projected (I.6); the moves: top.
    """
    ch = _load(file)
    lex = _lexicon(ch.lexicon, quiet=as_json)
    with referee_errors():
        move = ch.draw(lex)
    game = ch.game
    _save(ch, file)
    if as_json:
        _print_json(
            {"game": game.number, "move": move.number, "rack": move.rack,
             "draw": move.draw.to_dict(), "bag": len(game.bag), "placements": move.candidate_count}
        )  # fmt: skip
        return
    _print_draw(ch, game, move)


def _print_draw(ch: Championship, game: Game, move: Move) -> None:
    from plansza.cli.render import rack_text

    ts = ch.rules.tileset
    console.print(f"[bold]{tr(CLI, 'move_title', game=game.number, move=move.number)}[/]")
    first = move.draw.attempts[0]
    console.print(tr(CLI, "kept", tiles=first.kept or tr(CLI, "nothing_kept")))
    need = move.draw.requirement
    for i, a in enumerate(move.draw.attempts, 1):
        verdict = (
            tr(CLI, "meets") if a.meets else tr(CLI, "fails", v=need.vowels, c=need.consonants)
        )
        console.print(tr(CLI, "attempt", n=i, rack=a.rack, verdict=verdict))
    note = tr(CLI, f"outcome_{move.draw.outcome}")
    if note:
        console.print(f"[yellow]{note}[/]", soft_wrap=True)
    line = Text(f"{tr(CLI, 'rack')}: ")
    line.append_text(rack_text(move.rack, ts))
    console.print(line)
    console.print(tr(CLI, "bag_left", n=len(game.bag)))
    if move.is_pass:
        console.print(f"[yellow]{tr(CLI, 'pass_move')}[/]")
    else:
        console.print(f"[dim]{tr(CLI, 'start_timer')}[/]")


@_command("top", "ruchy")
def top(
    file: str = FileOption,
    n: int = typer.Option(20, "--n", "-n", help="Ile ruchów pokazać / how many moves to show"),
    as_json: bool = JsonOption,
    cgp: str = typer.Option(
        None, "--cgp", help="Pojedyncza pozycja (bez pliku) / a single position (no file)"
    ),
    rack: str = typer.Option(None, "--rack", "-r", help="Stojak z --cgp / the rack with --cgp"),
    lexicon: str | None = CgpLexiconOption,
) -> None:
    """Ruch zwycięski i alternatywy w kolejności II.12. / The top move and the alternatives.

    Z --cgp i --json: pełna uporządkowana lista. / With --cgp and --json: the whole ordered list.
    """
    if n < 1:
        fail(tr(CLI, "bad_number", text=n), EXIT_INPUT)
    if cgp is not None:
        _top_of_position(cgp, rack, lexicon, n, as_json)
        return
    ch = _load(file)
    with referee_errors():
        game = ch.game
        move = game.open_move or (game.moves[-1] if game.moves else None)
        if move is None:
            from plansza.duplicate.messages import refuse

            raise refuse("no_open_move", "no move")
    chosen = move.choice.index if move.choice is not None else 0
    listed = list(move.candidates)
    if move.choice is not None and move.choice.index is None:
        listed.insert(0, move.choice.candidate)
        chosen = 0
    if as_json:
        ordered = _chosen_first(listed, chosen)
        _print_json([c.to_dict() for c in ordered[:n]])
        return
    _top_table(
        listed[:n], move.rack, move.candidate_count, chosen, move.tied, move.choice is not None
    )


def _chosen_first(listed: list[Candidate], chosen: int | None) -> list[Candidate]:
    if chosen is None or not 0 <= chosen < len(listed):
        return listed
    return [listed[chosen], *listed[:chosen], *listed[chosen + 1 :]]


def _top_of_position(
    cgp: str, rack: str | None, lexicon: str | None, n: int, as_json: bool
) -> None:
    from plansza.cgp import parse_cgp
    from plansza.duplicate.top import rank
    from plansza.rules import Rules

    rules = Rules.pfs()
    with user_errors(EXIT_INPUT):
        position = parse_cgp(cgp, rules.tileset)
        the_rack = (rack if rack is not None else position.racks[0]).strip()
        if not the_rack:
            fail(tr(CLI, "need_rack"), EXIT_INPUT)
        lex = _lexicon(choose_lexicon(lexicon, position.lexicon), quiet=as_json)
        ranking = rank(position.board, the_rack, lex, rules)
    if as_json:
        # The whole ordered list, one candidate a line (thousands go through Rich slowly);
        # the words formed only for the first n (all of them would take seconds with blanks).
        shown = ranking.head(n)
        lines = ",\n".join(
            " " + json.dumps((shown[i] if i < len(shown) else c).to_dict(), ensure_ascii=False)
            for i, c in enumerate(ranking)
        )
        sys.stdout.write(f"[\n{lines}\n]\n" if len(ranking) else "[]\n")
        return
    _top_table(ranking.head(n), the_rack, len(ranking), 0, ranking.tied(), False)


def _top_table(
    listed: list[Candidate],
    rack: str,
    total: int,
    chosen: int | None,
    tied: int,
    decided: bool,
) -> None:
    if not listed:
        console.print(tr(CLI, "no_candidates", rack=rack))
        return
    cols = tr(CLI, "cols_top").split("|")
    table = Table(title=tr(CLI, "top_title", rack=rack, shown=len(listed), total=total))
    for i, col in enumerate(cols):
        table.add_column(col, justify="right" if i not in (1, 7) else "left")
    for i, c in enumerate(listed):
        mark = f" ← {tr(CLI, 'chosen' if decided else 'proposed')}" if i == chosen else ""
        table.add_row(
            str(i + 1),
            f"{c.play}{mark}",
            str(c.score),
            str(c.blanks),
            str(c.length),
            str(c.word_premiums),
            str(c.letter_premiums),
            ", ".join(c.words),
        )
    console.print(table)
    if tied > 1:
        console.print(f"[yellow]{tr(CLI, 'tied', n=tied)}[/]", soft_wrap=True)


def _score_arg(text: str) -> int | None:
    t = text.strip()
    if t in ("-", "brak", "none", ""):
        return None
    if not t.isdecimal():
        fail(tr(CLI, "bad_number", text=text), EXIT_INPUT)
    return int(t)


@_command("card", "karta")
def card(
    player: str = typer.Argument(..., help="Stolik albo nazwisko / table number or name"),
    text: str = typer.Argument(..., help='Słowo główne ze współrzędną / e.g. "H8 SŁOWO"'),
    score: str = typer.Argument(..., help="Zadeklarowane punkty (- gdy brak) / declared score"),
    blanks: str = typer.Option(
        "", "--blanks", "-b", help="Litery blanków / the letters the blanks stand for"
    ),
    file: str = FileOption,
    as_json: bool = JsonOption,
) -> None:
    """Wpisz kartę ruchu zawodnika i sprawdź ją (II.5–II.9). / Enter and check a move card."""
    from plansza.duplicate.cards import Card
    from plansza.duplicate.messages import verdict_text

    declared = _score_arg(score)
    ch = _load(file)
    lex = _lexicon(ch.lexicon, quiet=True)
    with referee_errors():
        who = ch.player(player)
        verdict = ch.enter_card(who.number, Card(text, declared, blanks), lex)
    _save(ch, file)
    if as_json:
        _print_json({"table": who.number, "name": who.name, **verdict.to_dict()})
    else:
        style = "green" if verdict.ok else "red"
        console.print(
            f"[{style}]{tr(CLI, 'card_line', name=who.name, verdict=verdict_text(verdict))}[/]",
            soft_wrap=True,
        )
    if not verdict.ok:
        raise typer.Exit(EXIT_NEGATIVE)


@_command("cards", "karty")
def cards(
    file: str = FileOption,
    game_no: int = typer.Option(None, "--game", help="Partia / game"),
    move_no: int = typer.Option(None, "--move", help="Ruch / move"),
    as_json: bool = JsonOption,
) -> None:
    """Karty ruchu i werdykty (ostatnia karta zawodnika się liczy). / Cards and verdicts."""
    from plansza.duplicate.messages import verdict_text
    from plansza.tiles import polish_collation_key

    ch = _load(file)
    with referee_errors():
        move = ch.find_move(game_no, move_no)
        game = ch.game if game_no is None else ch.find_game(game_no)
    if as_json:
        _print_json([e.to_dict() for e in move.cards])
        return
    table = Table(
        title=tr(CLI, "cards_title", game=game.number, move=move.number), title_justify="left"
    )
    for col in tr(CLI, "cols_cards").split("|"):
        table.add_column(col)
    for e in move.cards:
        latest = move.card_of(e.player) is e
        style = "" if latest else "dim strike"
        table.add_row(
            str(e.player),
            ch.players[e.player].name,
            e.card.text,
            "-" if e.card.score is None else str(e.card.score),
            e.card.blanks,
            verdict_text(e.verdict),
            str(e.verdict.awarded),
            style=style,
        )
    console.print(table)
    missing = [p.name for n, p in ch.players.items() if move.card_of(n) is None]
    if missing:
        names = ", ".join(sorted(missing, key=polish_collation_key))
        console.print(tr(CLI, "missing", names=names), soft_wrap=True)


@_command("choose", "wybierz")
def choose(
    which: str = typer.Argument(
        ..., help='Numer z listy top albo ruch "H8 SŁOWO" / a number from top or a move'
    ),
    reason: str = typer.Option(..., "--reason", help="Uzasadnienie (II.13) / the reason"),
    force: bool = typer.Option(
        False, "--force", help="Także ruch tańszy niż najdroższy / even below the top score"
    ),
    file: str = FileOption,
) -> None:
    """Sędzia wybiera ruch zwycięski (II.12, II.13). / The referee picks the winning move."""
    ch = _load(file)
    lex = _lexicon(ch.lexicon, quiet=True)
    with referee_errors():
        if which.strip().isdecimal():
            choice = ch.choose(lex, index=int(which) - 1, reason=reason, force=force)
        else:
            choice = ch.choose(lex, notation=which, reason=reason, force=force)
    _save(ch, file)
    why = f" — {reason}" if reason else ""
    console.print(
        tr(CLI, "choice_ok", move=choice.candidate.play, score=choice.candidate.score, reason=why),
        soft_wrap=True,
    )


@_command("override", "korekta")
def override(
    player: str = typer.Argument(..., help="Stolik albo nazwisko / table number or name"),
    score: int = typer.Argument(..., help="Punkty / points"),
    reason: str = typer.Option(..., "--reason", help="Uzasadnienie / the reason"),
    game_no: int = typer.Option(None, "--game", help="Partia (domyślnie bieżąca) / game"),
    move_no: int = typer.Option(None, "--move", help="Ruch (domyślnie bieżący) / move"),
    file: str = FileOption,
) -> None:
    """Decyzja sędziego o punktach ruchu zawodnika. / The referee sets a player's points."""
    ch = _load(file)
    with referee_errors():
        who = ch.player(player)
        ch.override(who.number, score, reason, game=game_no, move=move_no)
        target = ch.find_move(game_no, move_no)
        game = ch.game if game_no is None else ch.find_game(game_no)
    _save(ch, file)
    console.print(
        tr(CLI, "override_ok", game=game.number, move=target.number, name=who.name,
           score=score, reason=reason),
        soft_wrap=True,
    )  # fmt: skip


_PENALTY_WORDS = {
    "warning": "warning",
    "upomnienie": "warning",
    "move": "exclude_move",
    "ruch": "exclude_move",
    "game": "exclude_game",
    "partia": "exclude_game",
}


@_command("penalty", "kara")
def penalty(
    player: str = typer.Argument(..., help="Stolik albo nazwisko / table number or name"),
    kind: str = typer.Argument(..., help="upomnienie|ruch|partia (warning|move|game) — KARY 1–3"),
    reason: str = typer.Option("", "--reason", help="Powód / the reason"),
    move_no: int = typer.Option(
        None, "--move", help="Pierwszy ruch wykluczenia (domyślnie następny) / first move"
    ),
    file: str = FileOption,
) -> None:
    """Kara: upomnienie, wykluczenie z ruchu, do końca partii. / A penalty (KARY)."""
    ch = _load(file)
    with referee_errors():
        p = ch.penalty(player, _PENALTY_WORDS.get(kind.lower(), kind), reason, move=move_no)
    _save(ch, file)
    name = ch.players[p.player].name
    console.print(
        tr(CLI, f"penalty_{p.kind}", name=name, move=p.move, game=p.game, reason=reason or "—"),
        soft_wrap=True,
    )


@_command("next", "dalej")
def next_move(file: str = FileOption) -> None:
    """Zamknij ruch: ruch zwycięski na planszę, tabela (II.11). / Close the move."""
    from plansza.duplicate.messages import end_text
    from plansza.tiles import polish_collation_key

    ch = _load(file)
    with referee_errors():
        move = ch.close()
    _save(ch, file)
    game = ch.game
    if move.choice is not None:
        c = move.choice.candidate
        console.print(tr(CLI, "closed", move=move.number, top=f"{c.play} {c.score}"))
        if move.found_top:
            names = sorted((ch.players[p].name for p in move.found_top), key=polish_collation_key)
            console.print(tr(CLI, "found_top", names=", ".join(names)), soft_wrap=True)
    else:
        console.print(tr(CLI, "closed_pass", move=move.number))
    _game_table(ch, game.number, move.number)
    if game.over:
        console.print(
            f"[bold]{tr(CLI, 'game_end', game=game.number, end=end_text(game.end or ''))}[/]"
        )
        if len(ch.games) < ch.games_planned:
            console.print(tr(CLI, "next_game"))
        else:
            console.print(tr(CLI, "all_done"))
    else:
        console.print(f"[dim]{tr(CLI, 'next_draw')}[/]")


def _game_table(ch: Championship, game_no: int, upto: int | None) -> None:
    from plansza.duplicate.messages import verdict_text
    from plansza.duplicate.standings import game_table, top_total

    game = ch.find_game(game_no)
    rows = game_table(ch, game_no, upto)
    last = upto if upto is not None else (game.moves[-1].number if game.moves else 0)
    move = next((m for m in game.moves if m.number == last), None)
    table = Table(title=tr(CLI, "game_table", game=game_no, move=last), title_justify="left")
    for i, col in enumerate(tr(CLI, "cols_game").split("|")):
        table.add_column(col, justify="left" if i in (2, 4) else "right")
    for row in rows:
        score, note = "", ""
        if move is not None:
            awarded = ch.awarded(row.player.number, game, move)
            score = str(awarded.score)
            if awarded.verdict is not None and awarded.verdict.ok:
                note = awarded.verdict.play or ""
            elif awarded.verdict is not None:
                note = verdict_text(awarded.verdict)
            elif awarded.reason in ("no_card", "excluded"):
                from plansza.duplicate.cards import Verdict

                note = verdict_text(Verdict(awarded.reason))
            elif awarded.override is not None:
                o = awarded.override
                note = tr(
                    {"o": {"pl": "decyzja sędziego: {r}", "en": "referee: {r}"}}, "o", r=o.reason
                )
            if move.found_top and row.player.number in move.found_top:
                note = "★ " + note
        place = f"{row.place}=" if row.shared else str(row.place)
        table.add_row(
            place, str(row.player.number), row.player.name, score, note, str(row.total),
            f"{row.percent:.1f}",
        )  # fmt: skip
    console.print(table)
    console.print(f"[dim]{tr(CLI, 'top_total', n=top_total(game, upto))}[/]")


@_command("standings", "tabela")
def standings(
    file: str = FileOption,
    game_no: int = typer.Option(None, "--game", help="Partia / game"),
    move_no: int = typer.Option(None, "--move", help="Po ruchu / after move"),
    everything: bool = typer.Option(
        False, "--all", help="Klasyfikacja mistrzostw (II.15, II.16) / championship standings"
    ),
    as_json: bool = JsonOption,
) -> None:
    """Tabela klasyfikacyjna partii albo mistrzostw. / The game's or the championship's table."""
    from plansza.duplicate.standings import championship_table, game_table, top_total

    ch = _load(file)
    with referee_errors():
        game = ch.game if game_no is None else ch.find_game(game_no)
    if everything:
        rows = championship_table(ch)
        if as_json:
            _print_json(
                {"championship": ch.name, "top_total": sum(top_total(g) for g in ch.games),
                 "rows": [_row_json(r) for r in rows]}
            )  # fmt: skip
            return
        _champ_table(rows)
        return
    rows = game_table(ch, game.number, move_no)
    if as_json:
        _print_json(
            {"game": game.number, "after_move": move_no or len(game.moves),
             "top_total": top_total(game, move_no), "rows": [_row_json(r) for r in rows]}
        )  # fmt: skip
        return
    _game_table(ch, game.number, move_no)


def _row_json(row: Row) -> dict[str, Any]:
    return {
        "place": row.place,
        "shared": row.shared,
        "table": row.player.number,
        "name": row.player.name,
        "total": row.total,
        "scores": list(row.scores),
        "best": list(row.best),
        "percent": round(row.percent, 2),
        "lot": row.lot,
    }


def _champ_table(rows: list[Row]) -> None:
    table = Table(title=tr(CLI, "champ_table"), title_justify="left")
    for i, col in enumerate(tr(CLI, "cols_champ").split("|")):
        table.add_column(col, justify="left" if i in (2, 5) else "right")
    for row in rows:
        place = f"{row.place}=" if row.shared else str(row.place)
        table.add_row(
            place,
            str(row.player.number),
            row.player.name,
            " + ".join(str(s) for s in row.scores),
            str(row.total),
            " ".join(str(s) for s in row.best[:5]),
            f"{row.percent:.1f}",
            "" if row.lot is None else str(row.lot),
        )
    console.print(table)
    if any(r.shared for r in rows):
        console.print(f"[dim]{tr(CLI, 'exaequo')}[/]", soft_wrap=True)


@_command("lots", "losowanie")
def lots(file: str = FileOption) -> None:
    """Losowanie kolejności na miejscach ex aequo (II.16). / Draw lots for shared places."""
    from plansza.duplicate.standings import draw_lots

    ch = _load(file)
    with referee_errors():
        drawn = draw_lots(ch)
    _save(ch, file)
    for place, order in drawn.items():
        names = " → ".join(ch.players[p].name for p in order)
        console.print(tr(CLI, "lots_drawn", place=place, names=names), soft_wrap=True)


@_command("export", "eksport")
def export(
    file: str = FileOption,
    output: str = typer.Option("-", "--output", "-o", help="Plik wynikowy (- = ekran) / output"),
    fmt: str = typer.Option("json", "--format", help="json albo txt / json or txt"),
) -> None:
    """Pełny zapis mistrzostw: stojaki, losowania, ruchy zwycięskie, karty, tabele.
    / The full record: racks, draws, top moves, every card, standings."""
    from plansza.duplicate.report import record, text_report
    from plansza.i18n import language, translator

    ch = _load(file)
    if fmt not in ("json", "txt"):
        fail(tr(CLI, "bad_format", fmt=fmt), EXIT_INPUT)
    body = (
        json.dumps(record(ch), ensure_ascii=False, indent=1) + "\n"
        if fmt == "json"
        else text_report(ch, translator(language()))
    )
    if output == "-":
        sys.stdout.write(body)
        return
    with user_errors(EXIT_INPUT):
        Path(output).write_text(body, encoding="utf-8")
    err_console.print(tr(CLI, "exported", path=output))


@_command("show", "pokaz")
def show(file: str = FileOption) -> None:
    """Widok na rzutnik: plansza, stojak, tabela (I.6). / The projector view."""
    from plansza.cli.render import board_text, rack_text

    ch = _load(file)
    with referee_errors():
        game = ch.game
    board = game.board(ch.rules)
    move = game.open_move
    last = game.moves[-1] if game.moves else None
    highlight: set[tuple[int, int]] = set()
    if move is None and last is not None and last.choice is not None:
        before = game.board(ch.rules, upto=last.number)
        from plansza.duplicate.cards import placed_tiles

        highlight = {(r, c) for r, c, _ in placed_tiles(before, str(last.choice.candidate.play))}
    title = tr(CLI, "move_title", game=game.number, move=move.number if move else len(game.moves))
    parts: list[Any] = [board_text(board, highlight)]
    if move is not None:
        line = Text(f"{tr(CLI, 'rack')}: ")
        line.append_text(rack_text(move.rack, ch.rules.tileset))
        parts.append(line)
    else:
        parts.append(Text(tr(CLI, "no_open")))
    console.print(Panel(Group(*parts), title=title, expand=False))
    if game.moves and ch.players:
        _game_table(ch, game.number, None)


@_command("simulate", "symulacja")
def simulate(
    seed: str = typer.Option(..., "--seed", help="Ziarno losowania / draw seed"),
    lexicon: str = LexiconOption,
    as_json: bool = JsonOption,
) -> None:
    """Partia rozegrana przez program ruchami zwycięskimi. / A whole game of top moves."""
    from plansza.duplicate.simulate import simulate as run_simulation

    lex = _lexicon(lexicon, quiet=as_json)
    result = run_simulation(seed, lex)
    if as_json:
        sys.stdout.write(json.dumps(result, ensure_ascii=False, indent=1) + "\n")
        return
    table = Table(title=tr(CLI, "sim_title", seed=seed, total=result["total"]))
    for i, col in enumerate(tr(CLI, "cols_sim").split("|")):
        table.add_column(col, justify="left" if i in (1, 3) else "right")
    for m in result["moves"]:
        t = m["top"]
        table.add_row(
            str(m["n"]), m["rack"], str(m["redraws"]), t["move"] if t else "—",
            str(t["score"]) if t else "0",
        )  # fmt: skip
    console.print(table)


# The time source of the timer: module attributes, so tests replace them (no sleeping).
clock: Callable[[], float] = time.monotonic
sleep: Callable[[float], None] = time.sleep


@_command("timer", "zegar")
def timer(
    seconds: float = typer.Option(120.0, "--seconds", "-s", help="Czas ruchu (II.3) / move time"),
    file: str = FileOption,
) -> None:
    """Zegar ruchu: 2 minuty, komunikaty po minucie i na 30 s przed końcem (II.3).
    / The move clock: two minutes, announced after one minute and at the last 30 seconds."""
    from plansza.cli.render import rack_text
    from plansza.duplicate.timer import Announcement, MoveTimer, mmss, run

    if seconds <= 0:
        fail(tr(CLI, "bad_seconds", n=seconds), EXIT_INPUT)
    rack = ""
    if Path(file).is_file():
        # The rack beside the clock on the projector, when a move is open.
        try:
            from plansza.duplicate.storage import load

            ch = load(file)
            if ch.games and ch.game.open_move is not None:
                rack = ch.game.open_move.rack
        except (OSError, ValueError):
            rack = ""
    from plansza.tiles import TileSet

    mt = MoveTimer(seconds, start=clock())
    said: list[str] = []

    def view(left: float) -> Panel:
        phase = "over" if left <= 0 else "last_30" if left <= 30 else "running"
        style = {"running": "bold green", "last_30": "bold yellow", "over": "bold red"}[phase]
        parts: list[Any] = [Text(mmss(left), style=style, justify="center")]
        if rack:
            parts.append(rack_text(rack, TileSet.polish()))
        parts.extend(Text(s) for s in said[-3:])
        return Panel(Group(*parts), title=tr(CLI, "timer_title"), expand=False)

    with Live(view(seconds), console=console, auto_refresh=False, transient=False) as live:

        def on_tick(left: float, news: list[Announcement]) -> None:
            for a in news:
                said.append(tr(CLI, a.key))
                console.bell()
            live.update(view(left), refresh=True)

        try:
            run(mt, clock, sleep, on_tick)
        except KeyboardInterrupt:
            said.append(tr(CLI, "timer_stopped"))
            live.update(view(mt.remaining(clock())), refresh=True)


def _print_json(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=1) + "\n")
