"""What a Belgijka championship shows of its players and tables: who checks whose card
(II.9), a move's results, a game's table after a move, the championship's table
(II.15, II.16) with its lots, the projector's view, and the record.

The referee's terminal and the web's console, projector and phones read these views
(:func:`move_results` is each player's line after a move on all of them); each front
end words them in its own language. Nothing here prints or changes the file, except
:func:`draw_lots`, which records the lots drawn.

>>> from plansza.duplicate import Championship
>>> ch = Championship(seed="doc")
>>> for name in ("Ala", "Ola", "Ela"):
...     _ = ch.register(name)
>>> checking(ch)
{1: 2, 2: 1, 3: None}
>>> _ = ch.start_game()
>>> table = game_standings(ch)
>>> [(r.place, r.player.name, r.total) for r in table.rows], table.after, table.results
([(1, 'Ala', 0), (1, 'Ela', 0), (1, 'Ola', 0)], 0, [])
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import TYPE_CHECKING

from plansza.duplicate.standings import championship_table, game_table, top_total

if TYPE_CHECKING:
    from plansza.board import Board
    from plansza.duplicate import Championship
    from plansza.duplicate.game import Awarded, DuplicateGame, DuplicateMove
    from plansza.duplicate.standings import Row
    from plansza.i18n import Translator
    from plansza.tiles import TileSet


def checking(ch: Championship) -> dict[int, int | None]:
    """Who checks whose card (II.9): a table → the table whose card it checks, ``None``
    for a card the referee checks (a player without a pair)."""
    checks: dict[int, int | None] = {}
    for a, b in ch.checking_pairs():
        checks[a] = b
        if b is not None:
            checks[b] = a
    return checks


@dataclass(frozen=True)
class MoveResult:
    """One player's result for a closed move: what the console's table and the
    player's phone show of it."""

    #: The player's line of the game's table after the move (place, total, percent).
    row: Row
    #: The points for the move and why (the card's verdict, a penalty, a correction).
    awarded: Awarded
    #: Whether the player found the top move.
    top: bool


def move_results(ch: Championship, game: DuplicateGame, move: DuplicateMove) -> list[MoveResult]:
    """Every player's result for ``move`` of ``game``, in the table's order after it."""
    return [
        MoveResult(
            row, ch.awarded(row.player.number, game, move), row.player.number in move.found_top
        )
        for row in game_table(ch, game.number, move.number)
    ]


@dataclass(frozen=True)
class GameTable:
    """A game's table after a move (II.15, II.16)."""

    game: int
    #: The move the table is after (the last one played when none was asked for).
    after: int
    rows: list[Row]
    #: Each row's result for move ``after``, row by row (empty: the game has no such move).
    results: list[MoveResult]
    #: The sum of the winning moves' scores up to the move asked for.
    top_total: int
    #: How many moves the game has so far.
    moves: int


def game_standings(
    ch: Championship, game_no: int | None = None, upto: int | None = None
) -> GameTable:
    """Game ``game_no``'s table (the current game's by default) after move ``upto``
    (every move so far by default), with each player's result for that move."""
    game = ch.game if game_no is None else ch.find_game(game_no)
    last = upto if upto is not None else (game.moves[-1].number if game.moves else 0)
    move = next((m for m in game.moves if m.number == last), None)
    if move is not None:
        # The table after the last move is the table after all of them.
        results = move_results(ch, game, move)
        rows = [r.row for r in results]
    else:
        results, rows = [], game_table(ch, game.number, upto)
    return GameTable(game.number, last, rows, results, top_total(game, upto), len(game.moves))


@dataclass(frozen=True)
class ChampionshipTable:
    """The championship's table over every game (II.15, II.16)."""

    name: str
    rows: list[Row]
    #: The sum of the winning moves' scores of every game.
    top_total: int


def championship_standings(ch: Championship) -> ChampionshipTable:
    """The championship's table, the lots drawn for shared places in it."""
    return ChampionshipTable(
        ch.name, championship_table(ch), sum(top_total(g) for g in ch.games)
    )


def draw_lots(ch: Championship) -> list[tuple[int, list[str]]]:
    """Lots drawn for every shared place of the championship's table not drawn yet
    (II.16), recorded in ``ch``: each place with its players' names in the drawn order.
    Refused when no place is left to draw."""
    from plansza.duplicate.standings import draw_lots as draw

    return [(place, [ch.players[p].name for p in order]) for place, order in draw(ch).items()]


@dataclass(frozen=True)
class Projector:
    """What the projector shows (I.6): the board, the open move's rack — never its
    candidates — and the game's table."""

    game: int
    #: The open move's number, or how many moves were played when none is open.
    move: int
    board: Board
    #: The squares of the last winning move, lit between moves.
    highlight: set[tuple[int, int]]
    #: The open move's rack (None: no move is open).
    rack: str | None
    tileset: TileSet
    #: The game's table, once a move was played by registered players.
    table: GameTable | None


def projector(ch: Championship) -> Projector:
    """The projector's view of the current game."""
    from plansza.duplicate.cards import placed_tiles

    game = ch.game
    board = game.board(ch.rules)
    move = game.open_move
    last = game.moves[-1] if game.moves else None
    highlight: set[tuple[int, int]] = set()
    if move is None and last is not None and last.choice is not None:
        before = game.board(ch.rules, upto=last.number)
        highlight = {(r, c) for r, c, _ in placed_tiles(before, str(last.choice.candidate.play))}
    return Projector(
        game=game.number,
        move=move.number if move is not None else len(game.moves),
        board=board,
        highlight=highlight,
        rack=move.rack if move is not None else None,
        tileset=ch.rules.tileset,
        table=game_standings(ch, game.number) if game.moves and ch.players else None,
    )


def export(ch: Championship, fmt: str, translator: Translator) -> str:
    """The championship's full record — racks, draws, top moves, every card, the
    tables — as JSON (``fmt`` ``json``) or as a text report in ``translator``'s
    language (``txt``)."""
    from plansza.duplicate.report import record, text_report

    if fmt == "json":
        return json.dumps(record(ch), ensure_ascii=False, indent=1) + "\n"
    return text_report(ch, translator)
