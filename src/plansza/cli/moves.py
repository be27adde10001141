"""``plansza moves``: every legal placement of a rack, or the best ones.

``plansza moves --cgp CGP [--rack RACK] [--top N] [--count] [--json] [--lexicon NAME|PATH]``

The rack defaults to the rack of the player to move in the CGP. ``--count``
prints the number of legal placements; ``--json`` prints the moves best first as
``[{"move": "H8 ZORANIE", "score": 66, "words": [...]}, ...]``; otherwise a
table. Without ``--lexicon`` the CGP's ``lex`` op chooses the lexicon when plansza
knows it (:func:`plansza.cli.lexopt.choose_lexicon`). Exit codes
(:mod:`plansza.cli.common`): 0 done, 2 for a bad CGP, rack or lexicon.
"""

from __future__ import annotations

import json
import sys
from typing import TYPE_CHECKING

import typer
from rich.table import Table

from plansza.cli.common import EXIT_INPUT, console, err_console, fail, user_errors
from plansza.cli.lexopt import CgpLexiconOption, choose_lexicon
from plansza.i18n import tr

if TYPE_CHECKING:
    from plansza.movegen import MoveList

MESSAGES = {
    "no_rack": {
        "pl": "brak stojaka: podaj --rack albo stojak gracza na ruchu w CGP",
        "en": "no rack: give --rack or the rack of the player to move in the CGP",
    },
    "bad_top": {
        "pl": "--top musi być co najmniej 1, nie {n}",
        "en": "--top must be at least 1, not {n}",
    },
    # "Liczba …: n" keeps the Polish noun out of agreement with the number (1 ruch,
    # 2 ruchy, 5 ruchów).
    "count": {
        "pl": "Liczba ułożeń ze stojaka {rack}: {n}",
        "en": "Placements of the rack {rack}: {n}",
    },
    "none": {
        "pl": "brak możliwych ułożeń ze stojaka {rack}",
        "en": "no placement of the rack {rack}",
    },
    "title": {
        "pl": "Ruchy ze stojaka {rack}: {shown} z {total}",
        "en": "Moves of the rack {rack}: {shown} of {total}",
    },
    "title_top": {
        "pl": "Najlepsze ruchy ze stojaka {rack}",
        "en": "Best moves of the rack {rack}",
    },
    "rank": {"pl": "Nr", "en": "#"},
    "move": {"pl": "Ruch", "en": "Move"},
    "score": {"pl": "Pkt", "en": "Score"},
    "tiles": {"pl": "Płytki", "en": "Tiles"},
    "words": {"pl": "Słowa", "en": "Words"},
    "lexicon": {"pl": "Słownik: {name}", "en": "Lexicon: {name}"},
}

CgpOption = typer.Option(..., "--cgp", help="Pozycja w CGP / the position as CGP")
RackOption = typer.Option(
    None,
    "--rack",
    "-r",
    help="Stojak (? = blank); domyślnie gracza na ruchu / rack (? = blank); "
    "default: the player to move",
)
TopOption = typer.Option(None, "--top", "-n", help="Tylko N najlepszych / only the N best moves")
CountOption = typer.Option(
    False, "--count", help="Tylko liczba ułożeń / only the number of placements"
)
JsonOption = typer.Option(False, "--json", help="Wynik jako JSON / output as JSON")
LIMIT_TABLE = 30  # rows printed without --top: the rest is counted, not drawn


def register(app: typer.Typer) -> None:
    """Add ``moves`` (alias ``ruchy``) to the root app."""
    app.command("moves")(moves)
    app.command("ruchy", hidden=True)(moves)


def moves(
    cgp: str = CgpOption,
    rack: str = RackOption,
    top_n: int = TopOption,
    count: bool = CountOption,
    as_json: bool = JsonOption,
    lexicon: str | None = CgpLexiconOption,
) -> None:
    """Wszystkie ułożenia stojaka albo najlepsze. / Every legal placement of a rack, or the best.

    Pojedyncza płytka to jeden ruch; blank jako każda litera to osobne ruchy.
    / A single tile is one move; each blank designation is a separate move.
    """
    from plansza.cgp import parse_cgp
    from plansza.lexicon import Lexicon
    from plansza.movegen import MoveGenerator
    from plansza.rules import Rules

    if top_n is not None and top_n < 1:
        fail(tr(MESSAGES, "bad_top", n=top_n), EXIT_INPUT)
    rules = Rules.pfs()
    with user_errors():
        position = parse_cgp(cgp, rules.tileset)
        the_rack = rack if rack is not None else position.racks[0]
        the_rack = the_rack.strip()
        if not the_rack:
            fail(tr(MESSAGES, "no_rack"), EXIT_INPUT)
        lex = Lexicon.load(choose_lexicon(lexicon, position.lexicon), progress=not as_json)
        gen = MoveGenerator(lex, rules, position.board)
        listed = gen.top(the_rack, top_n) if top_n else gen.generate(the_rack)
    if count:
        n = len(listed)
        if as_json:
            console.print_json(json.dumps({"rack": the_rack, "count": n}, ensure_ascii=False))
        else:
            console.print(tr(MESSAGES, "count", n=n, rack=the_rack))
        return
    order = list(range(len(listed))) if top_n else listed.order_best_first()
    if as_json:
        out = []
        for i in order:
            m = listed[i]
            out.append({"move": str(m.play), "score": m.score, "words": list(m.words)})
        # Plain output: thousands of moves go through Rich's JSON highlighter slowly.
        # One move a line: readable, and still one JSON list.
        lines = ",\n".join(" " + json.dumps(m, ensure_ascii=False) for m in out)
        sys.stdout.write(f"[\n{lines}\n]\n" if out else "[]\n")
        return
    _table(listed, order, the_rack, bool(top_n), lex.name)


def _table(listed: MoveList, order: list[int], rack: str, is_top: bool, lex_name: str) -> None:
    err_console.print(f"[dim]{tr(MESSAGES, 'lexicon', name=lex_name)}[/]", soft_wrap=True)
    if not order:
        console.print(tr(MESSAGES, "none", rack=rack))
        return
    shown = order if is_top else order[:LIMIT_TABLE]
    title = (
        tr(MESSAGES, "title_top", rack=rack)
        if is_top
        else tr(MESSAGES, "title", rack=rack, shown=len(shown), total=len(order))
    )
    table = Table(title=title)
    table.add_column(tr(MESSAGES, "rank"), justify="right")
    table.add_column(tr(MESSAGES, "move"))
    table.add_column(tr(MESSAGES, "score"), justify="right")
    table.add_column(tr(MESSAGES, "tiles"), justify="right")
    table.add_column(tr(MESSAGES, "words"))
    for rank, i in enumerate(shown, 1):
        m = listed[i]
        table.add_row(str(rank), str(m.play), str(m.score), str(len(m.tiles)), ", ".join(m.words))
    console.print(table)
